"""The engine contract every game follows: Action, Event, GameState and Game."""
from __future__ import annotations

import abc
import dataclasses
import random
from fractions import Fraction
from typing import Any, ClassVar, Iterable, Mapping, NamedTuple, Sequence

from .errors import IllegalActionError, InvalidPositionError, brief
from .fields import StateFields, check_json_value
from .i18n import DEFAULT_LANGUAGE, use_language
from .text import fix_plurals

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
            return fix_plurals(template.format(**self.params))
        except (KeyError, IndexError, ValueError, AttributeError, TypeError):  # an event from a hand-edited file
            return f"{self.kind}: {self.params}"

    def to_json(self) -> dict:
        """The event as plain JSON data (with its text in English: JSON never depends on the language)."""
        with use_language(DEFAULT_LANGUAGE):
            return {"kind": self.kind, "params": self.params, "rule": self.rule, "text": self.text()}


class Action:
    """Base for a game's actions: frozen dataclasses with a class-level ``kind``.

    Field values are checked at construction against the field annotations (``int`` is never a bool, ``str``,
    ``bool``, ``tuple[...]``, ``X | None``): a malformed action raises IllegalActionError and is never built.
    """

    __slots__ = ()
    kind: ClassVar[str] = ""

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            ftype = f.type if isinstance(f.type, str) else getattr(f.type, "__name__", str(f.type))
            value = getattr(self, f.name)
            if not _matches(ftype, value):
                raise IllegalActionError(f"{type(self).__name__}.{f.name} must be {ftype}, not {brief(value)}",
                                         "engine.action")

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
        try:
            return fix_plurals(self.describe())
        except (KeyError, IndexError, ValueError, TypeError, AttributeError):  # a decodable action with unknown names
            args = ", ".join(f"{k}={brief(v)}" for k, v in self.to_json().items() if k != "kind")
            return f"{self.kind}({args})"


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
            raise InvalidPositionError(f"unknown action kind {brief(kind)}", "action.kind")
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


class StateMeta(abc.ABCMeta):
    """Metaclass of game states: a class that declares ``FIELDS`` gets its ``__slots__`` and ``clone`` from them."""

    def __new__(mcls, name: str, bases: tuple, ns: dict, **kwargs: Any):
        fields = ns.get("FIELDS")
        if isinstance(fields, StateFields):
            _refuse_reserved_names(name, fields, bases, ns)
            if "__slots__" not in ns:
                inherited = {slot for base in bases for k in base.__mro__ for slot in getattr(k, "__slots__", ())}
                ns["__slots__"] = tuple(n for n in fields.slots() if n not in inherited)
            if "clone" not in ns:
                ns["clone"] = fields.make_clone()
        return super().__new__(mcls, name, bases, ns, **kwargs)


def _refuse_reserved_names(cls_name: str, fields: StateFields, bases: tuple, ns: dict) -> None:
    """A state field may not take the name of a method or attribute of the class or of the protocol (``scores``)."""
    for field in fields.slots():
        if field in ns:
            raise TypeError(f"{cls_name}: state field {field!r} has the name of an attribute of {cls_name} itself; "
                            "rename the field")
        for base in bases:
            for k in base.__mro__:
                if field not in k.__dict__:
                    continue
                declared = k.__dict__.get("FIELDS")
                if isinstance(declared, StateFields) and field in declared.slots():
                    break  # a field inherited from a parent state class: fine
                raise TypeError(f"{cls_name}: state field {field!r} is a reserved name ({k.__name__}.{field} is part "
                                "of the game protocol); rename the field")


