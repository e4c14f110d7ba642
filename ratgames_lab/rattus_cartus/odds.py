"""Exact odds for Rattus Cartus (Fractions): the nun row, Bayes after looks and seen cards, survival, the Sword.

The nun row is 5 cards drawn without replacement from the Population cards: the number of cards of each nun value
is multivariate hypergeometric, and the nun total is a sum over those counts. Every function works on a pool given
as {nun value: number of cards}, so that it applies to the whole deck, to reduced decks (for the lessons and the
tests) and to the cards a player has not seen.
"""
from __future__ import annotations

import math
from fractions import Fraction
from functools import lru_cache
from typing import Mapping

Dist = dict  # {outcome: Fraction}


def _key(pool: Mapping[int, int]) -> tuple[tuple[int, int], ...]:
    return tuple(sorted((v, c) for v, c in pool.items() if c > 0))


def compositions(pool: Mapping[int, int], draws: int):
    """Every way to draw ``draws`` cards by nun value: yields ({value: k}, probability) (multivariate hypergeometric)."""
    items = _key(pool)
    total = sum(c for _, c in items)
    if draws > total:
        raise ValueError(f"cannot draw {draws} cards from {total}")
    denom = math.comb(total, draws)

    def rec(i: int, left: int):
        if i == len(items):
            if left == 0:
                yield {}, 1
            return
        v, c = items[i]
        for k in range(min(c, left) + 1):
            for rest, ways in rec(i + 1, left - k):
                yield {**({v: k} if k else {}), **rest}, ways * math.comb(c, k)

    for comp, ways in rec(0, draws):
        yield comp, Fraction(ways, denom)


@lru_cache(maxsize=512)
def _sum_dist(items: tuple[tuple[int, int], ...], draws: int) -> tuple[tuple[int, Fraction], ...]:
    out: dict[int, Fraction] = {}
    for comp, p in compositions(dict(items), draws):
        s = sum(v * k for v, k in comp.items())
        out[s] = out.get(s, Fraction(0)) + p
    return tuple(sorted(out.items()))


def nun_sum_distribution(pool: Mapping[int, int], draws: int = 5, known: int = 0) -> Dist:
    """P(nun total = t) when ``draws`` cards come from ``pool`` and ``known`` nuns are already known (looked at)."""
    return {known + s: p for s, p in _sum_dist(_key(pool), draws)}


def at_least(dist: Mapping[int, Fraction], t: int) -> Fraction:
    """P(X >= t)."""
    return sum((p for x, p in dist.items() if x >= t), Fraction(0))


def survival(rats: int, dist: Mapping[int, Fraction]) -> Fraction:
    """P(survive) with this many rats: the row's nuns must be at least the rats (end.plague)."""
    return at_least(dist, rats)


def population_pool(comp) -> dict[int, int]:
    """{nun value: cards} of all the Population cards of a game's data (24/12/12/12/24 shipped)."""
    out: dict[int, int] = {}
    for v in comp.nuns:
        out[v] = out.get(v, 0) + 1
    return out


def row_distribution(comp) -> Dist:
    """The nun total of the row before any look: 5 cards from all the Population cards."""
    return nun_sum_distribution(population_pool(comp), comp.row_size)


def remove_seen(pool: Mapping[int, int], seen_values) -> dict[int, int]:
    """The pool after seeing these cards elsewhere (in a hand, on the table, in the discard): they are not in the row."""
    out = dict(pool)
    for v in seen_values:
        if out.get(v, 0) <= 0:
            raise ValueError(f"no card with {v} nuns left to remove")
        out[v] -= 1
    return out


def after_looks(pool: Mapping[int, int], looked_values, row_size: int = 5) -> Dist:
    """Bayes after looking at row cards: their nuns are known, the others come from the rest of the pool."""
    rest = remove_seen(pool, looked_values)
    return nun_sum_distribution(rest, row_size - len(looked_values), known=sum(looked_values))


