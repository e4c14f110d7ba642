"""evaluate_actions: one estimate per legal action, inside its confidence interval, never using hidden cards; the
paired race and its verdict; positions where chance moves next."""
from __future__ import annotations

import math
import random
from fractions import Fraction
from pathlib import Path

import pytest

import ratgames_lab as rl
from ratgames_lab import IllegalActionError
from ratgames_lab.core.analysis import evaluate_actions, wilson_interval
from ratgames_lab.core.racing import Race
from ratgames_lab.core.what_if import analyze

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


# ------------------------------------------------------------------------------------------------
# paired racing and its verdict (core.racing), on a fake game whose win chances are known exactly
# ------------------------------------------------------------------------------------------------
class Bandit:
    """A one-decision game: action i wins with probability chances[i]; a playout draws one uniform number u and
    action i wins when u < chances[i] (so with the same seed, the actions share their luck)."""

    current_player = 0
    players = 1

    def __init__(self, chances, chosen=None, won=None):
        self.chances, self.chosen, self.won = chances, chosen, won

    def legal_actions(self):
        return list(range(len(self.chances)))

    def determinize(self, player, rng):
        return self

    def clone(self):
        return Bandit(self.chances, self.chosen, self.won)

    def apply(self, action):
        self.chosen = action

    def returns(self):
        return [1.0 if self.won else 0.0]


def paired_play(sim, rng):
    sim.won = rng.random() < sim.chances[sim.chosen]


def unpaired_play(sim, rng):
    for _ in range(sim.chosen):  # each action draws a different number from the same seed
        rng.random()
    sim.won = rng.random() < sim.chances[sim.chosen]


def race(chances, seed=0, playouts=20_000, play=paired_play, **kw):
    r = Race(Bandit(chances), 0, play, seed, playouts=playouts, **kw)
    while not r.done:
        r.step()
    return r


def test_a_clear_best_is_named_with_its_margin():
    r = race([0.30, 0.60, 0.40], seed=1)
    v = r.verdict
    assert (v.kind, v.best, v.reason) == ("best", "1", "separated")
    assert 0 < v.margin <= 0.20  # a lower bound of the true lead (0.20 over the runner-up)
    assert v.text().startswith("1 is best: by at least ") and "confidence 95%" in v.text()
    assert r.alive == [1]


def test_equal_actions_are_too_close_within_the_resolution():
    r = race([0.5, 0.5, 0.2], seed=2)
    v = r.verdict
    assert v.kind == "close" and v.reason == "resolution" and set(v.contenders) == {"0", "1"}
    assert v.margin <= v.resolution == 0.02
    assert "Too close to call between" in v.text() and "equally good" in v.text()


def test_a_small_budget_says_too_close_and_the_budget_that_would_resolve_it():
    r = race([0.50, 0.56], seed=3, playouts=60, play=unpaired_play)
    v = r.verdict
    assert v.kind == "close" and v.reason == "budget" and v.playouts == 60
    assert v.needed > 60 and f"About {v.needed:,} playouts per option would resolve it." in v.text()
    bigger = race([0.50, 0.56], seed=3, playouts=20 * v.needed, play=unpaired_play).verdict
    assert bigger.kind == "best" and bigger.best == "1"  # "about": an estimate from a noisy start


def test_same_seed_same_verdict_and_other_seeds_vary():
    a, b = race([0.45, 0.5, 0.52], seed=5, playouts=400), race([0.45, 0.5, 0.52], seed=5, playouts=400)
    assert a.verdict == b.verdict and a.results == b.results
    assert race([0.45, 0.5, 0.52], seed=6, playouts=400).results != a.results


def test_pairing_needs_fewer_playouts_than_independent_draws():
    paired, unpaired = race([0.4, 0.5], seed=7), race([0.4, 0.5], seed=7, play=unpaired_play)
    assert paired.verdict.best == unpaired.verdict.best == "1"
    assert paired.rounds < 0.8 * unpaired.rounds


