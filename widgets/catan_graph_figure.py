"""The board as a graph, drawn for the graph lessons: the tiles in their terrain colours, the edges and nodes by
kind, and layers of roads, routes or special nodes on top (bqplot)."""
from __future__ import annotations

import bqplot as bq
import numpy as np
from ipywidgets import Layout

from ratgames_lab.catan import TERRAINS

from .catan_board import TERRAIN_COLOURS

EDGE_STYLE = {"land": ("#3b3b3b", 1.5), "coast": ("#8d5a2b", 1.5), "sea": ("#2166ac", 1.0),
              "interior": ("#e65100", 2.5)}
NODE_STYLE = {"land": "#3b3b3b", "coast": "#8d5a2b", "sea": "#2166ac", "plaza": "#e65100"}
WIDTH = 760  # the board figures' width in pixels


def _segments(xy, pairs):
    """x and y arrays of many segments in one line, separated by gaps (NaN), so the legend shows it once."""
    xs, ys = [], []
    for a, b in pairs:
        xs += [xy[a][0], xy[b][0], np.nan]
        ys += [xy[a][1], xy[b][1], np.nan]
    return np.array(xs), np.array(ys)


def board_graph_figure(board, title: str, layers=(), graph: bool = True) -> bq.Figure:
    """The board's tiles with its graph (edges and nodes by kind) and extra layers on top.

    Each layer is (what, label, colour, items): "edges" (edge indices), "path" (nodes in order) or "nodes" (with
    an optional fifth item, the marker)."""
    topo = board.topo
    xy = [(x, -y) for x, y in topo.node_xy]  # y grows upwards on the figure
    sx, sy = bq.LinearScale(), bq.LinearScale()
    scales = {"x": sx, "y": sy}
    tiles = [t for t in range(topo.n_tiles) if TERRAINS[board.layout.terrain[t]] != "sea"]
    marks = [bq.Lines(x=[[xy[v][0] for v in topo.tile_nodes[t]] for t in tiles],
                      y=[[xy[v][1] for v in topo.tile_nodes[t]] for t in tiles], fill="inside",
                      fill_colors=[TERRAIN_COLOURS[TERRAINS[board.layout.terrain[t]]] for t in tiles],
                      fill_opacities=[0.45] * len(tiles), colors=["#ffffff"], stroke_width=0.5, scales=scales)]
    if graph:
        for kind, (colour, width) in EDGE_STYLE.items():
            of_kind = [e for e in range(topo.n_edges) if topo.edge_kind[e] == kind]
            dashed = sum(topo.edge_dashed[e] for e in of_kind)
            if of_kind:
                x, y = _segments(xy, [topo.edge_nodes[e] for e in of_kind if not topo.edge_dashed[e]])
                marks.append(bq.Lines(x=x, y=y, colors=[colour], stroke_width=width, scales=scales,
                                      labels=[f"{kind} edge ({len(of_kind)}" + (f", {dashed} dashed)" if dashed
                                                                               else ")")], display_legend=True))
        dashed = [topo.edge_nodes[e] for e in range(topo.n_edges) if topo.edge_dashed[e]]
        if dashed:
            x, y = _segments(xy, dashed)
            marks.append(bq.Lines(x=x, y=y, colors=["#00bcd4"], stroke_width=4, line_style="dashed", scales=scales,
                                  labels=[f"river crossing, dashed ({len(dashed)})"], display_legend=True))
        for kind, colour in NODE_STYLE.items():
            nodes = [v for v in range(topo.n_nodes) if topo.node_kind[v] == kind]
            if nodes:
                marks.append(bq.Scatter(x=[xy[v][0] for v in nodes], y=[xy[v][1] for v in nodes], colors=[colour],
                                        default_size=90 if kind == "plaza" else 16,
                                        marker="square" if kind == "plaza" else "circle", scales=scales,
                                        labels=[f"{kind} node ({len(nodes)})"], display_legend=True))
    for what, label, colour, items, *marker in layers:
        if what == "edges":
            x, y = _segments(xy, [topo.edge_nodes[e] for e in items])
            marks.append(bq.Lines(x=x, y=y, colors=[colour], stroke_width=9, scales=scales, labels=[label],
                                  display_legend=True))
        elif what == "path":
            marks.append(bq.Lines(x=[xy[v][0] for v in items], y=[xy[v][1] for v in items], colors=[colour],
                                  stroke_width=3.5, line_style="dash_dotted" if "BFS" in label
                                  else "solid", scales=scales, labels=[label], display_legend=True))
        else:
            marks.append(bq.Scatter(x=[xy[v][0] for v in items], y=[xy[v][1] for v in items], colors=[colour],
                                    default_size=160, marker=(marker or ["triangle-up"])[0], stroke="#000000",
                                    scales=scales,
                                    labels=[label], display_legend=True))
    xs = [p[0] for p in xy]
    ys = [p[1] for p in xy]
    entries = sum(1 for m in marks if m.display_legend)
    sx.min, sx.max = min(xs) - 0.5, max(xs) + 0.5
    per_unit = (WIDTH - 80) / (sx.max - sx.min)  # pixels per unit on both axes: regular hexagons
    room = (16 * entries + 24) / per_unit  # room at the top for the legend
    sy.min, sy.max = min(ys) - 0.5, max(ys) + 0.5 + room
    height = round(per_unit * (sy.max - sy.min)) + 80
    return bq.Figure(marks=marks, title=title, legend_location="top-left", legend_style={"font-size": "11px"},
                     fig_margin={"top": 40, "bottom": 40, "left": 40, "right": 40},
                     layout=Layout(width=f"{WIDTH}px", height=f"{height}px"),
                     axes=[bq.Axis(scale=sx, label="west to east", num_ticks=0),
                           bq.Axis(scale=sy, orientation="vertical", label="south to north", num_ticks=0)])
