"""The combined variant's own actions (frozen dataclasses); it also uses the base game's actions for settlements,
roads, cities, the robber, discards, the victim, trades and the end of the turn (see ``combined.rules``).

Cards (resources and commodities) are named as in ``components.CARDS``; tracks as in ``components.TRACKS``;
the pirate's spot is an index into ``state.pirate_spots()`` (sea tiles, then frame fishing grounds).
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.protocol import Action
from ..translate import _, shown


@dataclass(frozen=True, slots=True)
class RollDice(Action):
    """Chance: the red and yellow number dice and the event die ("ship" or a track's gate)."""

    red: int
    yellow: int
    event: str
    kind = "roll_dice"

    def describe(self) -> str:
        if self.event == "ship":
            return _("The dice show {red} (red) and {yellow} (yellow) = {total}; the event die shows the barbarian "
                     "ship").format(red=self.red, yellow=self.yellow, total=self.red + self.yellow)
        return _("The dice show {red} (red) and {yellow} (yellow) = {total}; the event die shows the {track} "
                 "gate").format(red=self.red, yellow=self.yellow, total=self.red + self.yellow, track=shown(self.event))


@dataclass(frozen=True, slots=True)
class BuildShip(Action):
    """Build a ship on a sea or coast edge (free in setup, where a ship may replace a road)."""

    edge: int
    kind = "build_ship"

    def describe(self) -> str:
        return _("Build a ship on edge {edge}").format(edge=shown(self.edge))


@dataclass(frozen=True, slots=True)
class MoveShip(Action):
    """Move the ship at the open end of a route to another edge (once per turn)."""

    source: int
    target: int
    kind = "move_ship"

    def describe(self) -> str:
        return _("Move the ship from edge {source} to edge {target}").format(
            source=shown(self.source), target=shown(self.target))


@dataclass(frozen=True, slots=True)
class BuildWall(Action):
    """Build a city wall under one of your cities."""

    node: int
    kind = "build_wall"

    def describe(self) -> str:
        return _("Build a city wall under the city on intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class Improve(Action):
    """Buy the next city improvement of a track (trade, politics or science)."""

    track: str
    kind = "improve"

    def describe(self) -> str:
        return _("Improve {track}").format(track=shown(self.track))


@dataclass(frozen=True, slots=True)
class PlaceMetropolis(Action):
    """Put the metropolis you have just won on one of your cities."""

    node: int
    kind = "place_metropolis"

    def describe(self) -> str:
        return _("Put the metropolis on the city on intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class MovePirate(Action):
    """Move the pirate to another sea tile or fishing ground (a pirate spot)."""

    spot: int
    kind = "move_pirate"

    def describe(self) -> str:
        return _("Move the pirate to spot {spot}").format(spot=shown(self.spot))


@dataclass(frozen=True, slots=True)
class DrawProgress(Action):
    """Chance: the progress card drawn from a deck."""

    card: str
    kind = "draw_progress"

    def describe(self) -> str:
        return _("Draw a progress card: {card}").format(card=shown(self.card))


@dataclass(frozen=True, slots=True)
class DiscardProgress(Action):
    """Over 4 progress cards: discard one (it goes under its deck)."""

    card: str
    kind = "discard_progress"

    def describe(self) -> str:
        return _("Discard the progress card {card}").format(card=shown(self.card))


@dataclass(frozen=True, slots=True)
class ReduceCity(Action):
    """After a lost barbarian attack: reduce one of your cities (without a metropolis) to a settlement."""

    node: int
    kind = "reduce_city"

    def describe(self) -> str:
        return _("Reduce the city on intersection {node} to a settlement").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class ChooseProgressDeck(Action):
    """Choose the deck to draw a progress card of your choice from (a tied defence, or 7 fish)."""

    deck: str
    kind = "choose_progress_deck"

    def describe(self) -> str:
        return _("Draw from the {deck} deck").format(deck=shown(self.deck))


@dataclass(frozen=True, slots=True)
class SkipFreePiece(Action):
    """Give up the free road or ship still to place (Road Building's second piece is optional)."""

    kind = "skip_free_piece"

    def describe(self) -> str:
        return _("Place no more free pieces")


@dataclass(frozen=True, slots=True)
class ChooseCard(Action):
    """Take one card of your choice from the bank (the Aqueduct; later fish)."""

    card: str
    kind = "choose_card"

    def describe(self) -> str:
        return _("Take 1 {card}").format(card=shown(self.card))


@dataclass(frozen=True, slots=True)
class BuyCommodity(Action):
    """At the shop: $5 for one commodity of your choice (once per turn)."""

    card: str
    kind = "buy_commodity"

    def describe(self) -> str:
        return _("Buy 1 {card} at the shop for $5").format(card=shown(self.card))


@dataclass(frozen=True, slots=True)
class BuyResource(Action):
    """At the shop: $2 for one resource of your choice (twice per turn)."""

    card: str
    kind = "buy_resource"

    def describe(self) -> str:
        return _("Buy 1 {card} at the shop for $2").format(card=shown(self.card))


@dataclass(frozen=True, slots=True)
class TakeLoan(Action):
    """The bank loan: $5 once per game, against a Poor Settler tile (-2 VP, kept to the end)."""

    kind = "take_loan"

    def describe(self) -> str:
        return _("Borrow $5 from the bank (Poor Settler tile: -2 VP)")


@dataclass(frozen=True, slots=True)
class BuildBridge(Action):
    """Build a bridge on a dashed (river-crossing) edge: 2 brick + 1 lumber, and you receive $3."""

    edge: int
    kind = "build_bridge"

    def describe(self) -> str:
        return _("Build a bridge on edge {edge}").format(edge=shown(self.edge))


@dataclass(frozen=True, slots=True)
class SaveCity(Action):
    """After a lost barbarian attack: pay $5 to keep your city (option save_city_for_5)."""

    kind = "save_city"

    def describe(self) -> str:
        return _("Pay $5 to save your city from the barbarians")
