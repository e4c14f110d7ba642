"""Rattus Cartus components read from data/cards.json and data/buildings.json (validated, naming the bad field).

Card codes used everywhere in the state: 0..83 are the Population cards (class = code // 14), then one code
per special kind (Joker, Sword, Flute, Pass, Gold); a hand is a list of codes, specials repeated.
"""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from ..core.jsonio import read_json_file
from ..core.position import require

DATA_DIR = Path(__file__).parent / "data"
CARDS_FILE = DATA_DIR / "cards.json"
BUILDINGS_FILE = DATA_DIR / "buildings.json"

SPECIAL_IDS = ("joker", "sword", "flute", "pass", "gold")
PILES = SPECIAL_IDS + ("vp",)
EFFECTS = {"draw": ("count",), "take": ("pile", "count"), "discard_rats": ("count",), "hospital": ("rats", "cards"),
           "look": ("count",), "brewery": ("per",), "guard_tower": ("count",), "none": ()}
SUPPORT_EFFECTS = ("draw", "discard_rats", "look")
PLAYER_COUNTS = ("2", "3", "4", "5")
MAX_COUNT = 1000  # no count of cards, looks or discards comes near this; positions use the same bound


def _int(value: Any, field: str, low: int = 0) -> int:
    require(isinstance(value, int) and not isinstance(value, bool) and value >= low,
            f"must be an integer >= {low}", field)
    return value


def _str(value: Any, field: str) -> str:
    require(isinstance(value, str) and value != "", "must be a non-empty string", field)
    return value


def _obj(value: Any, field: str, keys: tuple[str, ...]) -> dict:
    require(isinstance(value, dict), "must be an object", field)
    for k in keys:
        require(k in value, "missing", f"{field}.{k}")
    return value


def _list(value: Any, field: str, length: int | None = None) -> list:
    require(isinstance(value, list), "must be a list", field)
    if length is not None:
        require(len(value) == length, f"must have {length} entries", field)
    return value


def _per_players(value: Any, field: str, entries: int | None = None) -> dict[int, Any]:
    _obj(value, field, PLAYER_COUNTS)
    out = {}
    for k in PLAYER_COUNTS:
        if entries is None:
            out[int(k)] = _int(value[k], f"{field}.{k}", 1)
        else:
            out[int(k)] = [_int(v, f"{field}.{k}[{i}]") for i, v in enumerate(_list(value[k], f"{field}.{k}"))]
    return out


def _effect(value: Any, field: str, allowed: tuple[str, ...] = tuple(EFFECTS)) -> dict:
    _obj(value, field, ("effect",))
    kind = value["effect"]
    require(kind in allowed, f"unknown effect {kind!r} (known: {', '.join(allowed)})", f"{field}.effect")
    for k in EFFECTS[kind]:
        require(k in value, "missing", f"{field}.{k}")
        if k == "pile":
            require(value[k] in PILES, f"unknown pile {value[k]!r}", f"{field}.pile")
        else:
            low = 1 if k in ("per", "count") else 0
            v = value[k]
            require(isinstance(v, int) and not isinstance(v, bool) and low <= v <= MAX_COUNT,
                    f"must be an integer in {low}..{MAX_COUNT}", f"{field}.{k}")
    return value


class CardData:
    """The card file: classes, Population nun symbols, special piles, VP tokens and the numeric rules."""

    def __init__(self, data: Any):
        d = _obj(data, "cards", ("classes", "population", "specials", "vp_tokens", "start_rats", "start_hand",
                                 "nun_row", "colours", "rounds", "reveal", "replacement_deck", "track_points",
                                 "hand_majority", "special_majority", "gold_points"))
        self.data = copy.deepcopy(d)
        classes = _list(d["classes"], "classes", 6)
        self.class_ids: tuple[str, ...] = tuple(_str(_obj(c, f"classes[{i}]", ("id", "name", "person"))["id"],
                                                     f"classes[{i}].id") for i, c in enumerate(classes))
        require(len(set(self.class_ids)) == 6, "class ids must differ", "classes")
        self.class_names = tuple(_str(c["name"], f"classes[{i}].name") for i, c in enumerate(classes))
        self.persons = tuple(_str(c["person"], f"classes[{i}].person") for i, c in enumerate(classes))
        self.class_fr = tuple(str(c.get("fr", "")) for c in classes)
        pop = _obj(d["population"], "population", ("nuns_per_class",))
        nuns = _list(pop["nuns_per_class"], "population.nuns_per_class")
        require(len(nuns) >= 1, "must list at least one card", "population.nuns_per_class")
        self.per_class = len(nuns)
        self.class_nuns = tuple(_int(v, f"population.nuns_per_class[{i}]") for i, v in enumerate(nuns))
        specials = _list(d["specials"], "specials", len(SPECIAL_IDS))
        for i, s in enumerate(specials):
            _obj(s, f"specials[{i}]", ("id", "name", "count"))
            require(s["id"] == SPECIAL_IDS[i], f"must be {SPECIAL_IDS[i]!r} (the specials in this order: "
                    f"{', '.join(SPECIAL_IDS)})", f"specials[{i}].id")
        self.special_names = tuple(_str(s["name"], f"specials[{i}].name") for i, s in enumerate(specials))
        self.special_counts = tuple(_int(s["count"], f"specials[{i}].count") for i, s in enumerate(specials))
        vp = _obj(d["vp_tokens"], "vp_tokens", ("count", "value"))
        self.vp_count = _int(vp["count"], "vp_tokens.count")
        self.vp_value = _int(vp["value"], "vp_tokens.value")
        self.start_rats = _int(d["start_rats"], "start_rats")
        self.start_hand = _int(d["start_hand"], "start_hand")
        self.row_size = _int(d["nun_row"], "nun_row", 1)
        self.colours = tuple(_str(c, f"colours[{i}]") for i, c in enumerate(_list(d["colours"], "colours", 5)))
        self.rounds = _per_players(d["rounds"], "rounds")
        self.reveal = _per_players(d["reveal"], "reveal")
        self.replacement = _per_players(d["replacement_deck"], "replacement_deck")
        self.track_points = _per_players(d["track_points"], "track_points", entries=1)
        self.hand_majority = _int(d["hand_majority"], "hand_majority")
        self.special_majority = _int(d["special_majority"], "special_majority")
        gold = _list(d["gold_points"], "gold_points", 2)
        self.gold_points = (_int(gold[0], "gold_points[0]"), _int(gold[1], "gold_points[1]"))
        self.population = 6 * self.per_class
        need = self.row_size + 5 * self.start_hand
        require(self.population >= need, f"{self.population} Population cards cannot fill the nun row and 5 hands "
                f"({need})", "population.nuns_per_class")
        for n in range(2, 6):
            require(self.rounds[n] * self.reveal[n] + self.replacement[n] == 30,
                    f"{n} players: rounds x reveal + replacement_deck must use the 30 chosen buildings",
                    f"rounds.{n}")
            require(self.replacement[n] >= self.reveal[n] + 3, f"{n} players: the replacement deck must hold "
                    "enough cards for the identical-buildings loop", f"replacement_deck.{n}")


    def data_copy(self) -> dict:
        """The card file data (a copy)."""
        return copy.deepcopy(self.data)


