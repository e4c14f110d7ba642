"""Every lesson of every game follows the template: one 50-minute lesson with a teacher guide, exercises spread
through it (never only at the end), and — when it computes probabilities — the model it assumes, stated."""
from __future__ import annotations

import json
import re

import pytest

from .lessons import GAME_LESSONS, NOTEBOOKS

GUIDE_PARTS = ("objectives", "timing", "prerequisites", "discussion prompts")


def _cells(name: str) -> list[dict]:
    return json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))["cells"]


def _text(cell: dict) -> str:
    return "".join(cell["source"])


def _is_teacher(cell: dict) -> bool:
    return "teacher" in cell.get("metadata", {}).get("tags", [])


@pytest.mark.parametrize("name", GAME_LESSONS)
def test_one_teacher_guide_with_objectives_timing_prerequisites_and_prompts(name):
    guides = [_text(c).lower() for c in _cells(name) if _is_teacher(c)]
    assert len(guides) == 1, f"{name}: {len(guides)} teacher guides"
    missing = [part for part in GUIDE_PARTS if part not in guides[0]]
    assert not missing, f"{name}: the teacher guide lacks {missing}"
    assert "50-minute" in guides[0] or "50 minutes" in guides[0], f"{name}: the guide does not say it is one lesson"


@pytest.mark.parametrize("name", GAME_LESSONS)
def test_exercises_are_spread_through_the_lesson(name):
    cells = _cells(name)
    asked = [i for i, c in enumerate(cells) if c["cell_type"] == "markdown" and re.search(r"\*\*Exercise \d", _text(c))]
    assert len(asked) >= 2, f"{name}: fewer than two exercises"
    assert asked[0] < len(cells) * 0.6, f"{name}: the first exercise comes only at the end"


COMPUTES = r"probab|dice|push_your_luck|decisions|barbarians|fish|what_if|walk|bot|graphs"  # odds, playouts, counts


@pytest.mark.parametrize("name", [n for n in GAME_LESSONS if re.search(COMPUTES, n)])
def test_probability_lessons_state_their_model(name):
    text = "\n".join(_text(c) for c in _cells(name) if c["cell_type"] == "markdown").lower()
    assert "the model" in text or "our model" in text, f"{name}: no statement of the model its numbers assume"


MAX_STUDENT_WORDS = 2600  # the students' text of one 50-minute lesson (the teacher guide not counted)


@pytest.mark.parametrize("name", GAME_LESSONS)
def test_the_students_text_fits_one_lesson(name):
    words = sum(len(_text(c).replace("#", " ").split()) for c in _cells(name)
                if c["cell_type"] == "markdown" and not _is_teacher(c))
    assert words <= MAX_STUDENT_WORDS, f"{name}: {words} words of text for the students: split the lesson in two"


MAX_SENTENCE_WORDS = 45  # the students' text is read by 14-year-olds: a longer sentence is split
MATH = re.compile(r"\$\$.*?\$\$|\$[^$]*\$", re.S)
BLOCK = re.compile(r"\n\s*\n|\n(?=\s*(?:\d+\.|\*|-|\||>|#) )")  # paragraphs, list items, table rows, quotes, headings
SENTENCE_END = re.compile(r"(?<=[.!?;])\s+(?=[A-Z*(\[`])")


def _sentences(cell: dict) -> list[str]:
    """The sentences of a text cell (a formula counts as one word; tables and headings are left out)."""
    blocks = [re.sub(r"\s*\n\s*>?\s*", " ", b).strip() for b in BLOCK.split(MATH.sub("X", _text(cell)))]
    return [s for b in blocks if not b.startswith(("|", "#")) for s in SENTENCE_END.split(b) if s.strip()]


@pytest.mark.parametrize("name", GAME_LESSONS)
def test_the_students_sentences_are_short(name):
    long = [s for c in _cells(name) if c["cell_type"] == "markdown" and not _is_teacher(c) for s in _sentences(c)
            if len(s.split()) > MAX_SENTENCE_WORDS]
    assert not long, f"{name}: {len(long)} sentences over {MAX_SENTENCE_WORDS} words, e.g. {long[0][:120]!r}"
