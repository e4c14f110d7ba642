"""One entry point for every front end: analyse the position, whoever moves next (a player or chance)."""
from __future__ import annotations

import dataclasses
from typing import Callable, Sequence

from .analysis import CONFIDENCE, RESOLUTION, Evaluation, evaluate_actions
from .chance_analysis import ChanceReport, analyze_chance
from .policy import DEFAULT_POLICY, Policy
from .protocol import CHANCE, GameState
from .registry import GAMES

INFORMATION = ("perfect", "hidden")


@dataclasses.dataclass
class WhatIf:
    """The analysis of a position: ``evaluation`` (a player decides) or ``chance`` (chance moves next)."""

    player: int  # the player to move, or CHANCE
    evaluation: Evaluation | None = None
    chance: ChanceReport | None = None


def analyze(state: GameState, playouts: int = 1000, seed: int = 0, policy: Policy = DEFAULT_POLICY,
            confidence: float = CONFIDENCE, resolution: float = RESOLUTION, cpu_seconds: float | None = None,
            progress: Callable[[int, int], None] | None = None, names: Sequence[str] | None = None) -> WhatIf:
    """Paired, adaptive analysis of the decision of the player to move (``evaluate_actions``), or, when chance
    moves next, of each decision that follows each chance outcome (the CPU limit shared between them).
    ValueError if the game is over."""
    if state.is_terminal():
        raise ValueError("the game in this position is over: there is no decision to analyze")
    if state.current_player != CHANCE:
        return WhatIf(state.current_player, evaluation=evaluate_actions(
            state, None, playouts, seed, policy, confidence=confidence, resolution=resolution,
            cpu_seconds=cpu_seconds, progress=progress))

    def each(decision: GameState, count: int) -> Evaluation:
        share = cpu_seconds / count if cpu_seconds is not None else None
        return evaluate_actions(decision, None, playouts, seed, policy, confidence=confidence,
                                resolution=resolution, cpu_seconds=share, progress=progress)

    return WhatIf(CHANCE, chance=analyze_chance(state, each, names))


def information(state: GameState) -> str:
    """The game's declared information structure, "perfect" or "hidden" (hidden when it does not say)."""
    info = GAMES.get(getattr(state, "game_name", ""))
    value = getattr(info, "information", "hidden") if info is not None else "hidden"
    return value if value in INFORMATION else "hidden"
