"""SpeedControl: how fast the bots' moves are played back, and "Skip to my turn", next to the decision."""
from __future__ import annotations

from typing import Callable

import ipywidgets as w

from .translate import N_, _

# playback speed -> seconds between two shown steps (0: no step-by-step playback, every bot move at once)
SPEEDS = ((N_("Slow"), 1.6), (N_("Normal"), 0.8), (N_("Fast"), 0.3), (N_("No playback"), 0.0))
TOOLTIPS = (N_("Bots' moves shown slowly, one step at a time"), N_("Bots' moves shown one step at a time"),
            N_("Bots' moves shown quickly"),
            N_("Bots' moves are not played back: their events appear at once in the log"))


def speed_name(delay: float) -> str:
    """The speed whose delay is nearest to ``delay`` ("Normal" for 0.8 s; its English name, the choice's value)."""
    return min(SPEEDS, key=lambda s: abs(s[1] - delay))[0]


class SpeedControl:
    """A "Playback" choice (slow, normal, fast, none) calling ``on_delay(seconds)`` and a "Skip to my turn" button
    calling ``on_skip()``; ``show(can_skip)`` enables the button only while bots or a playback are pending."""

    def __init__(self, delay: float, on_delay: Callable[[float], None], on_skip: Callable[[], None]):
        self.choice = w.ToggleButtons(options=[(name, name) for name, _s in SPEEDS], value=speed_name(delay),
                                      style={"button_width": "auto", "description_width": "auto"})
        self.skip = w.Button(layout=w.Layout(width="auto"))
        self.choice.observe(lambda ch: on_delay(dict(SPEEDS)[ch["new"]]), names="value")
        self.skip.on_click(lambda _b: on_skip())
        self.widget = w.HBox([self.choice, self.skip], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.widget.add_class("rg-speed")
        self.relabel()

    def relabel(self) -> None:
        """The words in the current language (the speed chosen is kept)."""
        value = self.choice.value
        self.choice.options = [(_(name), name) for name, _s in SPEEDS]
        self.choice.value = value  # the delay observed is the same as before
        self.choice.description = _("Playback")
        self.choice.tooltips = [_(tip) for tip in TOOLTIPS]
        self.skip.description = _("Skip to my turn »")
        self.skip.tooltip = _("Show the bots' moves at once, up to your next decision")

    @property
    def delay(self) -> float:
        """Seconds between two shown steps."""
        return dict(SPEEDS)[self.choice.value]

    def show(self, can_skip: bool) -> None:
        """Enable "Skip to my turn" only when there is something to skip."""
        self.skip.disabled = not can_skip


__all__ = ["SPEEDS", "SpeedControl", "speed_name"]
