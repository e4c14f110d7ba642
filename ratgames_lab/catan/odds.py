"""Exact Catan odds with Fractions: 2d6 and pips, expected production and its variance, the chance of a
resource within k rolls, the 7 and the discard, the robber's expected cost per tile.

"Per roll" means one roll of the dice, whoever rolls it: every player collects on every roll.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from .board import RESOURCES
from .components import HAND_LIMIT

SUMS = tuple(range(2, 13))


@lru_cache(maxsize=None)
def dice_distribution() -> dict[int, Fraction]:
    """P(sum of two dice = s) for s = 2..12: (6 - |s - 7|) / 36."""
    return {s: Fraction(6 - abs(s - 7), 36) for s in SUMS}


def pips(number: int) -> int:
    """The dots on a number token: the ways to roll it out of 36 (0 for 7 or no number)."""
    return 6 - abs(number - 7) if 2 <= number <= 12 and number != 7 else 0


def _collect(state, buildings: list[tuple[int, int]], robber: int | None) -> dict[int, list[int]]:
    """For each dice sum, the cards of each resource that the given (node, level) buildings receive
    (the bank is assumed to hold enough)."""
    topo = state.comp.topo
    table: dict[int, list[int]] = {s: [0] * 5 for s in SUMS}
    for v, level in buildings:
        for t in topo.node_tiles[v]:
            r, n = state.terrain[t], state.number[t]
            if r < 5 and n and t != robber:
                table[n][r] += level
    return table


def _moments(table: dict[int, list[int]]) -> tuple[list[Fraction], Fraction, Fraction]:
    dist = dice_distribution()
    per_resource = [sum((dist[s] * table[s][r] for s in SUMS), Fraction(0)) for r in range(5)]
    mean = sum(per_resource, Fraction(0))
    second = sum((dist[s] * sum(table[s]) ** 2 for s in SUMS), Fraction(0))
    return per_resource, mean, second - mean * mean


def node_production(state, node: int, level: int = 1, robber: bool = True) -> dict[str, Fraction]:
    """Expected cards per roll of each resource for a settlement (level 1) or city (2) on ``node``
    (the robber's tile excluded unless ``robber`` is False)."""
    table = _collect(state, [(node, level)], state.robber if robber else None)
    per_resource, _, _ = _moments(table)
    return dict(zip(RESOURCES, per_resource))


def production_heat(state, robber: bool = True) -> list[Fraction]:
    """Expected cards per roll for a settlement on each intersection (for a heat map)."""
    return [sum(node_production(state, v, 1, robber).values(), Fraction(0)) for v in range(state.comp.topo.n_nodes)]


def player_production(state, player: int, robber: bool = True) -> dict:
    """Player's production per roll: expected cards of each resource, expected total and its variance."""
    buildings = [(v, state.node_level[v]) for v, o in enumerate(state.node_owner) if o == player]
    table = _collect(state, buildings, state.robber if robber else None)
    per_resource, mean, var = _moments(table)
    return {"per_resource": dict(zip(RESOURCES, per_resource)), "mean": mean, "variance": var,
            "by_sum": {s: table[s][:] for s in SUMS}}


def chance_of_numbers(numbers) -> Fraction:
    """P(one roll shows one of the given sums)."""
    dist = dice_distribution()
    return sum((dist[n] for n in set(numbers) if n in dist), Fraction(0))


def chance_within(numbers, rolls: int) -> Fraction:
    """P(at least one of ``rolls`` independent rolls shows one of the given sums)."""
    return 1 - (1 - chance_of_numbers(numbers)) ** rolls


def chance_resource_within(state, player: int, resource: str, rolls: int, robber: bool = True) -> Fraction:
    """P(player receives at least one ``resource`` within ``rolls`` rolls, from the board as it stands)."""
    r = RESOURCES.index(resource)
    table = player_production(state, player, robber)["by_sum"]
    return chance_within([s for s in SUMS if table[s][r] > 0], rolls)


def chance_of_seven() -> Fraction:
    """P(a roll is 7) = 6/36."""
    return dice_distribution()[7]


def discard_count(hand_size: int, limit: int = HAND_LIMIT) -> int:
    """Cards discarded on a 7 with this hand: half, rounded down, above the limit; else none."""
    return hand_size // 2 if hand_size > limit else 0


def expected_discard(hand_size: int, limit: int = HAND_LIMIT) -> Fraction:
    """Expected cards lost to the discard rule on one roll, holding ``hand_size`` cards."""
    return chance_of_seven() * discard_count(hand_size, limit)


def robber_cost(state, players: int | None = None) -> dict[int, list[Fraction]]:
    """For each land tile, the expected cards per roll each player loses while the robber stands there."""
    topo = state.comp.topo
    n = players or state.players
    dist = dice_distribution()
    out: dict[int, list[Fraction]] = {}
    for t in state.comp.land_tiles:
        loss = [Fraction(0)] * n
        r, num = state.terrain[t], state.number[t]
        if r < 5 and num:
            for v in topo.tile_nodes[t]:
                o = state.node_owner[v]
                if o >= 0:
                    loss[o] += dist[num] * state.node_level[v]
        out[t] = loss
    return out
