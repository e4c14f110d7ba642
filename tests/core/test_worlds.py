"""core.worlds: the exact distribution agrees with brute-force enumeration and with sampling."""
import random
from collections import Counter
from fractions import Fraction

import pytest

from ratgames_lab.core.worlds import Deal, HiddenWorlds

# Rattus-like: 3 setup slots drawn from 5 setup tokens; the 2 unused join 4 others, 3 dealt to later slots
SETUP = ["s1", "s2", "s3", "s4", "s5"]
OTHER = ["o1", "o2", "o3", "o4"]
WORLDS = HiddenWorlds([Deal(["A0", "B0", "C0"], SETUP), Deal(["A1", "B1", "X"], OTHER)])
RATS = {"s1": 1, "s2": 1, "s3": 2, "s4": 3, "s5": 0, "o1": 0, "o2": 1, "o3": 2, "o4": 2}


def brute(worlds, slots, key):
    counts, total = Counter(), 0
    for w in worlds.enumerate():
        counts[tuple(key(w[s]) for s in slots)] += 1
        total += 1
    return {k: Fraction(v, total) for k, v in counts.items()}


@pytest.mark.parametrize("slots", [["A0"], ["A1"], ["A0", "A1"], ["B1", "C0", "X"], ["X"]])
def test_distribution_equals_enumeration(slots):
    exact = WORLDS.distribution(slots, key=RATS.get)
    assert exact == brute(WORLDS, slots, RATS.get)
    assert sum(exact.values()) == 1


def test_setup_slots_only_hold_setup_tokens():
    for w in WORLDS.enumerate():
        assert {w["A0"], w["B0"], w["C0"]} <= set(SETUP)
    rng = random.Random(3)
    for _ in range(500):
        w = WORLDS.sample(rng)
        assert {w["A0"], w["B0"], w["C0"]} <= set(SETUP)
        assert len(set(w.values())) == len(w)


def test_size_counts_worlds():
    assert WORLDS.size() == 5 * 4 * 3 * 6 * 5 * 4 == sum(1 for _ in WORLDS.enumerate())


def test_sampling_matches_exact_marginal():
    exact = WORLDS.marginal("A1", key=RATS.get)
    n, rng = 20000, random.Random(7)
    freq = Counter(RATS[WORLDS.sample(rng)["A1"]] for _ in range(n))
    for k, p in exact.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(freq[k] / n - float(p)) < 4 * sd + 1e-9, (k, freq[k] / n, float(p))


def test_probability_and_unknown_slot():
    p = WORLDS.probability(lambda o: o[0] >= 2, ["A0"], key=RATS.get)
    assert p == Fraction(2, 5)  # s3 (2 rats) and s4 (3 rats) among 5 setup tokens
    with pytest.raises(KeyError):
        WORLDS.distribution(["nowhere"])


def test_too_few_items_refused():
    with pytest.raises(ValueError):
        HiddenWorlds([Deal(["a", "b"], ["x"])])
    with pytest.raises(ValueError):
        HiddenWorlds([Deal(["a"], ["x", "y"]), Deal(["a"], [])])


def test_contains_is_exactly_the_support():
    worlds = list(WORLDS.enumerate())
    assert all(WORLDS.contains(w) for w in worlds[:2000])
    w = dict(worlds[0])
    w["A0"], w["X"] = w["X"], w["A0"]  # an ordinary token in a setup slot
    assert w["A0"] in OTHER and not WORLDS.contains(w)
    assert not WORLDS.contains({"A0": "s1"})


def test_a_later_deal_is_asked_quickly_even_after_a_deal_of_many_distinct_items():
    numbers = [f"n{i}" for i in range(35)]
    worlds = HiddenWorlds([Deal([("hand", i) for i in range(20)] + [("deck", i) for i in range(15)], numbers),
                           Deal(["r0", "r1"], ["a", "b", "b"])])
    assert worlds.marginal("r0") == {"a": Fraction(1, 3), "b": Fraction(2, 3)}
    assert worlds.marginal(("hand", 3))["n7"] == Fraction(1, 35)
