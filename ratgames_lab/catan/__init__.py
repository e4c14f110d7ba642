"""Catan, the official base game for 3 or 4 players, on a NetworkX graph of hex intersections.

Options: ``board`` (a board file path or dict; default the shipped base board), ``layout`` ("board": as in the
board file; "random": shuffled terrains, tokens with no 6/8 adjacent and harbour kinds; "spiral": shuffled
terrains with the A-R token spiral from a random corner), ``turn_cap`` (the game is a draw after this many
turns) and ``player_trades`` (False forbids trades between players, as in the benchmark conventions).

``variant="combined"`` plays the group's combined variant (catan.md Part 2: Seafarers + Cities & Knights +
Traders & Barbarians) on the
reconstructed combined board (``board`` = another board file; ``layout`` = "board" for the fixed board, "random"
for the constrained shuffle); its option keys (``combined.components.OPTION_DEFAULTS``) apply only there.
"""
from __future__ import annotations

import random
from typing import Any

from ..core.bots import CORE_BOTS
from ..core.data_option import DataOption
from ..core.protocol import Game as _Game
from ..core.protocol import OptionSpec
from .actions import CODEC
from .board import BASE_BOARD, Board, Layout, load_board, parse_board, random_layout
from .beliefs import hand_beliefs, hand_distribution, steal_odds
from .bots import HeuristicBot
from .components import Components, components
from .rules import CatanState
from .combined import (COMBINED_CODEC, VARIANT_OPTION_SPECS, CombinedState, combined_components,
                       new_combined_game, variant_options)
from .combined_layout import combined_board

LAYOUTS = ("board", "random", "spiral")
VARIANTS = ("base", "combined")


class Game(_Game):
    """Catan (base game) for 3 or 4 players."""

    name = "catan"
    title = "Catan"
    min_players = 3
    max_players = 4
    option_specs = {
        "board": DataOption(parse_board, BASE_BOARD, Board.to_json,
                            "board file or dict (default: the shipped base board)"),
        "layout": OptionSpec("board", allowed=LAYOUTS,
                             help="'board' (as in the board file), 'random' or 'spiral' (drawn from the seed)"),
        "turn_cap": OptionSpec(350, kind=int, help="the game is a draw after this many turns"),
        "player_trades": OptionSpec(True, kind=bool, help="allow trades between players"),
        "variant": OptionSpec("base", allowed=VARIANTS, help="'base' (the official game) or 'combined' (catan.md "
                              "Part 2: Seafarers + Cities & Knights + Traders & Barbarians)"),
        **VARIANT_OPTION_SPECS,
    }
    action_codec = CODEC

    def __init__(self, players: int | None = None, seed: int = 0, **options: Any):
        super().__init__(players=players, seed=seed, **options)
        cap = self.options["turn_cap"]
        if isinstance(cap, bool) or cap < 1:
            raise ValueError(f"option turn_cap={cap!r} must be a whole number of at least 1")
        self.variant = self.options["variant"]
        if self.variant == "combined":
            if self.options["layout"] == "spiral":
                raise ValueError("option layout='spiral' is for the base game; the combined variant takes 'board' "
                                 "(the fixed board) or 'random' (the constrained shuffle)")
            self.board = self.data["board"] if options.get("board") is not None else combined_board()
            self.variant_options = variant_options(self.options, self.players, self.data["wagon_table"])
            self.components = combined_components(self.players, self.board, cap, self.options["player_trades"],
                                                  self.variant_options)
            self.action_codec = COMBINED_CODEC
            return
        given = sorted(k for k, spec in VARIANT_OPTION_SPECS.items() if options.get(k, spec.default) != spec.default)
        if given:
            raise ValueError(f"option {given[0]} belongs to the combined variant (add variant='combined')")
        for key in ("variant", *VARIANT_OPTION_SPECS):  # the base game's files name only its own options
            del self.options[key]
        self.board: Board = self.data["board"]
        self.components: Components = components(self.players, self.board, cap, self.options["player_trades"])

    def layout(self) -> Layout:
        """The board layout of this game: the board file's, or a random one drawn from the seed."""
        mode = self.options["layout"]
        if mode == "random":
            return random_layout(self.board, random.Random(self.seed), "shuffled")
        if mode == "spiral":
            return random_layout(self.board, random.Random(self.seed), "spiral")
        return self.board.layout.copy()

    def new_state(self) -> CatanState | CombinedState:
        """The position before the first setup settlement."""
        if self.variant == "combined":
            return new_combined_game(self.components, self.board, self.options["layout"], self.seed)
        return CatanState.new(self.components, self.layout())

    def state_from_json(self, data: Any) -> CatanState | CombinedState:
        """A validated position; InvalidPositionError names the bad field."""
        if self.variant == "combined":
            return CombinedState.from_json(data, self.components)
        return CatanState.from_json(data, self.components)


BOTS = {**CORE_BOTS, "heuristic": HeuristicBot}

__all__ = ["Game", "BOTS", "CatanState", "HeuristicBot", "Board", "load_board", "BASE_BOARD", "LAYOUTS",
           "hand_beliefs", "hand_distribution", "steal_odds"]

