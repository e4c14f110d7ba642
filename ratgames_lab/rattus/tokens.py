"""Rat tokens loaded from data/tokens.json (a reconstruction; teachers may load their own set).

Each token has an id, a setup flag (purple circle), a threshold (the minimum number of cubes that
triggers it) and symbols: "M" (majority), "A" (all) or a class id.
"""
from __future__ import annotations

import copy
import json
from typing import Any

from ..core.position import require, validate_schema
from .board import read_json
from .components import ALL, CLASS_INDEX, DATA_DIR, MAJORITY, SYMBOL_NAMES

TOKENS_FILE = DATA_DIR / "tokens.json"
TOKENS_SCHEMA = DATA_DIR / "tokens.schema.json"


class TokenSet:
    """A validated token set as parallel tuples indexed by token number (0..len-1)."""

    def __init__(self, data: dict):
        self.data = data
        rows = data["tokens"]
        self.ids: tuple[str, ...] = tuple(t["id"] for t in rows)
        self.index: dict[str, int] = {t: i for i, t in enumerate(self.ids)}
        self.setup: tuple[bool, ...] = tuple(t["setup"] for t in rows)
        self.threshold: tuple[int, ...] = tuple(t["threshold"] for t in rows)
        self.symbols: tuple[tuple[str, ...], ...] = tuple(tuple(t["symbols"]) for t in rows)
        self.majority: tuple[int, ...] = tuple(s.count(MAJORITY) for s in self.symbols)
        self.all: tuple[int, ...] = tuple(s.count(ALL) for s in self.symbols)
        self.classes: tuple[tuple[int, ...], ...] = tuple(
            tuple(CLASS_INDEX[x] for x in s if x in CLASS_INDEX) for s in self.symbols)
        # tokens with the same threshold and symbols behave identically (used by odds.py)
        self.kind: tuple[tuple, ...] = tuple((self.threshold[i], tuple(sorted(self.symbols[i])))
                                             for i in range(len(rows)))
        self.descriptions: tuple[str, ...] = tuple(self.describe(i) for i in range(len(rows)))
        self.setup_tokens = [i for i in range(len(rows)) if self.setup[i]]
        self.normal_tokens = [i for i in range(len(rows)) if not self.setup[i]]

    def __len__(self) -> int:
        return len(self.ids)

    def describe(self, token: int) -> str:
        """'threshold 2 (All (A), Witch)': what the table sees on the token (its id stays in JSON)."""
        syms = ", ".join(SYMBOL_NAMES[s] for s in self.symbols[token]) or "no symbol"
        return f"threshold {self.threshold[token]} ({syms})"

    def to_json(self, token: int) -> dict:
        """One token as JSON data."""
        return {"id": self.ids[token], "setup": self.setup[token], "threshold": self.threshold[token],
                "symbols": list(self.symbols[token])}

    def data_copy(self) -> dict:
        """The token file data (a copy)."""
        return copy.deepcopy(self.data)


def validate_tokens(data: Any) -> None:
    """Raise InvalidPositionError naming the field unless ``data`` is a usable token set."""
    validate_schema(data, TOKENS_SCHEMA)
    seen: set[str] = set()
    for i, t in enumerate(data["tokens"]):
        require(t["id"] not in seen, f"duplicate token id {t['id']!r}", f"tokens[{i}].id")
        seen.add(t["id"])
    require(any(t["setup"] for t in data["tokens"]), "at least one setup (purple) token is needed", "tokens")


def check_for_game(tokens: TokenSet, regions: int, removed: int) -> None:
    """The set must fill every region with a setup token and leave enough tokens to remove and draw."""
    setup = len(tokens.setup_tokens)
    require(setup >= regions, f"{setup} setup tokens, but {regions} regions are in play", "tokens")
    rest = len(tokens) - regions
    require(rest > removed, f"{rest} tokens left after setup: cannot remove {removed} and keep a supply", "tokens")


def build_tokens(data: Any) -> TokenSet:
    """A validated TokenSet from token data (a dict)."""
    validate_tokens(data)
    return TokenSet(data)


def load_tokens(source: Any = None) -> TokenSet:
    """A validated TokenSet from a path or a dict (default: the shipped reconstruction)."""
    if source is None:
        return DEFAULT_TOKENS
    data = read_json(source, "tokens")
    validate_tokens(data)
    return TokenSet(data)


_default = json.loads(TOKENS_FILE.read_text())
validate_tokens(_default)
DEFAULT_TOKENS = TokenSet(_default)

__all__ = ["TokenSet", "load_tokens", "validate_tokens", "check_for_game", "DEFAULT_TOKENS", "MAJORITY", "ALL"]
