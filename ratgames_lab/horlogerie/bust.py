"""A bust and what follows it (explore.bust, danger.bust, explore.discovery), side by side.

An exploration busts when its cards total more than the exploration value; the Danger phase is still played
(danger.bust: a Danger draw that busts wounds nobody), and at Discovery the explorer keeps every card drawn
after a success, but only one after a bust: the right neighbour chooses it among the cards drawn, the others
are discarded. Each rule keeps its legal actions, its explanation and its effect together.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.errors import IllegalActionError as Illegal
from ..core.protocol import Action
from .actions import KeepCard
from .names import face_name
from .phases import DISCOVER, DISCOVERY
from .translate import _, shown

if TYPE_CHECKING:
    from .state import HorlogerieData


class BustRules:
    """The busts of step 3 and the Discovery that follows (a mixin of HorlogerieState)."""

    __slots__ = ()

    # -- the busts (explore.bust, danger.bust) -------------------------------------------------------------------
    def _explore_bust(self, total: int, value: int) -> None:
        """The exploration cards total more than the exploration value: the exploration fails."""
        self.emit("explore_bust", "explore.bust", player=self.seat(self.active), total=total, value=value)
        self._end_exploration("bust")

    def _danger_bust(self, drawer: str, total: int, value: int) -> None:
        """The Danger cards total more than the explored total: the danger fails, nobody is wounded."""
        self.emit("danger_bust", "danger.bust", player=drawer, total=total, value=value)
        self._end_danger("bust")

    # -- after the Danger phase: what the explorer keeps (explore.discovery) --------------------------------------
    def _settle_discovery(self) -> bool:
        """Keep every card after a success, the only card left to choose after a bust; True when the right
        neighbour must choose (a decision is pending), False when the turn moved on by itself."""
        p = self.active
        if self.explore_result != "bust":
            kept = sorted(self.exp_table)
            self.hands[p].extend(kept)
            self.hands[p].sort()
            self.exp_table.clear()
            self.emit("discovery_all", "explore.discovery", player=self.seat(p), cards=self._cards_text(kept))
            self.step = DISCOVER
            return False
        if len(set(self.exp_table)) == 1:
            self._keep(self.exp_table[0])
            return False
        self._current = self.right(p)
        return True

    def _discovery_actions(self) -> list[Action]:
        t = self._t
        return [t.keep_card[f] for f in sorted(set(self.exp_table))]

    def _keep(self, f: int) -> None:
        p = self.active
        self.exp_table.remove(f)
        self.hands[p].append(f)
        self.hands[p].sort()
        rest = self.exp_table[:]
        self.exp_discard.extend(rest)
        self.exp_table.clear()
        self.emit("discovery_one", "explore.discovery", player=self.seat(p), chooser=self.seat(self.right(p)),
                  card=face_name(self.comp.exploration.names[f]), discarded=self._cards_text(rest))
        self.step = DISCOVER

    def _do_keep_card(self, a: KeepCard) -> None:
        self._keep(self.comp.exploration.index[a.card])


def _explain_keep_card(s: "HorlogerieData", a: KeepCard, cur: int) -> Illegal | None:
    if s.step != DISCOVERY:
        return Illegal(_("the right neighbour chooses a kept card only after a failed exploration"), "explore.discovery")
    return Illegal(_("{card} was not drawn this turn").format(card=shown(a.card)), "explore.discovery")


GENERATORS = {DISCOVERY: BustRules._discovery_actions}
EFFECTS = {KeepCard: BustRules._do_keep_card}
EXPLAIN = {KeepCard: _explain_keep_card}
