"""The classroom server: access codes in front of a private Voila, only the game's dashboard reachable.

Voila listens on 127.0.0.1 with a token only this process knows. This tornado server listens on the local
network and:

* asks for an access code (student or teacher) before anything else, and keeps the role in a signed cookie;
* forwards only the dashboard page (``/play``, ``/teacher/play``), the static files the page needs and the
  websockets of the kernels that this browser was given: no notebook tree, no file API, no other notebook;
* checks every binary websocket frame before Voila parses it and caps a message's size;
* hands out pages a few at a time while games start (the others see "starting your game");
* stops a game when its tab is closed or reloaded, when it was never opened, when it uses too much memory, and
  refuses new games when the class is full or the computer's memory is nearly used up.
"""
from __future__ import annotations

import asyncio
import json
import os
import re
import secrets
import shutil
import signal
import socket
import sys
import tempfile
import time
from dataclasses import dataclass, field
from html import escape
from pathlib import Path
from typing import Any, TextIO

import tornado.httpclient
import tornado.ioloop
import tornado.web
import tornado.websocket

from . import (STUDENT_NOTEBOOK, TEACHER_NOTEBOOK, V1_PROTOCOL, ClassroomSettings, LoginLimiter, check_kernel_frame,
               code_matches, write_role_notebooks)
from .processes import APP_TEMPLATE, descendants, start_server, stop_server, voila_env

COOKIE = "ratgames_classroom"
KERNEL_ID = r"(?P<kernel_id>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
PAGE_KERNEL_ID = re.compile(rb'"kernelId":\s*"([0-9a-f-]{36})"')
STATIC_PREFIXES = ("/voila/static/", "/voila/templates/", "/voila/labextensions/", "/voila/api/themes/",
                   "/static/")
FORWARDED_HEADERS = ("Content-Type", "Cache-Control", "ETag", "Last-Modified", "Expires", "Content-Language")
UPSTREAM_MAX_MESSAGE = 256 * 1024 * 1024  # what a kernel sends (widget state, charts) is not limited


# ------------------------------------------------------------------------------------------------
# What the server knows about its games
# ------------------------------------------------------------------------------------------------
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


# ------------------------------------------------------------------------------------------------
# Pages
# ------------------------------------------------------------------------------------------------
_STYLE = """<style>
body{font-family:system-ui,sans-serif;font-size:22px;max-width:46em;margin:3em auto;padding:0 1em;color:#222}
h1{font-size:1.6em} input{font-size:1.2em;padding:.3em;letter-spacing:.1em;text-transform:uppercase}
button{font-size:1em;padding:.3em 1em;margin:.2em} .err{color:#b00020} .muted{color:#666;font-size:.8em}
table{border-collapse:collapse} td,th{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:left}
.spinner{display:inline-block;width:1em;height:1em;border:.2em solid #ccc;border-top-color:#333;
border-radius:50%;animation:spin 1s linear infinite;vertical-align:middle;margin-right:.5em}
@keyframes spin{to{transform:rotate(360deg)}}
</style>"""


def _page(title: str, body: str, refresh: int | None = None) -> str:
    meta = f'<meta http-equiv="refresh" content="{refresh}">' if refresh else ""
    return (f'<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">{meta}{_STYLE}</head>'
            f"<body>{body}</body></html>")


class Base(tornado.web.RequestHandler):
    """Common helpers: the class state, the visitor's role and session."""

    def initialize(self, state: ClassState, title: str) -> None:
        self.state = state
        self.title = title

    def get_current_user(self) -> dict | None:
        raw = self.get_signed_cookie(COOKIE, max_age_days=1)
        if not raw:
            return None
        try:
            data = json.loads(raw)
        except ValueError:
            return None
        return data if isinstance(data, dict) and data.get("role") in ("student", "teacher") else None

    @property
    def role(self) -> str | None:
        user = self.current_user
        return user["role"] if user else None

    @property
    def session(self) -> str:
        return self.current_user["session"] if self.current_user else ""

    def set_default_headers(self) -> None:
        self.set_header("X-Content-Type-Options", "nosniff")
        self.set_header("Referrer-Policy", "no-referrer")
        self.set_header("X-Frame-Options", "SAMEORIGIN")

    def write_error(self, status_code: int, **kwargs: Any) -> None:
        messages = {403: "You need the class code: go to the first page.", 404: "There is nothing here.",
                    405: "There is nothing here."}
        self.finish(_page(self.title, f"<h1>{escape(self.title)}</h1><p>{messages.get(status_code, 'Error.')}</p>"
                                      '<p><a href="/">Back to the first page</a></p>'))

    def require(self, *roles: str) -> None:
        if self.role not in roles:
            raise tornado.web.HTTPError(403)

    def owns(self, kernel_id: str) -> Game:
        """The game ``kernel_id`` if it belongs to this browser session; 403 otherwise."""
        game = self.state.games.get(kernel_id)
        if game is None or not self.current_user or game.session != self.session:
            raise tornado.web.HTTPError(403)
        return game


