"""The Catan dashboard playing the combined variant (Seafarers + Cities & Knights + Traders & Barbarians): a whole
game against bots through the dashboard, the menu, the board's pieces, the panels, hidden hands and progress cards,
the rules in brief, and clicks on the board (a ship on an edge, a wall under a city, the pirate on the sea) with
refusals naming the rule."""
from __future__ import annotations

import dataclasses
import random
import re

import ratgames_lab as rl
from ratgames_lab.catan import (BuildRoad, BuildSettlement, BuildShip, BuildWall, MovePirate, MoveRobber, Roll,
                                progress_cards)
from ratgames_lab.core.position import position_document
from ratgames_lab.core.protocol import Action
from ratgames_lab.widgets import catan_combined as cc
from ratgames_lab.widgets.catan import CatanDashboard
from ratgames_lab.widgets.catan_board import CatanBoard
from ratgames_lab.widgets.catan_combined_board import CombinedBoard
from ratgames_lab.widgets.catan_combined_view import vp_parts

SEATS = ["human", "random", "random", "random"]


def _dash(seats=SEATS, **kw) -> CatanDashboard:
    return CatanDashboard(players=len(seats), seed=kw.pop("seed", 7), seats=seats, bot_delay=0, animate=False,
                          variant="combined", **kw)


def _random_position(seed: int, until, players: int = 4):
    """A combined game played at random from the start until ``until(state)`` holds."""
    game = rl.load_game("catan", players=players, seed=seed, variant="combined")
    s = game.new_state()
    rng = random.Random(seed)
    while not until(s):
        if s.current_player < 0:
            s.apply(s.sample_chance(rng))
        else:
            s.apply(rng.choice(s.legal_actions()))
    return game, s


def _hidden_hand_text(html: str, name: str) -> str:
    """The player box of ``name`` in the players HTML."""
    start = html.index(name)
    return html[start:html.find('<div class="ct-player', start)]


def test_a_whole_game_against_bots_through_the_dashboard():
    d = _dash(seed=11)
    assert isinstance(d.board, CombinedBoard) and d.combined
    rng = random.Random(3)
    clicks = plays = shown_hands = 0
    while not d.state.is_terminal():
        s = d.state
        assert s.current_player == 0  # the bots and the dice play at once
        obs = d.observation()
        html = d.players_view.value
        for q, name in ((1, "Player 2 (blue)"), (2, "Player 3 (orange)")):  # hidden unless a card shows them
            hidden = "hidden" in obs["hands"][q]
            assert ("(resources and commodities, hidden)" in _hidden_hand_text(html, name)) == hidden
            shown_hands += not hidden
        assert "hidden" not in _hidden_hand_text(html, "Player 1 (red)").split("Progress cards")[0]
        assert f'${obs["money"][0]}' in html
        action = rng.choice(s.legal_actions())
        mode = d._mode_of(action)
        if mode is not None and len(d._keys_of(action)) == 1 and rng.random() < 0.7:
            kind = cc.mode_kind(mode)
            d.clicks.chosen = mode  # the mode toggle above the board
            d.render_board()
            before = len(d.match.actions)
            d.board.click(kind, d._keys_of(action)[0])  # the same message path as a browser click
            assert len(d.match.actions) > before or d.decision.buttons, d.message
            if len(d.match.actions) == before:  # several actions on that place: the outlined buttons
                assert d.click(action, d.version), d.message
            clicks += 1
        else:
            assert d.click(action, d.version), d.message
        plays += 1
    s = d.state
    assert clicks > 30 and plays > 100
    over = d.decision.title.value
    assert "Game over" in over
    for p in range(4):
        parts = vp_parts(d.observation(-1), p, d.game.options["merchant_vp"])
        assert sum(n for _, n in parts) == s.vp(p)  # the panel's VP parts add up to the engine's score
        assert re.search(rf"<b>{s.vp(p)}</b> VP", over.split("<tr>")[p + 2])  # row p after the header
    assert any(e.kind in ("win", "turn_cap") for e in s.events)


