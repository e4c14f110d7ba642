"""Student bots and tournaments: a few lines of Python make a bot, seats rotate, a failing bot forfeits only its
game with a one-line reason, same seed same table, results resume from their file, ratings follow the results."""
from __future__ import annotations

import time

import pytest

import ratgames_lab as rl
from ratgames_lab.core.ratings import rate_games
from ratgames_lab.core.student_bots import BotForfeit, as_bot
from ratgames_lab.core.tournament import Tournament, run_tournament, seating
from ratgames_lab.cli import main


def first_legal(view, legal_actions, rng):
    """The simplest student bot: the first legal action."""
    return legal_actions[0]


def random_choice(view, legal_actions, rng):
    return rng.choice(legal_actions)


@pytest.mark.parametrize("game", sorted(rl.GAMES))
def test_a_student_bot_plays_a_tournament_in_every_game(game):
    players = min(rl.GAMES[game].players)
    bots = [first_legal] + ["random"] * (players - 1)
    t = run_tournament(game, bots, games=players, seed=5, players=players, time_limit=None)
    assert len(t.records) == players and not t.forfeits()
    rows = {s.name: s for s in t.standings()}
    assert rows["first_legal"].games == players
    assert all(sum(r.returns) <= 1 + 1e-9 for r in t.records), "one win shared at most (a capped game: none)"


def test_every_bot_plays_every_seat_equally():
    counts = {}
    for i in range(12):
        for seat, entrant in enumerate(seating(i, 3, 4)):
            counts[entrant, seat] = counts.get((entrant, seat), 0) + 1
    assert set(counts.values()) == {4} and len(counts) == 12


def _forfeit_line(bot, game="master_of_rules"):
    t = run_tournament(game, [bot, "random", "random"], games=3, seed=11, time_limit=0.3)
    lines = t.forfeits()
    return t, lines


def crashes(view, legal_actions, rng):
    raise ZeroDivisionError("division by zero in my strategy")


def illegal(view, legal_actions, rng):
    return "play the red 7"


def slow(view, legal_actions, rng):
    time.sleep(5)
    return legal_actions[0]


def loops(view, legal_actions, rng):
    while True:
        pass


@pytest.mark.parametrize("bot, reason", [
    (crashes, "raised ZeroDivisionError: division by zero in my strategy"),
    (illegal, "returned 'play the red 7', which is not a legal action here"),
    (slow, "took longer than its 0.3 s per decision"),
    (loops, "took longer than its 0.3 s per decision"),
])
def test_each_failure_forfeits_that_game_only_with_one_line(bot, reason):
    start = time.monotonic()
    t, lines = _forfeit_line(bot)
    assert time.monotonic() - start < 30, "a bot past its time is stopped, not waited for"
    assert len(t.records) == 3, "the tournament goes on"
    assert len(lines) == 3, lines  # the bot fails in every game it plays
    for line, record in zip(lines, t.records):
        assert "\n" not in line and line.startswith(f"{bot.__name__} (seat ")
        assert f"forfeits game {record.seed}: {reason}" in line
        seat = record.seats.index(0)
        assert record.returns[seat] == 0 and sum(record.returns) == pytest.approx(1)
    assert {s.name: s for s in t.standings()}[bot.__name__].forfeits == 3


def test_same_seed_same_table_and_another_seed_differs():
    one = run_tournament("rattus", [random_choice, "heuristic", "random"], games=6, seed=2)
    two = run_tournament("rattus", [random_choice, "heuristic", "random"], games=6, seed=2)
    assert one.table() == two.table() and one.records == two.records
    other = run_tournament("rattus", [random_choice, "heuristic", "random"], games=6, seed=3)
    assert other.records != one.records


def test_results_resume_from_their_file(tmp_path):
    path = tmp_path / "class.jsonl"
    bots = [random_choice, "random", "heuristic"]
    first = run_tournament("horlogerie", bots, games=4, seed=7, results=path)
    assert len(first.records) == 4
    played = []
    resumed = Tournament("horlogerie", bots, 7, seed=7)
    resumed.run(path, on_record=played.append)
    assert [r.index for r in played] == [4, 5, 6], "only the missing games are played"
    straight = run_tournament("horlogerie", bots, games=7, seed=7)
    assert resumed.records == straight.records and resumed.table() == straight.table()
    with pytest.raises(ValueError, match="another tournament"):
        Tournament("horlogerie", bots, 7, seed=8).run(path)


def test_rating_of_a_bot_that_always_wins():
    games = [((0, 1, 2), (1.0, 0.0, 0.0)) if i % 3 == 0 else ((i % 3, (i + 1) % 3, (i + 2) % 3),
             tuple(1.0 if e == 0 else 0.0 for e in ((i % 3), (i + 1) % 3, (i + 2) % 3))) for i in range(30)]
    (mu0, s0), (mu1, s1), (mu2, s2) = rate_games(3, games)
    assert mu0 > 25 > max(mu1, mu2), "the winner rises above the start (25), the others fall below it"
    assert s0 < 25 / 3, "sigma shrinks with evidence"
    assert mu0 - 3 * s0 > mu1 - 3 * s1


def test_a_bot_returning_a_move_only_legal_in_its_world_forfeits():
    class Stale:
        """Keeps the first view's actions: in a later decision they are no longer legal."""
        name = "stale"
        memory = None

        def choose(self, view, rng):
            if self.memory is None:
                self.memory = view.legal_actions()[0]
            return self.memory

    bot = as_bot(Stale(), "master_of_rules")
    state = rl.load_game("master_of_rules", players=3, seed=1).new_state()
    from ratgames_lab.core.student_bots import decide
    import random
    with pytest.raises(BotForfeit):
        for _ in range(200):
            if state.current_player < 0:
                state.apply(state.sample_chance(random.Random(0)))
            else:
                state.apply(decide(bot, state, random.Random(0), random.Random(1)))


def test_the_cli_runs_a_tournament_with_a_bot_file(tmp_path, capsys):
    bot = tmp_path / "mine.py"
    bot.write_text("def choose(view, legal_actions, rng):\n    return legal_actions[-1]\n")
    assert main(["tournament", "horlogerie", "--bots", f"{bot}:choose", "heuristic", "random", "--games", "3",
                 "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "choose" in out and "95% interval" in out and "rating" in out
    assert main(["tournament", "horlogerie", "--bots", f"{tmp_path / 'none.py'}:choose", "random"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"ratgames: error: bot file '{tmp_path / 'none.py'}' does not exist"]


def test_win_rates_from_the_view_help_a_bot_and_never_peek():
    from ratgames_lab.core.student_bots import win_rates_from
    import random
    state = rl.load_game("master_of_rules", players=3, seed=2).new_state()
    while state.current_player < 0:
        state.apply(state.sample_chance(random.Random(1)))
    view = rl.seat_view(state, random.Random(5))
    rates = win_rates_from(view, playouts=8, rng=random.Random(3))
    assert set(rates) == set(view.legal_actions()) and all(0 <= r <= 1 for r in rates.values())
    assert rates == win_rates_from(view, playouts=8, rng=random.Random(3)), "same seed, same answer"

    def greedy(view, legal_actions, rng):
        """A student's bot built on the helper: the move with the best quick win rate."""
        scores = win_rates_from(view, playouts=2, rng=rng)
        return max(legal_actions, key=lambda a: scores[a])

    t = run_tournament("master_of_rules", [greedy, "random", "random"], games=3, seed=1)
    assert not t.forfeits()
