"""The Catan dashboard: the hex board, clicks resolved to actions, hidden hands, the trade panel, the heat map."""
from __future__ import annotations

import random

import bqplot as bq

import ratgames_lab as rl
from ratgames_lab import seat_view
from ratgames_lab.catan import (BuildCity, BuildRoad, BuildSettlement, ConfirmTrade, HeuristicBot, MoveRobber,
                                production_heat)
from ratgames_lab.catan.scenarios import build_position
from ratgames_lab.core.position import position_document
from ratgames_lab.widgets.catan import CatanDashboard
from ratgames_lab.widgets.catan_board import CatanBoard, board_figure, free_intersections


def _after_setup(seed: int = 3):
    game = rl.load_game("catan", players=4, seed=seed)
    state = game.new_state()
    rng = random.Random(seed)
    while state.phase in ("setup_settlement", "setup_road"):
        state.apply(rng.choice(state.legal_actions()))
    return game, state


def test_board_figure_draws_every_piece_and_the_heat_map():
    game, state = _after_setup()
    fig = board_figure(state, heat=True, title="Where to settle")
    assert isinstance(fig, bq.Figure) and fig.title == "Where to settle"
    board = CatanBoard(state.comp.topo, clickable=False)
    obs = state.observation(-1)
    heat = production_heat(state)
    board.draw(obs, heat=heat)
    v = board.view
    assert len(v.keys["tiles"]) == 19 and len(v.keys["harbours"]) == 9
    settlements = [n for n, o in enumerate(obs["intersections"]["owner"]) if o is not None]
    assert v.keys["settlements"] == settlements and len(settlements) == 8
    assert len(v.layers["roads"].x) == 8
    numbers = list(v.layers["numbers"].text)
    assert sorted(int(t) for t in numbers) == sorted(t["number"] for t in obs["tiles"] if t["number"])
    # the heat map: exactly the free intersections, with the odds module's values
    free = free_intersections(state.comp.topo, obs)
    assert v.keys["heat"] == [n for n in free if heat[n] > 0]
    assert list(v.layers["heat"].color) == [float(heat[n]) for n in v.keys["heat"]]
    assert [int(t) for t in v.layers["heat_text"].text] == [heat[n] * 36 for n in v.keys["heat"]]
    assert not set(free) & {m for n in settlements for m in state.comp.topo.node_nbrs[n]}
    # the static figure has no click targets; its marks are those of a board drawn the same way
    assert len(fig.marks) == len(v.figure.marks)
    board_off = CatanBoard(state.comp.topo, clickable=False)
    board_off.draw(obs)
    assert board_off.view.keys["heat"] == []


# ---------------------------------------------------------------------------------------------------- the dashboard
BOTS = ["human", "heuristic", "heuristic", "heuristic"]


def _dash(seats=BOTS, **kw) -> CatanDashboard:
    return CatanDashboard(players=4, seed=kw.pop("seed", 7), seats=seats, bot_delay=0, animate=False, **kw)


def _board_click(d: CatanDashboard, action) -> bool:
    """Play a board action by a (simulated browser) click on its intersection, edge or tile."""
    if isinstance(action, (BuildSettlement, BuildCity)):
        d.board.click("node", action.node)
    elif isinstance(action, BuildRoad):
        d.board.click("edge", action.edge)
    elif isinstance(action, MoveRobber):
        d.board.click("tile", action.tile)
    else:
        return False
    return True


