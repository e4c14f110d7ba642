"""Rulebook scenarios of the combined variant's turn (catan.md Part 2): setup, the three dice in the seed's order,
production with commodities and gold money, progress draws by improvement level, the 7 with walls and the truce,
improvements and metropolises, victory on one's own turn."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl
from ratgames_lab import IllegalActionError
from ratgames_lab.catan.actions import BuildCity, BuildRoad, BuildSettlement, ChooseVictim, Discard, EndTurn, \
    MoveRobber, Roll
from ratgames_lab.catan.combined.actions import (ChooseCard, DrawProgress, Improve, MovePirate, PlaceMetropolis,
                                                 RollDice)
from ratgames_lab.catan.combined.components import CARDS, TRACKS
from ratgames_lab.core.protocol import CHANCE

from .helpers import draw_fish, skip_wagons

GRAIN, LUMBER, WOOL, BRICK, ORE = (CARDS.index(c) for c in ("grain", "lumber", "wool", "brick", "ore"))
CLOTH, COIN, PAPER = (CARDS.index(c) for c in ("cloth", "coin", "paper"))


def fresh(players: int = 3, **options):
    """A new combined game on the fixed board, seed 1."""
    return skip_wagons(rl.load_game("catan", players, seed=1, variant="combined", **options).new_state())


def tile(s, terrain: str) -> int:
    """The first tile of a terrain with a number token."""
    from ratgames_lab.catan.board import TERRAINS
    return next(t for t in range(len(s.terrain)) if TERRAINS[s.terrain[t]] == terrain and s.number[t])


def site_on(s, t: int, avoid=()) -> int:
    """A building site on a corner of tile t, away from the given intersections."""
    topo = s.comp.topo
    for v in topo.tile_nodes[t]:
        if s.comp.building_site[v] and v not in avoid and all(u not in avoid for u in topo.node_nbrs[v]):
            return v
    raise AssertionError("no site")


def playing(s, active: int = 0):
    """Skip setup: turn 1, ``active`` to roll, no buildings unless placed by the test."""
    s.setup_index = 2 * s.players
    s.setup_anchor = -1
    s.setup_roads = 0
    s.turn = 1
    s.active = active
    s.phase = "roll"
    s.after_load()
    return s


def build(s, p: int, v: int, level: int) -> None:
    s.node_owner[v] = p
    s.node_level[v] = level
    s.after_load()


def give(s, p: int, **cards) -> None:
    for name, n in cards.items():
        c = CARDS.index(name)
        s.hands[p][c] += n
        s.bank[c] -= n
    s.after_load()


def roll(s, red: int, yellow: int, event: str = "trade"):
    s.apply(Roll())
    s.apply(RollDice(red, yellow, event))


def unchanged_after(s, action, rule: str):
    before = s.to_json()
    with pytest.raises(IllegalActionError) as exc:
        s.apply(action)
    assert exc.value.rule == rule, exc.value
    assert s.to_json() == before


# --------------------------------------------------------------------------------------------------
# setup
# --------------------------------------------------------------------------------------------------
def test_setup_snake_order_settlement_then_city_with_two_roads_and_starting_production():
    s = fresh(3, first_player="2")
    order = []
    rng = random.Random(0)
    while s.phase != "roll":
        p = s.current_player
        acts = s.legal_actions()
        if s.phase in ("setup_settlement", "setup_city"):
            order.append((s.phase, p))
            before = s.hands[p][:]
            money = s.money[p]
            a = rng.choice(acts)
            s.apply(a)
            level = 1 if isinstance(a, BuildSettlement) else 2
            got = [s.hands[p][c] - before[c] for c in range(len(CARDS))]
            expect = [0] * len(CARDS)
            expect_money = 0
            from ratgames_lab.catan.board import TERRAINS
            for t in s.comp.topo.node_tiles[a.node]:
                kind = TERRAINS[s.terrain[t]]
                if t != s.robber and s.number[t] and kind in CARDS[:5]:
                    expect[CARDS.index(kind)] += level
                if t != s.robber and s.number[t] and kind == "gold":
                    expect_money += 2 if level == 1 else 5
            assert got == expect  # 1 or 2 of each resource, never a commodity
            if any(s.comp.board.river[t] for t in s.comp.topo.node_tiles[a.node]):
                expect_money += 1  # river money: $1 for a settlement or a setup city at a river tile
            assert s.money[p] - money == expect_money
        else:
            s.apply(rng.choice(acts))
    assert order == [("setup_settlement", 1), ("setup_settlement", 2), ("setup_settlement", 0),
                     ("setup_city", 0), ("setup_city", 2), ("setup_city", 1)]
    assert s.active == 1 and s.turn == 1
    for p in range(3):
        assert sorted(s.node_level[v] for v in s.buildings_of[p]) == [1, 2]
        assert len(s.edges_of[p]) == 3  # 1 piece at the settlement, 2 at the city
        assert s.money[p] >= 5


def test_setup_city_takes_two_pieces_that_touch_it_or_extend_the_first():
    s = fresh(3, first_player="1")
    while s.phase != "setup_city":
        s.apply(s.legal_actions()[0])
    city = s.legal_actions()[0]
    s.apply(city)
    first = next(a for a in s.legal_actions() if isinstance(a, BuildRoad))
    s.apply(first)
    topo = s.comp.topo
    far = [v for v in topo.edge_nodes[first.edge] if v != city.node][0]
    for a in s.legal_actions():
        ends = topo.edge_nodes[a.edge]
        assert city.node in ends or (far in ends and type(a) is BuildRoad)
    assert any(far in topo.edge_nodes[a.edge] for a in s.legal_actions())  # extending the first road is allowed


def test_setup_refuses_a_site_next_to_a_building():
    s = fresh(3)
    s.apply(s.legal_actions()[0])
    draw_fish(s)
    s.apply(s.legal_actions()[0])
    v = s.buildings_of[s.node_owner.index(next(o for o in s.node_owner if o >= 0))][0]
    nbr = s.comp.topo.node_nbrs[v][0]
    unchanged_after(s, BuildSettlement(nbr), "setup.distance")


# --------------------------------------------------------------------------------------------------
# production
# --------------------------------------------------------------------------------------------------
def test_city_on_wool_ore_lumber_gives_a_commodity_grain_gives_two_resources_and_gold_money():
    s = playing(fresh(3))
    wool, grain, gold = tile(s, "wool"), tile(s, "grain"), tile(s, "gold")
    vw = site_on(s, wool)
    build(s, 0, vw, 2)
    vg = site_on(s, grain, avoid=[vw])
    build(s, 1, vg, 2)
    vgold = site_on(s, gold, avoid=[vw, vg])
    build(s, 2, vgold, 1)
    for t, expect in ((wool, None), (grain, None), (gold, None)):
        s2 = s.clone()
        s2.active = 0
        n = s2.number[t]
        if n == 7:
            continue
        red = max(1, n - 6)
        before = [h[:] for h in s2.hands]
        money = s2.money[:]
        roll(s2, red, n - red)
        if t == wool:
            assert s2.hands[0][WOOL] - before[0][WOOL] >= 1 and s2.hands[0][CLOTH] - before[0][CLOTH] >= 1
        if t == grain:
            assert s2.hands[1][GRAIN] - before[1][GRAIN] >= 2
            assert sum(s2.hands[1][5:]) == sum(before[1][5:])  # grain gives no commodity
        if t == gold:
            assert s2.money[2] - money[2] >= 2
            assert s2.hands[2] == before[2] or s2.number.count(n) > 1  # gold gives money, not cards


def test_the_robber_blocks_resources_commodities_and_money():
    s = playing(fresh(3))
    gold = tile(s, "gold")
    v = site_on(s, gold)
    build(s, 0, v, 2)
    s.robber = gold
    s.after_load()
    n = s.number[gold]
    money = s.money[0]
    roll(s, max(1, n - 6), n - max(1, n - 6))
    assert s.money[0] == money


def test_a_barbarian_attack_comes_before_production_so_a_reduced_city_produces_as_a_settlement():
    s = playing(fresh(3))
    grain = tile(s, "grain")
    v = site_on(s, grain)
    build(s, 0, v, 2)
    s.barbarian = 6
    n = s.number[grain]
    before = s.hands[0][GRAIN]
    red = max(1, n - 6)
    roll(s, red, n - red, "ship")
    assert s.attacks == 1 and s.barbarian == 0
    assert s.phase == "reduce_city" and s.current_player == 0  # 1 city against no knight: the barbarians win
    s.apply(s.legal_actions()[0])
    assert s.node_level[v] == 1
    same_number = sum(1 for t in range(len(s.number)) if s.number[t] == n and t != grain
                      and v in s.comp.topo.tile_nodes[t])
    assert s.hands[0][GRAIN] - before == 1 + same_number  # produced as a settlement


# --------------------------------------------------------------------------------------------------
# progress cards by improvement level
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("level,red,draws", [(1, 2, True), (1, 3, False), (2, 3, True), (3, 5, False),
                                             (4, 5, True), (5, 6, True), (0, 1, False)])
def test_a_gate_gives_a_progress_card_when_red_is_at_most_level_plus_one(level, red, draws):
    s = playing(fresh(3))
    s.levels[0][TRACKS.index("politics")] = level
    yellow = 1 if red + 1 != 7 else 2
    roll(s, red, yellow, "politics")
    if draws:
        assert s.current_player == CHANCE and s.phase == "draw_progress"
        outcomes = s.chance_outcomes()
        assert all(a.card in ("bishop", "constitution", "deserter", "diplomat", "intrigue", "saboteur", "spy",
                              "warlord", "wedding") for a, _ in outcomes)
        assert sum(p for _, p in outcomes) == 1
        s.apply(DrawProgress("spy"))
        assert s.progress_hand[0][s.comp.refs["progress"].index("spy")] == 1
    else:
        assert s.phase == "main"


def test_progress_draws_go_in_turn_order_from_the_active_player():
    s = playing(fresh(3), active=1)
    for p in range(3):
        s.levels[p][0] = 2
    roll(s, 1, 3, "trade")
    seen = []
    while s.phase == "draw_progress":
        seen.append(s.pending[0][1])
        s.apply(s.chance_outcomes()[0][0])
    assert seen == [1, 2, 0]


def test_a_fifth_progress_card_is_discarded_at_once_and_vp_cards_do_not_count():
    s = playing(fresh(3))
    idx = s.comp.refs["progress"]
    for c in ("spy", "bishop", "wedding", "diplomat"):
        s.progress_hand[0][idx.index(c)] += 1
        s.progress_decks[TRACKS.index("politics")][idx.index(c)] -= 1
    s.levels[0][1] = 5
    s.after_load()
    roll(s, 1, 3, "politics")
    s.apply(DrawProgress("constitution"))  # a VP card: shown, not held
    assert s.phase == "main" and s.progress_count(0) == 4 and s.vp(0) == 1
    s2 = playing(fresh(3))
    s2.progress_hand = [h[:] for h in s.progress_hand]
    s2.progress_shown = [h[:] for h in s.progress_shown]
    s2.progress_decks = [d[:] for d in s.progress_decks]
    s2.levels[0][1] = 5
    s2.after_load()
    roll(s2, 1, 3, "politics")
    s2.apply(DrawProgress("saboteur"))
    assert s2.phase == "discard_progress" and s2.current_player == 0
    from ratgames_lab.catan.combined.actions import DiscardProgress
    s2.apply(DiscardProgress("spy"))
    assert s2.progress_count(0) == 4
    assert s2.progress_under[TRACKS.index("politics")] == [idx.index("spy")]  # under its deck


# --------------------------------------------------------------------------------------------------
# the 7: hand limit with walls, the truce
# --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("walls,cards,discards", [(0, 7, 0), (0, 8, 4), (1, 9, 0), (1, 10, 5), (3, 13, 0),
                                                  (3, 14, 7)])
def test_the_hand_limit_is_seven_plus_two_per_wall(walls, cards, discards):
    s = playing(fresh(3))
    topo = s.comp.topo
    placed = []
    for t in range(len(s.terrain)):
        if len(placed) == 3:
            break
        for v in topo.tile_nodes[t]:
            if s.comp.building_site[v] and all(u not in placed and u != v for u in topo.node_nbrs[v]) \
                    and v not in placed and all(abs(v - w) > 0 for w in placed) and \
                    all(w not in topo.node_nbrs[v] for w in placed):
                placed.append(v)
                break
    for i, v in enumerate(placed):
        build(s, 0, v, 2)
        s.node_wall[v] = 1 if i < walls else 0
    give(s, 0, brick=cards // 2, ore=cards - cards // 2)  # bricks and ore
    give(s, 0, cloth=0)
    roll(s, 3, 4)
    if discards:
        assert s.phase == "discard" and s.current_player == 0
        for _ in range(discards):
            s.apply(s.legal_actions()[0])
    assert s.hand_size(0) == cards - discards
    assert s.phase == "main"  # the truce: nothing moves before the first attack


def test_commodities_count_for_the_hand_limit_money_does_not():
    s = playing(fresh(3))
    give(s, 1, cloth=4, coin=4)
    s.money[1] = 40
    roll(s, 3, 4)
    assert s.phase == "discard" and s.current_player == 1
    assert s.pending[0][2] == 4


def test_the_truce_keeps_robber_and_pirate_still_until_the_first_attack():
    s = playing(fresh(3))
    robber, pirate = s.robber, s.pirate
    roll(s, 3, 4)
    assert s.phase == "main" and (s.robber, s.pirate) == (robber, pirate)
    assert any(e.kind == "truce" for e in s.events)
    unchanged_after(s, MoveRobber(s.comp.land_tiles[0]), "turn.phase")


def test_after_the_first_attack_a_seven_moves_the_robber_then_the_pirate_then_one_steal():
    s = playing(fresh(3))
    s.attacks = 1
    wool = tile(s, "wool")
    v = site_on(s, wool)
    build(s, 1, v, 1)
    give(s, 1, wool=2)
    roll(s, 3, 4)
    assert s.phase == "robber" and s.current_player == 0
    unchanged_after(s, MoveRobber(s.robber), "seven.robber")
    s.apply(MoveRobber(wool))
    assert s.phase == "pirate"
    spot = next(a for a in s.legal_actions())
    unchanged_after(s, MovePirate(s.pirate), "seven.pirate")
    s.apply(spot)
    assert s.phase == "victim" and s.legal_actions() == [ChooseVictim(1)]
    s.apply(ChooseVictim(1))
    assert s.current_player == CHANCE
    s.apply(s.chance_outcomes()[0][0])
    assert s.hand_size(0) == 1 and s.hand_size(1) == 1 and s.phase == "main"


def test_without_the_truce_option_the_first_seven_moves_the_robber():
    s = playing(fresh(3, robber_peace=False))
    roll(s, 3, 4)
    assert s.phase == "robber"


def test_steal_per_seven_two_gives_one_steal_per_piece():
    s = playing(fresh(3, steal_per_seven=2))
    s.attacks = 1
    wool = tile(s, "wool")
    build(s, 1, site_on(s, wool), 1)
    give(s, 1, wool=2)
    roll(s, 3, 4)
    s.apply(MoveRobber(wool))
    s.apply(s.legal_actions()[0])
    assert s.phase == "victim" and s.pending[0][2] == 1  # the robber's victim first
    s.apply(ChooseVictim(1))
    s.apply(s.chance_outcomes()[0][0])
    assert s.phase == "main"  # nobody's ship by the pirate: the second steal is skipped


# --------------------------------------------------------------------------------------------------
# the Aqueduct
# --------------------------------------------------------------------------------------------------
def test_the_aqueduct_gives_a_resource_of_choice_to_a_player_who_gets_nothing():
    s = playing(fresh(3))
    s.levels[2][TRACKS.index("science")] = 3
    build(s, 2, site_on(s, tile(s, "grain")), 2)  # keeps improvements legal; production may miss it
    grain_numbers = {s.number[t] for t in s.comp.topo.node_tiles[s.buildings_of[2][0]] if s.number[t]}
    n = next(x for x in (2, 3, 4, 5, 6, 8, 9, 10, 11, 12) if x not in grain_numbers)
    red = max(1, n - 6)
    roll(s, red, n - red)
    while s.phase == "draw_progress":
        s.apply(s.chance_outcomes()[0][0])
    assert s.phase == "aqueduct" and s.current_player == 2
    unchanged_after(s, ChooseCard("cloth"), "improvements.aqueduct")
    s.apply(ChooseCard("ore"))
    assert s.hands[2][ORE] == 1 and s.phase == "main"


# --------------------------------------------------------------------------------------------------
# improvements and metropolises
# --------------------------------------------------------------------------------------------------
def main_phase(s, active=0):
    s.active = active
    s.phase = "main"
    s.after_load()
    return s


def test_an_improvement_costs_its_level_in_the_tracks_commodity_and_needs_a_city():
    s = main_phase(playing(fresh(3)))
    give(s, 0, cloth=3)
    unchanged_after(s, Improve("trade"), "improvements.city")
    build(s, 0, site_on(s, tile(s, "wool")), 2)
    s.apply(Improve("trade"))
    s.apply(Improve("trade"))
    assert s.levels[0][0] == 2 and s.hands[0][CLOTH] == 0
    unchanged_after(s, Improve("trade"), "improvements.cost")
    unchanged_after(s, Improve("politics"), "improvements.cost")


def test_first_to_level_four_places_the_metropolis_and_level_five_takes_it_from_a_holder_at_four():
    s = main_phase(playing(fresh(3)))
    a = site_on(s, tile(s, "wool"))
    build(s, 0, a, 2)
    b = site_on(s, tile(s, "ore"), avoid=[a])
    build(s, 1, b, 2)
    s.levels[0][1] = 3
    s.levels[1][1] = 4
    s.metropolis[1] = b
    give(s, 0, coin=9)
    vp_before = s.vp(1)
    s.apply(Improve("politics"))  # to 4: the holder keeps it
    assert s.phase == "main" and s.metropolis[1] == b
    s.apply(Improve("politics"))  # to 5 over a holder at 4: taken
    assert s.phase == "place_metropolis" and s.legal_actions() == [PlaceMetropolis(a)]
    s.apply(PlaceMetropolis(a))
    assert s.metropolis[1] == a and s.vp(0) == 4 and s.vp(1) == vp_before - 2


def test_a_metropolis_at_level_five_is_permanent_and_level_four_needs_a_city_without_one():
    s = main_phase(playing(fresh(3)))
    a = site_on(s, tile(s, "wool"))
    build(s, 0, a, 2)
    s.levels[0][2] = 3
    s.metropolis[0] = a
    s.levels[0][0] = 4
    give(s, 0, paper=4)
    unchanged_after(s, Improve("science"), "metropolis.city")  # its only city already carries a metropolis
    b = site_on(s, tile(s, "ore"), avoid=[a])
    build(s, 1, b, 2)
    s.levels[1][0] = 5
    s.levels[0][0] = 5
    s.metropolis[0] = a
    from ratgames_lab.catan.combined.improvements import takes_metropolis
    assert not takes_metropolis(s, 1, 0, 5)


def test_the_barbarians_cannot_reduce_a_metropolis_city():
    s = playing(fresh(3))
    a = site_on(s, tile(s, "wool"))
    build(s, 0, a, 2)
    s.metropolis[0] = a
    s.levels[0][0] = 4
    s.barbarian = 6
    s.after_load()
    roll(s, 1, 1, "ship")
    assert s.attacks == 1 and s.node_level[a] == 2 and s.phase in ("main", "draw_progress")


# --------------------------------------------------------------------------------------------------
# victory
# --------------------------------------------------------------------------------------------------
def test_victory_only_on_ones_own_turn_at_the_target():
    s = main_phase(playing(fresh(3, vp_target=15)), active=1)
    topo = s.comp.topo
    placed = []
    for v in range(topo.n_nodes):
        if len(placed) == 7:
            break
        if s.comp.building_site[v] and all(u not in placed for u in topo.node_nbrs[v]):
            placed.append(v)
    for v in placed:
        build(s, 0, v, 2)  # more cities than the supply, fine for a VP count: 14 VP
    s.node_level[placed[-1]] = 1
    s.after_load()
    s.defenders[0] = 2
    assert s.vp(0) == 15
    s.apply(EndTurn())  # player 2's turn ends: player 3 (seat 2) to play
    assert s.phase == "roll" and s.winner == -1
    s.apply(Roll())
    s.apply(RollDice(1, 2, "ship"))
    while s.phase != "main":
        s.apply(s.legal_actions()[0] if s.current_player != CHANCE else s.chance_outcomes()[0][0])
    assert s.winner == -1  # 15 VP on another player's turn do not win
    s.apply(EndTurn())
    assert s.active == 0 and s.winner == 0 and s.phase == "over"  # at the start of their own turn they do


def test_discard_refuses_a_card_not_held():
    s = playing(fresh(3))
    give(s, 0, ore=8)
    roll(s, 3, 4)
    unchanged_after(s, Discard("cloth"), "seven.discard")
    unchanged_after(s, BuildCity(0), "turn.phase")


def test_on_a_seven_with_a_gate_the_progress_cards_come_before_the_discards():
    s = playing(fresh(3))
    s.levels[1][0] = 5
    give(s, 1, ore=9)
    roll(s, 3, 4, "trade")
    assert s.phase == "draw_progress" and s.pending[0][1] == 1
    s.apply(s.chance_outcomes()[0][0])
    assert s.phase == "discard" and s.current_player == 1


def test_trade_level_three_gives_commodities_at_two_to_one_at_once():
    from ratgames_lab.catan.actions import BankTrade
    s = main_phase(playing(fresh(3)))
    build(s, 0, site_on(s, tile(s, "wool")), 2)
    s.levels[0][0] = 2
    give(s, 0, cloth=3)
    s.apply(Improve("trade"))
    assert s.rates[0][CLOTH] == 2 and s.rates[0][ORE] == 4  # at once, not at the next reload
    give(s, 0, cloth=2)
    s.apply(BankTrade("cloth", "ore"))
    assert s.hands[0][CLOTH] == 0 and s.hands[0][ORE] == 1
