"""L'Horlogerie des Rats actions (frozen dataclasses): every decision of a seat, and the chance outcomes.

Cards are named by face ("S3", "SR5"), Horlogers in a team by their slot (0, 1, 2), finds and missions by
id ("M17"); their texts name them as the table does ("Swamp 3", "Compass (Swamp 4)", see ``names``). Which seat decides is the state's ``current_player``: the explorer, the left neighbour drawing
Danger, the right neighbour choosing a find or the card kept after a failure.
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import Action, ActionCodec
from .names import face_name, shipped_find, shipped_mission
from .translate import _, shown

DECKS = ("exploration", "danger")


@dataclass(frozen=True, slots=True)
class DeckCard(Action):
    """Chance: this card comes off the top of the Exploration or Danger deck (drawn, or seen with a Spyglass)."""

    deck: str
    card: str
    kind = "deck_card"

    def describe(self) -> str:
        return _("The top card of the {deck} deck is {card}").format(deck=shown(self.deck.capitalize()),
                                                                    card=shown(face_name(self.card)))


@dataclass(frozen=True, slots=True)
class MissionCard(Action):
    """Chance: this mission is dealt from the MISSION deck into the grid."""

    mission: str
    kind = "mission_card"

    def describe(self) -> str:
        return _("{mission} is dealt into the grid").format(mission=shown(shipped_mission(self.mission)).capitalize())


@dataclass(frozen=True, slots=True)
class HorlogerCard(Action):
    """Chance: an Horloger of this profile is drawn from the Horloger deck."""

    profile: str
    kind = "horloger_card"

    def describe(self) -> str:
        return _("A {profile} is recruited from the Horloger deck").format(profile=shown(self.profile))


@dataclass(frozen=True, slots=True)
class DiscardCard(Action):
    """Prepare: discard an Exploration card from hand (encumbrance)."""

    card: str
    kind = "discard_card"

    def describe(self) -> str:
        return _("Discard {face_name} from your hand (encumbrance)").format(face_name=shown(face_name(self.card)))


@dataclass(frozen=True, slots=True)
class DiscardFind(Action):
    """Prepare: discard a find (it leaves the game) to lighten the load."""

    find: str
    kind = "discard_find"

    def describe(self) -> str:
        return _("Discard the {shipped_find} (encumbrance); it leaves the game").format(
            shipped_find=shown(shipped_find(self.find)))


@dataclass(frozen=True, slots=True)
class DrawRecruits(Action):
    """Recruit: draw the missing Horlogers from the deck."""

    kind = "draw_recruits"

    def describe(self) -> str:
        return _("Draw your recruits from the Horloger deck")


@dataclass(frozen=True, slots=True)
class Corrupt(Action):
    """Recruit, Corruption: discard a find to choose the recruits from the Horloger deck."""

    find: str
    kind = "corrupt"

    def describe(self) -> str:
        return _("Corruption: discard the {shipped_find} to choose your recruits").format(
            shipped_find=shown(shipped_find(self.find)))


@dataclass(frozen=True, slots=True)
class ChooseRecruit(Action):
    """Corruption: take an Horloger of this profile from the deck."""

    profile: str
    kind = "choose_recruit"

    def describe(self) -> str:
        return _("Recruit a {profile}").format(profile=shown(self.profile))


@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Exploration or Danger phase: draw the next card."""

    kind = "draw"

    def describe(self) -> str:
        return _("Draw a card")


@dataclass(frozen=True, slots=True)
class Stop(Action):
    """Exploration or Danger phase: stop drawing (a success)."""

    kind = "stop"

    def describe(self) -> str:
        return _("Stop drawing")


@dataclass(frozen=True, slots=True)
class UseCompass(Action):
    """Compass: +1 to your exploration value for this Exploration phase (tap the find)."""

    find: str
    kind = "compass"

    def describe(self) -> str:
        return _("Tap the {shipped_find}: +1 exploration value").format(shipped_find=shown(shipped_find(self.find)))


