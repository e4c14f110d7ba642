"""The queue of steps a roll or a card sets off (``state.pending``): each step is ``[code, player, args...]``.

An *automatic* step runs by itself (production, the 7's discards); a *decision* step puts its phase on and waits
for its player's action, whose apply function calls ``done(s)``. The queue runs only from the action phase
("main"), so every step ends back there. Modules register their steps with ``step(...)``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from .phases import MAIN, PHASE_NAMES, SEATED_PHASES


@dataclass(frozen=True)
class Step:
    """A kind of queued step: its name, its phase (decision steps), its automatic action, its skip test."""

    name: str
    phase: str | None = None
    auto: Callable | None = None  # auto(s, entry): runs the step (automatic steps)
    skip: Callable | None = None  # skip(s, entry) -> True: nothing to decide, drop the step
    check: Callable | None = None  # check(s, entry) -> why a loaded entry is malformed (None: it is fine)


# every step kind, in the order of its code: a saved position stores the codes, so the order is fixed here and not
# by the order in which the rule modules happen to be imported
STEP_NAMES = ("barbarian_advance", "produce", "aqueduct", "seven", "discard", "robber", "pirate", "victim", "steal",
              "fish_draw", "reduce_city", "place_metropolis", "draw_progress", "discard_progress", "choose_deck",
              "knight_robber", "knight_pirate", "retreat_knight", "smith", "desert_knight", "deserter_place", "bishop",
              "diplomat_place", "spy", "wedding", "commercial_harbor", "master_merchant")
CODE: dict[str, int] = {name: i for i, name in enumerate(STEP_NAMES)}
STEPS: list[Step] = [Step(name) for name in STEP_NAMES]  # each replaced by its module's registration
_REGISTERED: set[str] = set()
QUEUE_PHASES: set[str] = set()


def step(name: str, phase: str | None = None, auto: Callable | None = None, skip: Callable | None = None,
         check: Callable | None = None) -> int:
    """Register a step kind; returns its code. A decision step's phase is decided by the entry's player.
    ``check(s, entry)`` says why an entry read from a file is malformed (check_position calls it)."""
    if name not in CODE:
        raise ValueError(f"step {name!r} has no code: add it to queue.STEP_NAMES")
    if name in _REGISTERED:
        raise ValueError(f"step {name!r} registered twice")
    _REGISTERED.add(name)
    STEPS[CODE[name]] = Step(name, phase, auto, skip, check)
    if phase is not None:
        if phase not in PHASE_NAMES:
            PHASE_NAMES.append(phase)
        QUEUE_PHASES.add(phase)
        SEATED_PHASES[phase] = "step_player"
    return CODE[name]


def push(s, name: str, player: int = -1, *args: int) -> None:
    """Add a step at the end of the queue."""
    s.pending.append([CODE[name], player, *args])


def push_front(s, entries: list[list[int]]) -> None:
    """Put steps at the head of the queue (a step that sets off others, e.g. an attack's losses)."""
    s.pending[0:0] = entries


def entry(name: str, player: int = -1, *args: int) -> list[int]:
    """A queue entry (for push_front)."""
    return [CODE[name], player, *args]


def head(s) -> list[int]:
    """The step being decided."""
    return s.pending[0]


def done(s) -> None:
    """The decision of the head step is made: drop it and go back to the action phase (the queue goes on)."""
    s.pending.pop(0)
    if s.phase != "over":
        s.phase = MAIN


def settle_pending(s) -> None:
    """Run automatic steps and open the next decision step, while in the action phase."""
    while s.phase == MAIN and s.pending:
        e = s.pending[0]
        st = STEPS[e[0]]
        if st.auto is not None:
            s.pending.pop(0)
            st.auto(s, e)
            continue
        if st.skip is not None and st.skip(s, e):
            s.pending.pop(0)
            continue
        s.phase = st.phase


def step_player(s) -> int:
    """The seat deciding the head step."""
    return s.pending[0][1]
