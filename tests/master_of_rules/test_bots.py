"""The heuristic bot is legal everywhere and clearly beats random play."""
import random

import ratgames_lab as rl
from ratgames_lab.core.simulate import simulate_games
from ratgames_lab.master_of_rules import BOTS


def test_heuristic_bot_only_plays_legal_actions():
    bot = BOTS["heuristic"]()
    for players in (3, 4, 5):
        state = rl.load_game("master_of_rules", players=players, seed=players).new_state()
        rng = random.Random(players)
        while not state.is_terminal():
            action = state.sample_chance(rng) if state.current_player < 0 else bot.choose(state, rng)
            assert state.is_legal(action)
            state.apply(action)


def test_heuristic_bot_beats_random_bots():
    result = simulate_games("master_of_rules", 4, 60, seed=500, bots=["heuristic", "random", "random", "random"])
    # Random seats win 25% each on average; the heuristic seat must win far more than its fair share.
    assert result.win_rates()[0] > 0.5
    assert result.mean_scores[0] > max(result.mean_scores[1:]) + 2
