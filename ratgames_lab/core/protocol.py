"""The engine contract every game follows: Action, Event, GameState and Game."""
from __future__ import annotations

import abc
import dataclasses
import random
from fractions import Fraction
from typing import Any, ClassVar, Iterable, Mapping, NamedTuple, Sequence

from .errors import IllegalActionError, InvalidPositionError

CHANCE = -1
TERMINAL = -2

_EVENT_TEXTS: dict[str, dict[str, str]] = {}


def register_event_texts(game: str, templates: Mapping[str, str]) -> None:
    """Register the English text templates for one game's event kinds."""
    _EVENT_TEXTS.setdefault(game, {}).update(templates)


class Event(NamedTuple):
    """Something that happened, with the rulebook section (``rule``) that made it happen."""

    game: str
    kind: str
    params: dict
    rule: str

    def text(self) -> str:
        """An English sentence explaining the event."""
        template = _EVENT_TEXTS.get(self.game, {}).get(self.kind)
        if template is None:
            return f"{self.kind}: {self.params}"
        try:
            return template.format(**self.params)
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):  # an event from a hand-edited file
            return f"{self.kind}: {self.params}"

    def to_json(self) -> dict:
        """The event as plain JSON data (with its text)."""
        return {"kind": self.kind, "params": self.params, "rule": self.rule, "text": self.text()}


class Action:
    """Base for a game's actions: frozen dataclasses with a class-level ``kind``."""

    __slots__ = ()
    kind: ClassVar[str] = ""

    def to_json(self) -> dict:
        """{"kind": ..., field: value, ...} with JSON-native values."""
        d: dict[str, Any] = {"kind": self.kind}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            d[f.name] = list(v) if isinstance(v, tuple) else v
        return d

    def describe(self) -> str:
        """A readable sentence for a student; games override it."""
        args = ", ".join(f"{k}={v}" for k, v in self.to_json().items() if k != "kind")
        return f"{self.kind}({args})"

    def __str__(self) -> str:
        return self.describe()


class ActionCodec:
    """Decodes action JSON into a game's Action classes, naming the bad field on error."""

    def __init__(self, classes: Iterable[type]):
        self.by_kind = {cls.kind: cls for cls in classes}

    def decode(self, data: Any) -> Action:
        """Build an Action from its JSON form or raise InvalidPositionError."""
        if not isinstance(data, Mapping):
            raise InvalidPositionError("an action must be a JSON object", "action")
        kind = data.get("kind")
        cls = self.by_kind.get(kind) if isinstance(kind, str) else None
        if cls is None:
            raise InvalidPositionError(f"unknown action kind {kind!r}", "action.kind")
        kwargs = {}
        for f in dataclasses.fields(cls):
            if f.name not in data:
                raise InvalidPositionError("missing", f"action.{f.name}")
            v = data[f.name]
            if isinstance(v, list):
                v = tuple(v)
            ftype = f.type if isinstance(f.type, str) else f.type.__name__
            if not _matches(ftype, v):
                raise InvalidPositionError(f"expected {ftype}, got {type(data[f.name]).__name__}", f"action.{f.name}")
            kwargs[f.name] = v
        extra = set(data) - {"kind"} - set(kwargs)
        if extra:
            raise InvalidPositionError(f"unexpected field(s) {sorted(extra)}", "action")
        return cls(**kwargs)


_SIMPLE_TYPES = {"int": int, "str": str, "bool": bool}


def _matches(ftype: str, value: Any) -> bool:
    """True if a decoded JSON value fits a dataclass field annotation (int, str, bool, tuple, optional)."""
    if ftype.endswith("| None") or ftype.startswith("Optional"):
        if value is None:
            return True
        ftype = ftype.replace("| None", "").replace("Optional[", "").rstrip("]").strip()
    if ftype.startswith("tuple"):
        return isinstance(value, tuple)
    expected = _SIMPLE_TYPES.get(ftype)
    if expected is None:
        return True
    if expected is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, expected)


