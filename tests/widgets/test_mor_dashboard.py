"""Master of Rules dashboard driven like a user: clicks, undo/redo, bots, positions, hidden information."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

import ratgames_lab
from ratgames_lab import TERMINAL
from ratgames_lab.master_of_rules.cards import CODES, card_name
from ratgames_lab.master_of_rules.odds import rule_odds
from ratgames_lab.widgets.common import widget_texts
from ratgames_lab.widgets.common.dashboard import ODDS_TAB


POSITIONS = Path(ratgames_lab.__file__).parent / "master_of_rules" / "positions"


def snapshot(d) -> tuple:
    """Everything a refused click must leave unchanged."""
    return (list(d.match.actions), d.match.cursor, d.state.to_json())


def play_turn(d, index: int = 0) -> None:
    """Player 1 plays the card of button ``index`` and refills with the first option; the bots answer."""
    d.decision.buttons[index].click()
    if d.state.current_player == 0 and d.state.phase == "refill":
        d.decision.buttons[0].click()


def human_turn_buttons(d):
    """The decision buttons (only shown when a human is to move)."""
    assert d.state.current_player >= 0 and d.is_human(d.state.current_player)
    return d.decision.buttons


# ---------------------------------------------------------------- clicking
def test_every_legal_action_has_one_button_labelled_with_it(dash):
    legal = dash.state.legal_actions()
    assert dash.decision.actions == legal
    assert [b.description for b in dash.decision.buttons] == [str(a) for a in legal]


def test_clicking_a_button_applies_exactly_that_action(make_dashboard):
    count = len(human_turn_buttons(make_dashboard()))
    assert count >= 2
    for index in range(count):  # each button, on a fresh copy of the same seeded game
        d = make_dashboard()
        buttons = human_turn_buttons(d)
        cursor = d.match.cursor
        expected = d.decision.actions[index]
        buttons[index].click()
        assert d.match.actions[cursor] == expected
        assert str(d.match.actions[cursor]) == buttons[index].description
        assert d.match.cursor > cursor


def test_buttons_are_grouped_by_kind_with_plain_titles(dash):
    titles = [box.children[0].value for box in dash.decision.body.children]
    assert any("Play a Number card" in t for t in titles)
    assert any("Play a Rule card" in t for t in titles)


def test_illegal_action_shows_the_rule_and_changes_nothing(dash):
    hand = set(dash.state.hand_numbers[0])
    absent = next(c for c in range(len(CODES)) if c not in hand)
    action = dash.game.action_from_json({"kind": "play_number", "card": CODES[absent]})
    before = snapshot(dash)
    assert dash.click(action) is False
    text, kind = dash.message
    assert kind == "error" and "rule:" in text and "Nothing was played" in text
    assert snapshot(dash) == before


def test_stale_button_from_before_an_undo_is_refused(dash):
    play_turn(dash)
    assert dash.state.current_player == 0
    old_buttons = list(dash.decision.buttons)
    dash.history.undo.click()
    before = snapshot(dash)
    old_buttons[0].click()
    assert snapshot(dash) == before
    assert dash.message[1] == "error" and "earlier position" in dash.message[0]


def test_click_after_the_game_ended_is_refused(make_dashboard):
    d = make_dashboard(seed=3)
    last = None
    while not d.state.is_terminal():
        last = d.decision.buttons[0]
        last.click()
    assert d.state.current_player == TERMINAL
    before = snapshot(d)
    last.click()
    assert snapshot(d) == before
    assert d.message[1] == "error" and "over" in d.message[0]
    assert d.decision.buttons == []
    assert "Game over" in d.banner.value


def test_click_when_a_bot_is_to_move_is_refused(make_dashboard):
    d = make_dashboard(seed=7, seats=["heuristic", "human", "heuristic", "heuristic"], auto=False)
    while d.is_human(d.state.current_player):
        d.decision.buttons[0].click()
    assert not d.is_human(d.state.current_player)
    action = d.state.legal_actions()[0]
    before = snapshot(d)
    assert d.click(action) is False
    assert snapshot(d) == before
    assert "not a human's turn" in d.message[0]


# ---------------------------------------------------------------- bots
def test_bots_answer_until_the_human_is_to_move(dash):
    start = dash.match.cursor
    play_turn(dash)
    assert dash.state.current_player == 0 and dash.state.phase == "play"
    movers = {dash.match.state_at(i).current_player for i in range(start, len(dash.match.actions))}
    assert {1, 2, 3} <= movers  # every bot has played since


def test_step_moves_one_bot_at_a_time_when_auto_is_off(make_dashboard):
    d = make_dashboard(seats=["heuristic", "heuristic", "heuristic", "heuristic"], auto=False)
    assert d.match.cursor == 0 and not d.auto
    assert d.step() is True
    first = d.match.cursor
    assert first >= 1
    d.step_button.click()
    assert d.match.cursor > first
    players = [d.match.state_at(i).current_player for i in range(d.match.cursor)]
    assert sum(p >= 0 for p in players) == 2  # two decisions, plus the draws they caused


def test_advance_bots_plays_an_all_bot_game_to_the_end(make_dashboard):
    d = make_dashboard(seed=11, seats=["random"] * 4, auto=False)
    moves = d.advance_bots()
    assert moves > 40 and d.state.is_terminal()
    assert "Game over" in d.banner.value and "Final scores" in d.banner.value


def test_same_seed_and_same_clicks_give_the_same_game(make_dashboard):
    logs = []
    for _ in range(2):
        d = make_dashboard(seed=5)
        for _ in range(6):
            d.decision.buttons[-1].click()
        logs.append([a.to_json() for a in d.match.actions])
    assert logs[0] == logs[1]


# ---------------------------------------------------------------- history
def test_undo_and_redo_buttons(dash):
    start = snapshot(dash)
    play_turn(dash)
    dash.decision.buttons[0].click()  # only the play: undo goes back to the refill decision first
    after_play = snapshot(dash)
    dash.history.undo.click()
    assert snapshot(dash) != after_play and dash.state.current_player == 0
    dash.history.undo.click()
    dash.history.undo.click()
    assert snapshot(dash)[1:] == start[1:]  # same cursor and position; the undone actions wait for redo
    dash.history.redo.click()
    dash.history.redo.click()
    dash.history.redo.click()
    assert snapshot(dash) == after_play
    dash.history.undo.click()
    dash.history.undo.click()
    dash.history.undo.click()
    play_turn(dash)
    after = snapshot(dash)
    assert not dash.history.undo.disabled
    dash.history.undo.click()
    dash.history.undo.click()
    assert snapshot(dash)[1:] == start[1:]
    assert not dash.history.redo.disabled
    dash.history.redo.click()
    dash.history.redo.click()
    assert snapshot(dash) == after
    assert dash.history.redo.disabled


def test_step_back_forward_and_slider(dash):
    dash.decision.buttons[0].click()
    end = dash.match.cursor
    dash.history.back.click()
    assert dash.match.cursor == end - 1 and not dash.live()
    dash.history.forward.click()
    assert dash.match.cursor == end
    dash.history.slider.value = 1
    assert dash.match.cursor == 1
    assert dash.state.to_json() == dash.match.state_at(1).to_json()


def test_a_new_move_in_the_past_replaces_the_later_history(dash):
    first = dash.decision.actions[0]
    play_turn(dash)
    dash.history.undo.click()
    dash.history.undo.click()
    cursor = dash.match.cursor
    other = dash.decision.actions[-1]
    dash.decision.buttons[-1].click()
    assert dash.match.actions[cursor] == other != first
    assert dash.live() and not dash.match.can_redo() and dash.history.redo.disabled


# ---------------------------------------------------------------- hidden information
def opponents_hidden_cards(d) -> list[str]:
    """Names of the opponents' Number cards that Player 1 cannot know."""
    known = d.state.observation(0)["known_in_hands"]
    names = []
    for p in range(1, d.players):
        for c in d.state.hand_numbers[p]:
            if CODES[c] not in known[p]["numbers"]:
                names.append(card_name(c))
    return names


