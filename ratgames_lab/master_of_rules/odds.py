"""Master of Rules exact odds: the chance each rule is fulfilled, from what one player knows.

The model (stated in the lessons): every Number card the player cannot see right now (the other hands and the
deck) is equally likely to be each of the Number cards still to come this transaction (other players' cards and
the dummies' draws); likewise every unseen Rule card is equally likely to be a Rule card still to come. Numbers
are exact Fractions computed by enumerating the sample space; ``simulate_rule_odds`` is the independent
simulation that uses the engine's own judging.
"""
from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction
from itertools import combinations

from .cards import BEST_OF_THE_BEST, CARD_BY_CODE, LIMIT_23, NUMBER_CARDS, ONLY_ONE, RULE_BY_ID, RULES, SEATS, \
    SUPPORT_RIGHT, TRIO
from .rules import FULFILS, MasterOfRulesState, TableStats, judge_table, right_of, score_kept

NON_SR = (LIMIT_23, BEST_OF_THE_BEST, ONLY_ONE, TRIO)
_ALWAYS, _NEVER = "always", "never"


@dataclasses.dataclass(frozen=True)
class Knowledge:
    """What one player knows during a transaction, and what is still to come."""

    players: int
    player: int
    table_numbers: tuple  # per seat: the Number card on the table, or None
    table_rules: tuple  # per seat: the Rule type on the table, or None
    hand_numbers: tuple  # the player's own Number cards
    hand_rules: tuple  # the player's own Rule counts by type
    number_slots: tuple  # seats (not the player) whose Number card is still to come
    rule_slots: tuple  # real seats (not the player) whose Rule card is still to come
    unseen_numbers: tuple  # Number cards the player cannot see
    unseen_rules: tuple  # Rule counts by type the player cannot see

    def candidate_cards(self) -> list[int]:
        """The player's Number card if already played, else the cards in hand."""
        mine = self.table_numbers[self.player]
        return [mine] if mine is not None else list(self.hand_numbers)

    def sample_space_size(self) -> int:
        """How many equally likely sets of Number cards can still come: C(unseen, slots)."""
        return math.comb(len(self.unseen_numbers), len(self.number_slots))


def knowledge(state: MasterOfRulesState, player: int) -> Knowledge:
    """Extract what ``player`` knows from a state (public zones and own hand only)."""
    if not 0 <= player < state.players:
        raise ValueError(f"player {player} is not a real seat (0..{state.players - 1})")
    n = state.players
    seen = set(state.hand_numbers[player]) | set(state.display_numbers) | set(state.discard_numbers)
    seen |= {c for c in state.table_numbers if c is not None}
    unseen_numbers = tuple(c for c in NUMBER_CARDS if c not in seen)
    unseen_rules = [state.deck_rules[t] + sum(state.hand_rules[q][t] for q in range(n) if q != player)
                    for t in range(len(RULES))]
    active = state.phase in ("play", "refill", "dummy_draw")
    number_slots = tuple(s for s in range(SEATS) if s != player and state.table_numbers[s] is None and active)
    rule_slots = tuple(q for q in range(n) if q != player and state.table_rules[q] is None and active)
    return Knowledge(n, player, tuple(state.table_numbers), tuple(state.table_rules),
                     tuple(state.hand_numbers[player]), tuple(state.hand_rules[player]),
                     number_slots, rule_slots, unseen_numbers, tuple(unseen_rules))


