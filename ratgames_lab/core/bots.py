"""Bots: the protocol every bot follows, a random bot and a flat Monte-Carlo rollout bot (with a playout policy)."""
from __future__ import annotations

import random
from typing import Protocol

from .analysis import POLICIES, Policy, evaluate_actions
from .playout import choose_for_seat, seat_view, view_rng  # noqa: F401  (re-exported: the seat helpers)
from .protocol import Action, GameState


class Bot(Protocol):
    """Anything with a name and ``choose(state, rng) -> Action`` for the player to move."""

    name: str

    def choose(self, view: GameState, rng: random.Random) -> Action:
        """The move for the seat to play in ``view`` (a determinized copy: hidden information is resampled)."""


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """A random legal action."""
        actions = state.legal_actions()
        return actions[rng.randrange(len(actions))]


class RolloutBot:
    """Flat Monte Carlo: for each legal action, playouts on determinized copies under ``policy``; best mean wins.

    The policy is how everybody is assumed to play after the move ("random" by default: heuristic playouts cost
    10 to 200 times more per playout, see docs/dashboards.md).
    """

    name = "rollout"

    def __init__(self, playouts: int = 16, policy: Policy = "random"):
        if isinstance(policy, str) and policy not in POLICIES:
            raise ValueError(f"unknown playout policy {policy!r} (known policies: {', '.join(POLICIES)})")
        self.playouts = playouts
        self.policy = policy

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """The action with the best estimated win rate (first one on ties)."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        values = evaluate_actions(state, state.current_player, self.playouts, seed=rng.randrange(2**31),
                                  policy=self.policy)
        return max(values, key=lambda v: v.win_rate).action


CORE_BOTS = {"random": RandomBot, "rollout": RolloutBot}
