"""The data of a Rattus Cartus position and the helpers every rule uses (cards, piles, rats, tracks).

The fields are declared once here; rules.py adds setup, the dispatch through the task table and the views
(``CartusState``). The rule modules work on this data, so they never import rules.py.
"""
from __future__ import annotations

from ..core.fields import Bool, Field, Int, Keyed, ListOf, Opt, Ref, Seat, StateFields
from ..core.protocol import GameState
from . import memory
from .memory import KINDS
from .position import Tasks


class CartusData(GameState):
    """The data of a Rattus Cartus position: plain lists of ints (cards, buildings, players are indices)."""

    game_name = "rattus_cartus"
    FORMAT = "ratgames_lab.rattus_cartus/1"
    FIELDS = StateFields(
        Field("round", Int(min=1, max=lambda comp: comp.rounds)),
        Field("last_round", Bool()),
        Field("first", Seat()),
        Field("rats", ListOf(Int(min=0), length="players")),
        Field("influence", Keyed("classes", ListOf(Int(min=0), length="players"))),
        Field("arrival", Keyed("classes", ListOf(Int(min=0), length="players"))),
        Field("clock", Int(min=0)),
        Field("hands", ListOf(ListOf(Ref("cards")), length="players")),
        Field("deck", ListOf(Ref("cards"), sort=True)),
        Field("discard", ListOf(Ref("cards"))),
        Field("row", ListOf(Ref("cards"), length=lambda comp: comp.row_size), json="nun_row"),
        Field("looks", ListOf(ListOf(Int(min=0, max=lambda comp: comp.row_size - 1)), length="players")),
        Field("piles", Keyed("piles", Int(min=0))),
        Field("vp", ListOf(Int(min=0), length="players"), json="vp_tokens"),
        Field("chosen", ListOf(Ref("buildings"), length=30, sort=True), json="buildings_in_play"),
        Field("bdeck", ListOf(Ref("buildings"), sort=True), json="building_deck"),
        Field("repl", ListOf(Ref("buildings"), sort=True), json="replacement_deck"),
        Field("repl_under", ListOf(Ref("buildings")), json="replacement_under"),
        Field("bdiscard", ListOf(Ref("buildings")), json="building_discard"),
        Field("shown", ListOf(Ref("buildings")), json="revealed_buildings"),
        Field("entrants", ListOf(ListOf(Seat()))),
        Field("placed", ListOf(ListOf(ListOf(Ref("cards"))))),
        Field("entered", ListOf(Opt(Int(min=0, max=lambda comp: comp.reveal - 1), none=-1), length="players")),
        Field("protected", ListOf(Bool(), length="players")),
        Field("entry_order", ListOf(Seat())),
        Field("revealed", Int(min=0, max=lambda comp: comp.reveal), json="resolved_buildings"),
        Field("priv2", Opt(Seat(), none=-1), json="privilege_2p"),
        Field("tasks", Tasks()),
        Field("knows", ListOf(Int(min=0, max=lambda comp: comp.all_mask), length=lambda comp: comp.npop)),
        Field("seen", ListOf(Int(min=0, max=lambda comp: comp.all_mask), length=lambda comp: comp.npop)),
        Field("holders", Opt(ListOf(ListOf(Int(min=0, max=lambda comp: comp.all_mask), length=lambda comp: comp.npop),
                                    length="players")), json="may_hold"),
        Field("spec_holders", Opt(ListOf(ListOf(ListOf(Int(min=1, max=lambda comp: comp.all_mask), sort=True),
                                                length=KINDS), length="players")), json="special_holders"),
        Field("options_all_dead", Bool(), json="all_dead_lowest_survive"),
        Field("played", ListOf(Int()), derived=True),  # Population + Jokers revealed this round, per player
    )

    def _clear_round(self) -> None:
        n = self.comp.players
        self.shown = []
        self.entrants = []
        self.placed = []
        self.entered = [-1] * n
        self.protected = [False] * n
        self.played = [0] * n
        self.entry_order = []
        self.revealed = 0
        self.priv2 = -1

    def special_in_play(self, special: int) -> bool:
        """True if a building handing out this special card (1 Sword, 2 Flute, 3 Pass, 4 Gold) is in play."""
        pile = ("joker", "sword", "flute", "pass", "gold")[special]
        bd = self.comp.buildings
        types = {bd.card_type[b] for b in self.chosen}
        return special == 0 or any(e.get("pile") == pile for t in types for e in (bd.privilege[t], bd.basic[t]))

    # ------------------------------------------------------------------------------------------
    # Helpers on cards, piles, rats and tracks
    # ------------------------------------------------------------------------------------------
    def name(self, p: int) -> str:
        """A player's colour."""
        return self.comp.colours[p]

    def gain_influence(self, p: int, cls: int, amount: int) -> None:
        """Move p's marker ``amount`` up the class track; it arrives on its new space now (setup.ties)."""
        if amount > 0:
            self.influence[cls][p] += amount
            self.clock += 1
            self.arrival[cls][p] = self.clock

    def lose_rats(self, p: int, amount: int) -> int:
        """Discard up to ``amount`` rats (never below 0); returns how many went."""
        k = min(amount, self.rats[p])
        self.rats[p] -= k
        return k

    def to_pile(self, code: int) -> None:
        """A card leaves play: Population to the discard (face up), Jokers and specials to their piles."""
        comp = self.comp
        if code < comp.npop:
            self.discard.append(code)
            self.knows[code] = self.seen[code] = comp.all_mask
            memory.public(self, code)
        else:
            self.piles[code - comp.npop] += 1

    def hand_without_gold(self, p: int) -> int:
        """How many hand cards p may place in a building (any card but Gold)."""
        gold = self.comp.GOLD
        return sum(1 for c in self.hands[p] if c != gold)

    def building_type(self, slot: int) -> int:
        """The type of the building in this slot of the row."""
        return self.comp.buildings.card_type[self.shown[slot]]

    def building_class(self, slot: int) -> int:
        """The class of the building in this slot of the row."""
        return self.comp.buildings.card_class[self.shown[slot]]

    def other_players_waiting(self, p: int) -> bool:
        """True if a player other than p has not entered a building yet (visit.pass)."""
        return any(e < 0 for q, e in enumerate(self.entered) if q != p)

    def nun_total(self) -> int:
        """The nun symbols of the whole row (revealed at the end)."""
        nuns = self.comp.nuns
        return sum(nuns[c] for c in self.row)
