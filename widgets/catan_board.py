"""The Catan hex board drawn with bqplot: tiles coloured by resource, number tokens with pips (6 and 8 red),
harbours on their coastal edges, roads, settlements, cities, the robber, and an optional production heat map.

It draws only what the observation shows (the board is public) and reports clicks on intersections, edges and
tiles; the dashboard decides what a click means. ``board_figure(state)`` is the static picture used by the lessons.
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Callable, Hashable, Sequence

import bqplot as bq
import ipywidgets as w

from ratgames_lab.catan import RESOURCES, production_heat

from .common.board_view import BoardView
from .common.theme import esc

TERRAIN_COLOURS = {"brick": "#c4622d", "lumber": "#2e7d32", "wool": "#a5d66f", "grain": "#f2c94c",
                   "ore": "#8f9ba8", "desert": "#e9d9a6", "gold": "#e0b000", "sea": "#5b9bd5", "swamp": "#7a8f6a",
                   "lake": "#4f86c6", "market": "#d9c7a3"}
TERRAIN_PRODUCES = {"brick": "hills: brick", "lumber": "forest: lumber", "wool": "pasture: wool",
                    "grain": "fields: grain", "ore": "mountains: ore", "desert": "desert: nothing"}
TEXT_ON = {"lumber": "#ffffff", "brick": "#ffffff"}  # tile names on dark tiles are white
PLAYER_COLOURS = ("#d32f2f", "#1e5bd8", "#f57c00", "#f5f5f5")
PLAYER_NAMES = ("red", "blue", "orange", "white")
OUTLINE = "#1b1b1b"
SEA = "#5b9bd5"
TOKEN = "#fbf3dc"
LIT = "#ffc233"  # the tokens of the number last rolled
RED_NUMBER = "#c62828"
TARGET = "#ffe14d"
RECENT = "#00e5ff"  # a glow under the pieces the others built since the viewer's last turn
HEAT_COLOURS = ["#fff7d6", "#ffd166", "#f77f00", "#c1121f"]
HARBOUR_FILL = {"3:1": "#ffffff", **{r: TERRAIN_COLOURS[r] for r in RESOURCES}}
ROBBER = "#111111"
TOKEN_DY = 0.12  # the number token sits a little below the tile's centre, under the tile's name
HARBOUR_R = 17  # a harbour's circle, px
HEAT_LABEL = "Heat map: expected resource cards per roll for a settlement on each free intersection"


def pip_text(number: int) -> str:
    """The dots under a number token: one per way to roll it out of 36."""
    return "•" * (6 - abs(number - 7)) if number and number != 7 else ""


class CatanBoard:
    """The board of one topology; ``draw(obs, ...)`` shows a position, ``on_click(kind, index)`` reports clicks
    on an intersection ("node"), an edge ("edge") or a tile ("tile")."""

    CLICK_LAYERS = {"tiles": "tile", "tokens": "tile", "numbers": "tile", "edge_hits": "edge", "node_hits": "node"}

    def __init__(self, topo, on_click: Callable[[str, int], None] | None = None, height: str = "560px",
                 clickable: bool = True):
        self.topo = topo
        self.on_click = on_click
        self.clickable = clickable
        self.node_xy = [(x, -y) for x, y in topo.node_xy]  # y grows upwards on the figure
        self.tile_xy = [(x, -y) for x, y in topo.tile_xy]
        land = [t for t in range(topo.n_tiles) if any(topo.node_kind[v] != "sea" for v in topo.tile_nodes[t])]
        xs = [self.tile_xy[t][0] for t in land] or [0.0]
        ys = [self.tile_xy[t][1] for t in land] or [0.0]
        self.x_range = (min(xs) - 2.0, max(xs) + 2.0)
        self.y_range = (min(ys) - 1.9, max(ys) + 1.9)
        ratio = (self.x_range[1] - self.x_range[0]) / (self.y_range[1] - self.y_range[0])
        self.view = BoardView(self.x_range, self.y_range, on_click=self._clicked if clickable else None,
                              height=height, background=SEA,
                              color_scale={"min": 0.0, "max": 0.36, "colors": HEAT_COLOURS})
        fig = self.view.figure
        fig.min_aspect_ratio = fig.max_aspect_ratio = ratio  # hexes stay regular whatever the page width
        fig.add_class("ct-board")
        v = self.view
        v.polygons("tiles", clickable=clickable, colors=[OUTLINE], stroke_width=1.5, fill_opacities=[1.0])
        v.labels("tile_names", colors=["#2b2b2b"], default_size=12, font_weight="bold", align="middle")
        v.lines("piers", colors=["#7a5230"], stroke_width=3)
        v.points("harbours", marker="circle", default_size=round(math.pi * HARBOUR_R ** 2), colors=["#ffffff"],
                 stroke=OUTLINE,
                 stroke_width=1.5, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.labels("harbour_ratio", colors=[OUTLINE], default_size=12, font_weight="bold", align="middle",
                 y_offset=4)
        v.labels("harbour_kind", colors=["#ffffff"], default_size=13, font_weight="bold", align="middle")
        v.points("tokens", clickable=clickable, marker="circle", default_size=1350, colors=[TOKEN], stroke=OUTLINE,
                 stroke_width=1, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.labels("numbers", clickable=clickable, colors=[OUTLINE], default_size=17, font_weight="bold",
                 align="middle", y_offset=2)
        v.labels("pips", colors=[OUTLINE], default_size=12, font_weight="bold", align="middle", y_offset=14)
        self.add_board_layers()
        # a place a click can use: a yellow ring edged in black (seen on every terrain, the number still readable)
        v.points("tile_targets", marker="circle", default_size=1750, fill=False, colors=[OUTLINE], stroke=OUTLINE,
                 stroke_width=8)
        v.points("tile_targets_in", marker="circle", default_size=1750, fill=False, colors=[TARGET], stroke=TARGET,
                 stroke_width=4)
        v.lines("recent_edges", colors=[RECENT], stroke_width=17, opacities=[0.9])
        v.points("recent_nodes", marker="circle", default_size=1100, colors=[RECENT], opacities=[0.9])
        v.lines("road_outline", colors=[OUTLINE], stroke_width=9)
        v.lines("roads", colors=PLAYER_COLOURS, stroke_width=6)
        self.add_edge_piece_layers()
        v.lines("edge_target_outline", colors=[OUTLINE], stroke_width=10)
        v.lines("edge_targets", colors=[TARGET], stroke_width=6)
        v.points("heat", colored=True, marker="circle", default_size=560, stroke=OUTLINE, stroke_width=1,
                 tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.labels("heat_text", colors=[OUTLINE], default_size=12, font_weight="bold", align="middle", y_offset=4)
        v.points("node_targets", marker="circle", default_size=330, colors=[TARGET], stroke=OUTLINE,
                 stroke_width=2)
        v.points("settlements", marker="triangle-up", default_size=330, colors=PLAYER_COLOURS, stroke=OUTLINE,
                 stroke_width=1.5, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.points("cities", marker="square", default_size=480, colors=PLAYER_COLOURS, stroke=OUTLINE,
                 stroke_width=2, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        self.add_node_piece_layers()
        # the robber: a black ring round the number it blocks (the number stays readable, nothing else is covered)
        v.points("robber", marker="circle", default_size=1590, fill=False, colors=[ROBBER], stroke=ROBBER,
                 stroke_width=5, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.labels("robber_text", colors=[ROBBER], default_size=13, font_weight="bold", align="middle")
        # invisible click targets on top: the edges' midpoints, then the intersections
        v.points("edge_hits", clickable=clickable, marker="circle", default_size=420, colors=["#ffffff"],
                 opacities=[0.0], tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.points("node_hits", clickable=clickable, marker="circle", default_size=480, colors=["#ffffff"],
                 opacities=[0.0], tooltip=_tooltip(), interactions={"hover": "tooltip"})
        self._static_done = False
        self.legend = w.HTML()
        self.widget = w.VBox([fig, self.legend], layout=w.Layout(width="100%"))
        self.widget.add_class("ct-board-box")

    # ------------------------------------------------------------------ layers a variant adds (drawn in this order)
    def add_board_layers(self) -> None:
        """Layers over the tiles and tokens, under every piece (default: none)."""

    def add_edge_piece_layers(self) -> None:
        """Layers over the roads, under the highlighted edges and the buildings (default: none)."""

    def add_node_piece_layers(self) -> None:
        """Layers over the buildings, under the robber and the click targets (default: none)."""

    def hit_edges(self) -> list[int]:
        """Edges a click can name (the base game: every edge but the open sea's)."""
        return [e for e in range(self.topo.n_edges) if self.topo.edge_kind[e] != "sea"]

    def named_tiles(self, obs: dict, land: Sequence[int]) -> list[int]:
        """Tiles whose terrain is written on them."""
        return [t for t in land if obs["tiles"][t]["terrain"] in TERRAIN_COLOURS]

    # ------------------------------------------------------------------ clicks
    def _clicked(self, layer: str, key: Hashable) -> None:
        kind = self.CLICK_LAYERS.get(layer)
        if kind is not None and self.on_click is not None:
            self.on_click(kind, int(key))

    def click(self, kind: str, index: int) -> None:
        """Simulate a browser click on an intersection, edge or tile (the same message path as a real click)."""
        layer = {"node": "node_hits", "edge": "edge_hits", "tile": "tokens"}[kind]
        self.view.click(layer, index)

    # ------------------------------------------------------------------ geometry
    def edge_mid(self, e: int) -> tuple[float, float]:
        """The midpoint of an edge on the figure."""
        a, b = self.topo.edge_nodes[e]
        return ((self.node_xy[a][0] + self.node_xy[b][0]) / 2, (self.node_xy[a][1] + self.node_xy[b][1]) / 2)

    def _segment(self, e: int) -> tuple[tuple[float, float], tuple[float, float]]:
        a, b = self.topo.edge_nodes[e]
        return self.node_xy[a], self.node_xy[b]

    def _short(self, e: int) -> tuple[tuple[float, float], tuple[float, float]]:
        """The middle part of an edge (a highlighted edge leaves its intersections visible)."""
        (ax, ay), (bx, by) = self._segment(e)
        return (ax + 0.22 * (bx - ax), ay + 0.22 * (by - ay)), (bx + 0.22 * (ax - bx), by + 0.22 * (ay - by))

    def px_to_units(self, px: float) -> float:
        """A length on the page (px, at the figure's height) in board units."""
        height = float(str(self.view.figure.layout.height).removesuffix("px"))
        return px * (self.y_range[1] - self.y_range[0]) / (height - 8)

    def land_tiles(self, obs: dict) -> list[int]:
        """Tiles drawn as land (every tile but the sea)."""
        return [t for t, tile in enumerate(obs["tiles"]) if tile["terrain"] != "sea"]

    # ------------------------------------------------------------------ drawing
    def _draw_static(self, obs: dict) -> None:
        """Hit targets (they never move)."""
        topo = self.topo
        v = self.view
        edges = self.hit_edges()
        mids = [self.edge_mid(e) for e in edges]
        v.set_points("edge_hits", edges, [m[0] for m in mids], [m[1] for m in mids],
                     names=[f"edge {e}" for e in edges])
        nodes = [n for n in range(topo.n_nodes) if topo.node_kind[n] != "sea"]
        v.set_points("node_hits", nodes, [self.node_xy[n][0] for n in nodes], [self.node_xy[n][1] for n in nodes],
                     names=[f"intersection {n}" for n in nodes])
        self._static_done = True

    def draw(self, obs: dict, heat: Sequence[Fraction] | None = None, node_targets: Sequence[int] = (),
             edge_targets: Sequence[int] = (), tile_targets: Sequence[int] = (),
             names: Sequence[str] | None = None, recent: tuple[Sequence[int], Sequence[int]] = ((), ()),
             rolled: int | None = None) -> None:
        """Show the position ``obs`` (an observation), the heat map values per intersection (None: off), the
        places a click can use now, the pieces built recently (intersections, edges) with a glow and the tokens of the
        number last rolled lit."""
        if not self._static_done and self.clickable:
            self._draw_static(obs)
        v, topo = self.view, self.topo
        names = list(names or [f"Player {p + 1}" for p in range(obs["players"])])
        land = self.land_tiles(obs)
        tiles = obs["tiles"]
        polys = [[self.node_xy[n] for n in topo.tile_nodes[t]] for t in land]
        v.set_polygons("tiles", land, polys, fill_colors=[TERRAIN_COLOURS.get(tiles[t]["terrain"], "#cccccc")
                                                          for t in land])
        named = self.named_tiles(obs, land)
        v.set_labels("tile_names", named, [self.tile_xy[t][0] for t in named],
                     [self.tile_xy[t][1] + 0.56 for t in named], [tiles[t]["terrain"] for t in named],
                     colors=[TEXT_ON.get(tiles[t]["terrain"], "#2b2b2b") for t in named])
        numbered = [t for t in land if tiles[t]["number"]]
        tx = [self.tile_xy[t][0] for t in numbered]
        ty = [self.tile_xy[t][1] - TOKEN_DY for t in numbered]
        tips = [f"{tiles[t]['terrain']} tile, number {tiles[t]['number']} "
                f"({6 - abs(tiles[t]['number'] - 7)}/36 per roll)" for t in numbered]
        # every land tile has a token spot (clicked to move the robber); the desert's is invisible
        v.set_points("tokens", land, [self.tile_xy[t][0] for t in land], [self.tile_xy[t][1] - TOKEN_DY for t in land],
                     names=[tips[numbered.index(t)] if t in numbered else f"{tiles[t]['terrain']} tile, no number"
                            for t in land], opacities=[1.0 if t in numbered else 0.0 for t in land],
                     colors=[LIT if rolled and tiles[t]["number"] == rolled else TOKEN for t in land])
        red = [RED_NUMBER if tiles[t]["number"] in (6, 8) else OUTLINE for t in numbered]
        v.set_labels("numbers", numbered, tx, ty, [str(tiles[t]["number"]) for t in numbered], colors=red)
        v.set_labels("pips", numbered, tx, ty, [pip_text(tiles[t]["number"]) for t in numbered], colors=red)
        self._draw_harbours(obs)
        v.set_segments("recent_edges", [self._segment(e) for e in recent[1]])
        v.set_points("recent_nodes", list(recent[0]), [self.node_xy[n][0] for n in recent[0]],
                     [self.node_xy[n][1] for n in recent[0]])
        owners = obs["roads"]
        roads = [e for e, o in enumerate(owners) if o is not None]
        segs = [self._segment(e) for e in roads]
        v.set_segments("road_outline", segs)
        v.set_segments("roads", segs, colors=[PLAYER_COLOURS[owners[e]] for e in roads])
        owner, level = obs["intersections"]["owner"], obs["intersections"]["level"]
        for name, lv, piece in (("settlements", 1, "settlement"), ("cities", 2, "city")):
            nodes = [n for n in range(topo.n_nodes) if owner[n] is not None and level[n] == lv]
            v.set_points(name, nodes, [self.node_xy[n][0] for n in nodes], [self.node_xy[n][1] for n in nodes],
                         colors=[PLAYER_COLOURS[owner[n]] for n in nodes],
                         names=[f"{names[owner[n]]}'s {piece} (intersection {n})" for n in nodes])
        if obs["robber"] is None:  # the combined variant: off the board (2 fish) until the next 7
            v.set_points("robber", [], [], [])
            v.set_labels("robber_text", [], [], [], [])
        else:
            t = obs["robber"]
            rx, ry = self.tile_xy[t]
            ry -= TOKEN_DY
            v.set_points("robber", [t], [rx], [ry],
                         names=[f"the robber on the {tiles[t]['terrain']} tile: it produces nothing"])
            # on a tile with no number (the desert) the ring holds an R
            v.set_labels("robber_text", [t], [rx], [ry], ["" if tiles[t]["number"] else "R"])
        self._draw_heat(obs, heat)
        v.set_points("node_targets", list(node_targets), [self.node_xy[n][0] for n in node_targets],
                     [self.node_xy[n][1] for n in node_targets])
        v.set_segments("edge_target_outline", [self._short(e) for e in edge_targets])
        v.set_segments("edge_targets", [self._short(e) for e in edge_targets])
        for name in ("tile_targets", "tile_targets_in"):
            v.set_points(name, list(tile_targets), [self.tile_xy[t][0] for t in tile_targets],
                         [self.tile_xy[t][1] - TOKEN_DY for t in tile_targets])
        self.legend.value = legend_html(names, heat is not None, bool(recent[0] or recent[1]), rolled)

    def _draw_harbours(self, obs: dict) -> None:
        topo, v = self.topo, self.view
        keys, xs, ys, ratios, kinds, fills, tips, piers = [], [], [], [], [], [], [], []
        land = set(self.land_tiles(obs))
        for h in obs["harbours"]:
            e, kind = h["edge"], h["kind"]
            tile = next((t for t in topo.edge_tiles[e] if t in land), None)
            mx, my = self.edge_mid(e)
            if tile is None:
                dx, dy = 0.0, 0.0
            else:
                cx, cy = self.tile_xy[tile]
                d = math.hypot(mx - cx, my - cy) or 1.0
                dx, dy = (mx - cx) / d, (my - cy) / d
            hx, hy = mx + 0.62 * dx, my + 0.62 * dy
            keys.append(e)
            xs.append(hx)
            ys.append(hy)
            ratios.append("3:1" if kind == "3:1" else "2:1")
            kinds.append("" if kind == "3:1" else kind)
            fills.append(HARBOUR_FILL.get(kind, "#ffffff"))
            tips.append(f"harbour on edge {e}: " + ("trade 3 identical cards for 1" if kind == "3:1" else
                                                     f"trade 2 {kind} for 1 card"))
            a, b = self.topo.edge_nodes[e]
            piers += [((hx, hy), self.node_xy[a]), ((hx, hy), self.node_xy[b])]
        v.set_segments("piers", piers)
        v.set_points("harbours", keys, xs, ys, colors=fills, names=tips)
        v.set_labels("harbour_ratio", keys, xs, ys, ratios)
        # the resource of a 2:1 harbour, written under its marker (above it on the top coast), or beside it, on the
        # sea side, where the figure's edge leaves no room above or below
        out_x, out_y, out_t, out_k = [], [], [], []
        gap, half = self.px_to_units(HARBOUR_R + 9), self.px_to_units(8)
        for k, x, y, kind in zip(keys, xs, ys, kinds):
            if kind:
                mx, my = self.edge_mid(k)
                ly = y + (gap if (y - my) > 0.3 else -gap)
                lx = x
                if not self.y_range[0] + half < ly < self.y_range[1] - half:
                    side = 1 if x >= mx else -1
                    lx, ly = x + side * (self.px_to_units(HARBOUR_R + 6 + 4 * len(kind))), y
                out_x.append(lx)
                out_y.append(ly)
                out_t.append(kind)
                out_k.append(k)
        v.set_labels("harbour_kind", out_k, out_x, out_y, out_t)

    def _draw_heat(self, obs: dict, heat: Sequence[Fraction] | None) -> None:
        v = self.view
        nodes = free_intersections(self.topo, obs) if heat is not None else []
        nodes = [n for n in nodes if heat[n] > 0]
        values = [float(heat[n]) for n in nodes]
        v.set_points("heat", nodes, [self.node_xy[n][0] for n in nodes], [self.node_xy[n][1] for n in nodes],
                     color=values, names=[f"intersection {n}: {float(heat[n]):.2f} cards per roll "
                                          f"(= {heat[n] * 36} pips / 36)" for n in nodes])
        v.set_labels("heat_text", nodes, [self.node_xy[n][0] for n in nodes], [self.node_xy[n][1] for n in nodes],
                     [f"{int(heat[n] * 36)}" for n in nodes])


def free_intersections(topo, obs: dict) -> list[int]:
    """Intersections with no building on them or next to them (where a settlement could still go)."""
    owner = obs["intersections"]["owner"]
    return [n for n in range(topo.n_nodes) if topo.node_buildable[n] and owner[n] is None
            and all(owner[m] is None for m in topo.node_nbrs[n])]


def legend_html(names: Sequence[str], heat: bool = False, recent: bool = False, rolled: int | None = None) -> str:
    """The colours of the board in words: terrains, players, pieces, tokens (and the heat map scale)."""
    terrains = "".join(f'<span class="ct-key"><i style="background:{TERRAIN_COLOURS[t]}"></i>{esc(what)}</span>'
                       for t, what in TERRAIN_PRODUCES.items())
    players = "".join(f'<span class="ct-key"><i class="ct-chip" style="background:{PLAYER_COLOURS[p]}"></i>'
                      f'{esc(n)}</span>' for p, n in enumerate(names))
    pieces = ('<span class="ct-key">▲ settlement (1 VP, 1 card)</span><span class="ct-key">■ city (2 VP, 2 cards)'
              '</span><span class="ct-key"><b class="ct-robber">R</b> robber: a black ring round the number it blocks</span>'
              '<span class="ct-key">number: the roll that pays the tile; dots = ways to roll it out of 36 '
              '(<b class="ct-red">6 and 8</b> most likely)</span>')
    if rolled and rolled != 7:
        pieces += (f'<span class="ct-key"><i class="ct-lit"></i>lit token: the last roll, {rolled}, paid these tiles '
                   '(not the robber\'s)</span>')
    if recent:
        pieces += '<span class="ct-key"><i class="ct-glow"></i>cyan glow: built by the others since your last turn</span>'

    text = f'<div class="ct-legend">{terrains}</div><div class="ct-legend">{players}{pieces}</div>'
    if heat:
        scale = "".join(f'<i style="background:{c}"></i>' for c in HEAT_COLOURS)
        text += (f'<div class="ct-legend ct-heat-key"><span class="ct-scale">{scale}</span>'
                 f'{esc(HEAT_LABEL)}: the number is the pips around it (out of 36 per roll; 36 pips = 1 card per '
                 f'roll); the robber\'s tile counts for nothing.</div>')
    return text


def _tooltip() -> bq.Tooltip:
    return bq.Tooltip(fields=["name"], labels=[""])


def board_figure(state, *, heat: bool = False, viewer: int | None = None, title: str | None = None) -> bq.Figure:
    """A static (non-clicking) drawing of a Catan state's board for a lesson, with the heat map when ``heat``."""
    board = CatanBoard(state.comp.topo, clickable=False, height="520px")
    obs = state.observation(-1 if viewer is None else viewer)
    board.draw(obs, heat=production_heat(state) if heat else None)
    fig = board.view.figure
    if title:
        fig.title = title
        fig.fig_margin = {"top": 36, "bottom": 4, "left": 4, "right": 4}
        fig.title_style = {"font-size": "16px"}
    return fig


__all__ = ["CatanBoard", "board_figure", "legend_html", "free_intersections", "pip_text", "PLAYER_COLOURS",
           "PLAYER_NAMES", "TERRAIN_COLOURS", "HEAT_LABEL"]
