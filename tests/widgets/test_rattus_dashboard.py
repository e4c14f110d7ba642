"""Rattus dashboard driven like a user, in pure Python: buttons, region clicks on the map (through the same bqplot
message a browser sends), stale and illegal clicks, positions, hidden tokens, the risk map, the reveal steps, bots."""
from __future__ import annotations

import datetime
import json
from fractions import Fraction

import pytest

from ratgames_lab import TERMINAL
from ratgames_lab.rattus.odds import contamination_probability, cube_loss_distribution, loss_distribution_of
from ratgames_lab.widgets.common import widget_texts
from ratgames_lab.widgets.common.dashboard import ODDS_TAB
from ratgames_lab.widgets.rattus import RattusDashboard, action_regions
from ratgames_lab.widgets.rattus_map import RISK_COLOURS

SEATS = ["human", "heuristic", "heuristic", "heuristic"]


def make(seed: int = 7, seats: list[str] | None = None, players: int = 4, **kwargs) -> RattusDashboard:
    """A dashboard whose bots answer at once (bot_delay=0, no event loop)."""
    seats = seats or (SEATS + ["heuristic"])[:players]
    return RattusDashboard(players=players, seed=seed, seats=seats, bot_delay=0, **kwargs)


def snapshot(d) -> tuple:
    """Everything a refused click must leave unchanged."""
    return (list(d.match.actions), d.match.cursor, d.state.to_json())


def texts(d) -> str:
    return "\n".join(widget_texts(d.widget))


def finish_setup(d, regions: tuple[str, ...] = ("Gallia", "Anglia")) -> None:
    """Red places its two pairs of starting cubes by clicking regions; the bots answer."""
    for region in regions:
        assert d.state.step == "setup" and d.state.current_player == 0
        d.map.click(region)
    assert d.state.step == "main" and d.state.current_player == 0


@pytest.fixture
def dash() -> RattusDashboard:
    """Seed 7, Red (human) to place its first starting cubes."""
    d = make()
    assert d.state.current_player == 0 and d.state.step == "setup"
    return d


@pytest.fixture
def turn() -> RattusDashboard:
    """Seed 7 after the setup: Red's first turn."""
    d = make()
    finish_setup(d)
    return d


def load(d, data: dict) -> None:
    """Install a position through the Save / load panel (as a teacher would)."""
    assert d.io.load_bytes(json.dumps(data).encode(), "test.json") is True, d.io.message.value


# ---------------------------------------------------------------- buttons
def test_every_legal_action_has_one_button_labelled_with_it(turn):
    legal = turn.state.legal_actions()
    assert sorted(map(str, turn.decision.actions)) == sorted(map(str, legal))  # folded groups come last
    assert len(turn.decision.actions) == len(legal)
    assert [b.description for b in turn.decision.buttons] == [str(a) for a in turn.decision.actions]
    assert all(turn.decision.button_for(a).description == str(a) for a in legal)


@pytest.mark.parametrize("stage", ["setup", "turn"])
def test_clicking_a_button_applies_exactly_that_action(stage):
    def fresh():
        d = make()
        if stage == "turn":
            finish_setup(d)
        return d

    count = len(fresh().decision.buttons)
    assert count >= 10
    for index in range(count):
        d = fresh()
        cursor = d.match.cursor
        expected = d.decision.actions[index]
        label = d.decision.buttons[index].description
        d.decision.buttons[index].click()
        assert d.match.actions[cursor] == expected and str(expected) == label


def test_big_power_groups_fold_but_keep_every_button(turn):
    data = turn.state.to_json()
    data["classes"].update({"monk": 0, "witch": 0, "merchant": 0})
    load(turn, data)
    legal = turn.state.legal_actions()
    assert sorted(map(str, turn.decision.actions)) == sorted(map(str, legal))
    folded = turn.decision.folds
    assert "witch_peek" in folded and folded["witch_peek"].selected_index is None
    peek = next(a for a in legal if a.kind == "witch_peek")
    cursor = turn.match.cursor
    turn.decision.button_for(peek).click()
    assert turn.match.actions[cursor] == peek


# ---------------------------------------------------------------- clicking regions
def test_setup_placement_by_region_click(dash):
    cursor = dash.match.cursor
    dash.map.click("Gallia")  # the browser's element_click message on the region's disc
    assert dash.match.actions[cursor].to_json() == {"kind": "setup_place", "region": "Gallia"}
    assert dash.state.cubes[dash.state.region_index("Gallia")][0] == 2
    assert "Red places 2 starting cubes in Gallia." in dash.log.widget.value


