"""The science progress cards of the combined variant (catan_facts.md, Progress card effects, Science): each card's
effect, its limits and edge cases from the rulings table, and illegal plays (rule named, position unchanged)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from ratgames_lab.catan.actions import BuildCity, BuildRoad, EndTurn, PlayRoadBuilding, Roll
from ratgames_lab.catan.combined.actions import (BuildShip, BuildWall, DrawProgress, Improve, RollDice,
                                                 SkipFreePiece)
from ratgames_lab.catan.combined.components import CARDS, PIECES, PROGRESS_INDEX, SHIP
from ratgames_lab.catan.combined.progress_science import (PlayAlchemist, PlayCrane, PlayEngineer, PlayInventor,
                                                          PlayIrrigation, PlayMedicine, PlayMining)
from ratgames_lab.catan.combined.seven import hand_limit
from ratgames_lab.core.protocol import CHANCE

from .helpers import set_hand
from .progress_helpers import blank, build, deck_of, edge, end_turn_to, give, lone_corner, rejected, tiles_of

GRAIN, ORE = CARDS.index("grain"), CARDS.index("ore")


def under(s, card: str) -> list[str]:
    """The cards under the deck of ``card``, by id."""
    from ratgames_lab.catan.combined.components import PROGRESS_IDS, TRACKS
    return [PROGRESS_IDS[i] for i in s.progress_under[TRACKS.index(deck_of(card))]]


def held(s, p: int, card: str) -> int:
    return s.progress_hand[p][PROGRESS_INDEX[card]]


def city_for(s, p: int, k: int = 0) -> int:
    """Give p a city on a corner of the k-th grain tile; returns its intersection."""
    v = lone_corner(s, tiles_of(s, "grain")[k])
    build(s, p, v, 2)
    return v


# ------------------------------------------------------------------------------------------------
# timing (common to all cards)
# ------------------------------------------------------------------------------------------------
def test_cards_are_played_after_the_roll_on_your_own_turn_and_only_if_held():
    s = blank()
    p = s.active
    city_for(s, p)
    rejected(s, PlayCrane(), "progress.hand")
    give(s, p, "crane")
    s.apply(EndTurn())
    q = s.active
    give(s, q, "crane")
    city_for(s, q, 2)
    assert s.phase == "roll"
    rejected(s, PlayCrane(), "progress.timing")  # before the roll
    s.apply(Roll())
    s.apply(RollDice(6, 2, "trade"))
    assert PlayCrane() in s.legal_actions()
    s.apply(PlayCrane())
    assert held(s, q, "crane") == 0 and s.crane


def test_a_card_drawn_this_turn_may_be_played_this_turn():
    s = blank()
    p = s.active
    build(s, p, lone_corner(s, tiles_of(s, "grain")[0]), 1)
    s.levels[p][2] = 1
    s.after_load()
    end_turn_to(s, (p + 1) % 3)
    end_turn_to(s, (p + 2) % 3)
    s.apply(EndTurn())
    assert s.active == p and s.phase == "roll"
    s.apply(Roll())
    s.apply(RollDice(2, 3, "science"))  # red 2 <= level 1 + 1: p draws a science card
    assert s.phase == "draw_progress" and s.current_player == CHANCE
    s.apply(DrawProgress("irrigation"))
    assert s.phase == "main" and s.active == p
    assert PlayIrrigation() in s.legal_actions()
    grain = s.hands[p][GRAIN]
    s.apply(PlayIrrigation())
    assert s.hands[p][GRAIN] == grain + 2


# ------------------------------------------------------------------------------------------------
# Alchemist
# ------------------------------------------------------------------------------------------------
def _roll_phase_with(card: str):
    s = blank()
    s.apply(EndTurn())
    give(s, s.active, card)
    return s


def test_alchemist_sets_both_number_dice_and_the_event_die_is_still_rolled():
    s = _roll_phase_with("alchemist")
    p = s.active
    plays = [a for a in s.legal_actions() if isinstance(a, PlayAlchemist)]
    assert len(plays) == 36
    s.apply(PlayAlchemist(3, 5))
    assert held(s, p, "alchemist") == 0 and under(s, "alchemist") == ["alchemist"]
    assert s.current_player == CHANCE and s.fixed_dice == [3, 5]
    outcomes = s.chance_outcomes()
    assert {(a.red, a.yellow) for a, _ in outcomes} == {(3, 5)}
    assert {a.event: w for a, w in outcomes} == {"ship": Fraction(1, 2), "trade": Fraction(1, 6),
                                                 "politics": Fraction(1, 6), "science": Fraction(1, 6)}
    rejected(s, RollDice(4, 4, "trade"), "progress.alchemist")
    s.apply(RollDice(3, 5, "politics"))
    assert s.dice[:2] == [3, 5] and s.fixed_dice == [] and s.phase == "main"


def test_alchemist_red_value_drives_the_progress_draws_and_a_set_7_acts_as_a_7():
    s = _roll_phase_with("alchemist")
    p = s.active
    other = (p + 1) % 3
    s.levels[other][2] = 1  # draws on a science gate when red <= 2
    s.after_load()
    s.apply(PlayAlchemist(2, 5))
    s.apply(RollDice(2, 5, "science"))
    assert s.phase == "draw_progress" and s.pending[0][1] == other
    s2 = _roll_phase_with("alchemist")
    set_hand(s2, s2.active, brick=9)
    s2.apply(PlayAlchemist(1, 6))
    s2.apply(RollDice(1, 6, "trade"))
    assert s2.phase == "discard" and s2.current_player == s2.active  # a 7: over the limit, discard


def test_alchemist_only_before_the_roll():
    s = blank()
    give(s, s.active, "alchemist")
    assert not [a for a in s.legal_actions() if isinstance(a, PlayAlchemist)]
    rejected(s, PlayAlchemist(3, 3), "progress.timing")
    s2 = _roll_phase_with("alchemist")
    rejected(s2, PlayAlchemist(7, 1), "progress.alchemist")


# ------------------------------------------------------------------------------------------------
# Crane
# ------------------------------------------------------------------------------------------------
def test_crane_makes_a_level_1_improvement_free_once():
    s = blank()
    p = s.active
    city_for(s, p)
    give(s, p, "crane")
    set_hand(s, p, cloth=2)
    s.apply(PlayCrane())
    assert Improve("politics") in s.legal_actions()  # level 1 politics now costs 0 coin
    s.apply(Improve("politics"))
    assert s.levels[p][1] == 1 and not s.crane
    assert s.hands[p][CARDS.index("coin")] == 0
    s.apply(Improve("trade"))  # the discount is used up: level 1 costs 1 cloth
    assert s.hands[p][CARDS.index("cloth")] == 1


def test_crane_takes_one_off_a_higher_level_and_cranes_do_not_stack():
    s = blank()
    p = s.active
    city_for(s, p)
    s.levels[p][0] = 2
    give(s, p, "crane", "crane")
    set_hand(s, p, cloth=2)
    rejected(s, Improve("trade"), "improvements.cost")  # level 3 costs 3
    s.apply(PlayCrane())
    rejected(s, PlayCrane(), "progress.crane")
    assert PlayCrane() not in s.legal_actions()
    s.apply(Improve("trade"))
    assert s.levels[p][0] == 3 and s.hands[p][CARDS.index("cloth")] == 0
    assert PlayCrane() in s.legal_actions()  # a second improvement may take the second Crane


def test_crane_needs_a_city_and_a_track_to_raise():
    s = blank()
    p = s.active
    give(s, p, "crane")
    rejected(s, PlayCrane(), "progress.crane")
    city_for(s, p)
    s.levels[p] = [5, 5, 5]
    s.after_load()
    rejected(s, PlayCrane(), "progress.crane")


def test_crane_ends_with_the_turn():
    s = blank()
    p = s.active
    city_for(s, p)
    give(s, p, "crane")
    s.apply(PlayCrane())
    s.apply(EndTurn())
    assert not s.crane


# ------------------------------------------------------------------------------------------------
# Engineer
# ------------------------------------------------------------------------------------------------
def test_engineer_builds_a_free_wall_that_raises_the_hand_limit():
    s = blank()
    p = s.active
    v = city_for(s, p)
    give(s, p, "engineer")
    assert hand_limit(s, p) == 7
    assert [a for a in s.legal_actions() if isinstance(a, PlayEngineer)] == [PlayEngineer(v)]
    bank = s.bank[:]
    s.apply(PlayEngineer(v))
    assert s.node_wall[v] == 1 and s.bank == bank and s.hands[p] == [0] * 8
    assert hand_limit(s, p) == 9
    assert under(s, "engineer") == ["engineer"]


def test_engineer_keeps_the_wall_limits():
    s = blank()
    p = s.active
    give(s, p, "engineer")
    rejected(s, PlayEngineer(0), "progress.engineer")  # no city at all
    grain = tiles_of(s, "grain")
    v = lone_corner(s, grain[0])
    build(s, p, v, 1)
    rejected(s, PlayEngineer(v), "progress.engineer")  # a settlement takes no wall
    build(s, p, v, 2)
    s.node_wall[v] = 1
    s.after_load()
    rejected(s, PlayEngineer(v), "progress.engineer")  # one wall per city
    assert not [a for a in s.legal_actions() if isinstance(a, PlayEngineer)]
    cities = [lone_corner(s, t) for t in grain[1:4]]
    for w in cities:
        build(s, p, w, 2)
    s.node_wall[cities[0]] = s.node_wall[cities[1]] = 1  # 3 walls built: none left
    s.after_load()
    rejected(s, PlayEngineer(cities[2]), "progress.engineer")
    assert not [a for a in s.legal_actions() if isinstance(a, PlayEngineer)]
    assert BuildWall(cities[2]) not in s.legal_actions()


# ------------------------------------------------------------------------------------------------
# Inventor
# ------------------------------------------------------------------------------------------------
def _movable(s) -> list[int]:
    """Independent list of the tiles whose token may move: numbered land tiles without 2, 6, 8 or 12."""
    return [t for t in range(len(s.number)) if s.number[t] and s.number[t] not in (2, 6, 8, 12)
            and s.number2[t] == 0]


def test_inventor_swaps_two_tokens_and_production_follows():
    s = blank()
    p = s.active
    give(s, p, "inventor")
    tiles = _movable(s)
    listed = {(a.first, a.second) for a in s.legal_actions() if isinstance(a, PlayInventor)}
    expected = {(x, y) for x in tiles for y in tiles if x < y and s.number[x] != s.number[y]}
    assert listed == expected and listed
    x, y = min(expected)
    nx, ny = s.number[x], s.number[y]
    corner = lone_corner(s, x)
    build(s, p, corner, 1)
    s.apply(PlayInventor(x, y))
    assert (s.number[x], s.number[y]) == (ny, nx)
    assert x in s._by_number[ny] and x not in s._by_number[nx]
    assert under(s, "inventor") == ["inventor"]
    # the tile now produces on its new number
    s.apply(EndTurn())
    s.apply(Roll())
    red = min(6, ny - 1)
    before = sum(s.hands[p]) + s.money[p]
    s.apply(RollDice(red, ny - red, "trade"))
    assert sum(s.hands[p]) + s.money[p] > before


def test_inventor_may_swap_the_robbers_token_and_the_robber_stays():
    s = blank()
    p = s.active
    give(s, p, "inventor")
    x, y = _movable(s)[:2]
    if s.number[x] == s.number[y]:
        y = next(t for t in _movable(s) if s.number[t] != s.number[x])
    s.robber = x
    s.after_load()
    s.apply(PlayInventor(min(x, y), max(x, y)))
    assert s.robber == x


@pytest.mark.parametrize("fixed", [2, 6, 8, 12])
def test_inventor_never_moves_2_12_6_8(fixed):
    s = blank()
    give(s, s.active, "inventor")
    t = next(t for t in range(len(s.number)) if s.number[t] == fixed or s.number2[t] == fixed)
    other = _movable(s)[0]
    rejected(s, PlayInventor(min(t, other), max(t, other)), "progress.inventor")


def test_inventor_rejects_the_lake_tiles_without_token_same_numbers_and_bad_order():
    s = blank()
    give(s, s.active, "inventor")
    lake = tiles_of(s, "lake")[0]
    desert = tiles_of(s, "desert")[0]
    tiles = _movable(s)
    a = tiles[0]
    for t in (lake, desert, 0):
        rejected(s, PlayInventor(min(a, t), max(a, t)), "progress.inventor")
    same = next((x, y) for x in tiles for y in tiles if x < y and s.number[x] == s.number[y])
    rejected(s, PlayInventor(*same), "progress.inventor")
    b = next(t for t in tiles if s.number[t] != s.number[a] and t > a)
    rejected(s, PlayInventor(b, a), "progress.inventor")
    rejected(s, PlayInventor(a, a), "progress.inventor")


# ------------------------------------------------------------------------------------------------
# Irrigation and Mining
# ------------------------------------------------------------------------------------------------
def test_irrigation_counts_each_fields_tile_once_and_a_city_adds_nothing():
    s = blank()
    p = s.active
    grain = tiles_of(s, "grain")
    t = grain[0]
    corners = [v for v in s.comp.topo.tile_nodes[t] if s.comp.building_site[v]]
    build(s, p, corners[0], 2)  # a city and a settlement on the same fields tile
    build(s, p, corners[2], 1)
    touched = {u for v in (corners[0], corners[2]) for u in s.comp.topo.node_tiles[v] if u in grain}
    give(s, p, "irrigation")
    s.robber = t  # the robber does not block it (not production)
    s.after_load()
    money = s.money[:]
    s.apply(PlayIrrigation())
    assert s.hands[p][GRAIN] == 2 * len(touched)
    assert sum(s.hands[p]) == s.hands[p][GRAIN]
    assert s.money == money


def test_mining_takes_2_ore_per_mountains_tile_and_the_bank_pays_what_it_has():
    s = blank()
    p = s.active
    ore = tiles_of(s, "ore")
    for t in ore[:2]:
        build(s, p, lone_corner(s, t, avoid=("ore",)), 1)
    give(s, p, "mining", "mining")
    s.apply(PlayMining())
    assert s.hands[p][ORE] == 4
    other = (p + 1) % 3
    set_hand(s, other, ore=s.bank[ORE] - 1)  # 1 ore left in the bank
    s.apply(PlayMining())
    assert s.hands[p][ORE] == 5 and s.bank[ORE] == 0
    rejected(s, PlayMining(), "progress.hand")


def test_irrigation_and_mining_need_a_tile_and_a_bank_card():
    s = blank()
    p = s.active
    give(s, p, "irrigation", "mining")
    rejected(s, PlayIrrigation(), "progress.irrigation")
    build(s, p, lone_corner(s, tiles_of(s, "ore")[0], avoid=("grain",)), 1)
    rejected(s, PlayIrrigation(), "progress.irrigation")
    assert PlayMining() in s.legal_actions() and PlayIrrigation() not in s.legal_actions()
    set_hand(s, (p + 1) % 3, ore=19)  # the bank holds no ore
    rejected(s, PlayMining(), "progress.mining")


# ------------------------------------------------------------------------------------------------
# Medicine
# ------------------------------------------------------------------------------------------------
def test_medicine_makes_one_city_cost_2_ore_and_1_grain():
    s = blank()
    p = s.active
    grain = tiles_of(s, "grain")
    v, w = lone_corner(s, grain[0]), lone_corner(s, grain[1])
    build(s, p, v, 1)
    build(s, p, w, 1)
    give(s, p, "medicine")
    set_hand(s, p, ore=3, grain=1)
    assert BuildCity(v) not in s.legal_actions()
    s.apply(PlayMedicine())
    assert BuildCity(v) in s.legal_actions()
    s.apply(BuildCity(v))
    assert s.node_level[v] == 2 and s.hands[p][ORE] == 1 and s.hands[p][GRAIN] == 0 and not s.medicine
    rejected(s, BuildCity(w), "build.cost")  # one upgrade per card: the next city is full price


def test_two_medicines_do_not_combine_and_medicine_needs_a_settlement():
    s = blank()
    p = s.active
    give(s, p, "medicine", "medicine")
    rejected(s, PlayMedicine(), "progress.medicine")  # no settlement
    v = lone_corner(s, tiles_of(s, "grain")[0])
    build(s, p, v, 1)
    set_hand(s, p, ore=1, grain=1)
    s.apply(PlayMedicine())
    rejected(s, PlayMedicine(), "progress.medicine")
    rejected(s, BuildCity(v), "progress.medicine")  # 2 ore + 1 grain, not less
    s.apply(EndTurn())
    assert not s.medicine


def test_medicine_needs_a_city_piece():
    s = blank()
    p = s.active
    grain, ore = tiles_of(s, "grain"), tiles_of(s, "ore")
    for t in grain[:PIECES["city"]]:
        build(s, p, lone_corner(s, t), 2)
    build(s, p, lone_corner(s, ore[0], avoid=("grain",)), 1)
    give(s, p, "medicine")
    rejected(s, PlayMedicine(), "progress.medicine")


# ------------------------------------------------------------------------------------------------
# Road Building
# ------------------------------------------------------------------------------------------------
def _coastal_settlement(s, p: int) -> int:
    """A settlement of p on a coast intersection with a free road edge and a free ship edge."""
    comp = s.comp
    topo = comp.topo
    for v in range(topo.n_nodes):
        if comp.building_site[v] and topo.node_kind[v] == "coast" and \
                any(comp.road_edge[e] for e in topo.node_edges[v]) and \
                any(comp.ship_edge[e] and e not in s.comp.pirate_blocked(s.pirate, s.fishing)
                    for e in topo.node_edges[v]):
            build(s, p, v, 1)
            return v
    raise AssertionError("no coast site")


def test_road_building_places_a_road_and_a_ship_for_free():
    s = blank()
    p = s.active
    v = _coastal_settlement(s, p)
    give(s, p, "road_building", "crane")
    city_for(s, p)
    s.apply(PlayRoadBuilding())
    assert s.phase == "free_pieces" and s.free_pieces == 2
    rejected(s, PlayCrane(), "progress.timing")  # no other card between the two pieces
    legal = s.legal_actions()
    assert all(isinstance(a, (BuildRoad, BuildShip, SkipFreePiece)) for a in legal)
    road = next(a for a in legal if isinstance(a, BuildRoad) and v in s.comp.topo.edge_nodes[a.edge])
    ship = next(a for a in legal if isinstance(a, BuildShip) and v in s.comp.topo.edge_nodes[a.edge]
                and a.edge != road.edge)
    s.apply(road)
    rejected(s, EndTurn(), "turn.phase")  # no paid build or end of turn between the two pieces
    t = type(s).from_json(s.to_json(), s.comp)  # a position saved between the two pieces loads again
    assert t.to_json() == s.to_json() and t.legal_actions() == s.legal_actions()
    s.apply(ship)
    assert s.phase == "main" and s.free_pieces == 0
    assert s.hands[p] == [0] * 8
    assert s.edge_owner[road.edge] == p and s.edge_piece[ship.edge] == SHIP
    assert PlayCrane() in s.legal_actions()


def test_road_building_second_piece_is_optional():
    s = blank()
    p = s.active
    _coastal_settlement(s, p)
    give(s, p, "road_building")
    s.apply(PlayRoadBuilding())
    s.apply(SkipFreePiece())
    assert s.phase == "main" and s.free_pieces == 0 and s.hands[p] == [0] * 8


def test_road_building_with_one_road_piece_left_places_one():
    s = blank()
    p = s.active
    v = _coastal_settlement(s, p)
    topo, comp = s.comp.topo, s.comp
    near = {v} | set(topo.node_nbrs[v])
    far_roads = [e for e in range(topo.n_edges) if comp.road_edge[e] and not set(topo.edge_nodes[e]) & near]
    far_ships = [e for e in range(topo.n_edges) if comp.ship_edge[e] and not comp.road_edge[e]
                 and not set(topo.edge_nodes[e]) & near]
    for e in far_roads[:PIECES["road"] - 1]:
        edge(s, p, e)
    for e in far_ships[:PIECES["ship"]]:
        edge(s, p, e, SHIP)
    s.validate_position()
    give(s, p, "road_building")
    s.apply(PlayRoadBuilding())
    assert not [a for a in s.legal_actions() if isinstance(a, BuildShip)]
    s.apply(next(a for a in s.legal_actions() if isinstance(a, BuildRoad)))
    assert s.phase == "main" and s.free_pieces == 0


def test_road_building_needs_a_piece_and_a_place():
    s = blank()
    p = s.active
    give(s, p, "road_building")
    rejected(s, PlayRoadBuilding(), "progress.road_building")  # no building: nowhere to connect
    v = _coastal_settlement(s, p)
    topo, comp = s.comp.topo, s.comp
    roads = [e for e in range(topo.n_edges) if comp.road_edge[e] and v not in topo.edge_nodes[e]]
    ships = [e for e in range(topo.n_edges) if comp.ship_edge[e] and not comp.road_edge[e]
             and v not in topo.edge_nodes[e]]
    for e in roads[:PIECES["road"]]:
        edge(s, p, e)
    for e in ships[:PIECES["ship"]]:
        edge(s, p, e, SHIP)
    rejected(s, PlayRoadBuilding(), "progress.road_building")  # no piece left in supply


# ------------------------------------------------------------------------------------------------
# Printer (VP card)
# ------------------------------------------------------------------------------------------------
def test_printer_is_shown_and_scored_at_once_even_on_another_players_turn():
    s = blank()
    p = s.active
    other = (p + 2) % 3  # draws on the next player's turn
    build(s, other, lone_corner(s, tiles_of(s, "grain")[0]), 1)
    s.levels[other][2] = 1
    give(s, other, "crane", "crane", "inventor", "inventor")  # 4 cards in hand: the Printer does not count
    s.after_load()
    vp = s.vp(other)
    s.apply(EndTurn())
    s.apply(Roll())
    assert s.active != other
    s.apply(RollDice(1, 3, "science"))
    while s.phase == "draw_progress" and s.pending[0][1] != other:
        s.apply(s.legal_actions()[0])
    assert s.phase == "draw_progress" and s.pending[0][1] == other
    s.apply(DrawProgress("printer"))
    assert s.progress_shown[other][PROGRESS_INDEX["printer"]] == 1
    assert held(s, other, "printer") == 0 and s.progress_count(other) == 4
    assert s.phase != "discard_progress"
    assert s.vp(other) == vp + 1
    assert any(e.kind == "progress_vp" for e in s.events[-3:])
