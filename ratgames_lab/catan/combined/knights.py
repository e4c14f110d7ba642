"""Knights (catan.md Part 2, Knights and walls; Settled defaults, Knights and Largest Army; rules knights.*): hire,
activate, promote, move, displace, chase the robber or the pirate, and the retreat of a displaced knight.

A knight stands on a free land or coast intersection (``comp.knight_site``) touched by one of its owner's roads,
ships or bridges. Only an active knight acts (moves, displaces, chases), never on the turn it was built or activated
(``knights_fresh``), and acting deactivates it. Knights, active or not, block opponents' roads and ships
(``places.blocks``) and break their Longest Road (``special.road_length``). Whenever knight levels on the board
change, Largest Army is judged again (``after_knights``).

*Interpretations* (the digest is silent): a knight moves through intersections holding its owner's own pieces but
never through an opponent's building or knight (they cut the route); a move changes between roads and ships only at
the owner's own settlement or city, as a route does (seafarers.ship); a displaced knight retreats to any free
knight site touched by its owner's roads, ships or bridges, not the intersection it was pushed from.
"""
from __future__ import annotations

from bisect import insort
from dataclasses import dataclass

from ...core.protocol import Action
from ..actions import MoveRobber
from . import table
from .actions import MovePirate
from .components import (ABILITY_LEVEL, ACTIVATE_COST, BRIDGE, KNIGHT_COST, KNIGHTS_PER_LEVEL, PROMOTE_COST, ROAD, SHIP,
                         TRACKS)
from .phases import MAIN, player_name
from .places import pirate_edges
from .queue import CODE, done, entry, head, push_front, step
from .seven import _list_pirate, _list_robber, pirate_target_error, robber_target_error, truce
from .special import update_largest_army, update_routes_at
from .table import cached_action as _act, err, not_now
from ..translate import N_, _, shown

POLITICS = TRACKS.index("politics")
LEVEL_NAMES = ("", "basic", "strong", "mighty")
_FAMILY = {ROAD: 0, BRIDGE: 0, SHIP: 1}  # roads and bridges join each other; ships join ships


