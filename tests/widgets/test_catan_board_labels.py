"""No overlapping labels on either Catan board at 1280x720 (issue 22): in seeded mid-game and late-game positions,
drawn by the dashboard at its height, no two texts of the board overlap, no text lies on a number token (or, on the
base board, on any other piece or marker), and wagons sharing a market plaza sit side by side, each in its owner's
colour with its own label. Boxes come from the figure's marks (positions, sizes, offsets) as the browser draws them
(``board_boxes``)."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl
from ratgames_lab.core.position import position_document
from ratgames_lab.core.simulate import make_bots

from board_boxes import clashes, shapes  # tests/widgets is on the path (no package)

pytest.importorskip("bqplot")

TEXTS = ["tile_names", "numbers", "pips", "harbour_ratio", "harbour_kind", "fishing_text", "robber_text",
         "pirate_text", "metropolis_text", "knight_text", "wagon_text", "route_text"]
PIECES = ["harbours", "settlements", "cities", "robber", "fishing", "plazas", "walls", "metropolises", "knight_rims",
          "pirate", "merchant", "wagons", "ship_hulls", "bridge_marks"]
CASTLE = 107  # the castle market's plaza on the combined board


def _played(variant: str, turn: int, seed: int = 11, edit=None) -> dict:
    """A 4-player game played by heuristic bots until Player 1's action phase at ``turn`` or later."""
    game = rl.load_game("catan", players=4, seed=seed, variant=variant)
    s = game.new_state()
    bots = make_bots("catan", ["heuristic"] * 4)
    rng = random.Random(seed)
    while not (s.phase == "main" and s.active == 0 and s.current_player == 0 and s.turn >= turn):
        p = s.current_player
        s.apply(s.sample_chance(rng) if p < 0 else bots[p].choose(s.determinize(p, rng), rng))
    if edit:
        edit(s)
        s.after_load()
        s.validate_position()
    return position_document(game, s)


def _board(doc: dict):
    from ratgames_lab.widgets.catan import CatanDashboard

    dash = CatanDashboard(players=4, seed=7, seats=["human"] + ["heuristic"] * 3, bot_delay=0, animate=False)
    dash.load_position(doc)
    board = dash.board
    height = float(str(board.view.figure.layout.height).removesuffix("px"))
    present = lambda names: [n for n in names if n in board.view.layers]  # noqa: E731
    texts = shapes(board.view, present(TEXTS), height)
    return board, texts, shapes(board.view, ["tokens"], height), shapes(board.view, present(PIECES), height)


def _inside_the_figure(board, texts) -> None:
    """No text is cut by the figure's edge."""
    view = board.view
    height = float(str(view.figure.layout.height).removesuffix("px"))
    width = 8 + (view.x.max - view.x.min) * (height - 8) / (view.y.max - view.y.min)
    cut = [t for t in texts if t.box[0] < 0 or t.box[1] < 0 or t.box[2] > width or t.box[3] > height]
    assert not cut, cut[:3]


def _three_wagons_on_the_castle(s) -> None:
    for p in range(3):
        s.wagon_node[p] = CASTLE


@pytest.mark.parametrize("turn", [20, 60])
def test_the_base_board_has_no_text_on_another_text_a_token_or_a_piece(turn):
    board, texts, tokens, pieces = _board(_played("base", turn))
    assert len([t for t in texts if t.layer == "numbers"]) == 18 and pieces
    assert not clashes(texts, texts + tokens + pieces), clashes(texts, texts + tokens + pieces)[:3]
    _inside_the_figure(board, texts)


@pytest.mark.parametrize("turn, edit", [(40, None), (12, _three_wagons_on_the_castle)],
                         ids=["late game", "three wagons on the castle plaza"])
def test_the_combined_board_has_no_text_on_another_text_or_a_token(turn, edit):
    board, texts, tokens, pieces = _board(_played("combined", turn, edit=edit))
    assert not clashes(texts, texts + tokens), clashes(texts, texts + tokens)[:3]
    _inside_the_figure(board, texts)
    # the coast's fixed marks (harbours, fishing grounds) stay clear of every text but their own
    coast = [p for p in pieces if p.layer in ("harbours", "fishing")]
    assert coast and not clashes(texts, coast)


def test_wagons_sharing_a_plaza_sit_side_by_side_each_in_its_colour_with_its_label():
    board, texts, tokens, pieces = _board(_played("combined", 12, edit=_three_wagons_on_the_castle))
    carts = [p for p in pieces if p.layer == "wagons"]
    at_castle = carts[:3]
    assert len(carts) == 4
    assert all(not a.hits(b) for i, a in enumerate(at_castle) for b in at_castle[i + 1:])
    labels = [t for t in texts if t.layer == "wagon_text"]
    assert [t.anchor for t in labels] == [c.anchor for c in carts]
    assert all(t.text.startswith("W") for t in labels)
    colours = list(board.view.layers["wagons"].colors)
    assert len(set(colours[:3])) == 3
    # inside the castle's hex, clear of the castle's name
    name = next(t for t in texts if t.layer == "tile_names" and t.text == "castle")
    assert not clashes([name], at_castle)
