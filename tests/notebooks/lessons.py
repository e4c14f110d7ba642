"""Finding the lessons of every registered game on disk, and loading the positions they use (test helpers)."""
from __future__ import annotations

import json
import re
from pathlib import Path

import ratgames_lab as rl

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
SOURCES = NOTEBOOKS / "src"  # each lesson's jupytext source (with the solutions), out of the students' way
PAIRING = "ipynb,src//py:percent"  # jupytext's paired-folder format: NN_x.ipynb <-> src/NN_x.py
LESSON_GLOB = "[0-9][0-9]_*.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
PLACEHOLDER_START = "Run this cell to "


def game_of(name: str) -> str | None:
    """The registered game a lesson file ``NN_<game>_<topic>.ipynb`` belongs to (None: not a game's lesson)."""
    match = re.fullmatch(r"\d\d_(\w+)\.ipynb", name)
    if not match:
        return None
    games = sorted(rl.GAMES, key=len, reverse=True)  # "rattus_cartus" before "rattus"
    return next((g for g in games if match.group(1).startswith(g + "_")), None)


def source_of(name: str) -> Path:
    """The paired jupytext source of the lesson ``NN_x.ipynb``: ``notebooks/src/NN_x.py``."""
    return SOURCES / Path(name).with_suffix(".py").name


LESSONS = sorted(p.name for p in NOTEBOOKS.glob(LESSON_GLOB))
GAME_LESSONS = [name for name in LESSONS if game_of(name)]


def load_lesson_position(path: Path):
    """(game, state, the saved state's JSON) from a lesson position file (the one position format)."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["format"] == "ratgames_lab.position/1" and set(data) <= {
        "format", "game", "players", "options", "position", "description"}, path.name
    game, state = rl.load_position(path)
    assert game.name == data["game"] and game.players == data["players"]
    return game, state, data["position"]
