"""Every probability and expected value stated in lessons 41 and 42, recomputed without odds.py.

The independent method: a plain recursion over the values of the cards left (no grouping by kind into a Phase,
no integer scaling, no reshuffle: these phases end long before the deck runs out), written from the rules as the
lessons state them: the first card is always drawn; a total above the value is a bust, after which the explorer
keeps only the lowest card drawn; exactly the value is a perfect draw; stopping keeps every card. Ties between
stopping and drawing stop.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from itertools import combinations

import ratgames_lab as rl

FULL = (18, 12, 9, 9, 6)  # the rulebook's 54 Exploration cards: how many 1s, 2s, 3s, 4s and 5s
ZERO = Fraction(0)


def play(deck: tuple, target: int, k: int | None = None, total: int = 0, low: int = 0, cards: int = 0):
    """(E[points kept], P(perfect), P(bust)) of the optimal policy (k None) or of 'draw while total < target - k'."""

    @lru_cache(maxsize=None)
    def node(deck, total, low, cards):
        stop = (Fraction(total), ZERO, ZERO)
        if cards and (total >= target - k if k is not None else False):
            return stop
        n = sum(deck)
        draw = [ZERO, ZERO, ZERO]
        for i, c in enumerate(deck):
            if not c:
                continue
            v, p = i + 1, Fraction(c, n)
            lo = v if not low else min(low, v)
            if total + v > target:
                res = (Fraction(lo), ZERO, Fraction(1))
            elif total + v == target:
                res = (Fraction(total + v), Fraction(1), ZERO)
            else:
                res = node(deck[:i] + (c - 1,) + deck[i + 1:], total + v, lo, cards + 1)
            draw = [a + p * b for a, b in zip(draw, res)]
        if cards and k is None and not draw[0] > stop[0]:
            return stop
        return tuple(draw)

    return node(deck, total, low, cards)


def reach_and_stop(deck: tuple, target: int, at: int) -> Fraction:
    """P(the optimal explorer reaches total ``at`` and stops there), by walking every sequence of cards."""
    out = ZERO

    def walk(deck, total, low, cards, p):
        nonlocal out
        if cards:
            if play(deck, target, None, total, low, cards) == (Fraction(total), ZERO, ZERO) and total < target:
                out += p if total == at else 0
                return
        n = sum(deck)
        for i, c in enumerate(deck):
            v = i + 1
            if c and total + v < target:
                walk(deck[:i] + (c - 1,) + deck[i + 1:], total + v, v if not low else min(low, v), cards + 1,
                     p * Fraction(c, n))

    walk(deck, 0, 0, 0, Fraction(1))
    return out


def pct(p) -> float:
    return round(float(p) * 100, 1)


def test_lesson_41_section_1_and_2_the_classroom_position():
    game, state = rl.load_position(rl.horlogerie.__path__[0] + "/positions/push_your_luck.json")
    value = state.comp.exploration.value
    deck = [value[f] for f in state.exp_deck]
    counts = tuple(deck.count(v) for v in range(1, 6))
    assert state.exploration_value() == 6 and sorted(value[f] for f in state.exp_table) == [1, 2]
    bust = Fraction(counts[3] + counts[4], len(deck))
    assert pct(bust) == 28.8  # "busts 29% of the time"
    stop, draw = 3, sum(Fraction(c, len(deck)) * (3 + v if 3 + v <= 6 else min(1, v))
                        for v, c in zip(range(1, 6), counts))
    assert round(float(draw - stop), 2) == 0.69
    after_1 = (counts[0] - 1,) + counts[1:]
    assert Fraction(sum(after_1[2:]), sum(after_1)) == Fraction(24, 51) == Fraction(8, 17)  # exercise 1
    draw_4 = sum(Fraction(c, 51) * (4 + v if 4 + v <= 6 else 1) for v, c in zip(range(1, 6), after_1))
    assert draw_4 == Fraction(170, 51) == Fraction(10, 3) and after_1[:2] == (16, 11)  # exercise 2
    assert pct(Fraction(24, 51)) == 47.1


def test_lesson_41_section_3_the_optimal_policy_and_thresholds():
    optimal = play(FULL, 6)
    assert round(float(optimal[0]), 3) == 4.413
    ks = {k: play(FULL, 6, k) for k in range(6)}
    best = max(ks, key=lambda k: ks[k][0])
    assert best == 2 and round(float(ks[2][0]), 3) == 4.309
    assert round(float(ks[0][2]) * 100) == 61
    assert ks[5][0] == sum(Fraction(c, 54) * v for v, c in zip(range(1, 6), FULL))  # one card kept
    assert Fraction(FULL[3], 54) == Fraction(9, 54) and pct(Fraction(9, 54)) == 16.7
    # at 4 the optimum draws after a single 4, stops after 1 + 3, 2 + 2 or 1 + 1 + 2
    assert play((18, 12, 9, 8, 6), 6, None, 4, 4, 1)[0] > 4
    assert play((17, 12, 8, 9, 6), 6, None, 4, 1, 2) == (4, 0, 0)
    nine = {k: play(FULL, 9, k) for k in range(6)}
    best9 = max(nine, key=lambda k: nine[k][0])
    opt9 = play(FULL, 9)[0]
    assert best9 == 3 and round(float(nine[3][0]), 3) == 6.796 and round(float(opt9), 3) == 6.821
    assert round(float(opt9 - nine[3][0]), 3) == 0.025


def test_lesson_41_best_threshold_grows_with_the_value():
    best = {}
    for value in range(4, 13):
        ks = {k: play(FULL, value, k)[0] for k in range(6)}
        best[value] = max(ks, key=ks.get)
    assert min(best.values()) == 1 and max(best.values()) == 3
    assert all(best[a] <= best[b] for a, b in zip(range(4, 12), range(5, 13)))


def test_lesson_41_sections_4_and_5():
    first = play(FULL, 6, 0)[2]  # the first group's rule, k = 0: its bust probability and band after 2000
    band = 2 * float(first * (1 - first) / 2000) ** 0.5
    assert round(band, 3) == 0.022
    game, state = rl.load_position(rl.horlogerie.__path__[0] + "/positions/danger_decision.json")
    levels = [state.comp.danger.level[f] for f in state.dan_deck]
    assert len(levels) == 53 and Fraction(sum(lv > 4 for lv in levels), 53) == Fraction(6, 53)


def test_lesson_42_other_decks():
    more_fives = (18, 12, 9, 9, 12)
    assert round(float(play(more_fives, 6)[0]), 3) == 4.381
    small = (24, 12, 9, 9, 0)
    shipped, smaller = play(FULL, 6), play(small, 6)
    assert pct(shipped[2]) == 21.0 and pct(smaller[2]) == 14.7
    assert pct(shipped[1]) == 18.9 and pct(smaller[1]) == 19.2
    assert round(float(shipped[0]), 3) == 4.413 and round(float(smaller[0]), 3) == 4.491
    assert pct(reach_and_stop(small, 6, 4)) == 31.8 and pct(reach_and_stop(FULL, 6, 4)) == 24.3
    # more 5s: from value 6 up fewer points; only values 4 and 5 gain (5 by 0.007); value 8 stops from 5
    gains = {v: play(more_fives, v)[0] - play(FULL, v)[0] for v in range(4, 13)}
    assert all(gains[v] < 0 for v in range(6, 13)) and gains[4] > Fraction(1, 10) and 0 < gains[5] < Fraction(1, 100)
    assert [round(float(play(d, v)[0]), 3) for d in (more_fives, FULL) for v in (4, 5)] == [3.262, 3.681, 3.147, 3.674]
    assert min(t for t in range(1, 8) if reach_and_stop(more_fives, 8, t)) == 5


def test_lesson_42_teams_and_a_played_deck():
    game = rl.load_game("horlogerie", players=4, seed=1)
    hg = game.components.horlogers
    cards = [e for e, n in zip(hg.exploration, hg.copies) for _ in range(n)]
    teams = [sum(t) for t in combinations(cards, 3)]
    assert round(sum(v == 6 for v in teams) / len(teams) * 100) == 44
    assert pct(Fraction(sum(v >= 6 for v in teams), len(teams))) == 72.2
    scout4 = [4 if e == 3 else e for e in cards]  # the Scout is the only profile exploring for 3
    teams4 = [sum(t) for t in combinations(scout4, 3)]
    assert pct(Fraction(sum(v >= 6 for v in teams4), len(teams4))) == 72.9
    _, state = rl.load_position(rl.horlogerie.__path__[0] + "/positions/push_your_luck.json")
    value = state.comp.exploration.value
    deck = [value[f] for f in state.exp_deck]
    counts = tuple(deck.count(v) for v in range(1, 6))
    edge = lambda d: play(d, 6, None, 3, 1, 2)[0] - 3  # noqa: E731  (draw, then play on well, against stopping)
    assert round(float(edge(counts)), 2) == 0.69 and round(float(edge((0,) + counts[1:])), 2) == 0.54
    no_threes = counts[:2] + (0,) + counts[3:]
    assert play(no_threes, 6, None, 3, 1, 2)[0] == Fraction(138, 43)
    assert Fraction(no_threes[3] + no_threes[4], sum(no_threes)) == Fraction(15, 43)


def decisions(deck: tuple, target: int) -> dict[tuple, bool]:
    """For every sequence of cards the explorer can hold below the target: does the optimal policy draw?"""
    out: dict[tuple, bool] = {}

    def walk(deck, seq):
        total = sum(seq)
        if seq:
            draw = play(deck, target, None, total, min(seq), len(seq)) != (Fraction(total), ZERO, ZERO)
            out[seq] = draw
            if not draw:
                return
        for i, c in enumerate(deck):
            if c and total + i + 1 < target:
                walk(deck[:i] + (c - 1,) + deck[i + 1:], seq + (i + 1,))

    walk(deck, ())
    return out


def test_lesson_41_how_the_optimal_policy_reads_a_total_of_4():
    policy = decisions(FULL, 6)
    assert all(draw for seq, draw in policy.items() if sum(seq) <= 3)  # 1, 2 or 3: always draw
    assert not any(draw for seq, draw in policy.items() if sum(seq) == 5)  # 5: always stop
    assert {seq for seq, draw in policy.items() if sum(seq) == 4 and draw} == {(4,)}  # only after a single 4
    assert {(1, 3), (3, 1), (2, 2), (1, 1, 2)} <= {seq for seq, draw in policy.items() if not draw}


def test_lesson_41_where_each_team_first_stops():
    below = {}
    for value in range(4, 13):
        policy = decisions(FULL, value)
        below[value] = value - min(sum(seq) for seq, draw in policy.items() if not draw)
    assert all(below[v] in (1, 2) for v in range(4, 9)) and all(below[v] == 3 for v in range(9, 13))


def test_lesson_42_small_cards_and_a_played_deck_still_stop_at_4_or_5_and_draw_at_3():
    small = (24, 12, 9, 9, 0)
    assert {sum(seq) for seq, draw in decisions(small, 6).items() if not draw} == {4, 5}
    _, state = rl.load_position(rl.horlogerie.__path__[0] + "/positions/push_your_luck.json")
    value = state.comp.exploration.value
    deck = [value[f] for f in state.exp_deck]
    counts = tuple(deck.count(v) for v in range(1, 6))
    for gone in (0, 4, 8, 12, 17):  # "drawing stays better even with every 1 gone"
        assert play((counts[0] - gone,) + counts[1:], 6, None, 3, 1, 2)[0] > 3


def points_law(deck: tuple, target: int, k: int | None) -> dict[int, Fraction]:
    """The law of the points kept, sequence by sequence, under 'draw while total < target - k' or the optimum."""
    law: dict[int, Fraction] = {}
    policy = decisions(deck, target) if k is None else None

    def walk(deck, seq, p):
        total = sum(seq)
        stop = seq and (not policy[seq] if k is None else total >= target - k)
        if stop:
            law[total] = law.get(total, ZERO) + p
            return
        n = sum(deck)
        for i, c in enumerate(deck):
            if not c:
                continue
            v, q = i + 1, p * Fraction(c, n)
            if total + v >= target:
                kept = total + v if total + v == target else min(seq + (v,))
                law[kept] = law.get(kept, ZERO) + q
            else:
                walk(deck[:i] + (c - 1,) + deck[i + 1:], seq + (v,), q)

    walk(deck, (), Fraction(1))
    return law


def test_lesson_41_same_mean_different_risk():
    rows = {}
    for name, k in (("k1", 1), ("k2", 2), ("optimal", None)):
        law = points_law(FULL, 6, k)
        mean = sum(v * p for v, p in law.items())
        sd = float(sum((v - mean) ** 2 * p for v, p in law.items())) ** 0.5
        rows[name] = (round(float(mean), 3), round(sd, 2), pct(sum(p for v, p in law.items() if v <= 2)))
    assert rows == {"k1": (4.287, 1.73, 20.2), "k2": (4.309, 1.24, 9.1), "optimal": (4.413, 1.31, 9.1)}
