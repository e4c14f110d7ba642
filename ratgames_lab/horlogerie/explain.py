"""Why an action is illegal, naming the rule (legality itself is ``legal_actions()``; this only explains).

The general cases are here (chance or decision, the encumbrance to settle first, an action of another game);
each step's own explanations sit next to its rules in prepare.py, explore.py, bust.py and discover.py.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError as Illegal
from ..core.protocol import CHANCE, TERMINAL, Action
from . import bust, discover, explore, prepare
from .actions import DeckCard, DiscardCard, DiscardFind, HorlogerCard, MissionCard
from .phases import LOAD
from .translate import _, shown

if TYPE_CHECKING:
    from .state import HorlogerieData

CHANCE_ACTIONS = (DeckCard, MissionCard, HorlogerCard)


def explain(s: "HorlogerieData", a: Action) -> Illegal:
    """The IllegalActionError saying why ``a`` cannot be applied to ``s`` now."""
    cur = s.current_player
    if cur == TERMINAL:
        return Illegal(_("the game is over"), "end.scoring")
    if cur == CHANCE:
        if not isinstance(a, CHANCE_ACTIONS):
            return Illegal(_("a card comes off a deck now (a chance event), not '{a}'").format(
                a=shown(a)), "engine.chance_node")
        return Illegal(_("'{a}' cannot come next: it is not in the deck being drawn (or a card seen with a Spyglass is "
                         "on top)").format(
            a=shown(a)), "explore.draw")
    if isinstance(a, CHANCE_ACTIONS):
        return Illegal(_("cards come off the decks only at chance events"), "engine.chance_node")
    seat = s.seat(cur)
    if s.step == LOAD and not isinstance(a, (DiscardCard, DiscardFind)):
        return Illegal(_("{seat}'s load {load} exceeds the carry {carry} of their Horlogers: discard Exploration cards "
                         "or finds first").format(
            seat=shown(seat), load=shown(s.load(cur)), carry=shown(s.carry(cur))), "prepare.encumbrance")
    handler = _HANDLERS.get(type(a))
    if handler is None:
        return Illegal(_("'{a}' is not an action of L'Horlogerie des Rats").format(a=shown(a)), "engine.action")
    return handler(s, a, cur) or Illegal(_("'{a}' is not possible now (pending: step {step}, {seat} decides)").format(
        a=shown(a), step=shown(s.step), seat=shown(seat)),
                                         "turn.order")


_HANDLERS = {**prepare.EXPLAIN, **explore.EXPLAIN, **bust.EXPLAIN, **discover.EXPLAIN}
