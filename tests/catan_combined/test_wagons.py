"""Markets and wagons in the combined variant (catan.md Part 2, Wagons and markets and its Settled defaults; issue 12
deliverable 4): the wagons' setup, movement points, tolls and the toll die, knights at a market entrance, the
delivery and the next order, the boost, the upgrade and its VP, the wagon-table option, positions and random games.

The board around the quarry (tile 1): its plaza is intersection 15, joined by market paths to its corners 9, 17,
18 and 25; 26 -- 18 is a land edge, 26 -- 33 a river crossing (dashed), 24 -- 16 a sea edge."""
from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab.catan.actions import BankTrade, BuildRoad, EndTurn
from ratgames_lab.catan.combined.markets import DrawGoods, PlaceWagon
from ratgames_lab.catan.combined.wagons import (BoostWagon, MoveWagon, TollDie, UpgradeWagon, order_route,
                                                 points_left, reachable)
from ratgames_lab.core.errors import InvalidPositionError
from ratgames_lab.core.protocol import CHANCE, TERMINAL

from .helpers import assert_rejected, edge, fresh, game, give, knight, main_phase, piece, road, ship

QUARRY, CASTLE, GLASSWORKS = 15, 107, 46  # the plazas
TOOLS, MARBLE, SAND, GLASS = range(4)  # goods kinds (castle: tools; quarry: marble, sand; glassworks: glass)


def at(s, p: int, v: int, goods: int = TOOLS, level: int = 1, turn: int = 1, **flags):
    """p's action phase with p's wagon on v carrying a token of kind ``goods`` (the one taken at setup goes back)."""
    old = s.wagon_goods[p]
    s.goods_unseen[old] += 1
    s.goods_unseen[goods] -= 1
    s.wagon_goods[p] = goods
    s.wagon_node[p] = v
    s.wagon_level[p] = level
    return main_phase(s, p, turn, **flags)


def scene(**options):
    """Player 1's turn with Player 1's wagon on 26 (carrying tools for the quarry), nothing on the board."""
    return at(fresh(3, seed=1, first_player="1", **options), 0, 26)


# ------------------------------------------------------------------------------------------------
# setup
# ------------------------------------------------------------------------------------------------
def test_setup_places_the_wagons_in_turn_order_before_the_first_settlement():
    s = game(3, seed=1, first_player="2").new_state()
    assert s.phase == "setup_wagon" and s.current_player == 1
    assert sorted(a.node for a in s.legal_actions()) == sorted([QUARRY, CASTLE, GLASSWORKS])
    assert_rejected(s, PlaceWagon(26), "markets.setup")
    s.apply(PlaceWagon(QUARRY))
    assert s.current_player == CHANCE and s.phase == "setup_goods"
    assert s.chance_outcomes() == [(DrawGoods("marble"), Fraction(1, 2)), (DrawGoods("sand"), Fraction(1, 2))]
    s.apply(DrawGoods("sand"))
    assert s.wagon_goods[1] == SAND and s.goods_unseen[SAND] == 5
    assert s.phase == "setup_wagon" and s.current_player == 2
    s.apply(PlaceWagon(QUARRY))  # several wagons may share a plaza
    s.apply(DrawGoods("sand"))
    assert s.current_player == 0
    s.apply(PlaceWagon(CASTLE))
    assert s.chance_outcomes() == [(DrawGoods("tools"), Fraction(1))]
    s.apply(DrawGoods("tools"))
    assert s.phase == "setup_settlement" and s.current_player == 1  # the first player's settlement comes next
    assert s.wagon_node == [CASTLE, QUARRY, QUARRY] and s.wagon_goods == [TOOLS, SAND, SAND]
    assert [e.kind for e in s.events][-2:] == ["wagon_placed", "goods_taken"]
    s.validate_position()


def test_a_token_not_on_top_is_refused_and_a_wagon_is_placed_only_in_setup():
    s = game(3, seed=1, first_player="1").new_state()
    s.apply(PlaceWagon(CASTLE))
    assert_rejected(s, DrawGoods("marble"), "markets.draw")
    s = scene()
    assert_rejected(s, PlaceWagon(QUARRY), "turn.phase")


