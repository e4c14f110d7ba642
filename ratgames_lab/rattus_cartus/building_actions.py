"""Phase D.2, actions (resolution.actions).

Privilege and basic actions, 2 players, the last round; D.3 discard and E. end of round.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError
from . import tasks
from .actions import DECLINE, USE, Action, UseAction
from .effects import apply_effect
from .scoring import final_result
from .tasks import Actions, Clear, EndRound, Offer, Round
from .translate import N_

if TYPE_CHECKING:
    from .state import CartusData


def privilege_holder(s: CartusData, slot: int) -> int:
    """The entrant who played the most Population + Joker cards here (tie: earliest); 2 players: the round's one."""
    ent = s.entrants[slot]
    if not ent:
        return -1
    joker = s.comp.JOKER
    if s.comp.players == 2:
        if s.priv2 < 0:  # the cards placed in every building of the round count
            totals = [0, 0]
            for slot_ent, slot_cards in zip(s.entrants, s.placed):
                for p, cards in zip(slot_ent, slot_cards):
                    totals[p] += sum(1 for c in cards if c <= joker)
            best = max(totals)
            s.priv2 = next(p for p in s.entry_order if totals[p] == best)
            s.emit("privilege_2p", "resolution.actions.two_players", player=s.name(s.priv2), played=best)
        return s.priv2 if s.priv2 in ent else -1
    counts = [sum(1 for c in cards if c <= joker) for cards in s.placed[slot]]
    return ent[counts.index(max(counts))]


# -- Actions: who may act, and in which order (resolution.actions) -----------------------------------------------
def auto_actions(s: CartusData, t: Actions) -> None:
    """The privilege holder acts first, then the other entrants in entry order; last round: +1 influence."""
    slot = t.slot
    ent = s.entrants[slot]
    if not ent:
        return
    holder = privilege_holder(s, slot)
    cls = s.building_class(slot)
    if s.last_round:
        if holder >= 0:
            s.gain_influence(holder, cls, 1)
            s.emit("last_round_influence", "round.last", player=s.name(holder),
                   cls=s.comp.cards.class_names[cls], influence=s.influence[cls][holder])
        return
    order = ([holder] if holder >= 0 else []) + [p for p in ent if p != holder]
    bd = s.comp.buildings
    btype = s.building_type(slot)
    offers = []
    for p in order:
        priv = p == holder
        effect = bd.privilege[btype] if priv else bd.basic[btype]
        if effect["effect"] == "none":
            s.emit("protected", "building.guard_tower", player=s.name(p))
            continue
        offers.append(Offer(p, slot, int(priv)))
    s.tasks[0:0] = offers


tasks.automatic(Actions, auto_actions)


# -- Offer: perform or decline the privilege or basic action (building.<type>) ------------------------------------
def legal_offer(s: CartusData, t: Offer) -> list[Action]:
    return [USE, DECLINE]


def do_offer(s: CartusData, t: Offer, a: UseAction) -> None:
    p, slot, priv = t.player, t.slot, t.privilege
    s.tasks.pop(0)
    bd = s.comp.buildings
    btype = s.building_type(slot)
    what = "privilege" if priv else "basic action"
    rule = f"building.{bd.type_ids[btype]}"
    if not a.use:
        s.emit("decline", rule, player=s.name(p), what=what, building=bd.type_names[btype])
        return
    s.emit("use", rule, player=s.name(p), what=what, building=bd.type_names[btype])
    effect = bd.privilege[btype] if priv else bd.basic[btype]
    s.tasks[0:0] = apply_effect(s, p, effect, rule, slot)


def explain_offer(s: CartusData, t: Offer, a: UseAction) -> IllegalActionError | None:
    return None  # both answers are always open


tasks.decision(Offer, legal=legal_offer, effect=do_offer, explain=explain_offer, actions=(UseAction,),
               doing=N_("perform or decline the building action"), rule="resolution.actions")


# -- Clear: the placed cards leave play (resolution.discard) -----------------------------------------------------
def auto_clear(s: CartusData, t: Clear) -> None:
    """Played Population cards go to the discard; Jokers and specials (Pass included) to their piles."""
    for cards in s.placed[t.slot]:
        for c in cards:
            s.to_pile(c)
        cards.clear()


tasks.automatic(Clear, auto_clear)


# -- EndRound: markers back, buildings discarded, the first-player card passes on (round.end) ---------------------
def auto_end_round(s: CartusData, t: EndRound) -> None:
    """Markers return, the revealed buildings are discarded, the first-player card passes to the left."""
    s.bdiscard.extend(s.shown)
    last = s.last_round
    s._clear_round()
    s.emit("round_end", "round.end", round=s.round)
    if last:
        res = final_result(s)
        s.emit("nun_row", "end.plague", nuns=res["nuns"],
               cards=", ".join(s.comp.labels[c] for c in s.row))
        for p in range(s.comp.players):
            s.emit("final_score", "end.scoring", player=s.name(p), vp=res["total"][p], rats=s.rats[p],
                   alive="survives" if res["alive"][p] else "dies of the plague")
        if res["winners"]:
            s.emit("winner", "end.winner", players=", ".join(s.name(p) for p in res["winners"]))
        else:
            s.emit("all_dead", "end.winner")
        return
    s.round += 1
    s.first = (s.first + 1) % s.comp.players
    s.tasks.insert(0, Round())


tasks.automatic(EndRound, auto_end_round)
