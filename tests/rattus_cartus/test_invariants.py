"""Invariants over 600 seeded random games per player count (2,400 in all) (the first 40 checked after every action)."""
from __future__ import annotations

import pytest

from .invariants import play_and_check

GAMES = 600  # sized for the CI budget
HEAVY = 40


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_end_conserve_and_score(players):
    for seed in range(GAMES):
        play_and_check(players, seed, heavy=seed < HEAVY)
