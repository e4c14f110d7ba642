"""Every number the Catan lessons state, recomputed independently of ``catan.odds``.

Production is counted by playing all 36 dice outcomes through the engine (``Roll`` then ``Dice``), sequences of
rolls are enumerated with ``itertools.product``, and the long-run claims are checked by seeded simulation.
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab.catan import scenarios
from ratgames_lab.catan.actions import BuildSettlement, Dice, Roll

OUTCOMES = list(itertools.product(range(1, 7), repeat=2))


def game4():
    return rl.load_game("catan", players=4, seed=51)


def engine_law(settlements=None, cities=None, player=0, game=None) -> dict[int, Fraction]:
    """P(player receives c cards on one roll), by applying each of the 36 dice outcomes in the engine."""
    game = game or game4()
    state = scenarios.build_position(game, settlements=settlements or {}, cities=cities or {}, phase="roll",
                                     active=player)
    law: dict[int, Fraction] = {}
    for red, yellow in OUTCOMES:
        after = state.clone()
        after.apply(Roll())
        after.apply(Dice(red, yellow))
        got = sum(after.hands[player])
        law[got] = law.get(got, Fraction(0)) + Fraction(1, 36)
    return law


def mean_var(law: dict[int, Fraction]) -> tuple[Fraction, Fraction]:
    mean = sum((c * p for c, p in law.items()), Fraction(0))
    return mean, sum(((c - mean) ** 2 * p for c, p in law.items()), Fraction(0))


# -- lesson 51: the dice -------------------------------------------------------------------------------
def test_dice_sums_and_their_moments():
    counts = {s: sum(r + y == s for r, y in OUTCOMES) for s in range(2, 13)}
    assert counts == {2: 1, 3: 2, 4: 3, 5: 4, 6: 5, 7: 6, 8: 5, 9: 4, 10: 3, 11: 2, 12: 1}
    assert Fraction(counts[6] + counts[8], 36) == Fraction(5, 18) and Fraction(counts[7], 36) == Fraction(1, 6)
    die_mean = Fraction(sum(range(1, 7)), 6)
    die_var = sum((Fraction(d) - die_mean) ** 2 for d in range(1, 7)) / 6
    assert (die_mean, die_var) == (Fraction(7, 2), Fraction(35, 12))
    for f in (lambda r, y: r + y, lambda r, y: r - y):
        values = [Fraction(f(r, y)) for r, y in OUTCOMES]
        mean = sum(values) / 36
        assert sum((v - mean) ** 2 for v in values) / 36 == Fraction(35, 6)
    assert sum(r - y for r, y in OUTCOMES) == 0 and sum(r + y for r, y in OUTCOMES) == 7 * 36


def test_spot_40_settlement_and_city_in_the_engine():
    assert mean_var(engine_law(settlements={40: 0})) == (Fraction(1, 3), Fraction(2, 9))
    assert mean_var(engine_law(cities={40: 0})) == (Fraction(2, 3), Fraction(8, 9))


def test_spot_40_running_average_stays_in_its_band():
    """The lesson's seeded 2000 rolls: inside the ±2 SE band at 10, 100, 1000 and 2000 rolls."""
    rng = random.Random(51)
    rolls = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(2000)]
    got = [int(r + y in (5, 6, 10)) for r, y in rolls]
    for n in (10, 100, 1000, 2000):
        assert abs(sum(got[:n]) / n - 1 / 3) <= 2 * (2 / 9 / n) ** 0.5


def chance_within_enumerated(sums: set[int], k: int) -> Fraction:
    """P(at least one of k rolls shows a sum in ``sums``), by enumerating the sequences of k sums, each weighted by
    its number of dice outcomes (the 36**k sequences, grouped)."""
    ways = {s: sum(r + y == s for r, y in OUTCOMES) for s in range(2, 13)}
    hit = 0
    for seq in itertools.product(ways, repeat=k):
        if any(s in sums for s in seq):
            weight = 1
            for s in seq:
                weight *= ways[s]
            hit += weight
    return Fraction(hit, 36 ** k)


