"""Phase D.1, cards (resolution.cards): influence and rats, then the Sword and the Flute; giving cards.

Each task's rule is one section here, registered in ``tasks.RULES``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError
from . import memory, tasks
from .actions import Action, ChoosePlayer, GiveCard
from .tasks import Actions, Choose, Clear, Flute, Give, Resolve, Sword
from .translate import N_, _, shown

if TYPE_CHECKING:
    from .state import CartusData


# -- Resolve: the placed cards revealed (resolution.cards) ------------------------------------------------------
def auto_resolve(s: CartusData, t: Resolve) -> None:
    """Entrants reveal their cards in entry order: influence per Population/Joker, rats per off-class card."""
    slot = t.slot
    comp = s.comp
    cls = s.building_class(slot)
    s.emit("resolve", "resolution", slot=slot + 1, building=comp.building_labels[s.shown[slot]],
           entrants=", ".join(s.name(p) for p in s.entrants[slot]) or "nobody")
    for i, p in enumerate(s.entrants[slot]):
        cards = s.placed[slot][i]
        pop = [c for c in cards if c < comp.npop]
        jokers = cards.count(comp.JOKER)
        off = sum(1 for c in pop if comp.card_class[c] != cls)
        for c in pop:
            s.knows[c] = s.seen[c] = comp.all_mask
        for c in cards:
            if c >= comp.npop:
                memory.left(s, p, c)
        s.played[p] += len(pop) + jokers
        s.gain_influence(p, cls, len(pop) + jokers)
        s.rats[p] += off
        s.emit("reveal_cards", "resolution.cards", player=s.name(p),
               cards=", ".join(comp.labels[c] for c in cards) or "nothing",
               influence=len(pop) + jokers, cls=comp.cards.class_names[cls], rats=off)
    s.revealed = slot + 1
    s.tasks[0:0] = [Sword(slot), Flute(slot), Actions(slot), Clear(slot)]


tasks.automatic(Resolve, auto_resolve)


def count_in(s: CartusData, slot: int, code: int) -> list[int]:
    """How many cards of this code each entrant of the slot played (entry order)."""
    return [cards.count(code) for cards in s.placed[slot]]


def compare(s: CartusData, slot: int, code: int) -> tuple[int, list[int]] | None:
    """One comparison for the building: (the earliest entrant with the most, the entrants tied for fewest)."""
    counts = count_in(s, slot, code)
    if len(counts) < 2 or min(counts) == max(counts):
        return None
    ent = s.entrants[slot]
    top, low = max(counts), min(counts)
    most = ent[counts.index(top)]
    fewest = [ent[i] for i, c in enumerate(counts) if c == low]
    return most, fewest


# -- Sword: the fewest-Swords entrant gives half their hand (resolution.sword) -----------------------------------
def auto_sword(s: CartusData, t: Sword) -> None:
    """Sword: the fewest-Swords entrant gives half their hand (rounded down) to the most-Swords entrant."""
    slot = t.slot
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
        s.tasks.insert(0, Choose(most, slot, 0))


def sword_give(s: CartusData, giver: int, receiver: int) -> None:
    k = len(s.hands[giver]) // 2
    s.emit("sword", "resolution.sword", giver=s.name(giver), receiver=s.name(receiver), count=k,
           hand=len(s.hands[giver]))
    if k:
        s.tasks.insert(0, Give(giver, receiver, k, 0))


tasks.automatic(Sword, auto_sword)


# -- Flute: the fewest-Flutes entrant gains a rat from the most-Flutes entrant (resolution.flute) ----------------
def auto_flute(s: CartusData, t: Flute) -> None:
    """Flute: the fewest-Flutes entrant gains a rat from the most-Flutes entrant."""
    slot = t.slot
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
        s.tasks.insert(0, Choose(most, slot, 1))


def flute_rat(s: CartusData, giver: int, receiver: int) -> None:
    lost = s.lose_rats(giver, 1)
    s.rats[receiver] += 1
    s.emit("flute", "resolution.flute", giver=s.name(giver), receiver=s.name(receiver), lost=lost)


tasks.automatic(Flute, auto_flute)


# -- Choose: the most-Swords (or Flutes) entrant picks among those tied for fewest (resolution.tie) ---------------
def legal_choose(s: CartusData, t: Choose) -> list[Action]:
    cmp = compare(s, t.slot, s.comp.FLUTE if t.flute else s.comp.SWORD)
    choose = s.comp.actions.choose
    return [choose[q] for q in cmp[1]] if cmp else []


def do_choose(s: CartusData, t: Choose, a: ChoosePlayer) -> None:
    chooser, which = t.chooser, t.flute
    s.tasks.pop(0)
    s.emit("choose", "resolution.tie", player=s.name(chooser), chosen=s.name(a.player),
           what="Flute" if which else "Sword")
    if which:
        flute_rat(s, chooser, a.player)
    else:
        sword_give(s, a.player, chooser)


def explain_choose(s: CartusData, t: Choose, a: ChoosePlayer) -> IllegalActionError:
    return IllegalActionError(_("player {player} is not among the entrants tied for the fewest").format(
        player=shown(a.player)), "resolution.tie")


tasks.decision(Choose, legal=legal_choose, effect=do_choose, explain=explain_choose, actions=(ChoosePlayer,),
               doing=N_("choose which tied player the Sword or Flute hits"), rule="resolution.tie")


# -- Give: the giver chooses each card given, for a Sword or the Guard Tower (give) -------------------------------
def legal_give(s: CartusData, t: Give) -> list[Action]:
    give = s.comp.actions.give
    return [give[c] for c in sorted(set(s.hands[t.giver]))]


def ready_give(s: CartusData, t: Give) -> bool:
    if t.count > 0 and s.hands[t.giver]:
        return True
    s.tasks.pop(0)
    return False


def do_give(s: CartusData, t: Give, a: GiveCard) -> None:
    """The giver chooses each card given; it goes to the receiver's hand (give)."""
    giver, receiver = t.giver, t.receiver
    c = s.comp.card_index[a.card]
    memory.gave(s, giver, receiver, c)
    s.hands[giver].remove(c)
    s.hands[receiver].append(c)
    if c < s.comp.npop:
        s.knows[c] = (1 << giver) | (1 << receiver)
        s.seen[c] |= 1 << receiver
    pair = (1 << giver) | (1 << receiver)
    for d in memory.held(s, giver):  # the others did not see which card went: they lose track of the giver's cards
        if d < s.comp.npop:
            s.knows[d] &= pair
    s.tasks[0] = Give(giver, receiver, t.count - 1, t.guard_tower)
    s.emit("give", "give", giver=s.name(giver), receiver=s.name(receiver),
           why="Guard Tower" if t.guard_tower else "Sword")


def explain_give(s: CartusData, t: Give, a: GiveCard) -> IllegalActionError:
    return IllegalActionError(_("{name} holds no {card} card to give").format(
        name=shown(s.name(t.giver)), card=shown(a.card)), "give")


tasks.decision(Give, legal=legal_give, effect=do_give, ready=ready_give, explain=explain_give, actions=(GiveCard,),
               doing=N_("choose the cards to give"), rule="give")
