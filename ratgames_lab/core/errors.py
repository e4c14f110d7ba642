"""Error types shared by every game, and ``brief``: how any message shows a value it received."""
from __future__ import annotations

import reprlib
from typing import Any

BRIEF = 80  # an echoed value is cut to about this many characters (a 10 MB string must not make a 10 MB message)


_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxlist, _SHORT.maxtuple, _SHORT.maxdict, _SHORT.maxset = 3, 8, 8, 6, 6
_SHORT.maxstring, _SHORT.maxlong, _SHORT.maxother = BRIEF, 40, BRIEF


def brief(value: Any, limit: int = BRIEF) -> str:
    """``repr(value)`` cut to about ``limit`` characters (with the size of a long string, list or object)."""
    try:
        text = _SHORT.repr(value)
    except Exception:  # noqa: BLE001 - a value that cannot show itself
        text = f"<{type(value).__name__}>"
    long = isinstance(value, (str, list, tuple, dict, set)) and len(value) > limit // 4 and "..." in text
    if len(text) > limit:
        text = text[:limit - 3] + "..."
    if long:
        text += f" ({len(value)} {'characters' if isinstance(value, str) else 'entries'})"
    return text


def _capped(message: str, limit: int = 5 * BRIEF) -> str:
    """A whole message cut to about ``limit`` characters (the net under every message a game writes itself)."""
    return message if len(message) <= limit else f"{message[:limit]}... (cut)"


def brief_name(text: str, limit: int = BRIEF) -> str:
    """A field path or a name from a file, cut like ``brief`` (without quotes)."""
    return text if len(text) <= limit else f"{text[:limit]}..."


class IllegalActionError(ValueError):
    """An action the rules forbid; ``rule`` names the rulebook section, the state is unchanged."""

    def __init__(self, message: str, rule: str):
        message = _capped(message)
        super().__init__(f"{message} [rule: {rule}]")
        self.rule = rule
        self.reason = message


class InvalidPositionError(ValueError):
    """A malformed or inconsistent position; ``field`` names the offending field (cut if a file made it huge)."""

    def __init__(self, message: str, field: str):
        field = brief_name(field) if isinstance(field, str) else field
        message = _capped(message)
        super().__init__(f"{field}: {message}")
        self.field = field
        self.reason = message
