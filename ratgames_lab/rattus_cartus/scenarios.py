"""Public position builders used by tests, lessons and docs (every card stays accounted for)."""
from __future__ import annotations

from typing import Sequence

from . import Game, memory
from .rules import CartusState


def new_game_state(players: int, seed: int = 0, **options) -> CartusState:
    """A fresh state at the first reveal of round 1 (phase A, a chance node)."""
    return Game(players=players, seed=seed, **options).new_state()


def take_card(s: CartusState, code: int) -> None:
    """Remove one card (Population or special) from wherever it lies outside hands: deck, discard, row or pile."""
    comp = s.comp
    if code >= comp.npop:
        i = code - comp.npop
        if s.piles[i] <= 0:
            raise ValueError(f"no {comp.card_names[code]} left in its pile")
        s.piles[i] -= 1
        return
    for zone in (s.deck, s.discard):
        if code in zone:
            zone.remove(code)
            return
    for h in s.hands:
        if code in h:
            h.remove(code)
            return
    if code in s.row:  # swap with a deck card so that the row keeps 5 cards
        swap = next(c for c in s.deck)
        s.deck.remove(swap)
        s.row[s.row.index(code)] = swap
        s.knows[swap] = s.seen[swap] = 0
        return
    raise ValueError(f"{comp.card_names[code]} is not available")


def set_hand(s: CartusState, player: int, cards: Sequence[str]) -> None:
    """Give ``player`` exactly these cards (names); the old hand goes back to the deck and piles."""
    comp = s.comp
    for c in s.hands[player]:
        if c < comp.npop:  # back in the face-down deck: nobody knows where it is any more
            s.deck.append(c)
            s.knows[c] = s.seen[c] = 0
        else:
            s.piles[c - comp.npop] += 1
    s.hands[player] = []
    for name in cards:
        code = comp.card_index[name]
        take_card(s, code)
        s.hands[player].append(code)
        if code < comp.npop:
            s.knows[code] = s.seen[code] = 1 << player
    s.deck.sort()
    memory.reset(s, where_taken=True)  # a hand-made hand: no gift, each special card taken by its holder


def set_row(s: CartusState, cards: Sequence[str]) -> None:
    """Put these Population cards in the nun row (the old row goes to the deck)."""
    comp = s.comp
    old = s.row
    s.row = []
    s.deck.extend(old)
    for c in old:  # back in the face-down deck: nobody knows where it is any more
        s.knows[c] = s.seen[c] = 0
    for name in cards:
        code = comp.card_index[name]
        take_card(s, code)
        s.row.append(code)
        s.knows[code] = s.seen[code] = 0
    s.deck.sort()


def stack_buildings(s: CartusState, cards: Sequence[str]) -> None:
    """Make sure these building cards are in the building deck (swapping with replacement-deck cards)."""
    comp = s.comp
    for name in cards:
        b = comp.building_index[name]
        if b in s.bdeck:
            continue
        out = next(x for x in s.bdeck if comp.buildings.card_ids[x] not in cards)
        s.repl.remove(b)
        s.bdeck.remove(out)
        s.bdeck.append(b)
        s.repl.append(out)
    s.bdeck.sort()
    s.repl.sort()


def population(s: CartusState, cls: str, count: int, start: int = 1) -> list[str]:
    """Names of ``count`` Population cards of a class ("magic-01", ...), from number ``start``."""
    return [f"{cls}-{i:02d}" for i in range(start, start + count)]


def worked_example_start(hand_green: int = 6) -> CartusState:
    """The rulebook's worked example at the start of phase A: Red first, then Yellow, Green, Blue.

    Red holds Monk, King, Witch, Witch; Yellow holds Witch, Witch, Monk; Blue holds a Sword; Green holds
    ``hand_green`` Peasantry cards (the rulebook gives no hand size for Green).
    """
    s = new_game_state(4, seed=1, first_player=0)
    set_hand(s, 0, ["clergy-01", "nobility-01", "magic-01", "magic-02"])
    set_hand(s, 1, ["magic-03", "magic-04", "clergy-02"])
    set_hand(s, 2, population(s, "peasantry", hand_green))
    set_hand(s, 3, ["sword"])
    stack_buildings(s, ["tent-S3", "monastery-S1", "monastery-S2"])
    return s


def worked_example_visit() -> CartusState:
    """The worked example at the start of phase C: the row is Tent (S3), Monastery (S1), Monastery (S2).

    Supports: Red and Blue discard 2 rats (Monastery S2), Yellow draws 2 and looks at nun-row card #5 (Tent S3),
    Green draws 4 (Monastery S1); draws take the lowest-numbered cards of the deck.
    """
    from .actions import Look, RevealBuilding, Support
    s = worked_example_start()
    for b in ("tent-S3", "monastery-S1", "monastery-S2"):
        s.apply(RevealBuilding(b))
    for slot in (2, 0, 1, 2):
        s.apply(Support(slot))
        while s.tasks[0][0] in ("draw", "look"):
            s.apply(s.legal_actions()[0] if s.tasks[0][0] == "draw" else Look(4))
    return s


WORKED_EXAMPLE_TEXT = ("Rulebook worked example, start of phase C: Red (first player), Yellow, Green and Blue have used "
                       "their support actions; Red enters Monastery 1 with 4 cards, Yellow the Tent with 3, Green "
                       "Monastery 2 with 0 and Blue Monastery 2 with a Sword.")
