"""The shipped scenario positions load through the one position format and match their builders."""
from __future__ import annotations

import json

import pytest

import ratgames_lab as rl
from ratgames_lab.core.position import load_position
from ratgames_lab.horlogerie.actions import DeckCard, GiveFind, KeepCard
from ratgames_lab.horlogerie.scenarios import POSITIONS, SCENARIOS, build_scenario, load_scenario


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_shipped_position_matches_its_builder_and_loads(name):
    doc = json.loads((POSITIONS / f"{name}.json").read_text())
    assert doc == json.loads(json.dumps(build_scenario(name)))
    game, state = load_position(POSITIONS / f"{name}.json")
    assert game.name == "horlogerie" and state.to_json() == doc["position"]
    assert state.legal_actions() and doc["description"]


def test_the_shipped_scenarios_play_as_described():
    _, s = load_scenario("perfect_exploration")
    s.apply(s.legal_actions()[0])  # draw
    s.apply(DeckCard("exploration", "S5"))
    assert s.current_player == 2 and all(isinstance(a, GiveFind) for a in s.legal_actions())
    _, s = load_scenario("bust_discovery")
    assert s.current_player == 2 and set(s.legal_actions()) == {KeepCard("S4"), KeepCard("R5")}
    _, s = load_scenario("tribe_wounds")
    assert s.step == "wounds" and s.wounds_left == 2 and s.current_player == 0
    _, s = load_scenario("empty_mission_deck")
    assert s.current_player == rl.CHANCE and len(s.mis_deck) == 1
