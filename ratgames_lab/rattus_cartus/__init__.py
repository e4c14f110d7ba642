"""Rattus Cartus (White Goblin Games, 2012), 2-5 players: buildings, influence and the nun row.

The support actions, the nun split by class and the VP token value shipped in data/ are the project's
Reconstruction; load your own with ``load_game("rattus_cartus", players=4, card_data="cards.json", building_data=...)``.
"""
from __future__ import annotations

from typing import Any

from ..core.bots import CORE_BOTS
from ..core.errors import InvalidPositionError
from ..core.data_option import DataOption
from ..core.protocol import Game as _Game
from ..core.protocol import OptionSpec
from .actions import CODEC
from .bots import HeuristicBot
from .comp import Comp, shipped_comp
from .odds import player_row_distribution, survival_now, survival_table
from .components import DEFAULT_BUILDINGS, DEFAULT_CARDS, BuildingData, CardData
from .rules import CartusState, explicit_buildings

METHODS = ("first_game", "random_type", "random_cards")


class BuildingsOption(OptionSpec):
    """The building choice: first_game, random_type, random_cards, or an explicit list of 6 types / 30 cards."""

    def __init__(self) -> None:
        super().__init__("first_game", help="first_game | random_type | random_cards | list of 6 types or 30 cards")

    def validate(self, name: str, value: Any) -> Any:
        if isinstance(value, str) and value in METHODS:
            return value
        if isinstance(value, (list, tuple)) and all(isinstance(x, str) for x in value) and len(value) in (6, 30):
            return list(value)
        raise ValueError(f"option {name}={value!r} must be one of {list(METHODS)} or a list of 6 types / 30 cards")


class FirstPlayerOption(OptionSpec):
    """None (random) or a seat."""

    def __init__(self) -> None:
        super().__init__(None, help="None for a random first player, or a seat number")

    def validate(self, name: str, value: Any) -> Any:
        if value is None or (isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 5):
            return value
        raise ValueError(f"option {name}={value!r} must be None or a seat number")


def _named(option: str, exc: InvalidPositionError) -> InvalidPositionError:
    return InvalidPositionError(f"option {option}: {exc.reason}", f"{option}.{exc.field}")


class Game(_Game):
    """Rattus Cartus for 2 to 5 players."""

    name = "rattus_cartus"
    title = "Rattus Cartus"
    min_players = 2
    max_players = 5
    option_specs = {
        "buildings": BuildingsOption(),
        "exclude_guard_tower_2p": OptionSpec(False, kind=bool, help="2 players: random methods skip the Guard Tower"),
        "first_player": FirstPlayerOption(),
        "all_dead_lowest_survive": OptionSpec(False, kind=bool, help="if all die, the lowest-rat players survive"),
        "hide_rats": OptionSpec(False, kind=bool, help="hide rat totals in the UI only"),
        "card_data": DataOption(CardData, DEFAULT_CARDS, CardData.data_copy,
                                "card data file or dict (default: the shipped reconstruction)"),
        "building_data": DataOption(lambda d: BuildingData(d, DEFAULT_CARDS), DEFAULT_BUILDINGS,
                                    BuildingData.data_copy,
                                    "building data file or dict (default: the shipped reconstruction)"),
    }
    action_codec = CODEC

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players=players, seed=seed, **options)
        o = self.options
        if o["first_player"] is not None and o["first_player"] >= self.players:
            raise ValueError(f"option first_player={o['first_player']} must be a seat below {self.players}")
        if o["card_data"] is None and o["building_data"] is None:
            self.comp: Comp = shipped_comp(self.players)
        else:
            cards, buildings = self.data["card_data"], self.data["building_data"]
            if cards is not DEFAULT_CARDS:  # the buildings' classes are checked against the edited card data
                try:
                    buildings = BuildingData(buildings.data_copy(), cards)
                except InvalidPositionError as exc:
                    raise _named("building_data", exc) from None
            self.comp = Comp(self.players, cards, buildings)
        self.chosen = None
        if isinstance(o["buildings"], list):
            self.chosen = explicit_buildings(self.comp, o["buildings"])

    def new_state(self) -> CartusState:
        """Setup as the rulebook says (buildings, cards, rats, first player) from this game's seed."""
        o = self.options
        method = o["buildings"] if isinstance(o["buildings"], str) else "explicit"
        return CartusState.new(self.comp, self.seed, chosen=self.chosen, method=method,
                               exclude_guard_tower_2p=o["exclude_guard_tower_2p"], first_player=o["first_player"],
                               all_dead_lowest_survive=o["all_dead_lowest_survive"])

    def state_from_json(self, data: Any) -> CartusState:
        """A validated position; InvalidPositionError names the bad field."""
        return CartusState.from_json(data, self.comp)


BOTS = {**CORE_BOTS, "heuristic": HeuristicBot}

__all__ = ["Game", "BOTS", "CartusState", "HeuristicBot", "Comp", "player_row_distribution", "survival_now",
           "survival_table"]

# card and building names as the table says them (the dashboard's captions)
from .names import name as card_name  # noqa: E402

__all__ += ["card_name"]

# the choices named as the table says them (the building of an offered action, a player by colour)
from .text_board import action_text  # noqa: E402

__all__ += ["action_text"]
