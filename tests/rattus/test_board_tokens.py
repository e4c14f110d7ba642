"""The board graph, the token set, custom data files and the game options that load them."""
from __future__ import annotations

import copy
import json

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratgames_lab as rl
from ratgames_lab.rattus import DEFAULT_BOARD, DEFAULT_TOKENS, board_for_players, load_board, load_tokens
from ratgames_lab.rattus.board import BOARD_FILE
from ratgames_lab.rattus.tokens import TOKENS_FILE

BOARD = json.loads(BOARD_FILE.read_text())
TOKENS = json.loads(TOKENS_FILE.read_text())


def test_board_graph_regions_and_edges():
    g = DEFAULT_BOARD.graph
    assert g.number_of_nodes() == 12
    assert g.nodes["Gallia"]["tier"] == 2 and g.nodes["Bulgaria"]["tier"] == 3 and g.nodes["Russia"]["tier"] == 4
    assert (g.nodes["Anglia"]["x"], g.nodes["Anglia"]["y"]) == (2.0, 7.0)
    assert g.edges["Gallia", "Hispania"]["kind"] == "land"
    assert g.edges["Anglia", "Gallia"]["kind"] == "arrow"
    kinds = nx.get_edge_attributes(g, "kind")
    assert sum(1 for k in kinds.values() if k == "arrow") == 7 and len(kinds) == 22


@pytest.mark.parametrize("players,regions", [(2, 8), (3, 10), (4, 12)])
def test_board_for_players_is_the_induced_connected_subgraph(players, regions):
    g = board_for_players(players)
    assert g.number_of_nodes() == regions and nx.is_connected(g)
    assert all(d["tier"] <= players for _, d in g.nodes(data=True))
    assert set(g.edges) == set(DEFAULT_BOARD.graph.subgraph(g.nodes).edges)
    smaller = board_for_players(players - 1).nodes if players > 2 else []
    assert set(smaller) <= set(g.nodes)


def test_rulebook_examples_fit_the_board():
    g = DEFAULT_BOARD.graph
    assert g.has_edge("Gallia", "Hispania")
    assert g.has_edge("Italia", "Germania") and g.has_edge("Germania", "Scandia")
    assert not g.has_edge("Italia", "Scandia")


def test_token_set_totals():
    assert len(DEFAULT_TOKENS) == 49 and len(DEFAULT_TOKENS.setup_tokens) == 12
    th = sorted(DEFAULT_TOKENS.threshold)
    assert [th.count(k) for k in range(1, 6)] == [7, 13, 15, 10, 4]
    symbols = [s for syms in DEFAULT_TOKENS.symbols for s in syms]
    assert symbols.count("M") == 10 and symbols.count("A") == 6
    for c in ("king", "monk", "knight", "peasant", "merchant", "witch"):
        assert symbols.count(c) == 10


def test_custom_board_and_tokens_load_from_dict_and_path(tmp_path):
    board = copy.deepcopy(BOARD)
    board["regions"][0]["x"] = 3.5
    path = tmp_path / "board.json"
    path.write_text(json.dumps(board))
    assert load_board(path).graph.nodes["Anglia"]["x"] == 3.5
    assert load_board(board).graph.nodes["Anglia"]["x"] == 3.5
    game = rl.load_game("rattus", players=3, seed=1, board=str(path), tokens=TOKENS)
    assert game.new_state().comp.board.graph.nodes["Anglia"]["x"] == 3.5
    assert load_tokens(TOKENS_FILE).ids == DEFAULT_TOKENS.ids


