"""Master of Rules positions built from a hand-written deal played forward with legal actions.

Two sets, both public so that lessons, tests and docs build positions the same way:

* ``EXAMPLES``: the rulebook's worked examples, shipped as ``ratgames_lab/master_of_rules/positions/*.json``;
* ``LESSON_POSITIONS``: the positions the lessons load from ``notebooks/positions/*.json`` (written in the one
  position format, read by ``ratgames_lab.load_position``).

Each position starts as a deal at the start of a transaction (``deal``: hands, display, decks, discards, kept
cards), is validated by ``state_from_json`` and is then played forward with a script of legal actions (``play``)
up to the moment the example is about. The result keeps its event log, so a dashboard replaying the file shows
how the table came to be. Seats: seat 0 is "Player 1"; in the rulebook's pictures the players are letters, and
each example's mapping of letters to seats is in ``EXAMPLES[name]["about"]``.

Rebuild the shipped files after changing a builder (the tests check that the files are what is built here):

    python3 -m ratgames_lab.master_of_rules.scenarios                      # every file
    python3 -m ratgames_lab.master_of_rules.scenarios what_if_final        # one file
    python3 -m ratgames_lab.master_of_rules.scenarios --lessons DIR        # lesson positions into DIR
"""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Callable

from ..core.errors import InvalidPositionError
from ..core.position import lesson_writers, rebuild_positions
from . import cards

POSITIONS = Path(__file__).parent / "positions"
LESSONS_DIR = Path("notebooks") / "positions"
FORMAT = "ratgames_lab.master_of_rules/1"
L23, BOB, OO, TRIO, SR = "limit_23", "best_of_the_best", "only_one", "trio", "support_right"


def deal(players: int, hands: list[tuple[list[str], list[str]]], display: tuple[list[str], list[str]],
         transaction: int = 0, start_player: int = 0, kept: list[list[str]] | None = None,
         discard_numbers: list[str] = (), deck_rules: dict[str, int] | None = None) -> dict:
    """A position at the start of a transaction; unlisted Number cards go to the deck, unlisted Rule cards
    go to the deck (or, when ``deck_rules`` gives the deck's counts, the rest goes to the discard pile)."""
    kept = kept or [[] for _ in range(players)]
    used_numbers = [c for h, _ in hands for c in h] + list(display[0]) + list(discard_numbers)
    twice = [c for c, n in Counter(used_numbers).items() if n > 1]
    if twice:
        raise InvalidPositionError(f"Number card dealt twice: {', '.join(twice)}", "hands")
    deck_numbers = [c for c in cards.CODES if c not in used_numbers]
    used_rules = Counter(r for _, h in hands for r in h) + Counter(display[1]) + Counter(r for k in kept for r in k)
    left = {r: cards.RULE_COPIES[i] - used_rules[r] for i, r in enumerate(cards.RULES)}
    if any(v < 0 for v in left.values()):
        raise InvalidPositionError(f"more Rule cards dealt than the game has: {left}", "hands")
    if deck_rules is None:
        deck_rules = dict(left)
    discard_rules = {r: left[r] - deck_rules.get(r, 0) for r in cards.RULES}
    if any(v < 0 for v in discard_rules.values()):
        raise InvalidPositionError(f"deck_rules asks for Rule cards that are not left: {discard_rules}", "decks")
    expand = lambda counts: [r for r in cards.RULES for _ in range(counts.get(r, 0))]  # noqa: E731
    state = {
        "format": FORMAT, "players": players, "transaction": transaction, "start_player": start_player,
        "round": 1, "turn": 0, "phase": "play", "refill_type": None,
        "hands": [{"numbers": list(n), "rules": list(r)} for n, r in hands],
        "known_in_hands": [{"numbers": [], "rules": []} for _ in range(players)],
        "display": {"numbers": list(display[0]), "rules": list(display[1])},
        "decks": {"numbers": deck_numbers, "rules": expand(deck_rules)},
        "discards": {"numbers": list(discard_numbers), "rules": expand(discard_rules)},
        "table": [{"number": None, "rule": None} for _ in range(cards.SEATS)],
        "first_round": [None] * players, "kept": [list(k) for k in kept],
    }
    first = (start_player + transaction) % players
    total = cards.TRANSACTIONS[players]
    state["events"] = [{"kind": "transaction_start", "rule": "transaction",
                        "params": {"number": transaction + 1, "total": total,
                                   "game_round": transaction // players + 1,
                                   "first": cards.seat_name(first, players)}}]
    if transaction == total - 1:
        state["events"].append({"kind": "final_transaction", "rule": "rules.final_transaction", "params": {}})
    return state


