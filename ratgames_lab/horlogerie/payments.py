"""Paying a mission from hand (discover.payment): every way to pay it in which every card is needed.

A requirement (terrain, n) is paid with cards of that terrain totalling at least n; the excess is lost (no
change). *Interpretation*: a payment lists only needed cards (removing any card would fall short), since an
unneeded card can still be discarded at Rest for its points. Special missions: Collector = one card of each
value 1 to 5 (any terrains), Cartographer = exactly five cards of one terrain, Great Expedition = cards of any
terrains totalling at least 15 (again only needed cards).
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import product

from .cards import TERRAIN_BIT, TERRAIN_NAMES, TERRAINS, ExplorationDeck, MissionDeck
from .translate import N_, _, name

GREAT_EXPEDITION_TOTAL = 15
COLLECTOR_VALUES = (1, 2, 3, 4, 5)
CARTOGRAPHER_CARDS = 5


def minimal_payments(items: list[tuple[int, int, int]], need: int) -> list[tuple[int, ...]]:
    """Multisets of faces (from ``items`` = (face, value, copies)) totalling >= need where every card is needed."""
    items = sorted(items, key=lambda it: (-it[1], it[0]))
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, chosen: list[int]) -> None:
        if i == len(items):
            return
        face, v, copies = items[i]
        rec(i + 1, left, chosen)
        cur = chosen[:]
        for _ in range(copies):
            cur.append(face)
            left -= v
            if left <= 0:  # the last card added is the smallest: removing it falls short
                out.append(tuple(sorted(cur)))
                return
            rec(i + 1, left, cur)

    rec(0, need, [])
    return out


def _terrain_items(deck: ExplorationDeck, counts: Counter, terrain: int) -> list[tuple[int, int, int]]:
    bit = TERRAIN_BIT[TERRAINS[terrain]]
    return [(f, deck.value[f], k) for f, k in counts.items() if deck.terrain[f] == bit]


def _multisets(items: list[tuple[int, int]], size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` faces from items = (face, copies)."""
    out: list[tuple[int, ...]] = []

    def rec(i: int, left: int, chosen: list[int]) -> None:
        if left == 0:
            out.append(tuple(chosen))
            return
        if i == len(items):
            return
        face, copies = items[i]
        for k in range(min(copies, left), -1, -1):
            rec(i + 1, left - k, chosen + [face] * k)

    rec(0, size, [])
    return out


@lru_cache(maxsize=65536)
def payments(deck: ExplorationDeck, missions: MissionDeck, mission: int, hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Every legal payment (sorted tuples of faces) of ``mission`` from ``hand`` (a sorted tuple of faces)."""
    counts = Counter(hand)
    special = missions.special[mission]
    if special == "collector":
        choices = [[f for f in sorted(counts) if deck.value[f] == v] for v in COLLECTOR_VALUES]
        return tuple(sorted({tuple(sorted(c)) for c in product(*choices)})) if all(choices) else ()
    if special == "cartographer":
        out: list[tuple[int, ...]] = []
        for t in range(len(TERRAINS)):
            items = [(f, k) for f, _, k in sorted(_terrain_items(deck, counts, t))]
            out += [tuple(sorted(m)) for m in _multisets(items, CARTOGRAPHER_CARDS)]
        return tuple(sorted(out))
    if special == "great_expedition":
        items = [(f, deck.value[f], k) for f, k in counts.items()]
        return tuple(sorted(minimal_payments(items, GREAT_EXPEDITION_TOTAL)))
    parts = []
    for terrain, amount in missions.requirements[mission]:
        items = tuple(sorted(_terrain_items(deck, counts, terrain)))
        if sum(v * k for _, v, k in items) < amount:
            return ()
        parts.append(_requirement(items, amount))
    return tuple(sorted(tuple(sorted(sum(combo, ()))) for combo in product(*parts)))


@lru_cache(maxsize=65536)
def _requirement(items: tuple[tuple[int, int, int], ...], amount: int) -> tuple[tuple[int, ...], ...]:
    """The minimal payments of one requirement from the hand's cards of its terrain (cached)."""
    return tuple(minimal_payments(list(items), amount))


def can_pay(deck: ExplorationDeck, missions: MissionDeck, mission: int, hand: tuple[int, ...]) -> bool:
    """True if ``hand`` can pay ``mission``."""
    return bool(payments(deck, missions, mission, hand))


def could_pay(missions: MissionDeck, mission: int, by_terrain: list[int], cards: int) -> bool:
    """A quick necessary condition: the hand's points per terrain bit (``by_terrain``) cover the requirements."""
    special = missions.special[mission]
    if special:
        return cards >= CARTOGRAPHER_CARDS if special != "great_expedition" else sum(by_terrain) >= GREAT_EXPEDITION_TOTAL
    return all(by_terrain[TERRAIN_BIT[TERRAINS[t]]] >= a for t, a in missions.requirements[mission])


UNNEEDED = N_("every card of a payment must be needed (interpretation: discard extra cards at Rest)")


def _unneeded(values: list[int], need: int) -> bool:
    """True if some card could be left out and the rest still total ``need``: the smallest is then unneeded."""
    return bool(values) and sum(values) - min(values) >= need


def payment_fault(deck: ExplorationDeck, missions: MissionDeck, mission: int, faces: list[int]) -> str | None:
    """Why the cards ``faces`` (a multiset, in any order, all in hand) do not pay ``mission``; None if they do.

    This is the predicate ``payments`` enumerates: a payment is in ``payments(...)`` exactly when this is None.
    """
    values = [deck.value[f] for f in faces]
    special = missions.special[mission]
    if special == "collector":
        if sorted(values) != list(COLLECTOR_VALUES):
            return _("the Collector is paid with exactly five cards, one of each value {low} to {high} (these have "
                     "values {values})").format(low=COLLECTOR_VALUES[0], high=COLLECTOR_VALUES[-1],
                                                values=", ".join(map(str, sorted(values))) or name("none"))
        return None
    if special == "cartographer":
        if len(faces) != CARTOGRAPHER_CARDS or len({deck.terrain[f] for f in faces}) != 1:
            return _("the Cartographer is paid with exactly {needed} cards of one terrain (these are {cards} card(s) "
                     "of {terrains} terrain(s))").format(needed=CARTOGRAPHER_CARDS, cards=len(faces),
                                                        terrains=len({deck.terrain[f] for f in faces}))
        return None
    if special == "great_expedition":
        if sum(values) < GREAT_EXPEDITION_TOTAL:
            return _("the Great Expedition needs cards totalling at least {needed}, not {total}").format(
                needed=GREAT_EXPEDITION_TOTAL, total=sum(values))
        return _(UNNEEDED) if _unneeded(values, GREAT_EXPEDITION_TOTAL) else None
    title = missions.titles[mission]
    needs = {TERRAIN_BIT[TERRAINS[t]]: (t, amount) for t, amount in missions.requirements[mission]}
    for f in faces:
        if deck.terrain[f] not in needs:
            return _("{card} cannot pay {mission}: each requirement is paid with cards of its own terrain").format(
                card=deck.names[f], mission=title)
    for bit, (t, amount) in needs.items():
        paid = sum(v for f, v in zip(faces, values) if deck.terrain[f] == bit)
        if paid < amount:
            return _("the {terrain} cards paid total {paid}, but {mission} needs {amount}").format(
                terrain=name(TERRAIN_NAMES[TERRAINS[t]]), paid=paid, mission=title, amount=amount)
    for bit, (t, amount) in needs.items():
        if _unneeded([v for f, v in zip(faces, values) if deck.terrain[f] == bit], amount):
            return _(UNNEEDED)
    return None
