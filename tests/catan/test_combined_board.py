"""The combined variant's board (catan.md Part 2, Settled defaults / Board): the shipped fixed board file, checked
against the digest's drawing and by an independent geometry, and the constrained generator of its layouts."""
from __future__ import annotations

import copy
import json
import math
import random
from collections import Counter

import pytest

from ratgames_lab.catan.board import GENERIC_HARBOUR, MARKET, RESOURCES, SPIRAL_TOKENS, TERRAINS, parse_board
from ratgames_lab.catan.combined_layout import (COMBINED_BOARD_FILE, FISHING_NUMBERS, combined_board,
                                                combined_layout, frame_hexes)
from ratgames_lab.core.errors import InvalidPositionError

from .test_board import part2_board_data

DATA = json.loads(COMBINED_BOARD_FILE.read_text())
BOARD = combined_board()
TOPO = BOARD.topo
ROWS = {h: (h[1], h[0] + (h[1] - (h[1] & 1)) // 2) for h in BOARD.hexes}  # axial -> odd-r (row, col)


def oddr_neighbours(r: int, c: int) -> set[tuple[int, int]]:
    """The digest's neighbour rule, written out independently of board.py."""
    if r % 2 == 0:
        return {(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)}
    return {(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)}


TILE_AT = {ROWS[h]: t for t, h in enumerate(BOARD.hexes)}


def terrain_at(rc: tuple[int, int], terrain: list[int]) -> str:
    """The terrain at an odd-r place, 'frame' off the board."""
    t = TILE_AT.get(rc)
    return "frame" if t is None else TERRAINS[terrain[t]]


def test_the_file_is_labelled_a_reconstruction_and_matches_the_digest_drawing():
    assert DATA["reconstruction"] is True and DATA["frame"] is True and DATA["coordinates"] == "odd-r"
    for word in ("layout", "river", "harbour", "fishing"):
        assert word in DATA["note"]
    drawn = part2_board_data()  # built from the digest's rows in test_board.py
    tiles = [{k: v for k, v in t.items() if k != "second_number"} for t in DATA["tiles"]]
    assert tiles == drawn["tiles"]
    assert sorted(map(json.dumps, DATA["dashed"])) == sorted(map(json.dumps, drawn["dashed"]))
    twelve = [t for t in DATA["tiles"] if "second_number" in t]
    assert twelve == [{"row": 6, "col": 2, "terrain": "grain", "number": 12, "second_number": 2}]


def test_inventory_tokens_and_rivers_equal_the_digest():
    lay = BOARD.layout
    assert Counter(TERRAINS[t] for t in lay.terrain) == {
        "sea": 16, "grain": 5, "lumber": 3, "wool": 3, "brick": 5, "ore": 5, "gold": 2, "desert": 1, "swamp": 2,
        "lake": 1, "market": 3}
    assert len(BOARD.hexes) == 46 and [sum(1 for h in BOARD.hexes if h[1] == r) for r in range(7)] == [7, 6] * 3 + [7]
    assert Counter(TERRAINS[lay.terrain[t]] for t in range(46) if BOARD.river[t]) == {
        "swamp": 2, "brick": 2, "ore": 2, "wool": 1}
    # 24 tokens: A-R plus Seafarers' 4, 5, 6, 8, 9, 10, the 2 sharing the 12's hex
    tokens = [n for n in lay.number + BOARD.number2 if n]
    assert sorted(tokens) == sorted(list(SPIRAL_TOKENS) + [4, 5, 6, 8, 9, 10])
    for t in range(46):
        producing = TERRAINS[lay.terrain[t]] in RESOURCES + ("gold",)
        assert (lay.number[t] != 0) == producing, t
    assert [lay.number[t] for t in range(46) if BOARD.number2[t] == 2] == [12]
    assert TERRAINS[lay.terrain[lay.robber]] == "desert"


def _pixel_geometry():
    """Corners and sides of the 46 hexes from their drawn positions (independent of the graph code)."""
    def centre(r, c):
        return math.sqrt(3) * (c + 0.5 * (r & 1)), 1.5 * r

    def corner(x, y, k):
        a = math.radians(30 + 60 * k)
        return round(x + math.cos(a), 3), round(y + math.sin(a), 3)

    nodes, edges, land_centres = set(), set(), []
    for h in BOARD.hexes:
        x, y = centre(*ROWS[h])
        cs = [corner(x, y, k) for k in range(6)]
        nodes.update(cs)
        edges.update(frozenset((cs[k], cs[(k + 1) % 6])) for k in range(6))
        if not BOARD.water[TOPO.tile_index[h]]:
            land_centres.append((x, y))

    def land_around(p):
        return sum(math.dist(p, c) < 1.01 for c in land_centres)

    kinds = Counter({0: "sea", 3: "land"}.get(land_around(p), "coast") for p in nodes)
    return nodes, edges, kinds


def test_node_and_edge_counts_agree_with_an_independent_geometry():
    nodes, edges, kinds = _pixel_geometry()
    n_plaza = Counter(TOPO.node_kind)["plaza"]
    assert n_plaza == 3
    assert TOPO.n_nodes == len(nodes) + n_plaza == 123
    assert TOPO.n_edges == len(edges) + 4 * n_plaza == 177
    assert Counter(k for k in TOPO.node_kind if k != "plaza") == kinds == {"coast": 66, "land": 29, "sea": 25}
    assert Counter(TOPO.edge_kind) == {"coast": 66, "land": 57, "sea": 42, "interior": 12}
    # sea nodes touch no land: ships only
    for v in range(TOPO.n_nodes):
        if TOPO.node_kind[v] == "sea":
            assert all(BOARD.water[t] for t in TOPO.node_tiles[v]) and not TOPO.node_buildable[v]


def test_markets_plazas_and_the_seven_dashed_river_crossings():
    terrain = BOARD.layout.terrain
    plazas = [v for v in range(TOPO.n_nodes) if TOPO.node_kind[v] == "plaza"]
    markets = {t for t in range(46) if terrain[t] == MARKET}
    assert {TOPO.node_tiles[v][0] for v in plazas} == markets and len(markets) == 3
    for v in plazas:
        (m,) = TOPO.node_tiles[v]
        interior = [e for e in TOPO.node_edges[v] if TOPO.edge_kind[e] == "interior"]
        assert len(interior) == 4 == len(TOPO.node_edges[v])
        land_sides = [s for s in range(6) if terrain_at(_step(m, s), terrain) not in ("sea", "frame")]
        assert len(land_sides) == 3
        # the plaza joins the ends of the 3 land-side edges, 4 corners, none buildable by settlements later
        ends = {n for s in land_sides for n in TOPO.edge_nodes[TOPO.tile_edges[m][s]]}
        assert set(TOPO.node_nbrs[v]) == ends and len(ends) == 4
        assert not TOPO.node_buildable[v]
    # each dashed edge separates the two places the digest names (a river's mouth into the frame included)
    crossed = []
    for e in range(TOPO.n_edges):
        if TOPO.edge_dashed[e]:
            a, b = (set(TOPO.node_keys[v]) for v in TOPO.edge_nodes[e])
            crossed.append(sorted((ROWS.get(h, "frame") for h in a & b), key=str))
    digest = [[(1, 2), (2, 2)], [(1, 1), (1, 2)], [(1, 0), (1, 1)], [(1, 0), "frame"], [(4, 2), (5, 2)],
              [(5, 2), (5, 3)], [(5, 3), (5, 4)]]
    assert sorted(crossed, key=str) == sorted(digest, key=str)
    assert not any(TOPO.edge_road[e] for e in range(TOPO.n_edges) if TOPO.edge_dashed[e])


def _step(t: int, s: int) -> tuple[int, int]:
    """The odd-r place across side s of tile t (SIDES order), by the digest's neighbour rule."""
    r, c = ROWS[BOARD.hexes[t]]
    (dr, dc) = {0: (0, 1), 3: (0, -1)}.get(s, (0, 0))
    if s in (0, 3):
        return r + dr, c + dc
    up = s in (1, 2)
    east = s in (1, 5)
    rr = r - 1 if up else r + 1
    cc = (c + (1 if east else 0)) if r % 2 else (c if east else c - 1)
    assert (rr, cc) in oddr_neighbours(r, c)
    return rr, cc


def _check_layout(cl, shuffled: bool):
    lay, terrain = cl.layout, cl.layout.terrain
    base = BOARD.layout
    # mask, rivers and markets kept; the inventory unchanged
    assert [t == TERRAINS.index("sea") for t in terrain] == BOARD.water
    for t in range(46):
        if BOARD.river[t] or base.terrain[t] == MARKET or BOARD.water[t] or not shuffled:
            assert terrain[t] == base.terrain[t]
    assert Counter(terrain) == Counter(base.terrain)
    # tokens: the same 24, on producing tiles, the 2 on the 12's hex, no 6/8 side by side (digest's neighbours)
    assert sorted(n for n in lay.number + cl.number2 if n) == sorted(n for n in base.number + BOARD.number2 if n)
    assert all((lay.number[t] != 0) == (TERRAINS[terrain[t]] in RESOURCES + ("gold",)) for t in range(46))
    assert [lay.number[t] for t in range(46) if cl.number2[t]] == [12]
    for t in range(46):
        if lay.number[t] in (6, 8):
            for rc in oddr_neighbours(*ROWS[BOARD.hexes[t]]):
                assert rc not in TILE_AT or lay.number[TILE_AT[rc]] not in (6, 8)
    assert TERRAINS[terrain[lay.robber]] == "desert"
    # harbours: 5 x 2:1 (one per resource) + 5 x 3:1 on coastal edges, not dashed, not a market's side
    assert sorted(k for _, k in lay.harbours) == [0, 1, 2, 3, 4] + [GENERIC_HARBOUR] * 5
    used: list[int] = []
    for e, _ in lay.harbours:
        land = [t for t in TOPO.edge_tiles[e] if not BOARD.water[t]]
        assert len(land) == 1 and terrain[land[0]] != MARKET and not TOPO.edge_dashed[e]
        used += TOPO.edge_nodes[e]
    assert len(used) == len(set(used)) == 20
    # fishing grounds: numbers 4-10 once; a sea or frame hex, two consecutive land sides, their 3 corners
    assert sorted(f.number for f in cl.fishing) == list(FISHING_NUMBERS)
    frame = set(frame_hexes(BOARD))
    assert len({f.hex for f in cl.fishing}) == 6
    for f in cl.fishing:
        t = TOPO.tile_index.get(f.hex)
        assert f.hex in frame if t is None else BOARD.water[t]
        land_sides = []
        for s in (f.side, (f.side + 1) % 6):
            dq, dr = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)][s]
            n = TOPO.tile_index.get((f.hex[0] + dq, f.hex[1] + dr))
            assert n is not None and not BOARD.water[n]
            land_sides.append(n)
        # the 3 nodes: both land tiles touch the middle one, each touches its own end
        a, mid, b = f.nodes
        assert set(land_sides) <= set(TOPO.node_tiles[mid])
        assert land_sides[0] in TOPO.node_tiles[a] and land_sides[1] in TOPO.node_tiles[b]
        assert TOPO.node_kind[a] == TOPO.node_kind[b] == TOPO.node_kind[mid] == "coast"
        assert not any(terrain[x] == MARKET for v in f.nodes for x in TOPO.node_tiles[v])
        used += f.nodes
    assert len(used) == len(set(used)) == 20 + 18


