"""The combined dashboard's Traders & Barbarians parts: the money panel, the shop and the bank loan played by their
buttons (refusals naming the engine's rule, state unchanged), a bridge built by a click on a dashed edge and drawn
apart from roads, the market plazas named on the board, and a whole game against bots where every shop and loan
action is played by the panel's buttons."""
from __future__ import annotations

import random

import numpy as np

import ratgames_lab as rl
from ratgames_lab.catan import BuildBridge, BuildRoad, BuyCommodity, BuyResource, TakeLoan
from ratgames_lab.core.position import position_document
from ratgames_lab.widgets.catan import CatanDashboard
from ratgames_lab.widgets.catan_traders import EXTRA_KINDS

SEATS = ["human", "random", "random"]
PANEL_KINDS = {"buy_commodity", "buy_resource", "take_loan", *EXTRA_KINDS}


def _dash(seats=SEATS, **kw) -> CatanDashboard:
    return CatanDashboard(players=len(seats), seed=kw.pop("seed", 6), seats=seats, bot_delay=0, animate=False,
                          variant="combined", **kw)


def _main_position(seed: int = 6, players: int = 3):
    """A combined game played at random until player 1's first action phase (after a roll)."""
    game = rl.load_game("catan", players=players, seed=seed, variant="combined")
    s = game.new_state()
    rng = random.Random(seed)
    while not (s.phase == "main" and s.active == 0 and s.turn >= 1 and not s.pending):
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
    return game, s


def _ready(s):
    s.after_load()
    s.validate_position()
    return s


def _loaded(game, s, **kw) -> CatanDashboard:
    d = _dash(**kw)
    d.load_position(position_document(game, s))
    assert d.state.to_json() == s.to_json()
    return d


def _button(d, action):
    return next(b for b in d.combined_panels.traders.buttons() if b.action == action)


def test_the_shop_and_the_loan_are_played_by_their_buttons_with_the_rules_limits():
    game, s = _main_position()
    s.money = [12, 3, 0]
    d = _loaded(game, _ready(s))
    panel = d.combined_panels.traders
    assert "$12" in panel.table.value and "$3" in panel.table.value and "not taken" in panel.table.value
    assert all(not b.disabled for b in panel.buttons())  # $12: every card, and the loan
    hand = list(d.state.hands[0])
    _button(d, BuyCommodity("cloth")).click()
    assert d.state.money[0] == 7 and d.state.hands[0][5] == hand[5] + 1
    coin = _button(d, BuyCommodity("coin"))
    assert coin.disabled and "one commodity per turn" in coin.tooltip and "money.shop" in coin.tooltip
    _button(d, BuyResource("ore")).click()
    _button(d, BuyResource("ore")).click()
    assert d.state.money[0] == 3 and d.state.hands[0][4] == hand[4] + 2
    wool = _button(d, BuyResource("wool"))
    assert wool.disabled and "two resources per turn" in wool.tooltip
    # the loan: $5 now, -2 VP, once per game
    vp = d.state.vp(0)
    _button(d, TakeLoan()).click()
    assert d.state.money[0] == 8 and d.state.loans[0] == 1 and d.state.vp(0) == vp - 2
    assert "taken: +$5, -2 VP" in panel.table.value and "Poor Settler" in d.players_view.value
    loan = _button(d, TakeLoan())
    assert loan.disabled and "once per game" in loan.tooltip and "money.loan" in loan.tooltip
    before = d.state.to_json()
    assert not d.click(TakeLoan(), d.version)  # a stale or forged click: refused, nothing changes
    assert d.state.to_json() == before


def test_shop_buttons_are_shut_before_the_roll_and_for_a_seat_not_to_move():
    game, s = _main_position()
    s.money = [12, 12, 12]
    s.phase = "roll"
    d = _loaded(game, _ready(s))
    for b in d.combined_panels.traders.buttons():
        assert b.disabled and "rule: turn.phase" in b.tooltip, (b.description, b.tooltip)
    before = d.state.to_json()
    assert not d.click(BuyCommodity("cloth"), d.version)
    assert d.state.to_json() == before
    # a student who is not to move sees the money but no open button
    watcher = _loaded(game, _ready(s), seats=["random", "human", "random"], auto=False)
    assert "$12" in watcher.combined_panels.traders.table.value
    assert all(b.disabled for b in watcher.combined_panels.traders.buttons())


