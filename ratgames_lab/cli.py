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
import sys
from pathlib import Path
from typing import Any, NoReturn, Sequence, TextIO

from . import analyze_cli, cli_language
from .core.analysis import POLICIES
from .core.bots import choose_for_seat, view_rng
from .core.errors import IllegalActionError, InvalidPositionError
from .core.i18n import _, ngettext
from .core.protocol import CHANCE, Game, GameState
from .core.position import load_position
from .core.registry import GAMES, GameInfo, load_game

POSITION_FORMAT = "ratgames_lab.position/1"
MATCH_FORMAT = "ratgames_lab.match/1"
VOILA_PORT = 8866
MAX_GAMES = 1_000_000  # about an hour of play on one core; run several seeds ranges for more
MENU_LIMIT = 24        # longer menus of actions are grouped (first the token or card, then where)
LAB_INSTALL_HINT = 'pip install -e ".[lab]"   (from the ratgames_lab folder)'


class CliError(Exception):
    """Bad input from the user: printed as ``ratgames: error: ...`` with exit code 2."""


# ------------------------------------------------------------------------------------------------
# Argument types
# ------------------------------------------------------------------------------------------------
def _game_name(text: str) -> str:
    if text not in GAMES:
        raise argparse.ArgumentTypeError(_("unknown game {name!r} (known games: {games})").format(name=text, games=", ".join(sorted(GAMES))))
    return text


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a whole number").format(text=text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(_("{value} must be at least 1").format(value=value))
    return value


def _bounded_int(low: int, high: int):
    """An argparse type: a whole number between ``low`` and ``high``."""
    def parse(text: str) -> int:
        value = _int(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(_("{value} is out of range: give a number from {low} to {high}").format(
                value=value, low=low, high=high))
        return value
    return parse


def _cores() -> int:
    """The number of cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def _processes(text: str) -> int:
    value = _int(text)
    cores = _cores()
    if not 1 <= value <= cores:
        raise argparse.ArgumentTypeError(
            ngettext("{value} is out of range: give 1 to {cores} (this computer has {cores} core; more processes "
                     "than cores only slow the simulation down)",
                     "{value} is out of range: give 1 to {cores} (this computer has {cores} cores; more processes "
                     "than cores only slow the simulation down)", cores).format(value=value, cores=cores))
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a whole number").format(text=text)) from None


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(_("{text!r} is not a number").format(text=text)) from None
    if not value > 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(_("{text} must be a positive number of seconds").format(text=text))
    return value


def _port(text: str) -> int:
    value = _int(text)
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError(_("{value} is not a TCP port (1-65535)").format(value=value))
    return value


# ------------------------------------------------------------------------------------------------
# Parser
# ------------------------------------------------------------------------------------------------
class _Parser(argparse.ArgumentParser):
    """argparse with errors on one line, ``ratgames: error: ...`` (no usage lines), exit code 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"ratgames: error: {message}\n")
        raise SystemExit(2)


def _add_game_options(p: argparse.ArgumentParser) -> None:
    p.add_argument("--variant", metavar="NAME",
                   help="a variant of the game (e.g. 'combined' for Catan: same as --option variant=NAME)")
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                   help="a game option (repeatable), e.g. --option vp_target=20; values true/false and whole "
                        "numbers are read as such")


