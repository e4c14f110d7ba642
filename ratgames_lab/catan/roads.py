"""Longest Road: the longest trail of one player's roads on the board graph (special.longest_road)."""
from __future__ import annotations


def longest_road(topo, edge_owner: list[int], node_owner: list[int], p: int, edges: list[int]) -> int:
    """Length of p's longest trail of roads; an opponent's building on an intersection breaks the trail there.

    The search starts only where a longest trail can start: an intersection where an odd number of p's roads
    meet, or one with an opposing building, or (in a piece of road network that has neither, a closed circuit)
    anywhere. Otherwise an unused road at the start would lengthen the trail.
    """
    if not edges:
        return 0
    node_edges, edge_nodes = topo.node_edges, topo.edge_nodes
    degree: dict[int, int] = {}
    for e in edges:
        for v in edge_nodes[e]:
            degree[v] = degree.get(v, 0) + 1
    starts = [v for v, d in degree.items() if d % 2 or node_owner[v] not in (-1, p)]
    seen = set()
    for v in starts:
        _component(v, node_edges, edge_nodes, edge_owner, p, seen)
    for v in degree:
        if v not in seen:  # a closed circuit: any of its intersections will do
            starts.append(v)
            _component(v, node_edges, edge_nodes, edge_owner, p, seen)
    best = 0
    for v in starts:
        best = max(best, _longest_trail(node_edges, edge_nodes, edge_owner, node_owner, p, v, 0))
        if best == len(edges):
            break
    return best


def longest_road_after(topo, edge_owner: list[int], node_owner: list[int], p: int, edges: list[int], e: int,
                       before: int) -> int:
    """p's longest road just after p built the road ``e`` (already in ``edges``), ``before`` being its length before.

    When ``e`` reaches an intersection where p has no other road (the usual case: a road extends a branch), a trail
    using ``e`` ends there, so the new longest road is the old one or ``e`` plus the longest trail starting at its
    other end (which an opposing building there cuts off); otherwise the whole network is searched again.
    """
    a, b = topo.edge_nodes[e]
    node_edges, edge_nodes = topo.node_edges, topo.edge_nodes
    if not _other_road(node_edges[b], edge_owner, p, e):
        base = a
    elif not _other_road(node_edges[a], edge_owner, p, e):
        base = b
    else:
        return longest_road(topo, edge_owner, node_owner, p, edges)
    if node_owner[base] not in (-1, p):
        return max(before, 1)
    return max(before, _longest_trail(node_edges, edge_nodes, edge_owner, node_owner, p, base, 1 << e) + 1)


def _longest_trail(node_edges, edge_nodes, edge_owner: list[int], node_owner: list[int], p: int, start: int,
                   used: int) -> int:
    """Length of p's longest trail from ``start`` over roads not in the bit set ``used``; an opposing building
    ends a trail that reaches it."""
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

    walk(start, used, 0)
    return best


def _other_road(edges_here, edge_owner: list[int], p: int, e: int) -> bool:
    for f in edges_here:
        if f != e and edge_owner[f] == p:
            return True
    return False


def _component(v: int, node_edges, edge_nodes, edge_owner: list[int], p: int, seen: set) -> None:
    """Mark the intersections joined to v by p's roads."""
    stack = [v]
    while stack:
        u = stack.pop()
        if u in seen:
            continue
        seen.add(u)
        for e in node_edges[u]:
            if edge_owner[e] == p:
                a, b = edge_nodes[e]
                stack.append(b if a == u else a)
