"""A class of 30 arriving within a minute (websocket clients, loopback only): every one gets a live dashboard;
when they leave, every game's kernel is stopped and only the games started in advance remain."""
from __future__ import annotations

import json
import statistics
import threading
import time

import pytest

from .server_helper import ARTIFACTS, V1, classroom, cookie_header, kernel_id, login, v1_message

pytestmark = pytest.mark.slow
STUDENTS = 30
READY = 6
ARRIVAL_GAP = 1.0  # seconds between two students: 30 students in 30 s


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


def test_a_class_of_30_gets_dashboards_and_leaves_no_kernel(capsys):
    import websocket

    with classroom("rattus", "--students", str(STUDENTS), "--ready-games", str(READY),
                   log_name="classroom_load.log") as cls:
        pool = cls.wait_kernels(READY, 120)
        assert len(pool) == READY
        idle_mb = cls.settled_memory_mb()
        results: dict[int, dict] = {}
        sockets: dict[int, tuple] = {}

        def student(i: int) -> None:
            started = time.monotonic()
            try:
                session = login(cls.url, cls.student_code)
                page = session.get(cls.url + "/play", timeout=120)
                assert page.status_code == 200
                if "application/vnd.jupyter.widget-view+json" not in page.text:  # the dashboard's view
                    (ARTIFACTS / f"classroom_load_page_{i}.html").write_text(page.text)
                    raise AssertionError(f"student {i}: no dashboard in the page (tests/ui/artifacts)")
                kid = kernel_id(page.text)
                page_s = time.monotonic() - started
                ws = websocket.create_connection(
                    cls.url.replace("http", "ws") + f"/api/kernels/{kid}/channels", subprotocols=[V1],
                    header=[f"Cookie: {cookie_header(session)}"], origin=cls.url, timeout=120)
                ws.send_binary(v1_message("shell", "kernel_info_request"))
                assert _shell_reply(ws, "kernel_info_reply")["status"] == "ok"
                ws.send_binary(_comm_info_request())
                comms = _shell_reply(ws, "comm_info_reply")["comms"]
                assert len(comms) > 20  # the dashboard's widgets are alive in the kernel
                results[i] = {"page": page_s, "ready": time.monotonic() - started}
                sockets[i] = (session, ws, kid)
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
            thread.join(180)
        class_s = time.monotonic() - t0
        errors = {i: r["error"] for i, r in results.items() if "error" in r}
        assert not errors and len(results) == STUDENTS, errors
        peak_mb = cls.memory_mb()
        kernels = cls.kernels()
        per_kernel = cls.kernel_memory_mb()
        unique = cls.kernel_unique_mb()
        assert len(kernels) >= STUDENTS
        ready = sorted(r["ready"] for r in results.values())
        assert ready[-1] < 60  # every student has a live dashboard within a minute of arriving

        # the 31st student finds the class full, with a message, and no game is started for them
        late = login(cls.url, cls.student_code).get(cls.url + "/play", timeout=30)
        assert late.status_code == 503 and f"The class is full ({STUDENTS} games at once)" in late.text
        assert '"kernelId"' not in late.text

        # half close the tab (the page's shutdown request), half just vanish (a laptop lid closed)
        left = time.monotonic()
        for i, (session, ws, kid) in sockets.items():
            if i % 2 == 0:
                session.post(cls.url + f"/voila/api/shutdown/{kid}", timeout=30)
            ws.close()
        remaining = cls.wait_kernels(READY, 90)
        gone_s = time.monotonic() - left
        assert len(remaining) == READY, f"{len(remaining)} kernels still run"
        time.sleep(3)
        after_mb = cls.settled_memory_mb()
        with capsys.disabled():
            print(f"\nclassroom load: {STUDENTS} students in {class_s:.0f} s; dashboard live after "
                  f"median {statistics.median(ready):.1f} s, max {ready[-1]:.1f} s; memory idle {idle_mb:.0f} MB "
                  f"({READY} games ready), with the class {peak_mb:.0f} MB ({len(kernels)} kernels, "
                  f"{(peak_mb - idle_mb) / STUDENTS:.0f} MB more per student, a kernel "
                  f"{min(per_kernel):.0f}-{max(per_kernel):.0f} MB, of which its own {statistics.mean(unique):.0f} MB), after {after_mb:.0f} MB; "
                  f"kernels freed {gone_s:.0f} s after the class left")
