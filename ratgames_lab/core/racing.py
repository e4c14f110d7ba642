"""Paired racing: which action wins most often, decided with common random numbers and anytime-valid intervals.

Every round samples **one** hidden world (``determinize``) and **one** playout seed, and plays every action still in
contention from that same world with that same seed (common random numbers): the difference between two actions is
measured on identical deals, so the luck of the deal cancels out of the comparison.

Rule: successive elimination (Even-Dar, Mannor & Mansour 2006) on paired differences, with the empirical-Bernstein
bound of Audibert, Munos & Szepesvári (2009). Intervals are checked at the rounds of a fixed geometric schedule;
check ``k`` uses the error share ``(1 - confidence) / ((K - 1) * (k + 1) * (k + 2))`` for K actions, so that the
K - 1 intervals between the truly best action and the others hold at every check at once with probability at least
``confidence`` (the shares add up to at most 1 - confidence): the best is then never dropped. An
action whose interval against the leader lies entirely below zero is dropped. The race stops when one action is
left ("X is best"), when every remaining action is within ``resolution`` of the leader ("too close to call": they
are equally good within the resolution), or when the playout budget is spent ("too close to call" with the budget
that would resolve it). Everything depends on the seed and the playout count only, never on the machine's speed.
"""
from __future__ import annotations

import dataclasses
import math
import random
from typing import Sequence

from .i18n import _, format_decimal, format_percent, ngettext
from .protocol import Action, GameState

FIRST_CHECK = 20  # the first look at the intervals, in playouts per option (fewer cannot separate anything)
GROWTH = 1.5  # each later check comes after 50% more playouts per option


def check_rounds(limit: int) -> list[int]:
    """The rounds (playouts per option) at which intervals are checked, up to and including ``limit``."""
    rounds, t = [], FIRST_CHECK
    while t < limit:
        rounds.append(t)
        t = max(t + 1, math.ceil(t * GROWTH))
    rounds.append(max(limit, 1))
    return rounds


def check_index(t: int) -> int:
    """The index ``k`` of the scheduled check at round ``t`` (or of the first check after it)."""
    k, r = 0, FIRST_CHECK
    while r < t:
        k += 1
        r = max(r + 1, math.ceil(r * GROWTH))
    return k


def error_share(confidence: float, pairs: int, k: int) -> float:
    """The error probability allowed to one pair's interval at check ``k`` (all shares sum to 1 - confidence)."""
    return (1.0 - confidence) / (max(pairs, 1) * (k + 1) * (k + 2))


def radius(variance: float, n: int, delta: float) -> float:
    """Half-width of the empirical-Bernstein interval for a mean of ``n`` paired differences in [-1, 1]."""
    if n <= 0:
        return 2.0
    log = math.log(3.0 / delta)
    return math.sqrt(2.0 * variance * log / n) + 3.0 * 2.0 * log / n


def mean_variance(values: Sequence[float]) -> tuple[float, float]:
    """Sample mean and (biased) sample variance."""
    n = len(values)
    if n == 0:
        return 0.0, 0.0
    m = sum(values) / n
    return m, max(0.0, sum(v * v for v in values) / n - m * m)


@dataclasses.dataclass(frozen=True)
class Difference:
    """The leader's win rate minus another action's, on the same worlds: mean and interval (confidence c)."""

    mean: float
    low: float
    high: float
    playouts: int


def paired_difference(a: Sequence[float], b: Sequence[float], delta: float) -> Difference:
    """Interval on mean(a - b) over the rounds both were played."""
    n = min(len(a), len(b))
    m, v = mean_variance([a[i] - b[i] for i in range(n)])
    r = radius(v, n, delta)
    return Difference(m, max(-1.0, m - r), min(1.0, m + r), n)


