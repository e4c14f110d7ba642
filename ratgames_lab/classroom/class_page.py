"""``/teacher/class``: the class at a glance for the teacher, and the teacher's controls."""
from __future__ import annotations

import asyncio
import time
from html import escape

from ..core.i18n import _, ngettext
from .access import Base
from .housekeeping import shutdown_game
from .pages import page


LONG_WAIT_SECONDS = 30


def _who(role: str, number: int) -> str:
    if role == "student":
        return _("student {number}").format(number=number) if number else _("student")
    return _("teacher") if role == "teacher" else role


def _row(g) -> str:
    """One game of the class table: kernel, who, connected, memory, age."""
    cells = [escape(g.kernel_id[:8]), _who(g.role, g.number), _("yes") if g.connections else _("no"),
             _("{mb} MB").format(mb=round(g.rss_mb)),
             _("{minutes} min").format(minutes=int(time.monotonic() - g.served) // 60)]
    return "<tr>" + "".join(f"<td>{cell}</td>" for cell in cells) + "</tr>"


class ClassPageHandler(Base):
    """``/teacher/class``: the class at a glance, and the teacher's controls."""

    def get(self) -> None:
        self.require("teacher")
        st = self.state
        students = [g for g in st.games.values() if g.role == "student"]
        connected = sum(1 for g in students if g.connections)
        per = [g.rss_mb for g in st.games.values() if g.rss_mb]
        rows = "".join(_row(g) for g in sorted(st.games.values(), key=lambda g: g.served))
        waits = st.long_waits(time.monotonic(), LONG_WAIT_SECONDS)
        waiting = "".join("<li>" + escape(_("Student {number}: waiting for {seconds} s ({stage})").format(
            number=number, seconds=round(seconds), stage=stage)) + "</li>" for number, seconds, stage in waits)
        long_waits = _("Waiting more than {seconds} s").format(seconds=LONG_WAIT_SECONDS)
        waiting = f'<h2 class="err">{long_waits}</h2><ul id="long-waits">{waiting}</ul>' if waits else ""
        xsrf = self.xsrf_form_html()
        door = (_("New students can join.") if st.open else _("<b>Closed</b>: no new student can join."))
        games = ngettext("{n} student game ({connected} connected), at most {most}.",
                         "{n} student games ({connected} connected), at most {most}.", len(students)).format(
            n=len(students), connected=connected, most=st.settings.students)
        memory = _("Memory of the server and its games: {mb} MB (limit {limit} MB).").format(
            mb=round(st.memory_mb), limit=st.settings.memory_mb)
        if per:
            memory = _("Memory of the server and its games: {mb} MB (limit {limit} MB); mean per game {mean} MB.")
            memory = memory.format(mb=round(st.memory_mb), limit=st.settings.memory_mb, mean=round(sum(per) / len(per)))
        end_all, door_button = _("End every student's game"), (
            _("Let no new student join") if st.open else _("Let new students join"))
        heading, stopped, log = (_("{title}: the class").format(title=self.title),
                                 _("Games stopped so far: {n}.").format(n=st.stopped_games), _("Log"))
        headers = "".join(f"<th>{h}</th>" for h in (_("game"), _("who"), _("connected"), _("memory"), _("age")))
        body = (f"<h1>{escape(heading)}</h1><p>{games} {door}</p>{waiting}<p>{memory} {stopped}</p>"
                f'<form method="post" action="/teacher/class">{xsrf}'
                f'<button name="do" value="{"close" if st.open else "open"}">'
                f'{door_button}</button>'
                f'<button name="do" value="end">{escape(end_all)}</button></form>'
                f"<table><tr>{headers}</tr>{rows}"
                f"</table><h2>{log}</h2><pre class=\"muted\">{escape(chr(10).join(st.log[-15:]))}</pre>")
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
