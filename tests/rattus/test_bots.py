"""The heuristic bot against random bots, and the analysis on determinized copies (no peeking)."""
from __future__ import annotations

import random

import ratgames_lab as rl
from ratgames_lab.core.analysis import evaluate_actions
from ratgames_lab.core.simulate import simulate_games
from ratgames_lab.rattus import BOTS, HeuristicBot, load_position


def test_bots_table():
    assert {"random", "rollout", "heuristic"} <= set(BOTS) and BOTS["heuristic"] is HeuristicBot
    assert rl.GAMES["rattus"].bots() is BOTS


def test_heuristic_beats_three_random_bots_over_200_games():
    wins = games = 0
    for seat in range(4):
        bots = ["random"] * 4
        bots[seat] = "heuristic"
        result = simulate_games("rattus", 4, 50, seed=10_000 + 100 * seat, bots=bots)
        wins += result.wins[seat]
        games += result.games
    assert games == 200
    assert wins / games > 0.6  # a random seat wins 25% of the time


def test_heuristic_bot_plays_legal_actions_for_every_player_count():
    bot = HeuristicBot()
    for players in (2, 3, 4):
        s = rl.load_game("rattus", players=players, seed=players).new_state()
        rng = random.Random(players)
        while not s.is_terminal():
            a = s.sample_chance(rng) if s.current_player < 0 else bot.choose(s, rng)
            s.apply(a)


def test_evaluate_actions_never_uses_hidden_tokens():
    game, s = load_position("gallia_plague")
    data = s.to_json()
    # swap two face-down tokens Red has not seen: the position looks the same to Red
    data["regions"]["Gallia"]["rats"][0], data["supply"][0] = data["supply"][0], data["regions"]["Gallia"]["rats"][0]
    data["supply"].sort()
    other = game.state_from_json(data)
    assert other.observation(0) == s.observation(0) and other.to_json() != s.to_json()
    a = evaluate_actions(s, 0, playouts=4, seed=3)
    b = evaluate_actions(other, 0, playouts=4, seed=3)
    assert [(v.action, v.win_rate) for v in a] == [(v.action, v.win_rate) for v in b]
