"""A class arriving within seconds (websocket clients, loopback only): every student gets a live dashboard and keeps
it while the others arrive; the next student finds the class full; when they leave, every game's kernel is stopped
and only the games started in advance remain. (The class of 30, measured with real browsers, is the opt-in
test_class_arrival.py.)"""
from __future__ import annotations

import json
import statistics
import threading
import time

import pytest

from .server_helper import ARTIFACTS, V1, LiveSocket, classroom, cookie_header, kernel_id, login, v1_message

pytestmark = pytest.mark.slow
STUDENTS = 4
READY = 2
ARRIVAL_GAP = 0.5  # seconds between two students


def _shell_reply(ws, msg_type: str) -> dict:
    """The content of the next shell reply of type ``msg_type`` on a v1 websocket."""
    for _ in range(200):
        frame = ws.recv()
        if not isinstance(frame, bytes):
            continue
        count = int.from_bytes(frame[:8], "little")
        offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
        if frame[offsets[0]:offsets[1]] != b"shell":
            continue
        header = json.loads(frame[offsets[1]:offsets[2]])
        if header["msg_type"] == msg_type:
            return json.loads(frame[offsets[4]:offsets[5]])
    raise AssertionError(f"no {msg_type}")


def _comm_info_request() -> bytes:
    message = v1_message("shell", "comm_info_request")
    return message


def test_a_class_gets_dashboards_keeps_them_and_leaves_no_kernel(capsys):
    import websocket

    with classroom("rattus", "--students", str(STUDENTS), "--ready-games", str(READY),
                   log_name="classroom_load.log") as cls:
        pool = cls.wait_kernels(READY, 120)
        assert len(pool) == READY
        results: dict[int, dict] = {}
        sockets: dict[int, tuple] = {}

        def student(i: int) -> None:
            started = time.monotonic()
            try:
                session = login(cls.url, cls.student_code)
                page = session.get(cls.url + "/play", timeout=600)  # waits in line, 2 pages at a time
                assert page.status_code == 200
                if "application/vnd.jupyter.widget-view+json" not in page.text:  # the dashboard's view
                    (ARTIFACTS / f"classroom_load_page_{i}.html").write_text(page.text)
                    raise AssertionError(f"student {i}: no dashboard in the page (tests/ui/artifacts)")
                kid = kernel_id(page.text)
                page_s = time.monotonic() - started
                ws = websocket.create_connection(
                    cls.url.replace("http", "ws") + f"/api/kernels/{kid}/channels", subprotocols=[V1],
                    header=[f"Cookie: {cookie_header(session)}"], origin=cls.url, timeout=300)
                ws.send_binary(v1_message("shell", "kernel_info_request"))
                assert _shell_reply(ws, "kernel_info_reply")["status"] == "ok"
                ws.send_binary(_comm_info_request())
                comms = _shell_reply(ws, "comm_info_reply")["comms"]
                assert len(comms) > 20  # the dashboard's widgets are alive in the kernel
                results[i] = {"page": page_s, "ready": time.monotonic() - started}
                sockets[i] = (session, LiveSocket(ws), kid)
            except Exception as exc:  # recorded, then reported by the assertion below
                results[i] = {"error": repr(exc)}

        threads = []
        t0 = time.monotonic()
        for i in range(STUDENTS):
            thread = threading.Thread(target=student, args=(i,))
            thread.start()
            threads.append(thread)
            time.sleep(ARRIVAL_GAP)
        for thread in threads:
            thread.join(600)  # generous: on 2 busy cores a class's kernels start slowly
        class_s = time.monotonic() - t0
        errors = {i: r["error"] for i, r in results.items() if "error" in r}
        assert not errors and len(results) == STUDENTS, errors
        kernels = cls.kernels()
        per_kernel = cls.kernel_memory_mb()
        # nobody stranded: every student still has their game, its websocket open, now that the class is in
        dropped = [i for i, (_, live, _) in sockets.items() if live.dropped.is_set()]
        assert not dropped, f"students {dropped}: their game's websocket was closed by the server"
        assert len(kernels) >= STUDENTS, f"{len(kernels)} kernels for {STUDENTS} students"
        ready = sorted(r["ready"] for r in results.values())

        # the next student finds the class full, with a message, and no game is started for them
        late = login(cls.url, cls.student_code).get(cls.url + "/play", timeout=30)
        assert late.status_code == 503 and f"The class is full ({STUDENTS} games at once)" in late.text
        assert '"kernelId"' not in late.text

        # half close the tab (the page's shutdown request), half just vanish (a laptop lid closed)
        left = time.monotonic()
        for i, (session, live, kid) in sockets.items():
            if i % 2 == 0:
                session.post(cls.url + f"/voila/api/shutdown/{kid}", timeout=30)
            live.leave()
        remaining = cls.wait_kernels(READY, 180)
        gone_s = time.monotonic() - left
        assert len(remaining) == READY, f"{len(remaining)} kernels still run"
        with capsys.disabled():
            print(f"\nclassroom load: {STUDENTS} students in {class_s:.0f} s; dashboard live after "
                  f"median {statistics.median(ready):.1f} s, max {ready[-1]:.1f} s; a kernel "
                  f"{min(per_kernel):.0f}-{max(per_kernel):.0f} MB ({len(kernels)} kernels); "
                  f"kernels freed {gone_s:.0f} s after the class left")
