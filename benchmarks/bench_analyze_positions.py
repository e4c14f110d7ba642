"""CPU seconds of the default ``ratgames analyze`` on every shipped position, as a whole command.

    python benchmarks/bench_analyze_positions.py [--only TEXT] [--limit SECONDS]

Each position runs in its own process (``python -m ratgames_lab analyze PATH --json``, the defaults of the command),
and its CPU time (user + system, from ``resource.getrusage(RUSAGE_CHILDREN)``: comparable on a busy machine,
unlike wall-clock time) includes starting Python and loading the position, which is what a teacher waits for.
Prints a Markdown table and the positions over the limit (default 10 CPU-seconds).
"""
from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
from pathlib import Path

from bench_analysis import shipped_positions


def child_cpu() -> float:
    """CPU seconds used so far by the finished child processes."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(path: Path) -> dict:
    """CPU seconds of one default analysis, its verdict and whether the CPU limit stopped it."""
    before = child_cpu()
    done = subprocess.run([sys.executable, "-m", "ratgames_lab", "analyze", str(path), "--json"],
                          capture_output=True, text=True)
    cpu = child_cpu() - before
    data = json.loads(done.stdout) if done.returncode == 0 else {}
    verdict = data.get("verdict") or {}
    if verdict:
        kind = f"{verdict['kind']} ({verdict['reason']})"
    elif data:
        kind = "chance: " + ("rule illustration" if data.get("illustration") else "each outcome analysed")
    else:
        kind = f"exit {done.returncode}"
    return {"position": f"{path.parent.parent.name}/{path.name}", "cpu": cpu, "verdict": kind,
            "per_option": verdict.get("playouts", 0), "cpu_stopped": data.get("cpu_stopped", False)}


def main() -> None:
    """Measure and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", default="", help="only the positions whose path contains this text")
    parser.add_argument("--limit", type=float, default=10.0, help="the CPU-seconds target (default 10)")
    args = parser.parse_args()
    print("| Position | CPU-s | Verdict | Playouts per option | CPU limit hit |")
    print("|---|---|---|---|---|")
    rows = []
    for path in shipped_positions():
        if args.only not in str(path):
            continue
        r = measure(path)
        rows.append(r)
        print(f"| {r['position']} | {r['cpu']:.1f} | {r['verdict']} | {r['per_option']} | "
              f"{'yes' if r['cpu_stopped'] else ''} |", flush=True)
    over = [r["position"] for r in rows if r["cpu"] > args.limit]
    print(f"\nslowest: {max((r['cpu'] for r in rows), default=0):.1f} CPU-s; over {args.limit:g} CPU-s: "
          + (", ".join(over) if over else "none"))


if __name__ == "__main__":
    main()
