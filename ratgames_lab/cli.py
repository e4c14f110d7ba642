"""The ``ratgames`` command line: list, play, simulate, bench, analyze, app and student-copy.

Every sub-command has ``--help``. Bad input (an unknown game, a bad number, a malformed position file)
prints ``ratgames: error: ...`` and exits with code 2, never a traceback.

Position files for ``ratgames analyze`` are read by ``ratgames_lab.load_position``: the one position format
``{"format": "ratgames_lab.position/1", "game", "players", "options", "position", "description"?}`` of every game,
a saved match (``ratgames_lab.match/1``; the position is the one at the cursor), and two older forms (a game's
bare ``state.to_json()``, and a wrapper without ``game``).
"""
from __future__ import annotations

import argparse
import contextlib
import importlib
import importlib.util
import json
import os
import random
import socket
import subprocess
import sys
from pathlib import Path
from typing import Sequence, TextIO

from .core.bots import choose_for_seat, view_rng
from .core.errors import IllegalActionError, InvalidPositionError
from .core.protocol import CHANCE, Game, GameState
from .core.position import load_position
from .core.registry import GAMES, GameInfo, load_game

POSITION_FORMAT = "ratgames_lab.position/1"
MATCH_FORMAT = "ratgames_lab.match/1"
VOILA_PORT = 8866
LAB_INSTALL_HINT = 'pip install -e ".[lab]"   (from the ratgames_lab folder)'


class CliError(Exception):
    """Bad input from the user: printed as ``ratgames: error: ...`` with exit code 2."""


# ------------------------------------------------------------------------------------------------
# Argument types
# ------------------------------------------------------------------------------------------------
def _game_name(text: str) -> str:
    if text not in GAMES:
        raise argparse.ArgumentTypeError(f"unknown game {text!r} (known games: {', '.join(sorted(GAMES))})")
    return text


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text} must be a positive number of seconds")
    return value


