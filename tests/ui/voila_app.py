"""What the browser tests share: serve an app notebook with Voila, open it in Debian chromium via Playwright."""
from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator

import pytest

ROOT = Path(__file__).resolve().parents[2]
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def require_chromium() -> None:
    """Skip without Debian chromium, except in CI where .ci/run must have installed it."""
    if not Path(CHROMIUM).exists():
        if os.environ.get("CI"):
            pytest.fail("Debian chromium is missing: .ci/run must install it (apt-get install chromium)")
        pytest.skip("Debian chromium is not installed (the README's test command installs it)")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def voila(notebook: Path, log_name: str) -> Iterator[str]:
    """Serve ``notebook`` with Voila on a free local port; yield its URL; always stop it (kernels included)."""
    require_chromium()
    ARTIFACTS.mkdir(parents=True, exist_ok=True)  # git-ignored: absent from a clean checkout
    port = _free_port()
    log = open(ARTIFACTS / log_name, "w")
    from ratgames_lab.widgets import voila_options

    args, env = voila_options()  # the package's page template: nothing fetched from the internet
    server = subprocess.Popen([sys.executable, "-m", "voila", str(notebook), "--no-browser", f"--port={port}",
                               "--Voila.ip=127.0.0.1", *args],
                              cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_for_url(url, server, 60, f"Voila did not start; see tests/ui/artifacts/{log_name}")
        yield url
    finally:
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait(5)
        log.close()


def wait_for_url(url: str, server: subprocess.Popen, seconds: float, failure: str) -> None:
    """Wait until ``url`` answers; RuntimeError(failure) if ``server`` stops or ``seconds`` pass first."""
    deadline = time.monotonic() + seconds
    while True:
        try:
            urllib.request.urlopen(url, timeout=5).close()
            return
        except OSError:
            if server.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(failure) from None
            time.sleep(0.3)


@contextlib.contextmanager
def browser_page(url: str, width: int, height: int, ready: tuple[str, ...], locale: str | None = None) -> Iterator:
    """A chromium page on ``url`` once every ``ready`` CSS selector is there; console errors in ``page.errors``,
    every URL the page asked for in ``page.requested``; ``locale`` ("fr-FR") is the browser's language."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield open_page(browser, url, width, height, ready, locale)
        finally:
            browser.close()


def open_page(browser, url: str, width: int, height: int, ready: tuple[str, ...], locale: str | None = None):
    """A new page of ``browser`` on ``url`` (a new Voila kernel), once every ``ready`` selector is there."""
    page = browser.new_page(viewport={"width": width, "height": height}, **({"locale": locale} if locale else {}))
    page.errors = []
    page.requested = []
    page.on("request", lambda r: page.requested.append(r.url))
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.goto(url, timeout=120_000)
    for selector in ready:
        page.wait_for_selector(selector, timeout=120_000)
    return page


PROJECTOR_CHECK = """() => {
  const box = s => { const e = document.querySelector(s); if (!e) return null;
                     const b = e.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  let smallest = 99, where = '';
  for (const el of document.querySelectorAll('.rg-app *')) {
    if (el.closest('svg') || el.closest('.rg-log')) continue;
    if (![...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim())) continue;
    const b = el.getBoundingClientRect();
    if (b.width === 0 || b.top > window.innerHeight) continue;
    const size = parseFloat(getComputedStyle(el).fontSize);
    if (size < smallest) { smallest = size; where = el.className + ': ' + el.textContent.slice(0, 40); }
  }
  return {decision: box('.rg-decision .rg-choice'), banner: box('.rg-banner'), board: box(arguments[0]),
          smallest, where, width: window.innerWidth, height: window.innerHeight};
}"""


def check_projector_page(page, board: str, shot: str) -> dict:
    """On a 1280x720 page: the banner, the first decision button and the whole board are on screen, no text is
    smaller than 12 px, nothing was asked from another host, and no bqplot error; saves a screenshot."""
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / shot))
    info = page.evaluate(PROJECTOR_CHECK.replace("arguments[0]", repr(board)))
    for name in ("banner", "decision", "board"):
        left, top, right, bottom = info[name]
        assert 0 <= left and right <= info["width"] + 1 and 0 <= top and bottom <= info["height"] + 1, (name, info)
    assert info["smallest"] >= 12, info
    host = page.url.split("/")[2]
    assert not [u for u in page.requested if not u.startswith(("data:", "blob:")) and u.split("/")[2] != host]
    assert not [e for e in page.errors if "negative value" in e], page.errors
    return info
