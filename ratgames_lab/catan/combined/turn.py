"""The start of a combined game and the end of a turn (rules setup.start, turn.end, turn.cap)."""
from __future__ import annotations

import random

from ..actions import EndTurn
from . import table
from .components import (BANK_START, DECK_START, K, NO_PIECE, START_MONEY, TRACKS, CombinedComponents)
from .state import MAIN, OVER, ROLL_PHASE, SETUP_SETTLEMENT, CombinedState, player_name
from .table import not_now

END = EndTurn()


def new_state(comp: CombinedComponents, layout, number2: list[int], fishing: list[list[int]], pirate: int,
              first_player: int) -> CombinedState:
    """The position before the first setup settlement: robber and merchant rules as the digest's setup says
    (the robber on the desert, the merchant off the board until a Merchant card), $5 each, the barbarian ship
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
    s.merchant = -1
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
    from .money import pay_out
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
    from .fish import init_fish
    init_fish(s)
    from .wagons import init_wagons
    init_wagons(s)  # the wagons' setup comes before the first settlement (markets.py)
    s.after_load()
    s.emit("setup_start", "setup.snake", players=n, first=player_name(first_player), robber=s.robber,
           pirate=s.pirate)
    return s


def reset_turn_flags(s) -> None:
    """What lasts one turn: the ship move, ships built, knights built/activated/promoted, card effects, offers."""
    s.ship_moved = False
    s.new_ships = []
    s.knights_fresh = []
    s.knights_promoted = []
    s.free_pieces = 0
    s.fleet = []
    s.crane = False
    s.medicine = False
    s.harbour_deals = []
    s.stage = 0
    s.shop_commodities = 0
    s.shop_resources = 0
    s.offer = []
    s.answers = [0] * s.players
    s.counters = [[] for _ in range(s.players)]
    s.responder = -1
    s.offers_made = 0
    from .wagons import reset_wagon_turn
    reset_wagon_turn(s)


def first_player(comp: CombinedComponents, seed: int) -> int:
    """setup.first_player: option first_player ('random': drawn from the game's seed, or a seat number 1-n)."""
    choice = comp.options.first_player
    if choice == "random":
        return random.Random(f"first-player-{seed}").randrange(comp.players)
    return int(choice) - 1


@table.main_actions
def _list_end(s) -> list:
    return [] if s.free_pieces else [END]


def _check_end(s, a: EndTurn):
    if s.phase not in (MAIN, "wagon") or s.free_pieces or s.pending:  # "wagon": ending the turn stops the wagon
        return not_now(s, "ending the turn")
    return None


def _do_end(s, a: EndTurn) -> None:
    """turn.end: the next player in seat order; the game is a draw after the turn cap."""
    s.emit("turn_end", "turn.end", player=player_name(s.active))
    reset_turn_flags(s)
    if s.turn >= s.comp.turn_cap:
        s.phase = OVER
        s.emit("turn_cap", "turn.cap", turns=s.turn)
        return
    s.turn += 1
    s.active = (s.active + 1) % s.players
    s.phase = ROLL_PHASE
    s.emit("turn_start", "turn.roll", player=player_name(s.active), turn=s.turn)


table.rule(EndTurn, _check_end, _do_end)