def build_parser() -> argparse.ArgumentParser:
    """The argparse parser with one sub-parser per command."""
    parser = _Parser(
        prog="ratgames",
        description=_("Exact rules engines, odds and dashboards for five board and card games."),
        epilog=_("Run 'ratgames COMMAND --help' for the options of one command."))
    cli_language.add_language_option(parser)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)

    sub.add_parser("list", help=_("list the games and their player counts"),
                   description=_("List the games with their titles and player counts."))

    p = sub.add_parser("play", help=_("play a game in the terminal against bots"),
                       description="Play in the terminal against bots: type the number of the action you choose "
                                   "('q' quits).")
    p.add_argument("game", type=_game_name, metavar="GAME", help="game name (see 'ratgames list')")
    p.add_argument("--players", type=_int, metavar="N", help="number of players (default: the game's maximum)")
    p.add_argument("--seat", type=_int, default=1, metavar="S",
                   help="your seat, 1..N; seat 1 is 'Player 1' (default: 1)")
    p.add_argument("--seed", type=_int, default=0, metavar="K", help="seed for the deal and every chance event")
    _add_game_options(p)
    p.add_argument("--bots", nargs="+", metavar="BOT",
                   help="bot for every other seat, or one bot per other seat in seat order "
                        "(default: heuristic if the game has one, else random)")

    p = sub.add_parser("simulate", help=_("play many bot games and print statistics"),
                       description="Play seeded bot games (game i uses seed SEED+i) and print wins per seat, "
                                   "mean scores and mean game length.")
    p.add_argument("game", type=_game_name, metavar="GAME", help="game name (see 'ratgames list')")
    p.add_argument("--players", type=_int, metavar="N", help="number of players (default: the game's maximum)")
    p.add_argument("--games", type=_bounded_int(1, MAX_GAMES), default=100, metavar="K",
                   help=f"number of games, 1 to {MAX_GAMES:,} (default: 100)")
    p.add_argument("--seed", type=_int, default=0, metavar="S", help="seed of the first game (default: 0)")
    _add_game_options(p)
    p.add_argument("--bots", nargs="+", metavar="BOT",
                   help="one bot for every seat, or one per seat (default: random)")
    p.add_argument("--processes", type=_processes, default=1, metavar="P",
                   help=f"worker processes, at most the number of cores ({_cores()} here; default: 1)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play on a Dask cluster: a scheduler address (tcp://host:8786) or local:N for N local "
                        "workers (needs the [cluster] extra; same seeds, same results)")

    p = sub.add_parser("tournament", help=_("let bots play each other, seats rotated, with ratings"),
                       description="A tournament: bots (shipped names or FILE.py:FUNCTION, a student's "
                                   "choose(view, legal_actions, rng)) play seeded games with seats rotated; prints "
                                   "win rates with 95%% intervals and an OpenSkill rating. A bot that raises, "
                                   "plays an illegal move or runs past --time-limit forfeits that game.")
    p.add_argument("game", type=_game_name, metavar="GAME", help="game name (see 'ratgames list')")
    p.add_argument("--bots", nargs="+", required=True, metavar="BOT",
                   help="the entrants: shipped bot names (random, heuristic, ...) or FILE.py:FUNCTION")
    p.add_argument("--games", type=_bounded_int(1, MAX_GAMES), default=100, metavar="K",
                   help=f"number of games, 1 to {MAX_GAMES:,} (default: 100)")
    p.add_argument("--seed", type=_int, default=0, metavar="S", help="seed of the first game (default: 0)")
    p.add_argument("--players", type=_int, metavar="N",
                   help="players per game (default: as many as there are bots, within the game's counts)")
    _add_game_options(p)
    p.add_argument("--results", metavar="FILE.jsonl",
                   help="append each game's result to this file; run again with the same file to resume")
    p.add_argument("--time-limit", type=_positive_float, default=2.0, metavar="T",
                   help="seconds a bot may take per decision (default: 2)")
    p.add_argument("--scheduler", metavar="ADDRESS",
                   help="play on a Dask cluster: tcp://host:8786, or local:N for N local workers")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = sub.add_parser("bench", help=_("measure games per CPU-second, CPU µs/action and clone() time"),
                       description="Random-playout benchmark on one core, for each player count of the game, in CPU "
                                   "time (process time: comparable on a busy machine).")
    p.add_argument("game", type=_game_name, metavar="GAME", help="game name (see 'ratgames list')")
    p.add_argument("--players", type=_int, metavar="N", help="only this player count")
    _add_game_options(p)
    p.add_argument("--seconds", type=_positive_float, default=2.0, metavar="T",
                   help="CPU seconds of play per player count (default: 2)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = sub.add_parser("analyze", help=_("estimate the win rate of every legal action in a position, with a verdict"),
                       description="Estimate the win rate of each legal action of the player to move, with "
                                   "playouts from determinized copies (hidden cards resampled), every player then "
                                   "playing by the playout policy (--policy); every action is played on the same "
                                   "deals, playouts go to the actions still in contention, and the verdict says "
                                   "which is best at the stated confidence or that they are too close to call "
                                   "(docs/analysis.md). "
                                   "POSITION.json is a saved match, a position wrapper "
                                   '{"game": ..., "players": ..., "position": {...}} or a bare Master of Rules '
                                   "position.")
    p.add_argument("position", metavar="POSITION.json")
    p.add_argument("--policy", choices=POLICIES, default="random",
                   help="how every player plays after the move: random (uniformly random legal moves; the default: "
                        "cheap), heuristic (the game's heuristic bot: 10 to 200 times slower) or mix (each "
                        "decision one or the other, 1/2 each)")
    p.add_argument("--playouts", type=_positive_int, default=analyze_cli.PLAYOUTS, metavar="N",
                   help=f"at most N playouts per action (default: {analyze_cli.PLAYOUTS}); the result depends only "
                        "on N and the seed")
    p.add_argument("--cpu", type=float, default=analyze_cli.CPU_SECONDS, metavar="SECONDS",
                   help=f"stop the playouts after this much CPU time, at the last check (default: "
                        f"{analyze_cli.CPU_SECONDS:g}; 0: no limit)")
    p.add_argument("--confidence", type=float, default=0.95, metavar="C", help="confidence of the verdict "
                   "(default: 0.95)")
    p.add_argument("--resolution", type=float, default=2.0, metavar="POINTS",
                   help="options closer than this, in points of win rate, count as equally good (default: 2)")
    p.add_argument("--seed", type=_int, default=0, metavar="S", help="seed (default: 0)")
    p.add_argument("--json", action="store_true", help="print the result as JSON")

    p = sub.add_parser("app", help=_("serve a game's dashboard with Voila (--classroom: for a class)"),
                       description="Serve notebooks/apps/GAME.ipynb with Voila on 127.0.0.1 (this computer only). "
                                   "With --classroom: serve it to a class on the local network, behind a student "
                                   "code and a teacher code (see docs/classroom.md). Without --classroom, extra "
                                   "--Voila.* options are passed on to Voila.")
    p.add_argument("game", type=_game_name, metavar="GAME", help="game name (see 'ratgames list')")
    p.add_argument("--port", type=_port, metavar="P", help=f"port (default: {VOILA_PORT} or the next free one)")
    p.add_argument("--no-browser", action="store_true", help="do not open a web browser")
    p.add_argument("--classroom", action="store_true",
                   help="serve a class on the local network: access codes, only the dashboard, limits")
    p.add_argument("--host", default="0.0.0.0", metavar="ADDRESS",
                   help="classroom: the address to listen on (default: 0.0.0.0, every network of this computer)")
    p.add_argument("--students", type=_bounded_int(1, 200), default=30, metavar="N",
                   help="classroom: at most N student games at once (default: 30)")
    p.add_argument("--ready-games", type=_bounded_int(0, 60), default=6, metavar="K",
                   help="classroom: games started in advance so that pages open at once (default: 6)")
    p.add_argument("--memory-limit", type=_bounded_int(500, 1_000_000), metavar="MB",
                   help="classroom: no new game above this memory use (default: 3/4 of this computer's memory)")
    p.add_argument("--idle-minutes", type=_bounded_int(1, 24 * 60), default=45, metavar="M",
                   help="classroom: stop a game nobody used for M minutes (default: 45)")

    p = sub.add_parser("student-copy", help=_("copy the notebooks with the solution cells blanked"),
                       description="Copy the notebooks (not notebooks/apps/) with every cell tagged 'solution' "
                                   "replaced by a placeholder and all outputs cleared.")
    p.add_argument("src", nargs="?", default="notebooks", metavar="SRC_DIR", help="default: notebooks")
    p.add_argument("--out", default="student_copies", metavar="DIR", help="default: student_copies")
    return parser


