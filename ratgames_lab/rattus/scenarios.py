"""Rattus positions written from a short description (cubes, tokens, cards) and checked by the engine.

``position()`` builds a position file at the start of a player's turn; ``LESSON_POSITIONS`` are the positions
the lessons load from ``notebooks/positions/rattus_*.json``. The rulebook examples in
``ratgames_lab/rattus/positions/`` are edited as JSON directly. The board adjacency and the 49 rat tokens are the
project's reconstruction (``data/board.json``, ``data/tokens.json``).

Rebuild the lesson files after changing a builder (the tests check that the files are what is built here):

    python3 -m ratgames_lab.rattus.scenarios                   # every lesson position into notebooks/positions
    python3 -m ratgames_lab.rattus.scenarios rattus_odds --lessons DIR
"""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from ..core.errors import InvalidPositionError
from ..core.position import lesson_writers, position_document, rebuild_positions

LESSONS_DIR = Path("notebooks") / "positions"

CARDS = ("king", "monk", "knight", "peasant", "merchant", "witch")


def position(players: int, regions: dict, plague: str, active: int, classes: dict, revealed: list,
             description: str, turn: int, took: bool = False, placed: bool = False, used: tuple = (),
             castle: list | None = None, dealt: list | None = None) -> dict:
    """A position file (the one position format, read by ``ratgames_lab.load_position``) at the start of
    ``active``'s turn.

    ``regions`` maps a region to (face-down token ids, cubes per player); regions not listed are empty.
    Every token that is neither on the board nor in ``revealed`` is in the supply. ``dealt``: the setup tokens
    dealt to the regions at setup (default: every setup token, as with 4 players). The result is checked by
    the engine (``state_from_json``), so a wrong count raises InvalidPositionError naming the field.
    """
    from . import DEFAULT_TOKENS, Game

    game = Game(players=players, seed=0)
    data = game.new_state().to_json()
    on_board: set[str] = set()
    for name in data["regions"]:
        rats, cubes = regions.get(name, ([], [0] * players))
        data["regions"][name] = {"rats": list(rats), "cubes": list(cubes)}
        on_board |= set(rats)
    unknown = set(regions) - set(data["regions"])
    if unknown:
        raise InvalidPositionError(f"not regions in play with {players} players: {sorted(unknown)}", "regions")
    gone = on_board | set(revealed)
    data.update(step="main", active=active, turn=turn, setup_index=2 * players, plague=plague,
                castle=list(castle or [0] * players), supply=[t for t in DEFAULT_TOKENS.ids if t not in gone],
                removed=[], revealed=list(revealed), classes={c: classes.get(c) for c in CARDS}, used=list(used),
                took_class=took, placed=placed, events=[],
                dealt_at_setup=sorted(dealt if dealt is not None else
                                      [DEFAULT_TOKENS.ids[t] for t in DEFAULT_TOKENS.setup_tokens]))
    state = game.state_from_json(data)  # the engine's validator: raises InvalidPositionError naming a bad field
    return position_document(game, state, description)


# Tokens already revealed in the mid-game positions (public: everybody saw them).
REVEALED_MIDGAME = ["R01", "R02", "R13", "R16", "R18", "R21", "R22", "R27", "R29", "R38", "R41", "R46"]


def position_odds() -> dict:
    """4 players, turn 9, Red to play: Germania holds 3 tokens and 6 cubes, Hungaria 2 tokens and 3 cubes."""
    regions = {
        "Anglia": (["R09"], [0, 0, 0, 0]),
        "Scandia": (["R12"], [1, 0, 0, 2]),
        "Gallia": (["R03", "R30"], [3, 0, 1, 0]),
        "Hispania": (["R10", "R35"], [0, 0, 0, 2]),
        "Germania": (["R07", "R32", "R44"], [2, 3, 1, 0]),
        "Italia": (["R08"], [0, 2, 0, 1]),
        "Polonia": (["R05"], [1, 1, 0, 0]),
        "Hungaria": (["R11", "R24"], [0, 1, 1, 1]),
        "Bulgaria": (["R06"], [0, 0, 0, 0]),
        "Turcia": (["R04", "R19", "R40"], [0, 0, 1, 1]),
        "Russia": ([], [0, 0, 2, 0]),
        "Tartaria": (["R17"], [0, 0, 0, 0]),
    }
    return position(4, regions, "Polonia", 0, {"king": 1, "merchant": 1, "monk": 2, "knight": 3, "witch": 3},
                    REVEALED_MIDGAME, turn=9,
                    description="Mid-game, 4 players, Red to play (turn 9). The plague is in Polonia. Germania holds "
                                "3 face-down tokens and 6 cubes (Red 2, Yellow 3, Green 1); Hungaria 2 tokens and "
                                "3 cubes. Yellow holds the King and the Merchant, Green the Monk, Blue the Knight "
                                "and the Witch; Red holds no card and the Peasant is on the table. 12 tokens have "
                                "been revealed so far.")


