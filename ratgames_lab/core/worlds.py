"""The hidden worlds a player cannot tell apart: the one sample space of exact odds and of ``determinize``.

What a player knows of the hidden cards or tokens is described as a sequence of **deals**, in the order they
happened at the table. A deal puts items face down into slots, uniformly at random; the items it does not use
pass on to the next deal (the unused setup tokens of Rattus join the supply, the cards not dealt stay in the
deck). Items a player has seen, or knows to be somewhere (a card taken from a face-up display), are simply left
out of every deal: they stay where they are known to be.

Two questions are asked of the same description, so the odds and the sampled worlds can never disagree:

* ``sample(rng)``: one world, drawn with the probability it has (``determinize`` places it on a copy);
* ``distribution(slots, key)``: the exact joint distribution of ``key(item)`` in the chosen slots, as Fractions,
  by enumerating classes of items rather than items (so 30 distinct tokens with 4 kinds of faces cost little).
"""
from __future__ import annotations

import dataclasses
import random
from collections import Counter
from fractions import Fraction
from math import comb
from typing import Callable, Hashable, Iterable, Iterator, Mapping, Sequence

Slot = Hashable
Item = Hashable


@dataclasses.dataclass(frozen=True)
class Deal:
    """Items dealt face down, uniformly at random, into ``slots``; the items left over join the next deal."""

    slots: tuple
    items: tuple

    def __init__(self, slots: Iterable[Slot], items: Iterable[Item]):
        object.__setattr__(self, "slots", tuple(slots))
        object.__setattr__(self, "items", tuple(sorted(items, key=repr)))  # the order must not leak anything


class HiddenWorlds:
    """The worlds consistent with what one player knows, as a sequence of uniform deals."""

    def __init__(self, deals: Sequence[Deal]):
        pool = 0
        seen: set = set()
        for k, deal in enumerate(deals):
            pool += len(deal.items)
            if len(deal.slots) > pool:
                raise ValueError(f"deal {k} has {len(deal.slots)} slots but only {pool} items to put in them")
            pool -= len(deal.slots)
            if seen & set(deal.slots):
                raise ValueError(f"deal {k} names a slot twice")
            seen.update(deal.slots)
        self.deals = tuple(deals)
        self.leftover = pool

    @property
    def slots(self) -> list[Slot]:
        """Every hidden slot, in deal order."""
        return [s for d in self.deals for s in d.slots]

    def sample(self, rng: random.Random) -> dict[Slot, Item]:
        """One world: which item lies in each hidden slot."""
        world: dict[Slot, Item] = {}
        pool: list[Item] = []
        for deal in self.deals:
            pool = sorted(pool + list(deal.items), key=repr)
            rng.shuffle(pool)
            world.update(zip(deal.slots, pool))
            pool = pool[len(deal.slots):]
        return world

    def size(self) -> int:
        """How many equally likely worlds there are, counting items as distinct objects."""
        total, pool = 1, 0
        for deal in self.deals:
            pool += len(deal.items)
            for _ in deal.slots:
                total *= pool
                pool -= 1
        return total

    def distribution(self, slots: Sequence[Slot], key: Callable[[Item], Hashable] = lambda x: x
                     ) -> dict[tuple, Fraction]:
        """Exact joint distribution of ``key(item)`` in ``slots`` (in the order given), summing to 1."""
        wanted = list(slots)
        where = {s: i for i, s in enumerate(wanted)}
        known = set(self.slots)
        missing = [s for s in wanted if s not in known]
        if missing:
            raise KeyError(f"not a hidden slot: {missing[0]!r}")
        # states: (pool classes as a sorted tuple of (class, count), outcome tuple with None for not yet known)
        states: dict[tuple, Fraction] = {((), (None,) * len(wanted)): Fraction(1)}
        last = max((k for k, d in enumerate(self.deals) if any(s in where for s in d.slots)), default=-1)
        for k, deal in enumerate(self.deals[:last + 1]):
            added = Counter(key(item) for item in deal.items)
            mine = [where[s] for s in deal.slots if s in where]
            others = len(deal.slots) - len(mine)
            nxt: dict[tuple, Fraction] = {}
            for (pool_t, outcome), p in states.items():
                pool = Counter(dict(pool_t)) + added
                for pool2, outcome2, q in _deal_wanted(pool, outcome, mine):
                    if k == last:  # nothing after this deal is asked: the other slots need no enumeration
                        _add(nxt, ((), outcome2), p * q)
                        continue
                    for pool3, r in _draw_any(pool2, others):
                        _add(nxt, (_freeze(pool3), outcome2), p * q * r)
            states = nxt
        out: dict[tuple, Fraction] = {}
        for (_, outcome), p in states.items():
            _add(out, outcome, p)
        return out

    def marginal(self, slot: Slot, key: Callable[[Item], Hashable] = lambda x: x) -> dict[Hashable, Fraction]:
        """Exact distribution of ``key(item)`` in one hidden slot."""
        return {k[0]: p for k, p in self.distribution([slot], key).items()}

    def probability(self, event: Callable[[tuple], bool], slots: Sequence[Slot],
                    key: Callable[[Item], Hashable] = lambda x: x) -> Fraction:
        """P(event(keys in ``slots``)), exactly."""
        return sum((p for outcome, p in self.distribution(slots, key).items() if event(outcome)), Fraction(0))

    def contains(self, world: Mapping[Slot, Item]) -> bool:
        """True if ``world`` (an item for every hidden slot) is one of these worlds."""
        if set(world) != set(self.slots):
            return False
        pool: Counter = Counter()
        for deal in self.deals:
            pool.update(deal.items)
            for slot in deal.slots:
                if pool[world[slot]] <= 0:
                    return False
                pool[world[slot]] -= 1
        return True

    def enumerate(self, limit: int = 2_000_000) -> Iterator[dict[Slot, Item]]:
        """Every world, each equally likely (for tests on small spaces; refuses more than ``limit`` worlds)."""
        if self.size() > limit:
            raise ValueError(f"{self.size()} worlds is too many to enumerate (limit {limit})")
        yield from _worlds(self.deals, 0, [], {})


