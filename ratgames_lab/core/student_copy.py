"""Student copies of the teaching notebooks: solution cells blanked, teacher notes removed, outputs cleared.

Plain nbformat-4 JSON. A lesson's paired jupytext source (``NN_name.py`` beside ``NN_name.ipynb``) holds the
solutions too, so it is not copied.
"""
from __future__ import annotations

import copy
import json
import shutil
from pathlib import Path
from typing import Any

SOLUTION_TAG = "solution"
TEACHER_TAG = "teacher"
CODE_PLACEHOLDER = "# Your answer here"
MARKDOWN_PLACEHOLDER = "*Your answer here.*"
SKIPPED_DIRS = frozenset({"apps", ".ipynb_checkpoints"})


class NotebookError(ValueError):
    """A notebook file that is not valid nbformat-4 JSON, or an unusable source/destination."""


def is_solution(cell: dict) -> bool:
    """True if the cell carries the ``solution`` tag."""
    tags = cell.get("metadata", {}).get("tags", [])
    return isinstance(tags, list) and SOLUTION_TAG in tags


def is_for_teachers(cell: dict) -> bool:
    """True if the cell carries the ``teacher`` tag (a note removed from student copies)."""
    tags = cell.get("metadata", {}).get("tags", [])
    return isinstance(tags, list) and TEACHER_TAG in tags


def student_notebook(nb: dict) -> tuple[dict, int]:
    """A copy of ``nb`` with solution cells replaced by placeholders, teacher notes removed and every output
    cleared; and the number of blanked solution cells."""
    if not isinstance(nb, dict) or not isinstance(nb.get("cells"), list):
        raise NotebookError("not a Jupyter notebook (no 'cells' list)")
    for i, cell in enumerate(nb["cells"]):
        if not isinstance(cell, dict) or "cell_type" not in cell:
            raise NotebookError(f"cell {i} is not a notebook cell")
    out = copy.deepcopy(nb)
    out.get("metadata", {}).pop("widgets", None)  # saved widget state is output too
    out.get("metadata", {}).pop("jupytext", None)  # the copy is not paired with the teacher's .py source
    out["cells"] = [cell for cell in out["cells"] if not is_for_teachers(cell)]
    blanked = 0
    for cell in out["cells"]:
        kind = cell["cell_type"]
        if is_solution(cell):
            if kind == "code":
                cell["source"] = CODE_PLACEHOLDER
            elif kind == "markdown":
                cell["source"] = MARKDOWN_PLACEHOLDER
                cell.pop("attachments", None)
            else:
                cell["source"] = ""
            blanked += 1
        if kind == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
            cell.get("metadata", {}).pop("execution", None)
    return out, blanked


def _files(src: Path, out: Path, pattern: str) -> list[Path]:
    """Files under ``src`` matching ``pattern``, skipping apps/, checkpoints and the output folder itself."""
    found = []
    for path in sorted(src.rglob(pattern)):
        if not path.is_file():
            continue
        rel = path.relative_to(src)
        if any(part in SKIPPED_DIRS for part in rel.parts[:-1]):
            continue
        if out == path.parent or out in path.parents:
            continue
        found.append(path)
    return found


def make_student_copies(src: Path, out: Path) -> list[tuple[Path, int]]:
    """Write student copies of every notebook (and the data files they load) under ``src`` into ``out``.

    Returns (written notebook path, number of blanked cells) pairs.
    """
    src, out = Path(src), Path(out)
    if not src.is_dir():
        raise NotebookError(f"no such folder: {src}")
    if out.resolve() == src.resolve():
        raise NotebookError("the output folder must differ from the source folder (it would overwrite the notebooks)")
    notebooks = _files(src.resolve(), out.resolve(), "*.ipynb")
    if not notebooks:
        raise NotebookError(f"no notebooks found in {src}")
    copies: list[tuple[Path, dict, int]] = []
    for path in notebooks:  # check them all before writing anything
        try:
            data: Any = json.loads(path.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, UnicodeDecodeError) as exc:
            raise NotebookError(f"{path}: not valid JSON ({exc})") from None
        try:
            nb, blanked = student_notebook(data)
        except NotebookError as exc:
            raise NotebookError(f"{path}: {exc}") from None
        copies.append((out / path.relative_to(src.resolve()), nb, blanked))
    sources = {path.with_suffix(".py") for path in notebooks}  # paired lesson sources hold the solutions
    for path in _files(src.resolve(), out.resolve(), "*"):  # the files the notebooks load (positions/ ...)
        if path.suffix != ".ipynb" and path not in sources:
            target = out / path.relative_to(src.resolve())
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    written = []
    for target, nb, blanked in copies:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append((target, blanked))
    return written
