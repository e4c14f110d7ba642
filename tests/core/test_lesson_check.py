"""check(exercise, answer): exact answers by salted hash, tolerances by hashed steps, hints for typical mistakes;
answers registered with tools/checks.py never written in clear; pure Python (no Jupyter import)."""
from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from ratgames_lab.lessons.check import (DECIMAL_HINT, NOT_WRITTEN, PROBABILITY_HINT, CheckError, canonical,
                                        check)

ROOT = Path(__file__).resolve().parents[2]
_spec = importlib.util.spec_from_file_location("checks_tool", ROOT / "tools" / "checks.py")
tool = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(tool)


@pytest.fixture()
def answers(tmp_path):
    path = tmp_path / "checks.json"
    tool.add("t-ex1", Fraction(13, 17), probability=True, hint="Count 35 cards.",
             mistakes=[(Fraction(421, 561), "You remembered the red 1.")], path=path)
    tool.add("t-ex2", 7492, tolerance="100", hint="Solve for n.", path=path)
    tool.add("t-ex3", ("Germania", 14), path=path)
    tool.add("t-ex4", frozenset({13, 14}), path=path)
    return path


def test_an_exact_answer_is_accepted_in_any_exact_form_and_refused_otherwise(answers):
    for right in (Fraction(13, 17), Fraction(26, 34), "13/17", 13 / 17):
        assert check("t-ex1", right, answers).ok, right
    wrong = check("t-ex1", Fraction(12, 17), answers)
    assert not wrong.ok and repr(wrong) == "Not yet. Count 35 cards."


def test_hints_for_a_probability_out_of_range_a_known_mistake_a_decimal_and_no_answer(answers):
    assert repr(check("t-ex1", Fraction(17, 13), answers)) == f"Not yet. {PROBABILITY_HINT}"
    assert repr(check("t-ex1", Fraction(421, 561), answers)) == "Not yet. You remembered the red 1."
    assert repr(check("t-ex1", 0.765, answers)) == f"Not yet. {DECIMAL_HINT}"
    assert repr(check("t-ex1", ..., answers)) == NOT_WRITTEN


def test_a_tolerance_accepts_within_it_and_refuses_beyond_one_and_a_third_of_it(answers):
    for near in (7492, 7392, 7592, 7500.5, Fraction(7450)):
        assert check("t-ex2", near, answers).ok, near
    for far in (7358, 7626, 8000, 0, "many"):
        assert not check("t-ex2", far, answers).ok, far


def test_tuples_words_and_sets(answers):
    assert check("t-ex3", ("germania ", 14), answers).ok
    assert check("t-ex3", ["Germania", Fraction(28, 2)], answers).ok
    assert not check("t-ex3", ("Gallia", 14), answers).ok
    assert not check("t-ex3", (14, "Germania"), answers).ok
    assert check("t-ex4", {14, 13}, answers).ok and not check("t-ex4", {13}, answers).ok
    assert canonical({"Trio", "Limit 23"}) == "{limit 23, trio}"


def test_an_unknown_exercise_names_itself(answers):
    with pytest.raises(CheckError, match="'t-ex9'"):
        check("t-ex9", 1, answers)


def test_the_answers_file_holds_no_answer_in_clear(answers):
    text = answers.read_text(encoding="utf-8")
    assert re.search(r'"[0-9a-f]{24}"', text), "answers are stored as salted hashes"
    text = re.sub(r'"[0-9a-f]{16,}"', '""', text)  # a hash may contain any digits by chance
    assert "13/17" not in text and "7492" not in text and "germania" not in text.lower()
    assert "You remembered the red 1." in text  # hints are meant to be read


def test_the_tool_reads_exact_arithmetic_tuples_sets_and_words():
    assert tool.parse_value("1 - (40/45)**4") == 1 - Fraction(40, 45) ** 4
    assert tool.parse_value("(5/18, 1/6)") == (Fraction(5, 18), Fraction(1, 6))
    assert tool.parse_value("{13, 14}") == frozenset({13, 14})
    assert tool.parse_value("'trio'") == "trio" and tool.parse_value("Fraction(3, 6)") == Fraction(1, 2)
    with pytest.raises(SystemExit, match="cannot read"):
        tool.parse_value("__import__('os')")


def test_the_check_module_imports_no_jupyter_package():
    code = ("import sys, ratgames_lab.lessons; ratgames_lab.lessons.check('51-ex5', 1); "
            "assert not [m for m in sys.modules if m.split('.')[0] in {'ipywidgets', 'IPython', 'nbformat'}]")
    subprocess.run([sys.executable, "-c", code], check=True)
