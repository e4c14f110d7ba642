"""Rulebook scenarios (catan.md Part 1) on the shipped base board.

Base board geometry used below (tile: corners in order): tile 0 ore 5: 4,0,3,7,12,8; tile 5 wool 11:
14,9,13,18,24,19; tile 9 desert: 24,18,23,29,35,30; tile 17 grain 10: 45,40,44,48,52,49; tile 2 lumber 8:
6,2,5,9,14,10. Harbours: 3:1 on edge 0 (intersections 0, 3); wool 2:1 on edge 3 (intersections 1, 5).
"""
from __future__ import annotations

import pytest

from ratgames_lab.catan import Game
from ratgames_lab.catan.actions import (AcceptOffer, BankTrade, BuildCity, BuildRoad, BuildSettlement,
                                        BuyDevelopment, CancelTrade, ChooseVictim, ConfirmTrade, CounterOffer, Dice,
                                        Discard, DrawDevelopment, EndTurn, MoveRobber, OfferTrade, PlayKnight,
                                        PlayMonopoly, PlayRoadBuilding, PlayYearOfPlenty, RejectOffer, Roll,
                                        StealCard)
from ratgames_lab.catan.scenarios import build_position, path_edges
from ratgames_lab.core.errors import IllegalActionError
from ratgames_lab.core.protocol import CHANCE

G4 = Game(4, seed=0)
G3 = Game(3, seed=0)
B = G4.board


def roads(player, *nodes):
    """{edge: player} along a path of intersections."""
    return {e: player for e in path_edges(B, list(nodes))}


def play(s, *actions):
    for a in actions:
        s.apply(a)
    return s


def illegal(s, action, rule):
    before = s.to_json()
    with pytest.raises(IllegalActionError) as exc:
        s.apply(action)
    assert exc.value.rule == rule, exc.value
    assert s.to_json() == before
    assert not s.is_legal(action)
    return exc.value


# -- setup ---------------------------------------------------------------------------------------
def test_setup_is_snake_order_with_the_distance_rule_and_second_settlement_resources():
    s = G4.new_state()
    order = []
    spots = [4, 26, 51, 33, 53, 15, 37, 6]
    for k, v in enumerate(spots):
        order.append(s.current_player)
        assert s.phase == "setup_settlement"
        if k == 1:
            illegal(s, BuildSettlement(0), "build.distance")  # next to intersection 4
        s.apply(BuildSettlement(v))
        # the setup road must touch the settlement just placed
        far = next(e for e in range(72) if v not in B.topo.edge_nodes[e] and s.edge_owner[e] < 0)
        illegal(s, BuildRoad(far), "setup.road")
        s.apply(BuildRoad(B.topo.node_edges[v][0]))
    assert order == [0, 1, 2, 3, 3, 2, 1, 0]
    assert s.phase == "roll" and s.current_player == 0 and s.turn == 1
    # only the second settlements (53, 15, 37, 6) paid: one resource per adjacent producing tile
    layout = B.layout
    for p, v in zip((3, 2, 1, 0), (53, 15, 37, 6)):
        expected = [0] * 5
        for t in B.topo.node_tiles[v]:
            if layout.terrain[t] < 5:
                expected[layout.terrain[t]] += 1
        assert s.hands[p] == expected
    assert [sum(h) for h in s.hands] == [1, 2, 1, 1]


# -- production, robber, bank shortage --------------------------------------------------------------
def test_production_pays_1_per_settlement_2_per_city_and_the_robber_blocks_its_tile():
    s = build_position(G4, phase="dice", settlements={24: 0}, cities={20: 1})
    play(s, Dice(5, 6))  # 11: tile 5 (wool, corner 24) and tile 11 (ore, corner 20)
    assert s.hands[0] == [0, 0, 1, 0, 0] and s.hands[1] == [0, 0, 0, 0, 2]
    s = build_position(G4, phase="dice", settlements={24: 0}, cities={20: 1}, robber=5)
    play(s, Dice(5, 6))
    assert s.hands[0] == [0] * 5 and s.hands[1] == [0, 0, 0, 0, 2]
    assert any(e.kind == "robber_blocks" and e.rule == "production.robber" for e in s.events)


