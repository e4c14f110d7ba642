"""Write docs/lesson_conclusions.md: every lesson conclusion checked against the real engine, with the lesson's
exact figure and the engine's 99.9% band, as the seeded tests measure them.

    python3 tools/conclusions_note.py        # runs tests/notebooks/test_lesson_conclusions_*.py (a few minutes)

Each band check of the tests is recorded (``Band.holds`` writes a line when RATGAMES_BANDS names a file); a figure
inside its band is a lesson's conclusion confirmed, a figure outside is a wrong model the engine refuses.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTE = ROOT / "docs" / "lesson_conclusions.md"
PATTERN = "test_lesson_conclusions_*.py"
HEAD = """# Lesson conclusions checked against the engine

Written by `python3 tools/conclusions_note.py` from the seeded tests `tests/notebooks/test_lesson_conclusions_*.py`.
Each test plays the real engine from the lesson's position under the lesson's stated policy and takes the 99.9%
normal band of the mean. **Inside**: the lesson's exact figure falls in the engine's band (the conclusion holds).
**Refused**: a wrong figure (an old value, or a tempting wrong model) falls outside, which shows the band is narrow
enough to tell them apart.

| Test (lesson, what) | Figure | Exact | Engine band | Games | |
|---|---|---|---|---|---|
"""


def _figure(text: str) -> str:
    try:
        value = Fraction(text)
    except ValueError:
        return text
    return str(value) if value.denominator < 10**7 else f"{float(value):.4f}"


def rows(records: list[dict]) -> list[str]:
    """One table row per recorded band check."""
    out = []
    for r in records:
        test = r["test"].split("::", 1)[-1].replace("|", "/").replace("\\xa7", "§")  # pytest escapes the §
        out.append(f"| {test} | {_figure(r['figure'])} | {r['value']:.4f} | [{r['low']:.4f}, {r['high']:.4f}] "
                   f"| {r['games']} | {'inside' if r['inside'] else 'refused'} |")
    return out


def main() -> int:
    """Run the conclusion tests, recording their bands, and write the note."""
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "bands.jsonl"
        env = dict(os.environ, RATGAMES_BANDS=str(log))
        tests = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "tests" / "notebooks").glob(PATTERN))
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *tests], cwd=ROOT,
                              env=env)
        records = [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()] if log.exists() else []
    NOTE.write_text(HEAD + "\n".join(rows(records)) + "\n", encoding="utf-8")
    print(f"wrote {NOTE.relative_to(ROOT)}: {len(records)} band checks")
    return done.returncode


if __name__ == "__main__":
    sys.exit(main())
