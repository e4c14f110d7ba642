"""SeatSetup: who plays each seat (a human or a bot), bot speed, seed and the New game button."""
from __future__ import annotations

from typing import Callable, Sequence

import ipywidgets as w

HUMAN = "human"
BOT_LABELS = {"random": "Random bot", "heuristic": "Heuristic bot", "rollout": "Rollout bot (slow, strong)"}


class SeatSetup:
    """Seat dropdowns (changes apply at once), player count and seed (apply with New game), bot delay."""

    def __init__(self, bot_names: Sequence[str], players: int, player_range: Sequence[int], seats: Sequence[str],
                 seed: int, bot_delay: float, seat_label: Callable[[int, int], str],
                 on_seats: Callable[[list[str]], None], on_delay: Callable[[float], None],
                 on_new_game: Callable[[int, int, list[str]], None]):
        self.options = [("Human", HUMAN)] + [(BOT_LABELS.get(b, f"{b.capitalize()} bot"), b) for b in bot_names]
        self.seat_label = seat_label
        self.on_seats = on_seats
        self.players = w.Dropdown(options=list(player_range), value=players, description="Players",
                                  layout=w.Layout(width="180px"))
        self.seed = w.IntText(value=seed, description="Seed", layout=w.Layout(width="180px"))
        self.delay = w.FloatSlider(value=bot_delay, min=0.0, max=3.0, step=0.1, description="Bot delay (s)",
                                   readout_format=".1f", style={"description_width": "initial"},
                                   layout=w.Layout(width="300px"))
        self.new_game = w.Button(description="New game", button_style="primary", icon="refresh",
                                 layout=w.Layout(width="auto"))
        self.seat_box = w.VBox()
        self._quiet = False
        self._build_seats(list(seats))
        self.players.observe(lambda ch: self._build_seats(self.seats()[:ch["new"]]), names="value")
        self.delay.observe(lambda ch: on_delay(ch["new"]), names="value")
        self.new_game.on_click(lambda _b: on_new_game(self.players.value, self.seed.value, self.seats()))
        note = w.HTML('<div class="rg-note">Seat changes apply at once. Player count and seed apply when you '
                      'press <b>New game</b>; the same seed and the same moves always give the same game.</div>')
        self.widget = w.VBox([note, self.seat_box, w.HBox([self.players, self.seed]), self.delay, self.new_game])

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

    def _seat_changed(self, _change: dict) -> None:
        if not self._quiet:
            self.on_seats(self.seats())
