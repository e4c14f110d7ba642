"""Every number lessons 55 and 56 (graphs in Catan; routes and fish) state, recomputed without NetworkX and
without the engine's searches.

The boards' graphs are rebuilt from the board files with plain hex geometry (a corner is the set of its three
hexes); islands come from a union-find; trails from a brute-force search over sets of used edges; wagon routes
from a Bellman-Ford relaxation over the digest's step-cost table (catan.md Part 2, "Wagons and markets"); fish from
the digest's token counts and the 36 dice outcomes. The engine's own numbering of intersections and edges
(``topo``) is used only to name the pieces the lesson places, and each engine answer the lesson prints is compared
with the independent one.
"""
from __future__ import annotations

import json
import math
import random
from collections import Counter
from fractions import Fraction

import ratgames_lab as rl
from ratgames_lab.catan import roads
from ratgames_lab.catan.board import BASE_BOARD, BASE_BOARD_FILE
from ratgames_lab.catan.combined import special
from ratgames_lab.catan.combined_layout import COMBINED_BOARD_FILE, combined_board
from ratgames_lab.catan.traders_data import default_fish

SEED = 54
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # axial neighbours, sides E NE NW W SW SE
SIDES = ("E", "NE", "NW", "W", "SW", "SE")
INF = math.inf


# -- plain hex geometry ------------------------------------------------------------------------------------------
def axial(tile: dict | list, coords: str) -> tuple[int, int]:
    if isinstance(tile, list):
        row, col = tile
    elif coords == "axial":
        return tile["q"], tile["r"]
    else:
        row, col = tile["row"], tile["col"]
    return col - (row - (row & 1)) // 2, row


def step(h, s):
    return h[0] + STEPS[s][0], h[1] + STEPS[s][1]


def corner(h, c):
    return frozenset((h, step(h, c % 6), step(h, (c + 1) % 6)))


class Geometry:
    """Nodes, edges and their kinds of a board file, from the hexes alone."""

    def __init__(self, path):
        data = json.loads(path.read_text())
        coords = data.get("coordinates", "axial")
        self.terrain = {axial(t, coords): t["terrain"] for t in data["tiles"]}
        land = {h for h, t in self.terrain.items() if t != "sea"}
        dashed = {frozenset((axial(d["tile"], coords), step(axial(d["tile"], coords), SIDES.index(d["side"]))))
                  for d in data.get("dashed", [])}
        self.node_kind, self.edge_kind, self.dashed = {}, {}, set()
        for h in self.terrain:
            for c in range(6):
                k = corner(h, c)
                n = len(k & land)
                self.node_kind[k] = "land" if n == 3 else "coast" if n else "sea"
            for s in range(6):
                e = frozenset((corner(h, s - 1), corner(h, s)))
                n = len(frozenset((h, step(h, s))) & land)
                self.edge_kind[e] = "land" if n == 2 else "coast" if n else "sea"
                if frozenset((h, step(h, s))) in dashed:
                    self.dashed.add(e)
        self.plaza = {}
        for t in data["tiles"]:
            if t["terrain"] == "market":
                h = axial(t, coords)
                plaza = ("plaza", h)
                self.plaza[t["market"]] = plaza
                self.node_kind[plaza] = "plaza"
                for s in range(6):
                    if step(h, s) in land:
                        for k in (corner(h, s - 1), corner(h, s)):
                            self.edge_kind[frozenset((plaza, k))] = "interior"
        self.degree = Counter(v for e in self.edge_kind for v in e)


BASE = Geometry(BASE_BOARD_FILE)
COMBINED = Geometry(COMBINED_BOARD_FILE)


def engine_node(topo, v: int):
    """The geometry's name of the engine's intersection v."""
    key = topo.node_keys[v]
    return key if key[0] == "plaza" else frozenset(key)


# -- 1. the board as a graph -------------------------------------------------------------------------------------
def test_base_board_graph():
    assert (len(BASE.node_kind), len(BASE.edge_kind)) == (54, 72)
    assert Counter(BASE.node_kind.values()) == {"land": 24, "coast": 30}
    assert Counter(BASE.edge_kind.values()) == {"land": 42, "coast": 30}
    assert Counter(BASE.degree.values()) == {2: 18, 3: 36}
    assert sum(BASE.degree.values()) == 144 == 2 * 72


