"""Small functions to build combined-variant scenario positions quickly.

Edit a fresh state with ``building`` / ``road`` / ``ship`` / ``knight`` / ``give``, then ``main_phase(s, p)``
(or ``ready(s)``) rebuilds the derived data (``after_load``) and checks conservation (``validate_position``).
Intersections and edges are board indices; ``edge(s, u, v)`` finds the edge between two intersections.
"""
from __future__ import annotations

import pytest

import ratgames_lab as rl
from ratgames_lab.catan.board import offset_to_axial
from ratgames_lab.catan.combined.components import CARD_INDEX, CARDS, NO_PIECE, ROAD, SHIP, BRIDGE

PIECE_CODE = {"road": ROAD, "ship": SHIP, "bridge": BRIDGE}


def game(players: int = 3, seed: int = 0, **options):
    """A combined-variant game (fixed board unless ``layout`` says otherwise)."""
    return rl.load_game("catan", players, seed=seed, variant="combined", **options)


def fresh(players: int = 3, seed: int = 0, **options):
    """A fresh combined-variant state before the first setup settlement (the wagons placed: ``skip_wagons``)."""
    return skip_wagons(game(players, seed, **options).new_state())


def skip_wagons(s):
    """Play the wagons' setup the plain way (each wagon, in turn order, on the first market plaza listed, with the
    first token outcome): the position before the first setup settlement. Returns s."""
    while s.phase in ("setup_wagon", "setup_goods"):
        s.apply(s.legal_actions()[0])
    return s


def tile(s, row: int, col: int) -> int:
    """The tile index of the hex at odd-r (row, col), as the digest draws the combined board."""
    return s.comp.topo.tile_index[offset_to_axial(row, col)]


def corner(s, t: int, k: int) -> int:
    """The intersection at corner k (0-5, between sides k and k+1: E, NE, NW, W, SW, SE) of tile t."""
    return s.comp.topo.tile_nodes[t][k]


def side(s, t: int, k: int) -> int:
    """The edge on side k (0-5: E, NE, NW, W, SW, SE) of tile t."""
    return s.comp.topo.tile_edges[t][k]


def edge(s, u: int, v: int) -> int:
    """The edge between intersections u and v."""
    return s.comp.topo.edge_index[(u, v) if (u, v) in s.comp.topo.edge_index else (v, u)]


def building(s, p: int, v: int, level: int = 1, wall: bool = False) -> None:
    """Put p's settlement (level 1) or city (level 2), with or without a wall, on intersection v."""
    s.node_owner[v] = p
    s.node_level[v] = level
    s.node_wall[v] = int(wall)


def road(s, p: int, e: int) -> None:
    """Put p's road on edge e."""
    piece(s, p, e, "road")


def ship(s, p: int, e: int) -> None:
    """Put p's ship on edge e."""
    piece(s, p, e, "ship")


def piece(s, p: int, e: int, kind: str) -> None:
    """Put p's road, ship or bridge on edge e."""
    s.edge_owner[e] = p
    s.edge_piece[e] = PIECE_CODE[kind]


def clear_edge(s, e: int) -> None:
    """Take the piece off edge e."""
    s.edge_owner[e] = -1
    s.edge_piece[e] = NO_PIECE


def knight(s, p: int, v: int, level: int = 1, active: bool = False) -> None:
    """Put p's knight of a level (1-3), active or not, on intersection v."""
    s.knight_owner[v] = p
    s.knight_level[v] = level
    s.knight_active[v] = int(active)


def give(s, p: int, **cards: int) -> None:
    """Move cards from the bank to p's hand: give(s, 0, lumber=1, wool=2)."""
    for name, n in cards.items():
        c = CARD_INDEX[name]
        s.bank[c] -= n
        s.hands[p][c] += n


def set_hand(s, p: int, money: int | None = None, **cards: int) -> None:
    """Give p exactly these cards (the rest back to the bank) and, if given, this money; then rebuild."""
    for c in range(len(CARDS)):
        s.bank[c] += s.hands[p][c]
        s.hands[p][c] = 0
    for name, n in cards.items():
        c = CARDS.index(name)
        assert s.bank[c] >= n
        s.bank[c] -= n
        s.hands[p][c] = n
    if money is not None:
        s.money[p] = money
    s.after_load()


def ready(s):
    """Rebuild the derived data and check the position; returns s."""
    s.after_load()
    s.validate_position()
    return s


def main_phase(s, p: int, turn: int = 1, **flags):
    """Make it p's action phase (after the roll) on a given turn, with no queued steps; turn flags (ship_moved,
    new_ships, ...) may be given. Rebuilds and checks the position; returns s."""
    s.phase = "main"
    s.turn = turn
    s.active = p
    s.setup_index = 2 * s.players
    s.setup_anchor = -1
    s.setup_roads = 0
    s.pending = []
    s.dice = [3, 4, 1] if not s.dice else s.dice
    for k, v in flags.items():
        setattr(s, k, v)
    return ready(s)


def roll_phase(s, p: int, turn: int = 1):
    """Make it p's turn before the roll; returns s."""
    main_phase(s, p, turn)
    s.phase = "roll"
    return ready(s)


def assert_rejected(s, bad, rule: str) -> None:
    """``bad`` raises IllegalActionError naming ``rule`` (through apply and check) and changes nothing."""
    before = s.to_json()
    for attempt in (s.apply, s.check):
        with pytest.raises(rl.IllegalActionError) as err:
            attempt(bad)
        assert err.value.rule == rule, (bad, err.value)
        assert s.to_json() == before
    assert not s.is_legal(bad)
    assert bad not in s.legal_actions()


def draw_fish(s):
    """Resolve pending fish draws (the lake or a fishing ground: setup and production) with the first outcome, a
    token of the lowest value left; returns s."""
    while s.phase == "fish_draw":
        s.apply(s.legal_actions()[0])
    return s