class GameState(abc.ABC, metaclass=StateMeta):
    """Abstract game state. Subclasses keep plain data so that clone() is cheap.

    A subclass declares its fields once (``FIELDS = StateFields(...)``, see ``core.fields``): ``__slots__``,
    ``clone()``, ``to_json()`` and ``from_json()`` derive from them. It implements ``current_player``,
    ``legal_actions`` (the one definition of what is legal), ``chance_outcomes``, ``_do`` (the effect of a
    legal action) and ``explain_illegal`` (why an action is not legal, naming the rule; it never decides).
    """

    __slots__ = ("comp", "players", "_log", "_nlog", "_quiet")
    game_name: ClassVar[str] = ""
    event_texts: ClassVar[str] = ""  # the event-text table (default: game_name), e.g. a variant's own texts
    FIELDS: ClassVar[StateFields | None] = None
    FORMAT: ClassVar[str] = ""  # the "format" written in to_json(), e.g. "ratgames_lab.rattus/1"

    @classmethod
    def blank(cls, comp: Any) -> "GameState":
        """An instance with its components and an empty event log, for a game's setup to fill in."""
        state = object.__new__(cls)
        state.comp = comp
        state.players = comp.players
        state._init_log()
        return state

    # -- the shared event log ------------------------------------------------
    def _init_log(self, events: Sequence[Event] = ()) -> None:
        """Start this state's event log (empty, or with loaded events)."""
        self._log = list(events)
        self._nlog = len(self._log)
        self._quiet = False

    def quiet(self) -> "GameState":
        """Stop recording events in this state and its clones (random playouts and benchmarks, which never read
        them: a playout's events are neither shown nor saved); returns the state."""
        self._quiet = True
        return self

    @property
    def events(self) -> list[Event]:
        """Every event since setup, oldest first (a copy: the log is shared between clones)."""
        return self._log[:self._nlog]

    @property
    def event_count(self) -> int:
        """How many events happened since setup."""
        return self._nlog

    def events_since(self, index: int) -> list[Event]:
        """The events from number ``index`` on."""
        return self._log[index:self._nlog]

    def emit(self, kind: str, rule: str, /, **params: Any) -> None:
        """Record an event (``rule`` names the rulebook section behind it)."""
        if self._quiet:
            return
        log = self._log
        if len(log) != self._nlog:  # a clone appended to the shared list: copy our part first
            log = self._log = log[:self._nlog]
        log.append(Event(self.event_texts or self.game_name, kind, params, rule))
        self._nlog += 1

    # -- decisions -------------------------------------------------------
    @property
    @abc.abstractmethod
    def current_player(self) -> int:
        """Who decides now: the seat (0..n-1), CHANCE (-1) or TERMINAL (-2)."""

    @property
    def turn_player(self) -> int:
        """Whose turn it is (differs from ``current_player`` when another seat answers during that turn)."""
        return self.current_player

    @abc.abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions open to the player to move (the outcomes at a chance node): the one source of legality."""

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

    def accepts_unlisted(self, action: Action) -> bool:
        """Hook for games whose actions cannot all be listed (a composed trade offer): True if legal anyway."""
        return False

    # -- legality and transitions -------------------------------------------
    def is_legal(self, action: Action) -> bool:
        """True if ``action`` may be applied now: it is one of ``legal_actions()`` (or an accepted unlisted one)."""
        if not isinstance(action, Action) or self.current_player == TERMINAL:
            return False
        try:
            return action in self.legal_actions() or self.accepts_unlisted(action)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # an action with malformed fields
            return False

    def explain_illegal(self, action: Action) -> IllegalActionError:
        """Why ``action`` is not legal now, naming the rule: the first error ``_explain`` raises, else a generic one.

        It only explains: whether an action is legal is decided by ``legal_actions()`` alone.
        """
        try:
            self._explain(action)
        except IllegalActionError as error:
            return error
        return IllegalActionError(f"'{describe_action(action)}' is not one of the legal actions now",
                                  "engine.not_legal")

    def _explain(self, action: Action) -> None:
        """Hook: raise the IllegalActionError (naming the rule) that explains why ``action`` is not legal now."""

    def check(self, action: Action) -> None:
        """Raise IllegalActionError (naming the rule) if ``action`` is illegal now; change nothing."""
        if not isinstance(action, Action):
            raise IllegalActionError(f"{brief(action)} is not an action", "engine.action")
        if self.current_player == TERMINAL:
            raise IllegalActionError("the game is over", "game.end")
        if not self.is_legal(action):
            try:
                error = self.explain_illegal(action)
            except Exception:  # noqa: BLE001 - an explanation must never replace the refusal itself
                error = GameState.explain_illegal(self, action)
            if not isinstance(error, IllegalActionError):
                error = GameState.explain_illegal(self, action)
            raise error

    def apply(self, action: Action) -> None:
        """Apply an action in place; IllegalActionError naming the rule, and no change, if it is illegal."""
        self.check(action)
        self._do(action)

    def apply_legal(self, action: Action) -> None:
        """Apply an action just taken from this state's ``legal_actions()`` or ``sample_chance()`` (no re-check)."""
        self._do(action)

    @abc.abstractmethod
    def _do(self, action: Action) -> None:
        """Apply a legal action."""

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
    def determinize(self, player: int, rng: random.Random) -> "GameState":
        """A copy where all that ``player`` cannot see is resampled consistently with what they can know."""

    def hidden_worlds(self, player: int):
        """Hook: the worlds ``player`` cannot tell apart (a ``core.worlds.HiddenWorlds``), or None if the game
        describes them otherwise. Games that return one build ``determinize`` and their exact odds on it."""
        return None

    def world(self, slots) -> dict:
        """Hook (with ``hidden_worlds``): what really lies in each of these hidden slots of this state."""
        return {}

    def describe(self) -> str | None:
        """Hook: the position in words for the terminal (None: the terminal shows the observation instead)."""
        return None

    def player_name(self, player: int) -> str:
        """How the game names a seat (e.g. its colour); the terminal and the dashboards use it."""
        return f"Player {player + 1}"

    def hand_text(self, player: int) -> str | None:
        """What ``player`` holds, in words, for the terminal (None if the game has no hands)."""
        return None

    # -- positions ---------------------------------------------------------
    def to_json(self) -> dict:
        """The full position as JSON data: the format, the player count, every declared field, the events."""
        out: dict = {"format": self.FORMAT, "players": self.players}
        out.update(self.FIELDS.encode(self))  # type: ignore[union-attr]
        out["events"] = [{"kind": e.kind, "params": e.params, "rule": e.rule} for e in self.events]
        return out

    @classmethod
    def from_json(cls, data: Any, comp: Any) -> "GameState":
        """A validated position for the components ``comp``; InvalidPositionError names the bad field."""
        if not isinstance(data, Mapping):
            raise InvalidPositionError("a position must be a JSON object", "position")
        check_json_value(data)
        if data.get("format") == "ratgames_lab.position/1":  # a position file: its game must be this one
            if data.get("game") != cls.game_name:
                raise InvalidPositionError(f"this position is for {brief(data.get('game'))}, not {cls.game_name!r}",
                                           "game")
            if data.get("players") != comp.players:
                raise InvalidPositionError(f"this game is for {comp.players} players, the position for "
                                           f"{brief(data.get('players'))}", "players")
            try:
                return cls.from_json(data.get("position"), comp)
            except InvalidPositionError as exc:
                raise InvalidPositionError(exc.reason, f"position.{exc.field}") from None
        if cls.FORMAT and data.get("format") != cls.FORMAT:
            raise InvalidPositionError(f"expected {cls.FORMAT!r}, got {brief(data.get('format'))}", "format")
        players = data.get("players")
        if players != comp.players or isinstance(players, bool):
            raise InvalidPositionError(f"this game is for {comp.players} players, the position for {brief(players)}",
                                       "players")
        known = cls.FIELDS.json_keys() | {"format", "players", "events"}  # type: ignore[union-attr]
        for key in data:
            if key not in known:
                raise InvalidPositionError("unexpected field", str(key))
        state = cls.blank(comp)
        cls.FIELDS.decode_into(state, data)  # type: ignore[union-attr]
        state._init_log(_decode_events(cls.event_texts or cls.game_name, data.get("events", [])))
        cls.validate_json(data, comp)
        state.validate_position()
        state.after_load()
        _require_a_move(state)
        return state

    @classmethod
    def validate_json(cls, data: Mapping, comp: Any) -> None:
        """Hook: checks on the raw JSON once every field has the right type (e.g. each card exactly once)."""

    def validate_position(self) -> None:
        """Hook: cross-field checks of the decoded position (raise InvalidPositionError naming the field)."""

    def after_load(self) -> None:
        """Hook: rebuild transient caches (who is to move...) after a position was read and validated."""


