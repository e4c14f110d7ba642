"""Exact push-your-luck odds (Fractions) over the actual remaining deck: the next card, the optimal policy, thresholds.

A drawing phase (the explorer's Exploration phase or the left neighbour's Danger phase) is a ``Phase``: the
kinds of card left (value added to the total, wounds inflicted), how many of each are in the deck and in the
discard (shuffled into a new deck if the deck runs out), the target (exploration or danger value) and what has
been drawn so far. Below the target the drawer stops or draws; exactly the target is a perfect draw (stop, a
success); above is a bust; an empty deck and discard force a stop (a success); the first card is always drawn.

``solve(phase, objective)`` runs the dynamic programme: the value of stopping against the expected value of
drawing, every remaining card equally likely. An ``Objective`` weighs the outcome: cards kept, exploration
points kept, a perfect draw, wounds inflicted. Every solution carries the statistics of its policy (expected
cards and points kept, P(perfect), P(bust), expected wounds) so that thresholds and the optimum compare on
every measure. Odds use what the seat can know: every deck's composition (every card enters and leaves hands
face up, so perfect memory knows them) and the seat's own Spyglass look of a top card.
"""
from __future__ import annotations

import dataclasses
import math
from collections import Counter
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from .phases import DANGER, DANGER_DRAW, EXPLORE, EXPLORE_DRAW
from .rules import HorlogerieState

ZERO, ONE = Fraction(0), Fraction(1)


@dataclasses.dataclass(frozen=True)
class Objective:
    """Weights of a phase's outcome: per card kept, per exploration point kept, per perfect draw, per wound."""

    card: Fraction = ZERO
    point: Fraction = ZERO
    perfect: Fraction = ZERO
    wound: Fraction = ZERO

    def value(self, stats: "Stats") -> Fraction:
        """The objective's value of a statistics vector."""
        return (self.card * stats.cards + self.point * stats.points + self.perfect * stats.perfect
                + self.wound * stats.wounds)


CARDS = Objective(card=ONE)
POINTS = Objective(point=ONE)
PERFECT = Objective(perfect=ONE)
WOUNDS = Objective(wound=ONE)


class Stats(NamedTuple):
    """Expected outcome of a phase: cards and points kept, P(perfect), P(bust), wounds inflicted, P(success)."""

    cards: Fraction
    points: Fraction
    perfect: Fraction
    bust: Fraction
    wounds: Fraction
    success: Fraction


@dataclasses.dataclass(frozen=True)
class Phase:
    """A drawing phase from the current position (all counts per card kind)."""

    values: tuple[int, ...]
    deck: tuple[int, ...]
    discard: tuple[int, ...]
    target: int
    wounds: tuple[int, ...] = ()
    total: int = 0
    cards: int = 0
    low: int = 0
    hurt: int = 0
    explorer: bool = True
    top: int = -1
    labels: tuple[str, ...] = ()

    def wound(self, k: int) -> int:
        """Wounds inflicted by a card of kind ``k`` (0 for Exploration cards)."""
        return self.wounds[k] if self.wounds else 0


class NextCard(NamedTuple):
    """P(under / exact / bust) for the next card."""

    under: Fraction
    exact: Fraction
    bust: Fraction


class Solution(NamedTuple):
    """The value of a phase under a policy, its statistics, and the decision now (True = draw)."""

    value: Fraction
    stats: Stats
    draw: bool


def _terminal(ph: Phase, kind: str, total: int, cards: int, low: int, hurt: int) -> Stats:
    if kind == "bust":
        if ph.explorer:  # the failed explorer keeps one card: the right neighbour gives the lowest
            return Stats(ONE, Fraction(low), ZERO, ONE, ZERO, ZERO)
        return Stats(ZERO, ZERO, ZERO, ONE, ZERO, ZERO)
    perfect = ONE if kind == "perfect" else ZERO
    return Stats(Fraction(cards), Fraction(total), perfect, ZERO, Fraction(hurt), ONE)


def _add(a: Stats, b: Stats, p: Fraction) -> Stats:
    return Stats(*(x + p * y for x, y in zip(a, b)))


def next_card(ph: Phase) -> NextCard:
    """P(the next card keeps the total under the target / makes it exact / busts)."""
    deck = ph.deck if any(ph.deck) else ph.discard
    if ph.top >= 0:
        deck = tuple(int(k == ph.top) for k in range(len(ph.values)))
    n = sum(deck)
    if n == 0:
        return NextCard(ZERO, ZERO, ZERO)
    under = exact = bust = 0
    for v, c in zip(ph.values, deck):
        t = ph.total + v
        if t < ph.target:
            under += c
        elif t == ph.target:
            exact += c
        else:
            bust += c
    return NextCard(Fraction(under, n), Fraction(exact, n), Fraction(bust, n))


