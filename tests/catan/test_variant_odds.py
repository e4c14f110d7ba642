"""The combined variant's exact odds against independent enumeration, first-step analysis and seeded simulation."""
from __future__ import annotations

import math
import random
from fractions import Fraction
from itertools import product

import pytest

from ratgames_lab.catan import variant_odds as vo
from ratgames_lab.core.odds import tolerance

# The event die written out from catan_facts.md "Event die", independently of the module.
FACES = ["ship", "ship", "ship", "trade", "politics", "science"]
COLOURS = ["trade", "politics", "science"]


def _draws(level: int, red: int) -> bool:
    """catan_facts.md "Progress-card draw": L >= 1 and red die <= L + 1."""
    return level >= 1 and red <= level + 1


def _cards_on_roll(levels: dict[str, int], red: int, face: str) -> int:
    return int(face in levels and _draws(levels[face], red))


def _rolls():
    """All 6 x 6 x 6 outcomes (yellow, red, event face), each of weight 1/216."""
    return product(range(1, 7), range(1, 7), FACES)


# --- the event die -------------------------------------------------------------------------------------------


def test_event_die_against_faces():
    dist = vo.event_die_distribution()
    assert sum(dist.values()) == 1
    for face in set(FACES):
        assert dist[face] == Fraction(FACES.count(face), 6)
    assert dist["ship"] == Fraction(1, 2) and dist["politics"] == Fraction(1, 6)


def test_joint_red_event_against_enumeration():
    joint = vo.red_event_distribution()
    assert sum(joint.values()) == 1
    counts: dict = {}
    for _yellow, red, face in _rolls():
        counts[(red, face)] = counts.get((red, face), 0) + 1
    assert joint == {k: Fraction(v, 216) for k, v in counts.items()}
    assert joint[(3, "ship")] == Fraction(1, 12) and joint[(6, "science")] == Fraction(1, 36)


def test_event_die_simulation():
    rng, n = random.Random(11), 30000
    ships = sum(rng.choice(FACES) == "ship" for _ in range(n))
    assert abs(ships / n - float(vo.event_die_distribution()["ship"])) < tolerance(0.5, n)


# --- progress cards ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("track", COLOURS)
@pytest.mark.parametrize("level", range(0, 6))
def test_progress_chance_against_enumeration(level, track):
    hits = sum(_cards_on_roll({track: level}, red, face) for _y, red, face in _rolls())
    assert vo.progress_chance(level, track) == Fraction(hits, 216)


def test_progress_edge_cases():
    for track in COLOURS:
        assert vo.progress_chance(0, track) == 0  # level 0 never draws
        assert vo.progress_chance(5, track) == Fraction(1, 6)  # level 5 draws on every showing of its gate
        assert vo.progress_chance(1, track) == Fraction(1, 6) * Fraction(2, 6)
    assert all(vo.draws_progress(5, red) for red in range(1, 7))
    assert not any(vo.draws_progress(0, red) for red in range(1, 7))
    assert [vo.draws_progress(2, red) for red in range(1, 7)] == [True, True, True, False, False, False]


@pytest.mark.parametrize("levels", [(0, 0, 0), (1, 3, 5), (5, 5, 5), (2, 0, 4)])
def test_progress_any_and_expected_against_enumeration(levels):
    by = dict(zip(COLOURS, levels))
    cards = [_cards_on_roll(by, red, face) for _y, red, face in _rolls()]
    assert max(cards) <= 1  # one gate per roll: at most one card
    assert vo.progress_chance_any(levels) == Fraction(sum(cards), 216)
    assert vo.progress_chance_any(by) == vo.progress_chance_any(levels)
    assert sum(vo.progress_chances(levels).values()) == vo.progress_chance_any(levels)
    assert vo.expected_progress_cards(levels) == Fraction(sum(cards), 216)


def test_progress_within_k_rolls_against_enumeration():
    levels = {"trade": 1, "politics": 3, "science": 0}
    pairs = list(product(range(1, 7), FACES))  # (red, face): the yellow die does not matter
    k = 3
    total = expected = at_least_one = 0
    for seq in product(pairs, repeat=k):
        got = sum(_cards_on_roll(levels, red, face) for red, face in seq)
        total += 1
        expected += got
        at_least_one += got > 0
    assert vo.expected_progress_cards(levels, k) == Fraction(expected, total)
    assert vo.progress_within(levels, k) == Fraction(at_least_one, total)
    assert vo.progress_within(levels, 0) == 0 and vo.expected_progress_cards(levels, 0) == 0


