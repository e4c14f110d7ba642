"""Rattus Cartus dashboard driven like a user: button clicks through a whole round with bots, hidden information,
the survival gauge against odds.py, undo, save/load by upload, the student mode."""
from __future__ import annotations

import datetime
import json
from fractions import Fraction
from pathlib import Path

import ipywidgets as w
import pytest

from ratgames_lab import GAMES
from ratgames_lab.rattus_cartus.odds import player_row_distribution, survival_now, survival_table
from ratgames_lab.widgets import app_notebook, app_notebook_json, dashboard_class
from ratgames_lab.widgets.common import widget_texts
from ratgames_lab.widgets.rattus_cartus import RattusCartusDashboard

SEATS = ["human", "heuristic", "heuristic", "heuristic"]
WIDGETS = Path(__file__).resolve().parents[2] / "widgets"


def make(seed: int = 7, **kwargs) -> RattusCartusDashboard:
    return RattusCartusDashboard(players=4, seed=seed, seats=kwargs.pop("seats", SEATS), bot_delay=0, **kwargs)


@pytest.fixture(scope="module")
def played():
    """A dashboard after Red played a whole round by button clicks (the bots answered), and the clicks made."""
    d = make()
    clicks = play_round(d)
    return d, clicks


def choose(d) -> w.Button:
    """The button a careful user presses: enter with one or two cards when possible, else the first choice."""
    acts = d.decision.actions
    for count in (2, 1):
        for a, b in zip(acts, d.decision.buttons):
            if a.kind == "enter" and a.count == count:
                return b
    return d.decision.buttons[0]


def play_round(d) -> int:
    """Click buttons for Red until the second round starts; returns the number of clicks."""
    clicks = 0
    while d.observation(-1)["round"] == 1:
        assert d.state.current_player == 0 and d.decision.buttons, "the bots stop only at Red's decisions"
        cursor = d.match.cursor
        choose(d).click()
        assert d.match.cursor > cursor, d.message
        clicks += 1
        assert clicks < 60
    return clicks


def board_text(d) -> str:
    return "\n".join(widget_texts(d.widget))


def upload(d, data: dict, name: str = "saved.json") -> None:
    raw = json.dumps(data).encode()
    d.io.upload.value = ({"name": name, "type": "application/json", "size": len(raw), "content": memoryview(raw),
                          "last_modified": datetime.datetime.now()},)


# ---------------------------------------------------------------- registration and shape
def test_registered_and_a_short_assembly():
    assert GAMES["rattus_cartus"].dashboard == "ratgames_lab.widgets.rattus_cartus:RattusCartusDashboard"
    assert dashboard_class("rattus_cartus") is RattusCartusDashboard
    for path in WIDGETS.glob("rattus_cartus*.py"):
        assert len(path.read_text().splitlines()) <= 400, path.name
    path = app_notebook("rattus_cartus")
    assert path.name == "rattus_cartus.ipynb" and path.parent.name == "apps"
    assert json.loads(path.read_text()) == app_notebook_json("rattus_cartus")


def test_every_legal_action_has_one_button_labelled_with_it():
    d = make()
    legal = d.state.legal_actions()
    assert d.state.current_player == 0 and d.decision.actions == legal
    assert [b.description for b in d.decision.buttons] == [d.action_text(a) for a in legal]
    assert "support action" in d.banner.value


def test_decision_buttons_and_messages_name_cards_not_their_ids():
    d = make()
    while not any(a.kind == "place_card" for a in d.decision.actions):
        choose(d).click()
    comp = d.game.comp
    placed = 0
    for a, b in zip(d.decision.actions, d.decision.buttons):
        if a.kind == "place_card" and "-" in a.card:  # a Population card: its id is like magic-03
            person = comp.cards.persons[comp.card_class[comp.card_index[a.card]]]
            nuns = comp.nuns[comp.card_index[a.card]]
            assert b.description == f"Place {person} ({nuns} nun{'' if nuns == 1 else 's'}) face down"
            assert a.card not in b.description
            placed += 1
    assert placed
    button = next(b for a, b in zip(d.decision.actions, d.decision.buttons) if a.kind == "place_card")
    button.click()
    assert "(you): Place " in d.status.value and " face down" in d.status.value
    assert not any(f"Place {a.card} face down" in d.status.value for a in d.state.legal_actions() + [a])


