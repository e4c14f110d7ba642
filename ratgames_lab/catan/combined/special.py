"""Victory points and the special cards of the combined variant (catan.md Part 2, Points; rules special.*):
Longest Road over roads, bridges and ships; Largest Army by knight levels (or Defender cards); the points table."""
from __future__ import annotations

from ..outcome import special_card_holder
from ..traders_data import default_fish
from .components import (BRIDGE, DEFENDER_CARDS, LARGEST_ARMY_MIN, LOAN, LONGEST_ROAD_MIN, METROPOLIS_VP, PROGRESS_VP,
                         ROAD, SHIP, SPECIAL_VP)
from .phases import player_name

OLD_BOOT_VP = default_fish().old_boot_vp  # the Old Boot's holder loses this many VP (fish.py)
_VP_PROGRESS = tuple(i for i, x in enumerate(PROGRESS_VP) if x)  # the progress cards that score
_FAMILY = {ROAD: 0, BRIDGE: 0, SHIP: 1}  # roads and bridges join each other; ships join ships


def road_length(s, p: int) -> int:
    """special.longest_road: p's longest trail of roads, bridges and ships. An opponent's building or knight ends
    a trail; a road and a ship join only at p's own settlement or city."""
    edges = s.edges_of[p]
    if not edges:
        return 0
    topo = s.comp.topo
    node_edges, edge_nodes = topo.node_edges, topo.edge_nodes
    owner, piece, node_owner, kowner = s.edge_owner, s.edge_piece, s.node_owner, s.knight_owner
    best = 0

    def walk(v: int, used: int, length: int, family: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length:
            o, k = node_owner[v], kowner[v]
            if o >= 0 and o != p or k >= 0 and k != p:
                return
        own_building = node_owner[v] == p
        for e in node_edges[v]:
            if owner[e] == p and not used >> e & 1:
                f = _FAMILY[piece[e]]
                if length and f != family and not own_building:
                    continue
                a, b = edge_nodes[e]
                walk(b if a == v else a, used | 1 << e, length + 1, f)

    starts = {v for e in edges for v in edge_nodes[e]}
    for v in starts:
        walk(v, 0, 0, -1)
        if best == len(edges):
            break
    return best


def update_longest_road(s, players=None) -> None:
    """special.longest_road: at least 5 segments (more than 5 with strict_thresholds), strictly longest; the holder
    keeps it on a tie; if the holder loses it and several players tie for longest, nobody holds it."""
    n = s.players
    for p in (range(n) if players is None else players):
        s.road_length[p] = road_length(s, p)
    lengths = s.road_length
    best = max(lengths)
    least = LONGEST_ROAD_MIN + (1 if s.options.strict_thresholds else 0)
    old = s.longest_holder
    new = special_card_holder(lengths, old, least)
    if new != old:
        s.longest_holder = new
        if new >= 0:
            s.emit("longest_road", "special.longest_road", player=player_name(new), length=best)
        else:
            s.emit("longest_road_none", "special.longest_road", length=best)


def update_routes_at(s, nodes) -> None:
    """A building or knight came or went on ``nodes``: measure again the routes of the players with a piece there
    (only they can be cut or joined) and judge Longest Road."""
    node_edges, owner = s.comp.topo.node_edges, s.edge_owner
    players = sorted({owner[e] for v in nodes for e in node_edges[v] if owner[e] >= 0})
    if players:
        update_longest_road(s, players)


def army_strength(s, p: int) -> int:
    """What Largest Army compares: the sum of p's knight levels on the board, active or not (knight_levels), or
    p's Defender cards (option largest_army_mode = defences)."""
    if s.options.largest_army_mode == "defences":
        return s.defenders[p]
    return sum(lv for v, lv in enumerate(s.knight_level) if lv and s.knight_owner[v] == p)


def update_largest_army(s) -> None:
    """special.largest_army: one 2-VP card to the highest strength, at least 3 (more than 3 with
    strict_thresholds; in defences mode always more than 3); the holder keeps it on a tie; a player who passes
    the holder alone takes it; if the holder drops below several tied leaders, nobody holds it."""
    n = s.players
    strength = [army_strength(s, p) for p in range(n)]
    best = max(strength)
    strict = s.options.strict_thresholds or s.options.largest_army_mode == "defences"
    least = LARGEST_ARMY_MIN + (1 if strict else 0)
    old = s.army_holder
    new = special_card_holder(strength, old, least)
    if new != old:
        s.army_holder = new
        if new >= 0:
            s.emit("largest_army", "special.largest_army", player=player_name(new), strength=best)
        else:
            s.emit("largest_army_none", "special.largest_army", strength=best)


def victory_points(s, p: int) -> int:
    """The points table of the seed: settlement 1, city 2, metropolis +2, Longest Road and Largest Army 2 each,
    Defender cards 1 each, Printer and Constitution 1 each, the merchant 1 while controlled (option merchant_vp),
    the bank loan's Poor Settler tile -2, the wagon (wagon_vp), the Old Boot -1."""
    level = s.node_level
    vp = 0
    for v in s.buildings_of[p]:
        vp += level[v]
    for m in s.metropolis:
        if m >= 0 and s.node_owner[m] == p:
            vp += METROPOLIS_VP
    if s.longest_holder == p:
        vp += SPECIAL_VP
    if s.army_holder == p:
        vp += SPECIAL_VP
    vp += s.defenders[p]
    shown = s.progress_shown[p]
    for i in _VP_PROGRESS:
        vp += shown[i] * PROGRESS_VP[i]
    options = s.comp.options
    if s.merchant_owner == p and options.merchant_vp:
        vp += 1
    vp += s.loans[p] * LOAN["vp"]
    vp += wagon_vp(s, p)
    if s.old_boot == p:
        vp += OLD_BOOT_VP
    return vp


def wagon_vp(s, p: int) -> int:
    """wagons.vp: the table's VP from its level on (1 in all from level 2), and 1 per delivery with option
    delivery_vp."""
    t = s.comp.wagon_table
    vp = t.vp if s.wagon_level[p] >= t.vp_from_level else 0
    return vp + (s.deliveries[p] if s.options.delivery_vp else 0)


__all__ = ["road_length", "update_longest_road", "update_largest_army", "army_strength", "victory_points",
           "DEFENDER_CARDS", "wagon_vp", "OLD_BOOT_VP"]
