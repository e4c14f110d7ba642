"""Master of Rules components loaded from data/cards.json: number cards as ints, rule types as indices."""
from __future__ import annotations

import json
from pathlib import Path

DATA = json.loads((Path(__file__).parent / "data" / "cards.json").read_text())

COLOURS: list[str] = [c["id"] for c in DATA["colours"]]
COLOUR_CODES: list[str] = [c["code"] for c in DATA["colours"]]
VALUES: list[int] = DATA["values"]
RULES: list[str] = [r["id"] for r in DATA["rules"]]
RULE_NAMES: dict[str, str] = {r["id"]: r["name"] for r in DATA["rules"]}
RULE_FRENCH: dict[str, str] = {r["id"]: r["fr"] for r in DATA["rules"]}
RULE_COPIES: list[int] = [r["copies"] for r in DATA["rules"]]
SEATS: int = DATA["seats"]
HAND_NUMBERS: int = DATA["hand"]["numbers"]
HAND_RULES: int = DATA["hand"]["rules"]
DISPLAY_NUMBERS: int = DATA["display"]["numbers"]
DISPLAY_RULES: int = DATA["display"]["rules"]
TRANSACTIONS: dict[int, int] = {int(k): v for k, v in DATA["transactions"].items()}
TIE_BREAK: list[int] = [RULES.index(r) for r in DATA["tie_break"]]
SET_BONUS_MIN: int = DATA["set_bonus"]["min_cards"]
SET_BONUS_POINTS: int = DATA["set_bonus"]["points"]
SET_BONUS_TYPES: list[int] = [i for i, r in enumerate(RULES) if r not in DATA["set_bonus"]["excluded"]]
ALL_TYPES_BONUS: int = DATA["all_types_bonus"]

N_VALUES = len(VALUES)
NUMBER_CARDS: list[int] = list(range(len(COLOURS) * N_VALUES))
LIMIT_23, BEST_OF_THE_BEST, ONLY_ONE, TRIO, SUPPORT_RIGHT = (RULES.index(r) for r in (
    "limit_23", "best_of_the_best", "only_one", "trio", "support_right"))


def colour(card: int) -> int:
    """Colour index of a number card."""
    return card // N_VALUES


def value(card: int) -> int:
    """Face value (1-9) of a number card."""
    return VALUES[card % N_VALUES]


CODES: list[str] = [COLOUR_CODES[colour(c)] + str(value(c)) for c in NUMBER_CARDS]
CARD_BY_CODE: dict[str, int] = {code: c for c, code in enumerate(CODES)}
RULE_BY_ID: dict[str, int] = {r: i for i, r in enumerate(RULES)}


CARD_NAMES: list[str] = [f"{COLOURS[colour(c)]} {value(c)}" for c in NUMBER_CARDS]


def card_name(card: int) -> str:
    """'red 7'."""
    return CARD_NAMES[card]


def code_name(code: str) -> str:
    """'R7' -> 'red 7'."""
    return card_name(CARD_BY_CODE[code])


def rule_name(rule: int | str) -> str:
    """'Support Right' from an index or an id."""
    return RULE_NAMES[RULES[rule] if isinstance(rule, int) else rule]


_SEAT_NAMES = {n: [f"Player {s + 1}" if s < n else f"Dummy-{s - n + 1}" for s in range(SEATS)] for n in TRANSACTIONS}


def seat_name(seat: int, players: int) -> str:
    """'Player 2' for real seats, 'Dummy-1' / 'Dummy-2' for the dummy seats."""
    return _SEAT_NAMES[players][seat]
