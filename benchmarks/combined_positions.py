"""Write the combined-variant Catan positions of the what-if analysis (a setup decision and a mid-game one), from
seeded games: ``python benchmarks/combined_positions.py`` (rewrites ratgames_lab/catan/positions/combined_*.json)."""
from __future__ import annotations

import random
from pathlib import Path

import ratgames_lab as rl
from ratgames_lab.core.position import dumps_position, position_document

FOLDER = Path(rl.__file__).parent / "catan" / "positions"


def play_until(seed: int, actions: int, wanted) -> tuple[object, object]:
    """A 4-player combined game (seed ``seed``) played at random for at least ``actions`` actions, up to the first
    decision with ``wanted(state)`` true."""
    game = rl.load_game("catan", players=4, seed=seed, variant="combined")
    state = game.new_state()
    rng = random.Random(seed)
    done = 0
    while True:
        if done >= actions and state.current_player >= 0 and wanted(state):
            return game, state
        if state.current_player == rl.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            options = state.legal_actions()
            state.apply(options[rng.randrange(len(options))])
        done += 1


POSITIONS = {
    "combined_setup": (3, 0, lambda s: "setup" in s.describe().lower() and 3 <= len(s.legal_actions()) <= 60,
                       "Combined variant (Seafarers, Cities & Knights, Traders & Barbarians), 4 players, setup: "
                       "where should this player put a first building? A seeded game (seed 3)."),
    "combined_midgame": (5, 900, lambda s: 3 <= len(s.legal_actions()) <= 12,
                         "Combined variant (Seafarers, Cities & Knights, Traders & Barbarians), 4 players, "
                         "mid-game: a seeded game (seed 5) after 900 random actions; which option wins most often?"),
}


def main() -> None:
    """Write every position."""
    for name, (seed, actions, wanted, text) in POSITIONS.items():
        game, state = play_until(seed, actions, wanted)
        path = FOLDER / f"{name}.json"
        path.write_text(dumps_position(position_document(game, state, text)), encoding="utf-8")
        print(f"wrote {path}: {len(state.legal_actions())} options for Player {state.current_player + 1}")


if __name__ == "__main__":
    main()