def test_no_text_of_an_opponents_hidden_card_without_teacher_view(dash):
    for _ in range(5):
        hidden = opponents_hidden_cards(dash)
        assert hidden
        text = "\n".join(widget_texts(dash.widget))
        for name in hidden:
            assert name not in text
        play_turn(dash)
    dash.tabs.selected_index = ODDS_TAB
    dash.analyze_panel.policy.value = "random"  # quick: the policy is not the subject here
    dash.analyze_panel.playouts.value = 30
    dash.analyze_panel.analyze()
    text = "\n".join(widget_texts(dash.widget))
    assert all(name not in text for name in opponents_hidden_cards(dash))


def test_teacher_view_reveals_every_hand(dash):
    hidden = opponents_hidden_cards(dash)
    dash.teacher_toggle.value = True
    text = "\n".join(widget_texts(dash.widget))
    assert all(name in text for name in hidden)
    dash.teacher_toggle.value = False
    text = "\n".join(widget_texts(dash.widget))
    assert not any(name in text for name in hidden)


def test_own_hand_is_shown(dash):
    text = "\n".join(widget_texts(dash.widget))
    assert all(card_name(c) in text for c in dash.state.hand_numbers[0])


# ---------------------------------------------------------------- analysis and odds
def test_analyze_draws_one_bar_per_legal_action(dash):
    panel = dash.analyze_panel
    panel.policy.value = "random"  # quick: the policy is not the subject here (tests/widgets/test_analyze_panel.py)
    panel.playouts.value = 30
    results = panel.analyze()
    legal = dash.state.legal_actions()
    assert len(results) == len(legal)
    assert list(panel.bars.x) == [str(a) for a in legal]
    assert len(panel.bars.y) == len(legal) and all(0 <= y <= 1 for y in panel.bars.y)
    assert [list(y) for y in panel.errors.y] == [[str(a), str(a)] for a in legal]  # one interval per bar
    assert all(lo <= y <= hi for (lo, hi), y in zip(panel.errors.x, panel.bars.y))
    assert panel.rate_axis.label and "Player 1" in panel.figure.title
    play_turn(dash)
    assert list(panel.bars.x) == []  # the old chart is cleared when the position changes


