"""The combined dashboard with the fish (issue 12): a robber and a pirate taken off the board by fish are not drawn
(and the board still renders), and the Old Boot's -1 VP shows in the points breakdown."""
from __future__ import annotations

import random

import ratgames_lab as rl
from ratgames_lab.core.position import position_document
from ratgames_lab.widgets.catan import CatanDashboard
from ratgames_lab.widgets.catan_combined_view import vp_parts


def _turn_one(seed: int = 1):
    game = rl.load_game("catan", players=4, seed=seed, variant="combined")
    s = game.new_state()
    rng = random.Random(seed)
    while not (s.current_player == 0 and s.phase == "main"):
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
    return game, s


def test_pieces_off_the_board_are_not_drawn_and_the_old_boot_costs_a_point():
    game, s = _turn_one()
    d = CatanDashboard(players=4, seed=1, seats=["human", "random", "random", "random"], bot_delay=0, animate=False,
                       variant="combined")
    d.load_position(position_document(game, s))
    assert d.board.view.keys["robber"] == [s.robber] and d.board.view.keys["pirate"] == [s.pirate]
    s.robber, s.pirate, s.old_boot = -1, -1, 0
    s.after_load()
    s.validate_position()
    d.load_position(position_document(game, s))
    assert d.board.view.keys["robber"] == [] and d.board.view.keys["pirate"] == []
    parts = vp_parts(d.observation(), 0)
    assert ("the Old Boot", -1) in parts and sum(n for _, n in parts) == s.vp(0)
