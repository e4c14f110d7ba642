"""Illegal actions raise IllegalActionError naming the rule, and the state is unchanged."""
from __future__ import annotations

import pytest

from ratgames_lab import IllegalActionError
from ratgames_lab.rattus_cartus.scenarios import new_game_state, set_hand, stack_buildings

from .helpers import USE, Enter, Look, PlaceCard, PLAY_PASS, Support, draw_any, reveal, task

TENT_GAME = ["farm", "administration", "monastery", "castle", "treasury", "tent"]


def refused(s, action, rule: str) -> IllegalActionError:
    before = s.to_json()
    assert not s.is_legal(action)
    with pytest.raises(IllegalActionError) as exc:
        s.apply(action)
    assert exc.value.rule == rule
    assert s.to_json() == before
    return exc.value


def round_one(players=3, hands=None, row=("monastery-S2", "tent-S5")):
    s = new_game_state(players, seed=21, first_player=0, buildings=TENT_GAME)
    for p, cards in (hands or {}).items():
        set_hand(s, p, cards)
    stack_buildings(s, list(row))
    reveal(s, *row)
    return s


def test_gold_may_not_be_placed_in_a_building():
    s = round_one(hands={0: ["gold", "peasantry-01"]})
    while task(s) != "visit":
        s.apply(Support(0))
    s.apply(Enter(0, 1))
    err = refused(s, PlaceCard("gold"), "visit.place")
    assert "Gold" in err.reason


def test_announcing_more_cards_than_non_gold_hand_cards_is_illegal():
    s = round_one(hands={0: ["gold", "peasantry-01"]})
    while task(s) != "visit":
        s.apply(Support(0))
    refused(s, Enter(0, 2), "visit.announce")


def test_pass_without_a_pass_in_hand():
    s = round_one(hands={0: ["peasantry-01"]})
    while task(s) != "visit":
        s.apply(Support(0))
    err = refused(s, PLAY_PASS, "visit.pass")
    assert "no Pass" in err.reason


def test_pass_when_everyone_else_has_entered():
    s = round_one(players=2, hands={0: ["peasantry-01"], 1: ["pass"]})
    while task(s) != "visit":
        s.apply(Support(0))
    s.apply(Enter(0, 0))
    err = refused(s, PLAY_PASS, "visit.pass")
    assert "another player" in err.reason


def test_a_second_support_action_is_illegal():
    s = round_one(players=2)
    s.apply(Support(0))
    s.apply(Support(0))
    assert task(s) == "visit"
    refused(s, Support(1), "support.once")


def test_a_look_at_a_position_already_chosen_in_the_same_privilege():
    s = round_one(players=3, hands={0: ["magic-01"]}, row=("tent-S2", "monastery-S2"))
    while task(s) != "visit":
        s.apply(Support(0))
    s.apply(Enter(0, 1))
    s.apply(PlaceCard("magic-01"))
    s.apply(Enter(1, 0))
    s.apply(Enter(1, 0))
    assert task(s) == "offer" and s.current_player == 0
    s.apply(USE)
    s.apply(Look(2))
    err = refused(s, Look(2), "building.tent")
    assert "different" in err.reason
    refused(s, Look(7), "look")


def test_decisions_out_of_turn_and_chance_outcomes_are_refused():
    s = round_one(players=2)
    refused(s, Enter(0, 0), "support")
    from .helpers import DrawCard, RevealBuilding
    refused(s, DrawCard("magic-01"), "engine.chance")
    s2 = new_game_state(2, seed=3)
    refused(s2, Support(0), "engine.chance")
    gone = next(b for b in s2.comp.buildings.card_ids if s2.comp.building_index[b] not in s2.bdeck)
    refused(s2, RevealBuilding(gone), "draw")


def test_game_over_refuses_everything():
    import random
    s = new_game_state(2, seed=2)
    rng = random.Random(2)
    while not s.is_terminal():
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
    refused(s, Support(0), "game.end")
