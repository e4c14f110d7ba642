"""``/teacher/class``: the class at a glance for the teacher, and the teacher's controls."""
from __future__ import annotations

import asyncio
import time
from html import escape

from .access import Base
from .housekeeping import shutdown_game
from .pages import page


LONG_WAIT_SECONDS = 30


def _who(role: str, number: int) -> str:
    return f"student {number}" if role == "student" and number else role


class ClassPageHandler(Base):
    """``/teacher/class``: the class at a glance, and the teacher's controls."""

    def get(self) -> None:
        self.require("teacher")
        st = self.state
        students = [g for g in st.games.values() if g.role == "student"]
        connected = sum(1 for g in students if g.connections)
        per = [g.rss_mb for g in st.games.values() if g.rss_mb]
        rows = "".join(f"<tr><td>{escape(g.kernel_id[:8])}</td><td>{_who(g.role, g.number)}</td>"
                       f"<td>{'yes' if g.connections else 'no'}</td><td>{g.rss_mb:.0f} MB</td>"
                       f"<td>{int(time.monotonic() - g.served) // 60} min</td></tr>"
                       for g in sorted(st.games.values(), key=lambda g: g.served))
        waits = st.long_waits(time.monotonic(), LONG_WAIT_SECONDS)
        waiting = "".join(f"<li>Student {number}: waiting for {seconds:.0f} s ({stage})</li>"
                          for number, seconds, stage in waits)
        waiting = (f'<h2 class="err">Waiting more than {LONG_WAIT_SECONDS} s</h2><ul id="long-waits">{waiting}</ul>'
                   if waits else "")
        xsrf = self.xsrf_form_html()
        door = ("New students can join." if st.open else "<b>Closed</b>: no new student can join.")
        body = (f"<h1>{escape(self.title)}: the class</h1>"
                f"<p>{len(students)} student games ({connected} connected), at most {st.settings.students}. "
                f"{door}</p>{waiting}<p>Memory of the server and its games: {st.memory_mb:.0f} MB "
                f"(limit {st.settings.memory_mb} MB){'; mean per game %.0f MB' % (sum(per) / len(per)) if per else ''}."
                f" Games stopped so far: {st.stopped_games}.</p>"
                f'<form method="post" action="/teacher/class">{xsrf}'
                f'<button name="do" value="{"close" if st.open else "open"}">'
                f'{"Let no new student join" if st.open else "Let new students join"}</button>'
                f'<button name="do" value="end">End every student\'s game</button></form>'
                f"<table><tr><th>game</th><th>who</th><th>connected</th><th>memory</th><th>age</th></tr>{rows}"
                f"</table><h2>Log</h2><pre class=\"muted\">{escape(chr(10).join(st.log[-15:]))}</pre>")
        self.finish(page(self.title, body, refresh=10))

    async def post(self) -> None:
        self.require("teacher")
        action = self.get_body_argument("do", "")
        if action == "close":
            self.state.open = False
            self.state.note("the teacher closed the class to new students")
        elif action == "open":
            self.state.open = True
            self.state.note("the teacher opened the class to new students")
        elif action == "end":
            ids = [k for k, g in self.state.games.items() if g.role == "student"]
            await asyncio.gather(*(shutdown_game(self.state, k, "ended by the teacher") for k in ids))
        self.redirect("/teacher/class")
