"""What the default what-if analysis costs and what pairing saves.

    python benchmarks/bench_analysis.py [--positions] [--pairing] [--only TEXT]

``--positions`` (the default) runs the default ``ratgames analyze`` on every shipped position of every game
(``ratgames_lab/*/positions/*.json`` and ``notebooks/positions/*.json``) and prints, for each, the CPU time of the whole
command (``time.process_time``: comparable on a busy machine), the playouts spent and the verdict's kind.
``--pairing`` measures the variance reduction from common random numbers: the playouts per option needed for the
same verdict, paired (every action on the same worlds with the same seeds) against unpaired.
"""
from __future__ import annotations

import argparse
import io
import json
import time
from pathlib import Path

import ratgames_lab as rl
from ratgames_lab.cli import main as ratgames
from ratgames_lab.core.policy import playout_policy
from ratgames_lab.core.racing import Race

ROOT = Path(rl.__file__).parent


def shipped_positions() -> list[Path]:
    """Every shipped position file."""
    return sorted(ROOT.glob("*/positions/*.json")) + sorted((ROOT.parent / "notebooks" / "positions").glob("*.json"))


def default_analysis(path: Path) -> dict:
    """CPU seconds and summary of ``ratgames analyze PATH --json`` with the default settings."""
    out = io.StringIO()
    start = time.process_time()
    code = ratgames(["analyze", str(path), "--json"], stdout=out)
    cpu = time.process_time() - start
    data = json.loads(out.getvalue()) if code == 0 else {}
    verdict = data.get("verdict") or {}
    kind = verdict.get("kind") or ("chance: " + ("explained" if data.get("illustration") else "per outcome"))
    return {"position": f"{path.parent.parent.name}/{path.name}", "cpu": cpu, "exit": code, "kind": kind,
            "playouts": data.get("spent_playouts", 0), "cpu_stopped": data.get("cpu_stopped", False),
            "per_option": verdict.get("playouts", 0)}


def pairing(path: Path, seed: int = 0, limit: int = 3000) -> dict:
    """Playouts per option until the verdict, paired and unpaired (random playouts, same budget and seed)."""
    _game, state = rl.load_position(path)
    plan = playout_policy(state, "random")
    out = {"position": path.name}
    for paired in (True, False):
        race = Race(state, state.current_player, plan.play, seed, playouts=limit, paired=paired)
        start = time.process_time()
        while not race.done:
            race.step()
        out["paired" if paired else "unpaired"] = (race.verdict.kind, race.verdict.reason, race.played,
                                                   round(time.process_time() - start, 1))
    return out


PAIRING_POSITIONS = ["master_of_rules/positions/final_transaction_4p.json", "notebooks/positions/what_if_final.json",
                     "master_of_rules/positions/display_short_rules_5p.json", "rattus/positions/placement.json"]


def main() -> None:
    """Run the benchmarks asked for."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", action="store_true", help="the default analysis on every shipped position")
    parser.add_argument("--pairing", action="store_true", help="playouts needed, paired against unpaired")
    parser.add_argument("--only", default="", help="only the positions whose path contains this text")
    args = parser.parse_args()
    if args.pairing:
        for name in PAIRING_POSITIONS:
            path = (ROOT.parent / name) if name.startswith("notebooks") else ROOT / name
            if args.only in str(path):
                print(pairing(path))
    if args.positions or not args.pairing:
        worst = 0.0
        for path in shipped_positions():
            if args.only not in str(path):
                continue
            row = default_analysis(path)
            worst = max(worst, row["cpu"])
            print(f"{row['position']:48s} {row['cpu']:5.1f} CPU-s  exit {row['exit']}  {row['kind']:22s} "
                  f"{row['playouts']:7d} playouts ({row['per_option']} per option)"
                  + ("  [CPU limit]" if row["cpu_stopped"] else ""), flush=True)
        print(f"slowest: {worst:.1f} CPU-s")


if __name__ == "__main__":
    main()
