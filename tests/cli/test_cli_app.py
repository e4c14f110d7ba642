"""``ratgames app``: finds the dashboard notebook, explains a missing Voila, serves with Voila on 127.0.0.1."""
from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from ratgames_lab import cli
from ratgames_lab.core.registry import GAMES, GameInfo

REPO = Path(__file__).resolve().parents[2]


def _tiny_notebook(path: Path, text: str) -> Path:
    nb = {"nbformat": 4, "nbformat_minor": 5, "metadata": {"kernelspec": {"name": "python3", "language": "python",
                                                                           "display_name": "Python 3"}},
          "cells": [{"id": "c0", "cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [],
                     "source": f"print({text!r})"}]}
    path.write_text(json.dumps(nb))
    return path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class _FakePopen:
    calls: list[list[str]] = []
    pid = 0  # not a process: ratgames_lab.classroom.processes.descendants(0) is []

    def __init__(self, cmd, **kwargs):
        _FakePopen.calls.append(cmd)

    def wait(self, timeout=None):
        return 0

    def poll(self):
        return 0


def test_the_dashboard_path_is_notebooks_apps_game():
    path = cli.app_notebook_path("master_of_rules")
    expected = REPO / "notebooks" / "apps" / "master_of_rules.ipynb"
    assert path == (expected if expected.is_file() else None)


def test_missing_notebook_exits_2(run, monkeypatch):
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: None)
    r = run("app", "master_of_rules", "--no-browser")
    assert r.code == 2
    assert "Master of Rules has no dashboard yet (no notebooks/apps/master_of_rules.ipynb)" in r.err


def test_a_game_without_dashboard_exits_2(run, monkeypatch):
    monkeypatch.setitem(GAMES, "no_board", GameInfo("no_board", "No Board", "ratgames_lab.master_of_rules", (3,),
                                                    information="hidden", chance=True))
    assert cli.app_notebook_path("no_board") is None
    r = run("app", "no_board", "--no-browser")
    assert r.code == 2 and "No Board has no dashboard yet" in r.err


def test_missing_voila_says_how_to_install_the_lab_extra(run, monkeypatch, tmp_path):
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: _tiny_notebook(tmp_path / "a.ipynb", "x"))
    real = cli.importlib.util.find_spec
    monkeypatch.setattr(cli.importlib.util, "find_spec", lambda name, *a: None if name == "voila" else real(name, *a))
    r = run("app", "master_of_rules", "--no-browser")
    assert r.code == 2
    assert 'Voila is not installed. Install the lab extra: pip install -e ".[lab]"' in r.err


def test_voila_command_and_printed_url(run, monkeypatch, tmp_path):
    notebook = _tiny_notebook(tmp_path / "a.ipynb", "x")
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: notebook)
    monkeypatch.setattr(subprocess, "Popen", _FakePopen)
    _FakePopen.calls.clear()
    r = run("app", "master_of_rules", "--port", "9123", "--no-browser")
    assert r.code == 0
    assert "Open http://localhost:9123/ in a browser" in r.out
    [cmd] = _FakePopen.calls
    assert cmd[:4] == [sys.executable, "-m", "voila", str(notebook)]
    assert "--port=9123" in cmd and "--Voila.ip=127.0.0.1" in cmd and "--no-browser" in cmd
    r = run("app", "master_of_rules", "--port", "9124", "--Voila.ip=0.0.0.0")
    assert "Open http://<this computer's address>:9124/" in r.out
    cmd = _FakePopen.calls[-1]
    assert cmd[-1] == "--Voila.ip=0.0.0.0" and "--no-browser" not in cmd


def test_default_port_skips_a_busy_one(run, monkeypatch, tmp_path):
    notebook = _tiny_notebook(tmp_path / "a.ipynb", "x")
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: notebook)
    monkeypatch.setattr(subprocess, "Popen", _FakePopen)
    busy = _free_port()
    monkeypatch.setattr(cli, "VOILA_PORT", busy)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", busy))
        sock.listen()
        r = run("app", "master_of_rules", "--no-browser")
    port = int(r.out.split("http://localhost:", 1)[1].split("/", 1)[0])
    assert port != busy and port > busy


