"""Drawing cards at chance nodes (deck.draw, deck.reshuffle, dummies): for the dummies and to refill the display.

The pending draw (``pending_draw``) is the one condition the chance outcomes and the refusal of a draw share.
"""
from __future__ import annotations

import random
from fractions import Fraction

from ..core.errors import IllegalActionError
from ..core.protocol import CHANCE, Action
from .actions import DRAW_NUMBER, DRAW_RULE, DrawNumber, DrawRule
from .cards import CARD_BY_CODE, DISPLAY_NUMBERS, RULE_BY_ID, RULES, card_name, rule_name, seat_name
from .phases import DISPLAY_DRAW, DUMMY_DRAW, NUMBER, RULE

_TYPE_WORD = {NUMBER: "Number", RULE: "Rule"}


class DrawRules:
    """The chance draws of a transaction (a mixin of MasterOfRulesState)."""

    __slots__ = ()

    def pending_draw(self) -> tuple[str, str] | None:
        """At a chance node: (what is drawn: 'number'/'rule', where it goes: 'Dummy-1'/'Dummy-2'/'display')."""
        if self.phase == DISPLAY_DRAW:
            return (NUMBER if len(self.display_numbers) < DISPLAY_NUMBERS and self.deck_numbers else RULE), "display"
        if self.phase == DUMMY_DRAW:
            return self._dummy_need()
        return None

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Each card left in the deck is equally likely to come off it."""
        if self._current != CHANCE:
            return []
        kind, _ = self.pending_draw()
        if kind == NUMBER:
            p = Fraction(1, len(self.deck_numbers))
            return [(DRAW_NUMBER[c], p) for c in self.deck_numbers]
        total = sum(self.deck_rules)
        return [(DRAW_RULE[t], Fraction(n, total)) for t, n in enumerate(self.deck_rules) if n]

    def sample_chance(self, rng: random.Random) -> Action:
        """Fast exact sampling of the pending draw."""
        kind, _ = self.pending_draw()
        if kind == NUMBER:
            return DRAW_NUMBER[self.deck_numbers[rng.randrange(len(self.deck_numbers))]]
        r = rng.randrange(sum(self.deck_rules))
        for t, n in enumerate(self.deck_rules):
            if r < n:
                return DRAW_RULE[t]
            r -= n
        raise AssertionError("empty rule deck at a chance node")

    def _dummy_need(self) -> tuple[str, str] | None:
        """The next card the dummies get after this round (rules.dummies), or None."""
        n = self.players
        if n == 5:
            return None
        if self.round == 1:
            if self.table_numbers[n] is None:
                return NUMBER, seat_name(n, n)
            if n == 3 and self.table_rules[n] is None and (any(self.deck_rules) or any(self.discard_rules)):
                return RULE, seat_name(n, n)
            return None
        if n == 3 and self.table_numbers[4] is None:
            return NUMBER, seat_name(4, n)
        return None


    def _refuse_draw(self, kind: str) -> None:
        """The refusals every draw shares: only at a chance node, and only the type being drawn."""
        if self._current != CHANCE:
            raise IllegalActionError("cards are drawn only at chance nodes", "engine.chance_node")
        pending, _ = self.pending_draw()
        if pending != kind:
            raise IllegalActionError(f"a {_TYPE_WORD[pending]} card is being drawn, not a {_TYPE_WORD[kind]} card",
                                     "engine.chance_node")

    # -- a Number card -----------------------------------------------------------------------------------------------
    def _check_draw_number(self, a: DrawNumber) -> None:
        self._refuse_draw(NUMBER)
        if CARD_BY_CODE.get(a.card) not in self.deck_numbers:
            raise IllegalActionError(f"the {a.card} is not in the Number deck", "deck.draw")

    def _draw_number(self, card: int) -> None:
        self.deck_numbers.remove(card)
        if self.phase == DISPLAY_DRAW:
            self.display_numbers.append(card)
            self.display_numbers.sort()
            self.emit("display_draw_number", "transaction.next", card=card_name(card))
        else:
            seat = self.players if self.round == 1 else 4
            self.table_numbers[seat] = card
            self.emit("dummy_number", "dummies", dummy=seat_name(seat, self.players), card=card_name(card))


    # -- a Rule card -------------------------------------------------------------------------------------------------
    def _check_draw_rule(self, a: DrawRule) -> None:
        self._refuse_draw(RULE)
        t = RULE_BY_ID.get(a.rule)
        if t is None or not self.deck_rules[t]:
            raise IllegalActionError(f"no {a.rule} card is in the Rule deck", "deck.draw")

    def _draw_rule(self, t: int) -> None:
        self.deck_rules[t] -= 1
        if self.phase == DISPLAY_DRAW:
            self.display_rules[t] += 1
            self.emit("display_draw_rule", "transaction.next", rule=rule_name(t))
        else:
            self.table_rules[self.players] = t
            self.emit("dummy_rule", "dummies", dummy=seat_name(self.players, self.players), rule=rule_name(t))

    def _reshuffle_if_empty(self, kind: str) -> None:
        """An empty deck is rebuilt from its discard pile (the deck is unordered, so draws stay uniform)."""
        if kind == NUMBER and not self.deck_numbers and self.discard_numbers:
            self.emit("reshuffle", "deck.reshuffle", type="Number", count=len(self.discard_numbers))
            self.deck_numbers = sorted(self.discard_numbers)
            self.discard_numbers = []
        elif kind == RULE and not any(self.deck_rules) and any(self.discard_rules):
            self.emit("reshuffle", "deck.reshuffle", type="Rule", count=sum(self.discard_rules))
            self.deck_rules = self.discard_rules
            self.discard_rules = [0] * len(RULES)


CHECKS = {DrawNumber: DrawRules._check_draw_number, DrawRule: DrawRules._check_draw_rule}
EFFECTS = {DrawNumber: lambda s, a: s._draw_number(CARD_BY_CODE[a.card]),
           DrawRule: lambda s, a: s._draw_rule(RULE_BY_ID[a.rule])}
