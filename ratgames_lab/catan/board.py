"""The Catan board: hex tiles in axial coordinates, and the NetworkX graph of intersections and edges built from them.

Coordinates: pointy-top hexes in axial coordinates (q, r); r grows downwards, q to the east. A board file may
also give tiles in "odd-r" offset coordinates (row, col; odd rows shifted half a hex right), the form of the
combined variant's board (catan.md Part 2), converted with ``offset_to_axial``.

An **intersection** (graph node) is the corner shared by three hexes; its key is the sorted triple of those
hexes' coordinates (some of them may be off the board: the frame). An **edge** (graph edge) is the side shared
by two hexes. Nodes and edges exist for every corner and side of every listed tile, sea tiles included, so
the combined variant's sea nodes (ships only) come with the same code. Each node and edge knows its listed
tiles. Node ``kind``: "land" (only land tiles around), "coast" (land and sea or frame) or "sea" (no land);
edge ``kind`` likewise ("land", "coast", "sea"); edges may be ``dashed`` (a river crossing: bridges only).
A market tile (Part 2) adds a ``plaza`` node joined to its land corners by ``interior`` edges. A tile may carry
a ``second_number`` (Part 2: the 2 that shares the 12's hex); ``frame`` says whether a ring of virtual sea hexes
surrounds the listed tiles (harbours and fishing grounds may sit there).

The graph is the source of truth; ``Topology`` flattens it into tuples of ints for the rules' hot path.
The *layout* (which terrain and number on each tile, which harbour kind on each harbour edge, the robber)
belongs to the game state, so random boards and "what if" edits need no new topology.
"""
from __future__ import annotations

import copy
import json
import math
import random
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

import networkx as nx

from ..core.errors import InvalidPositionError
from ..core.position import require

DATA_DIR = Path(__file__).parent / "data"
BASE_BOARD_FILE = DATA_DIR / "base_board.json"

RESOURCES = ("brick", "lumber", "wool", "grain", "ore")
TERRAINS = RESOURCES + ("desert", "gold", "sea", "swamp", "lake", "market")
TERRAIN_INDEX = {t: i for i, t in enumerate(TERRAINS)}
DESERT, GOLD, SEA, SWAMP, LAKE, MARKET = (TERRAIN_INDEX[t]
                                          for t in ("desert", "gold", "sea", "swamp", "lake", "market"))
WATER = frozenset({"sea"})
NUMBERED = frozenset(RESOURCES) | {"gold"}
HARBOUR_KINDS = ("3:1",) + RESOURCES
MARKET_NAMES = ("castle", "quarry", "glassworks")  # Traders & Barbarians' three markets
GENERIC_HARBOUR = 5  # index of "3:1" in the state's harbour codes; 0-4 = the 2:1 harbour of that resource
SIDES = ("E", "NE", "NW", "W", "SW", "SE")
DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))  # axial steps, in the order of SIDES
SQRT3 = math.sqrt(3.0)

Hex = tuple[int, int]


def offset_to_axial(row: int, col: int) -> Hex:
    """Odd-r offset (row, col) to axial (q, r)."""
    return col - (row - (row & 1)) // 2, row


def neighbour(h: Hex, side: int) -> Hex:
    """The hex across ``side`` (0-5, in SIDES order)."""
    dq, dr = DIRECTIONS[side]
    return h[0] + dq, h[1] + dr


def side_towards(a: Hex, b: Hex) -> int:
    """The side of hex a that faces its neighbour b."""
    step = (b[0] - a[0], b[1] - a[1])
    if step not in DIRECTIONS:
        raise ValueError(f"hexes {a} and {b} are not neighbours")
    return DIRECTIONS.index(step)


def corner_key(h: Hex, corner: int) -> tuple[Hex, Hex, Hex]:
    """The intersection between sides ``corner`` and ``corner + 1`` of hex h: the sorted triple of its hexes."""
    return tuple(sorted((h, neighbour(h, corner), neighbour(h, (corner + 1) % 6))))  # type: ignore[return-value]


def side_key(h: Hex, side: int) -> tuple[Hex, Hex]:
    """The edge on ``side`` of hex h: the sorted pair of the two hexes it separates."""
    return tuple(sorted((h, neighbour(h, side))))  # type: ignore[return-value]