class LoginHandler(Base):
    """``/``: the code form, or the way into the game for someone who typed a code."""

    def initialize(self, state: ClassState, title: str, limiter: LoginLimiter) -> None:
        super().initialize(state, title)
        self.limiter = limiter

    def get(self) -> None:
        if self.role == "teacher":
            self.finish(_teacher_home(self.title))
        elif self.role == "student":
            self.finish(_starting_page(self.title, "/play"))
        else:
            self.finish(_login_page(self.title, self.xsrf_form_html()))

    def post(self) -> None:
        address = self.request.remote_ip or "?"
        now = time.monotonic()
        if self.limiter.blocked(address, now):
            self.set_status(429)
            self.finish(_login_page(self.title, self.xsrf_form_html(),
                                    "Too many wrong codes: wait a minute and try again."))
            return
        typed = self.get_body_argument("code", "")[:100]
        role = None
        if code_matches(typed, self.state.settings.teacher_code):
            role = "teacher"
        elif code_matches(typed, self.state.settings.student_code):
            role = "student"
        if role is None:
            self.limiter.failed(address, now)
            self.set_status(403)
            self.finish(_login_page(self.title, self.xsrf_form_html(), "This is not the class code."))
            return
        self.set_signed_cookie(COOKIE, json.dumps({"role": role, "session": secrets.token_hex(16)}),
                               expires_days=1, httponly=True, samesite="Strict")
        self.redirect("/")


def _login_page(title: str, xsrf: str, error: str = "") -> str:
    err = f'<p class="err">{escape(error)}</p>' if error else ""
    return _page(title, f"<h1>{escape(title)}</h1><p>Type the class code written on the board.</p>{err}"
                        f'<form method="post" action="/">{xsrf}<input name="code" autofocus autocomplete="off" '
                        f'aria-label="class code" size="12"> <button type="submit">Start</button></form>')


def _starting_page(title: str, target: str) -> str:
    """Shown while the game starts: the browser keeps it on screen until the dashboard's first bytes arrive."""
    body = (f"<h1>{escape(title)}</h1><p id=\"starting\"><span class=\"spinner\"></span>Starting your game… "
            "<span id=\"waited\"></span></p><p class=\"muted\">When the whole class arrives at once this can "
            "take up to a minute. Please do not reload the page.</p>"
            "<script>var t0=Date.now();setInterval(function(){document.getElementById('waited').textContent="
            "'('+Math.round((Date.now()-t0)/1000)+' s)'},1000);"
            f"setTimeout(function(){{location.replace({json.dumps(target)})}},50);</script>")
    return _page(title, body)


def _teacher_home(title: str) -> str:
    return _page(title, f"<h1>{escape(title)}: teacher</h1><ul>"
                        '<li><a href="/teacher/play">Your dashboard, with the teacher view</a></li>'
                        '<li><a href="/teacher/class">The class: who is connected, memory, controls</a></li>'
                        '<li><a href="/play">A student\'s dashboard (what the class sees)</a></li></ul>')


