"""Seafarers in the combined variant (catan.md Part 2, Seafarers; catan_facts.md 3.3): building ships, the one ship
move per turn, the pirate blocking ships and stealing from ship owners, gold paying money, Longest Road over roads
and ships. The scenarios sit around the inner sea of the fixed board (odd-r rows and columns as the digest draws
it): the sea hex (3, 4) and its neighbours (4, 4) and (4, 5), by the gold hex (4, 6)."""
from __future__ import annotations

import random

import pytest

from ratgames_lab.catan.actions import BuildRoad, BuildSettlement, ChooseVictim, EndTurn, MoveRobber, Roll
from ratgames_lab.catan.combined.actions import BuildShip, MovePirate, MoveShip, RollDice
from ratgames_lab.catan.combined.places import pirate_spots
from ratgames_lab.catan.combined.ships import movable_ships, ship_targets
from ratgames_lab.catan.combined.special import road_length
from ratgames_lab.core.errors import InvalidPositionError
from ratgames_lab.core.protocol import CHANCE, TERMINAL

from .helpers import (assert_rejected, building, draw_fish, edge, fresh, game, give, knight, main_phase, road,
                      roll_phase, ship, side, tile)

# the inner sea of the fixed board: X = sea hex (3, 4); its corners 52, 60, 67, 59, 66 are coast, 74 is a sea node
# X's sides: 83 = 52-60, 92 = 60-67, 104 = 67-74, 103 = 66-74, 82 = 52-59; further out 113 = 74-82, 126 = 82-90
ROUTE = (83, 92, 104, 113, 126)  # 52 - 60 - 67 - 74 - 82 - 90


def _route_position(players=3, **flags):
    """Player 1's settlement on 52 and five ships 52-60-67-74-82-90 (Longest Road), Player 2 to build nearby."""
    s = fresh(players, seed=1)
    s.pirate = tile(s, 0, 4)  # a sea hex far from the route
    building(s, 0, 52)
    for e in ROUTE:
        ship(s, 0, e)
    s.longest_holder = 0
    return main_phase(s, 0, **flags)


def _land_edge_at(s, v: int) -> int:
    """An edge between two land hexes at intersection v (no ship goes there)."""
    return next(e for e in s.comp.topo.node_edges[v] if s.comp.topo.edge_kind[e] == "land")


def test_the_scenario_board_is_what_the_comments_say():
    s = _route_position()
    x = tile(s, 3, 4)
    assert [side(s, x, k) for k in (1, 0, 5, 4, 2)] == [83, 92, 104, 103, 82]
    assert [edge(s, a, b) for a, b in ((52, 60), (60, 67), (67, 74), (74, 82), (82, 90))] == list(ROUTE)
    assert s.comp.topo.node_kind[74] == "sea" and not s.comp.building_site[74]
    assert s.road_length[0] == 5 and s.longest_holder == 0


# ------------------------------------------------------------------------------------------------
# building ships
# ------------------------------------------------------------------------------------------------
def test_a_ship_joins_your_ship_or_building_on_a_sea_or_coast_edge():
    s = _route_position()
    give(s, 0, lumber=3, wool=3, brick=1)
    main_phase(s, 0)
    built = [a.edge for a in s.legal_actions() if isinstance(a, BuildShip)]
    assert 127 in built and 125 in built and 82 in built  # from 90, from 82, from the settlement on 52
    assert all(s.comp.ship_edge[e] for e in built)
    assert_rejected(s, BuildShip(_land_edge_at(s, 60)), "seafarers.ship")
    far = side(s, tile(s, 0, 4), 0)
    assert_rejected(s, BuildShip(far), "seafarers.ship")
    hand = list(s.hands[0])
    s.apply(BuildShip(127))
    assert s.hands[0][1] == hand[1] - 1 and s.hands[0][2] == hand[2] - 1  # 1 lumber + 1 wool
    assert s.new_ships == [127] and s.road_length[0] == 6


