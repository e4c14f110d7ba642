"""``--variant`` and ``--option KEY=VALUE`` on play, simulate and bench."""
from __future__ import annotations

import json

from ratgames_lab.core.simulate import simulate_games


def test_bench_the_combined_variant(run):
    r = run("bench", "catan", "--variant", "combined", "--players", "3", "--seconds", "0.3", "--json")
    assert r.code == 0, r.err
    data = json.loads(r.out)
    assert data["options"] == {"variant": "combined"}
    assert data["results"][0]["games"] >= 1 and data["results"][0]["us_per_action"] > 0


def test_simulate_passes_options_to_every_game(run):
    r = run("simulate", "catan", "--variant", "combined", "--option", "vp_target=20", "--players", "3",
            "--games", "2", "--bots", "random", "--json")
    assert r.code == 0, r.err
    expected = simulate_games("catan", 3, 2, bots=["random"] * 3, variant="combined", vp_target=20).to_json()
    assert json.loads(r.out) == json.loads(json.dumps(expected))


def test_a_bad_option_is_one_error_line(run):
    for argv, words in ((("--option", "vp_target=21", "--variant", "combined"), "vp_target=21"),
                        (("--option", "vp_target=20"), "combined variant"),
                        (("--option", "novalue"), "KEY=VALUE"),
                        (("--variant", "seafarers"), "variant")):
        r = run("bench", "catan", "--seconds", "0.1", *argv)
        assert r.code == 2
        lines = r.err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("ratgames: error: ") and words in lines[0], r.err


def test_play_the_combined_variant_in_the_terminal(run):
    r = run("play", "catan", "--variant", "combined", "--players", "3", "--bots", "random", stdin="1\n1\nq\n")
    assert r.code == 0, r.err
    assert "setup" in r.out.lower()
