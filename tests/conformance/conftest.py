"""The conformance suite: the engine contract checked on every registered game and player count.

No per-game code: a game gets all of this by declaring itself in its about.py.
"""
from __future__ import annotations

import ratgames_lab as rl

GAME_COUNTS = [(name, n) for name in sorted(rl.GAMES) for n in rl.GAMES[name].players]


def pytest_generate_tests(metafunc):
    if "game_count" in metafunc.fixturenames:
        metafunc.parametrize("game_count", GAME_COUNTS, ids=[f"{g}-{n}p" for g, n in GAME_COUNTS])
    if "game_name" in metafunc.fixturenames:
        metafunc.parametrize("game_name", sorted(rl.GAMES))
