"""One game's fixed components: player count, card and building data, card codes and cached actions."""
from __future__ import annotations

from functools import lru_cache

from ..core.fields import Components
from .actions import ActionTable
from .components import DEFAULT_BUILDINGS, DEFAULT_CARDS, PILES, SPECIAL_IDS, BuildingData, CardData
from ..core.i18n import DEFAULT_LANGUAGE, get_language, use_language
from .translate import building_text, card_text, name


class Comp(Components):
    """Shared, immutable components of one game (the state holds indices into these tables)."""

    def __init__(self, players: int, cards: CardData, buildings: BuildingData):
        self.players = players
        self.cards = cards
        self.buildings = buildings
        per = cards.per_class
        self.per_class = per
        self.npop = cards.population
        self.JOKER, self.SWORD, self.FLUTE, self.PASS, self.GOLD = range(self.npop, self.npop + 5)
        self.ncodes = self.npop + 5
        self.card_names: tuple[str, ...] = tuple(
            f"{cards.class_ids[c // per]}-{c % per + 1:02d}" for c in range(self.npop)) + SPECIAL_IDS
        self.card_index = {name: i for i, name in enumerate(self.card_names)}
        self.card_class = tuple(c // per for c in range(self.npop))
        self.nuns = tuple(cards.class_nuns[c % per] for c in range(self.npop))
        self.refs = {"cards": list(self.card_names), "buildings": list(buildings.card_ids),
                     "classes": list(cards.class_ids), "types": list(buildings.type_ids), "piles": list(PILES)}
        self.building_index = {b: i for i, b in enumerate(buildings.card_ids)}
        self.type_index = {t: i for i, t in enumerate(buildings.type_ids)}
        self.rounds = cards.rounds[players]
        self.reveal = cards.reveal[players]
        self.replacement = cards.replacement[players]
        self.track_points = cards.track_points[players]
        self.row_size = cards.row_size
        self.all_mask = (1 << players) - 1
        self.actions = ActionTable(self.card_names, buildings.card_ids, self.row_size, players)
        self.colours = tuple(cards.colours[:players])
        with use_language(DEFAULT_LANGUAGE):  # English labels: what events store (texts translate them when read)
            self.labels = tuple(self._label(c) for c in range(self.ncodes))
            self.building_labels = tuple(self._building_label(b) for b in range(len(buildings.card_ids)))
        gt = [t for t, e in enumerate(buildings.privilege) if e["effect"] == "guard_tower"]
        self.guard_types = frozenset(gt)

    def colour(self, p: int) -> str:
        """A player's colour, used as their name in texts."""
        return self.cards.colours[p]

    def card_label(self, code: int) -> str:
        """'Witch (4 nuns)', 'Witch (1 nun)' or 'Sword' (in the current language)."""
        return self.labels[code] if get_language() == "en" else self._label(code)

    def building_label(self, b: int) -> str:
        """'Monastery (support: discard 2 rats)' (in the current language)."""
        return self.building_labels[b] if get_language() == "en" else self._building_label(b)

    def _label(self, code: int) -> str:
        if code < self.npop:
            return card_text(self.cards.persons[self.card_class[code]], self.nuns[code])
        return name(self.cards.special_names[code - self.npop])

    def _building_label(self, b: int) -> str:
        bd = self.buildings
        s = bd.card_support[b]
        return building_text(bd.type_names[bd.card_type[b]], bd.support_text[s])


@lru_cache(maxsize=8)
def shipped_comp(players: int) -> Comp:
    """The Comp of the shipped data files for a player count (cached: setup stays cheap)."""
    return Comp(players, DEFAULT_CARDS, DEFAULT_BUILDINGS)