def test_place_cubes_then_move_the_plague_by_region_clicks(turn):
    s = turn.state
    assert turn.map_mode == "place" and [label for label, _ in turn.mode_buttons.options][:2] == \
        ["Place cubes", "Move the plague"]
    cursor = turn.match.cursor
    rats = len(s.rats[s.region_index("Gallia")])
    before = s.cubes[s.region_index("Gallia")][0]
    turn.map.click("Gallia")
    assert turn.match.actions[cursor].to_json() == {"kind": "place", "region": "Gallia", "peasant": False}
    assert turn.state.cubes[turn.state.region_index("Gallia")][0] == before + rats
    assert turn.map_mode == "move"  # placing is done: a click now moves the plague
    plague = turn.state.name(turn.state.plague)
    targets, _ = turn.map_targets()
    assert targets == turn.neighbours(plague)
    cursor = turn.match.cursor
    turn.map.click(targets[0])
    assert turn.match.actions[cursor].to_json() == {"kind": "move_plague", "to": targets[0], "via": None}


def test_knight_moves_the_plague_two_steps_by_two_clicks(turn):
    knight = next(a for a in turn.decision.actions if a.kind == "take_class" and a.card == "knight")
    turn.decision.button_for(knight).click()
    assert "knight" in [m for _, m in turn.mode_buttons.options]
    turn.mode_buttons.value = "knight"
    two_steps = [a for a in turn.state.legal_actions() if a.kind == "move_plague" and a.via is not None]
    via, to = action_regions(two_steps[0])
    vias, _ = turn.map_targets()
    assert via in vias
    cursor = turn.match.cursor
    assert turn.click_region(via) is False  # the first click only chooses where the plague passes
    assert turn.match.cursor == cursor and turn.map_targets()[1] == via
    ends, picked = turn.map_targets()
    assert picked == via and to in ends
    turn.map.click(to)
    assert turn.match.actions[cursor].to_json() == {"kind": "move_plague", "to": to, "via": via}


def test_spread_token_goes_where_the_region_click_says(turn):
    """Send the plague to each neighbour in turn until the spread needs a choice, then click one neighbour."""
    start = snapshot(turn)
    plague = turn.state.name(turn.state.plague)
    for target in turn.neighbours(plague):
        turn.mode_buttons.value = "move"
        turn.map.click(target)
        if turn.state.step == "spread" and turn.state.current_player == 0:
            break
        turn.history.undo.click()
        assert snapshot(turn)[1:] == start[1:]
    else:
        pytest.fail("no plague move of seed 7 needs a spread choice")
    assert turn.map_mode == "spread"
    options = [a.region for a in turn.state.legal_actions()]
    assert len(options) >= 2 and turn.map_targets()[0] == sorted(options)
    cursor = turn.match.cursor
    region = options[-1]
    rats = len(turn.state.rats[turn.state.region_index(region)])
    turn.map.click(region)
    assert turn.match.actions[cursor].to_json() == {"kind": "spread", "region": region}
    assert turn.match.actions[cursor + 1].kind == "draw_token"  # the chance draw that follows
    assert len(turn.match.state_at(cursor + 2).rats[turn.state.region_index(region)]) == rats + 1


def test_reveal_choice_by_clicking_a_token(turn):
    """Two tokens in the infected region: a click on the region is ambiguous, a click on a token is not."""
    data = turn.state.to_json()
    plague = data["plague"]
    target = turn.neighbours(plague)[0]
    data["regions"][target]["rats"].append(data["supply"].pop())
    data["regions"][target]["cubes"][0] += 2
    for n in turn.neighbours(target):  # no room for the spread: the ravage starts at once
        room = 3 - len(data["regions"][n]["rats"])
        for _ in range(room):
            data["regions"][n]["rats"].append(data["supply"].pop())
    load(turn, data)
    turn.mode_buttons.value = "move"
    turn.map.click(target)
    assert turn.state.step == "reveal" and turn.map_mode == "reveal"
    before = snapshot(turn)
    assert turn.click_region(target) is False
    assert snapshot(turn) == before and "2 possible choices" in turn.message[0]
    marked = [b for b in turn.decision.buttons if "rg-candidate" in b._dom_classes]
    assert [b.description for b in marked] == ["Reveal rat token #1", "Reveal rat token #2"]
    cursor = turn.match.cursor
    turn.map.click_token(target, 1)
    assert turn.match.actions[cursor].to_json() == {"kind": "reveal", "slot": 1}