# ---------------------------------------------------------------- a whole round by clicks
def test_a_whole_round_by_clicks_with_bots(played):
    d, clicks = played
    kinds = {e.kind for e in d.state.events}
    assert {"support", "enter", "place", "resolve", "reveal_cards", "round_end", "round_start"} <= kinds
    assert clicks >= 3  # support, enter, at least one card placed
    red = [e for e in d.state.events if e.kind == "enter" and e.params.get("player") == "Red"]
    assert red, "Red entered a building"
    obs = d.observation()
    assert obs["round"] == 2
    assert "Round 2 of" in d.header.value and "phase" in d.header.value
    assert sum(sum(v) for v in obs["influence"].values()) > 0
    text = board_text(d)
    assert "Influence tracks" in text and "Nun row" in text and "Buildings this round" in text
    assert "Resolution of building #" in text  # the explained log


def test_same_seed_and_same_clicks_give_the_same_game(played):
    d, _ = played
    again = make()
    play_round(again)
    assert again.state.to_json() == d.state.to_json()


def test_the_round_plays_back_building_by_building():
    d = make()
    events = d.state.events
    pauses = d.playback_pauses(events, 0)
    assert pauses and all(events[i].kind in ("resolve", "nun_row", "round_start") for i in pauses)


# ---------------------------------------------------------------- hidden information
def hidden_cards(d, viewer: int) -> tuple[list[str], list[str]]:
    """(Population cards in other hands the viewer does not know, nun-row cards the viewer has not looked at)."""
    full = d.state.to_json()
    obs = d.state.observation(viewer)
    hands = [c for q, h in enumerate(full["hands"]) if q != viewer for c in h
             if "-" in c and c not in obs["known_in_hands"].get(str(q), [])]
    row = [c for c, seen in zip(full["nun_row"], obs["nun_row"]) if seen is None]
    return hands, row


def test_the_human_seat_sees_no_hidden_card_and_the_teacher_view_shows_them(played):
    d, _ = played
    hands, row = hidden_cards(d, 0)
    assert hands and row
    text = board_text(d)
    assert not [c for c in hands + row if c in text]
    for c in d.observation()["hand"]:
        assert c in text  # the own hand is shown
    d.teacher_toggle.value = True
    shown = board_text(d)
    assert all(c in shown for c in hands + row)
    d.teacher_toggle.value = False
    assert not [c for c in hands + row if c in board_text(d)]


def test_face_down_cards_show_as_counts_until_revealed():
    d = make()
    while not any(d.observation(-1)["entrants"]) or d.state.current_player != 0:
        choose(d).click()
    obs = d.observation()
    full = d.state.to_json()
    text = board_text(d)
    for slot, ents in enumerate(obs["entrants"]):
        for k, p in enumerate(ents):
            if p != 0 and slot >= obs["revealed"]:
                assert isinstance(obs["placed"][slot][k], int)
                assert not [c for c in full["placed"][slot][k] if "-" in c and c in text]


def test_a_student_dashboard_has_no_teacher_view_and_no_save():
    d = make(teacher=False)
    tree, todo = [], [d.widget]
    while todo:
        x = todo.pop()
        tree.append(x)
        todo += [c for c in getattr(x, "children", ()) if isinstance(c, w.Widget)]
    assert d.teacher_toggle not in tree and d.io.save_button not in tree
    d.teacher_toggle.value = True
    assert not d.teacher
    hands, row = hidden_cards(d, 0)
    text = board_text(d)
    assert not [c for c in hands + row if c in text]


