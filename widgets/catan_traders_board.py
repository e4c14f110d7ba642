"""The Traders & Barbarians layers of the combined board (catan.md Part 2, Wagons and markets; rivers): bridges
drawn apart from roads (a plank deck between dark rails, the owner's colour along it), the market plazas with their
market's name, the wagons (a cart in the owner's colour with its level) and the wagon route preview (the cheapest
path from a wagon to its order's market, dashed, with its movement points and toll at the end).

``CombinedBoard`` calls these helpers; they draw only what the observation shows, plus a route given as the
intersections in order.
"""
from __future__ import annotations

import math
from typing import Sequence

import bqplot as bq

from .catan_board import OUTLINE, PLAYER_COLOURS, _tooltip
from .catan_traders import ORIGIN

BRIDGE_RAIL = "#3e2723"
BRIDGE_DECK = "#d7b98e"
ROUTE = "#6a1b9a"
# each seat's wagon has its own slot of a 2x2 grid round its intersection: wagons sharing a plaza sit side by side,
# never on top of one another, and the four slots fit inside a market's hex (under its name)
WAGON_OFFSETS = ((-0.42, 0.22), (0.42, 0.22), (-0.42, -0.22), (0.42, -0.22))
CART = (0.76, 0.38)  # a cart's length and width in board units (the wagons' marker)


def add_bridge_layers(v) -> None:
    """Bridges (over the roads and ships), then the route preview over every edge piece."""
    v.lines("bridge_rails", colors=[BRIDGE_RAIL], stroke_width=15)
    v.lines("bridge_deck", colors=[BRIDGE_DECK], stroke_width=9)
    v.lines("bridges", colors=PLAYER_COLOURS, stroke_width=4)
    v.points("bridge_marks", marker="square", default_size=60, colors=PLAYER_COLOURS, stroke=BRIDGE_RAIL,
             stroke_width=1, tooltip=_tooltip(), interactions={"hover": "tooltip"})
    v.lines("route_outline", colors=["#ffffff"], stroke_width=9, opacities=[0.85])
    v.lines("route", colors=[ROUTE], stroke_width=4, line_style="dashed")


def add_wagon_layers(v) -> None:
    """The wagons (a cart in the owner's colour, its level inside) and the route's end label."""
    cart = v.points("wagons", marker="rectangle", default_size=360, default_skew=0.3, colors=PLAYER_COLOURS,
                    stroke=OUTLINE,
                    stroke_width=1.5, tooltip=_tooltip(), interactions={"hover": "tooltip"})
    cart.scales = {**cart.scales, "rotation": bq.LinearScale(min=0.0, max=180.0)}  # 90: the cart lies flat
    v.labels("wagon_text", colors=["#ffffff"], default_size=10, font_weight="bold", align="middle")
    v.labels("route_text", colors=[ROUTE], default_size=13, font_weight="bold", align="middle")


def draw_plazas(board, obs: dict, markets: dict) -> None:
    """Each market plaza's tooltip names its market (``markets``: tile -> name, from the board file; the market
    tile carries the name as its tile name)."""
    topo = board.topo
    plazas = [x for x in range(topo.n_nodes) if topo.node_kind[x] == "plaza"]
    names = [markets.get(topo.node_tiles[x][0], "market") for x in plazas]
    unseen = (obs.get("goods") or {}).get("unseen") or {}
    stack = {m: sum(n for k, n in unseen.items() if ORIGIN.get(k) == m) for m in names}
    board.view.set_points("plazas", plazas, [board.node_xy[x][0] for x in plazas],
                          [board.node_xy[x][1] for x in plazas],
                          names=[f"the {m} market's plaza (intersection {x}): wagons deliver goods here"
                                 + (f"; {stack[m]} goods face down in its stack" if unseen else "")
                                 for x, m in zip(plazas, names)])


def draw_bridges(board, obs: dict, names: Sequence[str]) -> None:
    """Bridges on their dashed edges, told from roads by their deck and rails."""
    v = board.view
    pieces, owners = obs["edges"]["piece"], obs["edges"]["owner"]
    bridges = [e for e, piece in enumerate(pieces) if piece == "bridge"]
    segs = [board._segment(e) for e in bridges]
    colours = [PLAYER_COLOURS[owners[e]] for e in bridges]
    v.set_segments("bridge_rails", segs)
    v.set_segments("bridge_deck", segs)
    v.set_segments("bridges", segs, colors=colours)
    mids = [board.edge_mid(e) for e in bridges]
    v.set_points("bridge_marks", bridges, [m[0] for m in mids], [m[1] for m in mids], colors=colours,
                 names=[f"{names[owners[e]]}'s bridge (edge {e}): a road across the river" for e in bridges])