# ------------------------------------------------------------------------------------------------
# movement points
# ------------------------------------------------------------------------------------------------
def test_steps_cost_their_points_and_the_move_is_last():
    s = scene()
    assert MoveWagon(18) in s.legal_actions() and MoveWagon(33) in s.legal_actions()
    s.apply(MoveWagon(18))  # open land: 2 of the 4 points of level 1
    assert s.phase == "wagon" and s.wagon_node[0] == 18 and points_left(s, 0) == 2
    give(s, 0, brick=1, lumber=1)
    assert_rejected(s, BuildRoad(edge(s, 18, 26)), "turn.phase")  # the wagon moves last
    assert set(s.legal_actions()) >= {MoveWagon(9), MoveWagon(25), EndTurn()}
    s.apply(MoveWagon(25))
    assert points_left(s, 0) == 0
    assert_rejected(s, MoveWagon(17), "wagons.points")
    assert s.legal_actions() == [EndTurn()]  # no boost without grain
    s.apply(EndTurn())  # stops the wagon and ends the turn
    assert s.active == 1 and s.phase == "roll" and s.wagon_node[0] == 25 and s.wagon_move == 0
    s.validate_position()


def test_a_river_without_a_bridge_costs_3_and_a_sea_edge_needs_a_ship():
    s = scene()
    s.apply(MoveWagon(33))
    assert points_left(s, 0) == 1
    s = at(fresh(3, seed=1, first_player="1"), 0, 24)
    assert_rejected(s, MoveWagon(16), "wagons.sea")
    ship(s, 0, edge(s, 24, 16))
    main_phase(s, 0)
    s.apply(MoveWagon(16))  # along your own ship: 1 point
    assert points_left(s, 0) == 3


def test_own_road_costs_1_and_a_wagon_goes_only_next_door():
    s = scene()
    road(s, 0, edge(s, 26, 18))
    main_phase(s, 0)
    assert_rejected(s, MoveWagon(25), "wagons.step")
    s.apply(MoveWagon(18))
    assert points_left(s, 0) == 3 and s.money == [5, 5, 5]


def test_the_boost_gives_2_points_once_per_turn_for_1_grain():
    s = scene()
    give(s, 0, grain=2)
    main_phase(s, 0)
    s.apply(MoveWagon(18))
    s.apply(MoveWagon(25))
    assert_rejected(s, MoveWagon(17), "wagons.points")
    s.apply(BoostWagon())
    assert s.hands[0][3] == 1 and points_left(s, 0) == 2
    assert_rejected(s, BoostWagon(), "wagons.boost")
    s.apply(MoveWagon(17))
    assert points_left(s, 0) == 0
    s = scene(wagon_boost=False)
    give(s, 0, grain=1)
    main_phase(s, 0)
    assert BoostWagon() not in s.legal_actions()
    assert_rejected(s, BoostWagon(), "wagons.boost")


def test_the_boost_before_the_first_step_starts_the_move():
    s = scene()
    give(s, 0, grain=1)
    main_phase(s, 0)
    s.apply(BoostWagon())
    assert s.phase == "wagon" and points_left(s, 0) == 6
    s.apply(MoveWagon(33))
    s.apply(MoveWagon(40))
    assert points_left(s, 0) == 1


# ------------------------------------------------------------------------------------------------
# tolls and the toll die
# ------------------------------------------------------------------------------------------------
def test_a_toll_is_paid_to_the_roads_owner_without_a_die():
    s = scene()
    road(s, 1, edge(s, 26, 18))
    main_phase(s, 0)
    s.apply(MoveWagon(18))
    assert s.money == [4, 6, 5] and points_left(s, 0) == 3
    assert [e for e in s.events if e.kind == "wagon_toll"][-1].params["money"] == 1


def test_an_opponents_bridge_costs_2():
    s = at(fresh(3, seed=1, first_player="1"), 0, 33)
    piece(s, 2, edge(s, 26, 33), "bridge")
    main_phase(s, 0)
    s.apply(MoveWagon(26))
    assert s.money == [3, 5, 7] and points_left(s, 0) == 3


def test_an_unpayable_toll_blocks_the_step():
    s = scene()
    road(s, 1, edge(s, 26, 18))
    s.money[0] = 0
    main_phase(s, 0)
    assert MoveWagon(18) not in s.legal_actions()
    assert_rejected(s, MoveWagon(18), "wagons.toll")


