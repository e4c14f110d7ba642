"""What a finished Catan game returns, the same in the base game and the combined variant: the winner takes 1,
a game stopped by the turn cap is a draw."""
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
