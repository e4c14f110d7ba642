"""The end of a turn (rules turn.end, turn.cap)."""
from __future__ import annotations

from ..actions import END, EndTurn
from . import table
from .phases import MAIN, OVER, ROLL_PHASE, player_name
from .table import not_now
from .wagons import reset_wagon_turn
from ..translate import _, shown


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
    reset_wagon_turn(s)


@table.main_actions
def _list_end(s) -> list:
    return [] if s.free_pieces else [END]


def _check_end(s, a: EndTurn):
    if s.phase not in (MAIN, "wagon") or s.free_pieces or s.pending:  # "wagon": ending the turn stops the wagon
        return not_now(s, _("ending the turn"))
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