# ------------------------------------------------------------------------------------------------
# Helpers
# ------------------------------------------------------------------------------------------------
def game_options(args: argparse.Namespace) -> dict[str, Any]:
    """The game options of ``--variant`` and ``--option KEY=VALUE`` (true/false and whole numbers converted)."""
    options: dict[str, Any] = {}
    for item in getattr(args, "option", None) or []:
        key, sep, text = item.partition("=")
        if not sep or not key:
            raise CliError(_("--option needs KEY=VALUE, not {item!r}").format(item=item))
        value: Any = text
        if text in ("true", "false"):
            value = text == "true"
        elif text.lstrip("-").isdigit():
            value = int(text)
        options[key] = value
    if getattr(args, "variant", None):
        options["variant"] = args.variant
    return options


def _check_options(game_name: str, players: int, options: dict[str, Any]) -> None:
    """Build the game once so a bad option is one clear error line."""
    try:
        load_game(game_name, players=players, **options)
    except ValueError as exc:
        raise CliError(str(exc)) from None


def _players(info: GameInfo, players: int | None) -> int:
    if players is None:
        return max(info.players)
    if players not in info.players:
        raise CliError(_("{game} is for {counts} players, not {players}").format(
            game=info.title, counts=_counts_text(info), players=players))
    return players


