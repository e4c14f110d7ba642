"""Refilling from the display (transaction.refill): after playing a card, take one of the same type.

Its listing, refusals and effects side by side; ``may_refill`` is the one condition the listing and the refusals
share (refilling now, with the type just played).
"""
from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.protocol import Action
from .actions import TAKE_NUMBER, TAKE_RULE, TakeNumber, TakeRule
from .cards import CARD_BY_CODE, RULE_BY_ID, card_name, rule_name, seat_name
from .translate import _, seat_text, type_text
from .phases import NUMBER, PLAY, REFILL, RULE

_OTHER = {NUMBER: "Rule", RULE: "Number"}


class RefillRules:
    """Taking a card from the display (a mixin of MasterOfRulesState)."""

    __slots__ = ()

    def may_refill(self, kind: str) -> bool:
        """True while the player to move refills, with a card of ``kind`` (the type they just played)."""
        return self.phase == REFILL and self.refill_type == kind

    def _refill_actions(self) -> list[Action]:
        """A card of the type just played, from the display."""
        if self.may_refill(NUMBER):
            return [TAKE_NUMBER[c] for c in self.display_numbers]
        return [TAKE_RULE[t] for t, n in enumerate(self.display_rules) if n]

    def _refuse_refill(self, kind: str) -> None:
        """The refusals every take shares: only after playing, and only the type just played."""
        who = seat_text(seat_name(self._current, self.players))
        if self.phase == PLAY:
            raise IllegalActionError(_("{player} must play a card before refilling").format(player=who),
                                     "transaction.refill")
        if not self.may_refill(kind):
            other = type_text(_OTHER[kind])
            raise IllegalActionError(_("{player} played a {type} card and must refill with a {type} card").format(
                player=who, type=other), "transaction.refill")

    # -- a Number card ---------------------------------------------------------------------------------------------
    def _check_take_number(self, a: TakeNumber) -> None:
        self._refuse_refill(NUMBER)
        if CARD_BY_CODE.get(a.card) not in self.display_numbers:
            raise IllegalActionError(_("the {card} is not in the display").format(card=a.card), "transaction.refill")

    def _take_number(self, card: int) -> None:
        p = self._current
        self.display_numbers.remove(card)
        self.hand_numbers[p].append(card)
        self.hand_numbers[p].sort()
        self.known_numbers[p].append(card)
        self.emit("take_number", "transaction.refill", player=seat_name(p, self.players), card=card_name(card))
        self._next_turn()

    # -- a Rule card -------------------------------------------------------------------------------------------------
    def _check_take_rule(self, a: TakeRule) -> None:
        self._refuse_refill(RULE)
        t = RULE_BY_ID.get(a.rule)
        if t is None or not self.display_rules[t]:
            raise IllegalActionError(_("no {rule} card is in the display").format(rule=a.rule), "transaction.refill")

    def _take_rule(self, t: int) -> None:
        p = self._current
        self.display_rules[t] -= 1
        self.hand_rules[p][t] += 1
        self.known_rules[p][t] += 1
        self.emit("take_rule", "transaction.refill", player=seat_name(p, self.players), rule=rule_name(t))
        self._next_turn()


LISTERS = {REFILL: RefillRules._refill_actions}
CHECKS = {TakeNumber: RefillRules._check_take_number, TakeRule: RefillRules._check_take_rule}
EFFECTS = {TakeNumber: lambda s, a: s._take_number(CARD_BY_CODE[a.card]),
           TakeRule: lambda s, a: s._take_rule(RULE_BY_ID[a.rule])}
