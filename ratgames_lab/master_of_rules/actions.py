"""Master of Rules actions. Instances are cached: every legal action is one of a few dozen values."""
from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import Action, ActionCodec
from .cards import CODES, RULES, code_name, rule_name
from .translate import _, card_text, data_text


@dataclass(frozen=True, slots=True)
class PlayNumber(Action):
    """Play a Number card from your hand."""

    card: str
    kind = "play_number"

    def describe(self) -> str:
        return _("Play the {card}").format(card=card_text(code_name(self.card)))


@dataclass(frozen=True, slots=True)
class PlayRule(Action):
    """Play a Rule card from your hand."""

    rule: str
    kind = "play_rule"

    def describe(self) -> str:
        return _("Play {rule}").format(rule=data_text(rule_name(self.rule)))


@dataclass(frozen=True, slots=True)
class PlayNothing(Action):
    """Only when you hold no card of the type you must play (interpretation)."""

    kind = "play_nothing"

    def describe(self) -> str:
        return _("Play nothing (no card of the required type in hand)")


@dataclass(frozen=True, slots=True)
class TakeNumber(Action):
    """Refill: take a Number card from the display."""

    card: str
    kind = "take_number"

    def describe(self) -> str:
        return _("Take the {card} from the display").format(card=card_text(code_name(self.card)))


@dataclass(frozen=True, slots=True)
class TakeRule(Action):
    """Refill: take a Rule card from the display."""

    rule: str
    kind = "take_rule"

    def describe(self) -> str:
        return _("Take {rule} from the display").format(rule=data_text(rule_name(self.rule)))


@dataclass(frozen=True, slots=True)
class DrawNumber(Action):
    """Chance: this Number card comes off the deck."""

    card: str
    kind = "draw_number"

    def describe(self) -> str:
        return _("The {card} is drawn").format(card=card_text(code_name(self.card)))


@dataclass(frozen=True, slots=True)
class DrawRule(Action):
    """Chance: a Rule card of this type comes off the deck."""

    rule: str
    kind = "draw_rule"

    def describe(self) -> str:
        return _("{rule} is drawn").format(rule=data_text(rule_name(self.rule)))


PLAY_NUMBER = [PlayNumber(code) for code in CODES]
PLAY_RULE = [PlayRule(r) for r in RULES]
PLAY_NOTHING = PlayNothing()
TAKE_NUMBER = [TakeNumber(code) for code in CODES]
TAKE_RULE = [TakeRule(r) for r in RULES]
DRAW_NUMBER = [DrawNumber(code) for code in CODES]
DRAW_RULE = [DrawRule(r) for r in RULES]

CODEC = ActionCodec([PlayNumber, PlayRule, PlayNothing, TakeNumber, TakeRule, DrawNumber, DrawRule])
