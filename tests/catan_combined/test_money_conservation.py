"""Money is conserved over random games: with the box's 100 coins (option money_supply_cap=100) the players never
hold more than the supply had, every coin comes from the supply or another player; with no coins at all nobody
ever holds any. Transfers between players (tolls, trades) keep the total; payments to the supply (shop, Diplomat's
river fee, saving a city) lower it."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl
from ratgames_lab.core.protocol import CHANCE, TERMINAL


@pytest.mark.parametrize("cap", [100, 0])
def test_money_never_exceeds_the_supply_over_random_games(cap):
    changes = 0
    for seed in range(12):
        players = 3 + seed % 2
        g = rl.load_game("catan", players, seed=seed, variant="combined", turn_cap=80, money_supply_cap=cap)
        s = g.new_state()
        rng = random.Random(seed)
        assert sum(s.money) == min(cap, 5 * players)
        while s.current_player != TERMINAL:
            before = sum(s.money)
            a = s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions())
            s.apply(a)
            total = sum(s.money)
            assert 0 <= total <= cap, (seed, a)
            assert min(s.money) >= 0
            changes += total != before
            if a.kind == "confirm_trade":
                assert total == before  # a trade only moves money between its two players
        if cap == 0:
            assert s.money == [0] * players and s.loans == [0] * players
    assert (changes > 20) == (cap > 0)  # money did flow (not a vacuous check) when there was any
