"""Analysing a position where chance moves next: each outcome, weighted exactly, or a sentence saying why not.

The chance events that come next are followed exactly, with the Fractions
of ``chance_outcomes()``. Outcomes after which the decider sees the same thing are merged (their analysis is the
same: it only uses what the decider may know). Each outcome ends the game (its result is exact), or leads to a
decision, analysed by ``evaluate_actions``. When too many different positions can follow, the position illustrates
a rule rather than a decision, and the report says so and what to do instead.
"""
from __future__ import annotations

import dataclasses
import json
from fractions import Fraction
from typing import Callable, Sequence

from .analysis import Evaluation
from .protocol import CHANCE, TERMINAL, GameState

MAX_NODES = 400  # chance and forced steps followed before giving up (a deal of new hands has thousands)
MAX_OUTCOMES = 8  # distinct decisions analysed one by one; more: the position illustrates a rule


@dataclasses.dataclass
class Outcome:
    """What can happen next, with its exact probability: the game ends (``returns``) or someone decides."""

    label: str
    probability: Fraction
    state: GameState
    decider: int  # the player who decides, or TERMINAL
    returns: list[float] | None = None  # exact, when the game ends
    evaluation: Evaluation | None = None  # when someone decides (filled by ``analyze_chance``)


@dataclasses.dataclass
class ChanceReport:
    """The outcomes of the pending chance event(s), or ``illustration``: why no decision can be analysed here."""

    event: str  # the first chance event, e.g. "one of 27 equally likely outcomes, such as Draw the red 3"
    outcomes: list[Outcome]
    illustration: str = ""

    def deciders(self) -> set[int]:
        """The players who decide after some outcome."""
        return {o.decider for o in self.outcomes if o.decider >= 0}

    def weighted_win_rate(self) -> tuple[int, float] | None:
        """(player, win rate) weighted exactly over the outcomes, each decision taken as its leader: only when one
        player decides after every outcome that is not the end."""
        deciders = self.deciders()
        if len(deciders) != 1 or any(o.decider >= 0 and (o.evaluation is None or o.evaluation.verdict.kind == "forced")
                                     for o in self.outcomes):
            return None
        p = deciders.pop()
        total = 0.0
        for o in self.outcomes:
            value = o.returns[p] if o.returns is not None else max(v.win_rate for v in o.evaluation)
            total += float(o.probability) * value
        return p, total


def _first_event(state: GameState) -> str:
    outcomes = state.chance_outcomes()
    if len(outcomes) == 1:
        return f"a chance event with one possible outcome ({outcomes[0][0]})"
    same = len({p for _, p in outcomes}) == 1
    return (f"a chance event with {len(outcomes)} {'equally likely ' if same else ''}outcomes, such as "
            f"{outcomes[0][0]}")


def follow(state: GameState) -> list[Outcome] | None:
    """The outcomes reached through the pending chance events, merged by what the decider sees; None if more
    than MAX_NODES steps or MAX_OUTCOMES distinct decisions would be needed."""
    merged: dict[str, Outcome] = {}
    stack = [(state, Fraction(1), [])]
    nodes = 0
    while stack:
        s, p, path = stack.pop()
        nodes += 1
        if nodes > MAX_NODES:
            return None
        player = s.current_player
        if player == CHANCE:
            for action, q in reversed(s.chance_outcomes()):
                t = s.clone()
                t.apply(action)
                stack.append((t, p * q, path + [str(action)]))
            continue
        if player == TERMINAL:
            key = "end " + json.dumps(s.returns())
        else:
            key = f"{player} " + json.dumps(s.observation(player), sort_keys=True, default=str)
        if key in merged:
            merged[key].probability += p
            continue
        if len(merged) >= MAX_OUTCOMES:
            return None
        label = ", then ".join(path) if path else "nothing"
        merged[key] = Outcome(label, p, s, player, s.returns() if player == TERMINAL else None)
    return list(merged.values())


def analyze_chance(state: GameState, evaluate: Callable[[GameState, int], Evaluation],
                   names: Sequence[str] | None = None) -> ChanceReport:
    """Follow the pending chance event(s); ``evaluate(decision_state, decisions)`` analyses each of the
    ``decisions`` that follow (a budget is shared between them);
    ``names`` are the players' names, by seat."""
    names = list(names) if names else [f"Player {p + 1}" for p in range(state.players)]
    event = _first_event(state)
    outcomes = follow(state)
    if outcomes is None:
        return ChanceReport(event, [], (
            f"Chance moves next ({event}), and many different positions can follow it: this position illustrates a "
            "rule rather than a decision. To analyse a decision, play the chance event (in 'ratgames play' or with "
            "the dashboard's step button), then analyse the position where a player has to choose."))
    decisions = [o for o in outcomes if o.decider >= 0]
    for o in decisions:
        o.evaluation = evaluate(o.state, len(decisions))
    report = ChanceReport(event, outcomes)
    choices = [o for o in outcomes if o.decider >= 0 and len(o.state.legal_actions()) > 1]
    if report.deciders() and not choices:
        who = " or ".join(sorted({names[o.decider] for o in outcomes if o.decider >= 0}))
        report.illustration = (
            f"Chance moves next ({event}), and then {who} has a single legal action: this position illustrates a "
            "rule, not a decision. Play it forward (in 'ratgames play' or with the dashboard's step button) to see "
            "the rule at work; to analyse a decision, open a position where a player has to choose.")
    elif not report.deciders():
        report.illustration = (
            f"Chance moves next ({event}) and nobody has a choice before the game ends: this position illustrates a "
            "rule, not a decision. Its exact outcomes are listed below; to analyse a decision, open a position where "
            f"a player has to choose.")
    return report