def _counts_text(info: GameInfo) -> str:
    """'3, 4 or 5'."""
    counts = [str(n) for n in info.players]
    return counts[0] if len(counts) == 1 else _("{first} or {last}").format(first=", ".join(counts[:-1]),
                                                                              last=counts[-1])


def _seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def player_names(state: GameState) -> list[str]:
    """How the game names its players (the ``player_name`` hook: a colour, or 'Player N')."""
    hook = getattr(state, "player_name", None)  # declared by the protocol (default 'Player N')
    return [str(hook(p)) if callable(hook) else _seat_name(p) for p in range(state.players)]


def _who(names: list[str], p: int, me: int | None = None) -> str:
    """'Red (seat 1)', or 'Player 1' when the name already is the seat; '(you)' for the human."""
    name = names[p] if names[p] == _seat_name(p) else _("{name} (seat {seat})").format(name=names[p], seat=p + 1)
    return _("{name} (you)").format(name=name) if p == me else name


def _bot_names(info: GameInfo, names: Sequence[str] | None, count: int, default: str) -> list[str]:
    """Expand ``--bots``: one name for every seat or one per seat; check the names exist."""
    table = info.bots()
    names = list(names) if names else [default]
    for name in names:
        if name not in table:
            raise CliError(_("unknown bot {bot!r} for {game} (known bots: {bots})").format(
                bot=name, game=info.name, bots=", ".join(sorted(table))))
    if len(names) == 1:
        return names * count
    if len(names) != count:
        raise CliError(_("--bots needs 1 name or {count} names (one per seat), got {given}").format(
            count=count, given=len(names)))
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
        status = f" — {info.status}" if info.status else ""
        out.write(f"{name:{width}s}  {info.title}  " + _("({counts} players)").format(counts=_counts_text(info))
                  + f"{status}\n")
    return 0


# ------------------------------------------------------------------------------------------------
# play
# ------------------------------------------------------------------------------------------------
def _terminal_texts(info: GameInfo) -> Any:
    """The game's own terminal texts, if its package has a ``text_board`` module (``state_text(state, seat)``,
    ``action_text(state, action)``, ``event_text(state, event)``: a board drawn as text, places named)."""
    name = f"{info.module}.text_board"
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None


def _state_text(info: GameInfo, state: GameState, seat: int) -> str:
    """What the human sees: the game's ``describe()`` and ``hand_text()`` hooks, or their observation."""
    board = _terminal_texts(info)
    if board is not None:
        return board.state_text(state, seat)
    describe = getattr(state, "describe", None)
    text = describe() if callable(describe) else None
    if text is None:
        obs = state.observation(seat)
        return "\n".join(f"{key}: {json.dumps(value)}" for key, value in obs.items() if key != "events")
    hand = state.hand_text(seat)
    return text + ("\n" + hand if hand else "")


class _Quit(Exception):
    """The human stopped the game (q, end of input)."""


