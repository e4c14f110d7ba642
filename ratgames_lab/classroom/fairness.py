"""Fair limits of the classroom server, counted in moving windows by the ``limits`` library.

* Wrong codes are counted per browser (its form cookie): a browser that typed too many waits a minute, the other
  browsers behind the same address (a school's NAT) are not touched.
* An address that types very many wrong codes is slowed down, never refused: its code checks go one at a time, a
  second apart, so the right code still gets in, a little later.
* New games are limited per address, well above a class's arrival (a whole class may share one address).
"""
from __future__ import annotations

from limits import RateLimitItemPerMinute
from limits.storage import MemoryStorage
from limits.strategies import MovingWindowRateLimiter


class Fairness:
    """The moving-window counters of one classroom server (in memory: they end with the server)."""

    def __init__(self, wrong_per_browser: int = 5, wrong_per_address: int = 30, games_per_address: int = 60):
        self._limiter = MovingWindowRateLimiter(MemoryStorage())
        self._wrong_browser = RateLimitItemPerMinute(wrong_per_browser)
        self._wrong_address = RateLimitItemPerMinute(wrong_per_address)
        self._games = RateLimitItemPerMinute(games_per_address)

    def browser_blocked(self, browser: str) -> bool:
        """True if this browser typed too many wrong codes in the last minute."""
        return not self._limiter.test(self._wrong_browser, "wrong-code-browser", browser)

    def address_slowed(self, address: str) -> bool:
        """True if this address typed so many wrong codes in the last minute that its checks are slowed down."""
        return not self._limiter.test(self._wrong_address, "wrong-code-address", address)

    def wrong_code(self, browser: str, address: str) -> None:
        """Count a wrong code typed in ``browser`` from ``address``."""
        self._limiter.hit(self._wrong_browser, "wrong-code-browser", browser)
        self._limiter.hit(self._wrong_address, "wrong-code-address", address)

    def new_game(self, address: str) -> bool:
        """Count a new game for ``address``; False (and not counted) if it had too many in the last minute."""
        return self._limiter.hit(self._games, "new-game", address)
