"""What each player remembers of who may hold which card, after gifts they could not see (issue 13).

Two plain-data records, both seen from a viewer ``v`` and both bit masks over players:

- ``holders[v][c]``: the players who may hold Population card ``c`` (in hand or face down), meaningful when ``v``
  has seen ``c`` and lost track of it; every other card may be with anyone (``all_mask``).
- ``spec_holders[v][t]``: one mask per special card of type ``t`` (Joker, Sword, Flute, Pass, Gold) held by a
  player other than ``v``: the players who may hold it. A take is public, so a taken card starts with its taker.

A gift from ``giver`` to ``receiver`` is seen by a third player as "some card went": every card the giver may
hold may now be with the receiver too. A card that leaves a hand in public (a Pass played, a card revealed or
discarded) ends the doubt about one card of its type. Masks only ever widen, except when a card is seen, so the
true position always fits them (``position.check_consistency`` checks it). ``sample_uniform`` deals the other
players' unknown cards again within the masks, every allowed deal equally likely (``view.determinize``).
"""
from __future__ import annotations

import random
from itertools import combinations
from math import comb
from typing import Any, Protocol


class MemoryData(Protocol):
    """What this memory reads and writes of a position (state.CartusData has it; this module sits below it)."""

    comp: Any
    hands: list[list[int]]
    knows: list[int]
    holders: list[list[int]] | None
    spec_holders: list[list[list[int]]] | None
    entrants: list[list[int]]
    placed: list[list[list[int]]]
    revealed: int


KINDS = 5  # Joker, Sword, Flute, Pass, Gold


def fresh_holders(comp) -> list[list[int]]:
    """Every Population card may be with anyone, from every seat."""
    return [[comp.all_mask] * comp.npop for _ in range(comp.players)]


def held(s: MemoryData, q: int) -> list[int]:
    """The cards ``q`` holds: hand, then the face-down cards of buildings not yet resolved."""
    out = list(s.hands[q])
    for slot in range(s.revealed, len(s.placed)):
        for who, cs in zip(s.entrants[slot], s.placed[slot]):
            if who == q:
                out += cs
    return out


def default_spec_holders(s: MemoryData, viewer: int, where_taken: bool = False) -> list[list[int]]:
    """Each special card another player holds may be with any other player (or only its holder: ``where_taken``)."""
    comp = s.comp
    others = comp.all_mask & ~(1 << viewer)
    out: list[list[int]] = [[] for _ in range(KINDS)]
    for q in range(comp.players):
        if q != viewer:
            for c in held(s, q):
                if c >= comp.npop:
                    out[c - comp.npop].append(1 << q if where_taken else others)
    for masks in out:
        masks.sort()
    return out


def reset(s: MemoryData, where_taken: bool = False) -> None:
    """Forget every gift: any card may be anywhere (older positions), or each special card is where it was taken."""
    s.holders = fresh_holders(s.comp)
    s.spec_holders = [default_spec_holders(s, v, where_taken) for v in range(s.comp.players)]


def took(s: MemoryData, p: int, code: int, k: int) -> None:
    """``p`` took ``k`` special cards of this code from a pile, in public."""
    t = code - s.comp.npop
    for v in range(s.comp.players):
        if v != p:
            s.spec_holders[v][t].extend([1 << p] * k)
            s.spec_holders[v][t].sort()


def _forget_one(masks: list[int], p: int) -> None:
    """One card of this type is seen leaving ``p``: drop the narrowest mask holding ``p``.

    The other masks holding ``p`` widen by the dropped one, so the true holders still fit (the card that was
    really with ``p`` may be one of them, and the dropped card's holder then holds it instead).
    """
    bit = 1 << p
    cand = [m for m in masks if m & bit]
    if not cand:  # nothing remembered with p (cannot happen in a consistent position)
        return
    drop = min(cand, key=lambda m: (bin(m).count("1"), m))
    masks.remove(drop)
    masks[:] = sorted(m | drop if m & bit else m for m in masks)


def left(s: MemoryData, p: int, code: int) -> None:
    """A special card left ``p`` in public (a Pass played, a card revealed in D.1 or discarded)."""
    t = code - s.comp.npop
    for v in range(s.comp.players):
        if v != p:
            _forget_one(s.spec_holders[v][t], p)


def public(s: MemoryData, c: int) -> None:
    """Population card ``c`` is face up or shuffled back into the deck: any old doubt about it is over."""
    everyone = s.comp.all_mask
    for row in s.holders:
        row[c] = everyone


def gave(s: MemoryData, giver: int, receiver: int, code: int) -> None:
    """Before the move: ``giver`` gives ``code`` to ``receiver``; only those two see which card it is."""
    comp = s.comp
    gbit, rbit = 1 << giver, 1 << receiver
    mine = [c for c in held(s, giver) if c < comp.npop]
    for v in range(comp.players):
        if v == giver:
            if code >= comp.npop:
                s.spec_holders[v][code - comp.npop].append(rbit)
                s.spec_holders[v][code - comp.npop].sort()
            continue
        if v == receiver:
            if code >= comp.npop:
                _forget_one(s.spec_holders[v][code - comp.npop], giver)
            continue
        vbit = 1 << v
        row = s.holders[v]
        for c in mine:  # the cards v knew the giver held: now with the giver or the receiver
            if s.knows[c] & vbit:
                row[c] = gbit
        for c in range(comp.npop):
            if row[c] & gbit:
                row[c] |= rbit
        for masks in s.spec_holders[v]:
            masks[:] = sorted(m | rbit if m & gbit else m for m in masks)


