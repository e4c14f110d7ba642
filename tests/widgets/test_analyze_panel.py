"""The "What if?" panel's playout policy: the clever (heuristic) bot by default in every dashboard, a choice of
policy, the result saying what its win rates assume, the same numbers and verdict as ``evaluate_actions``, a chart
redrawn while the games are played, and no best named that the data cannot support."""
from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

import ratgames_lab as rl
from ratgames_lab.core.analysis import evaluate_actions
from ratgames_lab.core.bots import CORE_BOTS
from ratgames_lab.core.registry import GameInfo
from ratgames_lab.widgets import dashboard_class
from ratgames_lab.widgets.common import AnalyzePanel
from ratgames_lab.widgets.common.analyze import DEFAULT_PLAYOUTS, POLICY_CHOICES

LAST_TRICK = Path(__file__).parents[1] / "core" / "data" / "mor_last_trick.json"  # 4 options, short games
DASHBOARD_GAMES = sorted(name for name, info in rl.GAMES.items() if info.dashboard)


def panel_for(path=LAST_TRICK, **kwargs) -> tuple[AnalyzePanel, object]:
    _game, state = rl.load_position(path)
    return AnalyzePanel(lambda: (state, state.current_player, "You"), seed=3, **kwargs), state


def plain(html: str) -> str:
    return re.sub(r"<[^>]*>", "", html)


@pytest.mark.parametrize("game", DASHBOARD_GAMES)
def test_every_dashboard_defaults_to_the_clever_bot(game):
    info = rl.GAMES[game]
    d = dashboard_class(game)(players=info.app_settings.get("players", max(info.players)), seed=7, bot_delay=0,
                              auto=False)
    panel = d.analyze_panel
    assert panel.policy.value == "heuristic"
    assert panel.playouts.value == DEFAULT_PLAYOUTS["heuristic"]
    assert "every player then playing like the clever bot" in plain(panel.note.value)


def test_the_result_says_what_the_win_rates_assume_and_matches_evaluate_actions():
    panel, state = panel_for()
    results = panel.analyze()
    expected = evaluate_actions(state, None, playouts=10, seed=3, policy="heuristic")
    assert results == expected and results.policy.name == "heuristic"
    text = plain(panel.note.value)
    assert "Win rates if every player then plays like the clever bot." in text
    assert results.verdict.text() in text and "(10 playouts per option)" in text
    assert list(panel.bars.y) == [v.win_rate for v in expected]


@pytest.mark.parametrize("policy, words", [
    ("random", "Win rates if every player then plays at random."),
    ("mix", "Win rates if every player then plays like the clever bot half of the time, at random otherwise.")])
def test_other_policies(policy, words):
    panel, state = panel_for()
    panel.policy.value = policy
    assert panel.playouts.value == DEFAULT_PLAYOUTS[policy]
    panel.playouts.value = 10
    results = panel.analyze()
    assert results == evaluate_actions(state, None, playouts=10, seed=3, policy=policy)
    assert words in plain(panel.note.value)


def test_changing_the_policy_clears_the_chart_and_keeps_a_chosen_precision():
    panel, _state = panel_for()
    panel.analyze()
    assert list(panel.bars.x)
    panel.policy.value = "random"
    assert list(panel.bars.x) == [] and panel.results == []
    assert panel.playouts.value == DEFAULT_PLAYOUTS["random"]  # the default precision followed the policy
    panel.playouts.value = 100
    panel.policy.value = "heuristic"
    assert panel.playouts.value == 100  # a precision the teacher chose stays
    assert [v for _label, v in POLICY_CHOICES] == ["heuristic", "random", "mix"]


def test_a_panel_can_start_with_another_policy():
    panel, _state = panel_for(policy="random")
    assert panel.policy.value == "random" and panel.playouts.value == DEFAULT_PLAYOUTS["random"]
    assert "every player then playing at random" in plain(panel.note.value)


def test_batches_on_the_event_loop_give_the_same_heuristic_answer():
    panel, state = panel_for()
    panel.playouts.value = 30
    expected = evaluate_actions(state, None, playouts=30, seed=3, policy="heuristic")

    async def run():
        assert panel.analyze() == []
        while panel.running:
            await asyncio.sleep(0.01)
        return panel.results

    assert asyncio.run(run()) == expected
    assert "plays like the clever bot" in plain(panel.note.value)


