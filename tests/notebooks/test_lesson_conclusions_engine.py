"""Every conclusion a lesson draws from a model, checked against the real engine: the engine plays from the
lesson's position under the lesson's stated policy (seeded), and the lesson's exact figure must fall inside the
engine's 99.9% band. A wrong model (one that ignores a rule the engine applies) falls outside its band.

The checked conclusions (lesson, exact figure as the lesson prints it) are CONCLUSIONS below; a test checks that
each lesson still states its figure, and each engine test names its own.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import pytest

from .engine_checks import load, playouts
from .engine_play_catan import barbarian_scene, barbarians_win
from .engine_play_mor import finish, number_first, rule_first, support_right_fulfilled
from .lessons import NOTEBOOKS

CONCLUSIONS = [
    ("12_master_of_rules_decisions.ipynb", "18/17"),  # §4: Trio first, the best real order
    ("12_master_of_rules_decisions.ipynb", "66812303/82781160"),  # §4: green 1 first, with the others' blocks
    ("12_master_of_rules_decisions.ipynb", "740028881/1782936540"),  # Exercise 1: Support Right under the rules
    ("54_catan_barbarians.ipynb", "55/64"),  # §3: barbarians win if you wait
    ("54_catan_barbarians.ipynb", "43/64"),  # §3 Exercise 3: ... if you activate
]
SET_BONUS = NOTEBOOKS / "positions" / "set_bonus_choice.json"
SUPPORT_RIGHT = NOTEBOOKS / "positions" / "support_right_bet.json"

@pytest.mark.parametrize("lesson, figure", CONCLUSIONS)
def test_the_lesson_states_the_figure_the_engine_checks(lesson, figure):
    assert figure in (NOTEBOOKS / lesson).read_text(encoding="utf-8"), f"{lesson} no longer states {figure}"


# 12 §4: Player 4's expected points by order, the others' second-round Rule cards blocking (random allowed card)
ORDERS = {
    "Trio first": (rule_first("trio"), Fraction(18, 17)),
    "green 1 first": (number_first("G1"), Fraction(66812303, 82781160)),
    "purple 4 first": (number_first("P4"), Fraction(149441687, 248343480)),
}


@lru_cache(maxsize=None)
def _order_band(name: str, games: int = 1500):
    policy, _ = ORDERS[name]
    state = load(SET_BONUS)
    return playouts(games, 1204, lambda rng: finish(state.determinize(3, rng), 3, rng, policy))


@pytest.mark.parametrize("name", list(ORDERS))
def test_12_value_of_each_order_falls_in_the_engine_band(name):
    got = _order_band(name)
    assert got.holds(ORDERS[name][1]), f"12 §4 {name}: lesson {float(ORDERS[name][1]):.4f}, engine {got}"


def test_12_trio_first_is_the_best_real_order_and_the_old_figure_is_refused():
    trio, green = _order_band("Trio first"), _order_band("green 1 first")
    assert trio.low > green.high, f"Trio first {trio} is not above green 1 first {green}"
    assert not green.holds(Fraction(20, 17)), "the old model's 20/17 (no blocking) fits the engine"


def test_12_support_right_under_the_rules_of_play():
    """§1: 191/561 is the model's simplification (Player 4 plays any card); the engine's rules block Trio,
    Support Right and Player 2's rule: the lesson states 740028881/1782936540 for that."""
    state = load(SUPPORT_RIGHT)
    got = playouts(3000, 1201, lambda rng: support_right_fulfilled(state, rng))
    assert got.holds(Fraction(740028881, 1782936540)), f"12 §1: engine {got}"
    assert not got.holds(Fraction(191, 561)), f"12 §1: the simplification 191/561 fits the engine {got}"


# 54 (the barbarians, section 3): P(barbarians win), roll order P2, P3, P4 then you; knights activated on own turn
ATTACK = {
    ("wait", "1/2"): (False, 0.5, Fraction(55, 64)),
    ("activate", "1/2"): (True, 0.5, Fraction(43, 64)),
    ("wait", "all"): (False, 1.0, Fraction(3, 4)),
    ("activate", "all"): (True, 1.0, Fraction(1, 2)),
}


@pytest.fixture(scope="module")
def scene():
    return barbarian_scene()


@pytest.mark.parametrize("case", list(ATTACK), ids=lambda c: "-".join(c))
def test_54_barbarians_win_chance_falls_in_the_engine_band(scene, case):
    you, others, exact = ATTACK[case]
    got = playouts(1500, 5300, lambda rng: barbarians_win(scene, rng, you, others))
    assert got.holds(exact), f"54 attack {case}: lesson {exact} = {float(exact):.4f}, engine {got}"
    old = {("wait", "1/2"): Fraction(3, 8), ("activate", "1/2"): Fraction(1, 8)}.get(case)
    if old is not None:
        assert not got.holds(old), f"54 attack {case}: the old independent model's {old} fits the engine {got}"
