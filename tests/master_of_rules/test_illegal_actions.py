"""Illegal actions: each kind raises IllegalActionError naming its rule, and the state is left exactly as it was."""
from __future__ import annotations

import dataclasses

import pytest

import ratgames_lab as rl
from ratgames_lab import CHANCE, Action, IllegalActionError
from ratgames_lab.master_of_rules import actions as A
from ratgames_lab.master_of_rules.cards import CODES, RULES

from .helpers import action


@dataclasses.dataclass(frozen=True)
class MoveRobber(Action):
    """An action of another game."""

    to: str
    kind = "move_robber"


def assert_rejected(state, bad, rule: str) -> None:
    """``bad`` raises IllegalActionError naming ``rule``, through apply() and check(), changing nothing."""
    before = state.to_json()
    for attempt in (state.apply, state.check):
        with pytest.raises(IllegalActionError) as err:
            attempt(bad)
        assert err.value.rule == rule, (bad, err.value)
        assert state.to_json() == before
    assert not state.is_legal(bad)


def fresh(players: int = 5, seed: int = 3):
    game = rl.load_game("master_of_rules", players=players, seed=seed)
    return game, game.new_state()


def test_card_not_in_hand():
    game, state = fresh()
    p = state.current_player
    hand = state.to_json()["hands"][p]
    other_number = next(c for c in CODES if c not in hand["numbers"])
    assert_rejected(state, action(game, "play_number", other_number), "transaction.play_from_hand")
    other_rule = next(r for r in RULES if r not in hand["rules"])
    assert_rejected(state, action(game, "play_rule", other_rule), "transaction.play_from_hand")
    assert_rejected(state, A.PlayNumber("Z0"), "transaction.play_from_hand")
    assert_rejected(state, A.PlayRule("joker"), "transaction.play_from_hand")


def test_wrong_type_in_the_second_round(mor_position):
    game, state, _ = mor_position("limit_23_sum_23")  # Player 5 opened with a Rule card
    assert_rejected(state, action(game, "play_rule", "support_right"), "transaction.second_round")
    game, state, _ = mor_position("only_one")  # Player 5 opened with a Rule card too
    assert_rejected(state, action(game, "play_rule", "trio"), "transaction.second_round")
    game, state, _ = mor_position("best_of_the_best_purple")  # Player 5 opened with a Number card
    assert_rejected(state, action(game, "play_number", "G3"), "transaction.second_round")


def test_already_played_rule_while_holding_a_fresh_one(mor_position):
    game, state, _ = mor_position("dummy_rule_already_played_3p")
    state.apply(action(game, "draw_number", "P5"))
    state.apply(action(game, "draw_rule", "trio"))
    assert_rejected(state, action(game, "play_rule", "trio"), "transaction.already_played")
    game, state, _ = mor_position("best_of_the_best_tie")  # Player 5 holds Trio, Only One and Limit 23
    assert_rejected(state, action(game, "play_rule", "limit_23"), "transaction.already_played")


def test_refill_with_the_wrong_type_or_a_card_not_in_the_display():
    game, state = fresh()
    p = state.current_player
    state.apply(action(game, "play_number", state.to_json()["hands"][p]["numbers"][0]))
    assert state.phase == "refill" and state.current_player == p
    display = state.to_json()["display"]
    assert_rejected(state, action(game, "take_rule", display["rules"][0]), "transaction.refill")
    missing = next(c for c in CODES if c not in display["numbers"])
    assert_rejected(state, action(game, "take_number", missing), "transaction.refill")
    assert_rejected(state, action(game, "play_number", state.to_json()["hands"][p]["numbers"][0]),
                    "transaction.refill")  # play again instead of refilling
    # and the other way round: a Rule card was played, a Number card is taken
    game, state = fresh(seed=4)
    p = state.current_player
    state.apply(action(game, "play_rule", state.to_json()["hands"][p]["rules"][0]))
    if state.phase == "refill":
        assert_rejected(state, action(game, "take_number", state.to_json()["display"]["numbers"][0]),
                        "transaction.refill")


def test_take_before_playing():
    game, state = fresh()
    assert_rejected(state, action(game, "take_number", state.to_json()["display"]["numbers"][0]), "transaction.refill")


def test_play_nothing_while_holding_a_card():
    game, state = fresh()
    assert_rejected(state, A.PLAY_NOTHING, "transaction.must_play")


def test_draw_at_a_player_node():
    game, state = fresh()
    deck = state.to_json()["decks"]
    assert_rejected(state, action(game, "draw_number", deck["numbers"][0]), "engine.chance_node")
    assert_rejected(state, action(game, "draw_rule", deck["rules"][0]), "engine.chance_node")


def test_play_at_a_chance_node(mor_position):
    game, state, data = mor_position("support_right_all_3p")
    assert state.current_player == CHANCE
    assert_rejected(state, action(game, "play_number", data["hands"][0]["numbers"][0]), "engine.chance_node")
    assert_rejected(state, action(game, "take_rule", "trio"), "engine.chance_node")
    assert_rejected(state, action(game, "draw_rule", "trio"), "engine.chance_node")  # a Number card is due
    assert_rejected(state, action(game, "draw_number", data["hands"][0]["numbers"][0]), "deck.draw")


def test_action_after_the_game_ended(mor_position):
    game, state, _ = mor_position("final_judging_4p")
    state.apply(action(game, "play_rule", "trio"))
    assert state.is_terminal() and state.legal_actions() == []
    assert_rejected(state, action(game, "play_rule", "trio"), "game.end")
    assert_rejected(state, action(game, "draw_number", "R1"), "game.end")


@pytest.mark.parametrize("bad", ["play_number R7", {"kind": "play_number", "card": "R7"}, None, 42, ("R7",)])
def test_non_action_objects(bad):
    game, state = fresh()
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(bad)
    assert err.value.rule == "engine.action"
    assert state.to_json() == before


def _unchecked(cls, value):
    """An ill-typed action built around the dataclass constructor (as a buggy caller could)."""
    action = object.__new__(cls)
    object.__setattr__(action, dataclasses.fields(cls)[0].name, value)
    return action


ILL_TYPED = [(A.PlayNumber, None), (A.PlayRule, ["trio"]), (A.TakeNumber, {"card": "R1"}), (A.DrawRule, 3)]


@pytest.mark.parametrize("cls, value", ILL_TYPED)
def test_ill_typed_actions_are_refused_at_construction(cls, value):
    with pytest.raises(IllegalActionError) as err:
        cls(value)
    assert err.value.rule == "engine.action"


@pytest.mark.parametrize("bad", [MoveRobber("desert")] + [_unchecked(cls, value) for cls, value in ILL_TYPED])
def test_foreign_or_ill_typed_actions(bad):
    game, state = fresh()
    assert_rejected(state, bad, "engine.action")
