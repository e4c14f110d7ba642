"""The data of an Horlogerie position and the helpers every rule uses (seats, points, loads, decks).

The fields are declared once here; rules.py adds setup, the turn flow and the dispatch to the rule modules
(``HorlogerieState``), which work on this data and so never import rules.py.
"""
from __future__ import annotations

from ..core.fields import Field, Int, ListOf, Opt, Ref, Seat, StateFields, Str
from ..core.protocol import GameState
from .names import faces_text, find_name
from .phases import (DANGER, DANGER_DECK, DANGER_DRAW, ENDINGS, EXPLORATION, EXPLORE, GRID_SIZE, RESULTS, STEPS,
                     TEAM_SIZE)


class HorlogerieData(GameState):
    """The data of a position: plain lists of ints (cards are face indices, Horlogers profile indices, missions
    ids)."""

    game_name = "horlogerie"
    FORMAT = "ratgames_lab.horlogerie/1"
    FIELDS = StateFields(
        Field("step", Str(STEPS)), Field("turn", Int(min=1)), Field("first", Seat()), Field("active", Seat()),
        Field("ending", Str(ENDINGS)),
        Field("exp_deck", ListOf(Ref("exploration"), sort=True)), Field("exp_discard", ListOf(Ref("exploration"))),
        Field("exp_table", ListOf(Ref("exploration"))), Field("exp_top", Opt(Ref("exploration"), none=-1)),
        Field("exp_seen", ListOf(Seat(), sort=True)),
        Field("dan_deck", ListOf(Ref("danger"), sort=True)), Field("dan_discard", ListOf(Ref("danger"))),
        Field("dan_table", ListOf(Ref("danger"))), Field("dan_top", Opt(Ref("danger"), none=-1)),
        Field("dan_seen", ListOf(Seat(), sort=True)),
        Field("hor_deck", ListOf(Ref("horlogers"), sort=True)), Field("hor_discard", ListOf(Ref("horlogers"))),
        Field("mis_deck", ListOf(Ref("missions"), sort=True)),
        Field("grid", ListOf(Opt(Ref("missions"), none=-1), length=GRID_SIZE)),
        Field("gone", ListOf(Ref("missions"))),
        Field("hands", ListOf(ListOf(Ref("exploration"), sort=True), length="players")),
        Field("team", ListOf(ListOf(Ref("horlogers")), length="players")),
        Field("wounds", ListOf(ListOf(Int(min=0)), length="players")),
        Field("finds", ListOf(ListOf(Ref("missions")), length="players")),
        Field("tapped", ListOf(ListOf(Int(min=0, max=1)), length="players")),
        Field("bonus", Int(min=0)), Field("explore_result", Str(RESULTS)), Field("danger_result", Str(RESULTS)),
        Field("wounds_left", Int(min=0)), Field("recruits_left", Int(min=0, max=TEAM_SIZE)),
        Field("reward_taker", Opt(Seat(), none=-1)), Field("reward_next", Str(("", "danger", "wounds"))),
        Field("peek_deck", Str(("", EXPLORATION, DANGER_DECK))), Field("peek_player", Opt(Seat(), none=-1)),
        Field("peek_return", Str(("", EXPLORE, DANGER))), Field("rest_points", Int(min=0)),
        Field("vp_turn", ListOf(Int(min=-1), length="players")),
        Field("vp_seq", ListOf(Int(min=-1), length="players")), Field("turn_seq", Int(min=0)),
        transient=("_current", "_legal", "_t"),
    )

    # -- small helpers -----------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._current

    @property
    def turn_player(self) -> int:
        """Whose turn it is (the explorer), even while a neighbour decides."""
        return self.active

    def left(self, p: int) -> int:
        """The left neighbour of ``p`` (the next player clockwise)."""
        return (p + 1) % self.players

    def right(self, p: int) -> int:
        """The right neighbour of ``p`` (the previous player clockwise)."""
        return (p - 1) % self.players

    def seat(self, p: int) -> str:
        """'Player 3'."""
        return self.comp.seats[p]

    def vp(self, p: int) -> int:
        """Victory points of ``p``: the rewards of their finds."""
        vp = self.comp.missions.vp
        return sum(vp[m] for m in self.finds[p])

    def carry(self, p: int) -> int:
        """The encumbrance limit of ``p``: the sum of their Horlogers' carry (0 without Horlogers)."""
        carry = self.comp.horlogers.carry
        return sum(carry[h] for h in self.team[p])

    def load(self, p: int) -> int:
        """Encumbrance of ``p``: 1 per Exploration card in hand plus each find's printed encumbrance."""
        enc = self.comp.missions.encumbrance
        return len(self.hands[p]) + sum(enc[m] for m in self.finds[p])

    def exploration_value(self, p: int | None = None) -> int:
        """The team's exploration value (plus this phase's Compasses for the explorer)."""
        p = self.active if p is None else p
        ex = self.comp.horlogers.exploration
        return sum(ex[h] for h in self.team[p]) + (self.bonus if p == self.active else 0)

    def explored_sum(self) -> int:
        """The sum of the Exploration cards drawn this turn: the expedition's danger value."""
        v = self.comp.exploration.value
        return sum(v[f] for f in self.exp_table)

    def danger_sum(self) -> int:
        """The sum of the Danger levels drawn this turn."""
        lv = self.comp.danger.level
        return sum(lv[f] for f in self.dan_table)

    def explored_terrains(self) -> int:
        """The terrain bits of every Exploration card drawn this turn."""
        bits = 0
        terrain = self.comp.exploration.terrain
        for f in self.exp_table:
            bits |= terrain[f]
        return bits

    def pending_wounds(self) -> int:
        """Wounds the Danger cards drawn so far inflict: each card sharing a terrain with the explored cards."""
        d = self.comp.danger
        bits = self.explored_terrains()
        return sum(d.wounds[f] for f in self.dan_table if d.terrains[f] & bits)

    def untapped(self, p: int, power: str) -> list[int]:
        """The untapped finds of ``p`` with this power."""
        if not self.finds[p]:
            return []
        pw = self.comp.missions.power
        return [m for m, t in zip(self.finds[p], self.tapped[p]) if not t and pw[m] == power]

    def best_find(self, p: int) -> int:
        """The highest reward among the finds of ``p`` (-1 without finds)."""
        vp = self.comp.missions.vp
        return max((vp[m] for m in self.finds[p]), default=-1)

    def cheapest_in_grid(self) -> list[int]:
        """The missions of the grid with the lowest reward (a perfect draw takes one of them)."""
        vp = self.comp.missions.vp
        grid = [m for m in self.grid if m >= 0]
        if not grid:
            return []
        low = min(vp[m] for m in grid)
        return [m for m in grid if vp[m] == low]

    def drawer(self) -> int:
        """Who draws now: the explorer in the Exploration phase, the left neighbour in the Danger phase."""
        return self.left(self.active) if self.step in (DANGER, DANGER_DRAW) else self.active

    def _team_text(self, p: int) -> str:
        names = self.comp.horlogers.names
        return ", ".join(names[h] for h in self.team[p]) or "nobody"

    def _find_name(self, mission_id: str) -> str:
        return find_name(self.comp.missions, self.comp.missions.index[mission_id])

    def _cards_text(self, faces: list[int]) -> str:
        names = self.comp.exploration.names
        return faces_text(names[f] for f in faces)

    def _vp_changed(self, p: int) -> None:
        """Record when the VP total of ``p`` last changed (turn, then order within the turn) for the tie-break."""
        self.turn_seq += 1
        self.vp_turn[p] = self.turn
        self.vp_seq[p] = self.turn_seq

    def _deck(self, deck: str) -> tuple[list[int], list[int]]:
        return (self.exp_deck, self.exp_discard) if deck == EXPLORATION else (self.dan_deck, self.dan_discard)

    def can_draw(self, deck: str) -> bool:
        """True if a card can come from this deck (from its discard once reshuffled)."""
        cards, discard = self._deck(deck)
        return bool(cards) or bool(discard)

    def _rebuild(self, deck: str) -> None:
        """An empty deck: its discard is shuffled into a new deck (cards on the table this turn stay out)."""
        cards, discard = self._deck(deck)
        if not cards and discard:
            cards.extend(sorted(discard))
            discard.clear()
            self.emit("reshuffle", "explore.empty_deck", deck=deck.capitalize(), count=len(cards))
