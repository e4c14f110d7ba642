"""Match(game, start=state): the what-if notebook plays on from a loaded position, undoes, branches, saves."""
from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import ratgames_lab as rl

POSITION = Path(__file__).resolve().parents[2] / "notebooks" / "positions" / "what_if_final.json"


@pytest.fixture
def loaded():
    data = json.loads(POSITION.read_text())
    game = rl.load_game("master_of_rules", players=data["players"], seed=3)
    return game, game.state_from_json(data["position"])


def _play_to_end(match: rl.Match, seed: int) -> None:
    rng = random.Random(seed)
    while not match.state.is_terminal():
        if match.state.current_player == rl.CHANCE:
            match.play_chance(rng)
        else:
            actions = match.state.legal_actions()
            match.apply(actions[rng.randrange(len(actions))])


def test_a_match_starts_at_the_given_position_not_at_setup(loaded):
    game, state = loaded
    match = rl.Match(game, start=state)
    assert match.state == state and match.cursor == 0
    assert match.state != game.new_state()
    assert rl.Match(game).state == game.new_state()  # without start: the seeded setup, as before


def test_the_start_position_is_copied(loaded):
    game, state = loaded
    before = state.to_json()
    match = rl.Match(game, start=state)
    match.apply(match.state.legal_actions()[0])
    assert state.to_json() == before  # the caller's state is untouched
    match.goto(0)
    assert match.state == state


def test_undo_goto_and_branch_from_a_loaded_position(loaded):
    game, state = loaded
    match = rl.Match(game, start=state)
    _play_to_end(match, seed=5)
    assert match.state.is_terminal() and len(match.actions) >= 4
    end = match.state.to_json()
    match.undo()
    assert match.cursor == len(match.actions) - 1 and not match.state.is_terminal()
    match.goto(1)
    other = match.branch()
    assert other.state == match.state and len(other.actions) == 1
    match.goto(len(match.actions))
    assert match.state.to_json() == end  # the original line is kept


def test_save_and_load_keep_the_start_position(loaded, tmp_path):
    game, state = loaded
    match = rl.Match(game, start=state)
    _play_to_end(match, seed=7)
    match.goto(2)
    path = tmp_path / "match.json"
    match.save(path)
    saved = json.loads(path.read_text())
    assert saved["start"] == state.to_json()
    again = rl.Match.load(path)
    assert again.cursor == 2 and again.state == match.state
    again.goto(0)
    assert again.state == state


def test_a_bad_start_position_names_its_field(loaded):
    game, state = loaded
    data = rl.Match(game, start=state).to_json()
    data["start"]["hands"][0]["numbers"].append("G9")  # also in the deck
    with pytest.raises(rl.InvalidPositionError) as err:
        rl.Match.from_json(data)
    assert err.value.field.startswith("start.hands[0].numbers")
