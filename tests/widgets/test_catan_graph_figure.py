"""The graph lessons' board figure: every edge and node of the board drawn once, by kind, with the layers asked."""
from __future__ import annotations

import re

from ratgames_lab.catan.board import BASE_BOARD
from ratgames_lab.widgets.catan_graph_figure import board_graph_figure


def _count(fig, what: str) -> int:
    return sum(int(re.search(r"\((\d+)", m.labels[0]).group(1)) for m in fig.marks
               if m.display_legend and re.match(rf"\w+ {what} \(", m.labels[0]))


def test_the_base_board_figure_draws_54_nodes_72_edges_and_a_road_layer():
    fig = board_graph_figure(BASE_BOARD, "base", layers=[("edges", "my road", "#ff0000", [0, 1])])
    assert _count(fig, "edge") == 72 and _count(fig, "node") == 54
    road = [m for m in fig.marks if m.display_legend and m.labels == ["my road"]]
    assert len(road) == 1 and len(road[0].x) == 6  # two segments, each with its gap


def test_without_the_graph_only_the_tiles_and_the_layers_are_drawn():
    fig = board_graph_figure(BASE_BOARD, "base", layers=[("nodes", "spots", "#000000", [3, 4])], graph=False)
    assert [m.labels for m in fig.marks if m.display_legend] == [["spots"]]