def sample_outcome(outcomes: Sequence[tuple[Action, Fraction]], rng: random.Random) -> Action:
    """Pick one chance outcome exactly in proportion to its Fraction probability."""
    if len(outcomes) == 1:
        return outcomes[0][0]
    denom = 1
    for _, p in outcomes:
        denom = denom * p.denominator // _gcd(denom, p.denominator)
    r = rng.randrange(denom)
    acc = 0
    for action, p in outcomes:
        acc += p.numerator * (denom // p.denominator)
        if r < acc:
            return action
    return outcomes[-1][0]


def _gcd(a: int, b: int) -> int:
    while b:
        a, b = b, a % b
    return a


class GameState(abc.ABC):
    """Abstract game state. Subclasses keep plain data so that clone() is cheap.

    Subclasses implement ``current_player``, ``legal_actions``, ``chance_outcomes``,
    ``_check`` (raise IllegalActionError naming the rule, mutate nothing) and ``_do``.
    """

    game_name: ClassVar[str] = ""
    events: list[Event]

    # -- decisions -------------------------------------------------------
    @property
    @abc.abstractmethod
    def current_player(self) -> int:
        """The seat to move (0..n-1), CHANCE (-1) or TERMINAL (-2)."""

    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions open to the player to move (the outcomes at a chance node)."""

    @abc.abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """At a chance node, every outcome with its exact probability (summing to 1)."""

    def sample_chance(self, rng: random.Random) -> Action:
        """Sample the pending chance outcome (games may override with a faster path)."""
        return sample_outcome(self.chance_outcomes(), rng)

    def is_chance_node(self) -> bool:
        """True when the pending decision is a chance event."""
        return self.current_player == CHANCE

    def is_terminal(self) -> bool:
        """True when the game is over."""
        return self.current_player == TERMINAL

    # -- transitions -----------------------------------------------------
    def apply(self, action: Action) -> None:
        """Apply an action in place; IllegalActionError and no change if it is illegal."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action", "engine.action")
        if self.current_player == TERMINAL:
            raise IllegalActionError("the game is over", "game.end")
        self._check(action)
        self._do(action)

    @abc.abstractmethod
    def _check(self, action: Action) -> None:
        """Raise IllegalActionError naming the rule if ``action`` is illegal; never mutate."""

    @abc.abstractmethod
    def _do(self, action: Action) -> None:
        """Apply an action already checked by ``_check``."""

    def check(self, action: Action) -> None:
        """Raise IllegalActionError (naming the rule) if ``action`` is illegal now; change nothing."""
        if self.is_terminal():
            raise IllegalActionError("the game is over", "game.end")
        self._check(action)

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` may be applied now."""
        try:
            self.check(action)
        except IllegalActionError:
            return False
        return True

    # -- outcome ---------------------------------------------------------
    @abc.abstractmethod
    def returns(self) -> list[float]:
        """One value per player: win 1, loss 0, a shared win split."""

    @abc.abstractmethod
    def scores(self) -> list[int]:
        """Game points per player, as the rulebook counts them."""

    # -- views -----------------------------------------------------------
    @abc.abstractmethod
    def observation(self, player: int) -> dict:
        """JSON-able view of what ``player`` may see (hidden information removed)."""

    @abc.abstractmethod
    def to_json(self) -> dict:
        """The full position as JSON data."""

    @abc.abstractmethod
    def determinize(self, player: int, rng: random.Random) -> "GameState":
        """A copy where all that ``player`` cannot see is resampled consistently with what they can."""

    @abc.abstractmethod
    def clone(self) -> "GameState":
        """An independent copy (cheap: plain data)."""

    def emit(self, kind: str, rule: str, /, **params: Any) -> None:
        """Record an event."""
        self.events.append(Event(self.game_name, kind, params, rule))


class OptionSpec:
    """One game option: default value and allowed values (or a type)."""

    def __init__(self, default: Any, allowed: Sequence[Any] | None = None, kind: type | None = None, help: str = ""):
        self.default = default
        self.allowed = allowed
        self.kind = kind
        self.help = help

    def validate(self, name: str, value: Any) -> Any:
        if self.allowed is not None and value not in self.allowed:
            raise ValueError(f"option {name}={value!r} is not one of {list(self.allowed)}")
        if self.kind is not None and not isinstance(value, self.kind):
            raise ValueError(f"option {name}={value!r} must be of type {self.kind.__name__}")
        return value


class Game(abc.ABC):
    """A game with its fixed parameters (player count, seed, options); builds states."""

    name: ClassVar[str] = ""
    title: ClassVar[str] = ""
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2
    option_specs: ClassVar[dict[str, OptionSpec]] = {}
    action_codec: ClassVar[ActionCodec]

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        if players is None:
            players = self.max_players
        if not isinstance(players, int) or isinstance(players, bool) or not (self.min_players <= players <= self.max_players):
            raise ValueError(
                f"option players={players!r}: {self.title} is for {self.min_players}-{self.max_players} players"
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"option seed={seed!r} must be an integer")
        self.players = players
        self.seed = seed
        self.options = {}
        for key, value in options.items():
            spec = self.option_specs.get(key)
            if spec is None:
                known = ", ".join(sorted(self.option_specs)) or "none"
                raise ValueError(f"unknown option {key!r} for {self.name} (known options: {known})")
            self.options[key] = spec.validate(key, value)
        for key, spec in self.option_specs.items():
            self.options.setdefault(key, spec.default)

    @abc.abstractmethod
    def new_state(self) -> GameState:
        """The state after setup, chance resolved from the game seed."""

    @abc.abstractmethod
    def state_from_json(self, data: Any) -> GameState:
        """A validated position; InvalidPositionError names the bad field."""

    def action_from_json(self, data: Any) -> Action:
        """Decode an action; InvalidPositionError names the bad field."""
        return self.action_codec.decode(data)

    def config(self) -> dict:
        """What is needed to rebuild this game: name, players, seed, options."""
        return {"game": self.name, "players": self.players, "seed": self.seed, "options": dict(self.options)}

    def __repr__(self) -> str:
        return f"<{self.title}: {self.players} players, seed {self.seed}, options {self.options}>"
