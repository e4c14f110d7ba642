"""``ratgames play``: a human in the terminal against bots, driven through a stdin stream."""
from __future__ import annotations

import io
import re
import subprocess
import sys

import ratgames_lab as rl
from ratgames_lab.cli import _state_text, play_game

ALWAYS_FIRST = "1\n" * 400


def test_a_whole_game_ends_with_scores_and_winners(run):
    r = run("play", "master_of_rules", "--players", "3", "--seat", "2", "--seed", "4", stdin=ALWAYS_FIRST)
    assert r.code == 0, r.err
    assert "You are Player 2" in r.out
    assert "=== Game over ===" in r.out
    final = re.search(r"Final scores: Player 1 (\d+), Player 2 (\d+), Player 3 (\d+)\.", r.out)
    assert final, "the engine's final-score event is printed"
    scores = re.search(r"^Scores: Player 1 (\d+), Player 2 \(you\) (\d+), Player 3 (\d+)$", r.out, re.M)
    assert scores and scores.groups() == final.groups()
    best = max(map(int, scores.groups()))
    verdict = re.search(r"^(Winner|Shared win): (.*)$", r.out, re.M)
    assert verdict
    for i, s in enumerate(map(int, scores.groups()), 1):
        if s < best:
            assert f"Player {i}" not in verdict.group(2)
    assert ("You win!" in r.out) == ("Player 2 (you)" in verdict.group(2))
    assert "Traceback" not in r.out + r.err


def test_same_seed_and_answers_give_the_same_game_and_other_seeds_differ(run):
    a = run("play", "master_of_rules", "--players", "4", "--seed", "9", stdin=ALWAYS_FIRST)
    b = run("play", "master_of_rules", "--players", "4", "--seed", "9", stdin=ALWAYS_FIRST)
    c = run("play", "master_of_rules", "--players", "4", "--seed", "10", stdin=ALWAYS_FIRST)
    assert a.out == b.out
    assert a.out != c.out


def test_the_chosen_number_is_the_action_played(run):
    r = run("play", "master_of_rules", "--players", "5", "--seat", "1", "--seed", "2", stdin="3\nq\n")
    listing = r.out.split("=== Your turn (Player 1) ===", 1)[1]
    options = re.findall(r"^  (\d+)\) (.*)$", listing.split("Your choice", 1)[0], re.M)
    assert [int(n) for n, _ in options] == list(range(1, len(options) + 1))
    chosen = dict(options)["3"]
    assert chosen.startswith("Play ")
    played = chosen.replace("Play ", "Player 1 plays ", 1) + "."
    after = r.out.split("Your choice", 1)[1]
    assert played in after
    assert r.code == 0 and "You left the game." in r.out


def test_the_state_and_own_hand_are_shown_on_your_turn(run):
    r = run("play", "master_of_rules", "--players", "4", "--seat", "3", "--seed", "1", stdin="q\n")
    turn = r.out.split("=== Your turn (Player 3) ===", 1)[1]
    assert "Display:" in turn and "Table:" in turn and "Your hand:" in turn
    state = rl.load_game("master_of_rules", players=4, seed=1).new_state()
    from ratgames_lab.master_of_rules.position import hand_text
    assert hand_text(state, 2) in turn  # bots play their own cards, the human's hand is the dealt one


def test_bad_answers_get_a_message_and_a_new_prompt(run):
    r = run("play", "master_of_rules", "--players", "3", "--seed", "0", stdin="abc\n0\n999\n\n-1\nq\n")
    assert r.code == 0
    assert "'abc' is not a number" in r.out
    assert "0 is out of range" in r.out
    assert "999 is out of range" in r.out
    assert "-1 is out of range" in r.out
    assert "Type a number from 1 to" in r.out
    assert r.out.count("Your choice (1-") == 6
    assert "You left the game." in r.out
    assert " plays " not in r.out.split("=== Your turn", 1)[1]  # nothing was played after the bad answers


def test_end_of_input_stops_cleanly(run):
    r = run("play", "master_of_rules", "--players", "3", "--seed", "0", stdin="")
    assert r.code == 0
    assert "End of input: the game is stopped." in r.out
    assert "Traceback" not in r.out + r.err


class _CtrlC(io.StringIO):
    def readline(self, *args):
        raise KeyboardInterrupt


def test_ctrl_c_stops_cleanly():
    out = io.StringIO()
    code = play_game("master_of_rules", players=3, seat=1, seed=0, inp=_CtrlC(), out=out)
    assert code == 130
    assert "Interrupted: the game is stopped." in out.getvalue()


def test_bots_per_seat_are_named(run):
    r = run("play", "master_of_rules", "--players", "3", "--seat", "2", "--bots", "random", "rollout", stdin="q\n")
    assert "bots: Player 1 = random, Player 3 = rollout." in r.out


def test_default_bots_are_heuristic(run):
    r = run("play", "master_of_rules", "--players", "3", stdin="q\n")
    assert "bots: Player 2 = heuristic, Player 3 = heuristic." in r.out


class _Bare:
    """A state without describe(): the terminal falls back to the observation."""

    def observation(self, player):
        return {"player": player, "hand": ["R7"], "events": ["hidden from the summary"]}


def test_generic_state_text_without_describe():
    text = _state_text(rl.GAMES["master_of_rules"], _Bare(), 1)
    assert text.splitlines() == ['player: 1', 'hand: ["R7"]']


def test_subprocess_stdin_gives_the_same_game_as_in_process(run):
    argv = ["play", "master_of_rules", "--players", "3", "--seat", "1", "--seed", "21"]
    proc = subprocess.run([sys.executable, "-m", "ratgames_lab", *argv], input=ALWAYS_FIRST, capture_output=True,
                          text=True, timeout=300)
    assert proc.returncode == 0, proc.stderr
    assert "=== Game over ===" in proc.stdout
    assert proc.stdout == run(*argv, stdin=ALWAYS_FIRST).out
