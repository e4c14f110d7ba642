"""The combined variant's components: counts, costs and limits (data/combined_components.json), the options of one
game, the board topology and the places derived from it (sea tiles, fishing grounds, pirate spots)."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ...core.fields import Components as _Components
from ..actions import BuildCity, BuildRoad, BuildSettlement, ChooseVictim, ConfirmTrade, MoveRobber
from ..board import DATA_DIR, GOLD, MARKET, RESOURCES, SEA, TERRAINS, Board
from ..progress_cards import DECKS, progress_cards
from ..traders_data import MARKETS, BaggageTrain, default_baggage_train, default_goods
from .actions import BuildBridge, BuildShip, BuildWall, MovePirate, PlaceMetropolis, ReduceCity

DATA = json.loads((DATA_DIR / "combined_components.json").read_text())
CARDS: tuple[str, ...] = tuple(DATA["cards"])  # the 5 resources, then cloth, coin, paper
K = len(CARDS)
R = len(RESOURCES)
CARD_INDEX = {c: i for i, c in enumerate(CARDS)}
COMMODITIES = CARDS[R:]
TRACKS: tuple[str, ...] = tuple(DATA["tracks"])  # trade, politics, science (= the progress decks)
assert TRACKS == DECKS
TRACK_COMMODITY = tuple(CARD_INDEX[DATA["track_commodity"][t]] for t in TRACKS)
# the commodity a city on each terrain adds (-1: none); gold pays money, never a commodity
COMMODITY_OF_TERRAIN = tuple(CARD_INDEX[DATA["commodity_of"][t]] if t in DATA["commodity_of"] else -1
                             for t in TERRAINS)
BANK_START = tuple(DATA["bank"][c] for c in CARDS)
PIECES = DATA["pieces"]
KNIGHTS_PER_LEVEL = PIECES["knights_per_level"]


def _cost(name: str) -> tuple[int, ...]:
    c = DATA["costs"][name]
    return tuple(c.get(card, 0) for card in CARDS)


COSTS = {name: _cost(name) for name in DATA["costs"]}
ROAD_COST, SHIP_COST, BRIDGE_COST, SETTLEMENT_COST, CITY_COST, WALL_COST, KNIGHT_COST, PROMOTE_COST, \
    ACTIVATE_COST = (COSTS[n] for n in ("road", "ship", "bridge", "settlement", "city", "wall", "knight", "promote",
                                        "activate"))
WAGON_BOOST_COST = COSTS["wagon_boost"]  # +WAGON_BOOST_POINTS movement points once per turn (official T&B)
WAGON_BOOST_POINTS = DATA["wagon_boost_points"]
GOODS = default_goods()  # the goods tokens (a Reconstruction): kinds per market, destinations
GOODS_KINDS: tuple[str, ...] = tuple(k for _, k, _, _ in GOODS.kinds)
GOODS_MARKET = tuple(MARKETS.index(m) for m, _, _, _ in GOODS.kinds)  # the market a kind of token comes from
GOODS_DESTINATION = tuple(MARKETS.index(d) for _, _, d, _ in GOODS.kinds)
GOODS_COUNT = tuple(n for _, _, _, n in GOODS.kinds)
GOLD_MONEY = (0, DATA["gold_money"]["settlement"], DATA["gold_money"]["city"])  # by building level
START_MONEY = DATA["start_money"]
SHOP = DATA["shop"]
RIVER_MONEY = DATA["river_money"]
LOAN = DATA["loan"]
EVENT_FACES: tuple[str, ...] = tuple(DATA["event_die"])  # 6 faces: "ship" or a track's gate
SHIP_FACE = "ship"
BARBARIAN_TRACK = DATA["barbarian_track"]
DEFENDER_CARDS = DATA["defender_cards"]
HAND_LIMIT = DATA["hand_limit"]
WALL_BONUS = DATA["wall_hand_bonus"]
PROGRESS_LIMIT = DATA["progress_hand_limit"]
MAX_LEVEL = DATA["improvement_levels"]
METROPOLIS_LEVEL = DATA["metropolis_level"]
ABILITY_LEVEL = DATA["ability_level"]
METROPOLIS_VP = DATA["metropolis_vp"]
SPECIAL_VP = DATA["special_card_vp"]
LONGEST_ROAD_MIN = DATA["longest_road_min"]
LARGEST_ARMY_MIN = DATA["largest_army_min"]

# the progress cards: one id per type, in file order; the decks' starting counts per type
CARD_TYPES = progress_cards().cards
PROGRESS_IDS: tuple[str, ...] = tuple(c.id for c in CARD_TYPES)
PROGRESS_INDEX = {c: i for i, c in enumerate(PROGRESS_IDS)}
PROGRESS_DECK_OF = tuple(TRACKS.index(c.deck) for c in CARD_TYPES)
PROGRESS_VP = tuple(c.vp for c in CARD_TYPES)
PROGRESS_NAME = {c.id: c.name for c in CARD_TYPES}
DECK_START = tuple(tuple(c.count if c.deck == d else 0 for c in CARD_TYPES) for d in TRACKS)

# pieces on edges (edge_piece) and building levels (node_level)
NO_PIECE, ROAD, SHIP, BRIDGE = range(4)
PIECE_NAMES = ("none", "road", "ship", "bridge")

# the option keys of the variant (catan.md Part 2, Settled defaults) with their defaults
OPTION_DEFAULTS: dict[str, Any] = {
    "tokens_2_with_12": True,
    "market_interior_roads": True,
    "market_corner_settlements": False,
    "first_player": "random",
    "strict_phase_order": False,
    "robber_peace": True,
    "steal_per_seven": 1,
    "displace_requires_stronger": True,
    "knight_chase_pirate": True,
    "strict_thresholds": False,
    "largest_army_mode": "knight_levels",
    "tie_defender_progress_card": True,
    "merchant_vp": True,
    "vp_target": 15,
    "money_supply_cap": None,
    "save_city_for_5": False,
    "wagon_boost": True,
    "delivery_vp": False,
}


@dataclass(frozen=True)
class VariantOptions:
    """The variant's option values for one game (see OPTION_DEFAULTS)."""

    tokens_2_with_12: bool = True
    market_interior_roads: bool = True
    market_corner_settlements: bool = False
    first_player: str = "random"
    strict_phase_order: bool = False
    robber_peace: bool = True
    steal_per_seven: int = 1
    displace_requires_stronger: bool = True
    knight_chase_pirate: bool = True
    strict_thresholds: bool = False
    largest_army_mode: str = "knight_levels"
    tie_defender_progress_card: bool = True
    merchant_vp: bool = True
    vp_target: int = 15
    money_supply_cap: int | None = None
    save_city_for_5: bool = False
    wagon_boost: bool = True
    delivery_vp: bool = False
    wagon_table: BaggageTrain | None = None  # option wagon_table: None = the shipped baggage-train table