def test_a_whole_game_against_bots_through_the_dashboard():
    d = _dash(seed=11)
    bot, rng = HeuristicBot(), random.Random(5)
    clicked = moves = glowing = 0
    while not d.state.is_terminal() and moves < 3000:
        assert d.is_human(d.state.current_player)
        nodes, edges = d.recent()  # what the others built since your last turn glows
        owner, roads = d.observation()["intersections"]["owner"], d.observation()["roads"]
        assert all(owner[n] not in (None, 0) for n in nodes) and all(roads[e] not in (None, 0) for e in edges)
        glowing += bool(nodes or edges) and d.state.turn > 0
        action = bot.choose(seat_view(d.state, rng), rng)
        before = d.match.cursor
        if _board_click(d, action):
            clicked += 1
        else:
            assert d.click(action, d.version), d.message
        assert d.match.cursor > before, d.message  # every click played its action (the bots then moved)
        moves += 1
    assert d.state.is_terminal()
    roll = [e for e in d.state.events if e.kind == "roll"][-1]
    assert f"last roll {roll.params['red']} + {roll.params['yellow']} = <b>{roll.params['total']}</b>" in d.header.value
    lit = [t for t, c in zip(d.board.view.keys["tokens"], d.board.view.layers["tokens"].colors) if c == "#ffc233"]
    assert lit == [t for t, tile in enumerate(d.observation()["tiles"]) if tile["number"] == roll.params["total"]]
    assert clicked >= 4  # at least the setup settlements and roads were placed by clicks on the board
    assert glowing > 10
    assert "Game over" in d.banner.value and "VP" in d.decision.title.value
    assert "won" in d.log.widget.value or "wins" in d.log.widget.value or "draw" in d.log.widget.value


def test_a_click_plays_the_one_action_it_means_and_a_refused_click_says_why():
    d = _dash()
    assert d.state.phase == "setup_settlement" and d.clicks.mode == "settlement"
    taken = [n for n, o in enumerate(d.observation()["intersections"]["owner"]) if o is not None]
    assert taken == []  # Player 1 places first
    node = BuildSettlement(20).node
    d.board.click("node", node)
    assert d.observation()["intersections"]["owner"][node] == 0 and d.state.phase == "setup_road"
    assert d.clicks.mode == "road"
    assert set(d.board.view.layers["edge_targets"].x.shape) and d.board.view.layers["edge_targets"].visible
    cursor = d.match.cursor
    far = next(e for e in range(d.game.board.topo.n_edges) if node not in d.game.board.topo.edge_nodes[e])
    assert not d.click_board("edge", far)
    assert d.match.cursor == cursor and "rule: setup.road" in d.message[0] and d.message[1] == "error"
    neighbour = d.game.board.topo.node_nbrs[node][0]
    assert not d.click_board("node", neighbour)
    assert d.match.cursor == cursor and "rule:" in d.message[0]


def test_distance_rule_refusal_names_the_rule():
    d = _dash()
    d.board.click("node", 20)
    road = d.state.legal_actions()[0]
    d.board.click("edge", road.edge)
    # the bots placed theirs (snake order 1 2 3 4 4 3 2 1): Player 1 places the second settlement
    assert d.state.phase == "setup_settlement" and d.state.current_player == 0
    owner = d.observation()["intersections"]["owner"]
    bots = sorted(n for n, o in enumerate(owner) if o not in (None, 0))
    assert len(bots) == 6 and sorted(d.recent()[0]) == bots and len(d.recent()[1]) == 6  # they glow on the board
    assert sorted(d.board.view.keys["recent_nodes"]) == bots and "built by the others since your last turn" in d.board.legend.value
    cursor = d.match.cursor
    neighbour = d.game.board.topo.node_nbrs[20][0]
    assert not d.click_board("node", neighbour)
    assert d.match.cursor == cursor
    assert "next to a settlement or city" in d.message[0] and "(rule: build.distance)" in d.message[0]


def test_teacher_view_shows_every_hand_and_the_student_view_hides_them():
    d = _dash()
    for _ in range(2):
        d.board.click("node", d.state.legal_actions()[0].node)
        d.board.click("edge", d.state.legal_actions()[0].edge)
    assert d.state.phase in ("roll", "main")
    html = d.players_view.value
    assert html.count("(hidden)") >= 3  # the three bots' hands are counted, not shown
    d.teacher_toggle.value = True
    assert d.players_view.value.count("(hidden)") == 0
    bot_hand = d.state.observation(1)["hands"][1]
    shown = [r for r, n in bot_hand.items() if n]
    assert all(f"{bot_hand[r]} {r}</span>" in d.players_view.value for r in shown)
    student = _dash(teacher=False)
    assert student.teacher is False and student.teacher_toggle not in student.widget.children


