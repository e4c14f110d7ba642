"""Shared pytest fixtures: seeded randomness and the shipped Master of Rules positions."""
from __future__ import annotations

import json
import os
import random
import sys
from pathlib import Path

import pytest

import ratgames_lab as rl

# Subprocesses started by tests (voila, jupyter, ratgames) must come from the interpreter running the tests, even
# when its virtual environment is not activated (CI calls .venv-ci/bin/python directly).
os.environ["PATH"] = os.path.dirname(sys.executable) + os.pathsep + os.environ.get("PATH", "")

MOR_POSITIONS = Path(rl.__file__).parent / "master_of_rules" / "positions"


@pytest.fixture
def rng() -> random.Random:
    """A seeded random generator (never the global one)."""
    return random.Random(20260521)


@pytest.fixture
def mor_position():
    """Load a shipped Master of Rules position by name: returns (game, state, raw JSON dict)."""
    def load(name: str):
        data = json.loads((MOR_POSITIONS / f"{name}.json").read_text())
        game = rl.load_game("master_of_rules", players=data["players"])
        return game, game.state_from_json(data), data
    return load
