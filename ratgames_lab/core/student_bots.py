"""Students' bots: a plain function ``choose(view, legal_actions, rng)`` (or a small class) becomes a bot that
decides from its seat's view only, and a bot that fails forfeits its game with a one-line reason.

A bot spec is a shipped bot's name (``"heuristic"``), ``"path/to/file.py:choose"`` (a function or class in a
file), or a Python object: a function, a class, or anything with ``choose``. This is not a sandbox: a student's
code runs with the rights of the program that runs it (see docs/student_bots.md).
"""
from __future__ import annotations

import dataclasses
import hashlib
import importlib.util
import inspect
import random
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any, Callable

from .playout import random_playout, seat_view
from .protocol import Action, GameState
from .registry import GAMES

DEFAULT_TIME_LIMIT = 2.0  # seconds a bot may take for one decision before it forfeits


class BotForfeit(Exception):
    """A bot broke a rule of the tournament (raised, returned an illegal action, or ran past its time)."""

    def __init__(self, bot: str, reason: str):
        super().__init__(f"{bot} forfeits: {reason}")
        self.bot = bot
        self.reason = reason


class _OverTime(BaseException):
    """Raised inside a bot that ran past its time (a BaseException, so that ``except Exception`` cannot eat it)."""


def _short(text: str, limit: int = 120) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def _arity(fn: Callable) -> int:
    try:
        params = inspect.signature(fn).parameters.values()
    except (TypeError, ValueError):
        return 3
    if any(p.kind == p.VAR_POSITIONAL for p in params):
        return 3
    return sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) and p.default is p.empty for p in params)


@dataclasses.dataclass
class StudentBot:
    """A student's strategy as a bot: ``choose(view, rng)`` asks ``fn(view, legal_actions, rng)``.

    ``fn`` may also take ``(view, rng)`` (the shipped bots' form). The view is already the seat's determinized
    copy: the bot never receives the real state.
    """

    fn: Callable
    name: str = "student"
    time_limit: float | None = DEFAULT_TIME_LIMIT

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """The bot's move in ``view``, checked: it must be one of ``view``'s legal actions."""
        legal = view.legal_actions()
        args = (view, list(legal), rng) if _arity(self.fn) >= 3 else (view, rng)
        try:
            with _time_limit(self.time_limit):
                start = time.perf_counter()
                action = self.fn(*args)
                took = time.perf_counter() - start
        except _OverTime:
            raise BotForfeit(self.name, f"took longer than its {self.time_limit:g} s per decision") from None
        except BotForfeit:
            raise
        except Exception as exc:  # a student's bug: forfeit, with the error in one line
            raise BotForfeit(self.name, f"raised {type(exc).__name__}: {_short(exc)}") from None
        if self.time_limit is not None and took > self.time_limit:
            raise BotForfeit(self.name, f"took {took:.2f} s, over its {self.time_limit:g} s per decision")
        if not isinstance(action, Action) or action not in legal:
            raise BotForfeit(self.name, f"returned {_short(repr(action), 80)}, which is not a legal action here")
        return action


class _time_limit:
    """Interrupt the block after ``seconds``: SIGALRM in the main thread, an asynchronous exception in another
    thread (CPython), nothing where neither exists (Pyodide): there the time is checked after the call."""

    def __init__(self, seconds: float | None):
        self.seconds = seconds
        self.timer: threading.Timer | None = None
        self.old = None

    def __enter__(self) -> None:
        if not self.seconds or sys.platform == "emscripten":  # Pyodide: no timers; checked after the call
            return
        main = threading.current_thread() is threading.main_thread()
        if main and hasattr(signal, "setitimer"):
            def ring(_sig, _frame):
                raise _OverTime()
            self.old = signal.signal(signal.SIGALRM, ring)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        elif sys.implementation.name == "cpython":
            import ctypes
            ident = threading.get_ident()

            def ring() -> None:
                ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(ident), ctypes.py_object(_OverTime))
            self.timer = threading.Timer(self.seconds, ring)
            self.timer.daemon = True
            self.timer.start()

    def __exit__(self, *exc: Any) -> None:
        if self.old is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, self.old)
        if self.timer is not None:
            self.timer.cancel()


class ShippedBot:
    """A shipped bot (random, heuristic, ...) with the same name and checks as a student's bot."""

    def __init__(self, bot: Any, name: str):
        self.bot = bot
        self.name = name

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """The shipped bot's move."""
        return self.bot.choose(view, rng)


