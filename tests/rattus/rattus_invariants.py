"""Invariant checks over seeded random games (used by the test_invariants_*p.py files)."""
from __future__ import annotations

import random
from fractions import Fraction

import ratgames_lab as rl

CUBES = 20


def expected_winner(data: dict) -> int:
    """The winner recomputed from the final JSON position: most cubes (board + Castle), then turn order."""
    n = data["players"]
    scores = [data["castle"][p] + sum(r["cubes"][p] for r in data["regions"].values()) for p in range(n)]
    best = max(scores)
    last = data["last_player"]
    for k in range(1, n + 1):
        p = (last + k) % n
        if scores[p] == best:
            return p
    raise AssertionError("no winner")


def check_heavy(s) -> None:
    """Every token exactly once, peeks on the board, chance probabilities summing to 1."""
    ids = [t for r in s.rats for t in r] + s.supply + s.removed + s.revealed
    assert sorted(ids) == list(range(len(s.comp.tokens)))
    board = {t for r in s.rats for t in r}
    assert all(set(p) <= board for p in s.peeks)
    if s.current_player == rl.CHANCE:
        assert sum(p for _, p in s.chance_outcomes()) == Fraction(1)


def play_and_check(players: int, seed: int, heavy: bool) -> int:
    """Play one random game, checking the invariants after every action; returns the number of actions."""
    state = rl.load_game("rattus", players=players, seed=seed).new_state()
    rng = random.Random(seed)
    total_tokens = len(state.comp.tokens)
    steps = 0
    while True:
        rats = state.rats
        assert max(len(r) for r in rats) <= 3
        assert sum(len(r) for r in rats) + len(state.supply) + len(state.removed) + len(state.revealed) == total_tokens
        for p in range(players):
            on_board = sum(c[p] for c in state.cubes)
            assert on_board + state.castle[p] + state.reserve[p] == CUBES and state.reserve[p] >= 0
        if heavy:
            check_heavy(state)
        if state.is_terminal():
            break
        if state.current_player == rl.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            assert actions, state.step
            state.apply(actions[rng.randrange(len(actions))])
        steps += 1
        assert steps < 20_000, "the game did not end"
    data = state.to_json()
    assert all(not r["rats"] for r in data["regions"].values())
    assert state.ending in ("supply", "cubes")
    w = expected_winner(data)
    assert state.returns() == [1.0 if p == w else 0.0 for p in range(players)]
    assert state.scores() == [data["castle"][p] + sum(r["cubes"][p] for r in data["regions"].values())
                              for p in range(players)]
    return steps
