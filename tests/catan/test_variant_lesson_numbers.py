"""Every number lessons 53 and 54 (the combined variant's dice, the barbarians) state, recomputed without
``catan.variant_odds``.

The event die is the list of its six faces; one roll is enumerated over the 6 x 6 x 6 dice outcomes; sequences of
rolls go through an exact dynamic program over those outcomes (or plain enumeration of ship / gate sequences);
the barbarian ship's mean and variance come from a first-step analysis; the defence from enumerating which
knights are active. The lesson's seeded simulation is replayed and must stay inside its ±2 SE bands.
"""
from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab.catan.actions import Roll
from ratgames_lab.core.protocol import CHANCE

EVENT_DIE = ("ship", "ship", "ship", "trade", "politics", "science")
TRACKS = ("trade", "politics", "science")
THREE_DICE = list(itertools.product(range(1, 7), range(1, 7), EVENT_DIE))
HALF = Fraction(1, 2)


def chance(event) -> Fraction:
    """P(event) over the 216 equally likely (red, yellow, event face) outcomes."""
    return Fraction(sum(1 for o in THREE_DICE if event(*o)), len(THREE_DICE))


def card_track(levels: dict[str, int], red: int, face: str) -> str | None:
    """The colour of the card the player draws on this roll, if any (the rule as catan.md Part 2 states it)."""
    if face == "ship":
        return None
    level = levels.get(face, 0)
    return face if level >= 1 and red <= level + 1 else None


def card_law(levels: dict[str, int]) -> Fraction:
    """P(one roll gives the player a card), over the 216 outcomes."""
    return chance(lambda red, yellow, face: card_track(levels, red, face) is not None)


def cards_over(levels: dict[str, int], rolls: int) -> dict[int, Fraction]:
    """{cards drawn: P} over ``rolls`` rolls, by a dynamic program over the 216 outcomes of each roll."""
    law = {0: Fraction(1)}
    for _ in range(rolls):
        nxt: dict[int, Fraction] = {}
        for cards, p in law.items():
            for red, _, face in THREE_DICE:
                got = cards + (card_track(levels, red, face) is not None)
                nxt[got] = nxt.get(got, Fraction(0)) + p / 216
        law = nxt
    return law


def ship_steps(rolls: int) -> dict[int, Fraction]:
    """{ship faces among ``rolls`` rolls: P}, by a dynamic program over the event die's six faces."""
    law = {0: Fraction(1)}
    for _ in range(rolls):
        nxt: dict[int, Fraction] = {}
        for steps, p in law.items():
            for face in EVENT_DIE:
                nxt[steps + (face == "ship")] = nxt.get(steps + (face == "ship"), Fraction(0)) + p / 6
        law = nxt
    return law


def attack_within(steps_left: int, rolls: int) -> Fraction:
    return sum((p for steps, p in ship_steps(rolls).items() if steps >= steps_left), Fraction(0))


def attack_on(steps_left: int, roll: int) -> Fraction:
    return attack_within(steps_left, roll) - attack_within(steps_left, roll - 1) if roll else Fraction(0)


# -- 1. the event die ------------------------------------------------------------------------------------------
def test_event_die_and_its_joint_law_with_the_red_die():
    assert len(THREE_DICE) == 216
    assert chance(lambda r, y, f: f == "ship") == HALF
    assert all(chance(lambda r, y, f, t=t: f == t) == Fraction(1, 6) for t in TRACKS)
    for red in range(1, 7):
        assert chance(lambda r, y, f: r == red and f == "ship") == Fraction(1, 12)
        assert all(chance(lambda r, y, f, t=t: r == red and f == t) == Fraction(1, 36) for t in TRACKS)
    # exercise 1: the ship and a 7 on the same roll
    assert chance(lambda r, y, f: f == "ship" and r + y == 7) == Fraction(18, 216) == Fraction(1, 12)


# -- 2. progress cards -----------------------------------------------------------------------------------------
@pytest.mark.parametrize("level,reds,p", [(0, [], 0), (1, [1, 2], Fraction(1, 18)), (2, [1, 2, 3], Fraction(1, 12)),
                                          (3, [1, 2, 3, 4], Fraction(1, 9)), (4, [1, 2, 3, 4, 5], Fraction(5, 36)),
                                          (5, [1, 2, 3, 4, 5, 6], Fraction(1, 6))])
