"""The effects the data files name, and the tasks they start: draw (chance), look, Hospital, Guard Tower.

Each task's rule is one section here: its legal actions, its effect, when it waits and why an action is
refused, registered in ``tasks.RULES``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError
from . import memory, tasks
from .actions import STOP, Action, DrawCard, HospitalDiscard, Look, Stop
from .tasks import Draw, Give, Hospital, NunLooks, Task
from .translate import N_, _, shown

if TYPE_CHECKING:
    from .state import CartusData

PILE_OF = {"joker": 0, "sword": 1, "flute": 2, "pass": 3, "gold": 4, "vp": 5}


def apply_effect(s: CartusData, p: int, effect: dict, rule: str, slot: int = -1) -> list[Task]:
    """Apply one effect from the data files; returns the tasks it needs (draws, looks, choices)."""
    kind = effect["effect"]
    comp = s.comp
    if kind == "draw":
        return [Draw(p, effect["count"])]
    if kind == "discard_rats":
        k = s.lose_rats(p, effect["count"])
        s.emit("discard_rats", rule, player=s.name(p), count=k, rats=s.rats[p])
        return []
    if kind == "look":
        return [NunLooks(p, effect["count"], -1)]
    if kind == "take":
        pile = PILE_OF[effect["pile"]]
        k = min(effect["count"], s.piles[pile])
        s.piles[pile] -= k
        if pile == 5:
            s.vp[p] += k
        else:
            s.hands[p].extend([comp.npop + pile] * k)
            memory.took(s, p, comp.npop + pile, k)
        s.emit("take", rule, player=s.name(p), count=k, what=("VP token" if pile == 5 else
                                                              comp.cards.special_names[pile]))
        return []
    if kind == "brewery":
        k = s.played[p] // effect["per"]
        s.emit("brewery", rule, player=s.name(p), points=s.played[p], count=k)
        return [Draw(p, k)]
    if kind == "hospital":
        k = s.lose_rats(p, effect["rats"])
        if effect["rats"]:
            s.emit("discard_rats", rule, player=s.name(p), count=k, rats=s.rats[p])
        return [Hospital(p, effect["cards"])]
    if kind == "guard_tower":
        return guard_tower(s, p, effect["count"])
    return []


# -- Draw (chance): Population cards from the deck (draw) -------------------------------------------------------
def ready_draw(s: CartusData, t: Draw) -> bool:
    """A draw waits for its card; an empty deck takes the shuffled discard, and with neither the draw stops."""
    if t.count <= 0:
        s.tasks.pop(0)
        return False
    if not s.deck:
        if not s.discard:
            s.emit("draw_empty", "draw", player=s.name(t.player), left=t.count)
            s.tasks.pop(0)
            return False
        s.deck = s.discard
        s.discard = []
        s.deck.sort()
        for c in s.deck:  # everyone knows which cards are in the new deck, nobody which of them a draw takes
            s.knows[c] = 0
            memory.public(s, c)
        s.emit("reshuffle", "draw", count=len(s.deck))
    return True


def do_draw(s: CartusData, t: Draw, a: DrawCard) -> None:
    c = s.comp.card_index[a.card]
    s.deck.remove(c)
    p = t.player
    s.hands[p].append(c)
    s.knows[c] = 1 << p
    s.seen[c] |= 1 << p
    s.tasks[0] = Draw(p, t.count - 1)
    s.emit("draw", "draw", player=s.name(p), hand=len(s.hands[p]))


tasks.chance(Draw, legal=lambda s, t: [s.comp.actions.draw[c] for c in s.deck], effect=do_draw, ready=ready_draw)


# -- NunLooks: look secretly at nun-row cards (look; the Tent's privilege looks at 2 different ones) --------------
def look_fault(s: CartusData, t: NunLooks, position: int) -> IllegalActionError | None:
    """Why ``position`` cannot be looked at now, or None if it can."""
    if not 0 <= position < s.comp.row_size:
        return IllegalActionError(_("the nun row has positions 1 to {row_size}").format(
            row_size=shown(s.comp.row_size)), "look")
    if position == t.first:
        return IllegalActionError(_("the privilege looks at 2 different positions: this one is already chosen"),
                                  "building.tent")
    return None


def legal_look(s: CartusData, t: NunLooks) -> list[Action]:
    looks = s.comp.actions.look
    return [looks[i] for i in range(s.comp.row_size) if look_fault(s, t, i) is None]


def ready_look(s: CartusData, t: NunLooks) -> bool:
    if t.count > 0 and (t.first < 0 or s.comp.row_size > 1):
        return True
    s.tasks.pop(0)
    return False


def do_look(s: CartusData, t: NunLooks, a: Look) -> None:
    """Look secretly at one nun-row card: the position is public, the value private (look)."""
    p, pos = t.player, a.position
    c = s.row[pos]
    s.knows[c] |= 1 << p
    s.seen[c] |= 1 << p
    if pos not in s.looks[p]:
        s.looks[p].append(pos)
        s.looks[p].sort()
    s.emit("look", "look", player=s.name(p), position=pos + 1)
    s.tasks[0] = NunLooks(p, t.count - 1, pos)


def explain_look(s: CartusData, t: NunLooks, a: Look) -> IllegalActionError | None:
    return look_fault(s, t, a.position)


tasks.decision(NunLooks, legal=legal_look, effect=do_look, ready=ready_look, explain=explain_look,
               actions=(Look,), doing=N_("choose a nun-row position to look at"), rule="look")


# -- Hospital: discard hand cards, one rat each (building.hospital) ---------------------------------------------
def legal_hospital(s: CartusData, t: Hospital) -> list[Action]:
    h = s.comp.actions.hospital
    return [h[c] for c in sorted(set(s.hands[t.player]))] + [STOP]


def ready_hospital(s: CartusData, t: Hospital) -> bool:
    """The Hospital waits while the player may still discard: cards left to discard, rats and hand cards."""
    p = t.player
    if t.cards > 0 and s.rats[p] > 0 and s.hands[p]:
        return True
    s.tasks.pop(0)
    return False


def do_hospital(s: CartusData, t: Hospital, a: Action) -> None:
    """Hospital: discard a hand card to discard one rat (at most as many cards as rats left)."""
    p = t.player
    if isinstance(a, Stop):
        s.tasks.pop(0)
        return
    c = s.comp.card_index[a.card]
    s.hands[p].remove(c)
    if c >= s.comp.npop:
        memory.left(s, p, c)
    s.to_pile(c)
    s.lose_rats(p, 1)
    s.tasks[0] = Hospital(p, t.cards - 1)
    s.emit("hospital", "building.hospital", player=s.name(p), card=s.comp.labels[c], rats=s.rats[p])


def explain_hospital(s: CartusData, t: Hospital, a: HospitalDiscard) -> IllegalActionError:
    return IllegalActionError(_("{name} holds no {card} card").format(
        name=shown(s.name(t.player)), card=shown(a.card)), "building.hospital")


tasks.decision(Hospital, legal=legal_hospital, effect=do_hospital, ready=ready_hospital, explain=explain_hospital,
               actions=(HospitalDiscard, Stop), doing=N_("discard hand cards at the Hospital or stop"),
               rule="building.hospital")


# -- Guard Tower (building.guard_tower): the givers it names give through Give tasks (resolution.py) -----------
def guard_tower(s: CartusData, holder: int, count: int) -> list[Task]:
    """Every unprotected player whose hand (recorded now) is at least the holder's gives min(3, hand) cards."""
    n = s.comp.players
    sizes = [len(h) for h in s.hands]
    s.emit("guard_record", "building.guard_tower", player=s.name(holder),
           sizes=", ".join(f"{s.name(q)} {sizes[q]}" for q in range(n)))
    out: list[Task] = []
    for k in range(1, n):
        q = (holder + k) % n
        if s.protected[q]:
            s.emit("guard_protected", "building.guard_tower", player=s.name(q))
        elif sizes[q] >= sizes[holder] and sizes[q] > 0:
            g = min(count, sizes[q])
            s.emit("guard_give", "building.guard_tower", giver=s.name(q), receiver=s.name(holder), count=g)
            out.append(Give(q, holder, g, 1))
    return out