def _add(table: dict, k: Hashable, p: Fraction) -> None:
    table[k] = table.get(k, Fraction(0)) + p


def _freeze(pool: Mapping) -> tuple:
    return tuple(sorted(((c, n) for c, n in pool.items() if n), key=repr))


def _deal_wanted(pool: Counter, outcome: tuple, positions: list[int]) -> Iterator[tuple[Counter, tuple, Fraction]]:
    """Deal one item into each asked slot in turn: every class it can be, with its chance."""
    if not positions:
        yield pool, outcome, Fraction(1)
        return
    total = sum(pool.values())
    first, rest = positions[0], positions[1:]
    for cls, n in list(pool.items()):
        if not n:
            continue
        smaller = pool.copy()
        smaller[cls] -= 1
        filled = outcome[:first] + (cls,) + outcome[first + 1:]
        for pool2, out2, q in _deal_wanted(smaller, filled, rest):
            yield pool2, out2, Fraction(n, total) * q


def _draw_any(pool: Counter, m: int) -> Iterator[tuple[Counter, Fraction]]:
    """The pool after ``m`` items are dealt to slots nobody asked about (multivariate hypergeometric)."""
    classes = [(c, n) for c, n in pool.items() if n]
    total = sum(n for _, n in classes)
    if m == 0 or m == total:  # nothing dealt, or everything: one outcome, no enumeration
        yield (pool.copy() if m == 0 else Counter()), Fraction(1)
        return
    denominator = comb(total, m)
    room = [0] * (len(classes) + 1)  # room[i]: items in classes i and after
    for i in range(len(classes) - 1, -1, -1):
        room[i] = room[i + 1] + classes[i][1]

    def split(i: int, left: int) -> Iterator[tuple[list[int], int]]:
        if i == len(classes):
            if left == 0:
                yield [], 1
            return
        for take in range(max(0, left - room[i + 1]), min(left, classes[i][1]) + 1):
            for rest, ways in split(i + 1, left - take):
                yield [take] + rest, ways * comb(classes[i][1], take)

    for takes, ways in split(0, m):
        yield Counter({c: n - t for (c, n), t in zip(classes, takes)}), Fraction(ways, denominator)


def _worlds(deals: Sequence[Deal], k: int, pool: list, world: dict) -> Iterator[dict]:
    if k == len(deals):
        yield dict(world)
        return
    pool = pool + list(deals[k].items)
    yield from _fill(deals, k, list(deals[k].slots), pool, world)


def _fill(deals: Sequence[Deal], k: int, slots: list, pool: list, world: dict) -> Iterator[dict]:
    if not slots:
        yield from _worlds(deals, k + 1, pool, world)
        return
    for i, item in enumerate(pool):
        world[slots[0]] = item
        yield from _fill(deals, k, slots[1:], pool[:i] + pool[i + 1:], world)
    world.pop(slots[0], None)
