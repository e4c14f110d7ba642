"""A fresh open of each lesson in JupyterLab (with jupytext, as the [lab] extra installs it): the tab is not marked
modified once the kernel is up, and no raw widget text shows. Browser test (-m ui): Debian chromium + Playwright."""
from __future__ import annotations

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from .lessons import LESSONS, NOTEBOOKS

pytestmark = pytest.mark.ui
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def _jupyterlab(root: Path):
    """Serve ``root`` with JupyterLab on a free local port (no token); yield its URL; always stop it."""
    port = _free_port()
    env = {**os.environ, "PATH": os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")}
    proc = subprocess.Popen([sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}",
                             "--ServerApp.token=", "--ServerApp.password=", "--allow-root",
                             f"--ServerApp.root_dir={root}", "--LabApp.news_url=None"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(f"{url}/api/status", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("JupyterLab did not start")
        yield url
    finally:
        os.killpg(proc.pid, signal.SIGTERM)
        proc.wait(timeout=30)


def test_lessons_open_unmodified_without_raw_widget_text(tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian chromium is missing (the README's test command installs it)")
    from playwright.sync_api import sync_playwright

    root = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "apps"))
    problems = []
    with _jupyterlab(root) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        for name in LESSONS:
            page = browser.new_page(viewport={"width": 1280, "height": 900})
            page.goto(f"{url}/lab/tree/{name}?reset")
            page.wait_for_selector(".jp-NotebookPanel .jp-Cell", timeout=120_000)
            page.wait_for_selector(".jp-Notebook-ExecutionIndicator[data-status='idle']", timeout=120_000)
            time.sleep(3)  # the kernel's info reply has been applied to the notebook's metadata by now
            if page.locator("#jp-main-dock-panel .lm-TabBar-tab.jp-mod-dirty").count():
                problems.append(f"{name}: marked modified on opening")
            text = page.locator(".jp-NotebookPanel:visible .jp-Notebook").first.inner_text()
            if "VBox(" in text or "<style>" in text:
                problems.append(f"{name}: raw widget text shown")
            if page.locator(".jp-Dialog").count():
                problems.append(f"{name}: a dialog opened: {page.locator('.jp-Dialog').first.inner_text()[:200]}")
            page.close()
        browser.close()
    assert not problems
