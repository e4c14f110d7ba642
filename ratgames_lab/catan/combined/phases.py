"""The phases of the combined variant that every module may use, and the registries of phases that rule modules
extend when imported (a chance phase, a phase decided by another seat than the turn's player)."""
from __future__ import annotations

from ..rules import player_name  # noqa: F401  (the base game's player names, used by every rule module)

(SETUP_SETTLEMENT, SETUP_CITY, SETUP_ROAD, ROLL_PHASE, DICE_PHASE, MAIN, OVER) = CORE_PHASES = (
    "setup_settlement", "setup_city", "setup_road", "roll", "dice", "main", "over")
PHASE_NAMES: list[str] = list(CORE_PHASES)  # modules add theirs when imported
CHANCE_PHASES: set[str] = {DICE_PHASE}  # modules add theirs
SEATED_PHASES: dict[str, str] = {}  # phase -> name of the state attribute holding the seat to decide
FREE_PIECES = "free_pieces"  # free roads or ships to place (Road Building, fish): see free_pieces.py
PHASE_NAMES.append(FREE_PIECES)

__all__ = ["SETUP_SETTLEMENT", "SETUP_CITY", "SETUP_ROAD", "ROLL_PHASE", "DICE_PHASE", "MAIN", "OVER", "CORE_PHASES",
           "PHASE_NAMES", "CHANCE_PHASES", "SEATED_PHASES", "FREE_PIECES", "player_name"]
