"""The end screen every game shares: each player's score broken down by source, the total, the winner, and the
notes that say how the game ended and how a tie was broken."""
from __future__ import annotations

from html import escape as esc
from typing import Sequence

from .translate import _, ngettext

Part = tuple[str, int]


def signed(n: int) -> str:
    """'+2' or '−2' (a part of a score)."""
    return f"+{n}" if n >= 0 else f"−{-n}"


def unit_word(n: int, unit: str) -> str:
    """'point' / 'points' for n ('VP' stays), in the current language."""
    if unit == "points":
        return ngettext("point", "points", abs(n))
    return _("VP") if unit == "VP" else unit


def amount(n: int, unit: str) -> str:
    """'1 point', '12 points', '34 VP' in the current language."""
    if unit == "points":
        return ngettext("{n} point", "{n} points", abs(n)).format(n=n)
    if unit == "VP":
        return _("{n} VP").format(n=n)
    return f"{n} {unit}"


def parts_html(parts: Sequence[Part], unit: str) -> str:
    """One line per source: '3 cities … +6 VP' (sources worth 0 are left out by the caller)."""
    if not parts:
        nothing = _("no points") if unit == "points" else _("no VP") if unit == "VP" else unit
        return f'<span class="rg-muted">{esc(nothing)}</span>'
    return "".join(f'<div class="rg-part"><span>{esc(what)}</span> <b>{signed(n)}</b></div>' for what, n in parts)


def score_table_html(names: Sequence[str], parts: Sequence[Sequence[Part]], totals: Sequence[int],
                     winners: Sequence[int], notes: Sequence[str] = (), unit: str = "VP",
                     title: str | None = None) -> str:
    """The final table: a row per player with where each point came from, the total and the winner tag; then the
    notes (how the game ended, the tie-break). ``totals`` are the engine's scores; the parts add up to them."""
    title = _("Game over: how the score adds up") if title is None else title
    rows, winner = [], _("winner")
    for p, name in enumerate(names):
        win = f' <span class="rg-tag-win">{esc(winner)}</span>' if p in winners else ""
        rows.append(f'<tr><td><b>{esc(name)}</b>{win}</td><td class="rg-parts">{parts_html(parts[p], unit)}</td>'
                    f'<td class="rg-total"><b>{totals[p]}</b> {esc(unit_word(totals[p], unit))}</td></tr>')
    notes_html = "".join(f'<div class="rg-msg rg-msg-info">{esc(n)}</div>' for n in notes if n)
    heads = "".join(f"<th>{esc(h)}</th>" for h in (_("Player"), _("where the points come from"), _("total")))
    return (f'<div class="rg-section">{esc(title)}</div><table class="rg-exact rg-final"><tr>{heads}</tr>'
            f'{"".join(rows)}</table>{notes_html}')


def names_text(names: Sequence[str]) -> str:
    """'Red', 'Red and Blue', 'Red, Blue and White' in the current language."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}").format(names=", ".join(names[:-1]), last=names[-1])


def winners_text(names: Sequence[str], winners: Sequence[int], totals: Sequence[int], unit: str = "VP") -> str:
    """'Red wins with 34 VP.' or 'Red and Blue share the win with 12 VP.' ('' without a winner)."""
    if not winners:
        return ""
    who = names_text([names[p] for p in winners])
    score = amount(totals[winners[0]], unit)
    if len(winners) == 1:
        return _("{who} wins with {score}.").format(who=who, score=score)
    return _("{who} share the win with {score}.").format(who=who, score=score)


__all__ = ["Part", "amount", "names_text", "signed", "unit_word", "parts_html", "score_table_html", "winners_text"]
