"""The Catan player's own hand sits in the dock with the decision (issue 22: the hand stays on screen with the
choices), as the engine's observation gives it; nothing there once the game is over."""
from __future__ import annotations

import re

from ratgames_lab.widgets.catan import CatanDashboard


def _shown(html: str) -> dict[str, int]:
    return {r: int(n) for n, r in re.findall(r">(\d+) (\w+)</span>", html)}


def test_the_dock_shows_the_viewers_resources_as_the_engine_counts_them():
    for variant in (None, "combined"):
        kw = {"variant": variant} if variant else {}
        d = CatanDashboard(players=3, seed=3, seats=["human", "heuristic", "heuristic"], bot_delay=0, **kw)
        assert "Your hand" in d.hand.value and "no card" in d.hand.value  # the setup: nothing in hand yet
        for _ in range(10):
            d.decision.buttons[0].click()
        hand = d.observation(0)["hands"][0]
        assert sum(hand.values()) > 0
        assert _shown(d.hand.value) == {r: n for r, n in hand.items() if n}
