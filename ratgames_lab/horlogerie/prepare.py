"""Steps 1 and 2, Prepare and Recruit: the grid refill, encumbrance, recruiting and Corruption.

Each rule keeps its generation (the legal actions), its explanation (why an action is refused, naming the
rule) and its effect together; rules.py runs the steps in order.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError as Illegal
from ..core.protocol import Action
from .actions import (DRAW_RECRUITS, ChooseRecruit, Corrupt, DiscardCard, DiscardFind, DrawRecruits, HorlogerCard,
                      MissionCard)
from .names import face_name, find_name, mission_label
from .phases import LOAD, RECRUIT, RECRUIT_CHOOSE, RECRUIT_DRAW, TEAM_SIZE
from .translate import _, shown

if TYPE_CHECKING:
    from .state import HorlogerieData


class PrepareRules:
    """Prepare (refill, encumbrance) and Recruit (draw or Corruption)."""

    __slots__ = ()

    def _discard_everything(self, p: int) -> None:
        """Carry 0 (no Horlogers): every card and every find with an encumbrance is discarded (prepare.encumbrance)."""
        enc = self.comp.missions.encumbrance
        cards = self.hands[p][:]
        self.exp_discard.extend(cards)
        self.hands[p].clear()
        lost = [m for m in self.finds[p] if enc[m] > 0]
        for m in lost:
            self._remove_find(p, m)
        self.emit("discard_everything", "prepare.encumbrance", player=self.seat(p), cards=self._cards_text(cards),
                  finds=", ".join(self.comp.missions.names[m] for m in lost) or "none")

    def _recruit(self, p: int, h: int, rule: str) -> None:
        self.hor_deck.remove(h)
        self.team[p].append(h)
        self.wounds[p].append(0)
        self.recruits_left -= 1
        self.emit("recruit", rule, player=self.seat(p), profile=self.comp.horlogers.names[h])

    def _load_actions(self) -> list[Action]:
        p = self.active
        t = self._t
        enc = self.comp.missions.encumbrance
        return ([t.discard_card[f] for f in sorted(set(self.hands[p]))]
                + [t.discard_find[m] for m in self.finds[p] if enc[m] > 0])

    def _recruit_actions(self) -> list[Action]:
        t = self._t
        return [DRAW_RECRUITS] + [t.corrupt[m] for m in self.finds[self.active]]

    def _choose_actions(self) -> list[Action]:
        t = self._t
        return [t.choose_recruit[h] for h in sorted(set(self.hor_deck))]

    def _do_mission_card(self, a: MissionCard) -> None:
        m = self.comp.missions.index[a.mission]
        self.mis_deck.remove(m)
        self.grid[self.grid.index(-1)] = m
        self.emit("refill", "prepare.refill", mission=mission_label(self.comp.missions, m), left=len(self.mis_deck))

    def _do_horloger_card(self, a: HorlogerCard) -> None:
        self._recruit(self.active, self.comp.horlogers.index[a.profile], "recruit")

    def _do_discard_card(self, a: DiscardCard) -> None:
        p = self.active
        f = self.comp.exploration.index[a.card]
        self.hands[p].remove(f)
        self.exp_discard.append(f)
        self.emit("discard_load", "prepare.encumbrance", player=self.seat(p), card=face_name(a.card), load=self.load(p),
                  carry=self.carry(p))

    def _do_discard_find(self, a: DiscardFind) -> None:
        p = self.active
        m = self.comp.missions.index[a.find]
        self._remove_find(p, m)
        self.emit("discard_find", "prepare.encumbrance", player=self.seat(p), mission=find_name(self.comp.missions, m),
                  load=self.load(p), carry=self.carry(p))

    def _do_draw_recruits(self, a: DrawRecruits) -> None:
        self.recruits_left = TEAM_SIZE - len(self.team[self.active])
        self.step = RECRUIT_DRAW

    def _do_corrupt(self, a: Corrupt) -> None:
        p = self.active
        m = self.comp.missions.index[a.find]
        self._remove_find(p, m)
        self.recruits_left = TEAM_SIZE - len(self.team[p])
        self.emit("corruption", "recruit.corruption", player=self.seat(p), mission=find_name(self.comp.missions, m))
        if len(self.hor_deck) < self.recruits_left and self.hor_discard:
            self.hor_deck.extend(self.hor_discard)
            self.hor_deck.sort()
            self.hor_discard.clear()
            self.emit("reshuffle", "recruit.corruption", deck="Horloger", count=len(self.hor_deck))
        self.step = RECRUIT_CHOOSE

    def _do_choose_recruit(self, a: ChooseRecruit) -> None:
        self._recruit(self.active, self.comp.horlogers.index[a.profile], "recruit.corruption")


# --------------------------------------------------------------------------------------------
# Why an action of these steps is refused (explain.py dispatches here; it never decides legality)
# --------------------------------------------------------------------------------------------
def _explain_discard(s: "HorlogerieData", a: DiscardCard | DiscardFind, cur: int) -> Illegal | None:
    if s.step != LOAD:
        return Illegal(_("cards and finds are discarded for encumbrance only at Prepare, when the load exceeds the "
                       "carry"), "prepare.encumbrance")
    if isinstance(a, DiscardCard):
        return Illegal(_("{card} is not in {seat}'s hand").format(
            card=shown(a.card), seat=shown(s.seat(cur))), "prepare.encumbrance")
    return Illegal(_("{find} is not one of {seat}'s finds with an encumbrance").format(
        find=shown(a.find), seat=shown(s.seat(cur))), "prepare.encumbrance")


def _explain_recruit(s: "HorlogerieData", a: Action, cur: int) -> Illegal | None:
    if isinstance(a, ChooseRecruit):
        if s.step != RECRUIT_CHOOSE:
            return Illegal(_("recruits are chosen only after Corruption"), "recruit.corruption")
        return Illegal(_("there is no {profile} in the Horloger deck").format(
            profile=shown(a.profile)), "recruit.corruption")
    if s.step != RECRUIT:
        return Illegal(_("recruiting happens at step 2, with fewer than 3 Horlogers"), "recruit")
    if isinstance(a, Corrupt):
        return Illegal(_("{find} is not one of {seat}'s finds").format(
            find=shown(a.find), seat=shown(s.seat(cur))), "recruit.corruption")
    return None


GENERATORS = {
    LOAD: PrepareRules._load_actions,
    RECRUIT: PrepareRules._recruit_actions,
    RECRUIT_CHOOSE: PrepareRules._choose_actions,
}
EFFECTS = {
    MissionCard: PrepareRules._do_mission_card,
    HorlogerCard: PrepareRules._do_horloger_card,
    DiscardCard: PrepareRules._do_discard_card,
    DiscardFind: PrepareRules._do_discard_find,
    DrawRecruits: PrepareRules._do_draw_recruits,
    Corrupt: PrepareRules._do_corrupt,
    ChooseRecruit: PrepareRules._do_choose_recruit,
}
EXPLAIN = {
    DiscardCard: _explain_discard,
    DiscardFind: _explain_discard,
    DrawRecruits: _explain_recruit,
    Corrupt: _explain_recruit,
    ChooseRecruit: _explain_recruit,
}