def test_bank_shortage_nobody_gets_the_resource_unless_only_one_player_is_owed():
    # ore 5 on tile 0: a city (2) on 4 and a settlement (1) on 7 are owed 3 ore; the bank holds 2
    s = build_position(G4, phase="dice", cities={4: 0}, settlements={7: 1}, hands={2: {"ore": 17}})
    play(s, Dice(2, 3))
    assert s.hands[0][4] == 0 and s.hands[1][4] == 0 and s.bank[4] == 2
    assert s.events[-1].kind == "shortage" and s.events[-1].rule == "production.bank_shortage"
    # only one player owed: they get what is left
    s = build_position(G4, phase="dice", cities={4: 0}, hands={2: {"ore": 18}})
    play(s, Dice(2, 3))
    assert s.hands[0][4] == 1 and s.bank[4] == 0
    assert s.events[-1].kind == "shortage_single"


# -- the 7: discards, robber, steal -----------------------------------------------------------------------
def test_seven_every_player_over_7_discards_half_their_choice_before_the_robber_moves():
    hands = {0: {"brick": 5, "ore": 5}, 1: {"wool": 9}, 2: {"grain": 8}, 3: {"lumber": 7}}
    s = build_position(G4, phase="dice", settlements={24: 1, 35: 3}, hands=hands)
    play(s, Dice(3, 4))
    assert s.phase == "discard" and s.turn_player == 0
    assert s.discard_left == [5, 4, 4, 0]
    illegal(s, MoveRobber(5), "turn.order")  # the robber waits for the discards
    assert s.current_player == 0
    illegal(s, Discard("wool"), "seven.discard")  # player 1 holds no wool
    play(s, *[Discard("brick")] * 3, *[Discard("ore")] * 2)
    assert s.current_player == 1 and s.hands[0] == [2, 0, 0, 0, 3]
    play(s, *[Discard("wool")] * 4)
    assert s.current_player == 2
    play(s, *[Discard("grain")] * 4)
    assert s.phase == "robber" and s.current_player == 0
    assert [sum(h) for h in s.hands] == [5, 5, 4, 7]
    illegal(s, MoveRobber(9), "seven.robber")  # the robber must move (it stands on the desert)
    # tile 9 has player 1 on 24 and player 3 on 35: choose, then one random card
    s2 = build_position(G4, phase="robber", settlements={24: 1, 35: 3}, hands={1: {"wool": 2}, 3: {"ore": 1}},
                        robber=0)
    play(s2, MoveRobber(9))
    assert s2.phase == "victim" and [a.victim for a in s2.legal_actions()] == [1, 3]
    play(s2, ChooseVictim(3))
    assert s2.current_player == CHANCE and s2.chance_outcomes() == [(StealCard("ore"), 1)]
    play(s2, StealCard("ore"))
    assert s2.hands[0] == [0, 0, 0, 0, 1] and s2.hands[3] == [0] * 5 and s2.phase == "main"


def test_robber_steals_nothing_from_players_without_cards_or_from_oneself():
    s = build_position(G4, phase="robber", settlements={24: 0, 35: 3}, robber=0, hands={0: {"ore": 1}})
    play(s, MoveRobber(9))
    assert s.phase == "main" and s.events[-1].kind == "no_steal"


# -- building ------------------------------------------------------------------------------------
def test_roads_connect_through_own_pieces_but_not_through_an_opposing_settlement():
    rich = {"brick": 5, "lumber": 5, "wool": 2, "grain": 2}
    s = build_position(G4, settlements={24: 0, 12: 1}, roads={**roads(0, 24, 18, 23), **roads(1, 12, 17)},
                       hands={0: rich, 1: rich})
    e_23_29 = path_edges(B, [23, 29])[0]
    assert s.is_legal(BuildRoad(e_23_29))
    # player 1 settles on 23 (its road 17-23 first): player 0 can no longer build on through 23
    s.active = 1
    play(s, BuildRoad(path_edges(B, [17, 23])[0]), BuildSettlement(23))
    s.active = 0
    illegal(s, BuildRoad(e_23_29), "build.road")
    assert s.is_legal(BuildRoad(path_edges(B, [24, 30])[0]))  # from its own settlement
    illegal(s, BuildRoad(path_edges(B, [45, 40])[0]), "build.road")  # not connected at all
    illegal(s, BuildSettlement(29), "build.distance")  # next to the new settlement on 23
    illegal(s, BuildSettlement(45), "build.settlement")  # no own road there