def test_monk_and_merchant_by_two_clicks(turn):
    data = turn.state.to_json()
    data["classes"].update({"monk": 0, "merchant": 0})
    load(turn, data)
    s = turn.state
    turn.mode_buttons.value = "merchant"
    move = next(a for a in s.legal_actions() if a.kind == "merchant")
    turn.click_region(move.source)
    cursor = turn.match.cursor
    count = min(3, s.cubes[s.region_index(move.source)][0])
    assert turn.click_region(move.target) is (count == 1)
    if count > 1:  # how many cubes: the buttons decide
        assert "possible choices" in turn.message[0] and turn.match.cursor == cursor
        turn.decision.button_for(move).click()
    assert turn.match.actions[cursor] == move
    turn.mode_buttons.value = "monk"
    monk = next(a for a in turn.state.legal_actions() if a.kind == "monk" and a.slot == 0)
    turn.map.click_token(monk.source, 0)
    cursor = turn.match.cursor
    turn.map.click(monk.target)
    assert turn.match.actions[cursor] == monk


def test_a_region_without_a_legal_action_changes_nothing(turn):
    turn.mode_buttons.value = "move"
    plague = turn.state.name(turn.state.plague)
    far = next(n for n in turn.regions if n != plague and n not in turn.neighbours(plague))
    before = snapshot(turn)
    assert turn.click_region(far) is False
    assert snapshot(turn) == before
    assert turn.message[1] == "error" and far in turn.message[0] and "nothing was played" in turn.message[0].lower()


def test_a_region_not_in_play_changes_nothing():
    d = make(players=2, seats=["human", "heuristic"])
    before = snapshot(d)
    assert d.click_region("Russia") is False
    assert snapshot(d) == before and "not in play with 2 players" in d.message[0]
    assert "Russia (4+ players)" in texts(d)  # drawn greyed, not hidden


def test_clicks_when_a_bot_is_to_move_are_refused():
    d = make(seats=["heuristic", "human", "heuristic", "heuristic"], auto=False)
    assert d.state.current_player == 0
    before = snapshot(d)
    assert d.click_region("Gallia") is False and d.click(d.state.legal_actions()[0]) is False
    assert snapshot(d) == before
    assert d.message[1] == "error" and "not a human's turn" in d.message[0]
    assert d.click_region("Gallia") is False and "not your turn" in d.message[0]
    assert snapshot(d) == before


def test_stale_button_from_before_an_undo_is_refused(turn):
    turn.map.click("Gallia")
    old = list(turn.decision.buttons)
    turn.history.undo.click()
    before = snapshot(turn)
    old[-1].click()
    assert snapshot(turn) == before
    assert turn.message[1] == "error" and "earlier position" in turn.message[0]


def test_clicks_after_the_game_ended_are_refused():
    d = make(seed=3)
    last = None
    for _ in range(600):
        if d.state.is_terminal():
            break
        last = d.decision.buttons[-1]  # moving the plague (or ending) keeps the game short
        last.click()
    assert d.state.current_player == TERMINAL
    before = snapshot(d)
    assert d.click_region("Gallia") is False
    assert snapshot(d) == before and "over" in d.message[0]
    last.click()
    assert snapshot(d) == before and d.message[1] == "error"
    assert d.decision.buttons == [] and "Game over" in d.banner.value
    assert "winner" in d.players_view.value


# ---------------------------------------------------------------- positions
def test_malformed_position_upload_keeps_the_game(turn):
    before = snapshot(turn)
    match = turn.match
    turn.io.upload.value = ({"name": "broken.json", "type": "application/json", "size": 5,
                             "content": memoryview(b'{"pla'), "last_modified": datetime.datetime.now()},)
    assert "not valid JSON" in turn.io.message.value
    bad = turn.state.to_json()
    bad["plague"] = "Atlantis"
    assert turn.io.load_bytes(json.dumps(bad).encode(), "bad.json") is False
    assert turn.io.error.field == "plague" and "plague" in turn.io.message.value
    assert "unchanged" in turn.io.message.value
    assert turn.match is match and snapshot(turn) == before