def test_the_menu_starts_the_combined_variant_and_the_base_game():
    d = CatanDashboard(players=4, seed=7, seats=SEATS, bot_delay=0, animate=False)
    assert not d.combined and type(d.board) is CatanBoard
    assert d.combined_panels.widget.layout.display == "none"
    d.menu.variant.value, d.menu.players.value, d.menu.seed.value, d.menu.opponents.value = \
        "combined", 3, 5, "random"
    d.menu.start.click()
    assert d.combined and d.players == 3 and d.seed == 5 and d.seats == ["human", "random", "random"]
    assert isinstance(d.board, CombinedBoard) and d.board.view.keys["sea_tiles"]
    assert d.combined_panels.widget.layout.display == "" and d.trade_panel.widget.layout.display == "none"
    assert "combined variant" in d.header.value and "15 VP" in d.header.value
    assert "Barbarians" in d.combined_panels.barbarians.value
    assert d.heat_toggle.layout.display == "none"
    # the rules in brief cover the three expansions, with the shop's, the loan's and the fish table's numbers
    from ratgames_lab.catan import LOAN, SHOP, default_fish
    brief = d.rules.value
    assert "Traders &amp; Barbarians" in brief and "Wagons" in brief and "bridge" in brief
    assert f"commodity for ${SHOP['commodity_price']}" in brief and f"costs {-LOAN['vp']} VP" in brief
    assert all(f"{cost} " in brief for cost, _, _ in default_fish().table) and "{" not in brief
    d.menu.variant.value = "base"
    d.menu.start.click()
    assert not d.combined and type(d.board) is CatanBoard and "10 VP" in d.header.value
    # a saved combined match loaded into the base game's page: the menu follows, New game keeps the variant
    other = _dash(seed=3)
    d.load_position(other.position())
    assert d.combined and d.menu.variant.value == "combined" and d.variant == "combined"
    d.new_game()
    assert d.combined and isinstance(d.board, CombinedBoard)


def test_the_board_draws_ships_knights_walls_metropolises_pirate_and_merchant():
    game, s = _random_position(4, lambda s: s.phase == "main" and s.turn > 3)
    topo = s.comp.topo
    city = next(v for v in range(topo.n_nodes) if s.node_level[v] == 2)
    s.node_wall[city] = 1
    s.metropolis[1] = city  # politics, held at level 4
    s.levels[s.node_owner[city]][1] = 4
    free = next(v for v in range(topo.n_nodes) if s.node_level[v] == 0 and s.comp.knight_site[v]
                and all(s.node_level[u] == 0 for u in topo.node_nbrs[v]))
    s.knight_level[free], s.knight_owner[free], s.knight_active[free] = 2, 1, 1
    land = next(t for t in s.comp.land_tiles if t != s.robber)
    s.merchant, s.merchant_owner = land, 2
    s.after_load()
    s.validate_position()
    board = CombinedBoard(topo, game.board.river, clickable=False)
    obs = s.observation(-1)
    board.draw(obs)
    v = board.view
    ships = [e for e in range(topo.n_edges) if s.edge_piece[e] == 2]
    assert ships and v.keys["ship_hulls"] == ships
    assert v.keys["walls"] == [city] and v.keys["metropolises"] == [city]
    mine = v.keys["knights"].index(free)
    assert v.keys["knights"] == [x for x in range(topo.n_nodes) if s.knight_level[x]]
    assert list(v.layers["knight_text"].text)[mine] == "2"
    assert list(v.layers["knights"].colors)[mine] == "#1e5bd8"  # active: filled in the owner's colour
    s.knight_active[free] = 0
    board.draw(s.observation(-1))
    assert list(v.layers["knights"].colors)[mine] == "#ffffff"  # inactive: hollow
    assert v.keys["pirate"] == [s.pirate] and v.keys["merchant"] == [land]
    sea = [t for t, x in enumerate(obs["tiles"]) if x["terrain"] == "sea"]
    assert v.keys["sea_tiles"] == sea
    assert len(v.keys["fishing"]) == len(obs["fishing_grounds"])
    assert sum(topo.edge_dashed) == len(v.layers["rivers"].x)
    twelve = next(t for t, x in enumerate(obs["tiles"]) if x["second_number"])
    assert "12/2" in list(v.layers["numbers"].text)[v.keys["numbers"].index(twelve)]
    assert "filled = active" in board.legend.value and "pirate" in board.legend.value


