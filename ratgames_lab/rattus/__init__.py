"""Rattus (White Goblin Games), 2-4 players: the Black Death spreads over medieval Europe.

The board adjacency, drawing positions and rat tokens shipped in data/ are the project's reconstruction;
load your own with ``load_game("rattus", players=4, board="my_board.json", tokens="my_tokens.json")``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.bots import CORE_BOTS
from ..core.errors import InvalidPositionError
from ..core.position import load_position as read_position
from ..core.protocol import Game as _Game
from ..core.data_option import DataOption
from .actions import CODEC
from .board import DEFAULT_BOARD, Board, board_for_players, build_board, load_board, read_json
from .bots import HeuristicBot
from .rules import RattusState, components
from .tokens import DEFAULT_TOKENS, TokenSet, build_tokens, load_tokens


class Game(_Game):
    """Rattus for 2, 3 or 4 players."""

    name = "rattus"
    title = "Rattus"
    min_players = 2
    max_players = 4
    option_specs = {
        "board": DataOption(build_board, DEFAULT_BOARD, Board.to_json,
                            "board file or dict (default: the shipped reconstruction)"),
        "tokens": DataOption(build_tokens, DEFAULT_TOKENS, TokenSet.data_copy,
                             "rat token file or dict (default: the shipped reconstruction)"),
    }
    action_codec = CODEC

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players=players, seed=seed, **options)
        self.board: Board = self.data["board"]
        self.tokens: TokenSet = self.data["tokens"]
        try:
            self.components = components(self.players, self.board, self.tokens)
        except InvalidPositionError as exc:
            raise InvalidPositionError(f"option tokens: {exc.reason}", f"tokens.{exc.field}") from None

    def new_state(self) -> RattusState:
        """Setup as the rulebook says (tokens, removed tokens, plague) from this game's seed."""
        return RattusState.new(self.components, self.seed)

    def action_names(self) -> dict:
        """Regions in play, rat token ids and class cards, as actions name them."""
        regions = frozenset(self.components.topo.names)
        return {"region": regions, "to": regions, "via": regions, "source": regions, "target": regions,
                "token": frozenset(self.tokens.ids), "card": frozenset(CLASSES)}

    def state_from_json(self, data: Any) -> RattusState:
        """A validated position; InvalidPositionError names the bad field."""
        return RattusState.from_json(data, self.components)


POSITIONS = Path(__file__).parent / "positions"


def load_position(name: str | Path) -> tuple[Game, RattusState]:
    """A shipped scenario (positions/<name>.json) or a position file: its Game (with the file's options) and state.

    Any position file format ``ratgames_lab.load_position`` reads; InvalidPositionError names a bad field.
    """
    path = Path(name)
    if not path.suffix:
        path = POSITIONS / f"{name}.json"
    game, state = read_position(path)
    if game.name != "rattus":
        raise InvalidPositionError(f"this is a position of {game.name!r}, not of Rattus", "game")
    return game, state


BOTS = {**CORE_BOTS, "heuristic": HeuristicBot}

__all__ = ["Game", "BOTS", "load_position", "POSITIONS", "RattusState", "HeuristicBot", "load_board", "load_tokens", "board_for_players",
           "DEFAULT_BOARD", "DEFAULT_TOKENS"]

# names the dashboard (ratgames_lab.widgets) uses: components, the steps of a turn, exact odds
from .components import CLASS_FRENCH, CLASS_NAMES, CLASSES, COLOURS, KNIGHT_NEUTRAL, SYMBOL_NAMES  # noqa: E402
from .odds import (best_plague_moves, contamination_probability, cube_loss_distribution,  # noqa: E402
                   expected_losses, loss_distribution_of)
from .steps import AFTER, MAIN, NEUTRAL, REVEAL_STEP, SETUP, SPREAD, WITCH2, WITCH_SWAP_STEP  # noqa: E402

__all__ += ["CLASS_FRENCH", "CLASS_NAMES", "CLASSES", "COLOURS", "KNIGHT_NEUTRAL", "SYMBOL_NAMES",
            "best_plague_moves", "contamination_probability", "cube_loss_distribution", "expected_losses",
            "loss_distribution_of", "AFTER", "MAIN", "NEUTRAL", "REVEAL_STEP", "SETUP", "SPREAD", "WITCH2",
            "WITCH_SWAP_STEP"]