# ---------------------------------------------------------------- the survival gauge
def test_the_gauge_is_the_exact_odds_of_odds_py(played):
    d, _ = played
    exact = survival_now(d.state, 0)
    assert isinstance(d.gauge.value, Fraction) and d.gauge.value == exact
    assert d.gauge.dot.x[0] == d.state.observation(0)["rats"][0]
    assert d.gauge.dot.y[0] == pytest.approx(float(exact))
    table = survival_table(player_row_distribution(d.state, 0), range(0, len(d.gauge.bars.x)))
    assert list(d.gauge.bars.y) == pytest.approx([float(table[r]) for r in d.gauge.bars.x])
    assert f"{float(exact):.1%}" in d.gauge.title.value


def test_the_gauge_follows_a_look_at_the_nun_row():
    d = make(seed=3)
    # click until Red has looked at a nun-row card (a Farm / Tent support, or a privilege)
    for _ in range(80):
        if d.state.observation(0)["looks"][0] or d.state.is_terminal():
            break
        looks = [b for a, b in zip(d.decision.actions, d.decision.buttons) if a.kind == "look"]
        support = [b for a, b in zip(d.decision.actions, d.decision.buttons)
                   if a.kind == "support" and "look" in d.text.building(d.observation()["row"][a.slot])[2]]
        (looks or support or [choose(d)])[0].click()
    assert d.state.observation(0)["looks"][0], "Red looked at the row"
    assert d.gauge.value == survival_now(d.state, 0)
    assert "look" in d.gauge.title.value
    assert [c for c in d.observation()["nun_row"] if c]


# ---------------------------------------------------------------- board clicks, undo, save / load
def test_a_click_on_a_building_plays_or_outlines_its_actions():
    d = make()
    first = d.building_buttons.children[0]
    assert first.description == "Support #1"
    first.click()
    assert d.match.actions[-1].kind == "support" or any(a.kind == "support" and a.slot == 0
                                                        for a in d.match.actions)
    while not any(a.kind == "enter" for a in d.decision.actions):
        choose(d).click()
    enter = d.building_buttons.children[0]
    assert enter.description.startswith("Enter #")
    cursor = d.match.cursor
    enter.click()
    assert d.match.cursor == cursor and "how many cards" in d.message[0]
    marked = [b for b in d.decision.buttons if "rg-candidate" in b._dom_classes]
    assert marked and all(a.kind == "enter" for a, b in zip(d.decision.actions, d.decision.buttons) if b in marked)


def test_undo_goes_back_to_reds_previous_decision():
    d = make()
    start = (d.match.cursor, d.state.to_json())
    d.decision.buttons[0].click()
    assert d.match.cursor > start[0]
    d.history.undo.click()
    assert (d.match.cursor, d.state.to_json()) == start
    d.history.redo.click()
    assert d.match.cursor > start[0]


def test_stale_button_is_refused_and_changes_nothing():
    d = make()
    old = d.decision.buttons[0]
    d.decision.buttons[0].click()
    before = (list(d.match.actions), d.state.to_json())
    old.click()
    assert d.message[1] == "error" and "earlier position" in d.message[0]
    assert (list(d.match.actions), d.state.to_json()) == before


def test_save_and_load_by_upload_keep_the_history(played):
    d, _ = played
    saved = d.position()
    other = make(seed=99)
    upload(other, saved)
    assert "history" in other.io.message.value
    assert other.state.to_json() == d.state.to_json() and len(other.match.actions) == len(d.match.actions)
    assert other.gauge.value == d.gauge.value
    bad = dict(saved, game="rattus")
    upload(other, bad)
    assert other.state.to_json() == d.state.to_json()  # refused: the game is kept


