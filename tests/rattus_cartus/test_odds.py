"""Exact odds checked against the digest's table, brute-force enumeration on reduced decks and simulation."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from itertools import combinations, permutations

import pytest

from ratgames_lab.rattus_cartus import Game
from ratgames_lab.rattus_cartus.comp import shipped_comp
from ratgames_lab.rattus_cartus.odds import (after_looks, at_least, farm_survival, monastery_vs_farm,
                                             nun_sum_distribution, player_row_distribution, population_pool,
                                             remove_seen, row_distribution, survival, sword_outcome)

TABLE = {0: (.0014, 1), 5: (.0446, .9410), 8: (.0981, .7579), 9: (.1059, .6598), 10: (.1079, .5539),
         11: (.1059, .4461), 12: (.0981, .3402), 13: (.0781, .2421), 15: (.0446, .1036), 20: (.0014, .0014)}
SMALL = [0, 0, 0, 1, 1, 2, 3, 4, 4]  # a reduced deck: nun values of 9 cards


def pool_of(values):
    return dict(Counter(values))


def test_row_distribution_matches_the_digest_table():
    d = row_distribution(shipped_comp(4))
    assert sum(d.values()) == 1 and all(isinstance(p, Fraction) for p in d.values())
    for t, (exactly, least) in TABLE.items():
        assert round(float(d[t]), 4) == exactly
        assert round(float(at_least(d, t)), 4) == least
    assert sum(t * p for t, p in d.items()) == 10
    assert all(d[t] == d[20 - t] for t in range(21))
    assert round(float(survival(10, d)), 4) == 0.5539


def brute_sum(values, draws, known=0):
    out = Counter()
    combos = list(combinations(range(len(values)), draws))
    for combo in combos:
        out[known + sum(values[i] for i in combo)] += 1
    return {k: Fraction(v, len(combos)) for k, v in out.items()}


@pytest.mark.parametrize("draws", [1, 2, 3, 5])
def test_sum_distribution_against_enumeration(draws):
    assert nun_sum_distribution(pool_of(SMALL), draws) == brute_sum(SMALL, draws)


def test_bayes_after_looking_at_one_and_two_cards_against_enumeration():
    # every ordered row of 5 of the 9 cards; condition on the values seen at positions 0 and 1
    rows = list(permutations(range(len(SMALL)), 5))
    for looked in ([4], [0], [4, 3], [0, 0]):
        match = [r for r in rows if [SMALL[i] for i in r[:len(looked)]] == looked]
        brute = Counter(sum(SMALL[i] for i in r) for r in match)
        expected = {k: Fraction(v, len(match)) for k, v in brute.items()}
        assert after_looks(pool_of(SMALL), looked) == expected


def test_bayes_after_seeing_cards_elsewhere_against_enumeration():
    seen = [4, 4, 3]  # three cards seen in a hand: they are not in the row
    rest = list(SMALL)
    for v in seen:
        rest.remove(v)
    assert nun_sum_distribution(remove_seen(pool_of(SMALL), seen), 5) == brute_sum(rest, 5)
    # seeing high cards elsewhere lowers the row's expected nuns
    full = row_distribution(shipped_comp(4))
    pool = remove_seen(population_pool(shipped_comp(4)), [4, 4, 4, 4])
    lower = nun_sum_distribution(pool, 5)
    assert sum(t * p for t, p in lower.items()) < sum(t * p for t, p in full.items())


def test_row_distribution_against_simulation():
    comp = shipped_comp(4)
    d = row_distribution(comp)
    rng = random.Random(0)
    n = 20000
    freq = Counter(sum(rng.sample(comp.nuns, 5)) for _ in range(n))
    for t in (5, 8, 10, 12, 15):
        assert abs(freq[t] / n - float(d[t])) < 0.01


def test_player_view_matches_determinized_worlds():
    s = Game(players=3, seed=2).new_state()
    rng = random.Random(2)
    while not any(s.looks[p] for p in range(3)):
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
    p = next(q for q in range(3) if s.looks[q])
    d = player_row_distribution(s, p)
    assert sum(d.values()) == 1
    n = 4000
    freq = Counter(sum(s.comp.nuns[c] for c in s.determinize(p, rng).row) for _ in range(n))
    for t in range(21):
        assert abs(freq[t] / n - float(d.get(t, 0))) < 0.03


def test_monastery_against_farm():
    comp = shipped_comp(4)
    v = monastery_vs_farm(population_pool(comp), [], 10)
    assert v["monastery"] == at_least(row_distribution(comp), 8)
    assert v["farm_mean"] == v["now"]  # seeing cards refines the estimate, it does not move it on average
    assert v["monastery"] > v["now"]


def test_farm_survival_against_enumeration_on_a_reduced_deck():
    # 9 cards: 3 in the row (draw), 2 drawn by the Farm, the others elsewhere
    values = SMALL
    rats = 6
    expected: Counter = Counter()
    total = 0
    for drawn in combinations(range(9), 2):
        rest = [i for i in range(9) if i not in drawn]
        rows = list(combinations(rest, 3))
        ps = Fraction(sum(1 for r in rows if sum(values[i] for i in r) >= rats), len(rows))
        expected[ps] += 1
        total += 1
    got = farm_survival(pool_of(values), [], rats, cards=2, row_size=3)
    assert got == {k: Fraction(v, total) for k, v in expected.items()}


@pytest.mark.parametrize("mine,opp_hand,opp_swords,places", [(1, 6, 2, 3), (0, 5, 1, 2), (2, 7, 3, 4)])
def test_sword_outcome_against_enumeration_and_simulation(mine, opp_hand, opp_swords, places):
    my_hand = 5
    hand = [1] * opp_swords + [0] * (opp_hand - opp_swords)
    brute = Counter()
    subsets = list(combinations(range(opp_hand), places))
    for sub in subsets:
        k = sum(hand[i] for i in sub)
        gain = (opp_hand - places) // 2 if mine > k else (-(my_hand // 2) if mine < k else 0)
        brute[gain] += 1
    exact = sword_outcome(mine, my_hand, opp_hand, opp_swords, places)
    assert exact == {g: Fraction(c, len(subsets)) for g, c in brute.items()}
    rng = random.Random(1)
    sims = Counter()
    for _ in range(5000):
        k = sum(rng.sample(hand, places))
        sims[(opp_hand - places) // 2 if mine > k else (-(my_hand // 2) if mine < k else 0)] += 1
    for g, p in exact.items():
        assert abs(sims[g] / 5000 - float(p)) < 0.03


def test_survival_now_before_any_look_is_the_table_value_and_moves_with_a_look():
    from ratgames_lab.rattus_cartus.odds import survival_now
    from ratgames_lab.rattus_cartus.scenarios import new_game_state, set_hand
    s = new_game_state(4, seed=3)
    for p in range(4):
        set_hand(s, p, [])
    for c in range(s.comp.npop):
        s.seen[c] = s.knows[c] = 0
    assert survival_now(s, 0) == at_least(row_distribution(s.comp), 10)
    s.looks[0] = [0]
    s.knows[s.row[0]] = s.seen[s.row[0]] = 1
    look = s.comp.nuns[s.row[0]]
    assert survival_now(s, 0) == survival(10, after_looks(population_pool(s.comp), [look]))