def test_the_toll_die_avoids_the_toll_on_its_value_or_more():
    s = at(fresh(3, seed=1, first_player="1"), 0, 26, level=2)  # level 2: no payment on a 6
    road(s, 1, edge(s, 26, 18))
    main_phase(s, 0)
    s.apply(MoveWagon(18))
    assert s.current_player == CHANCE and s.phase == "wagon_die" and s.wagon_node[0] == 26
    assert s.chance_outcomes() == [(TollDie(f), Fraction(1, 6)) for f in range(1, 7)]
    s.validate_position()
    paid = s.clone()
    s.apply(TollDie(6))
    assert s.money == [5, 5, 5] and s.wagon_node[0] == 18 and s.phase == "wagon"
    paid.apply(TollDie(5))
    assert paid.money == [4, 6, 5] and paid.wagon_node[0] == 18
    assert points_left(s, 0) == points_left(paid, 0) == 4


# ------------------------------------------------------------------------------------------------
# knights at a market entrance
# ------------------------------------------------------------------------------------------------
def test_a_knight_blocks_a_market_entrance_to_a_wagon_without_a_die():
    s = scene()
    knight(s, 1, 18)
    main_phase(s, 0)
    assert MoveWagon(18) not in s.legal_actions()
    assert_rejected(s, MoveWagon(18), "wagons.knight")
    knight(s, 0, 18)  # your own knight does not block
    main_phase(s, 0)
    s.apply(MoveWagon(18))
    assert s.wagon_node[0] == 18


def test_a_wagon_with_a_die_tries_once_per_knight_per_turn():
    s = at(fresh(3, seed=1, first_player="1"), 0, 26, level=3)  # level 3: passes on a 5 or 6
    knight(s, 2, 18)
    main_phase(s, 0)
    s.apply(MoveWagon(18))
    assert s.phase == "wagon_die"
    passed = s.clone()
    s.apply(TollDie(4))
    assert s.wagon_node[0] == 26 and s.phase == "wagon" and points_left(s, 0) == 5  # a failed roll costs nothing
    assert_rejected(s, MoveWagon(18), "wagons.knight")
    s.apply(MoveWagon(33))  # the wagon goes on elsewhere
    passed.apply(TollDie(5))
    assert passed.wagon_node[0] == 18 and points_left(passed, 0) == 3
    passed.apply(MoveWagon(26))
    give(passed, 0, grain=1)
    passed.apply(BoostWagon())
    passed.apply(MoveWagon(18))  # a knight passed stays passed this turn: no second roll
    assert passed.phase == "wagon" and passed.wagon_node[0] == 18 and points_left(passed, 0) == 1


def test_a_knight_and_a_toll_take_two_rolls():
    s = at(fresh(3, seed=1, first_player="1"), 0, 26, level=2)
    knight(s, 2, 18)
    road(s, 1, edge(s, 26, 18))
    main_phase(s, 0)
    s.apply(MoveWagon(18))
    s.apply(TollDie(6))  # the knight is passed
    assert s.phase == "wagon_die" and s.wagon_node[0] == 26
    s.validate_position()
    s.apply(TollDie(2))  # the toll is paid
    assert s.wagon_node[0] == 18 and s.money == [4, 6, 5]


# ------------------------------------------------------------------------------------------------
# plazas and the delivery
# ------------------------------------------------------------------------------------------------
def test_a_delivery_pays_the_card_money_and_takes_the_next_order():
    s = at(fresh(3, seed=1, first_player="1"), 0, 18)
    s.apply(MoveWagon(QUARRY))  # tools for the quarry
    assert s.wagon_node[0] == QUARRY and s.deliveries[0] == 1 and s.money[0] == 6  # level 1: $1
    assert s.goods_under[0] == [TOOLS]  # under the castle's stack, where tools come from
    assert s.current_player == CHANCE and s.phase == "goods_draw"
    assert s.chance_outcomes() == [(DrawGoods("marble"), Fraction(1, 2)), (DrawGoods("sand"), Fraction(1, 2))]
    s.validate_position()
    s.apply(DrawGoods("marble"))
    assert s.wagon_goods[0] == MARBLE and s.phase == "wagon" and s.legal_actions() == [EndTurn()]
    assert_rejected(s, MoveWagon(18), "wagons.stopped")
    kinds = [e.kind for e in s.events]
    assert kinds[-3:] == ["wagon_step", "wagon_delivery", "goods_taken"]
    s.apply(EndTurn())
    assert s.active == 1
    s.validate_position()


