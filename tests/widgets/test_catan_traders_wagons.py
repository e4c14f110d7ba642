"""The combined dashboard's wagons and markets (issue 12, deliverable 7): the wagon placed in setup by a click on a
market plaza, the wagon's panel row (level, place, order, VP), the markets' goods stacks, the route preview drawn on
the board from the wagon to its order's market with its movement points and toll (the engine's Dijkstra, checked
against an independent Bellman-Ford over the same step costs), a step by a click on the board and the upgrade by
the panel's button."""
from __future__ import annotations

import numpy as np

from ratgames_lab.catan.combined.markets import PlaceWagon
from ratgames_lab.catan.combined.wagons import MoveWagon, UpgradeWagon
from ratgames_lab.core.position import position_document
from catan_traders_helpers import main_position, traders_dash  # tests/widgets is on the path (no package)

QUARRY, CASTLE, GLASSWORKS = 15, 107, 46  # the plazas of the fixed board
TOOLS = 0  # goods kind: tools, from the castle to the quarry


_dash = traders_dash
_main_position = main_position


def _wagon_at(s, p: int, v: int, goods: int = TOOLS, level: int = 1):
    """p's wagon on v carrying a token of kind ``goods`` (its old token back in the stack)."""
    s.goods_unseen[s.wagon_goods[p]] += 1
    s.goods_unseen[goods] -= 1
    s.wagon_goods[p], s.wagon_node[p], s.wagon_level[p] = goods, v, level
    s.after_load()
    s.validate_position()
    return s


def _segments(mark) -> list:
    xs, ys = np.atleast_2d(mark.x), np.atleast_2d(mark.y)
    return [sorted(zip(map(float, x), map(float, y))) for x, y in zip(xs, ys)]


def _bellman_ford(s, p: int, source: int) -> dict[int, int]:
    """Fewest movement points from ``source`` to every intersection, by relaxing every edge until nothing changes,
    with the step costs written here from catan.md (own piece 1, another's road/ship/bridge 1, open land or market
    path 2, a dashed crossing without a bridge 3, open sea impossible)."""
    topo, comp = s.comp.topo, s.comp
    cost = {}
    for e, (a, b) in enumerate(topo.edge_nodes):
        if s.edge_owner[e] >= 0:
            c = 1
        elif comp.bridge_edge[e]:
            c = 3
        elif topo.edge_kind[e] == "sea":
            continue
        else:
            c = 2
        cost[(a, b)] = cost[(b, a)] = c
    dist = {source: 0}
    changed = True
    while changed:
        changed = False
        for (a, b), c in cost.items():
            if a in dist and dist[a] + c < dist.get(b, 10 ** 9):
                dist[b] = dist[a] + c
                changed = True
    return dist


def test_the_wagon_is_placed_by_a_click_on_a_plaza_and_the_panel_shows_its_order():
    d = _dash(seed=3)
    s = d.state
    if s.phase == "setup_wagon" and s.current_player != 0:
        raise AssertionError("the human places first in this game")
    assert "put your wagon on a market plaza" in d.banner_html()
    assert set(d.clicks.modes) == {"place_wagon"}
    targets, _ = d.clicks.targets()
    assert sorted(targets) == sorted([QUARRY, CASTLE, GLASSWORKS])
    before = d.state.to_json()
    assert not d.click_board("node", 26)  # not a plaza: refused, nothing changes
    assert d.state.to_json() == before
    d.board.click("node", CASTLE)
    s = d.state
    assert s.wagon_node[0] == CASTLE and s.wagon_goods[0] == TOOLS, d.message
    table = d.combined_panels.traders.table.value
    assert "on the castle plaza" in table and "<b>tools</b> from the castle to the quarry" in table
    assert 0 in d.board.view.keys["wagons"]
    tips = dict(zip(d.board.view.keys["plazas"], d.board.view.layers["plazas"].names))
    left = sum(n for k, n in d.observation()["goods"]["unseen"].items() if k == "tools")
    assert tips[CASTLE].endswith(f"{left} goods face down in its stack") and left < 12  # yours taken
    assert "Markets and their goods stacks" in table and "tools → quarry" in table


