"""The Traders & Barbarians panel of the combined dashboard (catan.md Part 2: Tiles, money, shop, bank; Fish;
Wagons and markets): each player's money, bank loan, fish tokens (values shown only to their owner and in teacher
view, counts to everyone) and wagon (level, place, order and the cheapest route to its market in movement points
and toll); the markets' goods stacks; the shop and the bank loan as buttons, and the wagon's buttons when the engine
offers them (upgrade, boost).

It reads observations (what the viewer may see) and the engine's public route function; a button plays an action
through the dashboard, which refuses anything the engine does not allow.
"""
from __future__ import annotations

from typing import Any, Callable, Sequence

import ipywidgets as w

from ratgames_lab.catan import (LOAN, MARKETS, RESOURCES, SHOP, BuyCommodity, BuyResource, TakeLoan,
                                default_baggage_train, default_fish, default_goods)
from ratgames_lab.catan import COMBINED_CARDS as CARDS

from .catan_view import chip
from .common.retire import Retirement
from .common.theme import esc

COMMODITIES = CARDS[len(RESOURCES):]
FISH = default_fish()
FISH_VALUES = tuple(v for v, _ in FISH.tokens)
GOODS = default_goods()
ORIGIN = {kind: market for market, kind, _, _ in GOODS.kinds}
DESTINATION = {kind: dest for _, kind, dest, _ in GOODS.kinds}
# actions that get a button in the panel when the engine offers them
EXTRA_KINDS = ("upgrade_wagon", "boost_wagon", "boost_wagon_fish", "save_city", "pass_old_boot")
FISH_TABLE = " · ".join(f"{cost}: {text}" for cost, _, text in FISH.table)


def fish_text(held: Any) -> str:
    """'3 tokens: 1 + 2 + 3 = 6 fish' for visible tokens (counts per value), '3 tokens (values hidden)' else."""
    if held is None:
        return '<span class="rg-muted">—</span>'
    if isinstance(held, dict):
        n = held.get("hidden", 0)
        return f'{n} token{"s" if n != 1 else ""} <span class="rg-muted">(values hidden)</span>' if n else \
            '<span class="rg-muted">no fish</span>'
    values = [v for v, c in zip(FISH_VALUES, held) for _ in range(c)]
    if not values:
        return '<span class="rg-muted">no fish</span>'
    if len(values) == 1:
        return f'1 token worth <b>{values[0]} fish</b>'
    return (f'{len(values)} token{"s" if len(values) != 1 else ""}: {" + ".join(map(str, values))} = '
            f'<b>{sum(values)} fish</b>')


def wagon_card(level: int, table: Any = None) -> str:
    """'level 2: 5 MP, $2 a delivery, toll die 6+' from the game's baggage-train table (default: the shipped one, a
    Reconstruction)."""
    table = table or default_baggage_train()
    if not 1 <= level <= len(table.levels):
        return f"level {level}"
    c = table.level(level)
    die = f", toll die {c.toll_die}+" if c.toll_die else ""
    return f"level {level}: {c.movement} MP, ${c.delivery_money} a delivery{die}"