@dataclasses.dataclass(frozen=True)
class Verdict:
    """What the data support: ``kind`` is "best" (one action is best), "close" (too close to call) or "forced"."""

    kind: str
    best: str  # the leading action's label
    contenders: tuple[str, ...]  # "close": the actions that cannot be told apart, leader first
    margin: float  # "best": at least this far ahead (win-rate points / 100); "close": they differ by less than this
    confidence: float
    playouts: int  # playouts per option spent (the leader's)
    reason: str  # "separated", "resolution", "budget", "forced"
    needed: int = 0  # "close" with reason "budget": playouts per option that would probably resolve it
    resolution: float = 0.0

    def text(self) -> str:
        """The verdict in one or two plain sentences."""
        c = format_percent(self.confidence, 0)
        if self.kind == "forced":
            return _("{action} is the only legal action: there is nothing to decide.").format(action=self.best)
        if self.kind == "best":
            if self.margin >= 0.0005:
                text = _("{action} is best: by at least {points} of win rate, confidence {confidence} "
                         "({playouts} playouts per option).")
            else:
                text = _("{action} is best: though its lead may be very small, confidence {confidence} "
                         "({playouts} playouts per option).")
            return text.format(action=self.best, points=points(self.margin), confidence=c, playouts=self.playouts)
        who = and_list(self.contenders)
        if self.playouts == 0:
            return _("Too close to call between {actions}: no comparison yet (the first one comes after {first} "
                     "playouts per option). Give the analysis more time or playouts.").format(
                actions=who, first=FIRST_CHECK)
        if self.reason == "resolution":
            return _("Too close to call between {actions}: they differ by less than ±{margin} of win rate "
                     "(confidence {confidence}), within the resolution of ±{resolution}: count them as equally "
                     "good.").format(actions=who, margin=points(self.margin), confidence=c,
                                     resolution=points(self.resolution))
        text = _("Too close to call between {actions}: they differ by less than ±{margin} of win rate (confidence "
                 "{confidence}), which this budget ({playouts} playouts per option) cannot resolve.").format(
            actions=who, margin=points(self.margin), confidence=c, playouts=self.playouts)
        more = (_("About {needed} playouts per option would resolve it.").format(needed=format_decimal(self.needed, 0))
                if self.needed else _("No budget can: they may be exactly equal."))
        return text + " " + more

    def to_json(self) -> dict:
        """Plain data, with the sentence."""
        return {**dataclasses.asdict(self), "contenders": list(self.contenders), "text": self.text()}


def points(x: float) -> str:
    """A win-rate difference in percentage points: 0.034 -> '3.4 points'."""
    v = round(100 * x, 1)
    count = 1 if v == 1 else int(v) if v == int(v) else 2  # 1.5 points: plural in English
    return ngettext("{value} point", "{value} points", count).format(value=format_decimal(v, 0 if v == int(v) else 1))


def and_list(names: Sequence[str], most: int = 4) -> str:
    """'A', 'A and B', 'A, B and C'; past ``most`` names, 'A, B, C and 5 others'."""
    names = list(names)
    if len(names) > most:
        others = len(names) - most + 1
        names = names[:most - 1] + [ngettext("{n} other", "{n} others", others).format(n=others)]
    return names[0] if len(names) == 1 else _("{first} and {last}").format(first=", ".join(names[:-1]),
                                                                         last=names[-1])


