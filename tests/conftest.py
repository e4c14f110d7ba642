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
    """Load a shipped Master of Rules position by name: returns (game, state, the raw state JSON)."""
    def load(name: str):
        doc = json.loads((MOR_POSITIONS / f"{name}.json").read_text())
        data = doc["position"]  # the file is in the one position format; the state is its "position"
        game = rl.load_game("master_of_rules", players=data["players"])
        return game, game.state_from_json(data), data
    return load
