"""Rattus Cartus's end screen: each player's victory points by source (the six influence tracks, the hand and
special-card majorities, Gold, VP tokens), who survived the plague and why the winner won."""
from __future__ import annotations

from typing import Any, Sequence

from .common.end_screen import Part, score_table_html

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def cartus_parts(result: dict, comp: Any, vp_tokens: Sequence[int]) -> list[list[Part]]:
    """(source, VP) of every player from the engine's ``result()`` (tracks, majorities, Gold, VP tokens)."""
    cards = comp.cards
    out: list[list[Part]] = []
    for p in range(comp.players):
        parts: list[Part] = []
        for cls, points in enumerate(result["tracks"]):
            if points[p]:
                rank = ORDINALS[list(comp.track_points).index(points[p])]
                parts.append((f"{cards.class_names[cls]} track: {rank}", points[p]))
        if result["hand"][p]:
            parts.append(("most Population cards and Jokers in hand", result["hand"][p]))
        for i, key in ((1, "sword"), (2, "flute"), (3, "pass")):
            if result["specials"].get(key, [0] * comp.players)[p]:
                parts.append((f"most {cards.special_names[i]} cards", result["specials"][key][p]))
        if result["gold"][p]:
            parts.append((f"{cards.special_names[4]} cards (most or second most)", result["gold"][p]))
        if result["tokens"][p]:
            parts.append((_plural(vp_tokens[p], "VP token"), result["tokens"][p]))
        out.append(parts)
    return out


def fate_notes(names: Sequence[str], result: dict, rats: Sequence[int]) -> list[str]:
    """Who survived the plague (rats against the nun row's nuns) and how the winner was chosen."""
    nuns = result["nuns"]
    lines = [f"The plague: the nun row shows {_plural(nuns, 'nun')}. A player with more rats than that dies and "
             "cannot win, whatever their score."]
    fates = [f"{names[p]} ({_plural(rats[p], 'rat')}) " + ("survives" if result["alive"][p] else "dies")
             for p in range(len(names))]
    lines.append("; ".join(fates) + ".")
    winners = result["winners"]
    if not winners:
        lines.append("Nobody survived: everybody loses.")
        return lines
    who = " and ".join(names[p] for p in winners)
    best = result["total"][winners[0]]
    lines.append(f"{who} {'wins' if len(winners) == 1 else 'share the win'}: the most victory points ({best}) "
                 "among the survivors (a tie goes to the fewer rats).")
    return lines


def cartus_end_html(names: Sequence[str], result: dict, comp: Any, obs: dict, events: Sequence[Any]) -> str:
    """The final table (totals from the engine's result), the revealed nun row and the plague's verdict."""
    parts = cartus_parts(result, comp, obs["vp_tokens"])
    revealed = [e.text() for e in events if e.kind == "nun_row"][-1:]
    return score_table_html(names, parts, result["total"], result["winners"],
                            revealed + fate_notes(names, result, obs["rats"]),
                            title="Game over: the plague and how the score adds up")


__all__ = ["cartus_parts", "fate_notes", "cartus_end_html"]