def test_save_and_load_a_position(turn, tmp_path):
    turn.map.click("Gallia")
    path = tmp_path / "rattus.json"
    turn.io.save(str(path))
    other = make(seed=99)
    assert other.io.load_path(str(path)) is True
    assert other.state.to_json() == turn.state.to_json()
    assert other.map_mode == "move"


# ---------------------------------------------------------------- hidden information
def hidden_token_texts(d, player: int = 0) -> list[str]:
    """Ids and descriptions of the face-down tokens ``player`` has not looked at (board, supply, removed)."""
    s = d.state
    ts = d.game.tokens
    known = set(s.peeks[player])
    hidden = [t for rats in s.rats for t in rats if t not in known] + s.supply + s.removed
    return [ts.ids[t] for t in hidden] + [ts.describe(t) for t in hidden]


def test_no_face_down_token_identity_without_teacher_view(turn):
    for _ in range(3):
        hidden = hidden_token_texts(turn)
        text = texts(turn)
        assert hidden and not [h for h in hidden if h in text]
        turn.risk_toggle.value = True
        turn.tabs.selected_index = ODDS_TAB
        text = texts(turn)
        assert not [h for h in hidden_token_texts(turn) if h in text]
        turn.decision.buttons[-1].click()  # move the plague: bots play until Red's next turn
        if turn.state.is_terminal():
            break


def shown_marker(region: str, slot: int) -> str:
    """The map's tooltip opening for a token whose face the viewer sees (a face-down token reads 'Face-down rat
    token #n in ...', with no identity)."""
    return f"Rat token #{slot + 1} in {region} ("


def test_teacher_view_shows_every_face_down_token(turn):
    on_board = [shown_marker(r, k) for r in turn.regions for k, _ in
                enumerate(turn.state.rats[turn.state.region_index(r)])]
    turn.teacher_toggle.value = True
    text = texts(turn)
    assert all(i in text for i in on_board)
    assert len(turn.map.view.layers["token_text"].text) == len(on_board)  # thresholds on the tokens
    turn.teacher_toggle.value = False
    text = texts(turn)
    assert not any(i in text for i in on_board)
    assert len(turn.map.view.layers["token_text"].text) == 0


def test_the_witch_shows_only_the_peeked_token_to_its_player(turn):
    witch = next(a for a in turn.decision.actions if a.kind == "take_class" and a.card == "witch")
    turn.decision.button_for(witch).click()
    turn.mode_buttons.value = "witch"
    region = turn.regions[0]
    token = turn.state.rats[turn.state.region_index(region)][0]
    tid = shown_marker(region, 0)
    assert tid not in texts(turn)
    turn.map.click_token(region, 0)
    assert turn.state.step == "witch_second"
    assert turn.state.peeks[0] == [token]
    text = texts(turn)
    assert tid in text and "Only you know" in turn.players_view.value
    assert not [h for h in hidden_token_texts(turn) if h in text]  # every other token stays hidden
    witch_stop = next(a for a in turn.decision.actions if a.kind == "witch_stop")
    turn.decision.button_for(witch_stop).click()
    assert turn.state.step == "main" and tid in texts(turn)


def test_a_bots_witch_peek_stays_secret():
    d = make(seats=["human", "heuristic", "heuristic", "heuristic"])
    finish_setup(d)
    data = d.state.to_json()
    token = data["regions"]["Gallia"]["rats"][0]
    data["peeks"][1] = [token]  # Yellow knows a token
    load(d, data)
    assert shown_marker("Gallia", 0) not in texts(d)
    d.teacher_toggle.value = True
    assert shown_marker("Gallia", 0) in texts(d)


# ---------------------------------------------------------------- risk map and odds
def test_risk_map_colours_are_the_exact_contamination_probabilities(turn):
    turn.map.click("Gallia")  # some cubes where the rats are
    data = turn.state.to_json()
    data["peeks"][0] = [data["regions"]["Gallia"]["rats"][0]]  # Red has looked at Gallia's token
    load(turn, data)
    regions = turn.map.view.layers["regions"]
    assert regions.color is None  # off: plain regions, nothing computed
    turn.risk_toggle.value = True
    exact = {n: contamination_probability(turn.state, n, player=0) for n in turn.regions}
    assert turn.risk() == exact
    assert list(regions.color) == [float(exact[n]) for n in turn.map.view.keys["regions"]]
    assert regions.scales["color"].min == 0 and regions.scales["color"].max == 1
    assert list(regions.scales["color"].colors) == RISK_COLOURS
    assert any(p > 0 for p in exact.values()) and any(p == 0 for p in exact.values())
    labels = dict(zip(turn.map.view.keys["risk_text"], turn.map.view.layers["risk_text"].text))
    assert labels["Gallia"] == f"{float(exact['Gallia']):.0%}"
    assert "chance that at least one token contaminates" in turn.map.legend.value
    public = {n: contamination_probability(turn.state, n) for n in turn.regions}
    assert public != exact  # Red's peek changes the odds
    turn.risk_player.value = -1  # public information
    assert turn.risk() == public
    assert list(regions.color) == [float(public[n]) for n in turn.map.view.keys["regions"]]
    turn.risk_toggle.value = False
    assert regions.color is None and len(turn.map.view.layers["risk_text"].text) == 0


