"""evaluate_actions: one estimate per legal action, inside its confidence interval, never using hidden cards."""
from __future__ import annotations

import math

import pytest

import ratgames_lab as rl
from ratgames_lab import IllegalActionError
from ratgames_lab.core.analysis import evaluate_actions, wilson_interval

from .helpers import hidden_swap, position


@pytest.mark.parametrize("players, seed, steps", [(3, 1, 0), (4, 2, 14), (5, 3, 33)])
def test_one_value_per_legal_action(players, seed, steps):
    game, state = position(players, seed, steps)
    assert state.current_player >= 0
    before = state.to_json()
    values = evaluate_actions(state, state.current_player, playouts=6, seed=4)
    assert [v.action for v in values] == state.legal_actions()
    for v in values:
        assert 0.0 <= v.low <= v.win_rate <= v.high <= 1.0
        assert v.playouts == 6
        assert v.to_json()["label"] == str(v.action)
    assert state.to_json() == before  # the analysed state is untouched
    assert evaluate_actions(state, None, playouts=6, seed=4) == values  # default player, same seed


def test_never_reads_hidden_cards():
    """Two positions that differ only in an opponent's hidden cards give identical estimates (same seed)."""
    game, state = position(4, 7, 55)
    viewer = state.current_player
    assert viewer >= 0
    twin = hidden_swap(game, state, viewer)
    assert twin.to_json() != state.to_json()
    a = evaluate_actions(state, viewer, playouts=8, seed=11)
    b = evaluate_actions(twin, viewer, playouts=8, seed=11)
    assert a == b


def test_only_for_the_player_to_move():
    game, state = position(3, 1, 0)
    other = (state.current_player + 1) % 3
    with pytest.raises(IllegalActionError) as err:
        evaluate_actions(state, other, playouts=2)
    assert err.value.rule == "analysis.player_to_move"
    game, state = position(3, 1, 0)
    while state.current_player >= 0:  # walk to a chance node
        state.apply(state.legal_actions()[0])
    with pytest.raises(IllegalActionError):
        evaluate_actions(state, None, playouts=2)


@pytest.mark.parametrize("mean, n", [(0.0, 10), (1.0, 10), (0.5, 100), (0.2, 7), (0.93, 1000)])
def test_wilson_interval(mean, n):
    low, high = wilson_interval(mean, n)
    assert 0.0 <= low <= mean <= high <= 1.0
    centre = (mean + 1.96**2 / (2 * n)) / (1 + 1.96**2 / n)
    assert math.isclose((low + high) / 2, centre, rel_tol=1e-3) or low == 0.0 or high == 1.0
    assert wilson_interval(mean, 4 * n)[1] - wilson_interval(mean, 4 * n)[0] < high - low


def test_wilson_interval_without_trials():
    assert wilson_interval(0.0, 0) == (0.0, 1.0)


def test_rollout_bot_plays_legal_moves():
    from ratgames_lab.core.bots import RandomBot, RolloutBot
    import random
    game, state = position(3, 9, 5)
    r = random.Random(1)
    for bot in (RandomBot(), RolloutBot(playouts=2)):
        assert state.is_legal(bot.choose(state, r))
    assert set(rl.GAMES["master_of_rules"].bots()) >= {"random", "rollout"}