def _port(text: str) -> int:
    value = _int(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(f"{value} is not a TCP port (1-65535)")
    return value


# ------------------------------------------------------------------------------------------------
# Parser
# ------------------------------------------------------------------------------------------------
def build_parser() -> argparse.ArgumentParser:
    """The argparse parser with one sub-parser per command."""
    parser = argparse.ArgumentParser(
        prog="ratgames",
        description="Exact rules engines, odds and dashboards for five board and card games.",
        epilog="Run 'ratgames COMMAND --help' for the options of one command.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    sub.add_parser("list", help="list the games and their player counts",
                   description="List the games with their titles and player counts.")

    p = sub.add_parser("play", help="play a game in the terminal against bots",
                       description="Play in the terminal against bots: type the number of the action you choose "
                                   "('q' quits).")
    p.add_argument("game", type=_game_name, metavar="GAME", help="game name (see 'ratgames list')")
    p.add_argument("--players", type=_int, metavar="N", help="number of players (default: the game's maximum)")
    p.add_argument("--seat", type=_int, default=1, metavar="S",
                   help="your seat, 1..N; seat 1 is 'Player 1' (default: 1)")
    p.add_argument("--seed", type=_int, default=0, metavar="K", help="seed for the deal and every chance event")
    p.add_argument("--bots", nargs="+", metavar="BOT",
                   help="bot for every other seat, or one bot per other seat in seat order "
                        "(default: heuristic if the game has one, else random)")

    p = sub.add_parser("simulate", help="play many bot games and print statistics",
                       description="Play seeded bot games (game i uses seed SEED+i) and print wins per seat, "
                                   "mean scores and mean game length.")
    p.add_argument("game", type=_game_name, metavar="GAME")
    p.add_argument("--players", type=_int, metavar="N", help="number of players (default: the game's maximum)")
    p.add_argument("--games", type=_positive_int, default=100, metavar="K", help="number of games (default: 100)")
    p.add_argument("--seed", type=_int, default=0, metavar="S", help="seed of the first game (default: 0)")
    p.add_argument("--bots", nargs="+", metavar="BOT",
                   help="one bot for every seat, or one per seat (default: random)")
    p.add_argument("--processes", type=_positive_int, default=1, metavar="P",
                   help="worker processes (default: 1)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = sub.add_parser("bench", help="measure games/s, µs/action and clone() time",
                       description="Random-playout benchmark on one core, for each player count of the game.")
    p.add_argument("game", type=_game_name, metavar="GAME")
    p.add_argument("--players", type=_int, metavar="N", help="only this player count")
    p.add_argument("--seconds", type=_positive_float, default=2.0, metavar="T",
                   help="seconds of play per player count (default: 2)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = sub.add_parser("analyze", help="estimate the win rate of every legal action in a position",
                       description="Estimate the win rate of each legal action of the player to move, with "
                                   "random playouts from determinized copies (hidden cards resampled). "
                                   "POSITION.json is a saved match, a position wrapper "
                                   '{"game": ..., "players": ..., "position": {...}} or a bare Master of Rules '
                                   "position.")
    p.add_argument("position", metavar="POSITION.json")
    p.add_argument("--playouts", type=_positive_int, default=200, metavar="N",
                   help="playouts per action (default: 200)")
    p.add_argument("--seed", type=_int, default=0, metavar="S", help="seed (default: 0)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = sub.add_parser("app", help="serve a game's dashboard with Voila",
                       description="Serve notebooks/apps/GAME.ipynb with Voila on 127.0.0.1. Any extra "
                                   "--Voila.* option is passed on (for example --Voila.ip=0.0.0.0 to serve the "
                                   "local network).")
    p.add_argument("game", type=_game_name, metavar="GAME")
    p.add_argument("--port", type=_port, metavar="P", help=f"port (default: {VOILA_PORT} or the next free one)")
    p.add_argument("--no-browser", action="store_true", help="do not open a web browser")

    p = sub.add_parser("student-copy", help="copy the notebooks with the solution cells blanked",
                       description="Copy the notebooks (not notebooks/apps/) with every cell tagged 'solution' "
                                   "replaced by a placeholder and all outputs cleared.")
    p.add_argument("src", nargs="?", default="notebooks", metavar="SRC_DIR", help="default: notebooks")
    p.add_argument("--out", default="student_copies", metavar="DIR", help="default: student_copies")
    return parser


# ------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------
def _players(info: GameInfo, players: int | None) -> int:
    if players is None:
        return max(info.players)
    if players not in info.players:
        raise CliError(f"{info.title} is for {_counts_text(info)} players, not {players}")
    return players


def _counts_text(info: GameInfo) -> str:
    """'3, 4 or 5'."""
    counts = [str(n) for n in info.players]
    return counts[0] if len(counts) == 1 else ", ".join(counts[:-1]) + " or " + counts[-1]


def _seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _bot_names(info: GameInfo, names: Sequence[str] | None, count: int, default: str) -> list[str]:
    """Expand ``--bots``: one name for every seat or one per seat; check the names exist."""
    table = info.bots()
    names = list(names) if names else [default]
    for name in names:
        if name not in table:
            raise CliError(f"unknown bot {name!r} for {info.name} (known bots: {', '.join(sorted(table))})")
    if len(names) == 1:
        return names * count
    if len(names) != count:
        raise CliError(f"--bots needs 1 name or {count} names (one per seat), got {len(names)}")
    return names


def _percent(x: float) -> str:
    return f"{100 * x:5.1f}%"


# ------------------------------------------------------------------------------------------------
# list
# ------------------------------------------------------------------------------------------------
def cmd_list(args: argparse.Namespace, out: TextIO) -> int:
    """Print the registered games."""
    width = max(len(name) for name in GAMES)
    for name in sorted(GAMES):
        info = GAMES[name]
        out.write(f"{name:{width}s}  {info.title}  ({_counts_text(info)} players)\n")
    return 0


# ------------------------------------------------------------------------------------------------
# play
# ------------------------------------------------------------------------------------------------
def _state_text(info: GameInfo, state: GameState, seat: int) -> str:
    """What the human sees: the game's ``describe()`` and ``hand_text()`` hooks, or their observation."""
    describe = getattr(state, "describe", None)
    text = describe() if callable(describe) else None
    if text is None:
        obs = state.observation(seat)
        return "\n".join(f"{key}: {json.dumps(value)}" for key, value in obs.items() if key != "events")
    hand = state.hand_text(seat)
    return text + ("\n" + hand if hand else "")


class _Quit(Exception):
    """The human stopped the game (q, end of input)."""


def _ask(n: int, inp: TextIO, out: TextIO) -> int:
    """Read a choice 1..n; re-prompt on bad input; _Quit on 'q' or end of input."""
    while True:
        out.write(f"Your choice (1-{n}, q to quit): ")
        out.flush()
        line = inp.readline()
        if line == "":
            out.write("\nEnd of input: the game is stopped.\n")
            raise _Quit
        if not inp.isatty():  # echo piped input so that transcripts read like a terminal session
            out.write(line if line.endswith("\n") else line + "\n")
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            out.write("You left the game.\n")
            raise _Quit
        try:
            choice = int(text)
        except ValueError:
            out.write(f"{text!r} is not a number: type a number from 1 to {n}.\n" if text else
                      f"Type a number from 1 to {n}.\n")
            continue
        if not 1 <= choice <= n:
            out.write(f"{choice} is out of range: choose from 1 to {n}.\n")
            continue
        return choice - 1


def play_game(game_name: str, players: int | None = None, seat: int = 1, seed: int = 0,
              bots: Sequence[str] | None = None, inp: TextIO | None = None, out: TextIO | None = None) -> int:
    """Play one game in the terminal: the human at ``seat`` (1-based) against bots; returns an exit code."""
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    info = GAMES[game_name]
    n = _players(info, players)
    if not 1 <= seat <= n:
        raise CliError(f"--seat must be between 1 and {n} for {n} players, not {seat}")
    me = seat - 1
    default_bot = "heuristic" if "heuristic" in info.bots() else "random"
    names = _bot_names(info, bots, n - 1, default_bot)
    seat_bots = names[:me] + [None] + names[me:]
    from .core.simulate import make_bots
    bot_objects = make_bots(game_name, [b for b in seat_bots if b is not None])
    players_bots = bot_objects[:me] + [None] + bot_objects[me:]
    game = load_game(game_name, players=n, seed=seed)
    state = game.new_state()
    rng = random.Random(seed)
    opponents = ", ".join(f"{_seat_name(i)} = {b}" for i, b in enumerate(seat_bots) if b is not None)
    out.write(f"{info.title}, {n} players, seed {seed}. You are {_seat_name(me)}; bots: {opponents}.\n")
    shown = 0

    def show_events() -> None:
        nonlocal shown
        for event in state.events_since(shown):
            out.write(f"  · {event.text()}\n")
        shown = state.event_count

    views = view_rng(rng)
    try:
        while not state.is_terminal():
            show_events()
            player = state.current_player
            if player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            if player != me:
                state.apply(choose_for_seat(players_bots[player], state, rng, views))
                continue
            out.write(f"\n=== Your turn ({_seat_name(me)}) ===\n{_state_text(info, state, me)}\n")
            actions = state.legal_actions()
            if len(actions) == 1:
                out.write(f"Only one thing to do: {actions[0]}.\n")
                state.apply(actions[0])
                continue
            for i, action in enumerate(actions, 1):
                out.write(f"  {i}) {action}\n")
            state.apply(actions[_ask(len(actions), inp, out)])
    except _Quit:
        return 0
    except KeyboardInterrupt:
        out.write("\nInterrupted: the game is stopped.\n")
        return 130
    show_events()
    out.write(f"\n=== Game over ===\n{_state_text(info, state, me)}\n")
    scores = state.scores()
    returns = state.returns()
    out.write("Scores: " + ", ".join(f"{_seat_name(p)}{' (you)' if p == me else ''} {s}"
                                     for p, s in enumerate(scores)) + "\n")
    best = max(returns)
    winners = [p for p, r in enumerate(returns) if r == best and r > 0]
    names_won = ", ".join(_seat_name(p) + (" (you)" if p == me else "") for p in winners)
    out.write(("Winner: " if len(winners) == 1 else "Shared win: ") + names_won + "\n")
    out.write("You win!\n" if me in winners else "You lose.\n")
    return 0


def cmd_play(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    """``ratgames play``."""
    return play_game(args.game, args.players, args.seat, args.seed, args.bots, inp, out)


# ------------------------------------------------------------------------------------------------
# simulate / bench
# ------------------------------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """``ratgames simulate``."""
    from .core.simulate import simulate_games
    info = GAMES[args.game]
    n = _players(info, args.players)
    names = _bot_names(info, args.bots, n, "random")
    result = simulate_games(args.game, n, args.games, seed=args.seed, bots=names, processes=args.processes)
    if args.json:
        out.write(json.dumps(result.to_json(), indent=1) + "\n")
        return 0
    last = args.seed + args.games - 1
    out.write(f"{info.title}: {n} players, {args.games} games (seeds {args.seed}..{last})\n")
    out.write(f"{'seat':10s} {'bot':10s} {'wins':>8s} {'win rate':>9s} {'mean score':>11s}\n")
    for p in range(n):
        out.write(f"{_seat_name(p):10s} {names[p]:10s} {result.wins[p]:8.1f} {_percent(result.win_rates()[p]):>9s} "
                  f"{result.mean_scores[p]:11.2f}\n")
    out.write(f"Mean game length: {result.mean_length:.1f} actions (chance events included)\n")
    return 0


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    """``ratgames bench``."""
    from .core.bench import bench, bench_clone
    info = GAMES[args.game]
    counts = [_players(info, args.players)] if args.players is not None else list(info.players)
    rows = []
    for n in counts:
        result = bench(args.game, n, seconds=args.seconds)
        clone_us = bench_clone(args.game, n)
        rows.append({"players": n, "games": result.games, "seconds": result.seconds, "actions": result.actions,
                     "games_per_second": result.games_per_second, "us_per_action": result.us_per_action,
                     "clone_us": clone_us})
        if not args.json:
            out.write(f"{result.line()}; clone() {clone_us:.1f} µs\n")
            out.flush()
    if args.json:
        out.write(json.dumps({"game": args.game, "results": rows}, indent=1) + "\n")
    return 0


# ------------------------------------------------------------------------------------------------
# analyze
# ------------------------------------------------------------------------------------------------
def load_position_file(path: str | Path) -> tuple[Game, GameState]:
    """Read any position or match file (see ``ratgames_lab.load_position``); InvalidPositionError names the field."""
    return load_position(path)


def cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    """``ratgames analyze``."""
    from .core.analysis import evaluate_actions
    game, state = load_position_file(args.position)
    if state.is_terminal():
        raise CliError("the game in this position is over: there is no decision to analyze")
    player = state.current_player
    if player == CHANCE:
        raise CliError("a chance event is pending in this position (a card or die to draw), not a player's decision")
    values = evaluate_actions(state, player, playouts=args.playouts, seed=args.seed)
    values.sort(key=lambda v: -v.win_rate)
    if args.json:
        out.write(json.dumps({"game": game.name, "players": game.players, "player": player,
                              "playouts": args.playouts, "seed": args.seed,
                              "actions": [v.to_json() for v in values]}, indent=1) + "\n")
        return 0
    text = state.describe()
    if text is not None:
        out.write(text + "\n")
    out.write(f"{_seat_name(player)} to move; {args.playouts} random playouts per action (seed {args.seed}), "
              f"hidden cards resampled in each.\n")
    width = max(len(str(v.action)) for v in values)
    for i, v in enumerate(values, 1):
        out.write(f"{i:3d}) {str(v.action):{width}s}  win rate {_percent(v.win_rate)}  "
                  f"(95% interval {_percent(v.low).strip()} – {_percent(v.high).strip()})\n")
    return 0


# ------------------------------------------------------------------------------------------------
# app
# ------------------------------------------------------------------------------------------------
def app_notebook_path(game: str) -> Path | None:
    """The notebook Voila serves for ``game`` (notebooks/apps/GAME.ipynb), or None if the game has no dashboard.

    Uses ``ratgames_lab.widgets.app_notebook`` (a light module: it does not import ipywidgets), which also
    writes a copy when the package is installed without the notebooks folder.
    """
    try:
        from .widgets import app_notebook  # type: ignore[attr-defined]
    except ImportError:
        app_notebook = None
    if app_notebook is not None:
        try:
            return Path(app_notebook(game))
        except ValueError:
            return None
    candidates = [Path(__file__).resolve().parent.parent / "notebooks" / "apps" / f"{game}.ipynb",
                  Path.cwd() / "notebooks" / "apps" / f"{game}.ipynb"]
    for path in candidates:
        if path.is_file():
            return path
    return None


def _free_port(start: int, host: str = "127.0.0.1", tries: int = 50) -> int:
    for port in range(start, min(start + tries, 65536)):
        with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
            try:
                sock.bind((host, port))
            except OSError:
                continue
            return port
    raise CliError(f"no free port between {start} and {start + tries - 1}: pass --port")


def voila_command(notebook: Path, port: int, no_browser: bool, extra: Sequence[str]) -> list[str]:
    """The Voila command line that serves one notebook on 127.0.0.1 (extra --Voila.* options last)."""
    cmd = [sys.executable, "-m", "voila", str(notebook), f"--port={port}", "--Voila.ip=127.0.0.1",
           "--Voila.port_retries=0"]
    if no_browser:
        cmd.append("--no-browser")
    return cmd + list(extra)


def cmd_app(args: argparse.Namespace, extra: Sequence[str], out: TextIO) -> int:
    """``ratgames app``: serve notebooks/apps/GAME.ipynb with Voila until Ctrl-C."""
    bad = [a for a in extra if not a.startswith("--Voila.") and not a.startswith("--VoilaConfiguration.")]
    if bad:
        raise CliError(f"unrecognized arguments: {' '.join(bad)} (only --Voila.* options are passed to Voila)")
    notebook = app_notebook_path(args.game)
    if notebook is None:
        raise CliError(f"{GAMES[args.game].title} has no dashboard yet (no notebooks/apps/{args.game}.ipynb)")
    if importlib.util.find_spec("voila") is None:
        raise CliError(f"Voila is not installed. Install the lab extra: {LAB_INSTALL_HINT}")
    ip = "127.0.0.1"
    for a in extra:
        if a.startswith("--Voila.ip="):
            ip = a.split("=", 1)[1]
    port = args.port if args.port is not None else _free_port(VOILA_PORT)
    cmd = voila_command(notebook, port, args.no_browser, extra)
    shown = "localhost" if ip in ("127.0.0.1", "localhost") else ("<this computer's address>" if ip in
                                                                 ("0.0.0.0", "", "*") else ip)
    out.write(f"Serving {GAMES[args.game].title} from {notebook}\n"
              f"Open http://{shown}:{port}/ in a browser. Press Ctrl-C to stop.\n")
    out.flush()
    proc = subprocess.Popen(cmd)
    try:
        return proc.wait()
    except KeyboardInterrupt:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        out.write("Stopped.\n")
        return 0


# ------------------------------------------------------------------------------------------------
# student-copy
# ------------------------------------------------------------------------------------------------
def cmd_student_copy(args: argparse.Namespace, out: TextIO) -> int:
    """``ratgames student-copy``."""
    from .core.student_copy import NotebookError, make_student_copies
    try:
        report = make_student_copies(Path(args.src), Path(args.out))
    except NotebookError as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:
        raise CliError(f"cannot write the student copies: {exc}") from None
    for path, blanked in report:
        out.write(f"{path}  ({blanked} solution cell{'s' if blanked != 1 else ''} blanked)\n")
    total = sum(b for _, b in report)
    out.write(f"Wrote {len(report)} notebook(s) to {args.out} ({total} solution cells blanked).\n")
    return 0


# ------------------------------------------------------------------------------------------------
# main
# ------------------------------------------------------------------------------------------------
def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None, stdout: TextIO | None = None) -> int:
    """Run the command line; returns the exit code (0 ok, 2 bad input)."""
    inp = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    parser = build_parser()
    redirect = contextlib.redirect_stdout(out) if stdout is not None else contextlib.nullcontext()
    with redirect:
        try:
            args, extra = parser.parse_known_args(argv)
            if extra and args.command != "app":
                parser.error(f"unrecognized arguments: {' '.join(extra)}")
        except SystemExit as exc:  # --help (0) or a usage error (2)
            return int(exc.code or 0)
    try:
        commands = {
            "list": lambda: cmd_list(args, out),
            "play": lambda: cmd_play(args, inp, out),
            "simulate": lambda: cmd_simulate(args, out),
            "bench": lambda: cmd_bench(args, out),
            "analyze": lambda: cmd_analyze(args, out),
            "app": lambda: cmd_app(args, extra, out),
            "student-copy": lambda: cmd_student_copy(args, out),
        }
        if args.command in commands:
            return commands[args.command]()
    except CliError as exc:
        sys.stderr.write(f"ratgames: error: {exc}\n")
        return 2
    except InvalidPositionError as exc:
        sys.stderr.write(f"ratgames: error: invalid position, field {exc.field!r}: {exc.reason}\n")
        return 2
    except IllegalActionError as exc:
        sys.stderr.write(f"ratgames: error: {exc.reason} (rule: {exc.rule})\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("\nratgames: interrupted\n")
        return 130
    except BrokenPipeError:  # e.g. `ratgames list | head -1`: stop quietly
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    raise AssertionError(f"unhandled command {args.command!r}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
