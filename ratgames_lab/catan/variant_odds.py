"""Exact odds of the combined variant (Cities & Knights part) with Fractions: the event die, progress-card draws,
the barbarian_ship's arrival and the barbarians' chance to win an attack. Pure functions: no state, no rules.

The model (each line cites the digest it implements):
- A roll is three fair, independent dice: the yellow and red number dice and the event die
  (catan.md Part 2 "Turn (seed order)" 1).
- The event die has 6 faces: 3 barbarian-ship faces and one gate each for trade, politics and science
  (catan_facts.md "Event die": P(ship) = 1/2, P(a given colour) = 1/6).
- Progress draw: when the event die shows the gate of colour c, a player with improvement level L >= 1 in c draws one
  card from deck c exactly when red die <= L + 1, i.e. ``level >= red - 1`` (catan.md Part 2 "Turn (seed order)"
  1.4; catan_facts.md "Progress-card draw"). So level 0 never draws, level 5 always draws on its gate, and
  P(draw on one roll) = (1/6) * (L + 1)/6. One roll shows at most one gate, so a player draws at most one card per
  roll. The Alchemist (which fixes the red die) is not modelled: all dice are random.
- The barbarian_ship moves one step per ship face and attacks on its 7th step (catan.md Part 2 "Settled defaults",
  "Progress cards, improvements, barbarians": "7 steps, one per ship face"; catan_facts.md "Barbarians"). With
  ``s`` steps left the number of rolls until the attack is negative binomial: the roll of the s-th ship face, with
  success chance 1/2 per roll ("What the lessons should show": "a negative binomial"). Every player's roll counts.
- Attack: barbarian strength = cities on the board, a city carrying a metropolis counted once; defence = sum of the
  levels (1-3) of active knights; the barbarians win only when strictly stronger, ties go to Catan
  (catan.md "Settled defaults", "Progress cards, improvements, barbarians"; catan_facts.md "Barbarians").
  For a lesson, knights may be active independently with given probabilities: the defence is then a distribution.
"""
from __future__ import annotations

import math
from fractions import Fraction
from numbers import Rational
from typing import Iterable, Mapping, Sequence

from ..core.odds import convolve

SHIP = "ship"
TRACKS = ("trade", "politics", "science")
EVENT_FACES = (SHIP, SHIP, SHIP) + TRACKS
MAX_LEVEL = 5
BARBARIAN_STEPS = 7
KNIGHT_LEVELS = (1, 2, 3)
MAX_METROPOLISES = 3
P_SHIP = Fraction(EVENT_FACES.count(SHIP), len(EVENT_FACES))


def _int(name: str, value, low: int, high: int | None = None) -> int:
    """``value`` as an int in [low, high], else ValueError naming ``name``."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{name} must be an integer, not {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise ValueError(f"{name} must be {bound}, not {value}")
    return value


def _track(track: str) -> str:
    """``track`` if it names an improvement track, else ValueError."""
    if track not in TRACKS:
        raise ValueError(f"track must be one of {', '.join(TRACKS)}, not {track!r}")
    return track


def _levels(levels: Mapping[str, int] | Sequence[int]) -> dict[str, int]:
    """Improvement levels as {track: level}, from a mapping or a (trade, politics, science) sequence."""
    if isinstance(levels, Mapping):
        unknown = set(levels) - set(TRACKS)
        if unknown:
            raise ValueError(f"unknown track(s) {sorted(map(str, unknown))}; tracks are {', '.join(TRACKS)}")
        out = {t: levels.get(t, 0) for t in TRACKS}
    else:
        if isinstance(levels, (str, bytes)) or len(levels) != len(TRACKS):
            raise ValueError(f"levels must be (trade, politics, science), not {levels!r}")
        out = dict(zip(TRACKS, levels))
    return {t: _int(f"{t} level", lv, 0, MAX_LEVEL) for t, lv in out.items()}


def _probability(value) -> Fraction:
    """``value`` as a Fraction in [0, 1] (ints and Fractions only: exact odds), else ValueError."""
    if isinstance(value, bool) or not isinstance(value, Rational):
        raise ValueError(f"a probability must be an int or a Fraction, not {value!r}")
    p = Fraction(value)
    if not 0 <= p <= 1:
        raise ValueError(f"a probability must be in [0, 1], not {p}")
    return p


# --- the event die ------------------------------------------------------------------------------------------


def event_die_distribution() -> dict[str, Fraction]:
    """P(event die face): ship 1/2; trade, politics and science gates 1/6 each."""
    n = len(EVENT_FACES)
    return {face: Fraction(EVENT_FACES.count(face), n) for face in (SHIP,) + TRACKS}


def red_event_distribution() -> dict[tuple[int, str], Fraction]:
    """Joint P(red die, event face) of two independent dice: 1/12 for (r, ship), 1/36 for (r, gate)."""
    return {(red, face): Fraction(1, 6) * p for red in range(1, 7) for face, p in event_die_distribution().items()}


# --- progress cards -----------------------------------------------------------------------------------------


def draws_progress(level: int, red: int) -> bool:
    """Whether a player at improvement ``level`` draws when their colour's gate shows with ``red`` (level >= red - 1)."""
    _int("level", level, 0, MAX_LEVEL)
    _int("red", red, 1, 6)
    return level >= 1 and level >= red - 1


def progress_chance(level: int, track: str = "trade") -> Fraction:
    """P(one roll gives a card of ``track`` to a player at ``level`` there): (1/6)(L + 1)/6, 0 at level 0."""
    _int("level", level, 0, MAX_LEVEL)
    _track(track)
    if level == 0:
        return Fraction(0)
    gate = event_die_distribution()[track]
    return gate * Fraction(min(level + 1, 6), 6)


