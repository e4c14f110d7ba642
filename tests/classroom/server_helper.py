"""Start ``ratgames app GAME --classroom`` on the loopback interface for a test; always stop it."""
from __future__ import annotations

import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

import pytest

ARTIFACTS = Path(__file__).resolve().parents[1] / "ui" / "artifacts"
V1 = "v1.kernel.websocket.jupyter.org"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@dataclass
class Classroom:
    """A running classroom server: its URL, codes, process and what it printed."""

    url: str
    student_code: str
    teacher_code: str
    proc: subprocess.Popen
    lines: list[str] = field(default_factory=list)

    def kernels(self) -> list[int]:
        """The kernel processes the server runs now."""
        import psutil
        try:
            procs = psutil.Process(self.proc.pid).children(recursive=True)
        except psutil.Error:
            return []
        found = []
        for proc in procs:
            try:
                if "ipykernel" in " ".join(proc.cmdline()):
                    found.append(proc.pid)
            except psutil.Error:
                continue
        return found

    def memory_mb(self) -> float:
        """Memory (RSS) of the server, Voila and every kernel, in MB."""
        import psutil
        total = 0.0
        try:
            procs = [psutil.Process(self.proc.pid), *psutil.Process(self.proc.pid).children(recursive=True)]
        except psutil.Error:
            return 0.0
        for proc in procs:
            with contextlib.suppress(psutil.Error):
                total += proc.memory_info().rss / 2**20
        return total

    def kernel_memory_mb(self) -> list[float]:
        """Memory (RSS) of each kernel, in MB."""
        import psutil
        sizes = []
        for pid in self.kernels():
            with contextlib.suppress(psutil.Error):
                sizes.append(psutil.Process(pid).memory_info().rss / 2**20)
        return sizes

    def kernel_unique_mb(self) -> list[float]:
        """Memory only each kernel holds (USS: freed when it stops), in MB."""
        import psutil
        sizes = []
        for pid in self.kernels():
            with contextlib.suppress(psutil.Error):
                sizes.append(psutil.Process(pid).memory_full_info().uss / 2**20)
        return sizes

    def settled_memory_mb(self, timeout: float = 60) -> float:
        """memory_mb() once it stops growing (the kernels started in advance have loaded the dashboard)."""
        deadline = time.monotonic() + timeout
        last = self.memory_mb()
        while time.monotonic() < deadline:
            time.sleep(2)
            now = self.memory_mb()
            if abs(now - last) < 0.01 * last:
                return now
            last = now
        return last

    def wait_kernels(self, count: int, timeout: float) -> list[int]:
        """Wait until exactly ``count`` kernels run; return them (the last list seen on timeout)."""
        deadline = time.monotonic() + timeout
        while True:
            kernels = self.kernels()
            if len(kernels) == count or time.monotonic() > deadline:
                return kernels
            time.sleep(0.5)


@contextlib.contextmanager
def classroom(game: str = "rattus", *args: str, log_name: str = "classroom.log",
              ready_timeout: float = 150) -> Iterator[Classroom]:
    """Serve ``game`` in classroom mode on 127.0.0.1 (a free port); yield it once Voila is ready."""
    pytest.importorskip("voila")
    pytest.importorskip("psutil")
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = free_port()
    log = open(ARTIFACTS / log_name, "w")
    proc = subprocess.Popen([sys.executable, "-m", "ratgames_lab", "app", game, "--classroom", "--host", "127.0.0.1",
                             "--port", str(port), *args], stdout=subprocess.PIPE, stderr=log, text=True,
                            start_new_session=True)
    lines: list[str] = []
    ready = threading.Event()

    def read() -> None:
        for line in proc.stdout:
            lines.append(line)
            log.write(line)
            log.flush()
            if line.startswith("Ready."):
                ready.set()

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    try:
        if not ready.wait(ready_timeout):
            raise RuntimeError(f"the classroom server did not start: {''.join(lines)}")
        text = "".join(lines)
        student = re.search(r"Student code:\s+(\S+)", text).group(1)
        teacher = re.search(r"Teacher code:\s+(\S+)", text).group(1)
        server = Classroom(f"http://127.0.0.1:{port}", student, teacher, proc, lines)
        yield server
        # SIGTERM (not Ctrl-C) stops the class server, Voila and every kernel
        import psutil
        processes = psutil.Process(proc.pid).children(recursive=True)
        assert any("voila" in " ".join(p.cmdline()) for p in processes)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(60) == 0
        gone, alive = psutil.wait_procs(processes, timeout=10)
        assert not alive, f"still running after SIGTERM: {[p.cmdline() for p in alive]}"
    finally:
        if proc.poll() is None:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(10)
        reader.join(10)
        log.close()


def login(url: str, code: str):
    """A requests session that typed ``code`` on the first page (a student or the teacher)."""
    import requests
    session = requests.Session()
    session.get(url + "/", timeout=90)  # generous: 30 kernels starting on 2 cores slow every answer down
    response = session.post(url + "/", data={"code": code, "_xsrf": session.cookies.get("_xsrf")}, timeout=90)
    assert response.status_code == 200, response.text
    return session


def kernel_id(page: str) -> str:
    """The kernel id written in a dashboard page."""
    match = re.search(r'"kernelId": "([0-9a-f-]{36})"', page)
    assert match, page[:500]
    return match.group(1)


def cookie_header(session) -> str:
    return "; ".join(f"{c.name}={c.value}" for c in session.cookies)


def v1_message(channel: str, msg_type: str) -> bytes:
    """A Jupyter message in the v1 websocket protocol (what a browser sends)."""
    import json
    import uuid
    header = {"msg_id": uuid.uuid4().hex, "msg_type": msg_type, "username": "t", "session": uuid.uuid4().hex,
              "date": "2026-01-01T00:00:00Z", "version": "5.3"}
    parts = [channel.encode(), json.dumps(header).encode(), b"{}", b"{}", b"{}"]
    offsets, position = [], 8 * (len(parts) + 2)
    for part in parts:
        offsets.append(position)
        position += len(part)
    offsets.append(position)
    head = (len(offsets)).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + b"".join(parts)


class LiveSocket:
    """A kernel websocket read all the time in a thread, as a browser does: it answers the server's pings (a
    socket nobody reads is closed by the server after a minute) and notes if the server dropped it."""

    def __init__(self, ws) -> None:
        self.ws = ws
        self.leaving = False
        self.dropped = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        import websocket
        while True:
            try:
                if self.ws.recv_data()[0] == websocket.ABNF.OPCODE_CLOSE:
                    break
            except websocket.WebSocketTimeoutException:
                continue
            except Exception:  # closed: by us (leave) or by the server (a stranded student)
                break
        if not self.leaving:
            self.dropped.set()

    def leave(self) -> None:
        """The browser goes away (its connection simply ends)."""
        self.leaving = True
        with contextlib.suppress(Exception):
            self.ws.abort()  # wakes the reading thread and ends the connection at once
            self.ws.shutdown()


FREEZING_FRAME = (2**63).to_bytes(8, "little") + bytes(64)  # 72 bytes claiming 2**63 parts
