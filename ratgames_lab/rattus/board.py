"""The Rattus board as a NetworkX graph loaded from data/board.json (a reconstruction; teachers may load their own).

Nodes are regions with attributes ``tier`` (the smallest player count that uses the region) and ``x``, ``y``
(drawing position); edges are land borders or sea arrows with attribute ``kind`` ("land" / "arrow").
"""
from __future__ import annotations

import copy
import json
from functools import cached_property
from pathlib import Path
from typing import Any

import networkx as nx

from ..core.errors import InvalidPositionError
from ..core.jsonio import read_json_file
from ..core.position import require, validate_schema
from .components import DATA_DIR

BOARD_FILE = DATA_DIR / "board.json"
BOARD_SCHEMA = DATA_DIR / "board.schema.json"
PLAYER_COUNTS = (2, 3, 4)


class Topology:
    """The board for one player count as plain tuples (the fast view the rules use)."""

    def __init__(self, graph: nx.Graph, order: list[str]):
        self.names: tuple[str, ...] = tuple(n for n in order if n in graph)
        self.index: dict[str, int] = {n: i for i, n in enumerate(self.names)}
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(sorted(self.index[m] for m in graph[n])) for n in self.names)
        self.adjacent: tuple[frozenset[int], ...] = tuple(frozenset(nb) for nb in self.neighbours)
        self.kind: dict[tuple[int, int], str] = {}
        for a, b, kind in graph.edges(data="kind"):
            i, j = self.index[a], self.index[b]
            self.kind[(i, j)] = self.kind[(j, i)] = kind
        self.size = len(self.names)


class Board:
    """A validated board: the full graph plus one Topology per player count."""

    def __init__(self, data: dict):
        self.data = data
        self.order: list[str] = [r["name"] for r in data["regions"]]
        g = nx.Graph()
        for r in data["regions"]:
            g.add_node(r["name"], tier=r["tier"], x=float(r["x"]), y=float(r["y"]))
        for e in data["edges"]:
            g.add_edge(e["a"], e["b"], kind=e["kind"])
        self.graph = g
        castle = data.get("castle") or {"x": 0.0, "y": 0.0}
        self.castle: tuple[float, float] = (float(castle["x"]), float(castle["y"]))

    def for_players(self, players: int) -> nx.Graph:
        """The induced subgraph of the regions used with ``players`` players (a copy)."""
        nodes = [n for n in self.order if self.graph.nodes[n]["tier"] <= players]
        return self.graph.subgraph(nodes).copy()

    @cached_property
    def _topologies(self) -> dict[int, Topology]:
        return {n: Topology(self.for_players(n), self.order) for n in PLAYER_COUNTS}

    def topology(self, players: int) -> Topology:
        """The fast tuple view of the board for ``players`` players."""
        return self._topologies[players]

    def to_json(self) -> dict:
        """The board data (a copy)."""
        return copy.deepcopy(self.data)


def read_json(source: Any, what: str) -> Any:
    """A dict as is, or the JSON content of a path."""
    if isinstance(source, (str, Path)):
        return read_json_file(source, "file")
    if isinstance(source, dict):
        return source
    raise InvalidPositionError(f"a {what} is a path or a dict, not {type(source).__name__}", what)


def validate_board(data: Any) -> None:
    """Raise InvalidPositionError naming the field unless ``data`` is a usable board."""
    validate_schema(data, BOARD_SCHEMA)
    names: dict[str, int] = {}
    for i, r in enumerate(data["regions"]):
        require(r["name"] not in names, f"duplicate region {r['name']!r}", f"regions[{i}].name")
        names[r["name"]] = r["tier"]
    seen: set[frozenset] = set()
    for i, e in enumerate(data["edges"]):
        require(e["a"] in names, f"unknown region {e['a']!r}", f"edges[{i}].a")
        require(e["b"] in names, f"unknown region {e['b']!r}", f"edges[{i}].b")
        require(e["a"] != e["b"], f"a region cannot border itself ({e['a']})", f"edges[{i}]")
        key = frozenset((e["a"], e["b"]))
        require(key not in seen, f"duplicate edge {e['a']}–{e['b']}", f"edges[{i}]")
        seen.add(key)
    g = nx.Graph()
    g.add_edges_from((e["a"], e["b"]) for e in data["edges"])
    for n in PLAYER_COUNTS:
        regions = [name for name, tier in names.items() if tier <= n]
        require(len(regions) >= 2, f"the {n}-player board needs at least 2 regions", "regions")
        sub = nx.Graph()
        sub.add_nodes_from(regions)
        sub.add_edges_from(g.subgraph(regions).edges)
        if not nx.is_connected(sub):
            parts = sorted((sorted(c) for c in nx.connected_components(sub)), key=len)
            raise InvalidPositionError(
                f"the {n}-player board is not connected ({', '.join(parts[0])} cut off)", "edges")


def build_board(data: Any) -> Board:
    """A validated Board from board data (a dict)."""
    validate_board(data)
    return Board(data)


def load_board(source: Any = None) -> Board:
    """A validated Board from a path or a dict (default: the shipped reconstruction)."""
    if source is None:
        return DEFAULT_BOARD
    data = read_json(source, "board")
    validate_board(data)
    return Board(data)


def board_for_players(players: int, board: Board | None = None) -> nx.Graph:
    """The region graph used with 2, 3 or 4 players (induced subgraph)."""
    if players not in PLAYER_COUNTS:
        raise ValueError(f"Rattus is for 2-4 players, not {players!r}")
    return (board or DEFAULT_BOARD).for_players(players)


_default = json.loads(BOARD_FILE.read_text())
validate_board(_default)
DEFAULT_BOARD = Board(_default)
