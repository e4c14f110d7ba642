"""Why an action is illegal, naming the rule (explanations only: legality comes from legal_actions)."""
from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.protocol import Action
from .actions import (ChoosePlayer, DrawCard, Enter, GiveCard, HospitalDiscard, Look, PlaceCard, PlayPass,
                      ReplacementBuilding, RevealBuilding, Stop, Support, UseAction)

CHANCE_KINDS = (RevealBuilding, ReplacementBuilding, DrawCard)
EXPECTED = {
    "support": ((Support,), "choose the support action of a revealed building", "support"),
    "look": ((Look,), "choose a nun-row position to look at", "look"),
    "visit": ((Enter, PlayPass), "enter a building or play a Pass", "visit"),
    "place": ((PlaceCard,), "place the announced cards face down", "visit.place"),
    "choose": ((ChoosePlayer,), "choose which tied player the Sword or Flute hits", "resolution.tie"),
    "give": ((GiveCard,), "choose the cards to give", "give"),
    "offer": ((UseAction,), "perform or decline the building action", "resolution.actions"),
    "hospital": ((HospitalDiscard, Stop), "discard hand cards at the Hospital or stop", "building.hospital"),
}


def explain(s, action: Action) -> IllegalActionError:
    """The IllegalActionError that says why ``action`` is not legal in state ``s``."""
    t = s.tasks[0] if s.tasks else None
    if t is None:
        return IllegalActionError("the game is over", "game.end")
    name = t[0]
    comp = s.comp
    if name in ("reveal", "replace", "draw"):
        if isinstance(action, CHANCE_KINDS):
            return IllegalActionError(f"that card is not in the pile being drawn: {action.describe()}", "draw")
        return IllegalActionError("a card is being drawn: chance decides now, not a player", "engine.chance")
    if isinstance(action, CHANCE_KINDS):
        return IllegalActionError("only chance draws cards and buildings", "engine.chance")
    player = s.name(t[1])
    kinds, doing, rule = EXPECTED[name]
    if isinstance(action, Support) and name != "support":
        return IllegalActionError("each player performs exactly one support action per round, in phase B",
                                  "support.once")
    if not isinstance(action, kinds):
        return IllegalActionError(f"{player} must now {doing}", rule)
    if isinstance(action, Support):
        return IllegalActionError(f"there is no revealed building #{action.slot + 1}", "support")
    if isinstance(action, Enter):
        if not 0 <= action.slot < len(s.shown):
            return IllegalActionError(f"there is no revealed building #{action.slot + 1}", "visit.enter")
        k = s.hand_without_gold(t[1])
        return IllegalActionError(f"{player} may announce 0 to {k} cards (hand cards other than Gold)",
                                  "visit.announce")
    if isinstance(action, PlayPass):
        if comp.PASS not in s.hands[t[1]]:
            return IllegalActionError(f"{player} holds no Pass card", "visit.pass")
        return IllegalActionError("a Pass may be played only while another player has not yet entered a building",
                                  "visit.pass")
    if isinstance(action, PlaceCard):
        if action.card == comp.card_names[comp.GOLD]:
            return IllegalActionError("Gold may not be placed in a building", "visit.place")
        return IllegalActionError(f"{player} holds no {action.card} card", "visit.place")
    if isinstance(action, Look):
        if action.position == t[3] and 0 <= action.position < comp.row_size:
            return IllegalActionError("the privilege looks at 2 different positions: this one is already chosen",
                                      "building.tent")
        return IllegalActionError(f"the nun row has positions 1 to {comp.row_size}", "look")
    if isinstance(action, ChoosePlayer):
        return IllegalActionError(f"player {action.player} is not among the entrants tied for the fewest",
                                  "resolution.tie")
    if isinstance(action, GiveCard):
        return IllegalActionError(f"{player} holds no {action.card} card to give", "give")
    if isinstance(action, HospitalDiscard):
        return IllegalActionError(f"{player} holds no {action.card} card", "building.hospital")
    return IllegalActionError(f"{action.describe()} is not possible now", rule)