@lru_cache(maxsize=4096)
def solve(ph: Phase, objective: Objective = CARDS, threshold: int | None = None) -> Solution:
    """The value, statistics and decision of ``ph``: optimal for ``objective``, or 'draw while total < target - threshold'.

    Ties between stopping and drawing are resolved by stopping. When the deck cannot run out before the phase
    ends and no top card is known, the recursion runs on integers scaled by a falling factorial (exact, and
    much faster than Fractions); otherwise on Fractions, with the discard reshuffled into a new deck.
    """
    further = ph.target - ph.total + 1  # at most this many more cards: every card adds at least 1
    if ph.top < 0 and sum(ph.deck) >= further > 0:
        return _solve_scaled(ph, objective, threshold, further)
    return _solve_fractions(ph, objective, threshold)


def _decide(ph: Phase, threshold: int | None, total: int, cards: int, draw_value, stop_value) -> bool:
    if cards == 0:
        return True  # each drawing phase draws at least one card
    if threshold is not None:
        return total < ph.target - threshold
    return draw_value > stop_value


def _solve_scaled(ph: Phase, objective: Objective, threshold: int | None, further: int) -> Solution:
    """The recursion on integers: W(node after m draws) = stats(node) x (N-m)(N-m-1)...(N-further+1)."""
    n0 = sum(ph.deck)
    scale = [1] * (further + 1)
    for m in range(further - 1, -1, -1):
        scale[m] = scale[m + 1] * (n0 - m)
    values, target, explorer = ph.values, ph.target, ph.explorer
    wounds = ph.wounds or (0,) * len(values)
    kinds = range(len(values))
    weights = (objective.card, objective.point, objective.perfect, objective.wound)
    lcm = math.lcm(*(x.denominator for x in weights))
    w = [int(x * lcm) for x in weights]  # integer weights: comparisons stay exact and fast
    memo: dict = {}

    def value(st: tuple) -> int:
        return w[0] * st[0] + w[1] * st[1] + w[2] * st[2] + w[3] * st[4]

    def node(deck: tuple, m: int, total: int, cards: int, low: int, hurt: int) -> tuple[tuple, bool]:
        hit = memo.get(deck)
        if hit is not None:
            return hit
        child = scale[m + 1]
        acc = [0, 0, 0, 0, 0, 0]
        for k in kinds:
            c = deck[k]
            if not c:
                continue
            v = values[k]
            t = total + v
            lo = v if low == 0 or v < low else low
            if t > target:
                if explorer:
                    acc[0] += c * child
                    acc[1] += c * child * lo
                acc[3] += c * child
                continue
            h = hurt + wounds[k]
            if t == target:
                acc[0] += c * child * (cards + 1)
                acc[1] += c * child * t
                acc[2] += c * child
                acc[4] += c * child * h
                acc[5] += c * child
                continue
            sub, _ = node(deck[:k] + (c - 1,) + deck[k + 1:], m + 1, t, cards + 1, lo, h)
            for i in range(6):
                acc[i] += c * sub[i]
        here = scale[m]
        stop = (cards * here, total * here, 0, 0, hurt * here, here)
        draw = _decide(ph, threshold, total, cards, value(acc), value(stop))
        out = (tuple(acc), True) if draw else (stop, False)
        memo[deck] = out
        return out

    st, draw = node(ph.deck, 0, ph.total, ph.cards, ph.low, ph.hurt)
    stats = Stats(*(Fraction(x, scale[0]) for x in st))
    return Solution(objective.value(stats), stats, draw)


