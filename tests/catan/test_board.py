"""The board model: axial hexes -> NetworkX graph, flattened tables, the A-R spiral, random boards, board files,
and the combined variant's board (sea nodes, plazas, dashed river edges) built by the same code."""
from __future__ import annotations

import copy
import json
import random
from collections import Counter

import networkx as nx
import pytest

from ratgames_lab.catan import Game
from ratgames_lab.catan.board import (BASE_BOARD, DATA_DIR, RESOURCES, SIDES, SPIRAL_TOKENS, TERRAINS, load_board,
                                      offset_to_axial, parse_board, random_layout, red_numbers_adjacent,
                                      side_towards, spiral_numbers, spiral_order)
from ratgames_lab.core.errors import InvalidPositionError

BASE = json.loads((DATA_DIR / "base_board.json").read_text())


def test_base_board_has_54_intersections_and_72_edges():
    g = BASE_BOARD.graph
    assert g.number_of_nodes() == 54 and g.number_of_edges() == 72
    assert nx.is_connected(g)
    topo = BASE_BOARD.topo
    assert (topo.n_nodes, topo.n_edges, topo.n_tiles) == (54, 72, 19)
    # each intersection touches 1 to 3 land tiles; 18 inner nodes touch 3, the 30 coastal corners fewer
    counts = Counter(len(t) for t in topo.node_tiles)
    assert counts == {3: 24, 2: 12, 1: 18}
    assert Counter(topo.node_kind) == {"land": 24, "coast": 30}
    assert Counter(topo.edge_kind) == {"land": 42, "coast": 30}
    assert all(len(t) == (2 if k == "land" else 1) for t, k in zip(topo.edge_tiles, topo.edge_kind))


def test_flat_tables_agree_with_the_graph():
    g, topo = BASE_BOARD.graph, BASE_BOARD.topo
    for v, key in enumerate(topo.node_keys):
        assert sorted(topo.node_keys[u] for u in topo.node_nbrs[v]) == sorted(g[key])
        assert list(topo.node_tiles[v]) == g.nodes[key]["tiles"]
        assert len(topo.node_edges[v]) == g.degree[key]
    for e, (a, b) in enumerate(topo.edge_nodes):
        assert g.has_edge(topo.node_keys[a], topo.node_keys[b])
        assert topo.edge_index[(a, b)] == topo.edge_index[(b, a)] == e
    for t in range(topo.n_tiles):
        ring = topo.tile_nodes[t]
        assert len(set(ring)) == 6
        # consecutive corners of a tile are joined by that tile's edges
        for s in range(6):
            e = topo.tile_edges[t][s]
            assert set(topo.edge_nodes[e]) == {ring[(s - 1) % 6], ring[s]}
            assert t in topo.edge_tiles[e]
        assert all(t in topo.node_tiles[v] for v in ring)


def test_base_board_counts_tokens_and_harbours():
    lay = BASE_BOARD.layout
    counts = Counter(TERRAINS[t] for t in lay.terrain)
    assert counts == {"grain": 4, "lumber": 4, "wool": 4, "brick": 3, "ore": 3, "desert": 1}
    assert sorted(n for n in lay.number if n) == sorted(SPIRAL_TOKENS)
    assert TERRAINS[lay.terrain[lay.robber]] == "desert"
    kinds = Counter(k for _, k in lay.harbours)
    assert kinds == {5: 4, 0: 1, 1: 1, 2: 1, 3: 1, 4: 1}
    topo = BASE_BOARD.topo
    nodes = [v for e, _ in lay.harbours for v in topo.edge_nodes[e]]
    assert len(nodes) == len(set(nodes)) == 18
    assert all(topo.edge_kind[e] == "coast" for e, _ in lay.harbours)


def test_base_tokens_follow_the_official_a_to_r_spiral():
    lay = BASE_BOARD.layout
    order = spiral_order(BASE_BOARD, 0)
    assert len(order) == 19 and len(set(order)) == 19
    assert [lay.number[t] for t in order if lay.number[t]] == list(SPIRAL_TOKENS)
    # the spiral walks from tile to neighbouring tile, counter-clockwise, outer ring first
    nb = BASE_BOARD.topo.tile_neighbours
    assert all(b in nb[a] for a, b in zip(order, order[1:]))
    assert [BASE_BOARD.hexes[t] for t in order[:3]] == [(0, -2), (-1, -1), (-2, 0)]
    assert not red_numbers_adjacent(BASE_BOARD, lay.number)


