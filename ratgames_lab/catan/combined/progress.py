"""Progress cards (catan.md Part 2; catan_facts.md; rules progress.*): drawing (chance), the VP cards shown at once,
the 4-card hand limit, a progress card of your choice, and the table where each card's effect registers.

Each card type's effect lives in a ``progress_*`` module: it registers its play action with ``table.rule`` and its
listing with ``playable`` (after the roll) or ``before_roll`` (the Alchemist), and uses ``use_card`` to play it."""
from __future__ import annotations

from fractions import Fraction
from typing import Callable

from . import table
from .actions import ChooseProgressDeck, DiscardProgress, DrawProgress
from .chance import chance_phase
from .components import PROGRESS_DECK_OF, PROGRESS_IDS, PROGRESS_LIMIT, PROGRESS_NAME, PROGRESS_VP, TRACKS
from .phases import MAIN, ROLL_PHASE, player_name
from .queue import done, entry, head, push_front, step
from .table import err, not_now
from ..translate import _, shown

DRAW = tuple(DrawProgress(c) for c in PROGRESS_IDS)
DISCARD = tuple(DiscardProgress(c) for c in PROGRESS_IDS)
CHOOSE_DECK = tuple(ChooseProgressDeck(d) for d in TRACKS)
BEFORE_ROLL: list[Callable] = []  # listers of card plays allowed before the roll (the Alchemist)
PLAYABLE: list[Callable] = []  # listers of card plays allowed in the action phase


def before_roll(fn: Callable) -> Callable:
    """Decorator: the function lists card plays allowed before the roll."""
    BEFORE_ROLL.append(fn)
    return fn


def playable(fn: Callable) -> Callable:
    """Decorator: the function lists card plays allowed after the roll."""
    PLAYABLE.append(fn)
    return fn


SEEN_PROGRESS: list[Callable] = []  # f(s, seat) -> the seats whose progress cards the seat looks at now (the Spy)


def seen_progress(s, player: int) -> set[int]:
    """The other seats whose progress cards ``player`` sees now (a card such as the Spy shows them): the observation
    shows these hands and ``determinize`` keeps them."""
    out: set[int] = set()
    for lister in SEEN_PROGRESS:
        out.update(lister(s, player))
    out.discard(player)
    return out


def before_roll_actions(s) -> list:
    """The progress cards the active player may play before rolling."""
    out: list = []
    for lister in BEFORE_ROLL:
        out += lister(s)
    return out


@table.main_actions
def _list_plays(s) -> list:
    if s.free_pieces or not s.progress_count(s.active):
        return []
    out: list = []
    for lister in PLAYABLE:
        out += lister(s)
    return out


def holds(s, p: int, card: str) -> bool:
    """True if p holds a progress card of this type."""
    return s.progress_hand[p][PROGRESS_INDEX[card]] > 0


PROGRESS_INDEX = {c: i for i, c in enumerate(PROGRESS_IDS)}


def play_error(s, card: str, before: bool = False):
    """progress.timing: your own turn, after the roll (the Alchemist before it), a card you hold."""
    if before:
        if s.phase != ROLL_PHASE:
            return err(_("the {PROGRESS_NAME} is played before the roll").format(
                PROGRESS_NAME=shown(PROGRESS_NAME[card])), "progress.timing")
    elif s.phase != MAIN or s.free_pieces or s.pending:
        return err(_("progress cards are played on your own turn after the roll (phase {phase!r})").format(
            phase=shown(s.phase)),
                   "progress.timing")
    if not holds(s, s.active, card):
        return err(_("you hold no {PROGRESS_NAME}").format(PROGRESS_NAME=shown(PROGRESS_NAME[card])), "progress.hand")
    return None


def use_card(s, card: str) -> None:
    """The active player plays a card: it leaves the hand and goes under its deck."""
    i = PROGRESS_INDEX[card]
    p = s.active
    s.progress_leaves(p, i)
    s.progress_under[PROGRESS_DECK_OF[i]].append(i)
    s.emit("progress_play", "progress.play", player=player_name(p), card=PROGRESS_NAME[card])


# ------------------------------------------------------------------------------------------------
# drawing
# ------------------------------------------------------------------------------------------------
def deck_empty(s, deck: int) -> bool:
    """No card left to draw in a deck (neither unseen nor under it)."""
    return not any(s.progress_decks[deck]) and not s.progress_under[deck]


