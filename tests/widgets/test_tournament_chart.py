"""The tournament chart shows each bot's win rate and its 95% interval, in the table's order."""
from __future__ import annotations

from ratgames_lab.core.tournament import run_tournament
from ratgames_lab.widgets.tournament_chart import tournament_chart


def test_the_chart_draws_the_table():
    t = run_tournament("horlogerie", ["random", "optimal", "threshold"], games=6, seed=2)
    fig = tournament_chart(t)
    bars, intervals = fig.marks
    rows = t.standings()
    assert list(bars.x) == [s.name for s in rows]
    assert list(bars.y) == [s.win_rate for s in rows]
    assert [list(v) for v in intervals.y] == [[s.low, s.high] for s in rows]
    assert "6 games" in fig.title
