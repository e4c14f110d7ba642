"""The group's combined variant of Catan (catan.md Part 2): Seafarers + Cities & Knights + Traders & Barbarians on
the combined board.

``load_game("catan", variant="combined", ...)`` plays it; the option keys are in ``OPTION_DEFAULTS``."""
from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ...core.data_option import DataOption
from ...core.protocol import OptionSpec
from ..board import Board
from ..combined_layout import combined_layout
from ..traders_data import BaggageTrain, default_baggage_train, parse_baggage_train
from .components import OPTION_DEFAULTS, CombinedComponents, VariantOptions
from .rules import CODEC as COMBINED_CODEC
from .start import first_player, new_state
from .state import CombinedState

_HELP = {
    "tokens_2_with_12": "the 2 shares the 12's hex and produces with it (False: the 2 is left out)",
    "market_interior_roads": "roads may be built on a market's interior paths and join through its plaza",
    "market_corner_settlements": "allow settlements on market corners",
    "first_player": "'random' (from the seed) or the first player's seat number as text ('1'-'4')",
    "strict_phase_order": "enforce the seed's order of the action phase (trade, build, then the rest)",
    "robber_peace": "the robber and the pirate do not move until the first barbarian attack",
    "steal_per_seven": "cards stolen on a 7: 1 (from a player by either piece) or 2 (one per piece)",
    "displace_requires_stronger": "a knight displaces only a strictly weaker knight",
    "knight_chase_pirate": "an active knight may chase the pirate as well as the robber",
    "strict_thresholds": "Longest Road needs more than 5 and Largest Army more than 3",
    "largest_army_mode": "'knight_levels' (sum of knight levels) or 'defences' (first with more than 3 Defender "
                         "cards)",
    "tie_defender_progress_card": "on a tied defence each tied player draws a progress card of their choice",
    "merchant_vp": "the merchant's controller holds 1 VP",
    "vp_target": "victory points to win: 15 (quick) or 20 (long)",
    "money_supply_cap": "the money in the game: None (unlimited) or a whole number (100 = the box's coins; an "
                        "empty bank pays what it has)",
    "save_city_for_5": "a player losing a city to the barbarians may pay $5 to keep it (official Rivers + C&K)",
    "wagon_boost": "a wagon may take +2 movement points once per turn for 1 grain (or 2 fish)",
    "delivery_vp": "each delivered goods token scores 1 VP (official Traders & Barbarians; the seed: none)",
}
_ALLOWED = {"first_player": ("random", "1", "2", "3", "4"), "steal_per_seven": (1, 2),
            "largest_army_mode": ("knight_levels", "defences"), "vp_target": (15, 20)}
VARIANT_OPTION_SPECS = {
    k: OptionSpec(v, allowed=_ALLOWED.get(k), kind=None if k in _ALLOWED or v is None else type(v), help=_HELP[k])
    for k, v in OPTION_DEFAULTS.items()}
VARIANT_OPTION_SPECS["wagon_table"] = DataOption(
    parse_baggage_train, default_baggage_train(), lambda table: table.data,
    "baggage-train table file or dict (default: the shipped table, a Reconstruction)")


def variant_options(options: dict[str, Any], players: int, wagon_table: BaggageTrain | None = None) -> VariantOptions:
    """The variant's option values from a game's options (a first player beyond the player count is refused);
    ``wagon_table`` is the loaded baggage-train table (None: the shipped one)."""
    values = {k: options[k] for k in OPTION_DEFAULTS}
    values["wagon_table"] = None if wagon_table is default_baggage_train() else wagon_table
    cap = values["money_supply_cap"]
    if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 0):
        raise ValueError(f"option money_supply_cap={cap!r} must be None or a whole number of at least 0")
    if values["first_player"] != "random" and int(values["first_player"]) > players:
        raise ValueError(f"option first_player={values['first_player']!r}: this game has {players} players")
    return VariantOptions(**values)


@lru_cache(maxsize=32)
def combined_components(players: int, board: Board, turn_cap: int, player_trades: bool,
                        options: VariantOptions) -> CombinedComponents:
    """The (cached) components of a combined game."""
    return CombinedComponents(players, board, turn_cap, player_trades, options)


def new_combined_game(comp: CombinedComponents, board: Board, layout_mode: str, seed: int) -> CombinedState:
    """The position before the first setup settlement: the board laid out ('board': as in the file, 'random': the
    constrained shuffle), harbours and fishing grounds at random, the pirate on a random spot, the first player."""
    rng = random.Random(f"combined-layout-{seed}")
    mode = "fixed" if layout_mode == "board" else "shuffled"
    cl = combined_layout(board, rng, mode)
    number2 = cl.number2 if comp.options.tokens_2_with_12 else [0] * len(cl.number2)
    fishing = [[*f.nodes, f.number] for f in cl.fishing]
    spots = [x for x, _ in comp.pirate_spot_edges(fishing)]
    pirate = spots[rng.randrange(len(spots))]
    return new_state(comp, cl.layout, number2, fishing, pirate, first_player(comp, seed))


__all__ = ["CombinedState", "COMBINED_CODEC", "VARIANT_OPTION_SPECS", "OPTION_DEFAULTS", "variant_options",
           "combined_components", "new_combined_game"]
