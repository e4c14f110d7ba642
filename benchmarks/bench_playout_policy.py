"""Benchmark: CPU time of one "what if" playout under each playout policy, for every game.

    python benchmarks/bench_playout_policy.py [--games GAME ...] [--playouts 20] [--seed 1]

For each game (its dashboard's player count) a position is reached by playing ``--moves`` random moves from a
seeded start; then ``evaluate_actions`` runs with each policy and the CPU time (``time.process_time``) is divided
by the number of playouts (legal actions × playouts). The first positions of a game are the slowest case (the
longest playouts). CPU time is less noisy than wall-clock time on a shared machine, but still noisy: run it alone.
"""
from __future__ import annotations

import argparse
import random
import time

import ratgames_lab as rl
from ratgames_lab import CHANCE
from ratgames_lab.core.analysis import POLICIES, evaluate_actions


def position(game: str, seed: int, moves: int):
    """A seeded position of ``game`` after ``moves`` random moves, with a player to move."""
    info = rl.GAMES[game]
    players = info.app_settings.get("players", max(info.players))
    state = rl.load_game(game, players=players, seed=seed).new_state()
    r = random.Random(seed)
    steps = 0
    while state.current_player == CHANCE or steps < moves:
        if state.is_terminal():
            raise RuntimeError(f"{game} ended before {moves} moves")
        state.apply(state.sample_chance(r) if state.current_player == CHANCE else r.choice(state.legal_actions()))
        steps += 1
    return state


def bench(game: str, playouts: int, seed: int, moves: int) -> dict[str, float]:
    """Milliseconds of CPU time per playout for each policy."""
    state = position(game, seed, moves)
    out = {}
    for policy in POLICIES:
        n = len(state.legal_actions()) * playouts
        start = time.process_time()
        evaluate_actions(state, playouts=playouts, seed=seed, policy=policy)
        out[policy] = (time.process_time() - start) * 1000 / n
    out["actions"] = len(state.legal_actions())
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="*", default=sorted(rl.GAMES))
    parser.add_argument("--playouts", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--moves", type=int, default=0, help="random moves played before the analysed position")
    args = parser.parse_args()
    for game in args.games:
        row = bench(game, args.playouts, args.seed, args.moves)
        print(f"{game:16s} {row['actions']:3d} actions  " + "  ".join(f"{p} {row[p]:8.2f} ms" for p in POLICIES),
              flush=True)


if __name__ == "__main__":
    main()
