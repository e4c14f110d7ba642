"""Rattus actions (frozen dataclasses) and the per-board tables of cached instances the rules hand out.

Regions are named in actions ("Gallia"); a token on the board is named by its region and its slot
(0 = the first token that arrived there), because face-down tokens cannot be told apart by id.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import Action, ActionCodec
from .components import CLASS_NAMES, CLASSES, MAX_TOKENS, MERCHANT_MAX
from .translate import _, data_text, ngettext


@dataclass(frozen=True, slots=True)
class SetupPlace(Action):
    """Setup: place 2 of your cubes in a region."""

    region: str
    kind = "setup_place"

    def describe(self) -> str:
        return _("Place 2 starting cubes in {region}").format(region=self.region)


@dataclass(frozen=True, slots=True)
class TakeClass(Action):
    """Step 1: take a class card (from the table or from another player)."""

    card: str
    kind = "take_class"

    def describe(self) -> str:
        return _("Take the {card} card").format(card=data_text(CLASS_NAMES.get(self.card, self.card)))


@dataclass(frozen=True, slots=True)
class Place(Action):
    """Step 2: place as many cubes as the region has rat tokens (+1 with the Peasant)."""

    region: str
    peasant: bool
    kind = "place"

    def describe(self) -> str:
        return (_("Place cubes in {region} with the Peasant's extra cube") if self.peasant
                else _("Place cubes in {region}")).format(region=self.region)


@dataclass(frozen=True, slots=True)
class KingToCastle(Action):
    """King: move one of your cubes from a region without rats to the Castle."""

    region: str
    kind = "king"

    def describe(self) -> str:
        return _("King: move a cube from {region} to the Castle").format(region=self.region)


@dataclass(frozen=True, slots=True)
class MonkMove(Action):
    """Monk: move one rat token to a neighbouring region holding fewer than 3."""

    source: str
    slot: int
    target: str
    kind = "monk"

    def describe(self) -> str:
        return _("Monk: move rat token #{slot} from {source} to {target}").format(
            slot=self.slot + 1, source=self.source, target=self.target)


@dataclass(frozen=True, slots=True)
class MerchantMove(Action):
    """Merchant: move up to 3 of your cubes from one region to a neighbouring region."""

    source: str
    target: str
    count: int
    kind = "merchant"

    def describe(self) -> str:
        return ngettext("Merchant: move {count} cube from {source} to {target}",
                        "Merchant: move {count} cubes from {source} to {target}", self.count).format(
            count=self.count, source=self.source, target=self.target)


@dataclass(frozen=True, slots=True)
class WitchPeek(Action):
    """Witch: secretly look at one face-down rat token on the board."""

    region: str
    slot: int
    kind = "witch_peek"

    def describe(self) -> str:
        return _("Witch: look at rat token #{slot} in {region}").format(slot=self.slot + 1, region=self.region)


@dataclass(frozen=True, slots=True)
class WitchStop(Action):
    """Witch: do not look at a second token."""

    kind = "witch_stop"

    def describe(self) -> str:
        return _("Witch: stop after one token")


@dataclass(frozen=True, slots=True)
class WitchSwap(Action):
    """Witch: swap the two tokens looked at, or leave them."""

    swap: bool
    kind = "witch_swap"

    def describe(self) -> str:
        return _("Witch: swap the two tokens") if self.swap else _("Witch: leave the two tokens where they are")


@dataclass(frozen=True, slots=True)
class PeasantCube(Action):
    """Final round, Peasant: add one of your cubes to any region."""

    region: str
    kind = "peasant_cube"

    def describe(self) -> str:
        return _("Peasant: add one cube to {region}").format(region=self.region)


@dataclass(frozen=True, slots=True)
class MovePlague(Action):
    """Step 3: move the plague to a neighbour, or two regions with the Knight (``via`` the middle region)."""

    to: str
    via: str | None
    kind = "move_plague"

    def describe(self) -> str:
        if self.via is None:
            return _("Move the plague to {to}").format(to=self.to)
        return _("Knight: move the plague to {to} via {via}").format(to=self.to, via=self.via)


@dataclass(frozen=True, slots=True)
class KnightNeutral(Action):
    """Knight: declare (or not) that the plague piece counts as 2 neutral cubes before the reveals."""

    declare: bool
    kind = "knight_neutral"

    def describe(self) -> str:
        return (_("Knight: the plague counts as 2 extra cubes") if self.declare
                else _("Knight: the plague does not count as extra cubes"))


@dataclass(frozen=True, slots=True)
class Spread(Action):
    """Spread: put the next new rat token in this neighbouring region."""

    region: str
    kind = "spread"

    def describe(self) -> str:
        return _("Spread a new rat token to {region}").format(region=self.region)


@dataclass(frozen=True, slots=True)
class Reveal(Action):
    """Ravage: reveal this face-down token of the infected region."""

    slot: int
    kind = "reveal"

    def describe(self) -> str:
        return _("Reveal rat token #{slot}").format(slot=self.slot + 1)


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End your turn (after the plague) or pass (final round)."""

    kind = "end_turn"

    def describe(self) -> str:
        return _("End the turn")


@dataclass(frozen=True, slots=True)
class DrawToken(Action):
    """Chance: this rat token comes out of the face-down supply."""

    token: str
    kind = "draw_token"

    def describe(self) -> str:
        return _("A rat token is drawn from the supply")


WITCH_STOP = WitchStop()
WITCH_SWAP = WitchSwap(True)
WITCH_KEEP = WitchSwap(False)
NEUTRAL_YES = KnightNeutral(True)
NEUTRAL_NO = KnightNeutral(False)
END_TURN = EndTurn()
TAKE = [TakeClass(c) for c in CLASSES]
REVEAL = [Reveal(i) for i in range(MAX_TOKENS)]

CODEC = ActionCodec([SetupPlace, TakeClass, Place, KingToCastle, MonkMove, MerchantMove, WitchPeek, WitchStop,
                     WitchSwap, PeasantCube, MovePlague, KnightNeutral, Spread, Reveal, EndTurn, DrawToken])


class ActionTable:
    """Every action of one board and token set, built once so legal_actions only picks cached values."""

    def __init__(self, names: tuple[str, ...], neighbours: tuple[tuple[int, ...], ...], token_ids: tuple[str, ...]):
        r = range(len(names))
        self.setup_place = [SetupPlace(names[i]) for i in r]
        self.place = [Place(names[i], False) for i in r]
        self.place_peasant = [Place(names[i], True) for i in r]
        self.king = [KingToCastle(names[i]) for i in r]
        self.peasant_cube = [PeasantCube(names[i]) for i in r]
        self.spread = [Spread(names[i]) for i in r]
        self.monk = [[(t, [MonkMove(names[s], slot, names[t]) for slot in range(MAX_TOKENS)]) for t in neighbours[s]]
                     for s in r]
        self.merchant = [[(t, [MerchantMove(names[s], names[t], k) for k in range(1, MERCHANT_MAX + 1)])
                          for t in neighbours[s]] for s in r]
        self.witch_peek = [[WitchPeek(names[i], slot) for slot in range(MAX_TOKENS)] for i in r]
        self.move1 = [[MovePlague(names[t], None) for t in neighbours[s]] for s in r]
        self.move2 = [[MovePlague(names[t], names[v]) for v in neighbours[s] for t in neighbours[v] if t != s]
                      for s in r]
        self.draw = [DrawToken(t) for t in token_ids]
