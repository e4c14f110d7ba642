"""Texts for Master of Rules events (English templates filled from event params, shown in the current language).

A part ``[one|many:n]`` agrees with the number ``n`` ("1 card", "2 cards") by the language's plural rule.
"""
import re

from ..core.protocol import register_event_texts
from .translate import N_, _, plural_index, shown_params

_AGREE = re.compile(r"\[([^|\]]*)\|([^:\]]*):(\w+)\]")


class Template(str):
    """A text template whose ``[one|many:n]`` parts agree with a number parameter."""

    def format(self, *args, **params) -> str:  # type: ignore[override]
        text, params = _(str(self)), shown_params(params)
        if "[" not in text:  # most templates have no agreeing part
            return str.format(text, *args, **params)
        return str.format(_AGREE.sub(lambda m: m.group(plural_index(params[m.group(3)]) + 1), text),
                          *args, **params)

EVENT_TEXTS = {
    "setup": N_("Setup: each player gets 4 Number and 3 Rule cards; the display shows 5 of each. {first} is first player."),
    "transaction_start": N_("Transaction {number} of {total} (game round {game_round}): {first} is first player."),
    "final_transaction": N_("This is the final transaction: nobody refills from the display."),
    "play_number": N_("{player} plays the {card}."),
    "play_rule": N_("{player} plays {rule}."),
    "play_rule_exception": N_("{player} plays {rule}: every Rule card in their hand was already played this transaction, so any may be played."),
    "play_nothing": N_("{player} holds no {type} card and plays nothing this round."),
    "take_number": N_("{player} refills with the {card} from the display."),
    "take_rule": N_("{player} refills with {rule} from the display."),
    "no_refill": N_("{player} cannot refill: the display has no {type} card left."),
    "dummy_number": N_("{dummy} gets the top Number card: the {card}."),
    "dummy_rule": N_("{dummy} gets the top Rule card: {rule} (it now counts as already played)."),
    "dummy_no_card": N_("No {type} card is left for {dummy}."),
    "display_draw_number": N_("The {card} is dealt to the display."),
    "display_draw_rule": N_("{rule} is dealt to the display."),
    "display_short": N_("The {type} decks are empty: the display stays with {count} {type} [card|cards:count]."),
    "reshuffle": N_("The {type} deck is empty: its discard pile ({count} cards) is shuffled into a new deck."),
    "judge_fulfilled": N_("{player}'s {rule} is fulfilled: {reason}."),
    "judge_failed": N_("{player}'s {rule} fails: {reason}."),
    "dummy_fulfilled": N_("{player}'s {rule} is fulfilled ({reason}), but a dummy keeps nothing: the card is discarded."),
    "dummy_failed": N_("{player}'s {rule} fails ({reason}); the card is discarded."),
    "hands_discarded": N_("The game is over: the cards left in hand are discarded."),
    "final_scores": N_("Final scores: {scores}. {winners}"),
}

EVENT_TEXTS = {kind: Template(text) for kind, text in EVENT_TEXTS.items()}

register_event_texts("master_of_rules", EVENT_TEXTS)
