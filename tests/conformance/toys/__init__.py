"""Toy games that live in the tests only, to prove the conformance suite needs no per-game code.

``toy_pig`` (the dice game Pig: perfect information, with chance) and ``toy_nim`` (take 1 to 3 counters, the last
one wins: perfect information, no chance) are complete games in one module each, declared like a real game
(``INFO = GameInfo(..., module=__name__)``). They are registered only when the environment variable
``RATGAMES_TOY_GAMES`` names them (a comma-separated list, or ``all``), so that no other test sees them:

    RATGAMES_TOY_GAMES=all python -m pytest tests/conformance -k toy_

``tests/conformance/test_toy_games.py`` runs exactly that in a subprocess, as part of the default run.
"""
from __future__ import annotations

import importlib
import os

from ratgames_lab.core.registry import register_game

ENV = "RATGAMES_TOY_GAMES"
TOYS = ("toy_pig", "toy_nim")


def wanted_toys() -> list[str]:
    """The toy games the environment asks for (none unless RATGAMES_TOY_GAMES is set)."""
    names = [n.strip() for n in os.environ.get(ENV, "").split(",") if n.strip()]
    if "all" in names:
        return list(TOYS)
    unknown = set(names) - set(TOYS)
    if unknown:
        raise ValueError(f"{ENV}: unknown toy game(s) {sorted(unknown)} (known: {', '.join(TOYS)})")
    return names


def register_toy_games() -> None:
    """Register the toy games named by RATGAMES_TOY_GAMES, as if they had declared themselves in an about.py."""
    for name in wanted_toys():
        register_game(importlib.import_module(f"{__name__}.{name[len('toy_'):]}").INFO)
