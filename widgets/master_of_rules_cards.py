"""Master of Rules as HTML: card tiles, the rules in brief and the end-of-game score explanation.

Cards come as the observation gives them: Number cards by code ("R7"), Rule cards by id ("trio").
"""
from __future__ import annotations

from typing import Sequence

from ratgames_lab.master_of_rules import (ALL_TYPES_BONUS, CODES, COLOURS, RULES, SET_BONUS_MIN, SET_BONUS_POINTS,
                                          SET_BONUS_TYPES, TIE_BREAK, card_name, colour, rule_name, value)

from ratgames_lab.master_of_rules.translate import card_text, data_text

from .common.end_screen import names_text, score_table_html, winners_text
from .common.theme import esc
from .common.translate import N_, _, ngettext

CARD_OF_CODE = {code: card for card, code in enumerate(CODES)}
CARD_OF_NAME = {card_name(card): card for card in range(len(CODES))}  # the engine's names in events (English)

# One-line reminders printed on the rule cards (the full rules are in the rulebook and the log explains each verdict).
RULE_HINTS = {
    "limit_23": N_("The 5 Number cards add up to 23 or less."),
    "best_of_the_best": N_("Your card is the highest of a most common colour."),
    "only_one": N_("No other card has your colour or your value."),
    "trio": N_("3 cards share a colour or a value."),
    "support_right": N_("The player on your right fulfils their rule."),
}
RULE_HEX = {"limit_23": "#334e68", "best_of_the_best": "#b44d12", "only_one": "#0e7c86", "trio": "#6b3fa0",
            "support_right": "#9f1239"}



def rule_shown(rule: int | str) -> str:
    """A Rule card's name as the rulebook of the current language prints it ('Limite 23')."""
    return data_text(rule_name(rule))


def card_shown(card: int) -> str:
    """A Number card's name in the current language ('7 rouge')."""
    return card_text(card_name(card))


def rules_in_brief() -> str:
    """The rules in brief (a fold-out), in the current language."""
    items = [
        _("The game has 12 <b>transactions</b>. In each, every player plays <b>two cards</b>, one per round, in turn "
          "from the first player: a <b>Number card</b> and a <b>Rule card</b>, in the order you like (second round: "
          "the other type)."),
        _("After playing a card you <b>refill</b>: take a card of the same type from the display (not in the last "
          "transaction)."),
        _("Empty seats are <b>dummies</b>: they get the top cards of the decks."),
        _("Then every Rule card is <b>judged</b> against the five Number cards on the table. A fulfilled Rule card is "
          "<b>kept</b> (1 point); a failed one is discarded."),
        _("At the end: 1 point per kept Rule card, <b>+2</b> for each type (except {support}) kept 3 times or more, "
          "<b>+2</b> for keeping all five types. Ties go to whoever kept more {first}, then {rest} cards.").format(
            support=rule_shown("support_right"), first=rule_shown(RULES[TIE_BREAK[0]]),
            rest=", ".join(rule_shown(RULES[t]) for t in TIE_BREAK[1:])),
    ]
    summary = _("How to play (the rules in brief)")
    return (f'<details class="rg-brief"><summary>{esc(summary)}</summary><ol>'
            + "".join(f"<li>{item}</li>" for item in items) + "</ol></details>")


def tie_order() -> str:
    """'Support Right, then Trio, then …' (the tie-break order of the kept Rule cards)."""
    return _(", then ").join(rule_shown(RULES[t]) for t in TIE_BREAK)


def number_tile(code: str, small: bool = False, note: str = "") -> str:
    """A Number card: big value on its colour (small: a mini card for the seats)."""
    card = CARD_OF_CODE[code]
    c = COLOURS[colour(card)]
    title = _("{card} ({note})").format(card=card_shown(card), note=note) if note else card_shown(card)
    if small:
        return (f'<div class="mor-card mor-num mor-mini mor-{c}" title="{esc(title)}">'
                f'<span class="mor-v">{value(card)}</span></div>')
    return (f'<div class="mor-card mor-num mor-{c}" title="{esc(title)}"><span class="mor-v">{value(card)}</span>'
            f'<span class="mor-c">{esc(data_text(c))}</span></div>')


