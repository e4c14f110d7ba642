"""core.odds: exact Fraction distributions checked against brute-force enumeration, and the simulation helpers."""
from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations, product

import pytest

from ratgames_lab.core import odds


@pytest.mark.parametrize("population, successes, draws", [(10, 4, 3), (9, 0, 4), (9, 9, 4), (7, 3, 7), (12, 5, 0),
                                                          (45, 9, 2), (8, 5, 6)])
def test_hypergeom_matches_enumeration(population, successes, draws):
    items = [i < successes for i in range(population)]
    counts = Counter(sum(combo) for combo in combinations(items, draws))
    total = math.comb(population, draws)
    assert sum(counts.values()) == total
    expected = {k: Fraction(n, total) for k, n in counts.items()}
    assert odds.hypergeom(population, successes, draws) == expected
    for k in range(-1, draws + 2):
        assert odds.hypergeom_pmf(k, population, successes, draws) == expected.get(k, Fraction(0))
    odds.check_dist(expected)


def test_convolve_two_dice():
    die = odds.uniform(range(1, 7))
    two = odds.convolve(die, die)
    brute = Counter(a + b for a, b in product(range(1, 7), repeat=2))
    assert two == {s: Fraction(n, 36) for s, n in brute.items()}
    assert odds.convolve(die, die, op=max)[6] == Fraction(11, 36)
    odds.check_dist(two)


def test_expectation_and_probability():
    die = odds.uniform(range(1, 7))
    assert odds.expectation(die) == Fraction(7, 2)
    assert odds.expectation(die, lambda x: x * x) == Fraction(91, 6)
    assert odds.probability(die, lambda x: x % 2 == 0) == Fraction(1, 2)
    assert isinstance(odds.expectation({}), Fraction) and odds.expectation({}) == 0


def test_uniform_counts_repeats():
    assert odds.uniform(["a", "b", "a", "a"]) == {"a": Fraction(3, 4), "b": Fraction(1, 4)}


@pytest.mark.parametrize("dist", [{1: Fraction(1, 2)}, {1: Fraction(1, 2), 2: Fraction(2, 3)},
                                  {1: 0.5, 2: Fraction(1, 2)}, {1: Fraction(-1, 2), 2: Fraction(3, 2)}])
def test_check_dist_rejects_bad_distributions(dist):
    with pytest.raises(ValueError):
        odds.check_dist(dist)


def test_subsets_probability_by_enumeration():
    pool = list(range(1, 10))
    p = odds.subsets_probability(pool, 3, lambda c: sum(c) <= 10)
    hits = sum(1 for c in combinations(pool, 3) if sum(c) <= 10)
    assert p == Fraction(hits, math.comb(9, 3))
    assert odds.subsets_probability(pool, 0, lambda c: c == ()) == 1


def test_simulation_is_seeded_and_close_to_the_exact_value():
    die_even = lambda rng: rng.randrange(1, 7) % 2 == 0  # noqa: E731
    n = 20_000
    sim = odds.simulate(die_even, n, seed=3)
    assert sim == odds.simulate(die_even, n, seed=3)
    assert abs(sim[True] - 0.5) <= odds.tolerance(0.5, n)
    freq = odds.running_frequency(die_even, n, seed=3)
    assert len(freq) == n and freq[-1] == sim[True]
    assert abs(freq[-1] - 0.5) <= odds.tolerance(0.5, n)


def test_tolerance_shrinks_with_more_trials():
    assert odds.tolerance(0.3, 100) > odds.tolerance(0.3, 10_000) > 0
    assert odds.tolerance(0.0, 100) > 0  # never zero, even for certain events
