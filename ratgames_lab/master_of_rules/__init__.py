"""Master of Rules (Le Maître des Règles), 3-5 players with dummy players."""
from __future__ import annotations

from typing import Any

from ..core.bots import CORE_BOTS
from ..core.protocol import Game as _Game
from .actions import CODEC
from .bots import HeuristicBot
from .cards import CODES, RULES
from .rules import MasterOfRulesState, components, state_from_json


class Game(_Game):
    """Master of Rules for 3, 4 or 5 players (dummies fill the empty seats)."""

    name = "master_of_rules"
    title = "Master of Rules"
    min_players = 3
    max_players = 5
    option_specs = {}
    action_codec = CODEC

    def new_state(self) -> MasterOfRulesState:
        """Shuffle and deal as the rulebook says, from this game's seed."""
        return MasterOfRulesState.new(self.players, self.seed)

    def action_names(self) -> dict:
        """Number cards by code, Rule cards by id."""
        return _ACTION_NAMES

    def state_from_json(self, data: Any) -> MasterOfRulesState:
        """A validated position; InvalidPositionError names the bad field."""
        return MasterOfRulesState.from_json(data, components(self.players))


_ACTION_NAMES = {"card": frozenset(CODES), "rule": frozenset(RULES)}
BOTS = {**CORE_BOTS, "heuristic": HeuristicBot}

__all__ = ["Game", "BOTS", "MasterOfRulesState", "HeuristicBot", "state_from_json"]

# names the dashboard (ratgames_lab.widgets) uses: cards, scoring constants, exact odds
from .cards import (ALL_TYPES_BONUS, CODES, COLOURS, RULES, SET_BONUS_MIN, SET_BONUS_POINTS, SET_BONUS_TYPES,  # noqa: E402
                    TIE_BREAK, card_name, colour, rule_name, seat_name, value)
from .odds import rule_odds  # noqa: E402
from .translate import card_text, data_text, seat_text, shown_params  # noqa: E402

__all__ += ["ALL_TYPES_BONUS", "CODES", "COLOURS", "RULES", "SET_BONUS_MIN", "SET_BONUS_POINTS", "SET_BONUS_TYPES",
            "TIE_BREAK", "card_name", "colour", "rule_name", "seat_name", "value", "rule_odds",
            "card_text", "data_text", "seat_text", "shown_params"]
