"""AnalyzePanel: estimated chance to win after each legal action, as horizontal bars with their likely range, and
the verdict: which option is best at 95% confidence, or that the options are too close to call.

The estimate plays many games to the end from copies of the position in which everything the player cannot see is
guessed (``determinize``), every player then playing by the chosen **playout policy** (by default like the game's
heuristic bot; or at random; or half and half). Every option is played on the same guessed deals, and games go only
to the options still in contention: ``ratgames_lab.core.analysis.evaluate_in_steps``, the computation of
``evaluate_actions`` one round at a time (docs/analysis.md). In a running kernel the rounds are played in small
batches that take turns with the page's other messages, so play never freezes; the chart is redrawn after each batch
(the ranges narrow as games are played), with a progress bar and a Stop button. Without an event loop (a script, a
test) it runs at once.
"""
from __future__ import annotations

import asyncio
import functools
import sys
import time
from typing import Callable, Iterator

import bqplot as bq
import ipywidgets as w

from ratgames_lab.core.analysis import evaluate_in_steps, playout_policy

from ratgames_lab.core.i18n import format_percent

from .seats import bot_word
from .theme import esc
from .translate import N_, _, ngettext

BATCH_SECONDS = 0.04  # work done between two looks at the page's messages
# the dashboards' plain words: the engine's "heuristic" bot is the "clever bot" of the seat choices (seats.py)
POLICY_CHOICES = [(N_("like the clever bot"), "heuristic"), (N_("at random"), "random"),
                  (N_("half clever bot, half random"), "mix")]
PRECISIONS = [(N_("quick (up to 10 games per option)"), 10), (N_("normal (up to 30 games)"), 30),
              (N_("careful (up to 100 games)"), 100), (N_("very careful (up to 300 games)"), 300),
              (N_("thorough (up to 1000 games)"), 1000), (N_("exhaustive (up to 3000 games)"), 3000)]
# most games per option by policy: a bot playout costs 5 to 100 times a random one (docs/dashboards.md has the
# figures); the analysis stops earlier when the verdict is clear, and a small budget says "too close to call"
DEFAULT_PLAYOUTS = {"random": 300, "heuristic": 10, "mix": 10}
COLOURS = {"best": "#f0b429", "contender": "#2bb0ed", "out": "#bcccdc"}

__all__ = ["AnalyzePanel", "evaluate_in_steps", "policy_words"]


class Explanation(str):
    """What ``get_target()`` returns when there is no decision to analyse now but nothing is wrong: shown as
    information (what to do), not as an error."""


def policy_words(policy) -> str:
    """What the win rates assume, in the dashboards' words: 'every player then plays like the clever bot'."""
    def plan(name: str) -> str:
        if name == "random":
            return _("plays at random")
        if name == "mix":
            return _("plays like the {bot} half of the time, at random otherwise").format(bot=bot_word("heuristic"))
        return _("plays like the {bot}").format(bot=bot_word(name))
    if len(set(policy.seats)) == 1:
        return _("every player then {plan}").format(plan=plan(policy.seats[0]))
    return "; ".join(_("Player {n} then {plan}").format(n=p + 1, plan=plan(name)) for p, name in enumerate(policy.seats))