# ---------------------------------------------------------------- bots only, the end of the game
def test_a_bots_only_game_ends_with_the_plague_and_the_scores_explained():
    d = RattusCartusDashboard(players=3, seed=5, seats=["heuristic"] * 3, bot_delay=0, auto=False)
    assert d.gauge.value is None and "human player" in d.gauge.title.value
    d.teacher_toggle.value = True  # teacher view: the gauge follows the player to move
    d.step()
    p = d.state.current_player
    assert d.gauge.value == survival_now(d.state, p) and d.seat_label(p) in d.gauge.title.value
    d.advance_bots()
    assert d.state.is_terminal()
    title = d.decision.title.value
    row = [e.text() for e in d.state.events if e.kind == "nun_row"]
    assert len(row) == 1 and row[0].replace("'", "&#x27;") in title  # the nun row revealed on the end screen
    for p, total in enumerate(d.state.scores()):
        assert f"<b>{d.seat_label(p)}</b>" in title and f"<b>{total}</b> VP" in title
    assert "Game over" in d.banner.value and "Game over after" in d.header.value


def test_my_odds_tab_shows_survival_with_more_or_fewer_rats():
    from ratgames_lab.widgets.common.dashboard import ODDS_TAB

    d = make()
    d.tabs.selected_index = ODDS_TAB
    rats = d.observation()["rats"][0]
    series = d.odds_panel.series["survive"]
    table = survival_table(player_row_distribution(d.state, 0), range(max(rats - 3, 0), rats + 5))
    assert list(series) == list(table.values())
    assert series == sorted(series, reverse=True)  # more rats, less chance
    assert survival_now(d.state, 0) in series


def test_a_click_on_a_card_of_the_hand_places_it():
    d = make()
    while not any(a.kind == "place_card" for a in d.decision.actions):
        choose(d).click()
    legal = [a for a in d.decision.actions if a.kind == "place_card"]
    buttons = d.card_buttons.children
    assert len(buttons) == len(legal) and all(b.description.startswith("Place ") for b in buttons)
    cursor = d.match.cursor
    buttons[-1].click()
    assert d.match.actions[cursor] == legal[-1]


def test_while_placing_the_building_says_how_many_cards_are_still_to_place():
    d = make()
    while not any(a.kind == "place_card" for a in d.decision.actions):
        choose(d).click()
    left = d.observation()["task"][3]
    assert f"{left} more to place" in d.buildings_view.value
    d.card_buttons.children[0].click()
    if d.state.current_player == 0 and d.observation()["task"][:1] == ["place"]:
        assert f"{left - 1} more to place" in d.buildings_view.value


def test_the_card_buttons_say_what_the_card_will_bring():
    d = make()
    while not any(a.kind == "place_card" for a in d.decision.actions):
        choose(d).click()
    obs = d.observation()
    building = d.text.building(obs["row"][obs["task"][2]])[1]
    for a, b in zip([a for a in d.decision.actions if a.kind == "place_card"], d.card_buttons.children):
        cls = d.text.card_class(a.card)
        if cls not in ("special", building):
            assert b.description.endswith("(+1 influence, +1 rat)")
        elif cls == building:
            assert b.description.endswith("(+1 influence)")


def test_the_tracks_show_each_place_as_the_scoring_ranks_it_ties_by_arrival():
    import re

    from ratgames_lab.rattus_cartus.scoring import track_ranking

    d = RattusCartusDashboard(players=4, seed=2, seats=["heuristic"] * 4, bot_delay=0)
    d.advance_bots()
    obs = d.observation(-1)
    html = d.tracks_view.value
    rows = re.findall(r'<tr><th class="rc-cls rc-(\w+)">.*?</th>(.*?)</tr>', html)
    assert [cls for cls, _ in rows] == list(obs["influence"])
    ties = 0
    for cls, cells in rows:
        ranking = track_ranking(obs["influence"][cls], obs["arrival"][cls])
        places = re.findall(r"<td[^>]*>(?:<b>(\d+)</b> <span class=\"rc-place\">(\w+)</span>|0)</td>", cells)
        shown = {p: place for p, (_, place) in enumerate(places) if place}
        assert shown == {p: ("1st", "2nd", "3rd", "4th", "5th")[k] for k, p in enumerate(ranking)}
        values = [obs["influence"][cls][p] for p in ranking]
        ties += len(values) - len(set(values))
    assert ties, "this seeded game has a tie on a track, ranked by arrival"
