"""The barbarians (catan.md Part 2, Progress cards, improvements, barbarians; rules barbarians.*): the attack when
the barbarian ship reaches the end of its track."""
from __future__ import annotations

from . import table
from .actions import ReduceCity, SaveCity
from .build import after_building
from .phases import player_name
from .pieces import pieces_left
from .queue import done, entry, head, push_front, step
from .special import update_largest_army
from .table import err, not_now
from ..translate import _, shown


def strength(s) -> int:
    """barbarians.strength: the cities on the board (a city with a metropolis counts once)."""
    return sum(1 for lv in s.node_level if lv == 2)


def defence(s, p: int) -> int:
    """barbarians.defence: the sum of the levels of p's active knights."""
    return sum(lv for v, lv in enumerate(s.knight_level) if lv and s.knight_owner[v] == p and s.knight_active[v])


def reducible_cities(s, p: int) -> list[int]:
    """p's cities the barbarians can reduce: those without a metropolis."""
    return [v for v in s.cities_of(p) if s.metropolis_of(v) < 0]


def attack(s) -> None:
    """barbarians.attack: barbarians stronger than all active knights: the lowest contributors among players with
    a city without a metropolis each reduce one such city. Otherwise the single top contributor takes a Defender
    card (1 VP); a tie for the top gives none, and with tie_defender_progress_card each tied player draws a
    progress card of their choice in turn order. *Interpretation*: a player contributing nothing earns nothing.
    Then every knight is deactivated and the ship goes back to the start."""
    n = s.players
    power = strength(s)
    knights = [defence(s, p) for p in range(n)]
    total = sum(knights)
    s.attacks += 1
    s.barbarian = 0
    steps = []
    if power > total:
        eligible = [p for p in range(n) if reducible_cities(s, p)]
        if eligible:
            low = min(knights[p] for p in eligible)
            order = [(s.active + k) % n for k in range(n)]
            losers = [p for p in order if p in eligible and knights[p] == low]
            steps = [entry("reduce_city", p) for p in losers]
        else:
            losers = []
        s.emit("barbarians_win", "barbarians.attack", strength=power, defence=total,
               losers=[player_name(p) for p in losers])
    else:
        top = max(knights)
        best = [p for p in range(n) if knights[p] == top] if top > 0 else []
        if len(best) == 1:
            s.defenders[best[0]] += 1
            s.emit("defender", "barbarians.defender", strength=power, defence=total, player=player_name(best[0]))
        else:
            s.emit("catan_wins_tie", "barbarians.defender", strength=power, defence=total,
                   tied=[player_name(p) for p in best])
            if s.options.tie_defender_progress_card and len(best) > 1:
                order = [(s.active + k) % n for k in range(n)]
                steps = [entry("choose_deck", p) for p in order if p in best]
        update_largest_army(s)
    for v in range(len(s.knight_active)):
        s.knight_active[v] = 0
    s.emit("knights_deactivated", "barbarians.attack")
    push_front(s, steps)


step("reduce_city", phase="reduce_city", skip=lambda s, e: not reducible_cities(s, e[1]))


SAVE_CITY_PRICE = 5
SAVE = SaveCity()


def can_save(s, p: int) -> bool:
    """barbarians.save_city: with option save_city_for_5, a loser holding $5 may keep the city."""
    return s.options.save_city_for_5 and s.money[p] >= SAVE_CITY_PRICE


@table.phase("reduce_city")
def _list_reduce(s) -> list:
    p = head(s)[1]
    out = [s.comp.reduce_actions[v] for v in reducible_cities(s, p)]
    return out + [SAVE] if can_save(s, p) else out


def _check_reduce(s, a: ReduceCity):
    if s.phase != "reduce_city":
        return not_now(s, _("reducing a city"))
    if a.node not in reducible_cities(s, head(s)[1]):
        return err(_("intersection {node} holds no city of yours without a metropolis").format(
            node=shown(a.node)), "barbarians.attack")
    return None


def reduce_city(s, p: int, v: int) -> None:
    """A lost attack: the city becomes a settlement and its wall goes; with no settlement piece left, the city is
    removed."""
    s.node_wall[v] = 0
    if pieces_left(s, p, "settlement"):
        s.node_level[v] = 1
        s.emit("city_reduced", "barbarians.attack", player=player_name(p), node=v)
    else:
        s.node_level[v] = 0
        s.node_owner[v] = -1
        s.buildings_of[p].remove(v)
        s.emit("city_removed", "barbarians.attack", player=player_name(p), node=v)
    after_building(s, v)


def _do_reduce(s, a: ReduceCity) -> None:
    reduce_city(s, head(s)[1], a.node)
    done(s)


def _check_save(s, a: SaveCity):
    if s.phase != "reduce_city":
        return not_now(s, _("saving a city"))
    if not s.options.save_city_for_5:
        return err(_("saving a city for $5 needs the option save_city_for_5"), "barbarians.save_city")
    if not can_save(s, head(s)[1]):
        return err(_("saving a city costs $5"), "barbarians.save_city")
    return None


def _do_save(s, a: SaveCity) -> None:
    p = head(s)[1]
    s.money[p] -= SAVE_CITY_PRICE
    s.emit("city_saved", "barbarians.save_city", player=player_name(p), money=SAVE_CITY_PRICE)
    done(s)


table.rule(ReduceCity, _check_reduce, _do_reduce)
table.rule(SaveCity, _check_save, _do_save)
