"""Browser test: Voila serves the Master of Rules app, Debian chromium plays a whole transaction by clicks.

Run with ``python3 -m pytest tests/ui -m ui``. The server is always stopped, screenshots go to tests/ui/artifacts/.
"""
from __future__ import annotations

import re

import pytest

from .voila_app import ARTIFACTS, ROOT, browser_page, check_projector_page, open_page, voila

pytestmark = pytest.mark.ui

NOTEBOOK = ROOT / "notebooks" / "apps" / "master_of_rules.ipynb"
FULFILLED = re.compile(r"^(Player \d)'s (.+?) is fulfilled: ")


@pytest.fixture(scope="module")
def voila_url():
    """Voila serving the app notebook (stopped after the module's tests)."""
    with voila(NOTEBOOK, "voila.log") as url:
        yield url


@pytest.fixture(scope="module")
def page(voila_url):
    """A chromium page showing the app once the dashboard is drawn."""
    with browser_page(voila_url, 1400, 1300, (".rg-banner",)) as page:
        yield page


def _header(page) -> str:
    return page.inner_text(".rg-header")


def _wait_for_human(page, timeout: float = 90) -> None:
    page.wait_for_selector(".rg-banner-you", timeout=timeout * 1000)
    page.wait_for_selector(".rg-decision button.rg-choice", timeout=timeout * 1000)


def _log_lines(page) -> list[str]:
    return [t.strip() for t in page.locator(".rg-log li").all_inner_texts()]


def _scores(page) -> list[int]:
    return [int(t) for t in page.locator(".rg-score").all_inner_texts()]


def _click_first_choice(page) -> None:
    """Click the first action button and wait until the panel has been redrawn."""
    button = page.locator(".rg-decision button.rg-choice").first
    label = button.inner_text()
    button.click()
    page.wait_for_function(
        """label => { const b = document.querySelector('.rg-decision button.rg-choice');
                      return !b || b.innerText !== label || !document.querySelector('.rg-banner-you'); }""",
        arg=label, timeout=30_000)


def test_play_a_transaction_then_undo(page):
    _wait_for_human(page)
    assert "Transaction 1 of 12" in _header(page)
    assert "Player 1 (you)" in page.inner_text(".rg-banner")
    assert _scores(page) == [0, 0, 0, 0]
    log_before = len(_log_lines(page))

    clicks = 0
    while "Transaction 1 of 12" in _header(page):  # play, refill, second round: until the judging
        _wait_for_human(page)
        if "Transaction 1 of 12" not in _header(page):
            break
        _click_first_choice(page)
        clicks += 1
        assert clicks < 10, "the transaction should need at most 4 clicks"
    _wait_for_human(page)  # the bots played on until Player 1's next decision

    lines = _log_lines(page)
    assert len(lines) > log_before
    verdicts = [line for line in lines if " is fulfilled" in line or " fails" in line]
    assert verdicts, "the judging must be explained in the log"
    expected = [0, 0, 0, 0]
    for line in lines:
        m = FULFILLED.match(line)
        if m and "a dummy keeps nothing" not in line:
            expected[int(m.group(1).split()[1]) - 1] += 1
    assert _scores(page) == expected
    assert "Last judging" in page.inner_text(".rg-app")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "master_of_rules_after_transaction.png"), full_page=True)

    page.get_by_role("button", name=re.compile("Undo my move")).click()
    page.wait_for_function("() => document.querySelector('.rg-header').innerText.includes('Transaction 1 of 12')",
                           timeout=30_000)
    _wait_for_human(page)
    assert _scores(page) == [0, 0, 0, 0]
    page.locator(".rg-history", has_text="viewing the past").wait_for(timeout=10_000)
    page.get_by_role("button", name=re.compile("Redo")).click()
    page.wait_for_function("() => !document.querySelector('.rg-header').innerText.includes('Transaction 1 of 12')",
                           timeout=30_000)
    _wait_for_human(page)
    page.wait_for_function("n => [...document.querySelectorAll('.rg-score')].map(e => +e.innerText)"
                           ".reduce((a, b) => a + b, 0) === n", arg=sum(expected), timeout=10_000)
    assert _scores(page) == expected
    page.screenshot(path=str(ARTIFACTS / "master_of_rules.png"), full_page=True)
    assert page.locator(".jupyter-widgets-error-widget").count() == 0
    assert not [e for e in page.errors if "model" in e.lower()], page.errors


def test_every_tab_draws_without_console_errors(page):
    for tab in ("My odds", "What if?", "Players", "Save / load", "What happened"):
        page.get_by_role("tab", name=tab).click()
        page.wait_for_timeout(700)
    page.get_by_role("tab", name="What if?").click()
    page.get_by_role("button", name=re.compile("Analyze my options")).click()
    page.wait_for_function("() => /is best: |Too close to call between|is the only legal action/"
                           ".test(document.querySelector('.rg-app').innerText)", timeout=120_000)
    page.screenshot(path=str(ARTIFACTS / "master_of_rules_what_if.png"), full_page=True)
    assert not [e for e in page.errors if "negative value" in e], page.errors


def test_projector_shows_the_decision_and_the_board_on_one_screen(page, voila_url):
    small = open_page(page.context.browser, voila_url, 1280, 720, (".rg-banner-you", ".rg-decision button.rg-choice"))
    try:
        check_projector_page(small, ".mor-hand", "master_of_rules_1280x720.png")
    finally:
        small.close()
