"""Browser test: Voila serves the Catan app; Debian chromium starts the combined variant (Seafarers + Cities &
Knights) from the "Start a game" menu, places the first setup settlement on the coast by a click on the board and
builds a ship by a click on a sea edge, sees a refused click explained, and the variant's panels. A pure-Python twin
of the dashboard (same menu choices, same clicks) says where to click and what the page must show.

Run with ``python3 -m pytest tests/ui/test_catan_combined_ui.py -m ui``. Screenshots go to tests/ui/artifacts/.
"""
from __future__ import annotations

import pytest

from .catan_clicks import catan_app, catan_twin, click_board, wait_for_you
from .voila_app import ARTIFACTS, check_projector_page

pytestmark = pytest.mark.ui


@pytest.fixture(scope="module")
def page():
    """A 1280x720 chromium page showing the app once the human has a decision."""
    with catan_app("voila_catan_combined.log") as page:
        yield page


@pytest.fixture(scope="module")
def twin():
    """The same dashboard in this process: same seed and seats, bots answering at once."""
    return catan_twin()


def _click_board(page, twin, kind: str, index: int, played: bool = True) -> None:
    click_board(page, twin, kind, index, played, timeout=90, choices=False)


def _wait_for_you(page, twin, timeout: float = 90) -> None:
    wait_for_you(page, twin, timeout, choices=False)


def test_the_menu_starts_the_variant_and_a_ship_is_built_by_a_click(page, twin):
    from ratgames_lab.catan import BuildSettlement, BuildShip

    # the menu: the combined variant against random bots (4 players, game 7)
    page.select_option(".ct-menu select >> nth=0", label="Combined variant (all 3 expansions)")
    page.select_option(".ct-menu select >> nth=2", label="Random bots")
    page.click(".ct-menu button.ct-start")
    twin.menu.variant.value, twin.menu.opponents.value = "combined", "random"
    twin.menu.start.click()
    assert twin.combined and twin.seats == ["human", "random", "random", "random"]
    page.wait_for_function("() => document.querySelector('.rg-title').textContent.includes('combined variant')",
                           timeout=90_000)
    _wait_for_you(page, twin)
    # the wagons come first: the human's wagon on a market plaza (then each player's wagon, in turn order)
    assert "put your wagon on a market plaza" in page.inner_text(".rg-banner")
    _click_board(page, twin, "node", twin.state.legal_actions()[0].node)
    assert "place a settlement" in page.inner_text(".rg-banner")
    assert "Ship on step 0 of 7" in page.inner_text(".ct-barbarians") and page.locator(".ct-levels").count() == 1
    # a coastal settlement from which a ship can leave
    coastal = [a.node for a in twin.state.legal_actions() if isinstance(a, BuildSettlement)
               and any(isinstance(b, BuildShip) for b in _after(twin, a).legal_actions())]
    assert coastal
    _click_board(page, twin, "node", coastal[0])
    assert "road or a ship" in page.inner_text(".rg-banner")
    ships = [a.edge for a in twin.state.legal_actions() if isinstance(a, BuildShip)]
    roads = [a.edge for a in twin.state.legal_actions() if not isinstance(a, BuildShip)]
    # a refused click: an edge far from the settlement (the engine names the rule)
    far = next(e for e in range(twin.board.topo.n_edges) if e not in ships + roads
               and twin.board.topo.edge_kind[e] == "sea")
    _click_board(page, twin, "edge", far, played=False)
    page.wait_for_selector(".rg-msg-error", timeout=30_000)
    assert "rule:" in page.inner_text(".rg-msg-error")
    # the toggle above the board says what a click means: a coast edge can take a road or a ship
    assert twin.clicks.mode == "road" and set(twin.clicks.modes) == {"road", "ship"}
    page.locator(".rg-modes button").filter(has_text="Build a ship").click()
    twin.clicks.buttons.value = "ship"
    page.wait_for_function("() => document.querySelector('.ct-hint').textContent.includes('sea or coast edge')",
                           timeout=30_000)
    _click_board(page, twin, "edge", ships[0])
    assert twin.state.edge_piece[ships[0]] == 2  # a ship stands there
    mine = page.inner_text(".ct-players .ct-player >> nth=0")  # Player 1's box
    assert "1 settlement " in mine and "1 ship" in mine, mine
    check_projector_page(page, ".ct-board", "catan_combined_1280x720.png")
    page.set_viewport_size({"width": 1600, "height": 1800})
    page.wait_for_timeout(1500)
    page.mouse.move(0, 0)
    page.screenshot(path=str(ARTIFACTS / "catan_combined_full.png"), full_page=True)
    assert page.locator(".jupyter-widgets-error-widget").count() == 0
    assert not [e for e in page.errors if "model" in e.lower() or "negative value" in e], page.errors


def _after(twin, action):
    state = twin.state.clone()
    state.apply(action)
    return state