def test_shuffled_boards_keep_every_constraint_over_300_seeds():
    seen = set()
    for seed in range(300):
        cl = combined_layout(BOARD, random.Random(seed), "shuffled")
        _check_layout(cl, shuffled=True)
        seen.add((tuple(cl.layout.terrain), tuple(cl.layout.number)))
    assert len(seen) == 300


def test_fixed_mode_keeps_tiles_and_tokens_and_places_harbours_and_fishing_grounds():
    sites = set()
    for seed in range(50):
        cl = combined_layout(BOARD, random.Random(seed), "fixed")
        _check_layout(cl, shuffled=False)
        assert cl.layout.number == BOARD.layout.number and cl.number2 == BOARD.number2
        sites.add(tuple(cl.layout.harbours))
    assert len(sites) == 50
    # the file's own harbours follow the same rules
    harbour_nodes = [v for e, _ in BOARD.layout.harbours for v in TOPO.edge_nodes[e]]
    assert len(set(harbour_nodes)) == 20


def test_the_constraint_checks_can_fail():
    cl = combined_layout(BOARD, random.Random(1), "shuffled")
    bad = copy.deepcopy(cl)
    t6 = bad.layout.number.index(6)
    nb = next(TILE_AT[rc] for rc in oddr_neighbours(*ROWS[BOARD.hexes[t6]])
              if rc in TILE_AT and bad.layout.number[TILE_AT[rc]] not in (0, 6, 8))
    t8 = bad.layout.number.index(8)
    bad.layout.number[nb], bad.layout.number[t8] = 8, bad.layout.number[nb]
    with pytest.raises(AssertionError):
        _check_layout(bad, shuffled=True)
    bad = copy.deepcopy(cl)
    f0, f1 = bad.fishing[:2]
    bad.fishing[1] = type(f1)(f1.hex, f1.side, (f0.nodes[0],) + f1.nodes[1:], f1.number)
    with pytest.raises(AssertionError):
        _check_layout(bad, shuffled=True)


