"""``ratgames student-copy``: solution cells blanked, outputs cleared, apps/ skipped."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from ratgames_lab.core.student_copy import (CODE_PLACEHOLDER, MARKDOWN_PLACEHOLDER, NotebookError,
                                            make_student_copies, student_notebook)

REPO = Path(__file__).resolve().parents[2]


def _cell(kind: str, source, tags=(), outputs=True) -> dict:
    cell = {"cell_type": kind, "metadata": {"tags": list(tags)} if tags else {}, "source": source}
    if kind == "code":
        cell["execution_count"] = 7 if outputs else None
        cell["outputs"] = [{"output_type": "stream", "name": "stdout", "text": ["42\n"]}] if outputs else []
    return cell


def _notebook(*cells) -> dict:
    cells = [{"id": f"cell-{i}", **cell} for i, cell in enumerate(cells)]
    return {"nbformat": 4, "nbformat_minor": 5, "cells": cells,
            "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
                         "widgets": {"application/vnd.jupyter.widget-state+json": {"state": {}}}}}


@pytest.fixture
def teacher(tmp_path) -> Path:
    src = tmp_path / "notebooks"
    (src / "apps").mkdir(parents=True)
    (src / "extra").mkdir()
    (src / ".ipynb_checkpoints").mkdir()
    lesson = _notebook(
        _cell("markdown", "# Lesson\nWhat is the chance?"),
        _cell("code", ["import ratgames_lab as rl\n", "print(42)"]),
        _cell("code", "answer = 6 / 7  # the solution", tags=["solution"]),
        _cell("markdown", ["The answer is **6/7** because..."], tags=["solution", "other"]),
        _cell("code", "answer", tags=["check"]),
        _cell("raw", "raw text"),
    )
    (src / "10_lesson.ipynb").write_text(json.dumps(lesson))
    (src / "extra" / "20_more.ipynb").write_text(json.dumps(_notebook(_cell("code", "x = 1", tags=["solution"]))))
    (src / "apps" / "master_of_rules.ipynb").write_text(json.dumps(_notebook(_cell("code", "app"))))
    (src / ".ipynb_checkpoints" / "10_lesson-checkpoint.ipynb").write_text(json.dumps(lesson))
    (src / "notes.txt").write_text("not a notebook")
    return src


def test_solution_cells_are_blanked_and_outputs_cleared(run, teacher, tmp_path):
    out = tmp_path / "students"
    r = run("student-copy", str(teacher), "--out", str(out))
    assert r.code == 0, r.err
    written = sorted(p.relative_to(out).as_posix() for p in out.rglob("*"))
    # notebooks plus the data files beside them (notes.txt); never apps/ or checkpoints
    assert written == ["10_lesson.ipynb", "extra", "extra/20_more.ipynb", "notes.txt"]
    nb = json.loads((out / "10_lesson.ipynb").read_text())
    cells = nb["cells"]
    assert cells[0]["source"] == "# Lesson\nWhat is the chance?"
    assert cells[1]["source"] == ["import ratgames_lab as rl\n", "print(42)"]
    assert cells[2]["source"] == CODE_PLACEHOLDER == "# Your answer here"
    assert cells[3]["source"] == MARKDOWN_PLACEHOLDER == "*Your answer here.*"
    assert cells[4]["source"] == "answer"
    assert cells[5]["source"] == "raw text"
    for cell in cells:
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [] and cell["execution_count"] is None
    assert "6 / 7" not in json.dumps(nb) and "6/7" not in json.dumps(nb)
    assert "widgets" not in nb["metadata"] and nb["metadata"]["kernelspec"]["name"] == "python3"
    assert json.loads((out / "extra" / "20_more.ipynb").read_text())["cells"][0]["source"] == CODE_PLACEHOLDER
    assert "10_lesson.ipynb  (2 solution cells blanked)" in r.out
    assert "Wrote 2 notebook(s)" in r.out and "(3 solution cells blanked)" in r.out


def test_the_teacher_notebooks_are_untouched(run, teacher, tmp_path):
    before = {p: p.read_bytes() for p in teacher.rglob("*") if p.is_file()}
    run("student-copy", str(teacher), "--out", str(tmp_path / "s"))
    assert {p: p.read_bytes() for p in teacher.rglob("*") if p.is_file()} == before


def test_student_copy_is_valid_nbformat(teacher, tmp_path):
    nbformat = pytest.importorskip("nbformat")
    make_student_copies(teacher, tmp_path / "s")
    for path in (tmp_path / "s").rglob("*.ipynb"):
        nbformat.validate(nbformat.read(path, as_version=4))


def test_output_folders_inside_the_source_or_the_apps_are_refused(run, teacher, tmp_path):
    before = {p: p.read_bytes() for p in teacher.rglob("*") if p.is_file()}
    (teacher / "week2").mkdir()
    original = teacher / "week2" / "10_lesson.ipynb"
    original.write_text(json.dumps(_notebook(_cell("code", "the teacher's week 2", tags=["solution"]))))
    for out, message in [(teacher / "week2", "is inside the source folder"),
                         (teacher / "students", "is inside the source folder"),
                         (teacher / "apps", "is inside the source folder"),
                         (tmp_path, "contains the source folder"),
                         (REPO / "notebooks" / "apps", "is the web apps' folder")]:
        r = run("student-copy", str(teacher), "--out", str(out))
        assert r.code == 2 and message in r.err, (out, r.err)
        assert r.err.count("\n") == 1 and r.err.startswith("ratgames: error: ")
    assert "the teacher's week 2" in original.read_text()
    assert not (teacher / "students").exists()
    assert {p: p.read_bytes() for p in teacher.rglob("*") if p.is_file() and p.parent.name != "week2"} == before
    r = run("student-copy", str(REPO / "notebooks"), "--out", str(REPO / "notebooks" / "apps" / "x"))
    assert r.code == 2 and "inside the source folder" in r.err


def test_a_file_it_did_not_write_is_never_replaced(run, teacher, tmp_path):
    out = tmp_path / "students"
    assert run("student-copy", str(teacher), "--out", str(out)).code == 0
    assert run("student-copy", str(teacher), "--out", str(out)).code == 0  # its own copies: written again
    mine = out / "extra" / "20_more.ipynb"
    mine.write_text(json.dumps(_notebook(_cell("code", "a student's own work"))))
    (out / "notes.txt").write_text("changed by hand")
    r = run("student-copy", str(teacher), "--out", str(out))
    assert r.code == 2 and "already holds files that student-copy did not write" in r.err
    assert "20_more.ipynb" in r.err and "notes.txt" in r.err and "nothing was written" in r.err
    assert "a student's own work" in mine.read_text() and (out / "notes.txt").read_text() == "changed by hand"


@pytest.mark.parametrize("case, message", [
    ("same", "must differ from the source folder"),
    ("missing", "no such folder"),
    ("empty", "no notebooks found"),
])
def test_bad_folders_exit_2(run, teacher, tmp_path, case, message):
    src = {"same": teacher, "missing": teacher / "missing", "empty": teacher / "apps"}[case]
    (teacher / "apps" / "master_of_rules.ipynb").rename(teacher / "apps" / "master_of_rules.json")
    out = teacher if case == "same" else tmp_path / "s"
    r = run("student-copy", str(src), "--out", str(out))
    assert r.code == 2 and message in r.err
    assert not (tmp_path / "s").exists()


def test_a_broken_notebook_is_reported_and_nothing_is_written(run, teacher, tmp_path):
    (teacher / "30_broken.ipynb").write_text("{oops")
    r = run("student-copy", str(teacher), "--out", str(tmp_path / "s"))
    assert r.code == 2 and "30_broken.ipynb: not valid JSON" in r.err
    assert not (tmp_path / "s").exists()


def test_not_a_notebook():
    with pytest.raises(NotebookError, match="no 'cells' list"):
        student_notebook({"hello": 1})


def test_the_project_notebooks_have_no_solution_left_in_their_copies(tmp_path):
    src = REPO / "notebooks"
    lessons = [p for p in src.glob("*.ipynb")]
    assert lessons
    report = make_student_copies(src, tmp_path / "s")
    assert {p.name for p, _ in report} == {p.name for p in lessons}
    for path, _ in report:
        nb = json.loads(path.read_text())
        original = json.loads((src / path.relative_to(tmp_path / "s")).read_text())
        original["cells"] = [c for c in original["cells"] if "teacher" not in c.get("metadata", {}).get("tags", [])]
        assert len(nb["cells"]) == len(original["cells"])
        for cell, orig in zip(nb["cells"], original["cells"]):
            if "solution" in orig.get("metadata", {}).get("tags", []):
                assert cell["source"] in (CODE_PLACEHOLDER, MARKDOWN_PLACEHOLDER)
            else:
                assert cell["source"] == orig["source"]
            if cell["cell_type"] == "code":
                assert cell["outputs"] == []


def test_the_position_files_the_notebooks_load_are_copied_too(tmp_path):
    src = Path(__file__).resolve().parents[2] / "notebooks"
    out = tmp_path / "students"
    make_student_copies(src, out)
    positions = sorted(p.name for p in (src / "positions").glob("*.json"))
    assert positions, "the project notebooks load positions from notebooks/positions/"
    assert sorted(p.name for p in (out / "positions").glob("*.json")) == positions
    assert not (out / "apps").exists()