def play(position: dict, script: list[str]) -> dict:
    """Load ``position`` and apply ``script`` ("N:R7" play number, "R:trio" play rule, "T:..." take,
    "D:R7"/"D:trio" draw); a pending refill not in the script takes the first card the display offers."""
    from ..core.registry import load_game

    game = load_game("master_of_rules", players=position["players"])
    state = game.state_from_json(position)
    for step in script:
        if state.phase == "refill" and not step.startswith("T:"):
            state.apply(state.legal_actions()[0])
        kind, arg = step.split(":")
        number = arg in cards.CARD_BY_CODE
        if kind == "N":
            action = {"kind": "play_number", "card": arg}
        elif kind == "R":
            action = {"kind": "play_rule", "rule": arg}
        elif kind == "T":
            action = {"kind": "take_number", "card": arg} if number else {"kind": "take_rule", "rule": arg}
        else:
            action = {"kind": "draw_number", "card": arg} if number else {"kind": "draw_rule", "rule": arg}
        state.apply(game.action_from_json(action))
    if state.phase == "refill":
        state.apply(state.legal_actions()[0])
    return state.to_json()


def _five_players(hands, display, round1, round2_but_last, **kw) -> dict:
    """Deal for 5 players and play the first round and the second round up to its last card."""
    return play(deal(5, hands, display, **kw), round1 + round2_but_last)


EXAMPLES: dict[str, dict] = {}


def example(name: str, about: str):
    """Register a position builder under ``name`` with a one-line description."""
    def wrap(fn):
        EXAMPLES[name] = {"about": about, "build": fn}
        return fn
    return wrap


@example("limit_23_sum_23", "Limit 23 (5 players, A = Player 1 ... E = Player 5). Player 5 plays the last card: "
         "the purple 5 makes the sum exactly 23 (A's Limit 23 is fulfilled), the purple 6 makes 24 (it fails).")
def _limit_23():
    hands = [(["R2", "R8", "B8", "Y9"], [L23, TRIO, OO]), (["B9", "R9", "G6", "P8"], [TRIO, TRIO, SR]),
             (["Y3", "Y5", "G5", "P7"], [SR, L23, BOB]), (["G4", "R6", "B6", "Y6"], [OO, L23, TRIO]),
             (["P5", "P6", "R5", "B5"], [BOB, SR, SR])]
    display = (["Y7", "Y8", "G7", "G8", "P9"], [TRIO, TRIO, OO, L23, SR])
    return _five_players(hands, display, ["R:" + L23, "N:B9", "N:Y3", "R:" + OO, "R:" + BOB],
                         ["N:R2", "R:" + TRIO, "R:" + SR, "N:G4"])


@example("best_of_the_best_purple", "Best of the Best with purple the most common colour (5 players, A = Player 1 "
         "... E = Player 5): A's purple 8 is the highest purple and fulfils it; C's blue 9 is the highest blue "
         "but blue is not the most common colour, so C fails. C played Best of the Best again through the "
         "already-played exception. Player 5 plays the last card (Only One).")
