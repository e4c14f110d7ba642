"""Playback: the events of the last move shown a few at a time (a plague's reveals, a dice roll, a bot's chain).

A move can cause many events at once. A game names the events before which the playback pauses
(``Dashboard.playback_pauses``); frame k then shows ``events[:cuts[k]]`` and the board is drawn as it was at that
moment. Frames advance on a timer while bots play by themselves, or one per press of Step.
"""
from __future__ import annotations

import asyncio
import dataclasses
from typing import Callable


@dataclasses.dataclass
class Frames:
    """The pauses of one move: frame k shows the events before ``cuts[k]``; the last cut is the event count."""

    cuts: list[int]
    frame: int = 0

    @property
    def done(self) -> bool:
        """True on the last frame (everything shown)."""
        return self.frame >= len(self.cuts) - 1

    @property
    def limit(self) -> int:
        """How many events the current frame shows."""
        return self.cuts[self.frame]


class Playback:
    """Holds the frames being shown and their timer; ``on_frame(first_new_event)`` redraws after each advance."""

    def __init__(self, on_frame: Callable[[int], None]):
        self.on_frame = on_frame
        self.frames: Frames | None = None
        self._timer: asyncio.TimerHandle | None = None

    @property
    def running(self) -> bool:
        """True while some events of the last move wait to be shown."""
        return self.frames is not None and not self.frames.done

    @property
    def limit(self) -> int | None:
        """How many events are shown now (None: all of them)."""
        return self.frames.limit if self.running else None

    def start(self, pauses: list[int], events: int) -> bool:
        """Begin showing a move whose events pause before each index in ``pauses``; False if there is none."""
        self.stop()
        if pauses:
            self.frames = Frames(sorted(set(pauses)) + [events])
        return self.running

    def advance(self) -> bool:
        """Show the next frame; False if nothing was waiting."""
        frames = self.frames
        if frames is None or frames.done:
            return False
        shown = frames.limit
        frames.frame += 1
        if frames.done:
            self.stop()
        self.on_frame(shown)
        return True

    def next_limit(self) -> int | None:
        """How many events the next frame will show (None when nothing waits)."""
        frames = self.frames
        return frames.cuts[frames.frame + 1] if frames is not None and not frames.done else None

    def schedule(self, delay: float, then: Callable[[], None]) -> bool:
        """Advance after ``delay`` seconds on the running event loop, then call ``then``; False without a loop."""
        self.cancel_timer()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return False
        frames = self.frames
        self._timer = loop.call_later(delay, self._tick, frames, then)
        return True

    def _tick(self, frames: Frames | None, then: Callable[[], None]) -> None:
        self._timer = None
        if frames is not self.frames:
            return
        self.advance()
        then()

    def cancel_timer(self) -> None:
        """Forget a pending timer (the frames stay)."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def stop(self) -> None:
        """Drop the frames: everything is shown."""
        self.cancel_timer()
        self.frames = None


__all__ = ["Frames", "Playback"]