def test_first_ore_and_first_brick_by_enumeration_and_simulation():
    assert chance_within_enumerated({5}, 1) == Fraction(1, 9)
    assert chance_within_enumerated({5}, 2) == Fraction(17, 81)
    assert chance_within_enumerated({5}, 3) == 1 - Fraction(8, 9) ** 3
    assert chance_within_enumerated({5}, 4) == Fraction(2465, 6561)
    # the stated values at 6 and 25 rolls (and the thresholds), by seeded simulation within 4 standard errors
    rng = random.Random(2026)
    trials = 20000

    def freq(sums, k):
        return sum(any(rng.randint(1, 6) + rng.randint(1, 6) in sums for _ in range(k))
                   for _ in range(trials)) / trials

    for sums, k, p in (({5}, 6, Fraction(269297, 531441)), ({5}, 8, Fraction(26269505, 43046721)),
                       ({5}, 12, Fraction(213710059745, 282429536481)), ({2}, 25, 1 - Fraction(35, 36) ** 25),
                       ({2}, 24, 1 - Fraction(35, 36) ** 24)):
        se = (float(p) * (1 - float(p)) / trials) ** 0.5
        assert abs(freq(sums, k) - float(p)) < 4 * se
    assert 1 - Fraction(8, 9) ** 5 < Fraction(1, 2) <= 1 - Fraction(8, 9) ** 6
    assert 1 - Fraction(35, 36) ** 24 < Fraction(1, 2) <= 1 - Fraction(35, 36) ** 25


def discards_on_a_seven(hand: int) -> int:
    """Cards the engine makes a player holding ``hand`` cards discard on a 7."""
    game = game4()
    cards = {"brick": min(hand, 4), "lumber": min(max(hand - 4, 0), 4), "wool": max(hand - 8, 0)}
    state = scenarios.build_position(game, settlements={40: 1}, phase="roll", hands={1: cards})
    state.apply(Roll())
    state.apply(Dice(3, 4))
    return state.discard_left[1]


@pytest.mark.parametrize("hand,lost,per_roll", [(6, 0, 0), (7, 0, 0), (8, 4, Fraction(2, 3)), (9, 4, Fraction(2, 3)),
                                               (10, 5, Fraction(5, 6)), (11, 5, Fraction(5, 6)), (12, 6, 1)])
def test_discard_table_in_the_engine(hand, lost, per_roll):
    assert discards_on_a_seven(hand) == lost
    assert Fraction(sum(r + y == 7 for r, y in OUTCOMES), 36) * lost == per_roll


def test_holding_eight_or_ten_cards_through_three_rolls():
    """At least one 7 in 3 rolls, enumerated; the hand left after one discard is safe (the engine: 4 and 5)."""
    p = chance_within_enumerated({7}, 3)
    assert p == Fraction(91, 216)
    assert discards_on_a_seven(8) * p == Fraction(91, 54) and discards_on_a_seven(4) == 0
    assert discards_on_a_seven(10) * p == Fraction(455, 216) and discards_on_a_seven(5) == 0


def test_steady_and_streaky_players():
    steady, streaky = engine_law(settlements={8: 0, 10: 0}), engine_law(settlements={4: 0, 44: 0})
    assert mean_var(steady) == (Fraction(19, 36), Fraction(323, 1296))
    assert mean_var(streaky) == (Fraction(19, 36), Fraction(827, 1296))
    assert steady == {0: Fraction(17, 36), 1: Fraction(19, 36)}
    assert streaky == {0: Fraction(2, 3), 1: Fraction(5, 36), 2: Fraction(7, 36)}
    # a drought of 4 rolls, enumerated over the sequences of 4 sums through each player's cards-per-sum table
    for law_sums, want in ((_paying_sums({8: 0, 10: 0}), Fraction(83521, 1679616)),
                           (_paying_sums({4: 0, 44: 0}), Fraction(16, 81))):
        assert 1 - chance_within_enumerated(law_sums, 4) == want


