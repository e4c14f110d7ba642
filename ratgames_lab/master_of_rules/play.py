"""Playing a card from hand (transaction.play_from_hand, .second_round, .already_played, .must_play).

One section per action: its listing, its refusal and its effect side by side. The conditions the listing and the
refusals share are written once: ``may_play`` (the type of the round), ``allowed_rules`` (Rule types not yet
played) and ``must_play_nothing`` (a player with no Rule card to play).
"""
from __future__ import annotations

from ..core.errors import IllegalActionError
from ..core.protocol import Action
from .actions import PLAY_NOTHING, PLAY_NUMBER, PLAY_RULE, PlayNothing, PlayNumber, PlayRule
from .cards import CARD_BY_CODE, RULE_BY_ID, card_name, rule_name, seat_name
from .translate import _, data_text, seat_text, type_text
from .phases import DUMMY_DRAW, NOTHING, NUMBER, PLAY, REFILL, RULE

_TYPE_WORD = {NUMBER: "Number", RULE: "Rule"}


class PlayRules:
    """Playing a card, then the refill it calls for (a mixin of MasterOfRulesState)."""

    __slots__ = ()

    # -- the conditions (written once) ---------------------------------------------------------------------------
    def may_play(self, player: int, kind: str) -> bool:
        """transaction.second_round: either type in the first round, in the second the type not played first."""
        return self.round == 1 or (self.first_round[player] == NUMBER) != (kind == NUMBER)

    def required_type(self, player: int) -> str | None:
        """In the second round, the type the player must play: the one they did not play first."""
        if self.round == 1:
            return None
        return NUMBER if self.may_play(player, NUMBER) else RULE

    def played_rules(self) -> set[int]:
        """Rule types already played this transaction (Dummy-1's card included)."""
        return {r for r in self.table_rules if r is not None}

    def allowed_rules(self, player: int) -> list[int]:
        """transaction.already_played: Rule types not already played, unless all the player's Rule cards were."""
        held = [t for t, n in enumerate(self.hand_rules[player]) if n]
        played = self.played_rules()
        fresh = [t for t in held if t not in played]
        return fresh if fresh else held

    def must_play_nothing(self, player: int) -> bool:
        """transaction.must_play: only a player who must play a Rule card and holds none plays nothing."""
        return not self.may_play(player, NUMBER) and not any(self.hand_rules[player])

    # -- the listing ---------------------------------------------------------------------------------------------
    def _play_actions(self) -> list[Action]:
        """A card from hand of a type the round allows (Rule cards not yet played first), or nothing."""
        p = self._current
        numbers = self.may_play(p, NUMBER)
        out: list[Action] = [PLAY_NUMBER[c] for c in self.hand_numbers[p]] if numbers else []
        if self.may_play(p, RULE):
            out.extend([PLAY_RULE[t] for t in self.allowed_rules(p)])
        if not numbers and self.must_play_nothing(p):
            out.append(PLAY_NOTHING)
        return out

    def _refuse_play(self, p: int, kind: str) -> None:
        """The refusals every play shares: not while refilling, and only the type the round allows."""
        who = seat_text(seat_name(p, self.players))
        if self.phase == REFILL:
            raise IllegalActionError(_("{player} must first refill from the display").format(player=who),
                                     "transaction.refill")
        if not self.may_play(p, kind):
            need = self.required_type(p)
            first, need = _TYPE_WORD[RULE if need == NUMBER else NUMBER], _TYPE_WORD[need]
            raise IllegalActionError(_("{player} played a {first} card in the first round and must now play a {need} "
                                       "card").format(player=who, first=type_text(first), need=type_text(need)),
                                     "transaction.second_round")

    # -- a Number card ---------------------------------------------------------------------------------------------
    def _check_play_number(self, a: PlayNumber) -> None:
        p = self._current
        self._refuse_play(p, NUMBER)
        if CARD_BY_CODE.get(a.card) not in self.hand_numbers[p]:
            raise IllegalActionError(_("{player} has no {card} in hand").format(
                player=seat_text(seat_name(p, self.players)), card=a.card), "transaction.play_from_hand")

    def _play_number(self, card: int) -> None:
        p = self._current
        self.hand_numbers[p].remove(card)
        if card in self.known_numbers[p]:
            self.known_numbers[p].remove(card)
        self.table_numbers[p] = card
        self.emit("play_number", "transaction.play", player=seat_name(p, self.players), card=card_name(card))
        self._after_play(p, NUMBER)

    # -- a Rule card -------------------------------------------------------------------------------------------------
    def _check_play_rule(self, a: PlayRule) -> None:
        p = self._current
        self._refuse_play(p, RULE)
        who = seat_text(seat_name(p, self.players))
        t = RULE_BY_ID.get(a.rule)
        if t is None or not self.hand_rules[p][t]:
            raise IllegalActionError(_("{player} has no {rule} card in hand").format(player=who, rule=a.rule),
                                     "transaction.play_from_hand")
        if t not in self.allowed_rules(p):
            raise IllegalActionError(
                _("{rule} was already played this transaction and {player} holds a Rule card that was not").format(
                    rule=data_text(rule_name(t)), player=who), "transaction.already_played")

    def _play_rule(self, t: int) -> None:
        p = self._current
        exception = t in self.played_rules()
        self.hand_rules[p][t] -= 1
        if self.known_rules[p][t]:
            self.known_rules[p][t] -= 1
        self.table_rules[p] = t
        self.emit("play_rule_exception" if exception else "play_rule",
                  "transaction.already_played" if exception else "transaction.play",
                  player=seat_name(p, self.players), rule=rule_name(t))
        self._after_play(p, RULE)

    # -- nothing (transaction.must_play) ------------------------------------------------------------------------------
    def _check_play_nothing(self, a: PlayNothing) -> None:
        p = self._current
        if self.phase == REFILL:
            raise IllegalActionError(_("{player} must first refill from the display").format(
                player=seat_text(seat_name(p, self.players))), "transaction.refill")
        if not self.must_play_nothing(p):
            raise IllegalActionError(_("{player} holds a card they can play").format(
                player=seat_text(seat_name(p, self.players))), "transaction.must_play")

    def _play_nothing(self) -> None:
        p = self._current
        self.emit("play_nothing", "transaction.must_play", player=seat_name(p, self.players), type="Rule")
        self._after_play(p, NOTHING)

    # -- after a play: the refill it calls for (transaction.refill), then the next player ---------------------------
    def _after_play(self, p: int, kind: str) -> None:
        if self.round == 1:
            self.first_round[p] = kind
        if kind == NOTHING or self.is_final_transaction:
            self._next_turn()
            return
        has = self.display_numbers if kind == NUMBER else any(self.display_rules)
        if not has:
            self.emit("no_refill", "transaction.refill", player=seat_name(p, self.players), type=_TYPE_WORD[kind])
            self._next_turn()
            return
        self.refill_type = kind
        self.phase = REFILL
        options = self.display_numbers if kind == NUMBER else [t for t, n in enumerate(self.display_rules) if n]
        if len(options) == 1:  # only one card to choose: take it without asking
            if kind == NUMBER:
                self._take_number(options[0])
            else:
                self._take_rule(options[0])

    def _next_turn(self) -> None:
        self.refill_type = None
        self.phase = PLAY
        self.turn += 1
        if self.turn == self.players:
            self.phase = DUMMY_DRAW  # _settle skips it when no dummy draws this round


LISTERS = {PLAY: PlayRules._play_actions}
CHECKS = {PlayNumber: PlayRules._check_play_number, PlayRule: PlayRules._check_play_rule,
          PlayNothing: PlayRules._check_play_nothing}
EFFECTS = {PlayNumber: lambda s, a: s._play_number(CARD_BY_CODE[a.card]),
           PlayRule: lambda s, a: s._play_rule(RULE_BY_ID[a.rule]),
           PlayNothing: lambda s, a: s._play_nothing()}
