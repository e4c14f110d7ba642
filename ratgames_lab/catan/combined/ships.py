"""The Seafarers ship move (catan.md Part 2, Seafarers; catan_facts.md 3.3; rule seafarers.move_ship): once per
turn, in the action phase, the player may move one ship at an open end of a route to another place where a ship
could be built.

*Interpretation* of "an open end": a ship end is *tied* when it touches the player's own settlement or city, or
another of the player's ships at an intersection no opponent's building or knight blocks (a road never ties a ship:
roads and ships join only at one's own building). A ship with an untied end is the last ship of an open route and
may move; a ship tied at both ends (between two of the player's buildings or ships) may not. An opponent's building
on the route cuts it, so the ships on both sides of it become open ends.
"""
from __future__ import annotations

from bisect import insort

from . import table
from .actions import MoveShip
from .components import NO_PIECE, SHIP
from .phases import MAIN, player_name
from .places import blocks, pirate_edges
from .special import update_longest_road
from .table import err, not_now
from ..translate import _, shown


def tied(s, p: int, e: int, v: int) -> bool:
    """True if p's ship on edge e is tied at its end v (p's building there, or another of p's ships at an
    unblocked v)."""
    if s.node_owner[v] == p:
        return True
    if blocks(s, p, v):
        return False
    owner, piece = s.edge_owner, s.edge_piece
    return any(f != e and owner[f] == p and piece[f] == SHIP for f in s.comp.topo.node_edges[v])


def movable_ships(s, p: int, blocked: frozenset[int] | None = None) -> list[int]:
    """seafarers.move_ship: p's ships at an open end of a route, not built this turn, not on an edge the pirate
    blocks (``blocked``: the pirate's edges, if already known)."""
    if blocked is None:
        blocked = pirate_edges(s)
    edge_nodes = s.comp.topo.edge_nodes
    out = []
    for e in s.edges_of[p]:
        if s.edge_piece[e] != SHIP or e in s.new_ships or e in blocked:
            continue
        a, b = edge_nodes[e]
        if not (tied(s, p, e, a) and tied(s, p, e, b)):
            out.append(e)
    return out


_BUILDING = 1 << 10  # a building supports a ship end whatever ship moves


def ship_supports(s, p: int) -> dict[int, int]:
    """The intersections p's ships may sail from, with how many of p's ships touch each (unblocked ones only);
    p's buildings count as _BUILDING."""
    support = dict.fromkeys(s.buildings_of[p], _BUILDING)
    piece, edge_nodes = s.edge_piece, s.comp.topo.edge_nodes
    for f in s.edges_of[p]:
        if piece[f] == SHIP:
            for v in edge_nodes[f]:
                if not blocks(s, p, v):
                    support[v] = support.get(v, 0) + 1
    return support


def ship_targets(s, p: int, source: int, blocked: frozenset[int] | None = None,
                 support: dict[int, int] | None = None) -> list[int]:
    """Where p's ship on edge ``source`` may go: a free sea or coast edge, not blocked by the pirate, touching p's
    building or another of p's ships at an unblocked intersection (the moved ship itself does not count)."""
    if blocked is None:
        blocked = pirate_edges(s)
    if support is None:
        support = ship_supports(s, p)
    comp = s.comp
    node_edges, ship_edge, owner = comp.topo.node_edges, comp.ship_edge, s.edge_owner
    ends = comp.topo.edge_nodes[source]
    out = set()
    for v, n in support.items():
        if n - (v in ends) > 0:
            for e in node_edges[v]:
                if owner[e] < 0 and ship_edge[e] and e not in blocked:
                    out.add(e)
    return sorted(out)


_MOVES: dict[tuple[int, int], MoveShip] = {}  # the listed MoveShip objects, shared (actions are immutable)


def move_action(source: int, target: int) -> MoveShip:
    """The cached MoveShip action from ``source`` to ``target``."""
    a = _MOVES.get((source, target))
    if a is None:
        a = _MOVES[(source, target)] = MoveShip(source, target)
    return a


def _can_move(s) -> bool:
    return s.phase == MAIN and not s.free_pieces and not s.pending and not s.ship_moved


@table.main_actions
def _list_moves(s) -> list:
    if not _can_move(s):
        return []
    p = s.active
    blocked = pirate_edges(s)
    sources = movable_ships(s, p, blocked)
    if not sources:
        return []
    support = ship_supports(s, p)
    return [move_action(e, t) for e in sources for t in ship_targets(s, p, e, blocked, support)]


def _check_move(s, a: MoveShip):
    if s.phase != MAIN or s.free_pieces or s.pending:
        return not_now(s, _("moving a ship"))
    p, n_edges = s.active, s.comp.topo.n_edges
    if not (0 <= a.source < n_edges and 0 <= a.target < n_edges):
        return err(_("there is no edge {value}").format(
            value=shown(a.source if not 0 <= a.source < n_edges else a.target)),
                   "seafarers.move_ship")
    if s.ship_moved:
        return err(_("you have already moved a ship this turn"), "seafarers.move_ship")
    if s.edge_owner[a.source] != p or s.edge_piece[a.source] != SHIP:
        return err(_("edge {source} holds no ship of yours").format(source=shown(a.source)), "seafarers.move_ship")
    if a.source in s.new_ships:
        return err(_("the ship on edge {source} was built this turn").format(
            source=shown(a.source)), "seafarers.move_ship")
    blocked = pirate_edges(s)
    if a.source in blocked:
        return err(_("the pirate blocks the ship on edge {source}").format(source=shown(a.source)), "seafarers.pirate")
    if a.source not in movable_ships(s, p, blocked):
        return err(_("the ship on edge {source} is not at an open end of a route (it joins two of your buildings or "
                     "ships)").format(
            source=shown(a.source)), "seafarers.move_ship")
    if a.target in blocked:
        return err(_("the pirate blocks edge {target}").format(target=shown(a.target)), "seafarers.pirate")
    if a.target not in ship_targets(s, p, a.source, blocked):
        return err(_("edge {target} is not a free sea or coast edge joined to your buildings or other ships").format(
            target=shown(a.target)),
                   "seafarers.move_ship")
    return None


def _do_move(s, a: MoveShip) -> None:
    p = s.active
    s.edge_owner[a.source] = -1
    s.edge_piece[a.source] = NO_PIECE
    s.edge_owner[a.target] = p
    s.edge_piece[a.target] = SHIP
    s.edges_of[p].remove(a.source)
    insort(s.edges_of[p], a.target)  # kept sorted: the order after a reload
    s.edges_of[p].sort()
    s.ship_moved = True
    s.emit("move_ship", "seafarers.move_ship", player=player_name(p), source=a.source, target=a.target)
    update_longest_road(s, (p,))  # a ship cuts nobody else's route


table.rule(MoveShip, _check_move, _do_move)

__all__ = ["tied", "movable_ships", "ship_supports", "ship_targets", "move_action"]
