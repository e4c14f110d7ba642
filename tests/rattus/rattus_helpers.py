"""Helpers shared by the Rattus tests (a uniquely named module, imported directly)."""
from __future__ import annotations

import random

import ratgames_lab as rl


def random_step(state, rng: random.Random) -> None:
    """Apply one random legal action (or a sampled chance outcome)."""
    if state.current_player == rl.CHANCE:
        state.apply(state.sample_chance(rng))
    else:
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])


def random_states(players: int, seed: int, max_steps: int = 100_000):
    """Yield every state of one seeded random game (the same object, mutated: clone to keep one)."""
    state = rl.load_game("rattus", players=players, seed=seed).new_state()
    rng = random.Random(seed)
    yield state
    steps = 0
    while not state.is_terminal():
        random_step(state, rng)
        steps += 1
        assert steps < max_steps, "the game did not end"
        yield state
