"""``ratgames simulate`` and ``ratgames bench``."""
from __future__ import annotations

import json
import re

import pytest

from ratgames_lab.core.simulate import simulate_games


def test_simulate_json_is_simulate_games(run):
    r = run("simulate", "master_of_rules", "--players", "3", "--games", "6", "--seed", "5", "--bots", "random",
            "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    expected = simulate_games("master_of_rules", 3, 6, seed=5, bots=["random"] * 3).to_json()
    assert data == json.loads(json.dumps(expected))
    assert sum(data["wins"]) == pytest.approx(6)
    assert data["bots"] == ["random"] * 3


def test_simulate_table(run):
    r = run("simulate", "master_of_rules", "--players", "4", "--games", "8", "--seed", "1",
            "--bots", "random", "heuristic", "random", "random")
    assert r.code == 0, r.err
    result = simulate_games("master_of_rules", 4, 8, seed=1, bots=["random", "heuristic", "random", "random"])
    assert "Master of Rules: 4 players, 8 games (seeds 1..8)" in r.out
    rows = re.findall(r"^(Player \d)\s+(\w+)\s+([\d.]+)\s+([\d.]+)%\s+([\d.]+)$", r.out, re.M)
    assert [row[1] for row in rows] == ["random", "heuristic", "random", "random"]
    for p, row in enumerate(rows):
        assert row[2] == f"{result.wins[p]:.1f}"
        assert row[3] == f"{100 * result.win_rates()[p]:.1f}"
        assert row[4] == f"{result.mean_scores[p]:.2f}"
    assert f"Mean game length: {result.mean_length:.1f} actions" in r.out


def test_simulate_processes_give_the_same_statistics(run):
    one = json.loads(run("simulate", "master_of_rules", "--players", "5", "--games", "4", "--json").out)
    two = json.loads(run("simulate", "master_of_rules", "--players", "5", "--games", "4", "--json",
                         "--processes", "2").out)
    assert one["wins"] == two["wins"] and one["mean_scores"] == two["mean_scores"]
    assert one["mean_length"] == two["mean_length"]


def test_bench_every_player_count(run):
    r = run("bench", "master_of_rules", "--seconds", "0.05")
    assert r.code == 0, r.err
    lines = r.out.strip().splitlines()
    assert len(lines) == 3
    for n, line in zip((3, 4, 5), lines):
        m = re.match(rf"master_of_rules\s+{n} players:\s+([\d.]+) games per CPU-second,\s+([\d.]+) CPU µs/action "
                     rf".*CPU-s, .* s wall clock\); clone\(\) ([\d.]+) µs$", line)
        assert m, line
        assert all(float(x) > 0 for x in m.groups())


def test_bench_one_player_count_json(run):
    r = run("bench", "master_of_rules", "--players", "4", "--seconds", "0.05", "--json")
    data = json.loads(r.out)
    assert data["game"] == "master_of_rules"
    [row] = data["results"]
    assert row["players"] == 4 and row["games"] >= 1 and row["actions"] >= row["games"]
    assert row["us_per_action"] == pytest.approx(1e6 * row["seconds"] / row["actions"])
    assert row["clone_us"] > 0
    assert row["seconds"] >= 0.05 and row["wall_seconds"] > 0  # "seconds" is CPU time: at least the CPU asked for
