"""Scenario helpers for the progress-card tests: an action phase on an empty board, pieces, hands and progress
cards set by hand (every card taken from the bank or a deck, so the position stays conserved)."""
from __future__ import annotations

import random

import ratgames_lab as rl
from ratgames_lab.catan.actions import Roll
from ratgames_lab.catan.board import TERRAINS
from ratgames_lab.catan.combined.actions import RollDice
from ratgames_lab.catan.combined.components import NO_PIECE, PROGRESS_DECK_OF, PROGRESS_INDEX, ROAD, TRACKS
from ratgames_lab.catan.combined.fish import init_fish

from .helpers import draw_fish, set_hand


def blank(players: int = 3, seed: int = 0, **options):
    """The action phase of turn 1 (after a roll of 6 + 2 on the trade gate) with no piece on the board and empty
    hands (money untouched)."""
    g = rl.load_game("catan", players, seed=seed, variant="combined", **options)
    s = g.new_state()
    rng = random.Random(seed)
    while s.phase != "roll":
        s.apply(rng.choice(s.legal_actions()))
    s.apply(Roll())
    s.apply(RollDice(6, 2, "trade"))
    draw_fish(s)  # an 8 may fish at a fishing ground
    assert s.phase == "main"
    init_fish(s)  # every fish token and the Old Boot back in the stack
    topo = s.comp.topo
    s.node_owner = [-1] * topo.n_nodes
    s.node_level = [0] * topo.n_nodes
    s.node_wall = [0] * topo.n_nodes
    s.edge_owner = [-1] * topo.n_edges
    s.edge_piece = [NO_PIECE] * topo.n_edges
    s.longest_holder = -1
    for p in range(players):
        set_hand(s, p)
    s.after_load()
    s.validate_position()
    return s


def give(s, p: int, *cards: str) -> None:
    """p takes these progress cards from their decks into the hand."""
    for card in cards:
        i = PROGRESS_INDEX[card]
        d = PROGRESS_DECK_OF[i]
        assert s.progress_decks[d][i] > 0
        s.progress_decks[d][i] -= 1
        s.progress_hand[p][i] += 1
    s.after_load()


def build(s, p: int, v: int, level: int = 1) -> None:
    """A settlement (level 1) or city (level 2) of p on intersection v."""
    s.node_owner[v] = p
    s.node_level[v] = level
    s.after_load()


def edge(s, p: int, e: int, piece: int = ROAD) -> None:
    """p's road (or ship) on edge e."""
    s.edge_owner[e] = p
    s.edge_piece[e] = piece
    s.after_load()


def tiles_of(s, terrain: str) -> list[int]:
    """The tiles of a terrain ('grain', 'ore', 'gold', 'desert', ...)."""
    k = TERRAINS.index(terrain)
    return [t for t in range(len(s.terrain)) if s.terrain[t] == k]


def lone_corner(s, tile: int, avoid=()) -> int:
    """A free building site on a corner of ``tile`` (no building on it or next to it) whose other tiles are none
    of ``avoid`` (terrain names)."""
    bad = {TERRAINS.index(x) for x in avoid}
    topo = s.comp.topo
    for v in topo.tile_nodes[tile]:
        if s.comp.building_site[v] and all(s.node_owner[u] < 0 for u in (v,) + topo.node_nbrs[v]) \
                and not any(s.terrain[t] in bad for t in topo.node_tiles[v] if t != tile):
            return v
    raise AssertionError(f"no corner of tile {tile} avoids {avoid}")


def end_turn_to(s, p: int) -> None:
    """End turns (rolling a plain 6 + 2 on the trade gate) until it is p's action phase."""
    from ratgames_lab.catan.actions import EndTurn
    while not (s.active == p and s.phase == "main"):
        if s.phase == "roll":
            s.apply(Roll())
            s.apply(RollDice(6, 2, "trade"))
        else:
            s.apply(EndTurn())


def deck_of(card: str) -> str:
    """The deck (track) a progress card belongs to."""
    return TRACKS[PROGRESS_DECK_OF[PROGRESS_INDEX[card]]]


def rejected(s, action, rule: str) -> None:
    """The action is illegal, naming ``rule``, and the position is unchanged."""
    import pytest
    from ratgames_lab import IllegalActionError
    before = s.to_json()
    assert action not in s.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        s.apply(action)
    assert info.value.rule == rule, info.value
    assert s.to_json() == before
