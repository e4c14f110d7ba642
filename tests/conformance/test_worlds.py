"""Games that describe what a seat cannot tell apart as deals (``hidden_worlds``): the true position is one of
those worlds, and every determinized copy is one of them too, with the seat's knowledge unchanged."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl
from ratgames_lab.core.protocol import GameState

from .test_bots import _states


def _describes_worlds(name: str, options: dict) -> bool:
    state = rl.load_game(name, **options).new_state()
    return type(state).hidden_worlds is not GameState.hidden_worlds


WORLD_CASES = [(g, n, o, f"{g}-{label}" if label else g) for g in sorted(rl.GAMES)
               for label, o in rl.GAMES[g].configurations() if _describes_worlds(g, o) for n in rl.GAMES[g].players]
WORLD_COUNTS = [(g, n, o) for g, n, o, _ in WORLD_CASES]


def test_the_card_and_token_games_describe_their_worlds():
    assert {"master_of_rules", "rattus", "rattus_cartus", "horlogerie"} <= {g for g, _, _ in WORLD_COUNTS}


@pytest.mark.parametrize("name,players,options", WORLD_COUNTS,
                         ids=[f"{label}-{n}p" for _, n, _, label in WORLD_CASES])
def test_determinized_worlds_are_consistent_with_what_the_seat_knows(name, players, options):
    rng = random.Random(5)
    for state in _states(name, players, 11, 25, options):
        for p in range(players):
            worlds = state.hidden_worlds(p)
            assert worlds.contains(state.world(worlds.slots)), "the true position is not one of the seat's worlds"
            copy = state.determinize(p, rng)
            assert worlds.contains(copy.world(worlds.slots)), "determinize drew a world the seat knows is impossible"
            assert copy.observation(p) == state.observation(p)
