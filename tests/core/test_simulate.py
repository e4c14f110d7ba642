"""simulate_games: seeded batches of games with bots, the same totals on one process or two."""
from __future__ import annotations

import pytest

from ratgames_lab.core.bench import bench
from ratgames_lab.core.simulate import simulate_games


@pytest.mark.parametrize("players", [3, 5])
def test_two_processes_give_the_same_result_as_one(players):
    one = simulate_games("master_of_rules", players, games=24, seed=5)
    two = simulate_games("master_of_rules", players, games=24, seed=5, processes=2)
    assert one == two
    assert sum(one.wins) == pytest.approx(24)  # every game has a winner (shared wins split)
    assert len(one.lengths) == 24 and one.mean_length == sum(one.lengths) / 24
    assert sum(one.win_rates()) == pytest.approx(1.0)
    assert one.to_json()["games"] == 24


def test_seed_changes_the_games():
    a = simulate_games("master_of_rules", 4, games=10, seed=1)
    assert a == simulate_games("master_of_rules", 4, games=10, seed=1)
    assert a.lengths != simulate_games("master_of_rules", 4, games=10, seed=2).lengths or \
        a.mean_scores != simulate_games("master_of_rules", 4, games=10, seed=2).mean_scores


def test_bots_are_validated():
    with pytest.raises(ValueError, match="'genius'"):
        simulate_games("master_of_rules", 3, games=1, bots=["genius"])
    with pytest.raises(ValueError, match="need 3 bots"):
        simulate_games("master_of_rules", 3, games=1, bots=["random", "random"])
    result = simulate_games("master_of_rules", 3, games=2, bots=["random"])
    assert result.bots == ["random"] * 3


def test_bench_counts_games_and_actions():
    result = bench("master_of_rules", 4, seconds=0.01)
    assert result.games >= 1 and result.actions >= 200 * result.games
    assert "master_of_rules" in result.line()
