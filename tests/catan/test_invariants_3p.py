"""Seeded random 3-player games: no exception, every game ends (a turn cap counts as a draw), resources,
development cards and pieces conserved, VP and special cards recomputed independently (one file per player count,
so that the two run on different workers)."""
from .invariants import check_random_games


def test_random_games():
    check_random_games(3)
