"""00_start_here reads its list of games and lessons from the package and the disk; student copies hold no
solution and no teacher note (checked through the real ``ratgames student-copy`` command)."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

import ratgames_lab as rl
from ratgames_lab.core.student_copy import CODE_PLACEHOLDER, MARKDOWN_PLACEHOLDER, is_for_teachers, is_solution

from .lessons import GAME_LESSONS, LESSONS, NOTEBOOKS, ROOT, game_of

START = NOTEBOOKS / "00_start_here.ipynb"


def _source(cell: dict) -> str:
    src = cell["source"]
    return "".join(src) if isinstance(src, list) else src


def _cells(path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


@pytest.fixture(scope="module")
def games_table() -> str:
    """The Markdown the start-here games cell displays, computed now (in the notebooks folder)."""
    import IPython.display

    cell = next(_source(c) for c in _cells(START) if "live" in c.get("metadata", {}).get("tags", []))
    shown = []
    original, here = IPython.display.display, os.getcwd()
    IPython.display.display = lambda obj: shown.append(obj.data)
    try:
        os.chdir(NOTEBOOKS)
        exec(compile(cell, "00_start_here games cell", "exec"), {"rl": rl, "SEED": 1})
    finally:
        IPython.display.display = original
        os.chdir(here)
    assert len(shown) == 1
    return shown[0]


def test_start_here_lists_every_registered_game_with_its_status_and_players(games_table):
    rows = [line for line in games_table.splitlines() if line.startswith("| **")]
    assert len(rows) == len(rl.GAMES)
    for row, (name, info) in zip(rows, rl.GAMES.items()):
        assert row.startswith(f"| **{info.title}** (`{name}`) |")
        counts = sorted(info.players)
        assert f"| {counts[0]}–{counts[-1]} |" in row or f"| {', '.join(map(str, counts))} |" in row
        assert info.status and f"| {info.status} |" in row
        assert row.endswith(f"| `ratgames app {name}` |" if info.dashboard else "| not yet |")


def test_start_here_gives_each_game_its_lessons_in_reading_order(games_table):
    rows = {line.split("`")[1]: line for line in games_table.splitlines() if line.startswith("| **")}
    for name in rl.GAMES:
        mine = [lesson for lesson in GAME_LESSONS if game_of(lesson) == name]
        links = [target for target in rows[name].split("](")[1:]]
        assert [link.split(")")[0] for link in links] == mine  # sorted by number: the reading order
        for i, lesson in enumerate(mine, 1):
            title = _source(next(c for c in _cells(NOTEBOOKS / lesson) if c["cell_type"] == "markdown"))
            assert f"{i}. [{title.splitlines()[0].lstrip('# ')}]({lesson})" in rows[name]
    assert {"master_of_rules", "rattus"} <= {game_of(lesson) for lesson in GAME_LESSONS}


def test_start_here_writes_no_game_or_lesson_list_by_hand():
    """The list comes from rl.GAMES and the files: no text cell names a lesson file or a game's status."""
    for cell in _cells(START):
        if cell["cell_type"] == "markdown":
            assert "being written" not in _source(cell) and "| Status |" not in _source(cell)


@pytest.fixture(scope="module")
def student_copies(tmp_path_factory):
    """Run the real command: ratgames student-copy notebooks --out <tmp>."""
    out = tmp_path_factory.mktemp("copies") / "students"
    result = subprocess.run([sys.executable, "-m", "ratgames_lab", "student-copy", str(NOTEBOOKS), "--out",
                             str(out)], capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    return out


@pytest.mark.parametrize("name", LESSONS)
def test_student_copy_removes_every_solution(student_copies, name):
    original, copy = _cells(NOTEBOOKS / name), _cells(student_copies / name)
    kept = [c for c in original if not is_for_teachers(c)]
    assert len(copy) == len(kept)
    shown = "\n".join(_source(c) for c in copy)
    for cell, orig in zip(copy, kept):
        if is_solution(orig):
            assert _source(cell) in (CODE_PLACEHOLDER, MARKDOWN_PLACEHOLDER)
            others = "\n".join(_source(c) for c in kept if not is_solution(c))
            secret = [line for line in _source(orig).splitlines() if len(line.strip()) > 12 and line not in others]
            assert not [line for line in secret if line in shown], "a solution line is left in the copy"
        else:
            assert _source(cell) == _source(orig)
        assert cell.get("outputs", []) == []
    assert not (student_copies / name).with_suffix(".py").exists(), "the paired source holds the solutions"
    assert not (student_copies / "src").exists(), "the lessons' jupytext sources hold the solutions"


def test_student_copy_has_no_teacher_note(student_copies):
    notes = [c for c in _cells(START) if is_for_teachers(c)]
    assert notes and all("For teachers" in _source(c) for c in notes)
    copy = _cells(student_copies / START.name)
    assert not any("For teachers" in _source(c) or is_for_teachers(c) for c in copy)
    assert json.loads((student_copies / START.name).read_text())["metadata"].get("jupytext") is None
