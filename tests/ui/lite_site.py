"""What the browser tests of the static site share (test_lite_site.py: the landing pages; test_lite_lessons.py: a
lesson per game): the site built once per test run from this checkout (one build for both files, also when they run
on two xdist workers), served from 127.0.0.1, opened in chromium with every other request blocked.

Games are discovered from notebooks/apps, so a new game's app is covered with no edit here. Screenshots and the
measured times go to tests/ui/artifacts/ (lite_*.png, lite_times_*.json).
"""
from __future__ import annotations

import contextlib
import fcntl
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .voila_app import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, ROOT, _free_port, require_chromium, wait_for_url

_spec = importlib.util.spec_from_file_location("build_lite", ROOT / "tools" / "build_lite.py")
build_lite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(build_lite)

ALL_GAMES = build_lite.games()
#: Each page starts Python in chromium (about a minute of CPU), so the default suite opens one game's landing page
#: and one game's lesson (Catan's app, the largest; Rattus's rules lesson); RATGAMES_LITE_ALL=1 opens every game's
#: (a new game's app and first lesson are then covered with no edit here). The site itself is always built whole.
EVERY_GAME = os.environ.get("RATGAMES_LITE_ALL") == "1"
LANDING_GAMES = ALL_GAMES if EVERY_GAME else [g for g in ALL_GAMES if g == "catan"] or ALL_GAMES[:1]
LESSON_GAMES = ALL_GAMES if EVERY_GAME else [g for g in ALL_GAMES if g == "rattus"] or ALL_GAMES[:1]
TIMES: dict[str, float] = {}


def _lesson_for(game: str) -> str:
    """The first lesson of a game (``NN_GAME_*.ipynb``, the rules lesson for the games so far)."""
    names = [nb.name for nb in build_lite.lessons() if build_lite.lesson_game(nb) == game]
    assert names, f"no lesson notebook names {game}"
    return names[0]


@pytest.fixture(scope="module")
def site(tmp_path_factory) -> Path:
    """The site, built clean from this checkout once per test run (downloads cached in ~/.cache/ratgames_lab/lite).

    The folder lies in this run's temporary root, which the xdist workers of one run share: the first file to ask
    builds it under a lock, the other waits and serves the same files. Nothing outlives the run."""
    require_chromium()
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent  # the workers' common temporary root
    out, done = root / "lite_site", root / "lite_site.built"
    with open(root / "lite_site.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            started = time.monotonic()
            summary = build_lite.build(out, build_lite.default_cache())
            TIMES["build_s"] = round(time.monotonic() - started, 1)
            TIMES["site_mb"] = summary["size_mb"]
            done.write_text("built\n")
    return out


@pytest.fixture(scope="module")
def base_url(site, request) -> str:
    """``python -m http.server`` in the site folder, on 127.0.0.1 only (stopped after the module's tests)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    port = _free_port()
    log = open(ARTIFACTS / "lite_http.log", "w")
    server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1"], cwd=site,
                              stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for_url(url, server, 30, "the static server did not start; see tests/ui/artifacts/lite_http.log")
        yield url
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(10)
        log.close()
        name = request.module.__name__.rsplit(".", 1)[-1].removeprefix("test_")
        (ARTIFACTS / f"{name}_times.json").write_text(json.dumps(TIMES, indent=1, sort_keys=True))


@pytest.fixture(scope="module")
def browser():
    """Debian chromium; names other than 127.0.0.1 do not resolve at all."""
    from playwright.sync_api import sync_playwright

    require_chromium()
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM,
                               args=CHROMIUM_ARGS + ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"])
        try:
            yield b
        finally:
            b.close()


@contextlib.contextmanager
def offline_page(browser, base_url: str, width: int = 1400, height: int = 1500):
    """A page in a fresh context where every request outside ``base_url`` is aborted and recorded."""
    context = browser.new_context(viewport={"width": width, "height": height})
    outside: list[str] = []

    def route(r):
        if r.request.url.startswith(base_url) or r.request.url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            outside.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.outside = outside
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    try:
        yield page
    finally:
        context.close()
    assert outside == [], f"requests outside the local site: {outside[:5]}"


def _app(page):
    return page.frame_locator("#rg-app")


def _wait_ready(page, timeout_s: float = 420) -> float:
    """Wait until the landing page has shown the dashboard; return its own measured seconds."""
    page.wait_for_function("window.rgReadySeconds || window.rgFailed", timeout=timeout_s * 1000, polling=500)
    failed = page.evaluate("window.rgFailed || ''")
    assert not failed, f"the landing page reports: {failed}"
    return round(page.evaluate("window.rgReadySeconds"), 1)


LOG_TEXT = "() => document.querySelector('#rg-app').contentDocument.querySelector('.rg-log').innerText"


def _play(page, game: str, moves: int = 3) -> list[str]:
    """Play ``moves`` of the human seat by clicks (on the map first, where the game has one); return the log."""
    frame = _app(page)
    for move in range(moves):
        frame.locator(".rg-banner-you").wait_for(timeout=120_000)
        frame.locator(".rg-decision button.rg-choice").first.wait_for(state="attached", timeout=120_000)
        if frame.locator(".rg-decision button.rg-choice:visible").count() == 0:  # a long group is folded: open it
            frame.locator(".rg-decision .jupyter-widget-Collapse-header").first.click()
        choice = frame.locator(".rg-decision button.rg-choice:visible").first
        choice.wait_for(timeout=60_000)
        before = page.evaluate(LOG_TEXT)
        label_texts = frame.locator(".rg-map text.label").all_text_contents() if move == 0 else []
        regions = [t for t in label_texts if t and t in choice.inner_text()]  # the place the first choice names
        clicked = time.monotonic()
        if regions:
            page.mouse.move(0, 0)
            frame.locator(".rg-map text.label").filter(has_text=max(regions, key=len)).first.click(force=True)
        else:
            choice.click()
        page.wait_for_function(f"before => ({LOG_TEXT})() !== before", arg=before, timeout=60_000, polling=100)
        TIMES.setdefault(f"{game}_click_s", round(time.monotonic() - clicked, 2))
    return frame.locator(".rg-log li").all_inner_texts()


