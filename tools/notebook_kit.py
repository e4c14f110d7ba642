"""What the notebook generators share: cell builders, stable notebooks, executing in place, the command line."""
from __future__ import annotations

import argparse
import json
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Callable

import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
POSITIONS = NOTEBOOKS / "positions"
CHECK_MARK = "# NBVAL_CHECK_OUTPUT"
IGNORE_MARK = "# NBVAL_IGNORE_OUTPUT"


def md(*texts: str, solution: bool = False) -> dict:
    """A markdown cell (each text dedented, joined by blank lines); ``solution`` tags it for ``student-copy``."""
    cell = nbformat.v4.new_markdown_cell("\n\n".join(textwrap.dedent(t).strip("\n") for t in texts))
    if solution:
        cell.metadata["tags"] = ["solution"]
    return cell


def code(text: str, solution: bool = False, check: bool = False) -> dict:
    """A code cell (text dedented); ``solution`` tags it for ``ratgames student-copy``; ``check`` asks nbval to
    compare its fresh output with the saved one (the cell must print the same thing on every run)."""
    source = textwrap.dedent(text).strip("\n")
    cell = nbformat.v4.new_code_cell(CHECK_MARK + "\n" + source if check else source)
    if solution:
        cell.metadata["tags"] = ["solution"]
    return cell


def notebook(name: str, cells: list) -> nbformat.NotebookNode:
    """A notebook with stable cell ids (so regenerating it gives the same file)."""
    nb = nbformat.v4.new_notebook()
    nb.metadata = {
        "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
        "language_info": {"name": "python"},
    }
    stem = name.split("_")[0]
    for i, cell in enumerate(cells):
        cell["id"] = f"c{stem}-{i:02d}"
    nb.cells = cells
    return nb


def dumps_position(data: dict) -> str:
    """The on-disk form of a position (indented JSON, trailing newline)."""
    return json.dumps(data, indent=1, ensure_ascii=False) + "\n"


def execute(path: Path) -> None:
    """Run a notebook in place (in its own folder) so that it is saved with its outputs."""
    subprocess.run([sys.executable, "-m", "jupyter", "nbconvert", "--to", "notebook", "--execute", "--inplace",
                    "--ExecutePreprocessor.timeout=300", str(path)], check=True, cwd=path.parent)
    from nbconvert.preprocessors.coalescestreams import CoalesceStreamsPreprocessor

    nb = nbformat.read(path, as_version=4)  # merge the pieces of printed text that the kernel sent separately
    nb, _ = CoalesceStreamsPreprocessor().preprocess(nb, {})
    path.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")


def build_notebooks(builders: dict[str, Callable[[], list]]) -> dict[str, nbformat.NotebookNode]:
    """Every notebook (outputs empty), by file name, from {file name: function returning its cells}."""
    return {name: notebook(name, build()) for name, build in builders.items()}


def main(description: str, build_positions: Callable[[], dict], build_notebooks: Callable[[], dict],
         argv: list[str] | None = None) -> int:
    """Write the positions and the notebooks; with --execute, run each notebook once."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--execute", action="store_true", help="run each notebook in place after writing it")
    parser.add_argument("only", nargs="*", help="notebook file names to write (default: all)")
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    POSITIONS.mkdir(parents=True, exist_ok=True)
    for name, data in build_positions().items():
        (POSITIONS / f"{name}.json").write_text(dumps_position(data), encoding="utf-8")
    for name, nb in build_notebooks().items():
        if args.only and name not in args.only:
            continue
        path = NOTEBOOKS / name
        nbformat.validate(nb)
        path.write_text(nbformat.writes(nb) + "\n", encoding="utf-8")
        print("wrote", path.relative_to(ROOT))
        if args.execute:
            execute(path)
            print("executed", path.relative_to(ROOT))
    return 0