def _bob_purple():
    hands = [(["P8", "R1", "B1", "Y1"], [BOB, TRIO, SR]), (["P3", "R3", "B3", "Y2"], [L23, TRIO, SR]),
             (["B9", "G9", "Y9", "R9"], [BOB, BOB, L23]), (["R4", "G4", "Y4", "B4"], [TRIO, OO, SR]),
             (["G2", "G3", "Y3", "B2"], [OO, OO, SR])]
    display = (["R7", "B7", "Y7", "G7", "P7"], [L23, TRIO, OO, SR, BOB])
    return _five_players(hands, display, ["R:" + BOB, "R:" + L23, "N:B9", "N:R4", "N:G2"],
                         ["N:P8", "N:P3", "R:" + BOB, "R:" + TRIO])


@example("best_of_the_best_tie", "Best of the Best with red and blue tied as most common colours (5 players, "
         "A = Player 1 ... E = Player 5): A's blue 7 is the highest blue and C's red 8 the highest red, so both "
         "fulfil it. Player 5 plays the last card (Trio).")
def _bob_tie():
    hands = [(["B7", "Y1", "G1", "P1"], [BOB, OO, SR]), (["B2", "Y2", "G2", "P2"], [L23, OO, TRIO]),
             (["R8", "Y8", "G8", "P8"], [BOB, L23, BOB]), (["R5", "Y5", "G5", "P5"], [SR, TRIO, OO]),
             (["G3", "Y3", "P3", "B3"], [TRIO, OO, L23])]
    display = (["R9", "B9", "Y9", "G9", "P9"], [L23, TRIO, OO, SR, BOB])
    return _five_players(hands, display, ["R:" + BOB, "R:" + L23, "N:R8", "N:R5", "N:G3"],
                         ["N:B7", "N:B2", "R:" + BOB, "R:" + SR])


@example("only_one", "Only One (5 players, A = Player 1 ... E = Player 5): A's yellow 3 shares neither colour nor "
         "value with the other cards and fulfils it; D's red 2 fails because B played a red 6. Player 5 plays "
         "the last card (the green 8).")
def _only_one():
    hands = [(["Y3", "B1", "G1", "P1"], [OO, TRIO, SR]), (["R6", "B6", "G6", "P6"], [TRIO, SR, BOB]),
             (["B5", "G5", "P5", "Y5"], [BOB, SR, L23]), (["R2", "B2", "G2", "P2"], [OO, OO, L23]),
             (["G8", "B8", "P8", "Y8"], [L23, SR, TRIO])]
    display = (["R9", "B9", "Y9", "G9", "P9"], [L23, TRIO, OO, SR, BOB])
    return _five_players(hands, display, ["R:" + OO, "N:R6", "N:B5", "N:R2", "R:" + L23],
                         ["N:Y3", "R:" + TRIO, "R:" + BOB, "R:" + OO])


@example("trio_three_reds", "Trio by three red cards (5 players, A = Player 1 ... E = Player 5): A plays the blue 4 "
         "and still fulfils Trio because B, C and D played reds. Player 5 plays the last card (Support Right).")
def _trio():
    hands = [(["B4", "Y2", "G2", "P2"], [TRIO, L23, OO]), (["R1", "B1", "Y1", "G1"], [OO, BOB, L23]),
             (["R5", "B5", "Y5", "G5"], [L23, SR, TRIO]), (["R9", "B9", "Y9", "P9"], [BOB, TRIO, SR]),
             (["G7", "B7", "Y7", "P7"], [SR, OO, L23])]
    display = (["R3", "B3", "Y3", "G3", "P3"], [L23, TRIO, OO, SR, BOB])
    return _five_players(hands, display, ["R:" + TRIO, "R:" + OO, "N:R5", "N:R9", "N:G7"],
                         ["N:B4", "N:R1", "R:" + L23, "R:" + BOB])