def test_combined_board_graph():
    assert (len(COMBINED.node_kind), len(COMBINED.edge_kind)) == (123, 177)
    assert Counter(COMBINED.node_kind.values()) == {"land": 29, "coast": 66, "sea": 25, "plaza": 3}
    assert Counter(COMBINED.edge_kind.values()) == {"land": 57, "coast": 66, "sea": 42, "interior": 12}
    assert len(COMBINED.dashed) == 7
    assert Counter(COMBINED.edge_kind[e] for e in COMBINED.dashed) == {"land": 5, "coast": 2}  # the legend's split
    assert Counter(COMBINED.degree.values()) == {2: 30, 3: 78, 4: 15}
    assert sum(COMBINED.degree.values()) == 354 == 2 * 177
    topo = combined_board().topo
    plazas = {"quarry": 15, "glassworks": 46, "castle": 107}
    assert {m: engine_node(topo, v) for m, v in plazas.items()} == COMBINED.plaza
    # exercise 1: the degree-4 nodes are the plazas and the markets' land corners
    four = [v for v, d in COMBINED.degree.items() if d == 4]
    assert Counter(COMBINED.node_kind[v] for v in four) == {"plaza": 3, "land": 6, "coast": 6}
    corners = {v for e, k in COMBINED.edge_kind.items() if k == "interior" for v in e if isinstance(v, frozenset)}
    assert set(four) == corners | set(COMBINED.plaza.values()) and len(corners) == 12


def islands(geometry):
    parent = {v: v for v in geometry.node_kind}

    def find(v):
        while parent[v] != v:
            parent[v] = parent[parent[v]]
            v = parent[v]
        return v

    for e, kind in geometry.edge_kind.items():
        if kind != "sea":
            a, b = tuple(e)
            parent[find(a)] = find(b)
    groups: dict = {}
    for v in geometry.node_kind:
        if any(kind != "sea" for e, kind in geometry.edge_kind.items() if v in e):
            groups.setdefault(find(v), set()).add(v)
    return sorted(groups.values(), key=len, reverse=True)


def test_two_islands_and_one_ship_between_them():
    big, small = islands(COMBINED)
    assert len(islands(COMBINED)) == 2 and (len(big), len(small)) == (65, 33)
    assert len(big) + len(small) == 123 - 25  # every node but the sea nodes

    def land_tiles(island):
        return {h for v in island if isinstance(v, frozenset) for h in v if COMBINED.terrain.get(h, "sea") != "sea"}

    assert (len(land_tiles(big)), len(land_tiles(small))) == (22, 8)
    assert {m for m, p in COMBINED.plaza.items() if p in big} == {"quarry", "castle"}
    assert COMBINED.plaza["glassworks"] in small
    # exercise 2: a 0-1 shortest path (sea edges weigh 1): one ship, on the edge 35-43
    dist = {v: INF for v in COMBINED.node_kind}
    dist[COMBINED.plaza["quarry"]] = 0
    for _ in range(len(dist)):
        for e, kind in COMBINED.edge_kind.items():
            a, b = tuple(e)
            w = kind == "sea"
            dist[a], dist[b] = min(dist[a], dist[b] + w), min(dist[b], dist[a] + w)
    assert dist[COMBINED.plaza["glassworks"]] == 1
    topo = combined_board().topo
    strait = frozenset((engine_node(topo, 35), engine_node(topo, 43)))
    assert COMBINED.edge_kind[strait] == "sea"
    assert engine_node(topo, 35) in big and engine_node(topo, 43) in small


# -- 2. Longest Road ---------------------------------------------------------------------------------------------
def trails(edges, edge_nodes, blocked=frozenset(), simple=False):
    """Lengths of every trail (from each start, the empty one included), by a search over used-edge sets."""
    lengths = []
    ends = {v for e in edges for v in edge_nodes[e]}
    stack = [(v, frozenset(), frozenset((v,))) for v in ends]
    while stack:
        v, used, seen = stack.pop()
        lengths.append(len(used))
        if used and v in blocked:
            continue
        for e in edges:
            if e not in used and v in edge_nodes[e]:
                w = edge_nodes[e][0] if edge_nodes[e][1] == v else edge_nodes[e][1]
                if not (simple and w in seen):
                    stack.append((w, used | {e}, seen | {w}))
    return lengths


