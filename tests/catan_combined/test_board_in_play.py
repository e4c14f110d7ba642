"""The combined board in play (catan.md Part 2, Settled defaults / Board): the fixed and the shuffled layout, the 2
sharing the 12's hex (option tokens_2_with_12), market corners (option market_corner_settlements), no road on a
market's sea side, no building on plazas or sea nodes, harbours, fishing grounds and the pirate's spots, and a
custom board file through the ``board`` option."""
from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from ratgames_lab.catan.actions import BuildRoad, BuildSettlement, Roll
from ratgames_lab.catan.board import GENERIC_HARBOUR, MARKET, RESOURCES, TERRAINS
from ratgames_lab.catan.combined.actions import BuildShip, RollDice
from ratgames_lab.catan.combined.places import pirate_spots
from ratgames_lab.catan.combined_layout import COMBINED_BOARD_FILE, FISHING_NUMBERS, combined_board
from ratgames_lab.core.errors import InvalidPositionError

from .helpers import (assert_rejected, building, clear_edge, corner, edge, fresh, game, give, main_phase, road,
                      roll_phase, ship, tile)

DATA = json.loads(COMBINED_BOARD_FILE.read_text())
BOARD = combined_board()


def _sea_mask(s):
    return [TERRAINS[t] == "sea" for t in s.terrain]


def test_layout_board_plays_the_file_and_layout_random_keeps_the_mask_rivers_and_markets():
    fixed = fresh(3, seed=2, layout="board")
    assert fixed.terrain == BOARD.layout.terrain and fixed.number == BOARD.layout.number
    assert fixed.number2 == BOARD.number2 and fixed.robber == BOARD.layout.robber
    shuffled = [fresh(3, seed=k, layout="random") for k in range(4)]
    assert len({tuple(s.terrain) for s in shuffled}) > 1
    for s in shuffled:
        assert _sea_mask(s) == _sea_mask(fixed)
        for t in range(len(s.terrain)):
            if BOARD.river[t] or TERRAINS[fixed.terrain[t]] == "market":
                assert s.terrain[t] == fixed.terrain[t], t
        assert Counter(s.terrain) == Counter(fixed.terrain)
        assert sorted(s.number + s.number2) == sorted(fixed.number + fixed.number2)
        for t, n2 in enumerate(s.number2):
            assert n2 in (0, 2) and (n2 == 0 or s.number[t] == 12)
        reds = [t for t in range(len(s.number)) if s.number[t] in (6, 8)]
        assert not any(u in s.comp.topo.tile_neighbours[t] for t in reds for u in reds)
        assert TERRAINS[s.terrain[s.robber]] == "desert"
    again = fresh(3, seed=1, layout="random")
    assert again.to_json() == shuffled[1].to_json()  # same seed, same board


def _twelve_position(**options):
    s = fresh(3, seed=1, **options)
    g = tile(s, 6, 2)  # grain 12 (+ the 2)
    building(s, 0, corner(s, g, 1))  # intersection 94
    return s, g


@pytest.mark.parametrize("total", [2, 12])
def test_the_2_shares_the_12s_hex_and_produces_on_both(total):
    s, g = _twelve_position()
    assert (s.number[g], s.number2[g]) == (12, 2)
    roll_phase(s, 0, turn=3)
    grain = s.hands[0][3]
    s.apply(Roll())
    s.apply(RollDice(1, 1, "trade") if total == 2 else RollDice(6, 6, "trade"))
    assert s.hands[0][3] == grain + 1


def test_without_tokens_2_with_12_there_is_no_2():
    s, g = _twelve_position(tokens_2_with_12=False)
    assert s.number[g] == 12 and not any(s.number2) and 2 not in s.number
    roll_phase(s, 0, turn=3)
    hand = list(s.hands[0])
    s.apply(Roll())
    s.apply(RollDice(1, 1, "trade"))
    assert s.hands[0] == hand and not [e for e in s.events if e.kind == "produce"]
    for k in range(3):
        assert not any(fresh(3, seed=k, layout="random", tokens_2_with_12=False).number2)


