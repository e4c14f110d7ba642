"""Cards and buildings named as the table says them ('Knight (4 nuns)', 'Sword', 'Monastery'), for the texts that
carry only an id (an action's ``str``); the ids stay in the actions' fields and in JSON."""
from __future__ import annotations

from functools import lru_cache

from ..core.i18n import get_language
from .components import DEFAULT_BUILDINGS, DEFAULT_CARDS, SPECIAL_IDS, BuildingData, CardData
from .translate import card_text
from .translate import name as tr_name


def card_names(cards: CardData) -> dict[str, str]:
    """Card id -> its name: 'chivalry-04' -> 'Knight (4 nuns)', 'sword' -> 'Sword'."""
    per = cards.per_class
    names = {f"{cid}-{i + 1:02d}": card_text(cards.persons[k], cards.class_nuns[i])
             for k, cid in enumerate(cards.class_ids) for i in range(per)}
    names.update(zip(SPECIAL_IDS, (tr_name(n) for n in cards.special_names)))
    return names


def building_names(buildings: BuildingData) -> dict[str, str]:
    """Building card id -> its type's name: 'monastery-S2' -> 'Monastery'."""
    return {bid: tr_name(buildings.type_names[buildings.card_type[b]]) for b, bid in enumerate(buildings.card_ids)}


@lru_cache(maxsize=4)
def _shipped(lang: str) -> dict[str, str]:
    return {**card_names(DEFAULT_CARDS), **building_names(DEFAULT_BUILDINGS)}


def name(card_id: str) -> str:
    """The name of a card or building id in the shipped data (the id itself if it is unknown), in the current
    language."""
    return _shipped(get_language()).get(card_id, card_id)
