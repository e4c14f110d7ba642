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

The view is computed from the engine's public API: ``observation(viewer)`` (``self.observation()``), the events,
the legal actions and the names a game package exports. Every rule question goes to the engine.
"""
from __future__ import annotations

import abc
import asyncio
import random
from typing import Any, ClassVar, Sequence

import ipywidgets as w

from ratgames_lab import (CHANCE, GAMES, TERMINAL, IllegalActionError, InvalidPositionError, Match, load_game, seat_view,
                          load_position)

from .analyze import AnalyzePanel, Explanation
from .decision import DecisionPanel
from .eventlog import EventLog
from .history import HistoryControls
from .odds import OddsPanel
from .playback import Playback
from .position_io import PositionIO
from .seats import HUMAN, SeatSetup, bot_word
from .speed import SpeedControl
from .theme import esc, message_html, style_widget

TAB_TITLES = ("What happened", "My odds", "What if?", "Players", "Save / load")
LOG_TAB, ODDS_TAB, ANALYZE_TAB, SETUP_TAB, IO_TAB = range(5)


class Dashboard(abc.ABC):
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
    playback_step_label: ClassVar[str] = "Step: show what happens next"
    teacher_view_label: ClassVar[str] = "Teacher view: show all hands"
    new_game_hint: ClassVar[str] = "Start a new game from the Players tab (↻ New game)"

    def __init__(self, players: int | None = None, seed: int = 0, seats: Sequence[str] | None = None,
                 bot_delay: float = 0.8, auto: bool = True, teacher: bool = True, teacher_view: bool = False,
                 animate: bool = True, options: dict | None = None):
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
        self._install(Match(game), f"New game: {game.players} players, game number {seed}."
                      + (" All seats are bots: press Step, or switch on “Bots play by themselves”." if all_bots else ""))

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
        return f"Player {seat + 1}"

    def you_text(self) -> str:
        """' · you play Player 1' (the human seats now), or ' · bots only' — never stale after a seat change."""
        you = [self.seat_label(p, self.players) for p in range(self.players) if self.is_human(p)]
        return f" · you play {' and '.join(you)}" if you else " · bots only"

    def who(self, seat: int) -> str:
        """'Player 1 (you)' or 'Player 3 (clever bot)'."""
        name = self.seat_label(seat, self.players)
        kind = self.seats[seat]
        return f"{name} (you)" if kind == HUMAN else f"{name} ({bot_word(kind)})"

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

    # ------------------------------------------------------------------ playing
    def click(self, action: Any, token: int | None = None) -> bool:
        """Play ``action`` for the human to move; stale, illegal or out-of-turn clicks only show a message."""
        playing_back = self.playback.running
        self.playback.stop()  # a click during a playback first shows everything
        done = self._click(action, token)
        if playing_back and not done:
            self.refresh()
        return done

    def _click(self, action: Any, token: int | None) -> bool:
        state = self.state
        if state.is_terminal():
            return self._refuse("The game is over: nothing was played. Start a new game or go back in the history.")
        if token is not None and token != self._version:
            return self._refuse("That button belongs to an earlier position (the game has moved on since): "
                                "nothing was played. Use the buttons shown now.")
        p = state.current_player
        if not self.is_human(p):
            return self._refuse(f"It is not a human's turn: {self.who(p) if p >= 0 else 'a card is being drawn'}. "
                                "Nothing was played.")
        try:
            self._apply(action)
        except IllegalActionError as exc:
            return self._refuse(f"Not allowed: {exc.reason} (rule: {exc.rule}). Nothing was played.")
        self._after_move(self._events_before, self.move_text(p, action))
        return True

    def step(self) -> bool:
        """One visible step: the next frame of a playback, else the pending draws, one bot move and its draws."""
        if self.playback.running:
            self.playback.advance()
            if not self.playback.running:
                self._schedule_bots()
            return True
        self._cancel_timer()
        before = len(self.state.events)
        self._draw_chance()
        p = self.state.current_player
        if p == TERMINAL or self.is_human(p):
            self._after_move(before, "" if p == TERMINAL else f"{self.who(p)} is to move.")
            return False
        action = self._bot(p).choose(seat_view(self.state, self._rng("view")), self._rng("bot"))
        self._apply(action)
        self._after_move(before, self.move_text(p, action))
        return True

    def advance_bots(self, max_steps: int = 100_000) -> int:
        """Let bots and chance play (synchronously) until a human is to move or the game ends; returns bot moves."""
        self._cancel_timer()
        self.playback.stop()
        before = len(self.state.events)
        moves = 0
        last = ""
        while moves < max_steps:
            self._draw_chance()
            p = self.state.current_player
            if p == TERMINAL or self.is_human(p):
                break
            action = self._bot(p).choose(seat_view(self.state, self._rng("view")), self._rng("bot"))
            self._apply(action)
            last = self.move_text(p, action)
            moves += 1
        self._draw_chance()
        self._changed(before, last)
        return moves

    def skip_to_my_turn(self) -> int:
        """Show the running playback at once and let bots play without playback up to a human's decision."""
        if not self.live():
            self._refuse("You are looking at the past: go forward in the history first.")
            return 0
        moves = self.advance_bots()
        if not moves:
            self.refresh()
        return moves

    def _apply(self, action: Any) -> None:
        """Apply at the cursor (IllegalActionError leaves everything unchanged) and record who moved."""
        mover = self.state.current_player
        self._events_before = len(self.state.events)
        self._match.apply(action)
        del self._movers[self._match.cursor - 1:]
        self._movers.append(mover)

    def _draw_chance(self) -> None:
        """Resolve pending chance nodes with a generator seeded by (seed, position): same seed, same game."""
        while self.state.current_player == CHANCE:
            self._apply(self.state.sample_chance(self._rng("chance")))

    def _rng(self, purpose: str) -> random.Random:
        return random.Random(f"{self.seed}/{purpose}/{self._match.cursor}")

    def _bot(self, seat: int) -> Any:
        key = (seat, self.seats[seat])
        if key not in self._bots:
            self._bots[key] = self.bot_classes[self.seats[seat]]()
        return self._bots[key]

    def _after_move(self, events_before: int, text: str) -> None:
        self._moving_from = events_before
        if self.live():
            self._draw_chance()
        self._changed(events_before, text)
        self._schedule_bots()

    def _refuse(self, text: str) -> bool:
        self._say(text, "error")
        return False

    # ------------------------------------------------------------------ automatic bots and playback
    def _schedule_bots(self) -> None:
        """If a bot is to move (at the end of the history, Auto on): move it now or after the bot delay; while a
        move is played back, show its next frame first."""
        self._cancel_timer()
        if self.playback.running:
            if self.auto and not self.playback.schedule(self.playback_delay(self.state.events,
                                                                            self.playback.next_limit()),
                                                        self._schedule_bots):
                self.playback.stop()
                self.refresh()
                self._schedule_bots()
            return
        if not (self.auto and self.live() and self.bot_to_move() and not self.state.is_terminal()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None or self.bot_delay <= 0:
            self.advance_bots()
        else:
            self._timer = loop.call_later(self.bot_delay, self._tick, self._version)

    def _tick(self, version: int) -> None:
        self._timer = None
        if version != self._version:
            return
        try:
            self.step()
        except Exception as exc:  # a timer callback must never die silently in the kernel
            self._say(f"A bot could not move: {exc}", "error")
            raise

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _can_play_back(self) -> bool:
        if not self.animate:
            return False
        if not self.auto:
            return True  # Step shows one frame at a time
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return self.bot_delay > 0

    def _frame_shown(self, first_new: int) -> None:
        self.refresh(first_new)

    # ------------------------------------------------------------------ history
    def _human_points(self) -> list[int]:
        """History indices where a human seat was to decide."""
        return [i for i, p in enumerate(self._movers) if self.is_human(p)]

    def undo(self) -> None:
        """Back to the previous decision of a human (undoing the bot moves and draws after it)."""
        targets = [i for i in self._human_points() if i < self._match.cursor]
        if not targets:
            self._refuse("Nothing to undo: no earlier human decision.")
            return
        self.goto(targets[-1], "Undone: back to your previous decision.")

    def redo(self) -> None:
        """Forward to the next human decision (or the end of the history)."""
        if not self._match.can_redo():
            self._refuse("Nothing to redo.")
            return
        later = [i for i in self._human_points() if i > self._match.cursor]
        self.goto(later[0] if later else len(self._match.actions), "Redone.")

    def goto(self, index: int, text: str | None = None) -> None:
        """Show the position after ``index`` moves (bots wait while you look at the past)."""
        self._cancel_timer()
        self.playback.stop()
        try:
            self._match.goto(index)
        except IllegalActionError as exc:
            self._refuse(exc.reason)
            return
        n = len(self._match.actions)
        self._changed(len(self.state.events), text or f"Showing move {index} of {n}.")
        self._schedule_bots()

    def _navigate(self, kind: str, index: int | None) -> None:
        if kind == "undo":
            self.undo()
        elif kind == "redo":
            self.redo()
        elif kind == "back":
            self.goto(max(0, self._match.cursor - 1))
        elif kind == "forward":
            self.goto(min(len(self._match.actions), self._match.cursor + 1))
        else:
            self.goto(int(index or 0))

    # ------------------------------------------------------------------ setup, positions
    def _check_seats(self, seats: Sequence[str] | None, players: int) -> list[str]:
        names = [HUMAN, *self.bot_classes]
        default = "heuristic" if "heuristic" in self.bot_classes else names[-1]
        chosen = list(seats) if seats is not None else [HUMAN] + [default] * (players - 1)
        if len(chosen) != players:
            raise ValueError(f"seats: {len(chosen)} given for {players} players")
        for who in chosen:
            if who not in names:
                raise ValueError(f"seats: unknown player kind {who!r} (choose from {', '.join(names)})")
        return chosen

    def set_seats(self, seats: Sequence[str]) -> None:
        """Change who plays each seat, keeping the game."""
        if len(seats) != self.players:
            self._say(f"Press New game to play with {len(seats)} players.", "info")
            return
        self.seats = self._check_seats(seats, self.players)
        self._viewer = None
        self._changed(len(self.state.events), "Seats updated.")
        self._schedule_bots()

    def new_game(self, players: int | None = None, seed: int | None = None, seats: Sequence[str] | None = None) -> None:
        """Start again (same player count and game number unless given)."""
        players = self.players if players is None else players
        seed = self.seed if seed is None else seed
        game = self.make_game(players, seed)
        seats = self._check_seats(seats if seats is not None else (self.seats + [self.seats[-1]] * players)[:players],
                                  players)
        self.seed, self.seats = seed, seats
        self._install(Match(game), f"New game: {players} players, game number {seed}.")

    def position(self) -> dict:
        """What Save writes: the match (its settings, every move and the cursor), so that Load keeps the history."""
        return self._match.to_json()

    def file_name(self) -> str:
        """The download's name: game, game number and move (it is saved in the browser, never on the server)."""
        return f"{self.game_name}_game{self.seed}_move{self._match.cursor}.json"

    def load_position(self, data: Any) -> str:
        """Install a saved match (with its history) or a position; InvalidPositionError names the bad field and
        the game is unchanged."""
        if isinstance(data, dict) and data.get("format") == "ratgames_lab.match/1":
            if data.get("game") != self.game_name:
                raise InvalidPositionError(f"this is a {data.get('game')!r} match, not {self.game_name}", "game")
            try:
                match = Match.from_json(data)
            except (TypeError, AttributeError, KeyError, RecursionError) as exc:
                raise InvalidPositionError(f"not a readable match ({type(exc).__name__})", "match") from None
            text = f"game loaded with its history ({len(match.actions)} moves, {match.game.players} players)."
            seed = match.game.seed
        else:
            try:
                game, start = load_position(data)  # the one position format (and older forms), as data only
            except (TypeError, AttributeError, KeyError, RecursionError) as exc:
                raise InvalidPositionError(f"not a readable position ({type(exc).__name__})", "position") from None
            if game.name != self.game_name:
                raise InvalidPositionError(f"this is a position of {game.name!r}, not of {self.game_name}", "game")
            match = Match(game, start=start)
            text = f"position loaded ({match.game.players} players)."
            seed = self.seed
        seats = (self.seats + [self.seats[-1]] * match.game.players)[: match.game.players]
        self.seats = self._check_seats(seats, match.game.players)
        self.seed = seed
        self._install(match, text[0].upper() + text[1:])
        return text

    def _install(self, match: Match, text: str) -> None:
        self._cancel_timer()
        self.playback.stop()
        self._match = match
        self._bots.clear()
        self._viewer = None
        self._odds_shown = None
        self._movers = self._replay_movers(match)
        self.setup.set(match.game.players, self.seats, self.seed)
        self.analyze_panel.clear()
        before = len(self.state.events)
        if any(self.is_human(s) for s in range(match.game.players)) and self.auto and self.live():
            self.advance_bots()  # up to the first human decision at once: the page shows a settled position
        p = self.state.current_player
        if p >= 0 and self.is_human(p):
            text += f" Your turn, {self.seat_label(p, self.players)}: choose below."
        self._changed(before, text)
        self._schedule_bots()

    @staticmethod
    def _replay_movers(match: Match) -> list[int]:
        state = match.state_at(0)
        movers = []
        for action in match.actions:
            movers.append(state.current_player)
            state.apply(action)
        return movers

    # ------------------------------------------------------------------ display
    def _build(self, auto: bool, teacher_view: bool, players: int) -> None:
        info = GAMES[self.game_name]
        self.css = style_widget(self.css_files)
        self.header = w.HTML()
        self.banner = w.HTML()
        self.status = w.HTML(message_html(""))
        self.decision = DecisionPanel(self.click, self.action_groups, self.action_class, fold_kinds=self.fold_kinds,
                                      label=self.action_label)
        self.log = EventLog(self.heading_kinds, kind_classes=self.log_classes, text=self.event_text)
        self.history = HistoryControls(self._navigate)
        self.io = PositionIO(self.position, self.load_position, file_name=self.file_name,
                             can_save=self.teacher_tools)
        self.setup = SeatSetup(list(self.bot_classes), players, info.players, self.seats, self.seed,
                               self.seat_label, self.set_seats, self.new_game, live_seats=self.teacher_tools)
        self.speed = SpeedControl(self.bot_delay, self._set_delay, self.skip_to_my_turn)
        self.hand = w.HTML()
        self.analyze_panel = AnalyzePanel(self._analysis_target, seed=self.seed)
        self.odds_panel = OddsPanel()
        self.step_button = w.Button(description="Step: next bot move", tooltip="Let the bot to move play one move",
                                    layout=w.Layout(width="auto"))
        self.auto_toggle = w.ToggleButton(value=auto, description="Bots play by themselves",
                                          tooltip="When off, press Step for each bot move",
                                          layout=w.Layout(width="auto"))
        self.teacher_toggle = w.ToggleButton(value=teacher_view, description=self.teacher_view_label,
                                             tooltip="Reveal every hidden card (for explaining on the board)",
                                             layout=w.Layout(width="auto"))
        self.step_button.on_click(lambda _b: self.step())
        self.auto_toggle.observe(lambda _c: (self._show_controls(), self._schedule_bots()), names="value")
        self.teacher_toggle.observe(lambda _c: self.refresh(), names="value")
        self.rules = w.HTML()
        board = self.board_widget()
        # tabs whose charts are drawn only once visible (a bqplot figure drawn hidden gets a negative width)
        self._lazy_tabs = {ODDS_TAB: self.odds_widgets, ANALYZE_TAB: lambda: [self.analyze_panel.widget]}
        self.tabs = w.Tab(children=[self.log.widget, w.VBox(), w.VBox(), self.setup.widget, self.io.widget])
        self.tabs.titles = TAB_TITLES
        self.tabs.observe(lambda _c: self._update_side(), names="selected_index")
        buttons = [self.step_button, self.auto_toggle] + ([self.teacher_toggle] if self.teacher_tools else [])
        controls = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
        controls.add_class("rg-choices")
        controls.add_class("rg-controls")
        left = w.VBox([board, self.history.widget], layout=w.Layout(flex="3 1 620px", min_width="0"))
        left.add_class("rg-left")
        # the board on the left; on the right, in view however the page scrolls (one projector screen): the dock
        # (banner, decision, message, your hand, playback speed), then the tabs and the game's panels, scrolling
        dock = w.VBox([self.banner, self.decision.widget, self.status, self.hand, self.speed.widget])
        dock.add_class("rg-dock")
        rest = w.VBox([controls, self.tabs, *self.side_widgets(), self.rules])
        rest.add_class("rg-rest")
        right = w.VBox([dock, rest], layout=w.Layout(flex="2 1 430px", min_width="0"))
        right.add_class("rg-right")
        body = w.HBox([left, right], layout=w.Layout(flex_flow="row wrap", align_items="flex-start"))
        body.add_class("rg-body")
        self.widget = w.VBox([self.css, self.header, body])
        self.widget.add_class("rg-app")

    def show(self) -> None:
        """Display the dashboard in a notebook or Voila."""
        from IPython.display import display
        display(self.widget)

    def _ipython_display_(self) -> None:
        self.show()

    def _say(self, text: str, kind: str = "info") -> None:
        self.message = (text, kind)
        self.status.value = message_html(text, kind)

    def _set_delay(self, delay: float) -> None:
        self.bot_delay = float(delay)

    def _changed(self, events_before: int, text: str) -> None:
        self._version += 1
        start, self._moving_from = self._moving_from, None
        self.playback.stop()
        if start is not None and self._can_play_back():
            events = self.state.events
            self.playback.start(self.playback_pauses(events, start), len(events))
        self.refresh(events_before)
        if text:
            self._say(text, "info")

    def refresh(self, new_from: int | None = None) -> None:
        """Redraw everything from the match (new_from: index of the first event to highlight)."""
        state = self.state
        p = state.current_player
        if p >= 0 and self.is_human(p):
            self._viewer = p
        elif self._viewer is None or not self.is_human(self._viewer):
            humans = [s for s in range(self.players) if self.is_human(s)]
            self._viewer = humans[0] if humans else None
        self.header.value = self.header_html()
        if state.is_terminal() and self.playback.running:  # the winner comes after the final playback
            self.banner.value = '<div class="rg-banner rg-banner-bot">The end of the game is shown step by step…</div>'
        else:
            self.banner.value = self.banner_html()
        self.render_board()
        if self.playback.running:
            wait = " (press Step for the next one)." if not self.auto else "…"
            if p >= 0 and self.is_human(p):
                self.decision.clear("Your choices come after this", "What just happened is shown step by step" + wait)
            else:
                self.decision.clear("", "What just happened is shown step by step" + wait)
        elif p >= 0 and self.is_human(p):
            self.decision.show(state.legal_actions(), self._version, self.decision_title(p))
        elif p == TERMINAL:
            self.decision.clear("Game over", f"{self.new_game_hint}, or look back with the history.")
            self.decision.title.value = self.game_over_html() or self.decision.title.value
        else:
            who = self.who(p) if p >= 0 else "A card"
            note = "is choosing…" if self.auto and self.live() else "is waiting: press Step to let it play."
            self.decision.clear("", f"{who} {note}" if p >= 0 else "A card is being drawn…")
        self.rules.value = self.rules_html()
        self.hand.value = self.hand_html()
        self.log.show(state.events, len(state.events) if new_from is None else new_from, limit=self.playback.limit)
        self.history.show(self._match.cursor, len(self._match.actions), bool(
            [i for i in self._human_points() if i < self._match.cursor]), self._match.can_redo())
        self._show_controls()
        self._update_side()

    def _show_controls(self) -> None:
        running = self.playback.running
        self.speed.show(running or (self.live() and self.bot_to_move() and not self.state.is_terminal()))
        self.step_button.description = self.playback_step_label if running else "Step: next bot move"
        self.step_button.disabled = not running and (not self.bot_to_move() or self.state.is_terminal())

    def _update_side(self) -> None:
        if self._analyzed_version != self._version:
            self.analyze_panel.clear()
        tab = self.tabs.selected_index
        self.odds_panel.set_visible(tab == ODDS_TAB)
        self.analyze_panel.set_visible(tab == ANALYZE_TAB)
        if tab in self._lazy_tabs:
            box = self.tabs.children[tab]
            if not box.children:
                box.children = tuple(self._lazy_tabs[tab]())
        if tab == ODDS_TAB:
            self._request_odds()

    def _request_odds(self) -> None:
        """Recompute the odds if what they depend on changed; in a kernel, say "computing" first."""
        key = self.odds_key()
        if key == self._odds_shown:
            return
        self._odds_shown = key
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            self.update_odds()
            return
        self.odds_panel.computing()
        loop.call_later(0.02, self._odds_job, key)

    def _odds_job(self, key: Any) -> None:
        if key != self._odds_shown:
            return
        try:
            self.update_odds()
        finally:
            self.odds_panel.computing(False)

    # ------------------------------------------------------------------ analysis
    def _analysis_target(self) -> Any:
        p = self.state.current_player
        if p == TERMINAL:
            return Explanation("The game is over: there is no decision left to analyze. Go back in the history "
                               "(or load a position) to analyze an earlier decision.")
        if p == CHANCE:
            return Explanation("Chance moves next (a card, token or die is drawn), so nobody has a choice to "
                               "analyze yet. Press Step to let the draw happen, then press Analyze for the decision "
                               "that follows. The My odds tab shows the exact chances of the draw; for each "
                               "outcome weighted exactly, save the position and run 'ratgames analyze' on it.")
        if p not in self.visible_hands():
            return (f"{self.who(p)} is to move: analysis is for your own turn"
                    + (" (or switch on Teacher view)" if self.teacher_tools else "")
                    + ", because it would reveal that player's cards.")
        self._analyzed_version = self._version
        return self.state, p, self.seat_label(p, self.players)

    # ------------------------------------------------------------------ hooks for a game
    def make_game(self, players: int | None, seed: int) -> Any:
        """The game a new match plays, with the dashboard's ``options`` (a variant may add its own here)."""
        return load_game(self.game_name, players=players, seed=seed, **self.game_options)

    @abc.abstractmethod
    def board_widget(self) -> w.Widget:
        """The widget showing the board, hands and table (built once)."""

    @abc.abstractmethod
    def render_board(self) -> None:
        """Redraw the board from the observation (``self.observation()``) and ``self.visible_hands()``; during a
        playback, as it was after ``self.shown_events`` events."""

    def side_widgets(self) -> list[w.Widget]:
        """Panels shown beside the board, under the decision (built once)."""
        return []

    def odds_widgets(self) -> list[w.Widget]:
        """The content of the "My odds" tab (default: the shared odds panel)."""
        return [self.odds_panel.widget]

    def odds_key(self) -> Any:
        """What the odds depend on: they are recomputed only when this changes."""
        return (self._version, self._viewer, self.teacher)

    def update_odds(self) -> None:
        """Fill the odds panel (games with exact odds override this)."""
        self.odds_panel.clear("This game has no odds panel yet.")

    def playback_pauses(self, events: Sequence[Any], start: int) -> list[int]:
        """Indices (>= start) of the events of the last move before which the page pauses (default: none)."""
        return []

    def playback_delay(self, events: Sequence[Any], upto: int | None) -> float:
        """Seconds before the next frame (which shows events up to ``upto``) is shown."""
        return max(self.bot_delay * 1.5, 0.3)

    def move_text(self, seat: int, action: Any) -> str:
        """The message after a move (games whose moves hide a card, e.g. one placed face down, say less)."""
        return f"{self.who(seat)}: {self.action_label(action)}."

    def action_label(self, action: Any) -> str:
        """An action's button label, names as the table says them (default ``str(action)``)."""
        return str(action)

    def event_text(self, event: Any) -> str:
        """An event's line in the log (default ``event.text()``)."""
        return event.text()

    def header_html(self) -> str:
        """Title line."""
        return (f'<div class="rg-header"><div class="rg-title">{esc(GAMES[self.game_name].title)}</div>'
                f'<div class="rg-subtitle">{self.players} players{esc(self.you_text())}</div></div>')

    def banner_html(self) -> str:
        """What happens now, in plain words."""
        p = self.state.current_player
        if p == TERMINAL:
            return '<div class="rg-banner rg-banner-over">The game is over.</div>'
        if p == CHANCE:
            return '<div class="rg-banner rg-banner-bot">A card is being drawn…</div>'
        kind = "you" if self.is_human(p) else "bot"
        return f'<div class="rg-banner rg-banner-{kind}">{esc(self.who(p))}: choose an action.</div>'

    def decision_banner(self, p: int, task: str, why: str, bot_task: str | None = None) -> str:
        """The banner of a player's decision: "<you> (you): task" for a human, "<bot>: task" for a bot (whose
        explanation then says whether to watch or press Step)."""
        if self.is_human(p):
            head, kind = f"{self.seat_label(p)} (you): {task}", "you"
        else:
            head, kind = f"{self.who(p)}{bot_task if bot_task is not None else ': ' + task}", "bot"
            why = "Watch it play." if self.auto and self.live() else "Press Step to let it play."
        return f'<div class="rg-banner rg-banner-{kind}">{esc(head)}<small>{esc(why)}</small></div>'

    def hand_html(self) -> str:
        """Your own cards or resources in one short line, shown with the decision (default: none)."""
        return ""

    def rules_html(self) -> str:
        """The rules in brief, as a fold-out under the decision (default: none)."""
        return ""

    def game_over_html(self) -> str:
        """At the end: how the score was made and how a tie was broken (default: nothing more)."""
        return ""

    def decision_title(self, player: int) -> str:
        """Heading above the action buttons."""
        return f"Your move, {self.seat_label(player, self.players)}"

    def action_class(self, action: Any) -> str:
        """CSS classes for an action's button (games colour their cards)."""
        return ""
