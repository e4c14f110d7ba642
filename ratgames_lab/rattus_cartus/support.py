"""Phase B, support (support): each player performs one revealed building's support action."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, Support
from .effects import apply_effect

if TYPE_CHECKING:
    from .rules import CartusState


def legal_support(s: CartusState, t: list) -> list[Action]:
    return s.comp.actions.support[:len(s.shown)]


def do_support(s: CartusState, t: list, a: Support) -> None:
    p = t[1]
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
    if not any(x[0] == "support" for x in s.tasks):
        s.tasks.insert(len(new), ["visit", s.first])