BTOPO = BASE_BOARD.topo
DESERT = next(t for t, h in enumerate(BASE_BOARD.hexes) if BASE.terrain[h] == "desert")
RING = list(BTOPO.tile_edges[DESERT])
TAIL = [BTOPO.edge_index[a, b] for a, b in ((30, 36), (36, 41), (41, 46))]


def engine_longest(edges, blocked=()):
    owner = [0 if e in edges else -1 for e in range(BTOPO.n_edges)]
    node_owner = [1 if v in blocked else -1 for v in range(BTOPO.n_nodes)]
    return roads.longest_road(BTOPO, owner, node_owner, 0, sorted(edges))


def test_ring_and_tail():
    assert set(BTOPO.tile_nodes[DESERT]) == {24, 18, 23, 29, 35, 30} and RING == [36, 28, 27, 35, 43, 44]
    assert TAIL == [45, 52, 60]
    ring_nodes = {frozenset(BTOPO.node_keys[v]) for v in BTOPO.tile_nodes[DESERT]}
    assert ring_nodes == {corner(BASE_BOARD.hexes[DESERT], c) for c in range(6)}  # the ring is the desert's sides
    all_trails = trails(RING + TAIL, BTOPO.edge_nodes)
    all_paths = trails(RING + TAIL, BTOPO.edge_nodes, simple=True)
    assert (len(all_trails), max(all_trails)) == (165, 9)
    assert (len(all_paths), max(all_paths)) == (141, 8)
    assert max(trails(RING + TAIL, BTOPO.edge_nodes, frozenset({23}))) == 6
    assert engine_longest(RING + TAIL) == 9 and engine_longest(RING + TAIL, {23}) == 6


def test_the_lessons_300_random_networks():
    """The lesson's seeded networks, replayed: the engine agrees with the brute force on all 300."""
    rng = random.Random(SEED)
    for _ in range(300):
        size = rng.randint(1, 15)
        edges = {rng.randrange(BTOPO.n_edges)}
        while len(edges) < size:
            ends = {v for e in edges for v in BTOPO.edge_nodes[e]}
            edges.add(rng.choice(sorted({f for v in ends for f in BTOPO.node_edges[v]} - edges)))
        network = sorted(edges)
        nodes = sorted({v for e in network for v in BTOPO.edge_nodes[e]})
        blocked = set(rng.sample(nodes, rng.randint(0, min(2, len(nodes)))))
        assert engine_longest(network, blocked) == max(trails(network, BTOPO.edge_nodes, frozenset(blocked)))


def test_figure_eight():
    eight = sorted(set(BTOPO.tile_edges[DESERT]) | set(BTOPO.tile_edges[14]))
    assert len(eight) == 11
    degree = Counter(v for e in eight for v in BTOPO.edge_nodes[e])
    assert sorted(v for v, d in degree.items() if d % 2) == [30, 35]
    assert max(trails(eight, BTOPO.edge_nodes)) == 11 == engine_longest(eight)
    assert max(trails(eight, BTOPO.edge_nodes, simple=True)) == 9


CTOPO = combined_board().topo
CHAIN = [(0, "bridge", 26, 33), (0, "bridge", 33, 41), (0, "road", 41, 34), (0, "road", 34, 42),
         (0, "road", 42, 35), (0, "ship", 35, 43), (0, "ship", 43, 36)]


def combined_trail(pieces, own_buildings=(), opponents=()):
    """Longest trail of player 0's pieces: roads and bridges one family, ships another, the two joining only at an
    own building; an opponent's building or knight ends a trail."""
    family = {CTOPO.edge_index[a, b]: ("ship" if piece == "ship" else "land") for _, piece, a, b in pieces}
    best = 0
    stack = [(v, frozenset(), None) for e in family for v in CTOPO.edge_nodes[e]]
    while stack:
        v, used, last = stack.pop()
        best = max(best, len(used))
        if used and v in opponents:
            continue
        for e, fam in family.items():
            if e not in used and v in CTOPO.edge_nodes[e] and (last in (None, fam) or v in own_buildings):
                a, b = CTOPO.edge_nodes[e]
                stack.append((b if a == v else a, used | {e}, fam))
    return best


