"""``ratgames analyze``: saved matches, position wrappers and bare positions; malformed files."""
from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

import ratgames_lab as rl
from ratgames_lab.cli import POSITION_FORMAT, load_position_file
from ratgames_lab.core.analysis import evaluate_actions


def _match(players: int = 4, seed: int = 5, steps: int = 30, stop_at_decision: bool = True) -> rl.Match:
    match = rl.Match(rl.load_game("master_of_rules", players=players, seed=seed))
    rng = random.Random(seed)
    for _ in range(steps):
        state = match.state
        if state.is_terminal():
            break
        if state.current_player == rl.CHANCE:
            match.play_chance(rng)
        else:
            match.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    while stop_at_decision and match.state.current_player == rl.CHANCE:
        match.play_chance(rng)
    return match


@pytest.fixture
def files(tmp_path):
    match = _match()
    paths = {"match": tmp_path / "match.json", "wrapper": tmp_path / "wrapper.json", "bare": tmp_path / "bare.json"}
    match.save(paths["match"])
    paths["wrapper"].write_text(json.dumps({"format": POSITION_FORMAT, "game": "master_of_rules", "players": 4,
                                            "position": match.state.to_json()}))
    paths["bare"].write_text(json.dumps(match.state.to_json()))
    return match, paths


def _ranking(out: str) -> list[tuple[str, str]]:
    return re.findall(r"^\s*\d+\) (.+?)\s+win rate\s+([\d.]+%)", out, re.M)


def test_the_three_file_forms_give_the_same_analysis(run, files):
    match, paths = files
    outs = {kind: run("analyze", str(p), "--playouts", "12", "--seed", "3", "--policy", "random")
            for kind, p in paths.items()}
    for r in outs.values():
        assert r.code == 0, r.err
    rankings = [_ranking(r.out) for r in outs.values()]
    assert rankings[0] == rankings[1] == rankings[2]
    assert len(rankings[0]) == len(match.state.legal_actions())
    assert (f"Player {match.state.current_player + 1} to move; policy random (seed 3): win rates if every player "
            "then plays uniformly random legal moves; hidden cards resampled" in outs["match"].out)
    assert "(at most 12 per option), confidence 95%, resolution ±2 points" in outs["match"].out
    assert "Verdict: " in outs["match"].out


def test_ranking_is_evaluate_actions_best_first(run, files):
    match, paths = files
    r = run("analyze", str(paths["match"]), "--playouts", "15", "--seed", "8", "--policy", "random")
    values = evaluate_actions(match.state, playouts=15, seed=8, policy="random")
    expected = sorted(values, key=lambda v: -v.win_rate)
    assert _ranking(r.out) == [(str(v.action), f"{100 * v.win_rate:.1f}%") for v in expected]
    rates = [float(rate[:-1]) for _, rate in _ranking(r.out)]
    assert rates == sorted(rates, reverse=True)
    lows = re.findall(r"95% interval ([\d.]+)% – ([\d.]+)%", r.out)
    assert [(f"{100 * v.low:.1f}", f"{100 * v.high:.1f}") for v in expected] == lows


def test_json_output(run, files):
    match, paths = files
    data = json.loads(run("analyze", str(paths["wrapper"]), "--playouts", "5", "--json", "--policy", "mix").out)
    assert data["player"] == match.state.current_player and data["playouts"] == 5
    assert data["policy"] == "mix" and data["policy_note"] == ""
    assert data["assumes"] == ("every player then plays like the heuristic bot half of the time, a random legal "
                               "move otherwise")
    assert {json.dumps(a["action"], sort_keys=True) for a in data["actions"]} == \
        {json.dumps(a.to_json(), sort_keys=True) for a in match.state.legal_actions()}
    rates = [a["win_rate"] for a in data["actions"]]
    assert rates == sorted(rates, reverse=True)
    assert all(a["low"] <= a["win_rate"] <= a["high"] for a in data["actions"])


LAST_TRICK = Path(__file__).parents[1] / "core" / "data" / "mor_last_trick.json"  # 4 options, short playouts


def test_default_policy_is_random_and_the_verdict_is_evaluate_actions_one(run):
    r = run("analyze", str(LAST_TRICK), "--playouts", "30", "--seed", "2")
    assert r.code == 0, r.err
    assert "Player 1 to move; policy random (seed 2): win rates if every player then plays uniformly random" in r.out
    _game, state = rl.load_position(LAST_TRICK)
    values = evaluate_actions(state, playouts=30, seed=2, policy="random")
    ranked = sorted(values, key=lambda v: -v.win_rate)
    assert _ranking(r.out) == [(str(v.action), f"{100 * v.win_rate:.1f}%") for v in ranked]
    assert f"Verdict: {values.verdict.text()}" in r.out
    assert run("analyze", str(LAST_TRICK), "--playouts", "30", "--seed", "2", "--policy", "random").out == r.out


def test_default_budget_json_reports_the_verdict(run):
    data = json.loads(run("analyze", str(LAST_TRICK), "--json", "--cpu", "0", "--playouts", "60").out)
    assert data["playouts"] == 60 and data["policy"] == "random" and data["cpu_limit"] is None
    assert data["verdict"]["kind"] in ("best", "close") and data["verdict"]["text"]
    assert max(a["playouts"] for a in data["actions"]) == data["verdict"]["playouts"] <= 60


def test_the_description_is_printed_first(run, tmp_path):
    doc = json.loads(LAST_TRICK.read_text())
    doc["description"] = "The last trick: which card?"
    path = tmp_path / "described.json"
    path.write_text(json.dumps(doc))
    assert run("analyze", str(path), "--playouts", "5").out.startswith("The last trick: which card?\n")


