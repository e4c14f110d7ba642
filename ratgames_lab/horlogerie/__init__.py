"""L'Horlogerie des Rats (amateur push-your-luck card game), 2-6 players: explore, survive the danger, buy missions.

The Danger, Horloger and Mission faces shipped in data/ are the project's reconstruction; load your own decks
with ``load_game("horlogerie", players=4, missions="my_missions.json")`` (or a dict) and watch the odds move.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from ..core.bots import CORE_BOTS
from ..core.errors import InvalidPositionError
from ..core.protocol import Game as _Game
from ..core.protocol import OptionSpec
from .actions import CODEC
from .bots import HeuristicBot, OptimalBot, ThresholdBot
from .cards import DECK_FILES, Components, load_deck
from .position import state_from_json
from .rules import HorlogerieState


class DataOption(OptionSpec):
    """A deck option: None for the shipped file, a dict of data, or a path (Python API and CLI only)."""

    def __init__(self, help: str):
        super().__init__(None, help=help)

    def validate(self, name: str, value: Any) -> Any:
        if isinstance(value, Path):
            value = str(value)
        if value is not None and not isinstance(value, (str, dict)):
            raise ValueError(f"option {name}={value!r} must be a path, a dict or None")
        return value


class Game(_Game):
    """L'Horlogerie des Rats for 2 to 6 players."""

    name = "horlogerie"
    title = "L'Horlogerie des Rats"
    min_players = 2
    max_players = 6
    option_specs = {deck: DataOption(f"{deck} deck file or dict (default: the shipped data)") for deck in DECK_FILES}
    action_codec = CODEC

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players=players, seed=seed, **options)
        decks = {}
        for deck in DECK_FILES:
            try:
                decks[deck] = load_deck(deck, self.options[deck])
            except InvalidPositionError as exc:
                raise InvalidPositionError(f"option {deck}: {exc.reason}", exc.field) from None
        try:
            self.components = Components(self.players, **decks)
        except InvalidPositionError as exc:
            deck = exc.field.split(".")[0]
            raise InvalidPositionError(f"option {deck}: {exc.reason}", exc.field) from None

    def new_state(self) -> HorlogerieState:
        """Setup as the rulebook says (decks, grid, teams, first player) from this game's seed."""
        return HorlogerieState.new(self.components, self.seed)

    def state_from_json(self, data: Any) -> HorlogerieState:
        """A validated position; InvalidPositionError names the bad field."""
        return state_from_json(data, self.components)


BOTS = {**CORE_BOTS, "heuristic": HeuristicBot, "threshold": ThresholdBot, "optimal": OptimalBot}

__all__ = ["Game", "BOTS", "HorlogerieState", "HeuristicBot", "ThresholdBot", "OptimalBot", "Components",
           "load_deck"]
