"""Plurals in user-visible text: ``count(1, "nun")`` is '1 nun', ``fix_plurals("2 card(s)")`` is '2 cards'."""
from __future__ import annotations

import re

IRREGULAR = {"city": "cities", "metropolis": "metropolises", "wolf": "wolves", "discovery": "discoveries",
             "library": "libraries", "army": "armies", "is": "are", "was": "were"}
_MARKED = re.compile(r"\b(\d+) ((?:[a-z]+ )?[A-Za-z][\w'-]*)\((s|es)\)")  # '2 unspent point(s)' too
_LEFT = re.compile(r"(\w+)\((s|es)\)")


def plural(n: int, one: str, many: str | None = None) -> str:
    """The noun for ``n`` things: plural('nun', 1) -> 'nun', plural('city', 2) -> 'cities'."""
    if n == 1:
        return one
    return many or IRREGULAR.get(one) or (one[:-1] + "ies" if one.endswith("y") and one[-2:-1] not in "aeiou"
                                          else one + "s")


def count(n: int, one: str, many: str | None = None) -> str:
    """'1 nun', '4 nuns', '0 cities'."""
    return f"{n} {plural(n, one, many)}"


def fix_plurals(text: str) -> str:
    """Resolve '(s)' marks: '1 card(s)' -> '1 card', '2 card(s)' -> '2 cards', a lone 'card(s)' -> 'cards'."""
    if "(" not in text:
        return text
    text = _MARKED.sub(lambda m: f"{m.group(1)} {m.group(2)}" + ("" if m.group(1) == "1" else m.group(3)), text)
    return _LEFT.sub(lambda m: m.group(1) + m.group(2), text)
