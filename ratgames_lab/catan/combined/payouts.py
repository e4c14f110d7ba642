"""Money paid from the supply (catan.md Part 2: Tiles, money; rules money.supply, rivers.money): the supply, unlimited
or capped by option money_supply_cap, and the river money for building at a river tile."""
from __future__ import annotations

from .components import RIVER_MONEY
from .phases import player_name


def money_left(s) -> int | None:
    """The money still in the supply (None: unlimited)."""
    cap = s.options.money_supply_cap
    return None if cap is None else max(0, cap - sum(s.money))


def pay_out(s, p: int, amount: int) -> int:
    """money.supply: the supply pays p up to ``amount`` (an empty capped supply pays what it has); returns it."""
    left = money_left(s)
    if left is not None:
        amount = min(amount, left)
    s.money[p] += amount
    return amount


def touches_river_edge(s, e: int) -> bool:
    """True if edge e is a side of a river tile."""
    river = s.comp.board.river
    return any(river[t] for t in s.comp.topo.edge_tiles[e])


def touches_river_node(s, v: int) -> bool:
    """True if intersection v is a corner of a river tile."""
    river = s.comp.board.river
    return any(river[t] for t in s.comp.topo.node_tiles[v])


def river_income(s, p: int, kind: str, where: int) -> int:
    """rivers.money: pay p for a piece just built at a river ('road', 'settlement', 'setup_city', 'bridge')."""
    at_river = touches_river_node(s, where) if kind in ("settlement", "setup_city") else touches_river_edge(s, where)
    if not at_river or not RIVER_MONEY.get(kind):
        return 0
    paid = pay_out(s, p, RIVER_MONEY[kind])
    if paid:
        s.emit("river_money", "rivers.money", player=player_name(p), piece=kind.replace("setup_", ""),
               money=paid)
    return paid
