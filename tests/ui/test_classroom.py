"""The classroom server in a browser: no code -> refused, student code -> dashboard without teacher view,
teacher code -> teacher view and the class page, a freezing websocket frame -> refused, server still answers."""
from __future__ import annotations

import json
import os
import time

import psutil
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


# ------------------------------------------------------------------------------------------------
# A class arriving at once: no page stranded, a lost game says so, one game per student
# ------------------------------------------------------------------------------------------------
PAGES = int(os.environ.get("RATGAMES_UI_CLASS_PAGES", "8"))  # fewer on a machine too loaded to run 8 browsers
DELAY_S = 65  # one page's dashboard script held back longer than the old fixed limit (60 s) on unopened pages
LONG_WAIT = r"Student \d+: waiting for \d+ s \(page loading\)"
PATIENCE_MS = 600_000  # every wait is on an event; generous, for 8 browsers and a class's kernels on 2 busy cores


async def _arrive(browser, url: str, code: str, delayed: bool, all_waiting) -> dict:
    """One student: a fresh browser, the code, the waiting page, then a live dashboard. Returns what it saw.

    ``all_waiting`` holds each page's first question to the line until every page asks it: the whole class is in
    line at once, however slowly the browsers open, so that most pages have someone ahead of them.
    """
    import asyncio
    context = await browser.new_context(viewport={"width": 1280, "height": 720})
    page = await context.new_page()
    seen: dict = {"context": context, "page": page, "statuses": set()}
    if delayed:
        async def hold(route):
            await asyncio.sleep(DELAY_S)
            await route.continue_()
        await page.route("**/voila/static/voila.js*", hold)

    async def first_in_line(route):
        await page.unroute("**/play/queue", first_in_line)
        all_waiting.arrive()
        await all_waiting.wait()
        await route.continue_()
    await page.route("**/play/queue", first_in_line)
    started = time.monotonic()
    await page.goto(url + "/", timeout=PATIENCE_MS)
    await page.fill("input[name=code]", code)
    await page.click("button[type=submit]", no_wait_after=True)  # the waiting page then goes on by itself
    status = page.locator("#status")
    while not page.url.endswith("/play"):  # the waiting page, until its turn comes
        try:
            seen["statuses"].add(await status.text_content(timeout=1000))
        except Exception:  # the page moved on meanwhile
            pass
        await asyncio.sleep(0.2)
        assert time.monotonic() - started < PATIENCE_MS / 1000, seen["statuses"]
    await page.wait_for_selector(DASHBOARD, timeout=PATIENCE_MS)
    seen["seconds"] = time.monotonic() - started
    return seen


class _Together:
    """Released once ``count`` pages arrived (or after ``timeout`` s, so that one stuck page cannot hold all)."""

    def __init__(self, count: int, timeout: float = 300) -> None:
        import asyncio
        self.count, self.timeout, self.event = count, timeout, asyncio.Event()

    def arrive(self) -> None:
        self.count -= 1
        if self.count <= 0:
            self.event.set()

    async def wait(self) -> None:
        import asyncio
        try:
            await asyncio.wait_for(self.event.wait(), self.timeout)
        except asyncio.TimeoutError:
            self.event.set()


def _kill_kernel_process(kernel: str) -> None:
    """Kill the process of one kernel, as a crash would (the server is not told)."""
    killed = 0
    for proc in psutil.process_iter(["cmdline"]):
        if any(f"kernel-{kernel}.json" in part for part in proc.info["cmdline"] or ()):
            proc.kill()
            killed += 1
    assert killed == 1


async def _kernel_of(page) -> str:
    return await page.evaluate("JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId")


def test_a_class_arrives_at_once_and_nobody_is_stranded():
    require_chromium()
    import asyncio
    import re
    import requests
    from playwright.async_api import async_playwright

    from ratgames_lab.classroom.arrival import ALREADY_OPEN
    from ratgames_lab.classroom.pages import LOST_BUTTON, LOST_TEXT

    with classroom("rattus", "--ready-games", "2", "--students", "12", log_name="classroom_arrival.log") as cls:
        teacher = login(cls.url, cls.teacher_code)

        async def watch_long_waits() -> str:
            """The class page lists a student whose page is still loading after 30 s (the delayed page)."""
            deadline = time.monotonic() + PATIENCE_MS / 1000
            while time.monotonic() < deadline:
                await asyncio.sleep(1)
                text = await asyncio.to_thread(lambda: teacher.get(cls.url + "/teacher/class", timeout=60).text)
                if re.search(LONG_WAIT, text):
                    return text
            return ""

        async def main() -> None:
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    watcher = asyncio.ensure_future(watch_long_waits())
                    together = _Together(PAGES)
                    pages = [asyncio.ensure_future(_arrive(browser, cls.url, cls.student_code, i == PAGES - 1,
                                                           together)) for i in range(PAGES)]
                    arrivals = await asyncio.gather(*pages[:-1])
                    assert any("ahead of you" in s for a in arrivals for s in a["statuses"] if s)

                    # while the delayed page still waits: one student session asking for a second game is
                    # refused, its first game plays on
                    first = arrivals[1]
                    second = await first["context"].new_page()
                    response = await second.goto(cls.url + "/play")
                    assert response.status == 409 and ALREADY_OPEN in await second.inner_text("body")
                    await second.close()
                    await first["page"].locator(DASHBOARD).first.click()
                    await first["page"].wait_for_selector(DASHBOARD, timeout=PATIENCE_MS)

                    # a lost game (its kernel dies on its own): one sentence and a button that gets a new game
                    lost = arrivals[0]["page"]
                    kernel = await _kernel_of(lost)
                    _kill_kernel_process(kernel)
                    await lost.wait_for_selector("#rg-lost", timeout=PATIENCE_MS)
                    assert (await lost.inner_text("#rg-lost")).splitlines()[0] == LOST_TEXT
                    await lost.screenshot(path=str(ARTIFACTS / "classroom_lost_game.png"))
                    await lost.click(f"#rg-lost button:has-text('{LOST_BUTTON}')")
                    await lost.wait_for_selector(DASHBOARD, timeout=PATIENCE_MS)
                    assert await lost.locator("#rg-lost").count() == 0 and await _kernel_of(lost) != kernel

                    # the delayed page waited past the old limit, and was shown on the class page meanwhile
                    arrivals.append(await pages[-1])
                    assert arrivals[-1]["seconds"] > DELAY_S
                    class_page = await watcher
                    assert "Waiting more than 30 s" in class_page and re.search(LONG_WAIT, class_page)
                    for a in arrivals:  # every page is a live dashboard, none stranded
                        body = await a["page"].inner_text("body")
                        assert "VBox(" not in body and await a["page"].locator(DASHBOARD).count() > 0
                        assert await a["page"].locator("#rg-lost").count() == 0
                    await arrivals[-1]["page"].screenshot(path=str(ARTIFACTS / "classroom_arrival.png"))
                finally:
                    await browser.close()

        asyncio.run(main())
        assert requests.get(cls.url + "/", timeout=10).status_code == 200