def progress_chances(levels: Mapping[str, int] | Sequence[int]) -> dict[str, Fraction]:
    """P(one roll gives a card of each track), for levels {track: L} or (trade, politics, science)."""
    return {t: progress_chance(lv, t) for t, lv in _levels(levels).items()}


def progress_chance_any(levels: Mapping[str, int] | Sequence[int]) -> Fraction:
    """P(one roll gives a progress card of any colour): the sum over tracks (one gate per roll)."""
    return sum(progress_chances(levels).values(), Fraction(0))


def expected_progress_cards(levels: Mapping[str, int] | Sequence[int], rolls: int = 1) -> Fraction:
    """Expected progress cards drawn over ``rolls`` rolls (at most one per roll, so rolls * P(any))."""
    _int("rolls", rolls, 0)
    return rolls * progress_chance_any(levels)


def progress_within(levels: Mapping[str, int] | Sequence[int], rolls: int) -> Fraction:
    """P(at least one progress card within ``rolls`` rolls)."""
    _int("rolls", rolls, 0)
    return 1 - (1 - progress_chance_any(levels)) ** rolls


# --- the barbarian ship's arrival ---------------------------------------------------------------------------


def arrival_pmf(steps_left: int, rolls: int) -> Fraction:
    """P(the attack comes on exactly roll number ``rolls``) with ``steps_left`` steps: C(t-1, s-1) (1/2)^t."""
    s = _int("steps_left", steps_left, 1, BARBARIAN_STEPS)
    t = _int("rolls", rolls, 0)
    if t < s:
        return Fraction(0)
    return math.comb(t - 1, s - 1) * P_SHIP ** s * (1 - P_SHIP) ** (t - s)


def arrival_distribution(steps_left: int, max_rolls: int) -> dict[int, Fraction]:
    """{t: P(attack on roll t)} for t = steps_left..max_rolls, plus the key None for 'later than max_rolls'."""
    s = _int("steps_left", steps_left, 1, BARBARIAN_STEPS)
    _int("max_rolls", max_rolls, 0)
    dist: dict = {t: arrival_pmf(s, t) for t in range(s, max_rolls + 1)}
    dist[None] = 1 - sum(dist.values(), Fraction(0))
    return dist


def arrival_mean(steps_left: int) -> Fraction:
    """Expected rolls until the attack: s / P(ship) = 2s."""
    s = _int("steps_left", steps_left, 1, BARBARIAN_STEPS)
    return s / P_SHIP


def arrival_variance(steps_left: int) -> Fraction:
    """Variance of the rolls until the attack: s (1 - p) / p^2 = 2s."""
    s = _int("steps_left", steps_left, 1, BARBARIAN_STEPS)
    return s * (1 - P_SHIP) / P_SHIP ** 2


def arrival_within(steps_left: int, rolls: int) -> Fraction:
    """P(the attack comes within ``rolls`` rolls): at least ``steps_left`` ship faces among them."""
    s = _int("steps_left", steps_left, 1, BARBARIAN_STEPS)
    k = _int("rolls", rolls, 0)
    return sum((math.comb(k, j) * P_SHIP ** j * (1 - P_SHIP) ** (k - j) for j in range(s, k + 1)), Fraction(0))


def attack_before_next_turn(steps_left: int, players: int) -> Fraction:
    """P(an attack within one round of ``players`` rolls from now, yours included): arrival_within(s, n)."""
    n = _int("players", players, 1)
    return arrival_within(steps_left, n)


# --- the attack -----------------------------------------------------------------------------------------------


def barbarian_strength(cities: int, metropolises: int = 0) -> int:
    """Barbarian strength: plain cities plus metropolis cities, each counted once (4 cities + 1 metropolis = 5)."""
    c = _int("cities", cities, 0)
    m = _int("metropolises", metropolises, 0, MAX_METROPOLISES)
    return c + m


def defence(active_levels: Iterable[int]) -> int:
    """Catan's defence: the sum of the levels (1-3) of the active knights."""
    return sum(_int("knight level", lv, 1, max(KNIGHT_LEVELS)) for lv in active_levels)


def barbarians_win_chance(strength: int, active_levels: Iterable[int]) -> Fraction:
    """P(barbarians win) with known active knights: 1 if strength > defence, else 0 (ties go to Catan)."""
    _int("strength", strength, 0)
    return Fraction(int(strength > defence(active_levels)))


def defence_distribution(knights: Iterable[tuple[int, Fraction]]) -> dict[int, Fraction]:
    """{defence: P} when each knight (level, P(active)) is active independently."""
    dist: dict[int, Fraction] = {0: Fraction(1)}
    for level, p_active in knights:
        lv = _int("knight level", level, 1, max(KNIGHT_LEVELS))
        p = _probability(p_active)
        dist = convolve(dist, {k: q for k, q in ((lv, p), (0, 1 - p)) if q})
    return dict(sorted(dist.items()))


def barbarians_win_probability(strength: int, knights: Iterable[tuple[int, Fraction]]) -> Fraction:
    """P(barbarians win) when each knight (level, P(active)) is active independently: P(defence < strength)."""
    _int("strength", strength, 0)
    return sum((p for d, p in defence_distribution(knights).items() if d < strength), Fraction(0))


def players_knights(players: Iterable[tuple[Sequence[int], Fraction]]) -> list[tuple[int, Fraction]]:
    """Flatten [(a player's knight levels, P(each of them active, independently))] into a list of (level, P)."""
    return [(lv, p) for levels, p in players for lv in levels]
