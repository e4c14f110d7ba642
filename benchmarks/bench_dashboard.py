"""Benchmark: milliseconds of a dashboard update after a human click, for any game with a dashboard.

    python benchmarks/bench_dashboard.py GAME [--games 3] [--seed 1] [--players N]

Each human decision is played by a click (a region click on the board when the game has click modes and the click
decides, else the decision's last button) and timed from the click to the redrawn board, panels, log, buttons and
history; bot moves are played in between without timing. Games with a risk overlay have it on for half of the
clicks. The "My odds" tab is timed separately (computed on demand, when its tab is open). Timings are wall-clock
on a shared machine: run it alone, more games for steadier figures.
"""
from __future__ import annotations

import argparse
import statistics
import time

from ratgames_lab import GAMES
from ratgames_lab.widgets import dashboard_class
from ratgames_lab.widgets.common.dashboard import LOG_TAB, ODDS_TAB


def bench(game: str, games: int = 3, seed: int = 1, players: int | None = None, odds_samples: int = 5) -> dict:
    """Time every human click of ``games`` seeded games of ``game``; returns the timings in milliseconds."""
    cls = dashboard_class(game)
    n = players or max(GAMES[game].players)
    timings: dict[str, list[float]] = {"button": [], "board": [], "odds": []}
    for g in range(games):
        d = cls(players=n, seed=seed + g, seats=["human"] + ["heuristic"] * (n - 1), bot_delay=0, auto=False)
        d.tabs.selected_index = LOG_TAB
        d.advance_bots()
        clicks = 0
        while not d.state.is_terminal():
            if hasattr(d, "risk_toggle"):
                d.risk_toggle.value = clicks % 4 < 2
            modes = getattr(d, "clicks", None)
            targets = modes.targets()[0] if modes is not None else []
            two = modes is not None and modes.mode in modes.two_clicks
            start = time.perf_counter()
            if targets and not two and clicks % 2 == 0 and d.click_region(targets[-1]):
                timings["board"].append((time.perf_counter() - start) * 1000)
            else:
                start = time.perf_counter()
                d.decision.buttons[-1].click()
                timings["button"].append((time.perf_counter() - start) * 1000)
            clicks += 1
            d.advance_bots()
            p = d.state.current_player
            if len(timings["odds"]) < odds_samples and p >= 0 and d.is_human(p):
                start = time.perf_counter()
                d.tabs.selected_index = ODDS_TAB
                timings["odds"].append((time.perf_counter() - start) * 1000)
                d.tabs.selected_index = LOG_TAB
    return timings


def main(argv: list[str] | None = None) -> None:
    """Print mean / median / max milliseconds per dashboard update after a click."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", metavar="GAME", help="a game with a dashboard (e.g. master_of_rules, rattus)")
    parser.add_argument("--games", type=int, default=3, help="seeded games to play (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: the largest)")
    args = parser.parse_args(argv)
    result = bench(args.game, args.games, args.seed, args.players)
    for name, label in (("button", "a button click"), ("board", "a click on the board"),
                        ("odds", "opening the odds tab")):
        c = result[name]
        if c:
            print(f"{args.game}: dashboard update after {label}: mean {statistics.mean(c):.1f} ms, "
                  f"median {statistics.median(c):.1f} ms, max {max(c):.1f} ms over {len(c)} ({args.games} games)")


if __name__ == "__main__":
    main()