@pytest.mark.parametrize("start", range(6))
def test_spiral_from_every_corner_skips_the_desert(start):
    rng = random.Random(start)
    lay = random_layout(BASE_BOARD, rng, "spiral")
    numbers = spiral_numbers(BASE_BOARD, lay.terrain, list(SPIRAL_TOKENS), start)
    order = spiral_order(BASE_BOARD, start)
    assert [numbers[t] for t in order if numbers[t]] == list(SPIRAL_TOKENS)
    assert all(numbers[t] == 0 for t in order if TERRAINS[lay.terrain[t]] == "desert")
    assert all(b in BASE_BOARD.topo.tile_neighbours[a] for a, b in zip(order, order[1:]))


def test_random_boards_keep_the_counts_and_never_put_6_and_8_side_by_side():
    base_counts = Counter(BASE_BOARD.layout.terrain)
    seen_layouts = set()
    for seed in range(300):
        lay = random_layout(BASE_BOARD, random.Random(seed))
        assert Counter(lay.terrain) == base_counts
        assert sorted(n for n in lay.number if n) == sorted(SPIRAL_TOKENS)
        assert all((lay.number[t] == 0) == (TERRAINS[lay.terrain[t]] == "desert") for t in range(19))
        assert not red_numbers_adjacent(BASE_BOARD, lay.number)
        assert TERRAINS[lay.terrain[lay.robber]] == "desert"
        assert sorted(k for _, k in lay.harbours) == sorted(k for _, k in BASE_BOARD.layout.harbours)
        seen_layouts.add(tuple(lay.number))
    assert len(seen_layouts) > 250
    # the check itself can fail: the base numbers with a 6 moved next to an 8 are rejected
    bad = BASE_BOARD.layout.number[:]
    t8 = bad.index(8)
    t_nb = BASE_BOARD.topo.tile_neighbours[t8][0]
    bad[t_nb] = 6
    assert red_numbers_adjacent(BASE_BOARD, bad)


def test_random_board_option_is_deterministic_per_seed():
    a = Game(4, seed=5, layout="random").new_state().to_json()["tiles"]
    b = Game(4, seed=5, layout="random").new_state().to_json()["tiles"]
    c = Game(4, seed=6, layout="random").new_state().to_json()["tiles"]
    assert a == b and a != c


def _bad(mutate, field):
    data = copy.deepcopy(BASE)
    mutate(data)
    with pytest.raises(InvalidPositionError) as exc:
        parse_board(data)
    assert exc.value.field == field, exc.value


def test_malformed_board_files_name_the_bad_field():
    _bad(lambda d: d["tiles"][3].update(terrain="plastic"), "tiles[3].terrain")
    _bad(lambda d: d["tiles"][3].pop("number"), "tiles[3].number")
    _bad(lambda d: d["tiles"][3].update(number=7), "tiles[3].number")
    _bad(lambda d: d["tiles"][9].update(number=4), "tiles[9].number")  # the desert takes no number
    _bad(lambda d: d["tiles"][4].update(q=d["tiles"][3]["q"], r=d["tiles"][3]["r"]), "tiles[4]")
    _bad(lambda d: d["tiles"][2].update(q="a"), "tiles[2].q")
    _bad(lambda d: d["tiles"][2].update(colour="red"), "tiles[2].colour")
    _bad(lambda d: d["harbours"][0].update(side="UP"), "harbours[0].side")
    _bad(lambda d: d["harbours"][0].update(kind="5:1"), "harbours[0].kind")
    _bad(lambda d: d["harbours"][0].update(tile=[9, 9]), "harbours[0].tile")
    # an inland edge is no harbour site
    _bad(lambda d: d["harbours"][0].update(tile=[0, 0], side="E"), "harbours[0].side")
    # two harbours on one intersection
    _bad(lambda d: d["harbours"].append({"tile": [0, -2], "side": "W", "kind": "ore"}), "harbours[9]")
    _bad(lambda d: d.update(robber=[5, 5]), "robber")
    _bad(lambda d: d.update(shape="round"), "shape")
    _bad(lambda d: d.update(tiles=[]), "tiles")


def test_board_option_reports_the_bad_field(tmp_path):
    data = copy.deepcopy(BASE)
    data["tiles"][0]["terrain"] = "cheese"
    path = tmp_path / "board.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InvalidPositionError) as exc:
        Game(3, board=str(path))
    assert exc.value.field == "board.tiles[0].terrain"
    path.write_text("{not json")
    with pytest.raises(InvalidPositionError) as exc:
        Game(3, board=str(path))
    assert exc.value.field == "board.file"
    assert load_board(data | {"tiles": BASE["tiles"]}).topo.n_nodes == 54