def route_words(route: tuple[int, int, Sequence[int]] | None, goods: str | None, movement: int = 0) -> str:
    """The order and its cheapest route in words (``movement``: the wagon's points a turn, for the turns needed)."""
    if not goods:
        return '<span class="rg-muted">no order</span>'
    order = f'<b>{esc(goods)}</b> from the {esc(ORIGIN.get(goods, "?"))} to the {esc(DESTINATION.get(goods, "?"))}'
    if route is None:
        return f'{order}: <span class="rg-muted">no route open now (a sea crossing needs a line of ships)</span>'
    mp, toll, path = route
    if len(path) < 2:
        return f"{order}: already there"
    turns = -(-mp // movement) if movement else 0
    when = f", about {turns} turn{'s' if turns != 1 else ''} at {movement} a turn" if turns else ""
    return (f'{order}: cheapest route <b>{mp} movement point{"s" if mp != 1 else ""}</b>, '
            f'{"<b>$" + str(toll) + " toll</b>" if toll else "no toll"} ({len(path) - 1} steps{when})')


def markets_html(obs: dict) -> str:
    """Each market's goods stack: tokens left face down per kind (and where each goes), tokens put back under it."""
    goods = obs.get("goods")
    if not goods:
        return ""
    unseen, under = goods.get("unseen", {}), goods.get("under", {})
    rows = []
    for market in MARKETS:
        kinds = [k for m, k, _, _ in GOODS.kinds if m == market]
        stack = ", ".join(f"{unseen.get(k, 0)} {esc(k)} → {esc(DESTINATION[k])}" for k in kinds)
        back = under.get(market) or []
        rows.append(f'<tr><td><b>{esc(market)}</b></td><td>{stack or "—"}</td><td>{len(back)}'
                    f'{" (" + esc(", ".join(back)) + ")" if back else ""}</td></tr>')
    return ('<div class="ct-subsection"><b>Markets and their goods stacks</b></div><table class="ct-markets"><tr><th>Market</th><th>Face-down goods (kind → market it goes to)</th>'
            f'<th>Put back under</th></tr>{"".join(rows)}</table>')


def fish_pool_text(fish: dict) -> str:
    """The public part of the fish: the stack's size, the paid tokens, the Old Boot."""
    spent = ", ".join(f"{n} × {v}" for v, n in zip(FISH_VALUES, fish.get("spent") or []) if n) or "none"
    boot = fish.get("old_boot")
    where = "still in the stack" if boot is None else f"held by Player {boot + 1}"
    return (f'Fish stack: {fish.get("stack", 0)} face down · paid tokens (public): {esc(spent)} · the Old Boot '
            f'({FISH.old_boot_vp} VP): {where}.')


def traders_html(obs: dict, names: Sequence[str], fish: Sequence[Any],
                 routes: Sequence[tuple[int, int, Sequence[int]] | None], plazas: dict | None = None,
                 table: Any = None, moving: tuple[int, int] | None = None) -> str:
    """One row per player: money, loan, fish, wagon, its order and route; then the markets (``plazas``:
    intersection -> market name; ``table``: the game's baggage-train table; ``moving``: (seat, movement points
    left) of a wagon on the move this turn)."""
    plazas = plazas or {}
    table = table or default_baggage_train()
    wagons = obs.get("wagons") or {}
    has_fish, has_wagons = "fish" in obs, bool(wagons)
    boot = (obs.get("fish") or {}).get("old_boot")
    rows = []
    for p in range(obs["players"]):
        loans = (obs.get("loans") or [0] * obs["players"])[p]
        loan = (f'taken: +${LOAN["money"]}, {LOAN["vp"]} VP' if loans else '<span class="rg-muted">not taken</span>')
        head = (f'<div class="ct-trow-head">{chip(p)}<b>{esc(names[p])}</b> <b class="ct-money">${obs["money"][p]}'
                f'</b> · bank loan: {loan}')
        if has_fish:
            boot_badge = (f' <span class="ct-badge" title="the Old Boot: {FISH.old_boot_vp} VP; pass it to a player '
                          f'with the most VP">Old Boot {FISH.old_boot_vp} VP</span>' if boot == p else "")
            head += f' · fish: <span class="ct-fish">{fish_text(fish[p])}</span>{boot_badge}'
        body = ""
        if has_wagons:
            node, level = wagons["node"][p], wagons["level"][p]
            where = ("not placed yet" if node is None else f"on the {plazas[node]} plaza" if node in plazas else
                     f"on intersection {node}")
            delivered = (wagons.get("deliveries") or [0] * obs["players"])[p]
            vp = (wagons.get("vp") or [0] * obs["players"])[p]
            points = f' · <b>{vp} VP</b>' if vp else ""
            if moving is not None and moving[0] == p:
                points += f' · <b class="ct-moving">moving: {moving[1]} MP left this turn</b>'
            movement = table.level(level).movement if 1 <= level <= len(table.levels) else 0
            body = (f'<div class="ct-wagon">Wagon {esc(wagon_card(level, table))}; {esc(where)}, {delivered} '
                    f'deliver{"y" if delivered == 1 else "ies"}{points}</div>'
                    f'<div class="ct-order">Order: {route_words(routes[p], wagons["goods"][p], movement)}</div>')
        rows.append(f'<div class="ct-trow">{head}</div>{body}</div>')
    fish_note = (f'<div class="rg-note">{fish_pool_text(obs["fish"])}<br>Fish (pay the tokens, no change; at most '
                 f'{FISH.hold_limit} held): {esc(FISH_TABLE)}.</div>' if has_fish else "")
    wagon_note = ('<div class="rg-note">Wagon steps cost 1 movement point on a road, ship or bridge, 2 on open land, '
                  '3 across a river without a bridge; another player\'s road costs a $1 toll ($2 a bridge). The '
                  'dashed purple line on the board is the cheapest route of the wagon shown.</div>'
                  if has_wagons else "")
    return f'<div class="ct-traders-table">{"".join(rows)}</div>{fish_note}{wagon_note}{markets_html(obs)}'


class TradersPanel:
    """Money, fish and wagons per player, the markets, and the buttons of the shop, the bank loan and the wagon."""

    def __init__(self, play: Callable[[Any], bool]):
        self.play = play
        self.table = w.HTML()
        self.commodity_buttons = [self._button(BuyCommodity(c), f"{c} ($5)") for c in COMMODITIES]
        self.resource_buttons = [self._button(BuyResource(r), f"{r} ($2)") for r in RESOURCES]
        self.loan_button = self._button(TakeLoan(), f"Bank loan: +${LOAN['money']}, {LOAN['vp']} VP")
        self.shop_note = w.HTML()
        self.extra = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.retirement = Retirement()
        wrap = w.Layout(flex_flow="row wrap", align_items="center")
        shop = w.VBox([
            w.HTML(f'<b>Shop</b> <span class="rg-muted">(your turn, after the roll): ${SHOP["commodity_price"]} → 1 '
                   f'commodity, {SHOP["commodities_per_turn"]} per turn; ${SHOP["resource_price"]} → 1 resource, '
                   f'{SHOP["resources_per_turn"]} per turn</span>'),
            w.HBox(self.commodity_buttons + self.resource_buttons, layout=wrap),
            w.HBox([self.loan_button, self.shop_note], layout=wrap), self.extra])
        shop.add_class("ct-shop")
        self.widget = w.VBox([w.HTML('<div class="rg-section">Money, fish and wagons</div>'), self.table, shop])
        self.widget.add_class("rg-panel")
        self.widget.add_class("ct-traders")

    def _button(self, action: Any, label: str) -> w.Button:
        b = w.Button(description=label, layout=w.Layout(width="auto"), disabled=True)
        b.add_class("ct-shop-" + action.kind.replace("_", "-"))
        b.on_click(lambda _b, a=action: self.play(a))
        b.action = action
        return b

    def buttons(self) -> list[w.Button]:
        """Every button of the panel (shop, loan, then the wagon's and others' the engine offers now)."""
        return [*self.commodity_buttons, *self.resource_buttons, self.loan_button, *self.extra.children]

    def update(self, obs: dict, names: Sequence[str], fish: Sequence[Any],
               routes: Sequence[tuple[int, int, Sequence[int]] | None], legal: Sequence[Any],
               why: Callable[[Any], str], me: int | None, plazas: dict | None = None, table: Any = None,
               moving: tuple[int, int] | None = None) -> None:
        """Redraw the table; enable the buttons of the actions legal now (``legal``: the human's, else empty);
        a disabled button's tooltip says why (``why(action)``: the engine's rule)."""
        self.table.value = traders_html(obs, names, fish, routes, plazas, table, moving)
        legal_set = set(legal)
        mine = bool(legal)
        for b in (*self.commodity_buttons, *self.resource_buttons, self.loan_button):
            b.disabled = b.action not in legal_set
            b.tooltip = why(b.action) if b.disabled and mine else b.action.describe()
        extras = [a for a in legal if a.kind in EXTRA_KINDS]
        buttons = []
        for a in extras:
            b = w.Button(description=a.describe(), layout=w.Layout(width="auto"), button_style="info")
            b.add_class("ct-shop-" + a.kind.replace("_", "-"))
            b.on_click(lambda _b, act=a: self.play(act))
            b.action = a
            buttons.append(b)
        old, self.extra.children = self.extra.children, buttons
        self.retirement.retire(old)
        if me is None:
            self.shop_note.value = '<span class="rg-muted">Take a seat to use the shop.</span>'
        elif not mine:
            self.shop_note.value = '<span class="rg-muted">The shop and the loan open on your turn.</span>'
        else:
            self.shop_note.value = ""


__all__ = ["TradersPanel", "traders_html", "markets_html", "fish_text", "route_words", "wagon_card"]
