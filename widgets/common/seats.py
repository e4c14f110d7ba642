"""SeatSetup: who plays each seat (a human or a bot), bot speed, seed and the New game button."""
from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as w

HUMAN = "human"
# plain names for the bots (the engine's names are "random", "heuristic", "rollout")
BOT_LABELS = {"random": "Random bot", "heuristic": "Clever bot", "rollout": "Thinking bot (slow, strong)"}
BOT_PLURALS = {"random": "Random bots", "heuristic": "Clever bots", "rollout": "Thinking bots (slow, strong)"}
BOT_WORDS = {"random": "random bot", "heuristic": "clever bot", "rollout": "thinking bot"}


def bots_label(name: str) -> str:
    """'Clever bots' for the engine's 'heuristic' (a menu choice of opponents)."""
    return BOT_PLURALS.get(name, f"{name.capitalize()} bots")


def bot_word(name: str) -> str:
    """'clever bot' for the engine's 'heuristic' (plain words a student knows)."""
    return BOT_WORDS.get(name, f"{name} bot")


class SeatSetup:
    """Seat dropdowns, player count and game number (apply with New game); the playback speed is beside the decision.

    Seat changes apply at once to the running game, unless ``live_seats`` is False (a student's app: making a bot
    seat human would show that seat's hidden cards), in which case they wait for New game like the player count.
    """

    def __init__(self, bot_names: Sequence[str], players: int, player_range: Sequence[int], seats: Sequence[str],
                 seed: int, seat_label: Callable[[int, int], str], on_seats: Callable[[list[str]], None],
                 on_new_game: Callable[[int, int, list[str]], None], live_seats: bool = True):
        self.live_seats = live_seats
        self.options = [("Human", HUMAN)] + [(BOT_LABELS.get(b, f"{b.capitalize()} bot"), b) for b in bot_names]
        self.seat_label = seat_label
        self.on_seats = on_seats
        self.players = w.Dropdown(options=list(player_range), value=players, description="Players",
                                  layout=w.Layout(width="180px"))
        self.seed = w.IntText(value=seed, description="Game number", style={"description_width": "initial"},
                              tooltip="The same number and the same moves always give the same game",
                              layout=w.Layout(width="200px"))
        self.new_game = w.Button(description="↻ New game", button_style="primary", layout=w.Layout(width="auto"))
        self.seat_box = w.VBox()
        self._quiet = False
        self.running = players
        self._build_seats(list(seats))
        self.players.observe(self._count_changed, names="value")
        self.new_game.on_click(lambda _b: on_new_game(self.players.value, self.seed.value, self.seats()))
        now = "Seat changes apply at once. " if live_seats else "Seat changes apply to the next game. "
        note = w.HTML(f'<div class="rg-note">{now}The number of players and the game number apply when you press '
                      '<b>New game</b>; the same game number and the same moves always give the same game.</div>')
        self.pending = w.HTML()
        self.widget = w.VBox([note, self.seat_box, w.HBox([self.players, self.seed]), self.pending,
                              self.new_game])

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
        waiting = change["new"] != self.running and not self._quiet
        self.pending.value = (f'<div class="rg-msg rg-msg-info">The game being played keeps {self.running} players: '
                              f'press <b>New game</b> to play with {change["new"]}.</div>' if waiting else "")

    def _seat_changed(self, _change: dict) -> None:
        if not self._quiet and self.live_seats and self.players.value == self.running:
            self.on_seats(self.seats())
