"""The actions of Fishermen of Catan in the combined variant (catan.md Part 2, Settled defaults / Fish).

A payment names the fish tokens paid by their values (1, 2 or 3), in any order; it is kept sorted, so (3, 1) and
(1, 3) are the same action. The Old Boot is drawn as ``DrawFish(0)``."""
from __future__ import annotations

from dataclasses import dataclass

from ...core.protocol import Action
from ..translate import _, shown


def _sorted(obj, tokens) -> None:
    if isinstance(tokens, (tuple, list)) and all(isinstance(x, int) for x in tokens):
        object.__setattr__(obj, "tokens", tuple(sorted(tokens)))


def _paid(tokens) -> str:
    return " + ".join(str(x) for x in tokens) if tokens else "nothing"


@dataclass(frozen=True, slots=True)
class DrawFish(Action):
    """Chance: the token drawn face down from the fish stack (its value 1-3; 0 = the Old Boot, shown at once)."""

    value: int
    kind = "draw_fish"

    def describe(self) -> str:
        return _("The Old Boot is drawn") if self.value == 0 else _("A fish token worth {value} is drawn").format(
            value=self.value)


@dataclass(frozen=True, slots=True)
class FishRemove(Action):
    """2 fish: take the robber or the pirate off the board until the next 7."""

    piece: str
    tokens: tuple
    kind = "fish_remove"

    def __post_init__(self) -> None:
        _sorted(self, self.tokens)

    def describe(self) -> str:
        return _("Pay fish {paid} to take the {piece} off the board until the next 7").format(
            paid=shown(_paid(self.tokens)), piece=shown(self.piece))


@dataclass(frozen=True, slots=True)
class FishSteal(Action):
    """3 fish: steal 1 random resource or commodity from any player."""

    victim: int
    tokens: tuple
    kind = "fish_steal"

    def __post_init__(self) -> None:
        _sorted(self, self.tokens)

    def describe(self) -> str:
        return _("Pay fish {paid} to steal a random card from Player {value}").format(
            paid=shown(_paid(self.tokens)), value=shown(self.victim + 1))


@dataclass(frozen=True, slots=True)
class FishResource(Action):
    """4 fish: 1 resource of your choice from the bank (not a commodity)."""

    card: str
    tokens: tuple
    kind = "fish_resource"

    def __post_init__(self) -> None:
        _sorted(self, self.tokens)

    def describe(self) -> str:
        return _("Pay fish {paid} to take 1 {card} from the bank").format(
            paid=shown(_paid(self.tokens)), card=shown(self.card))


@dataclass(frozen=True, slots=True)
class FishFreePiece(Action):
    """5 fish: build a road or a ship for free (never a bridge)."""

    tokens: tuple
    kind = "fish_free_piece"

    def __post_init__(self) -> None:
        _sorted(self, self.tokens)

    def describe(self) -> str:
        return _("Pay fish {paid} to build a free road or ship").format(paid=shown(_paid(self.tokens)))


@dataclass(frozen=True, slots=True)
class FishProgress(Action):
    """7 fish: the top card of the progress deck of your choice."""

    tokens: tuple
    kind = "fish_progress"

    def __post_init__(self) -> None:
        _sorted(self, self.tokens)

    def describe(self) -> str:
        return _("Pay fish {paid} to draw a progress card from the deck of your choice").format(
            paid=shown(_paid(self.tokens)))


@dataclass(frozen=True, slots=True)
class PassOldBoot(Action):
    """The Old Boot's holder gives it to a player with the most VP (ties included)."""

    player: int
    kind = "pass_old_boot"

    def describe(self) -> str:
        return _("Give the Old Boot to Player {value}").format(value=shown(self.player + 1))


@dataclass(frozen=True, slots=True)
class BoostWagonFish(Action):
    """Pay 2 fish (instead of 1 grain) for +2 movement points for your wagon this turn (once per turn)."""

    tokens: tuple
    kind = "boost_wagon_fish"

    def __post_init__(self) -> None:
        _sorted(self, self.tokens)

    def describe(self) -> str:
        return _("Pay fish {paid} for 2 more movement points for your wagon this turn").format(
            paid=shown(_paid(self.tokens)))
