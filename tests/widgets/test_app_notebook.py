"""The Voila app notebook: found by app_notebook(), thin, seeded, and building the dashboard it names."""
from __future__ import annotations

import json

import pytest

import ratgames_lab.widgets as widgets
from ratgames_lab.widgets import app_notebook, app_notebook_json, dashboard_class


def test_app_notebook_is_the_repository_notebook():
    path = app_notebook("master_of_rules")
    assert path.name == "master_of_rules.ipynb" and path.parent.name == "apps" and path.exists()
    nb = json.loads(path.read_text())
    kinds = [c["cell_type"] for c in nb["cells"]]
    assert kinds == ["markdown", "code"]
    code = "".join(nb["cells"][1]["source"])
    assert "MasterOfRulesDashboard(" in code and "seed=" in code and ".show()" in code
    assert "panel" not in code.lower()


def test_app_notebook_cell_builds_a_working_dashboard():
    code = "".join(app_notebook_json("master_of_rules")["cells"][1]["source"]).replace("dashboard.show()", "")
    scope: dict = {}
    exec(compile(code, "app", "exec"), scope)  # the same code Voila runs, without displaying
    dash = scope["dashboard"]
    assert dash.players == 4 and dash.seats[0] == "human" and dash.state.current_player == 0


def test_app_notebook_is_generated_when_the_repository_copy_is_missing(tmp_path, monkeypatch):
    monkeypatch.setattr(widgets, "APP_DIR", tmp_path / "nowhere")
    path = app_notebook("master_of_rules")
    assert path.exists() and json.loads(path.read_text()) == app_notebook_json("master_of_rules")


def test_unknown_game_has_no_app():
    with pytest.raises(ValueError, match="no dashboard for game 'chess'"):
        app_notebook("chess")
    assert dashboard_class("master_of_rules").__name__ == "MasterOfRulesDashboard"
