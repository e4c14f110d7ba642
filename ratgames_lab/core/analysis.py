"""The "what if" evaluator: the win rate of each legal action, paired and adaptive, with an honest verdict.

Each playout starts from a world sampled for the player (``determinize``: hidden cards dealt again, never peeked
at) and plays it to the end under a **playout policy** (``core.policy``): how every player is assumed to play after
the analysed move. Every action is played on the same worlds with the same seeds, and playouts go only to the
actions still in contention (``core.racing``: successive elimination on paired differences). The result says which
action is best at the stated confidence, or that the budget cannot tell the leaders apart (``Verdict``).
"""
from __future__ import annotations

import dataclasses
import math
import time
from typing import Callable, Iterator

from .errors import IllegalActionError
from .policy import (DEFAULT_POLICY, MIX_SHARE, POLICIES, PlayoutPolicy, Policy,  # noqa: F401  (re-exported)
                     game_bots, playout_policy)
from .protocol import Action, GameState
from .racing import Race, Verdict

Z_95 = 1.959963984540054
CONFIDENCE = 0.95  # the default confidence of every verdict
RESOLUTION = 0.02  # the default resolution: two actions within 2 points of win rate count as equally good


@dataclasses.dataclass(frozen=True)
class ActionValue:
    """Estimated win rate of one action (95% Wilson interval on its own playouts) and, paired on the same worlds,
    how far the leader is ahead of it (``lead``, interval ``lead_low``..``lead_high``; 0 for the leader)."""

    action: Action
    win_rate: float
    low: float
    high: float
    playouts: int
    lead: float = 0.0
    lead_low: float = 0.0
    lead_high: float = 0.0
    in_contention: bool = True

    def to_json(self) -> dict:
        """Plain-data form for files and widgets."""
        return {"action": self.action.to_json(), "label": str(self.action), "win_rate": self.win_rate,
                "low": self.low, "high": self.high, "playouts": self.playouts, "lead": self.lead,
                "lead_low": self.lead_low, "lead_high": self.lead_high, "in_contention": self.in_contention}


class Evaluation(list):
    """The ActionValues of ``evaluate_actions`` (a list, in legal-action order), with the ``policy`` their win rates
    assume, the ``verdict`` and what was spent (``playouts`` in all, ``cpu_seconds``, ``cpu_stopped``)."""

    def __init__(self, values=(), policy: PlayoutPolicy | None = None, verdict: Verdict | None = None):
        super().__init__(values)
        self.policy = policy
        self.verdict = verdict
        self.playouts = 0
        self.cpu_seconds = 0.0
        self.cpu_stopped = False


def wilson_interval(mean: float, n: int, z: float = Z_95) -> tuple[float, float]:
    """Wilson score interval for a proportion estimated as ``mean`` over ``n`` trials."""
    if n == 0:
        return 0.0, 1.0
    denom = 1 + z * z / n
    centre = (mean + z * z / (2 * n)) / denom
    half = z * math.sqrt(mean * (1 - mean) / n + z * z / (4 * n * n)) / denom
    # the interval always contains the mean; min/max only absorb floating-point rounding at 0 and 1
    return max(0.0, min(mean, centre - half)), min(1.0, max(mean, centre + half))


def race_values(race: Race, policy: PlayoutPolicy | None = None, checked: bool = True) -> Evaluation:
    """The race's results as an Evaluation: at its last check (``checked``) or with every playout so far."""
    upto = race.checked_rounds if checked else race.rounds
    values = []
    for i, action in enumerate(race.actions):
        own = race.results[i][:upto]
        n = len(own)
        mean = sum(own) / n if n else 0.0
        low, high = wilson_interval(mean, n)
        d = race.differences.get(i) if checked else None
        lead = (d.mean, d.low, d.high) if d is not None else (0.0, 0.0, 0.0)
        values.append(ActionValue(action, mean, low, high, n, *lead, in_contention=i in race.alive))
    out = Evaluation(values, policy, race.verdict)
    out.playouts = sum(len(r[:upto]) for r in race.results)
    return out


