"""Longest Road against an exhaustive search (tests/catan/invariants.longest_trail) on random road networks with
circuits and opposing buildings."""
from __future__ import annotations

import random

from ratgames_lab.catan.board import BASE_BOARD
from ratgames_lab.catan.roads import longest_road

from .invariants import longest_trail

TOPO = BASE_BOARD.topo
KEYS = TOPO.node_keys


def test_longest_road_equals_the_exhaustive_longest_trail():
    rng = random.Random(5)
    lengths = set()
    for _ in range(600):
        owner_e = [-1] * TOPO.n_edges
        if rng.random() < 0.4:  # whole tile rings: closed circuits
            for t in rng.sample(range(TOPO.n_tiles), rng.randint(1, 2)):
                for e in TOPO.tile_edges[t]:
                    owner_e[e] = 0
        for e in rng.sample(range(TOPO.n_edges), rng.randint(0, 8)):
            owner_e[e] = 0
        edges = [e for e in range(TOPO.n_edges) if owner_e[e] == 0][:15]
        owner_e = [0 if e in edges else -1 for e in range(TOPO.n_edges)]
        owner_n = [-1] * TOPO.n_nodes
        for v in rng.sample(range(TOPO.n_nodes), rng.randint(0, 6)):
            owner_n[v] = rng.choice([0, 1, 2])
        blocked = {KEYS[v] for v in range(TOPO.n_nodes) if owner_n[v] not in (-1, 0)}
        ref = longest_trail(BASE_BOARD.graph, [(KEYS[TOPO.edge_nodes[e][0]], KEYS[TOPO.edge_nodes[e][1]])
                                               for e in edges], blocked)
        assert longest_road(TOPO, owner_e, owner_n, 0, edges) == ref
        lengths.add(ref)
    assert len(lengths) > 8


def test_a_closed_ring_of_six_roads_is_six_long_and_a_building_on_it_keeps_it_six():
    ring = list(TOPO.tile_edges[9])
    owner_e = [0 if e in ring else -1 for e in range(TOPO.n_edges)]
    owner_n = [-1] * TOPO.n_nodes
    assert longest_road(TOPO, owner_e, owner_n, 0, ring) == 6
    owner_n[TOPO.tile_nodes[9][0]] = 1  # an opposing settlement on the ring: the trail starts and ends there
    assert longest_road(TOPO, owner_e, owner_n, 0, ring) == 6
    owner_n[TOPO.tile_nodes[9][3]] = 2  # a second one opposite: two trails of 3
    assert longest_road(TOPO, owner_e, owner_n, 0, ring) == 3


def test_the_length_after_a_new_road_equals_the_exhaustive_longest_trail():
    from ratgames_lab.catan.roads import longest_road_after
    rng = random.Random(11)
    shortcuts = 0
    for _ in range(1500):
        owner_e = [-1] * TOPO.n_edges
        owner_n = [-1] * TOPO.n_nodes
        for v in rng.sample(range(TOPO.n_nodes), rng.randint(0, 6)):
            owner_n[v] = rng.choice([0, 1])
        edges: list[int] = []
        start = rng.randrange(TOPO.n_nodes)
        frontier = {start}
        for _ in range(rng.randint(1, 14)):  # grow a connected network one road at a time, like a player
            spots = [e for v in frontier for e in TOPO.node_edges[v] if owner_e[e] < 0]
            if not spots:
                break
            before = longest_road(TOPO, owner_e, owner_n, 0, edges)
            e = rng.choice(spots)
            owner_e[e] = 0
            edges.append(e)
            frontier.update(v for v in TOPO.edge_nodes[e] if owner_n[v] in (-1, 0))
            got = longest_road_after(TOPO, owner_e, owner_n, 0, edges, e, before)
            blocked = {KEYS[v] for v in range(TOPO.n_nodes) if owner_n[v] == 1}
            pairs = [(KEYS[TOPO.edge_nodes[f][0]], KEYS[TOPO.edge_nodes[f][1]]) for f in edges]
            assert got == longest_trail(BASE_BOARD.graph, pairs, blocked), (edges, owner_n)
            shortcuts += sum(owner_e[f] == 0 for f in TOPO.node_edges[TOPO.edge_nodes[e][1]]) == 1
    assert shortcuts > 1000
