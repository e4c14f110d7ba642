"""determinize(player, rng): the player's own hand and every public card stay, the hidden cards are redealt
from what that player cannot see, all cards are conserved, and the result depends only on public information."""
from __future__ import annotations

import random

import pytest

from .helpers import all_cards, hidden_swap, position


@pytest.mark.parametrize("players, seed, steps", [(3, 1, 0), (4, 2, 37), (5, 3, 101), (3, 4, 180), (4, 5, 230)])
def test_determinize_keeps_what_the_player_knows(players, seed, steps):
    game, state = position(players, seed, steps)
    data = state.to_json()
    viewer = state.current_player if state.current_player >= 0 else 0
    seen_hands = set()
    for k in range(20):
        d = state.determinize(viewer, random.Random(k)).to_json()
        assert d["hands"][viewer] == data["hands"][viewer]
        for key in ("known_in_hands", "display", "discards", "table", "kept", "phase", "turn", "round",
                    "transaction", "first_round", "refill_type", "events"):
            assert d[key] == data[key], key
        for q in range(players):
            assert len(d["hands"][q]["numbers"]) == len(data["hands"][q]["numbers"])
            assert len(d["hands"][q]["rules"]) == len(data["hands"][q]["rules"])
            assert set(d["known_in_hands"][q]["numbers"]) <= set(d["hands"][q]["numbers"])
        assert len(d["decks"]["numbers"]) == len(data["decks"]["numbers"])
        assert all_cards(d) == all_cards(data)  # conserved: the same 45 + 60 cards
        game.state_from_json(d)  # and a valid position
        seen_hands.add(tuple((tuple(h["numbers"]), tuple(h["rules"])) for q, h in enumerate(d["hands"]) if q != viewer))
    hidden = sum(len(h["numbers"]) + len(h["rules"]) - len(k["numbers"]) - len(k["rules"])
                 for q, (h, k) in enumerate(zip(data["hands"], data["known_in_hands"])) if q != viewer)
    if hidden:
        assert len(seen_hands) > 1  # the hidden cards really are redealt
    else:  # late in a game every card in hand may have come from the display: nothing is hidden
        assert state.determinize(viewer, random.Random(0)).to_json() == data


@pytest.mark.parametrize("players, seed, steps", [(3, 6, 10), (4, 7, 55), (5, 8, 30)])
def test_determinize_depends_only_on_public_information(players, seed, steps):
    game, state = position(players, seed, steps)
    viewer = state.current_player if state.current_player >= 0 else 0
    twin = hidden_swap(game, state, viewer)
    assert twin.to_json() != state.to_json()
    assert twin.observation(viewer) == state.observation(viewer)
    for k in range(5):
        assert state.determinize(viewer, random.Random(k)).to_json() == \
            twin.determinize(viewer, random.Random(k)).to_json()