class CombinedComponents(_Components):
    """What one combined game is played with: players, the board topology, options, derived places."""

    def __init__(self, players: int, board: Board, turn_cap: int, player_trades: bool, options: VariantOptions):
        self.players = players
        self.board = board
        self.topo = t = board.topo
        self.turn_cap = turn_cap
        self.player_trades = player_trades
        self.options = options
        self.refs = {"cards": CARDS, "terrains": TERRAINS, "harbours": RESOURCES + ("3:1",), "tracks": TRACKS,
                     "progress": PROGRESS_IDS, "pieces": PIECE_NAMES, "goods": GOODS_KINDS, "markets": MARKETS}
        # wagons and markets: the baggage-train table, each market's plaza (-1: not on this board)
        self.wagon_table = options.wagon_table or default_baggage_train()
        names = board.markets
        self.market_plaza = tuple(next((v for v in range(t.n_nodes) if t.node_kind[v] == "plaza"
                                        and names.get(t.node_tiles[v][0]) == m), -1) for m in MARKETS)
        self.plaza_market = {v: m for m, v in enumerate(self.market_plaza) if v >= 0}
        self.setup_order = list(range(players)) + list(reversed(range(players)))
        terrain = board.layout.terrain
        self.sea_tiles = tuple(i for i, w in enumerate(board.water) if w)
        self.land_tiles = tuple(i for i, w in enumerate(board.water) if not w)
        self.market_tiles = tuple(i for i in self.land_tiles if terrain[i] == MARKET)
        # building sites: land or coast intersections, not a plaza; market corners only with the option
        market_nodes = {v for tt in self.market_tiles for v in t.tile_nodes[tt]}
        self.market_nodes = frozenset(market_nodes)
        self.building_site = tuple(t.node_buildable[v] and t.node_kind[v] != "plaza"
                                   and (options.market_corner_settlements or v not in market_nodes)
                                   for v in range(t.n_nodes))
        # edges: a road on land/coast edges (not a market's sea-side edge), a bridge on dashed edges, a ship on
        # sea/coast edges; interior (market) edges take roads
        self.road_edge = tuple(_road_edge(t, terrain, e, options.market_interior_roads) for e in range(t.n_edges))
        self.bridge_edge = tuple(t.edge_dashed[e] for e in range(t.n_edges))
        self.ship_edge = tuple(t.edge_kind[e] in ("sea", "coast") and not t.edge_dashed[e]
                               for e in range(t.n_edges))
        self.knight_site = tuple(t.node_kind[v] in ("land", "coast") for v in range(t.n_nodes))
        self.gold = GOLD
        self.sea = SEA
        self._pirate_cache: dict = {}
        # cached action objects (legal_actions hands out these, so is_legal and apply_legal are cheap)
        n_nodes, n_edges = t.n_nodes, t.n_edges
        self.settle_actions = tuple(BuildSettlement(v) for v in range(n_nodes))
        self.city_actions = tuple(BuildCity(v) for v in range(n_nodes))
        self.road_actions = tuple(BuildRoad(e) for e in range(n_edges))
        self.ship_actions = tuple(BuildShip(e) for e in range(n_edges))
        self.bridge_actions = tuple(BuildBridge(e) for e in range(n_edges))
        self.wall_actions = tuple(BuildWall(v) for v in range(n_nodes))
        self.reduce_actions = tuple(ReduceCity(v) for v in range(n_nodes))
        self.metropolis_actions = tuple(PlaceMetropolis(v) for v in range(n_nodes))
        self.robber_actions = tuple(MoveRobber(x) for x in range(t.n_tiles))
        self.pirate_actions: dict[int, MovePirate] = {}
        self.victim_actions = tuple(ChooseVictim(p) for p in range(players))
        self.confirm_actions = tuple(ConfirmTrade(p) for p in range(players))

    def pirate_spot_edges(self, fishing) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """(spot, blocked edges) for every pirate spot: sea tiles, then frame fishing grounds (n_tiles + index)."""
        key = tuple(tuple(f) for f in fishing)
        out = self._pirate_cache.get(key)
        if out is None:
            out = self._pirate_cache[key] = _pirate_spots(self, key)
        return out

    def pirate_blocked(self, spot: int, fishing) -> frozenset[int]:
        """The edges the pirate blocks from ``spot``."""
        key = (spot, tuple(tuple(f) for f in fishing))
        out = self._pirate_cache.get(key)
        if out is None:
            out = self._pirate_cache[key] = frozenset(
                next((edges for x, edges in self.pirate_spot_edges(fishing) if x == spot), ()))
        return out


def _road_edge(t, terrain, e: int, interior_roads: bool) -> bool:
    kind = t.edge_kind[e]
    if kind == "interior":  # a market's path to its plaza (option market_interior_roads)
        return interior_roads
    if kind not in ("land", "coast") or t.edge_dashed[e]:
        return False
    # a market's sea-side edge takes no road
    tiles = t.edge_tiles[e]
    if kind == "coast" and any(terrain[x] == MARKET for x in tiles):
        return False
    return True


def _pirate_spots(comp: CombinedComponents, fishing: tuple) -> tuple[tuple[int, tuple[int, ...]], ...]:
    t = comp.topo
    spots = [(x, tuple(t.tile_edges[x])) for x in comp.sea_tiles]
    for i, (a, b, c, _number) in enumerate(fishing):
        common = set(t.node_tiles[a]) & set(t.node_tiles[b]) & set(t.node_tiles[c])
        if not common:  # a frame fishing ground: the pirate may stand on it
            spots.append((t.n_tiles + i, (t.edge_index[(a, b)], t.edge_index[(b, c)])))
    return tuple(spots)
