"""Why an action is illegal, naming the rule (legality itself is ``legal_actions()``; this only explains)."""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError as Illegal
from ..core.protocol import CHANCE, TERMINAL, Action
from .actions import (DECKS, Buy, ChooseRecruit, Corrupt, DeckCard, DiscardCard, DiscardFind, Draw, DrawRecruits,
                      EndDiscover, EndRest, GiveFind, Heal, HorlogerCard, KeepCard, MissionCard, RestDiscard, Stop,
                      Untap, UseAmulet, UseCompass, UseSpyglass, Wound)
from .cards import TERRAIN_BIT, TERRAIN_NAMES, TERRAINS
from .payments import CARTOGRAPHER_CARDS, COLLECTOR_VALUES, GREAT_EXPEDITION_TOTAL
from .phases import DANGER, DISCOVER, DISCOVERY, EXPLORE, LOAD, RECRUIT, RECRUIT_CHOOSE, REST, REWARD, WOUNDS

if TYPE_CHECKING:
    from .rules import HorlogerieState

CHANCE_ACTIONS = (DeckCard, MissionCard, HorlogerCard)
POWER_RULE = {"compass": "power.compass", "amulet": "power.amulet", "spyglass": "power.spyglass"}


def explain(s: "HorlogerieState", a: Action) -> Illegal:
    """The IllegalActionError saying why ``a`` cannot be applied to ``s`` now."""
    cur = s.current_player
    if cur == TERMINAL:
        return Illegal("the game is over", "end.scoring")
    if cur == CHANCE:
        if not isinstance(a, CHANCE_ACTIONS):
            return Illegal(f"a card comes off a deck now (a chance event), not '{a}'", "engine.chance_node")
        return Illegal(f"'{a}' cannot come next: it is not in the deck being drawn (or a card seen with a "
                       "Spyglass is on top)", "explore.draw")
    if isinstance(a, CHANCE_ACTIONS):
        return Illegal("cards come off the decks only at chance events", "engine.chance_node")
    seat = s.seat(cur)
    if s.step == LOAD and not isinstance(a, (DiscardCard, DiscardFind)):
        return Illegal(f"{seat}'s load {s.load(cur)} exceeds the carry {s.carry(cur)} of their Horlogers: discard "
                       "Exploration cards or finds first", "prepare.encumbrance")
    handler = _HANDLERS.get(type(a))
    if handler is None:
        return Illegal(f"'{a}' is not an action of L'Horlogerie des Rats", "engine.action")
    return handler(s, a, cur) or Illegal(f"'{a}' is not possible now (pending: step {s.step}, {seat} decides)",
                                         "turn.order")


def _draw_or_stop(s: "HorlogerieState", a: Action, cur: int) -> Illegal | None:
    if s.step in (EXPLORE, DANGER):
        phase = "Exploration" if s.step == EXPLORE else "Danger"
        return Illegal(f"each {phase} phase draws at least one card before stopping", "explore.first_draw")
    if s.step in (REWARD, WOUNDS, DISCOVERY) and s.danger_result == "perfect":
        return Illegal("a perfect danger draw must stop: no more Danger cards are drawn", "danger.perfect")
    if s.step == REWARD and s.explore_result == "perfect":
        return Illegal("a perfect exploration must stop: no more Exploration cards are drawn", "explore.perfect")
    if s.step in (WOUNDS, DISCOVERY) and s.danger_result:
        return Illegal("the Danger phase is over: no more cards are drawn this turn", "explore.danger")
    return None


def _find_checks(s: "HorlogerieState", cur: int, name: str, power: str) -> Illegal | None:
    """Ownership, power and tapping of a find used for its power."""
    ms = s.comp.missions
    m = ms.index.get(name)
    if m is None or m not in s.finds[cur]:
        return Illegal(f"{name} is not one of {s.seat(cur)}'s finds", "power.owner")
    if ms.power[m] != power:
        return Illegal(f"{name} is a {ms.power[m].capitalize()}, not a {power.capitalize()}", POWER_RULE[power])
    if s.tapped[cur][s.finds[cur].index(m)]:
        return Illegal(f"{name} is tapped: a tapped find cannot be used until it is untapped by resting",
                       "power.tapped")
    return None


