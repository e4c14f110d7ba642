"""Rattus Cartus's texts in the current language (gettext domain ``rattus_cartus``, catalogs in ``locale/``).

Names stay English in states, actions, events and data files; ``name`` translates one where it is shown (the French
names are the rulebook's), ``phrase`` a param of an event (a colour, a card or building label, a list of them).
"""
from __future__ import annotations

import re
from typing import Any

from ..core.i18n import N_, bind
from ..core.translated import per_language

TEXT = bind("rattus_cartus", __file__)
_ = TEXT.gettext
ngettext = TEXT.ngettext
pgettext = TEXT.pgettext
npgettext = TEXT.npgettext
data_text = TEXT.data  # a name from the data files

__all__ = ["N_", "TEXT", "_", "card_text", "data_text", "name", "npgettext", "ngettext", "pgettext", "phrase", "shown"]

CARD = re.compile(r"^(?P<person>[A-Z][\w' -]*?) \((?P<n>\d+) nuns?\)$")
BUILDING = re.compile(r"^(?P<type>[A-Z][\w' -]*?) \(support: (?P<support>[^)]*)\)$")
SIZE = re.compile(r"^(?P<who>[A-Z][a-z]+) (?P<n>\d+)$")


def _names() -> dict[str, str]:
    """The rulebook's names (literals, so the extraction sees them) in the current language."""
    return {
        # classes and their persons
        "Peasantry": pgettext("rattus_cartus", "Peasantry"), "Peasant": pgettext("rattus_cartus", "Peasant"),
        "Bourgeoisie": pgettext("rattus_cartus", "Bourgeoisie"), "Merchant": pgettext("rattus_cartus", "Merchant"),
        "Clergy": pgettext("rattus_cartus", "Clergy"), "Monk": pgettext("rattus_cartus", "Monk"),
        "Chivalry": pgettext("rattus_cartus", "Chivalry"), "Knight": pgettext("rattus_cartus", "Knight"),
        "Magic": pgettext("rattus_cartus", "Magic"), "Witch": pgettext("rattus_cartus", "Witch"),
        "Nobility": pgettext("rattus_cartus", "Nobility"), "King": pgettext("rattus_cartus", "King"),
        # special cards and tokens
        "Joker": pgettext("rattus_cartus", "Joker"), "Sword": pgettext("rattus_cartus", "Sword"),
        "Flute": pgettext("rattus_cartus", "Flute"), "Pass": pgettext("rattus_cartus", "Pass"),
        "Gold": pgettext("rattus_cartus", "Gold"), "VP token": pgettext("rattus_cartus", "VP token"),
        # buildings
        "Farm": pgettext("rattus_cartus", "Farm"), "Brewery": pgettext("rattus_cartus", "Brewery"),
        "Market": pgettext("rattus_cartus", "Market"), "Administration": pgettext("rattus_cartus", "Administration"),
        "Monastery": pgettext("rattus_cartus", "Monastery"), "Hospital": pgettext("rattus_cartus", "Hospital"),
        "Castle": pgettext("rattus_cartus", "Castle"), "Guard Tower": pgettext("rattus_cartus", "Guard Tower"),
        "Fortune-teller's Tent": pgettext("rattus_cartus", "Fortune-teller's Tent"),
        "Piper's Hut": pgettext("rattus_cartus", "Piper's Hut"), "Palace": pgettext("rattus_cartus", "Palace"),
        "Treasury": pgettext("rattus_cartus", "Treasury"),
        # support actions (data/buildings.json)
        "draw 4 population cards": pgettext("rattus_cartus", "draw 4 population cards"),
        "discard 2 rats": pgettext("rattus_cartus", "discard 2 rats"),
        "draw 2 population cards and look at 1 nun-row card":
            pgettext("rattus_cartus", "draw 2 population cards and look at 1 nun-row card"),
        "draw 2 population cards and discard 1 rat":
            pgettext("rattus_cartus", "draw 2 population cards and discard 1 rat"),
        "discard 1 rat and look at 1 nun-row card":
            pgettext("rattus_cartus", "discard 1 rat and look at 1 nun-row card"),
        # player colours
        "Red": pgettext("rattus_cartus", "Red"), "Yellow": pgettext("rattus_cartus", "Yellow"),
        "Green": pgettext("rattus_cartus", "Green"), "Blue": pgettext("rattus_cartus", "Blue"),
        "Purple": pgettext("rattus_cartus", "Purple"),
        # the building actions and the end
        "privilege": pgettext("rattus_cartus", "privilege"), "basic action": pgettext("rattus_cartus", "basic action"),
        "survives": pgettext("rattus_cartus", "survives"),
        "dies of the plague": pgettext("rattus_cartus", "dies of the plague"),
        "nobody": pgettext("rattus_cartus", "nobody"), "nothing": pgettext("rattus_cartus", "nothing"),
    }


_table = per_language(_names)


def name(english: str) -> str:
    """A name of the table (a class, a card, a building, a colour...) in the current language."""
    return _table().get(english, english)


def card_text(person: str, nuns: int) -> str:
    """'Knight (4 nuns)', 'Witch (1 nun)' in the current language."""
    return ngettext("{person} ({n} nun)", "{person} ({n} nuns)", nuns).format(person=name(person), n=nuns)


def building_text(building: str, support: str) -> str:
    """'Monastery (support: discard 2 rats)' in the current language."""
    return _("{building} (support: {support})").format(building=name(building), support=name(support))


def _item(text: str) -> str:
    card, building, size = CARD.match(text), BUILDING.match(text), SIZE.match(text)
    if card:
        return card_text(card["person"], int(card["n"]))
    if building:
        return building_text(building["type"], building["support"])
    if size:
        return f"{name(size['who'])} {size['n']}"
    return name(text)


def phrase(text: str) -> str:
    """An event param in the current language: a name, a colour, a card or building label, or a list of them."""
    return ", ".join(_item(part) for part in text.split(", ")) if text else text


def shown(value: Any) -> Any:
    """A value put in a sentence: a text in the current language, a number as it is."""
    return phrase(value) if isinstance(value, str) else value
