"""The conformance suite: the engine contract checked on every registered game, each of its declared variants
(``GameInfo.variants``), and every player count.

No per-game code: a game gets all of this by declaring itself (and its variants) in its about.py. A test takes
``game_count`` = (name, players, options) or ``game_variant`` = (name, options); ``options`` go to ``load_game``.
The checks that concern hidden information and chance follow each game's declaration (``GameInfo.information``,
``GameInfo.chance``). The toy games of ``toys/`` join the run when ``RATGAMES_TOY_GAMES`` names them (see there).
"""
from __future__ import annotations

import ratgames_lab as rl

from .toys import register_toy_games

register_toy_games()


def _label(name: str, variant: str) -> str:
    return f"{name}-{variant}" if variant else name


GAME_VARIANTS = [(name, label, options) for name in sorted(rl.GAMES)
                 for label, options in rl.GAMES[name].configurations()]
GAME_COUNTS = [(name, label, options, n) for name, label, options in GAME_VARIANTS for n in rl.GAMES[name].players]


def pytest_generate_tests(metafunc):
    if "game_count" in metafunc.fixturenames:
        metafunc.parametrize("game_count", [(g, n, o) for g, _, o, n in GAME_COUNTS],
                             ids=[f"{_label(g, v)}-{n}p" for g, v, _, n in GAME_COUNTS])
    if "game_variant" in metafunc.fixturenames:
        metafunc.parametrize("game_variant", [(g, o) for g, _, o in GAME_VARIANTS],
                             ids=[_label(g, v) for g, v, _ in GAME_VARIANTS])