def test_progress_chance_by_level_for_every_colour(level, reds, p):
    for track in TRACKS:
        assert [r for r in range(1, 7) if card_track({track: level}, r, track)] == reds
        assert card_law({track: level}) == p == Fraction(level + 1, 36) * (level >= 1)


def test_a_players_three_tracks_over_k_rolls():
    levels = {"trade": 2, "politics": 1, "science": 0}
    by_colour = {t: chance(lambda r, y, f, t=t: card_track(levels, r, f) == t) for t in TRACKS}
    assert by_colour == {"trade": Fraction(1, 12), "politics": Fraction(1, 18), "science": 0}
    assert card_law(levels) == Fraction(5, 36)
    stated = {1: (Fraction(5, 36), "13.9%"), 4: (Fraction(5, 9), "45.0%"), 8: (Fraction(10, 9), "69.8%"),
              12: (Fraction(5, 3), "83.4%"), 16: (Fraction(20, 9), "90.9%"), 20: (Fraction(25, 9), "95.0%")}
    for k, (mean, at_least_one) in stated.items():
        law = cards_over(levels, k)
        assert max(law) <= k and sum(law.values()) == 1  # at most one card per roll
        assert sum(c * p for c, p in law.items()) == mean
        assert f"{float(1 - law[0]):.1%}" == at_least_one


def test_science_level_3_needs_six_rolls():
    p = card_law({"science": 3})
    assert p == Fraction(1, 9) == Fraction(4, 36)  # the ore on a 5 of lesson 51
    assert f"{float(1 - cards_over({'science': 3}, 6)[0]):.1%}" == "50.7%"
    assert f"{float(1 - cards_over({'science': 3}, 5)[0]):.1%}" == "44.5%"
    assert 1 - cards_over({"science": 3}, 5)[0] < HALF <= 1 - cards_over({"science": 3}, 6)[0]


def test_which_improvement_buys_the_most_chance():
    levels = {"trade": 2, "politics": 1, "science": 0}
    got = {}
    for track in TRACKS:
        after = dict(levels, **{track: levels[track] + 1})
        gain = card_law(after) - card_law(levels)
        got[track] = (card_law(after), gain, gain / after[track])
    assert got == {"trade": (Fraction(1, 6), Fraction(1, 36), Fraction(1, 108)),
                   "politics": (Fraction(1, 6), Fraction(1, 36), Fraction(1, 72)),
                   "science": (Fraction(7, 36), Fraction(1, 18), Fraction(1, 18))}
    steps = [(card_law({"trade": L + 1}) - card_law({"trade": L}), L + 1) for L in range(5)]
    assert [(gain, gain / cost) for gain, cost in steps] == [
        (Fraction(1, 18), Fraction(1, 18)), (Fraction(1, 36), Fraction(1, 72)), (Fraction(1, 36), Fraction(1, 108)),
        (Fraction(1, 36), Fraction(1, 144)), (Fraction(1, 36), Fraction(1, 180))]


def after_setup():
    """The lesson's 4-player combined game (seed 53) after a random seeded setup, at its first roll."""
    game = rl.load_game("catan", players=4, seed=53, variant="combined")
    state, rng = game.new_state(), random.Random(53)
    while Roll() not in state.legal_actions():
        state.apply(rng.choice(state.legal_actions() if state.current_player != CHANCE
                               else [state.chance_outcomes()[0][0]]))
    return game, state


def test_the_engine_rolls_the_same_dice_and_draws_by_the_same_rule():
    """The lesson's 'the engine agrees' cells: the engine's dice law, and its draws over every dice outcome."""
    game, state = after_setup()
    me = state.current_player
    rolling = state.clone()
    rolling.apply(Roll())
    joint: dict = {}
    for a, p in rolling.chance_outcomes():
        joint[a.red, a.event] = joint.get((a.red, a.event), 0) + p
    assert joint == {(r, f): chance(lambda red, y, face: red == r and face == f)
                     for r in range(1, 7) for f in ("ship",) + TRACKS}
    for levels in [{"science": lv} for lv in range(6)] + [{"trade": 2, "politics": 1, "science": 0}]:
        data = state.to_json()
        data["improvements"][me] = {t: levels.get(t, 0) for t in TRACKS}
        before = game.state_from_json(data)
        before.apply(Roll())
        total = Fraction(0)
        for a, p in before.chance_outcomes():
            after = before.clone()
            seen = len(after.events)
            after.apply(a)
            while after.current_player == CHANCE:
                after.apply(after.chance_outcomes()[0][0])
            total += p * sum(e.kind == "progress_draw" and e.params["player"] == f"Player {me + 1}"
                             for e in after.events[seen:])
        assert total == card_law(levels)