def _draw_outcomes(s) -> list:
    deck = head(s)[2]
    counts = s.progress_decks[deck]
    total = sum(counts)
    if total:
        return [(DRAW[i], Fraction(c, total)) for i, c in enumerate(counts) if c]
    return [(DRAW[s.progress_under[deck][0]], Fraction(1))]


chance_phase("draw_progress", _draw_outcomes)
step("draw_progress", phase="draw_progress", skip=lambda s, e: deck_empty(s, e[2]))


def _check_draw(s, a: DrawProgress):
    if s.phase != "draw_progress":
        return not_now(s, _("a progress card drawn"))
    deck = head(s)[2]
    i = PROGRESS_INDEX.get(a.card, -1)
    counts = s.progress_decks[deck]
    if any(counts):
        ok = i >= 0 and counts[i] > 0
    else:
        ok = i >= 0 and s.progress_under[deck][0] == i
    if not ok:
        return err(_("{card!r} cannot be drawn from the {TRACKS} deck now").format(
            card=shown(a.card), TRACKS=shown(TRACKS[deck])), "progress.draw")
    return None


def give_progress(s, p: int, i: int) -> None:
    """p receives progress card i: a VP card is shown and scored at once, any other goes to the hand (over 4
    cards, p discards at once)."""
    if PROGRESS_VP[i]:
        s.progress_shown[p][i] += 1
        s.emit("progress_vp", "progress.vp_cards", player=player_name(p), card=PROGRESS_NAME[PROGRESS_IDS[i]])
        return
    s.progress_hand[p][i] += 1
    if s.progress_count(p) > PROGRESS_LIMIT:
        push_front(s, [entry("discard_progress", p)])


def _do_draw(s, a: DrawProgress) -> None:
    e = head(s)
    p, deck, i = e[1], e[2], PROGRESS_INDEX[a.card]
    if any(s.progress_decks[deck]):
        s.progress_decks[deck][i] -= 1
    else:
        s.progress_under[deck].pop(0)
    s.emit("progress_draw", "progress.draw", player=player_name(p), deck=TRACKS[deck])
    done(s)
    give_progress(s, p, i)


def _draw_actions(s) -> list:
    return [a for a, _ in _draw_outcomes(s)]


# ------------------------------------------------------------------------------------------------
# the hand limit
# ------------------------------------------------------------------------------------------------
step("discard_progress", phase="discard_progress",
     skip=lambda s, e: s.progress_count(e[1]) <= PROGRESS_LIMIT)


@table.phase("discard_progress")
def _list_discard(s) -> list:
    hand = s.progress_hand[head(s)[1]]
    return [DISCARD[i] for i, c in enumerate(hand) if c]


def _check_discard(s, a: DiscardProgress):
    if s.phase != "discard_progress":
        return not_now(s, _("discarding a progress card"))
    i = PROGRESS_INDEX.get(a.card, -1)
    if i < 0 or not s.progress_hand[head(s)[1]][i]:
        return err(_("you hold no {card!r}").format(card=shown(a.card)), "progress.hand_limit")
    return None


def _do_discard(s, a: DiscardProgress) -> None:
    p = head(s)[1]
    i = PROGRESS_INDEX[a.card]
    s.progress_leaves(p, i)
    s.progress_under[PROGRESS_DECK_OF[i]].append(i)
    s.emit("progress_discard", "progress.hand_limit", player=player_name(p), card=PROGRESS_NAME[a.card])
    done(s)


# ------------------------------------------------------------------------------------------------
# a progress card of your choice (a tied defence; 7 fish)
# ------------------------------------------------------------------------------------------------
step("choose_deck", phase="choose_deck", skip=lambda s, e: all(deck_empty(s, d) for d in range(len(TRACKS))))


@table.phase("choose_deck")
def _list_decks(s) -> list:
    return [CHOOSE_DECK[d] for d in range(len(TRACKS)) if not deck_empty(s, d)]


def _check_deck(s, a: ChooseProgressDeck):
    if s.phase != "choose_deck":
        return not_now(s, _("choosing a progress deck"))
    if a.deck not in TRACKS or deck_empty(s, TRACKS.index(a.deck)):
        return err(_("{deck!r} is not a deck with cards left").format(deck=shown(a.deck)), "progress.choice")
    return None


def _do_deck(s, a: ChooseProgressDeck) -> None:
    p = head(s)[1]
    done(s)
    push_front(s, [entry("draw_progress", p, TRACKS.index(a.deck))])


table.rule(DrawProgress, _check_draw, _do_draw)
table.rule(DiscardProgress, _check_discard, _do_discard)
table.rule(ChooseProgressDeck, _check_deck, _do_deck)