# what the dashboard and the lessons use: resource and card names, the action classes, the exact odds
from .actions import (DEV_CARDS, DEV_NAMES, AcceptOffer, BankTrade, BuildCity, BuildRoad,  # noqa: E402
                      BuildSettlement, BuyDevelopment, CancelTrade, ChooseVictim, ConfirmTrade, CounterOffer, Discard,
                      EndTurn, MoveRobber, OfferTrade, PlayKnight, PlayMonopoly, PlayRoadBuilding, PlayYearOfPlenty,
                      RejectOffer, Roll, amounts_text)
from .board import RESOURCES, TERRAINS  # noqa: E402
from .odds import (chance_of_seven, chance_resource_within, dice_distribution, discard_count,  # noqa: E402
                   expected_discard, node_production, pips, player_production, production_heat, robber_cost)

__all__ += ["RESOURCES", "TERRAINS", "DEV_CARDS", "DEV_NAMES", "amounts_text", "AcceptOffer", "BankTrade",
            "BuildCity", "BuildRoad", "BuildSettlement", "BuyDevelopment", "CancelTrade", "ChooseVictim",
            "ConfirmTrade", "CounterOffer", "Discard", "EndTurn", "MoveRobber", "OfferTrade", "PlayKnight",
            "PlayMonopoly", "PlayRoadBuilding", "PlayYearOfPlenty", "RejectOffer", "Roll", "chance_of_seven",
            "chance_resource_within", "dice_distribution", "discard_count", "expected_discard", "node_production",
            "pips", "player_production", "production_heat", "robber_cost"]

# the combined variant's names the dashboard and the lessons use: its actions, card and track names, constants
from .combined.actions import (BuildShip, BuildWall, ChooseCard, ChooseProgressDeck, DiscardProgress,  # noqa: E402
                               Improve, MovePirate, MoveShip, PlaceMetropolis, ReduceCity, SkipFreePiece)
from .combined.components import (BARBARIAN_TRACK, EVENT_FACES, MAX_LEVEL, METROPOLIS_LEVEL,  # noqa: E402
                                  METROPOLIS_VP, SPECIAL_VP, TRACKS)
from .combined.components import CARDS as COMBINED_CARDS  # noqa: E402
from .progress_cards import progress_cards  # noqa: E402

__all__ += ["BuildShip", "BuildWall", "ChooseCard", "ChooseProgressDeck", "DiscardProgress", "Improve", "MovePirate",
            "MoveShip", "PlaceMetropolis", "ReduceCity", "SkipFreePiece", "BARBARIAN_TRACK", "EVENT_FACES",
            "MAX_LEVEL", "METROPOLIS_LEVEL", "METROPOLIS_VP", "SPECIAL_VP", "TRACKS", "COMBINED_CARDS",
            "progress_cards"]
from .variant_odds import (arrival_mean, arrival_within, event_die_distribution, progress_chance_any,  # noqa: E402
                           progress_chances, progress_within)

__all__ += ["arrival_mean", "arrival_within", "event_die_distribution", "progress_chance_any", "progress_chances",
            "progress_within"]
from .combined.trade_players import CounterOffer as CombinedCounterOffer  # noqa: E402
from .combined.trade_players import OfferTrade as CombinedOfferTrade  # noqa: E402

__all__ += ["CombinedCounterOffer", "CombinedOfferTrade"]
from .combined.components import LOAN  # noqa: E402

__all__ += ["LOAN"]
# Traders & Barbarians in the combined variant (the dashboard's shop, loan, bridges and wagon route preview)
from .combined.actions import BuildBridge, BuyCommodity, BuyResource, SaveCity, TakeLoan  # noqa: E402
from .combined.components import BRIDGE_COST, RIVER_MONEY, SHOP  # noqa: E402
from .combined.wagon_routes import cheapest_route  # noqa: E402
from .combined.wagons import points_left as wagon_points_left  # noqa: E402
from .traders_data import MARKETS, default_baggage_train, default_fish, default_goods  # noqa: E402

__all__ += ["BuildBridge", "BuyCommodity", "BuyResource", "SaveCity", "TakeLoan", "BRIDGE_COST", "RIVER_MONEY",
            "SHOP", "cheapest_route", "wagon_points_left", "MARKETS", "default_baggage_train", "default_fish", "default_goods"]
from .combined.special import OLD_BOOT_VP  # noqa: E402
from .combined.fish_actions import (DrawFish, FishFreePiece, FishProgress, FishRemove, FishResource,  # noqa: E402
                                    FishSteal, PassOldBoot, BoostWagonFish)

__all__ += ["OLD_BOOT_VP", "DrawFish", "FishFreePiece", "FishProgress", "FishRemove", "FishResource", "FishSteal",
            "PassOldBoot", "BoostWagonFish"]
# place names as the table says them (the dashboard's captions and the text board)
from .place_names import action_text, name_places  # noqa: E402

__all__ += ["action_text", "name_places"]