# -- 3. the barbarian ship ---------------------------------------------------------------------------------------
def test_arrival_law_with_three_steps_left_by_enumerating_sequences():
    sequences = list(itertools.product(EVENT_DIE, repeat=5))  # 6**5 equally likely event-face sequences
    stated = {1: 0, 2: 0, 3: Fraction(1, 8), 4: Fraction(3, 16), 5: Fraction(3, 16), 6: Fraction(5, 32),
              7: Fraction(15, 128), 8: Fraction(21, 256), 9: Fraction(7, 128), 10: Fraction(9, 256)}
    for t in range(1, 6):
        hits = sum(1 for seq in sequences if seq[t - 1] == "ship" and seq[: t - 1].count("ship") == 2)
        assert Fraction(hits, len(sequences)) == stated[t]
    assert all(attack_on(3, t) == p for t, p in stated.items())


def first_step_moments(steps_left: int) -> tuple[Fraction, Fraction]:
    """E[T] and Var(T) with ``steps_left`` steps: T = 1 + (T with one step fewer if a ship face, else T)."""
    m1, m2 = Fraction(0), Fraction(0)  # no step left: the attack is now
    for _ in range(steps_left):
        # E[T_s] = 1 + (E[T_s] + E[T_{s-1}]) / 2;  E[T_s^2] = 1 + E[T_s] + E[T_{s-1}] + (E[T_s^2] + E[T_{s-1}^2]) / 2
        new1 = 2 * (1 + m1 / 2)
        new2 = 2 * (1 + new1 + m1 + m2 / 2)
        m1, m2 = new1, new2
    return m1, m2 - m1 ** 2


def test_arrival_mean_variance_mode_and_median_from_the_start():
    assert first_step_moments(7) == (14, 14)
    assert f"{math.sqrt(14):.2f}" == "3.74" and Fraction(14, 4) == Fraction(7, 2)  # 3.5 rounds with 4 players
    law = {t: attack_on(7, t) for t in range(1, 41)}
    assert all(law[t] == 0 for t in range(1, 7)) and law[7] == Fraction(1, 128)
    top = max(law.values())
    assert top == Fraction(231, 2048) and [t for t, p in law.items() if p == top] == [12, 13]
    assert f"{float(top):.1%}" == "11.3%"
    # the lesson truncates the law at roll 300: the rest is below 1e-60
    assert sum(math.comb(300, j) for j in range(7)) / 2 ** 300 < 1e-60


@pytest.mark.parametrize("rolls,p", [(8, Fraction(9, 256)), (12, Fraction(793, 2048)), (16, Fraction(50643, 65536)),
                                     (20, Fraction(247029, 262144)), (24, Fraction(16587165, 16777216))])
def test_attack_within_whole_rounds(rolls, p):
    assert attack_within(7, rolls) == p


def test_the_median_is_13_rolls_exactly_one_half():
    assert attack_within(7, 13) == HALF and attack_within(7, 12) == Fraction(793, 2048) < HALF
    assert f"{float(Fraction(793, 2048)):.0%}" == "39%"


@pytest.mark.parametrize("steps,three,four", [(1, Fraction(7, 8), Fraction(15, 16)), (2, HALF, Fraction(11, 16)),
                                              (3, Fraction(1, 8), Fraction(5, 16)), (4, 0, Fraction(1, 16)),
                                              (5, 0, 0), (6, 0, 0), (7, 0, 0)])
def test_attack_before_your_next_turn(steps, three, four):
    assert attack_within(steps, 3) == three and attack_within(steps, 4) == four