def _support_right_paths(kn: Knowledge) -> list[tuple[Fraction, object]]:
    """Where the player's Support Right chain ends, with probabilities: (seat, rule), 'always' or 'never'."""
    out: list[tuple[Fraction, object]] = []

    def walk(seat: int, prob: Fraction, drawn: tuple[int, ...]) -> None:
        if seat == kn.player:
            out.append((prob, _ALWAYS))  # every real player played Support Right
            return
        rule = kn.table_rules[seat]
        if rule is not None:
            if rule == SUPPORT_RIGHT:
                walk(right_of(seat, kn.players), prob, drawn)
            else:
                out.append((prob, (seat, rule)))
            return
        if seat not in kn.rule_slots:
            out.append((prob, _NEVER))  # that player has no Rule card this transaction
            return
        left = [kn.unseen_rules[t] - drawn.count(t) for t in range(len(RULES))]
        total = sum(left)
        if total == 0:
            out.append((prob, _NEVER))
            return
        for t, count in enumerate(left):
            if not count:
                continue
            p = prob * Fraction(count, total)
            if t == SUPPORT_RIGHT:
                walk(right_of(seat, kn.players), p, drawn + (t,))
            else:
                out.append((p, (seat, t)))

    walk(right_of(kn.player, kn.players), Fraction(1), ())
    return out


def rule_odds_from(kn: Knowledge, mine: int) -> dict[str, Fraction]:
    """Exact probability of each of the five rules if the player's Number card is ``mine``.

    Enumerates every equally likely set of Number cards still to come. Support Right is the sum, over where the
    chain to the right ends, of (chance the chain ends there) × (chance that player's rule is fulfilled). Seats
    whose card is still to come are exchangeable, so one marginal per rule serves all of them.
    """
    paths = _support_right_paths(kn)
    ends = {end for _, end in paths if isinstance(end, tuple)}
    known_ends = sorted((s, r) for s, r in ends if kn.table_numbers[s] is not None)
    unknown_rules = sorted({r for s, r in ends if kn.table_numbers[s] is None})
    slot_cards = len(kn.number_slots)
    fixed = [c for s, c in enumerate(kn.table_numbers) if c is not None and s != kn.player]
    pool = kn.unseen_numbers
    if len(pool) < slot_cards:
        raise ValueError("fewer unseen Number cards than cards still to come")
    hits = [0] * len(RULES)
    known_hits = dict.fromkeys(known_ends, 0)
    unknown_hits = dict.fromkeys(unknown_rules, 0)  # summed over the cards to come: divide by slot_cards
    combos = 0
    for combo in combinations(pool, slot_cards):
        combos += 1
        stats = TableStats(fixed + list(combo) + [mine])
        for r in NON_SR:
            if FULFILS[r](stats, mine):
                hits[r] += 1
        for seat, r in known_ends:
            if FULFILS[r](stats, kn.table_numbers[seat]):
                known_hits[(seat, r)] += 1
        for r in unknown_rules:
            fulfils = FULFILS[r]
            for c in combo:
                if fulfils(stats, c):
                    unknown_hits[r] += 1
    result = {RULES[r]: Fraction(hits[r], combos) for r in NON_SR}
    support = Fraction(0)
    for prob, end in paths:
        if end == _ALWAYS:
            support += prob
        elif end == _NEVER:
            continue
        elif end in known_hits:
            support += prob * Fraction(known_hits[end], combos)
        else:
            support += prob * Fraction(unknown_hits[end[1]], combos * slot_cards)
    result[RULES[SUPPORT_RIGHT]] = support
    return result


def _card(kn: Knowledge, card: int | str | None) -> int:
    if isinstance(card, str):
        if card not in CARD_BY_CODE:
            raise ValueError(f"unknown Number card {card!r}")
        card = CARD_BY_CODE[card]
    played = kn.table_numbers[kn.player]
    if played is not None:
        if card is not None and card != played:
            raise ValueError("the player already played a Number card this transaction")
        return played
    if card is None or card not in kn.hand_numbers:
        raise ValueError(f"card {card!r} is not in the player's hand")
    return card


def rule_odds(state: MasterOfRulesState, player: int, card: int | str | None = None) -> dict[str, Fraction]:
    """Exact chance each rule would be fulfilled if ``player`` plays ``card`` (default: their played card)."""
    kn = knowledge(state, player)
    return rule_odds_from(kn, _card(kn, card))