def test_a_road_and_a_ship_join_only_at_your_own_settlement_or_city():
    s = fresh(3, seed=1)
    s.pirate = tile(s, 0, 4)
    building(s, 0, 52)
    road(s, 0, edge(s, 52, 60))  # a road along the coast to 60
    give(s, 0, lumber=2, wool=1, brick=1)
    main_phase(s, 0)
    # no ship from the road's far end (60), which holds no building of yours
    assert_rejected(s, BuildShip(92), "seafarers.ship")
    # a ship from the settlement is fine, and a road does not continue from the ship's far end
    s.apply(BuildShip(82))  # 52-59
    far_road = next(e for e in s.comp.topo.node_edges[59] if s.comp.road_edge[e] and e != 82)
    assert_rejected(s, BuildRoad(far_road), "build.road")
    # Longest Road: the road and the ship meet at the settlement, so they make one trail of 2
    assert s.road_length[0] == 2


def test_longest_road_joins_roads_and_ships_only_through_a_building():
    s = fresh(3, seed=1)
    s.pirate = tile(s, 0, 4)
    # 3 roads ending at coast node 60 (52-60 and two more from 52), then ships 60-67-74: without a building on 60
    # they are two trails (3 and 2); once your settlement stands on 60 they make one trail of 5
    r2 = next(e for e in s.comp.topo.node_edges[52] if s.comp.road_edge[e] and e != 83)
    a = next(v for v in s.comp.topo.edge_nodes[r2] if v != 52)
    r3 = next(e for e in s.comp.topo.node_edges[a] if s.comp.road_edge[e] and e != r2)
    for e in (83, r2, r3):
        road(s, 0, e)
    ship(s, 0, 92)
    ship(s, 0, 104)
    give(s, 0, brick=1, lumber=1, wool=1, grain=1)
    main_phase(s, 0)
    assert s.road_length[0] == 3 and s.longest_holder == -1
    s.apply(BuildSettlement(60))
    assert s.road_length[0] == 5 and s.longest_holder == 0
    assert s.vp(0) == 1 + 2


def _setup_others(s) -> None:
    """The other players place their setup building and pieces on the first legal places."""
    while (s.phase.startswith("setup") or s.phase == "fish_draw") and s.active != 0:
        s.apply(s.legal_actions()[0])


def _setup_game():
    s = fresh(3, seed=4, first_player="1")
    s.pirate = tile(s, 0, 4)
    s.after_load()
    return s


def test_setup_ships_may_replace_every_road():
    s = _setup_game()
    s.apply(BuildSettlement(52))
    draw_fish(s)  # 52 is by a fishing ground
    assert {a.edge for a in s.legal_actions() if isinstance(a, BuildShip)} == {68, 82, 83}
    s.apply(BuildShip(83))
    _setup_others(s)
    assert s.phase == "setup_city"
    money, hand = s.money[0], sum(s.hands[0])
    s.apply(s.comp.city_actions[75])  # gold 11, brick 5 and the sea hex (4, 5)
    draw_fish(s)
    assert s.money[0] == money + 5  # a setup city on gold: $5, no card from the gold
    assert sum(s.hands[0]) == hand + 2  # 2 brick
    s.apply(BuildShip(edge(s, 75, 83)))
    s.apply(BuildShip(edge(s, 75, 67)))
    assert s.phase == "roll" and s.turn == 1
    assert len(s.edges_of[0]) == 3 and all(s.edge_piece[e] == 2 for e in s.edges_of[0])  # 3 ships, no road
    assert s.new_ships == []  # setup ships may move on the first turn
    s.validate_position()


def test_the_setup_city_may_take_a_ship_that_extends_its_first_ship():
    s = _setup_game()
    s.apply(BuildSettlement(52))
    draw_fish(s)
    s.apply(BuildShip(82))
    _setup_others(s)
    s.apply(s.comp.city_actions[75])  # coast corner of the gold hex and of X's neighbour (4, 5)
    draw_fish(s)
    s.apply(BuildShip(edge(s, 75, 67)))
    # the second piece: another ship from the city, or a ship extending the first from 67 (67-74, 67-60)
    second = {a.edge for a in s.legal_actions() if isinstance(a, BuildShip)}
    assert {104, 92} <= second
    # but no road continues the ship at 67 (no building there)
    assert all(75 in s.comp.topo.edge_nodes[a.edge] for a in s.legal_actions() if isinstance(a, BuildRoad))
    assert_rejected(s, BuildRoad(92), "setup.road")  # 60-67 is a coast edge: a road could stand there
    s.apply(BuildShip(104))
    assert s.phase == "roll" and s.road_length[0] == 2


