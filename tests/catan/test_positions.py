"""The shipped scenario positions load through the one loader and show the rule their description names."""
from __future__ import annotations

from pathlib import Path

import pytest

import ratgames_lab as rl
from ratgames_lab.catan.actions import BankTrade, BuildRoad, BuildSettlement, Discard
from ratgames_lab.catan.scenarios import path_edges
from ratgames_lab.core.errors import IllegalActionError



def load(name):
    import ratgames_lab.catan as catan
    return rl.load_position(Path(catan.__file__).parent / "positions" / f"{name}.json")


def test_longest_road_broken():
    game, s = load("longest_road_broken")
    assert s.longest_holder == 0 and s.current_player == 1
    s.apply(BuildRoad(path_edges(game.board, [17, 23])[0]))
    s.apply(BuildSettlement(23))
    assert s.longest_holder == -1 and s.road_length[0] == 3


def test_seven_discards():
    game, s = load("seven_discards")
    order = []
    while s.phase == "discard":
        order.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert order == [0] * 5 + [1] * 4 + [2] * 4 and s.phase == "robber" and s.current_player == 0
    assert not isinstance(s.legal_actions()[0], Discard)


def test_harbour_trade():
    game, s = load("harbour_trade")
    assert s.is_legal(BankTrade("wool", "ore"))
    with pytest.raises(IllegalActionError) as exc:
        s.apply(BankTrade("grain", "ore"))  # no grain in hand
    assert exc.value.rule == "trade.bank"
    s.apply(BankTrade("brick", "ore"))  # 4 brick at 4:1
    assert s.hands[0] == [0, 0, 2, 0, 1]


def test_terminal_texts_describe_the_position_and_only_the_own_hand():
    game, s = load("harbour_trade")
    text = s.describe()
    assert "Player 1: 1 VP shown; settlements [5]" in text and "The robber is on tile 9 (desert)" in text
    assert s.hand_text(0) == "Your hand: 4 brick, 2 wool; development cards: none."
    assert "3 brick" in s.hand_text(1) and "wool" not in s.hand_text(1)
