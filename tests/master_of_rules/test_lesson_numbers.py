"""Every probability the Master of Rules lessons (notebooks 11, 12, 13) state, recomputed independently.

The lessons compute with ``odds.py`` (and small counts of their own); these tests recompute each number from the
hidden worlds of ``core.worlds`` (the exact joint distribution of the hidden slots) and the engine's referee
``judge_table``, or by plain combinatorics, without ``odds.py``. The lessons' model: a player whose card is still
to come plays a random card of their hand; in these positions no such player holds a known card, so their card
is the card of one of their hidden slots, and a dummy's card is the card of a deck slot.
"""
from __future__ import annotations

import functools
import itertools
import math
from fractions import Fraction
from itertools import combinations

import pytest

from ratgames_lab.core.odds import hypergeom_pmf
from ratgames_lab.master_of_rules import odds, scenarios
from ratgames_lab.master_of_rules.cards import CARD_BY_CODE, RULE_BY_ID, RULES, value
from ratgames_lab.master_of_rules.rules import judge_table, score_kept, state_from_json

C = CARD_BY_CODE


def RULE_ONLY(item):
    """Rule cards by id, every Number card in one class (a question about Rule slots needs no Number classes)."""
    return item if isinstance(item, str) else "number"


def position(name: str):
    return state_from_json(scenarios.build(name)["position"])


def by_worlds(state, player: int, number_slots: dict, rule_slots: dict, card: int) -> dict[str, Fraction]:
    """P(player's rule is fulfilled) for each rule, over the exact joint distribution of the named hidden slots:
    ``number_slots`` {seat: hidden slot of the Number card it plays}, ``rule_slots`` likewise for Rule cards."""
    seats_n, seats_r = list(number_slots), list(rule_slots)
    out = dict.fromkeys(RULES, Fraction(0))
    for outcome, p in _joint(state, player, [number_slots[s] for s in seats_n], [rule_slots[s] for s in seats_r]):
        numbers, rules = list(state.table_numbers), list(state.table_rules)
        numbers[player] = card
        for seat, c in zip(seats_n, outcome):
            numbers[seat] = c
        for seat, r in zip(seats_r, outcome[len(seats_n):]):
            rules[seat] = RULE_BY_ID[r]
        for t, name in enumerate(RULES):
            rules[player] = t
            if judge_table(numbers, rules, state.players)[player][0]:
                out[name] += p
    return out


def _joint(state, player: int, number_slots: list, rule_slots: list):
    """(outcome, chance) over Number slots then Rule slots: the two deals are independent (the Number deal uses
    every item, so nothing passes on to the Rule deal), so the joint law is the product of the two."""
    worlds = state.hidden_worlds(player)
    assert worlds.deals[0].slots and len(worlds.deals[0].slots) == len(worlds.deals[0].items)
    numbers = worlds.distribution(number_slots).items() if number_slots else [((), Fraction(1))]
    rules = list(worlds.distribution(rule_slots, RULE_ONLY).items()) if rule_slots else [((), Fraction(1))]
    return [(n + r, p * q) for n, p in numbers for r, q in rules]


# -- notebook 11 ------------------------------------------------------------------------------------------------
def test_lesson_11_limit_23_odds_from_the_worlds_of_what_player_1_knows():
    state = position("limit_23_two_to_come")
    worlds = state.hidden_worlds(0)
    assert len(worlds.deals[0].items) == 34 and math.comb(34, 2) == 561  # the red 1 is known to be Player 2's
    assert C["R1"] in state.known_numbers[1] and C["R1"] not in worlds.deals[0].items
    slots = {2: ("hand", 2, 0), 3: ("hand", 3, 0)}
    y1 = by_worlds(state, 0, slots, {}, C["Y1"])
    assert y1 == {"limit_23": Fraction(421, 561), "best_of_the_best": Fraction(49, 561),
                  "only_one": Fraction(92, 187), "trio": Fraction(23, 187), "support_right": Fraction(541, 1122)}
    assert by_worlds(state, 0, slots, {}, C["P7"])["limit_23"] == Fraction(3, 17)
    assert by_worlds(state, 0, slots, {}, C["R9"])["limit_23"] == Fraction(12, 187)
    assert Fraction(3 + 3 * 4 + 3 * 5 + 6, 561) == Fraction(12, 187)  # the hand count of the lesson
    for code, p in y1.items():
        assert odds.rule_odds(state, 0, "Y1")[code] == p


