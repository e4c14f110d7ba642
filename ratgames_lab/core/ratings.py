"""Ratings for tournaments: OpenSkill's Plackett-Luce model (a maintained, multiplayer TrueSkill-like rating)."""
from __future__ import annotations

from typing import Sequence

from openskill.models import PlackettLuce


def rate_games(entrants: int, games: Sequence[tuple[Sequence[int], Sequence[float]]]) -> list[tuple[float, float]]:
    """(mu, sigma) of each entrant after the games, in order; a game is (entrant at each seat, return of each seat).

    An entrant at several seats of one game counts once, with the mean of its seats' returns; a higher return is
    a better rank, equal returns tie; a game with a single entrant changes nothing.
    """
    model = PlackettLuce()
    ratings = [model.rating() for _ in range(entrants)]
    for seats, returns in games:
        result: dict[int, list[float]] = {}
        for entrant, value in zip(seats, returns):
            result.setdefault(entrant, []).append(float(value))
        if len(result) < 2:
            continue
        who = sorted(result)
        means = [sum(result[e]) / len(result[e]) for e in who]
        order = sorted(set(means), reverse=True)
        ranks = [order.index(m) + 1 for m in means]
        new = model.rate([[ratings[e]] for e in who], ranks=ranks)
        for e, team in zip(who, new):
            ratings[e] = team[0]
    return [(r.mu, r.sigma) for r in ratings]
