"""Longest Road: the longest trail of one player's roads on the board graph (special.longest_road)."""
from __future__ import annotations


def longest_road(topo, edge_owner: list[int], node_owner: list[int], p: int, edges: list[int]) -> int:
    """Length of p's longest trail of roads; an opponent's building on an intersection breaks the trail there."""
    if not edges:
        return 0
    node_edges, edge_nodes = topo.node_edges, topo.edge_nodes
    best = 0

    def walk(v: int, used: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and node_owner[v] not in (-1, p):
            return
        for e in node_edges[v]:
            if edge_owner[e] == p and not used >> e & 1:
                a, b = edge_nodes[e]
                walk(b if a == v else a, used | 1 << e, length + 1)

    ends = set()
    for e in edges:
        ends.update(edge_nodes[e])
    for v in ends:
        walk(v, 0, 0)
        if best == len(edges):
            break
    return best
