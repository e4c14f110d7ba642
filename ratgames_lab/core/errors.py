"""Error types shared by every game."""
from __future__ import annotations


class IllegalActionError(ValueError):
    """An action the rules forbid; ``rule`` names the rulebook section, the state is unchanged."""

    def __init__(self, message: str, rule: str):
        super().__init__(f"{message} [rule: {rule}]")
        self.rule = rule
        self.reason = message


class InvalidPositionError(ValueError):
    """A malformed or inconsistent position; ``field`` names the offending field."""

    def __init__(self, message: str, field: str):
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message
