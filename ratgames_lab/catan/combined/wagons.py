"""The wagon (catan.md Part 2, Wagons and markets and its Settled defaults; catan_facts.md 3.6; rules wagons.*):
moving it, the toll die, knights at its path, the boost, the upgrade and its victory point.

Movement, once per turn and last: the move starts with the first step (or the boost) and from then on only
further steps, the boost and the end of the turn are legal; the end of the turn stops the wagon (*interpretation*:
« the wagon moves last and ends the turn », Settled defaults / Turn). Each step goes to a neighbouring intersection
at the cost of ``wagon_routes.step_cost`` (1 on a road, ship or bridge, 2 on open land or a market path, 3 across
a river without a bridge; no sea edge without a ship), never costing more than the points left of the level's
movement points (+2 once per turn for 1 grain: option ``wagon_boost``). On another player's road or ship the
wagon pays its owner $1 ($2 for a bridge); a step whose toll the player cannot pay is refused (*interpretation*:
even with a die). A wagon with a toll die rolls it before each toll: at least the card's value, no payment. An
intersection with an opposing knight is entered only after a successful roll: one try per knight per turn (a knight
passed stays passed this turn; *interpretation*); a wagon without a die never passes. When both a knight and a toll
stand in the way, the knight's roll comes first, then the toll's (*interpretation*); a failed knight roll costs no
points. Entering a market plaza ends the move: at its token's destination the delivery is made (markets.py).
Unused points are lost when the wagon stops.

Upgrade (build stage): pay the next level's cost. A wagon at the table's ``vp_from_level`` or more scores its
``vp`` (1 VP in all from level 2, the seed); option ``delivery_vp`` adds 1 VP per delivered token.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import networkx as nx

from ...core.errors import InvalidPositionError
from ...core.protocol import Action
from ..actions import END
from . import table
from .chance import chance_phase
from .components import CARDS, K, R, WAGON_BOOST_COST, WAGON_BOOST_POINTS
from .fish import FISH, pay_fish, payments, tokens_error
from .fish_actions import BoostWagonFish
from .markets import GOODS_DRAW, WAGON, WAGON_DIE, deliver, destination, init_markets, market_at, wagons_in_play
from .phases import MAIN, OVER, player_name
from .table import cached_action, err, not_now
from .text import Pick, add_event_texts
from .wagon_routes import cheapest_route, route_graph, step_cost
from ..translate import N_, _, shown


@dataclass(frozen=True, slots=True)
class MoveWagon(Action):
    """Move your wagon one step to a neighbouring intersection (the first step starts the move)."""

    node: int
    kind = "move_wagon"

    def describe(self) -> str:
        return _("Move your wagon to intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class BoostWagon(Action):
    """Pay 1 grain for +2 movement points this turn (once per turn; it starts the move)."""

    kind = "boost_wagon"

    def describe(self) -> str:
        return _("Pay 1 grain for 2 more movement points for your wagon this turn")


@dataclass(frozen=True, slots=True)
class UpgradeWagon(Action):
    """Pay the next baggage-train card's cost: more movement points, more money per delivery, a toll die."""

    kind = "upgrade_wagon"

    def describe(self) -> str:
        return _("Upgrade your wagon to the next baggage-train card")


@dataclass(frozen=True, slots=True)
class TollDie(Action):
    """Chance: the wagon's toll die (against a toll or an opposing knight)."""

    face: int
    kind = "toll_die"

    def describe(self) -> str:
        return _("The toll die shows {face}").format(face=shown(self.face))


BOOST = BoostWagon()
UPGRADE = UpgradeWagon()
FACES = tuple(TollDie(f) for f in range(1, 7))


def init_wagons(s) -> None:
    """A new game's wagons and markets (markets.init_markets) and a fresh turn."""
    init_markets(s)
    reset_wagon_turn(s)


