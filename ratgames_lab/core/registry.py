"""The list of games and ``load_game``."""
from __future__ import annotations

import dataclasses
import importlib
from typing import Any

from .protocol import Game


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """Where a game lives and what it is called."""

    name: str
    title: str
    module: str
    players: tuple[int, ...]

    def game_class(self) -> type[Game]:
        """Import the game's package and return its Game class."""
        return importlib.import_module(self.module).Game

    def bots(self) -> dict:
        """The game's bots by name (random, rollout and its heuristic ones)."""
        return importlib.import_module(self.module).BOTS


GAMES: dict[str, GameInfo] = {
    "master_of_rules": GameInfo("master_of_rules", "Master of Rules", "ratgames_lab.master_of_rules", (3, 4, 5)),
    "rattus": GameInfo("rattus", "Rattus", "ratgames_lab.rattus", (2, 3, 4)),
}


def register_game(info: GameInfo) -> None:
    """Add a game to GAMES (used by each game package and by tests)."""
    GAMES[info.name] = info


def load_game(name: str, players: int | None = None, seed: int = 0, **options: Any) -> Game:
    """Build a Game by name; an unknown name, player count or option raises ValueError naming it."""
    info = GAMES.get(name)
    if info is None:
        raise ValueError(f"unknown game {name!r} (known games: {', '.join(sorted(GAMES))})")
    return info.game_class()(players=players, seed=seed, **options)
