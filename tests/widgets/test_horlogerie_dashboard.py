"""L'Horlogerie des Rats dashboard driven like a user: a whole turn by button clicks with bots, the gauge's numbers
against odds.py, the advice toggle, hidden hands, the neighbour's Danger draw by a human."""
from __future__ import annotations

import re

import pytest

from ratgames_lab.horlogerie import ask_words
from ratgames_lab.horlogerie.odds import (POINTS, WOUNDS, danger_phase, exploration_phase, next_card,
                                          stop_or_draw)
from ratgames_lab.widgets.common import widget_texts
from ratgames_lab.widgets.horlogerie import HorlogerieDashboard

SEATS = ["human", "optimal", "optimal", "optimal"]


def make(seed: int = 7, seats: list[str] | None = None, **kwargs) -> HorlogerieDashboard:
    return HorlogerieDashboard(players=4, seed=seed, seats=seats or SEATS, bot_delay=0, **kwargs)


@pytest.fixture
def dash() -> HorlogerieDashboard:
    """Seed 7: Player 4 explores first, so Player 1 (human, the left neighbour) draws the Danger against them."""
    d = make()
    assert d.state.current_player == 0 and d.state.step == "danger"
    return d


def button(d: HorlogerieDashboard, kind: str):
    """The button of the first legal action of ``kind``."""
    index = next(i for i, a in enumerate(d.decision.actions) if a.kind == kind)
    return d.decision.buttons[index]


def phase_of(d: HorlogerieDashboard, seat: int):
    """The drawing phase under way, as ``seat`` knows it (computed independently of the dashboard)."""
    return exploration_phase(d.state, seat) if d.state.step == "explore" else danger_phase(d.state, seat)


def check_gauge(d: HorlogerieDashboard) -> None:
    """The bars and the exact numbers on the page are odds.py's next-card odds, and the advice is stop_or_draw's."""
    ph = phase_of(d, 0)
    nc = next_card(ph)
    assert d.gauge.odds == (nc.under, nc.exact, nc.bust)
    assert list(d.gauge.bars.y) == pytest.approx([float(nc.under), float(nc.exact), float(nc.bust)])
    assert sum(d.gauge.odds) == 1
    for p in d.gauge.odds:
        assert f"{float(p) * 100:.1f}%" in d.gauge.numbers.value and str(p) in d.gauge.numbers.value
    if ph.cards:
        advice = stop_or_draw(ph, POINTS if d.state.step == "explore" else WOUNDS)
        assert d.gauge.best == advice
        assert ("STOP" if advice.best == "stop" else "DRAW") in d.gauge.advice.value


def test_a_whole_turn_by_clicks_with_the_gauge_checked_at_every_draw(dash):
    d = dash
    assert "Danger against Player 4" in d.banner.value  # the human neighbour draws the Danger
    gauges = 0
    own_turn_seen = False
    for _ in range(80):  # the human's clicks until Player 1's own turn is over
        obs = d.state.observation(0)
        if obs["active"] == 0:
            own_turn_seen = True
        elif own_turn_seen:
            break
        assert d.is_human(d.state.current_player) and d.decision.buttons
        kinds = [a.kind for a in d.decision.actions]
        if obs["step"] in ("explore", "danger"):
            check_gauge(d)
            gauges += 1
            table = obs["exploration" if obs["step"] == "explore" else "danger"]["table"]
            button(d, "stop" if "stop" in kinds and len(table) >= 2 else "draw").click()
        else:
            preferred = next((k for k in ("end_discover", "end_rest") if k in kinds), kinds[0])
            button(d, preferred).click()
        assert d.message[1] != "error"
    assert own_turn_seen and d.state.observation(0)["active"] != 0
    assert gauges >= 4  # the Danger against Player 4 and Player 1's own Exploration, card by card
    log = "\n".join(widget_texts(d.log.widget))
    assert "Player 1" in log and "Exploration" in log and "Danger" in log


def test_gauge_is_idle_when_nobody_draws_and_the_odds_tab_repeats_it(dash):
    dash.tabs.selected_index = 1  # "My odds"
    assert list(dash.odds_panel.bars.y[0]) == pytest.approx([float(p) for p in dash.gauge.odds])
    for _ in range(50):
        if dash.state.step not in ("danger", "explore"):
            break
        kinds = [a.kind for a in dash.decision.actions]
        button(dash, "stop" if "stop" in kinds else "draw").click()
    assert dash.state.step not in ("danger", "explore")  # a human decision with nobody drawing
    assert dash.gauge.odds is None and list(dash.gauge.bars.y) == [0, 0, 0]
    assert "nobody is drawing" in dash.gauge.heading.value
    assert "Nobody is drawing" in dash.odds_panel.note.value


