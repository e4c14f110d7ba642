"""The knowledge model: perfect memory of public information (cards taken from the display stay known).

Every determinized world keeps the known cards where they are known to be, and the exact odds, which count the
same hidden worlds, agree with a simulation that draws worlds with ``determinize`` and lets every player still
to come play a random card of their (determinized) hand.
"""
from __future__ import annotations

import dataclasses
import random

import pytest

import ratgames_lab as rl
from ratgames_lab.core.odds import tolerance
from ratgames_lab.master_of_rules import odds
from ratgames_lab.master_of_rules.cards import RULES, SEATS
from ratgames_lab.master_of_rules.rules import judge_table


def _states_with_known_cards(players: int, seed: int, count: int):
    """Decision states of a seeded random game in which some player holds a card taken from the display."""
    state = rl.load_game("master_of_rules", players=players, seed=seed).new_state()
    rng = random.Random(seed)
    out = []
    while not state.is_terminal() and len(out) < count:
        if state.current_player >= 0:
            if any(state.known_numbers) or any(map(any, state.known_rules)):
                out.append(state.clone())
            action = rng.choice(state.legal_actions())
        else:
            action = state.sample_chance(rng)
        state.apply(action)
    return out[::3]


@pytest.mark.parametrize("players", [3, 4, 5])
def test_known_cards_stay_where_they_are_known_to_be_in_every_determinized_world(players):
    states = _states_with_known_cards(players, 20 + players, 60)
    assert states
    rng = random.Random(1)
    for state in states:
        for p in range(players):
            worlds = state.hidden_worlds(p)
            hidden = set(worlds.deals[0].items)
            for _ in range(3):
                copy = state.determinize(p, rng)
                for q in range(players):
                    assert set(state.known_numbers[q]) <= set(copy.hand_numbers[q])
                    assert all(k <= h for k, h in zip(state.known_rules[q], copy.hand_rules[q]))
                    if q != p:
                        assert not hidden & set(state.known_numbers[q])
                assert copy.hand_numbers[p] == state.hand_numbers[p] and copy.hand_rules[p] == state.hand_rules[p]
                assert copy.discard_numbers == state.discard_numbers and copy.display_numbers == state.display_numbers


def _pending_with_known_card(players: int, seed: int):
    """A play decision where a player still to play a Number card holds a card taken from the display."""
    state = rl.load_game("master_of_rules", players=players, seed=seed).new_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        p = state.current_player
        if p >= 0 and state.phase == "play" and state.table_numbers[p] is None:
            kn = odds.knowledge(state, p)
            if any(kn.known_numbers[s] for s in kn.number_slots if s < players) and kn.rule_slots:
                return state
        state.apply(state.sample_chance(rng) if p < 0 else rng.choice(state.legal_actions()))
    raise AssertionError("no such position in this game")


def _simulate_by_determinize(state, p: int, card: int, n: int, seed: int) -> dict[str, float]:
    """Worlds from determinize; every player still to come plays a random card of their hand; the engine judges."""
    rng = random.Random(seed)
    wins = dict.fromkeys(RULES, 0)
    players = state.players
    for _ in range(n):
        world = state.determinize(p, rng)
        deck = rng.sample(world.deck_numbers, len(world.deck_numbers))
        discards = rng.sample(world.discard_numbers, len(world.discard_numbers))
        numbers, rules = list(state.table_numbers), list(state.table_rules)
        numbers[p] = card
        for seat in range(SEATS):
            if seat == p or numbers[seat] is not None or not state.phase == "play":
                continue
            if seat >= players:
                numbers[seat] = deck.pop() if deck else discards.pop()
            elif world.hand_numbers[seat]:
                numbers[seat] = rng.choice(world.hand_numbers[seat])
        for q in range(players):
            if q != p and rules[q] is None and any(world.hand_rules[q]):
                rules[q] = rng.choice([t for t, k in enumerate(world.hand_rules[q]) for _ in range(k)])
        for t, name in enumerate(RULES):
            rules[p] = t
            wins[name] += judge_table(numbers, rules, players)[p][0]
    return {r: w / n for r, w in wins.items()}


@pytest.mark.parametrize("players,seed", [(3, 3), (4, 4), (5, 5)])
def test_exact_odds_with_known_cards_agree_with_a_simulation_from_determinize(players, seed):
    state = _pending_with_known_card(players, seed)
    p = state.current_player
    card = state.hand_numbers[p][0]
    exact = odds.rule_odds(state, p, card)
    n = 3000
    simulated = _simulate_by_determinize(state, p, card, n, seed)
    for rule, prob in exact.items():
        assert abs(simulated[rule] - float(prob)) <= tolerance(float(prob), n), (rule, prob, simulated[rule])
    # the test can tell the models apart: a forgetful player's odds (known cards back in the pool) are outside it
    kn = odds.knowledge(state, p)
    known = tuple(c for q in range(players) if q != p for c in state.known_numbers[q])
    forgetful = dataclasses.replace(kn, unseen_numbers=tuple(sorted(kn.unseen_numbers + known)), known_numbers=(),
                                    known_rules=(), hidden_numbers=(), hidden_rules=())
    wrong = odds.rule_odds_from(forgetful, card)
    assert any(abs(simulated[r] - float(wrong[r])) > tolerance(float(wrong[r]), n) for r in RULES)


def test_the_odds_sample_space_is_the_deal_of_hidden_worlds():
    for players, seed in [(3, 3), (4, 4), (5, 5)]:
        state = _pending_with_known_card(players, seed)
        p = state.current_player
        kn = odds.knowledge(state, p)
        numbers_deal, _ = state.hidden_worlds(p).deals
        assert sorted(kn.unseen_numbers) == sorted(numbers_deal.items)
        known = {c for q in range(players) if q != p for c in state.known_numbers[q]}
        assert known and not known & set(kn.unseen_numbers)
