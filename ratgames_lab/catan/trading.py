"""Player trades, the part both Catan games share (rule trade.players; catan.md Part 2: "Player trades as in
Part 1"): the terms of an offer, who answers next, who may close the trade, and the offers a bot lists.

Terms are two tuples of counts in a game's card order (the base game: the 5 resources; the combined variant:
resources, commodities and money), seen from the active player: ``give`` is what they hand over, ``get`` what
they receive. A stored offer or counter-offer is ``list(give) + list(get)``."""
from __future__ import annotations

from typing import Callable, Sequence

from .translate import _, name

NO_ANSWER, REJECTED, ACCEPTED, COUNTERED = range(4)


def terms_error(give, get, names: Sequence[str], limit: int | None = None) -> str | None:
    """Why ``give`` for ``get`` is no trade (None if it is one): whole amounts, something on each side (no gifts),
    never the same thing on both sides."""
    n = len(names)

    def whole(t) -> bool:
        return isinstance(t, tuple) and len(t) == n and all(
            isinstance(x, int) and not isinstance(x, bool) and 0 <= x and (limit is None or x <= limit) for x in t)

    if not (whole(give) and whole(get)):
        return _("amounts are {count} whole numbers ({names})").format(count=n, names=", ".join(name(x) for x in names))
    if not any(give) or not any(get):
        return _("no gifts: each side gives something")
    same = next((names[i] for i in range(n) if give[i] and get[i]), None)
    if same is not None:
        return _("{card} cannot be traded for {card}").format(card=name(same))
    return None


def next_responder(q: int, active: int, players: int) -> int:
    """The seat that answers after q, in seat order (-1: everyone has answered)."""
    nxt = (q + 1) % players
    return -1 if nxt == active else nxt


def trade_partners(answers: Sequence[int], counters: Sequence[Sequence[int]], active: int,
                   holds: Callable[[int, Sequence[int]], bool]) -> list[int]:
    """The players the active player may close with: those who accepted, and those whose counter-offer both sides
    can still pay (``holds(p, amounts)``)."""
    out = []
    for q, answer in enumerate(answers):
        if answer == ACCEPTED:
            out.append(q)
        elif answer == COUNTERED:
            terms = counters[q]
            half = len(terms) // 2
            if holds(active, terms[:half]) and holds(q, terms[half:]):
                out.append(q)
    return out


def useful_offer_terms(hand: Sequence[int], costs: Sequence[Sequence[int]], kinds: int) -> list[tuple[int, int, int]]:
    """The offers a player lists: (g, n, r) = n cards of g (1, or 2 when 2 are spare) for the one card r that
    completes a cost the hand misses by exactly that card; cards 0..kinds-1 only."""
    out: list[tuple[int, int, int]] = []
    for cost in costs:
        short = [r for r in range(kinds) if hand[r] < cost[r]]
        if len(short) != 1 or cost[short[0]] - hand[short[0]] != 1:
            continue
        r = short[0]
        for g in range(kinds):
            spare = hand[g] - cost[g]
            if g != r and spare >= 1:
                for n in (1, 2) if spare >= 2 else (1,):
                    if (g, n, r) not in out:
                        out.append((g, n, r))
    return out
