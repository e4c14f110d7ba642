"""Dashboard: the game-agnostic frame wiring a Match, the seats, bot stepping, playback and the shared panels.

A game's dashboard subclasses it and fills the declared extension points, never private methods:

- class attributes: ``game_name``, ``action_groups`` (button group titles), ``heading_kinds`` / ``log_classes``
  (log styling), ``css_files`` (stylesheets shipped in ``common/css``), ``fold_kinds`` (long button groups that fold),
  ``playback_step_label``, ``teacher_view_label``, ``new_game_hint`` (where a new game starts);
- hook methods: ``board_widget`` and ``render_board`` (required), ``make_game`` (a variant's options),
  ``header_html``, ``banner_html``, ``move_text``, ``action_label`` / ``event_text`` (names for codes), ``hand_html`` (your cards, shown with the decision),
  ``decision_title``, ``action_class``, ``seat_label``, ``rules_html`` (the "how to play" fold-out),
  ``game_over_html`` (the end-of-game explanation), ``side_widgets`` (panels beside the board), ``odds_widgets`` /
  ``odds_key`` / ``update_odds`` (the "My odds" tab), ``playback_pauses`` / ``playback_delay`` (show the events of a
  move a few at a time).

Its parts, one job each: ``turn_loop`` (clicks, bots, chance), ``history_nav`` (undo, redo, go to),
``match_setup`` (seats, new game, Save / Load), ``layout`` and ``page`` (build and redraw), ``banner`` and
``hooks`` (the defaults a game overrides).

The view is computed from the engine's public API: ``observation(viewer)`` (``self.observation()``), the events,
the legal actions and the names a game package exports. Every rule question goes to the engine.
"""
from __future__ import annotations

import asyncio
from typing import Any, ClassVar, Sequence

from ratgames_lab import CHANCE, GAMES, Match
from ratgames_lab.core.i18n import get_language, set_language

from .banner import Banners
from .history_nav import HistoryNavigation
from .hooks import GameHooks
from .end_screen import names_text
from .language import page_language
from .layout import ANALYZE_TAB, IO_TAB, LOG_TAB, ODDS_TAB, SETUP_TAB, TAB_TITLES, PageLayout
from .match_setup import MatchSetup
from .page import PageRedraw
from .playback import Playback
from .seats import HUMAN, bot_word
from .translate import N_, _, ngettext
from .turn_loop import TurnLoop


