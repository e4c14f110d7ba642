"""City improvements and metropolises (catan.md Part 2; rules improvements.*, metropolis.*): level n of a track
costs n of its commodity (cloth trade, coin politics, paper science) and needs a city; the first player to reach
level 4 puts the track's metropolis on a city without one, a player reaching level 5 takes it from a holder still
at level 4."""
from __future__ import annotations

from . import table
from .actions import Improve, PlaceMetropolis
from .components import ABILITY_LEVEL, MAX_LEVEL, METROPOLIS_LEVEL, TRACK_COMMODITY, TRACKS
from .phases import MAIN, player_name
from .queue import done, entry, head, push_front, step
from .table import err, not_now
from ..translate import _, shown

IMPROVE = tuple(Improve(t) for t in TRACKS)


def improvement_cost(s, p: int, track: int) -> int:
    """The commodities the next level costs (its level number; 1 less with a Crane played this turn)."""
    return max(0, s.levels[p][track] + 1 - (1 if s.crane else 0))


def free_cities(s, p: int) -> list[int]:
    """p's cities without a metropolis."""
    return [v for v in s.cities_of(p) if s.metropolis_of(v) < 0]


def takes_metropolis(s, p: int, track: int, level: int) -> bool:
    """metropolis.take: reaching ``level`` in the track wins its metropolis: the first at level 4, or level 5 over a
    holder still at level 4."""
    m = s.metropolis[track]
    if m < 0:
        return level >= METROPOLIS_LEVEL
    holder = s.node_owner[m]
    return holder != p and level == MAX_LEVEL and s.levels[holder][track] < MAX_LEVEL


def improve_error(s, p: int, track: int):
    """Why p cannot buy the next level of the track now (None if they can)."""
    level = s.levels[p][track]
    if level >= MAX_LEVEL:
        return err(_("your {TRACKS} track is at level {MAX_LEVEL} already").format(
            TRACKS=shown(TRACKS[track]), MAX_LEVEL=shown(MAX_LEVEL)), "improvements.levels")
    if not s.cities_of(p):
        return err(_("city improvements need a city"), "improvements.city")
    if (level + 1 == METROPOLIS_LEVEL or takes_metropolis(s, p, track, level + 1)) and not free_cities(s, p):
        return err(_("level {value} needs a city without a metropolis").format(
            value=shown(level + 1)), "metropolis.city")
    cost = improvement_cost(s, p, track)
    if s.hands[p][TRACK_COMMODITY[track]] < cost:
        return err(_("level {level} of {track} costs {cost} {commodity}").format(
            level=level + 1, track=shown(TRACKS[track]), cost=cost, commodity=shown(('cloth', 'coin', 'paper')[track])),
            "improvements.cost")
    return None


@table.main_actions
def _list_improve(s) -> list:
    if s.free_pieces:
        return []
    p = s.active
    return [IMPROVE[t] for t in range(3) if improve_error(s, p, t) is None]


def _check_improve(s, a: Improve):
    if s.phase != MAIN or s.free_pieces:
        return not_now(s, _("improving a city"))
    if a.track not in TRACKS:
        return err(_("{track!r} is not a track (trade, politics, science)").format(
            track=shown(a.track)), "improvements.levels")
    return improve_error(s, s.active, TRACKS.index(a.track))


def _do_improve(s, a: Improve) -> None:
    p, t = s.active, TRACKS.index(a.track)
    cost = improvement_cost(s, p, t)
    c = TRACK_COMMODITY[t]
    s.lose(p, c, cost)
    s.bank[c] += cost
    if s.crane:
        s.crane = False
    s.levels[p][t] += 1
    level = s.levels[p][t]
    s.emit("improve", "improvements.levels", player=player_name(p), track=a.track, level=level, cost=cost)
    if t == 0 and level == ABILITY_LEVEL:
        s.refresh_board()  # the Merchant Guild: commodities at 2:1
    if takes_metropolis(s, p, t, level):
        push_front(s, [entry("place_metropolis", p, t)])


step("place_metropolis", phase="place_metropolis", skip=lambda s, e: not free_cities(s, e[1]))


@table.phase("place_metropolis")
def _list_metropolis(s) -> list:
    return [s.comp.metropolis_actions[v] for v in free_cities(s, head(s)[1])]


def _check_metropolis(s, a: PlaceMetropolis):
    if s.phase != "place_metropolis":
        return not_now(s, _("placing a metropolis"))
    if a.node not in free_cities(s, head(s)[1]):
        return err(_("intersection {node} holds no city of yours without a metropolis").format(
            node=shown(a.node)), "metropolis.city")
    return None


def _do_metropolis(s, a: PlaceMetropolis) -> None:
    p, t = head(s)[1], head(s)[2]
    old = s.metropolis[t]
    s.metropolis[t] = a.node
    if old >= 0:
        s.emit("metropolis_taken", "metropolis.take", player=player_name(p), track=TRACKS[t], node=a.node,
               previous=player_name(s.node_owner[old]))
    else:
        s.emit("metropolis", "metropolis.take", player=player_name(p), track=TRACKS[t], node=a.node)
    done(s)


table.rule(Improve, _check_improve, _do_improve)
table.rule(PlaceMetropolis, _check_metropolis, _do_metropolis)
