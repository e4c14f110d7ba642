"""What a student sees: plain words, the rules fold-out, the end-of-game explanation, the analysis that never
freezes play (batches on the event loop, progress, Stop), the odds tab's "computing" message, the Peasant click."""
from __future__ import annotations

import asyncio
import re

from ratgames_lab.core.analysis import evaluate_actions
from ratgames_lab.core.protocol import Event
from ratgames_lab.widgets.common import widget_texts
from ratgames_lab.widgets.common.dashboard import ANALYZE_TAB, ODDS_TAB
from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard
from ratgames_lab.widgets.master_of_rules_cards import score_parts, tie_break_text
from ratgames_lab.widgets.rattus import RattusDashboard

SEATS = ["human", "heuristic", "heuristic", "heuristic"]
JARGON = [r"\brule: ", r"\bSeed\b", r"Rollout", r"95%", r"\binterval\b", r"playout", r"Only you can see",
          r"heuristic bot", r"\baction \d+ of \d+", r"cube\(s\)", r"token\(s\)", r"card\(s\)"]


def visible_texts(d) -> str:
    """Every text the page shows, without HTML attributes (tooltips are not in the main view)."""
    text = "\n".join(widget_texts(d.widget))
    return re.sub(r"<[^>]*>", " ", text)


def test_no_jargon_in_the_main_view():
    for d in (MasterOfRulesDashboard(players=4, seed=7, seats=SEATS, bot_delay=0),
              RattusDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)):
        for _ in range(3):
            d.decision.buttons[-1].click()
        for tab in range(5):
            d.tabs.selected_index = tab
        text = visible_texts(d)
        found = [word for word in JARGON if re.search(word, text)]
        assert not found, found
        assert "Rulebook rule: " in d.log.widget.value  # the rulebook section stays, as a tooltip


def test_plural_agreement_in_event_texts():
    place = {"player": "Red", "region": "Gallia"}
    assert Event("rattus", "place", {**place, "count": 1, "rats": 1}, "x").text() == \
        "Red places 1 cube in Gallia (1 rat token there)."
    assert Event("rattus", "place", {**place, "count": 2, "rats": 2}, "x").text() == \
        "Red places 2 cubes in Gallia (2 rat tokens there)."
    assert Event("rattus", "setup_tokens", {"count": 12, "unused": 0}, "x").text().endswith(
        "no setup token is left over.")


def test_master_of_rules_has_a_rules_fold_out():
    d = MasterOfRulesDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)
    assert "How to play" in d.rules.value and "+2" in d.rules.value and "Support Right" in d.rules.value


def test_the_end_of_game_screen_explains_points_bonus_and_tie_break():
    points, parts = score_parts(["trio"] * 3 + ["only_one"] * 2 + ["limit_23", "support_right", "best_of_the_best"])
    assert points == 8 + 2 + 2 and "+2 bonus: 3× Trio" in parts and "+2 bonus: all five types" in parts
    tie = tie_break_text(["Player 1", "Player 2"], [["trio", "only_one"], ["support_right", "limit_23"]], [1])
    assert "tie on 2 points" in tie and "Support Right" in tie and "Player 2 wins" in tie
    d = MasterOfRulesDashboard(players=4, seed=3, seats=["random"] * 4, bot_delay=0, auto=False)
    d.advance_bots()
    assert d.state.is_terminal()
    over = d.decision.title.value
    assert "how the points add up" in over and "Rule card" in over and "winner" in over
    for p, score in enumerate(d.state.scores()):
        assert f"<b>{score}</b>" in over


def test_analysis_runs_in_batches_with_progress_and_gives_the_same_answer():
    d = MasterOfRulesDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)
    panel = d.analyze_panel
    d.tabs.selected_index = ANALYZE_TAB
    panel.policy.value = "random"  # quick; tests/widgets/test_analyze_panel.py checks the heuristic policy
    panel.playouts.value = 30
    expected = evaluate_actions(d.state, 0, 30, seed=d.seed, policy="random")

    async def run():
        assert panel.analyze() == []  # returns at once: the page keeps answering
        assert panel.running and panel.running_box.layout.display == "" and panel.button.disabled
        seen = set()
        while panel.running:
            seen.add(panel.progress.value)
            await asyncio.sleep(0.01)
        return seen

    seen = asyncio.run(run())
    assert len(seen) > 2  # the bar moved
    assert [(r.action, r.win_rate) for r in panel.results] == [(r.action, r.win_rate) for r in expected]
    assert list(panel.bars.x) == [str(r.action) for r in expected] and panel.running_box.layout.display == "none"


def test_analysis_can_be_stopped_and_a_move_clears_the_old_labels():
    d = MasterOfRulesDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)
    panel = d.analyze_panel
    panel.policy.value = "random"
    panel.playouts.value = 300

    async def run():
        panel.analyze()
        await asyncio.sleep(0.05)
        panel.cancel.click()
        assert not panel.running and "Stopped" in panel.note.value
        await asyncio.sleep(0.1)
        return panel.results

    assert asyncio.run(run()) == []  # no verdict after Stop
    assert list(panel.bars.x) == [] or "so far" in panel.figure.title  # at most the games played before Stop
    assert "#f0b429" not in list(panel.bars.colors or [])
    panel.playouts.value = 30
    panel.analyze()
    assert list(panel.option_scale.domain)
    d.decision.buttons[0].click()
    assert list(panel.option_scale.domain) == [] and list(panel.bars.x) == []
    assert panel.figure.title == "Press the button to analyze"


def test_the_odds_tab_says_computing_before_the_odds_arrive():
    d = MasterOfRulesDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)

    async def run():
        d.tabs.selected_index = ODDS_TAB
        first = d.odds_panel.busy.value
        while "Computing" in d.odds_panel.busy.value:
            await asyncio.sleep(0.01)
        return first

    assert "Computing the exact odds" in asyncio.run(run())
    assert list(d.odds_panel.bars.x) and d.odds_panel.chart.children == (d.odds_panel.figure,)


def test_holding_the_peasant_a_map_click_asks_with_or_without_the_extra_cube():
    d = RattusDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)
    for region in ("Gallia", "Anglia"):
        d.map.click(region)
    data = d.state.to_json()
    data["classes"]["peasant"] = 0
    assert d.io.load_bytes(__import__("json").dumps(data).encode(), "p.json")
    places = [a for a in d.state.legal_actions() if a.kind == "place" and a.region == "Gallia"]
    assert sorted(a.peasant for a in places) == [False, True]
    before = len(d.match.actions)
    assert d.map_mode == "place" and d.click_region("Gallia") is False
    assert len(d.match.actions) == before and "2 possible choices" in d.message[0]
    marked = [a for a, b in zip(d.decision.actions, d.decision.buttons) if "rg-candidate" in b._dom_classes]
    assert sorted(a.peasant for a in marked) == [False, True]
    d.decision.button_for(next(a for a in places if a.peasant)).click()
    assert d.match.actions[before].peasant


def test_the_rattus_end_screen_adds_up_the_cubes():
    d = RattusDashboard(players=3, seed=4, seats=["random"] * 3, bot_delay=0, auto=False)
    d.advance_bots()
    assert d.state.is_terminal()
    over = d.decision.title.value
    assert "how the cubes add up" in over and "winner" in over
    for score in d.state.scores():
        assert f"<b>{score}</b>" in over