# -- the combined variant's board (catan.md Part 2, Settled defaults) builds with the same code ---------------
PART2_ROWS = [
    "~~ Mq G8 L5 ~~ ~~ O9",
    "W6* B10* O9* W4 ~~ $3",
    "~~ B9 Sw1* G6 ~~ G10 Mg",
    "O8 De Lk G11 ~~ B5",
    "~~ L4 Sw2* O5 ~~ ~~ $11",
    "~~ B3 O10* B6* ~~ L8",
    "~~ ~~ G2+12 Mc ~~ ~~ W4",
]
CODES = {"~~": "sea", "G": "grain", "L": "lumber", "W": "wool", "B": "brick", "O": "ore", "$": "gold",
         "De": "desert", "Lk": "lake", "Sw": "swamp", "M": "market"}


def part2_board_data() -> dict:
    tiles = []
    for row, line in enumerate(PART2_ROWS):
        for col, cell in enumerate(line.split()):
            river = cell.endswith("*")
            cell = cell.rstrip("*")
            for code in ("~~", "De", "Lk", "Sw", "M", "G", "L", "W", "B", "O", "$"):
                if cell.startswith(code):
                    terrain, rest = CODES[code], cell[len(code):]
                    break
            tile = {"row": row, "col": col, "terrain": terrain}
            if terrain == "market":  # Mq quarry, Mg glassworks, Mc castle
                tile["market"] = {"q": "quarry", "g": "glassworks", "c": "castle"}[rest]
            if terrain in RESOURCES or terrain == "gold":
                tile["number"] = int(rest.split("+")[-1])
            if river:
                tile["river"] = True
            tiles.append(tile)
    crossings = [((2, 2), (1, 2)), ((1, 2), (1, 1)), ((1, 1), (1, 0)), ((4, 2), (5, 2)), ((5, 2), (5, 3)),
                 ((5, 3), (5, 4))]
    dashed = [{"tile": list(a), "side": SIDES[side_towards(offset_to_axial(*a), offset_to_axial(*b))]}
              for a, b in crossings]
    dashed.append({"tile": [1, 0], "side": "W"})
    return {"name": "combined", "coordinates": "odd-r", "tiles": tiles, "dashed": dashed}


def test_the_combined_variant_board_fits_the_model():
    board = parse_board(part2_board_data())
    topo, g = board.topo, board.graph
    assert topo.n_tiles == 46 and sum(board.water) == 16
    assert sum(board.river) == 7
    # sea intersections (ships only), coasts and inland intersections all exist
    kinds = Counter(topo.node_kind)
    assert kinds["sea"] > 0 and kinds["coast"] > 0 and kinds["land"] > 0 and kinds["plaza"] == 3
    assert all(not topo.node_buildable[v] for v in range(topo.n_nodes) if topo.node_kind[v] in ("sea", "plaza"))
    # each market: a plaza joined to its 4 land corners by interior edges
    for v in range(topo.n_nodes):
        if topo.node_kind[v] == "plaza":
            interior = [e for e in topo.node_edges[v] if topo.edge_kind[e] == "interior"]
            assert len(interior) == 4
    # 7 dashed river crossings take no road (bridges only, in Part 2)
    dashed = [e for e in range(topo.n_edges) if topo.edge_dashed[e]]
    assert len(dashed) == 7 and not any(topo.edge_road[e] for e in dashed)
    # sea edges exist for ships, and the whole graph is one piece
    assert "sea" in topo.edge_kind and nx.is_connected(g)


def test_a_market_tile_names_its_market_once():
    data = part2_board_data()
    i = next(k for k, t in enumerate(data["tiles"]) if t["terrain"] == "market")
    bad = json.loads(json.dumps(data))
    del bad["tiles"][i]["market"]
    with pytest.raises(InvalidPositionError) as exc:
        parse_board(bad)
    assert exc.value.field == f"tiles[{i}].market"
    bad = json.loads(json.dumps(data))
    j = next(k for k, t in enumerate(data["tiles"]) if t["terrain"] == "grain")
    bad["tiles"][j]["market"] = "castle"
    with pytest.raises(InvalidPositionError) as exc:
        parse_board(bad)
    assert exc.value.field == f"tiles[{j}].market"
    assert parse_board(data).markets == {1: "quarry", 19: "glassworks", 42: "castle"}