def _plan(state: GameState, policy: Policy | PlayoutPolicy, rollout: Callable | None) -> PlayoutPolicy:
    if rollout is not None:
        return PlayoutPolicy("custom", ("custom",) * state.players, rollout=rollout)
    return policy if isinstance(policy, PlayoutPolicy) else playout_policy(state, policy)


def start_race(state: GameState, player: int | None = None, playouts: int = 100, seed: int = 0,
               policy: Policy | PlayoutPolicy = DEFAULT_POLICY, rollout: Callable | None = None,
               confidence: float = CONFIDENCE, resolution: float = RESOLUTION) -> tuple[Race, PlayoutPolicy]:
    """A paired race over the legal actions of the player to move (checked: only that player, not chance)."""
    if player is None:
        player = state.current_player
    if player != state.current_player or player < 0:
        raise IllegalActionError(f"player {player} is not the one to move", "analysis.player_to_move")
    plan = _plan(state, policy, rollout)
    return Race(state, player, plan.play, seed, confidence, resolution, playouts), plan


def evaluate_in_steps(state: GameState, player: int, playouts: int, seed: int = 0,
                      policy: Policy | PlayoutPolicy = DEFAULT_POLICY, confidence: float = CONFIDENCE,
                      resolution: float = RESOLUTION) -> Iterator[tuple[int, int, Evaluation]]:
    """Yield (playouts per option so far, at most, results so far: every playout, the verdict of the last check)
    after each round, then the final results: those of ``evaluate_actions(state, player, playouts, seed, policy)``
    (for a widget that works in batches and draws the intervals as they narrow)."""
    race, plan = start_race(state, player, playouts, seed, policy, None, confidence, resolution)
    while not race.done:
        race.step()
        yield race.rounds, playouts, race_values(race, plan, checked=False)
    yield race.rounds, playouts, race_values(race, plan)


def evaluate_actions(state: GameState, player: int | None = None, playouts: int = 100, seed: int = 0,
                     policy: Policy = DEFAULT_POLICY, rollout: Callable | None = None,
                     confidence: float = CONFIDENCE, resolution: float = RESOLUTION,
                     cpu_seconds: float | None = None,
                     progress: Callable[[int, int], None] | None = None) -> Evaluation:
    """For each legal action of ``player`` (default: the player to move), its estimated win rate under ``policy``,
    and the ``verdict``: which action is best at ``confidence``, or which ones are too close to call.

    Each round samples one world ``state.determinize(player, rng)`` (everything the player cannot see resampled, so
    the estimate never uses hidden information) and one playout seed, and plays every action still in contention
    from that world with that seed under the playout policy (see ``playout_policy``): "random" (uniformly random
    legal moves, the default), "heuristic" or "mix"; ``rollout(sim, rng)``, if given, plays instead (policy
    "custom"). After each scheduled check, actions proven worse than the leader stop being played. It stops when
    one action is left, when the rest are within ``resolution`` of the leader, or after ``playouts`` playouts per
    option. ``cpu_seconds``, if given, stops early after that much CPU time: the result is then the one of the
    last check reached (``cpu_stopped`` is True; rerun with ``playouts=`` the verdict's playouts to reproduce it).
    Same arguments, same result: the playout count, never the machine's speed, decides the result.
    ``progress(playouts per option so far, at most)``, if given, is called after each round.
    """
    race, plan = start_race(state, player, playouts, seed, policy, rollout, confidence, resolution)
    start = time.process_time()
    stopped = False
    while not race.done:
        if cpu_seconds is not None and time.process_time() - start >= cpu_seconds:
            stopped = True
            break
        race.step()
        if progress is not None:
            progress(race.rounds, race.limit)
    out = race_values(race, plan)
    out.cpu_seconds, out.cpu_stopped = time.process_time() - start, stopped
    return out