def position_what_if() -> dict:
    """4 players, turn 9: Red has taken the Peasant and placed cubes; only the plague move is left."""
    regions = {
        "Anglia": (["R09"], [0, 0, 0, 0]),
        "Scandia": (["R12"], [1, 0, 0, 2]),
        "Gallia": (["R03", "R30"], [3, 1, 0, 0]),
        "Hispania": (["R10"], [2, 0, 0, 0]),
        "Germania": (["R07", "R32", "R44"], [0, 0, 2, 1]),
        "Italia": (["R08"], [0, 0, 0, 0]),
        "Polonia": (["R05"], [0, 2, 1, 0]),
        "Hungaria": (["R11"], [1, 3, 0, 0]),
        "Bulgaria": (["R06"], [0, 0, 1, 1]),
        "Turcia": (["R04", "R19"], [0, 0, 2, 3]),
        "Russia": (["R35"], [0, 1, 1, 0]),
        "Tartaria": (["R17"], [0, 0, 0, 1]),
    }
    return position(4, regions, "Italia", 0, {"peasant": 0, "king": 1, "witch": 1, "knight": 2, "merchant": 2,
                                              "monk": 3},
                    REVEALED_MIDGAME, turn=9, took=True, placed=True, used=("peasant",),
                    description="Mid-game, 4 players, turn 9. Red has taken the Peasant and used it to place "
                                "cubes; only the plague move is left. The plague is in Italia; its neighbours are "
                                "Gallia, Hispania, Germania, Hungaria and, across the sea, Turcia (Green 2 and "
                                "Blue 3 cubes, 2 tokens). 12 tokens have been revealed so far.")


def position_last_turn() -> dict:
    """4 players: one token left in the supply; Red's turn will end the game, then the final round."""
    regions = {
        "Anglia": (["R31"], [0, 2, 0, 0]),
        "Scandia": (["R12", "R15"], [0, 0, 1, 3]),
        "Gallia": (["R03"], [3, 0, 0, 1]),
        "Hispania": ([], [2, 0, 0, 0]),
        "Germania": (["R07", "R44"], [2, 1, 2, 0]),
        "Italia": (["R08"], [0, 2, 0, 2]),
        "Polonia": (["R05", "R33"], [0, 2, 2, 0]),
        "Hungaria": (["R11"], [0, 0, 0, 0]),
        "Bulgaria": (["R06"], [0, 1, 0, 0]),
        "Turcia": (["R40"], [1, 0, 2, 0]),
        "Russia": ([], [0, 0, 0, 2]),
        "Tartaria": (["R17"], [0, 0, 1, 0]),
    }
    on_board = {t for rats, _ in regions.values() for t in rats}
    supply = "R45"
    from . import DEFAULT_TOKENS

    revealed = [t for t in DEFAULT_TOKENS.ids if t not in on_board and t != supply]
    return position(4, regions, "Hungaria", 0, {"merchant": 0, "peasant": 1, "witch": 1, "knight": 2, "monk": 2,
                                                "king": 3},
                    revealed, turn=23, castle=[3, 4, 2, 1],
                    description="End of a 4-player game: one rat token is left in the supply and Red is to play. "
                                "The plague is in Hungaria. Red holds the Merchant, Yellow the Peasant and the "
                                "Witch, Green the Knight and the Monk, Blue the King.")


LESSON_POSITIONS: dict[str, Callable[[], dict]] = {
    "rattus_odds": position_odds,
    "rattus_what_if": position_what_if,
    "rattus_last_turn": position_last_turn,
}


def build(name: str) -> dict:
    """The lesson position ``name`` as built here."""
    return LESSON_POSITIONS[name]()


def main(argv: list[str] | None = None) -> int:
    """Write the lesson positions named (default: all) into --lessons."""
    return rebuild_positions("Rebuild the Rattus lesson position files from their builders.",
                             lesson_writers(LESSON_POSITIONS, build), LESSONS_DIR, argv)


if __name__ == "__main__":
    raise SystemExit(main())
