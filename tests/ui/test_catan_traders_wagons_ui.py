"""Browser test: Voila serves the Catan app; Debian chromium loads a saved combined-variant game with wagons and fish
(the "Save / load" tab's upload), shows the wagon's order and its cheapest route (in the panel, and drawn on the
board with its movement points), the player's own fish values and only a count for the others', and moves the wagon
one step by a real mouse click on the board. A pure-Python twin of the dashboard loads the same file and says where
to click and what the page must show.

Run with ``python3 -m pytest tests/ui/test_catan_traders_wagons_ui.py -m ui``. Screenshots go to tests/ui/artifacts/.
"""
from __future__ import annotations

import pytest

from ratgames_lab.catan import name_places

from .catan_clicks import catan_app, combined_at_main, mark_centre, upload_position
from .voila_app import ARTIFACTS

pytestmark = pytest.mark.ui

CASTLE, TOOLS = 107, 0  # the castle's plaza; goods kind "tools" (castle -> quarry)


def _position(seed: int = 7):
    """A 4-player combined game at Player 1's action phase: Player 1's wagon on the castle's plaza carrying tools
    for the quarry; Player 1 holds a 1-fish token, Player 2 two 3-fish tokens."""

    def edit(s):
        s.goods_unseen[s.wagon_goods[0]] += 1
        s.goods_unseen[TOOLS] -= 1
        s.wagon_goods[0], s.wagon_node[0], s.wagon_level[0] = TOOLS, CASTLE, 1
        for p, tokens in ((0, [1, 0, 0]), (1, [0, 0, 2])):
            for i, n in enumerate(s.fish_held[p]):
                s.fish_stack[i] += n - tokens[i]
            s.fish_held[p] = tokens

    return combined_at_main(seed, 3, edit)


@pytest.fixture(scope="module")
def page():
    """A 1280x720 chromium page showing the app once the human has a decision."""
    with catan_app("voila_catan_traders_wagons.log") as page:
        yield page


def test_the_wagon_route_and_hidden_fish_are_shown_and_a_step_is_clicked(page, tmp_path):
    from ratgames_lab.catan.combined.wagons import MoveWagon

    twin = upload_position(page, _position(), tmp_path / "combined_wagons.json")
    mp, toll, route = twin.wagon_route(0)
    page.wait_for_function("() => document.querySelectorAll('.ct-trow').length === 4 && "
                           "document.querySelector('.ct-trow').innerText.includes('castle plaza')", timeout=60_000)
    page.wait_for_timeout(1000)
    rows = page.locator(".ct-trow").all_inner_texts()
    assert f"cheapest route {mp} movement points" in rows[0] and "1 token worth 1 fish" in rows[0], rows[0]
    assert "2 tokens (values hidden)" in rows[1] and "3 + 3" not in rows[1], rows[1]
    labels = page.eval_on_selector_all(".ct-board svg text", "ts => ts.map(t => t.textContent)")
    assert f"{mp} MP" + (f", ${toll} toll" if toll else "") in labels
    page.locator(".ct-board").first.screenshot(path=str(ARTIFACTS / "catan_traders_wagon_board.png"))
    # one step of the wagon by a real click on the board (the twin makes the same click)
    steps = [a.node for a in twin.state.legal_actions() if isinstance(a, MoveWagon)]
    target = route[1] if route[1] in steps else steps[0]
    page.locator(".rg-modes button").filter(has_text="Move your wagon").click()
    twin.clicks.buttons.value = "move_wagon"
    page.wait_for_timeout(800)
    x, y = mark_centre(page, twin, "node_hits", target)
    page.mouse.click(x, y)
    assert twin.click_board("node", target), twin.message
    page.wait_for_function("t => document.querySelector('.ct-trow').innerText.includes(t)",
                           arg=name_places(twin.state, f"on intersection {target}"), timeout=60_000)
    assert "move your wagon, or end your turn" in page.inner_text(".rg-banner")
    page.set_viewport_size({"width": 1280, "height": 2200})  # the whole panel on screen for its picture
    page.wait_for_timeout(1000)
    page.locator(".ct-traders").screenshot(path=str(ARTIFACTS / "catan_traders_wagon_panel.png"))
    assert page.locator(".jupyter-widgets-error-widget").count() == 0
    assert not [e for e in page.errors if "model" in e.lower() or "negative value" in e], page.errors