def _ask(n: int, inp: TextIO, out: TextIO, back: bool = False) -> Any:
    """Read a choice 1..n (0 = back, returned as None, if ``back``); re-prompt on bad input; _Quit on 'q'."""
    low = 0 if back else 1
    while True:
        out.write(_("Your choice ({low}-{high}, q to quit): ").format(low=low, high=n))
        out.flush()
        line = inp.readline()
        if line == "":
            out.write("\n" + _("End of input: the game is stopped.") + "\n")
            raise _Quit
        if not inp.isatty():  # echo piped input so that transcripts read like a terminal session
            out.write(line if line.endswith("\n") else line + "\n")
        text = line.strip()
        if text.lower() in ("q", "quit", "exit"):
            out.write(_("You left the game.") + "\n")
            raise _Quit
        try:
            choice = int(text)
        except ValueError:
            out.write((_("{text!r} is not a number: type a number from 1 to {n}.") if text else
                       _("Type a number from 1 to {n}.")).format(text=text, n=n) + "\n")
            continue
        if not low <= choice <= n:
            out.write(_("{choice} is out of range: choose from {low} to {high}.").format(choice=choice, low=low, high=n)
                      + "\n")
            continue
        return None if choice == 0 else choice - 1


def play_game(game_name: str, players: int | None = None, seat: int = 1, seed: int = 0,
              bots: Sequence[str] | None = None, inp: TextIO | None = None, out: TextIO | None = None,
              options: dict[str, Any] | None = None) -> int:
    """Play one game in the terminal: the human at ``seat`` (1-based) against bots; returns an exit code."""
    options = dict(options or {})
    inp = sys.stdin if inp is None else inp
    out = sys.stdout if out is None else out
    info = GAMES[game_name]
    n = _players(info, players)
    if not 1 <= seat <= n:
        raise CliError(_("--seat must be between 1 and {n} for {n} players, not {seat}").format(n=n, seat=seat))
    me = seat - 1
    default_bot = "heuristic" if "heuristic" in info.bots() else "random"
    names = _bot_names(info, bots, n - 1, default_bot)
    seat_bots = names[:me] + [None] + names[me:]
    from .core.simulate import make_bots
    bot_objects = make_bots(game_name, [b for b in seat_bots if b is not None])
    players_bots = bot_objects[:me] + [None] + bot_objects[me:]
    _check_options(game_name, n, options)
    game = load_game(game_name, players=n, seed=seed, **options)
    state = game.new_state()
    rng = random.Random(seed)
    names_of = player_names(state)
    texts = _terminal_texts(info)
    label = (lambda a: texts.action_text(state, a)) if texts is not None else str
    opponents = ", ".join(f"{_who(names_of, i)} = {b}" for i, b in enumerate(seat_bots) if b is not None)
    out.write(_("{game}, {n} players, seed {seed}. You are {you}; bots: {bots}.").format(
        game=info.title, n=n, seed=seed, you=_who(names_of, me), bots=opponents) + "\n")
    shown = 0

    def show_events() -> None:
        nonlocal shown
        for event in state.events_since(shown):
            out.write(f"  · {texts.event_text(state, event) if texts is not None else event.text()}\n")
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
            out.write("\n" + _("=== Your turn ({name}) ===").format(name=names_of[me])
                      + f"\n{_state_text(info, state, me)}\n")
            actions = state.legal_actions()
            if len(actions) == 1:
                out.write(_("Only one thing to do: {action}.").format(action=label(actions[0])) + "\n")
                state.apply(actions[0])
                continue
            state.apply(_choose_action(state, me, actions, inp, out, label))
    except _Quit:
        return 0
    except KeyboardInterrupt:
        out.write("\n" + _("Interrupted: the game is stopped.") + "\n")
        return 130
    show_events()
    out.write("\n" + _("=== Game over ===") + f"\n{_state_text(info, state, me)}\n")
    scores = state.scores()
    returns = state.returns()
    you = (lambda p: _("{name} (you)").format(name=names_of[p]) if p == me else names_of[p])
    out.write(_("Scores: {scores}").format(scores=", ".join(f"{you(p)} {sc}" for p, sc in enumerate(scores)))
              + "\n")
    best = max(returns)
    winners = [p for p, r in enumerate(returns) if r == best and r > 0]
    names_won = ", ".join(you(p) for p in winners)
    out.write((_("Winner: {names}") if len(winners) == 1 else _("Shared win: {names}")).format(names=names_won)
              + "\n")
    out.write((_("You win!") if me in winners else _("You lose.")) + "\n")
    return 0