def test_panels_show_barbarians_improvements_progress_cards_and_vp():
    game, s = _random_position(6, lambda s: s.phase == "main" and s.active == 0 and s.turn > 4)
    s.metropolis = [-1, -1, -1]
    s.levels = [[0, 0, 3], [4, 0, 0], [0, 0, 0], [0, 0, 0]]  # science 3 for Player 1, trade 4 for Player 2
    trade_city = next((v for v in s.buildings_of[1] if s.node_level[v] == 2), None)
    if trade_city is not None:
        s.metropolis[0] = trade_city
    crane = progress_cards().card("crane")
    i = [c.id for c in progress_cards().cards].index("crane")
    s.progress_decks[2][i] -= 1
    s.progress_hand[0][i] = 1
    j = [c.id for c in progress_cards().cards].index("bishop")
    s.progress_decks[1][j] -= 1
    s.progress_hand[1][j] = 1
    s.barbarian = 5
    s.after_load()
    s.validate_position()
    d = _dash()
    d.load_position(position_document(game, s))
    html = d.players_view.value
    me = _hidden_hand_text(html, "Player 1 (red)")
    assert "Crane" in me and crane.effect[:40] in me.replace("&#x27;", "'")  # own card with its effect
    other = _hidden_hand_text(html, "Player 2 (blue)")
    assert "1 progress card" in other and "1 politics, hidden" in other and "Bishop" not in other
    bar = d.combined_panels.barbarians.value
    cities = sum(1 for lv in s.node_level if lv == 2)
    assert "Ship on step <b>5</b> of 7" in bar and f"strength <b>{cities}</b>" in bar
    imp = d.combined_panels.improvements.value
    assert imp.count("ct-lv ct-lv-on") == 3 + 4
    for p in range(4):
        assert f'{s.vp(p)} VP</span>' in _hidden_hand_text(html, f"Player {p + 1} (")
    # the teacher view shows every hand; a student's dashboard never does
    d.teacher_toggle.value = True
    assert "Bishop" in _hidden_hand_text(d.players_view.value, "Player 2 (blue)")
    student = _dash(teacher=False)
    student.load_position(position_document(game, s))
    assert "Bishop" not in student.players_view.value and "Crane" in student.players_view.value


def test_a_ship_and_a_wall_by_clicks_and_refusals_naming_the_rule():
    def ready(s):
        return s.phase == "main" and s.active == 0 and any(s.node_level[v] == 2 for v in s.buildings_of[0])
    game, s = _random_position(8, ready)
    s.hands[0] = [5, 5, 5, 5, 5, 0, 0, 0]  # brick, lumber, wool, grain, ore; commodities none
    for c in range(5):
        s.bank[c] = 19 - 5 - sum(s.hands[p][c] for p in range(1, 4))
    s.after_load()
    s.validate_position()
    d = _dash()
    d.load_position(position_document(game, s))
    assert d.state.current_player == 0
    ships = [a for a in d.state.legal_actions() if isinstance(a, BuildShip)]
    walls = [a for a in d.state.legal_actions() if isinstance(a, BuildWall)]
    assert ships and walls
    d.clicks.chosen = "ship"
    d.render_board()
    assert sorted(a.edge for a in ships) == d.clicks.targets()[0]
    before = d.state.to_json()
    # a refused click: a road on a sea edge is no place for it; the engine's rule is named, nothing changes
    sea_edge = next(e for e in range(d.board.topo.n_edges) if d.board.topo.edge_kind[e] == "sea"
                    and not any(a.edge == e for a in ships))
    assert not d.click_board("edge", sea_edge)
    assert "rule:" in d.message[0] and d.message[1] == "error"
    assert d.state.to_json() == before
    d.board.click("edge", ships[0].edge)
    assert d.match.actions[-1] == ships[0], d.message
    assert d.state.edge_piece[ships[0].edge] == 2 and ships[0].edge in d.board.view.keys["ship_hulls"]
    wall = next(a for a in d.state.legal_actions() if isinstance(a, BuildWall))
    d.board.click("node", wall.node)
    assert d.match.actions[-1] == wall, d.message
    assert wall.node in d.board.view.keys["walls"]
    # a city under a wall is no place for a settlement: refused with the engine's reason
    before = d.state.to_json()
    assert not d.click_board("node", wall.node)
    assert "rule:" in d.message[0] and d.state.to_json() == before