def test_lesson_11_exercise_1_the_forgetful_player_counts_35_cards():
    state = position("limit_23_two_to_come")
    space = [c for c in range(45) if c not in state.hand_numbers[0] and c not in state.display_numbers
             and c not in state.table_numbers]
    assert len(space) == 35
    pairs = list(combinations(space, 2))
    good = sum(1 for a, b in pairs if 4 + 6 + 1 + value(a) + value(b) <= 23)
    assert (good, len(pairs)) == (455, 595) and Fraction(good, len(pairs)) == Fraction(13, 17)


def test_lesson_11_without_and_with_replacement():
    hyper = {k: Fraction(math.comb(9, k) * math.comb(36, 4 - k), math.comb(45, 4)) for k in range(5)}
    assert hyper == {0: Fraction(17, 43), 1: Fraction(204, 473), 2: Fraction(72, 473), 3: Fraction(48, 2365),
                     4: Fraction(2, 2365)}
    assert hyper[4] == hypergeom_pmf(4, 45, 9, 4)
    binom = {k: math.comb(4, k) * Fraction(1, 5) ** k * Fraction(4, 5) ** (4 - k) for k in range(5)}
    assert binom == {0: Fraction(256, 625), 1: Fraction(256, 625), 2: Fraction(96, 625), 3: Fraction(16, 625),
                     4: Fraction(1, 625)}
    assert 1 - Fraction(math.comb(40, 4), math.comb(45, 4)) == Fraction(11521, 29799)
    assert 1 - Fraction(40, 45) ** 4 == Fraction(2465, 6561)
    p = 421 / 561
    assert math.ceil(4 * p * (1 - p) / 0.01 ** 2) == 7492


# -- notebook 12 ------------------------------------------------------------------------------------------------
def test_lesson_12_support_right_chain_from_the_worlds():
    state = position("support_right_bet")
    worlds = state.hidden_worlds(0)
    assert len(worlds.deals[0].items) == 33 and len(worlds.deals[1].items) == 51  # G1, P7 and an SR were taken
    exact = by_worlds(state, 0, {2: ("hand", 2, 0)}, {3: ("hand_rule", 3, 0)}, C["R3"])
    assert exact["support_right"] == Fraction(191, 561)
    assert exact["limit_23"] == Fraction(6, 11) and exact["only_one"] == 0
    assert odds.rule_odds(state, 0)["support_right"] == Fraction(191, 561)


def test_lesson_12_exercise_1_trio_and_support_right_blocked():
    state = position("support_right_bet")
    allowed = total = Fraction(0)
    for (c3, r4), p in _joint(state, 0, [("hand", 2, 0)], [("hand_rule", 3, 0)]):
        if r4 in ("trio", "support_right"):
            continue
        numbers, rules = list(state.table_numbers), list(state.table_rules)
        numbers[2], rules[3], rules[0] = c3, RULE_BY_ID[r4], RULE_BY_ID["support_right"]
        total += p
        allowed += p * judge_table(numbers, rules, 4)[0][0]
    assert allowed / total == Fraction(151, 341)


def test_lesson_12_bayes_what_a_limit_23_tells_about_player_4s_hand():
    state = position("support_right_bet")
    slots = [("hand_rule", 3, i) for i in range(3)]
    dist = state.hidden_worlds(0).distribution(slots, RULE_ONLY)
    prior = sum((p for hand, p in dist.items() if "only_one" in hand), Fraction(0))
    assert prior == Fraction(2033, 4165)
    plays_l23 = sum((p * Fraction(hand.count("limit_23"), 3) for hand in dist for p in [dist[hand]]), Fraction(0))
    assert plays_l23 == Fraction(10, 51)
    joint = sum((p * Fraction(hand.count("limit_23"), 3) for hand, p in dist.items() if "only_one" in hand),
                Fraction(0))
    assert joint / plays_l23 == Fraction(89, 245)
    plays_oo = sum((p * Fraction(hand.count("only_one"), 3) for hand, p in dist.items()), Fraction(0))
    another = sum((p * Fraction(hand.count("only_one"), 3) for hand, p in dist.items()
                   if hand.count("only_one") >= 2), Fraction(0))
    assert another / plays_oo == Fraction(81, 245)


def _set_bonus_points():
    """Player 4's points for each (card, rule, dummy card) of the set-bonus position, judged by the engine."""
    state = position("set_bonus_choice")
    dummy = state.hidden_worlds(3).marginal(("deck", 0))
    assert len(dummy) == 17 and set(dummy.values()) == {Fraction(1, 17)}
    rules = [t for t, n in enumerate(state.hand_rules[3]) if n]

    def points(card, t, d):
        numbers = list(state.table_numbers)
        numbers[3], numbers[4] = card, d
        table_rules = [None] * 5
        table_rules[3] = t
        if not judge_table(numbers, table_rules, 4)[3][0]:
            return 0
        after = list(state.kept[3])
        after[t] += 1
        return score_kept(after) - score_kept(state.kept[3])

    return state, list(dummy), state.hand_numbers[3], rules, points