class AnalyzePanel:
    """``get_target()`` returns (state, player, who) to analyse, or a string saying why it is not possible now."""

    def __init__(self, get_target: Callable[[], object], seed: int = 0, policy: str = "heuristic"):
        self.get_target = get_target
        self.seed = seed
        self.results: list = []
        self._job: object | None = None
        self._relabeling = False
        self.policy = w.Dropdown(options=POLICY_CHOICES, value=policy, layout=w.Layout(width="300px"))
        self.playouts = w.Dropdown(options=PRECISIONS, value=DEFAULT_PLAYOUTS[policy], layout=w.Layout(width="300px"))
        self.policy.observe(self._policy_changed, names="value")
        self.button = w.Button(button_style="info", layout=w.Layout(width="auto"))
        self.button.on_click(lambda _b: self.analyze())
        self.progress = w.IntProgress(value=0, min=0, max=1, description="", layout=w.Layout(width="220px"))
        self.cancel = w.Button(layout=w.Layout(width="auto"))
        self.cancel.on_click(lambda _b: self.stop(_("Stopped: the chart shows the games played so far, without a "
                                                    "verdict. Press the button to analyze again.")))
        self.running_box = w.HBox([self.progress, self.cancel], layout=w.Layout(align_items="center",
                                                                                 display="none"))
        self.note = w.HTML(self._intro())
        self.rate_scale = bq.LinearScale(min=0.0, max=1.0)
        self.option_scale = bq.OrdinalScale()
        self.bars = bq.Bars(x=[], y=[], scales={"x": self.option_scale, "y": self.rate_scale},
                            orientation="horizontal", colors=["#2bb0ed"], padding=0.35,
                            tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"]))
        # horizontal bars draw options vertically: the range lines use the same scales the other way round
        self.errors = bq.Lines(x=[], y=[], scales={"x": self.rate_scale, "y": self.option_scale}, colors=["#102a43"],
                               stroke_width=2.5)
        self.option_axis = bq.Axis(scale=self.option_scale, side="left", label="",  # the options label the bars
                                   tick_style={"font-size": "14px"})
        self.rate_axis = bq.Axis(scale=self.rate_scale, side="bottom",
                                 tick_format=".0%", tick_values=[0, 0.25, 0.5, 0.75, 1], grid_lines="dashed",
                                 tick_style={"font-size": "13px"})
        self.figure = bq.Figure(marks=[self.bars, self.errors], axes=[self.option_axis, self.rate_axis],
                                layout=w.Layout(width="100%", min_width="380px", height="300px"),
                                fig_margin={"top": 50, "bottom": 50, "left": 220, "right": 30},
                                title_style={"font-size": "16px"})
        self.table = w.HTML()
        self.chart = w.VBox([self.figure])  # off the page while its tab is hidden (see set_visible)
        controls = w.HBox([self.button, self.policy, self.playouts, self.running_box],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        controls.add_class("rg-choices")
        self.widget = w.VBox([self.note, controls, self.chart, self.table])
        self.relabel()

    def _intro(self) -> str:
        policy = _(dict((v, k) for k, v in POLICY_CHOICES)[self.policy.value])
        intro = _("For each option of the player to move, the computer plays many games to the end (guessing the "
                  "hidden cards, never peeking), every player then playing <b>{policy}</b>, and counts how often "
                  "that player wins. The dark line shows the likely range of the true chance: more games make it "
                  "shorter.").format(policy=esc(policy))
        slow = _("Python runs in your browser here, several times slower than on a computer: an analysis takes a few "
                 "seconds, longer with more games or with the {bot}.").format(bot=bot_word("heuristic"))
        return (f'<div class="rg-note">{intro}</div>'
                + (f'<div class="rg-note">{esc(slow)}</div>' if sys.platform == "emscripten" else ""))

    def relabel(self) -> None:
        """The controls' words in the current language (the choices made are kept); the chart waits for a new
        analysis."""
        self._relabeling = True
        try:
            for box, choices in ((self.policy, POLICY_CHOICES), (self.playouts, PRECISIONS)):
                value = box.value
                box.options = [(_(label), v) for label, v in choices]
                box.value = value
        finally:
            self._relabeling = False
        self.policy.description = _("Then all play")
        self.policy.tooltip = _("How every player is assumed to play after the option")
        self.playouts.description = _("Precision")
        self.button.description = _("▶ Analyze my options")
        self.cancel.description = _("■ Stop")
        self.cancel.tooltip = _("Stop the analysis")
        self.bars.tooltip.labels = [_("option"), _("chance to win")]
        self.rate_axis.label = _("Estimated chance to win the game")
        self.clear()

    def _policy_changed(self, change: dict) -> None:
        """A new policy: its default precision unless the teacher chose another one; old bars no longer apply."""
        if self._relabeling:
            return
        if self.playouts.value == DEFAULT_PLAYOUTS[change["old"]]:
            self.playouts.value = DEFAULT_PLAYOUTS[change["new"]]
        if self.results or self.running:
            self.clear()
        else:
            self.note.value = self._intro()

    def set_visible(self, visible: bool) -> None:
        """Whether the panel's tab is shown: a bqplot figure laid out in a hidden tab logs negative sizes."""
        wanted = (self.figure,) if visible else ()
        if self.chart.children != wanted:
            self.chart.children = wanted

    @property
    def running(self) -> bool:
        """True while an analysis is in progress."""
        return self._job is not None

    def stop(self, text: str = "") -> None:
        """Cancel a running analysis (the chart keeps what it showed before)."""
        if self._job is None:
            return
        self._job = None
        self.running_box.layout.display = "none"
        self.button.disabled = False
        if text:
            self.note.value = self._intro() + f'<div class="rg-msg rg-msg-info">{esc(text)}</div>'

    def clear(self) -> None:
        """Forget the last analysis and stop a running one (the position changed): empty chart, no old labels."""
        self.stop()
        self.results = []
        with self.bars.hold_sync(), self.errors.hold_sync():
            self.bars.x, self.bars.y = [], []
            self.errors.x, self.errors.y = [], []
            self.option_scale.domain = []
        self.table.value = ""
        self.figure.title = _("Press the button to analyze")
        self.figure.layout.height = "300px"
        self.note.value = self._intro()

    def analyze(self) -> list:
        """Evaluate every legal action of the target player and draw the chart. Inside a running event loop the
        work goes on in small batches (returns [] at once; ``results`` fills at the end); otherwise returns the
        ActionValues."""
        target = self.get_target()
        if isinstance(target, str):
            kind = "info" if isinstance(target, Explanation) else "error"
            self.note.value = self._intro() + f'<div class="rg-msg rg-msg-{kind}">{esc(target)}</div>'
            return []
        state, player, who = target
        self.stop()
        policy = playout_policy(state, self.policy.value)
        steps = evaluate_in_steps(state, player, self.playouts.value, self.seed, policy)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            results: list = []
            for _done, _total, results in steps:
                pass
            self._draw(results, who)
            return results
        job = object()
        self._job = job
        self.button.disabled = True
        self.progress.value, self.progress.max = 0, 1
        self.running_box.layout.display = ""
        thinking = _("Thinking… playing games to the end. You can keep playing: the ranges narrow as games are "
                     "played.")
        self.note.value = self._intro() + f'<div class="rg-msg rg-msg-info">{esc(thinking)}</div>'
        loop.call_soon(self._batch, loop, job, steps, who)
        return []

    def _batch(self, loop: asyncio.AbstractEventLoop, job: object, steps: Iterator, who: str) -> None:
        """Play games for a few hundredths of a second, show the progress, then let the page's messages in."""
        if job is not self._job:
            return
        end = time.perf_counter() + BATCH_SECONDS
        try:
            for done, total, results in steps:
                if time.perf_counter() > end:
                    self.progress.max, self.progress.value = total, done
                    self._draw_chart(results, who, final=False)
                    loop.call_later(0.005, self._batch, loop, job, steps, who)
                    return
        except Exception as exc:  # a callback must never die silently in the kernel
            self.stop(_("The analysis stopped: {error}").format(error=exc))
            raise
        self.stop()
        self._draw(results, who)

    def _draw_chart(self, results: list, who: str, final: bool = True) -> None:
        """Bars and ranges; gold only for an option the verdict names best, grey for options ruled out."""
        labels = [str(r.action) for r in results]
        verdict = getattr(results, "verdict", None) if final else None
        best = verdict.best if verdict is not None and verdict.kind == "best" else None
        with self.bars.hold_sync(), self.errors.hold_sync():
            self.option_scale.domain = labels[::-1]  # the first option at the top
            self.bars.x, self.bars.y = labels, [r.win_rate for r in results]
            self.bars.colors = [COLOURS["best"] if lab == best else
                                COLOURS["contender"] if r.in_contention else COLOURS["out"]
                                for lab, r in zip(labels, results)]
            self.errors.x = [[r.low, r.high] for r in results]
            self.errors.y = [[lab, lab] for lab in labels]
        done = max((r.playouts for r in results), default=0)
        self.figure.title = (_("{who}: chance to win after each option").format(who=who) if final else
                             ngettext("{who}: {n} game per option so far", "{who}: {n} games per option so far",
                                      done).format(who=who, n=done))  # who: a short seat name
        self.figure.layout.height = f"{max(220, 60 + 42 * len(results))}px"

    def _draw(self, results: list, who: str) -> None:
        self._draw_chart(results, who)
        labels = [str(r.action) for r in results]
        policy = getattr(results, "policy", None)
        verdict = getattr(results, "verdict", None)
        no_bot = " " + _("(This game has no clever bot yet: every player plays at random.)") if policy and policy.note else ""
        win_rates = _("Win rates if {policy}.").format(policy=policy_words(policy)) if policy else ""
        assumes = f'<div class="rg-msg rg-msg-info">{esc(win_rates)}{esc(no_bot)}</div>' if policy else ""
        if verdict is None:
            said = ""
        elif verdict.kind == "best":
            said = f'<div class="rg-msg rg-msg-ok">{esc(verdict.text())}</div>'
        else:
            said = (f'<div class="rg-msg rg-msg-info">{esc(verdict.text())}'
                    + (" " + esc(_("A larger precision goes further.")) if verdict.reason == "budget" else "") + "</div>")
        self.note.value = self._intro() + assumes + said
        pct = functools.partial(format_percent, digits=0)
        rows = "".join(f"<tr><td style='text-align:left'>{esc(lab)}</td><td>{esc(pct(r.win_rate))}</td>"
                       f"<td>{esc(pct(r.low))} – {esc(pct(r.high))}</td><td>{esc(_lead(r))}</td><td>{r.playouts}</td>"
                       "</tr>" for lab, r in zip(labels, results))
        heads = "".join(f"<th>{esc(h)}</th>" for h in (_("Option"), _("Won"), _("Likely range"),
                                                        _("Behind the leader (same deals)"), _("Games")))
        self.table.value = f'<table class="rg-exact"><tr>{heads}</tr>{rows}</table>'
        self.results = results


def _lead(r) -> str:
    """How far the leader is ahead of this option, on the same deals: 'leader' or '3 points (−1 to +7)'."""
    if r.lead == r.lead_low == r.lead_high == 0:
        return _("leader")
    points = round(100 * r.lead)
    text = ngettext("{n} point ({low} to {high})", "{n} points ({low} to {high})", abs(points)).format(
        n=f"{100 * r.lead:.0f}", low=f"{100 * r.lead_low:+.0f}", high=f"{100 * r.lead_high:+.0f}")
    return text if r.in_contention else _("{lead}, ruled out").format(lead=text)
