"""The combined variant's board (catan.md Part 2, Settled defaults / Board): the shipped fixed board file and the
constrained generator of its layout, harbours and fishing grounds.

``shuffled`` keeps the sea/land mask, the river tiles and the markets, shuffles the other land tiles and places
the tokens at random (never a 6 next to a 6 or 8); the 2 shares the 12's hex. Harbours (5 x 2:1, one per
resource, + 5 x 3:1) go at random on coastal edges, inner sea included, never on a market's or a dashed edge,
no two on one intersection. Fishing grounds (4, 5, 6, 8, 9, 10) go in a sea or frame hex with two consecutive
sides on land and touch those 3 intersections; none shares an intersection with a harbour or another fishing
ground, none touches a market, one per hex.
"""
from __future__ import annotations

import json
import random
from dataclasses import dataclass
from functools import lru_cache

from ..core.errors import InvalidPositionError
from .board import (DATA_DIR, GENERIC_HARBOUR, MARKET, RESOURCES, Board, Hex, Layout, corner_key, neighbour,
                    parse_board, random_layout)

COMBINED_BOARD_FILE = DATA_DIR / "combined_board.json"
HARBOUR_CODES = tuple(range(len(RESOURCES))) + (GENERIC_HARBOUR,) * 5  # 5 x 2:1 + 5 x 3:1 (Reconstruction)
FISHING_NUMBERS = (4, 5, 6, 8, 9, 10)
MODES = ("fixed", "shuffled")
MAX_TRIES = 200


@dataclass(frozen=True)
class FishingGround:
    """A fishing ground: its sea or frame hex, the first of its two land sides, its 3 intersections, its number."""

    hex: Hex
    side: int
    nodes: tuple[int, int, int]
    number: int


@dataclass
class CombinedLayout:
    """A combined board's layout: the base Layout, the second token per tile, and the fishing grounds."""

    layout: Layout
    number2: list[int]
    fishing: list[FishingGround]


@lru_cache(maxsize=1)
def combined_board() -> Board:
    """The shipped fixed combined board (a Reconstruction, see the file's note)."""
    return parse_board(json.loads(COMBINED_BOARD_FILE.read_text()))


def frame_hexes(board: Board) -> list[Hex]:
    """The frame: the off-board hexes next to a listed tile (empty if the board has no frame)."""
    if not board.frame:
        return []
    listed = set(board.hexes)
    return sorted({neighbour(h, s) for h in board.hexes for s in range(6)} - listed)


def _is_land(board: Board, h: Hex) -> bool:
    t = board.topo.tile_index.get(h)
    return t is not None and not board.water[t]


def harbour_sites(board: Board) -> list[int]:
    """Edges that may take a harbour: coastal, not dashed, not a side of a market."""
    topo, terrain = board.topo, board.layout.terrain
    return [e for e in range(topo.n_edges) if topo.edge_kind[e] == "coast" and not topo.edge_dashed[e]
            and not any(terrain[t] == MARKET for t in topo.edge_tiles[e])]


def fishing_sites(board: Board) -> list[tuple[Hex, int, tuple[int, int, int]]]:
    """(hex, side, nodes) of every place a fishing ground may go: a sea or frame hex whose sides ``side`` and
    ``side + 1`` face land, its 3 intersections touching no market."""
    topo, terrain = board.topo, board.layout.terrain
    sea = [h for h, w in zip(board.hexes, board.water) if w] + frame_hexes(board)
    out = []
    for h in sea:
        for s in range(6):
            if _is_land(board, neighbour(h, s)) and _is_land(board, neighbour(h, (s + 1) % 6)):
                nodes = tuple(topo.node_index[corner_key(h, c % 6)] for c in (s - 1, s, s + 1))
                if not any(terrain[t] == MARKET for v in nodes for t in topo.node_tiles[v]):
                    out.append((h, s, nodes))
    return out


def _place_harbours(board: Board, rng: random.Random) -> list[tuple[int, int]] | None:
    topo = board.topo
    sites = harbour_sites(board)
    rng.shuffle(sites)
    used: set[int] = set()
    chosen: list[int] = []
    for e in sites:
        if len(chosen) == len(HARBOUR_CODES):
            break
        a, b = topo.edge_nodes[e]
        if a not in used and b not in used:
            chosen.append(e)
            used.update((a, b))
    if len(chosen) < len(HARBOUR_CODES):
        return None
    codes = list(HARBOUR_CODES)
    rng.shuffle(codes)
    return sorted(zip(chosen, codes))


def _place_fishing(board: Board, rng: random.Random, harbours: list[tuple[int, int]]) -> list[FishingGround] | None:
    topo = board.topo
    used = {v for e, _ in harbours for v in topo.edge_nodes[e]}
    sites = fishing_sites(board)
    rng.shuffle(sites)
    hexes_used: set[Hex] = set()
    chosen = []
    for h, s, nodes in sites:
        if len(chosen) == len(FISHING_NUMBERS):
            break
        if h not in hexes_used and used.isdisjoint(nodes):
            chosen.append((h, s, nodes))
            used.update(nodes)
            hexes_used.add(h)
    if len(chosen) < len(FISHING_NUMBERS):
        return None
    numbers = list(FISHING_NUMBERS)
    rng.shuffle(numbers)
    return sorted((FishingGround(h, s, nodes, n) for (h, s, nodes), n in zip(chosen, numbers)),
                  key=lambda f: f.nodes)


def combined_layout(board: Board, rng: random.Random, mode: str = "shuffled") -> CombinedLayout:
    """A combined board's layout: tiles and tokens as in the file ('fixed') or shuffled ('shuffled'), with
    harbours and fishing grounds placed at random under the digest's constraints."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    if mode == "fixed":
        layout = board.layout.copy()
        number2 = board.number2[:]
    else:
        layout = random_layout(board, rng)
        # the second tokens travel with the number they share a hex with (the 2 with the 12)
        moved = {board.layout.number[t]: n2 for t, n2 in enumerate(board.number2) if n2}
        number2 = [moved.get(n, 0) if n else 0 for n in layout.number]
    for _ in range(MAX_TRIES):
        harbours = _place_harbours(board, rng)
        fishing = _place_fishing(board, rng, harbours) if harbours is not None else None
        if fishing is not None:
            layout.harbours = harbours
            return CombinedLayout(layout, number2, fishing)
    raise InvalidPositionError(f"no room for {len(HARBOUR_CODES)} harbours and {len(FISHING_NUMBERS)} fishing "
                               "grounds on this board", "harbours")
