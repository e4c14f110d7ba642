"""Check the default what-if verdict against exact answers.

    python benchmarks/validate_verdicts.py [--seeds N] [--playouts N] [--pairing] [--only TEXT]

The positions are in ``benchmarks/validation/*.json``: decisions near the end of games, each with the exact win
probability of every action, enumerated by ``benchmarks/validation/exact.py`` (the rules engine's exact chance
outcomes; no playouts, no analysis code). For each position and seed, the default analysis
(``evaluate_actions``: random playouts, confidence 95%, resolution 2 points, at most 2000 playouts per option, no CPU
limit so that the result is the same on every computer) gives a verdict, judged against the exact values:

"wrong" (it says something false), "best below resolution" (a true best whose exact lead is under the
resolution, where the issue asks for "too close"), "missed" ("too close" with the budget spent although the exact
lead exceeds the resolution: undecided, not wrong) or "right": see ``ratgames_lab.core.verdict_check.judge``. At
most 1 − confidence of verdicts may be wrong.

``--pairing`` also runs every race unpaired (each option on its own worlds and seeds) with a larger budget and
compares the playouts each needs to reach the same verdict.
"""
from __future__ import annotations

import argparse
import json
import time
from fractions import Fraction
from pathlib import Path

import ratgames_lab as rl
from ratgames_lab.core.analysis import CONFIDENCE, RESOLUTION, evaluate_actions
from ratgames_lab.core.policy import playout_policy
from ratgames_lab.core.racing import Race
from ratgames_lab.core.verdict_check import exact_gap, judge

HERE = Path(__file__).parent / "validation"
PLAYOUTS = 2000  # the default of `ratgames analyze`


def load_cases(only: str = "") -> list[dict]:
    """Every validation position (with its exact values as Fractions), in file order."""
    cases = []
    for path in sorted(HERE.glob("*.json")):
        for item in json.loads(path.read_text())["positions"]:
            if only in item["name"]:
                item["exact"] = [Fraction(a["win"]) for a in item["actions"]]
                cases.append(item)
    return cases


def state_of(case: dict):
    """The position's state, checked to list the same actions as when the exact values were computed."""
    _game, state = rl.load_position(case["position"])
    labels = [str(a) for a in state.legal_actions()]
    if labels != [a["label"] for a in case["actions"]]:
        raise ValueError(f"{case['name']}: the legal actions changed since the exact values were computed")
    return state


def run(case: dict, seed: int, playouts: int) -> tuple[str, object, float, int]:
    """(judgement, verdict, CPU seconds, playouts in all) of the default analysis with this seed."""
    state = state_of(case)
    start = time.process_time()
    ev = evaluate_actions(state, None, playouts, seed, "random")
    cpu = time.process_time() - start
    exact = dict(zip([str(a) for a in state.legal_actions()], case["exact"]))
    return judge(ev.verdict, exact), ev.verdict, cpu, ev.playouts


def rounds_to_verdict(case: dict, seed: int, paired: bool, limit: int) -> tuple[int, object]:
    """Playouts in all until the race's verdict, paired or not."""
    state = state_of(case)
    plan = playout_policy(state, "random")
    race = Race(state, state.current_player, plan.play, seed, CONFIDENCE, RESOLUTION, limit, paired=paired)
    while not race.done:
        race.step()
    return race.played, race.verdict


def main() -> None:
    """Run the validation and print the table and the totals."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=3, help="seeds per position (default 3)")
    parser.add_argument("--playouts", type=int, default=PLAYOUTS)
    parser.add_argument("--pairing", action="store_true", help="also measure paired against unpaired")
    parser.add_argument("--only", default="", help="only the positions whose name contains this text")
    args = parser.parse_args()
    cases = load_cases(args.only)
    counts: dict[str, int] = {}
    per_game: dict[str, dict[str, int]] = {}
    games = sorted({c["position"]["game"] for c in cases})
    print(f"{len(cases)} positions over {len(games)} games ({', '.join(games)}), {args.seeds} seeds each, "
          f"confidence {CONFIDENCE:.0%}, resolution {100 * RESOLUTION:g} points, at most {args.playouts} playouts "
          f"per option")
    for case in cases:
        exact = case["exact"]
        for seed in range(args.seeds):
            judgement, verdict, cpu, spent = run(case, seed, args.playouts)
            counts[judgement] = counts.get(judgement, 0) + 1
            game = per_game.setdefault(case["position"]["game"], {})
            game[judgement] = game.get(judgement, 0) + 1
            print(f"{case['name']:34s} {case['continuation']:7s} gap {100 * exact_gap(dict(enumerate(exact))):5.1f}  seed {seed}  "
                  f"{verdict.kind:5s} {verdict.reason:10s} ±{100 * verdict.margin:5.1f}  {spent:6d} playouts "
                  f"{cpu:5.1f} CPU-s  {judgement}", flush=True)
    for name, got in sorted(per_game.items()):
        positions = sum(1 for c in cases if c["position"]["game"] == name)
        print(f"{name}: {positions} positions, {sum(got.values())} verdicts; "
              + ", ".join(f"{k} {v}" for k, v in sorted(got.items())))
    total = sum(counts.values())
    wrong = counts.get("wrong", 0)
    print(f"verdicts: {total}; " + ", ".join(f"{k} {v}" for k, v in sorted(counts.items())))
    print(f"wrong: {wrong}/{total} = {wrong / max(total, 1):.1%}, allowed at most {1 - CONFIDENCE:.0%}")
    if args.pairing:
        pairing(cases, args.playouts)


def pairing(cases: list[dict], playouts: int) -> None:
    """Playouts to the same verdict, paired against unpaired (unpaired given up to 4 times the budget)."""
    paired_total = unpaired_total = same = 0
    per_game: dict[str, list[int]] = {}
    for case in cases:
        p, vp = rounds_to_verdict(case, 0, True, playouts)
        u, vu = rounds_to_verdict(case, 0, False, 4 * playouts)
        agree = (vp.kind, vp.best) == (vu.kind, vu.best) and vp.kind == "best"
        print(f"{case['name']:34s} paired {p:7d} ({vp.kind} {vp.reason})  unpaired {u:7d} ({vu.kind} {vu.reason})"
              + ("" if agree else "  [not the same 'best' verdict: left out of the ratio]"), flush=True)
        if agree:
            same += 1
            paired_total += p
            unpaired_total += u
            game = per_game.setdefault(case["position"]["game"], [0, 0, 0])
            game[0], game[1], game[2] = game[0] + 1, game[1] + p, game[2] + u
    for name, (n, pt, ut) in sorted(per_game.items()):
        print(f"{name}: same 'best' verdict on {n} positions: {pt} playouts paired, {ut} unpaired "
              f"({ut / pt:.2f}x)")
    if same:
        print(f"same 'best' verdict on {same} positions: {paired_total} playouts paired, {unpaired_total} unpaired: "
              f"unpaired needs {unpaired_total / paired_total:.2f}x as many")


if __name__ == "__main__":
    main()