def test_combined_longest_road_with_bridges_and_ships():
    for _, piece, a, b in CHAIN:  # the pieces stand where they may
        e = CTOPO.edge_index[a, b]
        kind = COMBINED.edge_kind[frozenset((engine_node(CTOPO, a), engine_node(CTOPO, b)))]
        assert (e in [CTOPO.edge_index[x, y] for x, y in ((26, 33), (33, 41))]) == CTOPO.edge_dashed[e]
        assert kind in (("sea", "coast") if piece == "ship" else ("land", "coast"))
    assert combined_trail(CHAIN) == 5
    assert combined_trail(CHAIN, own_buildings={35}) == 7
    assert combined_trail(CHAIN, own_buildings={35}, opponents={34}) == 4
    game = rl.load_game("catan", players=4, seed=SEED, variant="combined")
    fresh = game.new_state()
    for buildings, knights, expected in (((), (), 5), ((35,), (), 7), ((35,), (34,), 4)):
        data = fresh.to_json()
        for p, piece, a, b in CHAIN:
            e = CTOPO.edge_index[a, b]
            data["edges"]["owner"][e], data["edges"]["piece"][e] = p, piece
        for v in buildings:
            data["intersections"]["owner"][v], data["intersections"]["level"][v] = 0, 1
        for v in knights:
            data["knights"]["owner"][v], data["knights"]["level"][v] = 1, 1
        assert special.road_length(game.state_from_json(data), 0) == expected


# -- 3. wagon routes ---------------------------------------------------------------------------------------------
Q, GL, C = 15, 46, 107
AROUND = [18, 26, 19, 27, 34, 41, 50, 57, 64, 71, 79, 87, 94, 102]
MINE = {CTOPO.edge_index[a, b]: (0, "road") for a, b in zip(AROUND, AROUND[1:])}
MIDDLE = [40, 49, 57, 64, 72, 80]
BLUE = {**{CTOPO.edge_index[a, b]: (1, "road") for a, b in zip(MIDDLE, MIDDLE[1:])},
        CTOPO.edge_index[88, 95]: (1, "bridge")}
SHIP = {CTOPO.edge_index[35, 43]: (0, "ship")}


def step_costs(pieces):
    """{edge: (MP, toll)} for player 0's wagon, from the digest's table; edges it cannot cross are left out."""
    costs = {}
    for e in range(CTOPO.n_edges):
        owner, piece = pieces.get(e, (None, None))
        if owner == 0:
            costs[e] = (1, 0)
        elif owner is not None:
            costs[e] = (1, 2 if piece == "bridge" else 1)
        elif CTOPO.edge_dashed[e]:
            costs[e] = (3, 0)
        elif CTOPO.edge_kind[e] != "sea":
            costs[e] = (2, 0)
    return costs


def bellman_ford(costs, source, weight=lambda mp, toll: mp):
    dist = [INF] * CTOPO.n_nodes
    dist[source] = 0
    for _ in range(CTOPO.n_nodes):
        changed = False
        for e, (mp, toll) in costs.items():
            a, b = CTOPO.edge_nodes[e]
            w = weight(mp, toll)
            if dist[a] + w < dist[b]:
                dist[b], changed = dist[a] + w, True
            if dist[b] + w < dist[a]:
                dist[a], changed = dist[b] + w, True
        if not changed:
            break
    return dist


def cheapest_paths(costs, source, target):
    """Every cheapest route in MP, as (steps, MP, toll): the paths along edges that stay tight for both ends."""
    from_source, to_target = bellman_ford(costs, source), bellman_ford(costs, target)
    best = from_source[target]
    out = []

    def walk(v, steps, toll):
        if v == target:
            out.append((steps, best, toll))
            return
        for e in CTOPO.node_edges[v]:
            if e in costs:
                a, b = CTOPO.edge_nodes[e]
                w = b if a == v else a
                mp, t = costs[e]
                if from_source[v] + mp == from_source[w] and from_source[w] + to_target[w] == best:
                    walk(w, steps + 1, toll + t)

    walk(source, 0, 0)
    return sorted(out)