# ------------------------------------------------------------------------------------------------
# the ship move
# ------------------------------------------------------------------------------------------------
def test_only_the_ship_at_the_open_end_of_a_route_moves():
    s = _route_position()
    assert movable_ships(s, 0) == [126]  # 82-90: 90 touches nothing of yours
    moves = [a for a in s.legal_actions() if isinstance(a, MoveShip)]
    assert moves and {a.source for a in moves} == {126}
    assert_rejected(s, MoveShip(113, 125), "seafarers.move_ship")  # between two of your ships
    assert_rejected(s, MoveShip(83, 82), "seafarers.move_ship")  # between your settlement and your ship


def test_a_closed_route_between_two_of_your_buildings_has_no_open_end():
    s = fresh(3, seed=1)
    s.pirate = tile(s, 0, 4)
    building(s, 0, 52)
    building(s, 0, 67, level=2)
    ship(s, 0, 83)
    ship(s, 0, 92)
    main_phase(s, 0)
    assert movable_ships(s, 0) == []
    assert not [a for a in s.legal_actions() if isinstance(a, MoveShip)]
    assert_rejected(s, MoveShip(92, 104), "seafarers.move_ship")


def test_a_ship_whose_far_end_touches_only_your_road_is_an_open_end():
    s = fresh(3, seed=1)
    s.pirate = tile(s, 0, 4)
    building(s, 0, 52)
    ship(s, 0, 83)  # 52-60
    road(s, 0, next(e for e in s.comp.topo.node_edges[60] if s.comp.road_edge[e] and not s.comp.ship_edge[e]))
    main_phase(s, 0)
    assert movable_ships(s, 0) == [83]


def test_moving_a_ship_goes_where_a_ship_could_be_built_without_it():
    s = _route_position()
    targets = ship_targets(s, 0, 126)
    assert 126 not in targets and 127 not in targets  # 83-90 touched only the moved ship itself
    assert {125, 82, 68}.issubset(targets)  # from 82, from the settlement on 52
    assert all(s.edge_owner[e] < 0 and s.comp.ship_edge[e] for e in targets)
    assert_rejected(s, MoveShip(126, 127), "seafarers.move_ship")
    assert_rejected(s, MoveShip(126, 92), "seafarers.move_ship")  # occupied
    assert_rejected(s, MoveShip(126, _land_edge_at(s, 60)), "seafarers.move_ship")
    assert_rejected(s, MoveShip(126, 10 ** 6), "seafarers.move_ship")
    before = list(s.hands[0])
    s.apply(MoveShip(126, 125))
    assert s.edge_owner[126] == -1 and s.edge_owner[125] == 0 and s.edge_piece[125] == 2
    assert s.hands[0] == before  # a move costs nothing
    assert s.ship_moved and [e.kind for e in s.events][-1] == "move_ship"
    s.validate_position()


def test_one_ship_move_per_turn_and_never_a_ship_built_this_turn():
    s = _route_position()
    give(s, 0, lumber=1, wool=1)
    main_phase(s, 0)
    s.apply(BuildShip(127))  # 83-90: now 126 is tied at both ends and 127 is the open end
    assert movable_ships(s, 0) == []
    assert_rejected(s, MoveShip(127, 125), "seafarers.move_ship")
    s2 = _route_position()
    s2.apply(MoveShip(126, 125))
    assert_rejected(s2, MoveShip(125, 126), "seafarers.move_ship")
    assert not [a for a in s2.legal_actions() if isinstance(a, MoveShip)]
    # the next turn, the flags are reset
    s2.apply(EndTurn())
    assert s2.ship_moved is False and s2.new_ships == []


def test_the_ship_move_belongs_to_the_action_phase():
    s = _route_position()
    roll_phase(s, 0, turn=4)
    assert_rejected(s, MoveShip(126, 125), "turn.phase")
    assert Roll() in s.legal_actions()