@example("support_right_chain", "The Support Right chain (5 players, C = Player 1 plays Trio, B = Player 2 plays "
         "Support Right, A = Player 3 plays Support Right through the already-played exception; B sits to A's "
         "right, C to B's right). Player 5 plays the last card: the red 8 makes three reds (Trio fulfilled, so B "
         "and A fulfil Support Right too), the purple 9 does not (all three fail).")
def _sr_chain():
    hands = [(["R3", "B3", "Y3", "G3"], [TRIO, L23, BOB]), (["R6", "B6", "Y6", "G6"], [SR, OO, BOB]),
             (["B2", "Y2", "G2", "P2"], [SR, SR, TRIO]), (["G4", "Y4", "P4", "B4"], [OO, BOB, L23]),
             (["R8", "P9", "Y8", "G8"], [L23, BOB, TRIO])]
    display = (["R1", "B1", "Y1", "G1", "P1"], [L23, TRIO, OO, SR, BOB])
    return _five_players(hands, display, ["R:" + TRIO, "R:" + SR, "N:B2", "N:G4", "R:" + L23],
                         ["N:R3", "N:R6", "R:" + SR, "R:" + OO])


@example("support_right_all_3p", "Every real player plays Support Right (3 players; Players 2 and 3 through the "
         "already-played exception): all three fulfil it whatever the cards. Dummy-1 holds the blue 7 and Only "
         "One; Dummy-2's Number card is about to be drawn.")
def _sr_all_3():
    hands = [(["R1", "R2", "B2", "Y2"], [SR, TRIO, L23]), (["R4", "B4", "Y4", "G4"], [SR, SR, SR]),
             (["R6", "B6", "Y6", "G6"], [SR, SR, SR])]
    display = (["R9", "B9", "Y9", "G9", "P9"], [L23, TRIO, OO, BOB, BOB])
    return play(deal(3, hands, display), ["R:" + SR, "N:R4", "N:R6", "D:B7", "D:" + OO,
                                          "N:R1", "R:" + SR, "R:" + SR])


@example("support_right_all_4p", "Every real player plays Support Right (4 players; Players 2-4 through the "
         "already-played exception). Player 4 plays the last Support Right; then all four fulfil it.")
def _sr_all_4():
    hands = [(["R1", "R2", "B2", "Y2"], [SR, TRIO, L23]), (["R4", "B4", "Y4", "G4"], [SR, SR, SR]),
             (["R6", "B6", "Y6", "G6"], [SR, SR, SR]), (["R8", "B8", "Y8", "G8"], [SR, SR, SR])]
    display = (["R9", "B9", "Y9", "G9", "P9"], [L23, TRIO, OO, BOB, BOB])
    return play(deal(4, hands, display), ["R:" + SR, "R:" + SR, "N:R6", "N:R8", "D:B7",
                                          "N:R1", "N:R4", "R:" + SR])


@example("support_right_skips_dummy_3p", "Support Right skips the dummies (3 players): Player 1's right-hand "
         "neighbours are Dummy-2 (no Rule card) and Dummy-1 (a failing Only One), so Player 3's Trio decides. "
         "Dummy-2's Number card is about to be drawn: the red 7 makes three reds (Player 3's Trio and Player 1's "
         "Support Right are fulfilled), the green 9 does not (both fail).")
def _sr_skip_3():
    hands = [(["R1", "Y1", "G1", "P1"], [SR, OO, BOB]), (["R4", "Y4", "G4", "P4"], [L23, OO, BOB]),
             (["B6", "Y6", "G6", "P6"], [TRIO, OO, BOB])]
    display = (["R9", "B9", "Y9", "P9", "Y8"], [L23, TRIO, OO, BOB, BOB])
    return play(deal(3, hands, display), ["R:" + SR, "N:R4", "R:" + TRIO, "D:B3", "D:" + OO,
                                          "N:R1", "R:" + L23, "N:B6"])


@example("support_right_skips_dummy_4p", "Support Right skips the dummy (4 players): Player 1's right-hand "
         "neighbour is Dummy-1, which has no Rule card, so Player 4's Trio decides. Player 4 plays the last "
         "card: the red 9 makes three reds (Trio, and so Player 1's Support Right, fulfilled), the purple 9 "
         "does not (both fail).")
