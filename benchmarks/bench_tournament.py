"""What a tournament's safety costs: games per CPU-second of `simulate` (shipped bots, no checks) against a
tournament of the same bots (each decision checked and timed, the view handed to a wrapper), and a student's
plain-function bot; optionally on a local Dask cluster.

    python benchmarks/bench_tournament.py [GAME] [--games N] [--cluster WORKERS]

CPU time of this process (time.process_time); a cluster run reports wall time too, since its work is in the
workers.
"""
from __future__ import annotations

import argparse
import time

from ratgames_lab.core.simulate import simulate_games
from ratgames_lab.core.tournament import run_tournament


def first_legal(view, legal_actions, rng):
    """A student's first bot."""
    return legal_actions[0]


def measure(label: str, run, games: int) -> None:
    cpu, wall = time.process_time(), time.perf_counter()
    run()
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(f"{label:48s} {games / cpu:8.1f} games per CPU-second  ({cpu:.2f} CPU s, {wall:.2f} s wall)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", nargs="?", default="master_of_rules")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--cluster", type=int, default=0, help="also run on a local Dask cluster of N workers")
    args = parser.parse_args()
    bots = ["random", "random", "random"]
    n = args.games
    measure("simulate, 3 random bots", lambda: simulate_games(args.game, 3, n, seed=1, bots=bots), n)
    measure("tournament, 3 random bots (checked, timed)",
            lambda: run_tournament(args.game, bots, n, seed=1, players=3), n)
    measure("tournament, a student's function + 2 random",
            lambda: run_tournament(args.game, [first_legal, "random", "random"], n, seed=1, players=3), n)
    measure("tournament, no time limit",
            lambda: run_tournament(args.game, bots, n, seed=1, players=3, time_limit=None), n)
    if args.cluster:
        cluster_run(args.game, bots, n, args.cluster)


def cluster_run(game: str, bots: list, n: int, workers: int) -> None:
    """The same tournament on a local Dask cluster: the CPU time is the workers' (asked from them) plus ours."""
    from dask.distributed import Client, LocalCluster
    start = time.perf_counter()
    with LocalCluster(n_workers=workers, threads_per_worker=1, dashboard_address=None, silence_logs=40) as cluster, \
            Client(cluster) as client:
        ready = time.perf_counter() - start
        before = sum(client.run(time.process_time).values()) + time.process_time()
        wall = time.perf_counter()
        run_tournament(game, bots, n, seed=1, players=3, scheduler=cluster.scheduler_address)
        wall = time.perf_counter() - wall
        cpu = sum(client.run(time.process_time).values()) + time.process_time() - before
    print(f"{'tournament on a local Dask cluster (' + str(workers) + ' workers)':48s} {n / cpu:8.1f} games per "
          f"CPU-second  ({cpu:.2f} CPU s in all, {wall:.2f} s wall; cluster start {ready:.1f} s)")


if __name__ == "__main__":
    main()
