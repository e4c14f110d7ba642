"""Catan bots: a heuristic bot (placeholder replaced below)."""
from __future__ import annotations

import random

from ..core.protocol import Action, GameState


class HeuristicBot:
    """Heuristic player."""

    name = "heuristic"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """A legal action."""
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]
