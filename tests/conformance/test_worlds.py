"""Games that describe what a seat cannot tell apart as deals (``hidden_worlds``): the true position is one of
those worlds, and every determinized copy is one of them too, with the seat's knowledge unchanged."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl
from ratgames_lab.core.protocol import GameState

from .test_bots import _states


def _describes_worlds(name: str) -> bool:
    state = rl.load_game(name).new_state()
    return type(state).hidden_worlds is not GameState.hidden_worlds


WORLD_COUNTS = [(g, n) for g in sorted(rl.GAMES) if _describes_worlds(g) for n in rl.GAMES[g].players]


def test_the_card_and_token_games_describe_their_worlds():
    assert {"master_of_rules", "rattus", "rattus_cartus", "horlogerie"} <= {g for g, _ in WORLD_COUNTS}


@pytest.mark.parametrize("name,players", WORLD_COUNTS, ids=[f"{g}-{n}p" for g, n in WORLD_COUNTS])
def test_determinized_worlds_are_consistent_with_what_the_seat_knows(name, players):
    rng = random.Random(5)
    for state in _states(name, players, 11, 25):
        for p in range(players):
            worlds = state.hidden_worlds(p)
            assert worlds.contains(state.world(worlds.slots)), "the true position is not one of the seat's worlds"
            copy = state.determinize(p, rng)
            assert worlds.contains(copy.world(worlds.slots)), "determinize drew a world the seat knows is impossible"
            assert copy.observation(p) == state.observation(p)