def reset_wagon_turn(s) -> None:
    """What lasts one turn: the move, the points spent, the boost, the knights tried, a pending roll."""
    s.wagon_move = 0
    s.wagon_spent = 0
    s.wagon_boosted = False
    s.wagon_passed = []
    s.wagon_failed = []
    s.wagon_target = -1


def card(s, p: int):
    """p's baggage-train card (traders_data.WagonLevel)."""
    return s.comp.wagon_table.level(s.wagon_level[p])


def points_left(s, p: int) -> int:
    """wagons.points: the movement points p's wagon has left this turn."""
    return card(s, p).movement + (WAGON_BOOST_POINTS if s.wagon_boosted else 0) - s.wagon_spent


def _edge(s, u: int, v: int) -> int:
    return s.comp.topo.edge_index.get((u, v), -1)


def _rival_knight(s, p: int, v: int) -> bool:
    k = s.knight_owner[v]
    return k >= 0 and k != p


def _knight_roll_due(s, p: int, v: int) -> bool:
    return _rival_knight(s, p, v) and v not in s.wagon_passed


def _can_start(s) -> bool:
    return s.phase == MAIN and not s.free_pieces and not s.pending and s.wagon_node[s.active] >= 0


def step_error(s, p: int, v: int):
    """Why p's wagon cannot step to intersection v now (None if it can)."""
    u = s.wagon_node[p]
    e = _edge(s, u, v) if 0 <= v < s.comp.topo.n_nodes else -1
    if e < 0:
        return err(_("intersection {v} is not next to your wagon (on {u})").format(
            v=shown(v), u=shown(u)), "wagons.step")
    cost = step_cost(s, p, e)
    if cost is None:
        return err(_("a wagon crosses a sea edge only along a ship"), "wagons.sea")
    mp, toll = cost
    left = points_left(s, p)
    if mp > left:
        return err(_("this step costs {mp} movement points and the wagon has {left} left").format(
            mp=shown(mp), left=shown(left)), "wagons.points")
    if _knight_roll_due(s, p, v):
        if card(s, p).toll_die is None:
            return err(_("an opposing knight stands there: a wagon without a toll die cannot pass it"), "wagons.knight")
        if v in s.wagon_failed:
            return err(_("your wagon already tried to pass this knight this turn (one try per knight)"),
                       "wagons.knight")
    if toll > s.money[p]:
        return err(_("the toll is ${toll} and you have ${money}").format(
            toll=shown(toll), money=shown(s.money[p])), "wagons.toll")
    return None


def _steps(s, p: int) -> list:
    u = s.wagon_node[p]
    topo = s.comp.topo
    out = []
    for e in topo.node_edges[u]:
        a, b = topo.edge_nodes[e]
        v = b if a == u else a
        if step_error(s, p, v) is None:
            out.append(cached_action(MoveWagon, v))
    return out


def _boost_open_error(s):
    """wagons.boost: option wagon_boost, once per turn, before the wagon stops."""
    if not s.options.wagon_boost:
        return err(_("option wagon_boost is off"), "wagons.boost")
    if not (_can_start(s) or s.phase == WAGON and s.wagon_move == 1):
        return not_now(s, _("boosting the wagon"))
    if s.wagon_boosted:
        return err(_("the boost is taken once per turn"), "wagons.boost")
    return None


def boost_error(s, p: int):
    """wagons.boost: option wagon_boost, once per turn, 1 grain, before the wagon stops."""
    bad = _boost_open_error(s)
    if bad is None and not s.affords(p, WAGON_BOOST_COST):
        return err(_("the boost costs 1 grain"), "wagons.boost")
    return bad


def fish_boosts(s, p: int) -> list:
    """wagons.boost: the boost paid with 2 fish instead of 1 grain (official T&B; fish.py's payment, no change)."""
    if _boost_open_error(s) is not None or not any(s.fish_held[p]):
        return []
    return [BoostWagonFish(t) for t in payments(tuple(s.fish_held[p]), FISH.wagon_boost_fish)]


