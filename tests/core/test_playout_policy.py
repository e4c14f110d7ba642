"""The playout policy of evaluate_actions: random (paired worlds, written plainly in the test), heuristic, mix, per seat."""
from __future__ import annotations

import random
from pathlib import Path

import pytest

import ratgames_lab as rl
from ratgames_lab.core.analysis import (POLICIES, ActionValue, Evaluation, evaluate_actions, playout_policy,
                                        wilson_interval)
from ratgames_lab.core.bots import CORE_BOTS, RolloutBot
from ratgames_lab.core.playout import bot_playout, random_playout
from ratgames_lab.core.registry import GameInfo

from .helpers import hidden_swap, position

LAST_TRICK = Path(__file__).parent / "data" / "mor_last_trick.json"  # Master of Rules, last cards, 4 options


def paired_reference(state, player, playouts, seed):
    """evaluate_actions with few playouts (one check, at the end: every action plays every round), written plainly:
    each round one world and one playout seed, shared by every action (common random numbers)."""
    seeds = random.Random(seed)
    totals = [0.0] * len(state.legal_actions())
    for _ in range(playouts):
        world_seed, play_seed = seeds.getrandbits(64), seeds.getrandbits(64)
        world = state.determinize(player, random.Random(world_seed))
        for i, action in enumerate(state.legal_actions()):
            sim = world.clone()
            sim.apply(action)
            random_playout(sim, random.Random(play_seed))
            totals[i] += sim.returns()[player]
    return [(action, t / playouts, *wilson_interval(t / playouts, playouts), playouts)
            for action, t in zip(state.legal_actions(), totals)]


def own(values):
    """Each action's own estimate (without the paired comparison with the leader)."""
    return [(v.action, v.win_rate, v.low, v.high, v.playouts) for v in values]


