"""Save and Load in the browser (download / upload of a whole match, no server path) and the student mode
(``teacher=False``: no teacher view, no save, seat changes wait for a new game)."""
from __future__ import annotations

import datetime
import json
import os

import ipywidgets as w

from ratgames_lab.widgets.common import widget_texts
from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard
from ratgames_lab.widgets.rattus import RattusDashboard

SEATS = ["human", "heuristic", "heuristic", "heuristic"]


def widgets_in(widget: w.Widget) -> list[w.Widget]:
    """Every widget of a tree."""
    out, todo = [], [widget]
    while todo:
        x = todo.pop()
        out.append(x)
        todo += [c for c in getattr(x, "children", ()) if isinstance(c, w.Widget)]
    return out


def upload(d, data: dict, name: str = "saved.json") -> None:
    raw = json.dumps(data).encode()
    d.io.upload.value = ({"name": name, "type": "application/json", "size": len(raw), "content": memoryview(raw),
                          "last_modified": datetime.datetime.now()},)


def test_save_offers_a_match_with_its_history_as_a_download_and_writes_no_file(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    d = MasterOfRulesDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)
    d.decision.buttons[0].click()
    d.io.save_button.click()
    assert os.listdir(tmp_path) == []  # nothing written on the server
    link = d.io.link.value
    assert "data:application/json;base64," in link and f"master_of_rules_game7_move{d.match.cursor}.json" in link
    data = d.position()
    assert data["format"] == "ratgames_lab.match/1" and len(data["actions"]) == len(d.match.actions) > 1
    assert not [x for x in widgets_in(d.widget) if isinstance(x, w.Text)]  # no "File on the server" box
    assert "File on the server" not in "\n".join(widget_texts(d.widget))


def test_load_of_a_saved_match_keeps_the_history():
    d = MasterOfRulesDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)
    d.decision.buttons[0].click()
    d.decision.buttons[0].click()
    saved = d.position()
    other = MasterOfRulesDashboard(players=3, seed=99, seats=["human", "random", "random"], bot_delay=0)
    upload(other, saved)
    assert "Loaded" in other.io.message.value and "history" in other.io.message.value
    assert [a.to_json() for a in other.match.actions] == saved["actions"] and other.seed == 7
    assert other.players == 4 and other.state.to_json() == d.state.to_json()
    assert f"{len(saved['actions'])} moves so far" in other.history.label.value
    other.history.undo.click()  # the history came back: undo goes to Player 1's previous decision
    assert other.match.cursor < len(saved["actions"]) and other.state.current_player == 0


def test_a_tampered_or_foreign_match_is_refused_and_the_game_kept():
    d = RattusDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)
    before = (list(d.match.actions), d.state.to_json())
    upload(d, MasterOfRulesDashboard(players=4, seed=1, seats=SEATS, bot_delay=0).position())
    assert "“game”" in d.io.message.value and "unchanged" in d.io.message.value
    bad = d.position()
    bad["actions"].append({"kind": "place", "region": "Atlantis", "peasant": False})
    upload(d, bad)
    assert "unchanged" in d.io.message.value
    assert (list(d.match.actions), d.state.to_json()) == before


def test_a_student_dashboard_has_no_teacher_view_and_no_save():
    d = RattusDashboard(players=4, seed=7, seats=SEATS, bot_delay=0, teacher=False)
    tree = widgets_in(d.widget)
    assert d.teacher_toggle not in tree and d.io.save_button not in tree
    d.teacher_toggle.value = True  # even if the value is forced, nothing hidden is shown
    assert not d.teacher
    on_board = [d.game.tokens.ids[t] for rats in d.state.rats for t in rats]
    text = "\n".join(widget_texts(d.widget))
    assert not [t for t in on_board if t in text]
    assert [v for _, v in d.risk_player.options] == [-1, 0]
    assert d.io.offer_download() == "" and "switched off" in d.io.message.value
    assert "Teacher view" not in text


def test_a_student_cannot_make_a_bot_seat_human_during_the_game():
    d = MasterOfRulesDashboard(players=4, seed=7, seats=SEATS, bot_delay=0, teacher=False)
    d.setup.seat_box.children[1].value = "human"
    assert d.seats == SEATS  # the running game keeps its seats (Player 2's cards stay hidden)
    d.setup.new_game.click()
    assert d.seats == ["human", "human", "heuristic", "heuristic"]


def test_changing_the_player_count_keeps_the_running_games_seats_until_new_game():
    d = MasterOfRulesDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)
    d.setup.players.value = 3
    assert d.players == 4 and "keeps 4 players" in d.setup.pending.value
    d.setup.seat_box.children[1].value = "random"  # a seat of the next game: the running one is unchanged
    assert d.seats == SEATS
    d.setup.new_game.click()
    assert d.players == 3 and d.setup.pending.value == ""


def test_a_position_file_in_the_one_format_loads_by_upload():
    from pathlib import Path

    import ratgames_lab
    from ratgames_lab import load_position

    path = sorted((Path(ratgames_lab.__file__).parent / "rattus" / "positions").glob("*.json"))[0]
    data = json.loads(path.read_text())
    d = RattusDashboard(players=4, seed=7, seats=SEATS, bot_delay=0)
    upload(d, data, path.name)
    assert "Loaded" in d.io.message.value, d.io.message.value
    game, state = load_position(data)
    assert d.players == game.players and d.match.state_at(0).to_json() == state.to_json()


def test_the_header_says_who_plays_after_a_seat_change():
    d = MasterOfRulesDashboard(players=4, seed=7, seats=SEATS, bot_delay=0, auto=False)
    assert "you play Player 1" in d.header.value
    d.setup.seat_box.children[0].value = "random"
    assert "bots only" in d.header.value and "you play" not in d.header.value