def test_the_route_preview_is_the_cheapest_path_drawn_with_its_cost_in_words():
    game, s = _main_position()
    _wagon_at(s, 0, CASTLE)
    d = _dash()
    d.load_position(position_document(game, s))
    mp, toll, path = d.wagon_route(0)
    assert path[0] == CASTLE and path[-1] == QUARRY
    assert mp == _bellman_ford(d.state, 0, CASTLE)[QUARRY]  # the engine's Dijkstra against Bellman-Ford
    view = d.board.view
    drawn = _segments(view.layers["route"])
    assert drawn == [sorted([d.board.node_xy[a], d.board.node_xy[b]]) for a, b in zip(path, path[1:])]
    assert list(view.layers["route_text"].text) == [f"{mp} MP" + (f", ${toll} toll" if toll else "")]
    table = d.combined_panels.traders.table.value
    assert f"cheapest route <b>{mp} movement points</b>" in table
    turns = -(-mp // 4)
    assert f"about {turns} turn{'s' if turns != 1 else ''} at 4 a turn" in table


def test_a_wagon_step_by_a_click_then_the_route_starts_from_there():
    game, s = _main_position()
    _wagon_at(s, 0, CASTLE)
    d = _dash()
    d.load_position(position_document(game, s))
    steps = [a.node for a in d.state.legal_actions() if isinstance(a, MoveWagon)]
    assert steps and "move_wagon" in d.clicks.modes
    d.clicks.chosen = "move_wagon"
    d.render_board()
    d.board.click("node", steps[0])
    assert d.state.wagon_node[0] == steps[0], d.message
    assert d.state.phase == "wagon" and "move your wagon, or end your turn" in d.banner_html()
    spent = d.state.wagon_spent
    assert spent in (1, 2, 3) and f"moving: {4 - spent} MP left this turn" in d.combined_panels.traders.table.value
    route = d.wagon_route(0)
    assert route is None or route[2][0] == steps[0]


def test_the_upgrade_is_played_by_the_panel_button_and_scores_its_point():
    game, s = _main_position()
    _wagon_at(s, 0, CASTLE)
    for c, n in enumerate(s.hands[0][:5]):
        s.hands[0][c], s.bank[c] = 2, s.bank[c] + n - 2
    s.after_load()
    s.validate_position()
    d = _dash()
    d.load_position(position_document(game, s))
    buttons = [b for b in d.combined_panels.traders.buttons() if isinstance(b.action, UpgradeWagon)]
    assert len(buttons) == 1
    vp = d.state.vp(0)
    buttons[0].click()
    assert d.state.wagon_level[0] == 2 and d.state.vp(0) == vp + 1, d.message
    row = d.combined_panels.traders.table.value.split('<div class="ct-trow">')[1]  # Player 1's row
    assert "level 2: 5 MP, $2 a delivery, toll die 6+" in row and "<b>1 VP</b>" in row


def test_a_plaza_click_is_refused_after_the_setup_naming_the_rule():
    game, s = _main_position()
    d = _dash()
    d.load_position(position_document(game, s))
    assert not d.state.is_legal(PlaceWagon(QUARRY))
    assert "rule:" in d.why_not_action(PlaceWagon(QUARRY))


def test_a_route_over_another_players_roads_shows_its_toll_in_words_and_on_the_board():
    game, s = _main_position()
    _wagon_at(s, 0, CASTLE)
    d = _dash()
    d.load_position(position_document(game, s))
    _, _, path = d.wagon_route(0)
    topo = s.comp.topo
    lands = [topo.edge_index[(a, b)] for a, b in zip(path, path[1:])
             if topo.edge_kind[topo.edge_index[(a, b)]] == "land" and s.edge_owner[topo.edge_index[(a, b)]] < 0]
    for e in lands[:3]:  # Player 2's roads on the way (pieces left: the position stays valid)
        s.edge_owner[e], s.edge_piece[e] = 1, 1
    s.after_load()
    s.validate_position()
    d.load_position(position_document(game, s))
    mp, toll, path = d.wagon_route(0)
    edges = [topo.edge_index[(a, b)] for a, b in zip(path, path[1:])]
    assert any(s.edge_owner[e] == 1 for e in edges)
    assert toll == sum(2 if s.edge_piece[e] == 3 else 1 for e in edges if s.edge_owner[e] not in (-1, 0))  # $1 a
    # step on another player's road or ship, $2 on a bridge
    assert list(d.board.view.layers["route_text"].text) == [f"{mp} MP, ${toll} toll"]
    assert f"<b>${toll} toll</b>" in d.combined_panels.traders.table.value.split('<div class="ct-trow">')[1]
