"""The default what-if verdict against exact answers in L'Horlogerie des Rats: an explorer's draw-or-stop decision
on the game's last turn, whose exact win chance under random continuations was counted without playouts
(``benchmarks/validation/horlogerie_last_turn.py``). The full set runs in ``benchmarks/validate_verdicts.py``."""
from __future__ import annotations

import json
import random
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import ratgames_lab as rl
from ratgames_lab.core.analysis import evaluate_actions
from ratgames_lab.core.verdict_check import judge

VALIDATION = Path(__file__).parents[2] / "benchmarks" / "validation"
CASES = {c["name"]: c for path in sorted(VALIDATION.glob("horlogerie_*.json"))
         for c in json.loads(path.read_text())["positions"]}
CHOSEN = ["horlogerie_3p_hand_seed9_2",  # stopping wins 70% against 33%, though drawing gains more points on average
          "horlogerie_4p_play_seed26_1"]  # drawing leads by 0.4 points of win rate: must be "too close"


@pytest.fixture(scope="module")
def last_turn():
    sys.path.insert(0, str(VALIDATION))
    try:
        import horlogerie_last_turn
    finally:
        sys.path.remove(str(VALIDATION))
    return horlogerie_last_turn


def state_of(case: dict):
    _game, state = rl.load_position(case["position"])
    assert [str(a) for a in state.legal_actions()] == [a["label"] for a in case["actions"]]
    return state


def test_there_are_enough_positions_with_a_real_decision():
    assert len(CASES) >= 10
    for case in CASES.values():
        assert len({a["win"] for a in case["actions"]}) > 1, case["name"]
    assert sum(case["disagree"] for case in CASES.values()) >= 3  # win chance and expected points disagree


@pytest.mark.parametrize("name", CHOSEN)
def test_default_verdict_is_right(name):
    case = CASES[name]
    ev = evaluate_actions(state_of(case), None, 2000, 0, "random")
    assert judge(ev.verdict, {a["label"]: Fraction(a["win"]) for a in case["actions"]}) == "right", ev.verdict.text()


def test_the_stored_exact_values_are_reproduced_by_the_enumerator(last_turn):
    case = CASES["horlogerie_3p_hand_seed2_3"]  # the quickest to count
    assert [str(v) for v in last_turn.values(state_of(case))] == [a["win"] for a in case["actions"]]


def test_nothing_after_the_last_rest_changes_the_result(last_turn):
    state = state_of(CASES["horlogerie_3p_hand_seed2_3"])
    rng = random.Random(1)
    checked = 0
    for _ in range(40):
        s = state.clone().quiet()
        while not s.is_terminal() and not last_turn.settled(s):
            acts = s.legal_actions() if s.current_player >= 0 else [s.sample_chance(rng)]
            s.apply(acts[rng.randrange(len(acts))])
        if s.is_terminal():
            continue
        short = s.clone()
        short.apply(short.legal_actions()[-1])  # what the enumerator does: end the rest
        assert short.is_terminal()
        for _ in range(5):
            t = s.clone()
            while not t.is_terminal():
                acts = t.legal_actions()
                t.apply(acts[rng.randrange(len(acts))])
            assert t.returns() == short.returns()
        checked += 1
    assert checked > 10


def test_counting_danger_cards_by_level_changes_no_value(last_turn):
    sys.path.insert(0, str(VALIDATION))
    try:
        from exact import action_values
    finally:
        sys.path.remove(str(VALIDATION))
    case = CASES["horlogerie_3p_hand_seed2_3"]
    state = state_of(case)

    def by_card(s) -> str:  # every Danger card by its own face, as the rules engine stores it
        skip = last_turn.IRRELEVANT if s.step in last_turn.AFTER_DANGER and last_turn.last_turn(s) else ()
        return repr([getattr(s, name) for name in s.FIELDS.names if name not in skip])

    got = action_values(state, state.current_player, "random", settled=last_turn.settled, key=by_card)
    assert [str(v) for v in got] == [a["win"] for a in case["actions"]]
