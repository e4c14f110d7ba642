"""The Catan dashboard: the hex board, clicks resolved to actions, hidden hands, the trade panel, the heat map."""
from __future__ import annotations

import random

import bqplot as bq

import ratgames_lab as rl
from ratgames_lab.catan import production_heat
from ratgames_lab.widgets.catan_board import CatanBoard, board_figure, free_intersections


def _after_setup(seed: int = 3):
    game = rl.load_game("catan", players=4, seed=seed)
    state = game.new_state()
    rng = random.Random(seed)
    while state.phase in ("setup_settlement", "setup_road"):
        state.apply(rng.choice(state.legal_actions()))
    return game, state


def test_board_figure_draws_every_piece_and_the_heat_map():
    game, state = _after_setup()
    fig = board_figure(state, heat=True, title="Where to settle")
    assert isinstance(fig, bq.Figure) and fig.title == "Where to settle"
    board = CatanBoard(state.comp.topo, clickable=False)
    obs = state.observation(-1)
    heat = production_heat(state)
    board.draw(obs, heat=heat)
    v = board.view
    assert len(v.keys["tiles"]) == 19 and len(v.keys["harbours"]) == 9
    settlements = [n for n, o in enumerate(obs["intersections"]["owner"]) if o is not None]
    assert v.keys["settlements"] == settlements and len(settlements) == 8
    assert len(v.layers["roads"].x) == 8
    numbers = list(v.layers["numbers"].text)
    assert sorted(int(t) for t in numbers) == sorted(t["number"] for t in obs["tiles"] if t["number"])
    # the heat map: exactly the free intersections, with the odds module's values
    free = free_intersections(state.comp.topo, obs)
    assert v.keys["heat"] == [n for n in free if heat[n] > 0]
    assert list(v.layers["heat"].color) == [float(heat[n]) for n in v.keys["heat"]]
    assert [int(t) for t in v.layers["heat_text"].text] == [heat[n] * 36 for n in v.keys["heat"]]
    assert not set(free) & {m for n in settlements for m in state.comp.topo.node_nbrs[n]}
    # the static figure has no click targets; its marks are those of a board drawn the same way
    assert len(fig.marks) == len(v.figure.marks)
    board_off = CatanBoard(state.comp.topo, clickable=False)
    board_off.draw(obs)
    assert board_off.view.keys["heat"] == []
