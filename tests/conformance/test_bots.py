"""Bots decide from what their seat may know: their choice does not change when hidden information is resampled,
and the drivers hand them a determinized copy, never the state itself."""
from __future__ import annotations

import random

import ratgames_lab as rl
from ratgames_lab.core.bots import choose_for_seat, view_rng
from ratgames_lab.core.playout import play_to_end

CHECKED_STATES = 40


def _states(name: str, players: int, seed: int, count: int, options: dict | None = None):
    """Decision states of a seeded random game, spread over the whole game."""
    state = rl.load_game(name, players=players, seed=seed, **(options or {})).new_state()
    rng = random.Random(seed)
    seen = []
    while not state.is_terminal():
        if state.current_player >= 0:
            seen.append(state.clone())
            action = rng.choice(state.legal_actions())
        else:
            action = state.sample_chance(rng)
        state.apply(action)
    step = max(1, len(seen) // count)
    return seen[::step][:count]


def _peeking(bot, states) -> list[set]:
    """For each state where the bot's choice changes with the resampled hidden information, its choices."""
    out = []
    for i, state in enumerate(states):
        p = state.current_player
        choices = {str(bot.choose(state.determinize(p, random.Random(100 + k)), random.Random(i))) for k in range(3)}
        if len(choices) > 1:
            out.append(choices)
    return out


def test_bot_choices_ignore_hidden_information(game_count):
    name, players, options = game_count
    states = _states(name, players, 3, CHECKED_STATES, options)
    for bot_name, cls in rl.GAMES[name].bots().items():
        if bot_name != "rollout":  # the rollout bot determinizes by itself; it is checked through analysis
            assert not _peeking(cls(), states), f"{bot_name} bot's choice depends on hidden information"


class _Cheat:
    """A bot that peeks: its choice depends on the whole position, hidden cards included."""

    name = "cheat"

    def choose(self, view, rng):
        import hashlib
        import json
        legal = view.legal_actions()
        digest = hashlib.sha256(json.dumps(view.to_json(), sort_keys=True).encode()).hexdigest()
        return legal[int(digest, 16) % len(legal)]


def _with_hidden_information(state) -> bool:
    """True if resampling what the seat to move cannot see changes the position (so a cheat could notice)."""
    import json
    p = state.current_player
    worlds = {json.dumps(state.determinize(p, random.Random(100 + k)).to_json(), sort_keys=True) for k in range(3)}
    return len(worlds) > 1


def test_the_check_catches_a_peeking_bot(game_variant):
    """A hidden-information game: a peeking bot is caught; a perfect-information one has nothing to peek at."""
    game_name, options = game_variant
    players = max(rl.GAMES[game_name].players)
    decisions = [s for s in _states(game_name, players, 3, 400, options) if len(s.legal_actions()) > 1]
    hidden = [s for s in decisions if _with_hidden_information(s)][:CHECKED_STATES]
    if rl.GAMES[game_name].information == "perfect":
        assert decisions and not hidden, "a perfect-information game's determinize must change nothing"
        return
    assert hidden, "no decision with hidden information in a whole game"
    assert _peeking(_Cheat(), hidden)


class _Spy:
    """A bot that records what it was shown."""

    name = "spy"

    def __init__(self):
        self.shown = []

    def choose(self, view, rng):
        self.shown.append(view)
        return rng.choice(view.legal_actions())


def test_drivers_show_bots_a_determinized_copy(game_variant):
    game_name, options = game_variant
    players = rl.GAMES[game_name].players[0]
    state = rl.load_game(game_name, players=players, seed=2, **options).new_state()
    spies = [_Spy() for _ in range(players)]
    play_to_end(state, spies, random.Random(2))
    shown = [v for s in spies for v in s.shown]
    assert shown and all(v is not state for v in shown)
    live = rl.load_game(game_name, players=players, seed=2, **options).new_state()
    while live.current_player < 0 and not live.is_terminal():
        live.apply(live.sample_chance(random.Random(0)))
    spy = _Spy()
    choose_for_seat(spy, live, random.Random(1), view_rng(random.Random(1)))
    assert spy.shown[0] is not live
    assert spy.shown[0].observation(live.current_player) == live.observation(live.current_player)
