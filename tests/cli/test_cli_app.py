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
from ratgames_lab.classroom import plain_app
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
    monkeypatch.setattr(plain_app, "server_answers", lambda proc, url, timeout=180: True)
    _FakePopen.calls.clear()
    r = run("app", "master_of_rules", "--port", "9123", "--no-browser")
    assert r.code == 0
    assert "Open http://localhost:9123/ in a browser" in r.out
    [cmd] = _FakePopen.calls
    assert cmd[:4] == [sys.executable, "-m", "voila", str(notebook)]
    assert "--port=9123" in cmd and "--Voila.ip=127.0.0.1" in cmd and "--no-browser" in cmd
    # the kernel of a closed tab (no page connected, idle) is stopped by jupyter_server's culler
    assert "--MappingKernelManager.cull_connected=False" in cmd
    assert f"--MappingKernelManager.cull_idle_timeout={plain_app.CULL_IDLE_SECONDS}" in cmd


def test_the_address_is_printed_only_once_voila_answers(run, monkeypatch, tmp_path):
    notebook = _tiny_notebook(tmp_path / "a.ipynb", "x")
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: notebook)
    monkeypatch.setattr(subprocess, "Popen", _FakePopen)  # a Voila that exits at once, never answering
    r = run("app", "master_of_rules", "--port", "9126", "--no-browser")
    assert "Open http://" not in r.out and "Voila stopped" in r.out


def test_default_port_skips_a_busy_one(run, monkeypatch, tmp_path):
    notebook = _tiny_notebook(tmp_path / "a.ipynb", "x")
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: notebook)
    monkeypatch.setattr(subprocess, "Popen", _FakePopen)
    monkeypatch.setattr(plain_app, "server_answers", lambda proc, url, timeout=180: True)
    busy = _free_port()
    monkeypatch.setattr(cli, "VOILA_PORT", busy)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", busy))
        sock.listen()
        r = run("app", "master_of_rules", "--no-browser")
    port = int(r.out.split("http://localhost:", 1)[1].split("/", 1)[0])
    assert port != busy and port > busy


@pytest.mark.parametrize("classroom", [False, True])
def test_a_busy_port_is_one_error_line(run, monkeypatch, tmp_path, classroom):
    notebook = _tiny_notebook(tmp_path / "a.ipynb", "x")
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: notebook)
    monkeypatch.setattr(subprocess, "Popen", _FakePopen)
    _FakePopen.calls.clear()
    busy = _free_port()
    with socket.socket() as sock:
        sock.bind(("0.0.0.0" if classroom else "127.0.0.1", busy))
        sock.listen()
        r = run("app", "master_of_rules", "--no-browser", "--port", str(busy), *(["--classroom"] if classroom else []))
    assert r.code == 2 and _FakePopen.calls == []
    assert r.err.strip().startswith(f"ratgames: error: port {busy} is busy") and len(r.err.strip().splitlines()) == 1


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


@pytest.mark.parametrize("ip", ["0.0.0.0", "192.168.1.23", "::"])
def test_the_plain_app_refuses_the_network_and_points_to_classroom(run, monkeypatch, tmp_path, ip):
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: _tiny_notebook(tmp_path / "a.ipynb", "x"))
    monkeypatch.setattr(subprocess, "Popen", _FakePopen)
    _FakePopen.calls.clear()
    r = run("app", "master_of_rules", "--port", "9125", "--no-browser", f"--Voila.ip={ip}")
    assert r.code == 2 and _FakePopen.calls == []
    assert r.err.strip() == (f"ratgames: error: the plain app serves this computer only (--Voila.ip={ip} would serve "
                             "the network with no code and no limits): to serve a class, use: "
                             "ratgames app master_of_rules --classroom")


def test_voila_ip_given_once_replaces_the_default(run, monkeypatch, tmp_path):
    notebook = _tiny_notebook(tmp_path / "a.ipynb", "x")
    monkeypatch.setattr(cli, "app_notebook_path", lambda game: notebook)
    monkeypatch.setattr(subprocess, "Popen", _FakePopen)
    monkeypatch.setattr(plain_app, "server_answers", lambda proc, url, timeout=180: True)
    _FakePopen.calls.clear()
    r = run("app", "master_of_rules", "--port", "9125", "--no-browser", "--Voila.ip=localhost")
    [cmd] = _FakePopen.calls
    assert r.code == 0 and [a for a in cmd if a.startswith("--Voila.ip")] == ["--Voila.ip=localhost"]


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


def test_the_kernel_of_a_page_that_left_is_culled(tmp_path):
    """The plain app frees a closed tab's kernel: a page opened and left (no websocket) is culled."""
    pytest.importorskip("voila")
    psutil = pytest.importorskip("psutil")
    port = _free_port()
    app_dir = tmp_path / "notebooks" / "apps"
    app_dir.mkdir(parents=True)
    _tiny_notebook(app_dir / "master_of_rules.ipynb", "hello from ratgames")
    code = ("import sys, pathlib; from ratgames_lab import cli; "
            f"cli.app_notebook_path = lambda game: pathlib.Path({str(app_dir / 'master_of_rules.ipynb')!r}); "
            "sys.exit(cli.main(sys.argv[1:]))")
    proc = subprocess.Popen([sys.executable, "-c", code, "app", "master_of_rules", "--no-browser", "--port", str(port),
                             "--MappingKernelManager.cull_idle_timeout=3", "--MappingKernelManager.cull_interval=1"],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)

    def kernels() -> list:
        try:
            return [c for c in psutil.Process(proc.pid).children(recursive=True)
                    if "ipykernel" in " ".join(c.cmdline())]
        except psutil.Error:
            return []

    try:
        first = proc.stdout.readline() + proc.stdout.readline() + proc.stdout.readline()
        assert f"Open http://localhost:{port}/" in first  # printed once Voila answers: the page opens at once
        for _ in range(2):  # open the page and leave it, twice
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=60) as resp:
                assert "hello from ratgames" in resp.read().decode()
        assert kernels()
        deadline = time.monotonic() + 60
        while kernels() and time.monotonic() < deadline:
            time.sleep(0.5)
        assert kernels() == []
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait()
