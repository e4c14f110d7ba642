"""Steps 4 and 5, Discover and Rest: buying missions without change, and resting to heal or untap.

Each rule keeps its generation (the legal actions), its explanation (why an action is refused, naming the
rule) and its effect together; rules.py runs the steps in order.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError as Illegal
from ..core.protocol import Action
from .actions import END_DISCOVER, END_REST, Buy, EndDiscover, EndRest, Heal, RestDiscard, Untap
from .cards import ExplorationDeck
from .names import face_name, faces_text, mission_label
from .payments import GREAT_EXPEDITION_TOTAL, could_pay, payment_fault, payments
from .phases import DISCOVER, REST
from .translate import _, shown

if TYPE_CHECKING:
    from .state import HorlogerieData


class DiscoverRules:
    """Discover (buy missions) and Rest (heal wounds, untap finds)."""

    __slots__ = ()

    def _buy_actions(self) -> list[Action]:
        p = self.active
        comp = self.comp
        hand = tuple(self.hands[p])
        names = comp.exploration.names
        mnames = comp.missions.names
        out: list[Action] = []
        if not hand:
            return out
        ex = comp.exploration
        by_terrain = [0, 0, 0, 0, 0, 0, 0, 0]
        for f in hand:
            by_terrain[ex.terrain[f]] += ex.value[f]
        need = self._t.needs
        buys = self._t.buys
        cards = len(hand)
        for m in sorted(x for x in self.grid if x >= 0):
            bits = need[m]
            if bits is None:
                if not could_pay(comp.missions, m, by_terrain, cards):
                    continue
            elif any(by_terrain[b] < a for b, a in bits):
                continue
            for pay in payments(comp.exploration, comp.missions, m, hand):
                key = (m, pay)
                act = buys.get(key)
                if act is None:
                    act = buys[key] = Buy(mnames[m], tuple(names[f] for f in pay))
                out.append(act)
        return out

    def _canonical_buy(self, a: Buy) -> Buy:
        """The same payment with its cards in the listed order: a payment is a set of cards, in any order."""
        cards = canonical_cards(self.comp.exploration, a.cards)
        return a if cards == a.cards else Buy(a.mission, cards)

    def _discover_actions(self) -> list[Action]:
        return self._buy_actions() + [END_DISCOVER]

    def _rest_actions(self) -> list[Action]:
        t = self._t
        p = self.active
        out: list[Action] = [t.rest_discard[f] for f in sorted(set(self.hands[p]))]
        if self.rest_points:
            out += [t.heal[i] for i, w in enumerate(self.wounds[p]) if w]
            out += [t.untap[m] for m, tp in zip(self.finds[p], self.tapped[p]) if tp]
        out.append(END_REST)
        return out

    def _do_buy(self, a: Buy) -> None:
        a = self._canonical_buy(a)
        p = self.active
        comp = self.comp
        m = comp.missions.index[a.mission]
        for name in a.cards:
            f = comp.exploration.index[name]
            self.hands[p].remove(f)
            self.exp_discard.append(f)
        self.grid[self.grid.index(m)] = -1
        self.finds[p].append(m)
        self.tapped[p].append(0)
        self._vp_changed(p)
        paid = sum(comp.exploration.value[comp.exploration.index[c]] for c in a.cards)
        self.emit("buy", "discover", player=self.seat(p), mission=mission_label(comp.missions, m), cards=faces_text(a.cards),
                  vp=self.vp(p))
        need = sum(x for _, x in comp.missions.requirements[m])
        if comp.missions.special[m] == "great_expedition":
            need = GREAT_EXPEDITION_TOTAL
        if need and paid > need:
            self.emit("no_change", "discover.payment", player=self.seat(p), lost=paid - need)

    def _do_end_discover(self, a: EndDiscover) -> None:
        self.step = REST

    def _do_rest_discard(self, a: RestDiscard) -> None:
        p = self.active
        f = self.comp.exploration.index[a.card]
        self.hands[p].remove(f)
        self.exp_discard.append(f)
        self.rest_points += self.comp.exploration.value[f]
        self.emit("rest_discard", "rest", player=self.seat(p), card=face_name(a.card), points=self.rest_points)

    def _do_heal(self, a: Heal) -> None:
        p = self.active
        self.wounds[p][a.slot] -= 1
        self.rest_points -= 1
        self.emit("heal", "rest", player=self.seat(p), profile=self.comp.horlogers.names[self.team[p][a.slot]],
                  wounds=self.wounds[p][a.slot])

    def _do_untap(self, a: Untap) -> None:
        p = self.active
        m = self.comp.missions.index[a.find]
        self.tapped[p][self.finds[p].index(m)] = 0
        self.rest_points -= 1
        self.emit("untap", "rest", player=self.seat(p), find=self._find_name(a.find))

    def _do_end_rest(self, a: EndRest) -> None:
        if self.rest_points:
            self.emit("rest_lost", "rest", player=self.seat(self.active), points=self.rest_points)
        self.rest_points = 0
        self._end_turn()


def canonical_cards(deck: ExplorationDeck, cards: tuple) -> tuple:
    """The cards of a payment in the order the engine lists them (deck order; unknown names last, kept)."""
    if not all(isinstance(c, str) for c in cards):
        return cards
    last = len(deck.names)
    return tuple(sorted(cards, key=lambda c: deck.index.get(c, last)))


# --------------------------------------------------------------------------------------------
# Why an action of these steps is refused (explain.py dispatches here; it never decides legality)
# --------------------------------------------------------------------------------------------
def _explain_buy(s: "HorlogerieData", a: Buy, cur: int) -> Illegal | None:
    if s.step != DISCOVER:
        return Illegal(_("missions are bought at step 4, Discover"), "discover")
    comp = s.comp
    ms, ex = comp.missions, comp.exploration
    m = ms.index.get(a.mission)
    if m is None or m not in s.grid:
        return Illegal(_("{mission} is not a visible mission of the grid").format(
            mission=shown(a.mission)), "discover.visible")
    faces = [ex.index.get(c, -1) for c in a.cards]
    need = Counter(faces)
    have = Counter(s.hands[cur])
    for f, k in need.items():
        if f < 0 or have[f] < k:
            bad = a.cards[faces.index(f)]
            return Illegal(_("{bad} is not in {seat}'s hand (often enough)").format(
                bad=shown(bad), seat=shown(s.seat(cur))), "discover.payment")
    fault = payment_fault(ex, ms, m, faces)
    return Illegal(fault, "discover.payment") if fault else None


def _explain_end_discover(s: "HorlogerieData", a: EndDiscover, cur: int) -> Illegal | None:
    return Illegal(_("the Discover step is not under way"), "discover")


def _explain_rest(s: "HorlogerieData", a: Action, cur: int) -> Illegal | None:
    if s.step != REST:
        return Illegal(_("resting is step 5, after Discover"), "rest")
    if isinstance(a, RestDiscard):
        return Illegal(_("{card} is not in {seat}'s hand").format(card=shown(a.card), seat=shown(s.seat(cur))), "rest")
    if not s.rest_points:
        return Illegal(_("discard an Exploration card first: each of its points turns one card back a quarter turn"),
                       "rest")
    if isinstance(a, Heal):
        return Illegal(_("Horloger #{value} has no wound to heal").format(value=shown(a.slot + 1)), "rest")
    if isinstance(a, Untap):
        return Illegal(_("{find} is not a tapped find of {seat}").format(
            find=shown(a.find), seat=shown(s.seat(cur))), "rest")
    return None


GENERATORS = {
    DISCOVER: DiscoverRules._discover_actions,
    REST: DiscoverRules._rest_actions,
}
EFFECTS = {
    Buy: DiscoverRules._do_buy,
    EndDiscover: DiscoverRules._do_end_discover,
    RestDiscard: DiscoverRules._do_rest_discard,
    Heal: DiscoverRules._do_heal,
    Untap: DiscoverRules._do_untap,
    EndRest: DiscoverRules._do_end_rest,
}
EXPLAIN = {
    Buy: _explain_buy,
    EndDiscover: _explain_end_discover,
    RestDiscard: _explain_rest,
    Heal: _explain_rest,
    Untap: _explain_rest,
    EndRest: _explain_rest,
}
