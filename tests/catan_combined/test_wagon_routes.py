"""Wagon routes (issue 12 groundwork): Dijkstra on the movement costs agrees with a brute-force search, and each
kind of step costs what the digest's table says."""
from __future__ import annotations

import ratgames_lab as rl
from ratgames_lab.catan.combined.components import BRIDGE, ROAD, SHIP
import networkx as nx

from ratgames_lab.catan.combined.wagon_routes import TOLL_WEIGHT, cheapest_route, route_costs, route_graph, step_cost

from .helpers import skip_wagons


def _state():
    return skip_wagons(rl.load_game("catan", 3, seed=2, variant="combined").new_state())


def _bellman(s, p, source):
    """Independent single-source costs: Bellman-Ford relaxation over step_cost."""
    topo = s.comp.topo
    inf = float("inf")
    dist = [inf] * topo.n_nodes
    dist[source] = 0
    for _ in range(topo.n_nodes):
        changed = False
        for e, (a, b) in enumerate(topo.edge_nodes):
            c = step_cost(s, p, e)
            if c is None:
                continue
            for u, v in ((a, b), (b, a)):
                if dist[u] + c[0] < dist[v]:
                    dist[v] = dist[u] + c[0]
                    changed = True
        if not changed:
            break
    return dist


def test_step_costs_follow_the_table():
    s = _state()
    comp, topo = s.comp, s.comp.topo
    land = next(e for e in range(topo.n_edges) if topo.edge_kind[e] == "land" and comp.road_edge[e])
    dashed = next(e for e in range(topo.n_edges) if comp.bridge_edge[e])
    sea = next(e for e in range(topo.n_edges) if topo.edge_kind[e] == "sea")
    assert step_cost(s, 0, land) == (2, 0)
    assert step_cost(s, 0, dashed) == (3, 0)
    assert step_cost(s, 0, sea) is None
    s.edge_owner[land], s.edge_piece[land] = 0, ROAD
    s.edge_owner[dashed], s.edge_piece[dashed] = 1, BRIDGE
    s.edge_owner[sea], s.edge_piece[sea] = 2, SHIP
    assert step_cost(s, 0, land) == (1, 0)
    assert step_cost(s, 1, land) == (1, 1)
    assert step_cost(s, 0, dashed) == (1, 2)
    assert step_cost(s, 1, dashed) == (1, 0)
    assert step_cost(s, 0, sea) == (1, 1)


def test_dijkstra_matches_an_independent_search_from_every_plaza():
    s = _state()
    topo = s.comp.topo
    plazas = [v for v in range(topo.n_nodes) if topo.node_kind[v] == "plaza"]
    assert len(plazas) == 3
    for p in range(3):
        for source in plazas:
            dist = _bellman(s, p, source)
            for target in range(0, topo.n_nodes, 7):
                found = cheapest_route(s, p, source, target)
                if dist[target] == float("inf"):
                    assert found is None
                else:
                    mp, toll, path = found
                    assert mp == dist[target] and path[0] == source and path[-1] == target
                    assert toll == 0


def test_the_bots_route_costs_are_networkx_dijkstra_on_the_route_graph():
    s = _state()
    topo = s.comp.topo
    plazas = [v for v in range(topo.n_nodes) if topo.node_kind[v] == "plaza"]
    for e in range(0, topo.n_edges, 5):  # rival roads: tolls on some routes
        if s.comp.road_edge[e]:
            s.edge_owner[e], s.edge_piece[e] = 1, ROAD
    for source in plazas:
        costs = route_costs(s, 0, source)
        graph = nx.single_source_dijkstra_path_length(route_graph(s, 0), source,
                                                      weight=lambda a, b, d: d["mp"] + TOLL_WEIGHT * d["toll"])
        assert costs == graph
        dist = _bellman(s, 0, source)
        assert all(round(costs[v]) == dist[v] for v in costs) and len(costs) == sum(d < float("inf") for d in dist)


def test_a_road_network_makes_the_route_cheaper_and_a_rival_road_costs_a_toll():
    s = _state()
    topo = s.comp.topo
    plazas = [v for v in range(topo.n_nodes) if topo.node_kind[v] == "plaza"]
    a, b = next((x, y) for x in plazas for y in plazas if x < y and cheapest_route(s, 0, x, y))
    assert cheapest_route(s, 0, plazas[0], plazas[1]) is None  # the fixed board's sea parts the markets
    mp, toll, path = cheapest_route(s, 0, a, b)
    for a, b in zip(path, path[1:]):
        e = topo.edge_index[(a, b)]
        if s.comp.road_edge[e]:
            s.edge_owner[e], s.edge_piece[e] = 1, ROAD
    mine = cheapest_route(s, 1, a, b)
    theirs = cheapest_route(s, 0, a, b)
    assert mine[0] < mp and mine[1] == 0
    assert theirs[0] <= mp and (theirs[1] > 0 or theirs[0] == mp)


def test_among_equally_short_routes_the_one_without_toll_wins():
    s = _state()
    topo = s.comp.topo
    plazas = [v for v in range(topo.n_nodes) if topo.node_kind[v] == "plaza"]
    a, b = next((x, y) for x in plazas for y in plazas if x < y and cheapest_route(s, 0, x, y))
    mp, toll, path = cheapest_route(s, 0, a, b)
    # give player 1 a road on every edge of the found route: player 0 now pays tolls along it, unless an
    # equally cheap toll-free route exists, which must then be preferred
    for u, v in zip(path, path[1:]):
        e = topo.edge_index[(u, v)]
        if s.comp.road_edge[e]:
            s.edge_owner[e], s.edge_piece[e] = 1, ROAD
    mp2, toll2, path2 = cheapest_route(s, 0, a, b)
    dist = _bellman(s, 0, a)
    assert mp2 == dist[b]
    # an independent check: the least toll among all routes of mp2 points, by relaxation on (mp, toll) pairs
    best = {a: (0, 0)}
    for _ in range(topo.n_nodes):
        changed = False
        for e, (u, v) in enumerate(topo.edge_nodes):
            c = step_cost(s, 0, e)
            if c is None:
                continue
            for x, y in ((u, v), (v, u)):
                if x in best:
                    cand = (best[x][0] + c[0], best[x][1] + c[1])
                    if y not in best or cand < best[y]:
                        best[y] = cand
                        changed = True
        if not changed:
            break
    assert (mp2, toll2) == best[b]