def _trade_position(d: CatanDashboard, **extra):
    game = d.game
    setup = game.new_state()
    rng = random.Random(2)
    while setup.phase in ("setup_settlement", "setup_road"):
        setup.apply(rng.choice(setup.legal_actions()))
    obs = setup.observation(-1)
    settlements = {n: o for n, o in enumerate(obs["intersections"]["owner"]) if o is not None}
    roads = {e: o for e, o in enumerate(obs["roads"]) if o is not None}
    state = build_position(game, settlements=settlements, roads=roads, robber=obs["robber"],
                           hands={0: {"ore": 3, "wool": 1}, 1: {"brick": 2}, 3: {"wool": 1}}, **extra)
    d.load_position(position_document(game, state))
    assert d.state.phase == "main" and d.state.current_player == 0


def test_trade_panel_offer_accepted_by_a_bot_then_closed():
    d = _dash()
    _trade_position(d)
    d.trade_panel.set_amounts([0, 0, 0, 0, 1], [1, 0, 0, 0, 0])  # give 1 ore, get 1 brick
    d.trade_panel.offer_button.click()
    assert d.state.phase == "trade_choose" and d.state.current_player == 0  # the bots answered in turn
    answers = d.trade_panel.answers.value
    assert "accepts" in answers and "rejects" in answers  # Player 2 holds brick and wants ore; the others cannot
    assert ConfirmTrade(1) in d.state.legal_actions()
    d.click(ConfirmTrade(1), d.version)
    hand = d.observation(0)["hands"][0]
    assert hand["brick"] == 1 and hand["ore"] == 2 and d.state.phase == "main"


def test_trade_panel_offer_rejected_by_every_bot():
    d = _dash()
    _trade_position(d)
    d.trade_panel.set_amounts([0, 0, 0, 0, 1], [0, 0, 3, 0, 0])  # 1 ore for 3 wool: nobody gains
    d.trade_panel.offer_button.click()
    assert d.state.phase == "main"
    assert any(e.kind == "no_trade" for e in d.state.events)
    assert d.observation(0)["hands"][0]["ore"] == 3


def test_trade_panel_counter_offer_and_accepting_it():
    d = _dash(seats=["human", "human", "heuristic", "heuristic"])
    _trade_position(d)
    d.trade_panel.set_amounts([0, 0, 0, 0, 1], [1, 0, 0, 0, 0])
    d.trade_panel.offer_button.click()
    assert d.state.current_player == 1 and d.state.phase == "trade_reply"
    assert "offers you 1 ore in exchange for 1 brick" in d.banner.value
    assert d.trade_panel.counter_button.layout.display == ""
    d.trade_panel.set_amounts([1, 0, 0, 0, 0], [0, 0, 0, 0, 2])  # Player 2: I give 1 brick if I get 2 ore
    d.trade_panel.counter_button.click()
    assert d.state.current_player == 0 and d.state.phase == "trade_choose"
    assert "counters" in d.trade_panel.answers.value and "would give 2 ore for 1 brick" in d.trade_panel.answers.value
    d.click(ConfirmTrade(1), d.version)
    assert d.observation(0)["hands"][0]["ore"] == 1 and d.observation(0)["hands"][0]["brick"] == 1


def test_an_impossible_bank_trade_is_explained():
    d = _dash()
    _trade_position(d)
    d.trade_panel.set_amounts([0, 0, 1, 0, 0], [1, 0, 0, 0, 0])  # 1 wool: no rate is that low
    cursor = d.match.cursor
    d.trade_panel.bank_button.click()
    assert d.match.cursor == cursor and d.message[1] == "error" and "rule: trade." in d.message[0]
    d.trade_panel.set_amounts([0, 0, 0, 0, 1], [2, 0, 0, 0, 0])
    d.trade_panel.bank_button.click()
    assert "exactly 1 card" in d.message[0]


def test_heat_map_values_are_the_odds_module_values():
    d = _dash()
    d.heat_toggle.value = True
    heat = production_heat(d.state)
    keys = d.board.view.keys["heat"]
    assert len(keys) == 54 - len([v for v in range(54) if not d.game.board.topo.node_buildable[v]]) - \
        len([v for v in range(54) if heat[v] == 0])
    assert list(d.board.view.layers["heat"].color) == [float(heat[n]) for n in keys]
    assert "Heat map" in d.board.legend.value
    d.heat_toggle.value = False
    assert d.board.view.keys["heat"] == []


