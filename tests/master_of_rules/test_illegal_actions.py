"""Illegal actions: each kind raises IllegalActionError naming its rule, and the state is left exactly as it was."""
from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratgames_lab as rl
from ratgames_lab import CHANCE, Action, IllegalActionError
from ratgames_lab.master_of_rules import actions as A
from ratgames_lab.master_of_rules.cards import CODES, RULES

from .helpers import action, random_state

FUZZ = settings(max_examples=150, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


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


@pytest.mark.parametrize("bad", [MoveRobber("desert"), A.PlayNumber(None), A.PlayRule(["trio"]),
                                 A.TakeNumber({"card": "R1"}), A.DrawRule(3)])
def test_foreign_or_ill_typed_actions(bad):
    game, state = fresh()
    assert_rejected(state, bad, "engine.action")


# -- fuzzing -------------------------------------------------------------------------------------------
WEIRD = [A.PlayNumber("Z9"), A.PlayRule("bogus"), A.TakeNumber(""), A.TakeRule("Trio"), A.DrawNumber("R0"),
         A.DrawRule("support-right"), A.PlayNumber(None), A.DrawRule(7), MoveRobber("desert")]
ACTION_SPACE = (A.PLAY_NUMBER + A.PLAY_RULE + [A.PLAY_NOTHING] + A.TAKE_NUMBER + A.TAKE_RULE + A.DRAW_NUMBER
                + A.DRAW_RULE + WEIRD)
KNOWN_RULES = {"engine.action", "engine.chance_node", "game.end", "deck.draw", "transaction.play_from_hand",
               "transaction.second_round", "transaction.already_played", "transaction.refill",
               "transaction.must_play"}


@FUZZ
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6), steps=st.integers(0, 330),
       candidates=st.lists(st.sampled_from(ACTION_SPACE), min_size=1, max_size=12))
def test_fuzz_any_action_is_legal_or_rejected_cleanly(players, seed, steps, candidates):
    game, state = random_state(players, seed, steps)
    legal = state.legal_actions()
    for candidate in candidates:
        before = state.to_json()
        is_legal = candidate in legal
        assert state.is_legal(candidate) == is_legal
        if is_legal:
            copy = state.clone()
            copy.apply(candidate)
            assert state.to_json() == before
        else:
            with pytest.raises(IllegalActionError) as err:
                state.apply(candidate)
            assert err.value.rule in KNOWN_RULES
            assert state.to_json() == before


@FUZZ
@given(players=st.sampled_from([3, 4, 5]), seed=st.integers(0, 10**6),
       moves=st.lists(st.tuples(st.booleans(), st.integers(0, 10**6), st.sampled_from(ACTION_SPACE)),
                      min_size=1, max_size=150))
def test_fuzz_rejected_actions_leave_no_trace(players, seed, moves):
    """Interleaving random (mostly illegal) attempts with legal moves gives the same game as the legal moves."""
    game = rl.load_game("master_of_rules", players=players, seed=seed)
    tried, clean = game.new_state(), game.new_state()
    for legal_move, pick, attempt in moves:
        if tried.is_terminal():
            break
        if legal_move:
            legal = tried.legal_actions()
            move = legal[pick % len(legal)]
            tried.apply(move)
            clean.apply(move)
        else:
            try:
                tried.apply(attempt)
                clean.apply(attempt)
            except IllegalActionError:
                pass
    assert tried.to_json() == clean.to_json()
