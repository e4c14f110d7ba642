"""Every position file the project ships loads through the one loader, and `ratgames analyze` works on it."""
from __future__ import annotations

import io
from pathlib import Path

import pytest

import ratgames_lab as rl
from ratgames_lab.cli import main

REPO = Path(__file__).resolve().parent.parent
SHIPPED = sorted([*REPO.glob("notebooks/positions/*.json"), *REPO.glob("notebooks/apps/*.json"),
                  *REPO.glob("ratgames_lab/*/positions/*.json")])


def test_the_project_ships_positions_of_every_game_with_positions():
    games = {rl.load_position(p)[0].name for p in SHIPPED}
    assert {"master_of_rules", "rattus"} <= games


@pytest.mark.parametrize("path", SHIPPED, ids=[str(p.relative_to(REPO)) for p in SHIPPED])
def test_ratgames_analyze_reads_every_shipped_position(path):
    game, state = rl.load_position(path)
    out = io.StringIO()
    code = main(["analyze", str(path), "--playouts", "2", "--seed", "1", "--policy", "random"], stdout=out)  # quick
    if state.current_player >= 0:
        assert code == 0, out.getvalue()
        assert "to move" in out.getvalue()
    elif state.current_player == rl.CHANCE:  # followed through its exact outcomes, or said to illustrate a rule
        assert code == 0, out.getvalue()
        assert "Chance moves next" in out.getvalue()
        assert "with its exact probability" in out.getvalue() or "illustrates a rule" in out.getvalue()
    else:  # the game is over: one clear line, exit 2
        assert code == 2 and out.getvalue().count("\n") <= 1
