"""Exact odds checked against brute-force enumeration on small decks and against simulation of the engine."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab.core.odds import tolerance
from ratgames_lab.horlogerie import odds as O
from ratgames_lab.horlogerie.actions import DRAW, STOP, UseSpyglass

from .helpers import arrange, explore

ONE, ZERO = Fraction(1), Fraction(0)


# --------------------------------------------------------------------------------------------
# An independent brute force: one physical card at a time, no grouping, no memo, no scaling
# --------------------------------------------------------------------------------------------
def outcome(explorer: bool, kind: str, total: int, cards: int, low: int, hurt: int) -> tuple:
    """(cards, points, perfect, bust, wounds, success) of a finished phase."""
    if kind == "bust":
        return (1, low, 0, 1, 0, 0) if explorer else (0, 0, 0, 1, 0, 0)
    return (cards, total, int(kind == "perfect"), 0, hurt, 1)


def weigh(w: O.Objective, st: tuple) -> Fraction:
    return w.card * st[0] + w.point * st[1] + w.perfect * st[2] + w.wound * st[4]


def brute(deck: list[tuple[int, int]], discard: list[tuple[int, int]], target: int, w: O.Objective, explorer: bool,
          total=0, cards=0, low=0, hurt=0, top=None) -> tuple[Fraction, tuple]:
    """Expectimax over physical cards (value, wounds): the optimal value and the statistics of that policy."""
    if not deck and discard:
        deck, discard = discard, []
    stop = outcome(explorer, "stop", total, cards, low, hurt)
    if not deck:
        return weigh(w, stop), stop
    picks = [top] if top is not None else range(len(deck))
    acc = [ZERO] * 6
    for i in picks:
        v, h = deck[i]
        rest = deck[:i] + deck[i + 1:]
        t, c, lo, hu = total + v, cards + 1, (v if low == 0 else min(low, v)), hurt + h
        if t > target:
            st = outcome(explorer, "bust", t, c, lo, hu)
        elif t == target:
            st = outcome(explorer, "perfect", t, c, lo, hu)
        else:
            st = brute(rest, discard, target, w, explorer, t, c, lo, hu)[1]
        acc = [a + Fraction(x, len(picks)) for a, x in zip(acc, st)]
    draw = weigh(w, acc)
    if cards and weigh(w, stop) >= draw:
        return weigh(w, stop), stop
    return draw, tuple(acc)


def phase_of(deck, discard, target, explorer=True, top=None) -> O.Phase:
    kinds = sorted(set(deck) | set(discard))
    return O.Phase(values=tuple(v for v, _ in kinds), wounds=tuple(h for _, h in kinds),
                   deck=tuple(deck.count(k) for k in kinds), discard=tuple(discard.count(k) for k in kinds),
                   target=target, explorer=explorer, top=-1 if top is None else kinds.index(deck[top]))


SMALL = [
    ([(1, 0), (1, 0), (2, 0), (3, 0), (5, 0)], [], 4),
    ([(1, 0), (2, 0), (2, 0), (4, 0)], [(1, 0), (3, 0)], 6),      # the deck runs out: the discard is reshuffled
    ([(1, 0), (1, 0), (1, 0)], [], 6),                            # deck and discard run out: a forced stop
    ([(2, 0), (3, 0), (3, 0), (1, 0), (4, 0), (1, 0)], [], 5),
]
OBJECTIVES = [O.CARDS, O.POINTS, O.PERFECT, O.Objective(point=Fraction(2, 5), perfect=ONE)]


@pytest.mark.parametrize("deck,discard,target", SMALL)
@pytest.mark.parametrize("objective", OBJECTIVES)
def test_optimal_policy_matches_brute_force(deck, discard, target, objective):
    value, stats = brute(deck, discard, target, objective, True)
    sol = O.solve(phase_of(deck, discard, target), objective)
    assert sol.value == value and tuple(sol.stats) == stats


def test_danger_mirror_matches_brute_force():
    deck = [(1, 1), (1, 0), (2, 1), (3, 2), (4, 0), (5, 2), (2, 0)]  # (level, wounds if it matches the terrains)
    for target in (3, 5, 7):
        for objective in (O.WOUNDS, O.PERFECT, O.Objective(perfect=ONE, wound=Fraction(1, 4))):
            value, stats = brute(deck, [], target, objective, False)
            sol = O.solve(phase_of(deck, [], target, explorer=False), objective)
            assert sol.value == value and tuple(sol.stats) == stats
            assert sol.stats.wounds <= 4


def test_a_known_top_card_matches_brute_force():
    deck = [(1, 0), (2, 0), (2, 0), (4, 0), (5, 0)]
    for top in range(len(deck)):
        value, stats = brute(deck, [], 5, O.CARDS, True, top=top)
        sol = O.solve(phase_of(deck, [], 5, top=top), O.CARDS)
        assert sol.value == value and tuple(sol.stats) == stats


def by_orderings(deck: list[int], target: int, k: int, explorer: bool = True) -> tuple:
    """The statistics of 'draw while total < target - k' averaged over every ordering of the deck."""
    acc = [ZERO] * 6
    perms = list(itertools.permutations(deck))
    for order in perms:
        total = cards = low = 0
        kind = "stop"
        for v in order:
            total, cards, low = total + v, cards + 1, (v if low == 0 else min(low, v))
            if total > target:
                kind = "bust"
                break
            if total == target:
                kind = "perfect"
                break
            if total >= target - k:
                break
        st = outcome(explorer, kind, total, cards, low, 0)
        acc = [a + Fraction(x, len(perms)) for a, x in zip(acc, st)]
    return tuple(acc)


@pytest.mark.parametrize("k", [0, 1, 2, 3])
def test_threshold_policies_match_every_ordering_of_the_deck(k):
    deck = [1, 1, 2, 3, 3, 4, 5]
    kinds = sorted(set(deck))
    ph = O.Phase(values=tuple(kinds), deck=tuple(deck.count(v) for v in kinds), discard=(0,) * len(kinds), target=6)
    assert tuple(O.solve(ph, O.CARDS, k).stats) == by_orderings(deck, 6, k)


def test_next_card_odds_match_the_engine_chance_outcomes():
    s = arrange(2)
    explore(s, "S2", stop=False)
    ph = O.exploration_phase(s, 0)
    odds = O.next_card(ph)
    assert odds.under + odds.exact + odds.bust == 1
    s.apply(DRAW)
    ex = s.comp.exploration
    bust = sum(p for a, p in s.chance_outcomes() if 2 + ex.value[ex.index[a.card]] > 6)
    exact = sum(p for a, p in s.chance_outcomes() if 2 + ex.value[ex.index[a.card]] == 6)
    assert (odds.bust, odds.exact) == (bust, exact) == (Fraction(6, 53), Fraction(9, 53))


def test_the_optimal_policy_beats_every_threshold_on_its_objective():
    s = arrange(2)
    for target in (4, 6, 8, 10):
        ph = O.exploration_phase(s, target=target)
        for objective in (O.CARDS, O.PERFECT, O.turn_objective(s)):
            table = O.compare_thresholds(ph, objective)
            best = table["optimal"].value
            assert all(best >= table[k].value for k in range(6))


def test_the_perfect_objective_gives_the_highest_chance_of_a_perfect_draw():
    s = arrange(2)
    ph = O.exploration_phase(s, target=6)
    perfect = O.solve(ph, O.PERFECT).stats.perfect
    assert perfect >= O.solve(ph, O.CARDS).stats.perfect
    assert perfect == O.solve(ph, O.PERFECT, 0).stats.perfect  # drawing to the end is the best for a perfect draw


def simulate_exploration(state, objective, runs: int, seed: int) -> dict:
    """Play the Exploration phase in the engine with the DP's decisions; count the outcomes."""
    rng = random.Random(seed)
    counts = {"perfect": 0, "bust": 0, "cards": 0}
    for _ in range(runs):
        s = state.clone()
        while s.step == "explore" or s.current_player == rl.CHANCE and s.step == "explore_draw":
            if s.current_player == rl.CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                s.apply(DRAW if O.solve(O.exploration_phase(s, 0), objective).draw else STOP)
        counts["perfect"] += s.explore_result == "perfect"
        counts["bust"] += s.explore_result == "bust"
        counts["cards"] += 1 if s.explore_result == "bust" else len(s.exp_table)
    return {k: v / runs for k, v in counts.items()}