def _solve_fractions(ph: Phase, objective: Objective, threshold: int | None) -> Solution:
    """The recursion on Fractions (a deck that may run out and be rebuilt, or a known top card)."""
    memo: dict = {}
    values = ph.values
    kinds = range(len(values))
    target = ph.target

    def node(deck: tuple, discard: tuple, total: int, cards: int, low: int, hurt: int, top: int) -> Solution:
        key = (deck, discard, total, cards, top)
        hit = memo.get(key)
        if hit is not None:
            return hit
        if not any(deck) and any(discard):
            deck, discard = discard, tuple(0 for _ in discard)
        stop = _terminal(ph, "stop", total, cards, low, hurt)
        n = sum(deck)
        if n == 0:  # deck and discard empty: the drawer must stop, a success
            out = Solution(objective.value(stop), stop, False)
            memo[key] = out
            return out
        acc = Stats(ZERO, ZERO, ZERO, ZERO, ZERO, ZERO)
        outcomes = [(top, ONE)] if top >= 0 else [(k, Fraction(deck[k], n)) for k in kinds if deck[k]]
        for k, p in outcomes:
            v = values[k]
            t, c = total + v, cards + 1
            lo = v if low == 0 else min(low, v)
            h = hurt + ph.wound(k)
            if t > target:
                res = _terminal(ph, "bust", t, c, lo, h)
            elif t == target:
                res = _terminal(ph, "perfect", t, c, lo, h)
            else:
                nd = deck[:k] + (deck[k] - 1,) + deck[k + 1:]
                res = node(nd, discard, t, c, lo, h, -1).stats
            acc = _add(acc, res, p)
        draw_value, stop_value = objective.value(acc), objective.value(stop)
        draw = _decide(ph, threshold, total, cards, draw_value, stop_value)
        out = Solution(draw_value, acc, True) if draw else Solution(stop_value, stop, False)
        memo[key] = out
        return out

    return node(ph.deck, ph.discard, ph.total, ph.cards, ph.low, ph.hurt, ph.top)


def compare_thresholds(ph: Phase, objective: Objective = CARDS, thresholds: range = range(0, 6)) -> dict:
    """{'optimal': Solution, k: Solution for 'stop at target - k'} for a lesson's comparison table."""
    out: dict = {"optimal": solve(ph, objective)}
    for k in thresholds:
        out[k] = solve(ph, objective, k)
    return out


class Advice(NamedTuple):
    """The value of stopping now, of drawing once more (then playing on optimally), and the better of the two."""

    stop: Fraction | None
    draw: Fraction
    best: str


def stop_or_draw(ph: Phase, objective: Objective = CARDS) -> Advice:
    """The value of each choice now for ``objective`` (stop is None before the first card: drawing is forced)."""
    n = sum(ph.deck) if any(ph.deck) else sum(ph.discard)
    if ph.top < 0 and n == 0:
        value = objective.value(_terminal(ph, "stop", ph.total, ph.cards, ph.low, ph.hurt))
        return Advice(value, value, "stop")
    deck, discard = (ph.deck, ph.discard) if any(ph.deck) or ph.top >= 0 else (ph.discard, (0,) * len(ph.discard))
    outcomes = [(ph.top, ONE)] if ph.top >= 0 else [(k, Fraction(c, n)) for k, c in enumerate(deck) if c]
    draw = ZERO
    for k, p in outcomes:
        v = ph.values[k]
        t, c, lo, h = ph.total + v, ph.cards + 1, (v if ph.low == 0 else min(ph.low, v)), ph.hurt + ph.wound(k)
        if t >= ph.target:
            draw += p * objective.value(_terminal(ph, "bust" if t > ph.target else "perfect", t, c, lo, h))
        else:
            nd = deck[:k] + (deck[k] - 1,) + deck[k + 1:]
            sub = dataclasses.replace(ph, deck=nd, discard=discard, total=t, cards=c, low=lo, hurt=h, top=-1)
            draw += p * solve(sub, objective).value
    if ph.cards == 0:
        return Advice(None, draw, "draw")
    stop = objective.value(_terminal(ph, "stop", ph.total, ph.cards, ph.low, ph.hurt))
    return Advice(stop, draw, "draw" if draw > stop else "stop")


def decision_table(ph: Phase, objective: Objective = CARDS, threshold: int | None = None) -> dict[int, tuple]:
    """For each total below the target: (P(the phase reaches it and the policy draws), P(... and stops)).

    The lesson's table of a policy: exact probabilities over every way the deck can come, so that
    ``sum(stops) + stats.perfect + stats.bust (+ a forced stop on empty decks) == 1``.
    """
    table: dict[int, list] = {}

    def walk(sub: Phase, p: Fraction) -> None:
        if sub.top < 0 and not any(sub.deck) and not any(sub.discard):
            return  # a forced stop: not a decision
        if sub.top < 0 and not any(sub.deck):
            sub = dataclasses.replace(sub, deck=sub.discard, discard=tuple(0 for _ in sub.discard))
        draw = solve(sub, objective, threshold).draw
        if sub.cards:
            row = table.setdefault(sub.total, [ZERO, ZERO])
            row[0 if draw else 1] += p
        if not draw:
            return
        n = sum(sub.deck)
        outcomes = [(sub.top, ONE)] if sub.top >= 0 else [(k, Fraction(c, n)) for k, c in enumerate(sub.deck) if c]
        for k, q in outcomes:
            v = sub.values[k]
            if sub.total + v >= sub.target:
                continue
            deck = sub.deck[:k] + (sub.deck[k] - 1,) + sub.deck[k + 1:]
            walk(dataclasses.replace(sub, deck=deck, total=sub.total + v, cards=sub.cards + 1,
                                     low=v if sub.low == 0 else min(sub.low, v), hurt=sub.hurt + sub.wound(k),
                                     top=-1), p * q)

    walk(ph, ONE)
    return {t: tuple(row) for t, row in sorted(table.items())}