def menu_groups(actions: Sequence[Any]) -> list[list[Any]]:
    """The actions as menu entries: one each, or, for a long menu, grouped by all their fields but the last
    (the Monk's moves: first the rat token, then the region it goes to)."""
    if len(actions) <= MENU_LIMIT:
        return [[a] for a in actions]
    groups: dict[tuple, list] = {}
    for action in actions:
        items = tuple((k, json.dumps(v, sort_keys=True)) for k, v in action.to_json().items())
        groups.setdefault(items[:-1] if len(items) > 2 else items, []).append(action)
    return list(groups.values())


def group_label(group: Sequence[Any], label: Any = str) -> str:
    """'Monk: move rat token #1 from Anglia to … (3 choices)': the labels of a group, what differs as '…'."""
    if len(group) == 1:
        return label(group[0])
    rows = [label(a).split() for a in group]
    if len({len(r) for r in rows}) == 1:
        words = [column[0] if len(set(column)) == 1 else "…" for column in zip(*rows)]
    else:  # labels of different lengths: what they share at the start
        words = []
        for column in zip(*rows):
            if len(set(column)) > 1:
                break
            words.append(column[0])
        words.append("…")
    text = " ".join(w for i, w in enumerate(words) if not (w == "…" and i and words[i - 1] == "…"))
    return ngettext("{text} ({n} choice)", "{text} ({n} choices)", len(group)).format(text=text, n=len(group))


def action_effect(state: GameState, player: int, action: Any, rng: random.Random) -> str | None:
    """What ``action`` does, when its label has no number and the effect does (how many cubes, cards ...).

    Played on two copies where everything ``player`` cannot see is dealt again: shown only if both say the
    same, so the menu never tells what the player may not know.
    """
    label = str(action)
    if any(ch.isdigit() for ch in label):
        return None
    texts = []
    for _copy in range(2):
        view = state.determinize(player, rng)
        before = view.event_count
        try:
            view.apply(action)
        except IllegalActionError:
            return None
        new = [e.text() for e in view.events_since(before)]
        texts.append(new[0] if new else None)
    text = texts[0]
    if text is None or text != texts[1]:
        return None
    bare = text
    for name in player_names(state):
        bare = bare.replace(name, "")
    return text if any(ch.isdigit() for ch in bare) else None


def _choose_action(state: GameState, me: int, actions: Sequence[Any], inp: TextIO, out: TextIO,
                   label: Any = str) -> Any:
    """Show the menu (grouped when long) and read the human's choice, in one or two steps."""
    groups = menu_groups(actions)
    rng = random.Random(state.event_count)
    while True:
        for i, group in enumerate(groups, 1):
            effect = action_effect(state, me, group[0], rng) if len(group) == 1 else None
            out.write(f"  {i}) {group_label(group, label)}" + (f" — {effect}" if effect else "") + "\n")
        group = groups[_ask(len(groups), inp, out)]
        if len(group) == 1:
            return group[0]
        out.write(f"{group_label(group, label)}:\n  0) " + _("back to the list") + "\n")
        for i, action in enumerate(group, 1):
            out.write(f"  {i}) {label(action)}\n")
        choice = _ask(len(group), inp, out, back=True)
        if choice is not None:
            return group[choice]


def cmd_play(args: argparse.Namespace, inp: TextIO, out: TextIO) -> int:
    """``ratgames play``."""
    return play_game(args.game, args.players, args.seat, args.seed, args.bots, inp, out, game_options(args))


