"""The combined variant's board (catan.md Part 2): the base Catan board drawing plus the sea tiles (the pirate's
places), gold, swamp, lake and market tiles with their plazas, river tiles and crossings, fishing grounds, ships,
knights (level and active state), city walls, metropolises, the pirate and the merchant.

Like the base board it draws only an observation and reports clicks: on an intersection ("node"), an edge ("edge")
or a tile ("tile"; a frame fishing ground is the pirate spot ``n_tiles + i`` of the engine).
"""
from __future__ import annotations

import math
from typing import Sequence

from .catan_board import OUTLINE, PLAYER_COLOURS, SEA, TARGET, TOKEN_DY, CatanBoard, _tooltip, pip_text
from .catan_traders_board import (add_bridge_layers, add_wagon_layers, draw_bridges, draw_plazas, draw_wagons,
                                  traders_legend_html)
from .common.theme import esc

SEA_TILE = "#4a8bc9"
RIVER = "#9fd3ff"
WALL = "#6d4c41"
METROPOLIS = "#ffd54f"
FISH = "#cfe8ff"
LEVEL_WORDS = {1: "basic", 2: "strong", 3: "mighty"}
TRACK_COLOURS = {"trade": "#f2c94c", "politics": "#1e5bd8", "science": "#2e7d32"}
COMBINED_TERRAINS = {"brick": "hills: brick", "lumber": "forest: lumber (+ paper in a city)",
                     "wool": "pasture: wool (+ cloth in a city)", "grain": "fields: grain",
                     "ore": "mountains: ore (+ coin in a city)", "gold": "gold field: money ($2, city $5)",
                     "desert": "desert: nothing", "swamp": "swamp: nothing", "lake": "lake: fish on 2, 3, 11, 12",
                     "market": "market: its plaza ■ in the middle (wagons deliver there)", "sea": "sea: ships, the pirate"}
TEXT_DARK = ("lumber", "brick", "sea")
ACTIVE_WHITE = "#616161"


