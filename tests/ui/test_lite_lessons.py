"""Browser test of the static site (tools/build_lite.py), part 2: one lesson per game runs every cell without an
error in chromium, offline (the site served from 127.0.0.1, every other request blocked). Part 1, the landing pages,
is test_lite_site.py; both share one build (lite_site.py).
"""
from __future__ import annotations

import time
from pathlib import Path

import pytest

from .lite_site import LESSON_GAMES, TIMES, _lesson_for, base_url, browser, offline_page, site  # noqa: F401
from .voila_app import ARTIFACTS

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("game", LESSON_GAMES)
def test_a_lesson_per_game_runs_every_cell(browser, base_url, game):
    lesson = _lesson_for(game)
    with offline_page(browser, base_url, height=1200) as page:
        started = time.monotonic()
        page.goto(f"{base_url}notebooks/index.html?path={lesson}")
        page.wait_for_function("window.jupyterapp && window.jupyterapp.shell.currentWidget "
                               "&& window.jupyterapp.shell.currentWidget.sessionContext", timeout=120_000)
        ran = page.evaluate("""async () => {
            const app = window.jupyterapp, panel = app.shell.currentWidget;
            await panel.context.ready; await panel.sessionContext.ready;
            return await app.commands.execute('notebook:run-all-cells'); }""")
        TIMES[f"{lesson}_run_all_s"] = round(time.monotonic() - started, 1)
        errors = page.evaluate("""() => {
            const cells = window.jupyterapp.shell.currentWidget.content.model.cells, out = [];
            for (let i = 0; i < cells.length; i++) {
                const c = cells.get(i);
                if (c.type !== 'code') continue;
                for (const o of c.toJSON().outputs || []) if (o.output_type === 'error') out.push(o.ename + ': ' + o.evalue);
                if (c.toJSON().execution_count === null && c.toJSON().source.trim()) out.push('cell ' + i + ' did not run');
            }
            return out; }""")
        page.screenshot(path=str(ARTIFACTS / f"lite_{Path(lesson).stem}.png"))
        assert ran is True and errors == [], errors
        assert page.locator(".jp-OutputArea-output svg").count() + page.locator(".jp-OutputArea-output pre").count()
