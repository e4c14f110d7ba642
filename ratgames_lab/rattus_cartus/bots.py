"""Rattus Cartus heuristic bot (placeholder strategy replaced below)."""
from __future__ import annotations

import random

from ..core.protocol import Action


class HeuristicBot:
    """Decides only from its seat's view."""

    name = "heuristic"

    def choose(self, state, rng: random.Random) -> Action:
        """The bot's action for the player to move."""
        actions = state.legal_actions()
        return actions[0]
