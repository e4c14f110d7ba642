"""The words at the top of a dashboard: the title line and the banner saying who decides what now."""
from __future__ import annotations

import re

from ratgames_lab import CHANCE, GAMES, TERMINAL
from ratgames_lab.core.i18n import gettext

from .theme import element, esc
from .translate import N_, _

# the app's line under its title when the game's registration gives none (never names a seat: seats can change)
DEFAULT_INTRO = N_("Play against bots: the bar at the top says which seat is yours. Change the seats, the bots' speed "
                   "and the game number in the *Players* tab.")


class Banners:
    """Default ``header_html`` / ``banner_html`` hooks and ``decision_banner``, the banner of one decision."""

    def header_html(self) -> str:
        """Title line."""
        return (f'<div class="rg-header"><div class="rg-title">{esc(GAMES[self.game_name].title)}</div>'
                f'<div class="rg-subtitle">{esc(self.players_text())}{esc(self.you_text())}</div></div>')

    def intro_html(self) -> str:
        """The app's line under the title: the game's ``app_intro`` (in its package's catalog) or the default one,
        with its Markdown emphasis."""
        intro = GAMES[self.game_name].app_intro
        text = gettext(intro, domain=self.game_name) if intro else _(DEFAULT_INTRO)
        text = re.sub(r"\*(.+?)\*", r"<i>\1</i>", re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", esc(text)))
        return f'<div class="rg-intro">{text}</div>'

    def banner_html(self) -> str:
        """What happens now, in plain words."""
        p = self.state.current_player
        if p == TERMINAL:
            return element("div", "rg-banner rg-banner-over", _("The game is over."))
        if p == CHANCE:
            return element("div", "rg-banner rg-banner-bot", _("A card is being drawn…"))
        kind = "you" if self.is_human(p) else "bot"
        text = _("{who}: choose an action.").format(who=self.who(p))
        return f'<div class="rg-banner rg-banner-{kind}">{esc(text)}</div>'

    def decision_banner(self, p: int, task: str, why: str, bot_task: str | None = None) -> str:
        """The banner of a player's decision: "<you> (you): task" for a human, "<bot>: task" for a bot (whose
        explanation then says whether to watch or press Step); ``bot_task`` is a whole sentence with ``{who}``
        (e.g. "{who} must play a card") that replaces a bot's head."""
        if self.is_human(p):
            head, kind = _("{player} (you): {task}").format(player=self.seat_label(p), task=task), "you"
        else:
            head = (bot_task.format(who=self.who(p)) if bot_task is not None else
                    _("{who}: {task}").format(who=self.who(p), task=task))
            kind = "bot"
            why = _("Watch it play.") if self.auto and self.live() else _("Press Step to let it play.")
        return f'<div class="rg-banner rg-banner-{kind}">{esc(head)}<small>{esc(why)}</small></div>'
