"""Rattus Cartus actions (frozen dataclasses) and the table of cached instances the rules hand out.

Cards are named by their id ("magic-03" for a Population card, "sword" for a special card), buildings of the
row by their slot (0 = leftmost), nun-row cards by their position (0..4).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import Action, ActionCodec
from .names import name
from .translate import _, ngettext, shown


@dataclass(frozen=True, slots=True)
class RevealBuilding(Action):
    """Chance, phase A: this building card comes out of the building deck."""

    card: str
    kind = "reveal_building"

    def describe(self) -> str:
        return _("Reveal the building {name}").format(name=shown(name(self.card)))


@dataclass(frozen=True, slots=True)
class ReplacementBuilding(Action):
    """Chance, phase A: this card comes from the replacement deck (identical buildings)."""

    card: str
    kind = "replacement_building"

    def describe(self) -> str:
        return _("Replace the last building with a {name} from the replacement deck").format(
            name=shown(name(self.card)))


@dataclass(frozen=True, slots=True)
class DrawCard(Action):
    """Chance: this Population card is drawn from the population deck."""

    card: str
    kind = "draw_card"

    def describe(self) -> str:
        return _("Draw a Population card")


@dataclass(frozen=True, slots=True)
class Support(Action):
    """Phase B: perform the support action of the building in this slot of the row."""

    slot: int
    kind = "support"

    def describe(self) -> str:
        return _("Support: use the support action of building #{value}").format(value=shown(self.slot + 1))


@dataclass(frozen=True, slots=True)
class Enter(Action):
    """Phase C: enter the building in this slot and announce how many cards you place face down."""

    slot: int
    count: int
    kind = "enter"

    def describe(self) -> str:
        return ngettext("Enter building #{slot} with {count} card", "Enter building #{slot} with {count} cards",
                        self.count).format(slot=self.slot + 1, count=self.count)


@dataclass(frozen=True, slots=True)
class PlayPass(Action):
    """Phase C: play a Pass card; the turn comes back to you later."""

    kind = "play_pass"

    def describe(self) -> str:
        return _("Play a Pass and wait")


@dataclass(frozen=True, slots=True)
class PlaceCard(Action):
    """Phase C: place this hand card face down in the building you entered."""

    card: str
    kind = "place_card"

    def describe(self) -> str:
        return _("Place {name} face down").format(name=shown(name(self.card)))


@dataclass(frozen=True, slots=True)
class ChoosePlayer(Action):
    """Sword or Flute tie for fewest: the entrant with the most chooses which tied player it hits."""

    player: int
    kind = "choose_player"

    def describe(self) -> str:
        return _("Choose player {player}").format(player=shown(self.player))


@dataclass(frozen=True, slots=True)
class GiveCard(Action):
    """Sword or Guard Tower: give this card of your hand."""

    card: str
    kind = "give_card"

    def describe(self) -> str:
        return _("Give {name}").format(name=shown(name(self.card)))


@dataclass(frozen=True, slots=True)
class UseAction(Action):
    """Phase D.2: perform (or decline) the privilege or basic action you are offered."""

    use: bool
    kind = "use_action"

    def describe(self) -> str:
        return _("Perform the building action") if self.use else _("Decline the building action")


@dataclass(frozen=True, slots=True)
class Look(Action):
    """Look secretly at the nun-row card in this position (0..4)."""

    position: int
    kind = "look"

    def describe(self) -> str:
        return _("Look at nun-row card #{value}").format(value=shown(self.position + 1))


@dataclass(frozen=True, slots=True)
class HospitalDiscard(Action):
    """Hospital: discard this hand card to discard one rat."""

    card: str
    kind = "hospital_discard"

    def describe(self) -> str:
        return _("Hospital: discard {name} and one rat").format(name=shown(name(self.card)))


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """End an optional sequence (no second look, no more Hospital discards)."""

    kind = "stop"

    def describe(self) -> str:
        return _("Stop here")


PLAY_PASS = PlayPass()
USE = UseAction(True)
DECLINE = UseAction(False)
STOP = Stop()

CODEC = ActionCodec([RevealBuilding, ReplacementBuilding, DrawCard, Support, Enter, PlayPass, PlaceCard,
                     ChoosePlayer, GiveCard, UseAction, Look, HospitalDiscard, Stop])


class ActionTable:
    """Every action instance of one game's components, built once (legal_actions only picks cached values)."""

    def __init__(self, card_names: tuple[str, ...], building_ids: tuple[str, ...], row_size: int,
                 players: int, max_hand: int = 200):
        self.reveal = [RevealBuilding(b) for b in building_ids]
        self.replacement = [ReplacementBuilding(b) for b in building_ids]
        self.draw = [DrawCard(c) for c in card_names]
        self.support = [Support(i) for i in range(3)]
        self.max_hand = max_hand
        self.enter = [[Enter(slot, k) for k in range(max_hand + 1)] for slot in range(3)]
        self.place = [PlaceCard(c) for c in card_names]
        self.give = [GiveCard(c) for c in card_names]
        self.hospital = [HospitalDiscard(c) for c in card_names]
        self.look = [Look(i) for i in range(row_size)]
        self.choose = [ChoosePlayer(p) for p in range(players)]

    def enter_action(self, slot: int, count: int) -> Enter:
        """The cached Enter action (built on demand past the table's size)."""
        return self.enter[slot][count] if count <= self.max_hand else Enter(slot, count)
