"""Master of Rules exact odds: the chance each rule is fulfilled, from what one player knows.

The knowledge model (docs/master_of_rules.md, stated in the lessons): the player remembers everything public.
The cards they cannot see are ``state.hidden_worlds(player)``: one uniform deal of the unseen Number cards (and
one of the unseen Rule cards) into the other players' *unknown* hand cards and the deck; a card a player took
from the face-up display is known to be in that hand until played, so it is in no deal. The odds add one
assumption about play: a player whose card is still to come plays a card of their hand at random (a card they
are known to hold with its share of the hand), and a dummy draws from the deck (from the public discard pile,
once the deck is empty). Numbers are exact Fractions computed by enumerating the sample space;
``simulate_rule_odds`` is the independent simulation that uses the engine's own judging.
"""
from __future__ import annotations

import dataclasses
import math
import random
from fractions import Fraction
from itertools import combinations, product

from .cards import BEST_OF_THE_BEST, CARD_BY_CODE, LIMIT_23, NUMBER_CARDS, ONLY_ONE, RULE_BY_ID, RULES, SEATS, \
    SUPPORT_RIGHT, TRIO
from .rules import FULFILS, MasterOfRulesState, TableStats, judge_table, right_of, score_kept

NON_SR = (LIMIT_23, BEST_OF_THE_BEST, ONLY_ONE, TRIO)
_ALWAYS, _NEVER = "always", "never"
_HIDDEN = None  # in a choice of cards to come: "a card of the hidden pool"


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
    unseen_numbers: tuple  # Number cards of the hidden pool: the others' unknown hand cards and the deck
    unseen_rules: tuple  # Rule counts by type of the hidden pool
    known_numbers: tuple = ()  # per real seat: Number cards known to be in that hand (taken from the display)
    known_rules: tuple = ()  # per real seat: Rule counts known to be in that hand
    hidden_numbers: tuple = ()  # per real seat: how many of that hand's Number cards are unknown
    hidden_rules: tuple = ()  # per real seat: how many of that hand's Rule cards are unknown
    deck_numbers: int | None = None  # Number cards in the deck (None: enough for every dummy draw)
    discard_numbers: tuple = ()  # the public discard pile, reshuffled into the deck when it is empty

    def candidate_cards(self) -> list[int]:
        """The player's Number card if already played, else the cards in hand."""
        mine = self.table_numbers[self.player]
        return [mine] if mine is not None else list(self.hand_numbers)

    def sample_space_size(self) -> int:
        """How many equally likely sets of cards can come from the hidden pool when every card to come is
        unknown: C(unseen, slots)."""
        return math.comb(len(self.unseen_numbers), len(self.number_slots))

    def number_choices(self, seat: int) -> list[tuple[Fraction, int | None]]:
        """What a seat still to play a Number card plays: (chance, a known card or None for a hidden one)."""
        if seat >= self.players or not self.known_numbers:
            return [(Fraction(1), _HIDDEN)]
        known, hidden = self.known_numbers[seat], self.hidden_numbers[seat]
        size = len(known) + hidden
        return [(Fraction(1, size), c) for c in known] + ([(Fraction(hidden, size), _HIDDEN)] if hidden else [])

    def rule_choices(self, seat: int) -> list[tuple[Fraction, int | None]]:
        """What a seat still to play a Rule card plays: (chance, a known type or None for a hidden card)."""
        if not self.known_rules:
            return [(Fraction(1), _HIDDEN)]
        known, hidden = self.known_rules[seat], self.hidden_rules[seat]
        size = sum(known) + hidden
        if size == 0:
            return []
        out = [(Fraction(n, size), t) for t, n in enumerate(known) if n]
        return out + ([(Fraction(hidden, size), _HIDDEN)] if hidden else [])

    def dummy_sources(self) -> tuple[int, int]:
        """How many dummy cards still to come are drawn from the deck, and how many from the reshuffled discards."""
        dummies = sum(1 for s in self.number_slots if s >= self.players)
        if self.deck_numbers is None:
            return dummies, 0
        from_deck = min(dummies, self.deck_numbers)
        return from_deck, dummies - from_deck


