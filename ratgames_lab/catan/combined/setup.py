"""Setup of the combined variant (catan.md Part 2, Setup; rules setup.*): in snake order, a settlement and a road
(or ship) from the first player on, then a city and 2 roads (or ships) back; starting production from both."""
from __future__ import annotations

from bisect import insort

from ..actions import BuildSettlement
from . import table
from .components import CARDS, GOLD_MONEY, R, ROAD, SHIP
from .fish import setup_fish
from .payouts import pay_out, river_income
from .phases import MAIN, ROLL_PHASE, SETUP_CITY, SETUP_ROAD, SETUP_SETTLEMENT, player_name
from .places import distance_ok, pirate_edges
from .special import update_longest_road, update_routes_at
from .table import err, not_now
from ..translate import _, shown


def setup_player(s) -> int:
    """The player placing now in setup (snake order from the first player)."""
    n = s.players
    i = s.setup_index
    k = i if i < n else 2 * n - 1 - i
    return (s.first_player + k) % n


def _sites(s, level: int) -> list[int]:
    return [v for v in range(s.comp.topo.n_nodes) if distance_ok(s, v) and room_for_pieces(s, v, level)]


def room_for_pieces(s, v: int, level: int) -> bool:
    """setup.road: a setup settlement needs a free edge for its road or ship, a setup city room for its two
    (*interpretation*: the rulebooks assume the room; a site where the pieces cannot all be placed is refused, so the
    setup never stalls, e.g. at a frame corner whose two edges are taken or under the pirate)."""
    comp = s.comp
    topo = comp.topo
    blocked = pirate_edges(s)

    def free(e: int, piece: int) -> bool:
        if s.edge_owner[e] >= 0:
            return False
        return comp.road_edge[e] if piece == ROAD else comp.ship_edge[e] and e not in blocked

    first = [e for e in topo.node_edges[v] if free(e, ROAD) or free(e, SHIP)]
    if level == 1 or len(first) >= 2 or not first:
        return bool(first)
    e = first[0]
    a, b = topo.edge_nodes[e]
    far = b if a == v else a
    if s.node_owner[far] >= 0 or s.knight_level[far]:
        return False
    return any(free(e, piece) and any(f != e and free(f, piece) for f in topo.node_edges[far])
               for piece in (ROAD, SHIP))


@table.phase(SETUP_SETTLEMENT)
def _list_settlements(s) -> list:
    acts = s.comp.settle_actions
    return [acts[v] for v in _sites(s, 1)]


@table.phase(SETUP_CITY)
def _list_cities(s) -> list:
    acts = s.comp.city_actions
    return [acts[v] for v in _sites(s, 2)]


def setup_edges(s, piece: int) -> list[int]:
    """setup.road: free edges for a road (or ship) touching the building just placed, or extending the piece
    already placed from it (roads extend roads, ships extend ships)."""
    comp, p, v = s.comp, s.active, s.setup_anchor
    topo = comp.topo
    ok = comp.road_edge if piece == ROAD else comp.ship_edge
    blocked = pirate_edges(s) if piece == SHIP else frozenset()
    out = set()
    for e in topo.node_edges[v]:
        if s.edge_owner[e] < 0 and ok[e] and e not in blocked:
            out.add(e)
        elif s.edge_owner[e] == p and s.edge_piece[e] == piece and s.setup_roads == 1:
            far = topo.edge_nodes[e][1] if topo.edge_nodes[e][0] == v else topo.edge_nodes[e][0]
            if s.node_owner[far] < 0 and not s.knight_level[far]:
                out.update(f for f in topo.node_edges[far] if s.edge_owner[f] < 0 and ok[f] and f not in blocked)
    return sorted(out)


@table.phase(SETUP_ROAD)
def _list_roads(s) -> list:
    comp = s.comp
    return [comp.road_actions[e] for e in setup_edges(s, ROAD)] + [comp.ship_actions[e] for e in setup_edges(s, SHIP)]


