"""Student copies keep every lesson text: each lesson compared with the copy the real ``ratgames student-copy``
writes. Every heading and every markdown paragraph outside an exercise's answer survives; only the answers and the
solution code are blanked; and a heading never shares a cell with an answer (else the copy would blank it)."""
from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from ratgames_lab.core.student_copy import CODE_PLACEHOLDER, MARKDOWN_PLACEHOLDER, is_for_teachers, is_solution

from .lessons import LESSONS, NOTEBOOKS, ROOT

HEADING = re.compile(r"^#{1,6} ", re.MULTILINE)
ANSWER_START = "**Answer"
# Lesson text that never belongs in an answer cell: a heading, an exercise's question, the link to the next lesson.
LESSON_TEXT = (HEADING, re.compile(r"^\*\*Exercise", re.MULTILINE), re.compile(r"^\*\*Next", re.MULTILINE))


def _source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def _cells(path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def _paragraphs(cells: list[dict]) -> list[str]:
    """The markdown paragraphs (blocks between blank lines) of ``cells``, in order."""
    return [p.strip() for c in cells if c["cell_type"] == "markdown"
            for p in re.split(r"\n\s*\n", _source(c)) if p.strip()]


@pytest.fixture(scope="module")
def copies(tmp_path_factory):
    """The student copies written by the real command: ratgames student-copy notebooks --out <tmp>."""
    out = tmp_path_factory.mktemp("copies") / "students"
    result = subprocess.run([sys.executable, "-m", "ratgames_lab", "student-copy", str(NOTEBOOKS), "--out", str(out)],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.parametrize("name", LESSONS)
def test_every_heading_and_paragraph_outside_the_answers_survives(copies, name):
    lesson = [c for c in _cells(NOTEBOOKS / name) if not is_for_teachers(c)]
    copy = _cells(copies / name)
    headings = [line for c in lesson if c["cell_type"] == "markdown" for line in _source(c).splitlines()
                if HEADING.match(line)]
    assert headings, f"{name} has no heading"
    kept_headings = [line for c in copy if c["cell_type"] == "markdown" for line in _source(c).splitlines()
                     if HEADING.match(line)]
    assert kept_headings == headings, f"{name}: the student copy lost a heading"
    text = _paragraphs([c for c in lesson if not is_solution(c)])
    assert [p for p in _paragraphs(copy) if p != MARKDOWN_PLACEHOLDER] == text, f"{name}: lesson text lost"


@pytest.mark.parametrize("name", LESSONS)
def test_only_answers_and_solution_code_are_blanked(copies, name):
    lesson = [c for c in _cells(NOTEBOOKS / name) if not is_for_teachers(c)]
    copy = _cells(copies / name)
    assert len(copy) == len(lesson)
    for before, after in zip(lesson, copy):
        assert after["cell_type"] == before["cell_type"]
        if is_solution(before):
            want = CODE_PLACEHOLDER if before["cell_type"] == "code" else MARKDOWN_PLACEHOLDER
            assert _source(after) == want
        else:
            assert _source(after) == _source(before)


@pytest.mark.parametrize("name", LESSONS)
def test_an_answer_cell_holds_an_answer_only(name):
    """A markdown cell tagged ``solution`` starts with **Answer** and holds no heading, no exercise and no link to
    the next lesson: lesson text after an answer goes in a cell of its own."""
    for i, cell in enumerate(_cells(NOTEBOOKS / name)):
        if cell["cell_type"] != "markdown" or not is_solution(cell):
            continue
        text = _source(cell)
        assert text.startswith(ANSWER_START), f"{name} cell {i}: an answer cell starts with {ANSWER_START}**"
        found = [m.group(0) for pattern in LESSON_TEXT for m in [pattern.search(text)] if m]
        assert not found, f"{name} cell {i}: lesson text {found} shares a cell with an answer: split the cell"
