"""Malformed positions and matches, for every game: nothing but InvalidPositionError, and nothing accepted that
later crashes when played from. Mutations are seeded: wrong types, floats for integers, NaN, huge integers, deep
nesting, duplicated entries, unknown names, missing and unexpected fields."""
from __future__ import annotations

import copy
import json
import math
import random

import pytest

import ratgames_lab as rl
from ratgames_lab.core.match import Match

POSITIONS_PER_COUNT = 6
MUTATIONS_PER_POSITION = 30


def _deep(depth: int):
    value: object = 0
    for _ in range(depth):
        value = [value]
    return value


ODD = [None, True, False, 0, -1, 1.0, 2.5, math.nan, math.inf, 2**70, -(2**70), "", "Atlantis", "R99", [], {},
       [None], {"x": 1}, "0"]


def _paths(data, prefix=()):
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _mutate(data: dict, rng: random.Random) -> dict:
    """One seeded mutation of a copy of ``data`` (never of its event history, which is shared, not copied)."""
    data = {key: value if key == "events" else copy.deepcopy(value) for key, value in data.items()}
    paths = [(key,) + p for key, value in data.items() if key != "events" for p in _paths(value)]
    path = rng.choice(paths)
    parent = data
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    old = parent[key]
    how = rng.randrange(6)
    if how == 0:
        parent[key] = rng.choice(ODD)
    elif how == 1 and isinstance(old, int) and not isinstance(old, bool):
        parent[key] = float(old) if rng.random() < 0.5 else old + rng.choice([-1, 1, 10**6])
    elif how == 2 and isinstance(parent, dict):
        del parent[key]
    elif how == 3 and isinstance(old, list) and old:
        old.append(old[rng.randrange(len(old))])  # a duplicated entry
    elif how == 4:
        parent[key] = _deep(rng.choice([5, 80, 2000]))
    elif isinstance(parent, dict):
        parent["surprise" + str(rng.randrange(3))] = rng.choice(ODD)
    else:
        parent[key] = rng.choice(ODD)
    return data


