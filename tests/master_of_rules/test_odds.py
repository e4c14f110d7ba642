"""Exact Master of Rules odds against brute-force enumeration (engine judging) and against simulation."""
from fractions import Fraction
from itertools import permutations
import random

import pytest

import ratgames_lab as rl
from ratgames_lab.core.odds import tolerance
from ratgames_lab.master_of_rules import odds
from ratgames_lab.master_of_rules.cards import CARD_BY_CODE, RULES, RULE_BY_ID
from ratgames_lab.master_of_rules.rules import judge_table


def brute_force(kn: odds.Knowledge, mine: int) -> dict[str, Fraction]:
    """Every ordered deal of the unseen cards to the open seats, every ordered draw of unseen rule cards."""
    rule_pool = [t for t, n in enumerate(kn.unseen_rules) for _ in range(n)]
    wins = {r: 0 for r in RULES}
    total = 0
    for deal in permutations(kn.unseen_numbers, len(kn.number_slots)):
        for rules_drawn in permutations(rule_pool, len(kn.rule_slots)):
            total += 1
            for t, name in enumerate(RULES):
                numbers = list(kn.table_numbers)
                rules = list(kn.table_rules)
                numbers[kn.player], rules[kn.player] = mine, t
                for seat, c in zip(kn.number_slots, deal):
                    numbers[seat] = c
                for seat, r in zip(kn.rule_slots, rules_drawn):
                    rules[seat] = r
                wins[name] += judge_table(numbers, rules, kn.players)[kn.player][0]
    return {r: Fraction(w, total) for r, w in wins.items()}


def cards(*codes):
    return tuple(CARD_BY_CODE[c] for c in codes)


def rules_count(**counts):
    return tuple(counts.get(r, 0) for r in RULES)


SMALL_CASES = [
    # 5 players, player 0; seats 3 and 4 have played, seats 1 and 2 still to come (numbers and rules).
    odds.Knowledge(5, 0, (None, None, None, CARD_BY_CODE["R5"], CARD_BY_CODE["B9"]),
                   (None, None, None, RULE_BY_ID["support_right"], RULE_BY_ID["only_one"]),
                   cards("R2"), rules_count(trio=1), (1, 2), (1, 2),
                   cards("R1", "R7", "B3", "Y3", "G8", "P2", "Y9"), rules_count(trio=2, support_right=2, only_one=1)),
    # 4 players + Dummy-1 (seat 4) still to draw; chain 0 <- 3 (unknown rule) <- 2 (Best of the Best, known card).
    odds.Knowledge(4, 0, (None, CARD_BY_CODE["G4"], CARD_BY_CODE["G6"], None, None),
                   (None, RULE_BY_ID["trio"], RULE_BY_ID["best_of_the_best"], None, None),
                   cards("G9"), rules_count(limit_23=1), (3, 4), (3,),
                   cards("G1", "G2", "P6", "Y6", "B6", "R3"), rules_count(support_right=3, limit_23=2, only_one=1)),
    # 3 players: everyone else plays Support Right -> the 'all Support Right' case has positive probability.
    odds.Knowledge(3, 1, (CARD_BY_CODE["Y1"], None, None, CARD_BY_CODE["Y2"], None),
                   (None, None, RULE_BY_ID["support_right"], RULE_BY_ID["trio"], None),
                   cards("Y3"), rules_count(), (2, 4), (0,),
                   cards("Y4", "Y5", "B1", "P8", "G7"), rules_count(support_right=2, best_of_the_best=2)),
]


@pytest.mark.parametrize("kn", SMALL_CASES)
def test_exact_odds_equal_brute_force_enumeration(kn):
    for mine in kn.candidate_cards():
        assert odds.rule_odds_from(kn, mine) == brute_force(kn, mine)


def test_every_rule_has_a_probability_between_0_and_1_and_some_are_strict():
    values = [v for kn in SMALL_CASES for m in kn.candidate_cards() for v in odds.rule_odds_from(kn, m).values()]
    assert all(0 <= v <= 1 for v in values)
    assert any(0 < v < 1 for v in values)


def _late_state(players, seed, remaining):
    """Play random moves until only ``remaining`` Number cards are still to come this transaction."""
    game = rl.load_game("master_of_rules", players=players, seed=seed)
    state = game.new_state()
    rng = random.Random(seed)
    while True:
        if state.current_player >= 0 and state.phase == "play":
            kn = odds.knowledge(state, state.current_player)
            if len(kn.number_slots) == remaining and state.table_numbers[state.current_player] is None:
                return state
        state.apply(state.sample_chance(rng) if state.current_player < 0 else rng.choice(state.legal_actions()))


@pytest.mark.parametrize("players,seed", [(3, 1), (4, 2), (5, 3)])
def test_exact_odds_on_real_positions_equal_brute_force(players, seed):
    state = _late_state(players, seed, remaining=1)
    p = state.current_player
    kn = odds.knowledge(state, p)
    assert kn.unseen_numbers and not set(kn.unseen_numbers) & set(state.hand_numbers[p])
    for card in state.hand_numbers[p][:2]:
        assert odds.rule_odds(state, p, card) == brute_force(kn, card)


def test_exact_odds_agree_with_simulation_by_the_engine():
    state = _late_state(5, 7, remaining=3)
    p = state.current_player
    card = state.hand_numbers[p][0]
    exact = odds.rule_odds(state, p, card)
    n = 4000
    simulated = odds.simulate_rule_odds(state, p, card, n=n, seed=5)
    for rule, prob in exact.items():
        assert abs(simulated[rule] - float(prob)) <= tolerance(float(prob), n), rule


def test_knowledge_never_uses_hidden_cards():
    state = _late_state(4, 11, remaining=3)
    p = state.current_player
    other = (p + 1) % 4
    twin = state.determinize(p, random.Random(99))
    assert twin.hand_numbers[p] == state.hand_numbers[p]
    assert odds.knowledge(twin, p) == odds.knowledge(state, p)
    assert twin.hand_numbers[other] != state.hand_numbers[other] or twin.deck_numbers != state.deck_numbers


def test_card_must_be_in_hand():
    state = rl.load_game("master_of_rules", players=3, seed=1).new_state()
    p = state.current_player
    foreign = next(c for c in range(45) if c not in state.hand_numbers[p])
    with pytest.raises(ValueError):
        odds.rule_odds(state, p, foreign)


def test_play_odds_rank_by_expected_points_and_count_bonuses():
    state = _late_state(3, 4, remaining=2)
    p = state.current_player
    plays = odds.play_odds(state, p)
    held = [t for t, n in enumerate(state.hand_rules[p]) if n]
    assert len(plays) == len(state.hand_numbers[p]) * len(held)
    assert [x.expected_points for x in plays] == sorted((x.expected_points for x in plays), reverse=True)
    assert odds.marginal_points([2, 0, 0, 0, 0], 0) == 3  # third Limit 23: 1 + set bonus 2
    assert odds.marginal_points([0, 0, 0, 0, 2], 4) == 1  # Support Right gives no set bonus
    assert odds.marginal_points([1, 1, 1, 1, 0], 4) == 3  # fifth type: 1 + all-five bonus 2