def upgrade_cost(s, p: int) -> tuple[int, ...] | None:
    """The cost (in card order) of p's next baggage-train card, None at the last level."""
    table_ = s.comp.wagon_table
    if s.wagon_level[p] >= len(table_.levels):
        return None
    return table_.level(s.wagon_level[p] + 1).cost + (0,) * (K - R)


def upgrade_error(s, p: int):
    """wagons.upgrade: on your turn in the action phase, a next level to reach, its cost paid."""
    if not _can_start(s):
        return not_now(s, _("upgrading the wagon"))
    cost = upgrade_cost(s, p)
    if cost is None:
        return err(_("your wagon is at the last level"), "wagons.upgrade")
    if not s.affords(p, cost):
        need = ", ".join(f"{x} {CARDS[c]}" for c, x in enumerate(cost) if x)
        return err(_("the next level costs {need}").format(need=shown(need)), "wagons.upgrade")
    return None


@table.main_actions
def _list_main(s) -> list:
    if not _can_start(s):
        return []
    p = s.active
    out = _steps(s, p)
    if boost_error(s, p) is None:
        out.append(BOOST)
    out += fish_boosts(s, p)
    if upgrade_error(s, p) is None:
        out.append(UPGRADE)
    return out


@table.phase(WAGON)
def _list_wagon(s) -> list:
    if s.wagon_move != 1:
        return [END]
    p = s.active
    out = _steps(s, p)
    if boost_error(s, p) is None:
        out.append(BOOST)
    return out + fish_boosts(s, p) + [END]


def _check_move(s, a: MoveWagon):
    if s.phase == WAGON and s.wagon_move == 2:
        return err(_("the wagon has stopped for this turn"), "wagons.stopped")
    if not (_can_start(s) or s.phase == WAGON and s.wagon_move == 1):
        return not_now(s, _("moving the wagon"))
    return step_error(s, s.active, a.node)


def _start(s) -> None:
    if s.wagon_move == 0:
        s.wagon_move = 1
        s.phase = WAGON


def _do_move(s, a: MoveWagon) -> None:
    p, v = s.active, a.node
    _start(s)
    toll = step_cost(s, p, _edge(s, s.wagon_node[p], v))[1]
    die = card(s, p).toll_die
    if _knight_roll_due(s, p, v) or toll and die is not None:
        s.wagon_target = v
        s.phase = WAGON_DIE
        return
    finish_step(s, p, v, pay=True)


def finish_step(s, p: int, v: int, pay: bool) -> None:
    """The wagon reaches v: points spent, the toll paid (unless the die spared it); a plaza ends the move."""
    e = _edge(s, s.wagon_node[p], v)
    mp, toll = step_cost(s, p, e)
    owner = s.edge_owner[e]
    s.wagon_spent += mp
    if toll and pay:
        s.money[p] -= toll
        s.money[owner] += toll
        s.emit("wagon_toll", "wagons.toll", player=player_name(p), owner=player_name(owner), money=toll)
    s.wagon_node[p] = v
    s.emit("wagon_step", "wagons.step", player=player_name(p), node=v, points=mp, left=points_left(s, p))
    m = market_at(s, v)
    if m >= 0:
        s.wagon_move = 2
        if s.wagon_goods[p] >= 0 and destination(s.wagon_goods[p]) == m:
            deliver(s, p, m)
        else:
            s.emit("wagon_stop", "wagons.plaza", player=player_name(p), node=v)


def _die_outcomes(s) -> list:
    return [(f, Fraction(1, 6)) for f in FACES]


chance_phase(WAGON_DIE, _die_outcomes)


def _check_die(s, a: TollDie):
    if s.phase != WAGON_DIE:
        return not_now(s, _("a toll die roll"))
    if a not in FACES:
        return err(_("{a!r} is not a face of the die").format(a=shown(a)), "wagons.die")
    return None


