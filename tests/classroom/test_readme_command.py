"""The README's classroom command works as written: it starts, prints the codes, answers on the network port with
the code page (reached here through the loopback address), and a SIGTERM stops it with its kernels."""
from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from pathlib import Path

import pytest

from .server_helper import free_port

README = Path(__file__).resolve().parents[2] / "README.md"


def readme_classroom_command() -> list[str]:
    """The first `ratgames app ... --classroom` line of the README (without its comment)."""
    for line in README.read_text().splitlines():
        if line.startswith("ratgames app ") and "--classroom" in line:
            return shlex.split(line.split("#", 1)[0])
    raise AssertionError("the README has no classroom command")


def test_the_readme_classroom_command_starts_serves_and_stops():
    pytest.importorskip("voila")
    psutil = pytest.importorskip("psutil")
    command = readme_classroom_command()
    assert command[:2] == ["ratgames", "app"] and "--classroom" in command
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "ratgames_lab", *command[1:], "--port", str(port),
                             "--ready-games", "1"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        for line in proc.stdout:
            lines.append(line)
            if line.startswith("Ready."):
                ready.set()

    threading.Thread(target=read, daemon=True).start()
    try:
        assert ready.wait(150), "".join(lines)
        text = "".join(lines)
        assert re.search(r"Student code:\s+\S+", text) and re.search(r"Teacher code:\s+\S+", text)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=30) as page:
            assert page.status == 200 and "code" in page.read().decode().lower()
        family = [proc.pid] + [p.pid for p in psutil.Process(proc.pid).children(recursive=True)]
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGTERM)
    proc.wait(timeout=60)

    def alive(pid: int) -> bool:
        try:
            return psutil.Process(pid).status() != psutil.STATUS_ZOMBIE
        except psutil.Error:
            return False

    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(alive(p) for p in family):
        time.sleep(0.5)
    assert not [p for p in family if alive(p)], "a server or kernel process outlived the SIGTERM"
