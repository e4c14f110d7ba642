"""A student's arrival: who may get a game now, the line of waiting pages, and whether a dashboard page is open.

A student has at most one live game. The waiting page asks ``/play/queue`` every 2 s ("n ahead of you") and goes
to ``/play`` when its turn comes; a dashboard page holds a request to ``/play/alive`` open while it is open (its
own connection, which the browser closes with the tab), so that its game is kept until it connects, however slow
the page is, and hears at once when its game was lost.
"""
from __future__ import annotations

import asyncio
import time

from ..core.i18n import N_, _
from .access import Base
from .housekeeping import shutdown_game
from .state import ClassState

LINE_PATIENCE = 20.0   # a waiting page that stopped asking this long ago was closed: it leaves the line
HOLD_SECONDS = 600.0   # a page's open request is answered after this long, and asked again at once
RELOAD_GRACE = 5.0     # a reloaded page's old websocket closes within this time
ALREADY_OPEN = N_("Your game is already open in another tab or window: use that one (one game per student).")
ALREADY_STARTING = N_("Your game is already starting in another tab or window: use that one (one game per student).")


def refusal(state: ClassState, page_role: str, role: str | None) -> str | None:
    """Why no new game can start now for a ``page_role`` page asked by a ``role`` visitor (None if it can)."""
    if not state.ready:
        return N_("The class server is still starting. This page tries again in a few seconds.")
    if page_role == "student" and not state.open and role == "student":
        return N_("Your teacher has closed the class to new students.")
    if page_role == "student" and state.student_games() >= state.settings.students:
        return (f"The class is full ({state.settings.students} games at once). Ask your teacher; this page "
                "tries again in a few seconds.")
    if state.memory_mb > state.settings.memory_mb:
        return N_("The teacher's computer is short of memory. This page tries again in a few seconds.")
    return None


def busy(state: ClassState, session: str) -> str | None:
    """Why this student session may not start a second game (None if it has no other game open or starting)."""
    waiter = state.line.get(session)
    if waiter is not None and waiter.stage == "game starting":
        return ALREADY_STARTING
    game = state.game_of(session)
    if game is not None and game.connections:
        return ALREADY_OPEN
    return None


async def make_room(state: ClassState, session: str) -> str | None:
    """Before a student session gets a new game: wait for a reloaded page to let go of the old one, then stop it.

    Returns why the session may not have a new game (its game is open in another tab), or None.
    """
    deadline = time.monotonic() + RELOAD_GRACE
    while busy(state, session) == ALREADY_OPEN and time.monotonic() < deadline:
        await asyncio.sleep(0.25)
    reason = busy(state, session)
    if reason:
        return reason
    game = state.game_of(session)
    if game is not None:  # its page is gone (or never connected): this new page replaces it
        await shutdown_game(state, game.kernel_id, "its student opened a new page")
    return None


class QueueHandler(Base):
    """``GET /play/queue``: asked every 2 s by the waiting page; {"go", "ahead", "message"}."""

    def get(self) -> None:
        self.require("student", "teacher")
        st = self.state
        now = time.monotonic()
        st.forget_gone_waiters(now, LINE_PATIENCE)
        self.set_header("Cache-Control", "no-store")
        reason = refusal(st, "student", self.role)
        if self.role == "student":
            reason = busy(st, self.session) or reason
        if reason:
            self.finish({"go": False, "ahead": None, "message": _(reason)})
            return
        st.join_line(self.session, now)
        ahead = st.ahead_of(self.session)
        self.finish({"go": ahead < st.settings.starts_at_once, "ahead": ahead, "message": ""})


class AliveHandler(Base):
    """``GET /play/alive?kernel=ID``: held open by a dashboard page while it is open (its own connection).

    While such a request is open the page's game is kept, however long the page takes to connect. The answer
    comes when the game is lost ({"game": "lost"}: the page then says so) or after HOLD_SECONDS ({"game":
    "alive"}: the page asks again at once). A closed tab closes the request: the game is freed as usual.
    """

    def on_connection_close(self) -> None:
        self.closed = True

    def status(self, kernel_id: str) -> str:
        """'alive', 'starting' (no kernel known to the page yet) or 'lost'."""
        st = self.state
        if kernel_id:
            game = st.games.get(kernel_id)
            return "alive" if game is not None and game.session == self.session else "lost"
        known = self.session in st.line or st.game_of(self.session) is not None
        return "starting" if known else "lost"

    async def get(self) -> None:
        self.require("student", "teacher")
        st = self.state
        self.closed = False
        self.set_header("Cache-Control", "no-store")
        kernel_id = self.get_query_argument("kernel", "")[:64]
        session = self.session
        st.holds[session] = st.holds.get(session, 0) + 1
        try:
            deadline = time.monotonic() + HOLD_SECONDS
            while not self.closed and time.monotonic() < deadline and self.status(kernel_id) != "lost":
                await asyncio.sleep(1)
        finally:
            st.holds[session] -= 1
            if not st.holds[session]:
                del st.holds[session]
            for game in st.games.values():  # the page was there until now
                if game.session == session:
                    game.page_seen = max(game.page_seen, time.monotonic())
        if not self.closed:
            self.finish({"game": self.status(kernel_id)})
