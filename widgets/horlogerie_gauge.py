"""Stop or draw? The live bqplot gauge of the next card's odds (under / exact / bust) and the optimal advice."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import bqplot as bq
import ipywidgets as w

from ratgames_lab.core.i18n import format_decimal, format_percent
from ratgames_lab.horlogerie import POINTS, WOUNDS, compare_thresholds, danger_phase, exploration_phase, next_card, stop_or_draw

from .common.theme import element, esc
from .common.translate import N_, _, ngettext

CATEGORIES = (N_("under"), N_("exact"), N_("bust"))
COLOURS = ["#3ebd93", "#f0b429", "#e12d39"]
WORDS = {"under": N_("stays under: you may draw again"), "exact": N_("exactly the value: a perfect draw"),
         "bust": N_("goes over: a bust")}


def pct(p: Fraction) -> str:
    """'33.3%' (one decimal; the exact fraction is shown beside it), for the language."""
    return format_percent(float(p), 1)


def frac(p: Fraction) -> str:
    """'1/3' (or '0' / '1')."""
    return str(p)


def num(x: Fraction) -> str:
    """An expected value with two decimals, or an integer as is."""
    return str(x.numerator) if x.denominator == 1 else format_decimal(float(x), 2)


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
        self.toggle = w.ToggleButton(value=advice, layout=w.Layout(width="auto"))
        self.toggle.add_class("hl-advice-toggle")
        self.toggle.observe(lambda _c: self._show_advice(), names="value")
        self.odds: tuple[Fraction, Fraction, Fraction] | None = None
        self.best: Any = None
        self._advice_html = ""
        self._left = w.VBox([self.heading, self.figure], layout=w.Layout(flex="1 1 260px", min_width="220px"))
        right = w.VBox([self.numbers, self.toggle, self.advice], layout=w.Layout(flex="1 1 240px", min_width="0"))
        self.widget = w.HBox([self._left, right], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        self.widget.add_class("hl-gauge-box")
        self.relabel()

    def relabel(self) -> None:
        """The chart's and the toggle's words in the current language."""
        words = [_(c) for c in CATEGORIES]
        with self.bars.hold_sync():
            self.x_scale.domain = words
            self.bars.x = words
        self.toggle.tooltip = _("The optimal stop-or-draw policy (hide it so that the class guesses first)")
        self._show_advice()

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
            self.heading.value = element("div", "hl-gauge-title", _("Next card: nobody is drawing now"))
            self.numbers.value = element("div", "rg-note", _("The gauge comes alive during the Exploration and the "
                                                             "Danger phases: the chance that the next card stays under, "
                                                             "hits exactly, or busts."))
            self._advice_html = ""
            self._show_advice()
            return
        kind, ph = found
        nc = next_card(ph)
        self.odds = (nc.under, nc.exact, nc.bust)
        self.bars.y = [float(p) for p in self.odds]
        if self.figure not in self._left.children:
            self._left.children = [self.heading, self.figure]
        heading = (_("Next card for {player}: total {total} of exploration value {target}") if kind == "explore" else
                   _("Next card for {player}: total {total} of danger value {target}"))
        self.heading.value = element("div", "hl-gauge-title",
                                     heading.format(player=drawer, total=ph.total, target=ph.target))
        left = sum(ph.deck) if any(ph.deck) else sum(ph.discard)
        rows = "".join(f'<tr><td><i class="hl-sw" style="background:{c}"></i>{esc(_(WORDS[n]))}</td>'
                       f'<td><b>{esc(pct(p))}</b></td><td class="rg-muted">{frac(p)}</td></tr>'
                       for n, c, p in zip(("under", "exact", "bust"), COLOURS, self.odds))
        could = (ngettext("{n} card could come next (the Spyglass showed the top card).",
                          "{n} cards could come next (the Spyglass showed the top card).", left) if ph.top >= 0 else
                 ngettext("{n} card could come next.", "{n} cards could come next.", left)).format(n=left)
        need = _("Need {n} or less to stay safe.").format(n=ph.target - ph.total)
        self.numbers.value = (f'<div class="hl-odds"><div class="rg-note">{esc(could)} {esc(need)}</div>'
                              f'<table class="hl-oddtable">{rows}</table></div>')
        if deciding and ph.cards > 0:
            objective = POINTS if kind == "explore" else WOUNDS
            self.best = stop_or_draw(ph, objective)
            verb = _("STOP") if self.best.best == "stop" else _("DRAW")
            expected = (_("Expected exploration points kept — stop now: <b>{stop}</b>, draw once more (then play on "
                          "at best): <b>{draw}</b>.") if kind == "explore" else
                        _("Expected wounds inflicted — stop now: <b>{stop}</b>, draw once more (then play on at best): "
                          "<b>{draw}</b>.")).format(stop=num(self.best.stop), draw=num(self.best.draw))
            best = _("Best move: <b>{verb}</b>").format(verb=verb)
            self._advice_html = (f'<div class="hl-advice hl-advice-{self.best.best}">{best}'
                                 f'<div class="rg-note">{expected}</div></div>')
        elif deciding:
            self.best = None
            self._advice_html = element("div", "hl-advice", _("The first card is always drawn."))
        else:
            self.best = None
            self._advice_html = ""
        self._show_advice()

    def _show_advice(self) -> None:
        self.toggle.description = _("Hide the best move") if self.toggle.value else _("Show the best move")
        # the button is there only while a stop-or-draw decision waits (not between phases, not at the end)
        self.toggle.layout.display = "" if self._advice_html else "none"
        if not self._advice_html:
            self.advice.value = ""
        elif self.toggle.value:
            self.advice.value = self._advice_html
        else:
            self.advice.value = element("div", "hl-advice hl-advice-hidden",
                                        _("Hidden: guess first — stop or draw? Then press “Show the best move”."))


def policy_table_html(kind: str, ph: Any) -> str:
    """The optimal policy against 'stop at the value minus k' for the phase under way: exact odds and means."""
    objective = POINTS if kind == "explore" else WOUNDS
    rows = []
    for key, sol in compare_thresholds(ph, objective, range(0, 4)).items():
        name = _("best policy (optimal)") if key == "optimal" else (
            _("stop at {n} or more").format(n=ph.target - key) if key else
            _("draw until exactly {n} or a bust").format(n=ph.target))
        st = sol.stats
        mean = st.points if kind == "explore" else st.wounds
        rows.append(f'<tr{" class=hl-best" if key == "optimal" else ""}><td>{esc(name)}</td><td>{esc(pct(st.perfect))}'
                    f'</td><td>{esc(pct(st.bust))}</td><td><b>{num(mean)}</b></td></tr>')
    heads = (_("policy"), _("P(perfect)"), _("P(bust)"),
             _("expected points kept") if kind == "explore" else _("expected wounds"))
    head = "".join(f"<th>{esc(h)}</th>" for h in heads)
    which, exact = _("Which rule of thumb is best from here?"), _("Exact, over every order the remaining cards can "
                                                                  "come in.")
    return (f'<div class="rg-section">{esc(which)}</div><table class="hl-policy"><tr>{head}</tr>{"".join(rows)}'
            f'</table><div class="rg-note">{esc(exact)}</div>')