def _until_human_in(d, phases):
    """Answer the human's other decisions (discards, a victim) with their first button until a phase is reached."""
    for _ in range(50):
        if d.state.phase in phases and d.state.current_player == 0:
            return
        assert d.click(d.state.legal_actions()[0], d.version), d.message
    raise AssertionError(f"phase {d.state.phase} never became one of {phases}")


def test_a_seven_moves_the_robber_then_the_pirate_by_clicks():
    game, s = _random_position(9, lambda s: s.phase == "roll" and s.active == 0 and s.turn > 2)
    s.attacks = 1  # the truce is over: a 7 moves the robber and the pirate
    s.fixed_dice = [3, 4]
    s.after_load()
    d = _dash()
    d.load_position(position_document(game, s))
    assert d.click(Roll(), d.version), d.message
    _until_human_in(d, ("robber",))
    assert d.clicks.mode == "robber"
    tile = next(a.tile for a in d.state.legal_actions() if isinstance(a, MoveRobber))
    d.board.click("tile", tile)
    assert d.match.actions[-1] == MoveRobber(tile), d.message
    _until_human_in(d, ("pirate",))
    spots = sorted(a.spot for a in d.state.legal_actions() if isinstance(a, MovePirate))
    assert d.clicks.mode == "pirate" and d.clicks.targets()[0] == spots
    assert d.board.view.keys["tile_targets"] == spots
    before = d.state.to_json()
    land = next(t for t in range(d.board.topo.n_tiles) if t not in spots)
    assert not d.click_board("tile", land)  # no pirate on land: refused, naming the rule
    assert "rule:" in d.message[0] and d.state.to_json() == before
    sea = next(x for x in spots if x < d.board.topo.n_tiles)
    d.board.click("tile", sea)  # a click on the sea tile's polygon
    assert d.match.actions[-1] == MovePirate(sea), d.message
    assert d.board.view.keys["pirate"] == [sea]


def test_knight_actions_are_clicked_by_their_kind():
    @dataclasses.dataclass(frozen=True)
    class MoveKnight(Action):
        source: int
        target: int
        kind = "move_knight"

    @dataclasses.dataclass(frozen=True)
    class BuildKnight(Action):
        node: int
        kind = "build_knight"

    d = _dash()
    acts = [MoveKnight(3, 9), MoveKnight(3, 10), BuildKnight(4)]
    assert [cc.mode_of(a) for a in acts] == ["move_knight", "move_knight", "build_knight"]
    assert [cc.keys_of(a) for a in acts] == [(3, 9), (3, 10), (4,)]
    assert cc.mode_of(BuildRoad(2)) == "road" and cc.mode_of(BuildSettlement(2)) == "settlement"
    cc.learn_modes(d.clicks, acts)
    d.clicks.update(acts)
    assert set(d.clicks.modes) == {"move_knight", "build_knight"}
    d.clicks.chosen = d.clicks.mode = "move_knight"
    assert d._fits("move_knight", 3) and not d._fits("move_knight", 9)
    first = d.clicks.resolve(3)
    assert first.kind == "pick" and d._fits("move_knight", 9)
    assert d.clicks.resolve(9).actions == [MoveKnight(3, 9)]


