"""The 54 Cities & Knights progress cards, read and checked from ``data/progress_cards.json`` (data only, no rules)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.errors import InvalidPositionError
from .board import DATA_DIR

PROGRESS_CARDS_FILE = DATA_DIR / "progress_cards.json"
DECKS = ("trade", "politics", "science")
COLOURS = {"trade": "yellow", "politics": "blue", "science": "green"}
COMMODITIES = {"trade": "cloth", "politics": "coin", "science": "paper"}
TIMINGS = ("before_roll", "after_roll", "when_drawn")
STATUSES = ("settled", "interpretation", "convention")
EXPANSIONS = ("cities_and_knights", "seafarers", "rivers", "traders_and_barbarians")


@dataclass(frozen=True)
class Ruling:
    """One ruling on a card or on all cards: its text, how settled it is, the expansion it comes from."""

    text: str
    status: str  # settled (stated by the digest, see source) | interpretation | convention
    applies: str  # the expansion whose rules bring it in
    source: str
    option: str | None = None  # the variant's option key that switches it, if any


@dataclass(frozen=True)
class ProgressCard:
    """One progress card type: its names, deck, count, timing, VP and effect as the digest words it."""

    id: str
    name: str
    name_fr: str | None
    other_names: tuple[str, ...]
    deck: str
    colour: str
    count: int
    timing: str
    vp: int
    effect: str
    sources: str
    rulings: tuple[Ruling, ...]


@dataclass(frozen=True)
class ProgressCards:
    """The whole file: the card types in file order, the common rulings and the 4-card hand limit."""

    source: str
    hand_limit: int
    timings: tuple[tuple[str, str], ...]  # (timing, what it means)
    rules: tuple[Ruling, ...]
    cards: tuple[ProgressCard, ...]

    def card(self, card_id: str) -> ProgressCard:
        """The card type with this id (KeyError if none)."""
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def deck(self, deck: str) -> list[str]:
        """The deck of one colour (trade, politics or science) as a list of card ids, each repeated by its count."""
        if deck not in DECKS:
            raise KeyError(deck)
        return [c.id for c in self.cards if c.deck == deck for _ in range(c.count)]

    def vp_cards(self) -> tuple[str, ...]:
        """The ids of the VP cards (shown and scored when drawn)."""
        return tuple(c.id for c in self.cards if c.vp)


def _get(obj: dict, key: str, kind: type | tuple, field: str) -> Any:
    if key not in obj:
        raise InvalidPositionError("missing", f"{field}.{key}" if field else key)
    value = obj[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        name = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise InvalidPositionError(f"must be {name}, got {type(value).__name__}", f"{field}.{key}" if field else key)
    return value


def _text(obj: dict, key: str, field: str) -> str:
    value = _get(obj, key, str, field)
    if not value.strip():
        raise InvalidPositionError("must not be empty", f"{field}.{key}" if field else key)
    return value


def _choice(obj: dict, key: str, allowed: tuple[str, ...], field: str) -> str:
    value = _get(obj, key, str, field)
    if value not in allowed:
        raise InvalidPositionError(f"{value!r} is not one of {', '.join(allowed)}", f"{field}.{key}")
    return value


def _ruling(obj: Any, field: str) -> Ruling:
    if not isinstance(obj, dict):
        raise InvalidPositionError("must be an object", field)
    option = obj.get("option")
    if option is not None and (not isinstance(option, str) or not option):
        raise InvalidPositionError("must be a non-empty string or absent", f"{field}.option")
    return Ruling(_text(obj, "text", field), _choice(obj, "status", STATUSES, field),
                  _choice(obj, "applies", EXPANSIONS, field), _get(obj, "source", str, field), option)


def _rulings(obj: dict, key: str, field: str) -> tuple[Ruling, ...]:
    items = _get(obj, key, list, field)
    where = f"{field}.{key}" if field else key
    return tuple(_ruling(x, f"{where}[{i}]") for i, x in enumerate(items))


def _card(obj: Any, field: str) -> ProgressCard:
    if not isinstance(obj, dict):
        raise InvalidPositionError("must be an object", field)
    deck = _choice(obj, "deck", DECKS, field)
    count = _get(obj, "count", int, field)
    if count < 1:
        raise InvalidPositionError(f"must be at least 1, got {count}", f"{field}.count")
    vp = _get(obj, "vp", int, field)
    if vp < 0:
        raise InvalidPositionError(f"must be 0 or more, got {vp}", f"{field}.vp")
    timing = _choice(obj, "timing", TIMINGS, field)
    if (vp > 0) != (timing == "when_drawn"):
        raise InvalidPositionError("a VP card is shown when drawn, and only a VP card is", f"{field}.timing")
    name_fr = _get(obj, "name_fr", (str, type(None)), field)
    others = _get(obj, "other_names", list, field)
    for i, n in enumerate(others):
        if not isinstance(n, str) or not n:
            raise InvalidPositionError("must be a non-empty string", f"{field}.other_names[{i}]")
    return ProgressCard(_text(obj, "id", field), _text(obj, "name", field), name_fr, tuple(others), deck,
                        COLOURS[deck], count, timing, vp, _text(obj, "effect", field),
                        _get(obj, "sources", str, field), _rulings(obj, "rulings", field))


def parse_progress_cards(data: Any) -> ProgressCards:
    """Check parsed JSON data; InvalidPositionError names the first bad field (e.g. ``cards[3].count``)."""
    if not isinstance(data, dict):
        raise InvalidPositionError("must be a JSON object", "progress_cards")
    source = _text(data, "source", "")
    hand_limit = _get(data, "hand_limit", int, "")
    if hand_limit < 1:
        raise InvalidPositionError(f"must be at least 1, got {hand_limit}", "hand_limit")
    timings = _get(data, "timings", dict, "")
    if sorted(timings) != sorted(TIMINGS) or not all(isinstance(v, str) and v for v in timings.values()):
        raise InvalidPositionError(f"must describe exactly {', '.join(TIMINGS)}", "timings")
    decks = _get(data, "decks", dict, "")
    if sorted(decks) != sorted(DECKS):
        raise InvalidPositionError(f"must name exactly the decks {', '.join(DECKS)}", "decks")
    sizes = {}
    for d in DECKS:
        spec = _get(decks, d, dict, "decks")
        if _get(spec, "colour", str, f"decks.{d}") != COLOURS[d]:
            raise InvalidPositionError(f"must be {COLOURS[d]}", f"decks.{d}.colour")
        if _get(spec, "commodity", str, f"decks.{d}") != COMMODITIES[d]:
            raise InvalidPositionError(f"must be {COMMODITIES[d]}", f"decks.{d}.commodity")
        sizes[d] = _get(spec, "size", int, f"decks.{d}")
    rules = _rulings(data, "rules", "")
    items = _get(data, "cards", list, "")
    cards = tuple(_card(x, f"cards[{i}]") for i, x in enumerate(items))
    seen: set[str] = set()
    for i, c in enumerate(cards):
        if c.id in seen:
            raise InvalidPositionError(f"duplicate card id {c.id!r}", f"cards[{i}].id")
        seen.add(c.id)
    for d in DECKS:
        total = sum(c.count for c in cards if c.deck == d)
        if total != sizes[d]:
            raise InvalidPositionError(f"the {d} cards' counts add up to {total}, not {sizes[d]}", f"decks.{d}.size")
    return ProgressCards(source, hand_limit, tuple((t, timings[t]) for t in TIMINGS), rules, cards)


def read_progress_cards(path: str | Path) -> ProgressCards:
    """Read and check a progress-card file (an edited copy of the shipped one, for example)."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise InvalidPositionError(f"cannot read a JSON file: {exc}", "progress_cards") from None
    return parse_progress_cards(data)


@lru_cache(maxsize=1)
def progress_cards() -> ProgressCards:
    """The shipped 54 progress cards (cached)."""
    return read_progress_cards(PROGRESS_CARDS_FILE)