class ClassPageHandler(Base):
    """``/teacher/class``: the class at a glance, and the teacher's controls."""

    def get(self) -> None:
        self.require("teacher")
        st = self.state
        students = [g for g in st.games.values() if g.role == "student"]
        connected = sum(1 for g in students if g.connections)
        per = [g.rss_mb for g in st.games.values() if g.rss_mb]
        rows = "".join(f"<tr><td>{escape(g.kernel_id[:8])}</td><td>{g.role}</td>"
                       f"<td>{'yes' if g.connections else 'no'}</td><td>{g.rss_mb:.0f} MB</td>"
                       f"<td>{int(time.monotonic() - g.served) // 60} min</td></tr>"
                       for g in sorted(st.games.values(), key=lambda g: g.served))
        xsrf = self.xsrf_form_html()
        door = ("New students can join." if st.open else "<b>Closed</b>: no new student can join.")
        body = (f"<h1>{escape(self.title)}: the class</h1>"
                f"<p>{len(students)} student games ({connected} connected), at most {st.settings.students}. "
                f"{door}</p><p>Memory of the server and its games: {st.memory_mb:.0f} MB "
                f"(limit {st.settings.memory_mb} MB){'; mean per game %.0f MB' % (sum(per) / len(per)) if per else ''}."
                f" Games stopped so far: {st.stopped_games}.</p>"
                f'<form method="post" action="/teacher/class">{xsrf}'
                f'<button name="do" value="{"close" if st.open else "open"}">'
                f'{"Let no new student join" if st.open else "Let new students join"}</button>'
                f'<button name="do" value="end">End every student\'s game</button></form>'
                f"<table><tr><th>game</th><th>role</th><th>connected</th><th>memory</th><th>age</th></tr>{rows}"
                f"</table><h2>Log</h2><pre class=\"muted\">{escape(chr(10).join(st.log[-15:]))}</pre>")
        self.finish(_page(self.title, body, refresh=10))

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


# ------------------------------------------------------------------------------------------------
# Forwarding to Voila
# ------------------------------------------------------------------------------------------------
async def _fetch(url_or_request: Any, **kwargs: Any) -> tornado.httpclient.HTTPResponse | None:
    """Fetch from Voila; None if it cannot be reached (stopped, starting, overloaded)."""
    try:
        return await tornado.httpclient.AsyncHTTPClient().fetch(url_or_request, raise_error=False, **kwargs)
    except (OSError, tornado.httpclient.HTTPClientError, asyncio.TimeoutError):
        return None


def _upstream_headers(state: ClassState, request: tornado.httputil.HTTPServerRequest) -> dict:
    headers = {"Authorization": f"token {state.token}"}
    for name in ("Accept", "Accept-Language", "If-None-Match", "If-Modified-Since", "User-Agent"):
        if name in request.headers:
            headers[name] = request.headers[name]
    return headers


class StaticHandler(Base):
    """The files the dashboard page loads (scripts, styles, fonts, widget code), for a visitor with a code."""

    async def get(self, path: str) -> None:
        self.require("student", "teacher")
        if ".." in path.split("/"):
            raise tornado.web.HTTPError(404)
        query = ("?" + self.request.query) if self.request.query else ""
        response = await _fetch(self.state.upstream + path + query,
                                headers=_upstream_headers(self.state, self.request), request_timeout=120,
                                follow_redirects=False)
        if response is None or response.code == 599:
            raise tornado.web.HTTPError(502)
        if response.code not in (200, 304):
            raise tornado.web.HTTPError(404)
        self.set_status(response.code)
        for name in FORWARDED_HEADERS:
            if name in response.headers:
                self.set_header(name, response.headers[name])
        if response.code == 200:
            self.write(response.body)
        self.finish()