# -- 4. the lesson's seeded simulation ----------------------------------------------------------------------
def test_the_lessons_simulation_stays_inside_its_bands():
    rng = random.Random(53)
    crossings, rolls = 4000, 20000
    waits = []
    for _ in range(crossings):
        n = moved = 0
        while moved < 7:
            n += 1
            moved += rng.choice(list(EVENT_DIE)) == "ship"
        waits.append(n)
    levels = {"trade": 2, "politics": 1, "science": 0}
    got = 0
    for _ in range(rolls):
        red, face = rng.randint(1, 6), rng.choice(list(EVENT_DIE))
        got += card_track(levels, red, face) is not None
    assert abs(sum(waits) / crossings - 14) <= 2 * math.sqrt(14 / crossings)
    assert abs(sum(w <= 13 for w in waits) / crossings - 0.5) <= 2 * math.sqrt(0.25 / crossings)
    assert abs(got / rolls - 5 / 36) <= 2 * math.sqrt(5 / 36 * 31 / 36 / rolls)
    assert f"{sum(waits) / crossings:.4f}" == "14.0520"
    assert (f"{sum(w <= 13 for w in waits) / crossings:.4f}", f"{got / rolls:.4f}") == ("0.4893", "0.1399")


# -- 5. the attack -------------------------------------------------------------------------------------------
CITIES = {1: 3, 2: 2, 3: 2, 4: 1}  # cities per player; one of player 1's carries a metropolis (still one city)
KNIGHTS = [(1, 2, True), (1, 1, False), (2, 3, True), (2, 1, False), (3, 2, False), (3, 1, True), (4, 1, False)]


def barbarians_win(p_others: Fraction, mine: Fraction) -> tuple[dict[int, Fraction], Fraction]:
    """The defence law and P(barbarians win), enumerating every active / inactive case of the seven knights."""
    strength = sum(CITIES.values())
    law: dict[int, Fraction] = {}
    for case in itertools.product((True, False), repeat=len(KNIGHTS)):
        weight, defence = Fraction(1), 0
        for (owner, level, active), on in zip(KNIGHTS, case):
            p = Fraction(1) if active else mine if owner == 1 else p_others
            weight *= p if on else 1 - p
            defence += level if on else 0
        if weight:
            law[defence] = law.get(defence, Fraction(0)) + weight
    return law, sum((p for d, p in law.items() if d < strength), Fraction(0))


def test_strength_and_the_defence_as_things_stand():
    assert sum(CITIES.values()) == 8
    assert sum(level for _, level, active in KNIGHTS if active) == 6 == 2 + 3 + 1


def in_turn_order(p_others: Fraction, mine: Fraction) -> Fraction:
    """P(barbarians win) with the roll order P2, P3, P4, then you: the attack comes on roll k with chance 1/2^k
    (1/8 for yours or later); only the players who had a turn before it may have activated (chance p_others per
    inactive knight); you activate now (mine = 1) or never."""
    strength, total = sum(CITIES.values()), Fraction(0)
    for k, when in enumerate([Fraction(1, 2), Fraction(1, 4), Fraction(1, 8), Fraction(1, 8)]):
        had_turn = {2, 3, 4} if k == 3 else set(range(2, 2 + k))
        lose = Fraction(0)
        for case in itertools.product((True, False), repeat=len(KNIGHTS)):
            weight, defence = Fraction(1), 0
            for (owner, level, active), on in zip(KNIGHTS, case):
                p = Fraction(1) if active else mine if owner == 1 else p_others if owner in had_turn else Fraction(0)
                weight *= p if on else 1 - p
                defence += level if on else 0
            lose += weight if defence < strength else 0
        total += when * lose
    return total


def test_the_roll_order_decides_which_knights_can_be_active():
    assert in_turn_order(HALF, Fraction(0)) == Fraction(55, 64)
    assert in_turn_order(HALF, Fraction(1)) == Fraction(43, 64)
    assert in_turn_order(HALF, Fraction(0)) - in_turn_order(HALF, Fraction(1)) == Fraction(3, 16)
    assert in_turn_order(Fraction(1), Fraction(0)) == Fraction(3, 4)  # "Catan holds either way" is false
    assert in_turn_order(Fraction(1), Fraction(1)) == HALF
    assert in_turn_order(Fraction(0), Fraction(1)) == 1


def test_the_answer_against_the_assumed_chance():
    for i in range(11):
        q = Fraction(i, 10)
        wait, act = in_turn_order(q, Fraction(0)), in_turn_order(q, Fraction(1))
        assert wait == Fraction(3, 4) + (1 - q) / 8 + (1 - q) ** 2 * (1 + q) / 8
        assert act == HALF + (1 - q) / 4 + (1 - q) ** 2 / 8 + (1 - q) ** 3 / 8
        assert wait >= act >= HALF
    assert barbarians_win(HALF, Fraction(0))[1] == Fraction(3, 8)  # the old model, had everyone had a turn
