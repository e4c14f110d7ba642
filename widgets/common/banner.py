"""The words at the top of a dashboard: the title line and the banner saying who decides what now."""
from __future__ import annotations

from ratgames_lab import CHANCE, GAMES, TERMINAL

from .theme import esc


class Banners:
    """Default ``header_html`` / ``banner_html`` hooks and ``decision_banner``, the banner of one decision."""

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