def hex_center(h: Hex) -> tuple[float, float]:
    """Drawing position of a hex centre (unit circumradius, y downwards)."""
    q, r = h
    return SQRT3 * (q + r / 2.0), 1.5 * r


@dataclass
class Layout:
    """What lies on the board: terrain and number per tile, the harbour kind per harbour edge, the robber."""

    terrain: list[int]
    number: list[int]
    harbours: list[tuple[int, int]]  # (edge index, harbour code: 0-4 resource 2:1, 5 = 3:1)
    robber: int

    def copy(self) -> "Layout":
        """An independent copy."""
        return Layout(self.terrain[:], self.number[:], list(self.harbours), self.robber)


@dataclass(eq=False)
class Board:
    """A validated board: its tiles, the graph derived from them, the flat topology and the default layout."""

    name: str
    hexes: list[Hex]
    water: list[bool]
    river: list[bool]
    dashed: list[tuple[Hex, Hex]]
    layout: Layout
    harbour_slots: list[int]
    data: dict = field(repr=False, default_factory=dict)
    number2: list[int] = field(default_factory=list)  # a second token per tile (0 = none)
    markets: dict[int, str] = field(default_factory=dict)  # market tile -> its name (castle, quarry, glassworks)
    frame: bool = True

    @cached_property
    def graph(self) -> nx.Graph:
        """The NetworkX graph of intersections (nodes) and edges (the source of truth)."""
        return build_graph(self.hexes, self.water, self.dashed, self.layout.terrain)

    @cached_property
    def topo(self) -> "Topology":
        """The flattened lookup tables."""
        return Topology(self.graph, self.hexes)

    def to_json(self) -> dict:
        """The board file data (a copy)."""
        return copy.deepcopy(self.data)


def build_graph(hexes: list[Hex], water: list[bool], dashed: list[tuple[Hex, Hex]],
                terrain: list[int] | None = None) -> nx.Graph:
    """Intersections and edges of the listed hexes, with their tiles, kinds and drawing positions."""
    index = {h: i for i, h in enumerate(hexes)}
    dashed_keys = {tuple(sorted(p)) for p in dashed}
    g = nx.Graph()

    def is_land(h: Hex) -> bool:
        i = index.get(h)
        return i is not None and not water[i]

    for h in hexes:
        for c in range(6):
            key = corner_key(h, c)
            if key not in g:
                tiles = sorted(index[x] for x in key if x in index)
                land = sum(is_land(x) for x in key)
                kind = "land" if land == 3 else ("coast" if land else "sea")
                xs = [hex_center(x) for x in key]
                g.add_node(key, tiles=tiles, kind=kind, x=sum(p[0] for p in xs) / 3, y=sum(p[1] for p in xs) / 3)
        for s in range(6):
            a, b = corner_key(h, (s - 1) % 6), corner_key(h, s)
            if not g.has_edge(a, b):
                pair = side_key(h, s)
                tiles = sorted(index[x] for x in pair if x in index)
                land = sum(is_land(x) for x in pair)
                kind = "land" if land == 2 else ("coast" if land else "sea")
                g.add_edge(a, b, tiles=tiles, kind=kind, dashed=pair in dashed_keys, interior=False, side=pair)
    if terrain is not None:
        for i, h in enumerate(hexes):
            if terrain[i] == MARKET:
                _add_plaza(g, h, i, is_land)
    return g


def _add_plaza(g: nx.Graph, h: Hex, tile: int, is_land) -> None:
    """Part 2: a market's plaza node joined by interior edges to the ends of its land-side edges."""
    plaza = ("plaza", h)
    x, y = hex_center(h)
    g.add_node(plaza, tiles=[tile], kind="plaza", x=x, y=y)
    for s in range(6):
        if is_land(neighbour(h, s)):
            for corner in (corner_key(h, (s - 1) % 6), corner_key(h, s)):
                if not g.has_edge(plaza, corner):
                    g.add_edge(plaza, corner, tiles=[tile], kind="interior", dashed=False, interior=True, side=None)


