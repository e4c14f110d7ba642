"""Catan's texts in the current language (gettext domain ``catan``, catalogs in ``catan/locale``).

Names stay English in states, actions, events and data files; ``name`` translates one where it is shown, and
``say`` translates a template and the names and players in its params (the event texts use it).
"""
from __future__ import annotations

import re
from typing import Any, Callable

from ..core.i18n import N_, bind
from ..core.translated import per_language

TEXT = bind("catan", __file__)
_ = TEXT.gettext
ngettext = TEXT.ngettext
pgettext = TEXT.pgettext
npgettext = TEXT.npgettext
data_text = TEXT.data  # a name from the data files: data_text("Printer")

__all__ = ["N_", "Say", "TEXT", "_", "data_text", "name", "npgettext", "ngettext", "pgettext", "phrase", "player", "say", "shown", "words"]

PLAYER = re.compile(r"^Player (\d+)$")
AMOUNTS = re.compile(r"^(?:\d+ [A-Za-z ]+|\$\d+)(?: \+ (?:\d+ [A-Za-z ]+|\$\d+))*$")


def _names() -> dict[str, str]:
    """The table's names (written as literals so the extraction sees them), looked up in the current language."""
    return {
        # resources, terrains and harbours
        "brick": pgettext("catan", "brick"), "lumber": pgettext("catan", "lumber"),
        "wool": pgettext("catan", "wool"), "grain": pgettext("catan", "grain"), "ore": pgettext("catan", "ore"),
        "desert": pgettext("catan", "desert"), "gold": pgettext("catan", "gold"), "sea": pgettext("catan", "sea"),
        "swamp": pgettext("catan", "swamp"), "lake": pgettext("catan", "lake"),
        "market": pgettext("catan", "market"), "open sea": pgettext("catan", "open sea"),
        "castle": pgettext("catan", "castle"), "quarry": pgettext("catan", "quarry"),
        "glassworks": pgettext("catan", "glassworks"),
        # commodities and tracks (combined variant)
        "cloth": pgettext("catan", "cloth"), "coin": pgettext("catan", "coin"), "paper": pgettext("catan", "paper"),
        "trade": pgettext("catan", "trade"), "politics": pgettext("catan", "politics"),
        "science": pgettext("catan", "science"),
        # pieces
        "settlement": pgettext("catan", "settlement"), "city": pgettext("catan", "city"),
        "road": pgettext("catan", "road"), "ship": pgettext("catan", "ship"), "bridge": pgettext("catan", "bridge"),
        "knight": pgettext("catan", "knight"), "wall": pgettext("catan", "wall"),
        "metropolis": pgettext("catan", "metropolis"), "wagon": pgettext("catan", "wagon"),
        "none": pgettext("catan", "none"), "basic": pgettext("catan", "basic"),
        "strong": pgettext("catan", "strong"), "mighty": pgettext("catan", "mighty"),
        "tools": pgettext("catan", "tools"), "marble": pgettext("catan", "marble"),
        "sand": pgettext("catan", "sand"), "glass": pgettext("catan", "glass"),
        "robber": pgettext("catan", "robber"), "pirate": pgettext("catan", "pirate"),
        "land": pgettext("catan", "land"), "fields": pgettext("catan", "fields"),
        "mountains": pgettext("catan", "mountains"),
        # development cards and special cards
        "Knight": pgettext("catan", "Knight"), "Victory Point": pgettext("catan", "Victory Point"),
        "Road Building": pgettext("catan", "Road Building"), "Year of Plenty": pgettext("catan", "Year of Plenty"),
        "Monopoly": pgettext("catan", "Monopoly"), "Longest Road": pgettext("catan", "Longest Road"),
        "Largest Army": pgettext("catan", "Largest Army"),
        # progress cards (combined variant; data/progress_cards.json)
        "Alchemist": pgettext("catan", "Alchemist"), "Crane": pgettext("catan", "Crane"),
        "Engineer": pgettext("catan", "Engineer"), "Inventor": pgettext("catan", "Inventor"),
        "Irrigation": pgettext("catan", "Irrigation"), "Medicine": pgettext("catan", "Medicine"),
        "Mining": pgettext("catan", "Mining"), "Printer": pgettext("catan", "Printer"),
        "Smith": pgettext("catan", "Smith"), "Commercial Harbor": pgettext("catan", "Commercial Harbor"),
        "Master Merchant": pgettext("catan", "Master Merchant"), "Merchant": pgettext("catan", "Merchant"),
        "Merchant Fleet": pgettext("catan", "Merchant Fleet"),
        "Resource Monopoly": pgettext("catan", "Resource Monopoly"),
        "Trade Monopoly": pgettext("catan", "Trade Monopoly"), "Bishop": pgettext("catan", "Bishop"),
        "Constitution": pgettext("catan", "Constitution"), "Deserter": pgettext("catan", "Deserter"),
        "Diplomat": pgettext("catan", "Diplomat"), "Intrigue": pgettext("catan", "Intrigue"),
        "Saboteur": pgettext("catan", "Saboteur"), "Spy": pgettext("catan", "Spy"),
        "Warlord": pgettext("catan", "Warlord"), "Wedding": pgettext("catan", "Wedding"),
    }