def test_an_illegal_click_never_changes_the_state():
    d = _dash(seed=2)
    before = d.state.to_json()
    n = d.board.topo.n_nodes
    refused = 0
    legal_nodes = {getattr(a, "node", None) for a in d.state.legal_actions()}  # the wagons' plazas come first
    for v in range(n):
        if d.state.is_legal(BuildSettlement(v)) or v in legal_nodes:
            continue
        assert not d.click_board("node", v)
        refused += 1
    assert refused > 20 and d.state.to_json() == before
    assert d.message[1] == "error" and "rule:" in d.message[0]


def test_my_odds_tab_shows_the_variants_exact_odds():
    game, s = _random_position(6, lambda s: s.phase == "main" and s.active == 0 and s.turn > 4)
    s.levels[0] = [0, 2, 0]  # politics 2: a card when the politics gate shows and the red die is 1, 2 or 3
    s.barbarian = 4
    s.after_load()
    d = _dash()
    d.load_position(position_document(game, s))
    d.tabs.selected_index = 1  # "My odds"
    text = d.production_view.value
    assert "3 ship faces to go" in text and "expected <b>6</b> rolls" in text  # 3 steps at 1/2 a roll
    assert "(any colour): <b>1/12</b>" in text  # 1/6 (the politics gate) x 3/6 (red 1-3)
    assert "within a round of 4 rolls: <b>" + "6095/20736" + "</b>" in text  # 1 - (11/12)^4
    assert "ship 1/2" in text and "politics gate 1/6" in text


def _main_with(kinds, seed: int = 0):
    """A random game played until Player 1 decides in the action phase with every action kind of ``kinds`` (the
    first of 10 seeds from ``seed`` whose game gets there)."""
    def ready(s):
        return s.current_player == 0 and s.phase == "main" and kinds <= {a.kind for a in s.legal_actions()}
    for k in range(seed, seed + 10):
        game, s = _random_position(k, lambda s: s.is_terminal() or ready(s))
        if not s.is_terminal():
            break
    return game, s


def test_a_knight_hired_then_activated_and_a_ship_moved_by_clicks():
    game, s = _main_with({"move_ship", "hire_knight"})
    assert not s.is_terminal()
    s.hands[0][3] += 1  # a grain to activate the knight
    s.bank[3] -= 1
    s.after_load()
    d = _dash()
    d.load_position(position_document(game, s))
    hire = next(a for a in d.state.legal_actions() if a.kind == "hire_knight")
    assert "hire_knight" in d.clicks.modes and d.clicks.labels["hire_knight"] == "Hire a knight"
    d.clicks.buttons.value = "hire_knight"  # the toggle above the board
    assert hire.node in d.board.view.keys["node_targets"]
    d.board.click("node", hire.node)
    assert d.match.actions[-1] == hire, d.message
    assert d.state.knight_level[hire.node] == 1 and hire.node in d.board.view.keys["knights"]
    activate = [a for a in d.state.legal_actions() if a.kind == "activate_knight" and a.node == hire.node]
    d.clicks.buttons.value = "activate_knight"  # activate it by a click on the knight (a ring round it)
    assert hire.node in d.board.view.keys["node_rings"]
    d.board.click("node", hire.node)
    assert d.match.actions[-1] == activate[0] and d.state.knight_active[hire.node] == 1
    # a ship moved by two clicks: the ship, then the edge it goes to
    moves = [a for a in d.state.legal_actions() if a.kind == "move_ship"]
    assert moves
    d.clicks.buttons.value = "move_ship"
    move = moves[0]
    assert move.source in d.clicks.targets()[0]
    assert not d.click_board("edge", move.source)  # the first click picks the ship
    assert "Now click where it goes" in d.message[0]
    ends = d.clicks.targets()[0]
    assert move.target in ends and move.source not in ends
    d.board.click("edge", move.target)
    assert d.match.actions[-1] == move, d.message
    assert d.state.edge_piece[move.target] == 2 and d.state.edge_piece[move.source] == 0


