"""Binder: binder/requirements.txt installs into a fresh virtual environment and the dashboards import."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"
PINNED = ("jupyterlab", "ipywidgets", "bqplot", "voila")
IGNORED = shutil.ignore_patterns(".git", ".venv*", "__pycache__", "*.pyc", "build", "dist", "*.egg-info",
                                 "student_copies", "artifacts", ".pytest_cache", ".hypothesis", ".ipynb_checkpoints")


def _pins() -> dict[str, str]:
    pins = {}
    for line in (BINDER / "requirements.txt").read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        m = re.fullmatch(r"([A-Za-z0-9_.-]+)==([0-9][0-9A-Za-z.]*)", line)
        if m:
            pins[m.group(1).lower()] = m.group(2)
    return pins


def test_binder_files_are_pinned():
    lines = [l.split("#", 1)[0].strip() for l in (BINDER / "requirements.txt").read_text().splitlines()]
    lines = [l for l in lines if l]
    assert lines[0] == "-e ."
    assert all("==" in l for l in lines[1:]), "every requirement but the package itself is pinned"
    pins = _pins()
    assert set(PINNED) <= set(pins)
    assert int(pins["jupyterlab"].split(".")[0]) >= 4 and int(pins["ipywidgets"].split(".")[0]) >= 8
    assert (BINDER / "runtime.txt").read_text().strip() == "python-3.11"


@pytest.mark.slow
def test_binder_requirements_install_in_a_fresh_venv(tmp_path):
    """What repo2docker does: pip install -r binder/requirements.txt from the repository root (here a copy)."""
    src = tmp_path / "repo"
    shutil.copytree(REPO, src, ignore=IGNORED)
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    python = venv / "bin" / "python"
    # --no-compile: no .pyc written ahead for every installed file (about a fifth of the install's CPU); what is
    # imported below is compiled as it is imported, as on Binder
    proc = subprocess.run([str(python), "-m", "pip", "install", "-q", "--no-compile", "--disable-pip-version-check",
                           "-r", "binder/requirements.txt"], cwd=src,
                          capture_output=True, text=True, timeout=1200)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-3000:]
    modules = ["ratgames_lab", "ratgames_lab.widgets", "ipywidgets", "bqplot", "voila", "jupyterlab"]
    if (REPO / "widgets" / "master_of_rules.py").is_file() or (REPO / "widgets" / "master_of_rules").is_dir():
        modules.append("ratgames_lab.widgets.master_of_rules")
    code = ("import importlib, importlib.metadata as md, json, sys\n"
            f"for m in {modules!r}: importlib.import_module(m)\n"
            "import ratgames_lab\n"
            "print(json.dumps({'package': ratgames_lab.__file__, "
            f"'versions': {{n: md.version(n) for n in {list(PINNED)!r}}}}}))\n")
    check = subprocess.run([str(python), "-c", code], cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert check.returncode == 0, check.stderr[-3000:]
    info = json.loads(check.stdout.strip().splitlines()[-1])
    assert Path(info["package"]).resolve().is_relative_to(src.resolve()), "-e . installed the repository copy"
    pins = _pins()
    assert info["versions"] == {n: pins[n] for n in PINNED}
    share = venv / "share" / "jupyter"
    assert (share / "labextensions" / "@jupyter-widgets" / "jupyterlab-manager").is_dir()
    assert (share / "labextensions" / "bqplot").is_dir()
    assert list((venv / "etc" / "jupyter" / "jupyter_server_config.d").glob("voila*.json")), \
        "voila's server extension is enabled (Binder's voila/render URL)"
    script = venv / "bin" / "ratgames"
    listed = subprocess.run([str(script), "list"], capture_output=True, text=True, timeout=120)
    assert listed.returncode == 0 and "master_of_rules" in listed.stdout
