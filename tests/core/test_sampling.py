"""Chance sampling is exact: sample_outcome picks each outcome with exactly its Fraction probability."""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab.core.odds import tolerance
from ratgames_lab.core.protocol import sample_outcome
from ratgames_lab.master_of_rules.actions import DRAW_NUMBER, DRAW_RULE

OUTCOMES = [(DRAW_RULE[0], Fraction(1, 7)), (DRAW_RULE[1], Fraction(2, 9)), (DRAW_RULE[2], Fraction(1, 3)),
            (DRAW_RULE[3], Fraction(1, 63)), (DRAW_RULE[4], Fraction(2, 7))]


class EveryValue(random.Random):
    """A stand-in rng whose randrange(n) returns 0, 1, ..., n-1 in turn."""

    def __init__(self):
        super().__init__(0)
        self.next = 0

    def randrange(self, n):  # type: ignore[override]
        value = self.next % n
        self.next += 1
        return value


def test_outcomes_sum_to_one():
    assert sum(p for _, p in OUTCOMES) == 1


def test_sample_outcome_is_exact_over_one_full_cycle():
    """Over every value of the underlying draw, each outcome comes up exactly p × (number of values) times."""
    denominator = 63
    rng = EveryValue()
    counts = Counter(sample_outcome(OUTCOMES, rng) for _ in range(denominator))
    assert {a: Fraction(n, denominator) for a, n in counts.items()} == dict(OUTCOMES)


def test_sample_outcome_frequencies_within_tolerance():
    n = 40_000
    rng = random.Random(5)
    counts = Counter(sample_outcome(OUTCOMES, rng) for _ in range(n))
    for action, p in OUTCOMES:
        assert abs(counts[action] / n - float(p)) <= tolerance(float(p), n)


def test_single_outcome_needs_no_randomness():
    class NoRandom(random.Random):
        def randrange(self, *args):  # type: ignore[override]
            raise AssertionError("should not draw")
    assert sample_outcome([(DRAW_NUMBER[3], Fraction(1))], NoRandom()) is DRAW_NUMBER[3]


def rule_draw_state():
    """A chance node where a Rule card is drawn (unequal type counts): Dummy-1's card in a 3-player game."""
    game = rl.load_game("master_of_rules", players=3, seed=2)
    state = game.new_state()
    r = random.Random(2)
    while not (state.current_player == rl.CHANCE and state.pending_draw()[0] == "rule"):
        state.apply(state.sample_chance(r) if state.current_player == rl.CHANCE else r.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("sampler", ["core", "state"])
def test_state_sampling_matches_chance_outcomes(sampler):
    state = rule_draw_state()
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and len({p for _, p in outcomes}) > 1  # not uniform
    n = 30_000
    rng = random.Random(8)
    draw = (lambda: sample_outcome(outcomes, rng)) if sampler == "core" else (lambda: state.sample_chance(rng))
    counts = Counter(draw() for _ in range(n))
    assert set(counts) <= {a for a, _ in outcomes}
    for action, p in outcomes:
        assert abs(counts[action] / n - float(p)) <= tolerance(float(p), n)


def test_number_draws_are_uniform_over_the_deck():
    state = rl.load_game("master_of_rules", players=4, seed=3).new_state()
    r = random.Random(3)
    while state.current_player != rl.CHANCE:
        state.apply(r.choice(state.legal_actions()))
    outcomes = state.chance_outcomes()
    deck = state.to_json()["decks"]["numbers"]
    assert sorted(a.card for a, _ in outcomes) == sorted(deck)
    assert all(p == Fraction(1, len(deck)) for _, p in outcomes)
    n = 20_000
    counts = Counter(state.sample_chance(r) for _ in range(n))
    p = 1 / len(deck)
    assert all(abs(counts[a] / n - p) <= tolerance(p, n) for a, _ in outcomes)
