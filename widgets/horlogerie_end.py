"""Horlogerie's end screen: each player's victory points by find (a bought mission's reward), how the end was
triggered, the tie-breaks the rulebook uses, and what "load" and "carry" meant."""
from __future__ import annotations

from typing import Any, Sequence

from ratgames_lab.horlogerie import find_name

from .common.end_screen import Part, score_table_html
from .common.translate import N_, _

END_KINDS = ("end_score", "end_missions", "winner", "winner_find", "winner_last", "shared_win")
LOAD_AND_CARRY = N_("Load and carry: your load is 1 per card in hand plus each find's weight (encumbrance); your "
                  "carry is what your Horlogers can carry together. A load above the carry forces you to discard.")
TIE_BREAK = N_("Tie-breaks (rulebook): most VP; then the highest-reward find; then the player who reached that "
             "score last.")


def horlogerie_parts(obs: dict, comp: Any) -> list[list[Part]]:
    """(find, VP) of every player: each find scores its mission's reward."""
    ms = comp.missions
    out = []
    for finds in obs["finds"]:
        parts = [(find_name(ms, ms.index[f["mission"]]), ms.vp[ms.index[f["mission"]]]) for f in finds]
        out.append([(what, n) for what, n in parts if n])
    return out


def horlogerie_end_html(names: Sequence[str], obs: dict, comp: Any, winners: Sequence[int],
                        events: Sequence[Any]) -> str:
    """The final table (totals: the engine's scores), how the game ended and was decided, load and carry."""
    notes = [e.text() for e in events if e.kind in END_KINDS] + [_(TIE_BREAK), _(LOAD_AND_CARRY)]
    return score_table_html(names, horlogerie_parts(obs, comp), obs["scores"], winners, notes)


__all__ = ["horlogerie_parts", "horlogerie_end_html", "LOAD_AND_CARRY"]
