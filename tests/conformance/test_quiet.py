"""A playout's event log is off (``state.quiet()``): the game itself must not change — no rule reads the log."""
from __future__ import annotations

import random

import ratgames_lab as rl
from ratgames_lab.core.playout import random_playout


def _play(state, seed: int) -> int:
    rng, steps = random.Random(seed), 0
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.current_player < 0 else rng.choice(state.legal_actions()))
        steps += 1
    return steps


def test_a_quiet_game_is_the_same_game_without_its_events(game_count):
    name, players, options = game_count
    for seed in range(3):
        loud = rl.load_game(name, players=players, seed=seed, **options).new_state()
        quiet = rl.load_game(name, players=players, seed=seed, **options).new_state().quiet()
        at_setup = quiet.event_count  # the setup's events, recorded before the log stopped
        assert _play(loud, seed) == _play(quiet, seed)
        assert loud.event_count > at_setup and quiet.event_count == quiet.clone().event_count == at_setup
        expect, got = loud.to_json(), quiet.to_json()
        expect.pop("events", None)
        got.pop("events", None)
        assert got == expect and quiet.returns() == loud.returns()


def test_a_random_playout_leaves_the_log_before_it_and_records_nothing_after(game_count):
    name, players, options = game_count
    state = rl.load_game(name, players=players, seed=1, **options).new_state()
    before = state.event_count
    sim = state.clone()
    random_playout(sim, random.Random(1))
    assert sim.is_terminal() and sim.event_count == before and state.event_count == before