def test_analyze_refuses_a_bots_turn_without_teacher_view(make_dashboard):
    d = make_dashboard(auto=False, seats=["heuristic", "human", "heuristic", "heuristic"])
    while d.is_human(d.state.current_player):
        d.decision.buttons[0].click()
    assert d.analyze_panel.analyze() == []
    assert "reveal" in d.analyze_panel.note.value
    assert list(d.analyze_panel.bars.x) == []


def test_odds_panel_shows_exact_rule_odds_for_each_number_card(dash):
    play_turn(dash, -1)  # a Rule card first ...
    assert dash.state.round == 2  # ... so now a Number card, with fewer cards still to come
    dash.tabs.selected_index = ODDS_TAB
    panel = dash.odds_panel
    hand = dash.state.hand_numbers[0]
    assert list(panel.bars.x) == [card_name(c) for c in hand]
    assert list(panel.bars.labels) == ["Limit 23", "Best of the Best", "Only One", "Trio", "Support Right"]
    exact = [rule_odds(dash.state, 0, c) for c in hand]
    for row, rule in zip(panel.bars.y, ["limit_23", "best_of_the_best", "only_one", "trio", "support_right"]):
        assert list(row) == pytest.approx([float(o[rule]) for o in exact])
    assert "/" in panel.table.value  # the exact fractions are listed too


# ---------------------------------------------------------------- positions
def test_save_and_load_a_position(dash, tmp_path, make_dashboard):
    dash.decision.buttons[0].click()
    path = tmp_path / "pos.json"
    dash.io.save(str(path))
    saved = dash.state.to_json()
    other = make_dashboard(seed=99)
    assert other.io.load_path(str(path)) is True
    assert other.state.to_json() == saved
    assert "Loaded" in other.io.message.value


def test_malformed_position_file_keeps_the_game(dash, tmp_path):
    dash.decision.buttons[0].click()
    before = snapshot(dash)
    match = dash.match
    bad = dash.state.to_json()
    bad["hands"][0]["numbers"].append(bad["hands"][1]["numbers"][0])  # a card in two hands
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    assert dash.io.load_path(str(path)) is False
    assert dash.io.error is not None and dash.io.error.field in dash.io.message.value
    assert "unchanged" in dash.io.message.value and "rg-msg-error" in dash.io.message.value
    assert dash.match is match and snapshot(dash) == before


def test_broken_json_upload_keeps_the_game(dash):
    import datetime
    before = snapshot(dash)
    dash.io.upload.value = ({"name": "broken.json", "type": "application/json", "size": 5,
                             "content": memoryview(b'{"pla'), "last_modified": datetime.datetime.now()},)
    assert "file" in dash.io.message.value and "not valid JSON" in dash.io.message.value
    assert snapshot(dash) == before


@pytest.mark.parametrize("name", ["trio_three_reds.json", "support_right_all_3p.json", "reshuffle_numbers_5p.json"])
def test_rulebook_positions_load_with_their_player_count(dash, name):
    data = json.loads((POSITIONS / name).read_text())
    assert dash.io.load_bytes(json.dumps(data).encode(), name) is True
    assert dash.players == data["players"] and len(dash.seats) == data["players"]
    assert dash.match.state_at(0).to_json()["hands"] == data["position"]["hands"]
