"""Packaging: the wheel carries every module, the widgets package and the data files; the editable install works."""
from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
IGNORED = shutil.ignore_patterns(".git", ".venv*", "__pycache__", "*.pyc", "build", "dist", "*.egg-info",
                                 "student_copies", "artifacts", ".pytest_cache", ".hypothesis", ".ipynb_checkpoints")


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> zipfile.ZipFile:
    """Build the wheel from a copy of the working tree (so the build never writes into the repo)."""
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    shutil.copytree(REPO, src, ignore=IGNORED)
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp / "dist"),
                           str(src)], capture_output=True, text=True, timeout=600)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    [path] = (tmp / "dist").glob("ratgames_lab-*.whl")
    with zipfile.ZipFile(path) as zf:
        yield zf


def _expected_files() -> set[str]:
    """Every module, data file and position file of the engine (ratgames_lab/) and of the dashboards (widgets/)."""
    files = set()
    for path in (REPO / "ratgames_lab").rglob("*"):
        rel = path.relative_to(REPO)
        if "__pycache__" in rel.parts or not path.is_file():
            continue
        data_file = rel.parts[-2] in ("data", "positions") and path.suffix in (".json", ".toml", ".csv")
        if path.suffix == ".py" or data_file:
            files.add(rel.as_posix())
    for path in (REPO / "widgets").rglob("*.py"):
        if "__pycache__" not in path.parts:
            files.add("ratgames_lab/widgets/" + path.relative_to(REPO / "widgets").as_posix())
    return files


def test_wheel_contains_widgets_and_data(wheel):
    names = set(wheel.namelist())
    for required in ("ratgames_lab/__init__.py", "ratgames_lab/__main__.py", "ratgames_lab/cli.py",
                     "ratgames_lab/widgets/__init__.py", "ratgames_lab/master_of_rules/data/cards.json",
                     "ratgames_lab/rattus/data/tokens.json"):
        assert required in names, required
    missing = _expected_files() - names
    assert not missing, f"files missing from the wheel (add the package to pyproject.toml?): {sorted(missing)}"
    assert not [n for n in names if n.startswith(("tests/", "notebooks/", "widgets/"))]


def test_wheel_declares_the_console_script(wheel):
    [entry_points] = [n for n in wheel.namelist() if n.endswith(".dist-info/entry_points.txt")]
    text = wheel.read(entry_points).decode()
    assert "[console_scripts]" in text and "ratgames = ratgames_lab.cli:main" in text


def test_editable_install_exposes_the_widgets_package(tmp_path):
    code = ("import pathlib, ratgames_lab, ratgames_lab.widgets as w; "
            "print(pathlib.Path(ratgames_lab.__file__).resolve().parent); print(pathlib.Path(w.__file__).resolve())")
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    package, widgets = proc.stdout.split()
    assert Path(package) == REPO / "ratgames_lab"
    assert Path(widgets) == REPO / "widgets" / "__init__.py"
