"""Exact odds checked against enumeration through the engine (all 36 dice outcomes) and against simulation."""
from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

from ratgames_lab.catan import Game
from ratgames_lab.catan.actions import DICE
from ratgames_lab.catan.board import BASE_BOARD, SPIRAL_TOKENS
from ratgames_lab.catan.odds import (chance_of_seven, chance_resource_within, chance_within, dice_distribution,
                                     discard_count, expected_discard, node_production, pips, player_production,
                                     production_heat, robber_cost)
from ratgames_lab.catan.scenarios import build_position

G = Game(4, seed=0)
# player 0: a city on 24 (wool 11, desert, lumber 3) and a settlement on 12 (ore 5, grain 2, brick 9);
# player 1: a settlement on 35 (desert, ore 5, grain 6) and a city on 20; player 2: a settlement on 45
POSITION = dict(phase="dice", cities={24: 0, 20: 1}, settlements={12: 0, 35: 1, 45: 2})


def gains_by_outcome(state, player):
    """The cards ``player`` receives for each of the 36 ordered dice outcomes, through the engine."""
    out = []
    for red, yellow in itertools.product(range(6), range(6)):
        s = state.clone()
        before = sum(s.hands[player])
        s.apply(DICE[red][yellow])
        out.append((red + yellow + 2, sum(s.hands[player]) - before, s.hands[player][:]))
    return out


def test_dice_distribution_and_pips_match_the_36_outcomes():
    counts = {}
    for a, b in itertools.product(range(1, 7), repeat=2):
        counts[a + b] = counts.get(a + b, 0) + 1
    dist = dice_distribution()
    assert dist == {s: Fraction(c, 36) for s, c in counts.items()}
    assert sum(dist.values()) == 1
    assert all(pips(s) == counts[s] for s in counts if s != 7) and pips(7) == 0
    assert sum(pips(n) for n in SPIRAL_TOKENS) == 58
    assert chance_of_seven() == Fraction(1, 6)


def test_player_production_mean_and_variance_equal_the_engine_enumeration():
    for robber in (9, 4, 5):  # desert; a tile under player 0's settlement; a tile under player 0's city
        s = build_position(G, robber=robber, **POSITION)
        for p in (0, 1, 2):
            gains = [g for _, g, _ in gains_by_outcome(s, p)]
            mean = Fraction(sum(gains), 36)
            var = Fraction(sum(g * g for g in gains), 36) - mean * mean
            prod = player_production(s, p)
            assert prod["mean"] == mean and prod["variance"] == var, (robber, p)
            assert sum(prod["per_resource"].values()) == mean
    s = build_position(G, **POSITION)
    assert player_production(s, 0)["mean"] > 0 and player_production(s, 3)["mean"] == 0


def test_node_production_and_heat_map():
    s = build_position(G, **POSITION)
    v = 24  # tiles 5 (wool 11), 9 (desert), 10 (lumber 3)
    prod = node_production(s, v)
    assert prod["wool"] == Fraction(2, 36) and prod["lumber"] == Fraction(2, 36) and prod["ore"] == 0
    assert node_production(s, v, level=2)["wool"] == Fraction(4, 36)
    heat = production_heat(s)
    assert len(heat) == 54 and heat[v] == Fraction(4, 36)
    # the best spot of the base board by pips
    assert max(heat) == max(sum(pips(s.number[t]) for t in BASE_BOARD.topo.node_tiles[u] if s.terrain[t] < 5)
                            for u in range(54)) / Fraction(36)


def test_production_matches_a_seeded_simulation():
    s = build_position(G, **POSITION)
    rng = random.Random(7)
    n = 4000
    total = 0
    totals_sq = 0
    for _ in range(n):
        t = s.clone()
        before = sum(t.hands[0])
        t.apply(t.sample_chance(rng))
        g = sum(t.hands[0]) - before
        total += g
        totals_sq += g * g
    prod = player_production(s, 0)
    mean = total / n
    se = math.sqrt(float(prod["variance"]) / n)
    assert abs(mean - float(prod["mean"])) < 4 * se


def test_chance_within_k_rolls_against_enumeration_and_simulation():
    numbers = (6, 8)
    p1 = chance_within(numbers, 1)
    assert p1 == Fraction(10, 36)
    hits = sum(1 for a, b in itertools.product(range(2, 13), repeat=2) if a in numbers or b in numbers)
    weights = dice_distribution()
    exact2 = sum(weights[a] * weights[b] for a, b in itertools.product(range(2, 13), repeat=2)
                 if a in numbers or b in numbers)
    assert hits > 0 and chance_within(numbers, 2) == exact2
    rng = random.Random(3)
    trials = 20000
    got = sum(any(rng.randint(1, 6) + rng.randint(1, 6) in numbers for _ in range(3)) for _ in range(trials))
    p3 = float(chance_within(numbers, 3))
    assert abs(got / trials - p3) < 4 * math.sqrt(p3 * (1 - p3) / trials)
    # a resource for a player: player 0 gets ore on 5 only (tile 0, settlement 12)
    s = build_position(G, **POSITION)
    assert chance_resource_within(s, 0, "ore", 1) == Fraction(4, 36)
    assert chance_resource_within(s, 3, "ore", 5) == 0


def test_seven_and_the_expected_discard():
    assert [discard_count(h) for h in (0, 7, 8, 9, 10, 15)] == [0, 0, 4, 4, 5, 7]
    for hand in (5, 8, 11):
        outcomes = [hand // 2 if a + b == 7 and hand > 7 else 0 for a, b in itertools.product(range(1, 7), repeat=2)]
        assert expected_discard(hand) == Fraction(sum(outcomes), 36)


def test_robber_cost_is_the_production_lost_with_the_robber_there():
    base = build_position(G, **POSITION)
    costs = robber_cost(base)
    assert set(costs) == set(range(19))
    for t in (0, 4, 5, 10, 11, 17):
        moved = build_position(G, robber=t, **POSITION)
        for p in range(3):
            lost = player_production(base, p)["mean"] - player_production(moved, p)["mean"]
            assert costs[t][p] == lost, (t, p)
    assert costs[9] == [0, 0, 0, 0]  # the desert