class PlayHandler(Base):
    """``/play`` and ``/teacher/play``: the dashboard page of a new game, handed out a few at a time."""

    def initialize(self, state: ClassState, title: str, notebook: str, role: str, gate: asyncio.Semaphore) -> None:
        super().initialize(state, title)
        self.notebook = notebook
        self.page_role = role
        self.gate = gate

    async def get(self) -> None:
        self.require(*(("teacher",) if self.page_role == "teacher" else ("student", "teacher")))
        st = self.state
        refusal = None
        if not st.ready:
            refusal = "The class server is still starting. This page tries again in a few seconds."
        elif self.page_role == "student" and not st.open and self.role == "student":
            refusal = "Your teacher has closed the class to new students."
        elif self.page_role == "student" and st.student_games() >= st.settings.students:
            refusal = (f"The class is full ({st.settings.students} games at once). Ask your teacher; this page "
                       "tries again in a few seconds.")
        elif st.memory_mb > st.settings.memory_mb:
            refusal = "The teacher's computer is short of memory. This page tries again in a few seconds."
        if refusal:
            self.set_status(503)
            self.finish(_page(self.title, f"<h1>{escape(self.title)}</h1><p>{escape(refusal)}</p>", refresh=10))
            return
        self.counted = self.page_role == "student"  # a game being started counts against the class size
        st.starting += self.counted
        st.waiting += 1
        try:
            async with self.gate:
                st.waiting -= 1
                await self._forward()
        finally:
            st.starting -= self.counted

    async def _forward(self) -> None:
        seen = bytearray()
        found: list[str] = []
        started = False

        def on_header(line: str) -> None:
            if not started and line.lower().startswith("content-type:"):
                self.set_header("Content-Type", line.split(":", 1)[1].strip())

        def on_chunk(chunk: bytes) -> None:
            nonlocal started
            if not found and len(seen) < 1_000_000:
                seen.extend(chunk)
                match = PAGE_KERNEL_ID.search(seen)
                if match:
                    found.append(match.group(1).decode())
                    self._register(found[0])
            started = True
            self.write(chunk)
            self.flush()

        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        request = tornado.httpclient.HTTPRequest(
            self.state.upstream + "/voila/render/" + self.notebook, headers=_upstream_headers(self.state, self.request),
            request_timeout=600, streaming_callback=on_chunk, header_callback=on_header, follow_redirects=False)
        response = await _fetch(request)
        if (response is None or response.code != 200) and not started:
            self.set_status(502)
            self.finish(_page(self.title, f"<h1>{escape(self.title)}</h1><p>The game did not start. Reload the page "
                                          "to try again.</p>"))
            return
        self.finish()

    def _register(self, kernel_id: str) -> None:
        st = self.state
        st.games[kernel_id] = Game(kernel_id, self.page_role, self.session, time.monotonic())
        if self.counted:  # from now on the game counts as a game, no more as one being started
            st.starting -= 1
            self.counted = False
        st.note(f"{self.page_role} game {kernel_id[:8]} handed out ({st.student_games()} student games)")


class ShutdownHandler(Base):
    """``POST /voila/api/shutdown/<id>`` (sent by a closing tab) and ``DELETE /api/kernels/<id>``."""

    def check_xsrf_cookie(self) -> None:
        """Voila's page sends no _xsrf with this request; the cookie is SameSite=Strict and the game must be
        this browser's own, so a foreign page cannot use it."""

    async def post(self, kernel_id: str) -> None:
        self.owns(kernel_id)
        asyncio.ensure_future(shutdown_game(self.state, kernel_id, "its tab was closed"))  # answer at once
        self.set_status(204)
        self.finish()

    async def delete(self, kernel_id: str) -> None:
        await self.post(kernel_id)

    async def get(self, kernel_id: str) -> None:
        self.owns(kernel_id)
        response = await _fetch(f"{self.state.upstream}/api/kernels/{kernel_id}",
                                headers=_upstream_headers(self.state, self.request))
        self.set_status(502 if response is None or response.code == 599 else response.code)
        self.set_header("Content-Type", "application/json")
        self.finish((response.body if response is not None else None) or b"{}")