def _do_die(s, a: TollDie) -> None:
    """wagons.die: against a knight, at least the card's value passes (else this knight stops the wagon for the
    turn); against a toll, at least the value spares the payment."""
    p, v = s.active, s.wagon_target
    need = card(s, p).toll_die
    ok = a.face >= need
    if _knight_roll_due(s, p, v):
        s.emit("wagon_knight", "wagons.knight", player=player_name(p), node=v, face=a.face, need=need, passed=ok)
        if not ok:
            s.wagon_failed = sorted(s.wagon_failed + [v])
            s.wagon_target = -1
            s.phase = WAGON
            return
        s.wagon_passed = sorted(s.wagon_passed + [v])
        if step_cost(s, p, _edge(s, s.wagon_node[p], v))[1]:
            return  # the toll's roll comes next
        s.wagon_target = -1
        s.phase = WAGON
        finish_step(s, p, v, pay=True)
        return
    s.emit("wagon_die", "wagons.toll", player=player_name(p), face=a.face, need=need, paid=not ok)
    s.wagon_target = -1
    s.phase = WAGON
    finish_step(s, p, v, pay=not ok)


def _check_boost(s, a: BoostWagon):
    return boost_error(s, s.active)


def _do_boost(s, a: BoostWagon) -> None:
    p = s.active
    s.pay(p, WAGON_BOOST_COST)
    s.wagon_boosted = True
    _start(s)
    s.emit("wagon_boost", "wagons.boost", player=player_name(p), points=WAGON_BOOST_POINTS)


def _check_fish_boost(s, a: BoostWagonFish):
    return _boost_open_error(s) or tokens_error(s, s.active, a.tokens, FISH.wagon_boost_fish)


def _do_fish_boost(s, a: BoostWagonFish) -> None:
    p = s.active
    pay_fish(s, p, a.tokens, "wagon_boost")
    s.wagon_boosted = True
    _start(s)
    s.emit("wagon_boost", "wagons.boost", player=player_name(p), points=WAGON_BOOST_POINTS)


def _check_upgrade(s, a: UpgradeWagon):
    return upgrade_error(s, s.active)


def _do_upgrade(s, a: UpgradeWagon) -> None:
    p = s.active
    s.pay(p, upgrade_cost(s, p))
    s.wagon_level[p] += 1
    c = card(s, p)
    s.emit("wagon_upgrade", "wagons.upgrade", player=player_name(p), level=s.wagon_level[p], movement=c.movement,
           die=c.toll_die or 0)


# ------------------------------------------------------------------------------------------------
# routes (Dijkstra on the movement costs) for the dashboard and the bots
# ------------------------------------------------------------------------------------------------
def reachable(s, p: int) -> dict[int, int]:
    """The intersections p's wagon can reach with the points it has left this turn, with their cost: Dijkstra
    (NetworkX) on the step costs; a plaza ends a path; an opposing knight's intersection counts as passable only
    with a toll die and no failed try (the roll may still fail). Tolls are not checked against p's money."""
    src = s.wagon_node[p]
    if src < 0 or s.wagon_move == 2:
        return {}
    g = route_graph(s, p)
    die = card(s, p).toll_die is not None
    plaza = s.comp.plaza_market

    def weight(u: int, v: int, d: dict):
        if u != src and u in plaza:
            return None
        if _knight_roll_due(s, p, v) and (not die or v in s.wagon_failed):
            return None
        return d["mp"]

    dist = nx.single_source_dijkstra_path_length(g, src, cutoff=points_left(s, p), weight=weight)
    dist.pop(src, None)
    return dist


def order_route(s, p: int) -> tuple[int, int, list[int]] | None:
    """(movement points, tolls, intersections) of the cheapest route from p's wagon to its order's market
    (``wagon_routes.cheapest_route``); None without an order or a route."""
    k = s.wagon_goods[p]
    if k < 0 or s.wagon_node[p] < 0:
        return None
    target = s.comp.market_plaza[destination(k)]
    return None if target < 0 else cheapest_route(s, p, s.wagon_node[p], target)


