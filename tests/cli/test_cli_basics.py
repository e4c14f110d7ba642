"""``ratgames`` basics: list, --help for every command, bad input exits 2 with a message, the console script."""
from __future__ import annotations

import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import ratgames_lab
from ratgames_lab.cli import build_parser

COMMANDS = ["list", "play", "simulate", "tournament", "bench", "analyze", "app", "student-copy"]


def test_list_shows_every_registered_game(run):
    r = run("list")
    assert r.code == 0
    lines = r.out.strip().splitlines()
    assert len(lines) == len(ratgames_lab.GAMES)
    for name, info in ratgames_lab.GAMES.items():
        line = next(l for l in lines if l.split()[0] == name)
        assert info.title in line
        assert all(str(n) in line for n in info.players)
        assert info.status in line
    assert "master_of_rules  Master of Rules  (3, 4 or 5 players)" in r.out


def test_top_level_help_lists_commands(run):
    r = run("--help")
    assert r.code == 0
    for command in COMMANDS:
        assert command in r.out


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_has_help(run, command):
    r = run(command, "--help")
    assert r.code == 0
    assert r.out.startswith(f"usage: ratgames {command}")
    assert r.err == ""


def test_parser_knows_exactly_the_documented_commands():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert sorted(sub.choices) == sorted(COMMANDS)


@pytest.mark.parametrize("argv, message", [
    ([], "the following arguments are required: COMMAND"),
    (["fly"], "invalid choice: 'fly'"),
    (["play", "chess"], "unknown game 'chess' (known games:"),
    (["play", "master_of_rules", "--players", "7"], "Master of Rules is for 3, 4 or 5 players, not 7"),
    (["play", "master_of_rules", "--players", "four"], "'four' is not a whole number"),
    (["play", "master_of_rules", "--players", "3", "--seat", "4"], "--seat must be between 1 and 3"),
    (["play", "master_of_rules", "--players", "3", "--seat", "0"], "--seat must be between 1 and 3"),
    (["play", "master_of_rules", "--bots", "genius"], "unknown bot 'genius' for master_of_rules"),
    (["play", "master_of_rules", "--players", "3", "--bots", "random", "random", "random"],
     "--bots needs 1 name or 2 names"),
    (["simulate", "master_of_rules", "--games", "0"], "0 is out of range: give a number from 1 to 1000000"),
    (["simulate", "master_of_rules", "--players", "3", "--bots", "random", "random"], "--bots needs 1 name or 3"),
    (["simulate", "master_of_rules", "--processes", "-1"], "-1 is out of range: give 1 to"),
    (["bench", "master_of_rules", "--seconds", "-3"], "must be a positive number of seconds"),
    (["bench", "master_of_rules", "--players", "2"], "Master of Rules is for 3, 4 or 5 players, not 2"),
    (["analyze", "/nonexistent/position.json"], "no such file: /nonexistent/position.json"),
    (["analyze", "x.json", "--playouts", "0"], "0 must be at least 1"),
    (["app", "master_of_rules", "--port", "70000"], "70000 is not a TCP port"),
    (["app", "master_of_rules", "--debug"], "unrecognized arguments: --debug"),
    (["list", "--verbose"], "unrecognized arguments: --verbose"),
])
def test_bad_input_exits_2_with_a_message_and_no_traceback(run, argv, message):
    r = run(*argv)
    assert r.code == 2
    assert message in r.err
    assert "Traceback" not in r.err + r.out


def test_console_script_and_module_entry_points():
    script = Path(sysconfig.get_path("scripts")) / "ratgames"
    assert script.is_file(), "the console script `ratgames` is not installed (pip install -e .)"
    for cmd in ([str(script), "list"], [sys.executable, "-m", "ratgames_lab", "list"]):
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120)
        assert proc.returncode == 0, proc.stderr
        assert "master_of_rules" in proc.stdout and "Master of Rules" in proc.stdout


def test_subprocess_bad_input_exit_code():
    proc = subprocess.run([sys.executable, "-m", "ratgames_lab", "play", "chess"], capture_output=True, text=True,
                          timeout=120)
    assert proc.returncode == 2
    assert "unknown game 'chess'" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_the_cli_imports_no_jupyter_package():
    code = ("import sys, ratgames_lab.cli as cli; cli.build_parser(); cli.app_notebook_path('master_of_rules'); "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'bqplot', 'IPython', 'voila')]; "
            "assert not bad, bad")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
