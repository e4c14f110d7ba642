"""L'Horlogerie des Rats (amateur push-your-luck card game), 2-6 players: explore, survive the danger, buy missions.

The Danger, Horloger and Mission faces shipped in data/ are the project's reconstruction; load your own decks
with ``load_game("horlogerie", players=4, missions="my_missions.json")`` (or a dict) and watch the odds move.
"""
from __future__ import annotations

import copy
from typing import Any

from ..core.bots import CORE_BOTS
from ..core.errors import InvalidPositionError
from ..core.data_option import DataOption
from ..core.protocol import Game as _Game
from ..core.protocol import Action
from .actions import CODEC, Buy
from .discover import canonical_cards
from .bots import HeuristicBot, OptimalBot, ThresholdBot
from .odds import POINTS, WOUNDS, compare_thresholds, danger_phase, exploration_phase, next_card, solve, stop_or_draw
from .cards import DECK_CLASSES, DECK_FILES, Components, load_deck
from .rules import HorlogerieState


class Game(_Game):
    """L'Horlogerie des Rats for 2 to 6 players."""

    name = "horlogerie"
    title = "L'Horlogerie des Rats"
    min_players = 2
    max_players = 6
    option_specs = {deck: DataOption(DECK_CLASSES[deck], load_deck(deck), lambda d: copy.deepcopy(d.data),
                                     f"{deck} deck file or dict (default: the shipped data"
                                     f"{'' if deck == 'exploration' else ', a reconstruction'})")
                    for deck in DECK_FILES}
    action_codec = CODEC

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players=players, seed=seed, **options)
        decks = {deck: self.data[deck] for deck in DECK_FILES}
        try:
            self.components = Components(self.players, **decks)
        except InvalidPositionError as exc:
            deck = exc.field.split(".")[0]
            raise InvalidPositionError(f"option {deck}: {exc.reason}", exc.field) from None

    def new_state(self) -> HorlogerieState:
        """Setup as the rulebook says (decks, grid, teams, first player) from this game's seed."""
        return HorlogerieState.new(self.components, self.seed)

    def action_from_json(self, data: Any) -> Action:
        """Decode an action; a payment's cards come back in the listed order (payments are sets)."""
        action = super().action_from_json(data)
        if isinstance(action, Buy):
            cards = canonical_cards(self.components.exploration, action.cards)
            if cards != action.cards:
                action = Buy(action.mission, cards)
        return action

    def state_from_json(self, data: Any) -> HorlogerieState:
        """A validated position; InvalidPositionError names the bad field."""
        return HorlogerieState.from_json(data, self.components)


BOTS = {**CORE_BOTS, "heuristic": HeuristicBot, "threshold": ThresholdBot, "optimal": OptimalBot}

__all__ = ["Game", "BOTS", "HorlogerieState", "HeuristicBot", "ThresholdBot", "OptimalBot", "Components",
           "load_deck", "POINTS", "WOUNDS", "danger_phase", "exploration_phase", "next_card", "solve", "stop_or_draw",
           "compare_thresholds"]

# cards, missions and finds named as the table says them (the dashboard's texts)
from .names import ask_words, face_name, find_name, mission_label, mission_name  # noqa: E402

__all__ += ["ask_words", "face_name", "find_name", "mission_label", "mission_name"]