def test_voila_really_serves_the_notebook(run, monkeypatch, tmp_path):
    pytest.importorskip("voila")
    notebook = _tiny_notebook(tmp_path / "app.ipynb", "hello from ratgames")
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: notebook)
    started: list[subprocess.Popen] = []
    real_popen = subprocess.Popen

    def popen(cmd, **kwargs):
        kwargs.update(start_new_session=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        proc = real_popen(cmd, **kwargs)
        started.append(proc)
        return proc

    monkeypatch.setattr(subprocess, "Popen", popen)
    port = _free_port()
    result = {}
    thread = threading.Thread(target=lambda: result.update(r=run("app", "master_of_rules", "--no-browser",
                                                                  "--port", str(port))))
    thread.start()
    try:
        page = ""
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as resp:
                    page = resp.read().decode()
                break
            except OSError:
                time.sleep(0.5)
        assert "hello from ratgames" in page
    finally:
        for proc in started:
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGTERM)
                try:
                    proc.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)
        thread.join(timeout=30)
    assert f"Open http://localhost:{port}/" in result["r"].out


def test_voila_ip_given_once_replaces_the_default(run, monkeypatch, tmp_path):
    notebook = _tiny_notebook(tmp_path / "a.ipynb", "x")
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: notebook)
    monkeypatch.setattr(subprocess, "Popen", _FakePopen)
    _FakePopen.calls.clear()
    r = run("app", "master_of_rules", "--port", "9125", "--no-browser", "--Voila.ip=0.0.0.0")
    [cmd] = _FakePopen.calls
    assert [a for a in cmd if a.startswith("--Voila.ip")] == ["--Voila.ip=0.0.0.0"]
    assert "anyone who can reach this computer can open the app, with no code" in r.out
    assert "ratgames app master_of_rules --classroom" in r.out


@pytest.mark.parametrize("argv, message", [
    (["--classroom", "--Voila.ip=0.0.0.0"],
     "--classroom sets Voila's options itself (loopback, token, limits): leave out --Voila.ip=0.0.0.0"),
    (["--classroom", "--Voila.token="],
     "--classroom sets Voila's options itself (loopback, token, limits): leave out --Voila.token="),
    (["--classroom", "--students", "4", "--ready-games", "5"], "--ready-games (5) cannot exceed --students (4)"),
    (["--students", "0"], "argument --students: 0 is out of range: give a number from 1 to 200"),
    (["--students", "many"], "argument --students: 'many' is not a whole number"),
])
def test_classroom_options_are_checked(run, monkeypatch, tmp_path, argv, message):
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: _tiny_notebook(tmp_path / "a.ipynb", "x"))
    monkeypatch.setattr(subprocess, "Popen", _FakePopen)
    r = run("app", "rattus", *argv)
    assert r.code == 2 and r.err.strip() == f"ratgames: error: {message}"


def test_sigterm_stops_voila_and_every_kernel(tmp_path):
    """`kill PID` (SIGTERM, not Ctrl-C) on `ratgames app` stops Voila and the kernel of an open page."""
    pytest.importorskip("voila")
    psutil = pytest.importorskip("psutil")
    port = _free_port()
    app_dir = tmp_path / "notebooks" / "apps"
    app_dir.mkdir(parents=True)
    _tiny_notebook(app_dir / "master_of_rules.ipynb", "hello from ratgames")
    code = ("import sys, pathlib; from ratgames_lab import cli; "
            f"cli.app_notebook_path = lambda game: pathlib.Path({str(app_dir / 'master_of_rules.ipynb')!r}); "
            "sys.exit(cli.main(sys.argv[1:]))")
    proc = subprocess.Popen([sys.executable, "-c", code, "app", "master_of_rules", "--no-browser",
                             "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
                            start_new_session=True)
    try:
        page = ""
        deadline = time.monotonic() + 120
        while "hello from ratgames" not in page and time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as resp:
                    page = resp.read().decode()
            except OSError:
                time.sleep(0.5)
        assert "hello from ratgames" in page
        children = psutil.Process(proc.pid).children(recursive=True)
        assert any("ipykernel" in " ".join(c.cmdline()) for c in children)  # the page's kernel
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(60) == 0
        _gone, alive = psutil.wait_procs(children, timeout=15)
        assert not alive, [c.cmdline() for c in alive]
        assert "Stopping Voila and its kernels" in proc.stdout.read()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
