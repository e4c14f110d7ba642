"""Markets and their goods (catan.md Part 2, Setup step 4 and Settled defaults / Wagons and markets; rules
markets.*): the goods stacks, the wagons' places in setup, taking a market's top token, and the delivery.

Goods (a **Reconstruction**, data/goods.json): 12 tokens per market, each with a destination market. A market's
stack is the counts of its unseen (shuffled) part per kind, plus the tokens put under it in order; taking the top
token is a chance event while the unseen part is not empty, then the first token put under it. Every token is
public once taken (it is the wagon's order); the order of the unseen part is the only hidden thing, and counts
carry no order, so ``determinize`` has nothing to redraw here.

Setup: after the first player is chosen and before the first settlement, in turn order, each player puts their
wagon on a market plaza of their choice and takes the top token of that market (*interpretation* of the seed's
« point d'échange », catan.md Settled defaults / Setup). Several wagons may share a plaza.

Delivery: at the plaza of its token's destination the wagon's token goes under the stack of the market it came
from (*interpretation*: « its stack »; a token put under the destination's stack would order a delivery to the
market it stands at), the player is paid the baggage-train card's money, then takes the top token of this market.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core.errors import InvalidPositionError
from ...core.protocol import Action
from ..traders_data import MARKETS
from . import table
from .chance import chance_phase
from .components import GOODS_COUNT, GOODS_DESTINATION, GOODS_KINDS, GOODS_MARKET
from .payouts import pay_out
from .phases import OVER, PHASE_NAMES, SETUP_SETTLEMENT, player_name
from .table import err, not_now
from .text import add_event_texts
from ..translate import N_, _, shown

SETUP_WAGON, WAGON, WAGON_DIE = "setup_wagon", "wagon", "wagon_die"
SETUP_GOODS, GOODS_DRAW = "setup_goods", "goods_draw"  # a market's top token taken in setup / after a delivery
PHASE_NAMES.extend(p for p in (SETUP_WAGON, WAGON) if p not in PHASE_NAMES)
KINDS_OF = tuple(tuple(k for k in range(len(GOODS_KINDS)) if GOODS_MARKET[k] == m) for m in range(len(MARKETS)))
TOKENS_PER_MARKET = tuple(sum(GOODS_COUNT[k] for k in kinds) for kinds in KINDS_OF)


@dataclass(frozen=True, slots=True)
class PlaceWagon(Action):
    """Setup: put your wagon on a market plaza (then take that market's top goods token)."""

    node: int
    kind = "place_wagon"

    def describe(self) -> str:
        return _("Put your wagon on the market plaza at intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class DrawGoods(Action):
    """Chance: the goods token taken from the top of a market's stack."""

    token: str
    kind = "draw_goods"

    def describe(self) -> str:
        return _("The top goods token is {token}").format(token=shown(self.token))


DRAW = tuple(DrawGoods(k) for k in GOODS_KINDS)


def wagons_in_play(s) -> bool:
    """True if the board has a market plaza (a board without markets plays without wagons)."""
    return any(v >= 0 for v in s.comp.market_plaza)


def init_markets(s) -> None:
    """The full stacks, the wagons off the board at level 1; the wagons' setup comes first if the board has a
    market (else the first settlement)."""
    n = s.players
    s.wagon_node = [-1] * n
    s.wagon_level = [1] * n
    s.wagon_goods = [-1] * n
    s.deliveries = [0] * n
    s.goods_unseen = list(GOODS_COUNT)
    s.goods_under = [[] for _ in MARKETS]
    s.phase = SETUP_WAGON if wagons_in_play(s) else SETUP_SETTLEMENT


def market_at(s, v: int) -> int:
    """The market (index in MARKETS) whose plaza is intersection v, or -1."""
    return s.comp.plaza_market.get(v, -1)


def placed(s) -> int:
    """How many wagons are on the board (in setup: how many players have placed theirs)."""
    return sum(1 for v in s.wagon_node if v >= 0)


def destination(kind: int) -> int:
    """The market a goods token of this kind is delivered to."""
    return GOODS_DESTINATION[kind]


# ------------------------------------------------------------------------------------------------
# setup: the wagons
# ------------------------------------------------------------------------------------------------
@table.phase(SETUP_WAGON)
def _list_places(s) -> list:
    return [PlaceWagon(v) for v in s.comp.market_plaza if v >= 0]


def _check_place(s, a: PlaceWagon):
    if s.phase != SETUP_WAGON:
        return not_now(s, _("placing a wagon"))
    if market_at(s, a.node) < 0:
        return err(_("intersection {node} is not a market plaza: a wagon starts on one").format(
            node=shown(a.node)), "markets.setup")
    return None


def _do_place(s, a: PlaceWagon) -> None:
    p = s.active
    s.wagon_node[p] = a.node
    s.emit("wagon_placed", "markets.setup", player=player_name(p), node=a.node, market=MARKETS[market_at(s, a.node)])
    s.phase = SETUP_GOODS


# ------------------------------------------------------------------------------------------------
# the top token of a market
# ------------------------------------------------------------------------------------------------
def _draw_outcomes(s) -> list:
    m = market_at(s, s.wagon_node[s.active])
    kinds = KINDS_OF[m]
    total = sum(s.goods_unseen[k] for k in kinds)
    if total:
        return [(DRAW[k], Fraction(s.goods_unseen[k], total)) for k in kinds if s.goods_unseen[k]]
    return [(DRAW[s.goods_under[m][0]], Fraction(1))]


chance_phase(SETUP_GOODS, _draw_outcomes)
chance_phase(GOODS_DRAW, _draw_outcomes)


def _check_draw(s, a: DrawGoods):
    if s.phase not in (SETUP_GOODS, GOODS_DRAW):
        return not_now(s, _("a goods token taken"))
    if not any(o == a for o, _ in _draw_outcomes(s)):
        return err(_("{token!r} is not on top of this market's stack").format(token=shown(a.token)), "markets.draw")
    return None


def _do_draw(s, a: DrawGoods) -> None:
    """markets.draw: the token leaves the stack for the wagon; in setup the next player places their wagon (or
    the first settlement comes); in a turn the wagon has stopped."""
    p = s.active
    k = GOODS_KINDS.index(a.token)
    m = GOODS_MARKET[k]
    if any(s.goods_unseen[x] for x in KINDS_OF[m]):
        s.goods_unseen[k] -= 1
    else:
        s.goods_under[m].pop(0)
    s.wagon_goods[p] = k
    s.emit("goods_taken", "markets.draw", player=player_name(p), market=MARKETS[m], token=a.token,
           destination=MARKETS[destination(k)])
    if s.phase == GOODS_DRAW:
        s.phase = WAGON
        return
    done = placed(s)
    if done < s.players:
        s.active = (s.first_player + done) % s.players
        s.phase = SETUP_WAGON
    else:
        s.active = s.first_player
        s.phase = SETUP_SETTLEMENT


# ------------------------------------------------------------------------------------------------
# the delivery
# ------------------------------------------------------------------------------------------------
def deliver(s, p: int, m: int) -> None:
    """markets.delivery: p's token goes under the stack it came from, p is paid the card's money and takes the
    top token of market m (a chance event)."""
    k = s.wagon_goods[p]
    s.goods_under[GOODS_MARKET[k]].append(k)
    s.wagon_goods[p] = -1
    s.deliveries[p] += 1
    money = pay_out(s, p, s.comp.wagon_table.level(s.wagon_level[p]).delivery_money)
    s.emit("wagon_delivery", "markets.delivery", player=player_name(p), market=MARKETS[m], token=GOODS_KINDS[k],
           money=money)
    s.phase = GOODS_DRAW


# ------------------------------------------------------------------------------------------------
# positions
# ------------------------------------------------------------------------------------------------
def check_markets(s) -> None:
    """Conservation of the goods tokens (stacks + under + carried = 36, per market), each wagon on an
    intersection with its order; InvalidPositionError names the field (wagons.check_wagon_move checks the move)."""
    n = s.players
    for m, name in enumerate(MARKETS):
        for i, k in enumerate(s.goods_under[m]):
            if GOODS_MARKET[k] != m:
                raise InvalidPositionError(f"{GOODS_KINDS[k]} tokens come from the {MARKETS[GOODS_MARKET[k]]}",
                                           f"goods.under.{name}[{i}]")
        carried = sum(1 for p in range(n) if s.wagon_goods[p] >= 0 and GOODS_MARKET[s.wagon_goods[p]] == m)
        total = sum(s.goods_unseen[k] for k in KINDS_OF[m]) + len(s.goods_under[m]) + carried
        if total != TOKENS_PER_MARKET[m]:
            raise InvalidPositionError(f"the {name}'s tokens: {total} in its stack, under it and on wagons, the game "
                                       f"has {TOKENS_PER_MARKET[m]}", f"goods.unseen.{GOODS_KINDS[KINDS_OF[m][0]]}")
    setup = s.phase in (SETUP_WAGON, SETUP_GOODS)
    if not wagons_in_play(s):
        expected = [-1] * n
    elif setup:
        k = placed(s) - (s.phase == SETUP_GOODS)
        if s.active != (s.first_player + k) % n:
            raise InvalidPositionError("the wagons are placed in turn order from the first player", "active")
        order = [(s.first_player + i) % n for i in range(n)]
        expected = [0 if p in order[:placed(s)] else -1 for p in range(n)]
    else:
        expected = [0] * n
    for p in range(n):
        v = s.wagon_node[p]
        if (v < 0) != (expected[p] < 0):
            raise InvalidPositionError("every wagon stands on an intersection once the setup has placed it"
                                       if v < 0 else "this wagon is not placed yet", f"wagons.node[{p}]")
        # the player taking a token holds none; a winner on a plaza may hold none (a delivery won the game)
        drawing = p == s.active and s.phase in (SETUP_GOODS, GOODS_DRAW)
        won = s.phase == OVER and p == s.winner and s.wagon_goods[p] < 0 and market_at(s, v) >= 0
        if (s.wagon_goods[p] >= 0) != (v >= 0 and not drawing) and not won:
            raise InvalidPositionError("a wagon on the board carries one goods token (none while it takes one)",
                                       f"wagons.goods[{p}]")
    if s.phase in (SETUP_GOODS, GOODS_DRAW) and market_at(s, s.wagon_node[s.active]) < 0:
        raise InvalidPositionError("a goods token is taken at a market plaza", "phase")


def describe_markets(s) -> list[str]:
    """Each wagon in words (level, place, order) and the stacks' sizes."""
    if not wagons_in_play(s):
        return []
    lines = []
    for p in range(s.players):
        k = s.wagon_goods[p]
        order = _("carries {goods} to the {market}").format(goods=shown(GOODS_KINDS[k]), market=shown(
            MARKETS[destination(k)])) if k >= 0 else _("carries nothing")
        where = _("on intersection {node}").format(node=s.wagon_node[p]) if s.wagon_node[p] >= 0 else _("not placed")
        lines.append(_("{player}'s wagon: level {level}, {where}, {order}, {delivered} delivered.").format(
            player=shown(player_name(p)), level=s.wagon_level[p], where=where, order=order,
            delivered=s.deliveries[p]))
    stacks = ", ".join(f"{shown(name)} {sum(s.goods_unseen[k] for k in KINDS_OF[m]) + len(s.goods_under[m])}"
                       for m, name in enumerate(MARKETS))
    lines.append(_("Goods stacks: {stacks} tokens.").format(stacks=stacks))
    return lines


add_event_texts({
    "wagon_placed": N_("{player} puts their wagon on the plaza of the {market} (intersection {node})."),
    "goods_taken": N_("{player} takes the top goods token of the {market}: {token}, to deliver to the {destination}."),
    "wagon_delivery": N_("{player}'s wagon delivers {token} at the {market}: ${money} for the delivery."),
})
table.rule(PlaceWagon, _check_place, _do_place)
table.rule(DrawGoods, _check_draw, _do_draw)

__all__ = ["PlaceWagon", "DrawGoods", "SETUP_WAGON", "SETUP_GOODS", "GOODS_DRAW", "WAGON", "WAGON_DIE", "init_markets",
           "deliver", "check_markets", "describe_markets", "market_at", "wagons_in_play", "destination"]
