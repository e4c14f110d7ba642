"""The Rattus map: regions of the NetworkX board graph drawn with bqplot, clickable, with cubes, rat tokens, the
plague, the Castle and an optional risk colouring. It only draws a ``MapState``; the dashboard decides what it holds
(so hidden tokens never reach the browser unless the dashboard puts them there).
"""
from __future__ import annotations

import dataclasses
from typing import Callable

import bqplot as bq
import ipywidgets as w
import networkx as nx

from ratgames_lab.core.i18n import format_percent
from ratgames_lab.rattus import COLOURS as COLOUR_NAMES

from .common.board_view import BoardView
from .common.theme import esc
from .common.translate import _, ngettext

PLAYER_HEX = ["#d64545", "#f0b429", "#2f9e6e", "#2f6fd6"]       # Red, Yellow, Green, Blue
PLAYER_TEXT = ["#ffffff", "#3b2c00", "#ffffff", "#ffffff"]
RISK_COLOURS = ["#fffdf3", "#fde68a", "#f8a145", "#ef5b4c", "#e0453a"]  # 0% … 100% (names stay readable)
REGION_FILL = "#f7ecd2"
GHOST_FILL = "#eceff3"
LAND = "#8d7b68"
SEA = "#2b7bb9"
TARGET = "#f0b429"
SELECTED = "#2f6fd6"
PLAGUE = "#1f1f1f"

# offsets in board units from a region's centre (the board is about 11 x 8.6 units)
NAME_DY = 0.34
TOKEN_DX = 0.30
CUBE_DY = -0.36
CUBE_DX = 0.31
RISK_DY = 0.97
PLAGUE_D = (0.60, 0.52)


@dataclasses.dataclass
class TokenShown:
    """A face-down rat token as the viewer may see it: ``label`` is '' when hidden (or the threshold if known)."""

    label: str
    tooltip: str
    known: bool


@dataclasses.dataclass
class MapState:
    """Everything the map shows, already filtered for the viewer."""

    cubes: dict[str, list[int]]
    tokens: dict[str, list[TokenShown]]
    plague: str
    castle: list[int]
    targets: list[str] = dataclasses.field(default_factory=list)
    selected: str | None = None
    risk: dict[str, float] | None = None
    risk_text: dict[str, str] = dataclasses.field(default_factory=dict)
    region_info: dict[str, str] = dataclasses.field(default_factory=dict)


