"""Catan, the official base game for 3 or 4 players, on a NetworkX graph of hex intersections.

Options: ``board`` ("base": the shipped board; "random": shuffled terrains, tokens and harbours with no 6/8
adjacent; "spiral": shuffled terrains with the A-R token spiral from a random corner; or a board file path or
dict), ``turn_cap`` (the game is a draw after this many turns) and ``player_trades`` (False forbids trades
between players, as in the benchmark conventions).
"""
from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from ..core.bots import CORE_BOTS
from ..core.errors import InvalidPositionError
from ..core.protocol import Game as _Game
from ..core.protocol import OptionSpec
from .actions import CODEC
from .board import BASE_BOARD, Board, Layout, load_board, random_layout
from .bots import HeuristicBot
from .components import Components, components
from .position import state_from_json
from .rules import CatanState

BOARD_MODES = ("base", "random", "spiral")


class BoardOption(OptionSpec):
    """The board option: 'base', 'random', 'spiral', a board file path or a board dict."""

    def __init__(self) -> None:
        super().__init__("base", help="'base', 'random', 'spiral', or a board file (path or dict)")

    def validate(self, name: str, value: Any) -> Any:
        if isinstance(value, Path):
            value = str(value)
        if not isinstance(value, (str, dict)):
            raise ValueError(f"option {name}={value!r} must be 'base', 'random', 'spiral', a path or a dict")
        return value


class Game(_Game):
    """Catan (base game) for 3 or 4 players."""

    name = "catan"
    title = "Catan"
    min_players = 3
    max_players = 4
    option_specs = {
        "board": BoardOption(),
        "turn_cap": OptionSpec(500, kind=int, help="the game is a draw after this many turns"),
        "player_trades": OptionSpec(True, kind=bool, help="allow trades between players"),
    }
    action_codec = CODEC

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players=players, seed=seed, **options)
        choice = self.options["board"]
        if isinstance(choice, str) and choice in BOARD_MODES:
            board = BASE_BOARD
        else:
            try:
                board = load_board(choice)
            except InvalidPositionError as exc:
                raise InvalidPositionError(f"option board: {exc.reason}", f"board.{exc.field}") from None
        self.board: Board = board
        cap = self.options["turn_cap"]
        if cap < 1:
            raise ValueError(f"option turn_cap={cap!r} must be at least 1")
        self.components: Components = components(self.players, board, cap, self.options["player_trades"])

    def layout(self) -> Layout:
        """The board layout of this game: the board file's, or a random one drawn from the seed."""
        mode = self.options["board"]
        if mode == "random":
            return random_layout(self.board, random.Random(self.seed), "shuffled")
        if mode == "spiral":
            return random_layout(self.board, random.Random(self.seed), "spiral")
        return self.board.layout.copy()

    def new_state(self) -> CatanState:
        """The position before the first setup settlement."""
        return CatanState.new(self.components, self.layout())

    def state_from_json(self, data: Any) -> CatanState:
        """A validated position; InvalidPositionError names the bad field."""
        return state_from_json(data, self.components)


BOTS = {**CORE_BOTS, "heuristic": HeuristicBot}

__all__ = ["Game", "BOTS", "CatanState", "HeuristicBot", "Board", "load_board", "BASE_BOARD"]