def _dashed_with_site(s):
    comp, topo = s.comp, s.comp.topo
    for e in range(topo.n_edges):
        if comp.bridge_edge[e]:
            for v in topo.edge_nodes[e]:
                if comp.building_site[v] and s.node_owner[v] < 0 and all(s.node_owner[u] < 0
                                                                          for u in topo.node_nbrs[v]):
                    return e, v
    raise AssertionError("no free dashed edge")


def test_a_bridge_is_built_by_a_click_on_a_dashed_edge_and_drawn_apart_from_roads():
    game, s = _main_position()
    e, v = _dashed_with_site(s)
    s.node_owner[v], s.node_level[v] = 0, 1
    for c, n in enumerate(s.hands[0]):  # the hand back to the bank, then exactly a bridge's cost
        s.bank[c] += n
        s.hands[0][c] = 0
    for c, n in ((0, 2), (1, 1)):  # 2 brick + 1 lumber
        s.hands[0][c], s.bank[c] = n, s.bank[c] - n
    d = _loaded(game, _ready(s))
    assert not d.state.is_legal(BuildRoad(e)) and d.state.is_legal(BuildBridge(e))
    assert "build_bridge" in d.clicks.modes and e in [a.edge for a in d.clicks.modes["build_bridge"]]
    # a click on a land edge away from the settlement is refused, naming the rule; nothing changes
    far = next(x for x in range(s.comp.topo.n_edges) if s.comp.topo.edge_kind[x] == "land"
               and v not in s.comp.topo.edge_nodes[x] and s.edge_owner[x] < 0)
    before = d.state.to_json()
    assert not d.click_board("edge", far)
    assert "rule: build.road" in d.message[0] and d.state.to_json() == before
    money = d.state.money[0]
    d.board.click("edge", e)  # the browser's message path
    assert d.state.edge_piece[e] == 3 and d.state.edge_owner[e] == 0, d.message  # 3 = bridge
    assert d.state.money[0] == money + 3  # a bridge pays $3 of river money
    view = d.board.view
    assert view.keys["bridge_marks"] == [e] and "bridge" in view.layers["bridge_marks"].names[0]
    assert f"${money + 3}" in d.combined_panels.traders.table.value
    assert "1 bridge " in d.players_view.value.split('<div class="ct-player ')[1]  # Player 1's box counts it
    segment = sorted(d.board.node_xy[x] for x in s.comp.topo.edge_nodes[e])
    assert _segments(view.layers["bridges"]) == [segment] and view.layers["bridges"].visible
    assert segment not in _segments(view.layers["roads"])  # a bridge is not drawn as a road


def _segments(mark) -> list:
    """The segments of a lines layer, each as its two end points sorted."""
    xs, ys = np.atleast_2d(mark.x), np.atleast_2d(mark.y)
    return [sorted(zip(map(float, x), map(float, y))) for x, y in zip(xs, ys)]


def test_the_board_names_the_market_plazas_and_the_lake_and_rivers_in_the_legend():
    d = _dash()
    view = d.board.view
    markets = d.game.board.markets
    plazas = view.keys["plazas"]
    assert len(plazas) == len(markets) == 3
    tile_names = dict(zip(view.keys["tile_names"], view.layers["tile_names"].text))
    assert {t: tile_names[t] for t in markets} == markets  # a market tile carries its market's name
    assert all("market's plaza" in n for n in view.layers["plazas"].names)
    legend = d.board.legend.value
    assert "lake: fish on 2, 3, 11, 12" in legend and "bridge" in legend and "river" in legend


def test_a_whole_game_against_bots_with_the_shop_and_loan_played_by_the_panel():
    d = _dash(seed=4)
    rng = random.Random(5)
    panel_clicks = plays = 0
    while not d.state.is_terminal():
        s = d.state
        assert s.current_player == 0
        legal = s.legal_actions()
        panel = {b.action: b for b in d.combined_panels.traders.buttons() if not b.disabled}
        assert all(a in legal for a in panel)  # an open button is a legal action
        on_panel = [a for a in legal if a in panel]
        assert on_panel == [a for a in legal if a.kind in PANEL_KINDS]  # and every such legal action has one
        action = rng.choice(on_panel) if on_panel and rng.random() < 0.5 else rng.choice(legal)
        if action in panel:
            before = len(d.match.actions)
            panel[action].click()
            assert len(d.match.actions) == before + 1, d.message
            panel_clicks += 1
        else:
            assert d.click(action, d.version), d.message
        obs = d.observation()
        assert f'${obs["money"][0]}' in d.combined_panels.traders.table.value
        plays += 1
    assert panel_clicks >= 3 and plays > 50
    assert "Game over" in d.game_over_html()
