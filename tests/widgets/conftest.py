"""Shared helpers for the widget tests (pure Python: buttons are clicked with Button.click())."""
from __future__ import annotations

import pytest

from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard

SEATS = ["human", "heuristic", "heuristic", "heuristic"]


def _make(seed: int = 7, seats: list[str] | None = None, **kwargs) -> MasterOfRulesDashboard:
    return MasterOfRulesDashboard(players=4, seed=seed, seats=seats or SEATS, bot_delay=0, **kwargs)


@pytest.fixture
def make_dashboard():
    """Factory: a 4-player dashboard, human in seat 0; bots move at once (bot_delay=0) unless auto=False."""
    return _make


@pytest.fixture
def dash() -> MasterOfRulesDashboard:
    """A fresh dashboard waiting for the human (Player 1)."""
    d = _make()
    assert d.state.current_player == 0
    return d