# ------------------------------------------------------------------------------------------------
# simulate / bench
# ------------------------------------------------------------------------------------------------
def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """``ratgames simulate``."""
    from .core.simulate import simulate_games
    info = GAMES[args.game]
    n = _players(info, args.players)
    names = _bot_names(info, args.bots, n, "random")
    options = game_options(args)
    _check_options(args.game, n, options)
    try:
        result = simulate_games(args.game, n, args.games, seed=args.seed, bots=names, processes=args.processes,
                                scheduler=args.scheduler, **options)
    except ValueError as exc:
        raise CliError(str(exc)) from None
    if args.json:
        out.write(json.dumps(result.to_json(), indent=1) + "\n")
        return 0
    last = args.seed + args.games - 1
    seats = player_names(load_game(args.game, players=n, seed=args.seed, **options).new_state())
    width = max(10, *(len(_who(seats, p)) for p in range(n)))
    out.write(f"{info.title}: {n} players, {args.games} games (seeds {args.seed}..{last})\n")
    out.write(f"{'seat':{width}s} {'bot':10s} {'wins':>8s} {'win rate':>9s} {'mean score':>11s}\n")
    for p in range(n):
        out.write(f"{_who(seats, p):{width}s} {names[p]:10s} {result.wins[p]:8.1f} "
                  f"{_percent(result.win_rates()[p]):>9s} {result.mean_scores[p]:11.2f}\n")
    out.write("Wins: a shared win is split between the winners (2 winners get 0.5 each), so wins can be "
              "fractions.\n")
    out.write(f"Mean game length: {result.mean_length:.1f} actions (chance events included)\n")
    return 0


def cmd_tournament(args: argparse.Namespace, out: TextIO) -> int:
    """``ratgames tournament``."""
    from .core.tournament import Tournament
    options = game_options(args)
    try:
        tournament = Tournament(args.game, args.bots, args.games, args.seed, args.players, options,
                                args.time_limit)
        _check_options(args.game, tournament.players, options)
        tournament.run(args.results, scheduler=args.scheduler)
    except (ValueError, OSError) as exc:
        raise CliError(str(exc)) from None
    if args.json:
        out.write(json.dumps(tournament.to_json(), indent=1) + "\n")
        return 0
    for line in tournament.forfeits():
        out.write(line + "\n")
    out.write(tournament.table() + "\n")
    return 0


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    """``ratgames bench``."""
    from .core.bench import bench, bench_clone
    info = GAMES[args.game]
    counts = [_players(info, args.players)] if args.players is not None else list(info.players)
    options = game_options(args)
    if options and not args.json:
        out.write(_("options: {options}").format(options=", ".join(f"{k}={v}" for k, v in sorted(options.items())))
                  + "\n")
    rows = []
    for n in counts:
        _check_options(args.game, n, options)
        result = bench(args.game, n, seconds=args.seconds, **options)
        clone_us = bench_clone(args.game, n, **options)
        rows.append({"players": n, "games": result.games, "seconds": result.seconds,
                     "wall_seconds": result.wall_seconds, "actions": result.actions,
                     "games_per_second": result.games_per_second, "us_per_action": result.us_per_action,
                     "clone_us": clone_us})
        if not args.json:
            out.write(f"{result.line()}; clone() {clone_us:.1f} µs\n")
            out.flush()
    if args.json:
        out.write(json.dumps({"game": args.game, "options": options, "results": rows}, indent=1) + "\n")
    return 0


# ------------------------------------------------------------------------------------------------
# analyze
# ------------------------------------------------------------------------------------------------
def load_position_file(path: str | Path) -> tuple[Game, GameState]:
    """Read any position or match file (see ``ratgames_lab.load_position``); InvalidPositionError names the field."""
    return load_position(path)


def cmd_analyze(args: argparse.Namespace, out: TextIO) -> int:
    """``ratgames analyze`` (see ``analyze_cli``)."""
    if not 0.5 <= args.confidence < 1 or not 0 <= args.resolution < 100:
        raise CliError("--confidence must be at least 0.5 and below 1, --resolution between 0 and 100 points")
    game, state = load_position_file(args.position)
    if state.is_terminal():
        raise CliError("the game in this position is over: there is no decision to analyze")
    names = player_names(state)
    return analyze_cli.report(args.position, game, state, names, lambda p: _who(names, p), args, out)


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


