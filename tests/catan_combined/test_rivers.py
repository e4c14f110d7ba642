"""Rivers and bridges (issue 12 groundwork, wired): river money in setup and in play, bridges only on dashed
edges ($3 back), roads refused there, bridges in Longest Road, never a free bridge."""
from __future__ import annotations

import ratgames_lab as rl
from ratgames_lab.catan.actions import BuildCity, BuildRoad, BuildSettlement
from ratgames_lab.catan.combined.actions import BuildBridge
from ratgames_lab.catan.combined.components import BRIDGE, ROAD

from .helpers import skip_wagons
from .test_turn_rules import build, give, main_phase, playing, unchanged_after


def fresh():
    return skip_wagons(rl.load_game("catan", 3, seed=6, variant="combined").new_state())


def dashed_with_site(s):
    """A dashed edge with a building site at one end, and that site."""
    comp, topo = s.comp, s.comp.topo
    for e in range(topo.n_edges):
        if comp.bridge_edge[e]:
            for v in topo.edge_nodes[e]:
                if comp.building_site[v]:
                    return e, v
    raise AssertionError


def test_a_bridge_on_a_dashed_edge_pays_three_dollars_and_a_road_is_refused_there():
    s = main_phase(playing(fresh()))
    e, v = dashed_with_site(s)
    build(s, 0, v, 1)
    give(s, 0, brick=3, lumber=2)
    money = s.money[0]
    unchanged_after(s, BuildRoad(e), "build.road")
    assert BuildBridge(e) in s.legal_actions()
    s.apply(BuildBridge(e))
    assert s.edge_piece[e] == BRIDGE and s.money[0] == money + 3
    assert s.hands[0][0] == 1 and s.hands[0][1] == 1  # 2 brick + 1 lumber paid


def test_a_bridge_is_refused_off_a_river_crossing_and_in_setup():
    s = main_phase(playing(fresh()))
    e, v = dashed_with_site(s)
    build(s, 0, v, 1)
    give(s, 0, brick=2, lumber=1)
    land = next(f for f in s.comp.topo.node_edges[v] if s.comp.road_edge[f])
    unchanged_after(s, BuildBridge(land), "rivers.bridge")
    t = fresh()
    unchanged_after(t, BuildBridge(e), "turn.phase")


def test_river_money_for_a_road_and_a_settlement_but_not_for_a_city_upgrade():
    s = main_phase(playing(fresh()))
    comp, topo = s.comp, s.comp.topo
    river = comp.board.river
    v = next(x for x in range(topo.n_nodes) if comp.building_site[x]
             and any(river[t] for t in topo.node_tiles[x]))
    build(s, 0, v, 1)
    e = next(f for f in topo.node_edges[v] if comp.road_edge[f] and any(river[t] for t in topo.edge_tiles[f]))
    give(s, 0, brick=1, lumber=1, grain=2, ore=3)
    money = s.money[0]
    s.apply(BuildRoad(e))
    assert s.money[0] == money + 1
    s.apply(BuildCity(v))
    assert s.money[0] == money + 1  # upgrading to a city pays nothing


def test_river_income_in_setup():
    s = fresh()
    comp, topo = s.comp, s.comp.topo
    river = comp.board.river
    p = s.current_player
    v = next(x for x in range(topo.n_nodes) if comp.building_site[x] and any(river[t] for t in topo.node_tiles[x])
             and not any(comp.board.layout.terrain[t] == comp.gold for t in topo.node_tiles[x]))
    money = s.money[p]
    s.apply(BuildSettlement(v))
    assert s.money[p] == money + 1
    e = next((f for f in topo.node_edges[v] if comp.road_edge[f] and any(river[t] for t in topo.edge_tiles[f])),
             None)
    if e is not None:
        s.apply(BuildRoad(e))
        assert s.money[p] == money + 2


def test_bridges_count_in_longest_road():
    s = main_phase(playing(fresh()))
    e, v = dashed_with_site(s)
    build(s, 0, v, 1)
    s.edge_owner[e], s.edge_piece[e] = 0, BRIDGE
    s.after_load()
    assert s.road_length[0] == 1
    far = next(x for x in s.comp.topo.edge_nodes[e] if x != v)
    f = next(x for x in s.comp.topo.node_edges[far] if s.comp.road_edge[x])
    s.edge_owner[f], s.edge_piece[f] = 0, ROAD
    s.after_load()
    assert s.road_length[0] == 2


def test_roads_on_a_markets_interior_paths_join_through_its_plaza_unless_the_option_is_off():
    from ratgames_lab.catan.combined.places import road_spots
    for interior in (True, False):
        s = main_phase(playing(rl.load_game("catan", 3, seed=6, variant="combined",
                                            market_interior_roads=interior).new_state()))
        topo = s.comp.topo
        plaza = next(v for v in range(topo.n_nodes) if topo.node_kind[v] == "plaza")
        paths = [e for e in topo.node_edges[plaza]]
        assert len(paths) == 4 and all(topo.edge_kind[e] == "interior" for e in paths)
        corner = next(x for x in topo.edge_nodes[paths[0]] if x != plaza)
        build(s, 0, corner, 1)
        assert (paths[0] in road_spots(s, 0)) == interior
        if interior:
            s.edge_owner[paths[0]], s.edge_piece[paths[0]] = 0, ROAD
            s.after_load()
            assert set(paths[1:]) <= set(road_spots(s, 0))  # the road goes on through the plaza
        else:
            give(s, 0, brick=1, lumber=1)
            unchanged_after(s, BuildRoad(paths[0]), "build.road")
