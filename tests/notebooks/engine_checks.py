"""Playing the real engine from a lesson's position under the lesson's stated policy: seeded playouts and the
99.9% band that a lesson's exact figure must fall inside (helpers of test_lesson_conclusions_engine.py)."""
from __future__ import annotations

import json
import math
import os
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Callable

import ratgames_lab as rl
from ratgames_lab.core.protocol import CHANCE

Z_999 = 3.2905  # two-sided 99.9% normal quantile


@dataclass(frozen=True)
class Band:
    """The engine's estimate of a mean and its 99.9% interval."""

    mean: float
    low: float
    high: float
    games: int

    def holds(self, exact: Fraction | float) -> bool:
        """True if the lesson's exact figure lies inside the band (recorded for the note of checked conclusions
        when RATGAMES_BANDS names a file: tools/conclusions_note.py)."""
        inside = self.low <= float(exact) <= self.high
        if os.environ.get("RATGAMES_BANDS"):
            with open(os.environ["RATGAMES_BANDS"], "a", encoding="utf-8") as out:
                out.write(json.dumps({"test": os.environ.get("PYTEST_CURRENT_TEST", "").split(" (")[0],
                                      "figure": str(exact), "value": float(exact), "inside": inside,
                                      "mean": self.mean, "low": self.low, "high": self.high,
                                      "games": self.games}) + "\n")
        return inside

    def __str__(self) -> str:
        return f"{self.mean:.4f} [{self.low:.4f}, {self.high:.4f}] over {self.games} games"


def band(values: list[float]) -> Band:
    """The 99.9% normal interval of the mean of ``values`` (a frequency when they are 0s and 1s)."""
    n = len(values)
    mean = sum(values) / n
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    if var == 0:  # all equal: keep a band at least as wide as one game's worth of a frequency's error
        var = 0.25 / n
    half = Z_999 * math.sqrt(var / n)
    return Band(mean, mean - half, mean + half, n)


def sample_chance(state, rng: random.Random):
    """A chance outcome drawn with its exact probability."""
    outcomes = state.chance_outcomes()
    x = rng.random()
    acc = 0.0
    for action, p in outcomes:
        acc += float(p)
        if x < acc:
            return action
    return outcomes[-1][0]


def playouts(games: int, seed: int, one: Callable[[random.Random], float]) -> Band:
    """The band of ``one(rng)`` over ``games`` seeded games (one generator for the whole run)."""
    rng = random.Random(seed)
    return band([float(one(rng)) for _ in range(games)])


def load(path) -> object:
    """The state of a position file (a lesson's position)."""
    return rl.load_position(path)[1]


def is_chance(state) -> bool:
    """True at a chance node."""
    return state.current_player == CHANCE
