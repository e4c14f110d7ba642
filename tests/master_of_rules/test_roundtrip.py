"""Determinism, JSON round trips, clone independence and the Match log (undo/redo/goto/branch/save/load)."""
from __future__ import annotations

import json
import random

import pytest

import ratgames_lab as rl
from ratgames_lab.master_of_rules.actions import TakeRule
from ratgames_lab import CHANCE, IllegalActionError, InvalidPositionError, Match

from .helpers import GAME, play_out, random_state


def record_game(players: int, seed: int) -> tuple[list, list[dict]]:
    """The actions and the to_json() after each of them, for a seeded random game."""
    game = rl.load_game(GAME, players=players, seed=seed)
    state = game.new_state()
    r = random.Random(seed)
    actions, states = [], [state.to_json()]
    while not state.is_terminal():
        a = state.sample_chance(r) if state.current_player == CHANCE else r.choice(state.legal_actions())
        state.apply(a)
        actions.append(a)
        states.append(state.to_json())
    return actions, states


def without_events(data: dict) -> dict:
    return {k: v for k, v in data.items() if k != "events"}


@pytest.mark.parametrize("players", [3, 4, 5])
def test_clone_is_independent(players):
    game, state = random_state(players, 5, 40)
    before = state.to_json()
    copy = state.clone()
    assert copy.to_json() == before
    play_out(copy, random.Random(1))  # mutate the clone through play...
    assert copy.is_terminal() and state.to_json() == before
    copy = state.clone()  # ...and directly through its lists
    copy.hand_numbers[0].append(44)
    copy.hand_rules[1][0] += 5
    copy.kept[0][4] += 1
    copy.display_rules[2] += 1
    copy.known_numbers[0].append(3)
    copy.table_numbers[0] = 7
    copy.events.append(copy.events[0])
    assert state.to_json() == before


def test_determinize_and_observation_leave_the_state_alone():
    game, state = random_state(4, 8, 77)
    before = state.to_json()
    for p in range(4):
        state.determinize(p, random.Random(p))
        state.observation(p)
    assert state.to_json() == before


# -- Match ---------------------------------------------------------------------------------------------
def played_match(players: int = 4, seed: int = 21, steps: int | None = None) -> tuple[Match, list[dict]]:
    game = rl.load_game(GAME, players=players, seed=seed)
    match = Match(game)
    r = random.Random(seed)
    states = [match.state.to_json()]
    while not match.state.is_terminal() and (steps is None or len(states) <= steps):
        if match.state.current_player == CHANCE:
            match.play_chance(r)
        else:
            match.apply(r.choice(match.state.legal_actions()))
        states.append(match.state.to_json())
    return match, states


def test_match_undo_redo_goto():
    match, states = played_match()
    n = len(match.actions)
    assert n == len(states) - 1 and n > 100  # well past the replay snapshots
    match.undo()
    assert match.cursor == n - 1 and match.state.to_json() == states[n - 1]
    match.undo()
    match.redo()
    assert match.state.to_json() == states[n - 1]
    r = random.Random(0)
    for i in [0, 1, 31, 32, 33, 64, n] + [r.randrange(n + 1) for _ in range(15)]:
        match.goto(i)
        assert match.cursor == i and match.state.to_json() == states[i]
        assert match.state_at(r.randrange(n + 1)) is not match.state
        assert match.state.to_json() == states[i]
    match.goto(0)
    with pytest.raises(IllegalActionError) as err:
        match.undo()
    assert err.value.rule == "match.undo"
    match.goto(n)
    with pytest.raises(IllegalActionError) as err:
        match.redo()
    assert err.value.rule == "match.redo"
    with pytest.raises(IllegalActionError) as err:
        match.goto(n + 1)
    assert err.value.rule == "match.goto"


def test_match_apply_after_undo_drops_the_redo_tail():
    match, states = played_match(steps=50)
    match.goto(20)
    legal = match.state.legal_actions()
    other = next(a for a in legal if a != match.actions[20]) if len(legal) > 1 else legal[0]
    match.apply(other)
    assert len(match.actions) == 21 and not match.can_redo()


def test_illegal_action_leaves_the_match_unchanged():
    match, states = played_match(steps=10)
    before = (list(match.actions), match.cursor, match.state.to_json())
    with pytest.raises(IllegalActionError):
        match.apply(TakeRule("nonsense"))  # built directly: action_from_json refuses the unknown name itself
    assert (list(match.actions), match.cursor, match.state.to_json()) == before


def test_match_branch_is_a_what_if_copy():
    match, states = played_match(steps=60)
    match.goto(30)
    branch = match.branch()
    assert branch.state.to_json() == states[30] and len(branch.actions) == 30
    r = random.Random(3)
    for _ in range(20):
        if branch.state.current_player == CHANCE:
            branch.play_chance(r)
        else:
            branch.apply(r.choice(branch.state.legal_actions()))
    assert match.cursor == 30 and match.state.to_json() == states[30] and len(match.actions) == 60
    match.goto(60)
    assert match.state.to_json() == states[60]


def test_tampered_match_file_names_the_bad_action(tmp_path):
    match, states = played_match(steps=40)
    data = match.to_json()
    i = next(k for k, a in enumerate(data["actions"]) if a["kind"] == "play_number" and k > 5)
    hand = states[i]["hands"][match.state_at(i).current_player]["numbers"]
    data["actions"][i] = {"kind": "play_number", "card": next(c for c in states[0]["decks"]["numbers"]
                                                                if c not in hand)}
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InvalidPositionError) as err:
        Match.load(path)
    assert err.value.field == f"actions[{i}]"
    assert "transaction.play_from_hand" in str(err.value)


@pytest.mark.parametrize("change, field", [
    (lambda d: d["actions"].__setitem__(3, {"kind": "fly", "to": "moon"}), "actions[3].action.kind"),
    (lambda d: d["actions"].__setitem__(3, {"kind": "play_number"}), "actions[3].action.card"),
    (lambda d: d.__setitem__("cursor", 10**9), "cursor"),
    (lambda d: d.__setitem__("game", "chess"), "game"),
    (lambda d: d.__setitem__("players", 9), "players"),  # T3-7: the field at fault, not "game"
    (lambda d: d.__setitem__("options", {"speed": 2}), "options.speed"),
    (lambda d: d.__setitem__("actions", "none"), "actions"),
    (lambda d: d.pop("seed"), "seed"),
])
def test_malformed_match_files(tmp_path, change, field):
    match, _ = played_match(steps=10)
    data = match.to_json()
    change(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(InvalidPositionError) as err:
        Match.load(path)
    assert err.value.field == field


def test_match_file_that_is_not_json(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    with pytest.raises(InvalidPositionError) as err:
        Match.load(path)
    assert err.value.field == "file"
    path.write_text("[1, 2]")
    with pytest.raises(InvalidPositionError) as err:
        Match.load(path)
    assert err.value.field == "match"