class Race:
    """Paired successive elimination over the legal actions of ``player`` (the player to move) in ``state``.

    ``play(world, rng)`` plays a sampled world to the end in place. Call ``step()`` for one round (one playout for
    every action in contention, all on the same world with the same seed) until ``done``; ``verdict`` and
    ``differences`` hold the state of the last scheduled check. ``paired=False`` gives every action its own worlds
    and seeds (only to measure what pairing saves).
    """

    def __init__(self, state: GameState, player: int, play, seed: int = 0, confidence: float = 0.95,
                 resolution: float = 0.02, playouts: int = 1000, paired: bool = True):
        if not 0.5 <= confidence < 1.0:
            raise ValueError(f"confidence must be at least 0.5 and below 1, not {confidence!r}")
        if not 0.0 <= resolution < 1.0:
            raise ValueError(f"resolution must be between 0 and 1, not {resolution!r}")
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts!r}")
        self.state, self.player, self.play = state, player, play
        self.actions: list[Action] = state.legal_actions()
        self.labels = [str(a) for a in self.actions]
        self.confidence, self.resolution, self.limit, self.paired = confidence, resolution, playouts, paired
        self.pairs = len(self.actions) - 1  # the pairs (true best, other) of the union bound
        self.results: list[list[float]] = [[] for _ in self.actions]
        self.alive: list[int] = list(range(len(self.actions)))
        self.dropped_at: dict[int, int] = {}  # action -> check index at which it was dropped
        self.rounds = 0
        self.played = 0  # playouts in all
        self._seeds = random.Random(seed)
        self._checks = check_rounds(playouts)
        self._k = 0  # index of the next check
        self.differences: dict[int, Difference] = {}  # at the last check: leader minus each action
        self.leader = 0
        self.checked_rounds = 0
        self.verdict: Verdict | None = None
        if len(self.actions) == 1:
            self.verdict = Verdict("forced", self.labels[0], (self.labels[0],), 1.0, confidence, 0, "forced")
        else:
            self.verdict = dataclasses.replace(self._close_verdict(margin=1.0, reason="budget"), needed=FIRST_CHECK)

    @property
    def done(self) -> bool:
        """True once the verdict is final (one action left, all within the resolution, or the budget spent)."""
        return len(self.actions) <= 1 or self.verdict.reason in ("separated", "resolution") \
            or self.rounds >= self.limit

    def step(self) -> None:
        """One round: a new hidden world and seed, one playout of each action in contention from them."""
        if self.done:
            return
        world_seed, play_seed = self._seeds.getrandbits(64), self._seeds.getrandbits(64)
        world = self.state.determinize(self.player, random.Random(world_seed))
        for i in self.alive:
            if self.paired:
                sim = world.clone()
            else:
                sim = self.state.determinize(self.player, random.Random(world_seed + i + 1))
            sim.apply(self.actions[i])
            self.play(sim, random.Random(play_seed if self.paired else play_seed + i + 1))
            self.results[i].append(sim.returns()[self.player])
        self.rounds += 1
        self.played += len(self.alive)
        if self.rounds == self._checks[self._k] or self.rounds >= self.limit:
            self._check()

    def means(self) -> list[float]:
        """Each action's win rate so far (over its own playouts)."""
        return [sum(r) / len(r) if r else 0.0 for r in self.results]

    def _delta(self, k: int) -> float:
        return error_share(self.confidence, self.pairs, k)

    def _check(self) -> None:
        k = self._k
        self._k += 1
        delta = self._delta(k)
        means = self.means()
        lead = max(self.alive, key=lambda i: (means[i], -i))
        diffs = {i: paired_difference(self.results[lead], self.results[i], delta) for i in self.alive if i != lead}
        for i, d in diffs.items():
            if d.low > 0:
                self.alive.remove(i)
                self.dropped_at[i] = k
        self.leader, self.checked_rounds = lead, self.rounds
        self.differences = self._all_differences(lead, diffs)
        if len(self.alive) == 1:
            margin = max(0.0, min(d.low for d in self.differences.values()))
            self.verdict = Verdict("best", self.labels[lead], (self.labels[lead],), margin, self.confidence,
                                   self.rounds, "separated", resolution=self.resolution)
            return
        close = {i: diffs[i] for i in self.alive if i != lead}
        margin = max(max(abs(d.low), abs(d.high)) for d in close.values())
        reason = "resolution" if margin <= self.resolution else "budget"
        self.verdict = self._close_verdict(margin, reason, close)

    def _all_differences(self, lead: int, current: dict[int, Difference]) -> dict[int, Difference]:
        """Leader minus every other action: actions dropped earlier are compared over the rounds they were played."""
        out = dict(current)
        for i, k in self.dropped_at.items():
            if i != lead and i not in out:
                out[i] = paired_difference(self.results[lead], self.results[i], self._delta(k))
        return out

    def _close_verdict(self, margin: float, reason: str, close: dict[int, Difference] | None = None) -> Verdict:
        close = close or {}
        means = self.means()
        order = [self.leader] + sorted(close, key=lambda i: -means[i]) if close else \
            sorted(self.alive, key=lambda i: -means[i])
        needed = self._needed(close) if reason == "budget" and close else 0
        return Verdict("close", self.labels[order[0]], tuple(self.labels[i] for i in order), margin,
                       self.confidence, self.rounds, reason, needed, self.resolution)

    def _needed(self, close: dict[int, Difference]) -> int:
        """Playouts per option after which the closest pair would probably be separated or shown equal."""
        worst = 0
        for i, d in close.items():
            n0 = d.playouts
            m, v = mean_variance([self.results[self.leader][j] - self.results[i][j] for j in range(n0)])
            target = max(abs(m), self.resolution - abs(m))
            if target <= 0:
                return 0
            n = max(n0, 1)
            while radius(v, n, self._delta(check_index(n))) >= target:
                n = math.ceil(n * GROWTH)
                if n > 10_000_000:
                    return 0
            worst = max(worst, n)
        return worst
