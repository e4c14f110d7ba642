"""Why an action is illegal, naming the rule (explanations only: legality comes from legal_actions).

The general cases are here (the game is over, chance or a decision, the wrong kind of action); the reason an
action of the right kind is refused sits beside its task's rule (``tasks.RULES[...].explain``).
"""
from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.protocol import Action
from .actions import DrawCard, ReplacementBuilding, RevealBuilding, Support
from .tasks import CHANCE, RULES
from .translate import _, shown

CHANCE_KINDS = (RevealBuilding, ReplacementBuilding, DrawCard)


def explain(s, action: Action) -> IllegalActionError:
    """The IllegalActionError that says why ``action`` is not legal in state ``s``."""
    t = s.tasks[0] if s.tasks else None
    if t is None:
        return IllegalActionError(_("the game is over"), "game.end")
    rule = RULES[type(t)]
    if rule.mode == CHANCE:
        if isinstance(action, CHANCE_KINDS):
            return IllegalActionError(_("that card is not in the pile being drawn: {describe}").format(
                describe=shown(action.describe())), "draw")
        return IllegalActionError(_("a card is being drawn: chance decides now, not a player"), "engine.chance")
    if isinstance(action, CHANCE_KINDS):
        return IllegalActionError(_("only chance draws cards and buildings"), "engine.chance")
    if isinstance(action, Support) and t.kind != "support":
        return IllegalActionError(_("each player performs exactly one support action per round, in phase B"),
                                  "support.once")
    if not isinstance(action, rule.actions):
        return IllegalActionError(_("{player} must now {doing}").format(player=shown(s.name(t[1])),
                                                                               doing=_(rule.doing)), rule.rule)
    return rule.explain(s, t, action) or IllegalActionError(
        _("{action} is not possible now").format(action=action.describe()), rule.rule)