def _compass(s: "HorlogerieState", a: UseCompass, cur: int) -> Illegal | None:
    if s.step != EXPLORE:
        if s.explore_result == "bust":
            return Illegal("the Exploration phase is over: a Compass cannot turn an already revealed bust into a "
                           "perfect draw", "power.compass")
        return Illegal("a Compass is used only by the explorer before a draw of their Exploration phase",
                       "power.compass")
    return _find_checks(s, cur, a.find, "compass")


def _spyglass(s: "HorlogerieState", a: UseSpyglass, cur: int) -> Illegal | None:
    if a.deck not in DECKS:
        return Illegal(f"a Spyglass looks at the Exploration or the Danger deck, not {a.deck!r}", "power.spyglass")
    if s.step not in (EXPLORE, DANGER):
        return Illegal("a Spyglass is used at its owner's draw-or-stop decision (the explorer's or the danger "
                       "drawer's)", "power.spyglass")
    bad = _find_checks(s, cur, a.find, "spyglass")
    if bad:
        return bad
    if not s.can_draw(a.deck):
        return Illegal(f"the {a.deck.capitalize()} deck and its discard are empty: there is no top card to look at",
                       "power.spyglass")
    return None


def _amulet(s: "HorlogerieState", a: UseAmulet, cur: int) -> Illegal | None:
    if s.step != WOUNDS:
        return Illegal("an Amulet is used by the wounded player when wounds are to be assigned", "power.amulet")
    return _find_checks(s, cur, a.find, "amulet")


def _wound(s: "HorlogerieState", a: Wound, cur: int) -> Illegal | None:
    if s.step != WOUNDS:
        return Illegal("no wounds are to be assigned now", "explore.wounds")
    return Illegal(f"{s.seat(cur)} has no Horloger in slot #{a.slot + 1}", "explore.wounds")


def _give_find(s: "HorlogerieState", a: GiveFind, cur: int) -> Illegal | None:
    if s.step != REWARD:
        return Illegal("no perfect draw is waiting for its find", "explore.perfect")
    low = s.comp.missions.vp[s.cheapest_in_grid()[0]]
    return Illegal(f"a perfect draw takes a find of the lowest reward in the grid ({low} VP); {a.mission} is not one",
                   "explore.perfect")


def _keep_card(s: "HorlogerieState", a: KeepCard, cur: int) -> Illegal | None:
    if s.step != DISCOVERY:
        return Illegal("the right neighbour chooses a kept card only after a failed exploration", "explore.discovery")
    return Illegal(f"{a.card} was not drawn this turn", "explore.discovery")


def _discard(s: "HorlogerieState", a: DiscardCard | DiscardFind, cur: int) -> Illegal | None:
    if s.step != LOAD:
        return Illegal("cards and finds are discarded for encumbrance only at Prepare, when the load exceeds the "
                       "carry", "prepare.encumbrance")
    if isinstance(a, DiscardCard):
        return Illegal(f"{a.card} is not in {s.seat(cur)}'s hand", "prepare.encumbrance")
    return Illegal(f"{a.find} is not one of {s.seat(cur)}'s finds with an encumbrance", "prepare.encumbrance")


def _recruit(s: "HorlogerieState", a: Action, cur: int) -> Illegal | None:
    if isinstance(a, ChooseRecruit):
        if s.step != RECRUIT_CHOOSE:
            return Illegal("recruits are chosen only after Corruption", "recruit.corruption")
        return Illegal(f"there is no {a.profile} in the Horloger deck", "recruit.corruption")
    if s.step != RECRUIT:
        return Illegal("recruiting happens at step 2, with fewer than 3 Horlogers", "recruit")
    if isinstance(a, Corrupt):
        return Illegal(f"{a.find} is not one of {s.seat(cur)}'s finds", "recruit.corruption")
    return None


