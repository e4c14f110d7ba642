"""The components of one Catan game: the board's topology, the official counts and costs, the cached actions."""
from __future__ import annotations

import json
from functools import lru_cache

from ..core.fields import Components as _Components
from .actions import DEV_CARDS, BuildCity, BuildRoad, BuildSettlement, ChooseVictim, ConfirmTrade, MoveRobber
from .board import DATA_DIR, RESOURCES, TERRAINS, Board

COMPONENTS = json.loads((DATA_DIR / "components.json").read_text())
R = len(RESOURCES)
KNIGHT, VP_CARD, ROAD_BUILDING, YEAR_OF_PLENTY, MONOPOLY = range(5)


def _cost(name: str) -> tuple[int, ...]:
    c = COMPONENTS["costs"][name]
    return tuple(c.get(r, 0) for r in RESOURCES)


ROAD_COST, SETTLEMENT_COST, CITY_COST, DEV_COST = (_cost(n) for n in ("road", "settlement", "city", "development"))
BANK_START = tuple(COMPONENTS["bank"][r] for r in RESOURCES)
DECK_START = tuple(COMPONENTS["development_deck"][c] for c in DEV_CARDS)
PIECES = COMPONENTS["pieces"]
VP_TARGET = COMPONENTS["victory_points"]
HAND_LIMIT = COMPONENTS["hand_limit"]
LONGEST_ROAD_MIN = COMPONENTS["longest_road_min"]
LARGEST_ARMY_MIN = COMPONENTS["largest_army_min"]
SPECIAL_VP = COMPONENTS["special_card_vp"]

(SETUP_SETTLEMENT, SETUP_ROAD, ROLL_PHASE, DICE_PHASE, DISCARD_PHASE, ROBBER, VICTIM, STEAL_PHASE, MAIN,
 ROAD_BUILDING_PHASE, TRADE_REPLY, TRADE_CHOOSE, DRAW_PHASE, OVER) = PHASES = (
    "setup_settlement", "setup_road", "roll", "dice", "discard", "robber", "victim", "steal", "main",
    "road_building", "trade_reply", "trade_choose", "draw", "over")
CHANCE_PHASES = (DICE_PHASE, STEAL_PHASE, DRAW_PHASE)
SETUP_PHASES = (SETUP_SETTLEMENT, SETUP_ROAD)
ANSWERS = ("none", "reject", "accept", "counter")  # a player's answer to the pending offer
NO_ANSWER, REJECTED, ACCEPTED, COUNTERED = range(4)
HARBOUR_NAMES = RESOURCES + ("3:1",)  # harbour codes 0-4: the 2:1 harbour of that resource; 5: 3:1


class Components(_Components):
    """What one game is played with: the player count, the board topology, options and cached actions."""

    def __init__(self, players: int, board: Board, turn_cap: int, player_trades: bool):
        self.players = players
        self.refs = {"resources": RESOURCES, "cards": DEV_CARDS, "terrains": TERRAINS, "harbours": HARBOUR_NAMES,
                     "answers": ANSWERS}
        self.board = board
        self.topo = board.topo
        self.turn_cap = turn_cap
        self.player_trades = player_trades
        t = self.topo
        self.settle_actions = tuple(BuildSettlement(v) for v in range(t.n_nodes))
        self.setup_spots = tuple((v, self.settle_actions[v]) for v in range(t.n_nodes) if t.node_buildable[v])
        self.city_actions = tuple(BuildCity(v) for v in range(t.n_nodes))
        self.road_actions = tuple(BuildRoad(e) for e in range(t.n_edges))
        self.robber_actions = tuple(MoveRobber(i) for i in range(t.n_tiles))
        self.victim_actions = tuple(ChooseVictim(p) for p in range(players))
        self.confirm_actions = tuple(ConfirmTrade(p) for p in range(players))
        self.setup_order = list(range(players)) + list(reversed(range(players)))
        self.land_tiles = tuple(i for i, w in enumerate(board.water) if not w)
        # the robber's moves from each tile: to any other land tile
        self.robber_moves = tuple(tuple(self.robber_actions[t] for t in self.land_tiles if t != here)
                                  for here in range(t.n_tiles))


@lru_cache(maxsize=64)
def components(players: int, board: Board, turn_cap: int = 350, player_trades: bool = True) -> Components:
    """The (cached) Components for a player count, board and options."""
    return Components(players, board, turn_cap, player_trades)
