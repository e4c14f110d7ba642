"""SpeedControl: how fast the bots' moves are played back, and "Skip to my turn", next to the decision."""
from __future__ import annotations

from typing import Callable

import ipywidgets as w

# playback speed -> seconds between two shown steps (0: no step-by-step playback, every bot move at once)
SPEEDS = (("Slow", 1.6), ("Normal", 0.8), ("Fast", 0.3), ("No playback", 0.0))


def speed_name(delay: float) -> str:
    """The speed whose delay is nearest to ``delay`` ("Normal" for 0.8 s)."""
    return min(SPEEDS, key=lambda s: abs(s[1] - delay))[0]


class SpeedControl:
    """A "Playback" choice (slow, normal, fast, none) calling ``on_delay(seconds)`` and a "Skip to my turn" button
    calling ``on_skip()``; ``show(can_skip)`` enables the button only while bots or a playback are pending."""

    def __init__(self, delay: float, on_delay: Callable[[float], None], on_skip: Callable[[], None]):
        self.choice = w.ToggleButtons(options=[name for name, _ in SPEEDS], value=speed_name(delay),
                                      description="Playback", tooltips=[
                                          "Bots' moves shown slowly, one step at a time",
                                          "Bots' moves shown one step at a time",
                                          "Bots' moves shown quickly",
                                          "Bots' moves are not played back: their events appear at once in the log"],
                                      style={"button_width": "auto", "description_width": "auto"})
        self.skip = w.Button(description="Skip to my turn »", tooltip="Show the bots' moves at once, up to your next "
                             "decision", layout=w.Layout(width="auto"))
        self.choice.observe(lambda ch: on_delay(dict(SPEEDS)[ch["new"]]), names="value")
        self.skip.on_click(lambda _b: on_skip())
        self.widget = w.HBox([self.choice, self.skip], layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.widget.add_class("rg-speed")

    @property
    def delay(self) -> float:
        """Seconds between two shown steps."""
        return dict(SPEEDS)[self.choice.value]

    def show(self, can_skip: bool) -> None:
        """Enable "Skip to my turn" only when there is something to skip."""
        self.skip.disabled = not can_skip


__all__ = ["SPEEDS", "SpeedControl", "speed_name"]