def player_view(state, player: int) -> tuple[dict[int, int], list[int]]:
    """(pool of the cards that may lie in the row's unlooked places, by nun value; nun values ``player`` looked at).

    The pool is the one deal of ``state.hidden_worlds(player)``: the Population cards this player never saw (not in
    their hand, not given to or by them, not revealed, not in the discard, not looked at).
    """
    comp = state.comp
    looked = [comp.nuns[state.row[i]] for i in state.looks[player]]
    (deal,) = state.hidden_worlds(player).deals
    pool: dict[int, int] = {}
    for c in deal.items:
        pool[comp.nuns[c]] = pool.get(comp.nuns[c], 0) + 1
    return pool, looked


def player_row_distribution(state, player: int) -> Dist:
    """The nun total of the row given everything ``player`` can know (own cards and looks, all public cards)."""
    pool, looked = player_view(state, player)
    return nun_sum_distribution(pool, state.comp.row_size - len(looked), known=sum(looked))


def survival_table(dist: Mapping[int, Fraction], rats_range=range(0, 21)) -> dict[int, Fraction]:
    """P(survive | r rats) for each r."""
    return {r: survival(r, dist) for r in rats_range}


def farm_survival(pool: Mapping[int, int], looked_values, rats: int, cards: int = 4,
                  row_size: int = 5) -> Dist:
    """After drawing ``cards`` unseen cards (they are not in the row): the distribution of P(survive | rats).

    Its mean equals today's P(survive): seeing cards refines the estimate but does not move it on average.
    """
    rest = remove_seen(pool, looked_values)
    hidden = row_size - len(looked_values)
    known = sum(looked_values)
    out: dict[Fraction, Fraction] = {}
    for drawn, p in compositions(rest, cards):
        after = {v: c - drawn.get(v, 0) for v, c in rest.items()}
        ps = survival(rats, nun_sum_distribution(after, hidden, known))
        out[ps] = out.get(ps, Fraction(0)) + p
    return out


def monastery_vs_farm(pool: Mapping[int, int], looked_values, rats: int, row_size: int = 5) -> dict:
    """Survival with today's rats, after a Monastery's 2 discarded rats, and on average after a Farm's 4 cards."""
    dist = after_looks(pool, looked_values, row_size)
    farm = farm_survival(pool, looked_values, rats, 4, row_size)
    return {"now": survival(rats, dist), "monastery": survival(max(rats - 2, 0), dist),
            "farm_mean": sum((v * p for v, p in farm.items()), Fraction(0)), "farm": farm}


def hypergeom(population: int, successes: int, draws: int) -> Dist:
    """P(k successes) drawing ``draws`` of ``population`` without replacement."""
    d = math.comb(population, draws)
    return {k: Fraction(math.comb(successes, k) * math.comb(population - successes, draws - k), d)
            for k in range(max(0, draws - population + successes), min(successes, draws) + 1)}


def sword_outcome(my_swords: int, my_hand: int, opp_hand: int, opp_swords_in_hand: int, opp_places: int) -> Dist:
    """Cards I gain (+) or give (-) when my ``my_swords`` Swords meet one opponent in a building.

    The opponent places ``opp_places`` of their ``opp_hand`` cards at random, ``opp_swords_in_hand`` of them Swords;
    ``my_hand`` is my hand after placing. More Swords than the opponent: I receive half their remaining hand
    (rounded down); fewer: I give half of mine; as many: nothing (resolution.sword).
    """
    out: dict[int, Fraction] = {}
    left = opp_hand - opp_places
    for k, p in hypergeom(opp_hand, opp_swords_in_hand, opp_places).items():
        gain = left // 2 if my_swords > k else (-(my_hand // 2) if my_swords < k else 0)
        out[gain] = out.get(gain, Fraction(0)) + p
    return out


def survival_now(state, player: int) -> Fraction:
    """P(``player`` survives with their current rats), given everything they have seen (the dashboard's gauge)."""
    return survival(state.rats[player], player_row_distribution(state, player))
