"""The survival gauge: P(surviving the plague) for each rat total, the player's own total marked, drawn with bqplot.

The numbers come from the game's exact odds (``survival_table`` of ``player_row_distribution``): the nun row's
total given everything this player has seen (own cards, public cards, own looks at the row).
"""
from __future__ import annotations

from fractions import Fraction

import bqplot as bq
import ipywidgets as w

from .common.theme import esc


class SurvivalGauge:
    """A bar per rat total (chance to survive with that many rats) and a marker on the player's rats."""

    def __init__(self) -> None:
        self.value: Fraction | None = None
        self.table: dict[int, Fraction] = {}
        self.x_scale = bq.LinearScale(min=-0.5, allow_padding=False)
        self.y_scale = bq.LinearScale(min=0.0, max=1.0, allow_padding=False)
        self.bars = bq.Bars(x=[], y=[], scales={"x": self.x_scale, "y": self.y_scale}, colors=["#9fb3c8"],
                            padding=0.15, tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"],
                                                             labels=["rats", "chance to survive"]))
        self.dot = bq.Scatter(x=[], y=[], scales={"x": self.x_scale, "y": self.y_scale}, colors=["#d64545"],
                              default_size=140, stroke="#102a43")
        self.label = bq.Label(x=[], y=[], text=[], scales={"x": self.x_scale, "y": self.y_scale},
                              colors=["#102a43"], font_weight="bolder", default_size=15, y_offset=-14, align="middle")
        self.x_axis = bq.Axis(scale=self.x_scale, label="rats", tick_format="d")
        y_axis = bq.Axis(scale=self.y_scale, side="left", tick_format=".0%", tick_values=[0, 0.25, 0.5, 0.75, 1],
                         label="chance to survive")
        self.figure = bq.Figure(marks=[self.bars, self.dot, self.label], axes=[self.x_axis, y_axis],
                                fig_margin={"top": 18, "bottom": 38, "left": 58, "right": 10},
                                layout=w.Layout(width="100%", height="210px"))
        self.title = w.HTML()
        self.widget = w.VBox([self.title, self.figure])
        self.widget.add_class("rc-gauge")

    def show(self, who: str, rats: int, table: dict[int, Fraction], looks: int) -> None:
        """Draw ``table`` (rats → P(survive)) and mark ``rats``."""
        self.table = dict(table)
        self.value = table[rats]
        xs = sorted(table)
        self.x_scale.max = xs[-1] + 0.5
        self.x_axis.tick_values = list(range(0, xs[-1] + 1, 5 if xs[-1] > 20 else 2))
        with self.bars.hold_sync():
            self.bars.x = xs
            self.bars.y = [float(table[r]) for r in xs]
        with self.dot.hold_sync():
            self.dot.x = [rats]
            self.dot.y = [float(self.value)]
        with self.label.hold_sync():
            self.label.x = [rats]
            self.label.y = [float(self.value)]
            self.label.text = [f"you: {float(self.value):.0%}"]
        seen = (f"your {looks} look{'s' if looks != 1 else ''} at the row and " if looks else "")
        self.title.value = (f'<div class="rg-section">Survival gauge · {esc(who)}</div>'
                            f'<div class="rc-gauge-big">With <b>{rats}</b> rats: <b>{float(self.value):.1%}</b> '
                            f'chance to survive the plague <span class="rg-muted">(exactly {self.value})</span></div>'
                            f'<div class="rg-note">Exact, from {seen}every card you have seen: the hidden row cards '
                            f'are any of the cards you have not seen. Bars: the chance with other rat totals.</div>')

    def clear(self, text: str) -> None:
        """No gauge (no human seat, or rats hidden)."""
        self.value = None
        self.table = {}
        self.bars.x, self.bars.y = [], []
        self.dot.x, self.dot.y = [], []
        self.label.x, self.label.y, self.label.text = [], [], []
        self.title.value = f'<div class="rg-section">Survival gauge</div><div class="rg-note">{esc(text)}</div>'


__all__ = ["SurvivalGauge"]
