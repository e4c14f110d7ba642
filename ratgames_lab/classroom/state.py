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
    loading: bool = True       # its page is still being sent to the browser
    page_closed: bool = False  # the browser went away while its page was being sent
    page_seen: float = 0.0     # the page was last seen open (its request to /play/alive, the end of its loading)
    number: int = 0            # "student 7" on the teacher's class page (order of arrival)
    kernel_lost: str = ""      # why its kernel process is gone or was replaced (it died on its own): the game is lost

    def last_sign_of_life(self) -> float:
        """When the page was last seen open: its request to /play/alive, the end of its loading, its websocket."""
        return max(self.page_seen, self.left, self.served)


@dataclass
class Waiter:
    """A browser session waiting for a game: in line, or with its page being started."""

    session: str
    number: int                # "student 7": the order of arrival, for the teacher's class page
    since: float               # when it asked for a game
    seen: float                # its last request
    in_request: bool = False   # it waits inside a /play request (no polling while that is open)
    stage: str = "in line"     # then "game starting" (its page is being made), then "page loading"


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
    line: dict[str, Waiter] = field(default_factory=dict)   # sessions waiting for a game, in order of arrival
    arrivals: int = 0
    holds: dict[str, int] = field(default_factory=dict)     # session -> open /play/alive requests (pages open)
    open: bool = True
    memory_mb: float = 0.0
    ready: bool = False
    stopped_games: int = 0
    log: list[str] = field(default_factory=list)

    def student_games(self) -> int:
        """Student games alive or being started."""
        return sum(1 for g in self.games.values() if g.role == "student") + self.starting

    def game_of(self, session: str) -> Game | None:
        """The live game of this browser session, if it has one (a session has at most one)."""
        return next((g for g in self.games.values() if g.session == session), None)

    def join_line(self, session: str, now: float, in_request: bool = False) -> Waiter:
        """Put ``session`` in the line for a game (or note that it is still there); return its place."""
        waiter = self.line.get(session)
        if waiter is None:
            self.arrivals += 1
            waiter = self.line[session] = Waiter(session, self.arrivals, now, now)
        waiter.seen = now
        waiter.in_request = waiter.in_request or in_request
        return waiter

    def ahead_of(self, session: str) -> int:
        """How many sessions wait before ``session`` (those in line earlier, and the pages being started)."""
        ahead, before = 0, True
        for other, waiter in self.line.items():
            before = before and other != session
            ahead += other != session and (waiter.stage == "game starting" or (before and waiter.stage == "in line"))
        return ahead

    def leave_line(self, session: str) -> None:
        """``session`` got its game (or left)."""
        self.line.pop(session, None)

    def forget_gone_waiters(self, now: float, patience: float) -> None:
        """Drop the sessions that stopped asking (their waiting page was closed) ``patience`` seconds ago."""
        for session, waiter in list(self.line.items()):
            if not waiter.in_request and waiter.stage == "in line" and now - waiter.seen > patience:
                del self.line[session]

    def long_waits(self, now: float, seconds: float = 30) -> list[tuple[int, float, str]]:
        """(student number, seconds waited, where) of every student waiting longer than ``seconds``."""
        waits = []
        for session, waiter in self.line.items():
            if now - waiter.since > seconds:
                waits.append((waiter.number, now - waiter.since, waiter.stage))
        return waits

    def note(self, text: str) -> None:
        """Record an event for the teacher's class page (and the terminal)."""
        line = time.strftime("%H:%M:%S ") + text
        self.log.append(line)
        del self.log[:-50]
        sys.stderr.write(f"[classroom] {line}\n")

