"""What the classroom server knows about its class: the games handed out, the pages starting, memory, the log."""
from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field

from . import ClassroomSettings


@dataclass
class Game:
    """One kernel handed out to a browser session."""

    kernel_id: str
    role: str
    session: str
    served: float
    connections: int = 0
    ever_connected: bool = False
    left: float = 0.0          # when its last websocket closed
    pid: int | None = None
    rss_mb: float = 0.0


@dataclass
class ClassState:
    """The live state of the class: games, pages being started, memory, whether new students may join."""

    settings: ClassroomSettings
    upstream: str
    token: str
    voila_pid: int
    games: dict[str, Game] = field(default_factory=dict)
    starting: int = 0
    waiting: int = 0
    open: bool = True
    memory_mb: float = 0.0
    ready: bool = False
    stopped_games: int = 0
    log: list[str] = field(default_factory=list)

    def student_games(self) -> int:
        """Student games alive or being started."""
        return sum(1 for g in self.games.values() if g.role == "student") + self.starting

    def note(self, text: str) -> None:
        """Record an event for the teacher's class page (and the terminal)."""
        line = time.strftime("%H:%M:%S ") + text
        self.log.append(line)
        del self.log[:-50]
        sys.stderr.write(f"[classroom] {line}\n")

