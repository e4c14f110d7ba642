"""Simulations and tournaments on a Dask cluster (a local cluster of 2 worker processes) give exactly the local
results: every game is seeded by its index, wherever it runs."""
from __future__ import annotations

import pytest

from ratgames_lab.core.simulate import simulate_games
from ratgames_lab.core.tournament import run_tournament

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def scheduler():
    """The address of a local Dask cluster of 2 worker processes (as a cluster's address is given)."""
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None,
                                  silence_logs=40) as cluster:
        yield cluster.scheduler_address


def careful(view, legal_actions, rng):
    """A student's bot defined in the test module: Dask ships it to the workers (cloudpickle)."""
    return legal_actions[len(legal_actions) // 2]


def test_local_cluster_equals_local_run(scheduler):
    here = run_tournament("master_of_rules", [careful, "heuristic", "random"], games=9, seed=4)
    there = run_tournament("master_of_rules", [careful, "heuristic", "random"], games=9, seed=4,
                           scheduler=scheduler)
    assert there.records == here.records and there.table() == here.table()
    local = simulate_games("rattus", 3, 30, seed=9, bots=["heuristic", "random", "random"])
    cluster = simulate_games("rattus", 3, 30, seed=9, bots=["heuristic", "random", "random"], scheduler=scheduler)
    assert cluster.to_json() == local.to_json()


def test_an_unreachable_scheduler_is_one_error_line(capsys):
    from ratgames_lab.cli import main
    assert main(["simulate", "rattus", "--games", "2", "--scheduler", "tcp://127.0.0.1:9"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("ratgames: error: could not start or reach the Dask scheduler")