def _positions(name: str, players: int, seed: int, options: dict) -> list[dict]:
    """POSITIONS_PER_COUNT positions spread evenly over one seeded random game (played twice: once to learn its
    length, once to save the chosen positions, since saving every position of a long game costs more than it)."""
    def play(keep) -> int:
        state = rl.load_game(name, players=players, seed=seed, **options).new_state()
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal():
            keep(steps, state)
            steps += 1
            state.apply(state.sample_chance(rng) if state.current_player == rl.CHANCE
                        else rng.choice(state.legal_actions()))
        return steps

    step = max(1, play(lambda i, s: None) // POSITIONS_PER_COUNT)
    seen: list[dict] = []
    play(lambda i, s: seen.append(s.to_json()) if i % step == 0 and len(seen) < POSITIONS_PER_COUNT else None)
    return seen


def _play_from(state, rng: random.Random, steps: int = 150) -> None:
    """An accepted position must be playable: legal actions apply, determinization works, and the views and the
    JSON (checked every 10 steps: they carry the whole event history, so each check costs as much as many steps)
    stay valid."""
    for step in range(steps):
        if state.is_terminal():
            break
        player = state.current_player
        if step % 10 == 0:
            json.dumps(state.to_json(), allow_nan=False)
            if player >= 0:
                json.dumps(state.observation(player), allow_nan=False)
        if player >= 0:
            state.determinize(player, rng)
        state.apply(state.sample_chance(rng) if player == rl.CHANCE else rng.choice(state.legal_actions()))
    json.dumps(state.to_json(), allow_nan=False)


def test_fuzzed_positions_are_rejected_by_name_or_playable(game_count):
    name, players, options = game_count
    game = rl.load_game(name, players=players, seed=0, **options)
    rng = random.Random(f"{name}-{players}")
    accepted = rejected = 0
    for data in _positions(name, players, 4, options):
        for _ in range(MUTATIONS_PER_POSITION):
            bad = _mutate(data, rng)
            try:
                state = game.state_from_json(bad)
            except rl.InvalidPositionError as exc:
                assert isinstance(exc.field, str) and exc.field
                rejected += 1
                continue
            accepted += 1
            _play_from(state, rng)
    assert rejected > accepted


def test_fuzzed_position_files_and_matches_are_rejected_by_name(game_count, tmp_path):
    name, players, options = game_count
    game = rl.load_game(name, players=players, seed=0, **options)
    data = _positions(name, players, 6, options)[2]
    doc = rl.position_document(game, game.state_from_json(data), "fuzz")
    rng = random.Random(f"file-{name}-{players}")
    match = Match(game)
    for _ in range(12):
        if match.state.is_terminal():  # a short game (the toy Nim)
            break
        match.apply(match.state.sample_chance(rng) if match.state.current_player == rl.CHANCE
                    else rng.choice(match.state.legal_actions()))
    match_doc = match.to_json()
    for i in range(20):
        for original in (doc, match_doc):
            bad = _mutate(original, rng)
            path = tmp_path / f"bad{i}.json"
            try:
                path.write_text(json.dumps(bad))
            except (ValueError, RecursionError):
                continue  # not writable as JSON: the readers never see it
            for read in (rl.load_position, Match.load if original is match_doc else rl.load_position):
                try:
                    state = read(path).state.clone() if read == Match.load else read(path)[1]
                except rl.InvalidPositionError as exc:
                    assert exc.field
                    continue
                _play_from(state, rng, 60)


@pytest.mark.parametrize("text", ["", "{", "[1, 2", "NaN", '{"format": 1e999}', "1" * 5000, "[" * 5000 + "]" * 5000,
                                  '{"format": "ratgames_lab.position/1", "game": {"a": 1}, "players": 3, '
                                  '"position": {}}'])
def test_malformed_files_are_rejected_by_name(text, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(text)
    for read in (rl.load_position, Match.load):
        with pytest.raises(rl.InvalidPositionError) as err:
            read(path)
        assert err.value.field


def test_special_files_are_refused_without_reading(tmp_path):
    import os
    fifo = tmp_path / "fifo.json"
    os.mkfifo(fifo)
    for read in (rl.load_position, Match.load):
        with pytest.raises(rl.InvalidPositionError):
            read(fifo)
        with pytest.raises(rl.InvalidPositionError):
            read(tmp_path)
    bad = tmp_path / "latin1.json"
    bad.write_bytes(b'{"game": "\xe9"}')
    with pytest.raises(rl.InvalidPositionError):
        rl.load_position(bad)


def _fuzzed_files(name: str, players: int, rng: random.Random, count: int, options: dict | None = None):
    """Fuzzed position documents and match files of a game (as JSON-serializable data)."""
    options = options or {}
    game = rl.load_game(name, players=players, seed=0, **options)
    data = _positions(name, players, 8, options)[1]
    doc = rl.position_document(game, game.state_from_json(data), "fuzz")
    match = Match(game)
    for _ in range(8):
        if match.state.is_terminal():
            break
        match.apply(match.state.sample_chance(rng) if match.state.current_player == rl.CHANCE
                    else rng.choice(match.state.legal_actions()))
    out = []
    while len(out) < count:
        bad = _mutate(rng.choice([doc, match.to_json()]), rng)
        try:
            out.append(json.dumps(bad, allow_nan=False))
        except (ValueError, RecursionError):
            continue
    return out


def test_the_command_line_answers_fuzzed_files_with_one_line(game_variant, tmp_path):
    import io

    from ratgames_lab.cli import main
    game_name, options = game_variant
    players = rl.GAMES[game_name].players[0]
    for i, text in enumerate(_fuzzed_files(game_name, players, random.Random(f"cli-{game_name}"), 12, options)):
        path = tmp_path / f"f{i}.json"
        path.write_text(text)
        out, err = io.StringIO(), io.StringIO()
        from contextlib import redirect_stderr
        with redirect_stderr(err):
            code = main(["analyze", str(path), "--playouts", "1"], stdout=out)
        assert code in (0, 2), (code, err.getvalue())
        if code == 2:
            lines = err.getvalue().strip().splitlines()
            assert len(lines) == 1 and lines[0].startswith("ratgames: error: "), err.getvalue()


WITH_DASHBOARDS = sorted(name for name, info in rl.GAMES.items() if info.dashboard)


@pytest.mark.parametrize("dashboard_game", WITH_DASHBOARDS)
def test_the_dashboards_upload_refuses_fuzzed_files_and_keeps_the_game(dashboard_game):
    """Every game that declares a dashboard: a fuzzed upload is refused with a message, the game kept."""
    game_name = dashboard_game
    info = rl.GAMES[game_name]
    from ratgames_lab.widgets import dashboard_class
    players = info.players[0]
    dash = dashboard_class(game_name)(players=players, seed=1, seats=["human"] * players, auto=False)
    for text in _fuzzed_files(game_name, players, random.Random(f"upload-{game_name}"), 10):
        before = json.dumps(dash.match.to_json(), sort_keys=True)
        if not dash.io.load_bytes(text.encode(), "fuzz.json"):
            assert json.dumps(dash.match.to_json(), sort_keys=True) == before
            assert "Could not load" in dash.io.message.value
