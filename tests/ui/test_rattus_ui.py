"""Browser test: Voila serves the Rattus app; Debian chromium places the starting cubes and plays a turn by clicking
regions of the map. A pure-Python twin of the dashboard (same seed, same clicks) says what the page must show.

Run with ``python3 -m pytest tests/ui -m ui``. The server is always stopped, screenshots go to tests/ui/artifacts/.
"""
from __future__ import annotations

import pytest

from .voila_app import ARTIFACTS, ROOT, browser_page, check_projector_page, open_page, voila

pytestmark = pytest.mark.ui

NOTEBOOK = ROOT / "notebooks" / "apps" / "rattus.ipynb"
SEATS = ["human", "heuristic", "heuristic", "heuristic"]  # as in the app notebook (players=4, seed=7)


@pytest.fixture(scope="module")
def voila_url():
    """Voila serving the app notebook (stopped after the module's tests)."""
    with voila(NOTEBOOK, "voila_rattus.log") as url:
        yield url


@pytest.fixture(scope="module")
def page(voila_url):
    """A chromium page showing the app once the map is drawn."""
    with browser_page(voila_url, 1280, 1500, (".rg-banner-you", ".rg-map text.label")) as page:
        yield page


@pytest.fixture(scope="module")
def twin():
    """The same dashboard in this process: same seed and seats, bots answering at once."""
    from ratgames_lab.widgets.rattus import RattusDashboard

    return RattusDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)


def _click_region(page, twin, region: str) -> None:
    """Click the region's name on the map (the click reaches the region's disc under it) and in the twin."""
    page.mouse.move(0, 0)  # no tooltip of an earlier hover in the way
    page.locator(".rg-map text.label").filter(has_text=region).first.click(force=True)
    assert twin.click_region(region), twin.message


def _wait_for_red(page, twin, timeout: float = 120) -> None:
    """Wait until the page shows the twin's latest event and it is Red's decision again."""
    _wait_for_log(page, twin.event_text(twin.state.events[-1]), timeout)
    page.wait_for_selector(".rg-banner-you", timeout=timeout * 1000)
    page.wait_for_selector(".rg-decision button.rg-choice", timeout=timeout * 1000)


def _wait_for_log(page, text: str, timeout: float = 30) -> None:
    """Wait until a line of the log contains ``text`` (each widget of the page updates on its own message)."""
    page.wait_for_function("t => [...document.querySelectorAll('.rg-log li')].some(li => li.innerText.includes(t))",
                           arg=text, timeout=timeout * 1000)


def _totals(page) -> list[int]:
    return [int(t) for t in page.locator(".rt-total").all_inner_texts()]


def test_setup_and_a_turn_by_clicking_regions(page, twin):
    assert "Red (you)" in page.inner_text(".rg-banner")
    assert "Setup" in page.inner_text(".rg-header")
    names = page.locator(".rg-map text.label").all_text_contents()
    assert {"Gallia", "Anglia", "Russia", "Tartaria", "Castle"} <= set(names)
    page.screenshot(path=str(ARTIFACTS / "rattus_start.png"), full_page=True)

    for region in ("Gallia", "Anglia"):  # the two starting placements, each followed by the bots'
        _click_region(page, twin, region)
        _wait_for_red(page, twin)
    assert "Turn 1" in page.inner_text(".rg-header")
    assert _totals(page) == twin.state.scores() == [4, 4, 4, 4]

    gallia = twin.state.region_index("Gallia")
    rats = len(twin.state.rats[gallia])
    _click_region(page, twin, "Gallia")  # place cubes (the first click mode of a turn)
    page.wait_for_function("n => +document.querySelector('.rt-total[data-seat=\"0\"]').innerText === n",
                           arg=4 + rats, timeout=30_000)
    _wait_for_log(page, f"Red places {rats} cube{'s' if rats != 1 else ''} in Gallia")

    plague = twin.state.name(twin.state.plague)
    target = twin.map_targets()[0][0]  # the map now highlights where the plague can go
    assert twin.map_mode == "move" and target in twin.neighbours(plague)
    _click_region(page, twin, target)
    while twin.state.current_player == 0 and twin.state.step == "spread":  # put the new rat tokens
        page.wait_for_selector(".rt-hint:has-text('new rat token')", timeout=30_000)
        _click_region(page, twin, twin.map_targets()[0][0])
    page.wait_for_function("t => document.querySelector('.rt-plague').innerText.includes(t)",
                           arg=f"Red moves the plague from {plague} to {target}", timeout=30_000)
    _wait_for_red(page, twin, timeout=180)  # the bots played their turns, reveals shown one by one

    assert twin.state.turn == 5
    page.wait_for_function("() => document.querySelector('.rg-header').innerText.includes('Turn 5')", timeout=30_000)
    page.wait_for_function("n => [...document.querySelectorAll('.rt-total')].map(e => e.innerText).join() === n",
                           arg=",".join(map(str, twin.state.scores())), timeout=30_000)
    log = page.inner_text(".rg-log")
    for e in twin.state.events[-30:]:  # the whole explained log of the bots' turns, as the engine wrote it
        assert e.text().split(" (")[0] in log
    page.mouse.move(0, 0)  # no tooltip left open on the map
    page.screenshot(path=str(ARTIFACTS / "rattus_after_turn.png"), full_page=True)
    assert page.locator(".jupyter-widgets-error-widget").count() == 0
    assert not [e for e in page.errors if "model" in e.lower()], page.errors


def test_projector_shows_the_decision_and_the_whole_map_on_one_screen(page, voila_url):
    small = open_page(page.context.browser, voila_url, 1280, 720, (".rg-banner-you", ".rg-map text.label"))
    try:
        check_projector_page(small, ".rg-map", "rattus_1280x720.png")
        small.get_by_role("button", name="Risk map").click()
        for tab in ("My odds", "What if?", "What happened"):
            small.get_by_role("tab", name=tab).click()
            small.wait_for_timeout(1000)
        assert not [e for e in small.errors if "negative value" in e], small.errors
    finally:
        small.close()
