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
import sys
import time
from typing import Callable, Iterator

import bqplot as bq
import ipywidgets as w

from ratgames_lab.core.analysis import evaluate_in_steps, playout_policy

from .seats import bot_word
from .theme import esc

BATCH_SECONDS = 0.04  # work done between two looks at the page's messages
# the dashboards' plain words: the engine's "heuristic" bot is the "clever bot" of the seat choices (seats.py)
POLICY_CHOICES = [(f"like the {bot_word('heuristic')}", "heuristic"), ("at random", "random"),
                  (f"half {bot_word('heuristic')}, half random", "mix")]
PRECISIONS = [("quick (up to 10 games per option)", 10), ("normal (up to 30 games)", 30),
              ("careful (up to 100 games)", 100), ("very careful (up to 300 games)", 300),
              ("thorough (up to 1000 games)", 1000), ("exhaustive (up to 3000 games)", 3000)]
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
            return "plays at random"
        if name == "mix":
            return f"plays like the {bot_word('heuristic')} half of the time, at random otherwise"
        return f"plays like the {bot_word(name)}"
    if len(set(policy.seats)) == 1:
        return f"every player then {plan(policy.seats[0])}"
    return "; ".join(f"Player {p + 1} then {plan(name)}" for p, name in enumerate(policy.seats))