def test_settlement_and_city_costs_and_piece_limits():
    s = build_position(G4, settlements={24: 0}, roads=roads(0, 24, 18, 23, 29),
                       hands={0: {"brick": 1, "lumber": 1, "wool": 1}})
    illegal(s, BuildSettlement(29), "build.cost")
    s = build_position(G4, settlements={24: 0, 4: 0, 6: 0, 51: 0, 53: 0}, roads=roads(0, 24, 18, 23, 29),
                       hands={0: {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}})
    illegal(s, BuildSettlement(29), "build.pieces")
    s = build_position(G4, cities={4: 0, 6: 0, 51: 0, 53: 0}, settlements={24: 0}, hands={0: {"grain": 2, "ore": 3}})
    illegal(s, BuildCity(24), "build.pieces")
    s = build_position(G4, settlements={24: 0, 26: 1}, hands={0: {"grain": 2, "ore": 3}})
    illegal(s, BuildCity(26), "build.city")
    play(s, BuildCity(24))
    assert s.node_level[24] == 2 and s.settlements_left[0] == 5 and s.cities_left[0] == 3 and s.vp(0) == 2
    assert s.hands[0] == [0] * 5 and s.bank == [19] * 5


# -- Longest Road ------------------------------------------------------------------------------------
P0_ROAD = roads(0, 24, 18, 23, 29, 35, 30)  # 5 roads around the desert
P2_ROAD = roads(2, 45, 40, 44, 48, 52, 49)  # 5 roads around tile 17
P3_ROAD = roads(3, 6, 2, 5, 9, 14, 10)  # 5 roads around tile 2
P1_SPUR = roads(1, 12, 17)
BRICKS = {"brick": 2, "lumber": 2, "wool": 1, "grain": 1}


def test_longest_road_needs_5_roads_and_a_settlement_breaks_it():
    s = build_position(G4, settlements={24: 0, 12: 1}, roads={**roads(0, 24, 18, 23, 29, 35), **P1_SPUR},
                       hands={0: BRICKS})
    assert s.longest_holder == -1 and s.road_length[0] == 4
    play(s, BuildRoad(path_edges(B, [35, 30])[0]))
    assert s.longest_holder == 0 and s.vp(0) == 3
    # player 1 builds a settlement in the middle (intersection 23): 2 + 3 roads, nobody holds the card
    s = build_position(G4, active=1, settlements={24: 0, 12: 1}, roads={**P0_ROAD, **P1_SPUR}, hands={1: BRICKS},
                       longest_road=0)
    play(s, BuildRoad(path_edges(B, [17, 23])[0]), BuildSettlement(23))
    assert s.road_length[0] == 3 and s.longest_holder == -1
    assert s.events[-1].kind == "longest_road_none" and s.events[-1].rule == "special.longest_road"


def test_longest_road_ties_keep_the_holder_and_a_strictly_longer_road_takes_it():
    s = build_position(G4, active=2, settlements={24: 0, 45: 2}, roads={**P0_ROAD, **P2_ROAD}, hands={2: BRICKS},
                       longest_road=0)
    assert s.road_length[0] == s.road_length[2] == 5 and s.longest_holder == 0  # tie: the holder keeps it
    play(s, BuildRoad(path_edges(B, [49, 53])[0]))
    assert s.longest_holder == 2 and s.road_length[2] == 6


def test_holder_broken_with_others_tied_means_nobody_holds_longest_road():
    s = build_position(G4, active=1, settlements={24: 0, 12: 1, 45: 2, 6: 3},
                       roads={**P0_ROAD, **P1_SPUR, **P2_ROAD, **P3_ROAD}, hands={1: BRICKS}, longest_road=0)
    play(s, BuildRoad(path_edges(B, [17, 23])[0]), BuildSettlement(23))
    assert s.road_length == [3, 2, 5, 5] and s.longest_holder == -1
    # ... and with a single longest road left, its owner takes the card
    s = build_position(G4, active=1, settlements={24: 0, 12: 1, 45: 2}, roads={**P0_ROAD, **P1_SPUR, **P2_ROAD},
                       hands={1: BRICKS}, longest_road=0)
    play(s, BuildRoad(path_edges(B, [17, 23])[0]), BuildSettlement(23))
    assert s.longest_holder == 2


# -- trades ------------------------------------------------------------------------------------------
def test_bank_trade_is_4_to_1_and_harbours_give_3_to_1_or_2_to_1():
    s = build_position(G4, settlements={24: 0}, hands={0: {"brick": 3, "wool": 2}})
    illegal(s, BankTrade("brick", "ore"), "trade.bank")
    s = build_position(G4, settlements={24: 0}, hands={0: {"brick": 4}})
    play(s, BankTrade("brick", "ore"))
    assert s.hands[0] == [0, 0, 0, 0, 1] and s.bank[0] == 19 and s.bank[4] == 18
    # a settlement on a 3:1 harbour (intersection 3)
    s = build_position(G4, settlements={3: 0}, hands={0: {"brick": 3, "wool": 2}})
    play(s, BankTrade("brick", "ore"))
    assert s.hands[0] == [0, 0, 2, 0, 1]
    illegal(s, BankTrade("wool", "ore"), "trade.harbour")
    # a settlement on the wool 2:1 harbour (intersection 5): 2 wool, but still 4 brick
    s = build_position(G4, settlements={5: 0}, hands={0: {"brick": 3, "wool": 2}})
    play(s, BankTrade("wool", "grain"))
    assert s.hands[0] == [3, 0, 0, 1, 0]
    illegal(s, BankTrade("brick", "ore"), "trade.bank")
    illegal(s, BankTrade("brick", "brick"), "trade.bank")


