"""The survival gauge: P(surviving the plague) for each rat total, the player's own total marked, drawn with bqplot.

The numbers come from the game's exact odds (``survival_table`` of ``player_row_distribution``): the nun row's
total given everything this player has seen (own cards, public cards, own looks at the row).
"""
from __future__ import annotations

from fractions import Fraction

import bqplot as bq
import ipywidgets as w

from ratgames_lab.core.i18n import format_percent

from .common.theme import esc
from .common.translate import _, ngettext


class SurvivalGauge:
    """A bar per rat total (chance to survive with that many rats) and a marker on the player's rats."""

    def __init__(self) -> None:
        self.value: Fraction | None = None
        self.table: dict[int, Fraction] = {}
        self.x_scale = bq.LinearScale(min=-0.5, allow_padding=False)
        self.y_scale = bq.LinearScale(min=0.0, max=1.0, allow_padding=False)
        self.bars = bq.Bars(x=[], y=[], scales={"x": self.x_scale, "y": self.y_scale}, colors=["#9fb3c8"],
                            padding=0.15, tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"]))
        self.dot = bq.Scatter(x=[], y=[], scales={"x": self.x_scale, "y": self.y_scale}, colors=["#d64545"],
                              default_size=140, stroke="#102a43")
        self.label = bq.Label(x=[], y=[], text=[], scales={"x": self.x_scale, "y": self.y_scale},
                              colors=["#102a43"], font_weight="bolder", default_size=15, y_offset=-14, align="middle")
        self.x_axis = bq.Axis(scale=self.x_scale, tick_format="d")
        self.y_axis = bq.Axis(scale=self.y_scale, side="left", tick_format=".0%", tick_values=[0, 0.25, 0.5, 0.75, 1])
        self.figure = bq.Figure(marks=[self.bars, self.dot, self.label], axes=[self.x_axis, self.y_axis],
                                fig_margin={"top": 18, "bottom": 38, "left": 58, "right": 10},
                                layout=w.Layout(width="100%", height="210px"))
        self.title = w.HTML()
        self.widget = w.VBox([self.title, self.figure])
        self.widget.add_class("rc-gauge")
        self.relabel()

    def relabel(self) -> None:
        """The chart's words in the current language (the next ``show`` or ``clear`` redraws the rest)."""
        self.bars.tooltip.labels = [_("rats"), _("chance to survive")]
        self.x_axis.label = _("rats")
        self.y_axis.label = _("chance to survive")

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
            self.label.text = [_("you: {chance}").format(chance=format_percent(float(self.value), 0))]
        title = _("Survival gauge · {player}").format(player=who)
        big = ngettext("With <b>{n}</b> rat: <b>{chance}</b> chance to survive the plague",
                       "With <b>{n}</b> rats: <b>{chance}</b> chance to survive the plague", rats).format(
            n=rats, chance=esc(format_percent(float(self.value), 1)))
        exactly = _("(exactly {fraction})").format(fraction=self.value)
        note = (ngettext("Exact, from your {n} look at the row and every card you have seen: the hidden row cards are "
                         "any of the cards you have not seen. Bars: the chance with other rat totals.",
                         "Exact, from your {n} looks at the row and every card you have seen: the hidden row cards are "
                         "any of the cards you have not seen. Bars: the chance with other rat totals.", looks)
                if looks else _("Exact, from every card you have seen: the hidden row cards are any of the cards you "
                                "have not seen. Bars: the chance with other rat totals.")).format(n=looks)
        self.title.value = (f'<div class="rg-section">{esc(title)}</div>'
                            f'<div class="rc-gauge-big">{big} <span class="rg-muted">{esc(exactly)}</span></div>'
                            f'<div class="rg-note">{esc(note)}</div>')

    def clear(self, text: str) -> None:
        """No gauge (no human seat, or rats hidden)."""
        self.value = None
        self.table = {}
        self.bars.x, self.bars.y = [], []
        self.dot.x, self.dot.y = [], []
        self.label.x, self.label.y, self.label.text = [], [], []
        title = _("Survival gauge")
        self.title.value = f'<div class="rg-section">{esc(title)}</div><div class="rg-note">{esc(text)}</div>'


__all__ = ["SurvivalGauge"]
