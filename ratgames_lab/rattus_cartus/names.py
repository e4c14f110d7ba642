"""Cards and buildings named as the table says them ('Knight (4 nuns)', 'Sword', 'Monastery'), for the texts that
carry only an id (an action's ``str``); the ids stay in the actions' fields and in JSON."""
from __future__ import annotations

from functools import lru_cache

from ..core.text import count
from .components import DEFAULT_BUILDINGS, DEFAULT_CARDS, SPECIAL_IDS, BuildingData, CardData


def card_text(person: str, nuns: int) -> str:
    """'Knight (4 nuns)', 'Witch (1 nun)'."""
    return f"{person} ({count(nuns, 'nun')})"


def card_names(cards: CardData) -> dict[str, str]:
    """Card id -> its name: 'chivalry-04' -> 'Knight (4 nuns)', 'sword' -> 'Sword'."""
    per = cards.per_class
    names = {f"{cid}-{i + 1:02d}": card_text(cards.persons[k], cards.class_nuns[i])
             for k, cid in enumerate(cards.class_ids) for i in range(per)}
    names.update(zip(SPECIAL_IDS, cards.special_names))
    return names


def building_names(buildings: BuildingData) -> dict[str, str]:
    """Building card id -> its type's name: 'monastery-S2' -> 'Monastery'."""
    return {bid: buildings.type_names[buildings.card_type[b]] for b, bid in enumerate(buildings.card_ids)}


@lru_cache(maxsize=1)
def _shipped() -> dict[str, str]:
    return {**card_names(DEFAULT_CARDS), **building_names(DEFAULT_BUILDINGS)}


def name(card_id: str) -> str:
    """The name of a card or building id in the shipped data (the id itself if it is unknown)."""
    return _shipped().get(card_id, card_id)
