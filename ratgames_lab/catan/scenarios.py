"""Public position builders for tests, lessons and docs: a position described by its pieces and hands.

``LESSON_POSITIONS`` are the positions the lessons load from ``notebooks/positions/catan_*.json``; rebuild the
files after changing a builder (the tests check that the files are what is built here):

    python3 -m ratgames_lab.catan.scenarios                     # every lesson position into notebooks/positions
    python3 -m ratgames_lab.catan.scenarios catan_last_setup --lessons DIR
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Mapping

from ..core.position import lesson_writers, position_document, rebuild_positions
from . import Game
from .actions import DEV_CARDS, BuildRoad, BuildSettlement
from .board import RESOURCES, Board

EMPTY_HAND = {r: 0 for r in RESOURCES}


def node_between(board: Board, *tiles: tuple[int, int]) -> int:
    """The index of the intersection touching all the given hexes (axial coordinates)."""
    topo = board.topo
    want = set(tiles)
    for i, key in enumerate(topo.node_keys):
        if isinstance(key, tuple) and want <= set(key):
            return i
    raise ValueError(f"no intersection touches all of {tiles}")


def edge_between(board: Board, a: int, b: int) -> int:
    """The index of the edge joining intersections a and b."""
    try:
        return board.topo.edge_index[(a, b)]
    except KeyError:
        raise ValueError(f"intersections {a} and {b} are not joined by an edge") from None


def path_edges(board: Board, nodes: list[int]) -> list[int]:
    """The edges along a path of intersections."""
    return [edge_between(board, a, b) for a, b in zip(nodes, nodes[1:])]


def build_position(game: Any, *, active: int = 0, phase: str = "main", turn: int = 1,
                   settlements: Mapping[int, int] | None = None, cities: Mapping[int, int] | None = None,
                   roads: Mapping[int, int] | None = None, hands: Mapping[int, Mapping[str, int]] | None = None,
                   dev_hand: Mapping[int, Mapping[str, int]] | None = None,
                   dev_new: Mapping[int, Mapping[str, int]] | None = None,
                   played: Mapping[int, Mapping[str, int]] | None = None, robber: int | None = None,
                   longest_road: int | None = None, largest_army: int | None = None,
                   dev_played: bool = False, **extra: Any):
    """A validated state of ``game`` (node -> player for settlements and cities, edge -> player for roads);
    hands and development cards come out of the bank and the deck; other fields of the JSON via ``extra``."""
    s = game.new_state()
    data = s.to_json()
    n = game.players
    topo = game.board.topo
    data.update(phase=phase, active=active, turn=turn, setup_index=2 * n, last_settlement=None, events=[])
    owner: list = [None] * topo.n_nodes
    level = [0] * topo.n_nodes
    for pieces, lvl in ((settlements or {}, 1), (cities or {}, 2)):
        for v, p in pieces.items():
            owner[v], level[v] = p, lvl
    data["intersections"] = {"owner": owner, "level": level}
    road_owner: list = [None] * topo.n_edges
    for e, p in (roads or {}).items():
        road_owner[e] = p
    data["roads"] = road_owner
    data["hands"] = [{**EMPTY_HAND, **(hands or {}).get(p, {})} for p in range(n)]
    data["bank"] = {r: 19 - sum(h[r] for h in data["hands"]) for r in RESOURCES}
    zero = {c: 0 for c in DEV_CARDS}
    data["development"] = [{"hand": {**zero, **(dev_hand or {}).get(p, {})},
                            "new": {**zero, **(dev_new or {}).get(p, {})},
                            "played": {**zero, **(played or {}).get(p, {})}} for p in range(n)]
    data["deck"] = {c: data["deck"][c] - sum(d[k][c] for d in data["development"] for k in ("hand", "new", "played"))
                    for c in DEV_CARDS}
    data["dev_played"] = dev_played
    if robber is not None:
        data["robber"] = robber
    data["longest_road"] = longest_road
    data["largest_army"] = largest_army
    data.update(extra)
    return game.state_from_json(data)


# --------------------------------------------------------------------------------------------
# Lesson positions (notebooks/positions/catan_*.json)
# --------------------------------------------------------------------------------------------
LESSONS_DIR = Path(__file__).resolve().parents[2] / "notebooks" / "positions"

# The setup of lesson 50's game on the shipped base board, in snake order: (intersection, edge) per placement.
LAST_SETUP_PLACEMENTS = ((40, 51), (8, 7), (39, 50), (9, 8), (28, 34), (41, 52), (10, 9))


def position_last_setup() -> dict:
    """4 players, the shipped base board: seven setup settlements placed, Player 1 places the last one."""
    game = Game(players=4, seed=0)
    state = game.new_state()
    for node, edge in LAST_SETUP_PLACEMENTS:
        state.apply(BuildSettlement(node))
        state.apply(BuildRoad(edge))
    return position_document(game, state, "The setup of a 4-player game on the shipped base board, in snake "
                                          "order: Player 1 on intersection 40, Player 2 on 8, Player 3 on 39, "
                                          "Player 4 on 9 and 28, Player 3 on 41, Player 2 on 10, each with a "
                                          "road. Player 1 places the last settlement of the setup (it gives "
                                          "one resource per producing tile around it), then a road.")


LESSON_POSITIONS: dict[str, Callable[[], dict]] = {
    "catan_last_setup": position_last_setup,
}


def build(name: str) -> dict:
    """The lesson position ``name`` as built here."""
    return LESSON_POSITIONS[name]()


def main(argv: list[str] | None = None) -> int:
    """Write the lesson positions named (default: all) into --lessons."""
    return rebuild_positions("Rebuild the Catan lesson position files from their builders.",
                             lesson_writers(LESSON_POSITIONS, build), LESSONS_DIR, argv)


if __name__ == "__main__":
    raise SystemExit(main())
