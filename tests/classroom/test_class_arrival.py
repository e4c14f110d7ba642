"""A whole class arriving in the same second (loopback only): 30 students, of whom 8 are real chromium pages and
the others websocket clients; every one reaches a live dashboard and none is stranded. Prints the time to a live
dashboard (median, slowest) and the memory. Long and heavy: run on demand with RATGAMES_CLASS_LOAD=1 (the browser
test tests/ui/test_classroom.py runs a class of 8 in CI)."""
from __future__ import annotations

import asyncio
import concurrent.futures
import os
import statistics
import time

import pytest

from .server_helper import V1, LiveSocket, classroom, cookie_header, kernel_id, login, v1_message
from .test_load import _shell_reply

STUDENTS = int(os.environ.get("RATGAMES_CLASS_SIZE", "30"))
BROWSERS = 8
READY = 6
DASHBOARD = ".rg-decision button"
pytestmark = pytest.mark.skipif(not os.environ.get("RATGAMES_CLASS_LOAD"), reason="on demand: RATGAMES_CLASS_LOAD=1")


def _websocket_student(url: str, code: str) -> tuple[float, LiveSocket]:
    """Log in, load the page, open the kernel's websocket, check the dashboard's widgets live: seconds taken, and
    the websocket, kept open (and read, as a browser does) until the whole class is in."""
    import websocket
    started = time.monotonic()
    session = login(url, code)
    page = session.get(url + "/play", timeout=900)
    assert page.status_code == 200 and "application/vnd.jupyter.widget-view+json" in page.text, page.text[:300]
    ws = websocket.create_connection(url.replace("http", "ws") + f"/api/kernels/{kernel_id(page.text)}/channels",
                                     subprotocols=[V1], header=[f"Cookie: {cookie_header(session)}"], origin=url,
                                     timeout=300)
    ws.send_binary(v1_message("shell", "comm_info_request"))
    assert len(_shell_reply(ws, "comm_info_reply")["comms"]) > 20
    return time.monotonic() - started, LiveSocket(ws)


async def _browser_student(browser, url: str, code: str) -> tuple[float, object]:
    started = time.monotonic()
    page = await (await browser.new_context()).new_page()
    await page.goto(url + "/", timeout=300_000)
    await page.fill("input[name=code]", code)
    await page.click("button[type=submit]", no_wait_after=True)
    await page.wait_for_selector(DASHBOARD, timeout=900_000)
    assert "VBox(" not in await page.inner_text("body")
    return time.monotonic() - started, page


def test_a_class_of_30_arrives_in_the_same_second(capsys):
    from playwright.async_api import async_playwright

    from ui.voila_app import CHROMIUM, CHROMIUM_ARGS, require_chromium
    require_chromium()
    load_before = os.getloadavg()
    with classroom("rattus", "--students", str(STUDENTS), "--ready-games", str(READY),
                   log_name="classroom_arrival_load.log") as cls:
        assert len(cls.wait_kernels(READY, 180)) == READY
        idle_mb = cls.settled_memory_mb()
        peak = {"mb": 0.0}

        async def watch_memory(stop: asyncio.Event) -> None:
            while not stop.is_set():
                peak["mb"] = max(peak["mb"], await asyncio.to_thread(cls.memory_mb))
                await asyncio.sleep(2)

        async def main() -> list:
            stop = asyncio.Event()
            watcher = asyncio.ensure_future(watch_memory(stop))
            loop = asyncio.get_running_loop()
            threads = concurrent.futures.ThreadPoolExecutor(STUDENTS)  # every websocket student at once
            async with async_playwright() as pw:
                browser = await pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                try:
                    results = await asyncio.gather(
                        *(_browser_student(browser, cls.url, cls.student_code) for _ in range(BROWSERS)),
                        *(loop.run_in_executor(threads, _websocket_student, cls.url, cls.student_code)
                          for _ in range(STUDENTS - BROWSERS)), return_exceptions=True)
                    if not any(isinstance(r, BaseException) for r in results):  # nobody lost a game meanwhile
                        for _, page in results[:BROWSERS]:
                            assert await page.locator("#rg-lost").count() == 0
                            assert await page.locator(DASHBOARD).count() > 0
                        assert not [s for _, s in results[BROWSERS:] if s.dropped.is_set()]
                        results.append(len(cls.kernels()))
                finally:
                    await browser.close()
                    stop.set()
                    await watcher
            return results

        t0 = time.monotonic()
        results = asyncio.run(main())
        errors = [r for r in results if isinstance(r, BaseException)]
        assert not errors, errors[:3]
        kernels = results.pop()
        assert kernels >= STUDENTS
        times = sorted(t for t, _ in results)
        unique = cls.kernel_unique_mb()
        per_kernel = cls.kernel_memory_mb()
        with capsys.disabled():
            print(f"\nclass arrival: {STUDENTS} students at once ({BROWSERS} chromium pages) in "
                  f"{time.monotonic() - t0:.0f} s; live dashboard after median {statistics.median(times):.0f} s, "
                  f"slowest {times[-1]:.0f} s (browsers: median "
                  f"{statistics.median(t for t, _ in results[:BROWSERS]):.0f} s); memory idle {idle_mb:.0f} MB, peak "
                  f"{peak['mb']:.0f} MB ({kernels} kernels), a kernel {min(per_kernel):.0f}-{max(per_kernel):.0f} MB "
                  f"(its own {statistics.mean(unique):.0f} MB); load average "
                  f"before {load_before[0]:.1f}, after {os.getloadavg()[0]:.1f}")
