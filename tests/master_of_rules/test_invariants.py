"""Invariants over 1,000 seeded random games per player count (3,000 in all).

After every action: all 45 Number and 60 Rule cards are somewhere (hands + display + decks + discards + kept
+ table, read from the state's lists), the player to move is valid, a non-terminal node has legal actions.
On every game: it ends after 10/12/12 transactions and its final scores and winners equal an independent
recomputation from the kept cards. On a subset of games (every ``DEEP``-th), the expensive checks: the exact
card identities, chance outcomes summing to exactly Fraction(1), every legal action accepted by check().
"""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab import CHANCE, TERMINAL

GAMES = 1000  # per player count (3,000 games in all), sized for the CI budget
DEEP = 25
TRANSACTIONS = {3: 12, 4: 12, 5: 10}
TYPES = ["limit_23", "best_of_the_best", "only_one", "trio", "support_right"]  # the engine's type order
TIE_BREAK = ["support_right", "trio", "only_one", "best_of_the_best", "limit_23"]


def points(kept: dict[str, int]) -> int:
    """1 per card, +2 per type other than Support Right held 3+ times, +2 for all five types."""
    return (sum(kept.values()) + 2 * sum(1 for t in TYPES if t != "support_right" and kept[t] >= 3)
            + 2 * all(kept[t] > 0 for t in TYPES))


def expected_winners(kept: list[dict[str, int]]) -> list[int]:
    keys = [(points(k), *[k[t] for t in TIE_BREAK]) for k in kept]
    return [p for p, key in enumerate(keys) if key == max(keys)]


def number_count(s) -> int:
    return (sum(map(len, s.hand_numbers)) + len(s.display_numbers) + len(s.deck_numbers) + len(s.discard_numbers)
            + sum(c is not None for c in s.table_numbers))


def rule_counts(s) -> list[int]:
    counts = [sum(col) for col in zip(s.display_rules, s.deck_rules, s.discard_rules, *s.hand_rules, *s.kept)]
    for t in s.table_rules:
        if t is not None:
            counts[t] += 1
    return counts


def exact_cards(s) -> None:
    numbers = [c for h in s.hand_numbers for c in h] + s.display_numbers + s.deck_numbers + s.discard_numbers
    numbers += [c for c in s.table_numbers if c is not None]
    assert sorted(numbers) == list(range(45))
    assert all(n >= 0 for zone in (s.display_rules, s.deck_rules, s.discard_rules, *s.hand_rules, *s.kept)
               for n in zone)


def play_checked(players: int, seed: int, deep: bool) -> None:
    state = rl.load_game("master_of_rules", players=players, seed=seed).new_state()
    r = random.Random(seed)
    steps = 0
    while True:
        cp = state.current_player
        if cp == TERMINAL:
            break
        if cp == CHANCE:
            if deep:
                outcomes = state.chance_outcomes()
                assert sum((p for _, p in outcomes), Fraction(0)) == 1
                assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
                assert len({a for a, _ in outcomes}) == len(outcomes)
                assert state.legal_actions() == [a for a, _ in outcomes]
            action = state.sample_chance(r)
        else:
            assert 0 <= cp < players
            legal = state.legal_actions()
            assert legal
            if deep:
                for a in legal:
                    state.check(a)
            action = legal[r.randrange(len(legal))]
        state.apply(action)
        steps += 1
        assert steps < 1000
        assert number_count(state) == 45
        assert rule_counts(state) == [12, 12, 12, 12, 12]
        if deep:
            exact_cards(state)
    assert state.is_terminal() and state.legal_actions() == []
    assert state.transaction == TRANSACTIONS[players]
    assert sum(e.kind == "transaction_start" for e in state.events) == TRANSACTIONS[players]
    number_plays = sum(e.kind == "play_number" for e in state.events)
    assert number_plays == players * TRANSACTIONS[players]  # every player plays one Number card each time
    kept = [dict(zip(TYPES, row)) for row in state.kept]
    assert state.scores() == [points(k) for k in kept]
    winners = expected_winners(kept)
    assert state.returns() == [1 / len(winners) if p in winners else 0.0 for p in range(players)]


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4, 5])
def test_random_games_keep_every_invariant(players):
    for seed in range(GAMES):
        play_checked(players, seed, deep=seed % DEEP == 0)


def test_the_independent_scorer_itself():
    """The recomputation used above, on hand-checked values from the rulebook's scoring section."""
    zero = dict.fromkeys(TYPES, 0)
    assert points({**zero, "limit_23": 6}) == 8
    assert points(dict.fromkeys(TYPES, 1)) == 7
    assert points({**zero, "support_right": 3}) == 3
    assert points({**zero, "trio": 3, "only_one": 3, "limit_23": 3, "best_of_the_best": 3}) == 20
    assert expected_winners([{**zero, "support_right": 1, "trio": 1}, {**zero, "trio": 2}]) == [0]
