"""Catan's places are named as the table sees them: in seeded games of the base game and the combined variant, no
button label, log line or message says "intersection 34", "edge 50", "tile 4" or "spot 17", and bank trades state
both sides and the rate."""
from __future__ import annotations

import random
import re

import pytest

import ratgames_lab as rl
from ratgames_lab.catan.place_names import action_text, name_places, place_names

CODES = re.compile(r"\b(?:intersection|edge|tile|spot) \d+\b")
VARIANTS = [({}, 3), ({}, 4), ({"variant": "combined"}, 3), ({"variant": "combined"}, 4)]


def _texts_of_a_seeded_game(options: dict, players: int, steps: int = 160) -> tuple[list[str], list[str]]:
    """(every legal action's label at each decision, every event line) of a seeded random game."""
    state = rl.load_game("catan", players=players, seed=5, **options).new_state()
    rng = random.Random(5)
    labels = []
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player < 0:
            state.apply(state.sample_chance(rng))
            continue
        actions = state.legal_actions()
        labels += [action_text(state, a) for a in actions]
        state.apply(rng.choice(actions))
    return labels, [name_places(state, e.text()) for e in state.events]


@pytest.mark.parametrize("options,players", VARIANTS)
def test_no_place_code_in_labels_or_events(options, players):
    labels, events = _texts_of_a_seeded_game(options, players)
    assert labels and events
    assert not [t for t in labels + events if CODES.search(t)]
    assert any("the spot (" in t for t in labels)  # the places were there, named
    for t in labels:
        if t.startswith("Trade ") and "with the bank" in t:
            assert re.match(r"Trade \d \w+ for 1 \w+ with the bank \(\d:1\)$", t), t


def test_a_spot_is_described_by_what_it_touches():
    state = rl.load_game("catan", players=4, seed=7).new_state()
    names = place_names(state)
    obs = state.observation(-1)
    harbour_nodes = {n for h in obs["harbours"] for n in state.comp.topo.edge_nodes[h["edge"]]}
    for n in range(state.comp.topo.n_nodes):
        text = names.spot(n)
        for t in state.comp.topo.node_tiles[n]:
            tile = obs["tiles"][t]
            if tile["number"] is not None:
                assert f"{tile['terrain']} {tile['number']}" in text
        assert ("harbour" in text) == (n in harbour_nodes)
    assert len({names.spot(n) for n in range(state.comp.topo.n_nodes)}) == state.comp.topo.n_nodes  # unambiguous


def test_dashboard_buttons_and_log_name_places():
    from ratgames_lab.widgets.catan import CatanDashboard

    d = CatanDashboard(players=4, seed=7, bot_delay=0, animate=False)
    labels = [b.description for b in d.decision.buttons]
    assert labels and not [t for t in labels if CODES.search(t)]
    d.decision.buttons[0].click()
    assert not CODES.search(d.message[0]) and "the spot (" in d.message[0]
    assert not CODES.search(d.log.widget.value)


@pytest.mark.parametrize("variant", ["base", "combined"])
def test_board_tooltips_name_places(variant):
    """Hovering a spot, a road or a piece names it as the table does, never "intersection 34" or "edge 50"."""
    from ratgames_lab.widgets.catan import CatanDashboard

    d = CatanDashboard(players=4, seed=7, bot_delay=0, animate=False, variant=variant)
    for _ in range(12):  # a few setup placements, so that pieces are drawn too
        d.decision.buttons[0].click()
    tips = [str(name) for mark in d.board.view.figure.marks
            for name in (list(mark.names) if getattr(mark, "names", None) is not None else [])]
    assert any("the spot (" in t for t in tips)
    assert not [t for t in tips if CODES.search(t)]
