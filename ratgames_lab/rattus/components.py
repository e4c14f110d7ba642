"""Rattus fixed components from data/components.json: classes, colours, cubes and the numeric rules."""
from __future__ import annotations

import json
from pathlib import Path

DATA_DIR = Path(__file__).parent / "data"
DATA = json.loads((DATA_DIR / "components.json").read_text())

CUBES_PER_PLAYER: int = DATA["cubes_per_player"]
COLOURS: list[str] = DATA["colours"]
REMOVED_TOKENS: dict[int, int] = {int(k): v for k, v in DATA["removed_tokens"].items()}
MAX_TOKENS: int = DATA["max_tokens_per_region"]
SPREAD: list[int] = DATA["spread"]
KNIGHT_NEUTRAL: int = DATA["knight_neutral_cubes"]
SETUP_CUBES: int = DATA["setup_cubes"]
MERCHANT_MAX: int = DATA["merchant_max_cubes"]

CLASSES: list[str] = [c["id"] for c in DATA["classes"]]
CLASS_NAMES: dict[str, str] = {c["id"]: c["name"] for c in DATA["classes"]}
CLASS_FRENCH: dict[str, tuple[str, str]] = {c["id"]: (c["fr_card"], c["fr_class"]) for c in DATA["classes"]}
CLASS_INDEX: dict[str, int] = {c: i for i, c in enumerate(CLASSES)}
KING, MONK, KNIGHT, PEASANT, MERCHANT, WITCH = (CLASS_INDEX[c] for c in
                                                ("king", "monk", "knight", "peasant", "merchant", "witch"))
MAJORITY, ALL = "M", "A"
SYMBOLS: list[str] = [MAJORITY, ALL] + CLASSES
SYMBOL_NAMES: dict[str, str] = {**DATA["symbols"], **CLASS_NAMES}


def spread_count(tokens_in_region: int) -> int:
    """How many new tokens the plague spreads from a region holding this many tokens (plague.spread)."""
    return SPREAD[min(tokens_in_region, len(SPREAD) - 1)]


def colour(player: int) -> str:
    """A player's colour name, used as their name in texts ('Red')."""
    return COLOURS[player]