def fewest_steps_costs(costs, source, target):
    """(fewest steps, the least and the most MP among the routes with that many steps)."""
    steps = bellman_ford(costs, source, weight=lambda mp, toll: 1)
    low, high = {source: 0}, {source: 0}
    for layer in range(1, int(steps[target]) + 1):
        for e, (mp, _) in costs.items():
            for a, b in (CTOPO.edge_nodes[e], CTOPO.edge_nodes[e][::-1]):
                if steps[a] == layer - 1 and steps[b] == layer:
                    low[b] = min(low.get(b, INF), low[a] + mp)
                    high[b] = max(high.get(b, -INF), high[a] + mp)
    return steps[target], low[target], high[target]


def test_the_step_cost_table_is_the_digests():
    from ratgames_lab.catan.combined import wagon_routes as wr
    assert (wr.OWN, wr.OPPONENT, wr.OPPONENT_BRIDGE, wr.OPEN, wr.RIVER) == (1, 1, 1, 2, 3)
    assert (wr.TOLL[1], wr.TOLL[3]) == (1, 2)


def test_empty_board_quarry_to_castle():
    costs = step_costs({})
    assert cheapest_paths(costs, Q, C)[0][1] == 24
    assert {steps for steps, _, _ in cheapest_paths(costs, Q, C)} == {11}
    assert fewest_steps_costs(costs, Q, C) == (11, 24, 24)  # every fewest-steps route costs 24 too
    assert 9 * 2 + 2 * 3 == 24  # 11 steps and 24 MP: two 3-MP river crossings, nine 2-MP steps


def test_your_roads_make_the_long_way_cheap():
    costs = step_costs(MINE)
    assert len(MINE) == 13
    assert cheapest_paths(costs, Q, C) == [(15, 17, 0)]
    assert 2 + 13 * 1 + 2 == 17
    assert fewest_steps_costs(costs, Q, C) == (11, 23, 23)


def test_blue_tolls():
    costs = step_costs(BLUE)
    assert cheapest_paths(costs, Q, C) == [(11, 17, 7)]
    toll_free = {e: c for e, c in costs.items() if c[1] == 0}
    assert bellman_ford(toll_free, Q)[C] == 25 == 24 + 1


def test_both_networks_tie_at_17():
    both = {**BLUE, **MINE}  # Blue's road 57-64 is yours here
    assert CTOPO.edge_index[57, 64] in BLUE and CTOPO.edge_index[57, 64] in MINE
    tied = cheapest_paths(step_costs(both), Q, C)
    assert tied == [(11, 17, 6), (12, 17, 2), (14, 17, 4), (15, 17, 0)]
    assert bellman_ford(step_costs(both), Q, weight=lambda mp, toll: 100 * mp + toll)[C] == 1700  # 17 MP, $0


def test_across_the_sea():
    assert bellman_ford(step_costs({}), Q)[GL] == INF
    assert set(cheapest_paths(step_costs(SHIP), Q, GL)) == {(11, 21, 0)}
    assert bellman_ford(step_costs({**MINE, **SHIP}), Q)[GL] == 17


# -- 4. fish -----------------------------------------------------------------------------------------------------
TOKENS = [1] * 11 + [2] * 10 + [3] * 8 + [0]  # the digest: 11 x 1, 10 x 2, 8 x 3 fish and the Old Boot


def p_roll(numbers) -> Fraction:
    return Fraction(sum(1 for a in range(1, 7) for b in range(1, 7) if a + b in numbers), 36)


def test_fish_tokens():
    fish = default_fish()
    assert sorted([v for v, n in fish.tokens for _ in range(n)] + [0] * fish.old_boot) == sorted(TOKENS)
    assert tuple(fish.lake_numbers) == (2, 3, 11, 12)
    assert (len(TOKENS), sum(TOKENS)) == (30, 55)
    mean = Fraction(sum(TOKENS), 30)
    assert mean == Fraction(11, 6) and f"{float(mean):.4f}" == "1.8333"
    assert Fraction(TOKENS.count(0), 30) == Fraction(1, 30)
    assert f"{55 / 29:.2f}" == "1.90"
    # the second draw without replacement, by conditioning on the first
    assert 30 * 29 == 870
    second = sum(Fraction(1, 30) * Fraction(55 - t, 29) for t in TOKENS)
    boot_second = sum(Fraction(1, 30) * Fraction(1 - (t == 0), 29) for t in TOKENS)
    assert (second, boot_second) == (Fraction(11, 6), Fraction(1, 30))


