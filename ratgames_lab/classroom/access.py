"""Access codes and sessions: the code form, the signed session cookie, and who may reach what."""
from __future__ import annotations

import asyncio
import json
import secrets
from html import escape
from typing import Any

import tornado.web

from . import code_matches
from .fairness import Fairness
from ..core.i18n import _, set_language
from .pages import login_page, page, page_language, starting_page, teacher_home
from .state import ClassState, Game

COOKIE = "ratgames_classroom"
SLOW_LANE_SECONDS = 1.0


class Base(tornado.web.RequestHandler):
    """Common helpers: the class state, the visitor's role and session."""

    def initialize(self, state: ClassState, title: str) -> None:
        self.state = state
        self.title = title

    def prepare(self) -> None:
        self.speak()

    def speak(self) -> None:
        """Make the visitor's language current (called again after an await, before a page is built)."""
        set_language(page_language(self.request.headers.get("Accept-Language")))

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
        self.speak()
        messages = {403: _("You need the class code: go to the first page."), 404: _("There is nothing here."),
                    405: _("There is nothing here.")}
        text, back = messages.get(status_code) or _("Error."), _("Back to the first page")
        self.finish(page(self.title, f"<h1>{escape(self.title)}</h1><p>{escape(text)}</p>"
                                      f'<p><a href="/">{escape(back)}</a></p>'))

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

    def initialize(self, state: ClassState, title: str, fairness: Fairness, slow_lanes: dict) -> None:
        super().initialize(state, title)
        self.fairness = fairness
        self.slow_lanes = slow_lanes  # address -> lock: the code checks of a guessing address, one a second

    def get(self) -> None:
        if self.role == "teacher":
            self.finish(teacher_home(self.title))
        elif self.role == "student":
            self.finish(starting_page(self.title, "/play"))
        else:
            self.finish(login_page(self.title, self.xsrf_form_html()))

    async def post(self) -> None:
        address = self.request.remote_ip or "?"
        browser = self.get_cookie("_xsrf") or address  # the form's cookie: one per browser
        if self.fairness.browser_blocked(browser):
            self.set_status(429)
            self.finish(login_page(self.title, self.xsrf_form_html(),
                                   _("Too many wrong codes from this browser: wait a minute and try again.")))
            return
        if self.fairness.address_slowed(address):  # slowed down, never refused: the right code still gets in
            lane = self.slow_lanes.setdefault(address, asyncio.Lock())
            async with lane:
                await asyncio.sleep(SLOW_LANE_SECONDS)
            self.speak()
        typed = self.get_body_argument("code", "")[:100]
        role = None
        if code_matches(typed, self.state.settings.teacher_code):
            role = "teacher"
        elif code_matches(typed, self.state.settings.student_code):
            role = "student"
        if role is None:
            self.fairness.wrong_code(browser, address)
            self.set_status(403)
            self.finish(login_page(self.title, self.xsrf_form_html(), _("This is not the class code.")))
            return
        self.set_signed_cookie(COOKIE, json.dumps({"role": role, "session": secrets.token_hex(16)}),
                               expires_days=1, httponly=True, samesite="Strict")
        self.redirect("/")



class NotFound(Base):
    """Everything else: the notebook tree, files, terminals, other notebooks, Voila's API."""

    def prepare(self) -> None:
        raise tornado.web.HTTPError(404 if self.current_user else 403)

