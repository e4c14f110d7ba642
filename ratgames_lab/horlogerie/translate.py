"""L'Horlogerie des Rats's texts in the current language (gettext domain ``horlogerie``, catalogs in ``locale/``).

Names stay English in states, actions, events and data files; ``name`` translates one where it is shown (the French
names are the rulebook's), ``phrase`` a param of an event (cards, missions, finds, Horlogers, players, lists).
"""
from __future__ import annotations

import re
from typing import Any

from ..core.i18n import N_, bind, get_language
from ..core.translated import per_language

TEXT = bind("horlogerie", __file__)
_ = TEXT.gettext
ngettext = TEXT.ngettext
pgettext = TEXT.pgettext
npgettext = TEXT.npgettext
data_text = TEXT.data  # a name from the data files

__all__ = ["N_", "TEXT", "_", "data_text", "name", "ngettext", "npgettext", "pgettext", "phrase", "shown"]

MISSION = re.compile(r"^the (?P<ask>.+) mission$")
PLAYER = re.compile(r"\bPlayer (\d+)\b")


def _names() -> dict[str, str]:
    """The rulebook's names (literals, so the extraction sees them) in the current language."""
    return {
        "Swamp": pgettext("horlogerie", "Swamp"), "River": pgettext("horlogerie", "River"),
        "Jungle": pgettext("horlogerie", "Jungle"),
        "Compass": pgettext("horlogerie", "Compass"), "Amulet": pgettext("horlogerie", "Amulet"),
        "Spyglass": pgettext("horlogerie", "Spyglass"),
        "Collector": pgettext("horlogerie", "Collector"), "Cartographer": pgettext("horlogerie", "Cartographer"),
        "Great Expedition": pgettext("horlogerie", "Great Expedition"),
        "Scout": pgettext("horlogerie", "Scout"), "Porter": pgettext("horlogerie", "Porter"),
        "Artisan": pgettext("horlogerie", "Artisan"), "Guard": pgettext("horlogerie", "Guard"),
        "Warden": pgettext("horlogerie", "Warden"),
        "Exploration": pgettext("horlogerie", "Exploration"), "Danger": pgettext("horlogerie", "Danger"),
        "Horloger": pgettext("horlogerie", "Horloger"), "Mission": pgettext("horlogerie", "Mission"),
        "MISSION": pgettext("horlogerie", "MISSION"),
        "VP": pgettext("horlogerie", "VP"), "tapped": pgettext("horlogerie", "tapped"),
        "no card": pgettext("horlogerie", "no card"), "none": pgettext("horlogerie", "none"),
        "nobody": pgettext("horlogerie", "nobody"),
    }


def _names_and_words() -> tuple[dict[str, str], re.Pattern]:
    names = _names()
    words = sorted(names, key=len, reverse=True)
    return names, re.compile(r"\b(?:" + "|".join(re.escape(w) for w in words) + r")\b")


_table = per_language(_names_and_words)


def name(english: str) -> str:
    """A name of the table (a terrain, a find's power, an Horloger, a deck...) in the current language."""
    return _table()[0].get(english, english)


def phrase(text: str) -> str:
    """An event param in the current language: 'the Swamp 4 + River 3 mission', 'Compass (Swamp 3)', 'Player 2',
    'Swamp 1, River 3', 'Scout, Porter'... (the words of the table translated, the rest as it is)."""
    if get_language() == "en" or not text:
        return text
    m = MISSION.match(text)
    if m:
        return _("the {mission} mission").format(mission=phrase(m["ask"]))
    names, words = _table()
    text = PLAYER.sub(lambda p: _("Player {number}").format(number=p.group(1)), text)
    return words.sub(lambda w: names[w.group(0)], text)


def shown(value: Any) -> Any:
    """A value put in a sentence: a text in the current language, a number as it is."""
    return phrase(value) if isinstance(value, str) else value
