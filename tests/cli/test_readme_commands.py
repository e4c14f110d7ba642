"""Every `ratgames` command the README shows runs as written, with the `ratgames` that the README's install puts
in the virtual environment, and no docs page names fewer games than are registered."""
from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import ratgames_lab as rl

REPO = Path(__file__).resolve().parents[2]
README = (REPO / "README.md").read_text(encoding="utf-8")
BIN = Path(sys.executable).parent  # the virtual environment's bin/ (where `pip install -e` put `ratgames`)


def readme_commands() -> list[str]:
    """The complete `ratgames ...` commands of the README: lines of its sh blocks and inline code spans.

    Usage patterns with placeholders (GAME, N, [options]) are not commands; `ratgames app` serves until stopped,
    so tests/classroom/test_readme_command.py and tests/cli/test_cli_app.py start and stop it instead."""
    found: list[str] = []
    for block in re.findall(r"^```sh\n(.*?)^```$", README, re.M | re.S):
        found += [line.split("#", 1)[0].strip() for line in block.splitlines() if line.startswith("ratgames ")]
    found += re.findall(r"`(ratgames [^`]+)`", README)
    commands = []
    for command in dict.fromkeys(found):
        words = shlex.split(command)
        if any(re.fullmatch(r"[A-Z][A-Z_.]*(\.json)?|\[.*|.*\]|\.\.\.|.*\|.*", w) for w in words[1:]):
            continue
        if words[1] == "app":
            continue
        commands.append(command)
    return commands


def test_the_readme_shows_commands_to_try():
    commands = readme_commands()
    assert len(commands) >= 5, commands
    assert {shlex.split(c)[1] for c in commands} >= {"list", "simulate", "analyze", "play", "student-copy"}


@pytest.mark.parametrize("command", readme_commands())
def test_readme_command_runs_as_written(command, tmp_path):
    assert (BIN / "ratgames").exists(), "the install puts `ratgames` in the environment's bin/"
    env = dict(os.environ, PATH=f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    words = shlex.split(command)
    if words[1] == "student-copy":  # writes its copies: into a scratch folder, from the real lessons
        words = [*words[:2], str(REPO / "notebooks"), "--out", str(tmp_path / "copies")]
    proc = subprocess.run(words, input="q\n", capture_output=True, text=True, timeout=300, cwd=REPO, env=env)
    assert proc.returncode == 0, (command, proc.stdout[-2000:], proc.stderr[-2000:])
    assert "Traceback" not in proc.stderr
    assert proc.stdout.strip(), command


FEWER_GAMES = re.compile(r"\b(either game|both games|the two games|two games|for the two)\b", re.I)


@pytest.mark.parametrize("page", sorted(p.relative_to(REPO).as_posix() for p in
                                        [REPO / "README.md", *(REPO / "docs").glob("*.md")]))
def test_no_docs_page_names_fewer_games_than_are_registered(page):
    text = (REPO / page).read_text(encoding="utf-8")
    assert not FEWER_GAMES.search(text), FEWER_GAMES.search(text).group(0)
    for line in text.splitlines():
        named = set(re.findall(r"ratgames app (\w+)", line)) & set(rl.GAMES)
        assert len(named) < 2 or len(named) == len(rl.GAMES), f"{page}: a list of some games only: {line}"