HANDS = {0: {"brick": 2, "wool": 1}, 1: {"ore": 1}, 2: {"ore": 2}, 3: {"ore": 3}}


def test_trade_offer_rejected_by_all():
    s = build_position(G4, hands=HANDS)
    play(s, OfferTrade((1, 0, 0, 0, 0), (0, 0, 0, 0, 1)))
    assert s.phase == "trade_reply" and s.current_player == 1 and s.turn_player == 0
    play(s, RejectOffer(), RejectOffer(), RejectOffer())
    assert s.phase == "main" and s.hands[0] == [2, 0, 1, 0, 0] and s.events[-1].kind == "no_trade"


def test_trade_offer_accepted_and_countered_the_active_player_chooses():
    s = build_position(G4, hands=HANDS)
    play(s, OfferTrade((1, 0, 0, 0, 0), (0, 0, 0, 0, 1)))
    play(s, RejectOffer(), AcceptOffer())
    # player 3 counters: 1 brick + 1 wool for 2 ore
    illegal(s, CounterOffer((1, 0, 0, 0, 0), (0, 0, 0, 0, 1)), "trade.players")  # same terms
    illegal(s, CounterOffer((1, 0, 0, 0, 0), (0, 0, 0, 0, 4)), "trade.players")  # player 3 holds 3 ore
    play(s, CounterOffer((1, 0, 1, 0, 0), (0, 0, 0, 0, 2)))
    assert s.phase == "trade_choose" and s.current_player == 0
    assert [a.partner for a in s.legal_actions() if isinstance(a, ConfirmTrade)] == [2, 3]
    illegal(s, ConfirmTrade(1), "trade.players")
    play(s, ConfirmTrade(3))
    assert s.hands[0] == [1, 0, 0, 0, 2] and s.hands[3] == [1, 0, 1, 0, 1] and s.hands[2] == [0, 0, 0, 0, 2]
    assert s.phase == "main"
    # accepted offer closed with the accepting player
    s = build_position(G4, hands=HANDS)
    play(s, OfferTrade((1, 0, 0, 0, 0), (0, 0, 0, 0, 1)), AcceptOffer(), RejectOffer(), RejectOffer(),
         ConfirmTrade(1))
    assert s.hands[0] == [1, 0, 1, 0, 1] and s.hands[1] == [1, 0, 0, 0, 0]
    # or withdrawn
    s = build_position(G4, hands=HANDS)
    play(s, OfferTrade((1, 0, 0, 0, 0), (0, 0, 0, 0, 1)), AcceptOffer(), RejectOffer(), RejectOffer(),
         CancelTrade())
    assert s.hands[0] == [2, 0, 1, 0, 0]


def test_trade_offers_must_be_real_trades():
    s = build_position(G4, hands=HANDS)
    illegal(s, OfferTrade((1, 0, 0, 0, 0), (0, 0, 0, 0, 0)), "trade.players")  # a gift
    illegal(s, OfferTrade((1, 0, 0, 0, 0), (1, 0, 0, 0, 1)), "trade.players")  # brick for brick
    illegal(s, OfferTrade((3, 0, 0, 0, 0), (0, 0, 0, 0, 1)), "trade.players")  # holds 2 brick
    # a composed offer outside the listed set is legal (accepted unlisted)
    composed = OfferTrade((2, 0, 1, 0, 0), (0, 0, 0, 0, 3))
    assert composed not in s.legal_actions() and s.is_legal(composed)
    illegal(s, AcceptOffer(), "turn.order")
    s = build_position(Game(4, seed=0, player_trades=False), hands=HANDS)
    illegal(s, OfferTrade((1, 0, 0, 0, 0), (0, 0, 0, 0, 1)), "trade.players")
    s = build_position(G4, phase="roll", hands=HANDS)
    illegal(s, OfferTrade((1, 0, 0, 0, 0), (0, 0, 0, 0, 1)), "turn.order")  # roll first


