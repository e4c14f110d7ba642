"""SeatSetup: who plays each seat (a human or a bot), bot speed, seed and the New game button."""
from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as w

from .translate import N_, _, ngettext

HUMAN = "human"
# plain names for the bots (the engine's names are "random", "heuristic", "rollout")
BOT_LABELS = {"random": N_("Random bot"), "heuristic": N_("Clever bot"), "rollout": N_("Thinking bot (slow, strong)")}
BOT_PLURALS = {"random": N_("Random bots"), "heuristic": N_("Clever bots"),
               "rollout": N_("Thinking bots (slow, strong)")}
BOT_WORDS = {"random": N_("random bot"), "heuristic": N_("clever bot"), "rollout": N_("thinking bot")}


def bots_label(name: str) -> str:
    """'Clever bots' for the engine's 'heuristic' (a menu choice of opponents)."""
    return _(BOT_PLURALS[name]) if name in BOT_PLURALS else _("{name} bots").format(name=name.capitalize())


def bot_word(name: str) -> str:
    """'clever bot' for the engine's 'heuristic' (plain words a student knows)."""
    return _(BOT_WORDS[name]) if name in BOT_WORDS else _("{name} bot").format(name=name)


def bot_label(name: str) -> str:
    """'Clever bot' for the engine's 'heuristic' (a seat's menu choice)."""
    return _(BOT_LABELS[name]) if name in BOT_LABELS else _("{name} bot").format(name=name.capitalize())


class SeatSetup:
    """Seat dropdowns, player count and game number (apply with New game); the playback speed is beside the decision.

    Seat changes apply at once to the running game, unless ``live_seats`` is False (a student's app: making a bot
    seat human would show that seat's hidden cards), in which case they wait for New game like the player count.
    """

    def __init__(self, bot_names: Sequence[str], players: int, player_range: Sequence[int], seats: Sequence[str],
                 seed: int, seat_label: Callable[[int, int], str], on_seats: Callable[[list[str]], None],
                 on_new_game: Callable[[int, int, list[str]], None], live_seats: bool = True):
        self.live_seats = live_seats
        self.bot_names = list(bot_names)
        self.options = self._options()
        self.seat_label = seat_label
        self.on_seats = on_seats
        self.players = w.Dropdown(options=list(player_range), value=players, layout=w.Layout(width="180px"))
        self.seed = w.IntText(value=seed, style={"description_width": "initial"}, layout=w.Layout(width="200px"))
        self.new_game = w.Button(button_style="primary", layout=w.Layout(width="auto"))
        self.seat_box = w.VBox()
        self._quiet = False
        self.running = players
        self._build_seats(list(seats))
        self.players.observe(self._count_changed, names="value")
        self.new_game.on_click(lambda _b: on_new_game(self.players.value, self.seed.value, self.seats()))
        self.note = w.HTML()
        self.pending = w.HTML()
        self.widget = w.VBox([self.note, self.seat_box, w.HBox([self.players, self.seed]), self.pending,
                              self.new_game])
        self.relabel()

    def _options(self) -> list[tuple[str, str]]:
        return [(_("Human"), HUMAN)] + [(bot_label(b), b) for b in self.bot_names]

    def relabel(self) -> None:
        """The words in the current language (the seats chosen are kept)."""
        self.players.description = _("Players")
        self.seed.description = _("Game number")
        self.seed.tooltip = _("The same number and the same moves always give the same game")
        self.new_game.description = _("↻ New game")
        now = _("Seat changes apply at once.") if self.live_seats else _("Seat changes apply to the next game.")
        rest = _("The number of players and the game number apply when you press <b>New game</b>; the same game "
                 "number and the same moves always give the same game.")
        self.note.value = f'<div class="rg-note">{now} {rest}</div>'
        self.options = self._options()
        quiet, self._quiet = self._quiet, True
        try:
            for seat, d in enumerate(self.seat_box.children):
                value = d.value
                d.options = self.options
                d.value = value
                d.description = self.seat_label(seat, self.players.value)
        finally:
            self._quiet = quiet
        self.pending.value = self._pending_html(self.players.value)

    def seats(self) -> list[str]:
        """The chosen controller of each seat: 'human' or a bot name."""
        return [d.value for d in self.seat_box.children]

    def set(self, players: int, seats: Sequence[str], seed: int) -> None:
        """Show a configuration (after New game or loading a position)."""
        self._quiet = True
        try:
            self.players.value = players
            self.seed.value = seed
            self._build_seats(list(seats))
            self.running = players
            self.pending.value = ""
        finally:
            self._quiet = False

    def _build_seats(self, seats: list[str]) -> None:
        n = self.players.value
        bots = [value for _, value in self.options[1:]]
        filler = "heuristic" if "heuristic" in bots else (bots[0] if bots else HUMAN)
        seats = (seats + [filler] * n)[:n]
        dropdowns = []
        for seat, who in enumerate(seats):
            d = w.Dropdown(options=self.options, value=who, description=self.seat_label(seat, n),
                           style={"description_width": "90px"}, layout=w.Layout(width="340px"))
            d.observe(self._seat_changed, names="value")
            dropdowns.append(d)
        self.seat_box.children = dropdowns

    def _count_changed(self, change: dict) -> None:
        """A new player count is for the next game: the seats of the running game stay listed until New game."""
        self._build_seats(self.seats()[:change["new"]])
        self.pending.value = self._pending_html(change["new"]) if not self._quiet else ""

    def _pending_html(self, count: int) -> str:
        if count == self.running:
            return ""
        text = ngettext("The game being played keeps {running} player: press <b>New game</b> to play with {n}.",
                        "The game being played keeps {running} players: press <b>New game</b> to play with {n}.",
                        self.running).format(running=self.running, n=count)
        return f'<div class="rg-msg rg-msg-info">{text}</div>'

    def _seat_changed(self, _change: dict) -> None:
        if not self._quiet and self.live_seats and self.players.value == self.running:
            self.on_seats(self.seats())
