"""The pending tasks of a round: small named immutable types, and the table where each task's rule registers.

A round runs as a list of tasks (``state.tasks``); the first is the one being done now. A task is an immutable
tuple ``(kind, field, ...)`` with named fields (``Hospital(player=0, cards=3)``); its JSON form is the plain
list ``["hospital", 0, 3]``, as in every position file. A rule changes a task by replacing it
(``s.tasks[0] = t.but(cards=t.cards - 1)``).

Each task kind's rule sits in one module (support.py, visit.py, resolution.py, building_actions.py, effects.py,
new_buildings.py) and registers itself here: a decision or chance task with its legal actions, the effect of
an action, when it waits (``ready``) and why an action is refused (``explain``); an automatic task with what it
does. ``rules.py`` only dispatches through this table.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, Callable, ClassVar

try:  # the C field accessor of collections.namedtuple (as namedtuple itself falls back when it is missing)
    from collections import _tuplegetter as _field
except ImportError:  # pragma: no cover
    def _field(index: int, doc: str) -> property:
        return property(itemgetter(index), doc=doc)

DECISION, CHANCE, AUTOMATIC = "decision", "chance", "automatic"

# what a field holds (position.py checks it when a position is read): p a seat, s a row slot, n a count >= 0,
# r a nun-row position or -1, b a 0/1 flag
FIELD_KINDS = {"player": "p", "giver": "p", "receiver": "p", "chooser": "p", "slot": "s", "count": "n",
               "cards": "n", "first": "r", "flute": "b", "guard_tower": "b", "privilege": "b"}


class Task(tuple):
    """A pending task: ``(kind, *fields)``; subclasses declare ``kind=`` and their int fields (in JSON order)."""

    __slots__ = ()
    kind: ClassVar[str] = ""
    fields: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, kind: str = "", **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.kind = kind
        cls.fields = tuple(inspect.get_annotations(cls))
        for i, name in enumerate(cls.fields, 1):
            setattr(cls, name, _field(i, f"field {name}"))
        # fast construction: a task is an immutable value, so one shared object per kind and fields (like the
        # cached actions); a new one is built only the first time (the fields are small whole numbers)
        args = "".join(f", {name}" for name in cls.fields)
        key = f"({args[2:]},)" if cls.fields else "()"
        env: dict[str, Any] = {"_new": tuple.__new__, "_made": {}}
        exec(f"def __new__(cls{args}):\n"
             f"    t = _made.get({key})\n"
             f"    if t is None:\n"
             f"        t = _made[{key}] = _new(cls, ({kind!r}{args},))\n"
             f"    return t", env)
        cls.__new__ = env["__new__"]
        KINDS[kind] = cls

    def __getnewargs__(self) -> tuple:
        return tuple(self[1:])

    def but(self, **changes: int) -> "Task":
        """A copy with these fields changed."""
        values = list(self[1:])
        for name, v in changes.items():
            values[self.fields.index(name)] = v
        return type(self)(*values)

    def to_json(self) -> list:
        """The position-file form: [kind, field, ...]."""
        return list(self)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={v!r}' for n, v in zip(self.fields, self[1:]))})"


KINDS: dict[str, type[Task]] = {}  # kind -> Task subclass (the names a position file may use)


def from_json(data: list) -> Task:
    """A task from its checked JSON form [kind, field, ...] (position.py checks names and ranges first)."""
    return KINDS[data[0]](*data[1:])


# -- the tasks, in the order of a round ----------------------------------------------------------------------
class Round(Task, kind="round"):
    """A: start a round (reveal the new buildings)."""
    __slots__ = ()


class Reveal(Task, kind="reveal"):
    """A, chance: the next building card of the deck."""
    __slots__ = ()


class Identical(Task, kind="identical"):
    """A: check whether every revealed building is of one type."""
    __slots__ = ()


class Replace(Task, kind="replace"):
    """A, chance: a card of the replacement deck."""
    __slots__ = ()


class SupportTurn(Task, kind="support"):
    """B: ``player`` chooses a revealed building's support action."""
    __slots__ = ()
    player: int


class Draw(Task, kind="draw"):
    """Chance: ``player`` draws ``count`` more Population cards."""
    __slots__ = ()
    player: int
    count: int


class NunLooks(Task, kind="look"):
    """``player`` looks at ``count`` more nun-row cards; ``first`` is the position already chosen (or -1)."""
    __slots__ = ()
    player: int
    count: int
    first: int


class Visit(Task, kind="visit"):
    """C: ``player`` enters a building or plays a Pass."""
    __slots__ = ()
    player: int