def _load_file(path: str, attr: str) -> Any:
    file = Path(path)
    if file.suffix != ".py":
        raise ValueError(f"bot file {path!r} is not a .py file (write BOT as FILE.py:FUNCTION)")
    if not file.is_file():
        raise ValueError(f"bot file {path!r} does not exist")
    digest = hashlib.sha256(str(file.resolve()).encode()).hexdigest()[:12]
    spec = importlib.util.spec_from_file_location(f"ratgames_student_bot_{digest}", file)
    module = importlib.util.module_from_spec(spec)
    try:
        spec.loader.exec_module(module)  # type: ignore[union-attr]
    except Exception as exc:
        raise ValueError(f"bot file {path!r} fails to load: {type(exc).__name__}: {_short(exc)}") from None
    if not hasattr(module, attr):
        raise ValueError(f"bot file {path!r} has no {attr!r}")
    return getattr(module, attr)


def as_bot(spec: Any, game: str, name: str | None = None, time_limit: float | None = DEFAULT_TIME_LIMIT) -> Any:
    """A bot from a spec: a shipped bot's name, ``"file.py:function"``, a function, a class or a bot object."""
    if isinstance(spec, str):
        shipped = GAMES[game].bots()
        if spec in shipped:
            return ShippedBot(shipped[spec](), name or spec)
        if ":" not in spec:
            raise ValueError(f"unknown bot {spec!r} for {game} (known bots: {', '.join(sorted(shipped))}, "
                             "or FILE.py:FUNCTION)")
        path, attr = spec.rsplit(":", 1)
        return as_bot(_load_file(path, attr), game, name or attr, time_limit)
    if inspect.isclass(spec):
        return as_bot(spec(), game, name or spec.__name__, time_limit)
    label = name or getattr(spec, "name", None) or getattr(spec, "__name__", None) or type(spec).__name__
    fn = spec.choose if hasattr(spec, "choose") and not inspect.isfunction(spec) else spec
    if not callable(fn):
        raise ValueError(f"bot {label!r} has no choose function")
    return StudentBot(fn, str(label), time_limit)


def spec_name(spec: Any) -> str:
    """A short display name for a bot spec ("heuristic", "mine.py:choose" -> "choose", a function's name)."""
    if isinstance(spec, str):
        return spec.rsplit(":", 1)[-1] if ":" in spec else spec
    return str(getattr(spec, "name", None) or getattr(spec, "__name__", None) or type(spec).__name__)


def decide(bot: Any, state: GameState, rng: random.Random, views: random.Random) -> Action:
    """The bot's move for the seat to play, shown only that seat's view; a move illegal in the real state forfeits."""
    action = bot.choose(seat_view(state, views), rng)
    if not state.is_legal(action):
        raise BotForfeit(getattr(bot, "name", "bot"), f"returned {_short(str(action), 80)}, not legal in the game")
    return action


@dataclasses.dataclass(frozen=True)
class _Registered:
    """A student's bot in a game's bot table: called with no argument, like the shipped bots' classes."""

    spec: Any
    game: str
    name: str
    time_limit: float | None

    def __call__(self) -> Any:
        return as_bot(self.spec, self.game, self.name, self.time_limit)


def register_bot(game: str, name: str, spec: Any, time_limit: float | None = DEFAULT_TIME_LIMIT) -> None:
    """Add a student's bot to the game's bot table for this session, so that a dashboard seat, ``simulate`` and a
    tournament can use it by ``name`` (register it before building the dashboard)."""
    table = GAMES[game].bots()
    if not name.isidentifier():
        raise ValueError(f"a bot's name is one word of letters, digits and _, not {name!r}")
    if name in table and not isinstance(table[name], _Registered):
        raise ValueError(f"{name!r} is a shipped bot of {game}: choose another name")
    as_bot(spec, game, name, time_limit)  # refuse a spec that is not a bot now
    table[name] = _Registered(spec, game, name, time_limit)


def unregister_bot(game: str, name: str) -> None:
    """Remove a bot that ``register_bot`` added (shipped bots stay)."""
    table = GAMES[game].bots()
    if isinstance(table.get(name), _Registered):
        del table[name]


def win_rates_from(view: GameState, playouts: int = 20, rng: random.Random | None = None) -> dict[Action, float]:
    """For each legal move of the seat to play in ``view``: how often that seat wins if everybody then plays at
    random, over ``playouts`` worlds consistent with what the seat knows (a bot's quick 'what if')."""
    rng = rng or random.Random(0)
    seat = view.current_player
    wins = {action: 0.0 for action in view.legal_actions()}
    for _ in range(playouts):
        world = view.determinize(seat, rng)
        seed = rng.getrandbits(32)
        for action in wins:
            sim = world.clone()
            sim.apply(action)
            random_playout(sim, random.Random(seed))
            wins[action] += sim.returns()[seat]
    return {action: total / playouts for action, total in wins.items()}
