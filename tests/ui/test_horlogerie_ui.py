"""Browser test: Voila serves the L'Horlogerie des Rats app; Debian chromium plays a whole turn by clicks on a
1280x720 projector page (the Danger against Player 4, then Player 1's own turn), with the gauge on screen.

Run with ``python3 -m pytest tests/ui/test_horlogerie_ui.py -m ui``. Screenshots go to tests/ui/artifacts/.
"""
from __future__ import annotations

import re

import pytest

from .voila_app import ARTIFACTS, ROOT, browser_page, check_projector_page, voila

pytestmark = pytest.mark.ui

NOTEBOOK = ROOT / "notebooks" / "apps" / "horlogerie.ipynb"
CHOICE = ".rg-decision button.rg-choice"


@pytest.fixture(scope="module")
def page():
    """A 1280x720 chromium page showing the app once the human has a decision."""
    with voila(NOTEBOOK, "voila_horlogerie.log") as url:
        with browser_page(url, 1280, 720, (".rg-banner-you", CHOICE)) as page:
            yield page


def _click(page, name: str | None = None) -> None:
    """Click the button called ``name`` (else the first choice); wait until its panel is replaced by the next
    decision of the human (the bots have played meanwhile) and the page has settled."""
    buttons = page.locator(CHOICE)
    button = buttons.filter(has_text=name).first if name else buttons.first
    handle = button.element_handle()
    button.click()
    page.wait_for_function("el => !el.isConnected", arg=handle, timeout=90_000)
    page.wait_for_selector(".rg-banner-you", timeout=90_000)
    page.wait_for_selector(CHOICE, timeout=90_000)
    page.wait_for_timeout(400)  # the other widgets of the same redraw


def _labels(page) -> list[str]:
    return [t.strip() for t in page.locator(CHOICE).all_inner_texts()]


def test_play_a_whole_turn_by_clicks(page):
    assert "Player 1 (you)" in page.inner_text(".rg-banner")
    assert "Danger against Player 4" in page.inner_text(".rg-banner")  # the human neighbour draws the Danger
    assert "Turn 1" in page.inner_text(".rg-header")
    shot = shot_odds = False
    for _ in range(40):
        header = page.inner_text(".rg-header")
        if re.search(r"Turn [3-9]", header):
            break
        labels = _labels(page)
        if "Stop drawing" in labels:
            if "Turn 1" in header:
                page.screenshot(path=str(ARTIFACTS / "horlogerie_danger_1280x720.png"))
            odds = page.inner_text(".hl-oddtable")
            assert odds.count("%") == 3  # under, exact, bust (exact fractions beside them)
            page.wait_for_function("() => document.querySelector('.hl-gauge-box').innerText.includes('Best move')",
                                   timeout=10_000)
            if not shot and "Turn 2" in header:
                check_projector_page(page, ".hl-centre", "horlogerie_1280x720.png")
                shot = True
            page.get_by_role("button", name=re.compile("the best move")).click()
            page.wait_for_function("() => document.querySelector('.hl-gauge-box').innerText.includes('guess first')",
                                   timeout=10_000)
            page.get_by_role("button", name=re.compile("the best move")).click()
            if not shot_odds:
                page.get_by_role("tab", name="My odds").click()
                page.wait_for_selector(".hl-policy", timeout=30_000)
                assert "best policy (optimal)" in page.inner_text(".hl-policy")
                page.get_by_role("tab", name="What happened").click()
                shot_odds = True
            _click(page, "Stop drawing")
        elif any(label.startswith("End the") or label.startswith("Done") for label in labels):
            _click(page, next(label for label in labels if label.startswith(("End the", "Done"))))
        else:
            _click(page)
    else:
        raise AssertionError("Player 1's turn did not end in 40 clicks")
    assert shot, "Player 1's own stop-or-draw decision was never on screen"
    log = page.inner_text(".rg-app")
    assert "Player 1" in log and "Exploration" in log
    page.screenshot(path=str(ARTIFACTS / "horlogerie_after_turn.png"))
    page.locator(".hl-grid").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "horlogerie_players_and_grid.png"))
    assert page.locator(".jupyter-widgets-error-widget").count() == 0
    assert not [e for e in page.errors if "model" in e.lower() or "negative value" in e], page.errors