def test_a_market_stack_hands_out_the_tokens_put_under_it_once_its_unseen_part_is_empty():
    s = at(fresh(3, seed=1, first_player="1"), 0, 18, goods=GLASS)
    for p in (1, 2):  # the other wagons carry tools too
        assert s.wagon_goods[p] == TOOLS
    s.goods_unseen[TOOLS] = 0
    s.goods_under[0] = [TOOLS] * 10
    s.validate_position()
    s.wagon_node[0] = 103  # a corner of the castle (tile 42)
    main_phase(s, 0)
    s.apply(MoveWagon(CASTLE))
    assert s.goods_under[0] == [TOOLS] * 10 and s.goods_under[2] == [GLASS]
    assert s.chance_outcomes() == [(DrawGoods("tools"), Fraction(1))]
    s.apply(DrawGoods("tools"))
    assert s.goods_under[0] == [TOOLS] * 9
    s.validate_position()


def test_another_plaza_just_ends_the_move():
    s = at(fresh(3, seed=1, first_player="1"), 0, 18, goods=GLASS)  # glass goes to the castle
    s.apply(MoveWagon(QUARRY))
    assert s.phase == "wagon" and s.wagon_move == 2 and s.deliveries[0] == 0 and s.money[0] == 5
    assert s.legal_actions() == [EndTurn()]


def test_delivery_vp_scores_each_delivery_with_the_option():
    for option, vp in ((False, 0), (True, 1)):
        s = at(fresh(3, seed=1, first_player="1", delivery_vp=option), 0, 18)
        before = s.vp(0)
        s.apply(MoveWagon(QUARRY))
        assert s.vp(0) - before == vp


# ------------------------------------------------------------------------------------------------
# the upgrade
# ------------------------------------------------------------------------------------------------
def test_an_upgrade_pays_the_next_card_and_level_2_scores_1_vp_in_all():
    s = scene()
    assert_rejected(s, UpgradeWagon(), "wagons.upgrade")  # 1 lumber + 1 wool
    give(s, 0, lumber=2, wool=2, grain=1)
    main_phase(s, 0)
    before = s.vp(0)
    s.apply(UpgradeWagon())
    assert s.wagon_level[0] == 2 and s.vp(0) == before + 1 and s.hands[0][1:4] == [1, 1, 1]
    s.apply(UpgradeWagon())  # level 3: 1 lumber + 1 wool + 1 grain
    assert s.wagon_level[0] == 3 and s.vp(0) == before + 1 and points_left(s, 0) == 5
    assert s.phase == "main"  # the upgrade is a build: the turn goes on
    s.wagon_level[0] = 5
    main_phase(s, 0)
    give(s, 0, lumber=3, wool=3, grain=3, ore=3)
    main_phase(s, 0)
    assert_rejected(s, UpgradeWagon(), "wagons.upgrade")


def test_the_upgrade_belongs_to_the_action_phase():
    s = scene()
    give(s, 0, lumber=1, wool=1)
    main_phase(s, 0)
    s.apply(MoveWagon(18))
    assert_rejected(s, UpgradeWagon(), "turn.phase")


# ------------------------------------------------------------------------------------------------
# the wagon-table option
# ------------------------------------------------------------------------------------------------
TABLE = {"levels": [{"level": 1, "movement": 6, "delivery_money": 2, "toll_die": 5, "cost": {}},
                    {"level": 2, "movement": 8, "delivery_money": 3, "toll_die": 2, "cost": {"ore": 1}}],
         "vp_from_level": 2, "vp": 2}


def test_a_wagon_table_from_a_file_or_a_dict_sets_the_cards(tmp_path):
    path = tmp_path / "train.json"
    path.write_text(json.dumps(TABLE))
    for value in (TABLE, str(path)):
        g = game(3, seed=1, first_player="1", wagon_table=value)
        assert g.config()["options"]["wagon_table"]["levels"][0]["movement"] == 6
        s = at(fresh(3, seed=1, first_player="1", wagon_table=value), 0, 26)
        assert points_left(s, 0) == 6
        give(s, 0, ore=1)
        main_phase(s, 0)
        before = s.vp(0)
        s.apply(UpgradeWagon())
        assert s.vp(0) == before + 2 and points_left(s, 0) == 8
        assert UpgradeWagon() not in s.legal_actions()
    assert game(3, seed=1).components.wagon_table.level(1).movement == 4


