"""Student copies of the teaching notebooks: solution cells blanked, teacher notes removed, outputs cleared.

Plain nbformat-4 JSON. A lesson's paired jupytext source (``src/NN_name.py`` for ``NN_name.ipynb``, or a
``NN_name.py`` beside it) holds the solutions too, so it is not copied.
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
APPS_DIR = Path(__file__).resolve().parents[2] / "notebooks" / "apps"  # what `ratgames app` serves
COPY_MARK = "ratgames_lab_student_copy"  # notebook metadata key: this file is a copy written by student-copy


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


def paired_sources(path: Path, nb: dict) -> set[Path]:
    """The text files jupytext pairs with the notebook at ``path`` (from its ``formats`` metadata), and the
    ``.py`` beside it; a format reads ``[folder//]ext[:name]``, e.g. ``ipynb,src//py:percent``."""
    found = {path.with_suffix(".py")}
    meta = nb.get("metadata") if isinstance(nb, dict) else None
    pairing = meta.get("jupytext") if isinstance(meta, dict) else None
    formats = pairing.get("formats") if isinstance(pairing, dict) else None
    for fmt in formats.split(",") if isinstance(formats, str) else ():
        folder, _, ext = fmt.split(":")[0].rpartition("//")
        if ext and ext != "ipynb":
            found.add(path.parent / folder / f"{path.stem}.{ext.lstrip('.')}")
    return found


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
    if isinstance(out.get("metadata"), dict):
        out["metadata"][COPY_MARK] = True
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


def _check_folders(src: Path, out: Path) -> None:
    """Refuse an output folder that is, holds or lies inside the source, or is the web apps' folder."""
    s, o = src.resolve(), out.resolve()
    if o == s:
        raise NotebookError("the output folder must differ from the source folder (it would overwrite the notebooks)")
    if s in o.parents:
        raise NotebookError(f"the output folder {out} is inside the source folder {src}: choose a folder outside it "
                            "(the copies would mix with the teacher's notebooks)")
    if o in s.parents:
        raise NotebookError(f"the output folder {out} contains the source folder {src}: choose a folder beside it")
    for apps in (s / "apps", APPS_DIR.resolve()):
        if o == apps or apps in o.parents:
            raise NotebookError(f"the output folder {out} is the web apps' folder {apps}: choose another folder")


def _is_our_copy(path: Path) -> bool:
    """True if ``path`` is a notebook written by student-copy (it may be written again)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and isinstance(data.get("metadata"), dict) and data["metadata"].get(COPY_MARK) is True


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.read_bytes() == b.read_bytes()
    except OSError:
        return False


def make_student_copies(src: Path, out: Path) -> list[tuple[Path, int]]:
    """Write student copies of every notebook (and the data files they load) under ``src`` into ``out``.

    Never writes inside the source or the apps folder, and never replaces a file it did not write (a notebook
    without the student-copy mark, or a data file that differs from the source's): it stops before writing
    anything. Returns (written notebook path, number of blanked cells) pairs.
    """
    src, out = Path(src), Path(out)
    if not src.is_dir():
        raise NotebookError(f"no such folder: {src}")
    _check_folders(src, out)
    notebooks = _files(src.resolve(), out.resolve(), "*.ipynb")
    if not notebooks:
        raise NotebookError(f"no notebooks found in {src}")
    copies: list[tuple[Path, dict, int]] = []
    sources: set[Path] = set()  # paired lesson sources hold the solutions
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
        sources |= {source.resolve() for source in paired_sources(path, data)}
    data_files = [(path, out / path.relative_to(src.resolve()))
                  for path in _files(src.resolve(), out.resolve(), "*")
                  if path.suffix != ".ipynb" and path not in sources]
    foreign = [target for target, _, _ in copies if target.exists() and not _is_our_copy(target)]
    foreign += [target for path, target in data_files if target.exists() and not _same_file(path, target)]
    if foreign:
        raise NotebookError(f"{out} already holds files that student-copy did not write: "
                            f"{', '.join(str(p) for p in foreign[:5])}{' ...' if len(foreign) > 5 else ''}; "
                            "choose an empty folder (nothing was written)")
    for path, target in data_files:  # the files the notebooks load (positions/ ...)
        if not target.exists():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
    written = []
    for target, nb, blanked in copies:
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(nb, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        written.append((target, blanked))
    return written
