"""Exact beliefs about the other players' resource cards: everything a player can know, with perfect memory.

A world an observer cannot rule out differs from the real one by ``D`` (per player, per resource), which changes
only at steals (``memory``). Replaying the steal records from the last fully known point: a steal the observer
took part in keeps its card, but weighs each world by the chance that the victim's hand there gave that card; a
steal between two others branches on every card the victim's hand held there, weighted by its count (the hand
sizes are public, so these weights share one denominator and stay whole numbers); after each steal, the worlds
where a later public event would have been impossible (a hand below zero, a promised card not held, a Monopoly
count that differs) are dropped, and identical ``D`` are merged. The observer's own hand never differs.
"""
from __future__ import annotations

import random
from fractions import Fraction
from operator import ge

from .board import RESOURCES
from .memory import R, kinds_of

Delta = tuple[int, ...]  # flat: 5 counts per player (8 in the combined variant), world minus real


class Beliefs:
    """The exact posterior of one observer over the hidden steal cards, as forward weights per steal
    (``certain``: a single world is possible, the real one)."""

    def __init__(self, state, observer: int, seen: dict[int, set[int]] | None = None):
        """``seen``: the hands ``observer`` saw, by record (index in ``state.memory``) -> players (the variant's
        Master Merchant): a world where such a hand differs is dropped after that record."""
        self.state, self.observer = state, observer
        n = state.players
        self.n = n
        memory = state.memory
        first = len(state.steals) - len(memory)
        self.steals = [state.steals[first + k] for k in range(len(memory))]
        k = kinds_of(memory[0], n) if memory else R
        keep = _keeper(seen, k) if seen else None
        if not memory:
            self.layers = [{(0,) * (k * n): 1}]
            self.certain = True
        else:
            # the records before the last steal are closed: their weights hold until the next steal, so the
            # state keeps them (``_closed``, shared with its clones and dropped at the next steal)
            cache = state._closed
            if cache is None:
                cache = state._closed = {}
            known = cache.get(observer)
            if known is None:
                closed = forward([{(0,) * (k * n): 1}], self.steals[:-1], memory[:-1], observer, n, keep)
                known = cache[observer] = (closed, all(len(layer) == 1 for layer in closed))
            closed, certain = known
            last_seen = tuple(sorted(seen.get(len(memory) - 1, ()))) if seen else ()
            key = (observer, tuple(memory[-1]), last_seen)  # the open record changes only when a count goes lower
            last = cache.get(key)
            if last is None:
                last = cache[key] = forward(closed[-1:], self.steals[-1:], memory[-1:], observer, n, keep,
                                            len(memory) - 1)[-1]
            self.layers = closed + [last]
            # one world all along: it is the real one (any other card for a steal moves D away from 0)
            self.certain = certain and len(last) == 1
        self.total = sum(self.layers[-1].values())

    def worlds(self) -> list[tuple[Delta, Fraction]]:
        """Each possible D now with its exact probability."""
        return [(d, Fraction(w, self.total)) for d, w in self.layers[-1].items()]

    def sample(self, rng: random.Random) -> tuple[list[Delta], list[int]]:
        """One history drawn from the posterior: D after each steal (index 0: before the first) and each card."""
        return sample_history(self.layers, self.steals, self.state.memory, self.observer, self.n, rng)


def _keeper(seen: dict[int, set[int]], k: int):
    """The test dropping a world where a hand the observer saw after record j differs from the real one."""
    def keep(j: int, d: Delta) -> bool:
        return not any(d[k * v + c] for v in seen.get(j, ()) for c in range(k))
    return keep


def write_world(t, deltas: list[Delta], cards: list[int]) -> None:
    """Make the copy ``t`` the sampled world (``deltas``/``cards`` from ``sample_history``): its steal cards, its
    hands, and its records as they would read there (the victim's hand before each steal, the lows after)."""
    n, memory = t.players, t.memory
    k = kinds_of(memory[0], n)
    first = len(t.steals) - len(memory)
    zero = deltas[0]
    for j, rec in enumerate(memory):
        st = t.steals[first + j]
        if cards[j] != st[2]:
            t.steals[first + j] = [st[0], st[1], cards[j]]
        before, after = deltas[j], deltas[j + 1]
        if before != zero:
            for c in range(k):
                rec[c] += before[k * st[1] + c]
        if after != zero:
            for i in range(k * n):
                rec[k + i] += after[i]
    final = deltas[-1]
    if final != zero:
        t.hands = [[t.hands[q][c] + final[k * q + c] for c in range(k)] for q in range(n)]
    t._closed = None  # the copy's records are the world's


def forward(layers: list[dict[Delta, int]], steals: list[list[int]], memory: list[list[int]], observer: int,
            n: int, keep=None, offset: int = 0) -> list[dict[Delta, int]]:
    """``layers`` (forward weights of every D; its last: before ``steals[0]``) extended through these steals and
    their records; ``keep(offset + j, d)`` may drop more worlds after steal j (what the observer saw then)."""
    out = list(layers)
    for j, (steal, rec) in enumerate(zip(steals, memory)):
        layer = _step(out[-1], steal, rec, observer, n)
        if keep is not None:
            layer = {d: w for d, w in layer.items() if keep(offset + j, d)}
        out.append(layer)
    return out


