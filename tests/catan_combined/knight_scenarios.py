"""Scenario positions for the knight and barbarian tests: a combined game past its setup (Player 1 to act after
the roll), pieces and cards put on by hand, then the derived data rebuilt and the position checked.

The fixed board of seed 1 has the desert (tile 21, robber) in the middle of the land, with corners
57, 49, 56, 63, 71, 64 in ring order; the lake (tile 22) next to it has corners 58, 50, 57, 64, 72, 65.
"""
from __future__ import annotations

import pytest

import ratgames_lab as rl
from ratgames_lab.core.errors import IllegalActionError
from ratgames_lab.catan.combined.components import CARDS, ROAD
from ratgames_lab.catan.combined.special import update_largest_army, update_longest_road

from .helpers import skip_wagons

DESERT = 21
RING = (57, 49, 56, 63, 71, 64)  # the desert's corners in order: each is next to the following one


def position(players: int = 3, **options):
    """A combined position after setup with nothing on the board: turn 1, Player 1 in the action phase."""
    g = rl.load_game("catan", players, seed=1, variant="combined", first_player="1", **options)
    s = skip_wagons(g.new_state())
    assert s.robber == DESERT
    s.phase = "main"
    s.turn = 1
    s.active = 0
    s.setup_index = 2 * players
    s.setup_anchor = -1
    s.setup_roads = 0
    return s


def edge(s, a: int, b: int) -> int:
    """The edge joining intersections a and b."""
    return s.comp.topo.edge_index[(a, b)]


def building(s, p: int, v: int, level: int = 1) -> None:
    """Put p's settlement (1) or city (2) on v."""
    s.node_owner[v] = p
    s.node_level[v] = level


def route(s, p: int, *nodes: int, piece: int = ROAD) -> None:
    """Put p's roads (or ships) along the intersections given in order."""
    for a, b in zip(nodes, nodes[1:]):
        e = edge(s, a, b)
        s.edge_owner[e] = p
        s.edge_piece[e] = piece


def knight(s, p: int, v: int, level: int = 1, active: int = 1) -> None:
    """Put p's knight of a level on v, active or not."""
    s.knight_owner[v] = p
    s.knight_level[v] = level
    s.knight_active[v] = active


def cards(s, p: int, **counts: int) -> None:
    """Give p cards from the bank (by card name)."""
    for name, n in counts.items():
        c = CARDS.index(name)
        s.hands[p][c] += n
        s.bank[c] -= n


def ready(s):
    """Rebuild derived data, judge Longest Road and Largest Army, check the position; returns s."""
    s.after_load()
    update_longest_road(s)
    update_largest_army(s)
    s.validate_position()
    s.after_load()
    return s


def refused(s, action, rule: str) -> IllegalActionError:
    """Apply an illegal action: it raises naming ``rule``, it is not listed, and the position is unchanged."""
    before = s.to_json()
    assert action not in s.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        s.apply(action)
    assert info.value.rule == rule, info.value
    assert s.to_json() == before
    return info.value


def holds_cards(s, p: int) -> dict:
    """p's cards by name (non-zero only)."""
    return {CARDS[c]: n for c, n in enumerate(s.hands[p]) if n}