def test_same_seed_same_board():
    a = combined_layout(BOARD, random.Random(11))
    b = combined_layout(BOARD, random.Random(11))
    c = combined_layout(BOARD, random.Random(12))
    assert a == b and a != c
    with pytest.raises(ValueError):
        combined_layout(BOARD, random.Random(1), "spiral")


def _bad(mutate, field):
    data = copy.deepcopy(DATA)
    mutate(data)
    with pytest.raises(InvalidPositionError) as exc:
        parse_board(data)
    assert exc.value.field == field, exc.value


def _tile(data, row, col):
    return next(t for t in data["tiles"] if (t["row"], t["col"]) == (row, col))


def test_malformed_combined_board_files_name_the_bad_field():
    i12 = DATA["tiles"].index(_tile(DATA, 6, 2))
    _bad(lambda d: _tile(d, 6, 2).update(second_number=7), f"tiles[{i12}].second_number")
    _bad(lambda d: _tile(d, 6, 2).update(second_number="2"), f"tiles[{i12}].second_number")
    _bad(lambda d: _tile(d, 0, 0).update(second_number=2), "tiles[0].second_number")  # sea takes no number
    _bad(lambda d: _tile(d, 3, 2).update(number=3), "tiles[22].number")  # the lake's numbers are printed
    _bad(lambda d: _tile(d, 1, 0).update(river="yes"), "tiles[7].river")
    _bad(lambda d: d.update(frame="yes"), "frame")
    # a market needs 3 consecutive land sides: turn the grain east of the quarry into sea
    _bad(lambda d: (_tile(d, 0, 2).update(terrain="sea"), _tile(d, 0, 2).pop("number")), "tiles[1].terrain")
    _bad(lambda d: d["dashed"][2].update(side="UP"), "dashed[2].side")
    _bad(lambda d: d["dashed"][0].update(tile=[9, 9]), "dashed[0].tile")
    # harbours: not on a dashed edge, not on a market's side, not facing the frame when there is none
    _bad(lambda d: d["harbours"].append({"tile": [1, 0], "side": "W", "kind": "3:1"}), "harbours[10].side")
    _bad(lambda d: d["harbours"].append({"tile": [0, 1], "side": "W", "kind": "3:1"}), "harbours[10].tile")
    _bad(lambda d: d.update(frame=False), "harbours[0].side")
    _bad(lambda d: d.update(robber=[0, 0]), "robber")  # a sea tile


def test_a_board_without_room_is_rejected_by_the_generator():
    data = {"coordinates": "odd-r", "frame": False,
            "tiles": [{"row": 0, "col": 0, "terrain": "grain", "number": 6},
                      {"row": 0, "col": 1, "terrain": "sea"}]}
    with pytest.raises(InvalidPositionError) as exc:
        combined_layout(parse_board(data), random.Random(0), "fixed")
    assert exc.value.field == "harbours"
