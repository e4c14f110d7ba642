"""The science (green) progress cards (catan_facts.md, Progress card effects; rules progress.<card>): Alchemist,
Crane, Engineer, Inventor, Irrigation, Medicine, Mining and Road Building; the Printer is a VP card, shown and
scored when drawn (``progress.give_progress``).

Each card is one check and one apply function. A card is listed only when it could do something (the convention
of catan_facts.md: Engineer with no wall site, Road Building with no place for a piece; *interpretation*: the same
for every card, e.g. Irrigation with no fields touching your buildings, a second Crane or Medicine in one turn).
Every card but the Alchemist is played on your own turn after the roll (``progress.play_error``).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core.protocol import Action
from ..actions import PlayRoadBuilding
from ..board import LAKE, RESOURCES
from . import table
from .build import check_wall_site
from .components import CARD_INDEX, MAX_LEVEL, PROGRESS_NAME
from .free_pieces import start_free_pieces
from .phases import DICE_PHASE, player_name
from .pieces import pieces_left
from .places import road_spots, ship_spots
from .progress import before_roll, holds, play_error, playable, use_card
from .table import err
from ..translate import _, shown

FIXED_NUMBERS = frozenset({2, 12, 6, 8})  # progress.inventor: these tokens never move
HARVEST_PER_TILE = 2  # Irrigation and Mining: 2 cards per tile
GRAIN, ORE = CARD_INDEX["grain"], CARD_INDEX["ore"]  # also the terrain codes of fields and mountains


# ------------------------------------------------------------------------------------------------
# the actions
# ------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayAlchemist(Action):
    """Play the Alchemist before the roll: the red and yellow dice show these numbers (the event die is rolled)."""

    red: int
    yellow: int
    kind = "play_alchemist"

    def describe(self) -> str:
        return _("Play the Alchemist: red {red}, yellow {yellow} (total {value})").format(
            red=shown(self.red), yellow=shown(self.yellow), value=shown(self.red + self.yellow))


@dataclass(frozen=True, slots=True)
class PlayCrane(Action):
    """Play the Crane: your next city improvement this turn costs 1 commodity less."""

    kind = "play_crane"

    def describe(self) -> str:
        return _("Play the Crane (next improvement 1 commodity cheaper)")


@dataclass(frozen=True, slots=True)
class PlayEngineer(Action):
    """Play the Engineer: a free city wall under your city on this intersection."""

    node: int
    kind = "play_engineer"

    def describe(self) -> str:
        return _("Play the Engineer: a free city wall on intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class PlayInventor(Action):
    """Play the Inventor: swap the number tokens of two tiles (lower tile index first)."""

    first: int
    second: int
    kind = "play_inventor"

    def describe(self) -> str:
        return _("Play the Inventor: swap the number tokens of tiles {first} and {second}").format(
            first=shown(self.first), second=shown(self.second))


@dataclass(frozen=True, slots=True)
class PlayIrrigation(Action):
    """Play Irrigation: 2 grain per fields tile touching your settlements and cities."""

    kind = "play_irrigation"

    def describe(self) -> str:
        return _("Play Irrigation (2 grain per fields tile you touch)")


@dataclass(frozen=True, slots=True)
class PlayMining(Action):
    """Play Mining: 2 ore per mountains tile touching your settlements and cities."""

    kind = "play_mining"

    def describe(self) -> str:
        return _("Play Mining (2 ore per mountains tile you touch)")


@dataclass(frozen=True, slots=True)
class PlayMedicine(Action):
    """Play Medicine: your next city this turn costs 2 ore + 1 grain."""

    kind = "play_medicine"

    def describe(self) -> str:
        return _("Play Medicine (next city for 2 ore + 1 grain)")


CRANE, IRRIGATION, MINING, MEDICINE, ROAD_BUILDING = (PlayCrane(), PlayIrrigation(), PlayMining(), PlayMedicine(),
                                                      PlayRoadBuilding())
ALCHEMIST = tuple(PlayAlchemist(r, y) for r in range(1, 7) for y in range(1, 7))


# ------------------------------------------------------------------------------------------------
# Alchemist (before the roll)
# ------------------------------------------------------------------------------------------------
@before_roll
def _list_alchemist(s) -> list:
    return list(ALCHEMIST) if holds(s, s.active, "alchemist") else []


def _check_alchemist(s, a: PlayAlchemist):
    bad = play_error(s, "alchemist", before=True)
    if bad:
        return bad
    if not (1 <= a.red <= 6 and 1 <= a.yellow <= 6):
        return err(_("each number die shows 1 to 6"), "progress.alchemist")
    return None


def _do_alchemist(s, a: PlayAlchemist) -> None:
    """progress.alchemist: the two number dice are set instead of rolled; the event die is still rolled, at once
    (*interpretation*: the card replaces the Roll action; ``roll`` honours ``fixed_dice``); any total, 7 included,
    has its normal effect."""
    use_card(s, "alchemist")
    s.fixed_dice = [a.red, a.yellow]
    s.emit("alchemist", "progress.alchemist", player=player_name(s.active), red=a.red, yellow=a.yellow,
           total=a.red + a.yellow)
    s.phase = DICE_PHASE


# ------------------------------------------------------------------------------------------------
# Crane
# ------------------------------------------------------------------------------------------------
def _check_crane(s, a: PlayCrane):
    bad = play_error(s, "crane")
    if bad:
        return bad
    p = s.active
    if s.crane:
        return err(_("a Crane already lowers your next improvement: two Cranes do not stack"), "progress.crane")
    if not s.cities_of(p):
        return err(_("the Crane helps buy an improvement, which needs a city"), "progress.crane")
    if all(level >= MAX_LEVEL for level in s.levels[p]):
        return err(_("all your tracks are at level {MAX_LEVEL}").format(MAX_LEVEL=shown(MAX_LEVEL)), "progress.crane")
    return None


def _do_crane(s, a: PlayCrane) -> None:
    """progress.crane: one improvement bought this turn costs 1 commodity less (``improvements`` reads the flag)."""
    use_card(s, "crane")
    s.crane = True
    s.emit("crane", "progress.crane", player=player_name(s.active))


# ------------------------------------------------------------------------------------------------
# Engineer
# ------------------------------------------------------------------------------------------------
@cache
def _engineer(v: int) -> PlayEngineer:
    return PlayEngineer(v)


def _check_engineer(s, a: PlayEngineer):
    bad = play_error(s, "engineer")
    if bad:
        return bad
    bad = check_wall_site(s, s.active, a.node)
    if bad:
        return err(bad.reason, "progress.engineer")
    return None


def _do_engineer(s, a: PlayEngineer) -> None:
    """progress.engineer: a city wall under one of your cities, free, within the normal wall limits."""
    use_card(s, "engineer")
    s.node_wall[a.node] = 1
    s.emit("engineer", "progress.engineer", player=player_name(s.active), node=a.node)


# ------------------------------------------------------------------------------------------------
# Inventor
# ------------------------------------------------------------------------------------------------
def movable_token(s, t: int) -> bool:
    """progress.inventor: a tile whose number token may move: numbered, not a 2, 12, 6 or 8, not the lake."""
    n = s.number[t]
    return bool(n) and n not in FIXED_NUMBERS and not s.number2[t] and s.terrain[t] != LAKE


def _check_inventor(s, a: PlayInventor):
    bad = play_error(s, "inventor")
    if bad:
        return bad
    n_tiles = s.comp.topo.n_tiles
    if not (0 <= a.first < a.second < n_tiles):
        return err(_("name two different tiles, the lower index first"), "progress.inventor")
    for t in (a.first, a.second):
        if not movable_token(s, t):
            return err(_("the token of tile {t} cannot move (none, or a 2, 12, 6 or 8, or the lake's)").format(
                t=shown(t)),
                       "progress.inventor")
    if s.number[a.first] == s.number[a.second]:
        return err(_("both tokens show the same number: the swap would change nothing"), "progress.inventor")
    return None


def _do_inventor(s, a: PlayInventor) -> None:
    """progress.inventor: two tokens swap places (they need not touch your buildings; the robber stays). Two tokens
    showing the same number are not offered: the swap would change nothing (*interpretation*)."""
    use_card(s, "inventor")
    x, y = a.first, a.second
    s.number[x], s.number[y] = s.number[y], s.number[x]
    s.refresh_board()
    s.emit("inventor", "progress.inventor", player=player_name(s.active), first=x, second=y,
           first_number=s.number[y], second_number=s.number[x])


def inventor_actions(s) -> list:
    """Every legal Inventor swap."""
    tiles = [t for t in range(s.comp.topo.n_tiles) if movable_token(s, t)]
    num = s.number
    return [_inventor(x, y) for i, x in enumerate(tiles) for y in tiles[i + 1:] if num[x] != num[y]]


@cache
def _inventor(x: int, y: int) -> PlayInventor:
    return PlayInventor(x, y)


# ------------------------------------------------------------------------------------------------
# Irrigation and Mining
# ------------------------------------------------------------------------------------------------
def touched_tiles(s, p: int, card: int) -> list[int]:
    """The tiles producing this resource (fields: grain, mountains: ore) that touch p's settlements or cities."""
    node_tiles, terrain = s.comp.topo.node_tiles, s.terrain
    return sorted({t for v in s.buildings_of[p] for t in node_tiles[v] if terrain[t] == card})


