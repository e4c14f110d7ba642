"""The start of a combined game (rule setup.start): the position before the first setup settlement, and the first
player."""
from __future__ import annotations

import random

from .components import BANK_START, DECK_START, K, NO_PIECE, START_MONEY, TRACKS, CombinedComponents
from .fish import init_fish
from .payouts import pay_out
from .phases import SETUP_SETTLEMENT, player_name
from .state import CombinedState
from .turn import reset_turn_flags
from .wagons import init_wagons


def new_state(comp: CombinedComponents, layout, number2: list[int], fishing: list[list[int]], pirate: int,
              first_player: int) -> CombinedState:
    """The position before the first setup settlement: robber and merchant rules as the digest's setup says
    (the robber and the merchant on the desert, the merchant owned by nobody until a Merchant card), $5 each, the barbarian ship
    at the start of its track."""
    s = CombinedState.blank(comp)
    n, topo = comp.players, comp.topo
    s.phase = SETUP_SETTLEMENT
    s.turn = 0
    s.first_player = s.active = first_player
    s.setup_index = 0
    s.setup_anchor = -1
    s.setup_roads = 0
    s.terrain = layout.terrain[:]
    s.number = layout.number[:]
    s.number2 = number2[:]
    s.robber = layout.robber
    s.pirate = pirate
    s.merchant = layout.robber  # setup: the merchant starts on the desert with the robber, controlled by nobody
    s.merchant_owner = -1
    s.harbour_edges = [e for e, _ in layout.harbours]
    s.harbour_kinds = [k for _, k in layout.harbours]
    s.fishing = [list(f) for f in fishing]
    s.node_owner = [-1] * topo.n_nodes
    s.node_level = [0] * topo.n_nodes
    s.node_wall = [0] * topo.n_nodes
    s.metropolis = [-1] * len(TRACKS)
    s.edge_owner = [-1] * topo.n_edges
    s.edge_piece = [NO_PIECE] * topo.n_edges
    s.knight_level = [0] * topo.n_nodes
    s.knight_owner = [-1] * topo.n_nodes
    s.knight_active = [0] * topo.n_nodes
    s.knights_fresh = []
    s.knights_promoted = []
    s.hands = [[0] * K for _ in range(n)]
    s.bank = list(BANK_START)
    s.money = [0] * n
    for p in range(n):
        pay_out(s, p, START_MONEY)
    s.loans = [0] * n
    s.levels = [[0] * len(TRACKS) for _ in range(n)]
    s.progress_hand = [[0] * len(DECK_START[0]) for _ in range(n)]
    s.progress_shown = [[0] * len(DECK_START[0]) for _ in range(n)]
    s.progress_decks = [list(d) for d in DECK_START]
    s.progress_under = [[] for _ in TRACKS]
    s.defenders = [0] * n
    s.barbarian = 0
    s.attacks = 0
    s.dice = []
    s.fixed_dice = []
    s.longest_holder = -1
    s.army_holder = -1
    s.pending = []
    reset_turn_flags(s)
    s.victim = -1
    s.steals = []
    s.memory = []
    s.looks = []
    s.progress_known = []
    s.winner = -1
    init_fish(s)
    init_wagons(s)  # the wagons' setup comes before the first settlement (markets.py)
    s.after_load()
    s.emit("setup_start", "setup.snake", players=n, first=player_name(first_player), robber=s.robber,
           pirate=s.pirate)
    return s


def first_player(comp: CombinedComponents, seed: int) -> int:
    """setup.first_player: option first_player ('random': drawn from the game's seed, or a seat number 1-n)."""
    choice = comp.options.first_player
    if choice == "random":
        return random.Random(f"first-player-{seed}").randrange(comp.players)
    return int(choice) - 1
