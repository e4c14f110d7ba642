"""Judging a what-if verdict against exact win probabilities (for validation: benchmarks and tests)."""
from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Union

from .racing import Verdict

Exact = Mapping[str, Union[Fraction, float]]
EPS = 1e-12

RIGHT, WRONG, FINE, MISSED = "right", "wrong", "best below resolution", "missed"


def exact_gap(exact: Exact) -> float:
    """The exact best's lead over the runner-up (0 for a tie)."""
    top = sorted(exact.values(), reverse=True)
    return float(top[0] - top[1]) if len(top) > 1 else 1.0


def judge(verdict: Verdict, exact: Exact) -> str:
    """How the verdict compares with the exact win probabilities of each action (by label):

    * "wrong": it says something false: a best that is not the exact best (an exact tie included) or a lead larger
      than the exact one; or "too close" leaves the exact best out, or bounds the differences between the options it
      names by ±e while an exact difference is larger;
    * "best below resolution": a true "X is best" although the exact lead is smaller than the verdict's resolution;
    * "missed": "too close" (budget spent) although the exact lead is larger than the resolution: not wrong, only
      undecided within the budget;
    * "right" otherwise.
    """
    if verdict.kind == "forced":
        return RIGHT
    best = max(exact.values())
    gap = exact_gap(exact)
    if verdict.kind == "best":
        lead = float(exact[verdict.best] - max(v for label, v in exact.items() if label != verdict.best))
        if lead <= 0 or lead + EPS < verdict.margin:
            return WRONG
        return FINE if gap < verdict.resolution else RIGHT
    if best not in [exact[c] for c in verdict.contenders]:
        return WRONG
    lead = exact[verdict.contenders[0]]
    if any(abs(float(lead - exact[c])) > verdict.margin + EPS for c in verdict.contenders[1:]):
        return WRONG
    if verdict.reason == "budget" and gap > verdict.resolution:
        return MISSED
    return RIGHT