def _sr_skip_4():
    hands = [(["G1", "Y1", "B1", "P1"], [SR, OO, BOB]), (["R2", "Y2", "G2", "P2"], [L23, OO, BOB]),
             (["R5", "Y5", "G5", "P5"], [OO, BOB, L23]), (["R9", "P9", "G8", "Y8"], [TRIO, OO, BOB])]
    display = (["R3", "B3", "Y3", "G3", "P3"], [L23, TRIO, OO, BOB, BOB])
    return play(deal(4, hands, display), ["R:" + SR, "N:R2", "N:R5", "R:" + TRIO, "D:B7",
                                          "N:G1", "R:" + L23, "R:" + OO])


@example("dummy_rule_discarded_3p", "Dummy-1's fulfilled Rule card is discarded and scores nothing (3 players): "
         "Dummy-1 holds the green 1 and Limit 23, and the cards on the table add up to little. Dummy-2's Number "
         "card is about to be drawn.")
def _dummy_discard():
    hands = [(["R1", "R7", "B7", "Y7"], [OO, L23, BOB]), (["B2", "R8", "B8", "Y8"], [TRIO, OO, BOB]),
             (["Y2", "R9", "B9", "Y9"], [BOB, OO, TRIO])]
    display = (["R6", "B6", "Y6", "G6", "P6"], [L23, TRIO, OO, SR, BOB])
    return play(deal(3, hands, display, transaction=4, start_player=2,
                     kept=[[TRIO], [L23, L23], [SR]], discard_numbers=["P8", "P9", "G8", "G9", "R5", "B5"]),
                ["N:R1", "N:B2", "R:" + TRIO, "D:G1", "D:" + L23, "R:" + BOB, "R:" + OO, "N:Y2"])


@example("dummy_rule_already_played_3p", "Dummy-1's Rule card counts as already played in the second round "
         "(3 players): all three players opened with Number cards, and Dummy-1's Number and Rule cards are about "
         "to be drawn. Player 1 holds Trio, Limit 23 and Best of the Best; Player 2 holds three Trios.")
def _dummy_played():
    hands = [(["R1", "B1", "Y1", "G1"], [TRIO, L23, BOB]), (["R2", "B2", "Y2", "G2"], [TRIO, TRIO, TRIO]),
             (["R3", "B3", "Y3", "G3"], [OO, SR, L23])]
    display = (["R9", "B9", "Y9", "G9", "P9"], [L23, TRIO, OO, SR, BOB])
    return play(deal(3, hands, display), ["N:R1", "N:R2", "N:R3"])


@example("final_transaction_4p", "The start of the final transaction (4 players, transaction 12 of 12): nobody "
         "refills from the display any more.")
def _final():
    hands = [(["R1", "B5", "Y7", "G2"], [L23, TRIO, SR]), (["R4", "B2", "Y9", "P3"], [OO, BOB, SR]),
             (["R6", "B8", "G5", "P1"], [TRIO, TRIO, L23]), (["Y3", "G9", "P6", "B1"], [BOB, OO, SR])]
    display = (["R2", "B9", "Y4", "G7", "P8"], [L23, TRIO, OO, SR, BOB])
    kept = [[L23, L23, TRIO, SR], [OO, OO, OO, BOB], [TRIO, SR, SR], [L23, BOB, BOB, OO, TRIO]]
    return play(deal(4, hands, display, transaction=11, start_player=1, kept=kept,
                     discard_numbers=["R3", "R5", "R7", "B3", "B4", "B6", "Y1", "Y2", "G1", "G3", "G4", "P2", "P4"],
                     deck_rules={L23: 2, OO: 1, SR: 2}), [])


