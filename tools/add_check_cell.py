"""Add a check cell after an exercise's answer in a lesson (idempotent), then run tools/lessons.py execute on it.

    python3 tools/add_check_cell.py 51-ex5 "a Fraction, e.g. Fraction(3, 17)"

The cell goes right after the solution cells that follow the text cell holding ``**Exercise N``; register the
answer first with tools/checks.py.
"""
from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import lessons  # noqa: E402  (tools/lessons.py: the lessons, saving them clean)

CHECK_CALL = re.compile(r"""check\(["']([^"']+)["']""")


def check_cell(exercise: str, form: str) -> str:
    """The source of the check cell of ``exercise``; ``form`` says how to write the answer."""
    imports = "from fractions import Fraction\n" if "Fraction(" in form else ""
    return (f"# Check your answer: write it in place of the ... and run this cell.\n# Write it as {form}.\n"
            f"{imports}from ratgames_lab.lessons import check\n\nanswer = ...\ncheck(\"{exercise}\", answer)")


def add(exercise: str, form: str) -> Path:
    """Insert the check cell of ``exercise`` (``NN-exK``) into lesson NN after exercise K's answer."""
    number, _, k = exercise.partition("-ex")
    found = [p for p in lessons.lessons([]) if p.name.startswith(f"{number}_")]
    if len(found) != 1:
        raise SystemExit(f"add_check_cell.py: error: no single lesson numbered {number}")
    path = found[0]
    nb = nbformat.read(path, as_version=4)
    if any(exercise in CHECK_CALL.findall(c.source) for c in nb.cells if c.cell_type == "code"):
        return path
    start = next((i for i, c in enumerate(nb.cells) if c.cell_type == "markdown"
                  and re.search(rf"^\*\*Exercise {k}\b", c.source, re.M)), None)
    if start is None:
        raise SystemExit(f"add_check_cell.py: error: {path.name} has no **Exercise {k}")
    end = start + 1
    while end < len(nb.cells) and "solution" in nb.cells[end].metadata.get("tags", []):
        end += 1
    nb.cells.insert(end, nbformat.v4.new_code_cell(check_cell(exercise, form)))
    lessons.save(nb, path)
    lessons.clean_file(path)
    return path


def main(argv: list[str] | None = None) -> int:
    """Add one check cell."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("exercise", help='e.g. "51-ex5"')
    parser.add_argument("form", help='how to write the answer, e.g. "a Fraction, e.g. Fraction(3, 17)"')
    args = parser.parse_args(argv)
    print(f"check cell {args.exercise}: {add(args.exercise, args.form).name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
