"""The Traders & Barbarians data of the combined variant (catan.md Part 2, Settled defaults), read and checked from
editable files: the baggage-train table and the goods tokens (both **Reconstructions**), and the fish tokens and
fish table. A bad file raises InvalidPositionError naming the field (data only, no rules here)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.errors import InvalidPositionError
from ..core.position import validate_schema
from .board import DATA_DIR, RESOURCES, read_json

SCHEMAS = DATA_DIR  # the JSON schemas sit next to the data files
BAGGAGE_TRAIN_FILE = DATA_DIR / "baggage_train.json"
GOODS_FILE = DATA_DIR / "goods.json"
FISH_FILE = DATA_DIR / "fish.json"
MARKETS = ("castle", "quarry", "glassworks")


@dataclass(frozen=True)
class WagonLevel:
    """One baggage-train card: movement points, money per delivery, the toll die (None: no die), its cost."""

    level: int
    movement: int
    delivery_money: int
    toll_die: int | None
    cost: tuple[int, ...]  # in resource order (brick, lumber, wool, grain, ore)


@dataclass(frozen=True)
class BaggageTrain:
    """The baggage-train table: its levels in order, and the VP a wagon earns from a level on."""

    levels: tuple[WagonLevel, ...]
    vp_from_level: int
    vp: int
    reconstruction: bool
    data: dict = field(compare=False)  # the file as read (the levels above say the same; kept out of the hash)

    def level(self, n: int) -> WagonLevel:
        """The card of level n (1-based)."""
        return self.levels[n - 1]


@dataclass(frozen=True)
class Goods:
    """The goods tokens: per market, its kinds of token with their destination and count."""

    kinds: tuple[tuple[str, str, str, int], ...]  # (market, token kind, destination market, count)
    reconstruction: bool
    data: dict

    def stack(self, market: str) -> list[str]:
        """A market's tokens, as a list of kinds (each repeated by its count), in file order."""
        return [k for m, k, _, n in self.kinds if m == market for _ in range(n)]

    def destination(self, kind: str) -> str:
        """Where a token of this kind is delivered."""
        return next(d for _, k, d, _ in self.kinds if k == kind)


@dataclass(frozen=True)
class FishData:
    """The fish tokens (value -> count), the Old Boot, the limits and the fish table (cost, effect, text)."""

    tokens: tuple[tuple[int, int], ...]
    old_boot: int
    hold_limit: int
    per_settlement: int
    per_city: int
    lake_numbers: tuple[int, ...]
    table: tuple[tuple[int, str, str], ...]
    wagon_boost_fish: int
    old_boot_vp: int

    def cost(self, effect: str) -> int:
        """The fish an effect costs."""
        return next(c for c, e, _ in self.table if e == effect)


def parse_baggage_train(data: Any) -> BaggageTrain:
    """A checked baggage-train table; InvalidPositionError names the bad field."""
    validate_schema(data, SCHEMAS / "baggage_train.schema.json")
    levels = []
    for i, row in enumerate(data["levels"]):
        if row["level"] != i + 1:
            raise InvalidPositionError(f"levels must be numbered 1, 2, 3... in order; expected {i + 1}",
                                       f"levels[{i}].level")
        if i == 0 and any(row["cost"].values()):
            raise InvalidPositionError("level 1 is where every wagon starts: it costs nothing", "levels[0].cost")
        levels.append(WagonLevel(row["level"], row["movement"], row["delivery_money"], row["toll_die"],
                                 tuple(row["cost"].get(r, 0) for r in RESOURCES)))
    if data["vp_from_level"] > len(levels):
        raise InvalidPositionError(f"there are only {len(levels)} levels", "vp_from_level")
    return BaggageTrain(tuple(levels), data["vp_from_level"], data["vp"], bool(data.get("reconstruction")),
                        json.loads(json.dumps(data)))


def parse_goods(data: Any) -> Goods:
    """Checked goods tokens; InvalidPositionError names the bad field."""
    validate_schema(data, SCHEMAS / "goods.schema.json")
    kinds = []
    seen: set[str] = set()
    for market in MARKETS:
        for kind, row in data["markets"][market].items():
            where = f"markets.{market}.{kind}"
            if kind in seen:
                raise InvalidPositionError("a kind of token belongs to one market only", where)
            if row["to"] == market:
                raise InvalidPositionError("a token is delivered to another market", f"{where}.to")
            seen.add(kind)
            kinds.append((market, kind, row["to"], row["count"]))
    return Goods(tuple(kinds), bool(data.get("reconstruction")), json.loads(json.dumps(data)))


def parse_fish(data: Any) -> FishData:
    """Checked fish data; InvalidPositionError names the bad field."""
    validate_schema(data, SCHEMAS / "fish.schema.json")
    effects = [row["effect"] for row in data["table"]]
    for i, e in enumerate(effects):
        if effects.index(e) != i:
            raise InvalidPositionError("each effect appears once in the fish table", f"table[{i}].effect")
    tokens = tuple(sorted((int(v), n) for v, n in data["tokens"].items()))
    return FishData(tokens, data["old_boot"], data["hold_limit"], data["per_building"]["settlement"],
                    data["per_building"]["city"], tuple(data["lake_numbers"]),
                    tuple((row["fish"], row["effect"], row["text"]) for row in data["table"]),
                    data["wagon_boost_fish"], data["old_boot_vp"])


def load_baggage_train(source: Any = None) -> BaggageTrain:
    """The shipped table (None), or a dict, or a file path."""
    return default_baggage_train() if source is None else parse_baggage_train(read_json(source, "wagon_table"))


@lru_cache(maxsize=1)
def default_baggage_train() -> BaggageTrain:
    """The shipped baggage-train table (a Reconstruction)."""
    return parse_baggage_train(json.loads(BAGGAGE_TRAIN_FILE.read_text()))


@lru_cache(maxsize=1)
def default_goods() -> Goods:
    """The shipped goods tokens (a Reconstruction)."""
    return parse_goods(json.loads(GOODS_FILE.read_text()))


@lru_cache(maxsize=1)
def default_fish() -> FishData:
    """The shipped fish tokens and table."""
    return parse_fish(json.loads(FISH_FILE.read_text()))
