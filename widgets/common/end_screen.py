"""The end screen every game shares: each player's score broken down by source, the total, the winner, and the
notes that say how the game ended and how a tie was broken."""
from __future__ import annotations

from html import escape as esc
from typing import Sequence

Part = tuple[str, int]


def signed(n: int) -> str:
    """'+2' or '−2' (a part of a score)."""
    return f"+{n}" if n >= 0 else f"−{-n}"


def unit_word(n: int, unit: str) -> str:
    """'1 point', '2 points' ('VP' stays)."""
    return unit[:-1] if abs(n) == 1 and unit.endswith("s") else unit


def parts_html(parts: Sequence[Part], unit: str) -> str:
    """One line per source: '3 cities … +6 VP' (sources worth 0 are left out by the caller)."""
    if not parts:
        return f'<span class="rg-muted">no {esc(unit)}</span>'
    return "".join(f'<div class="rg-part"><span>{esc(what)}</span> <b>{signed(n)}</b></div>' for what, n in parts)


def score_table_html(names: Sequence[str], parts: Sequence[Sequence[Part]], totals: Sequence[int],
                     winners: Sequence[int], notes: Sequence[str] = (), unit: str = "VP",
                     title: str = "Game over: how the score adds up") -> str:
    """The final table: a row per player with where each point came from, the total and the winner tag; then the
    notes (how the game ended, the tie-break). ``totals`` are the engine's scores; the parts add up to them."""
    rows = []
    for p, name in enumerate(names):
        win = ' <span class="rg-tag-win">winner</span>' if p in winners else ""
        rows.append(f'<tr><td><b>{esc(name)}</b>{win}</td><td class="rg-parts">{parts_html(parts[p], unit)}</td>'
                    f'<td class="rg-total"><b>{totals[p]}</b> {esc(unit_word(totals[p], unit))}</td></tr>')
    notes_html = "".join(f'<div class="rg-msg rg-msg-info">{esc(n)}</div>' for n in notes if n)
    return (f'<div class="rg-section">{esc(title)}</div><table class="rg-exact rg-final"><tr><th>Player</th>'
            f'<th>where the points come from</th><th>total</th></tr>{"".join(rows)}</table>{notes_html}')


def winners_text(names: Sequence[str], winners: Sequence[int], totals: Sequence[int], unit: str = "VP") -> str:
    """'Red wins with 34 VP.' or 'Red and Blue share the win with 12 VP.' ('' without a winner)."""
    if not winners:
        return ""
    who = " and ".join(names[p] for p in winners)
    if len(winners) == 1:
        return f"{who} wins with {totals[winners[0]]} {unit_word(totals[winners[0]], unit)}."
    return f"{who} share the win with {totals[winners[0]]} {unit_word(totals[winners[0]], unit)}."


__all__ = ["Part", "signed", "unit_word", "parts_html", "score_table_html", "winners_text"]
