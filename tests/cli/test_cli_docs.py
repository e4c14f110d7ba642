"""The README's two commands, .ci/run and the docs stay in step with the code."""
from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path

import ratgames_lab.master_of_rules.rules as mor_rules
from ratgames_lab.cli import build_parser

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")
CI = REPO / ".ci" / "run"


def _blocks(text: str) -> list[str]:
    return re.findall(r"^```sh\n(.*?)^```$", text, re.M | re.S)


def _head(text: str) -> str:
    """The README up to its second heading: the title, what the project is, and the two commands."""
    return re.split(r"^## ", text, maxsplit=1, flags=re.M)[0]


def _ci_block() -> str:
    text = CI.read_text()
    return text.split("# --- README test command ---\n", 1)[1].split("# --- end ---", 1)[0]


def test_readme_says_what_it_is_then_gives_exactly_two_commands():
    head = _head(README)
    assert head.startswith("# ratgames_lab\n")
    intro = head.split("```sh", 1)[0]
    assert "probability" in intro and "lessons" in intro.lower(), "what the project is comes first"
    assert len(intro.split()) < 120, "three lines of what it is, then the commands"
    blocks = _blocks(head)
    assert blocks == ["sh tools/setup.sh lessons\n", "sh tools/setup.sh test\n"]


def test_setup_script_installs_and_runs_what_the_readme_says():
    script = (REPO / "tools" / "setup.sh").read_text()
    assert 'pip install -e ".[lab]"' in script and "jupyter\" lab notebooks/00_start_here.ipynb" in script
    assert 'pip install -e ".[test,lab]"' in script and "apt_install chromium" in script
    assert "[ -x /usr/bin/chromium ]" in script and "-m pytest -p no:cacheprovider -n 2 --dist=loadfile" in script
    assert "python3 -m venv" in script and "apt_install python3-venv" in script


def test_setup_script_is_valid_sh_and_refuses_a_wrong_word():
    script = REPO / "tools" / "setup.sh"
    proc = subprocess.run(["sh", "-n", str(script)], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr
    proc = subprocess.run(["sh", str(script), "nonsense"], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 2 and "usage: sh tools/setup.sh lessons|test" in proc.stderr


def test_ci_runs_the_readme_test_command():
    readme_tests = _blocks(_head(README))[1]
    assert _ci_block() == "VENV=.venv-ci " + readme_tests


def test_ci_script_is_strict_and_executable():
    text = CI.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "\nset -euo pipefail\n" in text
    assert os.access(CI, os.X_OK)
    assert text.rstrip().endswith("# --- end ---"), "pytest's exit status is the script's"
    proc = subprocess.run(["bash", "-n", str(CI)], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr


def test_readme_documents_every_command_and_the_binder_links():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    for command in sub.choices:
        assert f"ratgames {command}" in README, command
    for notebook in ("00_start_here", "10_master_of_rules_rules", "11_master_of_rules_probability",
                     "13_master_of_rules_what_if"):
        assert f"{notebook}.ipynb" in README
    assert "mybinder.org/v2/gh/OWNER/ratgames_lab/HEAD?urlpath=lab/tree/notebooks/00_start_here.ipynb" in README
    assert "urlpath=voila/render/notebooks/apps/master_of_rules.ipynb" in README
    assert "ratgames app rattus --classroom" in README


def test_readme_says_how_to_reach_ratgames_after_the_install():
    assert ".venv/bin/ratgames list" in README and ". .venv/bin/activate" in README


def test_docs_glossary_has_every_french_term_of_the_engine():
    doc = (REPO / "docs" / "master_of_rules.md").read_text(encoding="utf-8")
    glossary = mor_rules.__doc__.split("Glossary (French -> code):", 1)[1]
    terms = [pair.split("->")[0].strip() for pair in glossary.replace("\n", " ").split(",")]
    assert len(terms) >= 8
    for term in terms:
        assert term.lower() in doc.lower(), term
    for interpretation in ("refilled to 5", "play nothing", "single choice", "determinize"):
        assert interpretation.lower() in doc.lower()


def test_readme_gives_a_teacher_a_short_path_from_install_to_class():
    section = README.split("## Teaching with it\n", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in section.splitlines() if line.strip()]
    assert len(lines) <= 10, len(lines)
    for step in ("00_start_here", "ratgames student-copy", "--classroom", "docs/static_site.md"):
        assert step in section, step
    assert len(README.split()) <= 1550  # "under about 1,500 words": room for a line, not for a section
