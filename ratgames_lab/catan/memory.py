"""What the table remembers of the hands since the last fully known point: one record per steal.

In Catan every change to a hand is public (production, trades, discards face up, Monopoly, Year of Plenty,
building costs) except the card taken in a steal, which only the thief and the victim see. So a world another
player cannot rule out differs from the real one by a vector ``D`` (per player, per resource) that changes only
at steals and must keep every public event possible. Between two steals a public event is possible in a world
exactly when the world's hands never went below what the event needed, i.e. when ``D`` is at least minus the
lowest real count of each resource over the stretch. So one record per steal is enough to replay the history:

* ``victim_hand``: the victim's hand just before the steal (the stolen card is drawn from it);
* ``lows``: each player's lowest count of each resource from the steal to the next one (or now), counting a
  card publicly promised to a trade (an offer, an acceptance, a counter-offer) as spent while promised;
* ``exact``: the resources whose count became public in that stretch (a Monopoly shows what each player gave).

A record is kept in memory as one flat list of ints: the victim's 5 counts, then 5 lows per player, then one
bit mask of exact resources per player, then (derived, not in position files) the bit mask of the players whose
hand may differ from the real one in some world. The combined variant keeps the same records over its 8 kinds of
card (5 resources, 3 commodities): the number of kinds ``k`` follows from a record's length. Records cover the
last ``len(memory)`` steals; when a stretch pins every hand down, no world can differ from the real one any more
and the older records are dropped (``remember_steal``).
"""
from __future__ import annotations

from typing import Any, Mapping

from ..core.errors import InvalidPositionError
from ..core.fields import FieldType
from .board import RESOURCES

R = len(RESOURCES)


def record_size(players: int, k: int = R) -> int:
    """Length of one flat record for ``players`` players and ``k`` kinds of card."""
    return k + k * players + players + 1


def kinds_of(rec: list[int], players: int) -> int:
    """The number of kinds of card a record counts (its length is ``record_size(players, k)``)."""
    return (len(rec) - players - 1) // (players + 1)


def new_record(victim_hand: list[int], hands: list[list[int]], unknown: int) -> list[int]:
    """The record of a steal: the victim's hand before it, the hands after it as the first lows, nothing exact,
    and the bit mask of the players whose hand may differ from the real one in some world."""
    rec = victim_hand[:]
    for h in hands:
        rec += h
    rec += [0] * len(hands)
    rec.append(unknown)
    return rec


def lower_lows(memory: list[list[int]], p: int, counts) -> None:
    """Lower p's lows in the open stretch to ``counts`` (a hand, or a hand minus the cards a trade offer showed)."""
    rec = memory[-1]
    k = len(counts)
    base = k + k * p
    for c in range(k):
        if counts[c] < rec[base + c]:
            rec[base + c] = counts[c]


def lower_low(memory: list[list[int]], k: int, p: int, card: int, count: int) -> None:
    """p's count of one card (of ``k`` kinds) just went down to ``count``: the open stretch's low follows."""
    rec, i = memory[-1], k + k * p + card
    if count < rec[i]:
        rec[i] = count


def show_count(memory: list[list[int]], k: int, players: int, p: int, card: int) -> None:
    """Everyone saw how many of a card p holds (a Monopoly): in the open stretch no world may differ there."""
    memory[-1][k + k * players + p] |= 1 << card


def _pinned(rec: list[int], p: int, players: int) -> bool:
    """True if the stretch pins p's hand: for each resource, p held none at some point or showed the count."""
    k = kinds_of(rec, players)
    base, mask = k + k * p, rec[k + k * players + p]
    for r in range(k):
        if rec[base + r] and not mask >> r & 1:
            return False
    return True


def remember_steal(memory: list[list[int]], victim_hand: list[int], hands: list[list[int]], thief: int,
                   victim: int) -> None:
    """Open the record of a new steal; first drop every record if the last stretch pinned all hands down.

    Only a steal's thief and victim can hold a hand that differs from the real one in some world; a player is
    pinned again by a stretch where, for each resource, they held none at some point or showed their count (no
    world then adds to any of their counts, and hand sizes are public, so none removes either). When at most one
    player may differ, none does (each resource's total is public): every hand is known to everyone again.
    """
    players = len(hands)
    unknown = 0
    if memory:
        last = memory[-1]
        unknown = last[-1]
        for p in range(players):
            if unknown >> p & 1 and _pinned(last, p, players):
                unknown &= ~(1 << p)
        if unknown & (unknown - 1) == 0:  # at most one player left
            memory.clear()
            unknown = 0
    memory.append(new_record(victim_hand, hands, unknown | 1 << thief | 1 << victim))