def knowledge(state: MasterOfRulesState, player: int) -> Knowledge:
    """Extract what ``player`` knows from a state: own hand, public zones, and perfect memory of display takes."""
    if not 0 <= player < state.players:
        raise ValueError(f"player {player} is not a real seat (0..{state.players - 1})")
    n = state.players
    numbers_deal, rules_deal = state.hidden_worlds(player).deals
    unseen_numbers = tuple(sorted(numbers_deal.items))
    unseen_rules = tuple(sum(1 for r in rules_deal.items if r == name) for name in RULES)
    active = state.phase in ("play", "refill", "dummy_draw")
    number_slots = tuple(s for s in range(SEATS) if s != player and state.table_numbers[s] is None and active
                         and (s >= n or state.hand_numbers[s]))
    rule_slots = tuple(q for q in range(n) if q != player and state.table_rules[q] is None and active
                       and any(state.hand_rules[q]))
    others = [q != player for q in range(n)]
    hidden = [state.hidden_cards(q) if others[q] else ([], []) for q in range(n)]
    return Knowledge(n, player, tuple(state.table_numbers), tuple(state.table_rules),
                     tuple(sorted(state.hand_numbers[player])), tuple(state.hand_rules[player]),
                     number_slots, rule_slots, unseen_numbers, unseen_rules,
                     known_numbers=tuple(tuple(sorted(state.known_numbers[q])) if others[q] else () for q in range(n)),
                     known_rules=tuple(tuple(state.known_rules[q]) if others[q] else (0,) * len(RULES)
                                       for q in range(n)),
                     hidden_numbers=tuple(len(h[0]) for h in hidden), hidden_rules=tuple(len(h[1]) for h in hidden),
                     deck_numbers=len(state.deck_numbers), discard_numbers=tuple(sorted(state.discard_numbers)))
    # every list sorted: the estimate must not depend on the order cards happen to sit in memory (a position
    # read from a file has them sorted, the same position reached by play may not)


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
        choices = kn.rule_choices(seat) if seat in kn.rule_slots else []
        if not choices:
            out.append((prob, _NEVER))  # that player has no Rule card this transaction
            return
        for share, known in choices:
            if known is not _HIDDEN:
                step(seat, prob * share, known, drawn)
                continue
            left = [kn.unseen_rules[t] - drawn.count(t) for t in range(len(RULES))]
            total = sum(left)
            if total == 0:
                out.append((prob * share, _NEVER))
                continue
            for t, count in enumerate(left):
                if count:
                    step(seat, prob * share * Fraction(count, total), t, drawn + (t,))

    def step(seat: int, prob: Fraction, t: int, drawn: tuple[int, ...]) -> None:
        if t == SUPPORT_RIGHT:
            walk(right_of(seat, kn.players), prob, drawn)
        else:
            out.append((prob, (seat, t)))

    walk(right_of(kn.player, kn.players), Fraction(1), ())
    return out