@pytest.mark.parametrize("path", ["horlogerie/positions/empty_mission_deck.json",
                                  "master_of_rules/positions/support_right_all_3p.json"])
def test_chance_positions_are_explained(run, path):
    r = run("analyze", str(Path(rl.__file__).parent / path), "--playouts", "5")
    assert r.code == 0 and "illustrates a rule" in r.out and "Chance moves next" in r.out


def test_a_cpu_stop_is_reported_with_the_way_to_reproduce_it(run):
    r = run("analyze", str(LAST_TRICK), "--playouts", "100000", "--cpu", "0.3", "--policy", "random")
    assert "The CPU limit (0.3 s) stopped the playouts" in r.out and "--cpu 0' gives exactly this result" in r.out


def test_policies_give_different_rankings_each_reproducible(run):
    outs = {p: run("analyze", str(LAST_TRICK), "--playouts", "40", "--seed", "1", "--policy", p).out
            for p in ("random", "heuristic")}
    assert _ranking(outs["random"]) != _ranking(outs["heuristic"])
    again = run("analyze", str(LAST_TRICK), "--playouts", "40", "--seed", "1", "--policy", "random")
    assert again.out == outs["random"]


@pytest.mark.parametrize("bad", ["greedy", "Heuristic", ""])
def test_unknown_policy_is_one_line_exit_2(run, bad):
    r = run("analyze", str(LAST_TRICK), "--policy", bad)
    assert r.code == 2
    assert r.err == (f"ratgames: error: argument --policy: invalid choice: {bad!r} "
                     "(choose from 'random', 'heuristic', 'mix')\n")
    assert r.out == ""


def test_match_file_cursor_is_respected(tmp_path):
    match = _match(steps=40)
    match.goto(10)
    while match.state.current_player == rl.CHANCE:
        match.goto(match.cursor + 1)
    match.save(tmp_path / "m.json")
    game, state = load_position_file(tmp_path / "m.json")
    assert state == match.state
    assert game.players == 4


def _write(tmp_path, data) -> str:
    path = tmp_path / "bad.json"
    path.write_text(data if isinstance(data, str) else json.dumps(data))
    return str(path)


@pytest.mark.parametrize("make, field", [
    (lambda s: {"game": "master_of_rules", "players": 4, "position": {**s, "round": 7}}, "'position.round'"),
    (lambda s: {"game": "master_of_rules", "players": 4,
                "position": {**s, "display": {**s["display"], "numbers": s["display"]["numbers"] + ["R1"]}}},
     "duplicated card R1"),
    (lambda s: {"game": "master_of_rules", "players": 4, "position": {k: v for k, v in s.items() if k != "phase"}},
     "'position.phase': missing"),
    (lambda s: {"game": "master_of_rules", "players": 3, "position": s}, "'position.players'"),
    (lambda s: {"game": "master_of_rules", "players": 9, "position": s}, "'players'"),
    (lambda s: {"game": "chess", "players": 2, "position": s}, "'game': unknown game 'chess'"),
    (lambda s: {"game": "master_of_rules", "position": s}, "'players': missing"),
    (lambda s: {"format": "ratgames_lab.position/9", "game": "master_of_rules", "players": 4, "position": s},
     "'format': unknown format"),
    (lambda s: {"hello": 1}, "'format': unknown format None"),
    (lambda s: [s], "'file': a position file must be a JSON object"),
    (lambda s: "{not json", "'file': not valid JSON"),
    (lambda s: {**s, "transaction": -1}, "'transaction'"),
    (lambda s: {"format": "ratgames_lab.match/1", "game": "master_of_rules", "players": 4, "seed": 0,
                "actions": [{"kind": "fly"}]}, "'actions[0].action.kind'"),
])
def test_malformed_files_name_the_field_and_exit_2(run, tmp_path, make, field):
    state_json = _match().state.to_json()
    r = run("analyze", _write(tmp_path, make(state_json)))
    assert r.code == 2
    assert r.err.startswith("ratgames: error: invalid position, field ")
    assert field in r.err
    assert "Traceback" not in r.err


def test_a_finished_game_has_nothing_to_analyze(run, tmp_path):
    match = _match(players=5, steps=10_000)
    assert match.state.is_terminal()
    match.save(tmp_path / "over.json")
    r = run("analyze", str(tmp_path / "over.json"))
    assert r.code == 2 and "the game in this position is over" in r.err


def test_a_chance_node_is_analysed_or_explained_never_refused(run, tmp_path):
    match = _match(stop_at_decision=False, steps=0)
    while match.state.current_player != rl.CHANCE:
        match.apply(match.state.legal_actions()[0])
    match.save(tmp_path / "chance.json")
    r = run("analyze", str(tmp_path / "chance.json"), "--playouts", "5")
    assert r.code == 0 and "Chance moves next" in r.out


def test_a_perfect_information_game_is_not_said_to_resample_hidden_cards(run, monkeypatch):
    import dataclasses
    monkeypatch.setitem(rl.GAMES, "master_of_rules", dataclasses.replace(rl.GAMES["master_of_rules"],
                                                                         information="perfect"))
    out = run("analyze", str(LAST_TRICK), "--playouts", "5").out
    assert "nothing is hidden in this game" in out and "hidden cards resampled" not in out


def test_the_progress_bar_shows_only_on_a_terminal():
    import io

    from ratgames_lab import analyze_cli

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    update, close = analyze_cli.progress_bar(io.StringIO())
    assert update is None
    screen = Terminal()
    update, close = analyze_cli.progress_bar(screen)
    update(5, 10)
    close()
    assert "5/10" in screen.getvalue() and "playouts/option" in screen.getvalue()