def test_my_odds_tab_shows_the_players_production():
    d = _dash()
    d.board.click("node", 20)
    d.tabs.selected_index = 1
    text = d.production_view.value
    assert "production per roll" in text and "1/6" in text
    assert list(d.odds_panel.categories) == ["brick", "lumber", "wool", "grain", "ore"]


def test_hidden_victory_points_are_shown_to_their_owner_only():
    d = _dash()
    _trade_position(d, dev_hand={0: {"victory_point": 1}, 1: {"victory_point": 1, "knight": 1}})
    rows = d.players_view.value.split('class="ct-player')[2:]  # after the players' box: one per player
    assert "3 VP" in rows[0] and "<b>1</b> hidden VP card" in rows[0] and "1 Victory Point" in rows[0]
    assert "2 VP" in rows[1] and "hidden VP" not in rows[1] and "Development cards: 2 (hidden)" in rows[1]
    d.teacher_toggle.value = True
    rows = d.players_view.value.split('class="ct-player')[2:]  # after the players' box: one per player
    assert "3 VP (2 shown)" in rows[1] and "1 Knight" in rows[1]


def test_the_end_screen_reveals_the_score():
    d = _dash(seats=["heuristic"] * 4, seed=11)
    d.advance_bots()
    assert d.state.is_terminal()
    scores = d.state.scores()
    winner = d.state.returns().index(1.0)
    assert "Game over" in d.decision.title.value and "winner" in d.decision.title.value
    assert f"<b>{scores[winner]}</b> VP" in d.decision.title.value and "wins" in d.banner.value


def test_the_bank_rates_shown_are_the_engines():
    seen = set()
    for seed in range(6):
        d = _dash(seats=["heuristic"] * 4, seed=seed)
        d.advance_bots(max_steps=600)
        for p in range(4):
            assert d.rates(p) == list(d.state.rates[p]), (seed, p)
            seen |= set(d.rates(p))
    assert seen == {2, 3, 4}  # 2:1 and 3:1 harbours were in use


def test_the_app_notebook_builds_the_catan_dashboard():
    import json

    from ratgames_lab.widgets import app_notebook, app_notebook_json, dashboard_class

    path = app_notebook("catan")
    assert path.parent.name == "apps" and json.loads(path.read_text()) == app_notebook_json("catan")
    code = "".join(app_notebook_json("catan")["cells"][1]["source"]).replace("dashboard.show()", "")
    scope: dict = {}
    exec(compile(code, "app", "exec"), scope)
    dash = scope["dashboard"]
    assert isinstance(dash, dashboard_class("catan")) and dash.players == 4 and dash.seats[0] == "human"
    assert dash.state.current_player == 0 and dash.clicks.mode == "settlement"


def test_save_and_load_keep_the_board_and_the_history():
    import json

    d = _dash()
    d.board.click("node", 20)
    d.board.click("edge", d.state.legal_actions()[0].edge)
    saved = json.loads(json.dumps(d.position()))
    other = _dash(seed=3)
    other.load_position(saved)
    assert other.state.to_json() == d.state.to_json() and other.match.cursor == d.match.cursor
    assert other.board.view.keys["settlements"] == d.board.view.keys["settlements"]
    assert other.observation()["intersections"]["owner"][20] == 0


def test_a_click_while_a_bot_is_to_move_is_refused():
    d = CatanDashboard(players=4, seed=7, seats=BOTS, bot_delay=0, animate=False, auto=False)
    d.board.click("node", 20)
    cursor = d.match.cursor
    d.board.click("edge", d.state.legal_actions()[0].edge)
    assert d.match.cursor == cursor + 1 and d.state.current_player == 1  # the bots wait for Step
    assert not d.click_board("node", 40) and "It is not your turn (Player 2 (clever bot) is to move)" in d.message[0]
    assert d.match.cursor == cursor + 1
