"""Shared set-ups of the Traders & Barbarians dashboard tests: a 3-player combined dashboard with the human in
seat 1, and a combined position at Player 1's action phase reached by seeded random play."""
from __future__ import annotations

import random

import ratgames_lab as rl
from ratgames_lab.widgets.catan import CatanDashboard

SEATS = ["human", "random", "random"]


def traders_dash(seats=SEATS, **kw) -> CatanDashboard:
    """A combined-variant dashboard, bots answering at once (seed 6 unless given)."""
    return CatanDashboard(players=len(seats), seed=kw.pop("seed", 6), seats=seats, bot_delay=0, animate=False,
                          variant="combined", **kw)


def main_position(seed: int = 6):
    """(game, state): a 3-player combined game played at random until Player 1's action phase, nothing queued."""
    game = rl.load_game("catan", players=3, seed=seed, variant="combined")
    s = game.new_state()
    rng = random.Random(seed)
    while not (s.phase == "main" and s.active == 0 and s.turn >= 1 and not s.pending):
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
    return game, s
