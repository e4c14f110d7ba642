"""Fixtures for the Rattus tests."""
from __future__ import annotations

import pytest

from ratgames_lab.rattus import load_position


@pytest.fixture
def scenario():
    """Load a shipped position: scenario('gallia_plague') -> (game, state)."""
    return load_position
