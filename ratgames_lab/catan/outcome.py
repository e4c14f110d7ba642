"""What the base game and the combined variant share about the outcome: the winner takes 1,
a game stopped by the turn cap is a draw; who holds a special card."""
from __future__ import annotations


class WinnerTakesAll:
    """Mixin for a Catan state with ``winner`` (-1: none) and ``vp(p)``."""

    __slots__ = ()

    def scores(self) -> list[int]:
        """Victory points per player."""
        return [self.vp(p) for p in range(self.players)]  # type: ignore[attr-defined]

    def returns(self) -> list[float]:
        """1 for the winner, 0 for the others; all 0 in a game stopped by the turn cap (a draw)."""
        n, winner = self.players, self.winner  # type: ignore[attr-defined]
        if winner < 0:
            return [0.0] * n
        return [1.0 if p == winner else 0.0 for p in range(n)]


def special_card_holder(values: list[int], holder: int, least: int) -> int:
    """Who holds a special card (Longest Road, the variant's Largest Army) after a change: the single player with
    the highest value of at least ``least``; the holder keeps it on a tie; if the holder loses it and several
    players tie for the lead, nobody holds it (-1)."""
    best = max(values)
    if best < least:
        return -1
    if holder >= 0 and values[holder] == best:
        return holder
    top = [p for p, v in enumerate(values) if v == best]
    return top[0] if len(top) == 1 else -1
