"""The proxy to Voila: only the dashboard page, its static files and the websockets of this browser's own kernels.

Every binary websocket frame from a browser is checked before Voila parses it; pages are handed out a few at a
time while games start.
"""
from __future__ import annotations

import asyncio
import re
import time

import tornado.httpclient
import tornado.web
import tornado.websocket

from . import V1_PROTOCOL, check_kernel_frame
from ..core.i18n import N_, _
from .access import Base
from .arrival import make_room, refusal
from .fairness import Fairness
from .housekeeping import shutdown_game
from .pages import message_page, page_guard
from .state import ClassState, Game
from .upstream import fetch, upstream_headers

KERNEL_ID = r"(?P<kernel_id>[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})"
PAGE_KERNEL_ID = re.compile(rb'"kernelId":\s*"([0-9a-f-]{36})"')
HEAD_TAG = re.compile(rb"<head[^>]*>", re.I)
STATIC_PREFIXES = ("/voila/static/", "/voila/templates/", "/voila/labextensions/", "/voila/api/themes/",
                   "/static/")
FORWARDED_HEADERS = ("Content-Type", "Cache-Control", "ETag", "Last-Modified", "Expires", "Content-Language")
STATIC_CACHE_BYTES = 256 * 1024 * 1024  # the dashboards' static files take about 30 MB
UPSTREAM_MAX_MESSAGE = 256 * 1024 * 1024  # what a kernel sends (widget state, charts) is not limited


class StaticHandler(Base):
    """The files the dashboard page loads (scripts, styles, fonts, widget code), for a visitor with a code.

    They are the same for every page and do not change while the class runs: each is asked from Voila once and
    then served from memory, so that a class arriving at once does not queue behind Voila's busy process.
    """

    def initialize(self, state: ClassState, title: str, cache: dict) -> None:
        super().initialize(state, title)
        self.cache = cache  # path and query -> (headers, body)

    async def get(self, path: str) -> None:
        self.require("student", "teacher")
        if ".." in path.split("/"):
            raise tornado.web.HTTPError(404)
        query = ("?" + self.request.query) if self.request.query else ""
        cached = self.cache.get(path + query)
        if cached is None:
            headers = {k: v for k, v in upstream_headers(self.state, self.request).items() if not k.startswith("If-")}
            response = await fetch(self.state.upstream + path + query, headers=headers, request_timeout=120,
                                   follow_redirects=False)
            if response is None or response.code == 599:
                raise tornado.web.HTTPError(502)
            if response.code != 200:
                raise tornado.web.HTTPError(404)
            cached = ({name: response.headers[name] for name in FORWARDED_HEADERS if name in response.headers},
                      response.body)
            if sum(len(body) for _, body in self.cache.values()) + len(response.body) < STATIC_CACHE_BYTES:
                self.cache[path + query] = cached
        headers, body = cached
        for name, value in headers.items():
            self.set_header(name, value)
        etag = headers.get("ETag")
        if etag and self.request.headers.get("If-None-Match") == etag:
            self.set_status(304)
            self.finish()
            return
        self.finish(body)


class PlayHandler(Base):
    """``/play`` and ``/teacher/play``: the dashboard page of a new game, handed out a few at a time.

    A student has at most one game; new games are limited per address; the page gets the page-guard script at the
    top of its ``<head>``; a browser that goes away while its page is being made gets no game.
    """

    def initialize(self, state: ClassState, title: str, notebook: str, role: str, gate: asyncio.Semaphore,
                   fairness: Fairness) -> None:
        super().initialize(state, title)
        self.notebook = notebook
        self.page_role = role
        self.gate = gate
        self.fairness = fairness
        self.gone = False
        self.game: Game | None = None
        self.counted = False

    def on_connection_close(self) -> None:
        self.gone = True
        if self.game is not None and self.game.loading:
            self.game.page_closed = True  # housekeeping stops it at once

    def refuse(self, status: int, text: str, refresh: int | None = 10) -> None:
        """Answer with one message (a page that tries again by itself if ``refresh``)."""
        self.set_status(status)
        self.speak()
        self.finish(message_page(self.title, _(text) if text else text, refresh=refresh))

    async def get(self) -> None:
        self.require(*(("teacher",) if self.page_role == "teacher" else ("student", "teacher")))
        st = self.state
        one_game = self.role == "student"
        if not st.ready:
            self.refuse(503, refusal(st, self.page_role, self.role) or "")
            return
        if one_game:
            reason = await make_room(st, self.session)
            if reason:
                self.refuse(409, reason, refresh=None)
                return
        reason = refusal(st, self.page_role, self.role)
        if reason:
            self.refuse(503, reason)
            return
        if not self.fairness.new_game(self.request.remote_ip or "?"):
            self.refuse(429, N_("Many new games were asked from your network in the last minute. This page tries "
                                "again in a few seconds."), refresh=15)
            return
        waiter = st.join_line(self.session, time.monotonic(), in_request=True)
        self.counted = self.page_role == "student"  # a game being started counts against the class size
        st.starting += self.counted
        st.waiting += 1
        try:
            async with self.gate:
                st.waiting -= 1
                if self.gone:
                    return
                waiter.stage = "game starting"
                await self._forward()
        finally:
            st.starting -= self.counted
            self.counted = False
            if self.game is None or self.gone:
                st.leave_line(self.session)
            else:
                waiter.stage = "page loading"
            if self.game is not None:
                self.game.loading = False
                self.game.page_seen = time.monotonic()

    async def _forward(self) -> None:
        seen = bytearray()
        found: list[str] = []
        started = False
        head: list[bytes] = []  # the page's first bytes, held until the page-guard script is put in its <head>
        self.speak()
        guard = page_guard().encode()

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
            if head is not None and not started:
                head.append(chunk)
                text = b"".join(head)
                match = HEAD_TAG.search(text)
                if match is None and len(text) < 65536:
                    return
                chunk = text[:match.end()] + guard + text[match.end():] if match else text
            started = True
            if self.gone:
                return
            self.write(chunk)
            self.flush()

        self.set_header("Cache-Control", "no-cache, no-store, must-revalidate")
        request = tornado.httpclient.HTTPRequest(
            self.state.upstream + "/voila/render/" + self.notebook, headers=upstream_headers(self.state, self.request),
            request_timeout=600, streaming_callback=on_chunk, header_callback=on_header, follow_redirects=False)
        response = await fetch(request)
        if not started and head and not self.gone:  # a short page without <head>
            started = True
            self.write(b"".join(head))
        if (response is None or response.code != 200) and not started:
            self.refuse(502, N_("The game did not start. This page tries again in a few seconds."))
            return
        if not self.gone:
            self.finish()

    def _register(self, kernel_id: str) -> None:
        st = self.state
        waiter = st.line.get(self.session)
        self.game = st.games[kernel_id] = Game(kernel_id, self.page_role, self.session, time.monotonic(),
                                               number=waiter.number if waiter else 0)
        self.game.page_closed = self.gone
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
        response = await fetch(f"{self.state.upstream}/api/kernels/{kernel_id}",
                                headers=upstream_headers(self.state, self.request))
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
            self.state.leave_line(game.session)  # arrived: no longer waiting
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

