"""Redrawing a dashboard page from the match: banner, decision, hand, log, history, controls and the open tab."""
from __future__ import annotations

from typing import Any

from ratgames_lab import CHANCE, TERMINAL

from .analyze import Explanation
from .event_loop import running_loop
from .layout import ANALYZE_TAB, ODDS_TAB
from .theme import esc, message_html
from .translate import _


class PageRedraw:
    """Everything shown follows the position at the history cursor; messages go under the decision."""

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
            shown = _("The end of the game is shown step by step…")
            self.banner.value = f'<div class="rg-banner rg-banner-bot">{esc(shown)}</div>'
        else:
            self.banner.value = self.banner_html()
        self.render_board()
        if self.playback.running:
            shown = (_("What just happened is shown step by step (press Step for the next one).") if not self.auto
                     else _("What just happened is shown step by step…"))
            self.decision.clear(_("Your choices come after this") if p >= 0 and self.is_human(p) else "", shown)
        elif p >= 0 and self.is_human(p):
            self.decision.show(state.legal_actions(), self._version, self.decision_title(p))
        elif p == TERMINAL:
            self.decision.clear(_("Game over"), _("{hint}, or look back with the history.").format(
                hint=_(self.new_game_hint)))
            self.decision.title.value = self.game_over_html() or self.decision.title.value
        else:
            if p < 0:
                note = _("A card is being drawn…")
            elif self.auto and self.live():
                note = _("{who} is choosing…").format(who=self.who(p))
            else:
                note = _("{who} is waiting: press Step to let it play.").format(who=self.who(p))
            self.decision.clear("", note)
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
        self.step_button.description = _(self.playback_step_label) if running else _("Step: next bot move")
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
        loop = running_loop()
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
            return Explanation(_("The game is over: there is no decision left to analyze. Go back in the history "
                                 "(or load a position) to analyze an earlier decision."))
        if p == CHANCE:
            return Explanation(_("Chance moves next (a card, token or die is drawn), so nobody has a choice to "
                                 "analyze yet. Press Step to let the draw happen, then press Analyze for the decision "
                                 "that follows. The My odds tab shows the exact chances of the draw; for each "
                                 "outcome weighted exactly, save the position and run 'ratgames analyze' on it."))
        if p not in self.visible_hands():
            if self.teacher_tools:
                return _("{who} is to move: analysis is for your own turn (or switch on Teacher view), because it "
                         "would reveal that player's cards.").format(who=self.who(p))
            return _("{who} is to move: analysis is for your own turn, because it would reveal that player's "
                     "cards.").format(who=self.who(p))
        self._analyzed_version = self._version
        return self.state, p, self.seat_label(p, self.players)
