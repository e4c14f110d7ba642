"""Building in the combined variant (rules build.*, seafarers.ship, walls.*): settlements, cities, roads, ships and
city walls, in setup and on your turn; free pieces (Road Building, fish) in the phase "free_pieces"."""
from __future__ import annotations

from bisect import insort

from ..actions import BuildCity, BuildRoad, BuildSettlement
from . import table
from .actions import BuildShip, BuildWall
from .components import CITY_COST, COSTS, ROAD, ROAD_COST, SETTLEMENT_COST, SHIP, SHIP_COST, WALL_COST
from .free_pieces import free_places
from .payouts import river_income
from .phases import FREE_PIECES, MAIN, SETUP_CITY, SETUP_ROAD, SETUP_SETTLEMENT, player_name
from .pieces import pieces_left
from .places import distance_ok, road_spots, settlement_spots, ship_spots
from .setup import check_setup_piece, place_setup_building, place_setup_piece, room_error
from .special import update_longest_road, update_routes_at
from .table import err, not_now
from ..translate import _, shown


MEDICINE_CITY_COST = COSTS["city_medicine"]


def city_cost(s) -> tuple[int, ...]:
    """What a city costs now: 3 ore + 2 grain, or 2 ore + 1 grain after a Medicine this turn (progress.medicine)."""
    return MEDICINE_CITY_COST if s.medicine else CITY_COST


# ------------------------------------------------------------------------------------------------
# listing
# ------------------------------------------------------------------------------------------------
@table.main_actions
def _list_builds(s) -> list:
    p, comp = s.active, s.comp
    if s.free_pieces:
        return []
    out: list = []
    if s.affords(p, SETTLEMENT_COST) and pieces_left(s, p, "settlement"):
        out += [comp.settle_actions[v] for v in settlement_spots(s, p)]
    if s.affords(p, city_cost(s)) and pieces_left(s, p, "city"):
        out += [comp.city_actions[v] for v in s.buildings_of[p] if s.node_level[v] == 1]
    if s.affords(p, ROAD_COST) and pieces_left(s, p, "road"):
        out += [comp.road_actions[e] for e in road_spots(s, p)]
    if s.affords(p, SHIP_COST) and pieces_left(s, p, "ship"):
        out += [comp.ship_actions[e] for e in ship_spots(s, p)]
    if s.affords(p, WALL_COST) and pieces_left(s, p, "wall"):
        out += [comp.wall_actions[v] for v in s.buildings_of[p] if s.node_level[v] == 2 and not s.node_wall[v]]
    return out


# ------------------------------------------------------------------------------------------------
# settlements and cities
# ------------------------------------------------------------------------------------------------
def _check_settlement(s, a: BuildSettlement):
    v = a.node
    if not 0 <= v < s.comp.topo.n_nodes:
        return err(_("there is no intersection {v}").format(v=shown(v)), "build.settlement")
    if s.phase == SETUP_SETTLEMENT:
        if not distance_ok(s, v):
            return err(_("intersection {v} breaks the distance rule or is not a building site").format(
                v=shown(v)), "setup.distance")
        return room_error(s, v, 1)
    if s.phase != MAIN or s.free_pieces:
        return not_now(s, _("building a settlement"))
    p = s.active
    if not pieces_left(s, p, "settlement"):
        return err(_("you have no settlement left in your supply"), "build.pieces")
    if not s.affords(p, SETTLEMENT_COST):
        return err(_("a settlement costs 1 brick + 1 lumber + 1 wool + 1 grain"), "build.cost")
    if not distance_ok(s, v):
        return err(_("intersection {v} breaks the distance rule or is not a building site").format(
            v=shown(v)), "build.distance")
    if v not in settlement_spots(s, p):
        return err(_("intersection {v} is not at the end of one of your roads or ships").format(
            v=shown(v)), "build.settlement")
    return None


def _do_settlement(s, a: BuildSettlement) -> None:
    if s.phase == SETUP_SETTLEMENT:
        place_setup_building(s, a.node, 1)
        return
    p, v = s.active, a.node
    s.pay(p, SETTLEMENT_COST)
    s.node_owner[v] = p
    s.node_level[v] = 1
    insort(s.buildings_of[p], v)  # kept sorted: the order after a reload
    s.buildings_of[p].sort()
    s.emit("build", "build.settlement", player=player_name(p), piece="settlement", node=v)
    river_income(s, p, "settlement", v)
    after_building(s, v)


def _check_city(s, a: BuildCity):
    v = a.node
    if not 0 <= v < s.comp.topo.n_nodes:
        return err(_("there is no intersection {v}").format(v=shown(v)), "build.city")
    if s.phase == SETUP_CITY:
        if not distance_ok(s, v):
            return err(_("intersection {v} breaks the distance rule or is not a building site").format(
                v=shown(v)), "setup.distance")
        return room_error(s, v, 2)
    if s.phase != MAIN or s.free_pieces:
        return not_now(s, _("building a city"))
    p = s.active
    if s.node_owner[v] != p or s.node_level[v] != 1:
        return err(_("intersection {v} holds no settlement of yours").format(v=shown(v)), "build.city")
    if not pieces_left(s, p, "city"):
        return err(_("you have no city left in your supply"), "build.pieces")
    if not s.affords(p, city_cost(s)):
        if s.medicine:
            return err(_("a city costs 2 ore + 1 grain with the Medicine"), "progress.medicine")
        return err(_("a city costs 3 ore + 2 grain"), "build.cost")
    return None


