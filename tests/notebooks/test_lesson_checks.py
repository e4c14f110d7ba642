"""Exercises that check themselves: every check cell of every lesson accepts the true answer and refuses a wrong one.

The true answers are computed here from each lesson's own numbers, and each must be what the lesson's answer (its
text or a solution's printed output) says, so a lesson whose answer changes fails here until its check is
registered again (``python3 tools/checks.py add ...``). The answers file holds hashes only.
"""
from __future__ import annotations

import json
import math
import re
from fractions import Fraction as F
from math import comb

import pytest

from ratgames_lab.core.student_copy import is_solution, student_notebook
from ratgames_lab.lessons.check import NOT_WRITTEN, REGISTRY, canonical, check, registry

from .lessons import LESSONS, NOTEBOOKS

CHECK_CALL = re.compile(r"""^check\(["']([^"']+)["'], answer\)$""", re.M)
P_LIMIT = F(421, 561)  # lesson 11's headline chance


def _first_roll(p_per_roll: F, above: F) -> int:
    n = 1
    while 1 - (1 - p_per_roll) ** n <= above:
        n += 1
    return n


def _at_least(ships: int, rolls: int) -> F:
    """P(at least ``ships`` ship faces among ``rolls`` rolls), each roll a ship with chance 1/2."""
    return F(sum(comb(rolls, j) for j in range(ships, rolls + 1)), 2 ** rolls)


