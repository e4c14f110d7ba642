"""A rules option reaches the dashboard's game: from the constructor (``options=``), through New game, and from a
game's ``app_settings`` into the web app's notebook."""
from __future__ import annotations

import dataclasses

import ratgames_lab as rl
from ratgames_lab.widgets import app_notebook_json, dashboard_class


def test_options_reach_the_game_and_survive_new_game():
    cls = dashboard_class("rattus_cartus")
    dash = cls(players=3, seed=1, seats=["human"] * 3, auto=False, options={"hide_rats": True})
    assert dash.game.options["hide_rats"] is True
    dash.new_game(players=4, seed=2)
    assert dash.game.options["hide_rats"] is True and dash.players == 4
    assert cls(players=3, seed=1, seats=["human"] * 3, auto=False).game.options["hide_rats"] is False


def test_app_settings_options_reach_the_web_app(monkeypatch):
    info = rl.GAMES["rattus_cartus"]
    settings = {**info.app_settings, "options": {"hide_rats": True}}
    monkeypatch.setitem(rl.GAMES, "rattus_cartus", dataclasses.replace(info, app_settings=settings))
    code = "".join(app_notebook_json("rattus_cartus")["cells"][1]["source"]).replace("dashboard.show()", "")
    scope: dict = {}
    exec(compile(code, "app", "exec"), scope)  # the code Voila runs, without displaying
    assert scope["dashboard"].game.options["hide_rats"] is True