def test_the_pirate_blocks_a_ship_move_from_or_to_its_hex():
    s = _route_position()
    s.pirate = tile(s, 4, 5)  # its sides include 126 (82-90)
    main_phase(s, 0)
    assert 126 in s.comp.topo.tile_edges[s.pirate]
    assert movable_ships(s, 0) == []
    assert_rejected(s, MoveShip(126, 125), "seafarers.pirate")
    s = _route_position()
    s.pirate = tile(s, 4, 4)  # its sides include 125 (82-89) but not 126
    main_phase(s, 0)
    assert 125 in s.comp.topo.tile_edges[s.pirate] and 126 not in s.comp.topo.tile_edges[s.pirate]
    assert 125 not in ship_targets(s, 0, 126)
    assert_rejected(s, MoveShip(126, 125), "seafarers.pirate")
    s.apply(MoveShip(126, 82))  # elsewhere is fine


def test_the_pirate_blocks_building_ships_on_its_edges():
    s = _route_position()
    s.pirate = tile(s, 4, 4)
    give(s, 0, lumber=1, wool=1)
    main_phase(s, 0)
    assert_rejected(s, BuildShip(125), "seafarers.ship")
    assert BuildShip(127) in s.legal_actions()


def test_a_ship_move_updates_longest_road():
    s = _route_position()
    # 82-90 moved to 66-74: a branch at 74, so the longest trail is 4 and nobody holds the card
    s.apply(MoveShip(126, 103))
    assert s.road_length[0] == 4 and s.longest_holder == -1
    assert s.vp(0) == 1
    assert [e.kind for e in s.events][-2:] == ["move_ship", "longest_road_none"]


# ------------------------------------------------------------------------------------------------
# broken routes
# ------------------------------------------------------------------------------------------------
def test_a_ship_route_broken_by_a_settlement():
    s = _route_position()
    ship(s, 1, edge(s, 67, 75))  # Player 2's ship reaching 67, the middle of Player 1's route
    give(s, 1, brick=1, lumber=1, wool=1, grain=1)
    main_phase(s, 1, turn=2)
    assert s.road_length == [5, 1, 0] and s.longest_holder == 0
    s.apply(BuildSettlement(67))
    assert s.road_length[0] == 3  # 52-60-67 | 67-74-82-90: the longer part has 3 ships
    assert s.longest_holder == -1 and s.vp(0) == 1
    # both ships at the cut are open ends now: 92 (60-67) and 104 (67-74), besides 126 (82-90)
    assert movable_ships(s, 0) == [92, 104, 126]
    s.validate_position()


def _road_path(s, start: int, n: int) -> list[int]:
    """n road edges in a simple path from intersection ``start`` (depth first, lowest edges first)."""
    topo = s.comp.topo

    def go(v, seen, path):
        if len(path) == n:
            return path
        for e in topo.node_edges[v]:
            w = next(x for x in topo.edge_nodes[e] if x != v)
            if s.comp.road_edge[e] and w not in seen:
                found = go(w, seen | {w}, path + [e])
                if found:
                    return found
        return None
    return go(start, {start}, [])


def test_a_cut_route_hands_longest_road_to_the_other_player():
    s = _route_position()
    for e in _road_path(s, 2, 5):  # Player 2's five roads at the top of the board
        road(s, 1, e)
    ship(s, 1, edge(s, 67, 75))
    give(s, 1, brick=1, lumber=1, wool=1, grain=1)
    main_phase(s, 1, turn=2)
    assert s.road_length[:2] == [5, 5] and s.longest_holder == 0  # a tie: the holder keeps it
    s.apply(BuildSettlement(67))
    assert s.road_length[:2] == [3, 5] and s.longest_holder == 1
    assert s.vp(1) == 1 + 2 and s.vp(0) == 1
    assert [e.kind for e in s.events][-1] == "longest_road"


def test_an_opposing_knight_breaks_a_ship_route():
    s = _route_position()
    knight(s, 1, 67)
    main_phase(s, 0)
    assert s.road_length[0] == 3
    assert 92 in movable_ships(s, 0) and 104 in movable_ships(s, 0)


def test_your_own_knight_does_not_break_your_route():
    s = _route_position()
    knight(s, 0, 67)
    main_phase(s, 0)
    assert s.road_length[0] == 5 and movable_ships(s, 0) == [126]