# exercise id -> (the true answer computed from the lesson's numbers, how the lesson writes it)
TRUE = {
    "10-ex1": ({"Only One", "Support Right"}, "Only One or Support Right"),
    "10-ex2": ({"Trio"}, "Only **Trio**"),
    "10-ex3": (10 + 2 + 2 + 2, "**16 points**"),
    "11-ex1": (F(455, 595), "455 of 595 pairs, 13/17"),
    "11-ex2": (1 - F(comb(40, 4), comb(45, 4)), "11521/29799"),
    "11-ex3": (math.ceil(4 * P_LIMIT * (1 - P_LIMIT) / F(1, 100) ** 2), "about 7,500 trials"),
    "12-ex1": (F(151, 341), "151/341"),
    "12-ex2": (1 - F(comb(41, 2), comb(50, 2)), "81/245"),
    "12-ex3": (F(6, 17), "worth 6/17 of a point on average"),
    "12-ex4": (F(29, 17), "29/17"),
    "13-ex2": (F(19, 78), "19/78"),
    "13-ex3": (("Player 4", 8), "Player 4 wins again, with 8 points"),
    "20-ex1": (({"Gallia", "Italia"}, {"Anglia", "Gallia", "Germania", "Hungaria", "Italia"}),
               "Two moves: Anglia, Gallia,"),
    "20-ex2": ((3 + 1, 1 + 1, 0 + 1), "4 in Gallia (3 rats + 1), 2 in Germania (1 + 1) and 1 in Italia (0 + 1)"),
    "20-ex3": ("Yellow", "**Yellow keeps a cube**"),
    "21-ex1": ("no", "**Answer.** No: Red has only 2 cubes"),
    "21-ex2": ("Yellow", "wins alone"),
    "22-ex1": (F(4, 10), "2/5"),
    "22-ex2": ((F(3, 8) * F(2, 7), F(3, 8) ** 2), "3/28"),
    "22-ex3": (F(18, 27), "2/3 instead of 14/15"),
    "23-ex1": (F(2), "About half as wide"),
    "23-ex2": (({"Gallia", "Germania", "Hungaria", "Turcia"}, "Turcia"),
               "Gallia, Germania, Hungaria and Turcia are left"),
    "23-ex3": (0, "from 2/5 to 0"),
    "24-ex1": (F(1, 4) * (F(1, 6) + F(1, 4) + F(1, 4) + F(1, 3)), "1/4 × 1 = 1/4"),
    "24-ex2": (("Germania", 1 / F(2, 28)), "every 14 moves"),
    "24-ex3": (F(1411, 10000), "mean 0.1411"),
    "30-ex1": ((4, 8 + 3 - 2, 3, 10 + 1), "+4 Clergy; rats 8 + 3 - 2 = 9"),
    "30-ex2": (("Green", 10 - 2, 8 - 1), "Green gets the privilege (discard 2 rats: 10 → 8)"),
    "30-ex3": ((4 - 2, 4 - 2, 4 - 1, 4 - 3), "Red 2, Yellow 2, Green 3, Blue 1"),
    "31-ex1": (F(1130, 2002), "1130/2002 = 565/1001"),
    "31-ex2": (F(35857, 10000), "standard deviation 3.5857"),
    "31-ex3": (F(363999, 682955), "363999/682955"),
    "31-ex4": ((F(1279, 11070), 6), "keep at most 6 rats"),
    "31-ex5": (("Monastery", F(1410299, 1837620) - F(338281, 612540)), "about 21.5 points"),
    "32-ex1": ("no", "**Answer.** No: the lines above say near-tie"),
    "40-ex1": (6, "6 of the 53 cards left"),
    "40-ex2": ("S4", "**Answer.** S4."),
    "40-ex3": (3, "team: ['Scout', 'Scout', 'Scout']"),
    "40-ex4": (5 - 3, "2 points are wasted (5 paid for a cost of 3)"),
    "41-ex1": (F(9 + 9 + 6, 52 - 1), "24/51 = 8/17"),
    "41-ex2": (("stop", F(16 * 5 + 11 * 6 + 24 * 1, 51)), "drawing is worth 170/51 = 10/3"),
    "41-ex3": (3, "$k = 3$"),
    "41-ex4": (2000 * 2 ** 2, "Four times as many, 8000"),
    "41-ex5": (F(6, 54 - 1), "6/53"),
    "42-ex1": (0.147, "P(bust) 14.7%"),
    "42-ex2": (F(51, 70), "51/70"),
    "42-ex3": (F(138, 43), "138/43"),
    "50-ex1": ((24, 30), "24 land intersections and 30 on the coast"),
    "50-ex2": ((54 - 12 + 1, 9), "43 of the 54 intersections"),
    "50-ex3": ({("Player 2", "lumber"), ("Player 4", "lumber"), ("Player 3", "brick")},
               "Player 3 (intersection 39) touches the brick 8"),
    "50-ex4": ({13, 14}, "Tiles 13 (ore 5) and 14 (grain 6)"),
    "52-ex1": (19, "Only intersection 19"),
    "52-ex2": (8, "8 swaps work"),
    "52-ex3": (14, "Tile 14 (grain 6)"),
    "52-ex4": ("Lumber", "Player 4 took a lumber"),
    "51-ex1": ((F(10, 36), F(6, 36)), "10/36 = 5/18"),
    "51-ex2": ((0, 2 * F(35, 12)), "35/6"),
    "51-ex3": ((2 * F(1, 3), 4 * F(2, 9)), "2/9 to 8/9"),
    "51-ex4": (_first_roll(F(1, 36), F(1, 2)), "25 rolls"),
    "51-ex5": (5 * (1 - F(5, 6) ** 3), "455/216"),
    "51-ex6": ((F(17, 36) ** 4, F(2, 3) ** 4), "83521/1679616"),
    "53-ex1": (F(6, 36) * F(3, 6), "$18/216 = 1/12$"),
    "53-ex2": (_first_roll(F(4, 36), F(1, 2)), "6 rolls give 50.7%"),
    "53-ex3": (("science", F(5 + 2, 36) - F(5, 36)), "a gain of 1/18"),
    "54-ex1": (next(k for k in range(7, 30) if _at_least(7, k) >= F(1, 2)), "**Answer.** 13 rolls"),
    "54-ex2": ((_at_least(2, 3), _at_least(1, 3)), "$(3 + 1)/8 = 1/2$"),
    "54-ex3": (F(55, 64) - F(12, 64), "From 55/64 down to 43/64"),  # the engine's band: test_lesson_conclusions_engine
    "55-ex1": (3 + 3 * 4, "15: the 3 plazas"),
    "55-ex2": (1, "**Answer.** One: the strait"),
    "55-ex3": ((6 + 6 - 1, 9), "The longest path is only 9"),
    "56-ex1": (1 + 3, "Four routes tie at 17 MP"),
    "56-ex2": (("city", 2 * F(5, 36) * F(11, 6) - F(6, 36) * F(11, 6)), "$22/108 = 11/54"),
}