def test_lesson_12_expected_points_and_spread():
    state, dummies, numbers, rules, points = _set_bonus_points()
    avg = lambda f: sum((Fraction(f(d)) for d in dummies), Fraction(0)) / len(dummies)  # noqa: E731
    expected = {(c, RULES[t]): avg(lambda d: points(c, t, d)) for c in numbers for t in rules}
    for play in odds.play_odds(state, 3):
        assert play.expected_points == expected[(play.card, play.rule)]
    assert expected[(C["B8"], "trio")] == Fraction(15, 17) and expected[(C["G1"], "limit_23")] == Fraction(13, 17)
    assert expected[(C["G1"], "only_one")] == Fraction(12, 17)
    six = {k for k, v in expected.items() if v == Fraction(6, 17)}
    assert six == {(C["P4"], "limit_23"), (C["G1"], "trio"), (C["P4"], "trio")}
    variance = lambda k: avg(lambda d: points(k[0], RULES.index(k[1]), d) ** 2) - expected[k] ** 2  # noqa: E731
    assert round(math.sqrt(variance((C["B8"], "trio"))), 2) == 1.37
    assert round(math.sqrt(variance((C["G1"], "limit_23"))), 2) == 0.42
    assert round(math.sqrt(variance((C["P4"], "trio"))), 2) == 0.97
    assert round(math.sqrt(variance((C["P4"], "limit_23"))), 2) == 0.48


def test_lesson_12_value_of_information_both_orders():
    _, dummies, numbers, rules, points = _set_bonus_points()
    avg = lambda f: sum((Fraction(f(d)) for d in dummies), Fraction(0)) / len(dummies)  # noqa: E731
    assert max(avg(lambda d: points(c, t, d)) for c in numbers for t in rules) == Fraction(15, 17)
    number_first = {c: avg(lambda d: max(points(c, t, d) for t in rules)) for c in numbers}
    rule_first = {RULES[t]: avg(lambda d: max(points(c, t, d) for c in numbers)) for t in rules}
    assert number_first[C["G1"]] == Fraction(20, 17) == max(number_first.values())  # if nobody blocked
    assert rule_first == {"limit_23": Fraction(13, 17), "only_one": Fraction(15, 17), "trio": Fraction(18, 17)}
    assert avg(lambda d: max(points(c, t, d) for c in numbers for t in rules)) == Fraction(29, 17)


@functools.lru_cache(maxsize=None)
def _ordered_hands(items: tuple) -> dict:
    """{a 3-card hand (sorted): P}, the cards dealt one by one from a pool (sorted (rule id, count) pairs)."""
    pool, out = dict(items), {}
    for hand in itertools.product(RULES, repeat=3):
        left, p = dict(pool), Fraction(1)
        for r in hand:
            p *= Fraction(left[r], sum(left.values()))
            left[r] -= 1
            if not p:
                break
        if p:
            out[tuple(sorted(hand))] = out.get(tuple(sorted(hand)), Fraction(0)) + p
    return out


def _ordered_plays(pool: dict, seats: int, played: frozenset = frozenset()) -> dict:
    """{types played by `seats` players in turn: P} (see _plays)."""
    return _plays(tuple(sorted(pool.items())), seats, played)


@functools.lru_cache(maxsize=None)
def _plays(items: tuple, seats: int, played: frozenset) -> dict:
    """{types played by `seats` players in turn: P}; each is dealt 3 cards one by one from `pool` (counts by
    rule id) and plays a random allowed card (any card if every card of the hand is of a type already played)."""
    pool = dict(items)
    if seats == 0:
        return {played: Fraction(1)}
    out: dict = {}
    for hand, p in _ordered_hands(items).items():
        left = {r: n - hand.count(r) for r, n in pool.items()}
        allowed = [r for r in hand if r not in played] or list(hand)
        for r in allowed:
            for later, q in _ordered_plays(left, seats - 1, played | {r}).items():
                out[later] = out.get(later, Fraction(0)) + p * q / len(allowed)
    return out


