"""The classroom server in a browser: no code -> refused, student code -> dashboard without teacher view,
teacher code -> teacher view and the class page, a freezing websocket frame -> refused, server still answers."""
from __future__ import annotations

import json
import time

import pytest

from classroom.server_helper import FREEZING_FRAME, V1, classroom, cookie_header, kernel_id, login, v1_message

from .voila_app import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, require_chromium

pytestmark = pytest.mark.ui
DASHBOARD = ".rg-decision button"
TEACHER_VIEW = "button:has-text('Teacher view')"


def _enter(page, url: str, code: str) -> None:
    page.goto(url + "/", timeout=60_000)
    page.fill("input[name=code]", code)
    page.click("button[type=submit]")


def test_codes_roles_and_a_freezing_frame():
    require_chromium()
    from playwright.sync_api import sync_playwright
    import requests
    import websocket

    with classroom("rattus", "--ready-games", "2", "--students", "5", log_name="classroom_ui.log") as cls, \
            sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            # no code: every path is refused, the first page asks for the code
            for path in ("/play", "/teacher/play", "/teacher/class", "/voila/tree", "/voila/render/student.ipynb",
                         "/voila/static/voila.js", "/api/kernels", "/tree", "/lab", "/terminals/websocket/1"):
                assert requests.get(cls.url + path, timeout=30).status_code == 403, path
            page = browser.new_page(viewport={"width": 1280, "height": 720})
            page.goto(cls.url + "/play")
            assert "You need the class code" in page.inner_text("body")
            _enter(page, cls.url, "ABC-DEF")
            assert "This is not the class code" in page.inner_text("body")
            page.close()

            # student code: the dashboard, without the teacher view
            student = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            _enter(student, cls.url, cls.student_code.lower().replace("-", " "))
            student.wait_for_selector(DASHBOARD, timeout=120_000)
            assert student.url.endswith("/play")
            assert student.locator(TEACHER_VIEW).filter(visible=True).count() == 0
            student.screenshot(path=str(ARTIFACTS / "classroom_student.png"))
            for path in ("/teacher/play", "/teacher/class"):
                assert student.goto(cls.url + path).status == 403
            student.goto(cls.url + "/play")
            student.wait_for_selector(DASHBOARD, timeout=120_000)

            # teacher code: the class page and the teacher view
            teacher = browser.new_context(viewport={"width": 1280, "height": 720}).new_page()
            _enter(teacher, cls.url, cls.teacher_code)
            teacher.click("text=Your dashboard, with the teacher view")
            teacher.wait_for_selector(DASHBOARD, timeout=120_000)
            toggle = teacher.locator(TEACHER_VIEW).filter(visible=True)
            assert toggle.count() == 1 and "mod-active" in toggle.get_attribute("class")
            teacher.screenshot(path=str(ARTIFACTS / "classroom_teacher.png"))
            teacher.goto(cls.url + "/teacher/class")
            text = teacher.inner_text("body")
            assert "student games" in text and "End every student's game" in text

            # with the student code: still nothing but the dashboard (no tree, files, API, terminals, notebooks)
            session = login(cls.url, cls.student_code)
            for path in ("/voila/tree", "/voila/render/teacher.ipynb", "/voila/render/student.ipynb",
                         "/voila/files/student.ipynb", "/voila/api/contents", "/api/contents", "/api/kernels",
                         "/api/sessions", "/tree", "/lab", "/terminals/websocket/1", "/voila/static/../../app.py"):
                assert session.get(cls.url + path, timeout=30).status_code == 404, path

            # the 72-byte frame claiming 2**63 parts, on the student's own kernel: refused, the server answers
            page_html = session.get(cls.url + "/play", timeout=120).text
            ws_url = cls.url.replace("http", "ws") + f"/api/kernels/{kernel_id(page_html)}/channels"
            ws = websocket.create_connection(ws_url, subprotocols=[V1], header=[f"Cookie: {cookie_header(session)}"],
                                             origin=cls.url, timeout=30)
            ws.send_binary(v1_message("shell", "kernel_info_request"))
            assert _reply_type(ws) == "kernel_info_reply"
            ws.send_binary(FREEZING_FRAME)
            with pytest.raises((websocket.WebSocketConnectionClosedException, ConnectionError)):
                for _ in range(50):
                    ws.recv()
            started = time.monotonic()
            assert requests.get(cls.url + "/", timeout=10).status_code == 200
            assert time.monotonic() - started < 10
            # a message over the size limit is refused too
            ws = websocket.create_connection(ws_url, subprotocols=[V1], header=[f"Cookie: {cookie_header(session)}"],
                                             origin=cls.url, timeout=30)
            with pytest.raises((websocket.WebSocketConnectionClosedException, ConnectionError)):
                ws.send_binary(bytes(5 * 2**20))
                for _ in range(50):
                    ws.recv()
            # the student's dashboard still plays: its decision buttons answer
            student.locator(DASHBOARD).first.click()
            student.wait_for_selector(DASHBOARD, timeout=60_000)
            assert requests.get(cls.url + "/", timeout=10).status_code == 200
            assert "malformed websocket frame" in "".join(open(ARTIFACTS / "classroom_ui.log").read())
        finally:
            browser.close()


def _reply_type(ws) -> str:
    """The msg_type of the next shell reply on a v1 websocket."""
    for _ in range(100):
        frame = ws.recv()
        if isinstance(frame, bytes):
            count = int.from_bytes(frame[:8], "little")
            offsets = [int.from_bytes(frame[8 * (i + 1):8 * (i + 2)], "little") for i in range(count)]
            if frame[offsets[0]:offsets[1]] == b"shell":
                return json.loads(frame[offsets[1]:offsets[2]])["msg_type"]
    raise AssertionError("no shell reply")