def rule_odds_from(kn: Knowledge, mine: int) -> dict[str, Fraction]:
    """Exact probability of each of the five rules if the player's Number card is ``mine``.

    For each choice of what the players still to come play (a card they are known to hold, or a hidden one),
    enumerates every equally likely set of hidden cards (the hidden slots are exchangeable: one uniform deal).
    Support Right is the sum, over where the chain to the right ends, of (chance the chain ends there) ×
    (chance that player's rule is fulfilled).
    """
    paths = _support_right_paths(kn)
    ends = sorted({end for _, end in paths if isinstance(end, tuple)})
    real_slots = [s for s in kn.number_slots if s < kn.players]
    from_deck, from_discard = kn.dummy_sources()
    fixed = [c for s, c in enumerate(kn.table_numbers) if c is not None and s != kn.player]
    pool, discards = kn.unseen_numbers, kn.discard_numbers
    hits = dict.fromkeys(NON_SR, Fraction(0))
    end_hits = dict.fromkeys(ends, Fraction(0))
    for choice in product(*(kn.number_choices(s) for s in real_slots)):
        weight = math.prod((share for share, _ in choice), start=Fraction(1))
        card_of = {s: c for s, (_, c) in zip(real_slots, choice) if c is not _HIDDEN}
        hidden_seats = [s for s in real_slots if s not in card_of]
        drawn = len(hidden_seats) + from_deck
        if len(pool) < drawn or len(discards) < from_discard:
            raise ValueError("fewer unseen Number cards than cards still to come")
        base = fixed + list(card_of.values()) + [mine]
        counts = dict.fromkeys(NON_SR, 0)
        end_counts = dict.fromkeys(ends, Fraction(0))
        combos = 0
        for combo in combinations(pool, drawn):
            for extra in combinations(discards, from_discard):
                combos += 1
                stats = TableStats(base + list(combo) + list(extra))
                for r in NON_SR:
                    counts[r] += FULFILS[r](stats, mine)
                for seat, r in ends:
                    card = kn.table_numbers[seat] if kn.table_numbers[seat] is not None else card_of.get(seat)
                    if card is not None:
                        end_counts[(seat, r)] += FULFILS[r](stats, card)
                    else:  # a hidden seat's card is any card of the hidden draw, each with chance 1/drawn
                        end_counts[(seat, r)] += Fraction(sum(FULFILS[r](stats, c) for c in combo), drawn)
        for r in NON_SR:
            hits[r] += weight * Fraction(counts[r], combos)
        for end in ends:
            end_hits[end] += weight * end_counts[end] / combos
    result = {RULES[r]: hits[r] for r in NON_SR}
    support = Fraction(0)
    for prob, end in paths:
        if end == _ALWAYS:
            support += prob
        elif end != _NEVER:
            support += prob * end_hits[end]
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
    """A random table for this transaction under the knowledge model (the same one the exact odds count)."""
    numbers = list(kn.table_numbers)
    rules = list(kn.table_rules)
    numbers[kn.player] = mine
    rules[kn.player] = rule
    from_deck, from_discard = kn.dummy_sources()
    hidden_seats = []
    for seat in kn.number_slots:
        if seat < kn.players:
            numbers[seat] = _pick(kn.number_choices(seat), rng)
            if numbers[seat] is _HIDDEN:
                hidden_seats.append(seat)
    dummies = [s for s in kn.number_slots if s >= kn.players]
    drawn = rng.sample(kn.unseen_numbers, len(hidden_seats) + from_deck)  # the hidden hand cards and deck draws
    drawn += rng.sample(kn.discard_numbers, from_discard)  # the dummies' draws after the deck ran out
    for seat, card in zip(hidden_seats + dummies, drawn):
        numbers[seat] = card
    hidden_rule_seats = []
    for seat in kn.rule_slots:
        choices = kn.rule_choices(seat)
        if choices:
            rules[seat] = _pick(choices, rng)
            if rules[seat] is _HIDDEN:
                hidden_rule_seats.append(seat)
    if hidden_rule_seats:
        pool = [t for t, n in enumerate(kn.unseen_rules) for _ in range(n)]
        for seat, t in zip(hidden_rule_seats, rng.sample(pool, len(hidden_rule_seats))):
            rules[seat] = t
    return numbers, rules


def _pick(choices: list[tuple[Fraction, int | None]], rng: random.Random):
    """One choice, drawn with its chance (exact: a uniform integer below the common denominator)."""
    if len(choices) == 1:
        return choices[0][1]
    denominator = math.lcm(*(share.denominator for share, _ in choices))
    r = rng.randrange(denominator)
    for share, what in choices:
        r -= share.numerator * (denominator // share.denominator)
        if r < 0:
            return what
    raise AssertionError("the chances do not add up to 1")


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
            verdicts = judge_table(numbers, rules, kn.players, reasons=False)
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
