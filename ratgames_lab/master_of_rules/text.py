"""English texts for Master of Rules events (templates filled from event params).

A part ``[one|many:n]`` agrees with the number ``n`` ("1 card", "2 cards").
"""
import re

from ..core.protocol import register_event_texts

_AGREE = re.compile(r"\[([^|\]]*)\|([^:\]]*):(\w+)\]")


class Template(str):
    """A text template whose ``[one|many:n]`` parts agree with a number parameter."""

    def format(self, *args, **params) -> str:  # type: ignore[override]
        if "[" not in self:  # most templates have no agreeing part
            return str.format(self, *args, **params)
        return str.format(_AGREE.sub(lambda m: m.group(1) if params[m.group(3)] == 1 else m.group(2), self),
                          *args, **params)

EVENT_TEXTS = {
    "setup": "Setup: each player gets 4 Number and 3 Rule cards; the display shows 5 of each. {first} is first player.",
    "transaction_start": "Transaction {number} of {total} (game round {game_round}): {first} is first player.",
    "final_transaction": "This is the final transaction: nobody refills from the display.",
    "play_number": "{player} plays the {card}.",
    "play_rule": "{player} plays {rule}.",
    "play_rule_exception": "{player} plays {rule}: every Rule card in their hand was already played this transaction, so any may be played.",
    "play_nothing": "{player} holds no {type} card and plays nothing this round.",
    "take_number": "{player} refills with the {card} from the display.",
    "take_rule": "{player} refills with {rule} from the display.",
    "no_refill": "{player} cannot refill: the display has no {type} card left.",
    "dummy_number": "{dummy} gets the top Number card: the {card}.",
    "dummy_rule": "{dummy} gets the top Rule card: {rule} (it now counts as already played).",
    "dummy_no_card": "No {type} card is left for {dummy}.",
    "display_draw_number": "The {card} is dealt to the display.",
    "display_draw_rule": "{rule} is dealt to the display.",
    "display_short": "The {type} decks are empty: the display stays with {count} {type} [card|cards:count].",
    "reshuffle": "The {type} deck is empty: its discard pile ({count} cards) is shuffled into a new deck.",
    "judge_fulfilled": "{player}'s {rule} is fulfilled: {reason}.",
    "judge_failed": "{player}'s {rule} fails: {reason}.",
    "dummy_fulfilled": "{player}'s {rule} is fulfilled ({reason}), but a dummy keeps nothing: the card is discarded.",
    "dummy_failed": "{player}'s {rule} fails ({reason}); the card is discarded.",
    "hands_discarded": "The game is over: the cards left in hand are discarded.",
    "final_scores": "Final scores: {scores}. {winners}",
}

EVENT_TEXTS = {kind: Template(text) for kind, text in EVENT_TEXTS.items()}

register_event_texts("master_of_rules", EVENT_TEXTS)