def test_risk_perspective_offers_only_the_viewer_unless_teacher(turn):
    assert [v for _, v in turn.risk_player.options] == [-1, 0]
    turn.teacher_toggle.value = True
    assert [v for _, v in turn.risk_player.options] == [-1, 0, 1, 2, 3]


def test_odds_tab_shows_the_exact_loss_distribution(turn):
    turn.map.click("Gallia")
    turn.tabs.selected_index = ODDS_TAB
    turn.odds_region.value = "Gallia"
    panel = turn.odds_panel
    s = turn.state
    r = s.region_index("Gallia")
    present = [p for p in range(4) if s.cubes[r][p]]
    dist = cube_loss_distribution(s, "Gallia", player=0)
    assert list(panel.bars.labels) == [["Red", "Yellow", "Green", "Blue"][p] for p in present]
    for row, p in zip(panel.bars.y, present):
        marg = loss_distribution_of(dist, p)
        assert list(row) == pytest.approx([float(marg.get(k, Fraction(0))) for k in range(len(row))])
        assert sum(marg.values()) == 1
    assert "Gallia" in panel.figure.title and "/" in panel.table.value
    assert "Where to send the plague" in turn.plague_table.value


def test_analyze_draws_one_bar_per_legal_action(dash):
    dash.analyze_panel.policy.value = "random"  # quick: the policy is not the subject here
    dash.analyze_panel.playouts.value = 30
    results = dash.analyze_panel.analyze()
    assert [str(r.action) for r in results] == [str(a) for a in dash.state.legal_actions()]
    assert list(dash.analyze_panel.bars.x) == [str(a) for a in dash.state.legal_actions()]


# ---------------------------------------------------------------- bots and the reveal steps
def test_bots_play_until_red_is_to_move_again(turn):
    start = turn.match.cursor
    turn.mode_buttons.value = "move"
    turn.map.click(turn.map_targets()[0][0])
    while turn.state.current_player == 0 and turn.state.step != "main":  # spread or reveal choices
        turn.map.click(turn.map_targets()[0][0])
    assert turn.state.current_player == 0 and turn.state.step == "main" and turn.state.turn == 5
    movers = {turn.match.state_at(i).current_player for i in range(start, len(turn.match.actions))}
    assert {0, 1, 2, 3} <= movers
    assert "Turn 5: Red to play." in turn.log.widget.value


def test_step_shows_the_reveals_one_at_a_time():
    d = make(seed=2, seats=["heuristic"] * 4, auto=False)
    for _ in range(400):
        if d.step_button.description == "Step: next reveal" or d.state.is_terminal():
            break
        d.step_button.click()
    assert d.step_button.description == "Step: next reveal", "no ravage in this seeded game"
    events = d.state.events
    reveals = [i for i in range(len(events)) if events[i].kind == "reveal" and events[i].text() not in
               d.log.widget.value]
    assert reveals, "the reveals of the last move wait for Step"
    cursor = d.match.cursor
    shown = 0
    while d.step_button.description == "Step: next reveal":
        d.step_button.click()
        shown += 1
        assert d.match.cursor == cursor  # showing a reveal plays nothing
        assert events[reveals[shown - 1]].text() in d.log.widget.value
        assert shown == len(reveals) or events[reveals[shown]].text() not in d.log.widget.value
        assert "rt-reveal" in d.plague_view.value
    assert shown == len(reveals)
    assert d.frame().cubes == d.state.cubes
    d.step_button.click()
    assert d.match.cursor > cursor  # then the bots go on


