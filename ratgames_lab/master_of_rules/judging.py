"""Judging (rules.judging), scoring (rules.scoring) and the winner (rules.winner): the five rules on the Number
cards in play, the points of the kept Rule cards, and the end of a transaction that applies them.

Each rule is decided in one ``fulfils_*`` function; ``explain`` only words the verdict for the log.
"""
from __future__ import annotations

from .cards import (ALL_TYPES_BONUS, BEST_OF_THE_BEST, COLOURS, LIMIT_23, N_VALUES, NUMBER_CARDS, ONLY_ONE, RULES,
                    SEATS, SET_BONUS_MIN, SET_BONUS_POINTS, SET_BONUS_TYPES, SUPPORT_RIGHT, TIE_BREAK, TRIO,
                    card_name, colour, rule_name, seat_name, value)
from .phases import DISPLAY_DRAW, OVER

_COLOUR = [colour(c) for c in NUMBER_CARDS]
_VALUE = [value(c) for c in NUMBER_CARDS]


class TableStats:
    """What the rules look at in the five Number cards: counts by colour and value, top card per colour, sum."""

    __slots__ = ("colours", "values", "high", "total", "top_colour")

    def __init__(self, numbers: list[int]):
        colours = [0, 0, 0, 0, 0]
        values = [0] * (N_VALUES + 1)
        high = [0, 0, 0, 0, 0]
        total = 0
        for c in numbers:
            k, v = _COLOUR[c], _VALUE[c]
            colours[k] += 1
            values[v] += 1
            total += v
            if v > high[k]:
                high[k] = v
        self.colours, self.values, self.high, self.total = colours, values, high, total
        self.top_colour = max(colours)


def fulfils_limit_23(t: TableStats, mine: int) -> bool:
    """Limit 23: the five Number cards add up to 23 or less."""
    return t.total <= 23


def fulfils_best_of_the_best(t: TableStats, mine: int) -> bool:
    """Best of the Best: your card is the highest of a most common colour (tied colours all count)."""
    k = _COLOUR[mine]
    return t.colours[k] == t.top_colour and t.high[k] == _VALUE[mine]


def fulfils_only_one(t: TableStats, mine: int) -> bool:
    """Only One: no other card shares your card's colour, and none shares its value."""
    return t.colours[_COLOUR[mine]] == 1 and t.values[_VALUE[mine]] == 1


def fulfils_trio(t: TableStats, mine: int) -> bool:
    """Trio: at least three of the five cards share a colour, or at least three share a value."""
    return t.top_colour >= 3 or max(t.values) >= 3


FULFILS = {LIMIT_23: fulfils_limit_23, BEST_OF_THE_BEST: fulfils_best_of_the_best, ONLY_ONE: fulfils_only_one,
           TRIO: fulfils_trio}


def explain(rule: int, numbers: list[int], mine: int, ok: bool) -> str:
    """Why a (non Support Right) rule is fulfilled or not, in words for the log."""
    if rule == LIMIT_23:
        total = sum(_VALUE[c] for c in numbers)
        return f"the five cards add up to {total} ({'≤' if ok else '>'} 23)"
    if rule == BEST_OF_THE_BEST:
        counts = [sum(1 for c in numbers if _COLOUR[c] == k) for k in range(5)]
        top = max(counts)
        names = " and ".join(COLOURS[k] for k in range(5) if counts[k] == top)
        mc = _COLOUR[mine]
        if ok:
            several = " and " in names
            return (f"{names} {'are' if several else 'is'} most common ({top} card{'s' if top > 1 else ''}"
                    f"{' each' if several else ''}) and the {card_name(mine)} is the highest {COLOURS[mc]}")
        if counts[mc] != top:
            return f"the most common colour is {names} ({top} cards), not {COLOURS[mc]}"
        highest = max(_VALUE[c] for c in numbers if _COLOUR[c] == mc)
        return f"{COLOURS[mc]} is most common but the {COLOURS[mc]} {highest} beats the {card_name(mine)}"
    if rule == ONLY_ONE:
        if ok:
            return f"the {card_name(mine)} shares neither colour nor value with the other cards"
        if any(c != mine and _COLOUR[c] == _COLOUR[mine] for c in numbers):
            return f"another {COLOURS[_COLOUR[mine]]} card is in play"
        return f"another {_VALUE[mine]} is in play"
    colours = [_COLOUR[c] for c in numbers]
    values = [_VALUE[c] for c in numbers]
    for k in range(5):
        if colours.count(k) >= 3:
            return f"{colours.count(k)} {COLOURS[k]} cards are in play"
    for v in sorted(set(values)):
        if values.count(v) >= 3:
            return f"{values.count(v)} cards of value {v} are in play"
    return "no three cards share a colour or a value"


def right_of(seat: int, players: int) -> int:
    """The first real player to a seat's right (previous in turn order), skipping dummies."""
    return (seat - 1) % players if seat < players else players - 1


