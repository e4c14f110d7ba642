"""Rattus' texts in the current language: the ``rattus`` gettext domain (catalogs in locale/ beside this file).

States, actions and events keep the English names ("Red", "Monk", "Castle"); these helpers show them as the French
rulebook prints them ("Rouge", "Moine", "Château") where a text is made. Region names are the board's own.
"""
from __future__ import annotations

import re

from ..core.i18n import N_, bind

TEXT = bind("rattus", __file__)
_, ngettext, pgettext, npgettext = TEXT.gettext, TEXT.ngettext, TEXT.pgettext, TEXT.npgettext
data_text = TEXT.data  # a name from data/components.json (colours, classes, symbols): data_text("Monk")

CASTLE = N_("Castle")
_COLOURS = re.compile(r"\b(Red|Yellow|Green|Blue)\b")
_NAMED = ("player", "other", "tied", "scores")  # params that hold players' colours


def colour_text(text: str) -> str:
    """Every colour name in ``text`` ('Red', 'Red and Blue', 'Red 12, Blue 9') in the current language."""
    return _COLOURS.sub(lambda m: data_text(m.group(1)), text)


def place_text(name: str) -> str:
    """A region's name, or the Castle, in the current language."""
    return _(CASTLE) if name == CASTLE else name


plural_index = TEXT.plural_index  # 0 (singular) or 1 (plural) for n in the current language


def shown_params(params: dict) -> dict:
    """An event's params with the names in the current language (colours, class cards, symbols, the Castle)."""
    shown = dict(params)
    for key, value in params.items():
        if not isinstance(value, str):
            continue
        if key in _NAMED:
            shown[key] = colour_text(value)
        elif key in ("card", "symbol"):
            shown[key] = data_text(value)
        elif key in ("region", "source", "target", "start", "via", "to", "a", "b"):
            shown[key] = place_text(value)
    return shown


__all__ = ["N_", "TEXT", "_", "ngettext", "pgettext", "npgettext", "data_text", "colour_text", "place_text",
           "plural_index", "shown_params"]
