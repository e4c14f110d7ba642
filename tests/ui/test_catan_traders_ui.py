"""Browser test: Voila serves the Catan app; Debian chromium loads a saved combined-variant game (the "Save / load"
tab's upload), shows the Traders & Barbarians panel (money, the bank loan, the shop's buttons), buys a commodity and
takes the bank loan by their buttons, and sees the board with its market plazas named. A pure-Python twin of the
dashboard loads the same file and says what the page must show.

Run with ``python3 -m pytest tests/ui/test_catan_traders_ui.py -m ui``. Screenshots go to tests/ui/artifacts/.
"""
from __future__ import annotations

import pytest

from .catan_clicks import catan_app, combined_at_main, upload_position
from .voila_app import ARTIFACTS

pytestmark = pytest.mark.ui


def _position(seed: int = 7):
    """A combined 4-player game played at random until Player 1's first action phase, with $12 to spend."""

    def edit(s):
        s.money = [12, 4, 0, 7]
        e, v = _dashed_with_site(s)  # Player 1's settlement at a river crossing, with a bridge over it
        s.node_owner[v], s.node_level[v] = 0, 1
        s.edge_owner[e], s.edge_piece[e] = 0, 3  # 3 = bridge
        s.loans = [0, 0, 1, 0]  # Player 3 has borrowed (random play may have taken loans: set them)

    return combined_at_main(seed, 1, edit)


def _dashed_with_site(s):
    comp, topo = s.comp, s.comp.topo
    for e in range(topo.n_edges):
        if comp.bridge_edge[e] and s.edge_owner[e] < 0:
            for v in topo.edge_nodes[e]:
                if comp.building_site[v] and s.node_owner[v] < 0 and all(s.node_owner[u] < 0
                                                                          for u in topo.node_nbrs[v]):
                    return e, v
    raise AssertionError("no free river crossing")


@pytest.fixture(scope="module")
def page():
    """A 1280x720 chromium page showing the app once the human has a decision."""
    with catan_app("voila_catan_traders.log") as page:
        yield page


def _wait_disabled(page, selector: str, index: int, timeout: float = 30) -> None:
    """Wait until the index-th element matching selector is disabled (the buttons redraw after the panel text)."""
    page.wait_for_function("([sel, i]) => { const b = document.querySelectorAll(sel); "
                           "return b.length > i && b[i].disabled; }", arg=[selector, index], timeout=timeout * 1000)


def _wait_for_panel(page, text: str, timeout: float = 60) -> None:
    """Wait until the money panel's table shows ``text``."""
    page.wait_for_function("t => document.querySelector('.ct-traders-table').innerText.includes(t)", arg=text,
                           timeout=timeout * 1000)
    page.wait_for_timeout(500)  # the other widgets of the same redraw


def test_a_saved_game_shows_the_money_panel_and_the_shop_and_loan_buttons_play(page, tmp_path):
    from ratgames_lab.catan import BuyCommodity, TakeLoan

    twin = upload_position(page, _position(), tmp_path / "combined_main.json")
    assert twin.combined and twin.state.phase == "main"
    page.wait_for_function("() => document.querySelector('.rg-title').textContent.includes('combined variant')",
                           timeout=60_000)
    page.wait_for_selector(".ct-traders .ct-traders-table", timeout=60_000)
    panel = page.locator(".ct-traders")
    panel.scroll_into_view_if_needed()
    rows = panel.locator(".ct-trow").all_inner_texts()
    assert "$12" in rows[0] and "not taken" in rows[0] and "taken: +$5, -2 VP" in rows[2], rows
    # the shop: $5 for a cloth (the button of the panel), then the bank loan
    page.locator(".ct-traders .ct-shop-buy-commodity >> nth=0").click()
    assert twin.click(BuyCommodity("cloth"), twin.version), twin.message
    _wait_for_panel(page, "$7")
    _wait_disabled(page, ".ct-traders .ct-shop-buy-commodity", 1)  # one commodity per turn: the others shut
    page.locator(".ct-traders .ct-shop-take-loan").click()
    assert twin.click(TakeLoan(), twin.version), twin.message
    page.wait_for_function("() => document.querySelectorAll('.ct-trow')[0].innerText.includes('taken:')",
                           timeout=60_000)
    rows = panel.locator(".ct-trow").all_inner_texts()
    assert "$12" in rows[0] and "taken: +$5, -2 VP" in rows[0], rows
    _wait_disabled(page, ".ct-traders .ct-shop-take-loan", 0)  # once per game
    # the board names its markets
    names = page.eval_on_selector_all(".ct-board svg text", "ts => ts.map(t => t.textContent)")
    assert {"castle", "quarry", "glassworks"} <= set(names)
    page.locator(".ct-board").first.screenshot(path=str(ARTIFACTS / "catan_traders_board.png"))
    page.set_viewport_size({"width": 1600, "height": 1800})
    page.wait_for_timeout(1500)
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "catan_traders_full.png"), full_page=True)
    panel.screenshot(path=str(ARTIFACTS / "catan_traders_panel.png"))
    assert page.locator(".jupyter-widgets-error-widget").count() == 0
    assert not [e for e in page.errors if "model" in e.lower() or "negative value" in e], page.errors