def _harvest_error(s, card_id: str, card: int):
    bad = play_error(s, card_id)
    if bad:
        return bad
    if not touched_tiles(s, s.active, card):
        land = "fields" if card == GRAIN else "mountains"
        return err(_("no {land} tile touches your settlements or cities").format(
            land=shown(land)), f"progress.{card_id}")
    if not s.bank[card]:
        return err(_("the bank has no {RESOURCES} left").format(
            RESOURCES=shown(RESOURCES[card])), f"progress.{card_id}")
    return None


def _harvest(s, card_id: str, card: int) -> None:
    """progress.irrigation / progress.mining: 2 cards per tile touching your buildings, counted once per tile (not
    production: a city adds nothing, and the robber does not block it — *interpretation*); the bank pays what it
    has."""
    use_card(s, card_id)
    p = s.active
    tiles = touched_tiles(s, p, card)
    got = s.gain(p, card, HARVEST_PER_TILE * len(tiles))
    s.emit("progress_harvest", f"progress.{card_id}", player=player_name(p), card=RESOURCES[card], count=got,
           tiles=len(tiles), progress=PROGRESS_NAME[card_id])


def _check_irrigation(s, a: PlayIrrigation):
    return _harvest_error(s, "irrigation", GRAIN)


def _do_irrigation(s, a: PlayIrrigation) -> None:
    _harvest(s, "irrigation", GRAIN)


