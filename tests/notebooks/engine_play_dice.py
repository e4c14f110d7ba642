"""Catan dice played by the real engine: every player rolls and ends the turn, a forced choice (a discard, the
robber's tile, a steal) is made at random (helpers of test_lesson_conclusions_more.py)."""
from __future__ import annotations

import random
from typing import Callable

from ratgames_lab.catan.actions import EndTurn, Roll

from .engine_checks import is_chance, sample_chance


def play_rolls(state, rng: random.Random, rolls: int, after_dice: Callable[[object], bool] | None = None):
    """Play ``rolls`` rolls from ``state`` (a copy); stop early when ``after_dice(state)``, called after
    every chance outcome, says so; the last state."""
    s, done = state.clone(), 0
    while True:
        if is_chance(s):
            s.apply(sample_chance(s, rng))
            if after_dice is not None and after_dice(s):
                return s
            continue
        legal = s.legal_actions()
        if Roll() in legal:
            if done == rolls:
                return s
            done += 1
            s.apply(Roll())
        elif EndTurn() in legal:
            s.apply(EndTurn())
        else:
            s.apply(rng.choice(legal))
