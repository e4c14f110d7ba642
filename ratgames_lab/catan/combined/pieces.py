"""The pieces each player still has in supply (roads, ships, bridges, settlements, cities, walls)."""
from __future__ import annotations

from .components import BRIDGE, PIECES, ROAD, SHIP


def pieces_left(s, p: int, kind: str) -> int:
    """How many pieces of a kind (road, ship, bridge, settlement, city, wall) p still has in supply."""
    if kind in ("road", "ship", "bridge"):
        code = {"road": ROAD, "ship": SHIP, "bridge": BRIDGE}[kind]
        return PIECES[kind] - sum(1 for e in s.edges_of[p] if s.edge_piece[e] == code)
    if kind == "wall":
        return PIECES["wall"] - sum(s.node_wall[v] for v in s.buildings_of[p])
    level = 1 if kind == "settlement" else 2
    return PIECES[kind] - sum(1 for v in s.buildings_of[p] if s.node_level[v] == level)