def _check_mining(s, a: PlayMining):
    return _harvest_error(s, "mining", ORE)


def _do_mining(s, a: PlayMining) -> None:
    _harvest(s, "mining", ORE)


# ------------------------------------------------------------------------------------------------
# Medicine
# ------------------------------------------------------------------------------------------------
def _check_medicine(s, a: PlayMedicine):
    bad = play_error(s, "medicine")
    if bad:
        return bad
    p = s.active
    if s.medicine:
        return err(_("a Medicine already waits for your next city: two do not combine"), "progress.medicine")
    if not any(s.node_level[v] == 1 for v in s.buildings_of[p]):
        return err(_("you have no settlement to upgrade"), "progress.medicine")
    if not pieces_left(s, p, "city"):
        return err(_("you have no city left in your supply"), "progress.medicine")
    return None


def _do_medicine(s, a: PlayMedicine) -> None:
    """progress.medicine: your next city this turn costs 2 ore + 1 grain (``build.city_cost``); one upgrade per
    card."""
    use_card(s, "medicine")
    s.medicine = True
    s.emit("medicine", "progress.medicine", player=player_name(s.active))


# ------------------------------------------------------------------------------------------------
# Road Building
# ------------------------------------------------------------------------------------------------
def free_piece_place(s, p: int) -> bool:
    """True if p has a road or a ship in supply and a legal place for it (never a bridge)."""
    return bool(pieces_left(s, p, "road") and road_spots(s, p) or pieces_left(s, p, "ship") and ship_spots(s, p))


def _check_road_building(s, a: PlayRoadBuilding):
    bad = play_error(s, "road_building")
    if bad:
        return bad
    if not free_piece_place(s, s.active):
        return err(_("you have no road or ship to place, or no place for one"), "progress.road_building")
    return None


def _do_road_building(s, a: PlayRoadBuilding) -> None:
    """progress.road_building: up to 2 free roads or ships (2 roads, 2 ships or one of each, never a bridge), one
    after the other, with no paid build in between (the phase "free_pieces" of ``build``)."""
    use_card(s, "road_building")
    s.emit("road_building", "progress.road_building", player=player_name(s.active))
    start_free_pieces(s, 2)


# ------------------------------------------------------------------------------------------------
# listing
# ------------------------------------------------------------------------------------------------
@playable
def _list_science(s) -> list:
    p = s.active
    out: list = []
    if holds(s, p, "crane") and _check_crane(s, CRANE) is None:
        out.append(CRANE)
    if holds(s, p, "engineer") and pieces_left(s, p, "wall"):
        out += [_engineer(v) for v in s.cities_of(p) if not s.node_wall[v]]
    if holds(s, p, "inventor"):
        out += inventor_actions(s)
    if holds(s, p, "irrigation") and _check_irrigation(s, IRRIGATION) is None:
        out.append(IRRIGATION)
    if holds(s, p, "mining") and _check_mining(s, MINING) is None:
        out.append(MINING)
    if holds(s, p, "medicine") and _check_medicine(s, MEDICINE) is None:
        out.append(MEDICINE)
    if holds(s, p, "road_building") and free_piece_place(s, p):
        out.append(ROAD_BUILDING)
    return out


table.rule(PlayAlchemist, _check_alchemist, _do_alchemist)
table.rule(PlayCrane, _check_crane, _do_crane)
table.rule(PlayEngineer, _check_engineer, _do_engineer)
table.rule(PlayInventor, _check_inventor, _do_inventor)
table.rule(PlayIrrigation, _check_irrigation, _do_irrigation)
table.rule(PlayMining, _check_mining, _do_mining)
table.rule(PlayMedicine, _check_medicine, _do_medicine)
table.rule(PlayRoadBuilding, _check_road_building, _do_road_building)
