"""Same seed and same actions give the same game, bit for bit, in this process and in others; saved matches
reload and replay identically."""
from __future__ import annotations

import hashlib
import inspect
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import ratgames_lab as rl
from ratgames_lab.core.match import Match

def _digest_here(name: str, players: int, seed: int, options: dict) -> str:
    state = rl.load_game(name, players=players, seed=seed, **options).new_state()
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal():
        a = state.sample_chance(rng) if state.current_player == rl.CHANCE else rng.choice(state.legal_actions())
        actions.append(a.to_json())
        state.apply(a)
    return hashlib.sha256(json.dumps([state.to_json(), actions], sort_keys=True).encode()).hexdigest()


TESTS = str(Path(__file__).resolve().parents[1])  # the toy games (toys/) are registered in the subprocess too
SCRIPT = ("import hashlib, json, random, sys\nimport ratgames_lab as rl\nsys.path.insert(0, sys.argv[5])\n"
          "from conformance.toys import register_toy_games\nregister_toy_games()\n" + inspect.getsource(_digest_here)
          + "print(_digest_here(sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), json.loads(sys.argv[4])))\n")


def test_same_seed_same_game_across_processes_and_hash_seeds(game_variant):
    game_name, options = game_variant
    players = max(rl.GAMES[game_name].players)
    here = _digest_here(game_name, players, 5, options)
    assert here == _digest_here(game_name, players, 5, options)
    for hash_seed in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        out = subprocess.run([sys.executable, "-c", SCRIPT, game_name, str(players), "5", json.dumps(options),
                              TESTS],
                             env=env,
                             capture_output=True, text=True, timeout=300, check=True)
        assert out.stdout.strip() == here, f"PYTHONHASHSEED={hash_seed} gives another game"


def test_saved_match_reloads_and_replays_identically(game_count, tmp_path):
    name, players, options = game_count
    game = rl.load_game(name, players=players, seed=11, **options)
    match = Match(game)
    rng = random.Random(11)
    while not match.state.is_terminal() and len(match.actions) < 400:
        state = match.state
        match.apply(state.sample_chance(rng) if state.current_player == rl.CHANCE
                    else rng.choice(state.legal_actions()))
    middle = len(match.actions) // 2
    match.goto(middle)
    path = tmp_path / "match.json"
    match.save(path)
    again = Match.load(path)
    assert again.cursor == middle
    assert json.dumps(again.state.to_json()) == json.dumps(match.state.to_json())
    again.goto(len(again.actions))
    match.goto(len(match.actions))
    assert json.dumps(again.state.to_json()) == json.dumps(match.state.to_json())
    game2, state2 = rl.load_position(path)
    assert game2.name == name and json.dumps(state2.to_json()) == json.dumps(again.state_at(middle).to_json())


def test_a_tampered_match_file_is_reported(game_variant, tmp_path):
    game_name, options = game_variant
    players = rl.GAMES[game_name].players[0]
    match = Match(rl.load_game(game_name, players=players, seed=4, **options))
    rng = random.Random(4)
    for _ in range(30):
        if match.state.is_terminal():
            break
        state = match.state
        match.apply(state.sample_chance(rng) if state.current_player == rl.CHANCE
                    else rng.choice(state.legal_actions()))
    data = match.to_json()
    tampered = min(20, len(match.actions) - 1)
    data["cursor"] = tampered  # another position of the same game: well formed, but not what was saved
    path = tmp_path / "tampered.json"
    path.write_text(json.dumps(data))
    try:
        Match.load(path)
    except rl.InvalidPositionError as exc:
        assert exc.field == "checksum"
    else:
        raise AssertionError("a tampered match loaded silently")
    del data["checksum"]
    path.write_text(json.dumps(data))
    assert Match.load(path).cursor == tampered  # without a checksum (older files) it loads as written
