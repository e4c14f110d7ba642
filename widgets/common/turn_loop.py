"""The turn loop of a dashboard: a human's click, bot moves (stepped or on a timer), chance draws and playback."""
from __future__ import annotations

import random
from typing import Any

from ratgames_lab import CHANCE, TERMINAL, IllegalActionError, seat_view

from .event_loop import running_loop
from .translate import _


class TurnLoop:
    """Who moves next and when: ``click`` for a human, ``step`` / ``advance_bots`` for bots and chance."""

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
            return self._refuse(_("The game is over: nothing was played. Start a new game or go back in the history."))
        if token is not None and token != self._version:
            return self._refuse(_("That button belongs to an earlier position (the game has moved on since): "
                                  "nothing was played. Use the buttons shown now."))
        p = state.current_player
        if not self.is_human(p):
            if p < 0:
                return self._refuse(_("It is not a human's turn: a card is being drawn. Nothing was played."))
            return self._refuse(_("It is not a human's turn: {who}. Nothing was played.").format(who=self.who(p)))
        try:
            self._apply(action)
        except IllegalActionError as exc:
            return self._refuse(_("Not allowed: {reason} (rule: {rule}). Nothing was played.")
                                .format(reason=exc.reason, rule=exc.rule))
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
            self._after_move(before, "" if p == TERMINAL else _("{who} is to move.").format(who=self.who(p)))
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
            self._refuse(_("You are looking at the past: go forward in the history first."))
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
        loop = running_loop()
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
            self._say(_("A bot could not move: {error}").format(error=exc), "error")
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
        return running_loop() is not None and self.bot_delay > 0

    def _frame_shown(self, first_new: int) -> None:
        self.refresh(first_new)
