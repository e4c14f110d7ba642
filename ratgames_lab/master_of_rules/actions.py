"""Master of Rules actions. Instances are cached: every legal action is one of a few dozen values."""
from __future__ import annotations

from dataclasses import dataclass

from ..core.protocol import Action, ActionCodec
from .cards import CODES, RULES, code_name, rule_name


@dataclass(frozen=True, slots=True)
class PlayNumber(Action):
    """Play a Number card from your hand."""

    card: str
    kind = "play_number"

    def describe(self) -> str:
        return f"Play the {code_name(self.card)}"


@dataclass(frozen=True, slots=True)
class PlayRule(Action):
    """Play a Rule card from your hand."""

    rule: str
    kind = "play_rule"

    def describe(self) -> str:
        return f"Play {rule_name(self.rule)}"


@dataclass(frozen=True, slots=True)
class PlayNothing(Action):
    """Only when you hold no card of the type you must play (interpretation)."""

    kind = "play_nothing"

    def describe(self) -> str:
        return "Play nothing (no card of the required type in hand)"


@dataclass(frozen=True, slots=True)
class TakeNumber(Action):
    """Refill: take a Number card from the display."""

    card: str
    kind = "take_number"

    def describe(self) -> str:
        return f"Take the {code_name(self.card)} from the display"


@dataclass(frozen=True, slots=True)
class TakeRule(Action):
    """Refill: take a Rule card from the display."""

    rule: str
    kind = "take_rule"

    def describe(self) -> str:
        return f"Take {rule_name(self.rule)} from the display"


@dataclass(frozen=True, slots=True)
class DrawNumber(Action):
    """Chance: this Number card comes off the deck."""

    card: str
    kind = "draw_number"

    def describe(self) -> str:
        return f"The {code_name(self.card)} is drawn"


@dataclass(frozen=True, slots=True)
class DrawRule(Action):
    """Chance: a Rule card of this type comes off the deck."""

    rule: str
    kind = "draw_rule"

    def describe(self) -> str:
        return f"{rule_name(self.rule)} is drawn"


PLAY_NUMBER = [PlayNumber(code) for code in CODES]
PLAY_RULE = [PlayRule(r) for r in RULES]
PLAY_NOTHING = PlayNothing()
TAKE_NUMBER = [TakeNumber(code) for code in CODES]
TAKE_RULE = [TakeRule(r) for r in RULES]
DRAW_NUMBER = [DrawNumber(code) for code in CODES]
DRAW_RULE = [DrawRule(r) for r in RULES]

CODEC = ActionCodec([PlayNumber, PlayRule, PlayNothing, TakeNumber, TakeRule, DrawNumber, DrawRule])
