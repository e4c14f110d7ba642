"""Editable data as a game option (a board, a token set, a card table): validated like positions.

The value of a data option is None (the shipped file), a dict (the data itself) or, from the Python API and the
CLI's own arguments only, a path. A position or match file carries data options only as data, never as paths.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from .errors import InvalidPositionError, brief
from .jsonio import read_json_file
from .protocol import OptionSpec


class DataOption(OptionSpec):
    """An option holding editable data: ``build(dict)`` validates it (InvalidPositionError naming the field)."""

    def __init__(self, build: Callable[[dict], Any], default: Any, dump: Callable[[Any], dict], help: str):
        super().__init__(None, help=help)
        self.build, self.default_value, self.dump = build, default, dump

    def validate(self, name: str, value: Any) -> Any:
        """None, a dict, or a path (str or Path) from the Python API."""
        if isinstance(value, Path):
            value = str(value)
        if value is not None and not isinstance(value, (str, dict)):
            raise ValueError(f"option {name}={brief(value)} must be a path, a dict or None")
        return value

    def load(self, name: str, value: Any) -> Any:
        """The validated data object; InvalidPositionError names the option and the bad field."""
        if value is None:
            return self.default_value
        try:
            data = read_json_file(value, "file") if isinstance(value, str) else value
            return self.build(data)
        except InvalidPositionError as exc:
            raise InvalidPositionError(f"option {name}: {exc.reason}", f"{name}.{exc.field}") from None


def data_options(option_specs: dict) -> dict[str, DataOption]:
    """The data options among a game's option specs."""
    return {k: v for k, v in option_specs.items() if isinstance(v, DataOption)}


def check_file_options(option_specs: dict, options: Any, field: str = "options") -> None:
    """Options read from a file: a data option must be the data itself (or null), never a path."""
    if not isinstance(options, dict):
        raise InvalidPositionError(f"must be an object, not {type(options).__name__}", field)
    for key in data_options(option_specs):
        if isinstance(options.get(key), str):
            raise InvalidPositionError("a data option in a file must be the data itself, not a path",
                                       f"{field}.{key}")
