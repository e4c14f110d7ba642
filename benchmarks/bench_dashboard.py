"""Benchmark: CPU milliseconds of a dashboard update after a human click, and of the bots' turns, for any game.

    python benchmarks/bench_dashboard.py GAME [--games 3] [--seed 1] [--players N] [--variant combined]

"wait" is the CPU time from a human click to the next human decision with playback skipped ("No playback" or
"Skip to my turn"): the click's update plus every bot move and draw up to the next decision; "bot move" is the CPU
time per bot decision (with its redraw at the end of the turn shared out).

Each human decision is played by a click (a region click on the board when the game has click modes and the click
decides, else the decision's last button) and timed from the click to the redrawn board, panels, log, buttons and
history; bot moves are played in between without timing. Games with a risk overlay have it on for half of the
clicks. The "My odds" tab is timed separately (computed on demand, when its tab is open). Timings are CPU time
(``time.process_time``) of this process, so a busy machine slows them less than wall-clock figures.
"""
from __future__ import annotations

import argparse
import statistics
import time

from ratgames_lab import GAMES
from ratgames_lab.widgets import dashboard_class
from ratgames_lab.widgets.common.dashboard import LOG_TAB, ODDS_TAB


def bench(game: str, games: int = 3, seed: int = 1, players: int | None = None, odds_samples: int = 5,
          **options) -> dict:
    """Time every human click of ``games`` seeded games of ``game``; returns the timings in milliseconds."""
    cls = dashboard_class(game)
    n = players or max(GAMES[game].players)
    timings: dict[str, list[float]] = {"button": [], "board": [], "odds": [], "wait": [], "bot": []}
    clock = time.process_time
    for g in range(games):
        d = cls(players=n, seed=seed + g, seats=["human"] + ["heuristic"] * (n - 1), bot_delay=0, auto=False,
                **options)
        d.tabs.selected_index = LOG_TAB
        d.advance_bots()
        clicks = 0
        while not d.state.is_terminal():
            if hasattr(d, "risk_toggle"):
                d.risk_toggle.value = clicks % 4 < 2
            modes = getattr(d, "clicks", None)
            targets = modes.targets()[0] if modes is not None else []
            two = modes is not None and modes.mode in modes.two_clicks
            start = clock()
            if targets and not two and clicks % 2 == 0 and d.click_region(targets[-1]):
                timings["board"].append((clock() - start) * 1000)
            else:
                start = clock()
                d.decision.buttons[-1].click()
                timings["button"].append((clock() - start) * 1000)
            clicks += 1
            bots = clock()
            moves = d.advance_bots()
            end = clock()
            timings["wait"].append((end - start) * 1000)
            if moves:
                timings["bot"].append((end - bots) * 1000 / moves)
            p = d.state.current_player
            if len(timings["odds"]) < odds_samples and p >= 0 and d.is_human(p):
                start = clock()
                d.tabs.selected_index = ODDS_TAB
                timings["odds"].append((clock() - start) * 1000)
                d.tabs.selected_index = LOG_TAB
    return timings


def main(argv: list[str] | None = None) -> None:
    """Print mean / median / max milliseconds per dashboard update after a click."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", metavar="GAME", help="a game with a dashboard (e.g. master_of_rules, rattus)")
    parser.add_argument("--games", type=int, default=3, help="seeded games to play (default 3)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--players", type=int, default=None, help="player count (default: the largest)")
    parser.add_argument("--variant", default=None, help="a variant of the game (Catan: combined)")
    args = parser.parse_args(argv)
    options = {"variant": args.variant} if args.variant else {}
    result = bench(args.game, args.games, args.seed, args.players, **options)
    name_of_game = args.game + (f" ({args.variant})" if args.variant else "")
    for name, label in (("button", "dashboard update after a button click"),
                        ("board", "dashboard update after a click on the board"),
                        ("odds", "opening the odds tab"), ("bot", "one bot decision (CPU)"),
                        ("wait", "from a click to the next own decision, playback skipped")):
        c = result[name]
        if c:
            print(f"{name_of_game}: {label}: mean {statistics.mean(c):.1f} ms, "
                  f"median {statistics.median(c):.1f} ms, max {max(c):.1f} ms over {len(c)} ({args.games} games)")


if __name__ == "__main__":
    main()