class Topology:
    """The graph flattened into tuples of ints (nodes and edges numbered top to bottom, left to right)."""

    def __init__(self, graph: nx.Graph, hexes: list[Hex]):
        self.hexes = tuple(hexes)
        self.tile_index = {h: i for i, h in enumerate(hexes)}
        nodes = sorted(graph.nodes, key=lambda n: (round(graph.nodes[n]["y"], 6), round(graph.nodes[n]["x"], 6)))
        self.node_keys = tuple(nodes)
        self.node_index = {n: i for i, n in enumerate(nodes)}

        def mid(e):
            a, b = graph.nodes[e[0]], graph.nodes[e[1]]
            return round((a["y"] + b["y"]) / 2, 6), round((a["x"] + b["x"]) / 2, 6)

        edges = sorted(((min(a, b, key=self.node_index.get), max(a, b, key=self.node_index.get))
                        for a, b in graph.edges), key=mid)
        self.edge_keys = tuple(edges)
        ni = self.node_index
        self.n_nodes, self.n_edges, self.n_tiles = len(nodes), len(edges), len(hexes)
        self.node_xy = tuple((graph.nodes[n]["x"], graph.nodes[n]["y"]) for n in nodes)
        self.node_kind = tuple(graph.nodes[n]["kind"] for n in nodes)
        self.node_tiles = tuple(tuple(graph.nodes[n]["tiles"]) for n in nodes)
        self.edge_nodes = tuple((ni[a], ni[b]) for a, b in edges)
        self.edge_tiles = tuple(tuple(graph.edges[e]["tiles"]) for e in edges)
        self.edge_kind = tuple(graph.edges[e]["kind"] for e in edges)
        self.edge_dashed = tuple(bool(graph.edges[e]["dashed"]) for e in edges)
        self.edge_index = {}
        for i, (a, b) in enumerate(self.edge_nodes):
            self.edge_index[(a, b)] = self.edge_index[(b, a)] = i
        node_edges: list[list[int]] = [[] for _ in nodes]
        for i, (a, b) in enumerate(self.edge_nodes):
            node_edges[a].append(i)
            node_edges[b].append(i)
        self.node_edges = tuple(tuple(sorted(x)) for x in node_edges)
        self.node_nbrs = tuple(tuple(sorted(ni[m] for m in graph[n])) for n in nodes)
        self.tile_nodes = tuple(tuple(ni[corner_key(h, c)] for c in range(6)) for h in hexes)
        self.tile_edges = tuple(tuple(self.edge_index[(ni[corner_key(h, (s - 1) % 6)], ni[corner_key(h, s)])]
                                      for s in range(6)) for h in hexes)
        self.side_edge = {(t, s): self.tile_edges[t][s] for t in range(len(hexes)) for s in range(6)}
        self.tile_xy = tuple(hex_center(h) for h in hexes)
        # settlements and roads go on land and coast; ships (Part 2) on sea and coast
        self.node_buildable = tuple(k in ("land", "coast") for k in self.node_kind)
        self.edge_road = tuple(k in ("land", "coast") and not d for k, d in zip(self.edge_kind, self.edge_dashed))
        self.tile_neighbours = tuple(tuple(self.tile_index[neighbour(h, s)] for s in range(6)
                                           if neighbour(h, s) in self.tile_index) for h in hexes)

    def edge_label(self, e: int) -> str:
        """A short readable name: 'edge 12 (nodes 3-8)'."""
        a, b = self.edge_nodes[e]
        return f"edge {e} ({a}-{b})"


# --------------------------------------------------------------------------------------------
# Board files
# --------------------------------------------------------------------------------------------
def read_json(source: Any, what: str) -> Any:
    """A dict as is, or the JSON content of a path; InvalidPositionError('file') when unreadable."""
    if isinstance(source, (str, Path)):
        try:
            return json.loads(Path(source).read_text())
        except OSError as exc:
            raise InvalidPositionError(f"cannot read {source}: {exc.strerror}", "file") from None
        except json.JSONDecodeError as exc:
            raise InvalidPositionError(f"not valid JSON ({exc.msg} at line {exc.lineno})", "file") from None
    if isinstance(source, dict):
        return source
    raise InvalidPositionError(f"a {what} is a path or a dict, not {type(source).__name__}", what)


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _hex_of(value: Any, where: str, coords: str) -> Hex:
    """A tile reference [q, r] (axial) or [row, col] (odd-r), checked."""
    require(isinstance(value, list) and len(value) == 2 and all(_int(x) for x in value),
            "must be a pair of integers", where)
    return offset_to_axial(value[0], value[1]) if coords == "odd-r" else (value[0], value[1])


