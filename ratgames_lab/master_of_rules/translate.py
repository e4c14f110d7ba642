"""Master of Rules' texts in the current language: the ``master_of_rules`` gettext domain (catalogs in locale/).

States, actions and events keep the English names ("Player 2", "red 7", "Limit 23"); these helpers show them as the
French rulebook prints them ("Joueur 2", "7 rouge", "Limite 23") where a text is made.
"""
from __future__ import annotations

import re

from ..core.i18n import N_, bind

TEXT = bind("master_of_rules", __file__)
_, ngettext, pgettext, npgettext = TEXT.gettext, TEXT.ngettext, TEXT.pgettext, TEXT.npgettext
data_text = TEXT.data  # a name from data/cards.json (rules, colours): data_text("Limit 23")

TYPE_WORDS = {"Number": N_("Number"), "Rule": N_("Rule")}  # the two card types, as in "a {type} card"
_PLAYER = re.compile(r"\bPlayer (\d+)\b")


def seat_text(name: str) -> str:
    """'Player 2' -> 'Joueur 2' in French; the dummies keep the rulebook's 'Dummy-1'."""
    return _PLAYER.sub(lambda m: _("Player {n}").format(n=m.group(1)), name)


def card_text(name: str) -> str:
    """'red 7' -> '7 rouge' in French (a Number card named by its colour and value)."""
    colour, _sep, value = name.partition(" ")
    return _("{colour} {value}").format(colour=data_text(colour), value=value) if value else name


def type_text(word: str) -> str:
    """'Number' / 'Rule' in the current language ('Nombre' / 'Règle')."""
    return _(TYPE_WORDS[word]) if word in TYPE_WORDS else word


plural_index = TEXT.plural_index  # 0 (singular) or 1 (plural) for n in the current language


def shown_params(params: dict) -> dict:
    """An event's params with the names in the current language (players, cards, rules, card types)."""
    shown = dict(params)
    for key, value in params.items():
        if not isinstance(value, str):
            continue
        if key in ("player", "dummy", "first", "scores"):
            shown[key] = seat_text(value)
        elif key == "card":
            shown[key] = card_text(value)
        elif key == "rule":
            shown[key] = data_text(value)
        elif key == "type":
            shown[key] = type_text(value)
        elif key == "winners":
            shown[key] = seat_text(value.replace("Shared win: ", _("Shared win: ")).replace("Winner: ", _("Winner: ")))
    return shown


__all__ = ["N_", "TEXT", "_", "ngettext", "pgettext", "npgettext", "data_text", "seat_text", "card_text",
           "type_text", "plural_index", "shown_params"]
