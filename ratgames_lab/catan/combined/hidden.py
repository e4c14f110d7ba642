"""What a seat cannot see in the combined variant, and ``determinize``: a copy with the hidden parts redrawn from
what the seat can know.

Hidden: the others' progress cards (their count per deck is public: every draw shows its deck, every play and
discard shows the card), the order of the unseen part of each deck, and the card of each steal the seat took no
part in.

Progress cards (exact): a VP card is shown the moment it is drawn, so the others hold none, and every unseen card
that is not a VP card is exchangeable with every other of its deck (each draw is uniform, and the others' plays
and discards name the cards that leave the unseen pool). So for each deck the others' hidden cards are dealt again
uniformly from the unseen non-VP cards of that deck (the cards in the deck and in the others' hands), each player
keeping their count per deck; the deck keeps the rest, its unseen VP cards included.

Steals (an approximation): each hidden card is drawn again from the victim's cards as they are now plus the
stolen card, latest steal first, where the thief still holds the card; the exact posterior would need the
victim's hand at the time of the steal and every later constraint (the base game's ``catan.beliefs`` does that
for 5 resources). A Wedding gift, seen only by its two players, is recorded and redrawn like a steal.
Fish tokens (exact up to what payments reveal): the others' token values and the stack's order are hidden, their
counts public; the others' tokens are dealt again from the stack and their tokens together, each keeping their
count (``fish.redeal_fish``; the spent pile and the Old Boot are public).
Not modelled: what a Spy saw of the victim's progress cards, and the cards drawn from under a deck once its
unseen part is empty (their order is public); both are treated as unseen afterwards. A hand the seat sees now (the victim's, while the seat takes cards with a
Master Merchant) is known: steals touching it stay.
"""
from __future__ import annotations

import random
from typing import Callable

from .components import PROGRESS_DECK_OF, PROGRESS_VP, TRACKS

HAND_VIEWS: list[Callable] = []  # view(s, player) -> the seats whose hand ``player`` sees now


def hand_view(fn: Callable) -> Callable:
    """Decorator: the function names the seats whose cards a player sees now (a card's decision step)."""
    HAND_VIEWS.append(fn)
    return fn


def hands_seen(s, player: int) -> set[int]:
    """The seats whose resource and commodity cards ``player`` sees now: their own, and any a card shows."""
    seen = {player}
    for view in HAND_VIEWS:
        seen.update(view(s, player))
    return seen


def determinize(s, player: int, rng: random.Random):
    """A copy where what ``player`` cannot see is drawn from what they can know."""
    t = s.clone()
    n = s.players
    from .progress import seen_progress
    others = [p for p in range(n) if p != player and p not in seen_progress(s, player)]  # a Spy's victim is seen
    for d in range(len(TRACKS)):
        types = [i for i in range(len(PROGRESS_DECK_OF)) if PROGRESS_DECK_OF[i] == d and not PROGRESS_VP[i]]
        pool: list[int] = []
        for i in types:
            pool += [i] * (t.progress_decks[d][i] + sum(t.progress_hand[p][i] for p in others))
        rng.shuffle(pool)
        k = 0
        for p in others:
            held = sum(t.progress_hand[p][i] for i in types)
            for i in types:
                t.progress_hand[p][i] = 0
            for i in pool[k:k + held]:
                t.progress_hand[p][i] += 1
            k += held
        for i in types:  # the deck's VP cards stay where they are
            t.progress_decks[d][i] = 0
        for i in pool[k:]:
            t.progress_decks[d][i] += 1
    seen = hands_seen(s, player)
    for rec in reversed(t.steals):
        thief, victim, card = rec
        if thief in seen or victim in seen or t.hands[thief][card] == 0:
            continue
        weights = t.hands[victim][:]
        weights[card] += 1
        x = rng.randrange(sum(weights))
        new = 0
        while x >= weights[new]:
            x -= weights[new]
            new += 1
        if new != card:
            t.hands[thief][card] -= 1
            t.hands[thief][new] += 1
            t.hands[victim][new] -= 1
            t.hands[victim][card] += 1
            if shown_cards_held(t):
                rec[2] = new
            else:  # the world must keep the cards an open offer showed: this draw is not consistent, undo it
                t.hands[thief][card] += 1
                t.hands[thief][new] -= 1
                t.hands[victim][new] += 1
                t.hands[victim][card] -= 1
    from .fish import redeal_fish
    redeal_fish(t, player, rng)
    t._settle()
    return t


def shown_cards_held(t) -> bool:
    """True if every card an open trade showed is still held: the active player's side of the offer, an
    accepting player's side, both sides of a counter-offer (what everyone saw, so every world keeps it)."""
    if not t.offer:
        return True
    from .trade_players import ACCEPTED, COUNTERED, M, holds
    p = t.active
    if not holds(t, p, t.offer[:M]):
        return False
    for q in range(t.players):
        if t.answers[q] == ACCEPTED and not holds(t, q, t.offer[M:]):
            return False
        c = t.counters[q]
        if t.answers[q] == COUNTERED and not (holds(t, p, c[:M]) and holds(t, q, c[M:])):
            return False
    return True
