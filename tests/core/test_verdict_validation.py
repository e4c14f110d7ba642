"""The default what-if verdict against exact answers: on a handful of the validation positions (decisions near the
end of a game whose exact win probabilities were enumerated without playouts), the verdict is right and the same
for the same seed. The full set, with many seeds and the share of wrong verdicts, is run by
``benchmarks/validate_verdicts.py``."""
from __future__ import annotations

import json
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import ratgames_lab as rl
from ratgames_lab.core.analysis import evaluate_actions
from ratgames_lab.core.racing import Verdict
from ratgames_lab.core.verdict_check import judge

VALIDATION = Path(__file__).parents[2] / "benchmarks" / "validation"
CASES = {c["name"]: c for path in sorted(VALIDATION.glob("*.json")) for c in json.loads(path.read_text())["positions"]}
CHOSEN = ["master_of_rules_3p_seed26", "master_of_rules_3p_seed60", "master_of_rules_3p_seed19",
          "master_of_rules_5p_seed31"]  # the third: an exact tie, which must be "too close"


def exact_of(case: dict) -> dict:
    return {a["label"]: Fraction(a["win"]) for a in case["actions"]}


@pytest.mark.parametrize("name", CHOSEN)
def test_default_verdict_is_right_and_repeatable(name):
    case = CASES[name]
    _game, state = rl.load_position(case["position"])
    assert [str(a) for a in state.legal_actions()] == [a["label"] for a in case["actions"]]
    first = evaluate_actions(state, None, 2000, 0, "random")
    assert judge(first.verdict, exact_of(case)) == "right", first.verdict.text()
    again = evaluate_actions(state, None, 2000, 0, "random")
    assert again.verdict == first.verdict and again == first


def _verdict(kind, best, contenders, margin, reason="separated") -> Verdict:
    return Verdict(kind, best, tuple(contenders), margin, 0.95, 100, reason, resolution=0.02)


def test_the_judge_tells_a_false_verdict_from_a_true_one():
    exact = {"A": Fraction(1, 2), "B": Fraction(3, 10), "C": Fraction(3, 10)}
    assert judge(_verdict("best", "A", ["A"], 0.15), exact) == "right"
    assert judge(_verdict("best", "A", ["A"], 0.25), exact) == "wrong"  # claims a larger lead than the exact one
    assert judge(_verdict("best", "B", ["B"], 0.01), exact) == "wrong"  # not the best
    assert judge(_verdict("close", "B", ["B", "C"], 0.05, "budget"), exact) == "wrong"  # leaves the best out
    assert judge(_verdict("close", "A", ["A", "B"], 0.1, "budget"), exact) == "wrong"  # ±0.1 but they differ by 0.2
    assert judge(_verdict("close", "A", ["A", "B"], 0.3, "budget"), exact) == "missed"  # true, undecided
    tie = {"A": Fraction(1, 2), "B": Fraction(1, 2)}
    assert judge(_verdict("best", "A", ["A"], 0.0), tie) == "wrong"  # an exact tie has no best
    assert judge(_verdict("close", "A", ["A", "B"], 0.01, "resolution"), tie) == "right"
    near = {"A": Fraction(51, 100), "B": Fraction(1, 2)}
    assert judge(_verdict("best", "A", ["A"], 0.005), near) == "best below resolution"


def test_the_stored_exact_values_are_reproduced_by_the_enumerator():
    sys.path.insert(0, str(VALIDATION))
    try:
        from exact import decider_values
    finally:
        sys.path.remove(str(VALIDATION))
    case = CASES[CHOSEN[0]]
    _game, state = rl.load_position(case["position"])
    assert [str(v) for v in decider_values(state, state.current_player, case["continuation"])] == \
        [a["win"] for a in case["actions"]]
