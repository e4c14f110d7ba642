"""The "what if" evaluator: estimated win rate of each legal action, never peeking at hidden cards."""
from __future__ import annotations

import dataclasses
import math
import random

from .errors import IllegalActionError
from .protocol import Action, GameState
from .playout import random_playout

Z_95 = 1.959963984540054


@dataclasses.dataclass(frozen=True)
class ActionValue:
    """Estimated win rate of one action with a 95% Wilson confidence interval."""

    action: Action
    win_rate: float
    low: float
    high: float
    playouts: int

    def to_json(self) -> dict:
        """Plain-data form for files and widgets."""
        return {"action": self.action.to_json(), "label": str(self.action), "win_rate": self.win_rate,
                "low": self.low, "high": self.high, "playouts": self.playouts}


def wilson_interval(mean: float, n: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a proportion estimated as ``mean`` over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (mean + z * z / (2 * n)) / denom
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / denom
    # the interval always contains the mean; min/max only absorb floating-point rounding at 0 and 1
    return max(0.0, min(mean, centre - half)), min(1.0, max(mean, centre + half))


def evaluate_actions(state: GameState, player: int | None = None, playouts: int = 100, seed: int = 0,
                     rollout=random_playout) -> list[ActionValue]:
    """For each legal action of ``player`` (default: the player to move), its estimated win rate.

    Each playout starts from ``state.determinize(player, rng)``: a copy where everything the player
    cannot see is resampled, so the estimate never uses hidden information.
    """
    if player is None:
        player = state.current_player
    if player != state.current_player or player < 0:
        raise IllegalActionError(f"player {player} is not the one to move", "analysis.player_to_move")
    rng = random.Random(seed)
    results = []
    for action in state.legal_actions():
        total = 0.0
        for _ in range(playouts):
            sim = state.determinize(player, rng)
            sim.apply(action)
            rollout(sim, rng)
            total += sim.returns()[player]
        mean = total / playouts if playouts else 0.0
        low, high = wilson_interval(mean, playouts)
        results.append(ActionValue(action, mean, low, high, playouts))
    return results
