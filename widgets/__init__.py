"""ratgames_lab dashboards (ipywidgets + bqplot); installed as ratgames_lab.widgets.

    from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard
    MasterOfRulesDashboard(players=4, seed=7).show()

This module stays light (no ipywidgets import) so that the CLI can ask for ``app_notebook(game)`` quickly.
"""
from __future__ import annotations

import importlib
import json
import os
import tempfile
from pathlib import Path

APP_DIR = Path(__file__).resolve().parent.parent / "notebooks" / "apps"


APP_TEMPLATE = "ratgames"
APP_TEMPLATE_DATA = Path(__file__).resolve().parent / "app_template"  # a Jupyter data dir: voila/templates/ratgames


def voila_options(env: dict[str, str] | None = None) -> tuple[list[str], dict[str, str]]:
    """(extra Voila arguments, environment) that serve an app with the package's page template: Voila's lab page
    without its CDN stylesheets (Font Awesome), so that a page asks nothing from the internet."""
    env = dict(os.environ if env is None else env)
    paths = [str(APP_TEMPLATE_DATA)] + [p for p in env.get("JUPYTER_PATH", "").split(os.pathsep) if p]
    env["JUPYTER_PATH"] = os.pathsep.join(paths)
    return [f"--template={APP_TEMPLATE}"], env


def dashboards() -> dict[str, str]:
    """Game name -> "module:Class" of its dashboard, for every registered game that has one."""
    from ratgames_lab import GAMES

    return {name: GAMES[name].dashboard for name in sorted(GAMES) if GAMES[name].dashboard}


def dashboard_path(game: str) -> str:
    """The "module:Class" of a game's dashboard, from its registration (``GAMES[game].dashboard``); ValueError if
    the game has none."""
    found = dashboards()
    if game not in found:
        raise ValueError(f"no dashboard for game {game!r} (dashboards: {', '.join(found)})")
    return found[game]


def dashboard_class(game: str) -> type:
    """The dashboard class of a game; ValueError if the game has none yet."""
    module, _, name = dashboard_path(game).partition(":")
    return getattr(importlib.import_module(module), name)


def app_notebook_json(game: str) -> dict:
    """The thin Voila notebook of a game: a note for readers of the file and one seeded cell that shows the
    dashboard (its settings come from the game's registration, ``app_settings``; the dashboard itself shows the
    title and the intro, ``app_intro``, in the language of its switch)."""
    from ratgames_lab import GAMES

    module, _, name = dashboard_path(game).partition(":")
    info = GAMES[game]
    args = ", ".join(f"{k}={v!r}" for k, v in info.app_settings.items()).replace("'", '"')
    title = info.title
    code = (f"# NBVAL_IGNORE_OUTPUT\nfrom {module} import {name}\n\n"
            f"dashboard = {name}({args})\ndashboard.show()")
    return {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "id": "title",
             "source": f"<!-- {title}: the dashboard below shows its title and introduction in the page's "
                       "language (see its language switch). -->"},
            {"cell_type": "code", "metadata": {"tags": []}, "id": "dashboard", "execution_count": None,
             "outputs": [], "source": code},
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                     "language_info": {"name": "python"}},
        "nbformat": 4, "nbformat_minor": 5,
    }


def app_notebook(game: str) -> Path:
    """Path of the notebook Voila serves for ``game`` (the repository's notebooks/apps/<game>.ipynb, or a
    generated copy in the temp directory when the package is installed without the notebooks)."""
    path = APP_DIR / f"{game}.ipynb"
    if path.exists():
        return path
    data = app_notebook_json(game)
    out = Path(tempfile.gettempdir()) / "ratgames_lab_apps" / f"{game}.ipynb"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(data, indent=1))
    return out


__all__ = ["dashboards", "dashboard_path", "dashboard_class", "app_notebook", "app_notebook_json", "voila_options"]