def test_wrong_verdicts_are_rarer_than_one_minus_the_confidence():
    """Over 60 seeded races on close arms, no verdict names a wrong best or claims a false 'too close'."""
    chances = [0.50, 0.53, 0.45]
    wrong = 0
    for seed in range(60):
        v = race(chances, seed=seed, playouts=300, play=unpaired_play).verdict
        if v.kind == "best":
            wrong += v.best != "1"
        else:
            wrong += "1" not in v.contenders or v.margin < 0.03
    assert wrong <= 3  # 5% of 60


def test_one_legal_action_is_forced():
    r = race([0.4])
    assert r.verdict.kind == "forced" and "only legal action" in r.verdict.text()


def test_evaluation_carries_the_verdict_and_pairs_every_action_with_the_leader():
    _game, state = position(4, 2, 14)
    values = evaluate_actions(state, None, playouts=40, seed=1)
    assert values.verdict is not None and values.verdict.playouts == 40
    leader = [v for v in values if v.lead == 0.0 and v.lead_low == 0.0]
    assert leader and all(v.lead_low <= v.lead <= v.lead_high for v in values)
    assert evaluate_actions(state, None, playouts=40, seed=1).verdict == values.verdict


def test_a_cpu_limit_stops_at_the_last_check_which_a_playout_count_reproduces():
    _game, state = position(4, 2, 14)
    stopped = evaluate_actions(state, None, playouts=100_000, seed=1, cpu_seconds=0.3)
    assert stopped.cpu_stopped
    again = evaluate_actions(state, None, playouts=stopped.verdict.playouts, seed=1)
    assert [v.win_rate for v in again] == [v.win_rate for v in stopped]
    assert again.verdict.text() == stopped.verdict.text()


# ------------------------------------------------------------------------------------------------
# chance moves next
# ------------------------------------------------------------------------------------------------
POSITIONS = Path(rl.__file__).parent


@pytest.mark.parametrize("path", ["horlogerie/positions/empty_mission_deck.json",
                                  "master_of_rules/positions/dummy_rule_already_played_3p.json",
                                  "master_of_rules/positions/dummy_rule_discarded_3p.json",
                                  "master_of_rules/positions/support_right_all_3p.json",
                                  "master_of_rules/positions/support_right_skips_dummy_3p.json"])
def test_shipped_chance_positions_are_explained_not_refused(path):
    _game, state = rl.load_position(POSITIONS / path)
    result = analyze(state, playouts=20, seed=0)
    assert result.player == rl.CHANCE and "illustrates a rule" in result.chance.illustration
    assert "Chance moves next" in result.chance.illustration


def test_each_chance_outcome_is_analysed_and_weighted_exactly():
    state = rl.load_game("horlogerie", seed=0).new_state()
    rng = random.Random(0)
    for _ in range(190):
        state.apply(state.sample_chance(rng) if state.current_player == rl.CHANCE
                    else rng.choice(state.legal_actions()))
    assert state.current_player == rl.CHANCE
    report = analyze(state, playouts=30, seed=2).chance
    assert [o.probability for o in report.outcomes] == [Fraction(1, 3), Fraction(2, 3)]
    assert report.illustration == ""
    for o in report.outcomes:
        assert o.decider == 1 and [v.action for v in o.evaluation] == o.state.legal_actions()
    player, rate = report.weighted_win_rate()
    best = [max(v.win_rate for v in o.evaluation) for o in report.outcomes]
    assert player == 1 and rate == pytest.approx(best[0] / 3 + 2 * best[1] / 3)
    again = analyze(state, playouts=30, seed=2).chance
    assert [o.evaluation.verdict for o in again.outcomes] == [o.evaluation.verdict for o in report.outcomes]


def test_a_finished_game_has_nothing_to_analyse():
    state = rl.load_game("master_of_rules", players=3, seed=1).new_state()
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply(state.sample_chance(rng) if state.current_player == rl.CHANCE
                    else rng.choice(state.legal_actions()))
    with pytest.raises(ValueError, match="over"):
        analyze(state)
