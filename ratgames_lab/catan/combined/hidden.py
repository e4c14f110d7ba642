"""What a seat cannot see in the combined variant, and ``determinize``: a copy with the hidden parts redrawn from
what the seat can know.

Hidden: the others' progress cards (their count per deck is public: every draw shows its deck, every play and
discard shows the card), the order of the unseen part of each deck, and the card of each steal the seat took no
part in. Progress cards: every unseen card of a deck is exchangeable with every other, so the others' cards per
deck and the deck are dealt again from the pool of unseen cards, exactly. Steals: each hidden card is drawn again
from the victim's cards as they are now plus the stolen card (an approximation of the victim's hand at the time
of the steal; the base game's exact steal posterior, ``catan.beliefs``, covers 5 resources only).
"""
from __future__ import annotations

import random

from .components import PROGRESS_DECK_OF, TRACKS


def determinize(s, player: int, rng: random.Random):
    """A copy where what ``player`` cannot see is drawn from what they can know."""
    t = s.clone()
    n = s.players
    from .progress import seen_progress
    others = [p for p in range(n) if p != player and p not in seen_progress(s, player)]  # a Spy's victim is seen
    for d in range(len(TRACKS)):
        types = [i for i in range(len(PROGRESS_DECK_OF)) if PROGRESS_DECK_OF[i] == d]
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
        for i in types:
            t.progress_decks[d][i] = 0
        for i in pool[k:]:
            t.progress_decks[d][i] += 1
    for rec in reversed(t.steals):
        thief, victim, card = rec
        if player in (thief, victim) or t.hands[thief][card] == 0:
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
            rec[2] = new
    t._settle()
    return t