def _decode_events(game: str, data: Any) -> list[Event]:
    if not isinstance(data, list):
        raise InvalidPositionError("must be a list of events", "events")
    out = []
    for i, e in enumerate(data):
        if not (isinstance(e, Mapping) and isinstance(e.get("kind"), str) and isinstance(e.get("rule"), str)
                and isinstance(e.get("params"), Mapping) and set(e) <= {"kind", "params", "rule", "text"}):
            raise InvalidPositionError("an event is {kind: text, params: object, rule: text}", f"events[{i}]")
        out.append(Event(game, e["kind"], dict(e["params"]), e["rule"]))
    return out


def _require_a_move(state: GameState) -> None:
    """A loaded position that is not over must offer the player to move (or chance) at least one action."""
    try:
        cur = state.current_player
        stuck = cur != TERMINAL and (not state.legal_actions() or (cur == CHANCE and not state.chance_outcomes()))
    except (IndexError, KeyError, ValueError, TypeError, ZeroDivisionError, AttributeError) as exc:
        raise InvalidPositionError(f"the position is inconsistent ({type(exc).__name__})", "position") from None
    if stuck:
        raise InvalidPositionError("the player to move has no legal action in this position", "position")


def describe_action(action: Any) -> str:
    """``str(action)``, or its repr if a malformed action cannot be described."""
    try:
        return str(action)
    except Exception:  # noqa: BLE001 - describing must never fail
        return repr(action)