def _do_city(s, a: BuildCity) -> None:
    if s.phase == SETUP_CITY:
        place_setup_building(s, a.node, 2)
        return
    p, v = s.active, a.node
    s.pay(p, city_cost(s))
    s.node_level[v] = 2
    s.emit("build", "build.city", player=player_name(p), piece="city", node=v)
    s.medicine = False  # progress.medicine: one upgrade per card
    s.refresh_board()  # production and harbours; a city on a settlement's place cuts no route


def after_building(s, v: int) -> None:
    """After a building came, changed or went on intersection v: harbour rates, production lookups, the routes
    through v."""
    s.refresh_board()
    update_routes_at(s, (v,))


# ------------------------------------------------------------------------------------------------
# roads and ships
# ------------------------------------------------------------------------------------------------
def _check_piece(s, edge: int, piece: int):
    kind = "road" if piece == ROAD else "ship"
    if not 0 <= edge < s.comp.topo.n_edges:
        return err(_("there is no edge {edge}").format(edge=shown(edge)), f"build.{kind}")
    if s.phase == SETUP_ROAD:
        return check_setup_piece(s, edge, piece)
    free = s.phase == FREE_PIECES
    if s.phase != MAIN and not free or s.phase == MAIN and s.free_pieces:
        return not_now(s, _("building a {kind}").format(kind=shown(kind)))
    p = s.active
    if not pieces_left(s, p, kind):
        return err(_("you have no {kind} left in your supply").format(kind=shown(kind)), "build.pieces")
    if not free and not s.affords(p, ROAD_COST if piece == ROAD else SHIP_COST):
        return err(_("a road costs 1 brick + 1 lumber") if piece == ROAD else _("a ship costs 1 lumber + 1 wool"),
                   "build.cost")
    spots = road_spots(s, p) if piece == ROAD else ship_spots(s, p)
    if edge not in spots:
        if piece == ROAD:
            return err(_("edge {edge} is not a free land edge joined to your buildings, roads or bridges (an "
                         "opponent's building or knight cuts a road)").format(
                edge=shown(edge)), "build.road")
        return err(_("edge {edge} is not a free sea or coast edge joined to your buildings or ships, away from the "
                     "pirate (roads and ships join only at your own settlement or city)").format(
            edge=shown(edge)), "seafarers.ship")
    return None


def _do_piece(s, edge: int, piece: int) -> None:
    if s.phase == SETUP_ROAD:
        place_setup_piece(s, edge, piece)
        return
    p = s.active
    free = s.phase == FREE_PIECES
    if not free:
        s.pay(p, ROAD_COST if piece == ROAD else SHIP_COST)
    s.edge_owner[edge] = p
    s.edge_piece[edge] = piece
    insort(s.edges_of[p], edge)  # kept sorted: the order after a reload
    s.edges_of[p].sort()
    if piece == SHIP:
        s.new_ships.append(edge)
    kind = "road" if piece == ROAD else "ship"
    s.emit("build", "seafarers.ship" if piece == SHIP else "build.road", player=player_name(p), piece=kind,
           edge=edge, free=free)
    if piece == ROAD:
        river_income(s, p, "road", edge)
    update_longest_road(s, (p,))  # a road or ship changes only its owner's routes
    if free:
        s.free_pieces -= 1
        if not s.free_pieces or not free_places(s):
            s.free_pieces = 0
            s.phase = MAIN


def _check_road(s, a: BuildRoad):
    return _check_piece(s, a.edge, ROAD)


def _do_road(s, a: BuildRoad) -> None:
    _do_piece(s, a.edge, ROAD)


def _check_ship(s, a: BuildShip):
    return _check_piece(s, a.edge, SHIP)


def _do_ship(s, a: BuildShip) -> None:
    _do_piece(s, a.edge, SHIP)


# ------------------------------------------------------------------------------------------------
# city walls
# ------------------------------------------------------------------------------------------------
def check_wall_site(s, p: int, v: int):
    """walls.site: one wall under each of your cities, at most 3."""
    if not 0 <= v < s.comp.topo.n_nodes or s.node_owner[v] != p or s.node_level[v] != 2:
        return err(_("intersection {v} holds no city of yours (a wall goes only under a city)").format(
            v=shown(v)), "walls.site")
    if s.node_wall[v]:
        return err(_("the city on intersection {v} already has a wall").format(v=shown(v)), "walls.site")
    if not pieces_left(s, p, "wall"):
        return err(_("you have built all 3 of your city walls"), "build.pieces")
    return None


def _check_wall(s, a: BuildWall):
    if s.phase != MAIN or s.free_pieces:
        return not_now(s, _("building a city wall"))
    p = s.active
    bad = check_wall_site(s, p, a.node)
    if bad:
        return bad
    if not s.affords(p, WALL_COST):
        return err(_("a city wall costs 2 brick"), "build.cost")
    return None


def _do_wall(s, a: BuildWall) -> None:
    p = s.active
    s.pay(p, WALL_COST)
    s.node_wall[a.node] = 1
    s.emit("build", "walls.site", player=player_name(p), piece="wall", node=a.node)


table.rule(BuildSettlement, _check_settlement, _do_settlement)
table.rule(BuildCity, _check_city, _do_city)
table.rule(BuildRoad, _check_road, _do_road)
table.rule(BuildShip, _check_ship, _do_ship)
table.rule(BuildWall, _check_wall, _do_wall)