@example("final_judging_4p", "The last card of the final transaction (4 players): every Rule card on the table "
         "fails (Limit 23 with 41, Only One with a second 9, Best of the Best in yellow when red is the most "
         "common colour, Trio with Player 4's card), so the kept cards decide. Nobody has kept a card yet: tests "
         "and lessons move cards from the discards into `kept` to set up scores and tie-breaks.")
def _final_judging():
    hands = [(["R9", "B1", "Y1", "G1"], [L23, SR, OO]), (["B9", "B2", "Y2", "G2"], [OO, SR, BOB]),
             (["Y8", "B3", "Y3", "G3"], [BOB, SR, TRIO]), (["G8", "B4", "Y4", "G4"], [TRIO, SR, OO])]
    display = (["R1", "R2", "R3", "R4", "P1"], [SR, TRIO, OO, OO, BOB])
    return play(deal(4, hands, display, transaction=11, start_player=1, deck_rules={},
                     discard_numbers=["P2", "P3", "P4", "P5", "P6", "P8", "P9", "G5", "G6", "G7", "G9",
                                      "Y5", "Y6", "Y7", "Y9", "B5", "B6", "B7", "B8", "R5", "R6"]),
                ["R:" + L23, "R:" + OO, "N:Y8", "N:G8", "D:R7", "N:R9", "N:B9", "R:" + BOB])


@example("reshuffle_numbers_5p", "The Number deck is empty (5 players, transaction 4): Player 5 plays the last "
         "card; after judging, the display needs five Number cards, so the Number discard pile (with this "
         "transaction's cards) is shuffled into a new deck.")
def _reshuffle_5():
    hands = [(["R1", "R2", "R3", "R4"], [L23, TRIO, OO]), (["B1", "B2", "B3", "B4"], [TRIO, SR, BOB]),
             (["Y1", "Y2", "Y3", "Y4"], [BOB, SR, L23]), (["G1", "G2", "G3", "G4"], [OO, L23, TRIO]),
             (["P1", "P2", "P3", "P4"], [SR, OO, BOB])]
    display = (["R5", "B5", "Y5", "G5", "P5"], [L23, TRIO, OO, SR, BOB])
    discards = [c for c in cards.CODES if c[1] in "6789"]
    return _five_players(hands, display, ["N:R1", "R:" + TRIO, "N:Y1", "R:" + OO, "N:P1"],
                         ["R:" + L23, "N:B1", "R:" + BOB, "N:G1"], transaction=3, start_player=2,
                         kept=[[L23], [], [SR, SR], [TRIO], [OO]], discard_numbers=discards)


@example("reshuffle_numbers_dummy_3p", "The Number deck is empty when Dummy-2 must draw (3 players): Player 3 "
         "plays the last card, then the Number discard pile is shuffled into a new deck for Dummy-2's card.")
def _reshuffle_3():
    hands = [(["R1", "R2", "R3", "R4"], [L23, TRIO, OO]), (["B1", "B2", "B3", "B4"], [TRIO, SR, BOB]),
             (["Y1", "Y2", "Y3", "Y4"], [BOB, SR, L23])]
    display = (["R5", "B5", "Y5", "G5", "P5"], [L23, TRIO, OO, SR, BOB])
    discards = [c for c in cards.CODES if c[1] in "6789"] + ["G2", "G3", "G4", "P1", "P2", "P3", "P4"]
    return play(deal(3, hands, display, transaction=7, start_player=2, kept=[[L23, SR], [BOB], []],
                     discard_numbers=discards),
                ["N:R1", "R:" + SR, "N:Y1", "D:G1", "D:" + OO, "R:" + L23, "N:B1"])


@example("display_short_rules_5p", "The Rule cards run out (5 players, transaction 9 of 10; 40 Rule cards already "
         "kept, none in the deck or the discard pile). Player 5 plays the last card: the red 2 makes every Rule "
         "card on the table succeed, so no Rule card is left for the final display; the purple 9 makes Player "
         "2's Trio fail, and that single card is reshuffled into the display.")