class SocketHandler(tornado.websocket.WebSocketHandler):
    """A kernel's websocket: only for the browser that owns the game; every frame checked before Voila reads it."""

    def initialize(self, state: ClassState, channel: str) -> None:
        self.state = state
        self.channel = channel  # "channels" (the kernel) or "query" (Voila's request info)
        self.upstream: tornado.websocket.WebSocketClientConnection | None = None
        self.game: Game | None = None
        self.protocol: str | None = None
        self.closed = False

    def get_current_user(self) -> dict | None:
        return Base.get_current_user(self)  # type: ignore[arg-type]

    def prepare(self) -> None:
        user = self.current_user
        kernel_id = self.path_kwargs.get("kernel_id", "")
        game = self.state.games.get(kernel_id)
        if not user or game is None or game.session != user["session"]:
            raise tornado.web.HTTPError(403)
        self.game = game

    def select_subprotocol(self, subprotocols: list[str]) -> str | None:
        self.protocol = V1_PROTOCOL if V1_PROTOCOL in subprotocols else None
        return self.protocol

    async def open(self, kernel_id: str) -> None:
        game = self.game
        assert game is not None
        if self.channel == "channels":
            game.connections += 1
            game.ever_connected = True
        url = self.state.upstream.replace("http", "ws", 1) + (
            f"/api/kernels/{kernel_id}/channels" if self.channel == "channels" else f"/voila/query/{kernel_id}")
        query = self.request.query
        request = tornado.httpclient.HTTPRequest(url + (f"?{query}" if query else ""),
                                                 headers={"Authorization": f"token {self.state.token}"})
        try:
            self.upstream = await tornado.websocket.websocket_connect(
                request, subprotocols=[self.protocol] if self.protocol else None,
                max_message_size=UPSTREAM_MAX_MESSAGE)
        except Exception:  # the kernel is gone (stopped, culled): close this side too
            self.close(1011, "game not available")
            return
        if self.closed:
            self.upstream.close()
            return
        asyncio.ensure_future(self._pump())

    async def _pump(self) -> None:
        upstream = self.upstream
        while upstream is not None:
            message = await upstream.read_message()
            if message is None:
                break
            try:
                await self.write_message(message, binary=isinstance(message, bytes))
            except tornado.websocket.WebSocketClosedError:
                break
        if not self.closed:
            self.close()

    def on_message(self, message: str | bytes) -> None:
        if self.upstream is None:
            return
        if isinstance(message, bytes) and self.channel == "channels":
            reason = check_kernel_frame(message, self.protocol)
            if reason:
                self.state.note(f"malformed websocket frame from {self.request.remote_ip} refused: {reason}")
                self.close(1003, "malformed message")
                return
        try:
            self.upstream.write_message(message, binary=isinstance(message, bytes))
        except tornado.websocket.WebSocketClosedError:
            self.close()

    def on_close(self) -> None:
        self.closed = True
        if self.upstream is not None:
            self.upstream.close()
        if self.channel == "channels" and self.game is not None and self.game.connections > 0:
            self.game.connections -= 1
            if self.game.connections == 0:
                self.game.left = time.monotonic()


class NotFound(Base):
    """Everything else: the notebook tree, files, terminals, other notebooks, Voila's API."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404 if self.current_user else 403)


# ------------------------------------------------------------------------------------------------
# Housekeeping
# ------------------------------------------------------------------------------------------------
async def shutdown_game(state: ClassState, kernel_id: str, why: str) -> None:
    """Stop one game's kernel (through Voila, which forgets it) and forget it here."""
    game = state.games.pop(kernel_id, None)
    if game is None:
        return
    state.stopped_games += 1
    state.note(f"{game.role} game {kernel_id[:8]} stopped: {why}")
    await _fetch(f"{state.upstream}/api/kernels/{kernel_id}", method="DELETE",
                 headers={"Authorization": f"token {state.token}"}, request_timeout=30)


def _memory(state: ClassState) -> None:
    """Measure the memory of Voila and its kernels; find each game's kernel process."""
    try:
        import psutil
    except ImportError:
        return
    try:
        voila = psutil.Process(state.voila_pid)
        procs = [voila, *voila.children(recursive=True)]
    except psutil.Error:
        return
    total = 0.0
    by_kernel: dict[str, tuple[int, float]] = {}
    for proc in procs:
        try:
            rss = proc.memory_info().rss / 2**20
            cmdline = " ".join(proc.cmdline())
        except psutil.Error:
            continue
        total += rss
        match = re.search(r"kernel-([0-9a-f-]{36})\.json", cmdline)
        if match:
            by_kernel[match.group(1)] = (proc.pid, rss)
    state.memory_mb = total
    for kernel_id, game in state.games.items():
        if kernel_id in by_kernel:
            game.pid, game.rss_mb = by_kernel[kernel_id]


