"""OddsPanel: exact probabilities as grouped bqplot bars (percent labels) plus a table of the exact fractions."""
from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Sequence

import bqplot as bq
import ipywidgets as w

from ratgames_lab.core.i18n import format_percent

from .theme import esc
from .translate import _


class OddsPanel:
    """Bars: one group per category (e.g. a card in hand), one bar per series (e.g. a rule) in that group."""

    def __init__(self, y_label: str | None = None, colors: Sequence[str] | None = None):
        self.colors = list(colors or ["#2bb0ed", "#f0b429", "#3ebd93", "#e12d39", "#8662c7"])
        self.x_scale = bq.OrdinalScale()
        self.y_scale = bq.LinearScale(min=0.0, max=1.0)
        self.bars = bq.Bars(x=[], y=[], scales={"x": self.x_scale, "y": self.y_scale}, type="grouped",
                            colors=self.colors, labels=[], padding=0.2, label_display_format=".0%",
                            label_font_style={"font-size": "13px", "font-weight": "600"},
                            label_display_vertical_offset=-12,  # above the bar
                            tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"], labels=["", _("chance")]))
        self.x_axis = bq.Axis(scale=self.x_scale, label="", tick_style={"font-size": "14px"})
        self.y_axis = bq.Axis(scale=self.y_scale, side="left", label=_("Probability") if y_label is None else y_label, tick_format=".0%",
                              grid_lines="dashed", tick_style={"font-size": "13px"})
        self.figure = bq.Figure(marks=[self.bars], axes=[self.x_axis, self.y_axis], title="",
                                layout=w.Layout(width="100%", min_width="360px", height="320px"),
                                fig_margin={"top": 40, "bottom": 50, "left": 60, "right": 20},
                                title_style={"font-size": "16px"})
        self.busy = w.HTML()
        self.note = w.HTML()
        self.legend = w.HTML()
        self.table = w.HTML()
        # the chart is on the page only while its tab is shown (a bqplot figure laid out in a hidden tab logs
        # negative sizes); it joins when the tab is selected, before the odds are computed; no axes without data
        self.chart = w.VBox()
        self.visible = True
        self.widget = w.VBox([self.busy, self.note, self.legend, self.chart, self.table])
        self.series: dict[str, list[Fraction]] = {}
        self.categories: list[str] = []
        self.y_label = y_label
        self.exact_note: str | None = None

    def relabel(self) -> None:
        """The chart's words in the current language; the odds shown go (the dashboard computes them again)."""
        self.y_axis.label = _("Probability") if self.y_label is None else self.y_label
        self.bars.tooltip.labels = ["", _("chance")]
        self.clear("")

    def show(self, title: str, categories: Sequence[str], series: Mapping[str, Sequence[Fraction]],
             x_label: str = "", note: str = "", colors: Sequence[str] | None = None,
             exact_note: str | None = None) -> None:
        """Draw ``series[name][i]`` = probability for ``categories[i]``; exact values go to the table (under
        ``exact_note``, default: the percentage, the fraction, the best card of each row in bold)."""
        self.exact_note = exact_note
        self.categories = list(categories)
        self.series = {k: list(v) for k, v in series.items()}
        names = list(self.series)
        palette = list(colors or self.colors)[: max(1, len(names))]
        with self.bars.hold_sync():
            self.x_scale.domain = self.categories
            self.bars.x = self.categories
            self.bars.y = [[float(p) for p in self.series[n]] for n in names] if names else []
            self.bars.labels = names
            self.bars.colors = palette
            self.bars.label_display = len(names) * len(self.categories) <= 12  # more would overlap
        self.figure.title = title
        self._place()
        self.x_axis.label = x_label
        self.note.value = f'<div class="rg-note">{esc(note)}</div>' if note else ""
        self.legend.value = "".join(f'<span class="rg-key"><i style="background:{c}"></i>{esc(n)}</span>'
                                    for n, c in zip(names, palette))
        self.table.value = self._table(names)

    def clear(self, note: str) -> None:
        """No odds to show now; say why."""
        self.categories, self.series = [], {}
        with self.bars.hold_sync():
            self.bars.x, self.bars.y, self.bars.labels = [], [], []
        self.figure.title = ""
        self._place()
        self.legend.value = ""
        self.note.value = f'<div class="rg-note">{esc(note)}</div>' if note else ""
        self.table.value = ""

    def set_visible(self, visible: bool) -> None:
        """Whether the panel's tab is shown (the chart leaves the page while it is not)."""
        self.visible = visible
        self._place()

    def _place(self) -> None:
        wanted = (self.figure,) if self.visible else ()
        if self.chart.children != wanted:
            self.chart.children = wanted
        shown = bool(self.categories)
        if self.x_axis.visible != shown:
            self.x_axis.visible = self.y_axis.visible = shown

    def computing(self, on: bool = True) -> None:
        """Say that the exact odds are being computed (they can take a few seconds), or stop saying it."""
        busy = _("Computing the exact odds… (a few seconds the first time)")
        self.busy.value = f'<div class="rg-msg rg-msg-info">{esc(busy)}</div>' if on else ""

    def _table(self, names: list[str]) -> str:
        if not names:
            return ""
        head = "".join(f"<th>{esc(c)}</th>" for c in self.categories)
        rows = []
        for n in names:
            best = max(self.series[n])
            cells = "".join(f'<td{" class=rg-best" if p == best and p > 0 else ""}>{_fraction(p)}</td>'
                            for p in self.series[n])
            rows.append(f"<tr><th>{esc(n)}</th>{cells}</tr>")
        exact = self.exact_note or _("Exact values: the percentage and the fraction it comes from (best card for "
                                     "each row in bold).")
        return (f'<div class="rg-note">{esc(exact)}</div>'
                f'<table class="rg-exact"><tr><th></th>{head}</tr>{"".join(rows)}</table>')


def _fraction(p: Fraction) -> str:
    """'37.5%' over a small '3/8' (exact fraction)."""
    p = Fraction(p)
    exact = str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"
    return f'{esc(format_percent(float(p)))}<br><span class="rg-frac">{exact}</span>'
