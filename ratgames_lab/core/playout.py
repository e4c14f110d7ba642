"""Playing a state forward: chance sampled with a seeded rng, players chosen by bots."""
from __future__ import annotations

import random
from typing import Sequence

from .protocol import CHANCE, TERMINAL, Action, GameState

MAX_STEPS = 100_000


def seat_view(state: GameState, rng: random.Random) -> GameState:
    """What the seat to move may know, as a state: a determinized copy for that seat (hidden information resampled)."""
    return state.determinize(state.current_player, rng)


def view_rng(rng: random.Random) -> random.Random:
    """A separate, reproducible generator for the bots' views, derived from ``rng`` without drawing from it."""
    return random.Random(hash(rng.getstate()))


def choose_for_seat(bot, state: GameState, rng: random.Random, views: random.Random) -> Action:
    """Ask ``bot`` for the move of the seat to play, showing it only what that seat may know."""
    return bot.choose(seat_view(state, views), rng)


def play_to_end(state: GameState, bots: Sequence, rng: random.Random, max_steps: int = MAX_STEPS) -> int:
    """Play ``state`` in place until it ends; returns the number of actions applied.

    Each bot decides from a determinized copy for its seat (``choose_for_seat``), never from the state.
    """
    views = view_rng(rng)
    steps = 0
    while not state.is_terminal():
        player = state.current_player
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
        else:
            state.apply(choose_for_seat(bots[player], state, rng, views))
        steps += 1
        if steps > max_steps:
            raise RuntimeError(f"game did not end after {max_steps} actions")
    return steps


def random_playout(state: GameState, rng: random.Random) -> int:
    """Play ``state`` in place to the end with uniformly random legal actions (its event log stops: a playout's
    events are never read)."""
    state.quiet()
    steps = 0
    while (player := state.current_player) != TERMINAL:
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            state.apply_legal(actions[rng.randrange(len(actions))])
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"game did not end after {MAX_STEPS} actions")
    return steps


def bot_playout(state: GameState, seats: Sequence[tuple[object | None, float]], rng: random.Random) -> int:
    """Play a sampled world in place to the end: seat ``p`` asks ``seats[p] = (bot, share)`` with chance ``share``,
    else plays a uniformly random legal action (``bot`` None: always random); returns the number of actions.

    The bots act on ``state`` itself, not on a determinized copy: call it only on a world that is already a sample
    (``determinize``), in which nothing hidden is the true hidden information. Its event log stops.
    """
    state.quiet()
    steps = 0
    while (player := state.current_player) != TERMINAL:
        if player == CHANCE:
            state.apply_legal(state.sample_chance(rng))
        else:
            bot, share = seats[player]
            if bot is not None and (share >= 1 or rng.random() < share):
                state.apply(bot.choose(state, rng))
            else:
                actions = state.legal_actions()
                state.apply_legal(actions[rng.randrange(len(actions))])
        steps += 1
        if steps > MAX_STEPS:
            raise RuntimeError(f"game did not end after {MAX_STEPS} actions")
    return steps