def sample_history(layers: list[dict[Delta, int]], steals: list[list[int]], memory: list[list[int]], observer: int,
                   n: int, rng: random.Random) -> tuple[list[Delta], list[int]]:
    """Backward sampling through forward ``layers``: D after each steal (index 0: before the first), each card."""
    d = _pick(list(layers[-1].items()), rng)
    deltas, cards = [d], []
    for j in range(len(steals) - 1, -1, -1):
        thief, victim, card = steals[j]
        k = kinds_of(memory[j], n)
        hand = memory[j][:k]
        prev_layer = layers[j]
        if observer in (thief, victim) or (len(prev_layer) == 1 and d in prev_layer):
            cards.append(card)  # seen, or the only world before and after: the real card (another moves D)
            deltas.append(d)
            continue
        options = []
        for new in range(k):
            prev = _moved(d, thief, victim, new, card, k)  # undo: the real card went back, the world's came back
            w = prev_layer.get(prev)
            if w:
                count = hand[new] + prev[k * victim + new]
                if count > 0:
                    options.append(((prev, new), w * count))
        d, new = _pick(options, rng)
        cards.append(new)
        deltas.append(d)
    deltas.reverse()
    cards.reverse()
    return deltas, cards


def _step(layer: dict[Delta, int], steal: list[int], rec: list[int], observer: int, n: int) -> dict[Delta, int]:
    """The weights after one steal and the stretch that follows it (worlds that stretch rules out dropped)."""
    thief, victim, card = steal
    k = kinds_of(rec, n)
    hand = rec[:k]
    v0 = k * victim
    feasible = _feasible(rec, n)
    out: dict[Delta, int] = {}
    hidden = observer not in (thief, victim)
    for d, w in layer.items():
        world = [hand[r] + d[v0 + r] for r in range(k)]
        if not hidden:
            if world[card] > 0 and feasible(d):
                out[d] = out.get(d, 0) + w * world[card]
            continue
        for new in range(k):
            if world[new] <= 0:
                continue
            d2 = _moved(d, thief, victim, card, new, k)
            if feasible(d2):
                out[d2] = out.get(d2, 0) + w * world[new]
    return out


def _moved(d: Delta, thief: int, victim: int, real: int, world: int, k: int = R) -> Delta:
    """D after a steal whose real card was ``real`` and the world's card ``world`` (``k`` kinds of card)."""
    if real == world:
        return d
    out = list(d)
    out[k * victim + real] += 1
    out[k * victim + world] -= 1
    out[k * thief + real] -= 1
    out[k * thief + world] += 1
    return tuple(out)


def _feasible(rec: list[int], n: int):
    """The test of a stretch: the world's hands never went below its lows, and showed its exact counts."""
    k = kinds_of(rec, n)
    floor = tuple(-x for x in rec[k:k + k * n])  # D may not go below minus the lowest real count
    masks = rec[k + k * n:k + k * n + n]
    shown = tuple(p * k + r for p in range(n) for r in range(k) if masks[p] >> r & 1)  # D must be 0 there

    def feasible(d: Delta) -> bool:
        return all(map(ge, d, floor)) and not any(d[i] for i in shown)

    return feasible


def _pick(items, rng: random.Random):
    total = sum(w for _, w in items)
    k = rng.randrange(total)
    for item, w in items:
        if k < w:
            return item
        k -= w
    raise ValueError("empty belief")


def beliefs(state, observer: int) -> Beliefs:
    """The (cached) exact beliefs of ``observer`` in ``state``."""
    cache = state._beliefs
    if cache is None:
        cache = state._beliefs = {}
    b = cache.get(observer)
    if b is None:
        b = cache[observer] = Beliefs(state, observer)
    return b


def hand_beliefs(state, observer: int) -> list[tuple[tuple[tuple[int, ...], ...], Fraction]]:
    """Every combination of hands ``observer`` cannot rule out, with its exact probability (most likely first)."""
    n = state.players
    out = []
    for d, p in beliefs(state, observer).worlds():
        hands = tuple(tuple(state.hands[q][r] + d[R * q + r] for r in range(R)) for q in range(n))
        out.append((hands, p))
    out.sort(key=lambda x: (-x[1], x[0]))
    return out


def hand_distribution(state, observer: int, player: int) -> dict[tuple[int, ...], Fraction]:
    """The exact distribution of ``player``'s hand (5 counts in resource order) as ``observer`` knows it."""
    out: dict[tuple[int, ...], Fraction] = {}
    for hands, p in hand_beliefs(state, observer):
        out[hands[player]] = out.get(hands[player], 0) + p
    return dict(sorted(out.items(), key=lambda x: (-x[1], x[0])))


def steal_odds(state, observer: int, victim: int) -> dict[str, Fraction]:
    """The exact chance that a card drawn at random from ``victim``'s hand is each resource, for ``observer``."""
    size = sum(state.hands[victim])
    if not size:
        return {}
    odds = [Fraction(0)] * R
    for hand, p in hand_distribution(state, observer, victim).items():
        for r in range(R):
            if hand[r]:
                odds[r] += p * Fraction(hand[r], size)
    return {RESOURCES[r]: odds[r] for r in range(R) if odds[r]}
