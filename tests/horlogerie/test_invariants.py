"""Seeded random games for every player count: no exception, every game ends, cards conserved, scores recomputed."""
import pytest

from .invariants import play_and_check

GAMES = 400  # per player count (2,000 games in all), sized for the CI budget (the first 3
# games also check the JSON conservation after every action and observations every 16 actions)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_games(players):
    lengths = [play_and_check(players, seed, heavy=seed < 3) for seed in range(GAMES)]
    assert min(lengths) > 20