def cmd_app(args: argparse.Namespace, extra: Sequence[str], out: TextIO) -> int:
    """``ratgames app``: serve notebooks/apps/GAME.ipynb with Voila until Ctrl-C, SIGTERM or SIGHUP."""
    from .classroom.plain_app import AppError, check_extra, serve_app
    notebook = app_notebook_path(args.game)
    try:
        check_extra(extra, args.game, loopback=not args.classroom)
        if notebook is None:
            raise CliError(f"{GAMES[args.game].title} has no dashboard yet (no notebooks/apps/{args.game}.ipynb)")
        if importlib.util.find_spec("voila") is None:
            raise CliError(f"Voila is not installed. Install the lab extra: {LAB_INSTALL_HINT}")
        if args.classroom:
            return _serve_classroom(args, notebook, extra, out)
        return serve_app(args.game, GAMES[args.game].title, notebook, args.port, args.no_browser, extra, out,
                         default_port=VOILA_PORT)
    except AppError as exc:
        raise CliError(str(exc)) from None


def _serve_classroom(args: argparse.Namespace, notebook: Path, extra: Sequence[str], out: TextIO) -> int:
    """``ratgames app GAME --classroom``."""
    from .classroom import ClassroomSettings, default_memory_mb, game_memory_cap_mb, new_code
    from .classroom.plain_app import free_port, port_is_free
    from .classroom.server import serve_classroom
    if extra:
        raise CliError(f"--classroom sets Voila's options itself (loopback, token, limits): leave out {extra[0]}")
    if args.ready_games > args.students:
        raise CliError(f"--ready-games ({args.ready_games}) cannot exceed --students ({args.students})")
    port = args.port if args.port is not None else free_port(VOILA_PORT, args.host)
    if not port_is_free(port, args.host):
        raise CliError(f"port {port} is busy (another program listens on it): choose another with --port P")
    memory_mb = args.memory_limit or default_memory_mb()
    settings = ClassroomSettings(
        game=args.game, notebook=notebook, port=port, host=args.host, students=args.students, ready_games=args.ready_games,
        starts_at_once=max(1, min(4, os.cpu_count() or 1)),
        memory_mb=memory_mb, kernel_memory_mb=game_memory_cap_mb(memory_mb, args.students + args.ready_games),
        idle_minutes=args.idle_minutes,
        student_code=new_code(6), teacher_code=new_code(10))
    return serve_classroom(settings, GAMES[args.game].title, out)


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
    wanted, argv = cli_language.split_language(sys.argv[1:] if argv is None else argv)
    try:
        wanted = wanted and cli_language.check_language(wanted)
    except ValueError as exc:  # an unknown --lang
        sys.stderr.write(f"ratgames: error: {exc}\n")
        return 2
    with cli_language.command_language(wanted):
        return _main(argv, stdin, stdout)


def _main(argv: Sequence[str], stdin: TextIO | None, stdout: TextIO | None) -> int:
    inp = sys.stdin if stdin is None else stdin
    out = sys.stdout if stdout is None else stdout
    parser = build_parser()
    redirect = contextlib.redirect_stdout(out) if stdout is not None else contextlib.nullcontext()
    with redirect:
        try:
            args, extra = parser.parse_known_args(argv)
            if extra and args.command != "app":
                parser.error(_("unrecognized arguments: %s") % " ".join(extra))
        except SystemExit as exc:  # --help (0) or a usage error (2)
            return int(exc.code or 0)
    try:
        commands = {
            "list": lambda: cmd_list(args, out),
            "play": lambda: cmd_play(args, inp, out),
            "simulate": lambda: cmd_simulate(args, out),
            "bench": lambda: cmd_bench(args, out),
            "tournament": lambda: cmd_tournament(args, out),
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
        sys.stderr.write("ratgames: error: " + _("invalid position, field {field!r}: {reason}").format(
            field=exc.field, reason=exc.reason) + "\n")
        return 2
    except IllegalActionError as exc:
        sys.stderr.write("ratgames: error: " + _("{reason} (rule: {rule})").format(reason=exc.reason, rule=exc.rule)
                         + "\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("\nratgames: " + _("interrupted") + "\n")
        return 130
    except BrokenPipeError:  # e.g. `ratgames list | head -1`: stop quietly
        if out is sys.stdout:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    raise AssertionError(f"unhandled command {args.command!r}")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