@dataclasses.dataclass(frozen=True)
class PlayOdds:
    """One (Number card, Rule card) combination: chance of success and expected points gained."""

    card: int
    rule: str
    probability: Fraction
    points_if_fulfilled: int

    @property
    def expected_points(self) -> Fraction:
        """Probability × points the card would add (bonuses included)."""
        return self.probability * self.points_if_fulfilled


def marginal_points(kept: list[int], rule: int) -> int:
    """Points one more kept card of ``rule`` adds (1, plus a set or all-five bonus it would complete)."""
    after = list(kept)
    after[rule] += 1
    return score_kept(after) - score_kept(kept)


def play_odds(state: MasterOfRulesState, player: int) -> list[PlayOdds]:
    """Every combination of the player's Number and Rule cards (or the ones already played), best first."""
    kn = knowledge(state, player)
    played_rule = kn.table_rules[player]
    rules = [played_rule] if played_rule is not None else [t for t, n in enumerate(kn.hand_rules) if n]
    out = []
    for card in kn.candidate_cards():
        odds = rule_odds_from(kn, card)
        for t in rules:
            out.append(PlayOdds(card, RULES[t], odds[RULES[t]], marginal_points(state.kept[player], t)))
    out.sort(key=lambda p: (-p.expected_points, -p.probability, p.card, p.rule))
    return out


# ----------------------------------------------------------------------------------------------
# Simulation (independent of the enumeration above: it deals random completions and asks the engine's judge)
# ----------------------------------------------------------------------------------------------
def sample_completion(kn: Knowledge, mine: int, rule: int, rng: random.Random) -> tuple[list, list]:
    """A random table for this transaction consistent with what the player knows."""
    numbers = list(kn.table_numbers)
    rules = list(kn.table_rules)
    numbers[kn.player] = mine
    rules[kn.player] = rule
    drawn = rng.sample(kn.unseen_numbers, len(kn.number_slots))
    for seat, c in zip(kn.number_slots, drawn):
        numbers[seat] = c
    pool = [t for t, n in enumerate(kn.unseen_rules) for _ in range(n)]
    for seat, t in zip(kn.rule_slots, rng.sample(pool, min(len(kn.rule_slots), len(pool)))):
        rules[seat] = t
    return numbers, rules


def simulate_rule_odds(state: MasterOfRulesState, player: int, card: int | str | None = None, n: int = 10_000,
                       seed: int = 0) -> dict[str, float]:
    """Frequency of success of each rule over ``n`` random completions judged by the engine."""
    kn = knowledge(state, player)
    mine = _card(kn, card)
    rng = random.Random(seed)
    wins = {r: 0 for r in RULES}
    for _ in range(n):
        for t, name in enumerate(RULES):
            numbers, rules = sample_completion(kn, mine, t, rng)
            verdict = judge_table(numbers, rules, kn.players)[kn.player]
            wins[name] += verdict[0]
    return {r: w / n for r, w in wins.items()}


def estimate_rule_odds(kn: Knowledge, cards: list[int], rng: random.Random, samples: int = 48) -> dict:
    """Quick sampled estimate {(card, rule): frequency} for a bot (same model as the exact odds)."""
    out = {}
    for mine in cards:
        wins = [0] * len(RULES)
        for _ in range(samples):
            numbers, rules = sample_completion(kn, mine, SUPPORT_RIGHT, rng)
            verdicts = judge_table(numbers, rules, kn.players)
            stats = TableStats([c for c in numbers if c is not None])
            for t in NON_SR:
                wins[t] += FULFILS[t](stats, mine)
            wins[SUPPORT_RIGHT] += verdicts[kn.player][0]
        for t in range(len(RULES)):
            out[(mine, t)] = wins[t] / samples
    return out


def parse_rule(rule: str | int) -> int:
    """A rule index from its id or index."""
    return RULE_BY_ID[rule] if isinstance(rule, str) else rule