# ------------------------------------------------------------------------------------------------
# actions
# ------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class HireKnight(Action):
    """Hire a basic (level-1) knight, inactive, on a free intersection touched by your roads, ships or bridges."""

    node: int
    kind = "hire_knight"

    def describe(self) -> str:
        return _("Hire a basic knight on intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class ActivateKnight(Action):
    """Activate one of your inactive knights (1 grain)."""

    node: int
    kind = "activate_knight"

    def describe(self) -> str:
        return _("Activate the knight on intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class PromoteKnight(Action):
    """Promote one of your knights one level (1 wool + 1 ore; free with the Smith)."""

    node: int
    kind = "promote_knight"

    def describe(self) -> str:
        return _("Promote the knight on intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class MoveKnight(Action):
    """Move an active knight along your roads, ships and bridges to a free intersection (it becomes inactive)."""

    source: int
    target: int
    kind = "move_knight"

    def describe(self) -> str:
        return _("Move the knight from intersection {source} to intersection {target}").format(
            source=shown(self.source), target=shown(self.target))


@dataclass(frozen=True, slots=True)
class DisplaceKnight(Action):
    """Push a weaker opposing knight off the next intersection along your road, ship or bridge and take its place."""

    source: int
    target: int
    kind = "displace_knight"

    def describe(self) -> str:
        return _("Move the knight from intersection {source} onto intersection {target} and displace the knight there").format(
            source=shown(self.source), target=shown(self.target))


@dataclass(frozen=True, slots=True)
class ChaseRobber(Action):
    """An active knight on a corner of the robber's tile chases it away (then choose its tile; no steal)."""

    node: int
    kind = "chase_robber"

    def describe(self) -> str:
        return _("The knight on intersection {node} chases the robber").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class ChasePirate(Action):
    """An active knight on an intersection of the pirate's position chases it away (then choose its spot)."""

    node: int
    kind = "chase_pirate"

    def describe(self) -> str:
        return _("The knight on intersection {node} chases the pirate").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class RetreatKnight(Action):
    """Your displaced knight retreats to a free intersection touched by your roads, ships or bridges."""

    node: int
    kind = "retreat_knight"

    def describe(self) -> str:
        return _("Retreat the displaced knight to intersection {node}").format(node=shown(self.node))




def entry_shape(*ranges):
    """A queued step's check (see queue.step): the entry names a seat, then holds one number per (low, high)
    range; ``high`` may be a function of the state."""
    def check(s, e) -> str | None:
        if len(e) != 2 + len(ranges):
            return f"it holds {len(e)} numbers, not {2 + len(ranges)}"
        if e[1] < 0:
            return "it names no player"
        for x, (lo, hi) in zip(e[2:], ranges):
            top = hi(s) if callable(hi) else hi
            if not lo <= x <= top:
                return f"{x} is not between {lo} and {top}"
        return None
    return check


# ------------------------------------------------------------------------------------------------
# pieces and places
# ------------------------------------------------------------------------------------------------
RETREAT = "retreat_knight"  # queued step: [code, owner, level, active, the intersection it was pushed from]


def knights_of(s, p: int) -> list[int]:
    """The intersections of p's knights."""
    owner = s.knight_owner
    if p not in owner:  # the usual case, checked at C speed
        return []
    return [v for v, o in enumerate(owner) if o == p]


def knights_left(s, p: int, level: int) -> int:
    """knights.pieces: p's knights of this level still in supply (2 per level; a knight waiting to retreat is not
    in supply)."""
    owner = s.knight_owner
    on_board = sum(1 for o, lv in zip(owner, s.knight_level) if o == p and lv == level) if p in owner else 0
    waiting = 0
    if s.pending:
        code = CODE[RETREAT]
        waiting = sum(1 for e in s.pending if e[0] == code and e[1] == p and e[2] == level)
    return KNIGHTS_PER_LEVEL - on_board - waiting


def free_site(s, v: int) -> bool:
    """A knight site with no building and no knight."""
    return s.comp.knight_site[v] and s.node_owner[v] < 0 and not s.knight_level[v]


def network_nodes(s, p: int) -> set[int]:
    """The intersections touched by p's roads, ships or bridges."""
    edge_nodes = s.comp.topo.edge_nodes
    return {v for e in s.edges_of[p] for v in edge_nodes[e]}


def hire_spots(s, p: int) -> list[int]:
    """knights.hire: free land or coast intersections (not a plaza, no building, no knight) touched by p's roads,
    ships or bridges."""
    return sorted(v for v in network_nodes(s, p) if free_site(s, v))


def retreat_spots(s, p: int, origin: int) -> list[int]:
    """knights.displace: where p's displaced knight may go: a free site of p's network other than its origin."""
    return [v for v in hire_spots(s, p) if v != origin]


def can_promote(s, p: int, v: int) -> bool:
    """knights.promote: p's knight on v is below mighty, not promoted this turn, a knight of the next level is in
    supply, and a mighty knight needs politics level 3 (the Fortress)."""
    lv = s.knight_level[v]
    if s.knight_owner[v] != p or not lv or lv >= 3 or v in s.knights_promoted:
        return False
    if lv == 2 and s.levels[p][POLITICS] < ABILITY_LEVEL:
        return False
    return knights_left(s, p, lv + 1) > 0


def promote_error(s, p: int, v: int):
    """Why p cannot promote the knight on v now (None if p can)."""
    if not 0 <= v < len(s.knight_level) or s.knight_owner[v] != p:
        return err(_("intersection {v} holds no knight of yours").format(v=shown(v)), "knights.promote")
    lv = s.knight_level[v]
    if lv >= 3:
        return err(_("a mighty knight cannot be promoted"), "knights.promote")
    if v in s.knights_promoted:
        return err(_("a knight is promoted at most once per turn"), "knights.promote")
    if lv == 2 and s.levels[p][POLITICS] < ABILITY_LEVEL:
        return err(_("a mighty knight needs politics level 3 (the Fortress)"), "knights.fortress")
    if knights_left(s, p, lv + 1) <= 0:
        return err(_("you have no {LEVEL_NAMES} knight left in your supply").format(
            LEVEL_NAMES=shown(LEVEL_NAMES[lv + 1])), "knights.pieces")
    return None


def move_targets(s, p: int, src: int) -> list[int]:
    """knights.move: the free intersections p's knight on src reaches along p's roads, ships and bridges, passing
    only through intersections without an opponent's building or knight, and changing between roads and ships only
    at p's own settlement or city."""
    topo = s.comp.topo
    node_edges, edge_nodes = topo.node_edges, topo.edge_nodes
    owner, piece, node_owner, kowner = s.edge_owner, s.edge_piece, s.node_owner, s.knight_owner
    seen = {(src, -1)}
    stack = [(src, -1)]
    found: set[int] = set()
    while stack:
        u, fam = stack.pop()
        own_building = node_owner[u] == p
        for e in node_edges[u]:
            if owner[e] != p:
                continue
            f = _FAMILY[piece[e]]
            if fam >= 0 and f != fam and not own_building:
                continue
            a, b = edge_nodes[e]
            w = b if a == u else a
            o, k = node_owner[w], kowner[w]
            if o >= 0 and o != p or k >= 0 and k != p:
                continue  # an opponent's building or knight cuts the route
            if w != src and free_site(s, w):
                found.add(w)
            if (w, f) not in seen:
                seen.add((w, f))
                stack.append((w, f))
    return sorted(found)


def displace_targets(s, p: int, src: int) -> list[int]:
    """knights.displace: intersections next to src, along one of p's roads, ships or bridges, holding an opponent's
    knight of strictly lower level (official; option displace_requires_stronger). *Interpretation*: with the option
    off, any opposing knight there, as the seed words it (« pousser » an enemy knight on an adjacent intersection,
    with no strength condition)."""
    topo = s.comp.topo
    lv = s.knight_level[src]
    strict = s.options.displace_requires_stronger
    out = []
    for e in topo.node_edges[src]:
        if s.edge_owner[e] != p:
            continue
        a, b = topo.edge_nodes[e]
        w = b if a == src else a
        k = s.knight_owner[w]
        if k >= 0 and k != p and (s.knight_level[w] < lv or not strict):
            out.append(w)
    return sorted(out)


def robber_corner(s, v: int) -> bool:
    """v is a corner of the robber's tile (never while fish keep the robber off the board)."""
    return s.robber >= 0 and v in s.comp.topo.tile_nodes[s.robber]


def pirate_nodes(s) -> set[int]:
    """The intersections of the pirate's position (the ends of the edges it blocks)."""
    edge_nodes = s.comp.topo.edge_nodes
    return {v for e in pirate_edges(s) for v in edge_nodes[e]}


def can_act(s, p: int, v: int) -> bool:
    """p's knight on v is active and was not built or activated this turn."""
    return s.knight_owner[v] == p and s.knight_active[v] == 1 and v not in s.knights_fresh


def after_knights(s, nodes: tuple[int, ...] = (), army: bool = True) -> None:
    """Knights came or went on ``nodes``: the routes through them are measured again (a knight cuts opposing
    routes; Longest Road) and, with ``army``, Largest Army is judged (knight levels)."""
    if nodes:
        update_routes_at(s, nodes)
    if army:
        update_largest_army(s)


def place_knight(s, p: int, v: int, level: int, active: int, fresh: bool) -> None:
    """Put p's knight on v (a hired knight, a retreat, the Deserter's knight)."""
    s.knight_owner[v] = p
    s.knight_level[v] = level
    s.knight_active[v] = active
    if fresh and v not in s.knights_fresh:
        insort(s.knights_fresh, v)


def lift_knight(s, v: int) -> tuple[int, int, int]:
    """Take the knight off v; returns (owner, level, active)."""
    out = (s.knight_owner[v], s.knight_level[v], s.knight_active[v])
    s.knight_owner[v] = -1
    s.knight_level[v] = 0
    s.knight_active[v] = 0
    for marks in (s.knights_fresh, s.knights_promoted):
        if v in marks:
            marks.remove(v)
    return out


def shift_knight(s, src: int, dst: int) -> None:
    """p's knight goes from src to the free site dst, inactive; its 'promoted this turn' mark goes with it."""
    promoted = src in s.knights_promoted
    p, lv, _active = lift_knight(s, src)
    place_knight(s, p, dst, lv, 0, False)
    if promoted:
        insort(s.knights_promoted, dst)


def send_back(s, owner: int, level: int, active: int, origin: int, rule: str, changed: tuple[int, ...]) -> None:
    """knights.displace: a knight pushed off ``origin`` retreats to a free site of its owner's network (a queued
    decision for the owner), or is removed if there is none. It keeps its level and state. ``changed``: the
    intersections where knights came or went."""
    if retreat_spots(s, owner, origin):
        push_front(s, [entry(RETREAT, owner, level, active, origin)])
        s.emit("knight_displaced", rule, player=player_name(owner), node=origin, level=level)
        after_knights(s, changed, army=False)  # Largest Army is judged once the knight is back on the board
    else:
        s.emit("knight_removed", rule, player=player_name(owner), node=origin, level=level)
        after_knights(s, changed)


# ------------------------------------------------------------------------------------------------
# listing
# ------------------------------------------------------------------------------------------------
@table.main_actions
def _list_knights(s) -> list:
    if s.free_pieces:
        return []
    p = s.active
    out: list = []
    if s.affords(p, KNIGHT_COST) and knights_left(s, p, 1) > 0:
        out += [_act(HireKnight, v) for v in hire_spots(s, p)]
    mine = knights_of(s, p)
    if not mine:
        return out
    grain = s.affords(p, ACTIVATE_COST)
    promote = s.affords(p, PROMOTE_COST)
    peace = truce(s)
    chase_pirate = s.options.knight_chase_pirate and not peace
    pirate_at = pirate_nodes(s) if chase_pirate else ()
    for v in mine:
        if not s.knight_active[v]:
            if grain:
                out.append(_act(ActivateKnight, v))
        if promote and can_promote(s, p, v):
            out.append(_act(PromoteKnight, v))
        if not can_act(s, p, v):
            continue
        out += [_act(MoveKnight, v, w) for w in move_targets(s, p, v)]
        out += [_act(DisplaceKnight, v, w) for w in displace_targets(s, p, v)]
        if not peace and robber_corner(s, v):
            out.append(_act(ChaseRobber, v))
        if v in pirate_at:
            out.append(_act(ChasePirate, v))
    return out


# ------------------------------------------------------------------------------------------------
# checks and effects
# ------------------------------------------------------------------------------------------------
def _main_error(s, what: str):
    if s.phase != MAIN or s.free_pieces or s.pending:
        return not_now(s, what)
    return None


def _own_knight_error(s, v: int, rule: str):
    if not isinstance(v, int) or not 0 <= v < len(s.knight_level) or s.knight_owner[v] != s.active:
        return err(_("intersection {v} holds no knight of yours").format(v=shown(v)), rule)
    return None


def _acting_error(s, v: int, rule: str):
    """knights.act: the knight is yours, active, and was not built or activated this turn."""
    bad = _own_knight_error(s, v, rule)
    if bad:
        return bad
    if not s.knight_active[v]:
        return err(_("the knight on intersection {v} is inactive: only an active knight acts").format(
            v=shown(v)), "knights.active")
    if v in s.knights_fresh:
        return err(_("the knight on intersection {v} was built or activated this turn and cannot act yet").format(
            v=shown(v)),
                   "knights.fresh")
    return None


def _check_hire(s, a: HireKnight):
    bad = _main_error(s, _("hiring a knight"))
    if bad:
        return bad
    p, v = s.active, a.node
    if knights_left(s, p, 1) <= 0:
        return err(_("you have no basic knight left in your supply (promote one to free it)"), "knights.pieces")
    if not s.affords(p, KNIGHT_COST):
        return err(_("a knight costs 1 wool + 1 ore"), "knights.cost")
    if not isinstance(v, int) or v not in hire_spots(s, p):
        return err(_("intersection {v} is not a free land or coast intersection touched by your roads, ships or bridges").format(
            v=shown(v)), "knights.hire")
    return None


def _do_hire(s, a: HireKnight) -> None:
    p = s.active
    s.pay(p, KNIGHT_COST)
    place_knight(s, p, a.node, 1, 0, True)
    s.emit("knight_hire", "knights.hire", player=player_name(p), node=a.node)
    after_knights(s, (a.node,))


def _check_activate(s, a: ActivateKnight):
    bad = _main_error(s, _("activating a knight")) or _own_knight_error(s, a.node, "knights.activate")
    if bad:
        return bad
    if s.knight_active[a.node]:
        return err(_("the knight on intersection {node} is active already").format(
            node=shown(a.node)), "knights.activate")
    if not s.affords(s.active, ACTIVATE_COST):
        return err(_("activating a knight costs 1 grain"), "knights.cost")
    return None


def _do_activate(s, a: ActivateKnight) -> None:
    p = s.active
    s.pay(p, ACTIVATE_COST)
    s.knight_active[a.node] = 1
    insort(s.knights_fresh, a.node)
    s.emit("knight_activate", "knights.activate", player=player_name(p), node=a.node)


# the phases where a knight is promoted in another way (the Smith): phase -> (check, apply)
PROMOTIONS: dict = {}


def _check_promote(s, a: PromoteKnight):
    rules = PROMOTIONS.get(s.phase)
    if rules is not None:
        return rules[0](s, a)
    bad = _main_error(s, _("promoting a knight"))
    if bad:
        return bad
    p = s.active
    bad = promote_error(s, p, a.node)
    if bad:
        return bad
    if not s.affords(p, PROMOTE_COST):
        return err(_("promoting a knight costs 1 wool + 1 ore"), "knights.cost")
    return None


def promote(s, p: int, v: int, rule: str) -> None:
    """Raise p's knight on v one level (its state does not change; marked as promoted this turn)."""
    s.knight_level[v] += 1
    insort(s.knights_promoted, v)
    s.emit("knight_promote", rule, player=player_name(p), node=v, level=s.knight_level[v])
    after_knights(s)


def _do_promote(s, a: PromoteKnight) -> None:
    rules = PROMOTIONS.get(s.phase)
    if rules is not None:
        rules[1](s, a)
        return
    s.pay(s.active, PROMOTE_COST)
    promote(s, s.active, a.node, "knights.promote")


def _check_move(s, a: MoveKnight):
    bad = _main_error(s, _("moving a knight")) or _acting_error(s, a.source, "knights.move")
    if bad:
        return bad
    if a.target not in move_targets(s, s.active, a.source):
        return err(_("intersection {target} is not a free intersection your knight reaches along your roads, ships and "
                     "bridges").format(
            target=shown(a.target)), "knights.move")
    return None


def _do_move(s, a: MoveKnight) -> None:
    p = s.active
    shift_knight(s, a.source, a.target)
    s.emit("knight_move", "knights.move", player=player_name(p), source=a.source, target=a.target)
    after_knights(s, (a.source, a.target))


def _check_displace(s, a: DisplaceKnight):
    bad = _main_error(s, _("displacing a knight")) or _acting_error(s, a.source, "knights.displace")
    if bad:
        return bad
    if a.target not in displace_targets(s, s.active, a.source):
        if s.options.displace_requires_stronger:
            return err(_("intersection {target} holds no opposing knight weaker than yours next to it along your "
                         "roads, ships or bridges").format(
                target=shown(a.target)), "knights.displace")
        return err(_("intersection {target} holds no opposing knight next to yours along your roads, ships or bridges").format(
            target=shown(a.target)), "knights.displace")
    return None


def _do_displace(s, a: DisplaceKnight) -> None:
    p = s.active
    victim = s.knight_owner[a.target]
    s.emit("knight_push", "knights.displace", player=player_name(p), source=a.source, target=a.target,
           victim=player_name(victim))
    o, lv, act = lift_knight(s, a.target)
    shift_knight(s, a.source, a.target)
    send_back(s, o, lv, act, a.target, "knights.displace", (a.source, a.target))


def _check_chase_robber(s, a: ChaseRobber):
    bad = _main_error(s, _("chasing the robber")) or _acting_error(s, a.node, "knights.chase")
    if bad:
        return bad
    if truce(s):
        return err(_("the robber does not move before the first barbarian attack"), "seven.truce")
    if not robber_corner(s, a.node):
        return err(_("the knight on intersection {node} is not on a corner of the robber's tile").format(
            node=shown(a.node)), "knights.chase")
    return None


def _do_chase_robber(s, a: ChaseRobber) -> None:
    s.knight_active[a.node] = 0
    s.emit("knight_chase", "knights.chase", player=player_name(s.active), node=a.node, piece="robber")
    push_front(s, [entry("knight_robber", s.active)])


def _check_chase_pirate(s, a: ChasePirate):
    bad = _main_error(s, _("chasing the pirate")) or _acting_error(s, a.node, "knights.chase_pirate")
    if bad:
        return bad
    if not s.options.knight_chase_pirate:
        return err(_("knights do not chase the pirate in this game (option knight_chase_pirate)"),
                   "knights.chase_pirate")
    if truce(s):
        return err(_("the pirate does not move before the first barbarian attack"), "seven.truce")
    if a.node not in pirate_nodes(s):
        return err(_("the knight on intersection {node} is not next to the pirate").format(
            node=shown(a.node)), "knights.chase_pirate")
    return None


def _do_chase_pirate(s, a: ChasePirate) -> None:
    s.knight_active[a.node] = 0
    s.emit("knight_chase", "knights.chase_pirate", player=player_name(s.active), node=a.node, piece="pirate")
    push_front(s, [entry("knight_pirate", s.active)])


# the chased piece's new place: a decision of the knight's owner, with the 7's target rules and no steal
step("knight_robber", phase="knight_robber", check=entry_shape())
step("knight_pirate", phase="knight_pirate", check=entry_shape())
table.phase("knight_robber")(_list_robber)
table.phase("knight_pirate")(_list_pirate)


def _robber_chased(s, a) -> None:
    s.robber = a.tile
    s.emit("robber_chased", "knights.chase", player=player_name(s.active), tile=a.tile)
    done(s)


def _pirate_chased(s, a) -> None:
    s.pirate = a.spot
    s.emit("pirate_chased", "knights.chase_pirate", player=player_name(s.active), spot=a.spot)
    done(s)


table.rule_in_phase(MoveRobber, "knight_robber", lambda s, a: robber_target_error(s, a.tile), _robber_chased,
                    N_("moving the robber"))
table.rule_in_phase(MovePirate, "knight_pirate", lambda s, a: pirate_target_error(s, a.spot), _pirate_chased,
                    N_("moving the pirate"))


# the retreat of a displaced knight (its owner decides)
step(RETREAT, phase=RETREAT, check=entry_shape((1, 3), (0, 1), (0, lambda s: s.comp.topo.n_nodes - 1)))


@table.phase(RETREAT)
def _list_retreat(s) -> list:
    e = head(s)
    return [_act(RetreatKnight, v) for v in retreat_spots(s, e[1], e[4])]


def _check_retreat(s, a: RetreatKnight):
    if s.phase != RETREAT:
        return not_now(s, _("retreating a knight"))
    e = head(s)
    if a.node not in retreat_spots(s, e[1], e[4]):
        return err(_("intersection {node} is not a free intersection touched by your roads, ships or bridges (other "
                     "than the one your knight left)").format(
            node=shown(a.node)), "knights.displace")
    return None


def _do_retreat(s, a: RetreatKnight) -> None:
    e = head(s)
    p, lv, act = e[1], e[2], e[3]
    done(s)
    place_knight(s, p, a.node, lv, act, False)
    s.emit("knight_retreat", "knights.displace", player=player_name(p), node=a.node, level=lv)
    after_knights(s, (a.node,))


table.rule(HireKnight, _check_hire, _do_hire)
table.rule(ActivateKnight, _check_activate, _do_activate)
table.rule(PromoteKnight, _check_promote, _do_promote)
table.rule(MoveKnight, _check_move, _do_move)
table.rule(DisplaceKnight, _check_displace, _do_displace)
table.rule(ChaseRobber, _check_chase_robber, _do_chase_robber)
table.rule(ChasePirate, _check_chase_pirate, _do_chase_pirate)
table.rule(RetreatKnight, _check_retreat, _do_retreat)