@pytest.mark.parametrize("edit, field", [
    (lambda d: d["levels"][1].update(level=3), "wagon_table.levels[1].level"),
    (lambda d: d["levels"][0].update(cost={"ore": 1}), "wagon_table.levels[0].cost"),
    (lambda d: d["levels"][0].update(movement=0), "wagon_table.levels[0].movement"),
    (lambda d: d["levels"][1]["cost"].update(gold=1), "wagon_table.levels[1].cost.gold"),
    (lambda d: d.update(vp_from_level=3), "wagon_table.vp_from_level"),
    (lambda d: d.pop("vp"), "wagon_table.vp"),
])
def test_a_malformed_wagon_table_is_refused_naming_the_field(tmp_path, edit, field):
    data = json.loads(json.dumps(TABLE))
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    for value in (data, str(path)):
        with pytest.raises(InvalidPositionError) as exc:
            game(3, seed=1, wagon_table=value)
        assert exc.value.field == field, exc.value


def test_the_base_game_refuses_the_wagon_options():
    for key, value in (("wagon_table", TABLE), ("delivery_vp", True), ("wagon_boost", False)):
        with pytest.raises(ValueError, match=key):
            rl.load_game("catan", 3, seed=1, **{key: value})


# ------------------------------------------------------------------------------------------------
# positions
# ------------------------------------------------------------------------------------------------
def test_positions_mid_move_round_trip_through_json():
    s = at(fresh(3, seed=1, first_player="1"), 0, 26, level=2)
    road(s, 1, edge(s, 26, 18))
    main_phase(s, 0)
    give(s, 0, grain=1)
    main_phase(s, 0)
    s.apply(BoostWagon())
    s.apply(MoveWagon(18))
    g = game(3, seed=1, first_player="1")
    t = g.state_from_json(json.loads(json.dumps(s.to_json())))
    assert t.to_json() == s.to_json() and t.current_player == CHANCE
    t.apply(TollDie(6))
    assert points_left(t, 0) == 6


@pytest.mark.parametrize("edit, field", [
    (lambda d: d["goods"]["unseen"].update(tools=12), "goods.unseen.tools"),
    (lambda d: d["goods"]["under"].update(castle=["glass"]), "goods.under.castle[0]"),
    (lambda d: d["wagons"]["node"].__setitem__(0, None), "wagons.node[0]"),
    (lambda d: (d["wagons"]["goods"].__setitem__(1, None), d["goods"]["unseen"].update(tools=10)),
     "wagons.goods[1]"),
    (lambda d: d["wagons"]["level"].__setitem__(0, 6), "wagons.level[0]"),
    (lambda d: d["turn_flags"].update(wagon_move=1), "turn_flags.wagon_move"),
    (lambda d: d["turn_flags"].update(wagon_target=18), "turn_flags.wagon_target"),
])
def test_malformed_wagon_positions_are_refused_naming_the_field(edit, field):
    s = scene()
    data = json.loads(json.dumps(s.to_json()))
    edit(data)
    with pytest.raises(InvalidPositionError) as exc:
        game(3, seed=1, first_player="1").state_from_json(data)
    assert exc.value.field == field, exc.value


def test_everything_about_the_wagons_is_public_and_determinize_keeps_it():
    s = scene()
    obs = s.observation(1)
    assert obs["wagons"] == {**s.to_json()["wagons"], "vp": [0, 0, 0]} and obs["goods"] == s.to_json()["goods"]
    t = s.determinize(1, random.Random(3))
    assert t.to_json()["wagons"] == s.to_json()["wagons"] and t.goods_unseen == s.goods_unseen
    assert "wagon: level 1, on intersection 26, carries tools to the quarry" in s.describe()


# ------------------------------------------------------------------------------------------------
# routes
# ------------------------------------------------------------------------------------------------
def _walk(s, p: int, out: dict, spent: int) -> None:
    """Every intersection the wagon reaches by legal steps (no die here), with the least points spent."""
    for a in s.legal_actions():
        if isinstance(a, MoveWagon):
            t = s.clone()
            t.apply(a)
            cost = spent + points_left(s, p) - points_left(t, p)
            if cost < out.get(a.node, 99):
                out[a.node] = cost
                _walk(t, p, out, cost)


