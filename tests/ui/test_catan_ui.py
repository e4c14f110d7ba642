"""Browser test: Voila serves the Catan app; Debian chromium places both setup settlements and roads by clicking the
hex board, sees a refused click explained, rolls, and builds a road by a click. A pure-Python twin of the dashboard
(same seed, same clicks) says where to click and what the page must show.

Run with ``python3 -m pytest tests/ui/test_catan_ui.py -m ui``. Screenshots go to tests/ui/artifacts/.
"""
from __future__ import annotations

import pytest

from .catan_clicks import catan_app, catan_twin, click_board, wait_for_you
from .voila_app import ARTIFACTS, check_projector_page

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def page():
    """A 1280x720 chromium page showing the app once the human has a decision."""
    with catan_app("voila_catan.log") as page:
        yield page


@pytest.fixture(scope="module")
def twin():
    """The same dashboard in this process: same seed and seats, bots answering at once."""
    return catan_twin()


def _click_board(page, twin, kind: str, index: int, played: bool = True) -> None:
    click_board(page, twin, kind, index, played)


def _click_button(page, twin, action) -> None:
    page.locator(".rg-decision button.rg-choice").filter(has_text=str(action)).first.click()
    assert twin.click(action, twin.version), twin.message
    _wait_for_you(page, twin)


def _wait_for_you(page, twin, timeout: float = 60) -> None:
    wait_for_you(page, twin, timeout)


def _best(twin, nodes: list[int]) -> int:
    heat = twin.heat()
    return max(nodes, key=lambda n: (heat[n], -n))


def _touches(twin, node: int, *terrains: str) -> bool:
    tiles = twin.observation()["tiles"]
    around = {tiles[t]["terrain"] for t in twin.game.board.topo.node_tiles[node]}
    return set(terrains) <= around


def test_setup_by_clicks_then_a_road_built_by_a_click(page, twin):
    assert "place a settlement" in page.inner_text(".rg-banner")
    nodes = [a.node for a in twin.state.legal_actions()]
    first = _best(twin, nodes)
    _click_board(page, twin, "node", first)
    assert "place a road" in page.inner_text(".rg-banner")
    _click_board(page, twin, "edge", twin.state.legal_actions()[0].edge)
    # the bots placed theirs (snake order): Player 1's second settlement; a spot next to the first is refused
    assert twin.state.phase == "setup_settlement" and twin.state.current_player == 0
    _click_board(page, twin, "node", twin.game.board.topo.node_nbrs[first][0], played=False)
    page.wait_for_selector(".rg-msg-error", timeout=20_000)
    assert "distance rule" in page.inner_text(".rg-msg-error")
    # a second settlement on brick and lumber gives the cards of a road at once
    nodes = [a.node for a in twin.state.legal_actions()]
    second = _best(twin, [n for n in nodes if _touches(twin, n, "brick", "lumber")] or nodes)
    _click_board(page, twin, "node", second)
    _click_board(page, twin, "edge", twin.state.legal_actions()[0].edge)
    assert twin.state.phase == "roll" and "roll the dice" in page.inner_text(".rg-banner")
    check_projector_page(page, ".ct-board", "catan_1280x720.png")
    roll = twin.state.legal_actions()[0]
    _click_button(page, twin, roll)
    for _ in range(4):  # a 7: move the robber by a click on a tile, then steal with a button
        if twin.state.phase == "main":
            break
        if twin.state.phase == "robber":
            _click_board(page, twin, "tile", twin.state.legal_actions()[0].tile)
        else:
            _click_button(page, twin, twin.state.legal_actions()[0])
    assert twin.state.phase == "main"
    roads = [a for a in twin.state.legal_actions() if type(a).__name__ == "BuildRoad"]
    assert roads, twin.state.hand_text(0)
    _click_board(page, twin, "edge", roads[0].edge)
    assert twin.observation()["roads"][roads[0].edge] == 0
    mine = page.inner_text(".ct-player.ct-current")
    assert "3 roads" in mine and "2 settlements" in mine
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "catan_road_built.png"))
    page.get_by_role("button", name="Heat map: where to settle").click()
    page.wait_for_selector(".ct-heat-key", timeout=20_000)
    page.screenshot(path=str(ARTIFACTS / "catan_heat_map.png"))
    page.locator(".ct-players").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "catan_players.png"))
    assert page.locator(".jupyter-widgets-error-widget").count() == 0
    assert not [e for e in page.errors if "model" in e.lower() or "negative value" in e], page.errors