class CombinedBoard(CatanBoard):
    """The combined variant's board; ``river`` says which tiles are river tiles and ``markets`` names the market
    tiles (tile -> name), both from the board file."""

    CLICK_LAYERS = {**CatanBoard.CLICK_LAYERS, "sea_tiles": "tile", "fishing": "tile", "fishing_text": "tile"}

    def __init__(self, topo, river: Sequence[bool] = (), markets: dict | None = None, **kwargs):
        self.river = list(river) or [False] * topo.n_tiles
        self.markets = dict(markets or {})
        super().__init__(topo, **kwargs)
        # the variant's map has more hexes in the same height: smaller tokens leave room for the tile names
        layers = self.view.layers
        layers["tokens"].default_size = 820
        layers["numbers"].default_size = 14
        layers["pips"].default_size = 10
        layers["pips"].y_offset = 11
        layers["robber"].default_size = 1150  # a ring just round the smaller token

    # ------------------------------------------------------------------ layers
    def add_board_layers(self) -> None:
        """Sea tiles (clickable for the pirate), river crossings, market plazas, fishing grounds."""
        v, c = self.view, self.clickable
        v.polygons("sea_tiles", clickable=c, colors=["#3d74ad"], stroke_width=1, fill_opacities=[1.0])
        v.lines("rivers", colors=[RIVER], stroke_width=5, line_style="dashed")
        v.points("plazas", marker="square", default_size=150, colors=["#8d6e63"], stroke=OUTLINE, stroke_width=1,
                 tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.points("fishing", clickable=c, marker="circle", default_size=700, colors=[FISH], stroke=OUTLINE,
                 stroke_width=1, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.labels("fishing_text", clickable=c, colors=["#0d3c61"], default_size=12, font_weight="bold",
                 align="middle", y_offset=4)

    def add_edge_piece_layers(self) -> None:
        """Ships: a white outline under a dashed line in the player's colour, a hull at the middle."""
        v = self.view
        v.lines("ship_outline", colors=["#ffffff"], stroke_width=10)
        v.lines("ships", colors=PLAYER_COLOURS, stroke_width=5, line_style="dashed")
        v.points("ship_hulls", marker="triangle-down", default_size=110, colors=PLAYER_COLOURS, stroke=OUTLINE,
                 stroke_width=1.5, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        add_bridge_layers(v)

    def add_node_piece_layers(self) -> None:
        """Walls (a brown ring round a city), metropolises, knights (filled = active), the pirate, the merchant,
        then the rings of the intersections a click can use (over the pieces)."""
        v = self.view
        v.points("walls", marker="square", default_size=950, fill=False, colors=[WALL], stroke=WALL,
                 stroke_width=5, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.points("metropolises", marker="diamond", default_size=420, colors=[METROPOLIS], stroke=OUTLINE,
                 stroke_width=1.5, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.labels("metropolis_text", colors=[OUTLINE], default_size=11, font_weight="bold", align="middle",
                 y_offset=4)
        # a knight: a ring in its owner's colour, filled with that colour when active, white (hollow) when not
        v.points("knight_rims", marker="circle", default_size=560, colors=PLAYER_COLOURS, stroke=OUTLINE,
                 stroke_width=1.5, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.points("knights", marker="circle", default_size=200, colors=PLAYER_COLOURS, stroke=OUTLINE,
                 stroke_width=0, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.labels("knight_text", colors=["#ffffff"], default_size=13, font_weight="bold", align="middle",
                 y_offset=5)
        v.points("pirate", marker="circle", default_size=1150, fill=False, colors=["#111111"], stroke="#111111",
                 stroke_width=5, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        v.labels("pirate_text", colors=["#ffffff"], default_size=13, font_weight="bold", align="middle")
        v.points("merchant", marker="diamond", default_size=520, colors=["#ffffff"], stroke=OUTLINE,
                 stroke_width=2, tooltip=_tooltip(), interactions={"hover": "tooltip"})
        add_wagon_layers(v)
        v.points("node_rings", marker="circle", default_size=760, fill=False, colors=[TARGET], stroke=TARGET,
                 stroke_width=4)

    def hit_edges(self) -> list[int]:
        """Every edge: roads on land, ships on the sea and the coast."""
        return list(range(self.topo.n_edges))

    def named_tiles(self, obs: dict, land: Sequence[int]) -> list[int]:
        """Every land tile carries its terrain's name."""
        return list(land)

    # ------------------------------------------------------------------ geometry
    def fishing_xy(self, ground: Sequence[int]) -> tuple[float, float]:
        """Where a fishing ground's token stands: between its three intersections, towards the water."""
        a, b, c = ground[:3]
        xs = [self.node_xy[n][0] for n in (a, b, c)]
        ys = [self.node_xy[n][1] for n in (a, b, c)]
        cx, cy = sum(xs) / 3, sum(ys) / 3
        bx, by = self.node_xy[b]
        return bx + 1.9 * (cx - bx), by + 1.9 * (cy - by)

    def spot_xy(self, obs: dict, spot: int) -> tuple[float, float]:
        """The pirate's place on the figure: a sea tile's centre or a frame fishing ground."""
        n = self.topo.n_tiles
        if spot < n:
            x, y = self.tile_xy[spot]
            return x, y - TOKEN_DY
        return self.fishing_xy(obs["fishing_grounds"][spot - n])

    def click(self, kind: str, index: int) -> None:
        """Simulate a browser click (a tile index >= n_tiles is a frame fishing ground)."""
        if kind == "tile" and index >= self.topo.n_tiles:
            self.view.click("fishing", index)
        elif kind == "tile" and index in self.view.keys["sea_tiles"]:
            self.view.click("sea_tiles", index)
        else:
            super().click(kind, index)

    # ------------------------------------------------------------------ drawing
    def draw(self, obs: dict, heat=None, node_targets: Sequence[int] = (), edge_targets: Sequence[int] = (),
             tile_targets: Sequence[int] = (), names: Sequence[str] | None = None,
             recent: tuple[Sequence[int], Sequence[int]] = ((), ()), rolled: int | None = None,
             route: tuple[int, int, Sequence[int]] | None = None) -> None:
        """Show a combined-variant observation and the places a click can use (tiles: tile indices or pirate
        spots); ``route``: a wagon route preview (movement points, toll $, intersections in order)."""
        names = list(names or [f"Player {p + 1}" for p in range(obs["players"])])
        pieces = obs["edges"]["piece"]
        owners = obs["edges"]["owner"]
        base = dict(obs, roads=[o if pieces[e] == "road" else None for e, o in enumerate(owners)])
        n = self.topo.n_tiles
        inter, knights = obs["intersections"], obs["knights"]
        taken = {x for x in node_targets if inter["owner"][x] is not None or knights["level"][x]}
        super().draw(base, None, [x for x in node_targets if x not in taken], edge_targets,
                     [t for t in tile_targets if t < n], names, recent, rolled)
        v, topo, tiles = self.view, self.topo, obs["tiles"]
        land = self.land_tiles(obs)
        # names on the tiles with no number (a market tile names its market); a numbered tile is told by its colour
        # (the legend beside the board) and its token's tooltip: on this denser map its name would sit under the
        # pieces of its corners
        named = [t for t in land if not tiles[t]["number"]]
        v.set_labels("tile_names", named, [self.tile_xy[t][0] for t in named],
                     [self.tile_xy[t][1] + (0.6 if t in self.markets else 0.42) for t in named],
                     [self.markets.get(t) or tiles[t]["terrain"] for t in named],
                     colors=["#ffffff" if tiles[t]["terrain"] in TEXT_DARK else "#2b2b2b" for t in named])
        numbered = [t for t in land if tiles[t]["number"]]
        tx = [self.tile_xy[t][0] for t in numbered]
        ty = [self.tile_xy[t][1] - TOKEN_DY for t in numbered]
        both = [(tiles[t]["number"], tiles[t].get("second_number")) for t in numbered]
        v.set_labels("numbers", numbered, tx, ty, [f"{a}/{b}" if b else str(a) for a, b in both])
        v.set_labels("pips", numbered, tx, ty, [pip_text(a) + pip_text(b or 0) for a, b in both])
        sea = [t for t in range(n) if tiles[t]["terrain"] == "sea"]
        v.set_polygons("sea_tiles", sea, [[self.node_xy[x] for x in topo.tile_nodes[t]] for t in sea],
                       fill_colors=[SEA_TILE] * len(sea))
        v.set_segments("rivers", [self._segment(e) for e in range(topo.n_edges) if topo.edge_dashed[e]])
        draw_plazas(self, obs, self.markets)
        self._draw_fishing(obs)
        self._draw_ships(obs, names)
        draw_bridges(self, obs, names)
        draw_wagons(self, obs, names, route)
        self._draw_buildings(obs, names)
        self._draw_knights(obs, names)
        self._draw_pirate_merchant(obs, names)
        rings = sorted(taken)  # a click on a piece (a city, a knight): a ring round it
        v.set_points("node_rings", rings, [self.node_xy[x][0] for x in rings], [self.node_xy[x][1] for x in rings])
        spots = list(tile_targets)
        xy = [self.spot_xy(obs, t) for t in spots]
        for name in ("tile_targets", "tile_targets_in"):
            v.set_points(name, spots, [p[0] for p in xy], [p[1] for p in xy])
        self.legend.value = combined_legend_html(names, rolled)

    def _draw_fishing(self, obs: dict) -> None:
        n = self.topo.n_tiles
        grounds = obs["fishing_grounds"]
        keys = [n + i for i in range(len(grounds))]
        xy = [self._clear_of_harbours(self.fishing_xy(g)) for g in grounds]
        tips = [f"fishing ground {g[3]}: fish for the buildings at its 3 corners when {g[3]} is rolled (pirate spot "
                f"{n + i})" for i, g in enumerate(grounds)]
        v = self.view
        v.set_points("fishing", keys, [p[0] for p in xy], [p[1] for p in xy], names=tips)
        v.set_labels("fishing_text", keys, [p[0] for p in xy], [p[1] for p in xy], [f"~{g[3]}" for g in grounds])

    def _clear_of_harbours(self, xy: tuple[float, float]) -> tuple[float, float]:
        """A fishing token moved straight away from a harbour it would touch (both sit on the coast's water)."""
        layers = self.view.layers
        radii = [math.sqrt(float(layers[n].default_size) / math.pi) for n in ("fishing", "harbours")]
        reach = self.px_to_units(sum(radii) + 2)
        x, y = xy
        for hx, hy in zip(layers["harbours"].x, layers["harbours"].y):
            d = math.hypot(x - hx, y - hy)
            if 0 < d < reach:
                x, y = hx + (x - hx) * reach / d, hy + (y - hy) * reach / d
        return x, y

    def _draw_ships(self, obs: dict, names: Sequence[str]) -> None:
        v = self.view
        pieces, owners = obs["edges"]["piece"], obs["edges"]["owner"]
        ships = [e for e, piece in enumerate(pieces) if piece == "ship"]
        segs = [self._segment(e) for e in ships]
        colours = [PLAYER_COLOURS[owners[e]] for e in ships]
        v.set_segments("ship_outline", segs)
        v.set_segments("ships", segs, colors=colours)
        mids = [self.edge_mid(e) for e in ships]
        v.set_points("ship_hulls", ships, [m[0] for m in mids], [m[1] for m in mids], colors=colours,
                     names=[f"{names[owners[e]]}'s ship (edge {e})" for e in ships])

    def _draw_buildings(self, obs: dict, names: Sequence[str]) -> None:
        v = self.view
        inter = obs["intersections"]
        walls = [x for x, wall in enumerate(inter["wall"]) if wall]
        v.set_points("walls", walls, [self.node_xy[x][0] for x in walls], [self.node_xy[x][1] for x in walls],
                     names=[f"{names[inter['owner'][x]]}'s city wall (intersection {x}): +2 cards before a 7 "
                            "costs half" for x in walls])
        metros = [(track, x) for track, x in obs["metropolis"].items() if x is not None]
        xs = [self.node_xy[x][0] + 0.22 for _, x in metros]
        ys = [self.node_xy[x][1] + 0.22 for _, x in metros]
        keys = [x for _, x in metros]
        v.set_points("metropolises", keys, xs, ys, colors=[TRACK_COLOURS[t] for t, _ in metros],
                     names=[f"{names[inter['owner'][x]]}'s {t} metropolis (+2 VP, never reduced)" for t, x in metros])
        v.set_labels("metropolis_text", keys, xs, ys, ["M"] * len(metros),
                     colors=[OUTLINE if t == "trade" else "#ffffff" for t, _ in metros])

    def _draw_knights(self, obs: dict, names: Sequence[str]) -> None:
        v = self.view
        k = obs["knights"]
        nodes = [x for x, lv in enumerate(k["level"]) if lv]
        fills, rims, texts, tips = [], [], [], []
        for x in nodes:
            lv, owner, active = k["level"][x], k["owner"][x], k["active"][x]
            colour = PLAYER_COLOURS[owner]
            solid = ACTIVE_WHITE if colour == PLAYER_COLOURS[3] else colour  # a white knight active: grey inside
            fills.append(solid if active else "#ffffff")
            rims.append(colour)
            texts.append("#ffffff" if active else OUTLINE)
            tips.append(f"{names[owner]}'s {LEVEL_WORDS[lv]} knight (level {lv}, "
                        f"{'active' if active else 'inactive: hollow'}) on intersection {x}")
        xs = [self.node_xy[x][0] for x in nodes]
        ys = [self.node_xy[x][1] for x in nodes]
        v.set_points("knight_rims", nodes, xs, ys, colors=rims or ["#ffffff"], names=tips)
        v.set_points("knights", nodes, xs, ys, colors=fills or ["#ffffff"], names=tips,
                     stroke="#111111")
        v.set_labels("knight_text", nodes, xs, ys, [str(k["level"][x]) for x in nodes], colors=texts or ["#ffffff"])

    def _draw_pirate_merchant(self, obs: dict, names: Sequence[str]) -> None:
        v = self.view
        if obs["pirate"] is None:  # off the board (2 fish) until the next 7
            v.set_points("pirate", [], [], [])
            v.set_labels("pirate_text", [], [], [], [])
        else:
            px, py = self.spot_xy(obs, obs["pirate"])  # a black ring round its sea tile or fishing ground
            v.set_points("pirate", [obs["pirate"]], [px], [py],
                         names=["the pirate: ships next to it cannot be built or moved; a 7 may move it"])
            v.set_labels("pirate_text", [], [], [], [])  # the ring is named by the legend and its tooltip
        m = obs["merchant"]
        if m["tile"] is None:
            v.set_points("merchant", [], [], [])
        else:
            x, y = self.tile_xy[m["tile"]]
            owner = m["owner"]  # None: on the desert since the setup, nobody's until a Merchant card
            v.set_points("merchant", [m["tile"]], [x + 0.55], [y + 0.2],
                         colors=["#ffffff" if owner is None else PLAYER_COLOURS[owner]],
                         names=["the merchant (nobody's yet)" if owner is None else
                                f"the merchant ({names[owner]}): 2:1 for this tile's resource"])


def combined_board_figure(state, *, viewer: int | None = None, title: str | None = None):
    """A static (non-clicking) drawing of a combined-variant position for a lesson (a bqplot Figure)."""
    board = CombinedBoard(state.comp.topo, state.comp.board.river, state.comp.board.markets, clickable=False,
                          height="520px")
    board.draw(state.observation(-1 if viewer is None else viewer))
    fig = board.view.figure
    if title:
        fig.title = title
        fig.fig_margin = {"top": 36, "bottom": 4, "left": 4, "right": 4}
        fig.title_style = {"font-size": "16px"}
    return fig


def combined_legend_html(names: Sequence[str], rolled: int | None = None) -> str:
    """The combined board's colours and pieces in words."""
    from .catan_board import TERRAIN_COLOURS
    terrains = "".join(f'<span class="ct-key"><i style="background:{TERRAIN_COLOURS.get(t, SEA)}"></i>{esc(what)}'
                       f'</span>' for t, what in COMBINED_TERRAINS.items())
    players = "".join(f'<span class="ct-key"><i class="ct-chip" style="background:{PLAYER_COLOURS[p]}"></i>'
                      f'{esc(n)}</span>' for p, n in enumerate(names))
    pieces = ('<span class="ct-key">▲ settlement · ■ city · <b class="ct-wall">□</b> brown ring: city wall · '
              '<b>M</b> metropolis</span>'
              '<span class="ct-key">— road · - - ▼ ship</span>' + traders_legend_html() +
              '<span class="ct-key">◉ knight: a ring in its owner\'s colour, its level inside (1 basic, 2 strong, '
              '3 mighty); <b>filled = active</b>, white inside = inactive</span>'
              '<span class="ct-key">black ring: the robber (on a number) or the pirate (at sea) · '
              '◆ merchant</span>'
              f'<span class="ct-key"><i style="background:{FISH}"></i>~n fishing ground · <i style="background:'
              f'{RIVER}"></i>dashed: river crossing · 12/2: the 2 shares the 12\'s tile</span>')
    if rolled and rolled != 7:
        pieces += (f'<span class="ct-key"><i class="ct-lit"></i>lit token: the last roll, {rolled}, paid these tiles'
                   '</span>')
    return f'<div class="ct-legend">{terrains}</div><div class="ct-legend">{players}{pieces}</div>'


__all__ = ["CombinedBoard", "combined_board_figure", "combined_legend_html", "TRACK_COLOURS", "COMBINED_TERRAINS", "LEVEL_WORDS"]
