"""Catan actions (frozen dataclasses). Intersections, edges and tiles are named by their index on the board
(``board.Topology``: numbered top to bottom, left to right); resources and cards by name.

Trade amounts are 5-tuples in resource order (brick, lumber, wool, grain, ore), always seen from the active
player: ``give`` is what the active player hands over, ``get`` what they receive (in a counter-offer too).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import Action, ActionCodec
from .board import RESOURCES
from .translate import _, name, phrase, words

DEV_CARDS = ("knight", "victory_point", "road_building", "year_of_plenty", "monopoly")
DEV_NAMES = {"knight": "Knight", "victory_point": "Victory Point", "road_building": "Road Building",
             "year_of_plenty": "Year of Plenty", "monopoly": "Monopoly"}


def amounts_text(amounts: tuple[int, ...]) -> str:
    """'2 brick + 1 ore' for a 5-tuple of resource counts."""
    parts = [f"{n} {RESOURCES[i]}" for i, n in enumerate(amounts) if n]
    return " + ".join(parts) if parts else "nothing"


def amounts_words(amounts: tuple[int, ...]) -> str:
    """``amounts_text`` in the current language (for display; event params keep the English text)."""
    return phrase(amounts_text(amounts))


@dataclass(frozen=True, slots=True)
class BuildSettlement(Action):
    """Build a settlement on an intersection (free in setup)."""

    node: int
    kind = "build_settlement"

    def describe(self) -> str:
        return _("Build a settlement on intersection {node}").format(node=self.node)


@dataclass(frozen=True, slots=True)
class BuildRoad(Action):
    """Build a road on an edge (free in setup and with Road Building)."""

    edge: int
    kind = "build_road"

    def describe(self) -> str:
        return _("Build a road on edge {edge}").format(edge=self.edge)


@dataclass(frozen=True, slots=True)
class BuildCity(Action):
    """Upgrade one of your settlements to a city."""

    node: int
    kind = "build_city"

    def describe(self) -> str:
        return _("Upgrade the settlement on intersection {node} to a city").format(node=self.node)


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Roll the two dice."""

    kind = "roll"

    def describe(self) -> str:
        return _("Roll the dice")


@dataclass(frozen=True, slots=True)
class Dice(Action):
    """Chance: the dice show red and yellow."""

    red: int
    yellow: int
    kind = "dice"

    def describe(self) -> str:
        return _("The dice show {red} and {yellow} ({total})").format(red=self.red, yellow=self.yellow,
                                                                     total=self.red + self.yellow)


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """On a 7: discard one card of a resource (repeated until half the hand is gone)."""

    resource: str
    kind = "discard"

    def describe(self) -> str:
        return _("Discard 1 {resource}").format(resource=name(self.resource))


@dataclass(frozen=True, slots=True)
class MoveRobber(Action):
    """Move the robber to another tile."""

    tile: int
    kind = "move_robber"

    def describe(self) -> str:
        return _("Move the robber to tile {tile}").format(tile=self.tile)


@dataclass(frozen=True, slots=True)
class ChooseVictim(Action):
    """Choose the player to steal from."""

    victim: int
    kind = "choose_victim"

    def describe(self) -> str:
        return _("Steal from Player {number}").format(number=self.victim + 1)


@dataclass(frozen=True, slots=True)
class StealCard(Action):
    """Chance: the card drawn at random from the victim's hand."""

    resource: str
    kind = "steal_card"

    def describe(self) -> str:
        return _("The stolen card is 1 {resource}").format(resource=name(self.resource))


@dataclass(frozen=True, slots=True)
class BankTrade(Action):
    """Trade with the bank: 4 (or 3 or 2 at a harbour) identical cards for one card."""

    give: str
    get: str
    kind = "bank_trade"

    def describe(self) -> str:
        return _("Trade {give} for 1 {get} with the bank").format(give=name(self.give), get=name(self.get))


@dataclass(frozen=True, slots=True)
class OfferTrade(Action):
    """Offer a trade to the other players (amounts seen from you, the active player)."""

    give: tuple[int, ...]
    get: tuple[int, ...]
    kind = "offer_trade"

    def describe(self) -> str:
        return _("Offer {give} for {get}").format(give=amounts_words(self.give), get=amounts_words(self.get))


@dataclass(frozen=True, slots=True)
class AcceptOffer(Action):
    """Answer the active player's offer: accept it."""

    kind = "accept_offer"

    def describe(self) -> str:
        return _("Accept the offer")


@dataclass(frozen=True, slots=True)
class RejectOffer(Action):
    """Answer the active player's offer: reject it."""

    kind = "reject_offer"

    def describe(self) -> str:
        return _("Reject the offer")