def recount_unknown(memory: list[list[int]], steals: list[list[int]], players: int) -> None:
    """Recompute each record's mask of players who may differ (it is not stored in position files)."""
    first = len(steals) - len(memory)
    unknown = 0
    for k, rec in enumerate(memory):
        if k:
            prev = memory[k - 1]
            for p in range(players):
                if unknown >> p & 1 and _pinned(prev, p, players):
                    unknown &= ~(1 << p)
            if unknown & (unknown - 1) == 0:
                unknown = 0
        thief, victim, _ = steals[first + k]
        unknown |= 1 << thief | 1 << victim
        rec[-1] = unknown


def check_memory(s, names: tuple[str, ...]) -> None:
    """The steal records fit the steals and the hands: the victim held the stolen card, no low above a later count
    (``names``: the kinds of card the records count)."""
    n, memory, k = s.players, s.memory, len(names)
    if len(memory) > len(s.steals):
        raise InvalidPositionError("one record per steal, for the last steals", "memory")
    first = len(s.steals) - len(memory)
    for j, rec in enumerate(memory):
        thief, victim, card = s.steals[first + j]
        if not rec[card] > 0:
            raise InvalidPositionError("the victim held the stolen card", f"memory[{j}].victim_hand.{names[card]}")
        nxt = memory[j + 1][:k] if j + 1 < len(memory) else None
        for p in range(n):
            later = s.hands[p] if nxt is None else nxt if p == s.steals[first + j + 1][1] else None
            for r in range(k):
                if later is not None and rec[k + k * p + r] > later[r]:
                    raise InvalidPositionError("a low is never above a later count",
                                               f"memory[{j}].lows[{p}].{names[r]}")


class StealMemory(FieldType):
    """One steal record: {victim_hand: {card: n}, lows: [{card: n} per player], exact: [[card]]} (cards: the
    kinds named in ``names``, the resources unless given)."""

    depth = 1

    def __init__(self, names: tuple[str, ...] = RESOURCES):
        self.names = tuple(names)

    def encode(self, value: list[int], ctx: Any) -> dict:
        n, names = ctx.players, self.names
        k = len(names)
        lows = [dict(zip(names, value[k + k * p:k + k * p + k])) for p in range(n)]
        exact = [[names[r] for r in range(k) if value[k + k * n + p] >> r & 1] for p in range(n)]
        return {"victim_hand": dict(zip(names, value[:k])), "lows": lows, "exact": exact}

    def decode(self, data: Any, ctx: Any, path: str) -> list[int]:
        n, names = ctx.players, self.names
        if not isinstance(data, Mapping) or set(data) != {"victim_hand", "lows", "exact"}:
            raise InvalidPositionError("a steal record is {victim_hand, lows, exact}", path)
        out = _counts(data["victim_hand"], f"{path}.victim_hand", names)
        lows, exact = data["lows"], data["exact"]
        for key, value in (("lows", lows), ("exact", exact)):
            if not isinstance(value, list) or len(value) != n:
                raise InvalidPositionError(f"must be a list of {n} entries, one per player", f"{path}.{key}")
        for p in range(n):
            out += _counts(lows[p], f"{path}.lows[{p}]", names)
        for p in range(n):
            shown = exact[p]
            if not isinstance(shown, list) or any(x not in names for x in shown) or len(set(shown)) != len(shown):
                raise InvalidPositionError("must be a list of distinct card names", f"{path}.exact[{p}]")
            out.append(sum(1 << names.index(x) for x in shown))
        out.append(0)  # the mask of players who may differ: recount_unknown after loading
        return out

    def schema(self, ctx: Any) -> dict:
        counts = {"type": "object", "properties": {r: {"type": "integer", "minimum": 0, "maximum": 19}
                                                   for r in self.names},
                  "required": list(self.names), "additionalProperties": False}
        names = {"type": "array", "items": {"type": "string", "enum": list(self.names)}, "uniqueItems": True}
        n = ctx.players
        return {"type": "object", "required": ["victim_hand", "lows", "exact"], "additionalProperties": False,
                "properties": {"victim_hand": counts,
                               "lows": {"type": "array", "items": counts, "minItems": n, "maxItems": n},
                               "exact": {"type": "array", "items": names, "minItems": n, "maxItems": n}}}

    def copy(self, value: list[int]) -> list[int]:
        return value[:]


def _counts(data: Any, path: str, names: tuple[str, ...]) -> list[int]:
    if not isinstance(data, Mapping) or set(data) != set(names):
        raise InvalidPositionError("must be an object with a count for each kind of card", path)
    out = []
    for r in names:
        x = data[r]
        if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x <= 19:
            raise InvalidPositionError("must be a whole number between 0 and 19", f"{path}.{r}")
        out.append(x)
    return out
