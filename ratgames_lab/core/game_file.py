"""The game a position or match file names: its name, player count, seed and options, checked field by field."""
from __future__ import annotations

from typing import Any

from .data_option import check_file_options
from .errors import InvalidPositionError, brief
from .protocol import Game
from .registry import GAMES, load_game

POSITION_FORMAT = "ratgames_lab.position/1"
MATCH_FORMAT = "ratgames_lab.match/1"


def game_from_file(name: Any, players: Any, options: Any, seed: Any = 0, prefix: str = "") -> Game:
    """The Game a file names; data options must be data, never paths; InvalidPositionError names the field
    (``game``, ``players``, ``seed``, ``options`` or ``options.<name>``), after ``prefix``."""
    if not isinstance(name, str) or name not in GAMES:
        raise InvalidPositionError(f"unknown game {brief(name)} (known games: {', '.join(sorted(GAMES))})",
                                   f"{prefix}game")
    if options is None:
        options = {}
    cls = GAMES[name].game_class()
    check_file_options(cls.option_specs, options, f"{prefix}options")
    if not isinstance(players, int) or isinstance(players, bool):
        raise InvalidPositionError("must be a whole number", f"{prefix}players")
    if not cls.min_players <= players <= cls.max_players:
        raise InvalidPositionError(f"{cls.title} is for {cls.min_players}-{cls.max_players} players, not {players}",
                                   f"{prefix}players")
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) >= 2**63:
        raise InvalidPositionError("must be a whole number", f"{prefix}seed")
    for key, value in options.items():
        spec = cls.option_specs.get(key)
        if spec is None:
            known = ", ".join(sorted(cls.option_specs)) or "none"
            raise InvalidPositionError(f"unknown option for {cls.title} (known options: {known})",
                                       f"{prefix}options.{key}")
        try:
            spec.validate(key, value)
        except ValueError as exc:
            raise InvalidPositionError(str(exc), f"{prefix}options.{key}") from None
    try:
        return load_game(name, players=players, seed=seed, **options)
    except InvalidPositionError as exc:  # a data option's data
        raise InvalidPositionError(exc.reason, f"{prefix}options.{exc.field}") from None
    except ValueError as exc:  # options that are refused together
        raise InvalidPositionError(str(exc), f"{prefix}options") from None
