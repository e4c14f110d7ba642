"""Browser test: Voila serves the Rattus Cartus app; Debian chromium plays a whole round by clicks (support, enter a
building by clicking it, place cards, the building actions). A pure-Python twin of the dashboard (same seed, same
clicks) says what the page must show.

Run with ``python3 -m pytest tests/ui -m ui``. The server is always stopped, screenshots go to tests/ui/artifacts/.
"""
from __future__ import annotations

import pytest

from .voila_app import ARTIFACTS, ROOT, browser_page, check_projector_page, open_page, voila

pytestmark = pytest.mark.ui

NOTEBOOK = ROOT / "notebooks" / "apps" / "rattus_cartus.ipynb"
SEATS = ["human", "heuristic", "heuristic", "heuristic"]  # as in the app notebook (players=4, seed=7)
READY = (".rg-banner-you", ".rc-building", ".rc-gauge svg")


@pytest.fixture(scope="module")
def voila_url():
    """Voila serving the app notebook (stopped after the module's tests)."""
    with voila(NOTEBOOK, "voila_rattus_cartus.log") as url:
        yield url


@pytest.fixture(scope="module")
def page(voila_url):
    """A chromium page showing the app once the buildings and the gauge are drawn."""
    with browser_page(voila_url, 1280, 1500, READY) as page:
        yield page


@pytest.fixture(scope="module")
def twin():
    """The same dashboard in this process: same seed and seats, bots answering at once."""
    from ratgames_lab.widgets.rattus_cartus import RattusCartusDashboard

    return RattusCartusDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)


def _labels(twin) -> list[str]:
    return [b.description for b in twin.decision.buttons]


def _wait_for_red(page, twin, timeout: float = 180) -> None:
    """Wait until the page offers Red exactly the twin's choices (the bots and the playback are done)."""
    page.wait_for_selector(".rg-banner-you", timeout=timeout * 1000)
    page.wait_for_function(
        """want => { const got = [...document.querySelectorAll('.rg-decision button.rg-choice')]
                                 .map(b => b.textContent.trim());
                     return document.querySelector('.rg-banner-you') && got.join('|') === want.join('|'); }""",
        arg=_labels(twin), timeout=timeout * 1000)


def _click_label(page, label: str) -> None:
    button = page.locator(".rg-decision button.rg-choice").filter(has_text=label).first
    button.click()


def _play_one(page, twin) -> str:
    """Red's next decision, the way a player does it: a building by clicking it, else the first sensible button."""
    acts = twin.decision.actions
    enters = [a for a in acts if a.kind == "enter" and a.count in (1, 2)]
    if enters:
        target = max(enters, key=lambda a: (a.count, -a.slot))
        page.locator(".rc-board-clicks button").filter(has_text=f"Enter #{target.slot + 1}").first.click()
        page.wait_for_selector(".rg-decision button.rg-candidate", timeout=30_000)
        _click_label(page, twin.action_text(target))
    else:
        target = acts[0]
        _click_label(page, twin.action_text(target))
    assert twin.click(target), twin.message
    return target.kind


def test_a_whole_round_by_clicks(page, twin):
    assert "Red (you)" in page.inner_text(".rg-banner")
    assert "Round 1 of" in page.inner_text(".rg-header")
    page.screenshot(path=str(ARTIFACTS / "rattus_cartus_start.png"), full_page=True)
    kinds = []
    while twin.observation(-1)["round"] == 1:
        _wait_for_red(page, twin)
        if "place_card" not in kinds and any(a.kind == "place_card" for a in twin.decision.actions):
            page.mouse.move(0, 0)
            page.screenshot(path=str(ARTIFACTS / "rattus_cartus_placing.png"), full_page=True)
        kinds.append(_play_one(page, twin))
        assert len(kinds) < 40
    _wait_for_red(page, twin)
    assert {"support", "enter", "place_card"} <= set(kinds)
    assert "Round 2 of" in page.inner_text(".rg-header")
    rats = [int(t) for t in page.locator(".rc-rats b").all_inner_texts()]
    assert rats == twin.observation()["rats"]
    log = page.inner_text(".rg-log")
    for e in twin.state.events:
        if e.kind in ("resolve", "reveal_cards", "round_end"):
            assert e.text() in log
    gauge = page.inner_text(".rc-gauge-big")
    assert f"{float(twin.gauge.value):.1%}" in gauge
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "rattus_cartus_round2.png"), full_page=True)
    assert page.locator(".jupyter-widgets-error-widget").count() == 0
    assert not [e for e in page.errors if "model" in e.lower()], page.errors


def test_projector_shows_the_decision_and_the_buildings_on_one_screen(page, voila_url):
    small = open_page(page.context.browser, voila_url, 1280, 720, READY)
    try:
        check_projector_page(small, ".rc-buildings", "rattus_cartus_1280x720.png")
        for tab in ("My odds", "What if?", "What happened"):
            small.get_by_role("tab", name=tab).click()
            small.wait_for_timeout(800)
        assert not [e for e in small.errors if "negative value" in e], small.errors
    finally:
        small.close()