def _paying_sums(settlements) -> set[int]:
    """The dice sums that pay player 0 at least one card, found by the engine."""
    game = game4()
    state = scenarios.build_position(game, settlements=settlements, phase="roll")
    paying = set()
    for red, yellow in OUTCOMES:
        after = state.clone()
        after.apply(Roll())
        after.apply(Dice(red, yellow))
        if sum(after.hands[0]):
            paying.add(red + yellow)
    return paying


# -- lesson 50: the rules --------------------------------------------------------------------------------
def pips_by_counting(number: int | None) -> int:
    return sum(r + y == number for r, y in OUTCOMES) if number and number != 7 else 0


def test_board_counts_from_the_data_file_and_geometry():
    """The base board file read as plain JSON, and its corners and sides found by hex geometry (not the engine)."""
    import json
    import math
    from collections import Counter
    from pathlib import Path

    import ratgames_lab.catan

    data = json.loads((Path(ratgames_lab.catan.__file__).parent / "data" / "base_board.json").read_text())
    tiles = data["tiles"]
    assert Counter(t["terrain"] for t in tiles) == {"grain": 4, "lumber": 4, "wool": 4, "brick": 3, "ore": 3,
                                                    "desert": 1}
    assert sorted(t["number"] for t in tiles if t.get("number")) == [2, 3, 3, 4, 4, 5, 5, 6, 6, 8, 8, 9, 9, 10, 10,
                                                                      11, 11, 12]
    assert Counter(h["kind"] for h in data["harbours"]) == {"3:1": 4, "brick": 1, "lumber": 1, "wool": 1,
                                                           "grain": 1, "ore": 1}

    def corners(t):
        cx, cy = math.sqrt(3) * (t["q"] + t["r"] / 2), 1.5 * t["r"]
        return [(round(cx + math.cos(math.radians(60 * k + 30)), 6) + 0.0,
                 round(cy + math.sin(math.radians(60 * k + 30)), 6) + 0.0) for k in range(6)]

    touching: dict = {}
    sides = set()
    for t in tiles:
        cs = corners(t)
        for c in cs:
            touching[c] = touching.get(c, 0) + 1
        sides |= {frozenset((cs[k], cs[(k + 1) % 6])) for k in range(6)}
    assert len(touching) == 54 and len(sides) == 72
    assert Counter(touching.values()) == {3: 24, 2: 12, 1: 18}  # land: 24; coast: 12 + 18 = 30
    degree = Counter(c for side in sides for c in side)
    assert Counter(degree.values()) == {2: 18, 3: 36}
    # the diameter, by breadth-first search from every corner
    nbrs: dict = {c: set() for c in touching}
    for side in sides:
        a, b = tuple(side)
        nbrs[a].add(b)
        nbrs[b].add(a)

    def eccentricity(start):
        seen, frontier, d = {start}, [start], 0
        while frontier:
            frontier = [n for c in frontier for n in nbrs[c] if n not in seen]
            seen |= set(frontier)
            d += bool(frontier)
        return d

    assert max(eccentricity(c) for c in touching) == 11


def test_lesson_50_spots_and_the_distance_rule():
    game = game4()
    state = game.new_state()
    topo = game.board.topo
    pips = {v: sum(pips_by_counting(state.number[t]) for t in topo.node_tiles[v]) for v in range(topo.n_nodes)}
    best = sorted(pips, key=lambda v: (-pips[v], v))[:5]
    assert [(v, pips[v]) for v in best] == [(40, 12), (44, 12), (45, 12), (8, 11), (39, 11)]
    # after settlements on 40, 8 and 39: intersections at graph distance >= 2 from all three, by the NetworkX graph
    import networkx as nx
    G = game.board.graph
    keys = topo.node_keys
    near = set()
    for v in (40, 8, 39):
        near |= set(nx.single_source_shortest_path_length(G, keys[v], cutoff=1))
    free = [v for v in range(topo.n_nodes) if keys[v] not in near]
    assert len(free) == 43 and max(free, key=lambda v: (pips[v], -v)) == 9 and pips[9] == 10


