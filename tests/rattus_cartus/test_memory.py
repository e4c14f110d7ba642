"""The deal of the other players' unknown cards within the gift memory: every allowed deal, each equally likely."""
from __future__ import annotations

import itertools
import math
import random
from collections import Counter

import pytest

from ratgames_lab.rattus_cartus.memory import sample_holders, sample_uniform

# Five cards: two may be with seat 0 or 1, one with 1 or 2, two with anyone; seat 0 has 2 places, 1 has 2, 2 has 1.
UNITS = [0b011, 0b011, 0b110, 0b111, 0b111]
FREE = {0: 2, 1: 2, 2: 1}
GOLDS = frozenset({4})          # the last card is a Gold: it needs a place in the hand
ROOM = {0: 1, 1: 0, 2: 1}       # seat 1 has no hand room left for Gold (its places are face down)


def allowed(golds=frozenset(), room=None):
    """Every deal meeting the masks, the places and the Gold room, by brute force."""
    out = []
    for deal in itertools.product(FREE, repeat=len(UNITS)):
        if any(not m >> q & 1 for m, q in zip(UNITS, deal)):
            continue
        if Counter(deal) != Counter({q: f for q, f in FREE.items() if f}):
            continue
        if room is not None and any(sum(1 for i in golds if deal[i] == q) > room[q] for q in FREE):
            continue
        out.append(deal)
    return out


@pytest.mark.parametrize("golds, room", [(frozenset(), None), (GOLDS, ROOM)])
def test_the_deal_is_uniform_over_the_allowed_deals(golds, room):
    worlds = allowed(golds, room)
    assert len(worlds) > 3
    rng = random.Random(1)
    n = 400 * len(worlds)
    seen = Counter(tuple(sample_uniform(UNITS, FREE, rng, golds, room)) for _ in range(n))
    assert set(seen) == set(worlds)
    p = 1 / len(worlds)
    band = 4 * math.sqrt(p * (1 - p) / n)
    assert all(abs(k / n - p) <= band for k in seen.values())


def test_the_fallback_deal_stays_within_the_masks():
    worlds = set(allowed(GOLDS, ROOM))
    rng = random.Random(2)
    for _ in range(300):
        assert tuple(sample_uniform(UNITS, FREE, rng, GOLDS, ROOM, budget=0)) in worlds
        assert tuple(sample_holders(UNITS, FREE, rng, GOLDS, ROOM)) in worlds


def test_no_deal_when_the_masks_cannot_be_met():
    assert sample_uniform([0b001, 0b001, 0b001], {0: 2, 1: 1}, random.Random(3)) is None
    assert sample_holders([0b001, 0b001, 0b001], {0: 2, 1: 1}, random.Random(3)) is None