# ------------------------------------------------------------------------------------------------
# the pirate's steal on a 7
# ------------------------------------------------------------------------------------------------
def _seven(s, p: int) -> None:
    """p rolls a 7 on turn 5."""
    roll_phase(s, p, turn=5)
    s.apply(Roll())
    s.apply(RollDice(3, 4, "science"))


@pytest.mark.parametrize("steal", [1, 2])
def test_a_seven_lets_the_thief_rob_a_ship_owner_by_the_pirate(steal):
    s = fresh(3, seed=1, robber_peace=False, steal_per_seven=steal)
    s.pirate = tile(s, 0, 4)
    building(s, 0, 52)
    ship(s, 1, 104)  # Player 2's ship on X's side 67-74
    building(s, 1, 75)
    ship(s, 1, edge(s, 75, 67))
    give(s, 1, ore=1)
    give(s, 2, grain=1)
    _seven(s, 0)
    assert s.phase == "robber"
    desert = s.robber
    quiet = next(t for t in s.comp.land_tiles if t != desert
                 and all(s.node_owner[v] < 0 for v in s.comp.topo.tile_nodes[t]))
    s.apply(MoveRobber(quiet))
    assert s.phase == "pirate"
    assert_rejected(s, MovePirate(s.pirate), "seven.pirate")
    assert_rejected(s, MovePirate(tile(s, 3, 3)), "seven.pirate")  # a land hex
    s.apply(MovePirate(tile(s, 3, 4)))
    assert s.phase == "victim"
    assert [a.victim for a in s.legal_actions()] == [1]  # the ship owner, not Player 3
    assert_rejected(s, ChooseVictim(2), "seven.steal")
    s.apply(ChooseVictim(1))
    assert s.phase == "steal"
    s.apply(s.legal_actions()[0])
    assert s.hands[0][4] == 1 and s.hands[1][4] == 0  # the ore
    assert s.phase == "main"


def test_during_the_truce_the_pirate_stays_and_nobody_is_robbed():
    s = fresh(3, seed=1)  # robber_peace: True
    s.pirate = tile(s, 3, 4)
    ship(s, 1, 104)
    building(s, 1, 75)
    ship(s, 1, edge(s, 75, 67))
    give(s, 1, ore=1)
    _seven(s, 0)
    assert s.phase == "main" and s.pirate == tile(s, 3, 4) and s.hands[1][4] == 1


# ------------------------------------------------------------------------------------------------
# gold pays money
# ------------------------------------------------------------------------------------------------
def _gold_position():
    s = fresh(3, seed=1)
    gold = tile(s, 4, 6)  # gold, token 11
    building(s, 0, 75)  # settlement on a corner of the gold hex
    building(s, 1, 91, level=2)  # city on another corner
    return s, gold


def test_gold_pays_money_2_per_settlement_5_per_city_and_no_card():
    s, gold = _gold_position()
    assert s.number[gold] == 11
    roll_phase(s, 0, turn=3)
    money, hands = list(s.money), [list(h) for h in s.hands]
    other = [t for t in s.comp.topo.node_tiles[75] + s.comp.topo.node_tiles[91]
             if t != gold and (s.number[t] == 11 or s.number2[t] == 11)]
    assert other == []
    s.apply(Roll())
    s.apply(RollDice(5, 6, "trade"))
    assert s.money[0] == money[0] + 2 and s.money[1] == money[1] + 5 and s.money[2] == money[2]
    assert [list(h) for h in s.hands] == hands  # gold never pays a resource or a commodity
    produced = [e.params for e in s.events if e.kind == "produce"]
    assert {"player": "Player 1", "cards": {}, "money": 2} in produced
    assert {"player": "Player 2", "cards": {}, "money": 5} in produced


def test_the_robber_on_the_gold_hex_blocks_its_money():
    s, gold = _gold_position()
    s.robber = gold
    roll_phase(s, 0, turn=3)
    money = list(s.money)
    s.apply(Roll())
    s.apply(RollDice(5, 6, "trade"))
    assert s.money == money
    assert not [e for e in s.events if e.kind == "produce"]


def test_setup_on_gold_pays_starting_money():
    s = fresh(3, seed=1, first_player="1")
    start = list(s.money)
    s.apply(BuildSettlement(75))  # gold, brick and sea
    assert s.money[0] == start[0] + 2
    assert sum(s.hands[0]) == 1  # the brick only