_table = per_language(_names)
KNOWN = frozenset(_names())  # the English names (the keys of the table)


def name(english: str) -> str:
    """A name of the table (a resource, a terrain, a piece, a card...) in the current language."""
    return _table().get(english, english)


def player(text: str) -> str:
    """'Player 2' in the current language ('Joueur 2'); other texts unchanged."""
    m = PLAYER.match(text)
    return _("Player {number}").format(number=m.group(1)) if m else text


def phrase(text: str) -> str:
    """A param's text in the current language: a name, 'Player 2', '2 brick + 1 ore + $5', 'brick and ore',
    'nothing'; any other text unchanged."""
    known = KNOWN
    if text in known or PLAYER.match(text):
        return player(name(text))
    if text == "nothing":
        return _("nothing")
    if AMOUNTS.match(text):
        parts = [part.split(" ", 1) for part in text.split(" + ")]
        if all(len(part) == 1 or part[1] in known for part in parts):
            return " + ".join(part[0] if len(part) == 1 else f"{part[0]} {name(part[1])}" for part in parts)
    if " and " in text:
        parts = text.split(" and ")
        if all(part in known or PLAYER.match(part) for part in parts):
            return str(words(parts))
    return text


def words(value: Any) -> Any:
    """A param as the current language reads it: names and players translated, a list joined with 'and'
    ('nobody' if empty), a dict of counts as '2 brick + 1 cloth' ('nothing' if empty)."""
    if isinstance(value, str):
        return phrase(value)
    if isinstance(value, (list, tuple)):
        items = [str(words(v)) for v in value]
        if not items:
            return _("nobody")
        if len(items) == 1:
            return items[0]
        return _("{items} and {last}").format(items=", ".join(items[:-1]), last=items[-1])
    if isinstance(value, dict):
        return " + ".join(f"{n} {name(k)}" for k, n in value.items() if n) or _("nothing")
    return value


class Say(str):
    """An event template (English, marked with ``N_``) read in the current language with its params translated;
    ``plural`` (a function of the count, calling ``ngettext`` on literals) chooses the form by ``count`` param."""

    plural: Callable[[int], str] | None = None
    count: str = ""

    def __new__(cls, text: str, plural: Callable[[int], str] | None = None, count: str = "") -> "Say":
        obj = super().__new__(cls, text)
        obj.plural, obj.count = plural, count
        return obj

    def format(self, *args: Any, **params: Any) -> str:
        template = self.plural(params[self.count]) if self.plural else _(str(self))
        return str.format(template, *args, **{k: words(v) for k, v in params.items()})


def say(templates: dict[str, Any]) -> dict[str, Say]:
    """Event templates (``N_("...")`` or ``Say``) as ``Say`` templates."""
    return {k: v if isinstance(v, Say) else Say(v) for k, v in templates.items()}


def shown(value: Any) -> Any:
    """A value put in a sentence: a text (a name, a player, amounts) in the current language, a number as it is."""
    return phrase(value) if isinstance(value, str) else value
