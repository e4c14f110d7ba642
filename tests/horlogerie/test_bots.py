"""Bots: legal choices all game long, decisions from the seat's own knowledge, the policies they follow."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl
from ratgames_lab.core.bots import RandomBot
from ratgames_lab.core.playout import play_to_end
from ratgames_lab.horlogerie import BOTS, Game, odds
from ratgames_lab.horlogerie.actions import DRAW, STOP, UseSpyglass
from ratgames_lab.horlogerie.bots import OptimalBot, ThresholdBot

from .helpers import arrange, explore


@pytest.mark.parametrize("players", [2, 4, 6])
def test_bots_play_whole_games_with_legal_actions(players):
    for seed in range(4):
        s = Game(players=players, seed=seed).new_state()
        names = ["optimal", "threshold", "random", "heuristic", "optimal", "threshold"][:players]
        bots = [BOTS[n]() for n in names]
        play_to_end(s, bots, random.Random(seed))  # apply() refuses any illegal choice
        assert s.is_terminal() and sum(s.returns()) == pytest.approx(1.0)


def test_bots_decide_from_what_their_seat_can_know():
    """The choice is the same on the real state and on copies where the hidden information is resampled."""
    for seed in range(3):
        s = Game(players=3, seed=seed).new_state()
        rng = random.Random(seed)
        bots = [OptimalBot(), ThresholdBot(), OptimalBot()]
        for _ in range(250):
            if s.is_terminal():
                break
            p = s.current_player
            if p == rl.CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            choice = bots[p].choose(s, random.Random(1))
            for k in range(3):
                assert bots[p].choose(s.determinize(p, random.Random(k)), random.Random(1)) == choice
            s.apply(choice)


def test_the_threshold_bot_stops_at_the_value_minus_k():
    for k, expected in ((0, DRAW), (1, STOP), (2, STOP)):
        s = arrange(2)
        explore(s, "S1", "S4", stop=False)  # 5 of 6
        assert ThresholdBot(margin=k).choose(s, random.Random(0)) == expected
    s = arrange(2)
    explore(s, "S2", stop=False)
    assert ThresholdBot(margin=3).choose(s, random.Random(0)) == DRAW  # 2 < 6 - 3


def test_the_optimal_bot_follows_the_exact_policy_and_looks_before_an_uncertain_draw():
    s = arrange(2)
    explore(s, "S1", "S2", stop=False)
    bot = OptimalBot()
    wanted = odds.solve(odds.exploration_phase(s, 0), bot.objective(s)).draw
    assert bot.choose(s, random.Random(0)) == (DRAW if wanted else STOP)
    s = arrange(2, finds=[["M3"], []])
    explore(s, "S3", stop=False)
    assert bot.choose(s, random.Random(0)) == UseSpyglass("M3", "exploration")


def test_the_bots_beat_random_players():
    wins = [0.0, 0.0]
    for seed in range(30):
        s = Game(players=2, seed=500 + seed).new_state()
        bots = [OptimalBot(), RandomBot()] if seed % 2 == 0 else [RandomBot(), OptimalBot()]
        play_to_end(s, bots, random.Random(seed))
        r = s.returns()
        wins[0] += r[0] if seed % 2 == 0 else r[1]
        wins[1] += r[1] if seed % 2 == 0 else r[0]
    assert wins[0] >= 24  # measured: about 97% over 300 games