def test_advice_toggle_hides_and_shows_the_best_move(dash):
    button(dash, "draw").click()
    assert dash.state.step == "danger" and dash.decision.actions
    best = "STOP" if dash.gauge.best.best == "stop" else "DRAW"
    assert best in dash.gauge.advice.value and dash.gauge.toggle.layout.display != "none"
    dash.gauge.toggle.value = False
    assert "Best move" not in dash.gauge.advice.value and best not in dash.gauge.advice.value
    assert "guess first" in dash.gauge.advice.value and dash.gauge.toggle.description == "Show the best move"
    dash.gauge.toggle.value = True
    assert dash.gauge.toggle.description == "Hide the best move"
    assert best in dash.gauge.advice.value
    hidden = make(advice=False)
    button(hidden, "draw").click()
    assert "Best move" not in hidden.gauge.advice.value and "guess first" in hidden.gauge.advice.value


def seat_block(d: HorlogerieDashboard, seat: int) -> str:
    """The HTML of one player's panel."""
    blocks = re.split(r'<div class="hl-seat[ "]', d.players_view.value)[1:]
    assert len(blocks) == d.players
    return blocks[seat]


def play_until_hands(d: HorlogerieDashboard) -> None:
    """Click on until every other seat holds cards."""
    for _ in range(200):
        if all(n for n in d.state.observation(0)["hand_sizes"][1:]):
            return
        kinds = [a.kind for a in d.decision.actions]
        button(d, "stop" if "stop" in kinds else kinds[0]).click()
    raise AssertionError("the bots never held cards")


def test_hidden_hands_are_not_shown_to_the_human_seat(dash):
    play_until_hands(dash)
    for seat in (1, 2, 3):
        block = seat_block(dash, seat)
        assert "hl-back" in block and "hl-card" not in block
        size = dash.state.observation(0)["hand_sizes"][seat]
        assert f">{size}</span>" in block
    own = seat_block(dash, 0)
    hand = dash.state.observation(0)["hand"]
    assert own.count("hl-card ") == len(hand) and "hl-back" not in own
    dash.teacher_toggle.value = True  # the teacher view shows every hand
    for seat in (1, 2, 3):
        block = seat_block(dash, seat)
        assert block.count("hl-card ") == len(dash.state.observation(seat)["hand"])
    dash.teacher_toggle.value = False
    assert "hl-card" not in seat_block(dash, 1)


def test_student_page_has_no_teacher_view():
    d = make(teacher=False)
    texts = widget_texts(d.widget)
    assert not any("Teacher view" in t for t in texts)
    assert d.visible_hands() == {0}


def test_find_chips_and_grid_read_from_the_observation(dash):
    play_until_hands(dash)
    obs = dash.state.observation(0)
    ms = dash.game.components.missions
    for name in obs["missions"]["grid"]:
        if name:  # the mission as the table says it ('Swamp 4 + River 3'), never its id
            assert re.search(rf">{re.escape(ask_words(ms.titles[ms.index[name]]))} ", dash.grid_view.value)
    assert not re.search(r"\bM\d+\b", dash.grid_view.value + dash.players_view.value)
    for seat in range(4):
        tapped = sum(f["tapped"] for f in obs["finds"][seat])
        assert seat_block(dash, seat).count("hl-find hl-tapped") == tapped
        assert seat_block(dash, seat).count('class="hl-horl') == len(obs["teams"][seat])


def test_a_bust_row_shows_a_total_above_the_value_it_was_drawn_against():
    d = make(seed=4, seats=["threshold"] * 4, auto=False)
    for _ in range(600):  # until a bust whose wounds have shrunk the team (seed 4: its value fell from 5 to 3)
        obs = d.state.observation(-1)
        start = next((e for e in reversed(d.state.events) if e.kind == "explore_start"), None)
        if obs["explore_result"] == "bust" and obs["step"] == "discovery" and \
                obs["exploration_value"] < start.params["value"]:
            break
        d.step()
    else:
        raise AssertionError("no bust with a shrunk team in 600 bot moves")
    shown = re.search(r"<b>(\d+)</b> of <b>(\d+)</b></span> <span class=\"hl-bad\">bust", d.draw_view.value)
    assert shown, d.draw_view.value
    total, value = int(shown.group(1)), int(shown.group(2))
    assert total > value >= start.params["value"] > obs["exploration_value"]