def _display_short():
    types = [L23, BOB, OO, TRIO, SR]
    kept = [[types[(i + k) % 5] for k in (0, 0, 1, 1, 2, 2, 3, 4)] for i in range(5)]
    hands = [(["R3", "G1", "G2", "G3"], [BOB, L23, L23]), (["R1", "G4", "G5", "G6"], [TRIO, TRIO, OO]),
             (["Y4", "G7", "G8", "G9"], [OO, SR, SR]), (["B5", "P1", "P2", "P3"], [L23, BOB, TRIO]),
             (["R2", "P9", "P4", "P5"], [SR, OO, BOB])]
    display = (["B1", "B2", "B3", "B4", "B6"], [L23, BOB, OO, TRIO, SR])
    return _five_players(hands, display, ["R:" + BOB, "R:" + TRIO, "R:" + OO, "R:" + L23, "R:" + SR],
                         ["N:R3", "N:R1", "N:Y4", "N:B5"], transaction=8, start_player=2, kept=kept,
                         discard_numbers=["R4", "R5", "R6", "R7", "Y1", "Y2", "Y3", "Y5", "Y6", "Y7", "Y8", "Y9"])


# -- The lesson positions (notebooks/positions/*.json) ----------------------------------------------
def position_limit_23() -> dict:
    """4 players, round 2: Player 1 played Limit 23 and must now choose a Number card; 2 Number cards to come."""
    hands = [(["Y1", "G5", "P7", "R9"], [L23, SR, OO]), (["R4", "B8", "Y8", "G3"], [TRIO, BOB, OO]),
             (["B2", "Y6", "G7", "P9"], [TRIO, OO, SR]), (["R6", "B3", "Y2", "G8"], [BOB, L23, TRIO])]
    display = (["R1", "B7", "Y4", "G9", "P2"], [L23, TRIO, OO, SR, BOB])
    return play(deal(4, hands, display), ["R:" + L23, "T:" + OO, "N:R4", "T:R1", "R:" + TRIO, "T:" + TRIO,
                                          "R:" + BOB, "T:" + BOB, "D:B6"])


def position_support_right() -> dict:
    """4 players, round 2: Player 1 (red 3 on the table) chooses a Rule card; Player 4's rule is still to come."""
    hands = [(["R3", "B9", "Y7", "P1"], [SR, L23, OO]), (["R6", "B1", "G2", "P8"], [BOB, OO, TRIO]),
             (["Y9", "G5", "P4", "B7"], [TRIO, SR, L23]), (["B5", "Y3", "G6", "P6"], [BOB, OO, SR])]
    display = (["R8", "B2", "Y5", "G1", "P7"], [L23, TRIO, OO, SR, BOB])
    return play(deal(4, hands, display), ["N:R3", "T:Y5", "N:R6", "T:G1", "R:" + TRIO, "T:" + SR,
                                          "N:B5", "T:P7", "D:Y4"])


def position_set_bonus() -> dict:
    """4 players, transaction 7: Player 4 (two Trios kept) plays last in the first round; 1 card to come."""
    hands = [(["R2", "B4", "G3", "P9"], [L23, OO, SR]), (["B6", "Y8", "G6", "P5"], [BOB, TRIO, L23]),
             (["R7", "Y2", "G4", "P3"], [OO, SR, BOB]), (["Y6", "G1", "P4", "B8"], [TRIO, L23, OO])]
    display = (["R5", "B3", "Y4", "G8", "R1"], [L23, TRIO, OO, SR, BOB])
    kept = [[L23, OO, OO, SR], [BOB, BOB, TRIO, L23, SR], [TRIO, L23, L23], [TRIO, TRIO, L23, SR]]
    discards = ["R3", "R8", "B1", "B2", "Y1", "Y3", "Y9", "G2", "G5", "G7", "P2", "P6", "P8", "R4", "B9", "Y7"]
    return play(deal(4, hands, display, transaction=6, start_player=2, kept=kept, discard_numbers=discards),
                ["N:R2", "T:R5", "N:B6", "T:B3", "N:R7", "T:Y4"])


