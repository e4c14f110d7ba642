"""CLI bounds and wording: one-line errors, --games/--processes limits, GAME help, shared wins, the analysed
hand, Rattus colours, the Monk's grouped menu and how many cubes a placement puts."""
from __future__ import annotations

import json
import random

import pytest

import ratgames_lab as rl
from ratgames_lab import cli


@pytest.mark.parametrize("argv", [
    [], ["fly"], ["play", "chess"], ["simulate", "master_of_rules", "--games", "x"], ["list", "--verbose"],
    ["app", "rattus", "--students", "0"], ["analyze"],
])
def test_usage_errors_are_one_line(run, argv):
    r = run(*argv)
    assert r.code == 2
    assert r.err.count("\n") == 1 and r.err.startswith("ratgames: error: "), r.err
    assert "usage:" not in r.err + r.out


def test_games_are_bounded_and_no_seed_list_is_built(run):
    r = run("simulate", "master_of_rules", "--games", "1000000000000")
    assert r.code == 2
    assert r.err == ("ratgames: error: argument --games: 1000000000000 is out of range: give a number from 1 "
                     "to 1000000\n")


def test_processes_are_capped_by_the_cores(run, monkeypatch):
    monkeypatch.setattr(cli, "_cores", lambda: 2)
    r = run("simulate", "master_of_rules", "--games", "2", "--processes", "32")
    assert r.code == 2
    assert r.err.startswith("ratgames: error: argument --processes: 32 is out of range: give 1 to 2 "
                            "(this computer has 2 cores")
    assert run("simulate", "master_of_rules", "--games", "2", "--processes", "2").code == 0


def test_simulate_seeds_are_a_range():
    from ratgames_lab.core.simulate import simulate_games
    result = simulate_games("master_of_rules", 3, 3, seed=10, bots=["random"] * 3)
    assert sum(result.wins) == pytest.approx(3)


@pytest.mark.parametrize("command", ["play", "simulate", "bench", "app"])
def test_game_has_help_text(run, command):
    r = run(command, "--help")
    assert r.code == 0
    assert "GAME                  game name (see 'ratgames list')" in r.out or \
        "GAME        game name (see 'ratgames list')" in r.out or "game name (see 'ratgames list')" in r.out
    positional = r.out.split("positional arguments:", 1)[1].split("options:", 1)[0]
    assert "GAME" in positional and "game name (see 'ratgames list')" in positional


def test_simulate_says_shared_wins_are_split(run):
    r = run("simulate", "master_of_rules", "--players", "3", "--games", "3")
    assert r.code == 0
    assert "a shared win is split between the winners (2 winners get 0.5 each)" in r.out


def test_analyze_shows_the_hand_of_the_player_to_move(run, tmp_path):
    game = rl.load_game("master_of_rules", players=4, seed=5)
    state = game.new_state()
    rng = random.Random(1)
    while state.current_player < 0:
        state.apply(state.sample_chance(rng))
    path = tmp_path / "p.json"
    path.write_text(json.dumps({"format": "ratgames_lab.position/1", "game": "master_of_rules", "players": 4,
                                "position": state.to_json()}))
    r = run("analyze", str(path), "--playouts", "2")
    assert r.code == 0, r.err
    player = state.current_player
    assert f"The hand of Player {player + 1}, who is to move:\n{state.hand_text(player)}\n" in r.out


def test_rattus_in_the_terminal_names_players_by_colour(run):
    r = run("play", "rattus", "--players", "3", "--seat", "2", "--seed", "4", stdin="1\n" * 3000)
    assert r.code == 0, r.err
    assert r.out.startswith("Rattus, 3 players, seed 4. You are Yellow (seat 2); bots: Red (seat 1) = heuristic, "
                            "Green (seat 3) = heuristic.\n")
    assert "=== Your turn (Yellow) ===" in r.out
    assert "Player 1" not in r.out and "Player 2" not in r.out and "Player 3" not in r.out
    assert "=== Game over ===" in r.out
    last = r.out.rsplit("=== Game over ===", 1)[1]
    assert "Scores: Red " in last and "Yellow (you) " in last
    winner_line = next(line for line in last.splitlines() if line.startswith(("Winner: ", "Shared win: ")))
    assert any(colour in winner_line for colour in ("Red", "Yellow", "Green"))


def _monk_position():
    """A seeded Rattus position where the player to move may use the Monk (about 70 Monk moves)."""
    game = rl.load_game("rattus", players=4, seed=3)
    state = game.new_state()
    rng = random.Random(3)
    while True:
        if state.current_player < 0:
            state.apply(state.sample_chance(rng))
            continue
        actions = state.legal_actions()
        if sum(a.kind == "monk" for a in actions) >= 40:
            return state, actions
        state.apply(rng.choice(actions))


def test_the_monk_is_chosen_in_two_steps_token_then_region():
    state, actions = _monk_position()
    monk = [a for a in actions if a.kind == "monk"]
    groups = cli.menu_groups(actions)
    assert len(groups) < len(actions) // 2
    assert sorted(map(str, (a for g in groups for a in g))) == sorted(map(str, actions))  # each action once
    monk_groups = [g for g in groups if g[0].kind == "monk"]
    assert sum(len(g) for g in monk_groups) == len(monk) and all(len(g) > 1 for g in monk_groups)
    first = monk_groups[0]
    assert {(a.source, a.slot) for a in first} == {(first[0].source, first[0].slot)}
    assert cli.group_label(first) == (f"Monk: move rat token #{first[0].slot + 1} from {first[0].source} to … "
                                      f"({len(first)} choices)")
    # in the terminal: the token (its group), 0 goes back, then the region
    import io
    k = groups.index(first) + 1
    out = io.StringIO()
    chosen = cli._choose_action(state, state.current_player, actions, io.StringIO(f"{k}\n0\n{k}\n2\n"), out)
    assert chosen == first[1]
    text = out.getvalue()
    assert f"  {k}) {cli.group_label(first)}\n" in text and "  0) back to the list\n" in text
    assert text.count("Your choice (1-") == 2 and text.count("Your choice (0-") == 2
    assert len([line for line in text.splitlines() if line.startswith("  ") and ") " in line]) < 2 * len(actions)


def test_place_cubes_says_how_many(run):
    state, actions = _monk_position()
    me = state.current_player
    rng = random.Random(0)
    for action in (a for a in actions if a.kind == "place"):
        effect = cli.action_effect(state, me, action, rng)
        rats = state.observation(me)["regions"][action.region]["rats"]
        assert effect is not None and f" in {action.region} " in effect and "places " in effect
        count = int(effect.split("places ", 1)[1].split()[0])
        assert count >= 1 and f"({rats} rat token" in effect
    # a label that already has its numbers gets no effect text, and nothing hidden is previewed
    monk = next(a for a in actions if a.kind == "monk")
    assert cli.action_effect(state, me, monk, rng) is None
