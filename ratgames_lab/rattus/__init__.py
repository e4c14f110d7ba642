"""Rattus (White Goblin Games), 2-4 players: the Black Death spreads over medieval Europe.

The board adjacency, drawing positions and rat tokens shipped in data/ are the project's reconstruction;
load your own with ``load_game("rattus", players=4, board="my_board.json", tokens="my_tokens.json")``.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ..core.bots import CORE_BOTS
from ..core.errors import InvalidPositionError
from ..core.protocol import Game as _Game
from ..core.protocol import OptionSpec
from .actions import CODEC
from .board import DEFAULT_BOARD, Board, board_for_players, load_board, read_json
from .bots import HeuristicBot
from .position import state_from_json
from .rules import RattusState, components
from .tokens import DEFAULT_TOKENS, TokenSet, load_tokens


class DataOption(OptionSpec):
    """A data-file option (board or tokens): None for the shipped file, a path, or a dict (loaded by Game)."""

    def __init__(self, help: str):
        super().__init__(None, help=help)

    def validate(self, name: str, value: Any) -> Any:
        if isinstance(value, Path):
            value = str(value)
        if value is not None and not isinstance(value, (str, dict)):
            raise ValueError(f"option {name}={value!r} must be a path, a dict or None")
        return value


def _load_option(name: str, loader: Callable[[Any], Any], value: Any) -> Any:
    """Load a data option; InvalidPositionError (a ValueError) naming the option and the bad field."""
    try:
        return loader(value)
    except InvalidPositionError as exc:
        raise InvalidPositionError(f"option {name}: {exc.reason}", f"{name}.{exc.field}") from None


class Game(_Game):
    """Rattus for 2, 3 or 4 players."""

    name = "rattus"
    title = "Rattus"
    min_players = 2
    max_players = 4
    option_specs = {
        "board": DataOption("board file or dict (default: the shipped reconstruction)"),
        "tokens": DataOption("rat token file or dict (default: the shipped reconstruction)"),
    }
    action_codec = CODEC

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players=players, seed=seed, **options)
        self.board: Board = _load_option("board", load_board, self.options["board"])
        self.tokens: TokenSet = _load_option("tokens", load_tokens, self.options["tokens"])
        self.components = _load_option("tokens", lambda t: components(self.players, self.board, t), self.tokens)

    def new_state(self) -> RattusState:
        """Setup as the rulebook says (tokens, removed tokens, plague) from this game's seed."""
        return RattusState.new(self.components, self.seed)

    def state_from_json(self, data: Any) -> RattusState:
        """A validated position; InvalidPositionError names the bad field."""
        return state_from_json(data, self.components)


POSITIONS = Path(__file__).parent / "positions"


def load_position(name: str | Path, seed: int = 0) -> tuple[Game, RattusState]:
    """A shipped scenario (positions/<name>.json) or a position file: its Game (with the file's options) and state.

    The file holds {"description", "players", "options", "position"}; InvalidPositionError names a bad field.
    """
    path = Path(name)
    if not path.suffix:
        path = POSITIONS / f"{name}.json"
    doc = read_json(path, "file")
    if not isinstance(doc, dict) or not {"players", "position"} <= set(doc):
        raise InvalidPositionError("a position file holds players, options and position", "file")
    try:
        game = Game(players=doc["players"], seed=seed, **(doc.get("options") or {}))
    except InvalidPositionError:
        raise
    except ValueError as exc:
        raise InvalidPositionError(str(exc), "options") from None
    return game, game.state_from_json(doc["position"])


BOTS = {**CORE_BOTS, "heuristic": HeuristicBot}

__all__ = ["Game", "BOTS", "load_position", "POSITIONS", "RattusState", "HeuristicBot", "load_board", "load_tokens", "board_for_players",
           "DEFAULT_BOARD", "DEFAULT_TOKENS"]

# names the dashboard (ratgames_lab.widgets) uses: components, the steps of a turn, exact odds
from .components import CLASS_FRENCH, CLASS_NAMES, CLASSES, COLOURS, KNIGHT_NEUTRAL, SYMBOL_NAMES  # noqa: E402
from .odds import (best_plague_moves, contamination_probability, cube_loss_distribution,  # noqa: E402
                   expected_losses, loss_distribution_of)
from .rules import AFTER, MAIN, NEUTRAL, REVEAL_STEP, SETUP, SPREAD, WITCH2, WITCH_SWAP_STEP  # noqa: E402

__all__ += ["CLASS_FRENCH", "CLASS_NAMES", "CLASSES", "COLOURS", "KNIGHT_NEUTRAL", "SYMBOL_NAMES",
            "best_plague_moves", "contamination_probability", "cube_loss_distribution", "expected_losses",
            "loss_distribution_of", "AFTER", "MAIN", "NEUTRAL", "REVEAL_STEP", "SETUP", "SPREAD", "WITCH2",
            "WITCH_SWAP_STEP"]