def test_progress_simulation():
    levels = (2, 4, 1)
    by = dict(zip(COLOURS, levels))
    rng, n, k = random.Random(5), 6000, 8
    totals = []
    for _ in range(n):
        totals.append(sum(_cards_on_roll(by, rng.randint(1, 6), rng.choice(FACES)) for _ in range(k)))
    mean = sum(totals) / n
    p = float(vo.progress_chance_any(levels))
    assert abs(mean - float(vo.expected_progress_cards(levels, k))) < 4 * math.sqrt(k * p * (1 - p) / n)
    hit = sum(t > 0 for t in totals) / n
    q = float(vo.progress_within(levels, k))
    assert abs(hit - q) < tolerance(q, n)


# --- the barbarian ship's arrival ---------------------------------------------------------------------------


def _first_step_moments(s: int) -> tuple[Fraction, Fraction]:
    """E[T] and E[T^2] by first-step analysis: each roll moves the ship with p = 1/2 (no binomial formula)."""
    p = Fraction(FACES.count("ship"), 6)
    e, m = Fraction(0), Fraction(0)  # T_0 = 0
    for _ in range(s):
        # T_s = 1 + (T_{s-1} w.p. p, T_s w.p. 1 - p)
        e_new = (1 + p * e) / p
        m = (1 + 2 * p * e + 2 * (1 - p) * e_new + p * m) / p
        e = e_new
    return e, m


def _markov_pmf(s: int, t_max: int) -> list[Fraction]:
    """P(attack exactly on roll t), t = 0..t_max, by stepping the distribution of steps left."""
    p = Fraction(FACES.count("ship"), 6)
    left = {s: Fraction(1)}
    out = [Fraction(0)]
    for _ in range(t_max):
        nxt: dict[int, Fraction] = {}
        arrived = Fraction(0)
        for k, q in left.items():
            if k == 1:
                arrived += q * p
            else:
                nxt[k - 1] = nxt.get(k - 1, 0) + q * p
            nxt[k] = nxt.get(k, 0) + q * (1 - p)
        left = nxt
        out.append(arrived)
    return out


@pytest.mark.parametrize("s", range(1, 8))
def test_arrival_pmf_against_markov_chain(s):
    pmf = _markov_pmf(s, 40)
    assert [vo.arrival_pmf(s, t) for t in range(41)] == pmf
    dist = vo.arrival_distribution(s, 40)
    assert sum(dist.values()) == 1 and dist[None] == 1 - sum(pmf)
    for k in (0, s - 1, s, 10, 40):
        assert vo.arrival_within(s, k) == sum(pmf[: k + 1])


@pytest.mark.parametrize("s", range(1, 8))
def test_arrival_moments_against_first_step_analysis(s):
    e, m = _first_step_moments(s)
    assert vo.arrival_mean(s) == e == 2 * s
    assert vo.arrival_variance(s) == m - e * e == 2 * s


@pytest.mark.parametrize("s,n", [(1, 3), (2, 4), (3, 4), (4, 3), (7, 4)])
def test_attack_before_next_turn_against_face_enumeration(s, n):
    hits = sum(seq.count("ship") >= s for seq in product(FACES, repeat=n))
    assert vo.attack_before_next_turn(s, n) == Fraction(hits, 6 ** n)


def test_arrival_edge_cases():
    assert vo.arrival_pmf(7, 6) == 0 and vo.arrival_pmf(7, 7) == Fraction(1, 128)
    assert vo.arrival_within(1, 1) == Fraction(1, 2)
    assert vo.attack_before_next_turn(5, 4) == 0  # more steps left than rolls in a round


def test_arrival_simulation():
    rng, n, s = random.Random(7), 8000, 4
    times, within = [], 0
    for _ in range(n):
        t = ships = 0
        while ships < s:
            t += 1
            ships += rng.choice(FACES) == "ship"
        times.append(t)
        within += t <= 6
    mean = sum(times) / n
    var = sum((x - mean) ** 2 for x in times) / (n - 1)
    assert abs(mean - float(vo.arrival_mean(s))) < 4 * math.sqrt(float(vo.arrival_variance(s)) / n)
    assert abs(var - float(vo.arrival_variance(s))) < 0.1 * float(vo.arrival_variance(s))
    q = float(vo.arrival_within(s, 6))
    assert abs(within / n - q) < tolerance(q, n)