def position_what_if() -> dict:
    """4 players, final transaction, round 2: Player 1 played Best of the Best and chooses a Number card."""
    hands = [(["P8", "Y9", "B6", "G5"], [BOB, L23, SR]), (["G7", "R3", "Y1", "B2"], [OO, TRIO, BOB]),
             (["R9", "B4", "Y3", "P2"], [TRIO, SR, L23]), (["R4", "Y6", "G1", "P5"], [L23, OO, TRIO])]
    display = (["R1", "B7", "Y4", "G8", "P9"], [L23, TRIO, OO, SR, BOB])
    kept = [[L23, OO, OO, TRIO, SR], [BOB, BOB, BOB, L23, SR], [TRIO, TRIO, L23, SR], [L23, L23, OO, SR, SR]]
    discards = ["R2", "R5", "R6", "R7", "R8", "B1", "B3", "B5", "B8", "Y2", "Y5", "Y7", "Y8", "G3", "G4", "G6",
                "P1", "P3", "P4", "P6", "P7"]
    return play(deal(4, hands, display, transaction=11, start_player=1, kept=kept, discard_numbers=discards),
                ["R:" + BOB, "N:G7", "R:" + TRIO, "R:" + L23, "D:G2"])


POSITION_BUILDERS = {
    "limit_23_two_to_come": position_limit_23,
    "support_right_bet": position_support_right,
    "set_bonus_choice": position_set_bonus,
    "what_if_final": position_what_if,
}


LESSON_POSITIONS: dict[str, Callable[[], dict]] = {
    "limit_23_two_to_come": position_limit_23,
    "support_right_bet": position_support_right,
    "set_bonus_choice": position_set_bonus,
    "what_if_final": position_what_if,
}


def build(name: str) -> dict:
    """The position ``name`` as built here: a rulebook example's state, or a lesson position's file (the one
    position format, ``{"format", "game", "players", "options", "position", "description"}``)."""
    from ..core.position import position_document
    from ..core.registry import load_game

    if name in EXAMPLES:
        data = EXAMPLES[name]["build"]()
        game = load_game("master_of_rules", players=data["players"])
        return position_document(game, game.state_from_json(data), EXAMPLES[name]["about"])

    builder = LESSON_POSITIONS[name]
    data = builder()
    game = load_game("master_of_rules", players=data["players"])
    return position_document(game, game.state_from_json(data), builder.__doc__.strip())


def dumps(position: dict) -> str:
    """The on-disk form of a rulebook example: indented JSON with every list of cards on one line."""
    def fmt(value, depth: int) -> str:
        flat = json.dumps(value, ensure_ascii=False)
        if not isinstance(value, (dict, list)) or len(flat) <= 120 or (
                isinstance(value, list) and all(not isinstance(v, (dict, list)) for v in value)):
            return flat
        pad = " " * (depth + 1)
        if isinstance(value, dict):
            items = [f"{pad}{json.dumps(k)}: {fmt(v, depth + 1)}" for k, v in value.items()]
            return "{\n" + ",\n".join(items) + "\n" + " " * depth + "}"
        return "[\n" + ",\n".join(pad + fmt(v, depth + 1) for v in value) + "\n" + " " * depth + "]"
    return fmt(position, 0) + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the rulebook examples into the package and the lesson positions into --lessons (or those named)."""
    examples = {name: (lambda _folder, n=name: (POSITIONS / f"{n}.json", dumps(build(n)))) for name in EXAMPLES}
    return rebuild_positions("Rebuild the Master of Rules position files from their builders.",
                             {**examples, **lesson_writers(LESSON_POSITIONS, build)}, LESSONS_DIR, argv)


if __name__ == "__main__":
    raise SystemExit(main())
