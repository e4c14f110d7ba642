"""A tournament's table as a bqplot chart: each bot's win rate with its 95% interval, best rated first."""
from __future__ import annotations

import bqplot as bq
import ipywidgets as w

from ratgames_lab.core.tournament import Tournament


def tournament_chart(tournament: Tournament) -> bq.Figure:
    """Bars of each bot's win rate with its 95% interval drawn as a line, in the table's order."""
    rows = tournament.standings()
    names = [s.name for s in rows]
    x = bq.OrdinalScale(domain=names)
    y = bq.LinearScale(min=0.0, max=1.0)
    bars = bq.Bars(x=names, y=[s.win_rate for s in rows], scales={"x": x, "y": y}, colors=["#5b8cc9"],
                   labels=["win rate"], display_legend=True,
                   tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"], labels=["bot", "win rate"]))
    intervals = bq.Lines(x=[[n, n] for n in names], y=[[s.low, s.high] for s in rows], scales={"x": x, "y": y},
                         colors=["#222222"] * len(names), stroke_width=3, labels=["95% interval"],
                         display_legend=False)
    games = len(tournament.records)
    return bq.Figure(marks=[bars, intervals],
                     axes=[bq.Axis(scale=x, label="bot"),
                           bq.Axis(scale=y, orientation="vertical", tick_format=".0%", label="win rate")],
                     title=f"Win rates in {games} game{'s' if games != 1 else ''} (black: 95% interval)",
                     legend_location="top-right", fig_margin={"top": 50, "bottom": 50, "left": 60, "right": 20},
                     layout=w.Layout(width="640px", height="360px"))