# ------------------------------------------------------------------------------------------------
# the pirate on a frame fishing ground; free ships
# ------------------------------------------------------------------------------------------------
def test_the_pirate_on_a_frame_fishing_ground_blocks_its_two_coastal_edges():
    s = fresh(3, seed=1)
    topo = s.comp.topo
    frame = []
    for x, edges in pirate_spots(s):
        if x >= topo.n_tiles:  # a frame fishing ground; v: the intersection its two coastal edges share
            e1, e2 = edges
            v = (set(topo.edge_nodes[e1]) & set(topo.edge_nodes[e2])).pop()
            if s.comp.building_site[v]:
                frame.append((x, e1, e2, v))
    assert frame
    spot, e1, e2, v = frame[0]
    building(s, 0, v)
    give(s, 0, lumber=2, wool=2)
    s.pirate = spot
    main_phase(s, 0)
    assert_rejected(s, BuildShip(e1), "seafarers.ship")
    assert_rejected(s, BuildShip(e2), "seafarers.ship")
    s.pirate = tile(s, 0, 4)
    main_phase(s, 0)
    assert BuildShip(e1) in s.legal_actions() and BuildShip(e2) in s.legal_actions()


def test_free_ships_count_as_built_this_turn():
    from ratgames_lab.catan.combined.free_pieces import start_free_pieces
    s = _route_position()
    assert start_free_pieces(s, 2)
    s.after_load()
    assert BuildShip(127) in s.legal_actions()
    assert_rejected(s, MoveShip(126, 125), "turn.phase")
    s.apply(BuildShip(127))
    s.apply(BuildShip(125))
    assert s.phase == "main" and s.hands[0] == [0] * 8
    assert sorted(s.new_ships) == [125, 127]
    assert movable_ships(s, 0) == []  # 127 and 125 are new, 126 is tied at both ends


# ------------------------------------------------------------------------------------------------
# the listed moves and the check agree, over random games
# ------------------------------------------------------------------------------------------------
def test_listed_ship_moves_and_the_check_agree_in_random_games():
    seen = 0
    for seed in range(3):
        g = game(3, seed=seed, turn_cap=80, robber_peace=False)
        s = g.new_state()
        rng = random.Random(seed)
        while s.current_player != TERMINAL:
            if s.current_player == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            legal = s.legal_actions()
            if s.phase == "main":
                p = s.active
                listed = {(a.source, a.target) for a in legal if isinstance(a, MoveShip)}
                ships = [e for e in s.edges_of[p] if s.edge_piece[e] == 2]
                for src in ships:
                    for dst in range(s.comp.topo.n_edges):
                        assert s.is_legal(MoveShip(src, dst)) == ((src, dst) in listed)
                if listed:
                    seen += 1
                    a = MoveShip(*sorted(listed)[rng.randrange(len(listed))])
                    n_ships = len(ships)
                    s.apply(a)
                    assert s.ship_moved and s.edge_owner[a.target] == p and s.edge_owner[a.source] == -1
                    assert sum(1 for e in s.edges_of[p] if s.edge_piece[e] == 2) == n_ships
                    assert s.road_length == [road_length(s, q) for q in range(s.players)]
                    s.validate_position()
                    continue
            # favour ships so that routes appear
            ships_first = [a for a in legal if isinstance(a, BuildShip)]
            s.apply(rng.choice(ships_first or legal))
    assert seen >= 5


def test_a_ship_move_survives_json_and_its_flag_is_saved():
    s = _route_position()
    g = game(3, seed=1)
    a = g.action_codec.decode(MoveShip(126, 125).to_json())
    assert a == MoveShip(126, 125) and "126" in a.describe() and "125" in a.describe()
    s.apply(a)
    t = g.state_from_json(s.to_json())
    assert t.to_json() == s.to_json() and t.ship_moved
    assert_rejected(t, MoveShip(125, 126), "seafarers.move_ship")
    with pytest.raises(InvalidPositionError) as exc:
        g.action_codec.decode({"kind": "move_ship", "source": "126", "target": 125})
    assert exc.value.field == "action.source"