def parse_board(data: Any) -> Board:
    """A validated Board from board-file data; InvalidPositionError names the first bad field."""
    require(isinstance(data, dict), "a board is a JSON object", "board")
    known = {"name", "note", "reconstruction", "coordinates", "tiles", "harbours", "dashed", "robber", "frame"}
    extra = sorted(set(data) - known)
    require(not extra, f"unexpected field {extra[0]!r}" if extra else "", extra[0] if extra else "board")
    coords = data.get("coordinates", "axial")
    require(coords in ("axial", "odd-r"), "must be 'axial' or 'odd-r'", "coordinates")
    tiles = data.get("tiles")
    require(isinstance(tiles, list) and tiles, "a non-empty list of tiles is required", "tiles")
    hexes: list[Hex] = []
    water: list[bool] = []
    river: list[bool] = []
    terrain: list[int] = []
    number: list[int] = []
    number2: list[int] = []
    markets: dict[int, str] = {}
    seen: dict[Hex, int] = {}
    for i, t in enumerate(tiles):
        f = f"tiles[{i}]"
        require(isinstance(t, dict), "a tile is a JSON object", f)
        keys = ("row", "col") if coords == "odd-r" else ("q", "r")
        extra = sorted(set(t) - set(keys) - {"terrain", "number", "second_number", "river", "market"})
        require(not extra, "unexpected field", f"{f}.{extra[0]}" if extra else f)
        for k in keys:
            require(k in t, "missing", f"{f}.{k}")
            require(_int(t[k]) and abs(t[k]) <= 50, "must be an integer between -50 and 50", f"{f}.{k}")
        h = offset_to_axial(t["row"], t["col"]) if coords == "odd-r" else (t["q"], t["r"])
        require(h not in seen, f"same place as tiles[{seen.get(h)}]", f)
        seen[h] = i
        require("terrain" in t, "missing", f"{f}.terrain")
        require(isinstance(t["terrain"], str) and t["terrain"] in TERRAIN_INDEX,
                f"unknown terrain {t['terrain']!r} (one of {', '.join(TERRAINS)})", f"{f}.terrain")
        num = t.get("number")
        if t["terrain"] in NUMBERED:
            require(_int(num) and 2 <= num <= 12 and num != 7, "a producing tile needs a number 2-6 or 8-12",
                    f"{f}.number")
        else:
            require(num is None, f"a {t['terrain']} tile takes no number", f"{f}.number")
        num2 = t.get("second_number")
        if num2 is not None:
            require(t["terrain"] in NUMBERED, f"a {t['terrain']} tile takes no number", f"{f}.second_number")
            require(_int(num2) and 2 <= num2 <= 12 and num2 != 7, "a number 2-6 or 8-12", f"{f}.second_number")
        require(isinstance(t.get("river", False), bool), "must be true or false", f"{f}.river")
        if t["terrain"] == "market":
            require(t.get("market") in MARKET_NAMES, f"a market tile names its market ({', '.join(MARKET_NAMES)})",
                    f"{f}.market")
            require(t["market"] not in markets.values(), "each market appears once", f"{f}.market")
            markets[len(hexes)] = t["market"]
        else:
            require("market" not in t, f"a {t['terrain']} tile is not a market", f"{f}.market")
        hexes.append(h)
        water.append(t["terrain"] in WATER)
        river.append(bool(t.get("river", False)))
        terrain.append(TERRAIN_INDEX[t["terrain"]])
        number.append(num or 0)
        number2.append(num2 or 0)
    require(not all(water), "the board needs at least one land tile", "tiles")
    for i, h in enumerate(hexes):
        if terrain[i] == MARKET:
            land_sides = "".join("L" if neighbour(h, s) in seen and not water[seen[neighbour(h, s)]] else "-"
                                 for s in range(6))
            require("LLL" in land_sides * 2 and land_sides.count("L") == 3,
                    "a market has 3 consecutive land sides and 3 sea or frame sides", f"tiles[{i}].terrain")
    land_graph = nx.Graph()
    land_graph.add_nodes_from(h for h, w in zip(hexes, water) if not w)
    land_graph.add_edges_from((h, neighbour(h, s)) for h, w in zip(hexes, water) if not w for s in range(6)
                              if neighbour(h, s) in seen and not water[seen[neighbour(h, s)]])
    dashed: list[tuple[Hex, Hex]] = []
    for i, d in enumerate(data.get("dashed", []) or []):
        f = f"dashed[{i}]"
        require(isinstance(d, dict) and set(d) == {"tile", "side"}, "a dashed edge is {tile, side}", f)
        h = _hex_of(d["tile"], f"{f}.tile", coords)
        require(h in seen, "no such tile", f"{f}.tile")
        require(d["side"] in SIDES, f"side must be one of {', '.join(SIDES)}", f"{f}.side")
        dashed.append(side_key(h, SIDES.index(d["side"])))
    frame = data.get("frame", True)
    require(isinstance(frame, bool), "must be true or false", "frame")
    graph = build_graph(hexes, water, dashed, terrain)
    topo = Topology(graph, hexes)
    harbours: list[tuple[int, int]] = []
    harbour_nodes: dict[int, int] = {}
    raw = data.get("harbours", [])
    require(isinstance(raw, list), "must be a list", "harbours")
    for i, hb in enumerate(raw):
        f = f"harbours[{i}]"
        require(isinstance(hb, dict), "a harbour is {tile, side, kind}", f)
        for k in ("tile", "side", "kind"):
            require(k in hb, "missing", f"{f}.{k}")
        h = _hex_of(hb["tile"], f"{f}.tile", coords)
        require(h in seen, "no such tile", f"{f}.tile")
        t = seen[h]
        require(not water[t], "a harbour is named by its land tile", f"{f}.tile")
        require(hb["side"] in SIDES, f"side must be one of {', '.join(SIDES)}", f"{f}.side")
        e = topo.side_edge[(t, SIDES.index(hb["side"]))]
        require(topo.edge_kind[e] == "coast" and not topo.edge_dashed[e],
                "a harbour must be on a coastal edge (land on one side, sea or frame on the other)", f"{f}.side")
        require(terrain[t] != MARKET, "no harbour on a market's side", f"{f}.tile")
        require(frame or len(topo.edge_tiles[e]) == 2, "without a frame a harbour faces a listed sea tile",
                f"{f}.side")
        require(hb["kind"] in HARBOUR_KINDS, f"kind must be one of {', '.join(HARBOUR_KINDS)}", f"{f}.kind")
        for v in topo.edge_nodes[e]:
            require(v not in harbour_nodes, f"shares an intersection with harbours[{harbour_nodes.get(v)}]", f)
            harbour_nodes[v] = i
        code = GENERIC_HARBOUR if hb["kind"] == "3:1" else RESOURCES.index(hb["kind"])
        harbours.append((e, code))
    robber_raw = data.get("robber")
    if robber_raw is None:
        deserts = [i for i, t in enumerate(terrain) if t == DESERT]
        robber = deserts[0] if deserts else next(i for i, w in enumerate(water) if not w)
    else:
        h = _hex_of(robber_raw, "robber", coords)
        require(h in seen and not water[seen[h]], "the robber starts on a land tile of the board", "robber")
        robber = seen[h]
    name = data.get("name", "custom")
    require(isinstance(name, str), "must be a string", "name")
    layout = Layout(terrain, number, harbours, robber)
    board = Board(name, hexes, water, river, dashed, layout, [e for e, _ in harbours], copy.deepcopy(data),
                  number2=number2, frame=frame, markets=markets)
    board.__dict__["graph"] = graph
    board.__dict__["topo"] = topo
    return board