def feasible(units: dict[int, int], free: dict[int, int]) -> bool:
    """Hall's condition: every set of players has room for the units (``{mask: count}``) that can only go to them."""
    players = list(free)
    for k in range(1, len(players) + 1):
        for group in combinations(players, k):
            mask = sum(1 << q for q in group)
            need = sum(n for m, n in units.items() if m & ~mask == 0)
            if need > sum(free[q] for q in group):
                return False
    return True


def sample_holders(units: list[int], free: dict[int, int], rng: random.Random,
                   golds: frozenset[int] = frozenset(), gold_room: dict[int, int] | None = None) -> list[int] | None:
    """A holder for each unit (a mask of allowed players) filling every player's free places exactly, or None.

    Units go in a random order (the units in ``golds`` first: they also need a place in the hand,
    ``gold_room``); each goes to an allowed player with probability proportional to that player's free places,
    among the choices that keep a complete assignment possible (Hall's condition). With no restricting mask this
    is a uniformly random deal of the units.
    """
    order = list(range(len(units)))
    rng.shuffle(order)
    order.sort(key=lambda i: i not in golds)
    free = dict(free)
    room = dict(gold_room or {})
    out = [-1] * len(units)
    rest: dict[int, int] = {}
    for m in units:
        rest[m] = rest.get(m, 0) + 1
    everyone = sum(1 << q for q in free)
    for i in order:
        m = units[i]
        rest[m] -= 1
        easy = all(k == 0 or mm & everyone == everyone for mm, k in rest.items())
        choices, weights = [], []
        for q, f in free.items():
            if f <= 0 or not m >> q & 1 or (i in golds and room.get(q, 0) <= 0):
                continue
            free[q] -= 1
            if easy or feasible(rest, free):
                choices.append(q)
                weights.append(f)
            free[q] += 1
        if not choices:
            return None
        q = rng.choices(choices, weights)[0]
        out[i] = q
        free[q] -= 1
        if i in golds:
            room[q] -= 1
    return out


class _TooMany(Exception):
    """The exact count would take too long (an unusual tangle of gifts)."""


def sample_uniform(units: list[int], free: dict[int, int], rng: random.Random,
                   golds: frozenset[int] = frozenset(), gold_room: dict[int, int] | None = None,
                   budget: int = 20000) -> list[int] | None:
    """A holder for each unit, uniformly among all deals that respect the masks and fill every player's places.

    The deals are counted exactly (units grouped by mask, players taken one at a time, a count per remaining
    group sizes), then one is drawn with its exact weight. None if there is no such deal; falls back to
    ``sample_holders`` (close to uniform) if counting would take more than ``budget`` steps.
    """
    players = list(free)
    room = gold_room or {}
    groups: dict[tuple[int, bool], list[int]] = {}
    for i, m in enumerate(units):
        groups.setdefault((m, i in golds), []).append(i)
    keys = sorted(groups)
    steps = [0]
    memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def options(i: int, r: tuple[int, ...]) -> list[tuple[int, ...]]:
        q = players[i]
        open_ = [k for k, (m, _) in enumerate(keys) if m >> q & 1 and r[k]]
        out: list[tuple[int, ...]] = []
        x = [0] * len(keys)

        def fill(j: int, need: int, gold: int) -> None:
            steps[0] += 1
            if steps[0] > budget:
                raise _TooMany
            if need == 0:
                out.append(tuple(x))
                return
            if j == len(open_):
                return
            k = open_[j]
            is_gold = keys[k][1]
            top = min(r[k], need, room.get(q, 0) - gold if is_gold else need)
            for n in range(top, -1, -1):
                x[k] = n
                fill(j + 1, need - n, gold + (n if is_gold else 0))
            x[k] = 0
        fill(0, free[q], 0)
        return out

    def weight(r: tuple[int, ...], x: tuple[int, ...]) -> int:
        w = 1
        for a, b in zip(r, x):
            if b:
                w *= comb(a, b)
        return w

    def count(i: int, r: tuple[int, ...]) -> int:
        if i == len(players):
            return 1 if not any(r) else 0
        if (i, r) not in memo:
            memo[(i, r)] = sum(weight(r, x) * count(i + 1, tuple(a - b for a, b in zip(r, x)))
                               for x in options(i, r))
        return memo[(i, r)]

    r = tuple(len(groups[k]) for k in keys)
    try:
        if count(0, r) == 0:
            return None
        out = [-1] * len(units)
        pools = {k: groups[key][:] for k, key in enumerate(keys)}
        for i, q in enumerate(players):
            choices = [(x, weight(r, x) * count(i + 1, tuple(a - b for a, b in zip(r, x)))) for x in options(i, r)]
            pick = rng.randrange(sum(w for _, w in choices))
            for x, w in choices:
                if pick < w:
                    break
                pick -= w
            for k, n in enumerate(x):
                for u in rng.sample(pools[k], n):
                    pools[k].remove(u)
                    out[u] = q
            r = tuple(a - b for a, b in zip(r, x))
        return out
    except _TooMany:
        return sample_holders(units, free, rng, golds, gold_room)