# -- lesson 52: what if ---------------------------------------------------------------------------------
def last_setup():
    return rl.load_position(scenarios.build("catan_last_setup"))


def test_lesson_52_options_by_the_engine():
    """Player 1's production with each candidate second settlement, by playing the 36 dice in the engine."""
    game, state = last_setup()
    assert len(state.legal_actions()) == 31
    pieces = {v: state.node_owner[v] for v in range(game.board.topo.n_nodes) if state.node_owner[v] >= 0}

    def law(v):
        return engine_law(settlements={**pieces, v: 0}, game=game)

    m17, v17 = mean_var(law(17))
    m48, v48 = mean_var(law(48))
    m19, v19 = mean_var(law(19))
    assert (m17, m48, m19) == (Fraction(5, 9), Fraction(5, 9), Fraction(19, 36))
    assert (round(float(v17), 3), round(float(v48), 3), round(float(v19), 3)) == (0.247, 0.414, 0.249)
    # the rest of the printed table: (spot, mean, variance to 3 decimals)
    for v, mean, var in ((23, Fraction(19, 36), 0.249), (25, Fraction(19, 36), 0.249), (49, Fraction(19, 36), 0.416),
                         (29, Fraction(19, 36), 0.471), (30, Fraction(19, 36), 0.527)):
        m, var_v = mean_var(law(v))
        assert m == mean and round(float(var_v), 3) == var, v
    # the best by mean: 17 and 48 (8 pips each), no other spot reaches 8
    means = {a.node: mean_var(law(a.node))[0] for a in state.legal_actions()}
    assert sorted(v for v, m in means.items() if m == max(means.values())) == [17, 48]
    # only 19 lets Player 1 produce all five resources (by the engine: the resources received over the 36 rolls)
    full = []
    for a in state.legal_actions():
        s = scenarios.build_position(game, settlements={**pieces, a.node: 0}, phase="roll")
        got = set()
        for red, yellow in OUTCOMES:
            after = s.clone()
            after.apply(Roll())
            after.apply(Dice(red, yellow))
            got |= {r for r in range(5) if after.hands[0][r]}
        if len(got) == 5:
            full.append(a.node)
    assert full == [19]


def test_lesson_52_layouts_and_the_swaps():
    from ratgames_lab.catan.board import SPIRAL_TOKENS, red_numbers_adjacent, spiral_numbers

    game, state = last_setup()
    topo = game.board.topo

    def best(numbers, k=1):
        free = [a.node for a in state.legal_actions()]
        score = {v: sum(pips_by_counting(numbers[t]) for t in topo.node_tiles[v]) for v in free}
        return sorted(free, key=lambda v: (-score[v], v))[:k], score

    assert best(state.number, 3)[0] == [17, 48, 19]
    spiral = spiral_numbers(game.board, state.terrain, list(SPIRAL_TOKENS), start=3)
    assert best(spiral)[0] == [25]
    assert sum(pips_by_counting(spiral[t]) for t in topo.node_tiles[40]) == 9
    rng = random.Random(52)
    shuffled = state.number[:]
    numbered = [t for t in range(topo.n_tiles) if state.number[t]]
    while True:
        tokens = [state.number[t] for t in numbered]
        rng.shuffle(tokens)
        for t, n in zip(numbered, tokens):
            shuffled[t] = n
        if not red_numbers_adjacent(game.board, shuffled):
            break
    assert best(shuffled)[0] == [31]
    assert sum(pips_by_counting(shuffled[t]) for t in topo.node_tiles[40]) == 9
    edited = state.number[:]
    edited[14], edited[3] = 2, 6
    top, score = best(edited)
    assert top == [17] and score[17] == 12
    assert sum(pips_by_counting(edited[t]) for t in topo.node_tiles[40]) == 8
    # exercise 2: the swaps that make 19 the only best spot all bring a richer token onto the wool 11 (tile 5)
    found = []
    for a in topo.node_tiles[19]:
        for b in range(topo.n_tiles):
            if pips_by_counting(state.number[b]) > pips_by_counting(state.number[a]):
                mine = state.number[:]
                mine[a], mine[b] = mine[b], mine[a]
                top2, score = best(mine, 2)
                if top2[0] == 19 and score[19] > score[top2[1]]:
                    found.append((a, b))
    assert len(found) == 8 and {a for a, _ in found} == {5}


