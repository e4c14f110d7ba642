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
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=5).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"Voila did not start; see tests/ui/artifacts/{log_name}") from None
                time.sleep(0.5)
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


@contextlib.contextmanager
def browser_page(url: str, width: int, height: int, ready: tuple[str, ...]) -> Iterator:
    """A chromium page on ``url`` once every ``ready`` CSS selector is there; console errors in ``page.errors``,
    every URL the page asked for in ``page.requested``."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": width, "height": height})
            page.errors = []
            page.requested = []
            page.on("request", lambda r: page.requested.append(r.url))
            page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
            page.goto(url, timeout=120_000)
            for selector in ready:
                page.wait_for_selector(selector, timeout=120_000)
            yield page
        finally:
            browser.close()
