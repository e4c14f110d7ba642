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
from ratgames_lab.catan.actions import Dice, Roll

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
    # the stated values at 6 and 25 rolls (and the thresholds), by seeded simulation within 4 standard errors
    rng = random.Random(2026)
    trials = 20000

    def freq(sums, k):
        return sum(any(rng.randint(1, 6) + rng.randint(1, 6) in sums for _ in range(k))
                   for _ in range(trials)) / trials

    for sums, k, p in (({5}, 6, Fraction(269297, 531441)), ({2}, 25, 1 - Fraction(35, 36) ** 25),
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


@pytest.mark.parametrize("hand,lost", [(6, 0), (7, 0), (8, 4), (9, 4), (10, 5), (11, 5), (12, 6)])
def test_discard_table_in_the_engine(hand, lost):
    assert discards_on_a_seven(hand) == lost


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