def test_a_game_without_a_clever_bot_says_its_games_are_random(monkeypatch):
    info = rl.GAMES["master_of_rules"]

    class NoHeuristic(GameInfo):
        def bots(self):
            return dict(CORE_BOTS)

    monkeypatch.setitem(rl.GAMES, "master_of_rules", NoHeuristic(info.name, info.title, info.module, info.players,
                                                                    information=info.information, chance=info.chance))
    panel, state = panel_for()
    results = panel.analyze()
    assert results == evaluate_actions(state, None, playouts=10, seed=3, policy="random")
    text = plain(panel.note.value)
    assert "Win rates if every player then plays at random." in text
    assert "no clever bot yet" in text


def test_the_verdict_is_stated_and_only_a_proven_best_is_gold():
    panel, state = panel_for(policy="random")
    panel.playouts.value = 3000
    results = panel.analyze()
    verdict = results.verdict
    assert verdict == evaluate_actions(state, None, playouts=3000, seed=3, policy="random").verdict
    assert verdict.text() in plain(panel.note.value)
    gold = [str(r.action) for r, colour in zip(results, panel.bars.colors) if colour == "#f0b429"]
    assert gold == ([verdict.best] if verdict.kind == "best" else [])
    grey = {str(r.action) for r, colour in zip(results, panel.bars.colors) if colour == "#bcccdc"}
    assert grey == {str(r.action) for r in results if not r.in_contention}
    assert "Behind the leader (same deals)" in panel.table.value


@pytest.mark.parametrize("game", DASHBOARD_GAMES)
def test_no_default_setting_names_an_unsupported_best(game):
    """At the dashboards' default precision (DEFAULT_PLAYOUTS["heuristic"] games per option; played here with random
    playouts to stay quick) on each dashboard's opening decision, no option is crowned: the verdict is "too close to
    call" (or a forced move), no bar is gold, and the note states the verdict, never a bare "best estimate"."""
    info = rl.GAMES[game]
    d = dashboard_class(game)(players=info.app_settings.get("players", max(info.players)), seed=7, bot_delay=0,
                              auto=False, teacher_view=True)  # every seat's decision may be analysed
    state = d.state
    rng = random.Random(7)
    while state.current_player == rl.CHANCE:  # the dashboard waits at a draw: analyse the decision after it
        state = state.clone()
        state.apply(state.sample_chance(rng))
    panel = AnalyzePanel(lambda: (state, state.current_player, "You"), seed=d.seed)
    assert panel.policy.value == d.analyze_panel.policy.value == "heuristic"  # the dashboards' default
    panel.policy.value = "random"
    panel.playouts.value = DEFAULT_PLAYOUTS["heuristic"]
    results = panel.analyze()
    assert results.verdict.kind in ("close", "forced")
    assert "#f0b429" not in list(panel.bars.colors) and results.verdict.text() in plain(panel.note.value)
    assert "Best estimate" not in plain(panel.note.value)


def test_the_chart_is_redrawn_while_the_games_are_played():
    panel, _state = panel_for(policy="random")
    panel.playouts.value = 300
    titles, spans = [], []

    async def run():
        panel.analyze()
        while panel.running:
            titles.append(panel.figure.title)
            if panel.errors.x is not None and len(panel.errors.x):
                spans.append(max(high - low for low, high in panel.errors.x))
            await asyncio.sleep(0.02)

    asyncio.run(run())
    assert any("games per option so far" in t for t in titles)
    assert len(set(spans)) > 2 and spans[-1] < spans[0]  # the ranges narrow


@pytest.mark.parametrize("game", DASHBOARD_GAMES)
def test_a_pending_draw_or_the_end_says_what_to_do(game):
    """Every dashboard, waiting at a draw (or at the end of the game), answers Analyze with what to do, as
    information: press Step, then analyze the decision that follows; nothing is refused silently or as an error."""
    info = rl.GAMES[game]
    d = dashboard_class(game)(players=info.app_settings.get("players", max(info.players)), seed=7, bot_delay=0,
                              auto=False, teacher_view=True)
    rng = random.Random(7)
    while d.state.current_player != rl.CHANCE:  # play on until a draw is pending (at most one game)
        assert not d.state.is_terminal()
        actions = d.state.legal_actions()
        d.state.apply(actions[rng.randrange(len(actions))])
    assert d.analyze_panel.analyze() == []
    note = plain(d.analyze_panel.note.value)
    assert "Chance moves next" in note and "press Step" in note.replace("Press Step", "press Step")
    assert "rg-msg-info" in d.analyze_panel.note.value and "rg-msg-error" not in d.analyze_panel.note.value
