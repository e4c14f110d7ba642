"""Rivers and bridges (catan.md Part 2: Tiles, money; Settled defaults / Board "River money"; rules rivers.*):
money for building at a river tile, and bridges on the dashed edges a river crosses.

River money: $1 per road on an edge of a river tile and per settlement on a corner of one (in setup too); a
bridge pays $3 instead; upgrading to a city pays nothing; a setup city on a river tile pays $1. *Interpretation*:
a piece touching two river tiles is paid once. Bridges: 2 brick + 1 lumber, 3 per player, none in setup, only on
dashed edges; they count as roads for Longest Road, knights and wagons."""
from __future__ import annotations

from bisect import insort

from . import table
from .actions import BuildBridge
from .components import BRIDGE, BRIDGE_COST
from .payouts import river_income
from .phases import FREE_PIECES, MAIN, player_name
from .pieces import pieces_left
from .places import bridge_spots
from .special import update_longest_road
from .table import err, not_now
from ..translate import _, shown


@table.main_actions
def _list_bridges(s) -> list:
    p = s.active
    if s.free_pieces or not pieces_left(s, p, "bridge") or not s.affords(p, BRIDGE_COST):
        return []
    acts = s.comp.bridge_actions
    return [acts[e] for e in bridge_spots(s, p)]


def _check_bridge(s, a: BuildBridge):
    if s.phase == FREE_PIECES:
        return err(_("free pieces are roads or ships, never a bridge"), "rivers.bridge")
    if s.phase != MAIN or s.free_pieces:
        return not_now(s, _("building a bridge"))
    p, e = s.active, a.edge
    if not 0 <= e < s.comp.topo.n_edges:
        return err(_("there is no edge {e}").format(e=shown(e)), "rivers.bridge")
    if not s.comp.bridge_edge[e]:
        return err(_("edge {e} is not a river crossing (a dashed edge): bridges go only there").format(
            e=shown(e)), "rivers.bridge")
    if not pieces_left(s, p, "bridge"):
        return err(_("you have built your 3 bridges"), "build.pieces")
    if not s.affords(p, BRIDGE_COST):
        return err(_("a bridge costs 2 brick + 1 lumber"), "build.cost")
    if e not in bridge_spots(s, p):
        return err(_("edge {e} is taken or not joined to your buildings, roads or bridges").format(
            e=shown(e)), "rivers.bridge")
    return None


def _do_bridge(s, a: BuildBridge) -> None:
    p, e = s.active, a.edge
    s.pay(p, BRIDGE_COST)
    s.edge_owner[e] = p
    s.edge_piece[e] = BRIDGE
    insort(s.edges_of[p], e)  # kept sorted: the order after a reload
    s.edges_of[p].sort()
    s.emit("build", "rivers.bridge", player=player_name(p), piece="bridge", edge=e, free=False)
    river_income(s, p, "bridge", e)
    update_longest_road(s, (p,))


table.rule(BuildBridge, _check_bridge, _do_bridge)