def _market_corners(s, market):
    return [corner(s, market, k) for k in range(6)]


def test_no_settlement_on_market_corners_unless_the_option_allows_it():
    s = fresh(3, seed=1, first_player="1")
    quarry = tile(s, 0, 1)
    assert TERRAINS[s.terrain[quarry]] == "market"
    sites = {a.node for a in s.legal_actions()}
    for v in _market_corners(s, quarry):
        assert v not in sites
        assert_rejected(s, BuildSettlement(v), "setup.distance")
    s = fresh(3, seed=1, first_player="1", market_corner_settlements=True)
    land_corners = [v for v in _market_corners(s, quarry) if s.comp.topo.node_kind[v] in ("land", "coast")]
    assert land_corners and all(BuildSettlement(v) in s.legal_actions() for v in land_corners)
    s.apply(BuildSettlement(land_corners[0]))
    assert s.node_owner[land_corners[0]] == 0


def test_no_building_on_a_plaza_or_a_sea_node_whatever_the_options():
    for opt in (False, True):
        s = fresh(3, seed=1, first_player="1", market_corner_settlements=opt)
        plazas = [v for v in range(s.comp.topo.n_nodes) if s.comp.topo.node_kind[v] == "plaza"]
        seas = [v for v in range(s.comp.topo.n_nodes) if s.comp.topo.node_kind[v] == "sea"]
        assert len(plazas) == 3 and seas
        for v in plazas + seas[:5]:
            assert_rejected(s, BuildSettlement(v), "setup.distance")
    # in play: ships reach the sea node 74, and still no settlement there
    s = fresh(3, seed=1)
    s.pirate = tile(s, 0, 4)
    building(s, 0, 52)
    ship(s, 0, 83)
    ship(s, 0, 92)
    ship(s, 0, 104)  # 67-74
    give(s, 0, brick=1, lumber=1, wool=1, grain=1)
    main_phase(s, 0)
    assert BuildSettlement(67) in s.legal_actions()
    assert_rejected(s, BuildSettlement(74), "build.distance")


def test_no_road_on_a_markets_sea_side_but_ships_may_sail_there():
    s = fresh(3, seed=1)
    topo = s.comp.topo
    for market in s.comp.market_tiles:
        sea_sides = [e for e in topo.tile_edges[market] if topo.edge_kind[e] == "coast"]
        assert len(sea_sides) == 3
        assert all(not s.comp.road_edge[e] and s.comp.ship_edge[e] for e in sea_sides)
    # in play: the quarry (0, 1) has its sea side 9-1-8-17; a road from a settlement on 2 reaches its corner 9
    quarry = tile(s, 0, 1)
    assert [corner(s, quarry, k) for k in (0, 1, 2, 3)] == [9, 1, 8, 17]
    building(s, 0, 2)
    road(s, 0, edge(s, 2, 9))
    give(s, 0, brick=1, lumber=2, wool=1)
    main_phase(s, 0)
    assert_rejected(s, BuildRoad(edge(s, 9, 1)), "build.road")
    # a ship may sail there, but only from a building or a ship: not from the road's end
    assert_rejected(s, BuildShip(edge(s, 9, 1)), "seafarers.ship")
    clear_edge(s, edge(s, 2, 9))
    ship(s, 0, edge(s, 2, 9))  # a ship on the same coast edge instead of the road
    main_phase(s, 0)
    assert BuildShip(edge(s, 9, 1)) in s.legal_actions()
    assert_rejected(s, BuildRoad(edge(s, 9, 1)), "build.road")


