"""victory: points won while the roll's queue runs (here a Defender card from a won defence) end the game at once,
before anyone acts on (found by random games: the game ended one action late, with a trade offer left open)."""
from __future__ import annotations

from ratgames_lab.catan.actions import Roll
from ratgames_lab.catan.combined.actions import RollDice

from .helpers import building, fresh, knight, roll_phase


def test_a_defender_card_won_on_your_roll_wins_the_game_at_once():
    s = fresh(3, seed=0)
    building(s, 0, 13, 2)  # Player 1's city: the barbarians' strength is 1
    knight(s, 0, 31, level=1, active=True)  # Player 1 defends alone with 1
    s.defenders[0] = 12  # 12 Defender cards + a city = 14 VP
    s.barbarian = 6
    roll_phase(s, 0)
    assert s.vp(0) == 14
    s.apply(Roll())
    s.apply(RollDice(2, 1, "ship"))
    assert s.defenders[0] == 13 and s.vp(0) == 15
    assert s.phase == "over" and s.winner == 0 and s.is_terminal() and not s.pending
    s.validate_position()
