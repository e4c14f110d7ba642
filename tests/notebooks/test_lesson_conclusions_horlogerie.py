"""The stop-or-draw conclusions of the Horlogerie lessons (41 push your luck, 42 what if), checked against the real
engine: the explorer's turn is played from the lesson's position under the lesson's stated policy (seeded), and the
lesson's exact figure must fall inside the engine's 99.9% band of the exploration points kept.

The model's stated simplifications hold in these playouts: points only (a perfect draw's free find and the danger
phase are left out, as lesson 41 says), and after a bust the right neighbour leaves the lowest card.
"""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from ratgames_lab.horlogerie import odds

from .engine_checks import playouts
from .engine_play_horlogerie import once, optimal, points_kept, position, then_optimal, threshold
from .lessons import NOTEBOOKS

GAMES = 3000
# (lesson, figure as the lesson states it, exact value, the position's table, faces gone, the policy)
CONCLUSIONS = {
    "41 §2: draw once at total 3, then stop": (
        "41_horlogerie_push_your_luck.ipynb", "48/13", Fraction(48, 13), ["S2", "J1"], (), once),
    "41 exercise 2: draw once at total 4, then stop": (
        "41_horlogerie_push_your_luck.ipynb", "170/51 = 10/3", Fraction(10, 3), ["S2", "J1", "R1"], (), once),
    "41 §3: the points-optimal policy, value 6, fresh deck": (
        "41_horlogerie_push_your_luck.ipynb", "4.413", Fraction(109463, 24804), [], (), optimal),
    "41 §3: the best threshold k = 2, value 6, fresh deck": (
        "41_horlogerie_push_your_luck.ipynb", "4.309", Fraction(106889, 24804), [], (), threshold(2)),
    "42 exercise 3: draw at total 3 with every 3 gone, then play well": (
        "42_horlogerie_what_if.ipynb", "138/43", Fraction(138, 43), ["S2", "J1"], ("3",), then_optimal),
    "42 §3: draw at total 3 with every 1 gone, then play well": (
        "42_horlogerie_what_if.ipynb", "3.543", Fraction(124, 35), ["S2", "J1"], ("1",), then_optimal),
}


@pytest.mark.parametrize("name", list(CONCLUSIONS))
def test_the_lesson_states_the_figure_the_engine_checks(name):
    lesson, figure, exact, *_ = CONCLUSIONS[name]
    assert figure in (NOTEBOOKS / lesson).read_text(encoding="utf-8"), f"{lesson} no longer states {figure}"
    if "." in figure:
        assert f"{float(exact):.3f}" == figure, f"{name}: the exact value {exact} is not the lesson's {figure}"


@pytest.fixture(scope="module")
def positions(tmp_path_factory):
    """The positions the checks start from: the shipped one (total 3), a fresh deck, and every 3 discarded."""
    tmp = tmp_path_factory.mktemp("horlogerie")
    return {"total 3": position(tmp, "push_your_luck", table=["S2", "J1"]),
            "fresh": position(tmp, "push_your_luck", table=[]),
            "no threes": position(tmp, "push_your_luck", table=["S2", "J1"], gone=("3",))}


def test_the_exact_figures_are_the_models(positions):
    fresh = odds.compare_thresholds(odds.exploration_phase(positions["fresh"], player=0), odds.POINTS)
    assert (fresh["optimal"].stats.points, fresh[2].stats.points) == (Fraction(109463, 24804), Fraction(106889, 24804))
    gone = odds.exploration_phase(positions["no threes"], player=0)
    assert odds.stop_or_draw(gone, odds.POINTS).draw == Fraction(138, 43)
    assert odds.stop_or_draw(odds.exploration_phase(positions["total 3"], player=0), odds.POINTS).draw == Fraction(48, 13)


@pytest.mark.parametrize("seed, name", list(enumerate(CONCLUSIONS, start=4100)))
def test_the_lesson_figure_falls_in_the_engine_band(tmp_path, seed, name):
    _, figure, exact, table, gone, policy = CONCLUSIONS[name]
    start = position(tmp_path, "push_your_luck", table=table, gone=gone)
    got = playouts(GAMES, seed, lambda rng: points_kept(start, policy, rng))
    assert got.holds(exact), f"{name}: lesson {figure} = {float(exact):.4f}, engine {got}"


def test_the_engine_band_refuses_a_wrong_figure(positions):
    """The band is narrow enough to refuse a figure off by half a point, and stopping's 3."""
    start = positions["total 3"]
    got = playouts(GAMES, 4199, lambda rng: points_kept(start, once, rng))
    assert not got.holds(Fraction(48, 13) - Fraction(1, 2)) and not got.holds(3)


def test_41_says_what_its_optimal_policy_leaves_out():
    """The policy maximises points only: the lesson says so where it first calls it optimal, and names it
    points-optimal in its headings and summary (the free find and the danger value are left out)."""
    cells = json.loads((NOTEBOOKS / "41_horlogerie_push_your_luck.ipynb").read_text(encoding="utf-8"))["cells"]
    text = [" ".join("".join(c["source"]).replace("**", "").split()) for c in cells if c["cell_type"] == "markdown"]
    said = next(t for t in text if "gives the optimal policy" in t)
    assert all(w in said for w in ("Optimal for what?", "free find", "danger value", "points-optimal")), said
    assert "## 3. The points-optimal policy" in said
    assert "points-optimal policy (points only" in text[-1]
