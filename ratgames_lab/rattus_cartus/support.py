"""Phase B, support (support): each player performs one revealed building's support action."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError
from . import tasks
from .actions import Action, Support
from .effects import apply_effect
from .tasks import SupportTurn, Visit
from .translate import N_, _, shown

if TYPE_CHECKING:
    from .state import CartusData


def legal_support(s: CartusData, t: SupportTurn) -> list[Action]:
    return s.comp.actions.support[:len(s.shown)]


def do_support(s: CartusData, t: SupportTurn, a: Support) -> None:
    p = t.player
    s.tasks.pop(0)
    b = s.shown[a.slot]
    bd = s.comp.buildings
    sup = bd.card_support[b]
    s.emit("support", "support", player=s.name(p), slot=a.slot + 1, building=bd.type_names[bd.card_type[b]],
           action=bd.support_text[sup])
    new = []
    for e in bd.support_effects[sup]:
        new += apply_effect(s, p, e, "support")
    s.tasks[0:0] = new
    if not any(type(x) is SupportTurn for x in s.tasks):
        s.tasks.insert(len(new), Visit(s.first))


def explain_support(s: CartusData, t: SupportTurn, a: Support) -> IllegalActionError:
    return IllegalActionError(_("there is no revealed building #{value}").format(value=shown(a.slot + 1)), "support")


tasks.decision(SupportTurn, legal=legal_support, effect=do_support, explain=explain_support, actions=(Support,),
               doing=N_("choose the support action of a revealed building"), rule="support")