def test_an_all_bot_game_ends_with_the_scores_and_how_the_winner_was_decided():
    d = make(seed=5, seats=["threshold"] * 4, auto=False)
    assert d.advance_bots() > 50 and d.state.is_terminal()
    scores = d.state.observation(-1)["scores"]
    winner = max(range(4), key=lambda p: (d.state.returns()[p], scores[p]))
    assert "Game over" in d.banner.value and f"Player {winner + 1}" in d.banner.value
    final = d.decision.title.value
    assert all(f"<b>{v}</b> VP" in final for v in scores) and "winner" in final
    assert "the end is triggered" in final  # why the game ended
    assert d.decision.buttons == [] and d.gauge.odds is None
    # the end screen shows no live-game text, and no "best move" button with no decision to advise on
    assert "no card drawn yet" not in d.draw_view.value and "Stop or draw" not in d.draw_view.value
    assert "game is over" in d.draw_view.value
    assert d.gauge.toggle.layout.display == "none"


def test_a_bots_spyglass_look_stays_private():
    d = make(seed=7, auto=False)
    looks = 0
    for _ in range(600):
        s = d.state
        for top, seen, deck in ((s.exp_top, s.exp_seen, "Exploration"), (s.dan_top, s.dan_seen, "Danger")):
            if top >= 0 and 0 not in seen:  # a bot knows the top card, Player 1 does not
                looks += 1
                assert f"you looked at the top {deck}" not in d.draw_view.value
                ph = phase_of(d, 0) if s.step in ("explore", "danger") else None
                if ph is not None:
                    assert ph.top < 0 and d.gauge.odds == tuple(next_card(ph))
        if looks >= 3 or s.is_terminal():
            break
        if d.is_human(s.current_player):
            kinds = [a.kind for a in d.decision.actions]
            button(d, "stop" if "stop" in kinds else kinds[0]).click()
        else:
            d.step()
    assert looks >= 1, "no private look by a bot was on screen"


def test_odds_tab_compares_the_optimal_policy_with_thresholds(dash):
    from ratgames_lab.horlogerie.odds import compare_thresholds
    button(dash, "draw").click()
    dash.tabs.selected_index = 1  # "My odds"
    ph = phase_of(dash, 0)
    table = dash.policy_view.value
    assert "best policy (optimal)" in table and table.count("<tr") == 1 + 1 + 4
    for sol in compare_thresholds(ph, WOUNDS, range(0, 4)).values():
        assert f"{float(sol.stats.bust) * 100:.1f}%" in table
    best = compare_thresholds(ph, WOUNDS, range(0, 4))
    assert all(best["optimal"].value >= best[k].value for k in range(4))


def test_the_draw_rows_show_no_total_or_result_once_the_cards_left_the_table():
    d = make(seed=4, seats=["threshold"] * 4, auto=False)
    checked = 0
    for _ in range(300):
        obs = d.state.observation(-1)
        if obs["explore_result"] and not obs["exploration"]["table"]:  # cards kept in hand or discarded
            assert not re.search(r"perfect draw!|stopped in time|bust: over", d.draw_view.value), d.draw_view.value
            assert "<b>0</b> of" not in d.draw_view.value
            checked += 1
        d.step()
    assert checked


def test_a_humans_move_is_told_in_the_past_tense_while_a_bot_chooses():
    d = make(auto=False)
    d.advance_bots()
    assert d.state.current_player == 0 and d.state.step == "danger"
    for _ in range(20):
        kinds = [a.kind for a in d.decision.actions]
        button(d, "stop" if "stop" in kinds else kinds[0]).click()
        if not d.is_human(d.state.current_player):
            break
    assert not d.is_human(d.state.current_player) and "is waiting" in " ".join(widget_texts(d.decision.widget))
    assert "Player 1 (you) chose: " in d.status.value and "(you): " not in d.status.value


def test_card_faces_name_their_terrains_as_the_table_does():
    from ratgames_lab.widgets.horlogerie_view import card_tile

    face = card_tile("SR5", "dan")
    assert "<span>Swamp</span><span>River</span>" in face and ">SR<" not in face
    assert "<span>Jungle</span>" in card_tile("J3")
