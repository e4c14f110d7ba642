"""What the two perfect-information toy games share: components, views and the end of the game."""
from __future__ import annotations

import random

from ratgames_lab.core.fields import Components
from ratgames_lab.core.protocol import CHANCE, TERMINAL, GameState


class ToyComponents(Components):
    """The player count and the game's options (no cards, no board)."""

    def __init__(self, players: int, target: int):
        self.players, self.target, self.refs = players, target, {}


class PerfectInformationState(GameState):
    """A state every seat sees whole: the observation is the position, determinize is a plain copy."""

    __slots__ = ()

    @property
    def current_player(self) -> int:
        if self.winner >= 0:
            return TERMINAL
        return CHANCE if self.to_roll() else self.turn

    def to_roll(self) -> bool:
        """Hook: True while a die must be rolled."""
        return False

    def chance_outcomes(self):
        return []

    def returns(self) -> list[float]:
        return [1.0 if p == self.winner else 0.0 for p in range(self.players)]

    def observation(self, player: int) -> dict:
        data = self.to_json()
        data.pop("events")
        return data

    def determinize(self, player: int, rng: random.Random) -> "PerfectInformationState":
        return self.clone()