def test_the_trade_panel_offers_cards_commodities_and_money_to_the_others():
    from ratgames_lab.catan import CombinedOfferTrade

    game, s = _random_position(5, lambda s: s.current_player == 0 and s.phase == "main" and s.turn > 3)
    s.hands[0][6] += 1  # a coin (commodity)
    s.bank[6] -= 1
    s.after_load()
    d = _dash()
    d.load_position(position_document(game, s))
    panel = d.combined_panels.trade_panel
    assert panel.cards[-1] == "money" and len(panel.cards) == 9
    assert panel.body.layout.display == "" and not panel.offer_button.disabled
    panel.give["coin"].value, panel.get["wool"].value, panel.give["money"].value = 1, 1, 1
    panel.offer_button.click()
    offer = next(a for a in d.match.actions if isinstance(a, CombinedOfferTrade))
    assert offer.give == (0, 0, 0, 0, 0, 0, 1, 0, 1) and offer.get == (0, 0, 1, 0, 0, 0, 0, 0, 0)
    # a bank trade of money is no bank trade: refused with the reason, nothing played
    before = len(d.match.actions)
    panel.clear()
    panel.give["money"].value, panel.get["ore"].value = 4, 1
    panel.bank_button.click()
    assert len(d.match.actions) == before and d.message[1] == "error"


def test_a_knight_moved_by_two_clicks():
    game, s = _main_with({"move_knight"})
    assert not s.is_terminal()
    d = _dash()
    d.load_position(position_document(game, s))
    move = next(a for a in d.state.legal_actions() if a.kind == "move_knight")
    assert d.clicks.labels["move_knight"] == "Move a knight" and "move_knight" in d.clicks.two_clicks
    d.clicks.buttons.value = "move_knight"
    assert move.source in d.board.view.keys["node_rings"]  # the knight: a ring round it
    assert not d.click_board("node", move.source)  # the first click picks the knight
    ends = d.clicks.targets()[0]
    assert move.target in ends and move.target in d.board.view.keys["node_targets"]
    level = d.state.knight_level[move.source]
    d.board.click("node", move.target)
    assert d.match.actions[-1] == move, d.message
    assert d.state.knight_level[move.target] == level and d.state.knight_level[move.source] == 0


def test_the_banner_of_a_discard_counts_the_cards_left():
    game, s = _random_position(9, lambda s: s.phase == "roll" and s.active == 0 and s.turn > 2)
    for c in range(8):  # Player 1 holds 4 brick, 4 lumber, 2 wool: 10 cards, no wall, so a 7 costs 5
        s.bank[c] += s.hands[0][c]
    s.hands[0] = [4, 4, 2, 0, 0, 0, 0, 0]
    for c in range(3):
        s.bank[c] -= s.hands[0][c]
    for v in s.buildings_of[0]:
        s.node_wall[v] = 0
    s.fixed_dice = [3, 4]
    s.after_load()
    s.validate_position()
    d = _dash()
    d.load_position(position_document(game, s))
    assert d.click(Roll(), d.version), d.message
    _until_human_in(d, ("discard",))
    assert "discard 5 more cards (a 7 was rolled)" in d.banner.value
    d.click(d.state.legal_actions()[0], d.version)
    assert "discard 4 more cards" in d.banner.value


def test_a_static_figure_of_a_combined_position_for_the_lessons():
    from ratgames_lab.widgets.catan_combined_board import combined_board_figure

    game, s = _random_position(4, lambda s: s.phase == "main" and s.turn > 3)
    fig = combined_board_figure(s, title="The combined board")
    assert fig.title == "The combined board"
    ships = [e for e in range(s.comp.topo.n_edges) if s.edge_piece[e] == 2]
    hulls = next(m for m in fig.marks if list(getattr(m, "x", [])) and len(m.x) == len(ships)
                 and getattr(m, "marker", "") == "triangle-down")
    assert len(hulls.x) == len(ships) > 0
