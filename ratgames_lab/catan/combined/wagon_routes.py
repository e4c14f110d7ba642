"""Wagon routes as weighted shortest paths (catan.md Part 2, Settled defaults / Wagons and markets): the board
graph weighted by the movement points a step costs one player, and Dijkstra (NetworkX) for the cheapest path.

Step costs for player p: p's own road, ship or bridge 1; another player's road or ship 1 (toll $1 to its owner);
another player's bridge 1 (toll $2); a land, coast or market-interior edge without a piece 2; a dashed edge
without a bridge 3; a sea edge without a ship cannot be crossed. (Issue 12 groundwork: the wagon itself, its
movement points per turn, the toll die and knights at market entrances are rules of the turn, not of this map.)
"""
from __future__ import annotations

from heapq import heappop, heappush
from itertools import count

import networkx as nx

from .components import BRIDGE

OWN, OPPONENT, OPPONENT_BRIDGE, OPEN, RIVER = 1, 1, 1, 2, 3
TOLL = {0: 0, 1: 1, 2: 1, 3: 2}  # by piece on an opponent's edge: road/ship $1, bridge $2


def step_cost(s, p: int, e: int) -> tuple[int, int] | None:
    """(movement points, toll in $) for p's wagon crossing edge e, or None if it cannot."""
    owner, piece = s.edge_owner[e], s.edge_piece[e]
    if owner == p:
        return OWN, 0
    if owner >= 0:
        return (OPPONENT_BRIDGE, TOLL[BRIDGE]) if piece == BRIDGE else (OPPONENT, TOLL[piece])
    comp = s.comp
    if comp.bridge_edge[e]:
        return RIVER, 0
    if comp.topo.edge_kind[e] == "sea":
        return None
    return OPEN, 0


def route_graph(s, p: int) -> nx.Graph:
    """The board graph with, on each crossable edge, ``mp`` (movement points) and ``toll`` ($) for p."""
    topo = s.comp.topo
    g = nx.Graph()
    g.add_nodes_from(range(topo.n_nodes))
    for e, (a, b) in enumerate(topo.edge_nodes):
        cost = step_cost(s, p, e)
        if cost is not None:
            g.add_edge(a, b, mp=cost[0], toll=cost[1], edge=e)
    return g


TOLL_WEIGHT = 1 / 1000  # a toll only breaks ties between routes of equal movement points


def cheapest_route(s, p: int, source: int, target: int) -> tuple[int, int, list[int]] | None:
    """(movement points, tolls in $, the intersections in order) of p's cheapest wagon route, by Dijkstra on the
    movement points; among routes of equal points, the one paying the least toll; None if no route exists."""
    g = route_graph(s, p)
    try:
        path = nx.dijkstra_path(g, source, target, weight=lambda a, b, d: d["mp"] + TOLL_WEIGHT * d["toll"])
    except nx.NetworkXNoPath:
        return None
    mp = sum(g.edges[a, b]["mp"] for a, b in zip(path, path[1:]))
    toll = sum(g.edges[a, b]["toll"] for a, b in zip(path, path[1:]))
    return mp, toll, path



def route_costs(s, p: int, source: int) -> dict[int, float]:
    """The weight of p's cheapest wagon route from ``source`` to every intersection it can reach (movement points,
    plus ``TOLL_WEIGHT`` per $ of toll): the same Dijkstra as NetworkX's ``single_source_dijkstra_path_length`` on
    ``route_graph`` (same order of neighbours and of ties, so the same numbers), without building the graph (the
    bots ask it on every wagon step)."""
    topo = s.comp.topo
    node_edges, edge_nodes = topo.node_edges, topo.edge_nodes
    dist: dict[int, float] = {}
    seen: dict[int, float] = {source: 0}
    tie = count()
    fringe: list = [(0, next(tie), source)]
    while fringe:
        d, _, v = heappop(fringe)
        if v in dist:
            continue
        dist[v] = d
        for e in node_edges[v]:  # the graph's neighbours of v, in edge order (as route_graph adds them)
            cost = step_cost(s, p, e)
            if cost is None:
                continue
            a, b = edge_nodes[e]
            u = b if a == v else a
            if u in dist:
                continue
            vu = d + (cost[0] + TOLL_WEIGHT * cost[1])
            if u not in seen or vu < seen[u]:
                seen[u] = vu
                heappush(fringe, (vu, next(tie), u))
    return dist