def test_lesson_12_number_first_with_the_others_rule_cards_blocking():
    """Players 1-3 play their second-round Rule cards before Player 4: a type they play is blocked."""
    state = position("set_bonus_choice")
    _, dummies, numbers, rules, points = _set_bonus_points()
    pool = {r: 0 for r in RULES}
    for r in state.hidden_worlds(3).deals[1].items:
        pool[r] += 1
    assert sum(pool.values()) == 36
    played = _ordered_plays(pool, 3)
    blocked = {r: sum((p for s, p in played.items() if r in s), Fraction(0)) for r in ("limit_23", "only_one", "trio")}
    assert [round(float(blocked[r]), 3) for r in ("limit_23", "only_one", "trio")] == [0.457, 0.64, 0.525]

    judged = {(c, t, d): points(c, t, d) for c in numbers for t in rules for d in dummies}

    def value(c):
        total = Fraction(0)
        for d in dummies:
            for s, p in played.items():
                allowed = [t for t in rules if RULES[t] not in s] or rules
                total += p * max(judged[c, t, d] for t in allowed)
        return total / len(dummies)

    assert value(C["G1"]) == Fraction(66812303, 82781160)
    assert value(C["P4"]) == Fraction(149441687, 248343480)
    assert max(value(c) for c in numbers) < Fraction(18, 17)  # Trio first (no block possible) is the best order


def test_lesson_12_exercise_1_under_hand_based_play():
    """Player 4 plays a random allowed card of a 3-card hand (Trio and Support Right blocked): 19633/45815 (the
    engine, with Player 2's Rule card blocking too, is checked in tests/notebooks/test_lesson_conclusions_engine)."""
    state = position("support_right_bet")
    fulfilled = dict.fromkeys(RULES, Fraction(0))  # P(Player 4's rule is fulfilled), over Player 3's Number card
    for c3, p in state.hidden_worlds(0).marginal(("hand", 2, 0)).items():
        numbers, rules = list(state.table_numbers), list(state.table_rules)
        numbers[0], numbers[2] = C["R3"], c3
        for r in RULES:
            rules[3] = RULE_BY_ID[r]
            fulfilled[r] += p * judge_table(numbers, rules, 4)[3][0]
    pool = {r: 0 for r in RULES}
    for r in state.hidden_worlds(0).deals[1].items:
        pool[r] += 1
    p4 = Fraction(0)
    for hand, p in _ordered_hands(tuple(sorted(pool.items()))).items():
        allowed = [r for r in hand if r not in ("trio", "support_right")] or list(hand)
        p4 += p * sum(fulfilled[r] for r in allowed) / len(allowed)
    assert p4 == Fraction(19633, 45815)


# -- notebook 13 ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("swap,expected", [
    (None, {"Y9": Fraction(9, 26), "P8": Fraction(19, 78), "B6": Fraction(17, 78), "G5": Fraction(0)}),
    (("G5", "G9"), {"G9": Fraction(1)}),
    (("P8", "B9"), {"B9": Fraction(19, 78)}),
])
def test_lesson_13_best_of_the_best_odds_after_editing_the_hand(swap, expected):
    data = scenarios.build("what_if_final")["position"]
    if swap:
        out, into = swap
        hand, deck = data["hands"][0]["numbers"], data["decks"]["numbers"]
        hand[hand.index(out)], deck[deck.index(into)] = into, out
    state = state_from_json(data)
    assert len(state.hidden_worlds(0).deals[0].items) == 13 and math.comb(13, 2) == 78
    for code, p in expected.items():
        exact = by_worlds(state, 0, {2: ("hand", 2, 0), 3: ("hand", 3, 0)}, {}, C[code])
        assert exact["best_of_the_best"] == p, code


def test_issue_13_the_forgetful_model_gave_the_old_numbers():
    """The numbers the lessons printed before the knowledge model, recomputed with the display takes forgotten."""
    state = position("support_right_bet")
    forgotten = [C["G1"], C["P7"]]  # taken from the display by Players 2 and 4
    pool = [c for c in state.hidden_worlds(0).deals[0].items] + forgotten
    rules = [RULE_BY_ID[r] for r in state.hidden_worlds(0).deals[1].items] + [RULE_BY_ID["support_right"]]
    assert len(pool) == 35 and len(rules) == 52

    def p_sr(allowed):
        hits = total = 0
        for c3 in pool:
            for r4 in rules:
                if r4 not in allowed:
                    continue
                numbers, table_rules = list(state.table_numbers), list(state.table_rules)
                numbers[2], table_rules[3], table_rules[0] = c3, r4, RULE_BY_ID["support_right"]
                total += 1
                hits += judge_table(numbers, table_rules, 4)[0][0]
        return Fraction(hits, total)

    every = set(range(len(RULES)))
    assert p_sr(every) == Fraction(87, 260)
    assert p_sr(every - {RULE_BY_ID["trio"]}) == Fraction(183, 490)
    assert p_sr(every - {RULE_BY_ID["trio"], RULE_BY_ID["support_right"]}) == Fraction(69, 155)
