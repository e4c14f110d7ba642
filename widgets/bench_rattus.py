"""Benchmark: milliseconds of a Rattus dashboard update after a click (target: well under 100 ms).

    python3 -m ratgames_lab.widgets.bench_rattus [--games 3] [--seed 1]

Each human decision is played once by a click on the map (when a region click decides it) and once by its button
(alternating), then timed from the click to the redrawn map, panels, log, buttons and history; bot moves are played
in between without timing. The risk map is on for half of the clicks (it is recomputed for every new position).
The exact odds tab is computed on demand only, timed separately.
"""
from __future__ import annotations

import argparse
import statistics
import time

from .common.dashboard import LOG_TAB, ODDS_TAB
from .rattus import RattusDashboard


def bench(games: int = 3, seed: int = 1, odds_samples: int = 5) -> dict:
    """Time every human click of ``games`` seeded games; returns the timings in milliseconds."""
    clicks: list[float] = []
    regions: list[float] = []
    odds: list[float] = []
    for g in range(games):
        d = RattusDashboard(players=4, seed=seed + g, seats=["human", "heuristic", "heuristic", "heuristic"],
                            bot_delay=0, auto=False)
        d.tabs.selected_index = LOG_TAB
        d.advance_bots()
        n = 0
        while not d.state.is_terminal():
            d.risk_toggle.value = n % 4 < 2
            targets, _ = d.map_targets()
            mode = d.map_mode
            start = time.perf_counter()
            if targets and mode not in ("knight", "monk", "merchant", "reveal") and n % 2 == 0:
                d.click_region(targets[-1])
                regions.append((time.perf_counter() - start) * 1000)
            else:
                d.decision.buttons[-1].click()
                clicks.append((time.perf_counter() - start) * 1000)
            n += 1
            d.advance_bots()
            if len(odds) < odds_samples and d.state.current_player == 0 and d.state.step == "main":
                start = time.perf_counter()
                d.tabs.selected_index = ODDS_TAB
                odds.append((time.perf_counter() - start) * 1000)
                d.tabs.selected_index = LOG_TAB
    return {"clicks": clicks, "regions": regions, "odds": odds}


def main(argv: list[str] | None = None) -> None:
    """Print mean / max milliseconds per dashboard update after a button click and after a region click."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = bench(args.games, args.seed)
    for name, label in (("clicks", "button click"), ("regions", "region click on the map")):
        c = result[name]
        if c:
            print(f"Rattus dashboard update after a {label}: mean {statistics.mean(c):.1f} ms, "
                  f"median {statistics.median(c):.1f} ms, max {max(c):.1f} ms over {len(c)} clicks "
                  f"({args.games} games; target < 100 ms)")
    if result["odds"]:
        o = result["odds"]
        print(f"Odds tab (on demand): mean {statistics.mean(o):.0f} ms, max {max(o):.0f} ms over {len(o)} positions")


if __name__ == "__main__":
    main()
