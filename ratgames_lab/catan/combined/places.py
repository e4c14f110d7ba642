"""Where pieces may go on the combined board (rules build.* and setup.*): building sites under the distance rule,
roads and ships connected to a player's network (a road and a ship join only at the player's own building),
pirate spots and the edges the pirate blocks. Knights (knights.py) break opposing roads and ships."""
from __future__ import annotations

from .components import BRIDGE, NO_PIECE, ROAD, SHIP


def distance_ok(s, v: int) -> bool:
    """build.distance: a building site, free, with no building on a neighbouring intersection (and no knight)."""
    if not s.comp.building_site[v] or s.node_owner[v] >= 0 or s.knight_level[v]:
        return False
    owner = s.node_owner
    return all(owner[u] < 0 for u in s.comp.topo.node_nbrs[v])


def blocks(s, p: int, v: int) -> bool:
    """True if an opponent's building or knight on intersection v stops p's roads and ships there."""
    o = s.node_owner[v]
    if o >= 0 and o != p:
        return True
    k = s.knight_owner[v]
    return k >= 0 and k != p


def network_ends(s, p: int, kinds: tuple[int, ...]) -> set[int]:
    """The intersections from which p may extend pieces of the given kinds: p's buildings, and the ends of p's
    pieces of those kinds not blocked by an opponent's building or knight."""
    nodes = set(s.buildings_of[p])
    edge_nodes, piece = s.comp.topo.edge_nodes, s.edge_piece
    for e in s.edges_of[p]:
        if piece[e] in kinds:
            for v in edge_nodes[e]:
                if not blocks(s, p, v):
                    nodes.add(v)
    return nodes


LAND_PIECES = (ROAD, BRIDGE)
SEA_PIECES = (SHIP,)


def road_spots(s, p: int) -> list[int]:
    """build.road: free road edges touching p's building, or p's road or bridge at an unblocked intersection."""
    comp = s.comp
    node_edges, road_edge, eo = comp.topo.node_edges, comp.road_edge, s.edge_owner
    spots = set()
    for v in network_ends(s, p, LAND_PIECES):
        for e in node_edges[v]:
            if eo[e] < 0 and road_edge[e]:
                spots.add(e)
    return sorted(spots)


def ship_spots(s, p: int) -> list[int]:
    """seafarers.ship: free sea or coast edges touching p's building or p's ship at an unblocked intersection,
    not on an edge the pirate blocks."""
    comp = s.comp
    node_edges, ship_edge, eo = comp.topo.node_edges, comp.ship_edge, s.edge_owner
    blocked = pirate_edges(s)
    spots = set()
    for v in network_ends(s, p, SEA_PIECES):
        for e in node_edges[v]:
            if eo[e] < 0 and ship_edge[e] and e not in blocked:
                spots.add(e)
    return sorted(spots)


def bridge_spots(s, p: int) -> list[int]:
    """rivers.bridge: free dashed edges connected to p's building, road or bridge."""
    comp = s.comp
    node_edges, eo = comp.topo.node_edges, s.edge_owner
    spots = set()
    for v in network_ends(s, p, LAND_PIECES):
        for e in node_edges[v]:
            if eo[e] < 0 and comp.bridge_edge[e]:
                spots.add(e)
    return sorted(spots)


def settlement_spots(s, p: int) -> list[int]:
    """build.settlement: free sites under the distance rule at the end of one of p's roads, bridges or ships."""
    spots = set()
    edge_nodes = s.comp.topo.edge_nodes
    for e in s.edges_of[p]:
        for v in edge_nodes[e]:
            if distance_ok(s, v):
                spots.add(v)
    return sorted(spots)


def pirate_spots(s) -> list[tuple[int, tuple[int, ...]]]:
    """Every place the pirate may stand, as (spot, the edges it blocks there): the sea tiles, then the frame
    fishing grounds (spot n_tiles + i)."""
    return s.comp.pirate_spot_edges(s.fishing)


def pirate_edges(s) -> frozenset[int]:
    """The edges the pirate blocks now (ships may not be built or moved there)."""
    return s.comp.pirate_blocked(s.pirate, s.fishing)


def piece_name(piece: int) -> str:
    """'road', 'ship', 'bridge'."""
    return ("nothing", "road", "ship", "bridge")[piece] if piece != NO_PIECE else "nothing"