# --------------------------------------------------------------------------------------------
# Phases from a position, as one seat knows it
# --------------------------------------------------------------------------------------------
def _grouped(faces: list[int], key) -> Counter:
    return Counter(key(f) for f in faces)


def exploration_phase(state: HorlogerieState, player: int | None = None, target: int | None = None) -> Phase:
    """The explorer's phase now (or a fresh one): kinds are card values; ``player``'s Spyglass look is used."""
    ex = state.comp.exploration
    values = tuple(sorted(set(ex.value)))
    deck = _grouped(state.exp_deck, lambda f: ex.value[f])
    discard = _grouped(state.exp_discard, lambda f: ex.value[f])
    table = [ex.value[f] for f in state.exp_table] if state.step in (EXPLORE, EXPLORE_DRAW) else []
    top = -1
    if state.exp_top >= 0 and player is not None and player in state.exp_seen:
        top = values.index(ex.value[state.exp_top])
    return Phase(values=values, deck=tuple(deck[v] for v in values), discard=tuple(discard[v] for v in values),
                 target=state.exploration_value() if target is None else target, total=sum(table),
                 cards=len(table), low=min(table, default=0), explorer=True, top=top,
                 labels=tuple(str(v) for v in values))


def danger_phase(state: HorlogerieState, player: int | None = None, target: int | None = None,
                 terrains: int | None = None) -> Phase:
    """The left neighbour's Danger phase (the mirror problem): kinds are (level, wounds if drawn now)."""
    dg = state.comp.danger
    bits = state.explored_terrains() if terrains is None else terrains

    def kind(f: int) -> tuple[int, int]:
        return dg.level[f], dg.wounds[f] if dg.terrains[f] & bits else 0

    allk = sorted({kind(f) for f in range(len(dg.names))})
    deck = _grouped(state.dan_deck, kind)
    discard = _grouped(state.dan_discard, kind)
    table = state.dan_table if state.step in (DANGER, DANGER_DRAW) else []
    top = -1
    if state.dan_top >= 0 and player is not None and player in state.dan_seen:
        top = allk.index(kind(state.dan_top))
    lv = [dg.level[f] for f in table]
    return Phase(values=tuple(k[0] for k in allk), wounds=tuple(k[1] for k in allk),
                 deck=tuple(deck[k] for k in allk), discard=tuple(discard[k] for k in allk),
                 target=state.explored_sum() if target is None else target, total=sum(lv), cards=len(lv),
                 low=min(lv, default=0), hurt=sum(kind(f)[1] for f in table), explorer=False, top=top,
                 labels=tuple(f"L{a}/{b}w" for a, b in allk))


def vp_per_point(state: HorlogerieState) -> Fraction:
    """Victory points per exploration point over the ordinary missions (a card's worth for the VP objective)."""
    ms = state.comp.missions
    need = sum(a for r in ms.requirements for _, a in r)
    vp = sum(v for v, r in zip(ms.vp, ms.requirements) if r)
    return Fraction(vp, need) if need else ZERO


def turn_objective(state: HorlogerieState) -> Objective:
    """Expected VP of the turn: exploration points kept at the missions' rate, plus the cheapest find if perfect."""
    cheap = state.cheapest_in_grid()
    find = state.comp.missions.vp[cheap[0]] if cheap else 0
    return Objective(point=vp_per_point(state), perfect=Fraction(find))


def expected_wounds(state: HorlogerieState, player: int | None = None, threshold: int | None = None) -> Fraction:
    """Expected wounds of the Danger phase now (optimal wound-maximising drawer, or a threshold drawer)."""
    return solve(danger_phase(state, player), WOUNDS, threshold).stats.wounds


__all__ = ["Objective", "Stats", "Phase", "NextCard", "Solution", "CARDS", "POINTS", "PERFECT", "WOUNDS", "next_card",
           "solve", "compare_thresholds", "decision_table", "Advice", "stop_or_draw", "exploration_phase", "danger_phase", "vp_per_point", "turn_objective",
           "expected_wounds"]
