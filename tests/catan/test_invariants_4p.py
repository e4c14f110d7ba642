"""Seeded random 4-player games: no exception, every game ends (a turn cap counts as a draw), resources,
development cards and pieces conserved, VP and special cards recomputed independently."""
from .invariants import play_and_check

PLAYERS = 4
GAMES = 1000
HEAVY_EVERY = 100
EVERY_ACTION = 100  # the first games check the counts after every action, the others at each turn and event


def test_random_games():
    results = [play_and_check(PLAYERS, seed, heavy=seed % HEAVY_EVERY == 0, every_action=seed < EVERY_ACTION)
               for seed in range(GAMES)]
    winners = [w for _, _, w in results]
    draws = winners.count(-1)
    assert draws < GAMES // 8, draws  # measured: about 4% (random play is slow to reach 10 VP)
    assert len(set(winners) - {-1}) == PLAYERS
