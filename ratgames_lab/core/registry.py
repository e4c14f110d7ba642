"""The registered games and ``load_game``.

Each game package declares itself in its ``about.py`` (``INFO = GameInfo(...)``, importing nothing heavy); the
registry finds every package of ``ratgames_lab`` that has one. Core, the CLI and the widgets learn the games from
these declarations only.
"""
from __future__ import annotations

import dataclasses
import importlib
import importlib.util
import pkgutil
from pathlib import Path
from typing import Any

from .errors import brief
from .protocol import Game

_PACKAGE = Path(__file__).resolve().parent.parent  # the folder of ratgames_lab, whose game packages declare themselves
INFORMATION = ("perfect", "hidden")  # perfect: every seat sees the whole position; hidden: some of it is private


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """What a game is called, where it lives, and what it offers (declared in the game's ``about.py``)."""

    name: str
    title: str
    module: str = ""  # default: ratgames_lab.<name>
    players: tuple[int, ...] = ()
    status: str = ""  # one line for `ratgames list` and the start-here notebook
    summary: str = ""  # one sentence: what the game is
    dashboard: str | None = None  # "module:Class" of its dashboard, if it has one
    app_settings: dict = dataclasses.field(default_factory=dict)  # the web app's dashboard arguments
    app_intro: str = ""  # the web app's line under the title (default: "You are Player 1 ...")
    variants: dict = dataclasses.field(default_factory=dict)  # variant name -> its load_game options
    # user-visible strings of its data files, for the translation catalogs (tools/translations.py): pairs of
    # (file relative to the package, JSON path with "*" for every item), shown with pgettext(name, text)
    translated_data: tuple[tuple[str, str], ...] = ()
    # the information structure, as OpenSpiel's GameType declares it (stated by every game, never guessed):
    information: str = dataclasses.field(default="", kw_only=True)  # "perfect" or "hidden"
    chance: bool = dataclasses.field(default=None, kw_only=True)  # type: ignore[assignment]  # dice, shuffles...

    def configurations(self) -> list[tuple[str, dict]]:
        """(label, load_game options) of the game and of each declared variant: ("", {}) first."""
        return [("", {})] + [(label, dict(options)) for label, options in self.variants.items()]

    def __post_init__(self) -> None:
        if self.information not in INFORMATION:
            raise ValueError(f"game {self.name!r}: information={brief(self.information)} must be one of "
                             f"{', '.join(map(repr, INFORMATION))} (say whether a seat can see the whole position)")
        if not isinstance(self.chance, bool):
            raise ValueError(f"game {self.name!r}: chance={brief(self.chance)} must be True or False "
                             "(does the game roll dice, shuffle or draw?)")
        if not self.module:
            object.__setattr__(self, "module", f"ratgames_lab.{self.name}")

    def package(self):
        """The game's package (imported on first use)."""
        return importlib.import_module(self.module)

    def game_class(self) -> type[Game]:
        """Import the game's package and return its Game class."""
        return self.package().Game

    def bots(self) -> dict:
        """The game's bots by name (random, rollout and its heuristic ones)."""
        return self.package().BOTS


def discover() -> dict[str, GameInfo]:
    """Every game package of ratgames_lab that declares itself in an ``about.py``, by name."""
    found: dict[str, GameInfo] = {}
    for module in sorted(pkgutil.iter_modules([str(_PACKAGE)]), key=lambda m: m.name):
        if not module.ispkg or module.name in ("core", "widgets"):
            continue
        name = f"ratgames_lab.{module.name}.about"
        if importlib.util.find_spec(name) is None:
            continue
        info = getattr(importlib.import_module(name), "INFO", None)
        if isinstance(info, GameInfo):
            found[info.name] = info
    return found


GAMES: dict[str, GameInfo] = {}  # filled by ratgames_lab/__init__.py from the declarations (discover())


def register_game(info: GameInfo) -> None:
    """Add a game to GAMES by hand (tests; game packages declare themselves in about.py instead)."""
    GAMES[info.name] = info


def load_game(name: str, players: int | None = None, seed: int = 0, **options: Any) -> Game:
    """Build a Game by name; an unknown name, player count or option raises ValueError naming it."""
    info = GAMES.get(name) if isinstance(name, str) else None
    if info is None:
        raise ValueError(f"unknown game {brief(name)} (known games: {', '.join(sorted(GAMES))})")
    return info.game_class()(players=players, seed=seed, **options)
