"""Random 4-player Catan games per CPU-second: ratgames_lab.catan against catanatron, side by side.

catanatron (github.com/bcollazo/catanatron) is GPL: it is never imported by ratgames_lab. This script installs it
(PyPI ``catanatron``) into its own virtual environment under /tmp, runs each engine in its own worker process and
alternates short timed slices of both, so that the load of the machine hits both alike.

Conventions, the same for both engines: 4 random players, a randomly laid out base board, 10 VP, no trades
between players (catanatron's random players never offer any; ratgames_lab runs with ``player_trades=False``),
a cap of 1,000 turns (catanatron's TURNS_LIMIT; ``turn_cap=1000``), every action validated against the legal
actions before it is applied (catanatron's ``Game.play``; ratgames_lab's ``state.apply``, which checks legality;
a second ratgames_lab worker uses ``apply_legal``, which trusts an action taken from ``legal_actions()``; a third
plays as ``core.playout.random_playout`` does: ``apply_legal`` with the teaching event log off, ``state.quiet()``,
as in every "what if" playout and ``ratgames bench`` — catanatron still appends each action to its own list).
One difference stays: catanatron checks for a win after every action, ratgames_lab on the winner's own turn.

    python benchmarks/catanatron_compare.py [--rounds 6] [--slice 3] [--venv /tmp/ratgames_catanatron_venv]
"""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import venv
from pathlib import Path

CATANATRON = "catanatron==3.2.1"

OURS = r"""
import json, random, sys, time
from ratgames_lab.catan import Game
from ratgames_lab.core.protocol import CHANCE, TERMINAL

def play(state, rng, checked):
    steps = 0
    apply = state.apply if checked else state.apply_legal
    while (p := state.current_player) != TERMINAL:
        if p == CHANCE:  # the engine's own sample of a chance event, as catanatron rolls its own dice
            state.apply_legal(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            apply(actions[rng.randrange(len(actions))])
        steps += 1
    return steps

seed = 0
mode = sys.argv[1]
for line in sys.stdin:
    budget = float(line)
    games = actions = capped = 0
    start = time.process_time()
    while time.process_time() - start < budget:
        state = Game(4, seed=seed, layout="random", turn_cap=1000, player_trades=False).new_state()
        if mode == "playout":
            state.quiet()
        actions += play(state, random.Random(seed), mode == "checked")
        capped += state.winner < 0
        games += 1
        seed += 1
    print(json.dumps({"games": games, "actions": actions, "capped": capped, "cpu": time.process_time() - start}))
    sys.stdout.flush()
"""

THEIRS = r"""
import json, sys, time
from catanatron import Color, Game, RandomPlayer

seed = 1
for line in sys.stdin:
    budget = float(line)
    games = actions = capped = 0
    start = time.process_time()
    while time.process_time() - start < budget:
        players = [RandomPlayer(c) for c in (Color.RED, Color.BLUE, Color.WHITE, Color.ORANGE)]
        game = Game(players, seed=seed)
        winner = game.play()
        actions += len(game.state.actions)
        capped += winner is None
        games += 1
        seed += 1
    print(json.dumps({"games": games, "actions": actions, "capped": capped, "cpu": time.process_time() - start}))
    sys.stdout.flush()
"""


def ensure_venv(path: Path) -> Path:
    """A virtual environment with catanatron installed (created on first use); its python."""
    python = path / "bin" / "python"
    if not python.exists():
        venv.EnvBuilder(with_pip=True).create(path)
    check = subprocess.run([str(python), "-c", "import catanatron"], capture_output=True)
    if check.returncode:
        subprocess.run([str(python), "-m", "pip", "install", "-q", CATANATRON], check=True)
    return python


def start(python: str, source: str, *args: str) -> subprocess.Popen:
    return subprocess.Popen([python, "-c", source, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)


def ask(worker: subprocess.Popen, seconds: float) -> dict:
    worker.stdin.write(f"{seconds}\n")
    worker.stdin.flush()
    return json.loads(worker.stdout.readline())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=6, help="alternations of the engines (default 6)")
    parser.add_argument("--slice", type=float, default=3.0, help="CPU seconds per engine per round (default 3)")
    parser.add_argument("--venv", type=Path, default=Path("/tmp/ratgames_catanatron_venv"))
    args = parser.parse_args(argv)
    theirs_python = ensure_venv(args.venv)
    workers = {"ratgames_lab (validated apply)": start(sys.executable, OURS, "checked"),
               "ratgames_lab (apply_legal)": start(sys.executable, OURS, "unchecked"),
               "ratgames_lab (playout, no log)": start(sys.executable, OURS, "playout"),
               "catanatron 3.2.1": start(str(theirs_python), THEIRS)}
    totals = {name: {"games": 0, "actions": 0, "capped": 0, "cpu": 0.0} for name in workers}
    try:
        for _ in range(args.rounds):
            for name, worker in workers.items():
                for key, value in ask(worker, args.slice).items():
                    totals[name][key] += value
    finally:
        for worker in workers.values():
            worker.stdin.close()
            worker.wait()
    print(f"{'engine':32s} {'games':>6s} {'capped':>6s} {'games/CPU-s':>12s} {'µs/action':>10s} {'actions/game':>13s}")
    rate = {}
    for name, t in totals.items():
        rate[name] = t["games"] / t["cpu"]
        print(f"{name:32s} {t['games']:6d} {t['capped']:6d} {rate[name]:12.2f} {1e6 * t['cpu'] / t['actions']:10.1f} "
              f"{t['actions'] / t['games']:13.1f}")
    base = rate["catanatron 3.2.1"]
    for name in workers:
        if name != "catanatron 3.2.1":
            print(f"{name}: {rate[name] / base:.1f}x catanatron's games per CPU-second")
    return 0


if __name__ == "__main__":
    sys.exit(main())