def load_board(source: Any = None) -> Board:
    """A validated Board from a path or a dict (default: the shipped base board)."""
    if source is None:
        return BASE_BOARD
    return parse_board(read_json(source, "board"))


# --------------------------------------------------------------------------------------------
# Layouts: the A-R spiral and random boards
# --------------------------------------------------------------------------------------------
def rings(board: Board) -> list[list[int]]:
    """The land tiles by ring, outermost first; each ring clockwise from its north-west corner tile."""
    land = [i for i, w in enumerate(board.water) if not w]
    qs = [board.hexes[i] for i in land]
    cq = sum(h[0] for h in qs) / len(qs)
    cr = sum(h[1] for h in qs) / len(qs)
    centre = min(qs, key=lambda h: abs(h[0] - cq) + abs(h[1] - cr) + abs(-h[0] - h[1] + cq + cr))

    def dist(h: Hex) -> int:
        dq, dr = h[0] - centre[0], h[1] - centre[1]
        return max(abs(dq), abs(dr), abs(dq + dr))

    out: list[list[int]] = []
    for radius in sorted({dist(board.hexes[i]) for i in land}, reverse=True):
        ring = [i for i in land if dist(board.hexes[i]) == radius]

        def angle(i: int) -> float:
            x, y = hex_center(board.hexes[i])
            cx, cy = hex_center(centre)
            return (math.atan2(y - cy, x - cx) - math.atan2(-1.5, -SQRT3 / 2) + 1e-9) % (2 * math.pi)

        out.append(sorted(ring, key=angle))
    return out