def check_settlement_setup(s, a: BuildSettlement):
    """setup.distance: a free site with no building next to it."""
    if not distance_ok(s, a.node):
        return err(_("intersection {node} breaks the distance rule or is not a building site").format(
            node=shown(a.node)), "setup.distance")
    return room_error(s, a.node, 1)


def room_error(s, v: int, level: int):
    """setup.road: the error for a setup site with no room for its roads or ships (None if there is room)."""
    if not room_for_pieces(s, v, level):
        return err((_("intersection {node} has no free edge for the setup road or ship of a settlement") if level == 1
                    else _("intersection {node} has no free edge for the setup roads or ships of a city")).format(
            node=v), "setup.road")
    return None


def place_setup_building(s, v: int, level: int) -> None:
    """Place the setup settlement (level 1) or city (level 2) on v and take its starting production."""
    p = s.active
    s.node_owner[v] = p
    s.node_level[v] = level
    insort(s.buildings_of[p], v)  # kept sorted: the order after a reload
    s.buildings_of[p].sort()
    s.setup_anchor = v
    s.setup_roads = 1 if level == 1 else 2
    s.phase = SETUP_ROAD
    got = starting_production(s, p, v, level)
    river_income(s, p, "settlement" if level == 1 else "setup_city", v)
    s.emit("setup_building", "setup.snake", player=player_name(p), node=v, city=level == 2, **got)
    update_routes_at(s, (v,))  # a building may break an opponent's route
    s.refresh_board()
    setup_fish(s, p, v, level)  # the lake or a fishing ground: fish tokens (a chance step before the road)


def starting_production(s, p: int, v: int, level: int) -> dict:
    """setup.resources: 1 (settlement) or 2 (city) of each adjacent producing tile's resource, no commodity;
    gold pays money; the robber's tile gives nothing."""
    terrain = s.terrain
    cards: list[str] = []
    money = 0
    for t in s.comp.topo.node_tiles[v]:
        if t == s.robber:
            continue
        kind = terrain[t]
        if kind < R and (s.number[t] or s.number2[t]):
            got = s.gain(p, kind, level)
            cards += [CARDS[kind]] * got
        elif kind == s.comp.gold and (s.number[t] or s.number2[t]):
            money += GOLD_MONEY[level]
    return {"cards": cards, "money": pay_out(s, p, money) if money else 0}


def check_setup_piece(s, edge: int, piece: int):
    """setup.road: the road or ship touches the building just placed (or extends the first piece from it)."""
    if s.phase != SETUP_ROAD:
        return not_now(s, _("placing a setup road"))
    if edge not in setup_edges(s, piece):
        return err(_("a setup road must touch the building just placed (or extend the first road from it), on a free "
                     "land edge") if piece == ROAD else
                   _("a setup ship must touch the building just placed (or extend the first ship from it), on a free "
                     "sea or coast edge"), "setup.road")
    return None


def place_setup_piece(s, edge: int, piece: int) -> None:
    """Place a setup road or ship; then the next player (snake order), or the first turn."""
    p = s.active
    s.edge_owner[edge] = p
    s.edge_piece[edge] = piece
    insort(s.edges_of[p], edge)  # kept sorted: the order after a reload
    s.edges_of[p].sort()
    s.emit("setup_piece", "setup.road", player=player_name(p), edge=edge, piece="road" if piece == ROAD else "ship")
    if piece == ROAD:
        river_income(s, p, "road", edge)
    update_longest_road(s, (p,))
    s.setup_roads -= 1
    if s.setup_roads:
        return
    s.setup_index += 1
    n = s.players
    if s.setup_index == 2 * n:
        s.setup_anchor = -1
        s.turn = 1
        s.active = s.first_player
        s.phase = ROLL_PHASE
        s.emit("turn_start", "turn.roll", player=player_name(s.active), turn=s.turn)
        return
    s.active = setup_player(s)
    s.phase = SETUP_SETTLEMENT if s.setup_index < n else SETUP_CITY


__all__ = ["setup_player", "setup_edges", "place_setup_building", "place_setup_piece", "check_setup_piece",
           "starting_production", "MAIN"]
