"""Phase A, new buildings (new_buildings): reveal 2 or 3, replace identical ones.

Each task's rule is one section here, registered in ``tasks.RULES``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import tasks
from .actions import ReplacementBuilding, RevealBuilding
from .tasks import Identical, Replace, Reveal, Round, SupportTurn

if TYPE_CHECKING:
    from .state import CartusData


# -- Round: start a round (round) --------------------------------------------------------------------------------
def auto_round(s: CartusData, t: Round) -> None:
    """Start a round: reveal 2 or 3 buildings from the building deck."""
    s.emit("round_start", "round", round=s.round, rounds=s.comp.rounds, player=s.name(s.first))
    s.tasks[0:0] = [Reveal() for _ in range(s.comp.reveal)] + [Identical()]


tasks.automatic(Round, auto_round)


# -- Reveal (chance): the next building of the deck (new_buildings) -----------------------------------------------
def ready_reveal(s: CartusData, t: Reveal) -> bool:
    """A reveal waits for its card, unless the building deck is empty."""
    if s.bdeck:
        return True
    s.tasks.pop(0)
    return False


def do_reveal(s: CartusData, t: Reveal, a: RevealBuilding) -> None:
    b = s.comp.building_index[a.card]
    s.bdeck.remove(b)
    s.shown.append(b)
    s.entrants.append([])
    s.placed.append([])
    s.tasks.pop(0)
    s.emit("reveal_building", "new_buildings", slot=len(s.shown), building=s.comp.building_labels[b])
    if not s.bdeck:
        s.last_round = True


tasks.chance(Reveal, legal=lambda s, t: [s.comp.actions.reveal[b] for b in s.bdeck], effect=do_reveal,
             ready=ready_reveal)


# -- Identical: every revealed building of one type (new_buildings.identical) -------------------------------------
def auto_identical(s: CartusData, t: Identical) -> None:
    """All revealed buildings of one type: the last goes under the replacement deck, replaced from its top."""
    bd = s.comp.buildings
    types = {bd.card_type[b] for b in s.shown}
    if len(types) == 1 and len(s.shown) > 1:
        last = s.shown.pop()
        s.entrants.pop()
        s.placed.pop()
        s.repl_under.append(last)
        s.emit("identical", "new_buildings.identical", building=bd.type_names[bd.card_type[last]])
        s.tasks[0:0] = [Replace(), Identical()]
    else:
        if s.last_round:
            s.emit("last_round", "round.last")
        s.tasks[0:0] = [SupportTurn((s.first + k) % s.comp.players) for k in range(s.comp.players)]


tasks.automatic(Identical, auto_identical)


# -- Replace (chance): a card of the replacement deck (new_buildings.identical) -----------------------------------
def ready_replace(s: CartusData, t: Replace) -> bool:
    """A replacement waits for its card; with the replacement deck empty, the card put under comes back."""
    if s.repl:
        return True
    s.tasks.pop(0)
    place_replacement(s, s.repl_under.pop(0))
    return False


def do_replace(s: CartusData, t: Replace, a: ReplacementBuilding) -> None:
    b = s.comp.building_index[a.card]
    s.repl.remove(b)
    s.tasks.pop(0)
    place_replacement(s, b)


def place_replacement(s: CartusData, b: int) -> None:
    """The replacement card takes the last slot of the row."""
    s.shown.append(b)
    s.entrants.append([])
    s.placed.append([])
    s.emit("replacement", "new_buildings.identical", slot=len(s.shown), building=s.comp.building_labels[b])


tasks.chance(Replace, legal=lambda s, t: [s.comp.actions.replacement[b] for b in s.repl], effect=do_replace,
             ready=ready_replace)
