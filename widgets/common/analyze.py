"""AnalyzePanel: estimated win rate of each legal action (evaluate_actions) as horizontal bars with 95% intervals."""
from __future__ import annotations

import sys
from typing import Callable

import bqplot as bq
import ipywidgets as w

from ratgames_lab.core.analysis import evaluate_actions

from .theme import esc


class AnalyzePanel:
    """``get_target()`` returns (state, player, who) to analyse, or a string saying why it is not possible now."""

    def __init__(self, get_target: Callable[[], object], seed: int = 0):
        self.get_target = get_target
        self.seed = seed
        self.results: list = []
        self.playouts = w.Dropdown(options=[("quick (30 playouts)", 30), ("normal (100 playouts)", 100),
                                            ("careful (300 playouts)", 300)], value=30,
                                   description="Precision", layout=w.Layout(width="270px"))
        self.button = w.Button(description="Analyze my options", button_style="info", icon="bar-chart",
                               layout=w.Layout(width="auto"))
        self.button.on_click(lambda _b: self.analyze())
        self.note = w.HTML(self._intro())
        self.rate_scale = bq.LinearScale(min=0.0, max=1.0)
        self.option_scale = bq.OrdinalScale()
        self.bars = bq.Bars(x=[], y=[], scales={"x": self.option_scale, "y": self.rate_scale},
                            orientation="horizontal", colors=["#2bb0ed"], padding=0.35,
                            tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"],
                                               labels=["option", "win rate"]))
        # horizontal bars draw options vertically: the interval lines use the same scales the other way round
        self.errors = bq.Lines(x=[], y=[], scales={"x": self.rate_scale, "y": self.option_scale}, colors=["#102a43"],
                               stroke_width=2.5)
        self.option_axis = bq.Axis(scale=self.option_scale, side="left", label="")  # the options label the bars
        self.rate_axis = bq.Axis(scale=self.rate_scale, side="bottom", label="Estimated chance to win the game",
                                 tick_format=".0%", tick_values=[0, 0.25, 0.5, 0.75, 1], grid_lines="dashed")
        self.figure = bq.Figure(marks=[self.bars, self.errors], axes=[self.option_axis, self.rate_axis],
                                title="Press the button to analyze", layout=w.Layout(width="100%", height="300px"),
                                fig_margin={"top": 50, "bottom": 50, "left": 190, "right": 30},
                                title_style={"font-size": "15px"})
        self.table = w.HTML()
        controls = w.HBox([self.button, self.playouts], layout=w.Layout(flex_flow="row wrap"))
        controls.add_class("rg-choices")
        self.widget = w.VBox([self.note, controls, self.figure, self.table])

    @staticmethod
    def _intro() -> str:
        return ('<div class="rg-note">For each option of the player to move, the computer plays many random games '
                'to the end (guessing the hidden cards, never peeking) and counts how often that player wins. '
                'The dark line is the 95% confidence interval: more playouts make it shorter.</div>'
                + ('<div class="rg-note">Python runs in your browser here, several times slower than on a computer: '
                   'an analysis takes a few seconds, longer with more playouts.</div>'
                   if sys.platform == "emscripten" else ""))

    def clear(self) -> None:
        """Forget the last analysis (the position changed)."""
        if self.results:
            self.results = []
            self.bars.x, self.bars.y = [], []
            self.errors.x, self.errors.y = [], []
            self.table.value = ""
            self.figure.title = "Press the button to analyze"
            self.note.value = self._intro()

    def analyze(self) -> list:
        """Evaluate every legal action of the target player and draw the chart; returns the ActionValues."""
        target = self.get_target()
        if isinstance(target, str):
            self.note.value = f'<div class="rg-msg rg-msg-error">{esc(target)}</div>'
            return []
        state, player, who = target
        self.note.value = '<div class="rg-msg rg-msg-info">Thinking… playing random games to the end.</div>'
        results = evaluate_actions(state, player, self.playouts.value, seed=self.seed)
        labels = [str(r.action) for r in results]
        best_rate = max((r.win_rate for r in results), default=0.0)
        with self.bars.hold_sync(), self.errors.hold_sync():
            self.option_scale.domain = labels[::-1]  # the first option at the top
            self.bars.x, self.bars.y = labels, [r.win_rate for r in results]
            self.bars.colors = ["#f0b429" if r.win_rate == best_rate else "#2bb0ed" for r in results]
            self.errors.x = [[r.low, r.high] for r in results]
            self.errors.y = [[lab, lab] for lab in labels]
        self.figure.title = f"{who}: chance to win after each option"  # who: a short seat name
        self.figure.layout.height = f"{max(220, 60 + 42 * len(results))}px"
        best = max(results, key=lambda r: r.win_rate) if results else None
        self.note.value = self._intro() + (f'<div class="rg-msg rg-msg-ok">Best estimate: <b>{esc(best.action)}</b> '
                                           f'({best.win_rate:.0%}, {best.playouts} playouts per option).</div>'
                                           if best else "")
        rows = "".join(f"<tr><td style='text-align:left'>{esc(lab)}</td><td>{r.win_rate:.0%}</td>"
                       f"<td>{r.low:.0%} – {r.high:.0%}</td></tr>" for lab, r in zip(labels, results))
        self.table.value = (f'<table class="rg-exact"><tr><th>Option</th><th>Won</th><th>95% interval</th></tr>'
                            f'{rows}</table>')
        self.results = results
        return results
