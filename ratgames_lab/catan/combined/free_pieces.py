"""Free pieces (Road Building, fish; rules progress.road_building): in the phase "free_pieces" the player places up
to n roads or ships for free (build.py applies them), or stops."""
from __future__ import annotations

from . import table
from .actions import SkipFreePiece
from .phases import FREE_PIECES, MAIN, player_name
from .pieces import pieces_left
from .places import road_spots, ship_spots
from .table import not_now
from ..translate import _, shown

SKIP = SkipFreePiece()


@table.phase(FREE_PIECES)
def _list_free(s) -> list:
    p, comp = s.active, s.comp
    out: list = []
    if pieces_left(s, p, "road"):
        out += [comp.road_actions[e] for e in road_spots(s, p)]
    if pieces_left(s, p, "ship"):
        out += [comp.ship_actions[e] for e in ship_spots(s, p)]
    return out + [SKIP]


def free_places(s) -> list:
    """The free roads and ships the active player may place now (the listing without the skip)."""
    return _list_free(s)[:-1]


def start_free_pieces(s, n: int) -> bool:
    """Road Building / fish: p may place up to n roads or ships for free now; False if there is no place."""
    s.free_pieces = n
    s.phase = FREE_PIECES
    if not free_places(s):
        s.free_pieces = 0
        s.phase = MAIN
        return False
    return True


def _check_skip(s, a: SkipFreePiece):
    if s.phase != FREE_PIECES:
        return not_now(s, _("skipping a free piece"))
    return None


def _do_skip(s, a: SkipFreePiece) -> None:
    s.free_pieces = 0
    s.phase = MAIN
    s.emit("free_pieces_end", "progress.road_building", player=player_name(s.active))


table.rule(SkipFreePiece, _check_skip, _do_skip)
