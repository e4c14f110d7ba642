"""Keep the lesson notebooks in step with their paired .py sources, run them, and save them clean.

Every lesson ``notebooks/NN_*.ipynb`` is paired (jupytext) with ``notebooks/src/NN_*.py`` in the percent format
(jupytext's paired-folder format ``ipynb,src//py:percent``, declared in each notebook's metadata, so that a student
browsing the notebooks folder meets each lesson once, and not its source with the solutions): edit either one (the
.py in any editor, the notebook in JupyterLab with jupytext installed), then

    python3 tools/lessons.py sync     [NAME ...]  # copy the newer of each pair into the other, then clean
    python3 tools/lessons.py execute  [NAME ...]  # sync, run each notebook top to bottom in place, clean
    python3 tools/lessons.py clean    [NAME ...]  # only clean the saved notebooks

NAME is a file name or stem (``13_master_of_rules_what_if``); default: every lesson. "Clean" means what
tests/notebooks/test_clean_notebooks.py checks: no saved widget state, each widget output (and the output of a
cell tagged ``live``, computed from what is installed) replaced by one line asking to run the cell, no timing
metadata, and the file in the form JupyterLab itself saves (so opening the notebook does not mark it modified).
"""
from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
SOURCES = NOTEBOOKS / "src"  # the lessons' jupytext sources (they hold the solutions)
LESSON_GLOB = "[0-9][0-9]_*.ipynb"
PAIRING = "ipynb,src//py:percent"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
NOTEBOOK_METADATA = ("kernelspec", "language_info", "jupytext")
CELL_METADATA = ("tags",)
# What JupyterLab writes for the ipykernel kernel: any other display name is rewritten on opening (tab modified).
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LIVE_TAG = "live"  # a cell whose output depends on what is installed: saved as its one-line placeholder


def placeholder(source: str) -> str:
    """The one line shown, in a saved notebook, where a widget (or a live cell's output) appears once it runs."""
    said = [line[2:] for line in source.splitlines() if line.startswith("# Run this cell to ")]
    if said:
        return said[0]
    if "Dashboard(" in source:
        return "Run this cell to start the dashboard."
    if "Figure(" in source or "figure(" in source:
        return "Run this cell to draw the chart."
    return "Run this cell to show the interactive view."


def clean(nb: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """``nb`` without widget state, widget outputs (one line instead), timings or other stray metadata."""
    nb.metadata = nbformat.from_dict({k: nb.metadata[k] for k in NOTEBOOK_METADATA if k in nb.metadata})
    nb.metadata.kernelspec = nbformat.from_dict(KERNELSPEC)
    nb.nbformat, nb.nbformat_minor = nbformat.current_nbformat, nbformat.current_nbformat_minor
    for cell in nb.cells:
        if not cell.get("id"):  # nbformat 4.5 cells carry ids; JupyterLab adds missing ones (a modification)
            from nbformat.corpus.words import generate_corpus_id

            cell["id"] = generate_corpus_id()
        cell.metadata = nbformat.from_dict({k: cell.metadata[k] for k in CELL_METADATA if k in cell.metadata})
        if cell.cell_type != "code":
            continue
        outputs, shown = [], False
        if LIVE_TAG in cell.metadata.get("tags", []):
            cell.outputs = [nbformat.v4.new_output("display_data", data={"text/plain": placeholder(cell.source)})]
            continue
        for out in cell.outputs:
            if WIDGET_VIEW in out.get("data", {}):
                if not shown:
                    outputs.append(nbformat.v4.new_output("display_data",
                                                          data={"text/plain": placeholder(cell.source)}))
                shown = True
            else:
                outputs.append(out)
        cell.outputs = outputs
    return nb


def save(nb: nbformat.NotebookNode, path: Path) -> None:
    """Write ``nb`` exactly as JupyterLab saves a notebook (nbformat's writer: indent 1, sorted keys, newline)."""
    nbformat.validate(nb)
    nbformat.write(nb, path)


def source_of(notebook: Path) -> Path:
    """The paired jupytext source of a lesson notebook: ``notebooks/src/NN_name.py``."""
    return notebook.parent / "src" / notebook.with_suffix(".py").name


def lessons(names: list[str]) -> list[Path]:
    """The lesson notebooks named (by file name or stem), or every lesson."""
    sources = SOURCES.glob(LESSON_GLOB.replace(".ipynb", ".py"))  # a new lesson may exist only as its source so far
    found = sorted(set(NOTEBOOKS.glob(LESSON_GLOB)) | {NOTEBOOKS / p.with_suffix(".ipynb").name for p in sources})
    if not names:
        return found
    chosen = [p for p in found if p.name in names or p.stem in names]
    missing = set(names) - {p.name for p in chosen} - {p.stem for p in chosen}
    if missing:
        raise SystemExit(f"lessons.py: error: no such lesson: {', '.join(sorted(missing))}")
    return chosen


def clean_file(path: Path) -> None:
    """Clean one saved notebook in place, and rewrite its paired src/*.py from it (same cells; the header follows the
    notebook's metadata, so that jupytext in JupyterLab does not change the notebook on opening)."""
    import jupytext

    nb = clean(nbformat.read(path, as_version=4))
    save(nb, path)
    if nb.metadata.get("jupytext", {}).get("formats") == PAIRING:
        jupytext.write(nb, source_of(path), fmt="py:percent")


def sync(path: Path) -> None:
    """Pair the notebook with its src/*.py (percent format) and copy the newer one's cells into the other."""
    if not path.exists():  # a new lesson written as a src/*.py: create its notebook, paired
        subprocess.run([sys.executable, "-m", "jupytext", "--quiet", "--set-formats", PAIRING,
                        str(source_of(path))], check=True)
    nb = nbformat.read(path, as_version=4)
    if nb.metadata.get("jupytext", {}).get("formats") != PAIRING:
        nb.metadata["jupytext"] = {"formats": PAIRING}
        save(nb, path)
    subprocess.run([sys.executable, "-m", "jupytext", "--sync", "--quiet", str(path)], check=True)
    clean_file(path)


def execute(path: Path) -> None:
    """Run a notebook top to bottom in its own folder (a fresh kernel) and save it with its outputs."""
    from nbclient import NotebookClient
    from nbconvert.preprocessors.coalescestreams import CoalesceStreamsPreprocessor

    nb = nbformat.read(path, as_version=4)
    # iopub_timeout: a dashboard's display can reach the client seconds after its cell ends on a busy machine
    NotebookClient(nb, timeout=300, iopub_timeout=30, kernel_name="python3",
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    nb, _ = CoalesceStreamsPreprocessor().preprocess(nb, {})  # merge text the kernel sent in pieces
    save(nb, path)
    clean_file(path)


def main(argv: list[str] | None = None) -> int:
    """Sync, execute or clean the lessons named on the command line (default: all)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["sync", "execute", "clean"])
    parser.add_argument("names", nargs="*", help="lesson file names or stems (default: every lesson)")
    args = parser.parse_args(argv)
    for path in lessons(args.names):
        if args.command in ("sync", "execute"):
            sync(path)
        if args.command == "execute":
            execute(path)
        if args.command == "clean":
            clean_file(path)
        print(f"{args.command}: {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
