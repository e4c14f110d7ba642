"""1,000 seeded random 4-player games: no exception, the game ends, components conserved, winner recomputed."""
from rattus_invariants import play_and_check

PLAYERS = 4


def test_1000_random_games():
    lengths = [play_and_check(PLAYERS, seed, heavy=seed < 100) for seed in range(1000)]
    assert min(lengths) > 20