def _bad_board(mutate):
    data = copy.deepcopy(BOARD)
    mutate(data)
    return data


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d["edges"].append({"a": "Gallia", "b": "Atlantis", "kind": "land"}), "edges[22].b"),
    (lambda d: d["edges"].append({"a": "Gallia", "b": "Gallia", "kind": "land"}), "edges[22]"),
    (lambda d: d["edges"].append({"a": "Hispania", "b": "Gallia", "kind": "arrow"}), "edges[22]"),
    (lambda d: d["regions"].append(dict(d["regions"][0])), "regions[12].name"),
    (lambda d: d["regions"][3].update(tier=5), "regions[3].tier"),
    (lambda d: d["regions"][3].pop("x"), "regions[3].x"),
    (lambda d: d["edges"][2].update(kind="bridge"), "edges[2].kind"),
    (lambda d: d.update(edges=[e for e in d["edges"] if "Hispania" not in (e["a"], e["b"])]), "edges"),
    (lambda d: d["regions"][11].update(tier=2), "edges"),
])
def test_invalid_boards_name_the_field(mutate, field):
    with pytest.raises(rl.InvalidPositionError) as err:
        load_board(_bad_board(mutate))
    assert err.value.field == field


def test_disconnected_tier_is_reported_for_that_player_count():
    # Turcia joins at 3 players only through Bulgaria: drop that edge and Italia–Turcia -> 3p board cut
    data = _bad_board(lambda d: d.update(edges=[e for e in d["edges"] if "Turcia" not in (e["a"], e["b"])
                                                or "Tartaria" in (e["a"], e["b"])]))
    with pytest.raises(rl.InvalidPositionError, match="3-player board is not connected"):
        load_board(data)


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d["tokens"].append(dict(d["tokens"][0])), "tokens[49].id"),
    (lambda d: d["tokens"][4].update(symbols=["Z"]), "tokens[4].symbols[0]"),
    (lambda d: d["tokens"][4].update(threshold=0), "tokens[4].threshold"),
    (lambda d: d["tokens"][4].pop("setup"), "tokens[4].setup"),
    (lambda d: [t.update(setup=False) for t in d["tokens"]], "tokens"),
])
def test_invalid_tokens_name_the_field(mutate, field):
    data = copy.deepcopy(TOKENS)
    mutate(data)
    with pytest.raises(rl.InvalidPositionError) as err:
        load_tokens(data)
    assert err.value.field == field


def test_options_are_validated_and_name_the_option():
    with pytest.raises(ValueError, match="option board"):
        rl.load_game("rattus", players=4, board={"regions": []})
    few = copy.deepcopy(TOKENS)
    for t in few["tokens"][8:12]:
        t["setup"] = False
    rl.load_game("rattus", players=2, tokens=few)  # 8 setup tokens are enough for 8 regions
    with pytest.raises(ValueError, match="option tokens") as err:
        rl.load_game("rattus", players=4, tokens=few)
    assert err.value.field.startswith("tokens")
    with pytest.raises(ValueError, match="option tokens"):
        rl.load_game("rattus", players=4, tokens=str(TOKENS_FILE) + ".missing")
    with pytest.raises(ValueError, match="unknown option"):
        rl.load_game("rattus", players=4, map="x")


json_values = st.recursive(st.none() | st.booleans() | st.integers(-3, 30) | st.text(max_size=4)
                           | st.sampled_from(["Gallia", "land", "arrow", "M", "king"]),
                           lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
                               st.sampled_from(["a", "b", "kind", "name", "tier", "x", "y", "id", "setup",
                                                "threshold", "symbols"]), inner, max_size=4), max_leaves=12)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=st.lists(st.sampled_from(["regions", "edges", "tokens", 0, 1, 3, "a", "b", "tier", "x", "name",
                                      "threshold", "symbols", "id", "kind"]), min_size=1, max_size=3),
       value=json_values, which=st.booleans())
def test_fuzzed_board_and_token_files_are_rejected_cleanly(path, value, which):
    data = copy.deepcopy(BOARD if which else TOKENS)
    target = data
    for key in path[:-1]:
        if isinstance(target, dict) and key in target:
            target = target[key]
        elif isinstance(target, list) and isinstance(key, int) and key < len(target):
            target = target[key]
        else:
            break
    last = path[-1]
    if isinstance(target, dict) and isinstance(last, str):
        target[last] = value
    elif isinstance(target, list) and isinstance(last, int) and last < len(target):
        target[last] = value
    else:
        data = value
    try:
        (load_board if which else load_tokens)(data)
    except rl.InvalidPositionError as exc:
        assert exc.field