def test_the_optimal_policy_against_simulation_of_the_engine():
    s = arrange(2)
    sol = O.solve(O.exploration_phase(s, 0), O.CARDS)
    runs = 3000
    sim = simulate_exploration(s, O.CARDS, runs, seed=11)
    for key in ("perfect", "bust"):
        exact = float(getattr(sol.stats, key))
        assert abs(sim[key] - exact) < tolerance(exact, runs)
    assert abs(sim["cards"] - float(sol.stats.cards)) < 0.1


def test_expected_wounds_against_simulation_of_the_engine():
    s = arrange(2)
    explore(s, "S2", "R3")  # danger value 5, Swamp and River explored
    exact = O.expected_wounds(s, 1)
    rng = random.Random(3)
    runs, total = 2000, 0
    for _ in range(runs):
        t = s.clone()
        while t.step in ("danger", "danger_draw", "reward"):
            if t.current_player == rl.CHANCE or t.step == "reward":
                t.apply(t.sample_chance(rng) if t.current_player == rl.CHANCE else t.legal_actions()[0])
            else:
                t.apply(DRAW if O.solve(O.danger_phase(t, 1), O.WOUNDS).draw else STOP)
        if t.step == "wounds":
            total += t.wounds_left
    assert abs(total / runs - float(exact)) < 0.12
    assert Fraction(0) < exact < 4


