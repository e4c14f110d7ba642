"""Retirement: widgets taken off the page are closed a while later, never at once.

The browser updates each widget model on its own queue: a button closed right after its box was given new children
can vanish while the box is still drawing its old children, and the page logs "widget model not found". Closing
later keeps a long game from piling up widget models without that race.
"""
from __future__ import annotations

import time
from typing import Callable, Iterable

import ipywidgets as w


class Retirement:
    """Holds widgets taken off the page; each ``retire`` closes the ones held for ``after`` seconds or more."""

    def __init__(self, after: float = 30.0, clock: Callable[[], float] = time.monotonic):
        self.after = after
        self.clock = clock
        self.held: list[tuple[float, list[w.Widget]]] = []

    def retire(self, widgets: Iterable[w.Widget]) -> None:
        """Hold ``widgets`` (already off the page) and close every batch held long enough."""
        now = self.clock()
        self.held.append((now, list(widgets)))
        while self.held and now - self.held[0][0] >= self.after:
            for widget in self.held.pop(0)[1]:
                for part in (getattr(widget, "layout", None), getattr(widget, "style", None), widget):
                    if part is not None:
                        part.close()


__all__ = ["Retirement"]
