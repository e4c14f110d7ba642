"""Catan (combined variant) from a lesson's scene: the barbarian attack of the variant-odds lesson played by the
real engine, the other players activating knights only on their own turns, in turn order."""
from __future__ import annotations

import random

import ratgames_lab as rl
from ratgames_lab.catan.actions import EndTurn, Roll
from ratgames_lab.catan.combined.components import CARDS, ROAD, TRACKS
from ratgames_lab.catan.combined.knights import ActivateKnight
from ratgames_lab.catan.combined.special import update_largest_army, update_longest_road

from .engine_checks import is_chance, sample_chance

# the lesson's scene: cities per player (the first of Player 1's carries the science metropolis) and knights
CITIES = (3, 2, 2, 1)
KNIGHTS = ((0, 2, 1), (0, 1, 0), (1, 3, 1), (1, 1, 0), (2, 2, 0), (2, 1, 1), (3, 1, 0))  # owner, level, active


def _edge(s, a: int, b: int) -> int:
    """The edge joining intersections a and b."""
    index = s.comp.topo.edge_index
    return index[(a, b)] if (a, b) in index else index[(b, a)]


def _sites(s, k: int) -> list[tuple[int, int]]:
    """k (city, neighbour) pairs: building sites with no building next to them, each with a free neighbour."""
    topo, taken, out = s.comp.topo, set(), []
    for v in range(topo.n_nodes):
        if len(out) == k:
            break
        if not s.comp.building_site[v] or v in taken or any(u in taken for u in topo.node_nbrs[v]):
            continue
        free = [u for u in topo.node_nbrs[v] if u not in taken and s.comp.knight_site[u]
                and s.comp.road_edge[_edge(s, v, u)]]
        if not free:
            continue
        out.append((v, free[0]))
        taken |= {v, free[0], *topo.node_nbrs[v], *topo.node_nbrs[free[0]]}
    return out


def barbarian_scene(seed: int = 1):
    """Four players, the lesson's 8 cities and 7 knights, the ship one step from Catan, Player 1 in the action
    phase after rolling; every player holds 2 grain (enough to activate every inactive knight)."""
    g = rl.load_game("catan", 4, seed=seed, variant="combined", first_player="1")
    s = g.new_state()
    while s.phase in ("setup_wagon", "setup_goods"):
        s.apply(s.legal_actions()[0])
    s.phase, s.turn, s.active = "main", 9, 0
    s.setup_index, s.setup_anchor, s.setup_roads = 8, -1, 0
    owners = [p for p, n in enumerate(CITIES) for _ in range(n)]
    spots = iter(_sites(s, len(owners)))
    knight_spots: dict[int, list[int]] = {p: [] for p in range(4)}
    for i, p in enumerate(owners):
        city, near = next(spots)
        s.node_owner[city], s.node_level[city] = p, 2
        e = _edge(s, city, near)
        s.edge_owner[e], s.edge_piece[e] = p, ROAD
        knight_spots[p].append(near)
        if i == 0:
            science = TRACKS.index("science")
            s.levels[p][science], s.metropolis[science] = 4, city
    for owner, level, active in KNIGHTS:
        v = knight_spots[owner].pop(0)
        s.knight_owner[v], s.knight_level[v], s.knight_active[v] = owner, level, active
    grain = CARDS.index("grain")
    for p in range(4):
        s.hands[p][grain] += 2
        s.bank[grain] -= 2
    s.barbarian = 6
    s.after_load()
    update_longest_road(s)
    update_largest_army(s)
    s.validate_position()
    s._settle()
    return s


def inactive_knights(s, p: int) -> list[int]:
    """p's knights that are not active."""
    return [v for v, o in enumerate(s.knight_owner) if o == p and s.knight_level[v] and not s.knight_active[v]]


def barbarians_win(scene, rng: random.Random, you_activate: bool, others: float) -> bool:
    """Play on until the attack: you (Player 1) activate your basic knight now or never; each other player, on
    their first turn before the attack, activates each inactive knight with chance ``others``."""
    s = scene.clone()
    seen = len(s.events)
    decided = {0}
    if you_activate:
        for v in inactive_knights(s, 0):
            s.apply(ActivateKnight(v))
    while s.attacks == 0:
        p = s.current_player
        if is_chance(s):
            s.apply(sample_chance(s, rng))
        elif s.phase == "main" and p == s.active:
            if p not in decided:
                decided.add(p)
                for v in inactive_knights(s, p):
                    if rng.random() < others:
                        s.apply(ActivateKnight(v))
            s.apply(EndTurn())
        elif Roll() in s.legal_actions():
            s.apply(Roll())
        else:
            s.apply(rng.choice(s.legal_actions()))
    return any(e.kind == "barbarians_win" for e in s.events[seen:])