async def housekeeping(state: ClassState) -> None:
    """Every few seconds: free the games of closed tabs and unopened pages, stop games over their memory."""
    s = state.settings
    while True:
        await asyncio.sleep(2)
        now = time.monotonic()
        _memory(state)
        stops = []
        for kernel_id, game in list(state.games.items()):
            why = None
            if game.connections == 0 and game.ever_connected and now - game.left > s.left_seconds:
                why = "its tab was closed or reloaded"
            elif not game.ever_connected and now - game.served > s.unopened_seconds:
                why = "its page never connected"
            elif game.rss_mb > s.kernel_memory_mb:
                why = f"it used {game.rss_mb:.0f} MB (limit {s.kernel_memory_mb} MB)"
            if why:
                stops.append(shutdown_game(state, kernel_id, why))
        if stops:
            await asyncio.gather(*stops)


async def _wait_for_voila(state: ClassState, proc, timeout: float = 180) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return False
        response = await _fetch(state.upstream + "/voila/static/voila.js",
                                headers={"Authorization": f"token {state.token}"}, request_timeout=5)
        if response is not None and response.code == 200:
            return True
        await asyncio.sleep(0.5)
    return False


# ------------------------------------------------------------------------------------------------
# Voila's configuration and the application
# ------------------------------------------------------------------------------------------------
def voila_config(settings: ClassroomSettings, root: Path, port: int, token: str) -> dict:
    """Voila's configuration (voila.json): loopback, token, pre-started student games, culling, limits."""
    return {
        "Voila": {"ip": "127.0.0.1", "port": port, "port_retries": 0, "open_browser": False, "token": token,
                  "root_dir": str(root),
                  "tornado_settings": {"websocket_max_message_size": settings.max_message_bytes,
                                       "websocket_ping_interval": 30}},
        "VoilaConfiguration": {"template": APP_TEMPLATE, "preheat_kernel": settings.ready_games > 0,
                               "show_tracebacks": False,
                               "file_allowlist": [], "http_keep_alive_timeout": 10,
                               "default_pool_size": settings.ready_games},
        "VoilaKernelManager": {"kernel_pools_config": {
            "default": {"pool_size": 0}, STUDENT_NOTEBOOK: {"pool_size": settings.ready_games}},
            "fill_delay": 0.5},
        # nbclient waits only 4 s for a cell's output after it ran: under a class's load the dashboard's output
        # came later and the page stayed blank ("Timeout waiting for IOPub output")
        "VoilaExecutor": {"iopub_timeout": 120, "startup_timeout": 180},
        "MappingKernelManager": {"cull_idle_timeout": settings.idle_minutes * 60, "cull_interval": 60,
                                 "cull_connected": True, "cull_busy": False},
    }


def make_app(state: ClassState, title: str, cookie_secret: str) -> tornado.web.Application:
    """The tornado application of the classroom server (routes listed here are all there is)."""
    gate = asyncio.Semaphore(max(1, state.settings.starts_at_once))
    common = {"state": state, "title": title}
    return tornado.web.Application(
        [
            (r"/", LoginHandler, {**common, "limiter": LoginLimiter()}),
            (r"/play", PlayHandler, {**common, "notebook": STUDENT_NOTEBOOK, "role": "student", "gate": gate}),
            (r"/teacher/play", PlayHandler, {**common, "notebook": TEACHER_NOTEBOOK, "role": "teacher",
                                             "gate": gate}),
            (r"/teacher/class", ClassPageHandler, common),
            (r"/api/kernels/%s/channels" % KERNEL_ID, SocketHandler, {"state": state, "channel": "channels"}),
            (r"/voila/query/%s" % KERNEL_ID, SocketHandler, {"state": state, "channel": "query"}),
            (r"/voila/api/shutdown/%s" % KERNEL_ID, ShutdownHandler, common),
            (r"/api/kernels/%s" % KERNEL_ID, ShutdownHandler, common),
            (r"((?:%s).*)" % "|".join(re.escape(p) for p in STATIC_PREFIXES), StaticHandler, common),
            (r".*", NotFound, common),
        ],
        cookie_secret=cookie_secret, xsrf_cookies=True, websocket_max_message_size=state.settings.max_message_bytes,
        websocket_ping_interval=30, default_handler_class=NotFound, default_handler_args=common,
    )