def judge_table(numbers: list[int | None], rules: list[int | None], players: int,
                reasons: bool = True) -> list[tuple[bool, str] | None]:
    """Judge every Rule card on the table; None for seats without one. Support Right chains resolve.
    ``reasons=False`` skips wording the verdicts (the reasons are then empty): for simulations."""
    in_play = [c for c in numbers if c is not None]
    stats = TableStats(in_play)
    result: list[tuple[bool, str] | None] = [None] * len(rules)
    for seat, rule in enumerate(rules):
        if rule is None or rule == SUPPORT_RIGHT:
            continue
        mine = numbers[seat]
        if mine is None:
            result[seat] = (False, "no Number card was played by this seat")
        else:
            ok = FULFILS[rule](stats, mine)
            result[seat] = (ok, explain(rule, in_play, mine, ok) if reasons else "")
    for seat, rule in enumerate(rules):
        if rule == SUPPORT_RIGHT:
            result[seat] = _judge_support_right(seat, rules, result, players)
    return result


def _judge_support_right(seat: int, rules: list[int | None], result: list, players: int) -> tuple[bool, str]:
    """Support Right: the first real player to your right fulfilled their rule (chains; all-SR all win)."""
    chain = []
    current = seat
    while True:
        right = right_of(current, players)
        chain.append(right)
        if right == seat or (seat >= players and len(chain) > players):
            return True, "every real player played Support Right, so all of them fulfil it"
        if rules[right] is None:
            return False, f"{seat_name(right, players)} played no Rule card"
        if rules[right] != SUPPORT_RIGHT:
            ok, _ = result[right]
            via = "" if len(chain) == 1 else " (through " + " ← ".join(
                seat_name(s, players) for s in chain[:-1]) + ")"
            verdict = "fulfilled" if ok else "did not fulfil"
            return ok, f"{seat_name(right, players)} {verdict} {rule_name(rules[right])}{via}"
        current = right



def score_kept(kept: list[int]) -> int:
    """1 VP per kept Rule card, +2 per non-Support-Right type held 3+ times, +2 for all five types."""
    points = sum(kept)
    points += SET_BONUS_POINTS * sum(1 for t in SET_BONUS_TYPES if kept[t] >= SET_BONUS_MIN)
    if all(kept):
        points += ALL_TYPES_BONUS
    return points


def ranking_key(kept: list[int]) -> tuple:
    """Sort key: points, then Support Right, Trio, Only One, Best of the Best, Limit 23 cards."""
    return (score_kept(kept),) + tuple(kept[t] for t in TIE_BREAK)


def winners(kept: list[list[int]]) -> list[int]:
    """Seats sharing the win after the full tie-break."""
    keys = [ranking_key(k) for k in kept]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


class JudgingRules:
    """The end of a transaction: judging every Rule card on the table, then the next transaction or the end (a
    mixin of MasterOfRulesState)."""

    __slots__ = ()

    def _judge(self) -> None:
        """Judge every Rule card; fulfilled real players keep theirs, everything else is discarded."""
        n = self.players
        verdicts = judge_table(self.table_numbers, self.table_rules, n)
        for seat in self.turn_order() + list(range(n, SEATS)):
            rule = self.table_rules[seat]
            if rule is None:
                continue
            ok, reason = verdicts[seat]
            if seat < n:
                kind = "judge_fulfilled" if ok else "judge_failed"
            else:
                kind = "dummy_fulfilled" if ok else "dummy_failed"
            self.emit(kind, "rules." + RULES[rule], player=seat_name(seat, n), rule=rule_name(rule), reason=reason)
            if ok and seat < n:
                self.kept[seat][rule] += 1
            else:
                self.discard_rules[rule] += 1
        self.discard_numbers.extend(c for c in self.table_numbers if c is not None)
        self.table_numbers = [None] * SEATS
        self.table_rules = [None] * SEATS
        self.first_round = [None] * n
        self.round = 1
        self.turn = 0
        self.transaction += 1
        if self.transaction == self.transactions:
            for p in range(n):
                self.discard_numbers.extend(self.hand_numbers[p])
                self.hand_numbers[p] = []
                for t in range(len(RULES)):
                    self.discard_rules[t] += self.hand_rules[p][t]
                self.hand_rules[p] = [0] * len(RULES)
                self.known_numbers[p] = []
                self.known_rules[p] = [0] * len(RULES)
            self.emit("hands_discarded", "rules.end")
            win = winners(self.kept)
            self.emit("final_scores", "rules.scoring",
                      scores=", ".join(f"{seat_name(p, n)} {s}" for p, s in enumerate(self.scores())),
                      winners=("Winner: " if len(win) == 1 else "Shared win: ")
                      + ", ".join(seat_name(p, n) for p in win) + ".")
            self.phase = OVER
        else:
            self.phase = DISPLAY_DRAW
