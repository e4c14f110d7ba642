"""The "what if?" conclusions of the Horlogerie lessons (42 §1, §2 and §4; 41 §5 and Exercise 5), checked against
the real engine: a game is loaded with the lesson's changed deck (more 5s, 1 wound per Danger card, a stronger
Scout), the engine deals or plays from the lesson's position under the lesson's stated policy (seeded), and the
lesson's exact figure must fall inside the engine's 99.9% band. Same pattern as test_lesson_conclusions_engine.py.

The stated policies: the explorer plays the points-optimal policy of the deck in play (lesson 41's model: points
only, the lowest card after a bust); the danger drawer plays to wound (``odds.expected_wounds``); a team is 3
Horlogers dealt from the shuffled Horloger deck, as the engine deals them at setup.
"""
from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

import ratgames_lab as rl
import ratgames_lab.horlogerie as horlogerie
from ratgames_lab.horlogerie import odds
from ratgames_lab.horlogerie.actions import Draw

from .engine_checks import band, load, playouts, sample_chance
from .engine_play_horlogerie import POSITIONS, fresh, optimal, points_kept, wounding, wounds_dealt
from .lessons import NOTEBOOKS

DATA = Path(horlogerie.__file__).parent / "data"
WHAT_IF, PUSH = "42_horlogerie_what_if.ipynb", "41_horlogerie_push_your_luck.ipynb"
CONCLUSIONS = [
    (WHAT_IF, "4.381"),  # §1: more 5s, value 6, the points-optimal policy of that deck
    (WHAT_IF, "3.262"),  # §1: more 5s, value 4
    (WHAT_IF, "3.147"),  # §1: the shipped deck, value 4
    (WHAT_IF, "59/133"),  # §2: a random team explores for 6
    (WHAT_IF, "96/133"),  # Exercise 2: a random team explores for 6 or more
    (WHAT_IF, "51/70"),  # Exercise 2: ... with a Scout of exploration 4
    (WHAT_IF, "1.733"),  # §4: expected wounds, shipped wounds, the drawer plays to wound
    (WHAT_IF, "1.493"),  # §4: ... every Danger card 1 wound
    (PUSH, "1194/689"),  # §5: expected wounds (= drawing, then playing well)
    (PUSH, "6/53"),  # Exercise 5: the next Danger card busts
]
GAMES = 2000


def _deck(name: str, field: str, when, change: dict) -> dict:
    """The shipped data file ``name`` with ``change`` applied to every card (or profile) whose ``field`` is ``when``
    (``when`` None: every card)."""
    data = json.loads((DATA / f"{name}.json").read_text(encoding="utf-8"))
    for card in data.get("cards", data.get("profiles")):
        if when is None or card[field] == when:
            card.update(change)
    return data


MORE_FIVES = _deck("exploration", "value", 5, {"copies": 4})
ONE_WOUND = _deck("danger", "wounds", None, {"wounds": 1})
STRONG_SCOUT = _deck("horlogers", "name", "Scout", {"exploration": 4})


@pytest.mark.parametrize("lesson, figure", CONCLUSIONS)
def test_the_lesson_states_the_figure_the_engine_checks(lesson, figure):
    assert figure in (NOTEBOOKS / lesson).read_text(encoding="utf-8"), f"{lesson} no longer states {figure}"


def test_the_changed_decks_are_the_lessons():
    assert sum(c["copies"] for c in MORE_FIVES["cards"]) == 60
    assert {c["wounds"] for c in ONE_WOUND["cards"]} == {1}
    assert [p["exploration"] for p in STRONG_SCOUT["profiles"] if p["name"] == "Scout"] == [4]


# 42 §1: a fresh exploration (the deck of the game in play), the points-optimal policy of that deck
EXPLORATIONS = {  # (deck, team, exact expected points, as the lesson prints it)
    "more 5s, value 6": (MORE_FIVES, ["Porter", "Porter", "Artisan"], Fraction(2848377, 650180), "4.381"),
    "more 5s, value 4": (MORE_FIVES, ["Warden", "Warden", "Porter"], Fraction(111609, 34220), "3.262"),
    "shipped, value 4": (None, ["Warden", "Warden", "Porter"], None, "3.147"),
}