class RattusMap:
    """Draws one board (all regions; those not used with this player count greyed) and reports region clicks."""

    def __init__(self, graph: nx.Graph, castle: tuple[float, float], in_play: list[str], players: int,
                 on_region: Callable[[str, int | None], None]):
        self.graph = graph
        self.castle_xy = castle
        self.on_region = on_region
        xs = [d["x"] for _, d in graph.nodes(data=True)] + [castle[0]]
        ys = [d["y"] for _, d in graph.nodes(data=True)] + [castle[1]]
        self.view = BoardView((min(xs) - 0.9, max(xs) + 0.9), (min(ys) - 1.0, max(ys) + 1.0),
                              on_click=self._clicked, height="450px", background="#dcecf5",
                              color_scale={"min": 0.0, "max": 1.0, "colors": RISK_COLOURS})
        v = self.view
        v.lines("ghost_edges", colors=["#c3cad3"], stroke_width=2, line_style="dotted")
        v.lines("land", colors=[LAND], stroke_width=4)
        v.lines("sea", colors=[SEA], stroke_width=3, line_style="dashed")
        v.points("ghosts", marker="circle", default_size=3600, colors=[GHOST_FILL], stroke="#c3cad3",
                 stroke_width=1.5)
        v.labels("ghost_names", colors=["#9aa5b1"], default_size=13, font_weight="bold", align="middle")
        v.points("halo", marker="circle", default_size=7400, colors=[TARGET])
        v.points("selected", marker="circle", default_size=8600, colors=[SELECTED])
        v.points("plague_ring", marker="circle", default_size=7700, colors=[PLAGUE])
        tip = bq_tooltip()
        v.points("regions", clickable=True, colored=True, marker="circle", default_size=5400,
                 colors=[REGION_FILL], stroke="#8d7b68", stroke_width=1.5, tooltip=tip,
                 interactions={"hover": "tooltip"})
        v.points("castle", marker="square", default_size=3000, colors=["#e3d3a8"], stroke="#8d7b68",
                 stroke_width=2, tooltip=bq_tooltip(), interactions={"hover": "tooltip"})
        v.labels("castle_name", colors=["#5b4636"], default_size=13, font_weight="bold", align="middle")
        v.labels("names", clickable=True, colors=["#3e2c1c"], default_size=14, font_weight="bold", align="middle")
        v.points("tokens", clickable=True, marker="circle", default_size=300, colors=["#4b3621"], stroke="#ffffff",
                 stroke_width=1.2, tooltip=bq_tooltip(), interactions={"hover": "tooltip"})
        v.labels("token_text", clickable=True, colors=["#ffffff"], default_size=11, font_weight="bold",
                 align="middle", y_offset=4)
        v.points("cubes", clickable=True, marker="square", default_size=330, colors=PLAYER_HEX, stroke="#ffffff",
                 stroke_width=1, tooltip=bq_tooltip(), interactions={"hover": "tooltip"})
        v.labels("cube_text", clickable=True, colors=PLAYER_TEXT, default_size=11, font_weight="bold",
                 align="middle", y_offset=4)
        v.points("plague", marker="diamond", default_size=520, colors=[PLAGUE], stroke="#e12d39", stroke_width=2.5,
                 tooltip=bq_tooltip(), interactions={"hover": "tooltip"})
        v.labels("plague_text", colors=["#e12d39"], default_size=11, font_weight="bold", align="middle")
        v.labels("risk_text", clickable=True, colors=["#7a0c12"], default_size=14, font_weight="bold",
                 align="middle")
        self.legend = w.HTML()
        self.widget = w.VBox([self.view.figure, self.legend], layout=w.Layout(width="100%"))
        self.widget.add_class("rg-map")
        self.set_players(in_play, players)

    # ------------------------------------------------------------------ static parts
    def set_players(self, in_play: list[str], players: int) -> None:
        """Which regions are in play (the others are greyed) and how many colours are used."""
        g = self.graph
        self.in_play = list(in_play)
        self.players = players
        inside = set(in_play)
        pos = {n: (d["x"], d["y"]) for n, d in g.nodes(data=True)}
        self.pos = pos
        land, sea, ghost = [], [], []
        for a, b, kind in g.edges(data="kind"):
            seg = (pos[a], pos[b])
            if a in inside and b in inside:
                (sea if kind == "arrow" else land).append(seg)
            else:
                ghost.append(seg)
        v = self.view
        v.set_segments("land", land)
        v.set_segments("sea", sea)
        v.set_segments("ghost_edges", ghost)
        out = [n for n in g.nodes if n not in inside]
        v.set_points("ghosts", out, [pos[n][0] for n in out], [pos[n][1] for n in out])
        texts = [_("{region} ({n}+ players)").format(region=n, n=g.nodes[n]["tier"]) for n in out]
        v.set_labels("ghost_names", out, [pos[n][0] for n in out], [pos[n][1] for n in out], texts)
        cx, cy = self.castle_xy
        v.set_points("castle", ["Castle"], [cx], [cy], names=[_("Castle: cubes here are safe and count at the end")])
        v.set_labels("castle_name", ["Castle"], [cx], [cy - 0.62], [_("Castle")])
        v.set_labels("names", self.in_play, [pos[n][0] for n in self.in_play],
                     [pos[n][1] + NAME_DY for n in self.in_play], self.in_play)

    # ------------------------------------------------------------------ drawing a position
    def show(self, m: MapState) -> None:
        """Draw a position (cubes, tokens, plague, targets, risk) for the viewer."""
        v, pos = self.view, self.pos
        regions = self.in_play
        info = [m.region_info.get(n, n) for n in regions]
        if m.risk is None:
            v.set_points("regions", regions, [pos[n][0] for n in regions], [pos[n][1] for n in regions],
                         names=info, color=None)
        else:
            v.set_points("regions", regions, [pos[n][0] for n in regions], [pos[n][1] for n in regions],
                         names=info, color=[float(m.risk[n]) for n in regions])
        risk_keys = list(regions) if m.risk is not None else []
        v.set_labels("risk_text", risk_keys, [pos[n][0] for n in risk_keys],
                     [pos[n][1] + RISK_DY for n in risk_keys], [m.risk_text.get(n, "") for n in risk_keys])
        targets = [n for n in m.targets if n in pos]
        v.set_points("halo", targets, [pos[n][0] for n in targets], [pos[n][1] for n in targets])
        sel = [m.selected] if m.selected in pos else []
        v.set_points("selected", sel, [pos[n][0] for n in sel], [pos[n][1] for n in sel])
        px, py = pos[m.plague]
        v.set_points("plague_ring", [m.plague], [px], [py])
        v.set_points("plague", [m.plague], [px + PLAGUE_D[0]], [py + PLAGUE_D[1]],
                     names=[_("The plague is in {region}").format(region=m.plague)])
        v.set_labels("plague_text", [m.plague], [px + PLAGUE_D[0] + 0.1], [py + PLAGUE_D[1] - 0.6], [_("PLAGUE")])
        self._tokens(m)
        self._cubes(m)

    def _tokens(self, m: MapState) -> None:
        keys, xs, ys, names, colours = [], [], [], [], []
        lkeys, lxs, lys, ltexts = [], [], [], []
        for n in self.in_play:
            toks = m.tokens.get(n, [])
            x, y = self.pos[n]
            for i, t in enumerate(toks):
                tx = x + (i - (len(toks) - 1) / 2) * TOKEN_DX
                keys.append((n, i))
                xs.append(tx)
                ys.append(y)
                names.append(t.tooltip)
                colours.append("#7b4bb7" if t.known else "#4b3621")
                if t.label:
                    lkeys.append((n, i))
                    lxs.append(tx)
                    lys.append(y)
                    ltexts.append(t.label)
        self.view.set_points("tokens", keys, xs, ys, names=names, colors=colours or ["#4b3621"])
        self.view.set_labels("token_text", lkeys, lxs, lys, ltexts)

    def _cubes(self, m: MapState) -> None:
        keys, xs, ys, names, colours = [], [], [], [], []
        texts, tcolours = [], []
        spots = [(n, self.pos[n], m.cubes.get(n, [])) for n in self.in_play]
        spots.append(("Castle", self.castle_xy, m.castle))
        for n, (x, y), cubes in spots:
            for p in range(self.players):
                count = cubes[p] if p < len(cubes) else 0
                if not count:
                    continue
                keys.append(n)
                xs.append(x + (p - (self.players - 1) / 2) * CUBE_DX)
                ys.append(y + CUBE_DY)
                where = _("Castle") if n == "Castle" else n
                names.append(ngettext("{player}: {n} cube in {region}", "{player}: {n} cubes in {region}", count)
                             .format(player=COLOUR_NAMES[p], n=count, region=where))
                colours.append(PLAYER_HEX[p])
                texts.append(str(count))
                tcolours.append(PLAYER_TEXT[p])
        self.view.set_points("cubes", keys, xs, ys, names=names, colors=colours or PLAYER_HEX)
        self.view.set_labels("cube_text", keys, xs, ys, texts, colors=tcolours or PLAYER_TEXT)

    def _clicked(self, layer: str, key: object) -> None:
        if isinstance(key, tuple):  # a rat token: (region, slot)
            self.on_region(key[0], key[1])
        elif isinstance(key, str) and key in self.pos:
            self.on_region(key, None)

    def click(self, region: str) -> None:
        """Simulate a click on a region's disc (tests; same path as the browser's message)."""
        self.view.click("regions", region)

    def click_token(self, region: str, slot: int) -> None:
        """Simulate a click on one face-down token of a region."""
        self.view.click("tokens", (region, slot))

    # ------------------------------------------------------------------ legend
    def set_legend(self, risk_note: str | None, players: list[str]) -> None:
        """The key under the map: colours, tokens, plague, borders, and the risk scale when it is shown."""
        cubes = "".join(f'<span class="rg-key"><i style="background:{PLAYER_HEX[p]}"></i>{esc(name)}</span>'
                        for p, name in enumerate(players))
        parts = [
            cubes,
            _key("rt-dot", _("face-down rat token")),
            _key("rt-dot rt-known", _("token you know (number = threshold)")),
            _key("rt-diamond", _("plague")),
            _key("rt-line", _("land border")),
            _key("rt-line rt-sea", _("sea route")),
            _key("rt-halo", _("you can click")),
        ]
        risk = ""
        if risk_note is not None:
            stops = ", ".join(RISK_COLOURS)
            zero, full = format_percent(0, 0), format_percent(1, 0)
            risk = (f'<div class="rt-risk-legend"><span class="rt-risk-title">{esc(risk_note)}</span>'
                    f'<span class="rt-scale"><span>{esc(zero)}</span><i style="background:linear-gradient(to right, '
                    f'{stops})"></i><span>{esc(full)}</span></span></div>')
        self.legend.value = f'<div class="rt-legend">{"".join(parts)}</div>{risk}'


def _key(cls: str, text: str) -> str:
    """One entry of the map's key: a symbol and its words."""
    return f'<span class="rg-key"><i class="{cls}"></i>{esc(text)}</span>'


def bq_tooltip() -> bq.Tooltip:
    """A tooltip showing the ``names`` text of the hovered element."""
    return bq.Tooltip(fields=["name"], labels=[""], show_labels=False)


__all__ = ["RattusMap", "MapState", "TokenShown", "PLAYER_HEX", "RISK_COLOURS"]
