"""Order is part of the position: ``legal_actions()`` lists the same actions in the same order whether the state
was played to or loaded from JSON, so that seeded bots and playouts replay identically after a save and load.

Checked at many steps of seeded games on every game and player count, played by the game's heuristic bot mixed
with random moves (random games alone rarely reach the positions where an order can drift, such as several
settlements that may become cities).
"""
from __future__ import annotations

import json
import random

import ratgames_lab as rl
from ratgames_lab.core.bots import RandomBot, choose_for_seat, view_rng

SEEDS = 3
CHECK_EVERY = 4
MAX_STEPS = 1500


def _listed(state) -> list[str]:
    return [json.dumps(a.to_json(), sort_keys=True) for a in state.legal_actions()]


def test_legal_actions_keep_their_order_after_a_reload(game_count):
    name, players, options = game_count
    bot = rl.GAMES[name].bots().get("heuristic", RandomBot)()
    checked = 0
    for seed in range(SEEDS):
        game = rl.load_game(name, players=players, seed=seed, **options)
        state, rng = game.new_state().quiet(), random.Random(seed)
        views = view_rng(rng)
        for step in range(MAX_STEPS):
            if state.is_terminal():
                break
            if step % CHECK_EVERY == 0:
                again = game.state_from_json(json.loads(json.dumps(state.to_json())))
                assert _listed(again) == _listed(state), (
                    f"seed {seed}, step {step}: legal_actions() lists another order after a JSON round trip")
                checked += 1
            if state.current_player == rl.CHANCE:
                action = state.sample_chance(rng)
            elif rng.random() < 0.7:
                action = choose_for_seat(bot, state, rng, views)
            else:
                action = rng.choice(state.legal_actions())
            state.apply(action)
    assert checked >= SEEDS
