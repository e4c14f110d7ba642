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
take (a card shown in a trade offer counts as spent), and the counts a Monopoly that took fewer showed. A world
is weighed forward through the records (``catan.beliefs.Beliefs``, as in the base game): a take the observer did
not see may have taken any card of the victim's hand in that world, weighted by its count; one they saw keeps its
card, the world
weighted by the chance that hand gave it; a world is dropped as soon as a count would have gone below zero, a
shown count would differ, or a hand the observer saw (``looks``: a Master Merchant shows the victim's cards) would
differ; identical worlds merge. One history is then sampled backward, so each world comes with its exact
posterior probability under the model that every private take is a uniformly random card of the victim's hand
(true of steals; a Wedding gift and a Master Merchant's take are chosen by a player, and the model treats them as
random).
Fish tokens (exact under the model that the tokens paid do not depend on the rest of the hand): the others' token
values and the stack's order are hidden, their counts public; the others' tokens are dealt again from the stack and
their tokens together, each keeping their count (``fish.redeal_fish``; the spent pile and the Old Boot are public).
What a Spy showed (``progress_known``): its player knows the victim's remaining progress cards; each later play or
discard of the victim's takes that card off what is known, another player's Spy take blurs that deck's cards
(which one left is unseen), and cards the victim draws later are unknown. Those known cards stay in every world of
the Spy's player; only the rest is dealt again. Not modelled: the cards drawn from under a deck once its unseen
part is empty (their order is public); they are treated as unseen.
"""
from __future__ import annotations

import random
from typing import Callable

from ..beliefs import Beliefs, write_world
from .components import PROGRESS_DECK_OF, PROGRESS_IDS, PROGRESS_VP, TRACKS
from .fish import redeal_fish
from .progress import seen_progress

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
    others = [p for p in range(n) if p != player and p not in seen_progress(s, player)]  # a Spy's victim is seen
    known = {rec[1]: rec[2:] for rec in s.progress_known if rec[0] == player}  # what a Spy showed ``player``
    t.progress_known = [rec[:] for rec in s.progress_known if rec[0] == player]  # the others' are not known
    none = [0] * len(PROGRESS_IDS)
    for d in range(len(TRACKS)):
        types = [i for i in range(len(PROGRESS_DECK_OF)) if PROGRESS_DECK_OF[i] == d and not PROGRESS_VP[i]]
        pool: list[int] = []
        for i in types:
            pool += [i] * (t.progress_decks[d][i] + sum(t.progress_hand[p][i] - known.get(p, none)[i]
                                                         for p in others))
        rng.shuffle(pool)
        k = 0
        for p in others:
            sure = known.get(p, none)
            held = sum(t.progress_hand[p][i] - sure[i] for i in types)
            for i in types:
                t.progress_hand[p][i] = sure[i]
            for i in pool[k:k + held]:
                t.progress_hand[p][i] += 1
            k += held
        for i in types:  # the deck's VP cards stay where they are
            t.progress_decks[d][i] = 0
        for i in pool[k:]:
            t.progress_decks[d][i] += 1
    redraw_steals(s, t, player, rng)
    redeal_fish(t, player, rng)
    t._settle()
    return t


def redraw_steals(s, t, player: int, rng: random.Random) -> None:
    """Redraw in ``t`` the card of each remembered steal ``player`` did not see, from the worlds consistent with
    every public event and with what ``player`` saw, each with its exact posterior probability under the model
    that each card taken was drawn at random from the victim's hand (the base game's forward weights over the
    records, ``catan.beliefs``, then one history sampled backward)."""
    first = len(s.steals) - len(s.memory)
    steals = s.steals[first:]
    if all(player in st[:2] for st in steals):
        return  # every remembered take was seen: the real world is the only one
    seen: dict[int, set[int]] = {}  # the record (after its steal) -> the hands ``player`` saw in its stretch
    for looker, victim, made in s.looks:
        if looker == player and made - 1 >= first:
            seen.setdefault(made - 1 - first, set()).add(victim)
    known = Beliefs(s, player, seen)
    if not known.certain:
        write_world(t, *known.sample(rng))
