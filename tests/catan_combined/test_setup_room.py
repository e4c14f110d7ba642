"""setup.road: a setup building needs room for its roads or ships (*interpretation*), so the setup never stalls.
Found by random games: a setup city at the frame corner 115 (edges 161 = 106-115 and 176 = 115-122; 122's other
edge is 175) with 161 and 175 taken could place one road and then had nothing left to place."""
from __future__ import annotations

from ratgames_lab.catan.actions import BuildSettlement
from ratgames_lab.catan.combined.setup import setup_player

from .helpers import assert_rejected, fresh, road

CORNER, EDGE_IN, EDGE_OUT, EDGE_FAR = 115, 161, 176, 175


def city_turn(*taken: int):
    """Setup, the first city placement of 4 players, with another player's roads on the given edges and the pirate
    away from them."""
    s = fresh(4, seed=226)
    topo = s.comp.topo
    assert sorted(topo.node_edges[CORNER]) == [EDGE_IN, EDGE_OUT] and sorted(topo.node_edges[122]) == [175, 176]
    for e in taken:
        road(s, 3, e)
    s.pirate = next(x for x, edges in s.comp.pirate_spot_edges(s.fishing)
                    if not {EDGE_IN, EDGE_OUT, EDGE_FAR} & set(edges))
    s.setup_index = s.players
    s.phase = "setup_city"
    s.active = setup_player(s)
    s.after_load()
    s.validate_position()
    return s


def test_a_setup_city_with_no_room_for_two_pieces_is_refused():
    s = city_turn(EDGE_IN, EDGE_FAR)
    city = s.comp.city_actions[CORNER]
    assert city not in s.legal_actions()
    assert_rejected(s, city, "setup.road")


def test_a_setup_city_with_one_edge_and_its_extension_is_allowed():
    s = city_turn(EDGE_IN)
    s.apply(s.comp.city_actions[CORNER])
    while s.phase == "fish_draw":
        s.apply(s.legal_actions()[0])
    s.apply(s.comp.road_actions[EDGE_OUT])
    assert s.comp.road_actions[EDGE_FAR] in s.legal_actions()


def test_a_setup_settlement_needs_one_free_edge():
    s = city_turn(EDGE_IN, EDGE_OUT)
    s.setup_index = 0
    s.phase = "setup_settlement"
    s.active = setup_player(s)
    s.after_load()
    assert BuildSettlement(CORNER) not in s.legal_actions()
    assert_rejected(s, BuildSettlement(CORNER), "setup.road")