@dataclass(frozen=True, slots=True)
class CounterOffer(Action):
    """Answer with a counter-offer (amounts seen from the active player)."""

    give: tuple[int, ...]
    get: tuple[int, ...]
    kind = "counter_offer"

    def describe(self) -> str:
        return _("Counter: you give {give} for {get}").format(give=amounts_words(self.give),
                                                              get=amounts_words(self.get))


@dataclass(frozen=True, slots=True)
class ConfirmTrade(Action):
    """The active player closes the trade with a player who accepted or countered."""

    partner: int
    kind = "confirm_trade"

    def describe(self) -> str:
        return _("Trade with Player {number}").format(number=self.partner + 1)


@dataclass(frozen=True, slots=True)
class CancelTrade(Action):
    """The active player withdraws the offer."""

    kind = "cancel_trade"

    def describe(self) -> str:
        return _("Withdraw the offer")


@dataclass(frozen=True, slots=True)
class BuyDevelopment(Action):
    """Buy a development card."""

    kind = "buy_development"

    def describe(self) -> str:
        return _("Buy a development card")


@dataclass(frozen=True, slots=True)
class DrawDevelopment(Action):
    """Chance: the development card drawn."""

    card: str
    kind = "draw_development"

    def describe(self) -> str:
        return _("Draw a {card} card").format(card=name(DEV_NAMES.get(self.card, self.card)))


@dataclass(frozen=True, slots=True)
class PlayKnight(Action):
    """Play a Knight: move the robber and steal."""

    kind = "play_knight"

    def describe(self) -> str:
        return _("Play a Knight")


@dataclass(frozen=True, slots=True)
class PlayRoadBuilding(Action):
    """Play Road Building: build 2 roads for free."""

    kind = "play_road_building"

    def describe(self) -> str:
        return _("Play Road Building")


@dataclass(frozen=True, slots=True)
class PlayYearOfPlenty(Action):
    """Play Year of Plenty: take 2 resources from the bank (fewer only if the bank holds fewer)."""

    resources: tuple[str, ...]
    kind = "play_year_of_plenty"

    def describe(self) -> str:
        return _("Play Year of Plenty: take {resources}").format(resources=words(list(self.resources)))


@dataclass(frozen=True, slots=True)
class PlayMonopoly(Action):
    """Play Monopoly: every other player gives you all their cards of one resource."""

    resource: str
    kind = "play_monopoly"

    def describe(self) -> str:
        return _("Play Monopoly on {resource}").format(resource=name(self.resource))


@dataclass(frozen=True, slots=True)
class EndTurn(Action):
    """End your turn."""

    kind = "end_turn"

    def describe(self) -> str:
        return _("End the turn")


ALL_ACTIONS = (BuildSettlement, BuildRoad, BuildCity, Roll, Dice, Discard, MoveRobber, ChooseVictim, StealCard,
               BankTrade, OfferTrade, AcceptOffer, RejectOffer, CounterOffer, ConfirmTrade, CancelTrade,
               BuyDevelopment, DrawDevelopment, PlayKnight, PlayRoadBuilding, PlayYearOfPlenty, PlayMonopoly,
               EndTurn)
CODEC = ActionCodec(ALL_ACTIONS)

ROLL, ACCEPT, REJECT, CANCEL, BUY, KNIGHT, ROAD_BUILDING, END = (Roll(), AcceptOffer(), RejectOffer(), CancelTrade(),
                                                                  BuyDevelopment(), PlayKnight(), PlayRoadBuilding(),
                                                                  EndTurn())
DICE = tuple(tuple(Dice(r, y) for y in range(1, 7)) for r in range(1, 7))
DISCARD = tuple(Discard(r) for r in RESOURCES)
STEAL = tuple(StealCard(r) for r in RESOURCES)
DRAW = tuple(DrawDevelopment(c) for c in DEV_CARDS)
MONOPOLY = tuple(PlayMonopoly(r) for r in RESOURCES)
BANK = tuple(tuple(BankTrade(g, r) for r in RESOURCES) for g in RESOURCES)


def _unit(i: int, n: int = 1) -> tuple[int, ...]:
    return tuple(n if k == i else 0 for k in range(5))


# the listed offers: 1 for 1 and 2 for 1 of two different resources (any other offer is accepted unlisted)
OFFERS = tuple(OfferTrade(_unit(g, n), _unit(r)) for n in (1, 2) for g in range(5) for r in range(5) if g != r)
# OFFER[n - 1][g][r]: the offer of n cards of resource g for 1 card of resource r
OFFER = tuple(tuple(tuple(next((o for o in OFFERS if o.give[g] == n and o.get[r]), None) for r in range(5))
                    for g in range(5)) for n in (1, 2))
YEAR_OF_PLENTY = tuple(PlayYearOfPlenty((RESOURCES[a], RESOURCES[b])) for a in range(5) for b in range(a, 5))
