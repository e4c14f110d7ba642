"""Exact-odds helpers: Fraction-valued distributions, hypergeometric draws, convolution, simulation."""
from __future__ import annotations

import math
import random
from collections import Counter
from fractions import Fraction
from itertools import combinations
from typing import Any, Callable, Hashable, Iterable, Mapping

Dist = dict  # {outcome: Fraction}, probabilities summing to exactly 1


def uniform(outcomes: Iterable[Hashable]) -> Dist:
    """Each outcome equally likely (repeats add up)."""
    counts = Counter(outcomes)
    total = sum(counts.values())
    return {k: Fraction(v, total) for k, v in counts.items()}


def hypergeom_pmf(k: int, population: int, successes: int, draws: int) -> Fraction:
    """P(exactly k successes) drawing ``draws`` without replacement from ``population``."""
    if k < 0 or k > draws or k > successes or draws - k > population - successes:
        return Fraction(0)
    return Fraction(math.comb(successes, k) * math.comb(population - successes, draws - k),
                    math.comb(population, draws))


def hypergeom(population: int, successes: int, draws: int) -> Dist:
    """The whole hypergeometric distribution as {k: Fraction}."""
    return {k: p for k in range(draws + 1) if (p := hypergeom_pmf(k, population, successes, draws))}


def convolve(a: Mapping[Any, Fraction], b: Mapping[Any, Fraction], op: Callable[[Any, Any], Any] = lambda x, y: x + y) -> Dist:
    """Distribution of op(X, Y) for independent X ~ a and Y ~ b."""
    out: Dist = {}
    for x, px in a.items():
        for y, py in b.items():
            key = op(x, y)
            out[key] = out.get(key, Fraction(0)) + px * py
    return out


def expectation(dist: Mapping[Any, Fraction], value: Callable[[Any], Any] = lambda x: x) -> Fraction:
    """E[value(X)] as an exact Fraction."""
    return sum((p * value(x) for x, p in dist.items()), Fraction(0))


def probability(dist: Mapping[Any, Fraction], event: Callable[[Any], bool]) -> Fraction:
    """P(event(X))."""
    return sum((p for x, p in dist.items() if event(x)), Fraction(0))


def check_dist(dist: Mapping[Any, Fraction]) -> None:
    """Raise ValueError unless the probabilities are non-negative Fractions summing to exactly 1."""
    if any(not isinstance(p, Fraction) or p < 0 for p in dist.values()):
        raise ValueError("probabilities must be non-negative Fractions")
    if sum(dist.values(), Fraction(0)) != 1:
        raise ValueError(f"probabilities sum to {sum(dist.values(), Fraction(0))}, not 1")


def subsets_probability(pool: list, size: int, event: Callable[[tuple], bool]) -> Fraction:
    """P(event) over a uniformly random ``size``-subset of ``pool``, by enumeration."""
    hits = total = 0
    for combo in combinations(pool, size):
        total += 1
        hits += bool(event(combo))
    return Fraction(hits, total) if total else Fraction(int(bool(event(()))))


def simulate(fn: Callable[[random.Random], Hashable], n: int, seed: int = 0) -> dict:
    """Empirical distribution {outcome: frequency} of ``fn(rng)`` over ``n`` seeded trials."""
    rng = random.Random(seed)
    counts = Counter(fn(rng) for _ in range(n))
    return {k: v / n for k, v in counts.items()}


def running_frequency(fn: Callable[[random.Random], bool], n: int, seed: int = 0) -> list[float]:
    """Frequency of True after each of ``n`` seeded trials (for convergence charts)."""
    rng = random.Random(seed)
    hits = 0
    out = []
    for i in range(1, n + 1):
        hits += bool(fn(rng))
        out.append(hits / i)
    return out


def tolerance(p: float, n: int, sigmas: float = 4.0) -> float:
    """A safe tolerance for comparing a simulated frequency over ``n`` trials with exact ``p``."""
    return sigmas * math.sqrt(max(p * (1 - p), 1e-12) / n) + 1e-9