class NextVisit(Task, kind="next_visit"):
    """C: the turn passes on from ``player``."""
    __slots__ = ()
    player: int


class Place(Task, kind="place"):
    """C: ``player`` places ``count`` more cards face down in the building of ``slot``."""
    __slots__ = ()
    player: int
    slot: int
    count: int


class Resolve(Task, kind="resolve"):
    """D.1: reveal the cards placed in ``slot``."""
    __slots__ = ()
    slot: int


class Sword(Task, kind="sword"):
    """D.1: the Swords placed in ``slot``."""
    __slots__ = ()
    slot: int


class Flute(Task, kind="flute"):
    """D.1: the Flutes placed in ``slot``."""
    __slots__ = ()
    slot: int


class Choose(Task, kind="choose"):
    """D.1: ``chooser`` picks the tied player a Sword (``flute`` 0) or Flute (1) of ``slot`` hits."""
    __slots__ = ()
    chooser: int
    slot: int
    flute: int


class Give(Task, kind="give"):
    """``giver`` gives ``count`` more cards to ``receiver`` (for a Sword, or the Guard Tower if 1)."""
    __slots__ = ()
    giver: int
    receiver: int
    count: int
    guard_tower: int


class Actions(Task, kind="actions"):
    """D.2: the building actions of ``slot``."""
    __slots__ = ()
    slot: int


class Offer(Task, kind="offer"):
    """D.2: ``player`` performs or declines the privilege (1) or basic action (0) of ``slot``."""
    __slots__ = ()
    player: int
    slot: int
    privilege: int


class Hospital(Task, kind="hospital"):
    """Hospital: ``player`` may discard ``cards`` more hand cards, one rat each."""
    __slots__ = ()
    player: int
    cards: int


class Clear(Task, kind="clear"):
    """D.3: the cards placed in ``slot`` leave play."""
    __slots__ = ()
    slot: int


class EndRound(Task, kind="end_round"):
    """E: end of the round (or of the game)."""
    __slots__ = ()


# -- the rule table -------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class TaskRule:
    """One task kind's rule: its legal actions, effect, when it waits and why an action is refused; or, for
    an automatic task, what it does."""

    mode: str
    legal: Callable | None = None  # legal(s, t) -> list[Action]
    effect: Callable | None = None  # effect(s, t, a): t is the head task, still in s.tasks[0]
    ready: Callable | None = None  # ready(s, t) -> bool: False once it popped itself (nothing left to decide)
    explain: Callable | None = None  # explain(s, t, a) -> IllegalActionError for an action of the right kind
    actions: tuple[type, ...] = ()  # the action classes this decision takes
    doing: str = ""  # "enter a building or play a Pass": what the player must do now
    rule: str = ""  # the rulebook section
    run: Callable | None = None  # automatic: run(s, t), after t was popped


RULES: dict[type, TaskRule] = {}
# the same table, flattened for the engine's inner loop (filled by _register only)
LEGAL: dict[type, Callable] = {}
EFFECT: dict[type, Callable] = {}
READY: dict[type, Callable | None] = {}  # decision and chance tasks; None for an automatic task
RUN: dict[type, Callable] = {}  # automatic tasks only
CHANCE_TYPES: set[type] = set()


def always(s: Any, t: Task) -> bool:
    """A decision that always waits for its player."""
    return True


def decision(task: type[Task], *, legal: Callable, effect: Callable, explain: Callable, actions: tuple[type, ...],
             doing: str, rule: str, ready: Callable = always) -> None:
    """Register a decision task's rule."""
    _register(task, TaskRule(DECISION, legal, effect, ready, explain, actions, doing, rule))


def chance(task: type[Task], *, legal: Callable, effect: Callable, ready: Callable) -> None:
    """Register a chance task's rule (a card drawn)."""
    _register(task, TaskRule(CHANCE, legal, effect, ready))


def automatic(task: type[Task], run: Callable) -> None:
    """Register an automatic task's rule."""
    _register(task, TaskRule(AUTOMATIC, run=run))


def _register(task: type[Task], rule: TaskRule) -> None:
    if task in RULES:
        raise ValueError(f"task {task.kind!r} is registered twice")
    RULES[task] = rule
    if rule.mode == AUTOMATIC:
        RUN[task] = rule.run
        READY[task] = None
    else:
        LEGAL[task], EFFECT[task], READY[task] = rule.legal, rule.effect, rule.ready
    if rule.mode == CHANCE:
        CHANCE_TYPES.add(task)