def test_lesson_52_robber_cost_in_the_engine():
    """The cards each player stops receiving when the robber stands on tiles 14 and 2, by the engine."""
    game, state = last_setup()
    after = state.clone()
    after.apply(BuildSettlement(17))
    after.apply(after.legal_actions()[0])
    pieces = {v: after.node_owner[v] for v in range(game.board.topo.n_nodes) if after.node_owner[v] >= 0}

    def cards_on(number, robber):
        s = scenarios.build_position(game, settlements=pieces, phase="roll", robber=robber)
        rolls = [(r, y) for r, y in OUTCOMES if r + y == number][:1]
        s.apply(Roll())
        s.apply(Dice(*rolls[0]))
        return [sum(h) for h in s.hands]

    def loss(tile):
        number = after.number[tile]
        free, blocked = cards_on(number, after.robber), cards_on(number, tile)
        return [Fraction(f - b) * Fraction(pips_by_counting(number), 36) for f, b in zip(free, blocked)]

    from ratgames_lab.catan import odds
    printed = odds.robber_cost(after)   # the lesson's table comes from the library: every tile agrees with the engine
    for t in range(game.board.topo.n_tiles):
        assert printed[t] == (loss(t) if after.number[t] else [0, 0, 0, 0]), t
    assert loss(14) == [Fraction(5, 36), 0, Fraction(5, 36), 0]
    assert loss(2) == [0, Fraction(5, 36), 0, Fraction(5, 36)]
    costs = {t: loss(t) for t in range(game.board.topo.n_tiles) if after.number[t]}
    top = max(sum(c) for t, c in costs.items() if c[1] == 0)
    assert top == Fraction(5, 18) and [t for t, c in costs.items() if c[1] == 0 and sum(c) == top] == [14]


def test_lesson_52_bayes_after_two_steals():
    """The stolen cards' law, by weighting resource counts (not card positions), then conditioning."""
    from collections import Counter

    def law(need_after):
        """{(took, lost): probability} for the two steals, restricted to Player 3 then holding ``need_after``."""
        p2, p3 = Counter(brick=2, wool=1), Counter(lumber=2, wool=1)
        out = {}
        for took, a in p2.items():
            hand = p3 + Counter({took: 1})
            for lost, b in hand.items():
                left = hand - Counter({lost: 1}) + Counter(need_after.get("gain", {}))
                if all(left[r] >= k for r, k in need_after["cost"].items()):
                    out[(took, lost)] = out.get((took, lost), 0) + Fraction(a, 3) * Fraction(b, sum(hand.values()))
        total = sum(out.values())
        return {k: v / total for k, v in out.items()}, total

    prior, _ = law({"cost": {}})
    lost = lambda d, r: sum(p for (_, l), p in d.items() if l == r)  # noqa: E731
    assert [lost(prior, r) for r in ("brick", "lumber", "wool")] == [Fraction(1, 6), Fraction(1, 2), Fraction(1, 3)]
    road, p_road = law({"cost": {"brick": 1, "lumber": 1}})
    assert p_road == Fraction(6, 12)
    assert [lost(road, r) for r in ("brick", "lumber", "wool")] == [0, Fraction(2, 3), Fraction(1, 3)]
    assert sum(p for (t, _), p in road.items() if t == "brick") == 1
    settle, p_settle = law({"cost": {"brick": 1, "lumber": 1, "wool": 1, "grain": 1}, "gain": {"grain": 1}})
    assert p_settle == Fraction(4, 12) and [lost(settle, r) for r in ("brick", "lumber", "wool")] == [0, 1, 0]