class Dashboard(TurnLoop, HistoryNavigation, MatchSetup, PageRedraw, PageLayout, Banners, GameHooks):
    """Match + seats + panels. ``click(action)`` plays for a human; bots move by ``step()`` / ``advance_bots()``.

    ``teacher`` False makes a student's dashboard: no Teacher view toggle, no Save (the file holds every hidden
    card), and seat changes wait for a new game (a bot seat made human would show its cards).
    ``teacher_view`` True starts with every hand shown (only with ``teacher``).
    """

    game_name: ClassVar[str] = ""
    action_groups: ClassVar[dict[str, str]] = {}
    heading_kinds: ClassVar[tuple[str, ...]] = ()
    log_classes: ClassVar[dict[str, str]] = {}
    css_files: ClassVar[tuple[str, ...]] = ()
    fold_kinds: ClassVar[tuple[str, ...]] = ()
    playback_step_label: ClassVar[str] = N_("Step: show what happens next")
    teacher_view_label: ClassVar[str] = N_("Teacher view: show all hands")
    new_game_hint: ClassVar[str] = N_("Start a new game from the Players tab (↻ New game)")

    def __init__(self, players: int | None = None, seed: int = 0, seats: Sequence[str] | None = None,
                 bot_delay: float = 0.8, auto: bool = True, teacher: bool = True, teacher_view: bool = False,
                 animate: bool = True, options: dict | None = None):
        set_language(page_language() or get_language())  # RATGAMES_LANG, the page's ?lang=, the browser's
        self.bot_classes = GAMES[self.game_name].bots()
        self.game_options = dict(options or {})  # the rules options (load_game), e.g. from app_settings
        game = self.make_game(players, seed)
        self.seed = seed
        self.seats = self._check_seats(seats, game.players)
        self.bot_delay = float(bot_delay)
        self.teacher_tools = bool(teacher)
        self.animate = animate
        self.message = ("", "info")
        self._bots: dict[tuple[int, str], Any] = {}
        self._version = 0
        self._timer: asyncio.TimerHandle | None = None
        self._viewer: int | None = None
        self._movers: list[int] = []
        self._analyzed_version = -1
        self._events_before = 0
        self._moving_from: int | None = None
        self._obs: dict = {}
        self._odds_shown: Any = None
        self.playback = Playback(self._frame_shown)
        all_bots = HUMAN not in self.seats
        self._build(auto and not all_bots, teacher_view and self.teacher_tools, game.players)
        text = _("New game: {players} players, game number {seed}.").format(players=game.players, seed=seed)
        if all_bots:
            text += " " + _("All seats are bots: press Step, or switch on “Bots play by themselves”.")
        self._install(Match(game), text)

    # ------------------------------------------------------------------ the match
    @property
    def match(self) -> Match:
        """The match being shown."""
        return self._match

    @property
    def game(self) -> Any:
        """The game (players, seed, options)."""
        return self._match.game

    @property
    def state(self) -> Any:
        """The state at the history cursor (read only: play through click / step)."""
        return self._match.state

    @property
    def players(self) -> int:
        """Number of real players."""
        return self.game.players

    @property
    def auto(self) -> bool:
        """True when bots move by themselves."""
        return self.auto_toggle.value

    @property
    def teacher(self) -> bool:
        """True when every hidden card is shown (teacher view on)."""
        return self.teacher_tools and self.teacher_toggle.value

    def observation(self, seat: int | None = None) -> dict:
        """``observation(seat)`` of the state shown (default: the viewer; -1 = public only), cached per position."""
        seat = (self._viewer if self._viewer is not None else -1) if seat is None else seat
        key = (self._version, seat)
        if key not in self._obs:
            if len(self._obs) > 16:
                self._obs.clear()
            self._obs[key] = self.state.observation(seat)
        return self._obs[key]

    def seat_label(self, seat: int, players: int | None = None) -> str:
        """'Player 2' (games may name seats differently)."""
        return _("Player {n}").format(n=seat + 1)

    def you_text(self) -> str:
        """' · you play Player 1' (the human seats now), or ' · bots only' — never stale after a seat change."""
        you = [self.seat_label(p, self.players) for p in range(self.players) if self.is_human(p)]
        if not you:
            return " · " + _("bots only")
        return " · " + _("you play {names}").format(names=names_text(you))

    def who(self, seat: int) -> str:
        """'Player 1 (you)' or 'Player 3 (clever bot)'."""
        name = self.seat_label(seat, self.players)
        kind = self.seats[seat]
        return _("{name} (you)").format(name=name) if kind == HUMAN else f"{name} ({bot_word(kind)})"

    def players_text(self) -> str:
        """'4 players' in the current language."""
        return ngettext("{n} player", "{n} players", self.players).format(n=self.players)

    def switch_language(self, lang: str) -> None:
        """Show the page in ``lang`` (as the switch in the header does): the game is unchanged."""
        self.language.choose(lang)

    def _language_changed(self) -> None:
        """Every text on the page again, in the language just chosen (the match, its JSON and the bots unchanged)."""
        self._label_controls()
        for part in (self.setup, self.history, self.speed, self.io, self.analyze_panel, self.odds_panel, self.decision):
            part.relabel()
        self.language_changed()
        self._odds_shown = None
        self._say("", "info")
        self.refresh()

    def is_human(self, seat: int) -> bool:
        """True if a person plays this seat."""
        return 0 <= seat < len(self.seats) and self.seats[seat] == HUMAN

    def viewer(self) -> int | None:
        """The human seat whose private cards are shown: the human to move, else the last one, else none."""
        return self._viewer

    def visible_hands(self) -> set[int]:
        """Seats whose hidden cards may be shown now (all of them in teacher view)."""
        if self.teacher:
            return set(range(self.players))
        return {self._viewer} if self._viewer is not None else set()

    def live(self) -> bool:
        """True at the end of the history (bots only move automatically there)."""
        return self._match.cursor == len(self._match.actions)

    def bot_to_move(self) -> bool:
        """True when a bot seat or a chance draw is pending."""
        p = self.state.current_player
        return p == CHANCE or (p >= 0 and not self.is_human(p))

    @property
    def version(self) -> int:
        """A number that changes with every position shown (buttons carry it, so that stale clicks are refused)."""
        return self._version

    def say(self, text: str, kind: str = "info") -> None:
        """Show a message under the decision (kind: info, ok or error)."""
        self._say(text, kind)

    def refuse(self, text: str) -> bool:
        """Show why nothing was played (an error message); returns False."""
        return self._refuse(text)

    def request_odds(self) -> None:
        """Recompute the "My odds" tab if it is open and what it depends on (``odds_key``) changed."""
        if self.tabs.selected_index == ODDS_TAB:
            self._request_odds()

    @property
    def shown_events(self) -> int:
        """How many events the page shows now (fewer than the state's while a move is played back)."""
        limit = self.playback.limit
        return len(self.state.events) if limit is None else limit


__all__ = ["ANALYZE_TAB", "Dashboard", "IO_TAB", "LOG_TAB", "ODDS_TAB", "SETUP_TAB", "TAB_TITLES"]
