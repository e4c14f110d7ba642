"""The four decks of L'Horlogerie des Rats, read from editable data files and validated (naming the bad field).

Cards of one face are interchangeable, so the engine stores a deck as a sorted list of face indices (with
repeats): "S3" is a Swamp place of value 3 in the Exploration deck, "SR5" a Swamp+River Twisted Tribe in the
Danger deck, "Guard" an Horloger profile, "M17" a mission. The shipped Danger, Horloger and Mission faces
are the project's reconstruction (the data files say so); the Exploration deck is the rulebook's.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

from ..core.jsonio import read_json_file
from ..core.fields import Components as BaseComponents
from ..core.position import require

DATA_DIR = Path(__file__).parent / "data"
TERRAINS = ("S", "R", "J")
TERRAIN_NAMES = {"S": "Swamp", "R": "River", "J": "Jungle"}
TERRAIN_BIT = {"S": 1, "R": 2, "J": 4}
POWERS = ("compass", "amulet", "spyglass")
SPECIALS = ("collector", "cartographer", "great_expedition")
SPECIAL_TITLES = {"collector": "Collector", "cartographer": "Cartographer", "great_expedition": "Great Expedition"}
DECK_FILES = {"exploration": "exploration.json", "danger": "danger.json", "horlogers": "horlogers.json",
              "missions": "missions.json"}
MAX_VALUE = 20  # a sanity bound for hand-edited card values


def _int(value: Any, field: str, low: int, high: int = 10**6) -> int:
    require(isinstance(value, int) and not isinstance(value, bool), "must be an integer", field)
    require(low <= value <= high, f"must be between {low} and {high}", field)
    return value


def _list(value: Any, field: str) -> list:
    require(isinstance(value, list), "must be a list", field)
    return value


def _obj(value: Any, field: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    require(isinstance(value, dict), "must be an object", field)
    for key in required:
        require(key in value, "missing", f"{field}.{key}")
    for key in value:
        require(key in required or key in optional, "unexpected field", f"{field}.{key}")
    return value


def _header(data: Any, name: str, body: str) -> dict:
    return _obj(data, "data", (body,), ("deck", "reconstruction", "note"))


def _terrain(value: Any, field: str) -> str:
    require(value in TERRAINS, f"must be one of {list(TERRAINS)}", field)
    return value


class ExplorationDeck:
    """Exploration faces: terrain and value (one face per terrain and value)."""

    def __init__(self, data: Any):
        data = _header(data, "exploration", "cards")
        self.data = data
        names, terrain, value, copies = [], [], [], []
        for i, c in enumerate(_list(data["cards"], "cards")):
            f = f"cards[{i}]"
            c = _obj(c, f, ("terrain", "value", "copies"))
            t = _terrain(c["terrain"], f + ".terrain")
            v = _int(c["value"], f + ".value", 1, MAX_VALUE)
            name = f"{t}{v}"
            require(name not in names, f"the face {name} is listed twice", f)
            names.append(name)
            terrain.append(TERRAIN_BIT[t])
            value.append(v)
            copies.append(_int(c["copies"], f + ".copies", 0, 1000))
        require(sum(copies) > 0, "the deck must hold at least one card", "cards")
        self.names: tuple[str, ...] = tuple(names)
        self.index = {n: i for i, n in enumerate(names)}
        self.terrain: tuple[int, ...] = tuple(terrain)  # terrain bit
        self.value: tuple[int, ...] = tuple(value)
        self.copies: tuple[int, ...] = tuple(copies)
        self.full: tuple[int, ...] = tuple(f for f, k in enumerate(copies) for _ in range(k))


class DangerDeck:
    """Danger faces: terrains (one or two), level and printed wounds."""

    def __init__(self, data: Any):
        data = _header(data, "danger", "cards")
        self.data = data
        names, terrains, level, wounds, copies, titles = [], [], [], [], [], []
        for i, c in enumerate(_list(data["cards"], "cards")):
            f = f"cards[{i}]"
            c = _obj(c, f, ("terrains", "level", "wounds", "copies"), ("name",))
            ts = _list(c["terrains"], f + ".terrains")
            require(1 <= len(ts) <= 2, "a danger card has one or two terrains", f + ".terrains")
            for j, t in enumerate(ts):
                _terrain(t, f"{f}.terrains[{j}]")
            require(len(set(ts)) == len(ts), "a terrain is listed twice", f + ".terrains")
            lv = _int(c["level"], f + ".level", 1, MAX_VALUE)
            name = "".join(ts) + str(lv)
            require(name not in names, f"the face {name} is listed twice", f)
            title = c.get("name", "creature")
            require(isinstance(title, str), "must be a string", f + ".name")
            names.append(name)
            terrains.append(sum(TERRAIN_BIT[t] for t in ts))
            level.append(lv)
            wounds.append(_int(c["wounds"], f + ".wounds", 0, 3 * 6))
            copies.append(_int(c["copies"], f + ".copies", 0, 1000))
            titles.append(title)
        require(sum(copies) > 0, "the deck must hold at least one card", "cards")
        self.names: tuple[str, ...] = tuple(names)
        self.index = {n: i for i, n in enumerate(names)}
        self.terrains: tuple[int, ...] = tuple(terrains)  # terrain bits
        self.level: tuple[int, ...] = tuple(level)
        self.wounds: tuple[int, ...] = tuple(wounds)
        self.copies: tuple[int, ...] = tuple(copies)
        self.titles: tuple[str, ...] = tuple(titles)
        self.full: tuple[int, ...] = tuple(f for f, k in enumerate(copies) for _ in range(k))


class HorlogerDeck:
    """Horloger profiles: exploration, toughness and carry."""

    def __init__(self, data: Any):
        data = _header(data, "horlogers", "profiles")
        self.data = data
        names, expl, tough, carry, copies = [], [], [], [], []
        for i, c in enumerate(_list(data["profiles"], "profiles")):
            f = f"profiles[{i}]"
            c = _obj(c, f, ("name", "exploration", "toughness", "carry", "copies"))
            require(isinstance(c["name"], str) and c["name"].isidentifier(), "must be a one-word name",
                    f + ".name")
            require(c["name"] not in names, "the name is listed twice", f + ".name")
            names.append(c["name"])
            expl.append(_int(c["exploration"], f + ".exploration", 0, MAX_VALUE))
            tough.append(_int(c["toughness"], f + ".toughness", 0, 3))  # at most 3 quarter turns fit on a card
            carry.append(_int(c["carry"], f + ".carry", 0, MAX_VALUE))
            copies.append(_int(c["copies"], f + ".copies", 0, 1000))
        self.names: tuple[str, ...] = tuple(names)
        self.index = {n: i for i, n in enumerate(names)}
        self.exploration: tuple[int, ...] = tuple(expl)
        self.toughness: tuple[int, ...] = tuple(tough)
        self.carry: tuple[int, ...] = tuple(carry)
        self.copies: tuple[int, ...] = tuple(copies)
        self.full: tuple[int, ...] = tuple(f for f, k in enumerate(copies) for _ in range(k))


class MissionDeck:
    """Missions: requirements (terrain, amount) or a special rule, reward, encumbrance and power of the find."""

    def __init__(self, data: Any):
        data = _header(data, "missions", "missions")
        self.data = data
        names, titles, reqs, special, vp, enc, power = [], [], [], [], [], [], []
        for i, m in enumerate(_list(data["missions"], "missions")):
            f = f"missions[{i}]"
            m = _obj(m, f, ("id", "vp", "encumbrance", "power"), ("requirements", "special"))
            name = f"M{_int(m['id'], f + '.id', 1)}"
            require(name not in names, "the id is listed twice", f + ".id")
            require(("requirements" in m) != ("special" in m), "a mission has requirements or a special rule",
                    f + ".requirements")
            if "special" in m:
                require(m["special"] in SPECIALS, f"must be one of {list(SPECIALS)}", f + ".special")
                reqs.append(())
                special.append(m["special"])
                titles.append(SPECIAL_TITLES[m["special"]])
            else:
                rs = _list(m["requirements"], f + ".requirements")
                require(1 <= len(rs) <= 3, "one to three requirements", f + ".requirements")
                req = []
                for j, r in enumerate(rs):
                    g = f"{f}.requirements[{j}]"
                    r = _obj(r, g, ("terrain", "amount"))
                    req.append((TERRAINS.index(_terrain(r["terrain"], g + ".terrain")),
                                _int(r["amount"], g + ".amount", 1, 10 * MAX_VALUE)))
                require(len({t for t, _ in req}) == len(req), "each terrain at most once",
                        f + ".requirements")
                reqs.append(tuple(req))
                special.append("")
                titles.append("+".join(f"{TERRAINS[t]}{a}" for t, a in req))
            names.append(name)
            vp.append(_int(m["vp"], f + ".vp", 0, 100))
            enc.append(_int(m["encumbrance"], f + ".encumbrance", 0, 100))
            require(m["power"] in POWERS, f"must be one of {list(POWERS)}", f + ".power")
            power.append(m["power"])
        require(names, "at least one mission", "missions")
        self.names: tuple[str, ...] = tuple(names)
        self.index = {n: i for i, n in enumerate(names)}
        self.titles: tuple[str, ...] = tuple(titles)
        self.requirements: tuple[tuple[tuple[int, int], ...], ...] = tuple(reqs)
        self.special: tuple[str, ...] = tuple(special)
        self.vp: tuple[int, ...] = tuple(vp)
        self.encumbrance: tuple[int, ...] = tuple(enc)
        self.power: tuple[str, ...] = tuple(power)

    def label(self, m: int) -> str:
        """'M17 (S4+R3, 3 VP, compass)'."""
        return f"{self.names[m]} ({self.titles[m]}, {self.vp[m]} VP, {self.power[m]})"


DECK_CLASSES = {"exploration": ExplorationDeck, "danger": DangerDeck, "horlogers": HorlogerDeck,
                "missions": MissionDeck}


@lru_cache(maxsize=None)
def _shipped(deck: str):
    return DECK_CLASSES[deck](read_json_file(DATA_DIR / DECK_FILES[deck], deck))


def load_deck(deck: str, data: dict | None = None):
    """A validated deck: None = the shipped file, a dict = the data (files are read by core's DataOption)."""
    return _shipped(deck) if data is None else DECK_CLASSES[deck](data)


class Components(BaseComponents):
    """Everything one game is played with: player count and the four decks (shared, immutable)."""

    def __init__(self, players: int, exploration: ExplorationDeck, danger: DangerDeck, horlogers: HorlogerDeck,
                 missions: MissionDeck):
        self.players = players
        self.exploration = exploration
        self.danger = danger
        self.horlogers = horlogers
        self.missions = missions
        require(len(horlogers.full) >= 3 * players,
                f"{players} players need at least {3 * players} Horlogers to start", "horlogers.profiles")
        self.refs = {"exploration": exploration.names, "danger": danger.names, "horlogers": horlogers.names,
                     "missions": missions.names}
        self.seats = tuple(f"Player {p + 1}" for p in range(players))
