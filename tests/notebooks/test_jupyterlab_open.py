"""A fresh open of each lesson in JupyterLab (with jupytext, as the [lab] extra installs it): the tab is not marked
modified once the kernel is up, and no raw widget text shows. Browser test (-m ui): Debian chromium + Playwright.

One JupyterLab page opens the lessons one after another (each in a new tab with its own new kernel, closed and shut
down before the next), waiting on the kernel's info and spec replies rather than a fixed time."""
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
                             "--ServerApp.token=", "--ServerApp.password=", "--allow-root", "--LabApp.expose_app_in_browser=True",
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


# open a lesson as a double click in the file browser does; resolve once the kernel answered its info and spec
# requests, whose replies the notebook writes into its metadata (what would mark an unchanged lesson modified)
OPEN = """async name => {
    const app = window.jupyterapp;
    const panel = await app.commands.execute('docmanager:open', {path: name});
    await panel.context.ready;
    await panel.sessionContext.ready;
    const kernel = panel.sessionContext.session.kernel;
    await kernel.info;
    await kernel.spec;
    await new Promise(resolve => setTimeout(resolve, 300));  // the metadata handlers and the tab's repaint
}"""
# close the lesson without saving and shut its kernel down, so that only one kernel runs at a time
CLOSE = """async () => {
    const panel = window.jupyterapp.shell.currentWidget;
    await panel.sessionContext.shutdown();
    panel.dispose();
}"""


def test_lessons_open_unmodified_without_raw_widget_text(tmp_path):
    if not Path(CHROMIUM).exists():
        pytest.fail("Debian chromium is missing (the README's test command installs it)")
    from playwright.sync_api import sync_playwright

    root = tmp_path / "notebooks"
    shutil.copytree(NOTEBOOKS, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "apps"))
    problems = []
    with _jupyterlab(root) as url, sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(f"{url}/lab?reset")
        page.wait_for_function("window.jupyterapp && window.jupyterapp.shell", timeout=120_000)
        page.evaluate("() => window.jupyterapp.restored")
        for name in LESSONS:
            page.evaluate(OPEN, name)
            page.wait_for_selector(".jp-NotebookPanel:visible .jp-Cell", timeout=120_000)
            page.wait_for_selector(".jp-NotebookPanel:visible .jp-Notebook-ExecutionIndicator[data-status='idle']",
                                   timeout=120_000)
            if page.locator("#jp-main-dock-panel .lm-TabBar-tab.jp-mod-dirty").count():
                problems.append(f"{name}: marked modified on opening")
            text = page.locator(".jp-NotebookPanel:visible .jp-Notebook").first.inner_text()
            if "VBox(" in text or "<style>" in text:
                problems.append(f"{name}: raw widget text shown")
            if page.locator(".jp-Dialog").count():
                problems.append(f"{name}: a dialog opened: {page.locator('.jp-Dialog').first.inner_text()[:200]}")
                page.keyboard.press("Escape")
            page.evaluate(CLOSE)
        browser.close()
    assert not problems
