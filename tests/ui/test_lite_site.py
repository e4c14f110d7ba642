"""Browser test of the static site (tools/build_lite.py), part 1: built from this repository, served from 127.0.0.1
with every other request blocked, a game's landing page starts Python in chromium and answers clicks (every game's
with RATGAMES_LITE_ALL=1: lite_site.py). Part 2, one
lesson per game running every cell, is test_lite_lessons.py (a file of its own, so that the two halves of these long
browser runs can go to two workers); both share one build (lite_site.py).

Games are discovered from notebooks/apps, so a new game's app is covered with no edit here. Screenshots and the
measured times go to tests/ui/artifacts/ (lite_*.png, lite_site_times.json). Run with
``python -m pytest tests/ui -m ui``.
"""
from __future__ import annotations

import pytest

from .lite_site import LANDING_GAMES, TIMES, _app, _play, _wait_ready, base_url, browser, offline_page, site  # noqa: F401
from .voila_app import ARTIFACTS

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("game", LANDING_GAMES)
def test_game_landing_page_starts_python_and_answers_clicks(browser, base_url, game):
    with offline_page(browser, base_url) as page:
        page.goto(f"{base_url}play/{game}.html")
        assert "Starting Python in your browser" in page.inner_text("#rg-starting")
        page.screenshot(path=str(ARTIFACTS / f"lite_{game}_starting.png"))
        TIMES[f"{game}_first_visit_s"] = _wait_ready(page)
        frame = _app(page)
        assert frame.locator(".rg-banner").count() == 1
        assert frame.locator(".jp-CodeCell .jp-Cell-inputWrapper").first.is_hidden()  # code hidden: an app
        page.screenshot(path=str(ARTIFACTS / f"lite_{game}_ready.png"))
        log = _play(page, game)
        assert len(log) >= 3
        page.screenshot(path=str(ARTIFACTS / f"lite_{game}_played.png"))
        assert page.errors == []