# ------------------------------------------------------------------------------------------------
# positions
# ------------------------------------------------------------------------------------------------
def check_wagon_move(s) -> None:
    """This turn's move fits the phase: moving in the wagon phase or its die, stopped after a plaza; points spent
    within the card's; a pending roll for a step next to the wagon."""
    moving = s.phase in (WAGON, WAGON_DIE, GOODS_DRAW)
    if moving and not s.wagon_move or not moving and s.phase != OVER and s.wagon_move:
        raise InvalidPositionError(f"wagon move {s.wagon_move} does not fit phase {s.phase!r}",
                                   "turn_flags.wagon_move")
    if s.phase == WAGON_DIE and s.wagon_move != 1 or s.phase == GOODS_DRAW and s.wagon_move != 2:
        raise InvalidPositionError(f"wagon move {s.wagon_move} does not fit phase {s.phase!r}",
                                   "turn_flags.wagon_move")
    if wagons_in_play(s) and s.wagon_node[s.active] >= 0 and points_left(s, s.active) < 0:
        raise InvalidPositionError("the wagon spent more points than its card gives", "turn_flags.wagon_spent")
    if s.wagon_move == 0 and (s.wagon_spent or s.wagon_passed or s.wagon_failed):
        raise InvalidPositionError("no points are spent and no knight is tried before the wagon moves",
                                   "turn_flags.wagon_spent")
    target = s.wagon_target
    if (s.phase == WAGON_DIE) != (target >= 0):
        raise InvalidPositionError("a step waits for the toll die only in phase 'wagon_die'",
                                   "turn_flags.wagon_target")
    if target >= 0 and step_error(s, s.active, target) is not None:
        raise InvalidPositionError("the step waiting for the die is not one the wagon can make",
                                   "turn_flags.wagon_target")


add_event_texts({
    "wagon_step": N_("{player}'s wagon moves to intersection {node} ({points} movement points; {left} left)."),
    "wagon_toll": N_("{player} pays {owner} a ${money} toll."),
    "wagon_die": Pick(lambda p: p["paid"], {
        False: N_("{player}'s toll die shows {face} ({need} or more needed): no toll to pay."),
        True: N_("{player}'s toll die shows {face} ({need} or more needed): the toll is due.")}),
    "wagon_knight": Pick(lambda p: p["passed"], {
        True: N_("{player}'s toll die shows {face} ({need} or more needed): the wagon may pass the knight on "
              "intersection {node}."),
        False: N_("{player}'s toll die shows {face} ({need} or more needed): the knight on intersection {node} stops "
               "the wagon for this turn.")}),
    "wagon_stop": N_("{player}'s wagon stops on the market plaza at intersection {node}."),
    "wagon_boost": N_("{player} pays 1 grain: {points} more movement points for the wagon this turn."),
    "wagon_upgrade": Pick(lambda p: bool(p["die"]), {
        True: N_("{player} upgrades their wagon to level {level}: {movement} movement points, no toll on a {die} or "
              "more."),
        False: N_("{player} upgrades their wagon to level {level}: {movement} movement points.")}),
})
table.rule(MoveWagon, _check_move, _do_move)
table.rule(BoostWagon, _check_boost, _do_boost)
table.rule(BoostWagonFish, _check_fish_boost, _do_fish_boost)
table.rule(UpgradeWagon, _check_upgrade, _do_upgrade)
table.rule(TollDie, _check_die, _do_die)

__all__ = ["MoveWagon", "BoostWagon", "UpgradeWagon", "TollDie", "init_wagons", "reset_wagon_turn", "points_left",
           "step_error", "reachable", "order_route", "check_wagon_move", "upgrade_cost"]