class AnalyzePanel:
    """``get_target()`` returns (state, player, who) to analyse, or a string saying why it is not possible now."""

    def __init__(self, get_target: Callable[[], object], seed: int = 0, policy: str = "heuristic"):
        self.get_target = get_target
        self.seed = seed
        self.results: list = []
        self._job: object | None = None
        self.policy = w.Dropdown(options=POLICY_CHOICES, value=policy, description="Then all play",
                                 tooltip="How every player is assumed to play after the option",
                                 layout=w.Layout(width="300px"))
        self.playouts = w.Dropdown(options=PRECISIONS, value=DEFAULT_PLAYOUTS[policy],
                                   description="Precision", layout=w.Layout(width="300px"))
        self.policy.observe(self._policy_changed, names="value")
        self.button = w.Button(description="▶ Analyze my options", button_style="info", layout=w.Layout(width="auto"))
        self.button.on_click(lambda _b: self.analyze())
        self.progress = w.IntProgress(value=0, min=0, max=1, description="", layout=w.Layout(width="220px"))
        self.cancel = w.Button(description="■ Stop", tooltip="Stop the analysis", layout=w.Layout(width="auto"))
        self.cancel.on_click(lambda _b: self.stop("Stopped: the chart shows the games played so far, without a verdict. "
                                                          "Press the button to analyze again."))
        self.running_box = w.HBox([self.progress, self.cancel], layout=w.Layout(align_items="center",
                                                                                 display="none"))
        self.note = w.HTML(self._intro())
        self.rate_scale = bq.LinearScale(min=0.0, max=1.0)
        self.option_scale = bq.OrdinalScale()
        self.bars = bq.Bars(x=[], y=[], scales={"x": self.option_scale, "y": self.rate_scale},
                            orientation="horizontal", colors=["#2bb0ed"], padding=0.35,
                            tooltip=bq.Tooltip(fields=["x", "y"], formats=["", ".1%"],
                                               labels=["option", "chance to win"]))
        # horizontal bars draw options vertically: the range lines use the same scales the other way round
        self.errors = bq.Lines(x=[], y=[], scales={"x": self.rate_scale, "y": self.option_scale}, colors=["#102a43"],
                               stroke_width=2.5)
        self.option_axis = bq.Axis(scale=self.option_scale, side="left", label="",  # the options label the bars
                                   tick_style={"font-size": "14px"})
        self.rate_axis = bq.Axis(scale=self.rate_scale, side="bottom", label="Estimated chance to win the game",
                                 tick_format=".0%", tick_values=[0, 0.25, 0.5, 0.75, 1], grid_lines="dashed",
                                 tick_style={"font-size": "13px"})
        self.figure = bq.Figure(marks=[self.bars, self.errors], axes=[self.option_axis, self.rate_axis],
                                title="Press the button to analyze",
                                layout=w.Layout(width="100%", min_width="380px", height="300px"),
                                fig_margin={"top": 50, "bottom": 50, "left": 220, "right": 30},
                                title_style={"font-size": "16px"})
        self.table = w.HTML()
        self.chart = w.VBox([self.figure])  # off the page while its tab is hidden (see set_visible)
        controls = w.HBox([self.button, self.policy, self.playouts, self.running_box],
                          layout=w.Layout(flex_flow="row wrap", align_items="center"))
        controls.add_class("rg-choices")
        self.widget = w.VBox([self.note, controls, self.chart, self.table])

    def _intro(self) -> str:
        return ('<div class="rg-note">For each option of the player to move, the computer plays many games to the '
                'end (guessing the hidden cards, never peeking), every player then playing '
                f'<b>{esc(dict((v, k) for k, v in POLICY_CHOICES)[self.policy.value])}</b>, and counts how often '
                'that player wins. The dark line shows the likely range of the true chance: more games make it '
                'shorter.</div>'
                + ('<div class="rg-note">Python runs in your browser here, several times slower than on a computer: '
                   f'an analysis takes a few seconds, longer with more games or with the {bot_word("heuristic")}.</div>'
                   if sys.platform == "emscripten" else ""))

    def _policy_changed(self, change: dict) -> None:
        """A new policy: its default precision unless the teacher chose another one; old bars no longer apply."""
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
        self.figure.title = "Press the button to analyze"
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
        self.note.value = self._intro() + ('<div class="rg-msg rg-msg-info">Thinking… playing games to the end. '
                                           'You can keep playing: the ranges narrow as games are played.</div>')
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
            self.stop(f"The analysis stopped: {exc}")
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
        self.figure.title = (f"{who}: chance to win after each option" if final else
                             f"{who}: {done} games per option so far")  # who: a short seat name
        self.figure.layout.height = f"{max(220, 60 + 42 * len(results))}px"

    def _draw(self, results: list, who: str) -> None:
        self._draw_chart(results, who)
        labels = [str(r.action) for r in results]
        policy = getattr(results, "policy", None)
        verdict = getattr(results, "verdict", None)
        assumes = (f'<div class="rg-msg rg-msg-info">Win rates if {esc(policy_words(policy))}.'
                   + (" (This game has no clever bot yet: every player plays at random.)" if policy.note else "")
                   + "</div>") if policy else ""
        if verdict is None:
            said = ""
        elif verdict.kind == "best":
            said = f'<div class="rg-msg rg-msg-ok">{esc(verdict.text())}</div>'
        else:
            said = (f'<div class="rg-msg rg-msg-info">{esc(verdict.text())}'
                    + (" A larger precision goes further." if verdict.reason == "budget" else "") + "</div>")
        self.note.value = self._intro() + assumes + said
        rows = "".join(f"<tr><td style='text-align:left'>{esc(lab)}</td><td>{r.win_rate:.0%}</td>"
                       f"<td>{r.low:.0%} – {r.high:.0%}</td><td>{_lead(r)}</td><td>{r.playouts}</td></tr>"
                       for lab, r in zip(labels, results))
        self.table.value = (f'<table class="rg-exact"><tr><th>Option</th><th>Won</th><th>Likely range</th>'
                            f'<th>Behind the leader (same deals)</th><th>Games</th></tr>{rows}</table>')
        self.results = results


def _lead(r) -> str:
    """How far the leader is ahead of this option, on the same deals: 'leader' or '3 points (−1 to +7)'."""
    if r.lead == r.lead_low == r.lead_high == 0:
        return "leader"
    text = f"{100 * r.lead:.0f} points ({100 * r.lead_low:+.0f} to {100 * r.lead_high:+.0f})"
    return text + ("" if r.in_contention else ", ruled out")