def spiral_order(board: Board, start: int = 0) -> list[int]:
    """Land tiles in the official token spiral: counter-clockwise from outer-ring corner ``start`` (0-5), inwards."""
    order: list[int] = []
    rs = rings(board)
    shift = None
    for k, ring in enumerate(rs):
        ccw = [ring[0]] + ring[:0:-1]  # counter-clockwise from the north-west tile
        if len(ccw) > 1:
            if shift is None:
                shift = (start % 6) * len(ccw) // 6
                first = ccw[shift]
            else:
                # continue inwards: the next ring starts next to the previous ring's first tile
                prev_first = order[len(order) - len(rs[k - 1])]
                first = min(ccw, key=lambda i: (_hex_distance(board.hexes[i], board.hexes[prev_first]), ccw.index(i)))
            j = ccw.index(first)
            ccw = ccw[j:] + ccw[:j]
        order.extend(ccw)
    return order


def _hex_distance(a: Hex, b: Hex) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return max(abs(dq), abs(dr), abs(dq + dr))


def spiral_numbers(board: Board, terrain: list[int], tokens: list[int], start: int = 0) -> list[int]:
    """Numbers placed A, B, C ... along the spiral, skipping tiles without a number (the desert)."""
    number = [0] * len(terrain)
    it = iter(tokens)
    for t in spiral_order(board, start):
        if TERRAINS[terrain[t]] in NUMBERED:
            number[t] = next(it)
    return number


def red_numbers_adjacent(board: Board, number: list[int]) -> bool:
    """True if two tiles showing 6 or 8 touch."""
    nb = board.topo.tile_neighbours
    return any(number[t] in (6, 8) and any(number[u] in (6, 8) for u in nb[t]) for t in range(len(number)))


def random_layout(board: Board, rng: random.Random, tokens: str = "shuffled") -> Layout:
    """Shuffled land terrains and harbour kinds; tokens 'shuffled' (no 6/8 adjacent) or by the 'spiral'."""
    base = board.layout
    movable = [i for i, w in enumerate(board.water) if not w and not board.river[i] and base.terrain[i] != MARKET]
    terrain = base.terrain[:]
    pool = [terrain[i] for i in movable]
    rng.shuffle(pool)
    for i, t in zip(movable, pool):
        terrain[i] = t
    numbered = [i for i in range(len(terrain)) if TERRAINS[terrain[i]] in NUMBERED]
    numbers = sorted(n for n in base.number if n)
    if tokens == "spiral":
        number = spiral_numbers(board, terrain, [n for n in SPIRAL_TOKENS][:len(numbered)], rng.randrange(6))
    else:
        while True:
            rng.shuffle(numbers)
            number = [0] * len(terrain)
            for i, n in zip(numbered, numbers):
                number[i] = n
            if not red_numbers_adjacent(board, number):
                break
    kinds = [k for _, k in base.harbours]
    rng.shuffle(kinds)
    harbours = [(e, k) for (e, _), k in zip(base.harbours, kinds)]
    deserts = [i for i, t in enumerate(terrain) if t == DESERT]
    return Layout(terrain, number, harbours, deserts[0] if deserts else base.robber)


def _components() -> dict:
    return json.loads((DATA_DIR / "components.json").read_text())


SPIRAL_TOKENS: tuple[int, ...] = tuple(_components()["tokens_spiral"])
BASE_BOARD = parse_board(json.loads(BASE_BOARD_FILE.read_text())) if BASE_BOARD_FILE.exists() else None