def rattus_position():
    state = rl.load_game("rattus", players=3, seed=5).new_state()
    r = random.Random(5)
    while state.current_player == rl.CHANCE or len(state.legal_actions()) < 2:
        state.apply(state.sample_chance(r) if state.current_player == rl.CHANCE else r.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("make", [lambda: position(4, 2, 14)[1], lambda: position(3, 9, 30)[1], rattus_position])
def test_random_policy_plays_every_action_on_the_same_worlds(make):
    state = make()
    expected = paired_reference(state, state.current_player, 5, seed=4)
    values = evaluate_actions(state, None, playouts=5, seed=4, policy="random")
    assert own(values) == expected
    assert evaluate_actions(state, None, playouts=5, seed=4) == values  # the default policy is random
    assert values.policy.name == "random" and values.policy.note == ""


def test_numbers_pinned():
    """Pinned (MoR 4 players, seed 2, 14 random moves; 6 playouts, seed 4) — re-pinned when Master of Rules'
    determinize moved to its hidden worlds (issue 13), and when the actions came to share their worlds (issue 27)."""
    game, state = position(4, 2, 14)
    values = evaluate_actions(state, None, playouts=6, seed=4, policy="random")
    assert [str(v.action) for v in values] == ["Take Limit 23 from the display",
                                               "Take Best of the Best from the display"]
    assert [v.win_rate for v in values] == [1 / 6, 1 / 6]


def test_heuristic_policy_is_reproducible_and_recorded():
    _game, state = rl.load_position(LAST_TRICK)
    a = evaluate_actions(state, None, playouts=12, seed=3, policy="heuristic")
    b = evaluate_actions(state, None, playouts=12, seed=3, policy="heuristic")
    assert a == b and isinstance(a, Evaluation) and isinstance(a, list)
    assert [v.action for v in a] == state.legal_actions()
    assert a.policy.name == "heuristic" and a.policy.seats == ("heuristic",) * state.players
    assert a.policy.assumes() == "every player then plays like the heuristic bot"
    assert any(evaluate_actions(state, None, playouts=12, seed=k, policy="heuristic") != a for k in (4, 5, 6))


def test_heuristic_changes_the_estimate_of_the_best_random_move():
    """The option does something: in the last trick of a 4-player Master of Rules game, the move random playouts
    rank first wins about half the time against random players and (almost) never when every player then plays
    like the heuristic bot; the two 95% intervals are far apart."""
    _game, state = position(4, 6, 275)
    assert len(state.legal_actions()) == 4
    rand = evaluate_actions(state, None, playouts=60, seed=1, policy="random")
    heur = evaluate_actions(state, None, playouts=60, seed=1, policy="heuristic")
    best = max(range(len(rand)), key=lambda i: rand[i].win_rate)
    assert rand[best].action == heur[best].action
    assert heur[best].high + 0.2 < rand[best].low, (rand[best], heur[best])


def test_heuristic_playouts_never_read_hidden_cards():
    """The bots act on the sampled world only: a different true hidden card changes nothing (same seed)."""
    game, state = position(4, 7, 200)  # a leak (playing on the true state) makes the two differ here
    viewer = state.current_player
    twin = hidden_swap(game, state, viewer)
    assert twin.to_json() != state.to_json()
    assert (evaluate_actions(state, viewer, playouts=4, seed=11, policy="heuristic")
            == evaluate_actions(twin, viewer, playouts=4, seed=11, policy="heuristic"))


def test_mix_is_reproducible_and_recorded():
    _game, state = rl.load_position(LAST_TRICK)
    a = evaluate_actions(state, None, playouts=12, seed=3, policy="mix")
    assert a == evaluate_actions(state, None, playouts=12, seed=3, policy="mix")
    assert a.policy.name == "mix"
    assert "half of the time" in a.policy.assumes()
    heuristic = rl.GAMES["master_of_rules"].bots()["heuristic"]
    assert all(isinstance(bot, heuristic) and share == 0.5 for bot, share in a.policy.bots)
    assert all(isinstance(bot, heuristic) and share == 1 for bot, share in playout_policy(state, "heuristic").bots)
    assert all(bot is None for bot, _share in playout_policy(state, "random").bots)


class CountingBot:
    """Plays the first legal action and counts its decisions."""

    name = "counting"

    def __init__(self):
        self.calls = 0

    def choose(self, state, rng):
        self.calls += 1
        return state.legal_actions()[0]


def counted_decisions(state) -> list:
    """Record every player's decision applied to ``state`` from now on (chance draws are not decisions)."""
    seen: list = []
    base = type(state)

    class Counted(base):
        __slots__ = ()

        def apply(self, action):
            if self.current_player >= 0:
                seen.append(action)
            base.apply(self, action)

        def apply_legal(self, action):
            if self.current_player >= 0:
                seen.append(action)
            base.apply_legal(self, action)

    state.__class__ = Counted
    return seen


@pytest.mark.parametrize("share", [0.0, 0.5, 1.0])
def test_bot_playout_asks_the_bot_with_its_share(share):
    """Under mix (share 1/2) the bot takes half of the decisions within 4 standard errors; 0 and 1 are exact."""
    bot = CountingBot()
    decisions = 0
    for seed in range(8):
        _game, state = position(4, seed, 0)
        seen = counted_decisions(state)
        bot_playout(state, [(bot, share)] * 4, random.Random(seed))
        assert state.is_terminal()
        decisions += len(seen)
    assert decisions > 200
    if share in (0.0, 1.0):
        assert bot.calls == share * decisions
    else:
        assert abs(bot.calls / decisions - share) < 4 * (share * (1 - share) / decisions) ** 0.5, (bot.calls, decisions)


@pytest.mark.parametrize("bad", ["greedy", "Heuristic", "", 3, None, ["heuristic"]])
def test_unknown_policy_is_refused(bad):
    _game, state = position(4, 2, 14)
    with pytest.raises(ValueError, match="policy"):
        evaluate_actions(state, None, playouts=2, policy=bad)


@pytest.mark.parametrize("bad, words", [({7: "heuristic"}, "no seat 7"), ({0: "rollout"}, "unknown playout plan"),
                                        ({0: "greedy"}, "unknown playout plan"), ({True: "random"}, "no seat")])
def test_bad_mapping_is_refused(bad, words):
    _game, state = position(4, 2, 14)
    with pytest.raises(ValueError, match=words):
        playout_policy(state, bad)


def test_policy_per_seat():
    _game, state = rl.load_position(LAST_TRICK)
    plan = playout_policy(state, {1: "heuristic", 2: "mix"})
    assert plan.name == "per seat"
    assert plan.seats == ("random", "heuristic", "mix", "random")
    assert plan.assumes().startswith("Player 1 then plays uniformly random legal moves; Player 2 then plays like")
    values = evaluate_actions(state, None, playouts=6, seed=2, policy={1: "heuristic", 2: "mix"})
    assert values.policy == plan
    everyone = playout_policy(state, {p: "heuristic" for p in range(state.players)})
    assert everyone.name == "heuristic"


def test_any_bot_of_the_game_can_play_a_seat():
    state = rl.load_game("horlogerie", players=2, seed=3).new_state()
    plan = playout_policy(state, {0: "threshold", 1: "heuristic"})
    assert plan.seats == ("threshold", "heuristic")
    assert "threshold bot" in plan.assumes()


def test_game_without_heuristic_bot_falls_back_to_random(monkeypatch):
    info = rl.GAMES["master_of_rules"]

    class NoHeuristic(GameInfo):
        def bots(self):
            return dict(CORE_BOTS)

    monkeypatch.setitem(rl.GAMES, "master_of_rules", NoHeuristic(info.name, info.title, info.module, info.players,
                                                                    information=info.information, chance=info.chance))
    game, state = position(4, 2, 14)
    for policy in ("heuristic", "mix"):
        values = evaluate_actions(state, None, playouts=5, seed=4, policy=policy)
        assert values.policy.name == "random"
        assert values.policy.note == "master_of_rules has no heuristic bot: the playouts are random"
        assert own(values) == paired_reference(state, state.current_player, 5, seed=4)


def test_custom_rollout_is_recorded():
    game, state = position(4, 2, 14)
    values = evaluate_actions(state, None, playouts=5, seed=4, rollout=random_playout)
    assert own(values) == paired_reference(state, state.current_player, 5, seed=4)
    assert values.policy.name == "custom"


def test_named_policies():
    assert POLICIES == ("random", "heuristic", "mix")


@pytest.mark.parametrize("policy", ["random", "heuristic"])
def test_rollout_bot_uses_its_policy(policy):
    _game, state = rl.load_position(LAST_TRICK)
    bot = RolloutBot(playouts=3, policy=policy)
    action = bot.choose(state, random.Random(2))
    values = evaluate_actions(state, None, playouts=3, seed=random.Random(2).randrange(2**31), policy=policy)
    assert action == max(values, key=lambda v: v.win_rate).action


def test_rollout_bot_refuses_an_unknown_policy():
    with pytest.raises(ValueError, match="policy"):
        RolloutBot(policy="greedy")


def test_playouts_use_the_bots_cheaper_setting_when_it_offers_one():
    _game, state = rl.load_position(LAST_TRICK)
    bots = playout_policy(state, "heuristic").bots
    heuristic = rl.GAMES["master_of_rules"].bots()["heuristic"]
    assert all(bot.samples == heuristic.PLAYOUT_SAMPLES < heuristic().samples for bot, _share in bots)
