"""Illegal actions raise IllegalActionError naming the rule, and the state's JSON is left unchanged."""
from __future__ import annotations

import dataclasses
import random

import pytest

import ratgames_lab as rl
from ratgames_lab import Action
from ratgames_lab.horlogerie import Game
from ratgames_lab.horlogerie.actions import (DRAW, DRAW_RECRUITS, END_DISCOVER, END_REST, STOP, Buy, ChooseRecruit,
                                             DeckCard, DiscardCard, GiveFind, KeepCard, MissionCard, UseAmulet,
                                             UseCompass, UseSpyglass, Wound)
from ratgames_lab.horlogerie.explain import explain

from .helpers import D, E, arrange, assert_rejected, danger, explore
from .test_scenarios import GRID_ONE, GRID_TIE


@dataclasses.dataclass(frozen=True)
class MoveRobber(Action):
    """An action of another game."""

    to: str
    kind = "move_robber"


def test_drawing_after_a_perfect_hit():
    s = arrange(3, grid=GRID_TIE)
    explore(s, "S1", "S5")
    assert s.step == "reward"
    assert_rejected(s, DRAW, "explore.perfect")
    assert_rejected(s, STOP, "explore.perfect")
    s.apply(GiveFind("M3"))
    danger(s, "S2", "S4", stop=False)  # a perfect danger (6): the drawer must stop
    assert s.danger_result == "perfect"
    while s.step == "reward":
        s.apply(s.legal_actions()[0])
    assert s.step == "wounds"
    assert_rejected(s, DRAW, "danger.perfect")


def test_buying_with_the_wrong_terrain_or_too_little():
    s = arrange(2, step="discover", hands=[["S5", "R1", "R2", "J4"], []], grid=GRID_ONE)
    assert_rejected(s, Buy("M1", ("R2",)), "discover.payment")  # S3 paid with a River card
    assert_rejected(s, Buy("M1", ("J4",)), "discover.payment")
    assert_rejected(s, Buy("M8", ("R1", "R2")), "discover.payment")  # R5 needs 5, not 3
    assert_rejected(s, Buy("M1", ("S5", "R1")), "discover.payment")  # R1 is not needed
    assert_rejected(s, Buy("M1", ("S4",)), "discover.payment")  # not in hand
    assert_rejected(s, Buy("M6", ("R1", "R2")), "discover.visible")  # not in the grid
    assert_rejected(s, Buy("M34", ("S5",)), "discover.payment")  # the Collector needs values 1 to 5
    assert_rejected(s, Buy("M35", ("S5",)), "discover.payment")
    assert "terrain" in explain(s, Buy("M1", ("R2",))).reason


def test_keeping_more_than_the_carry_limit():
    hand = ["S1", "S1", "S2", "R1", "R2", "J1", "J1", "J2", "J3"]
    s = arrange(2, teams=[["Porter", "Porter", "Guard"], ["Artisan", "Guard", "Guard"]], hands=[hand, []],
                finds=[["M19"], []])
    assert s.step == "load" and s.load(0) == 12 and s.carry(0) == 10
    for bad in (DRAW, DRAW_RECRUITS, END_DISCOVER, END_REST, Buy("M1", ("S1", "S2"))):
        assert_rejected(s, bad, "prepare.encumbrance")
    assert_rejected(s, DiscardCard("S5"), "prepare.encumbrance")


def test_using_a_tapped_find():
    s = arrange(2, finds=[["M4", "M3"], []], tapped=[[1, 1], []])
    assert s.legal_actions() == [DRAW]
    assert_rejected(s, UseCompass("M4"), "power.tapped")
    assert_rejected(s, UseSpyglass("M3", E), "power.tapped")
    assert_rejected(s, UseCompass("M3"), "power.compass")  # a Spyglass is not a Compass
    assert_rejected(s, UseCompass("M9"), "power.owner")


def test_powers_outside_their_decision_points():
    s = arrange(2, finds=[["M2"], ["M4"]], grid=GRID_ONE)
    assert_rejected(s, UseAmulet("M2"), "power.amulet")
    explore(s, "S2")
    assert s.current_player == 1
    assert_rejected(s, UseCompass("M4"), "power.compass")  # only the explorer, in the Exploration phase
    assert_rejected(s, UseSpyglass("M4", "hand"), "power.spyglass")
    assert_rejected(s, Wound(0), "explore.wounds")
    assert_rejected(s, KeepCard("S2"), "explore.discovery")
    assert_rejected(s, ChooseRecruit("Scout"), "recruit.corruption")


def test_chance_and_decisions_are_not_mixed():
    s = arrange(2)
    assert_rejected(s, DeckCard(E, "S1"), "engine.chance_node")
    assert_rejected(s, MoveRobber("Gallia"), "engine.action")
    s.apply(DRAW)
    assert_rejected(s, STOP, "engine.chance_node")
    assert_rejected(s, DeckCard(D, "S1"), "explore.draw")
    assert_rejected(s, MissionCard("M1"), "explore.draw")


def test_nothing_is_legal_after_the_end():
    s = arrange(2, active=1, first=0, step="rest", ending="score")
    assert s.is_terminal() and s.legal_actions() == []
    with pytest.raises(rl.IllegalActionError):
        s.apply(DRAW)


def test_random_illegal_actions_leave_the_state_unchanged():
    """Every action of the codec's kinds that is not legal is refused without a change, all game long."""
    game = Game(players=3, seed=5)
    s = game.new_state()
    rng = random.Random(5)
    pool = [DRAW, STOP, DRAW_RECRUITS, END_DISCOVER, END_REST, UseCompass("M1"), UseAmulet("M2"), Wound(2),
            KeepCard("S1"), GiveFind("M1"), Buy("M1", ("S3",)), DeckCard(E, "S1"), MissionCard("M5")]
    steps = 0
    while not s.is_terminal() and steps < 400:
        legal = s.legal_actions()
        for bad in pool:
            if bad not in legal:
                before = s.to_json()
                with pytest.raises(rl.IllegalActionError) as err:
                    s.apply(bad)
                assert err.value.rule and s.to_json() == before
        s.apply(s.sample_chance(rng) if s.current_player == rl.CHANCE else legal[rng.randrange(len(legal))])
        steps += 1