def test_a_spyglass_look_is_used_by_its_owner_only():
    s = arrange(2, finds=[["M3"], []], step="explore", exp_table=["S2"])
    s.apply(UseSpyglass("M3", "exploration"))
    s.apply(next(a for a in s.legal_actions() if a.card == "S5"))
    mine = O.next_card(O.exploration_phase(s, 0))
    theirs = O.next_card(O.exploration_phase(s, 1))
    assert mine == O.NextCard(ZERO, ZERO, ONE) and theirs == O.NextCard(Fraction(38, 53), Fraction(9, 53),
                                                                          Fraction(6, 53))


def test_the_decision_table_accounts_for_every_way_the_phase_ends():
    s = arrange(2)
    ph = O.exploration_phase(s, target=7)
    for objective, k in ((O.CARDS, None), (O.PERFECT, None), (O.CARDS, 2)):
        table = O.decision_table(ph, objective, k)
        stats = O.solve(ph, objective, k).stats
        assert sum(stop for _, stop in table.values()) + stats.perfect + stats.bust == 1
        if k is not None:
            assert all((draw == 0) == (total >= 7 - k) for total, (draw, _) in table.items())
    small = phase_of([(1, 0), (1, 0), (2, 0), (3, 0), (5, 0)], [], 4)
    table = O.decision_table(small, O.CARDS)
    reach_one = Fraction(2, 5)  # the first card is a 1
    assert sum(table[1]) == reach_one


@pytest.mark.parametrize("deck,discard,target", SMALL)
def test_the_value_of_stopping_and_of_drawing_now(deck, discard, target):
    first = phase_of(deck, discard, target)
    advice = O.stop_or_draw(first, O.CARDS)
    assert advice.stop is None and advice.best == "draw" and advice.draw == O.solve(first, O.CARDS).value
    s = arrange(2)
    explore(s, "S2", "R1", stop=False)
    for objective in (O.CARDS, O.PERFECT, O.turn_objective(s)):
        ph = O.exploration_phase(s, 0)
        advice = O.stop_or_draw(ph, objective)
        sol = O.solve(ph, objective)
        assert max(advice.stop, advice.draw) == sol.value and (advice.best == "draw") == sol.draw


def test_a_seat_that_did_not_look_sees_the_top_card_as_one_deal_of_the_deck():
    s = arrange(3, finds=[["M3"], [], []], step="explore", exp_table=["S2"])
    s.apply(UseSpyglass("M3", "exploration"))
    s.apply(next(a for a in s.legal_actions() if a.card == "S5"))
    assert s.hidden_worlds(0).deals == ()  # the looker knows the top
    worlds = s.hidden_worlds(1)
    assert worlds.contains(s.world(worlds.slots))
    ex = s.comp.exploration
    top = worlds.marginal(("exploration", 0), key=lambda item: ex.value[item[1]])
    counts = {v: sum(ex.value[f] == v for f in s.exp_deck) for v in top}
    assert top == {v: Fraction(c, len(s.exp_deck)) for v, c in counts.items()}  # independent count of the deck
    nxt = O.next_card(O.exploration_phase(s, 1))  # the odds of the seat: the same model
    total, target = 2, s.exploration_value()
    assert nxt.bust == sum(p for v, p in top.items() if total + v > target)
    assert nxt.exact == sum(p for v, p in top.items() if total + v == target)
    rng = random.Random(3)
    tops = [s.determinize(1, rng) for _ in range(400)]
    assert all(worlds.contains(d.world(worlds.slots)) and d.exp_deck == s.exp_deck for d in tops)
    fives = sum(ex.value[d.exp_top] == 5 for d in tops) / len(tops)
    assert abs(fives - float(top[5])) < tolerance(float(top[5]), len(tops))