def test_fish_per_roll():
    mean = Fraction(11, 6)
    stated = {4: (Fraction(1, 12), Fraction(11, 72), "0.1528"), 5: (Fraction(1, 9), Fraction(11, 54), "0.2037"),
              6: (Fraction(5, 36), Fraction(55, 216), "0.2546"), 8: (Fraction(5, 36), Fraction(55, 216), "0.2546"),
              9: (Fraction(1, 9), Fraction(11, 54), "0.2037"), 10: (Fraction(1, 12), Fraction(11, 72), "0.1528")}
    for n, (p, per_roll, text) in stated.items():
        assert p_roll({n}) == p and p * mean == per_roll and f"{float(per_roll):.4f}" == text
    assert {n: 2 * v[1] for n, v in stated.items()} == {4: Fraction(11, 36), 5: Fraction(11, 27), 6: Fraction(55, 108),
                                                        8: Fraction(55, 108), 9: Fraction(11, 27),
                                                        10: Fraction(11, 36)}
    lake = p_roll({2, 3, 11, 12})
    assert lake == Fraction(6, 36) == Fraction(1, 6) and lake * mean == Fraction(11, 36)
    assert 2 * lake * mean == Fraction(11, 18)
    assert f"{float(Fraction(11, 36)):.2f}" == "0.31" and f"{float(Fraction(55, 216)):.2f}" == "0.25"
    assert f"{float(Fraction(11, 72)):.2f}" == "0.15"
    assert p_roll({6}) == Fraction(5, 36) and f"{5 / 36:.2f}" == "0.14"  # cards per roll on a 6
    # exercise 5
    city_8, lake_settlement = 2 * p_roll({8}) * mean, lake * mean
    assert (city_8, lake_settlement, city_8 - lake_settlement) == (Fraction(55, 108), Fraction(11, 36),
                                                                  Fraction(11, 54))
    assert Fraction(22, 108) == Fraction(11, 54) and f"{float(city_8):.2f}" == "0.51"
    assert (2 * 5, 6) == (10, 6)  # draws per 36 rolls: the city on the 8, the settlement on the lake


def test_the_lessons_simulation():
    """The lesson's seeded 20 000 rolls, replayed: the band holds the exact 11/36."""
    rng = random.Random(SEED)
    stack, got = [], []
    for _ in range(20_000):
        if rng.randint(1, 6) + rng.randint(1, 6) in (2, 3, 11, 12):
            if not stack:
                stack = [1] * 11 + [2] * 10 + [3] * 8 + [0]
                rng.shuffle(stack)
            got.append(stack.pop())
        else:
            got.append(0)
    mean = sum(got) / len(got)
    se = math.sqrt(sum((v - mean) ** 2 for v in got) / (len(got) - 1) / len(got))
    assert (f"{mean:.4f}", f"{mean - 2 * se:.4f}", f"{mean + 2 * se:.4f}") == ("0.3100", "0.2990", "0.3209")
    assert abs(mean - 11 / 36) <= 2 * se and f"{11 / 36:.4f}" == "0.3056"


def test_the_lessons_stack_is_in_the_data_files_order():
    """The simulation above builds the stack as the lesson does (values in the data file's order, boot last)."""
    fish = default_fish()
    assert [v for v, n in fish.tokens for _ in range(n)] + [0] * fish.old_boot == [1] * 11 + [2] * 10 + [3] * 8 + [0]


def test_trails_grow_exponentially_with_rings():
    flower = [DESERT, 14, 13, 8, 4, 5, 10]
    assert all(BASE_BOARD.hexes[t] in [step(BASE_BOARD.hexes[DESERT], s) for s in range(6)] for t in flower[1:])
    stated = [(6, 78), (11, 432), (15, 1465), (19, 4286), (23, 11399), (27, 28450), (30, 69420)]
    got = []
    for k in range(1, 8):
        network = sorted({e for t in flower[:k] for e in BTOPO.tile_edges[t]})
        got.append((len(network), len(trails(network, BTOPO.edge_nodes))))
    assert got == stated
    per_road = [(b / a) ** (1 / (m - n)) for (n, a), (m, b) in zip(stated, stated[1:])]
    assert [f"{x:.2f}" for x in per_road] == ["1.41", "1.36", "1.31", "1.28", "1.26", "1.35"]