# --- the attack -----------------------------------------------------------------------------------------------


def test_strength_counts_a_metropolis_city_once():
    assert vo.barbarian_strength(4, 1) == 5  # catan.com FAQ 96: 4 cities and 1 metropolis give 5
    assert vo.barbarian_strength(0) == 0 and vo.barbarian_strength(3, 3) == 6


def test_deterministic_attack_ties_go_to_catan():
    assert vo.defence([1, 2, 3]) == 6
    assert vo.barbarians_win_chance(6, [1, 2, 3]) == 0  # tie: Catan wins
    assert vo.barbarians_win_chance(7, [1, 2, 3]) == 1
    assert vo.barbarians_win_chance(1, []) == 1
    assert vo.barbarians_win_chance(0, []) == 0


def _knights():
    return [(1, Fraction(1, 2)), (2, Fraction(2, 3)), (3, Fraction(1, 4)), (1, Fraction(1)), (2, Fraction(0))]


def test_defence_distribution_against_subset_enumeration():
    knights = _knights()
    expected: dict[int, Fraction] = {}
    for active in product([False, True], repeat=len(knights)):
        w = Fraction(1)
        for on, (_lv, p) in zip(active, knights):
            w *= p if on else 1 - p
        d = sum(lv for on, (lv, _p) in zip(active, knights) if on)
        expected[d] = expected.get(d, 0) + w
    expected = {d: w for d, w in expected.items() if w}
    dist = vo.defence_distribution(knights)
    assert dist == expected and sum(dist.values()) == 1
    for strength in range(0, 11):
        assert vo.barbarians_win_probability(strength, knights) == sum(w for d, w in expected.items() if d < strength)


def test_win_probability_with_certain_knights_is_deterministic():
    levels = [1, 3, 2]
    for strength in range(0, 9):
        sure = [(lv, Fraction(1)) for lv in levels]
        assert vo.barbarians_win_probability(strength, sure) == vo.barbarians_win_chance(strength, levels)
    assert vo.barbarians_win_probability(0, _knights()) == 0
    assert vo.barbarians_win_probability(5, []) == 1


def test_players_knights_flatten():
    players = [([1, 2], Fraction(1, 2)), ([3], Fraction(1, 3)), ([], Fraction(1))]
    assert vo.players_knights(players) == [(1, Fraction(1, 2)), (2, Fraction(1, 2)), (3, Fraction(1, 3))]


def test_win_probability_simulation():
    knights, strength = _knights(), 5
    rng, n = random.Random(3), 20000
    wins = 0
    for _ in range(n):
        d = sum(lv for lv, p in knights if rng.random() < p)
        wins += strength > d
    q = float(vo.barbarians_win_probability(strength, knights))
    assert abs(wins / n - q) < tolerance(q, n)


# --- invalid arguments --------------------------------------------------------------------------------------


@pytest.mark.parametrize("call", [
    lambda: vo.progress_chance(6, "trade"),
    lambda: vo.progress_chance(-1, "trade"),
    lambda: vo.progress_chance(2, "gold"),
    lambda: vo.progress_chance(True, "trade"),
    lambda: vo.progress_chances((1, 2)),
    lambda: vo.progress_chances({"trade": 1, "war": 2}),
    lambda: vo.progress_chance_any("123"),
    lambda: vo.expected_progress_cards((1, 1, 1), -1),
    lambda: vo.progress_within((1, 1, 1), 2.5),
    lambda: vo.draws_progress(2, 7),
    lambda: vo.arrival_pmf(0, 3),
    lambda: vo.arrival_pmf(8, 10),
    lambda: vo.arrival_mean(0),
    lambda: vo.arrival_variance(9),
    lambda: vo.arrival_within(3, -1),
    lambda: vo.arrival_distribution(3, -2),
    lambda: vo.attack_before_next_turn(3, 0),
    lambda: vo.barbarian_strength(-1),
    lambda: vo.barbarian_strength(2, 4),
    lambda: vo.defence([4]),
    lambda: vo.defence([0]),
    lambda: vo.barbarians_win_chance(-1, []),
    lambda: vo.defence_distribution([(1, Fraction(3, 2))]),
    lambda: vo.defence_distribution([(1, 0.5)]),
    lambda: vo.defence_distribution([(5, Fraction(1, 2))]),
    lambda: vo.barbarians_win_probability(-3, []),
])
def test_invalid_arguments_raise_value_error(call):
    with pytest.raises(ValueError):
        call()