# -- development cards -------------------------------------------------------------------------------
def test_development_cards_bought_this_turn_wait_and_one_card_per_turn():
    s = build_position(G4, hands={0: {"wool": 1, "grain": 1, "ore": 1}})
    play(s, BuyDevelopment())
    assert s.current_player == CHANCE
    play(s, DrawDevelopment("monopoly"))
    illegal(s, PlayMonopoly("ore"), "development.timing")
    play(s, EndTurn())
    assert s.dev_new[0] == [0] * 5 and s.dev_hand[0][4] == 1  # usable from the next turn
    s = build_position(G4, dev_hand={0: {"knight": 2, "monopoly": 1}}, hands={1: {"ore": 3}, 2: {"ore": 1}})
    play(s, PlayMonopoly("ore"))
    assert s.hands[0][4] == 4 and s.hands[1][4] == 0
    illegal(s, PlayKnight(), "development.one_per_turn")


def test_only_a_knight_before_the_roll_then_back_to_the_roll():
    s = build_position(G4, phase="roll", dev_hand={0: {"knight": 1, "year_of_plenty": 1}},
                       settlements={24: 1}, hands={1: {"wool": 1}}, robber=0)
    illegal(s, PlayYearOfPlenty(("ore", "ore")), "development.timing")
    play(s, PlayKnight(), MoveRobber(9), StealCard("wool"))
    assert s.phase == "roll" and s.hands[0][2] == 1 and s.played[0][0] == 1
    play(s, Roll())
    assert s.current_player == CHANCE


def test_year_of_plenty_only_what_the_bank_holds_and_road_building():
    s = build_position(G4, dev_hand={0: {"year_of_plenty": 1}}, hands={1: {"ore": 18}})
    illegal(s, PlayYearOfPlenty(("ore", "ore")), "development.year_of_plenty")
    play(s, PlayYearOfPlenty(("ore", "brick")))
    assert s.hands[0] == [1, 0, 0, 0, 1]
    s = build_position(G4, dev_hand={0: {"road_building": 1}}, settlements={24: 0})
    play(s, PlayRoadBuilding())
    assert s.phase == "road_building"
    illegal(s, EndTurn(), "turn.order")
    play(s, BuildRoad(path_edges(B, [24, 18])[0]), BuildRoad(path_edges(B, [18, 23])[0]))
    assert s.phase == "main" and s.roads_left[0] == 13 and s.hands[0] == [0] * 5


def test_largest_army_at_3_knights_and_taken_only_by_more():
    s = build_position(G4, dev_hand={0: {"knight": 1}}, played={0: {"knight": 2}})
    play(s, PlayKnight(), MoveRobber(5))
    assert s.army_holder == 0 and s.vp(0) == 2
    s = build_position(G4, active=1, dev_hand={1: {"knight": 2}}, played={0: {"knight": 3}, 1: {"knight": 2}},
                       largest_army=0)
    play(s, PlayKnight(), MoveRobber(5))
    assert s.army_holder == 0  # 3 against 3: the holder keeps it
    play(s, EndTurn())
    s.active = 1  # (a test shortcut: player 1 plays again)
    s.phase, s.dev_played = "main", False
    play(s, PlayKnight(), MoveRobber(6))
    assert s.army_holder == 1


# -- victory ----------------------------------------------------------------------------------------
def test_a_hidden_victory_point_card_wins_on_ones_own_turn():
    s = build_position(G4, cities={4: 0, 6: 0, 51: 0, 53: 0}, settlements={24: 0},
                       hands={0: {"wool": 1, "grain": 1, "ore": 1}})
    assert s.public_vp(0) == 9
    play(s, BuyDevelopment(), DrawDevelopment("victory_point"))
    assert s.is_terminal() and s.winner == 0 and s.returns() == [1.0, 0.0, 0.0, 0.0]
    assert s.events[-1].kind == "win" and s.events[-1].params["hidden"] == 1


def test_ten_points_win_only_on_the_players_own_turn():
    s = build_position(G4, cities={4: 1, 6: 1, 51: 1, 53: 1}, settlements={24: 1},
                       dev_hand={1: {"victory_point": 1}})
    assert s.vp(1) == 10 and not s.is_terminal()
    play(s, EndTurn())
    assert s.is_terminal() and s.winner == 1 and s.turn_player == 1


def test_turn_cap_is_a_draw():
    s = build_position(Game(3, seed=0, turn_cap=4), turn=4)
    play(s, EndTurn())
    assert s.is_terminal() and s.winner == -1 and s.returns() == [0.0, 0.0, 0.0]
    assert s.events[-1].rule == "game.turn_cap"


def test_three_player_game_plays_with_three_seats():
    s = G3.new_state()
    assert s.comp.setup_order == [0, 1, 2, 2, 1, 0]
    assert len(s.hands) == 3
