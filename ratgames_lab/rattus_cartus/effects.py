"""The effects the data files name, and the chance draws.

Effects: draw, take from a pile, discard rats, look at the nun row, Brewery, Hospital, Guard Tower.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import STOP, Action, DrawCard, Look, Stop
from .new_buildings import place_replacement

if TYPE_CHECKING:
    from .rules import CartusState

PILE_OF = {"joker": 0, "sword": 1, "flute": 2, "pass": 3, "gold": 4, "vp": 5}


def ready_chance(s: CartusState, t: list) -> bool:
    """A chance task waits for its card, unless the pile is empty (handled here)."""
    name = t[0]
    if name == "reveal":
        if s.bdeck:
            return True
        s.tasks.pop(0)
        return False
    if name == "replace":
        if s.repl:
            return True
        s.tasks.pop(0)
        b = s.repl_under.pop(0)
        place_replacement(s, b)
        return False
    # draw
    if t[2] <= 0:
        s.tasks.pop(0)
        return False
    if not s.deck:
        if not s.discard:
            s.emit("draw_empty", "draw", player=s.name(t[1]), left=t[2])
            s.tasks.pop(0)
            return False
        s.deck = s.discard
        s.discard = []
        s.deck.sort()
        for c in s.deck:  # everyone knows which cards are in the new deck, nobody which of them a draw takes
            s.knows[c] = 0
        s.emit("reshuffle", "draw", count=len(s.deck))
    return True


def do_draw(s: CartusState, t: list, a: DrawCard) -> None:
    c = s.comp.card_index[a.card]
    s.deck.remove(c)
    p = t[1]
    s.hands[p].append(c)
    s.knows[c] = 1 << p
    s.seen[c] |= 1 << p
    t[2] -= 1
    s.emit("draw", "draw", player=s.name(p), hand=len(s.hands[p]))


def legal_look(s: CartusState, t: list) -> list[Action]:
    looks = s.comp.actions.look
    first = t[3]
    return [looks[i] for i in range(s.comp.row_size) if i != first]


def ready_look(s: CartusState, t: list) -> bool:
    if t[2] > 0 and (t[3] < 0 or s.comp.row_size > 1):
        return True
    s.tasks.pop(0)
    return False


def do_look(s: CartusState, t: list, a: Look) -> None:
    """Look secretly at one nun-row card: the position is public, the value private (look)."""
    p, pos = t[1], a.position
    c = s.row[pos]
    s.knows[c] |= 1 << p
    s.seen[c] |= 1 << p
    if pos not in s.looks[p]:
        s.looks[p].append(pos)
        s.looks[p].sort()
    s.emit("look", "look", player=s.name(p), position=pos + 1)
    t[2] -= 1
    t[3] = pos


def apply_effect(s: CartusState, p: int, effect: dict, rule: str, slot: int = -1) -> list[list]:
    """Apply one effect from the data files; returns the tasks it needs (draws, looks, choices)."""
    kind = effect["effect"]
    comp = s.comp
    if kind == "draw":
        return [["draw", p, effect["count"]]]
    if kind == "discard_rats":
        k = s.lose_rats(p, effect["count"])
        s.emit("discard_rats", rule, player=s.name(p), count=k, rats=s.rats[p])
        return []
    if kind == "look":
        return [["look", p, effect["count"], -1]]
    if kind == "take":
        pile = PILE_OF[effect["pile"]]
        k = min(effect["count"], s.piles[pile])
        s.piles[pile] -= k
        if pile == 5:
            s.vp[p] += k
        else:
            s.hands[p].extend([comp.npop + pile] * k)
        s.emit("take", rule, player=s.name(p), count=k, what=("VP token" if pile == 5 else
                                                              comp.cards.special_names[pile]))
        return []
    if kind == "brewery":
        k = s.played[p] // effect["per"]
        s.emit("brewery", rule, player=s.name(p), points=s.played[p], count=k)
        return [["draw", p, k]]
    if kind == "hospital":
        k = s.lose_rats(p, effect["rats"])
        if effect["rats"]:
            s.emit("discard_rats", rule, player=s.name(p), count=k, rats=s.rats[p])
        return [["hospital", p, effect["cards"]]]
    if kind == "guard_tower":
        return guard_tower(s, p, effect["count"])
    return []


def guard_tower(s: CartusState, holder: int, count: int) -> list[list]:
    """Every unprotected player whose hand (recorded now) is at least the holder's gives min(3, hand) cards."""
    n = s.comp.players
    sizes = [len(h) for h in s.hands]
    s.emit("guard_record", "building.guard_tower", player=s.name(holder),
           sizes=", ".join(f"{s.name(q)} {sizes[q]}" for q in range(n)))
    tasks = []
    for k in range(1, n):
        q = (holder + k) % n
        if s.protected[q]:
            s.emit("guard_protected", "building.guard_tower", player=s.name(q))
        elif sizes[q] >= sizes[holder] and sizes[q] > 0:
            g = min(count, sizes[q])
            s.emit("guard_give", "building.guard_tower", giver=s.name(q), receiver=s.name(holder), count=g)
            tasks.append(["give", q, holder, g, 1])
    return tasks


def legal_hospital(s: CartusState, t: list) -> list[Action]:
    h = s.comp.actions.hospital
    return [h[c] for c in sorted(set(s.hands[t[1]]))] + [STOP]


def ready_hospital(s: CartusState, t: list) -> bool:
    p = t[1]
    if t[2] > 0 and s.rats[p] > 0 and s.hands[p]:
        return True
    s.tasks.pop(0)
    return False


def do_hospital(s: CartusState, t: list, a: Action) -> None:
    """Hospital: discard a hand card to discard one rat (at most as many cards as rats left)."""
    p = t[1]
    if isinstance(a, Stop):
        s.tasks.pop(0)
        return
    c = s.comp.card_index[a.card]
    s.hands[p].remove(c)
    s.to_pile(c)
    s.lose_rats(p, 1)
    t[2] -= 1
    s.emit("hospital", "building.hospital", player=s.name(p), card=s.comp.card_label(c), rats=s.rats[p])