@dataclass(frozen=True, slots=True)
class UseSpyglass(Action):
    """Spyglass: look privately at the top card of a deck (tap the find)."""

    find: str
    deck: str
    kind = "spyglass"

    def describe(self) -> str:
        return _("Tap the {find}: look at the top of the {deck} deck").format(find=shown(shipped_find(self.find)),
                                                                              deck=shown(self.deck.capitalize()))


@dataclass(frozen=True, slots=True)
class UseAmulet(Action):
    """Amulet: cancel one wound (tap the find)."""

    find: str
    kind = "amulet"

    def describe(self) -> str:
        return _("Tap the {shipped_find}: cancel one wound").format(shipped_find=shown(shipped_find(self.find)))


@dataclass(frozen=True, slots=True)
class Wound(Action):
    """Wounds: put one wound on the Horloger in this team slot."""

    slot: int
    kind = "wound"

    def describe(self) -> str:
        return _("Put a wound on Horloger #{value}").format(value=shown(self.slot + 1))


@dataclass(frozen=True, slots=True)
class GiveFind(Action):
    """Perfect draw with a tie: the taker's right neighbour chooses which of the cheapest finds is taken."""

    mission: str
    kind = "give_find"

    def describe(self) -> str:
        return _("The perfect draw takes the {shipped_find}").format(shipped_find=shown(shipped_find(self.mission)))


@dataclass(frozen=True, slots=True)
class KeepCard(Action):
    """Discovery after a failed exploration: the right neighbour chooses the one card the explorer keeps."""

    card: str
    kind = "keep_card"

    def describe(self) -> str:
        return _("The explorer keeps {face_name}").format(face_name=shown(face_name(self.card)))


@dataclass(frozen=True, slots=True)
class Buy(Action):
    """Discover: pay a visible mission with these cards from hand (no change)."""

    mission: str
    cards: tuple
    kind = "buy"

    def describe(self) -> str:
        return _("Buy {shipped_mission} with {join}").format(
            shipped_mission=shown(shipped_mission(self.mission)), join=shown(', '.join(map(face_name, self.cards))))


@dataclass(frozen=True, slots=True)
class EndDiscover(Action):
    """Discover: buy nothing more this turn."""

    kind = "end_discover"

    def describe(self) -> str:
        return _("Buy nothing more")


@dataclass(frozen=True, slots=True)
class RestDiscard(Action):
    """Rest: discard an Exploration card; its value in points turns cards back a quarter turn."""

    card: str
    kind = "rest_discard"

    def describe(self) -> str:
        return _("Rest: discard {face_name} for its points").format(face_name=shown(face_name(self.card)))


@dataclass(frozen=True, slots=True)
class Heal(Action):
    """Rest: spend one point to heal one wound of the Horloger in this slot."""

    slot: int
    kind = "heal"

    def describe(self) -> str:
        return _("Rest: heal a wound of Horloger #{value}").format(value=shown(self.slot + 1))


@dataclass(frozen=True, slots=True)
class Untap(Action):
    """Rest: spend one point to untap a find."""

    find: str
    kind = "untap"

    def describe(self) -> str:
        return _("Rest: untap the {shipped_find}").format(shipped_find=shown(shipped_find(self.find)))


@dataclass(frozen=True, slots=True)
class EndRest(Action):
    """Rest: end the rest (unspent points are lost) and take stock."""

    kind = "end_rest"

    def describe(self) -> str:
        return _("End the rest and take stock")


DRAW = Draw()
STOP = Stop()
DRAW_RECRUITS = DrawRecruits()
END_DISCOVER = EndDiscover()
END_REST = EndRest()

CODEC = ActionCodec([DeckCard, MissionCard, HorlogerCard, DiscardCard, DiscardFind, DrawRecruits, Corrupt,
                     ChooseRecruit, Draw, Stop, UseCompass, UseSpyglass, UseAmulet, Wound, GiveFind, KeepCard,
                     Buy, EndDiscover, RestDiscard, Heal, Untap, EndRest])