class BuildingData:
    """The building file: 12 types (class, privilege and basic effects), 5 support actions and 60 cards."""

    def __init__(self, data: Any, cards: CardData):
        d = _obj(data, "buildings", ("types", "supports", "cards", "first_game"))
        self.data = copy.deepcopy(d)
        types = _list(d["types"], "types")
        self.type_ids = tuple(_str(_obj(t, f"types[{i}]", ("id", "class", "name", "privilege", "basic"))["id"],
                                   f"types[{i}].id") for i, t in enumerate(types))
        require(len(set(self.type_ids)) == len(self.type_ids), "type ids must differ", "types")
        self.type_names = tuple(_str(t["name"], f"types[{i}].name") for i, t in enumerate(types))
        self.type_fr = tuple(str(t.get("fr", "")) for t in types)
        self.type_class = []
        for i, t in enumerate(types):
            require(t["class"] in cards.class_ids, f"unknown class {t['class']!r}", f"types[{i}].class")
            self.type_class.append(cards.class_ids.index(t["class"]))
        for c in range(6):
            require(self.type_class.count(c) == 2, f"class {cards.class_ids[c]} must have exactly 2 building types",
                    "types")
        self.privilege = tuple(_effect(t["privilege"], f"types[{i}].privilege") for i, t in enumerate(types))
        self.basic = tuple(_effect(t["basic"], f"types[{i}].basic") for i, t in enumerate(types))
        supports = _list(d["supports"], "supports")
        self.support_ids = tuple(_str(_obj(s, f"supports[{i}]", ("id", "effects"))["id"], f"supports[{i}].id")
                                 for i, s in enumerate(supports))
        self.support_text = tuple(str(s.get("text", s["id"])) for s in supports)
        self.support_effects = tuple(
            tuple(_effect(e, f"supports[{i}].effects[{j}]", SUPPORT_EFFECTS)
                  for j, e in enumerate(_list(s["effects"], f"supports[{i}].effects")))
            for i, s in enumerate(supports))
        cards_ = _list(d["cards"], "cards")
        ids, ctype, csupport = [], [], []
        for i, c in enumerate(cards_):
            _obj(c, f"cards[{i}]", ("id", "type", "support"))
            require(c["id"] not in ids, f"duplicate card id {c['id']!r}", f"cards[{i}].id")
            require(c["type"] in self.type_ids, f"unknown type {c['type']!r}", f"cards[{i}].type")
            require(c["support"] in self.support_ids, f"unknown support {c['support']!r}", f"cards[{i}].support")
            ids.append(_str(c["id"], f"cards[{i}].id"))
            ctype.append(self.type_ids.index(c["type"]))
            csupport.append(self.support_ids.index(c["support"]))
        for t in range(len(types)):
            require(ctype.count(t) == 5, f"type {self.type_ids[t]} must have exactly 5 cards", "cards")
        self.card_ids = tuple(ids)
        self.card_type = tuple(ctype)
        self.card_support = tuple(csupport)
        self.card_class = tuple(self.type_class[t] for t in ctype)
        first = _list(d["first_game"], "first_game", 6)
        for i, t in enumerate(first):
            require(t in self.type_ids, f"unknown type {t!r}", f"first_game[{i}]")
        self.first_game = tuple(self.type_ids.index(t) for t in first)

    def data_copy(self) -> dict:
        """The building file data (a copy)."""
        return copy.deepcopy(self.data)

    def cards_of_type(self, t: int) -> list[int]:
        """The 5 card indices of a building type."""
        return [i for i, x in enumerate(self.card_type) if x == t]


DEFAULT_CARDS = CardData(read_json_file(str(CARDS_FILE), "card_data"))
DEFAULT_BUILDINGS = BuildingData(read_json_file(str(BUILDINGS_FILE), "building_data"), DEFAULT_CARDS)