def test_reachable_intersections_match_every_legal_walk():
    s = scene()
    road(s, 0, edge(s, 26, 18))
    road(s, 1, edge(s, 18, 9))
    knight(s, 2, 25)
    main_phase(s, 0)
    found: dict = {}
    _walk(s, 0, found, 0)
    found.pop(26)  # back where it started
    assert reachable(s, 0) == found
    assert QUARRY in found and 25 not in found
    mp, toll, path = order_route(s, 0)
    assert (mp, toll, path[0], path[-1]) == (3, 0, 26, QUARRY)


# ------------------------------------------------------------------------------------------------
# random games
# ------------------------------------------------------------------------------------------------
def test_random_games_with_wagons_keep_positions_valid():
    seen: set = set()
    for seed in range(6):
        s = game(3 + seed % 2, seed=seed, turn_cap=120, delivery_vp=bool(seed % 3 == 0)).new_state()
        rng = random.Random(seed)
        n = 0
        while s.current_player != TERMINAL:
            if s.current_player == CHANCE:
                a = s.sample_chance(rng)
            else:
                acts = s.legal_actions()
                wagon = [a for a in acts if isinstance(a, (MoveWagon, UpgradeWagon, BoostWagon))]
                a = rng.choice(wagon if wagon and rng.random() < 0.3 else acts)
            seen.add(type(a).__name__)
            s.apply(a)
            n += 1
            if n % 50 == 0 or s.phase in ("wagon_die", "goods_draw"):
                s.validate_position()
        s.validate_position()
        assert sum(s.money) >= 0 and all(v >= 0 for v in s.wagon_node)
    assert {"MoveWagon", "UpgradeWagon", "BoostWagon", "TollDie", "DrawGoods", "PlaceWagon"} <= seen


def test_strict_order_the_upgrade_is_a_build_and_the_move_comes_last():
    s = scene(strict_phase_order=True)
    give(s, 0, lumber=1, wool=1, brick=4)
    main_phase(s, 0)
    s.apply(UpgradeWagon())
    assert s.stage == 1
    assert_rejected(s, BankTrade("brick", "ore"), "turn.strict_phase_order")
    s.apply(MoveWagon(18))
    assert s.stage == 2 and s.phase == "wagon"
    s = scene(strict_phase_order=True)
    give(s, 0, lumber=1, wool=1)
    main_phase(s, 0, stage=2)
    assert_rejected(s, UpgradeWagon(), "turn.strict_phase_order")
    assert MoveWagon(18) in s.legal_actions()


def test_a_delivery_that_reaches_the_target_wins_at_once():
    s = at(fresh(3, seed=1, first_player="1", delivery_vp=True), 0, 18)
    s.defenders[0] = 15 - s.vp(0) - 1
    main_phase(s, 0)
    s.apply(MoveWagon(QUARRY))
    assert s.current_player == TERMINAL and s.winner == 0 and s.vp(0) == 15
    assert s.wagon_goods[0] == -1 and s.goods_under[0] == [TOOLS]  # the game ended before the next order
    s.validate_position()


def test_actions_with_malformed_fields_are_refused():
    for make in (lambda: PlaceWagon(True), lambda: MoveWagon("18"), lambda: TollDie(1.0), lambda: DrawGoods(1)):
        with pytest.raises(rl.IllegalActionError):
            make()
    s = game(3, seed=1, first_player="1").new_state()
    assert_rejected(s, PlaceWagon(-1), "markets.setup")
    s.apply(PlaceWagon(QUARRY))
    assert_rejected(s, DrawGoods("tools"), "markets.draw")
    s = at(fresh(3, seed=1, first_player="1"), 0, 9)
    for bad in (MoveWagon(-1), MoveWagon(10**20), MoveWagon(9)):
        assert_rejected(s, bad, "wagons.step")
    s = at(fresh(3, seed=1, first_player="1"), 0, 26, level=2)
    road(s, 1, edge(s, 26, 18))
    main_phase(s, 0)
    s.apply(MoveWagon(18))
    for bad in (TollDie(7), TollDie(0)):
        assert_rejected(s, bad, "wagons.die")