def rule_tile(rule: str, count: int = 1, small: bool = False) -> str:
    """A Rule card: its name and a one-line reminder (small: name only)."""
    badge = f'<span class="mor-count">×{count}</span>' if count > 1 else ""
    hint = _(RULE_HINTS[rule])
    title = f"{rule_shown(rule)}: {hint}"
    if small:
        return (f'<div class="mor-card mor-rule mor-mini mor-r-{rule}" title="{esc(title)}">{esc(rule_shown(rule))}'
                f'{badge}</div>')
    return (f'<div class="mor-card mor-rule mor-r-{rule}" title="{esc(title)}">'
            f'<div class="mor-band">{esc(rule_shown(rule))}</div><div class="mor-hint">{esc(hint)}</div>'
            f'{badge}</div>')


def rule_tiles(rules: Sequence[str], small: bool = False) -> str:
    """Rule cards: one tile per card, or (small) one mini tile per type with a ×n badge."""
    if small:
        return "".join(rule_tile(r, rules.count(r), small) for r in RULES if r in rules)
    return "".join(rule_tile(r) for r in RULES for _ in range(rules.count(r)))


def score_rows(kept: Sequence[str]) -> list[tuple[str, int]]:
    """(source, points) of a list of kept Rule cards, as the scoring rule counts them: the cards, then each bonus."""
    counts = [list(kept).count(r) for r in RULES]
    n = sum(counts)
    rows = [(ngettext("{n} Rule card kept (1 each)", "{n} Rule cards kept (1 each)", n).format(n=n), n)] if n else []
    rows += [(_("bonus: {n}× {rule} (3 or more)").format(n=counts[t], rule=rule_shown(RULES[t])), SET_BONUS_POINTS)
             for t in SET_BONUS_TYPES if counts[t] >= SET_BONUS_MIN]
    if all(counts):
        rows.append((_("bonus: all five types"), ALL_TYPES_BONUS))
    return rows


def score_parts(kept: Sequence[str]) -> tuple[int, list[str]]:
    """(points, the reasons) of a list of kept Rule cards, as the scoring rule counts them."""
    rows = score_rows(kept)
    points = sum(n for _w, n in rows)
    counts = [list(kept).count(r) for r in RULES]
    parts = [ngettext("{n} Rule card kept", "{n} Rule cards kept", len(kept)).format(n=len(kept))]
    parts += [_("+{points} bonus: {n}× {rule}").format(points=SET_BONUS_POINTS, n=counts[t], rule=rule_shown(RULES[t]))
              for t in SET_BONUS_TYPES if counts[t] >= SET_BONUS_MIN]
    if all(counts):
        parts.append(_("+{points} bonus: all five types").format(points=ALL_TYPES_BONUS))
    return points, parts


def tie_break_text(names: Sequence[str], kept: Sequence[Sequence[str]], winners: Sequence[int]) -> str:
    """How a tie on points was broken (the kept cards compared type by type), or '' without a tie."""
    points = [score_parts(k)[0] for k in kept]
    best = max(points)
    tied = [p for p, v in enumerate(points) if v == best]
    if len(tied) < 2:
        return ""
    who = names_text([names[p] for p in tied])
    for t in TIE_BREAK:
        counts = {p: list(kept[p]).count(RULES[t]) for p in tied}
        top = max(counts.values())
        if any(v != top for v in counts.values()):
            detail = ", ".join(f"{names[p]} {counts[p]}" for p in tied)
            text = ngettext("{who} tie on {best} points. Tie-break: more {rule} cards kept ({detail}) — {winners} wins.",
                            "{who} tie on {best} points. Tie-break: more {rule} cards kept ({detail}) — {winners} "
                            "share the win.", len(winners))
            return text.format(who=who, best=best, rule=rule_shown(RULES[t]), detail=detail,
                               winners=names_text([names[p] for p in winners]))
        tied = [p for p in tied if counts[p] == top]
    return _("{who} tie on {best} points and on every tie-break (the same kept cards): they share the win.").format(
        who=who, best=best)


def game_over_table(names: Sequence[str], kept: Sequence[Sequence[str]], winners: Sequence[int],
                    totals: Sequence[int]) -> str:
    """The end-of-game screen: each player's points by source (``totals``: the engine's scores), the winner and the
    tie-break if one was needed."""
    rows = [score_rows(k) for k in kept]
    tie = tie_break_text(names, kept, winners) or (
        winners_text(names, winners, totals, "points") + " "
        + _("Most points wins; a tie would go to more {order} cards kept.").format(order=tie_order()))
    return score_table_html(names, rows, totals, winners, [tie], unit="points",
                            title=_("Game over: how the points add up"))


__all__ = ["number_tile", "rule_tile", "rule_tiles", "score_parts", "score_rows", "tie_break_text", "game_over_table",
           "RULE_HINTS", "RULE_HEX", "rules_in_brief", "CARD_OF_CODE", "CARD_OF_NAME"]