def draw_wagons(board, obs: dict, names: Sequence[str], route: tuple[int, int, Sequence[int]] | None = None) -> None:
    """The wagons on their intersections, and a route preview: (movement points, toll $, intersections)."""
    v = board.view
    wagons = obs.get("wagons") or {}
    nodes = wagons.get("node") or []
    seats = [p for p, x in enumerate(nodes) if x is not None and x >= 0]
    xy = [wagon_xy(board, nodes, p) for p in seats]
    xs, ys = [q[0] for q in xy], [q[1] for q in xy]
    levels = wagons.get("level") or [1] * len(nodes)
    goods = wagons.get("goods") or [None] * len(nodes)
    tips = [f"{names[p]}'s wagon, level {levels[p]}"
            + (f", carrying {goods[p]}" if goods[p] else ", no order") for p in seats]
    v.set_points("wagons", seats, xs, ys, colors=[PLAYER_COLOURS[p] for p in seats] or [OUTLINE], names=tips,
                 rotation=[90.0] * len(seats))
    v.set_labels("wagon_text", seats, xs, ys, [f"W{levels[p]}" for p in seats],
                 colors=[OUTLINE if p == 3 else "#ffffff" for p in seats] or ["#ffffff"])
    path = list(route[2]) if route else []
    segs = [(board.node_xy[a], board.node_xy[b]) for a, b in zip(path, path[1:])]
    v.set_segments("route_outline", segs)
    v.set_segments("route", segs)
    if route and path:
        text = f"{route[0]} MP" + (f", ${route[1]} toll" if route[1] else "")
        x, y = route_label_xy(board, path[-1], text)
        v.set_labels("route_text", ["end"], [x], [y], [text])
    else:
        v.set_labels("route_text", [], [], [], [])


def _obstacles(board) -> tuple[list[tuple[float, float]], float, list[tuple[float, float, float, float]]]:
    """The number tokens (centres, radius) and the tile names' boxes, in board units."""
    layers = board.view.layers
    r = board.px_to_units(math.sqrt(float(layers["tokens"].default_size) / math.pi))
    names = layers["tile_names"]
    half_h = board.px_to_units(float(names.default_size) / 2)
    boxes = [(x - board.px_to_units(0.33 * float(names.default_size) * len(t)), y - half_h,
              x + board.px_to_units(0.33 * float(names.default_size) * len(t)), y + half_h)
             for x, y, t in zip(names.x, names.y, names.text)]
    return list(zip(layers["tokens"].x, layers["tokens"].y)), r, boxes


def _clear(board, centres: Sequence[tuple[float, float]], half_w: float, half_h: float) -> bool:
    """Whether boxes of half size (half_w, half_h) round ``centres`` touch no number token and no tile name."""
    tokens, r, names = _obstacles(board)
    for cx, cy in centres:
        if any(math.hypot(tx - min(max(tx, cx - half_w), cx + half_w), ty - min(max(ty, cy - half_h), cy + half_h))
               < r for tx, ty in tokens):
            return False
        if any(min(cx + half_w, b[2]) > max(cx - half_w, b[0]) and min(cy + half_h, b[3]) > max(cy - half_h, b[1])
               for b in names):
            return False
    return True


def route_label_xy(board, node: int, text: str) -> tuple[float, float]:
    """Where the route's cost is written: under its end (a plaza), else above, left or right of it, the first place
    clear of the number tokens and the tile names."""
    x, y = board.node_xy[node]
    half_w, half_h = board.px_to_units(0.33 * 13 * len(text)), board.px_to_units(8)
    out = board.px_to_units(16) + half_h
    for dx, dy in ((0.0, -out), (0.0, out), (-out - half_w, 0.0), (out + half_w, 0.0)):
        if _clear(board, [(x + dx, y + dy)], half_w, half_h):
            return x + dx, y + dy
    return x, y - out


def wagon_xy(board, nodes: Sequence[int | None], p: int) -> tuple[float, float]:
    """Where seat p's wagon is drawn: in its seat's slot round a market plaza (the market's hex has room for four);
    elsewhere the wagons on one intersection side by side (in a row or a column), placed clear of the tokens."""
    x, y = board.node_xy[nodes[p]]
    if board.topo.node_kind[nodes[p]] == "plaza":
        dx, dy = WAGON_OFFSETS[p % 4]
        return x + dx, y + dy
    here = [q for q, n in enumerate(nodes) if n == nodes[p]]
    k, i = len(here), here.index(p)
    half_w, half_h = CART[0] / 2, CART[1] / 2
    layouts = [[(x + CART[0] * 1.05 * (j - (k - 1) / 2) + sx, y + sy) for j in range(k)]
               for sx, sy in ((0, 0), (0, 0.3), (0, -0.3))]
    layouts += [[(x + sx, y + CART[1] * 1.1 * (j - (k - 1) / 2)) for j in range(k)]
                for sx, sy in ((0, 0), (0.45, 0), (-0.45, 0))]
    layouts += [[(x + sx + dx, y + sy + dy) for dx, dy in WAGON_OFFSETS[:k]]
                for sx, sy in ((0, 0), (0, 0.3), (0, -0.3), (0.3, 0), (-0.3, 0))]
    return next((spots[i] for spots in layouts if _clear(board, spots, half_w, half_h)), layouts[0][i])


def traders_legend_html(rivers: bool = True) -> str:
    """The Traders & Barbarians pieces in words (for the board's legend)."""
    return (f'<span class="ct-key"><i style="background:{BRIDGE_DECK};border:2px solid {BRIDGE_RAIL}"></i>bridge '
            '(a road across a dashed river crossing)</span>'
            '<span class="ct-key">▬ <b>W2</b> wagon and its level · ■ brown square: a market plaza</span>'
            f'<span class="ct-key"><i style="background:{ROUTE}"></i>dashed purple: the cheapest wagon route to its '
            'order\'s market (movement points, toll)</span>')


__all__ = ["add_bridge_layers", "add_wagon_layers", "draw_plazas", "draw_bridges",
           "draw_wagons", "traders_legend_html", "BRIDGE_DECK", "BRIDGE_RAIL", "ROUTE"]
