"""Chance events of the combined variant: the three dice, the stolen card, the progress card drawn.

Each chance phase registers its outcomes here (``chance_phase``); the state asks this module."""
from __future__ import annotations

import random
from fractions import Fraction
from typing import Callable

from ...core.errors import IllegalActionError
from ...core.protocol import Action
from .phases import CHANCE_PHASES, PHASE_NAMES
from ..translate import _, shown

Outcomes = Callable[..., list]
Sampler = Callable[..., Action]
OUTCOMES: dict[str, Outcomes] = {}
SAMPLERS: dict[str, Sampler] = {}


def chance_phase(name: str, outcomes: Outcomes, sampler: Sampler | None = None) -> None:
    """Register a chance phase: its outcomes (action, probability) and optionally a fast sampler."""
    if name not in PHASE_NAMES:
        PHASE_NAMES.append(name)
    CHANCE_PHASES.add(name)
    OUTCOMES[name] = outcomes
    if sampler is not None:
        SAMPLERS[name] = sampler


def chance_outcomes(s) -> list[tuple[Action, Fraction]]:
    """The pending chance event's outcomes with their exact probabilities ([] when no chance event is pending)."""
    fn = OUTCOMES.get(s.phase)
    return fn(s) if fn is not None else []


def sample_chance(s, rng: random.Random) -> Action:
    """One outcome of the pending chance event, drawn with its probability."""
    fn = SAMPLERS.get(s.phase)
    if fn is not None:
        return fn(s, rng)
    outcomes = chance_outcomes(s)
    if not outcomes:
        raise IllegalActionError(_("no chance event is pending"), "engine.chance")
    x = rng.random()
    acc = Fraction(0)
    for a, p in outcomes:
        acc += p
        if x < acc:
            return a
    return outcomes[-1][0]


def weighted(counts, actions, rng: random.Random) -> Action:
    """Draw actions[i] with weight counts[i]."""
    k = rng.randrange(sum(counts))
    for i, c in enumerate(counts):
        if k < c:
            return actions[i]
        k -= c
    raise IllegalActionError(_("nothing to draw"), "engine.chance")
