"""Browser test: every app (and Catan's combined variant) played by clicks at 1280x720, a few decisions each.

At every decision of the human seat, at least one enabled choice lies entirely inside the viewport and is the
element under its own centre (not covered, not scrolled away inside a box), and the page has logged no console error
(at load included). Playback is switched off with the visible "No playback" control, so that the bots' turns pass at
once. Screenshots of the first and the last decision go to tests/ui/artifacts/decision_<game>_<n>.png.

One Voila server serves the apps folder for the whole module. Run with ``python3 -m pytest tests/ui -m ui``.
"""
from __future__ import annotations

import pytest

from .voila_app import ARTIFACTS, ROOT, browser_page, voila

pytestmark = pytest.mark.ui

DECISIONS = 4  # a few decisions per game keep CI short; benchmarks/bench_dashboard.py plays longer games
APPS = ["master_of_rules", "rattus", "rattus_cartus", "horlogerie", "catan", "catan_combined"]

# the enabled choices whose centre shows the choice itself, entirely inside the viewport: [label, x, y]
IN_VIEW = """() => {
  const out = [];
  for (const b of document.querySelectorAll('.rg-decision button.rg-choice')) {
    if (b.disabled || b.dataset.old) continue;
    const r = b.getBoundingClientRect();
    if (r.width === 0 || r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) continue;
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    if (hit && (hit === b || b.contains(hit))) out.push([b.textContent, (r.left + r.right) / 2, (r.top + r.bottom) / 2]);
  }
  return out;
}"""
READY = """() => document.querySelector('.rg-banner-over') ||
  [...document.querySelectorAll('.rg-decision button.rg-choice')].some(b => !b.dataset.old && !b.disabled)"""


@pytest.fixture(scope="module")
def apps_url():
    """Voila serving notebooks/apps (one page per app notebook)."""
    with voila(ROOT / "notebooks" / "apps", "voila_decision_in_view.log") as url:
        yield url


def _start(page, app: str) -> None:
    """Wait for the human's first decision; switch playback off by its visible control."""
    page.wait_for_selector(".rg-banner-you", timeout=180_000)
    if app == "catan_combined":  # the "Start a game" menu beside the board
        page.select_option(".ct-menu select >> nth=0", label="Combined variant (all 3 expansions)")
        page.click(".ct-menu button.ct-start")
        page.wait_for_function("() => document.querySelector('.rg-title').textContent.includes('combined')",
                               timeout=120_000)
    page.locator(".rg-speed button").filter(has_text="No playback").click()
    page.wait_for_function(READY, timeout=120_000)


@pytest.mark.parametrize("app", APPS)
def test_every_decision_has_a_choice_in_view_and_no_console_error(apps_url, app):
    notebook = "catan" if app == "catan_combined" else app
    with browser_page(f"{apps_url}voila/render/{notebook}.ipynb", 1280, 720, (".rg-banner",)) as page:
        _start(page, app)
        for n in range(DECISIONS):
            page.mouse.move(0, 0)
            if page.locator(".rg-banner-over").count():
                break
            page.wait_for_function(f"() => ({IN_VIEW})().length > 0", timeout=60_000)
            choices = page.evaluate(IN_VIEW)
            assert choices, f"{app}: no choice in view at decision {n}"
            assert not page.errors, page.errors
            if n in (0, DECISIONS - 1):
                page.screenshot(path=str(ARTIFACTS / f"decision_{app}_{n}.png"))
            page.evaluate("() => document.querySelectorAll('.rg-decision button.rg-choice')"
                          ".forEach(b => b.dataset.old = 1)")
            _label, x, y = choices[0]
            page.mouse.click(x, y)  # a real click where the student sees the choice
            page.wait_for_function(READY, timeout=180_000)
        assert page.locator(".jupyter-widgets-error-widget").count() == 0
        assert not page.errors, page.errors
