"""Bots: the protocol every bot follows, a random bot and a flat Monte-Carlo rollout bot."""
from __future__ import annotations

import random
from typing import Protocol

from .analysis import evaluate_actions
from .protocol import Action, GameState


class Bot(Protocol):
    """Anything with a name and ``choose(state, rng) -> Action`` for the player to move."""

    name: str

    def choose(self, state: GameState, rng: random.Random) -> Action: ...


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """A random legal action."""
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]


class RolloutBot:
    """Flat Monte Carlo: for each legal action, random playouts on determinized copies; best mean wins."""

    name = "rollout"

    def __init__(self, playouts: int = 16):
        self.playouts = playouts

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """The action with the best estimated win rate (first one on ties)."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        values = evaluate_actions(state, state.current_player, self.playouts, seed=rng.randrange(2**31))
        return max(values, key=lambda v: v.win_rate).action


CORE_BOTS = {"random": RandomBot, "rollout": RolloutBot}
