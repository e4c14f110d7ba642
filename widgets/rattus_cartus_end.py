"""Rattus Cartus's end screen: each player's victory points by source (the six influence tracks, the hand and
special-card majorities, Gold, VP tokens), who survived the plague and why the winner won."""
from __future__ import annotations

from typing import Any, Sequence

from .common.end_screen import Part, names_text, score_table_html
from .common.translate import N_, _, ngettext

ORDINALS = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"))


def cartus_parts(result: dict, comp: Any, vp_tokens: Sequence[int]) -> list[list[Part]]:
    """(source, VP) of every player from the engine's ``result()`` (tracks, majorities, Gold, VP tokens)."""
    cards = comp.cards
    out: list[list[Part]] = []
    for p in range(comp.players):
        parts: list[Part] = []
        for cls, points in enumerate(result["tracks"]):
            if points[p]:
                rank = _(ORDINALS[list(comp.track_points).index(points[p])])
                parts.append((_("{name} track: {rank}").format(name=cards.class_names[cls], rank=rank), points[p]))
        if result["hand"][p]:
            parts.append((_("most Population cards and Jokers in hand"), result["hand"][p]))
        for i, key in ((1, "sword"), (2, "flute"), (3, "pass")):
            if result["specials"].get(key, [0] * comp.players)[p]:
                parts.append((_("most {name} cards").format(name=cards.special_names[i]), result["specials"][key][p]))
        if result["gold"][p]:
            parts.append((_("{name} cards (most or second most)").format(name=cards.special_names[4]),
                          result["gold"][p]))
        if result["tokens"][p]:
            parts.append((ngettext("{n} VP token", "{n} VP tokens", vp_tokens[p]).format(n=vp_tokens[p]),
                          result["tokens"][p]))
        out.append(parts)
    return out


def fate_notes(names: Sequence[str], result: dict, rats: Sequence[int]) -> list[str]:
    """Who survived the plague (rats against the nun row's nuns) and how the winner was chosen."""
    nuns = result["nuns"]
    lines = [ngettext("The plague: the nun row shows {n} nun. A player with more rats than that dies and cannot win, "
                      "whatever their score.",
                      "The plague: the nun row shows {n} nuns. A player with more rats than that dies and cannot win, "
                      "whatever their score.", nuns).format(n=nuns)]
    fates = [(ngettext("{name} ({n} rat) survives", "{name} ({n} rats) survives", rats[p]) if result["alive"][p] else
              ngettext("{name} ({n} rat) dies", "{name} ({n} rats) dies", rats[p])).format(name=names[p], n=rats[p])
             for p in range(len(names))]
    lines.append("; ".join(fates) + ".")
    winners = result["winners"]
    if not winners:
        lines.append(_("Nobody survived: everybody loses."))
        return lines
    who = names_text([names[p] for p in winners])
    best = result["total"][winners[0]]
    lines.append(ngettext("{who} wins: the most victory points ({best}) among the survivors (a tie goes to the fewer "
                          "rats).",
                          "{who} share the win: the most victory points ({best}) among the survivors (a tie goes to "
                          "the fewer rats).", len(winners)).format(who=who, best=best))
    return lines


def cartus_end_html(names: Sequence[str], result: dict, comp: Any, obs: dict, events: Sequence[Any]) -> str:
    """The final table (totals from the engine's result), the revealed nun row and the plague's verdict."""
    parts = cartus_parts(result, comp, obs["vp_tokens"])
    revealed = [e.text() for e in events if e.kind == "nun_row"][-1:]
    return score_table_html(names, parts, result["total"], result["winners"],
                            revealed + fate_notes(names, result, obs["rats"]),
                            title=_("Game over: the plague and how the score adds up"))


__all__ = ["cartus_parts", "fate_notes", "cartus_end_html"]