@pytest.mark.parametrize("seed, name", list(enumerate(EXPLORATIONS, start=4200)))
def test_42_points_with_a_changed_deck_fall_in_the_engine_band(seed, name):
    deck, team, exact, figure = EXPLORATIONS[name]
    start = fresh(rl.load_game("horlogerie", players=4, seed=42, exploration=deck), team)
    model = odds.solve(odds.exploration_phase(start, player=0), odds.POINTS).stats.points
    assert exact is None or model == exact, f"42 §1 {name}: the model gives {model}"
    assert f"{float(model):.3f}" == figure
    got = playouts(GAMES, seed, lambda rng: points_kept(start, optimal, rng))
    assert got.holds(model), f"42 §1 {name}: lesson {figure}, engine {got}"


# 42 §2 and Exercise 2: the first player's team as the engine deals it at setup, one deal per seed
def _team_values(horlogers: dict | None, deals: int) -> list[int]:
    game = rl.load_game("horlogerie", players=4, seed=0, horlogers=horlogers)
    explore = game.new_state().comp.horlogers.exploration
    values = []
    for seed in range(deals):
        game.seed = seed
        values.append(sum(explore[h] for h in game.new_state().team[0]))
    return values


def test_42_team_values_fall_in_the_engine_band():
    values = _team_values(None, 4000)
    six = band([float(v == 6) for v in values])
    assert six.holds(Fraction(59, 133)), f"42 §2 value 6: lesson 59/133, engine {six}"
    six_or_more = band([float(v >= 6) for v in values])
    assert six_or_more.holds(Fraction(96, 133)), f"42 Exercise 2 value >= 6: lesson 96/133, engine {six_or_more}"
    assert set(values) <= set(range(3, 10))


def test_42_a_stronger_scout_falls_in_the_engine_band():
    got = band([float(v >= 6) for v in _team_values(STRONG_SCOUT, 4000)])
    assert got.holds(Fraction(51, 70)), f"42 Exercise 2, Scout 4: lesson 51/70, engine {got}"


# 42 §4 and 41 §5: the danger drawer of `danger_decision` (S1 drawn against 5) plays to wound
WOUNDS = {"shipped wounds": (None, Fraction(1194, 689), Fraction(1029, 689)),
          "1 wound each": (ONE_WOUND, Fraction(1029, 689), Fraction(1194, 689))}


def _danger_start(danger: dict | None):
    shipped = load(POSITIONS / "danger_decision.json")
    game = rl.load_game("horlogerie", players=shipped.players, seed=42, danger=danger)
    return game.state_from_json(shipped.to_json())


@pytest.mark.parametrize("seed, name", list(enumerate(WOUNDS, start=4210)))
def test_42_expected_wounds_fall_in_the_engine_band(seed, name):
    danger, exact, other = WOUNDS[name]
    start = _danger_start(danger)
    assert odds.expected_wounds(start, start.current_player) == exact
    assert wounds_dealt(start, lambda s, drawn: False, None) == 1, "stopping now: the S1 wounds once"
    got = playouts(GAMES, seed, lambda rng: wounds_dealt(start, wounding, rng))
    assert got.holds(exact), f"42 §4 {name}: lesson {float(exact):.3f}, engine {got}"
    assert not got.holds(other), f"42 §4 {name}: the other deck's {float(other):.3f} fits the engine {got}"


def test_41_exercise_5_the_next_danger_card_busts_in_the_engine_band():
    start = _danger_start(None)

    def busts(rng) -> bool:
        s = start.clone()
        s.apply(Draw())
        s.apply(sample_chance(s, rng))
        return s.danger_result == "bust"

    got = playouts(4000, 4150, busts)
    assert got.holds(Fraction(6, 53)), f"41 Exercise 5: lesson 6/53, engine {got}"
    assert not got.holds(Fraction(15, 53)), "a level-4 card (a perfect danger) counted as a bust fits the engine"