def test_the_board_shows_the_cubes_before_the_reveal_that_removes_them():
    d = make(seed=2, seats=["heuristic"] * 4, auto=False)
    for _ in range(2000):
        if d.state.is_terminal():
            pytest.fail("no contamination in this seeded game")
        d.step_button.click()
        anim = d._anim
        if anim is not None and any(e.kind == "cube_lost" for e in d.state.events[anim.cuts[0]:]):
            break
    lost = next(e for e in d.state.events[d._anim.cuts[0]:] if e.kind == "cube_lost")
    r, p = d.state.region_index(lost.params["region"]), ["Red", "Yellow", "Green", "Blue"].index(lost.params["player"])
    assert d.frame().cubes[r][p] > d.state.cubes[r][p]
    shown = [int(t) for t, k in zip(d.map.view.layers["cube_text"].text, d.map.view.keys["cube_text"])
             if k == lost.params["region"]]
    assert d.frame().cubes[r][p] in shown  # the map draws the frame, not the final state
    while d.step_button.description == "Step: next reveal":
        d.step_button.click()
    assert d.frame().cubes[r][p] == d.state.cubes[r][p]


def test_same_seed_and_same_clicks_give_the_same_game():
    logs = []
    for _ in range(2):
        d = make(seed=5)
        finish_setup(d, ("Italia", "Hispania"))
        for _ in range(3):
            d.decision.buttons[-1].click()
        logs.append([a.to_json() for a in d.match.actions])
    assert logs[0] == logs[1]


def test_a_half_made_two_click_move_does_not_survive_an_undo(turn):
    knight = next(a for a in turn.decision.actions if a.kind == "take_class" and a.card == "knight")
    turn.decision.button_for(knight).click()
    turn.mode_buttons.value = "knight"
    two_steps = [a for a in turn.state.legal_actions() if a.kind == "move_plague" and a.via is not None]
    via, to = action_regions(two_steps[0])
    turn.click_region(via)
    assert turn.map_targets()[1] == via
    turn.history.undo.click()  # back before taking the Knight: the half-made move is forgotten
    assert turn.map_targets()[1] is None and "knight" not in [m for _, m in turn.mode_buttons.options]
    before = snapshot(turn)
    turn.mode_buttons.value = "move"
    turn.click_region(to)
    played = turn.match.actions[before[1]] if turn.match.cursor > before[1] else None
    assert played is None or played.to_json() == {"kind": "move_plague", "to": to, "via": None}
    assert not [a for a in turn.match.actions[before[1]:] if getattr(a, "via", None) is not None]


# ---------------------------------------------------------------- the shared board view and the app
def test_board_view_reports_clicks_by_layer_and_key():
    from ratgames_lab.widgets.common.board_view import BoardView

    clicks = []
    view = BoardView((0, 10), (0, 10), on_click=lambda layer, key: clicks.append((layer, key)))
    view.polygons("hexes", clickable=True, colors=["#999"])
    view.points("corners", clickable=True)
    view.lines("roads", [((0, 0), (1, 1))], colors=["black"])
    view.set_polygons("hexes", ["A", "B"], [[(0, 0), (1, 0), (1, 1)], [(2, 2), (3, 2), (3, 3)]])
    view.set_points("corners", [(1, 2), (3, 4)], [1, 3], [2, 4])
    view.click("hexes", "B")
    view.click("corners", (3, 4))
    view.layers["corners"]._handle_custom_msgs(None, {"event": "element_click", "data": {"index": 7}})  # stale
    assert clicks == [("hexes", "B"), ("corners", (3, 4))]
    assert [m for m in view.figure.marks] == [view.layers[n] for n in ("hexes", "corners", "roads")]
    with pytest.raises(ValueError):
        view.points("corners")


def test_the_app_notebook_builds_the_rattus_dashboard():
    from ratgames_lab.widgets import app_notebook, app_notebook_json, dashboard_class

    path = app_notebook("rattus")
    assert path.name == "rattus.ipynb" and path.parent.name == "apps"
    assert json.loads(path.read_text()) == app_notebook_json("rattus")
    code = "".join(app_notebook_json("rattus")["cells"][1]["source"]).replace("dashboard.show()", "")
    scope: dict = {}
    exec(compile(code, "app", "exec"), scope)
    d = scope["dashboard"]
    assert isinstance(d, dashboard_class("rattus")) and d.players == 4 and d.seed == 7
    assert d.state.current_player == 0 and d.map_mode == "setup"
