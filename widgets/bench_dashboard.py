"""Benchmark: milliseconds of a Master of Rules dashboard update after a click (target: under 100 ms).

    python3 -m ratgames_lab.widgets.bench_dashboard [--games 3] [--seed 1]

Each human click (apply the action, redraw seats, display, hand, log, buttons and history) is timed; bot moves are
played in between without timing. The exact-odds panel is computed on demand only (its tab), timed separately.
"""
from __future__ import annotations

import argparse
import statistics
import time

from .common.dashboard import LOG_TAB
from .master_of_rules import MasterOfRulesDashboard


def bench(games: int = 3, seed: int = 1, odds_samples: int = 3) -> dict:
    """Time every click of ``games`` seeded games; returns the timings in milliseconds."""
    clicks: list[float] = []
    odds: list[float] = []
    for g in range(games):
        d = MasterOfRulesDashboard(players=4, seed=seed + g, seats=["human", "heuristic", "heuristic", "heuristic"],
                                   bot_delay=0, auto=False)
        d.tabs.selected_index = LOG_TAB
        d.advance_bots()
        while not d.state.is_terminal():
            button = d.decision.buttons[0]
            start = time.perf_counter()
            button.click()
            clicks.append((time.perf_counter() - start) * 1000)
            d.advance_bots()
            if len(odds) < odds_samples and d.state.current_player == 0 and d.state.phase == "play":
                start = time.perf_counter()
                d.update_odds()
                odds.append((time.perf_counter() - start) * 1000)
    return {"clicks": clicks, "odds": odds}


def main(argv: list[str] | None = None) -> None:
    """Print mean / max milliseconds per dashboard update after a click."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    result = bench(args.games, args.seed)
    c = result["clicks"]
    print(f"Master of Rules dashboard update after a click: mean {statistics.mean(c):.1f} ms, "
          f"max {max(c):.1f} ms over {len(c)} clicks ({args.games} games; target < 100 ms)")
    if result["odds"]:
        o = result["odds"]
        print(f"Exact odds panel (on demand, its tab only): mean {statistics.mean(o):.0f} ms, max {max(o):.0f} ms "
              f"over {len(o)} positions")


if __name__ == "__main__":
    main()