def _buy(s: "HorlogerieState", a: Buy, cur: int) -> Illegal | None:
    if s.step != DISCOVER:
        return Illegal("missions are bought at step 4, Discover", "discover")
    comp = s.comp
    ms, ex = comp.missions, comp.exploration
    m = ms.index.get(a.mission)
    if m is None or m not in s.grid:
        return Illegal(f"{a.mission} is not a visible mission of the grid", "discover.visible")
    faces = [ex.index.get(c, -1) for c in a.cards]
    need = Counter(faces)
    have = Counter(s.hands[cur])
    for f, k in need.items():
        if f < 0 or have[f] < k:
            bad = a.cards[faces.index(f)]
            return Illegal(f"{bad} is not in {s.seat(cur)}'s hand (often enough)", "discover.payment")
    values = [ex.value[f] for f in faces]
    special = ms.special[m]
    if special == "collector":
        return Illegal(f"the Collector is paid with exactly five cards, one of each value "
                       f"{COLLECTOR_VALUES[0]} to {COLLECTOR_VALUES[-1]}", "discover.payment")
    if special == "cartographer":
        return Illegal(f"the Cartographer is paid with exactly {CARTOGRAPHER_CARDS} cards of one terrain",
                       "discover.payment")
    if special == "great_expedition":
        if sum(values) < GREAT_EXPEDITION_TOTAL:
            return Illegal(f"the Great Expedition needs cards totalling at least {GREAT_EXPEDITION_TOTAL}, not "
                           f"{sum(values)}", "discover.payment")
        return Illegal("every card of a payment must be needed (interpretation: discard extra cards at Rest)",
                       "discover.payment")
    reqs = dict(ms.requirements[m])
    for f, c in zip(faces, a.cards):
        t = TERRAINS.index(next(k for k, b in TERRAIN_BIT.items() if b == ex.terrain[f]))
        if t not in reqs:
            return Illegal(f"{c} cannot pay {ms.titles[m]}: each requirement is paid with cards of its own terrain",
                           "discover.payment")
    for t, amount in reqs.items():
        paid = sum(v for f, v in zip(faces, values) if ex.terrain[f] == TERRAIN_BIT[TERRAINS[t]])
        if paid < amount:
            return Illegal(f"the {TERRAIN_NAMES[TERRAINS[t]]} cards paid total {paid}, but {ms.titles[m]} needs "
                           f"{amount}", "discover.payment")
    return Illegal("every card of a payment must be needed (interpretation: discard extra cards at Rest)",
                   "discover.payment")


def _end_discover(s: "HorlogerieState", a: EndDiscover, cur: int) -> Illegal | None:
    return Illegal("the Discover step is not under way", "discover")


def _rest(s: "HorlogerieState", a: Action, cur: int) -> Illegal | None:
    if s.step != REST:
        return Illegal("resting is step 5, after Discover", "rest")
    if isinstance(a, RestDiscard):
        return Illegal(f"{a.card} is not in {s.seat(cur)}'s hand", "rest")
    if not s.rest_points:
        return Illegal("discard an Exploration card first: each of its points turns one card back a quarter turn",
                       "rest")
    if isinstance(a, Heal):
        return Illegal(f"Horloger #{a.slot + 1} has no wound to heal", "rest")
    if isinstance(a, Untap):
        return Illegal(f"{a.find} is not a tapped find of {s.seat(cur)}", "rest")
    return None


_HANDLERS = {
    Draw: _draw_or_stop, Stop: _draw_or_stop, UseCompass: _compass, UseSpyglass: _spyglass, UseAmulet: _amulet,
    Wound: _wound, GiveFind: _give_find, KeepCard: _keep_card, DiscardCard: _discard, DiscardFind: _discard,
    DrawRecruits: _recruit, Corrupt: _recruit, ChooseRecruit: _recruit, Buy: _buy, EndDiscover: _end_discover,
    RestDiscard: _rest, Heal: _rest, Untap: _rest, EndRest: _rest,
}
