"""Phase C, visit (visit): enter a building with an announced number of cards, or play a Pass."""
from __future__ import annotations

from typing import TYPE_CHECKING

from . import memory
from .actions import PLAY_PASS, Action, PlaceCard, PlayPass

if TYPE_CHECKING:
    from .rules import CartusState


def legal_visit(s: CartusState, t: list) -> list[Action]:
    p = t[1]
    k = s.hand_without_gold(p)
    a = s.comp.actions
    if k > a.max_hand:
        out = [a.enter_action(slot, c) for slot in range(len(s.shown)) for c in range(k + 1)]
    else:
        out = [x for slot in range(len(s.shown)) for x in a.enter[slot][:k + 1]]
    if s.comp.PASS in s.hands[p] and s.other_players_waiting(p):
        out.append(PLAY_PASS)
    return out


def do_visit(s: CartusState, t: list, a: Action) -> None:
    p = t[1]
    s.tasks.pop(0)
    if isinstance(a, PlayPass):
        s.hands[p].remove(s.comp.PASS)
        memory.left(s, p, s.comp.PASS)
        s.piles[3] += 1
        s.emit("play_pass", "visit.pass", player=s.name(p))
        s.tasks.insert(0, ["next_visit", p])
        return
    slot = a.slot
    s.entrants[slot].append(p)
    s.placed[slot].append([])
    s.entered[p] = slot
    s.entry_order.append(p)
    if s.building_type(slot) in s.comp.guard_types:
        s.protected[p] = True
    s.emit("enter", "visit.enter", player=s.name(p), slot=slot + 1, building=s.comp.building_label(s.shown[slot]),
           place=len(s.entrants[slot]), count=a.count)
    s.tasks[0:0] = [["place", p, slot, a.count], ["next_visit", p]]


def auto_next_visit(s: CartusState, t: list) -> None:
    """The turn goes to the next player clockwise who has not entered; when all have, resolution starts."""
    n = s.comp.players
    p = t[1]
    for k in range(1, n + 1):
        q = (p + k) % n
        if s.entered[q] < 0:
            s.tasks.insert(0, ["visit", q])
            return
    s.tasks[0:0] = [["resolve", slot] for slot in range(len(s.shown))] + [["end_round"]]


def legal_place(s: CartusState, t: list) -> list[Action]:
    gold = s.comp.GOLD
    place = s.comp.actions.place
    return [place[c] for c in sorted(set(s.hands[t[1]])) if c != gold]


def ready_place(s: CartusState, t: list) -> bool:
    if t[3] > 0:
        return True
    s.tasks.pop(0)
    return False


def do_place(s: CartusState, t: list, a: PlaceCard) -> None:
    p, slot = t[1], t[2]
    c = s.comp.card_index[a.card]
    s.hands[p].remove(c)
    s.placed[slot][s.entrants[slot].index(p)].append(c)
    t[3] -= 1
    s.emit("place", "visit.place", player=s.name(p), slot=slot + 1, left=t[3])
