"""The loader accepts only positions the rules can reach (T3-1): nobody refills in the final transaction, and a
refilling player's hand has room for the card taken; each refusal names the field."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl


def _refilling(players: int = 4, seed: int = 3):
    """A seeded game's first refill step, as (game, position JSON)."""
    game = rl.load_game("master_of_rules", players=players, seed=seed)
    state, rng = game.new_state(), random.Random(seed)
    while state.phase != "refill":
        state.apply(state.sample_chance(rng) if state.current_player == rl.CHANCE else rng.choice(state.legal_actions()))
    return game, state


def _in_final_transaction(data: dict, transactions: int, players: int) -> dict:
    """The same table moved to the final transaction (the same first player)."""
    shift = transactions - 1 - data["transaction"]
    return {**data, "transaction": transactions - 1, "start_player": (data["start_player"] - shift) % players}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_a_refill_in_the_final_transaction_is_refused(players):
    game, state = _refilling(players)
    game.state_from_json(state.to_json())  # the refill itself is a reachable position
    data = _in_final_transaction(state.to_json(), state.transactions, players)
    with pytest.raises(rl.InvalidPositionError) as err:
        game.state_from_json(data)
    assert err.value.field == "phase" and "final transaction" in err.value.reason


def test_a_refill_into_a_full_hand_is_refused():
    game, state = _refilling()
    data = state.to_json()
    p = state.turn_order()[state.turn]
    hand = data["hands"][p]["numbers"]
    extra = data["decks"]["numbers"][:4 - len(hand)]  # a full hand of 4: the refill would make it 5
    assert extra
    data["hands"][p]["numbers"] = hand + extra
    data["decks"]["numbers"] = data["decks"]["numbers"][len(extra):]
    with pytest.raises(rl.InvalidPositionError) as err:
        game.state_from_json(data)
    assert err.value.field == f"hands[{p}].numbers" and "refilling" in err.value.reason
