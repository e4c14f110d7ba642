"""The hooks a game's dashboard fills (board, words, odds, playback pauses), with their defaults."""
from __future__ import annotations

import abc
from typing import Any, Sequence

import ipywidgets as w

from ratgames_lab import load_game

from .translate import _


class GameHooks(abc.ABC):
    """Extension points of a dashboard: ``board_widget`` and ``render_board`` are required, the rest optional."""

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
        self.odds_panel.clear(_("This game has no odds panel yet."))

    def playback_pauses(self, events: Sequence[Any], start: int) -> list[int]:
        """Indices (>= start) of the events of the last move before which the page pauses (default: none)."""
        return []

    def playback_delay(self, events: Sequence[Any], upto: int | None) -> float:
        """Seconds before the next frame (which shows events up to ``upto``) is shown."""
        return max(self.bot_delay * 1.5, 0.3)

    def move_text(self, seat: int, action: Any) -> str:
        """The message after a move (games whose moves hide a card, e.g. one placed face down, say less)."""
        return _("{who}: {action}.").format(who=self.who(seat), action=self.action_label(action))

    def action_label(self, action: Any) -> str:
        """An action's button label, names as the table says them (default ``str(action)``)."""
        return str(action)

    def event_text(self, event: Any) -> str:
        """An event's line in the log (default ``event.text()``)."""
        return event.text()

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
        return _("Your move, {player}").format(player=self.seat_label(player, self.players))

    def language_changed(self) -> None:
        """The page's language changed: relabel the game's own fixed widgets (``refresh`` follows; default none)."""

    def action_class(self, action: Any) -> str:
        """CSS classes for an action's button (games colour their cards)."""
        return ""