class OptionSpec:
    """One game option: default value and allowed values (or a type)."""

    def __init__(self, default: Any, allowed: Sequence[Any] | None = None, kind: type | None = None, help: str = ""):
        self.default = default
        self.allowed = allowed
        self.kind = kind
        self.help = help

    def validate(self, name: str, value: Any) -> Any:
        if self.allowed is not None and value not in self.allowed:
            raise ValueError(f"option {name}={brief(value)} is not one of {list(self.allowed)}")
        if self.kind is not None and not isinstance(value, self.kind):
            raise ValueError(f"option {name}={brief(value)} must be of type {self.kind.__name__}")
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
                f"option players={brief(players)}: {self.title} is for {self.min_players}-{self.max_players} players"
            )
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"option seed={brief(seed)} must be an integer")
        self.players = players
        self.seed = seed
        self.options = {}
        for key, value in options.items():
            spec = self.option_specs.get(key)
            if spec is None:
                known = ", ".join(sorted(self.option_specs)) or "none"
                raise ValueError(f"unknown option {brief(key)} for {self.name} (known options: {known})")
            self.options[key] = spec.validate(key, value)
        for key, spec in self.option_specs.items():
            self.options.setdefault(key, spec.default)
        # data options (core.data_option.DataOption): the validated data objects, by option name
        self.data = {key: spec.load(key, self.options[key]) for key, spec in self.option_specs.items()
                     if hasattr(spec, "load")}

    @abc.abstractmethod
    def new_state(self) -> GameState:
        """The state after setup, chance resolved from the game seed."""

    @abc.abstractmethod
    def state_from_json(self, data: Any) -> GameState:
        """A validated position; InvalidPositionError names the bad field."""

    def action_from_json(self, data: Any) -> Action:
        """Decode an action; InvalidPositionError names the bad field (a wrong type, an unknown card or region)."""
        action = self.action_codec.decode(data)
        names = self.action_names()
        for f in dataclasses.fields(action):  # type: ignore[arg-type]
            allowed = names.get(f.name)
            value = getattr(action, f.name)
            if allowed is not None and value is not None and value not in allowed:
                raise InvalidPositionError(f"{brief(value)} is not a name this game knows (for {f.name!r})", f"action.{f.name}")
        return action

    def action_names(self) -> Mapping[str, Any]:
        """Hook: for action fields that name a component (``card``, ``region``...), the names this game knows."""
        return {}

    def position_schema(self) -> dict:
        """The JSON schema of this game's positions, derived from the state's declared fields."""
        state = self.new_state()
        extra = {"format": {"const": state.FORMAT}, "players": {"const": self.players},
                 "events": {"type": "array", "items": {"type": "object"}}}
        return state.FIELDS.schema(state.comp, extra)

    def config(self) -> dict:
        """What is needed to rebuild this game: name, players, seed, options (data options as data, not paths)."""
        options = {}
        for key, value in self.options.items():
            spec = self.option_specs[key]
            options[key] = spec.dump(self.data[key]) if isinstance(value, str) and hasattr(spec, "dump") else value
        return {"game": self.name, "players": self.players, "seed": self.seed, "options": options}

    def __repr__(self) -> str:
        return f"<{self.title}: {self.players} players, seed {self.seed}, options {self.options}>"