def local_address() -> str:
    """This computer's address on the local network (no packet is sent), or its name if there is none."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            sock.connect(("10.255.255.255", 1))
            address = sock.getsockname()[0]
        except OSError:
            address = ""
    return address if address and not address.startswith("127.") else socket.gethostname()


def serve_classroom(settings: ClassroomSettings, title: str, out: TextIO) -> int:
    """Serve the class until SIGINT, SIGTERM or SIGHUP; then stop Voila and every kernel. Returns 0."""
    workdir = Path(tempfile.mkdtemp(prefix="ratgames_classroom_"))
    root = workdir / "app"
    write_role_notebooks(settings.notebook, root)
    token = secrets.token_urlsafe(32)
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        voila_port = sock.getsockname()[1]
    config_dir = workdir / "config"
    config_dir.mkdir()
    (config_dir / "voila.json").write_text(json.dumps(voila_config(settings, root, voila_port, token), indent=1))
    cmd = [sys.executable, "-m", "voila", str(root), f"--Voila.config_file_paths={config_dir}"]
    log = open(workdir / "voila.log", "w")
    env = {**voila_env(), "PYTHONUNBUFFERED": "1"}
    proc = start_server(cmd, cwd=root, stdout=log, stderr=log, env=env)
    state = ClassState(settings, f"http://127.0.0.1:{voila_port}", token, proc.pid)
    tornado.httpclient.AsyncHTTPClient.configure(None, max_clients=4 * settings.students + 20)
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    stop = asyncio.Event()
    previous = {}
    code = 0
    try:
        for sig in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None:
                try:
                    loop.add_signal_handler(sig, stop.set)
                except (NotImplementedError, RuntimeError, ValueError):
                    previous[sig] = signal.signal(sig, lambda *_: loop.call_soon_threadsafe(stop.set))
        async def main() -> None:
            app = make_app(state, title, secrets.token_hex(32))
            server = app.listen(settings.port, address=settings.host, max_body_size=1024 * 1024)
            address = local_address() if settings.host in ("0.0.0.0", "", "::") else settings.host
            out.write(f"Classroom server for {title}\n"
                      f"  Students open:  http://{address}:{settings.port}/\n"
                      f"  Student code:   {settings.student_code}\n"
                      f"  Teacher code:   {settings.teacher_code}   (yours only: teacher view and the class page)\n"
                      f"  Up to {settings.students} students; {settings.ready_games} games are started in advance.\n"
                      f"Starting Voila (log: {workdir / 'voila.log'}) ...\n")
            out.flush()
            tasks = [asyncio.ensure_future(housekeeping(state))]
            if await _wait_for_voila(state, proc):
                state.ready = True
                out.write("Ready. Press Ctrl-C to stop the class.\n")
            else:
                log.flush()
                tail = (workdir / "voila.log").read_text(errors="replace").strip().splitlines()[-15:]
                out.write("Voila did not start. The end of its log:\n" + "\n".join(tail) + "\n")
                stop.set()
            out.flush()
            watcher = asyncio.ensure_future(_watch(proc, stop))
            await stop.wait()
            for task in [*tasks, watcher]:
                task.cancel()
            await asyncio.gather(*tasks, watcher, return_exceptions=True)
            server.stop()

        loop.run_until_complete(main())
        if not state.ready:
            code = 1
    finally:
        for sig in (signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", None)):
            if sig is not None:
                try:
                    loop.remove_signal_handler(sig)
                except (NotImplementedError, RuntimeError, ValueError):
                    pass
        for sig, old in previous.items():
            signal.signal(sig, old)
        kernels = len(descendants(proc.pid))
        stop_server(proc)
        log.close()
        loop.close()
        if os.environ.get("RATGAMES_CLASSROOM_KEEP"):
            out.write(f"Kept {workdir} (RATGAMES_CLASSROOM_KEEP is set).\n")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
        out.write(f"Stopped the class server, Voila and {kernels} kernel process(es).\n")
        out.flush()
    return code


async def _watch(proc, stop: asyncio.Event) -> None:
    while proc.poll() is None:
        await asyncio.sleep(1)
    sys.stderr.write("[classroom] Voila stopped unexpectedly\n")
    stop.set()
