"""Phase D.1, cards (resolution.cards): influence and rats, then the Sword and the Flute; giving cards."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Action, ChoosePlayer, GiveCard

if TYPE_CHECKING:
    from .rules import CartusState


def auto_resolve(s: CartusState, t: list) -> None:
    """Entrants reveal their cards in entry order: influence per Population/Joker, rats per off-class card."""
    slot = t[1]
    comp = s.comp
    cls = s.building_class(slot)
    s.emit("resolve", "resolution", slot=slot + 1, building=comp.building_label(s.shown[slot]),
           entrants=", ".join(s.name(p) for p in s.entrants[slot]) or "nobody")
    for i, p in enumerate(s.entrants[slot]):
        cards = s.placed[slot][i]
        pop = [c for c in cards if c < comp.npop]
        jokers = cards.count(comp.JOKER)
        off = sum(1 for c in pop if comp.card_class[c] != cls)
        for c in pop:
            s.knows[c] = s.seen[c] = comp.all_mask
        s.played[p] += len(pop) + jokers
        s.gain_influence(p, cls, len(pop) + jokers)
        s.rats[p] += off
        s.emit("reveal_cards", "resolution.cards", player=s.name(p),
               cards=", ".join(comp.card_label(c) for c in cards) or "nothing",
               influence=len(pop) + jokers, cls=comp.cards.class_names[cls], rats=off)
    s.revealed = slot + 1
    s.tasks[0:0] = [["sword", slot], ["flute", slot], ["actions", slot], ["clear", slot]]


def count_in(s: CartusState, slot: int, code: int) -> list[int]:
    """How many cards of this code each entrant of the slot played (entry order)."""
    return [cards.count(code) for cards in s.placed[slot]]


def compare(s: CartusState, slot: int, code: int) -> tuple[int, list[int]] | None:
    """One comparison for the building: (the earliest entrant with the most, the entrants tied for fewest)."""
    counts = count_in(s, slot, code)
    if len(counts) < 2 or min(counts) == max(counts):
        return None
    ent = s.entrants[slot]
    top, low = max(counts), min(counts)
    most = ent[counts.index(top)]
    fewest = [ent[i] for i, c in enumerate(counts) if c == low]
    return most, fewest


def auto_sword(s: CartusState, t: list) -> None:
    """Sword: the fewest-Swords entrant gives half their hand (rounded down) to the most-Swords entrant."""
    slot = t[1]
    cmp = compare(s, slot, s.comp.SWORD)
    if cmp is None:
        if sum(count_in(s, slot, s.comp.SWORD)):
            s.emit("no_effect", "resolution.sword", what="Sword")
        return
    most, fewest = cmp
    if len(fewest) == 1:
        sword_give(s, fewest[0], most)
    else:
        s.emit("tie_fewest", "resolution.sword", what="Sword", player=s.name(most),
               tied=", ".join(s.name(q) for q in fewest))
        s.tasks.insert(0, ["choose", most, slot, 0])


def sword_give(s: CartusState, giver: int, receiver: int) -> None:
    k = len(s.hands[giver]) // 2
    s.emit("sword", "resolution.sword", giver=s.name(giver), receiver=s.name(receiver), count=k,
           hand=len(s.hands[giver]))
    if k:
        s.tasks.insert(0, ["give", giver, receiver, k, 0])


def auto_flute(s: CartusState, t: list) -> None:
    """Flute: the fewest-Flutes entrant gains a rat from the most-Flutes entrant."""
    slot = t[1]
    cmp = compare(s, slot, s.comp.FLUTE)
    if cmp is None:
        if sum(count_in(s, slot, s.comp.FLUTE)):
            s.emit("no_effect", "resolution.flute", what="Flute")
        return
    most, fewest = cmp
    if len(fewest) == 1:
        flute_rat(s, most, fewest[0])
    else:
        s.emit("tie_fewest", "resolution.flute", what="Flute", player=s.name(most),
               tied=", ".join(s.name(q) for q in fewest))
        s.tasks.insert(0, ["choose", most, slot, 1])


def flute_rat(s: CartusState, giver: int, receiver: int) -> None:
    lost = s.lose_rats(giver, 1)
    s.rats[receiver] += 1
    s.emit("flute", "resolution.flute", giver=s.name(giver), receiver=s.name(receiver), lost=lost)


def legal_choose(s: CartusState, t: list) -> list[Action]:
    slot, which = t[2], t[3]
    cmp = compare(s, slot, s.comp.FLUTE if which else s.comp.SWORD)
    choose = s.comp.actions.choose
    return [choose[q] for q in cmp[1]] if cmp else []


def do_choose(s: CartusState, t: list, a: ChoosePlayer) -> None:
    chooser, which = t[1], t[3]
    s.tasks.pop(0)
    s.emit("choose", "resolution.tie", player=s.name(chooser), chosen=s.name(a.player),
           what="Flute" if which else "Sword")
    if which:
        flute_rat(s, chooser, a.player)
    else:
        sword_give(s, a.player, chooser)


def legal_give(s: CartusState, t: list) -> list[Action]:
    give = s.comp.actions.give
    return [give[c] for c in sorted(set(s.hands[t[1]]))]


def ready_give(s: CartusState, t: list) -> bool:
    if t[3] > 0 and s.hands[t[1]]:
        return True
    s.tasks.pop(0)
    return False


def do_give(s: CartusState, t: list, a: GiveCard) -> None:
    """The giver chooses each card given; it goes to the receiver's hand (give)."""
    giver, receiver = t[1], t[2]
    c = s.comp.card_index[a.card]
    s.hands[giver].remove(c)
    s.hands[receiver].append(c)
    if c < s.comp.npop:
        s.knows[c] = (1 << giver) | (1 << receiver)
        s.seen[c] |= 1 << receiver
    pair = (1 << giver) | (1 << receiver)
    for d in s.hands[giver]:  # the others did not see which card went: they lose track of the giver's cards
        if d < s.comp.npop:
            s.knows[d] &= pair
    t[3] -= 1
    s.emit("give", "give", giver=s.name(giver), receiver=s.name(receiver),
           why="Guard Tower" if t[4] else "Sword")
