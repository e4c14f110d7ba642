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

Steals (exact under a stated model): a card taken privately (a robber's or the pirate's steal, a Bishop, a
fish-table steal, a Wedding gift, a Master Merchant's take) is seen only by its two players; every other change to
a hand is public. So the table keeps, per such take, the steal record of the base game (``catan.memory``, here
over the 8 kinds of card): the victim's hand before it, each player's lowest count of each card until the next
take (a card shown in a trade offer counts as spent), and the counts a Monopoly that took fewer showed. A world is
drawn forward through the records: each take the observer did not see gets a card drawn from the victim's hand
in that world; one they saw keeps its card and the world is kept with the chance that hand gave it; a world is
dropped as soon as a count would have gone below zero, a shown count would differ, or a hand the observer saw
(``looks``: a Master Merchant shows the victim's cards) would differ. Rejection sampling of this kind draws each
world with its exact posterior probability, under the model that every private take is a uniformly random card
of the victim's hand (true of steals; a Wedding gift and a Master Merchant's take are chosen by a player, and the
model treats them as random). After ``STEAL_TRIES`` rejected draws the real world is kept (not seen in tests).
Fish tokens (exact up to what payments reveal): the others' token values and the stack's order are hidden, their
counts public; the others' tokens are dealt again from the stack and their tokens together, each keeping their
count (``fish.redeal_fish``; the spent pile and the Old Boot are public).
Not modelled: what a Spy saw of the victim's progress cards after the Spy's step, and the cards drawn from under
a deck once its unseen part is empty (their order is public); both are treated as unseen afterwards.
"""
from __future__ import annotations

import random
from typing import Callable

from .components import K, PROGRESS_DECK_OF, PROGRESS_VP, TRACKS

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
    redraw_steals(s, t, player, rng)
    from .fish import redeal_fish
    redeal_fish(t, player, rng)
    t._settle()
    return t


STEAL_TRIES = 400  # worlds drawn before falling back to the real one (which is always consistent)


def redraw_steals(s, t, player: int, rng: random.Random) -> None:
    """Redraw in ``t`` the card of each remembered steal ``player`` did not see, from the worlds consistent with
    every public event and with what ``player`` saw (rejection sampling, so each world comes with its exact
    posterior probability under the model that each card taken was drawn at random from the victim's hand)."""
    if not s.memory:
        return
    first = len(s.steals) - len(s.memory)
    seen: dict[int, set[int]] = {}  # the stretch (a steal's index) -> the hands ``player`` saw in it
    for looker, victim, made in s.looks:
        if looker == player:
            seen.setdefault(made - 1, set()).add(victim)
    for _ in range(STEAL_TRIES):
        world = _sample_world(s, player, rng, first, seen)
        if world is not None:
            _apply_world(t, first, *world)
            return


def _sample_world(s, player: int, rng: random.Random, first: int, seen: dict):
    """One world drawn forward through the steal records: (D after each steal, the cards), or None if a public
    event or something ``player`` saw rules it out."""
    n = s.players
    d = [[0] * K for _ in range(n)]
    deltas, cards = [], []
    redrawn = [0] * n  # per player: the steals redrawn so far that they took part in
    for j, rec in enumerate(s.memory):
        thief, victim, card = s.steals[first + j]
        hand = [rec[c] + d[victim][c] for c in range(K)]  # the victim's hand before the steal, in this world
        if min(hand) < 0:
            return None
        if player in (thief, victim):
            # the player saw the card: keep this world with a chance proportional to the chance it gave that card
            # (hand sizes are public, so the bound is the real count plus each earlier redrawn card of the victim)
            if rng.randrange(rec[card] + redrawn[victim]) >= hand[card]:
                return None
            new = card
        else:
            x = rng.randrange(sum(hand))
            new = 0
            while x >= hand[new]:
                x -= hand[new]
                new += 1
            redrawn[thief] += 1
            redrawn[victim] += 1
        if new != card:
            d = [row[:] for row in d]
            d[victim][new] -= 1
            d[victim][card] += 1
            d[thief][new] += 1
            d[thief][card] -= 1
        for p in range(n):  # the stretch after the steal: every public event stays possible
            mask, base = rec[K + K * n + p], K + K * p
            for c in range(K):
                if d[p][c] and (rec[base + c] + d[p][c] < 0 or mask >> c & 1):
                    return None
        if any(any(d[v]) for v in seen.get(first + j, ())):
            return None
        deltas.append(d)
        cards.append(new)
    return deltas, cards


def _apply_world(t, first: int, deltas: list, cards: list[int]) -> None:
    """Make ``t`` the world: its hands, its steal cards and its records (the world's hands before and after)."""
    n = t.players
    before = [[0] * K for _ in range(n)]
    for j, rec in enumerate(t.memory):
        st = t.steals[first + j]
        t.steals[first + j] = [st[0], st[1], cards[j]]
        for c in range(K):
            rec[c] += before[st[1]][c]
        after = deltas[j]
        for p in range(n):
            for c in range(K):
                rec[K + K * p + c] += after[p][c]
        before = after
    for p in range(n):
        for c in range(K):
            t.hands[p][c] += before[p][c]
