"""Every probability stated in lesson 31 (the nun row), recomputed without odds.py and compared with the text.

The independent method: count the rows card by card (a subset count by size and nun total, one physical card at
a time), never by classes of cards as odds.py does; the with-replacement law by listing every sequence of values.
"""
from __future__ import annotations

import math
from fractions import Fraction
from itertools import product

import ratgames_lab as rl

DECK = [4] * 24 + [3] * 12 + [2] * 12 + [1] * 12 + [0] * 24  # the rulebook's 84 Population cards, by nuns
ONE_CLASS = [4] * 4 + [3] * 2 + [2] * 2 + [1] * 2 + [0] * 4  # the reconstruction's split: one class of 14


def rows_by_total(cards: list[int], size: int) -> dict[int, int]:
    """How many sets of ``size`` of these physical cards show each nun total (one card at a time)."""
    ways = {(0, 0): 1}
    for v in cards:
        nxt = dict(ways)
        for (k, t), n in ways.items():
            if k < size:
                nxt[(k + 1, t + v)] = nxt.get((k + 1, t + v), 0) + n
        ways = nxt
    return {t: n for (k, t), n in ways.items() if k == size}


def p_at_least(cards: list[int], size: int, need: int) -> Fraction:
    """P(``size`` cards dealt from ``cards`` show at least ``need`` nuns)."""
    counts = rows_by_total(cards, size)
    return Fraction(sum(n for t, n in counts.items() if t >= need), math.comb(len(cards), size))


def without(cards: list[int], values: list[int]) -> list[int]:
    """The cards left once these values are seen elsewhere."""
    rest = list(cards)
    for v in values:
        rest.remove(v)
    return rest


def about(p: Fraction, percent: float, digits: int = 2) -> bool:
    """True if ``p`` rounds to the stated percentage."""
    return round(float(p) * 100, digits) == percent


def test_section_1_a_one_class_row():
    counts = rows_by_total(ONE_CLASS, 5)
    assert sum(counts.values()) == 2002 and counts.get(0, 0) == 0 and counts[1] == 2
    p = p_at_least(ONE_CLASS, 5, 10)
    assert p == Fraction(1130, 2002) == Fraction(565, 1001) and about(p, 56.4, 1)
    assert Fraction(sum(ONE_CLASS), 14) == 2


def test_section_2_the_whole_deck_and_10_rats():
    p = p_at_least(DECK, 5, 10)
    assert p == Fraction(475043, 857556) and round(float(p), 4) == 0.5539
    counts = rows_by_total(DECK, 5)
    assert Fraction(sum(t * n for t, n in counts.items()), math.comb(84, 5)) == 10


def test_section_3_with_and_without_replacement():
    exact = {t: Fraction(n, math.comb(84, 5)) for t, n in rows_by_total(DECK, 5).items()}
    drawn = {}
    for seq in product([4, 3, 2, 1, 0], repeat=5):  # every sequence of 5 values, with its chance
        w = math.prod(Fraction(DECK.count(v), 84) for v in seq)
        drawn[sum(seq)] = drawn.get(sum(seq), 0) + w

    def sd(d):
        m = sum(t * p for t, p in d.items())
        return math.sqrt(sum((t - m) ** 2 * p for t, p in d.items()))

    def tails(d):
        return sum(p for t, p in d.items() if t <= 5 or t >= 15)

    assert round(sd(exact), 4) == 3.4982 and round(sd(drawn), 4) == 3.5857
    assert about(tails(exact), 20.71) and about(tails(drawn), 21.93)
    var = lambda d: sum(t * t * p for t, p in d.items()) - sum(t * p for t, p in d.items()) ** 2  # noqa: E731
    assert var(exact) / var(drawn) == Fraction(79, 83) and Fraction(14 - 5, 14 - 1) == Fraction(9, 13)


def test_section_5_red_and_blue_from_their_own_hands():
    state = rl.load_game("rattus_cartus", players=4, seed=1).new_state()
    nuns = state.comp.nuns
    red = [nuns[c] for c in state.hands[0]]
    blue = [nuns[c] for c in state.hands[3]]
    assert sorted(blue) == [1, 1, 3, 4, 4] and sorted(red) == [0, 1, 2, 3, 4]  # "one card of each value"
    p_red = p_at_least(without(DECK, red), 5, 10)
    assert about(p_red, 55.35)
    p_blue = p_at_least(without(DECK, blue), 5, 10)
    assert p_blue == Fraction(363999, 682955) and about(p_blue, 53.30)
    from ratgames_lab.rattus_cartus import survival_now
    assert survival_now(state, 0) == p_red and survival_now(state, 3) == p_blue  # the engine's model is this one


def test_section_6_bayes_after_looks():
    assert Fraction(DECK.count(4), 84) == Fraction(24, 84)
    after = lambda looks, rats: p_at_least(without(DECK, looks), 5 - len(looks), rats - sum(looks))  # noqa: E731
    assert about(after([4], 10), 76.75) and about(after([0], 10), 33.30)
    assert about(p_at_least(DECK, 5, 10), 55.39)
    two_zeros = after([0, 0], 10)
    assert two_zeros == Fraction(1279, 11070) and about(two_zeros, 11.6, 1)
    assert after([0, 0], 6) == Fraction(2591, 4428) and about(after([0, 0], 6), 58.5, 1)
    assert after([0, 0], 7) == Fraction(75, 164) and about(after([0, 0], 7), 45.7, 1)


def test_section_7_the_curve_is_steepest_at_10():
    steps = {r: p_at_least(DECK, 5, r) - p_at_least(DECK, 5, r + 1) for r in range(20)}
    assert max(steps, key=steps.get) == 10 and 0.10 <= steps[10] < 0.11  # "about 10 points"


def test_section_8_monastery_against_farm():
    now = p_at_least(DECK, 5, 10)
    assert about(now, 55.39) and about(p_at_least(DECK, 5, 8), 75.79)
    # the Farm: 4 more cards from the same shuffled deck, then the estimate from the 80 cards left
    farm = Fraction(0)
    for four, ways in rows_by_total_multiset(DECK, 4):
        farm += Fraction(ways, math.comb(84, 4)) * p_at_least(without(DECK, list(four)), 5, 10)
    assert farm == now
    # exercise 5: 12 rats and a known 4, against a Monastery's 10 rats
    red_now = p_at_least(without(DECK, [4]), 4, 12 - 4)
    red_monastery = p_at_least(without(DECK, [4]), 4, 10 - 4)
    assert red_now == Fraction(338281, 612540) and about(red_now, 55.23)
    assert red_monastery == Fraction(1410299, 1837620) and about(red_monastery, 76.75)
    assert round(float(red_monastery - red_now) * 100, 1) == 21.5


def rows_by_total_multiset(cards: list[int], size: int):
    """Each multiset of ``size`` nun values with the number of card sets showing it (for the Farm's draws)."""
    ways = {((), 0): 1}
    for v in cards:
        nxt = dict(ways)
        for (vals, k), n in ways.items():
            if k < size:
                key = (tuple(sorted(vals + (v,))), k + 1)
                nxt[key] = nxt.get(key, 0) + n
        ways = nxt
    for (vals, k), n in ways.items():
        if k == size:
            yield vals, n


def test_lesson_30_an_unlucky_row_of_4_nuns_or_fewer():
    p = 1 - p_at_least(DECK, 5, 5)
    assert round(float(p) * 100) == 6  # "about 6 times in 100"
