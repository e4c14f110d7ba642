"""Lesson 22 §8 ("a class card changes your risk") checked against the real engine: the plague ravages Germania in
worlds dealt from Red's view (a random face-down token revealed each time, as in the lesson's model), once as the
cards lie and once with Red holding a class card, on the same seeds (paired games). The lesson's model uses no
power during the ravage: holding the Knight, Red does not declare the plague 2 neutral cubes (the lesson says so,
and gives the figure if Red does). The lesson's exact expected losses and their changes must fall inside the
engine's 99.9% bands, and no card's extra risk may fit zero. Same pattern as test_lesson_conclusions_more.py.
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab.rattus import odds
from ratgames_lab.rattus.components import CLASSES

from .engine_checks import band
from .engine_play_rattus import cubes_lost, ravage
from .lessons import NOTEBOOKS

LESSON = "22_rattus_probability.ipynb"
GAMES = 400
RED, YELLOW, GREEN = 0, 1, 2
WITHOUT = Fraction(14429, 21060)  # Red's expected loss in Germania, holding no card
WITH = {"king": Fraction(24877, 21060), "monk": Fraction(7747, 7020), "knight": Fraction(11257, 10530),
        "peasant": Fraction(2371, 2106), "merchant": Fraction(5821, 5265), "witch": Fraction(11789, 10530)}
KNIGHT_DECLARED = Fraction(25471, 21060)  # Red holds the Knight and declares the 2 neutral cubes
KING_TAKEN = {YELLOW: Fraction(-11689, 21060), GREEN: Fraction(2, 5265)}  # Red takes the King from Yellow: changes
FIGURES = ["0.685", "+0.496", "+0.418", "+0.384", "+0.441", "+0.420", "+0.434",  # §8: without, and each card's extra
           "1.209", "-0.5550", "+0.0004"]  # §8: the Knight declared; the King taken: Yellow's, Green's change


def test_the_lesson_states_the_figures_the_engine_checks():
    text = (NOTEBOOKS / LESSON).read_text(encoding="utf-8")
    assert [f for f in FIGURES if f not in text] == []


def _start(card: str | None):
    game, state = rl.load_position(NOTEBOOKS / "positions" / "rattus_odds.json")
    if card is None:
        return state
    data = state.to_json()
    data["classes"][card] = RED
    return game.state_from_json(data)


def test_the_exact_figures_are_the_models():
    state = _start(None)
    assert odds.class_card_risk(state, "Germania", RED, "king") == (WITHOUT, WITH["king"])
    assert odds.class_card_risk(state, "Germania", RED, "knight", neutral=True)[1] == KNIGHT_DECLARED


def _losses(card: str | None, declare: bool = False) -> list[list[int]]:
    """Cubes Red, Yellow and Green lose in Germania, game by game (game i always from seed 2280000 + i)."""
    state = _start(card)
    out = []
    for i in range(GAMES):
        _, before, after = ravage(state, "Germania", random.Random(2280000 + i), declare)
        out.append([cubes_lost(before, after, "Germania", p) for p in (RED, YELLOW, GREEN)])
    return out


@pytest.fixture(scope="module")
def as_they_lie():
    return _losses(None)


def test_22_reds_loss_without_a_card_falls_in_the_engine_band(as_they_lie):
    got = band([float(x[RED]) for x in as_they_lie])
    assert got.holds(WITHOUT), f"22 §8 Red without a card: lesson {float(WITHOUT):.3f}, engine {got}"


@pytest.mark.parametrize("card", CLASSES)
def test_22_a_class_card_adds_the_lessons_risk_in_the_engine_band(as_they_lie, card):
    holding = _losses(card)
    got = band([float(x[RED]) for x in holding])
    assert got.holds(WITH[card]), f"22 §8 Red with the {card}: lesson {float(WITH[card]):.3f}, engine {got}"
    extra = band([float(h[RED] - a[RED]) for h, a in zip(holding, as_they_lie)])
    assert extra.holds(WITH[card] - WITHOUT), f"22 §8 the {card}'s extra risk: engine {extra}"
    assert extra.low > 0, f"22 §8 the {card} adds no risk in the engine {extra}"
    if card == "king":  # taken from Yellow: Yellow's risk falls by about what Red's rises; Green's barely moves
        for player, exact in KING_TAKEN.items():
            change = band([float(h[player] - a[player]) for h, a in zip(holding, as_they_lie)])
            said = f"22 §8 Player {player + 1}'s change: lesson {float(exact):+.4f}, engine {change}"
            assert change.holds(exact), said


def test_22_the_knights_neutral_cubes_fall_in_the_engine_band():
    """Declaring the plague 2 neutral cubes raises Red's risk: the engine refuses the undeclared figure."""
    got = band([float(x[RED]) for x in _losses("knight", declare=True)])
    assert got.holds(KNIGHT_DECLARED), f"22 §8 Knight declared: lesson {float(KNIGHT_DECLARED):.3f}, engine {got}"
    assert not got.holds(WITH["knight"]), f"22 §8: the undeclared {float(WITH['knight']):.3f} fits the engine {got}"