def test_harbours_fishing_grounds_and_pirate_spots_are_placed():
    for seed in range(3):
        s = fresh(3, seed=seed)
        topo = s.comp.topo
        assert len(s.harbour_edges) == 10
        assert Counter(s.harbour_kinds) == {GENERIC_HARBOUR: 5, **{r: 1 for r in range(len(RESOURCES))}}
        used = [v for e in s.harbour_edges for v in topo.edge_nodes[e]]
        assert len(used) == len(set(used))
        for e in s.harbour_edges:
            assert topo.edge_kind[e] == "coast" and not topo.edge_dashed[e]
            assert all(s.terrain[t] != MARKET for t in topo.edge_tiles[e])
        assert sorted(f[3] for f in s.fishing) == sorted(FISHING_NUMBERS)
        fished = [v for f in s.fishing for v in f[:3]]
        assert len(fished) == len(set(fished)) and not set(fished) & set(used)
        spots = dict(pirate_spots(s))
        assert s.pirate in spots
        assert set(s.comp.sea_tiles) <= set(spots)
        for x, edges in spots.items():
            if x >= topo.n_tiles:  # a frame fishing ground: the pirate blocks its two coastal edges
                assert len(edges) == 2 and all(topo.edge_kind[e] == "coast" for e in edges)
    assert len({tuple(fresh(3, seed=k).harbour_edges) for k in range(3)}) > 1


def test_a_harbour_gives_its_rate_to_a_building_on_it():
    s = fresh(3, seed=1)
    topo = s.comp.topo
    i = next(i for i, k in enumerate(s.harbour_kinds) if k != GENERIC_HARBOUR
             and any(s.comp.building_site[v] for v in topo.edge_nodes[s.harbour_edges[i]]))
    e, kind = s.harbour_edges[i], s.harbour_kinds[i]
    v = next(v for v in topo.edge_nodes[e] if s.comp.building_site[v])
    building(s, 0, v)
    main_phase(s, 0)
    assert s.rates[0][kind] == 2 and s.rates[1][kind] == 4


# ------------------------------------------------------------------------------------------------
# a custom board through the board option
# ------------------------------------------------------------------------------------------------
def _write(tmp_path, data, name="board.json"):
    path = tmp_path / name
    path.write_text(json.dumps(data))
    return str(path)


def test_a_custom_board_file_is_played(tmp_path):
    data = copy.deepcopy(DATA)
    grain = next(t for t in data["tiles"] if (t["row"], t["col"]) == (0, 2))
    lumber = next(t for t in data["tiles"] if (t["row"], t["col"]) == (0, 3))
    grain["terrain"], lumber["terrain"] = "lumber", "grain"
    s = game(3, seed=1, board=_write(tmp_path, data)).new_state()
    assert TERRAINS[s.terrain[2]] == "lumber" and TERRAINS[s.terrain[3]] == "grain"
    assert len(s.harbour_edges) == 10
    s.validate_position()
    # the same board as a dict
    t = game(3, seed=1, board=data).new_state()
    assert t.terrain == s.terrain


@pytest.mark.parametrize("change, field", [
    (lambda d: d["tiles"][4].update(terrain="cheese"), "board.tiles[4].terrain"),
    (lambda d: d["tiles"][41].update(second_number=7), "board.tiles[41].second_number"),
    (lambda d: d["tiles"][0].update(number=5), "board.tiles[0].number"),
    (lambda d: d.update(frame="yes"), "board.frame"),
    (lambda d: d["dashed"][0].update(side="UP"), "board.dashed[0].side"),
])
def test_malformed_board_files_are_rejected_naming_the_bad_field(tmp_path, change, field):
    data = copy.deepcopy(DATA)
    change(data)
    with pytest.raises(InvalidPositionError) as exc:
        game(3, seed=1, board=_write(tmp_path, data))
    assert exc.value.field == field


def test_a_board_file_that_is_not_json_or_has_no_room_for_harbours_is_rejected(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(InvalidPositionError) as exc:
        game(3, seed=1, board=str(path))
    assert exc.value.field == "board.file"
    tiny = {"coordinates": "odd-r", "frame": False,
            "tiles": [{"row": 0, "col": 0, "terrain": "grain", "number": 6},
                      {"row": 0, "col": 1, "terrain": "desert"}, {"row": 0, "col": 2, "terrain": "sea"}]}
    with pytest.raises(InvalidPositionError) as exc:
        game(3, seed=1, board=_write(tmp_path, tiny)).new_state()
    assert exc.value.field == "harbours"
