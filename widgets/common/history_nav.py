"""History navigation of a dashboard: undo / redo to a human's decision, go to any move."""
from __future__ import annotations

from ratgames_lab import IllegalActionError, Match

from .translate import _


class HistoryNavigation:
    """Move the match's cursor (bots wait while the past is shown) and remember who moved at each step."""

    def _human_points(self) -> list[int]:
        """History indices where a human seat was to decide."""
        return [i for i, p in enumerate(self._movers) if self.is_human(p)]

    def undo(self) -> None:
        """Back to the previous decision of a human (undoing the bot moves and draws after it)."""
        targets = [i for i in self._human_points() if i < self._match.cursor]
        if not targets:
            self._refuse(_("Nothing to undo: no earlier human decision."))
            return
        self.goto(targets[-1], _("Undone: back to your previous decision."))

    def redo(self) -> None:
        """Forward to the next human decision (or the end of the history)."""
        if not self._match.can_redo():
            self._refuse(_("Nothing to redo."))
            return
        later = [i for i in self._human_points() if i > self._match.cursor]
        self.goto(later[0] if later else len(self._match.actions), _("Redone."))

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
        self._changed(len(self.state.events), text or _("Showing move {index} of {n}.").format(index=index, n=n))
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


    @staticmethod
    def _replay_movers(match: Match) -> list[int]:
        state = match.state_at(0)
        movers = []
        for action in match.actions:
            movers.append(state.current_player)
            state.apply(action)
        return movers
