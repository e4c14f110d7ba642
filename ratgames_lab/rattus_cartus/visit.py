"""Phase C, visit (visit): enter a building with an announced number of cards, or play a Pass.

Each task's rule is one section here, registered in ``tasks.RULES``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError
from . import memory, tasks
from .actions import PLAY_PASS, Action, Enter, PlaceCard, PlayPass
from .tasks import EndRound, NextVisit, Place, Resolve, Visit
from .translate import N_, _, shown

if TYPE_CHECKING:
    from .state import CartusData


# -- Visit: enter a building (visit.enter, visit.announce) or play a Pass (visit.pass) ----------------------------
def pass_fault(s: CartusData, p: int) -> IllegalActionError | None:
    """Why ``p`` may not play a Pass now, or None if they may."""
    if s.comp.PASS not in s.hands[p]:
        return IllegalActionError(_("{name} holds no Pass card").format(name=shown(s.name(p))), "visit.pass")
    if not s.other_players_waiting(p):
        return IllegalActionError(_("a Pass may be played only while another player has not yet entered a building"),
                                  "visit.pass")
    return None


def legal_visit(s: CartusData, t: Visit) -> list[Action]:
    p = t.player
    k = s.hand_without_gold(p)
    a = s.comp.actions
    if k > a.max_hand:
        out = [a.enter_action(slot, c) for slot in range(len(s.shown)) for c in range(k + 1)]
    else:
        out = [x for slot in range(len(s.shown)) for x in a.enter[slot][:k + 1]]
    if pass_fault(s, p) is None:
        out.append(PLAY_PASS)
    return out


def do_visit(s: CartusData, t: Visit, a: Action) -> None:
    p = t.player
    s.tasks.pop(0)
    if isinstance(a, PlayPass):
        s.hands[p].remove(s.comp.PASS)
        memory.left(s, p, s.comp.PASS)
        s.piles[3] += 1
        s.emit("play_pass", "visit.pass", player=s.name(p))
        s.tasks.insert(0, NextVisit(p))
        return
    slot = a.slot
    s.entrants[slot].append(p)
    s.placed[slot].append([])
    s.entered[p] = slot
    s.entry_order.append(p)
    if s.building_type(slot) in s.comp.guard_types:
        s.protected[p] = True
    s.emit("enter", "visit.enter", player=s.name(p), slot=slot + 1, building=s.comp.building_labels[s.shown[slot]],
           place=len(s.entrants[slot]), count=a.count)
    s.tasks[0:0] = [Place(p, slot, a.count), NextVisit(p)]


def explain_visit(s: CartusData, t: Visit, a: Action) -> IllegalActionError | None:
    if isinstance(a, PlayPass):
        return pass_fault(s, t.player)
    if not 0 <= a.slot < len(s.shown):
        return IllegalActionError(_("there is no revealed building #{value}").format(
            value=shown(a.slot + 1)), "visit.enter")
    return IllegalActionError(_("{name} may announce 0 to {hand_without_gold} cards (hand cards other than Gold)").format(
        
        name=shown(s.name(t.player)), hand_without_gold=shown(s.hand_without_gold(t.player))), "visit.announce")


tasks.decision(Visit, legal=legal_visit, effect=do_visit, explain=explain_visit, actions=(Enter, PlayPass),
               doing=N_("enter a building or play a Pass"), rule="visit")


# -- NextVisit: the turn passes clockwise; when all have entered, resolution starts (visit) -----------------------
def auto_next_visit(s: CartusData, t: NextVisit) -> None:
    """The turn goes to the next player clockwise who has not entered; when all have, resolution starts."""
    n = s.comp.players
    p = t.player
    for k in range(1, n + 1):
        q = (p + k) % n
        if s.entered[q] < 0:
            s.tasks.insert(0, Visit(q))
            return
    s.tasks[0:0] = [Resolve(slot) for slot in range(len(s.shown))] + [EndRound()]


tasks.automatic(NextVisit, auto_next_visit)


# -- Place: the announced cards, face down, one at a time (visit.place) -------------------------------------------
def legal_place(s: CartusData, t: Place) -> list[Action]:
    gold = s.comp.GOLD
    place = s.comp.actions.place
    return [place[c] for c in sorted(set(s.hands[t.player])) if c != gold]


def ready_place(s: CartusData, t: Place) -> bool:
    if t.count > 0:
        return True
    s.tasks.pop(0)
    return False


def do_place(s: CartusData, t: Place, a: PlaceCard) -> None:
    p, slot = t.player, t.slot
    c = s.comp.card_index[a.card]
    s.hands[p].remove(c)
    s.placed[slot][s.entrants[slot].index(p)].append(c)
    s.tasks[0] = Place(p, slot, t.count - 1)
    s.emit("place", "visit.place", player=s.name(p), slot=slot + 1, left=t.count - 1)


def explain_place(s: CartusData, t: Place, a: PlaceCard) -> IllegalActionError:
    if a.card == s.comp.card_names[s.comp.GOLD]:
        return IllegalActionError(_("Gold may not be placed in a building"), "visit.place")
    return IllegalActionError(_("{name} holds no {card} card").format(
        name=shown(s.name(t.player)), card=shown(a.card)), "visit.place")


tasks.decision(Place, legal=legal_place, effect=do_place, ready=ready_place, explain=explain_place,
               actions=(PlaceCard,), doing=N_("place the announced cards face down"), rule="visit.place")
