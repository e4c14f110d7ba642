"""Stop or draw? The live bqplot gauge of the next card's odds (under / exact / bust) and the optimal advice."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import bqplot as bq
import ipywidgets as w

from ratgames_lab.horlogerie import POINTS, WOUNDS, compare_thresholds, danger_phase, exploration_phase, next_card, stop_or_draw

from .common.theme import esc

CATEGORIES = ("under", "exact", "bust")
COLOURS = ["#3ebd93", "#f0b429", "#e12d39"]
WORDS = {"under": "stays under: you may draw again", "exact": "exactly the value: a perfect draw",
         "bust": "goes over: a bust"}


def pct(p: Fraction) -> str:
    """'33.3%' (one decimal; the exact fraction is shown beside it)."""
    return f"{float(p) * 100:.1f}%"


def frac(p: Fraction) -> str:
    """'1/3' (or '0' / '1')."""
    return str(p)


def num(x: Fraction) -> str:
    """An expected value with two decimals, or an integer as is."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.2f}"


class StopOrDrawGauge:
    """The next card's odds as three bars, their exact fractions, and (toggle) the optimal policy's advice."""

    def __init__(self, advice: bool = True):
        self.x_scale = bq.OrdinalScale(domain=list(CATEGORIES))
        self.y_scale = bq.LinearScale(min=0.0, max=1.0)
        self.bars = bq.Bars(x=list(CATEGORIES), y=[0.0, 0.0, 0.0], scales={"x": self.x_scale, "y": self.y_scale},
                            colors=COLOURS, color_mode="no_group", label_display=True,
                            label_display_format=".1%", label_font_style={"font-size": "14px", "font-weight": "bold"})
        self.figure = bq.Figure(marks=[self.bars], title="",
                                axes=[bq.Axis(scale=self.x_scale, tick_style={"font-size": "14px"}),
                                      bq.Axis(scale=self.y_scale, side="left", tick_format=".0%",
                                              tick_values=[0.0, 0.5, 1.0])],
                                fig_margin={"top": 22, "bottom": 26, "left": 46, "right": 8},
                                layout=w.Layout(width="100%", height="170px", min_width="220px"))
        self.figure.add_class("hl-gauge")
        self.heading = w.HTML()
        self.numbers = w.HTML()
        self.advice = w.HTML()
        self.toggle = w.ToggleButton(value=advice, description="Hide the best move",
                                     tooltip="The optimal stop-or-draw policy (hide it so that the class guesses first)",
                                     layout=w.Layout(width="auto"))
        self.toggle.add_class("hl-advice-toggle")
        self.toggle.observe(lambda _c: self._show_advice(), names="value")
        self.odds: tuple[Fraction, Fraction, Fraction] | None = None
        self.best: Any = None
        self._advice_html = ""
        self._left = w.VBox([self.heading, self.figure], layout=w.Layout(flex="1 1 260px", min_width="220px"))
        right = w.VBox([self.numbers, self.toggle, self.advice], layout=w.Layout(flex="1 1 240px", min_width="0"))
        self.widget = w.HBox([self._left, right], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget.add_class("hl-gauge-box")

    def phase(self, state: Any, seat: int | None) -> tuple[str, Any] | None:
        """('explore' or 'danger', the phase as ``seat`` knows it), or None when nobody is drawing."""
        step = state.step
        if step in ("explore", "explore_draw"):
            return "explore", exploration_phase(state, seat)
        if step in ("danger", "danger_draw"):
            return "danger", danger_phase(state, seat)
        return None

    def update(self, state: Any, seat: int | None, drawer: str, deciding: bool) -> None:
        """Recompute from the position as ``seat`` knows it; ``deciding``: the drawer chooses stop or draw now."""
        found = self.phase(state, seat)
        if found is None:
            self.odds, self.best = None, None
            self.bars.y = [0.0, 0.0, 0.0]
            self._left.children = [self.heading]  # no bars at 0.0% that would read as odds
            self.heading.value = '<div class="hl-gauge-title">Next card: nobody is drawing now</div>'
            self.numbers.value = ('<div class="rg-note">The gauge comes alive during the Exploration and the Danger '
                                  'phases: the chance that the next card stays under, hits exactly, or busts.</div>')
            self._advice_html = ""
            self._show_advice()
            return
        kind, ph = found
        nc = next_card(ph)
        self.odds = (nc.under, nc.exact, nc.bust)
        self.bars.y = [float(p) for p in self.odds]
        if self.figure not in self._left.children:
            self._left.children = [self.heading, self.figure]
        what = "exploration value" if kind == "explore" else "danger value"
        self.heading.value = (f'<div class="hl-gauge-title">Next card for {esc(drawer)}: total {ph.total} of '
                              f'{what} {ph.target}</div>')
        known = " (the Spyglass showed the top card)" if ph.top >= 0 else ""
        left = sum(ph.deck) if any(ph.deck) else sum(ph.discard)
        rows = "".join(f'<tr><td><i class="hl-sw" style="background:{c}"></i>{esc(WORDS[n])}</td>'
                       f'<td><b>{pct(p)}</b></td><td class="rg-muted">{frac(p)}</td></tr>'
                       for n, c, p in zip(CATEGORIES, COLOURS, self.odds))
        self.numbers.value = (f'<div class="hl-odds"><div class="rg-note">{left} cards could come next{known}. '
                              f'Need {ph.target - ph.total} or less to stay safe.</div>'
                              f'<table class="hl-oddtable">{rows}</table></div>')
        if deciding and ph.cards > 0:
            objective, unit = (POINTS, "exploration points kept") if kind == "explore" else (WOUNDS, "wounds inflicted")
            self.best = stop_or_draw(ph, objective)
            verb = "STOP" if self.best.best == "stop" else "DRAW"
            self._advice_html = (f'<div class="hl-advice hl-advice-{self.best.best}">Best move: <b>{verb}</b>'
                                 f'<div class="rg-note">Expected {unit} — stop now: <b>{num(self.best.stop)}</b>, '
                                 f'draw once more (then play on at best): <b>{num(self.best.draw)}</b>.</div></div>')
        elif deciding:
            self.best = None
            self._advice_html = '<div class="hl-advice">The first card is always drawn.</div>'
        else:
            self.best = None
            self._advice_html = ""
        self._show_advice()

    def _show_advice(self) -> None:
        self.toggle.description = "Hide the best move" if self.toggle.value else "Show the best move"
        if not self._advice_html:
            self.advice.value = ""
        elif self.toggle.value:
            self.advice.value = self._advice_html
        else:
            self.advice.value = ('<div class="hl-advice hl-advice-hidden">Hidden: guess first — stop or draw? '
                                 'Then press “Show the best move”.</div>')


def policy_table_html(kind: str, ph: Any) -> str:
    """The optimal policy against 'stop at the value minus k' for the phase under way: exact odds and means."""
    objective, unit = (POINTS, "points kept") if kind == "explore" else (WOUNDS, "wounds")
    rows = []
    for key, sol in compare_thresholds(ph, objective, range(0, 4)).items():
        name = "best policy (optimal)" if key == "optimal" else (
            f"stop at {ph.target - key} or more" if key else f"draw until exactly {ph.target} or a bust")
        st = sol.stats
        mean = st.points if kind == "explore" else st.wounds
        rows.append(f'<tr{" class=hl-best" if key == "optimal" else ""}><td>{esc(name)}</td><td>{pct(st.perfect)}</td>'
                    f'<td>{pct(st.bust)}</td><td><b>{num(mean)}</b></td></tr>')
    return (f'<div class="rg-section">Which rule of thumb is best from here?</div>'
            f'<table class="hl-policy"><tr><th>policy</th><th>P(perfect)</th><th>P(bust)</th><th>expected {unit}</th>'
            f'</tr>{"".join(rows)}</table><div class="rg-note">Exact, over every order the remaining cards can come in.'
            f'</div>')