def _source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def _check_cells() -> dict[str, tuple[str, int]]:
    """Every check cell of the lessons: exercise id -> (lesson, cell index)."""
    found: dict[str, tuple[str, int]] = {}
    for name in LESSONS:
        for i, cell in enumerate(_cells(name)):
            for exercise in CHECK_CALL.findall(_source(cell)) if cell["cell_type"] == "code" else ():
                assert exercise not in found, f"{exercise} is checked twice"
                found[exercise] = (name, i)
    return found


CHECKS = _check_cells()


def _wrong(value, tolerance: str | None = None):
    """A wrong answer near ``value``: off by a thousandth, or by twice the tolerance the check allows."""
    if isinstance(value, (set, frozenset)):
        return set(value) | {"something else"}
    if isinstance(value, str):
        return value + " and wool"
    if isinstance(value, tuple):
        i = next(i for i, v in enumerate(value) if not isinstance(v, str))
        return value[:i] + (_wrong(value[i]),) + value[i + 1:]
    return value + (2 * F(tolerance) if tolerance else F(1, 1000))


def test_every_check_cell_is_registered_and_every_registered_answer_is_tested():
    assert set(CHECKS) == set(registry()), "register each check cell's answer with tools/checks.py add"
    assert set(TRUE) == set(registry()), "give each registered exercise its true answer in TRUE"
    assert len(CHECKS) >= 40


@pytest.mark.parametrize("exercise", sorted(TRUE))
def test_the_true_answer_is_accepted_and_a_wrong_one_refused(exercise):
    true, _ = TRUE[exercise]
    assert check(exercise, true).ok, f"{exercise} refuses its true answer {true}"
    verdict = check(exercise, _wrong(true, registry()[exercise].get("tolerance")))
    assert not verdict.ok and verdict.message.startswith("Not yet.")
    assert not check(exercise, ...).ok


@pytest.mark.parametrize("exercise", sorted(TRUE))
def test_the_check_follows_its_exercise_and_the_lesson_states_the_same_answer(exercise):
    name, at = CHECKS[exercise]
    number, _, k = exercise.partition("-ex")
    assert name.startswith(f"{number}_")
    cells = _cells(name)
    asked = max(i for i, c in enumerate(cells[:at]) if c["cell_type"] == "markdown"
                and re.search(r"^\*\*Exercise \d", _source(c), re.M))
    assert re.search(rf"^\*\*Exercise {k}\b", _source(cells[asked]), re.M), f"{exercise} is not after exercise {k}"
    answer = cells[asked + 1:at]
    assert answer and all(is_solution(c) for c in answer), f"{exercise}: the check comes right after the answer"
    said = "\n".join(_source(c) + "".join("".join(o.get("text", "")) for o in c.get("outputs", [])) for c in answer)
    assert TRUE[exercise][1] in said, f"{exercise}: the lesson's answer no longer says {TRUE[exercise][1]!r}"
    assert not is_solution(cells[at])
    outputs = "".join("".join(o.get("data", {}).get("text/plain", "")) for o in cells[at].get("outputs", []))
    assert outputs == NOT_WRITTEN, f"{exercise}: rerun python3 tools/lessons.py execute {name}"


def test_no_answer_is_written_in_clear_in_the_answers_file_or_a_student_copy():
    text = REGISTRY.read_text(encoding="utf-8")
    for exercise, (true, _) in TRUE.items():
        shown = canonical(true)
        if "/" in shown or len(shown) > 3:
            assert shown not in text, f"{exercise}'s answer is in the answers file"
        copy, _ = student_notebook(json.loads((NOTEBOOKS / CHECKS[exercise][0]).read_text(encoding="utf-8")))
        cells = [_source(c) for c in copy["cells"] if exercise in CHECK_CALL.findall(_source(c))]
        assert len(cells) == 1 and "answer = ...\n" in cells[0], f"the student copy lost {exercise}'s check cell"
