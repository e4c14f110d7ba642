"""Exact Rattus odds (Fractions) from public information plus, optionally, one player's Witch peeks.

Model: a face-down token a player has not seen is a uniform draw without replacement from the tokens not yet
revealed minus those the player has seen (board, supply and removed tokens alike). When the plague ravages a
region, the next token revealed is a uniformly random face-down token of the region (for tokens nobody can
tell apart this is the same as any choice the active player makes). The reveal loop stops when the region
has no cube or no token left, so losses are computed by recursion over the unrevealed multiset, never as
independent draws. Every token is applied with ``rules.resolve_token``, the one place the effect rule lives.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction

from ..core.odds import expectation, hypergeom_pmf
from .actions import MovePlague
from .components import CLASS_INDEX, KNIGHT, KNIGHT_NEUTRAL, MAX_TOKENS, spread_count
from .rules import MAIN, RattusState, resolve_token
from .tokens import TokenSet

LossDist = dict  # {(cubes lost by player 0, ..., player n-1): Fraction}


# --------------------------------------------------------------------------------------------
# What a player knows
# --------------------------------------------------------------------------------------------
def unseen_tokens(state: RattusState, player: int | None = None) -> list[int]:
    """Face-down tokens (board, supply, removed) that ``player`` has not looked at; None = nobody's peeks."""
    known = set(state.peeks[player]) if player is not None else set()
    out = [t for rats in state.rats for t in rats if t not in known]
    return out + state.supply + state.removed


def _region_view(state: RattusState, region: int, player: int | None) -> tuple[list[int], int]:
    """(tokens of the region the player knows, number of unknown face-down tokens there)."""
    known = set(state.peeks[player]) if player is not None else set()
    rats = state.rats[region]
    seen = [t for t in rats if t in known]
    return seen, len(rats) - len(seen)


def _index(state: RattusState, region: int | str) -> int:
    if isinstance(region, str):
        r = state.region_index(region)
        if r is None:
            raise ValueError(f"{region!r} is not a region in play")
        return r
    return region


# --------------------------------------------------------------------------------------------
# Contamination
# --------------------------------------------------------------------------------------------
def token_contamination_probability(state: RattusState, cubes: int, player: int | None = None) -> Fraction:
    """P(one unseen face-down token has a threshold of at most ``cubes``): it would contaminate that many cubes."""
    pool = unseen_tokens(state, player)
    if not pool:
        return Fraction(0)
    th = state.comp.tokens.threshold
    return Fraction(sum(1 for t in pool if th[t] <= cubes), len(pool))


def contamination_probability(state: RattusState, region: int | str, cubes: int | None = None,
                              player: int | None = None, neutral: bool = False) -> Fraction:
    """P(at least one token of ``region`` contaminates if the plague enters it now) given its cubes.

    A token below its threshold changes nothing, so the first contamination happens exactly when some
    face-down token has a threshold of at most the cube count (+2 with the Knight's neutral cubes):
    1 - P(every token is above it), hypergeometric over the unseen tokens.
    """
    r = _index(state, region)
    real = sum(state.cubes[r]) if cubes is None else cubes
    if real <= 0 or not state.rats[r]:
        return Fraction(0)
    c = real + (KNIGHT_NEUTRAL if neutral else 0)
    th = state.comp.tokens.threshold
    seen, unknown = _region_view(state, r, player)
    if any(th[t] <= c for t in seen):
        return Fraction(1)
    pool = unseen_tokens(state, player)
    safe = sum(1 for t in pool if th[t] > c)
    return 1 - hypergeom_pmf(unknown, len(pool), safe, unknown)


# --------------------------------------------------------------------------------------------
# The distribution of cubes lost in a ravage (recursion over the unrevealed multiset)
# --------------------------------------------------------------------------------------------
INERT = (0,)  # the key of tokens whose threshold is above every cube count the region can still have


def _falling(n: int, k: int) -> int:
    out = 1
    for i in range(k):
        out *= n - i
    return out


class _Ravage:
    """Memoized recursion for one region's ravage: integer weights over (reveal order, token draw) sequences.

    Tokens are grouped by their effect here: threshold, M, A and class hits per player (only for card
    holders with cubes in the region); tokens above the starting cube count can never trigger and share one key.
    """

    def __init__(self, ts: TokenSet, owners: tuple[int, ...], start: tuple[int, ...], neutral: int):
        self.ts, self.owners, self.neutral = ts, list(owners), neutral
        self.top = sum(start) + neutral
        present = [c > 0 for c in start]
        self.rep: dict[tuple, int] = {}
        self.key_of: dict[int, tuple] = {}
        for t in range(len(ts)):
            if ts.threshold[t] > self.top:
                key = INERT
            else:
                hits = [0] * len(start)
                for c in ts.classes[t]:
                    o = owners[c]
                    if o >= 0 and present[o]:
                        hits[o] += 1
                key = (ts.threshold[t], ts.majority[t], ts.all[t], tuple(hits))
            self.rep.setdefault(key, t)
            self.key_of[t] = key
        self.memo: dict = {}
        self.effects: dict = {}

    def apply(self, key: tuple, cubes: tuple[int, ...]) -> tuple[int, ...]:
        """Cubes left after revealing a token of this key."""
        hit = self.effects.get((key, cubes))
        if hit is None:
            if key is INERT:
                hit = cubes
            else:
                after = list(cubes)
                resolve_token(self.ts, self.rep[key], after, self.owners, self.neutral)
                hit = tuple(after)
            self.effects[(key, cubes)] = hit
        return hit

    def weights(self, cubes: tuple[int, ...], known: tuple, unknown: int, pool: tuple, size: int) -> dict:
        """{cubes left: number of equally likely (order, draw) sequences}; they total slots! * size^(unknown)."""
        slots = len(known) + unknown
        if not any(cubes) or not slots:
            return {cubes: _factorial(slots) * _falling(size, unknown)}
        memo_key = (cubes, known, unknown, pool)
        hit = self.memo.get(memo_key)
        if hit is not None:
            return hit
        out: dict = {}
        if slots == 1:
            if known:
                out[self.apply(known[0], cubes)] = 1
            else:
                for key, c in pool:
                    end = self.apply(key, cubes)
                    out[end] = out.get(end, 0) + c
            self.memo[memo_key] = out
            return out
        for key, m in Counter(known).items():
            rest = list(known)
            rest.remove(key)
            for end, w in self.weights(self.apply(key, cubes), tuple(rest), unknown, pool, size).items():
                out[end] = out.get(end, 0) + m * w
        if unknown:
            for i, (key, c) in enumerate(pool):
                rest = pool[:i] + (((key, c - 1),) if c > 1 else ()) + pool[i + 1:]
                for end, w in self.weights(self.apply(key, cubes), known, unknown - 1, rest, size - 1).items():
                    out[end] = out.get(end, 0) + unknown * c * w
        self.memo[memo_key] = out
        return out


def _factorial(k: int) -> int:
    return _falling(k, k)


def cube_loss_distribution(state: RattusState, region: int | str, player: int | None = None,
                           neutral: bool = False, owners: list[int] | None = None,
                           cubes: list[int] | None = None) -> LossDist:
    """The joint distribution of cubes each player loses if the plague ravages ``region`` now.

    ``player``: whose Witch peeks are used (None: public information only); ``neutral``: the Knight's 2 cubes;
    ``owners``/``cubes``: what-if card holders (one player index or -1 per class) and cubes in the region.
    """
    r = _index(state, region)
    start = tuple(state.cubes[r] if cubes is None else cubes)
    owners_t = tuple(state.owners if owners is None else owners)
    rav = _Ravage(state.comp.tokens, owners_t, start, KNIGHT_NEUTRAL if neutral else 0)
    seen, unknown = _region_view(state, r, player)
    pool = Counter(rav.key_of[t] for t in unseen_tokens(state, player))
    size = sum(pool.values())
    if unknown > size:
        raise ValueError("more unknown tokens in the region than unseen tokens")
    known = tuple(sorted(rav.key_of[t] for t in seen))
    ends = rav.weights(start, known, unknown, tuple(sorted(pool.items())), size)
    total = _factorial(len(known) + unknown) * _falling(size, unknown)
    out: LossDist = {}
    for end, w in ends.items():
        lost = tuple(a - b for a, b in zip(start, end))
        out[lost] = out.get(lost, 0) + Fraction(w, total)
    return out


def expected_losses(dist: LossDist) -> list[Fraction]:
    """Expected cubes lost per player from a loss distribution."""
    n = len(next(iter(dist)))
    return [expectation(dist, lambda lost, p=p: lost[p]) for p in range(n)]


def loss_distribution_of(dist: LossDist, player: int) -> dict[int, Fraction]:
    """The marginal distribution of one player's lost cubes."""
    out: dict[int, Fraction] = {}
    for lost, p in dist.items():
        out[lost[player]] = out.get(lost[player], 0) + p
    return out


def class_card_risk(state: RattusState, region: int | str, player: int, card: str,
                    observer: int | None = None, neutral: bool = False) -> tuple[Fraction, Fraction]:
    """Expected cubes ``player`` loses if the plague ravages ``region``: (without ``card``, with it).

    "Without" leaves the card where it is (on the table if ``player`` holds it); "with" gives it to ``player``.
    """
    c = CLASS_INDEX[card]
    without = list(state.owners)
    if without[c] == player:
        without[c] = -1
    with_card = list(state.owners)
    with_card[c] = player
    res = []
    for owners in (without, with_card):
        dist = cube_loss_distribution(state, region, observer, neutral, owners=owners)
        res.append(expected_losses(dist)[player])
    return res[0], res[1]


# --------------------------------------------------------------------------------------------
# Choosing where the plague goes
# --------------------------------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class PlagueMove:
    """One destination of the plague with the expected cubes each player would lose there."""

    action: MovePlague
    neutral: bool
    expected_loss: tuple[Fraction, ...]
    per_opponent: Fraction
    own: Fraction

    @property
    def score(self) -> Fraction:
        """Expected cubes lost per opponent minus the mover's own expected loss."""
        return self.per_opponent - self.own

    def to_json(self) -> dict:
        """Plain data for widgets (floats for charts, exact values as strings)."""
        return {"to": self.action.to, "via": self.action.via, "neutral": self.neutral,
                "expected_loss": [str(x) for x in self.expected_loss], "per_opponent": str(self.per_opponent),
                "own": str(self.own), "score": float(self.score)}


def best_plague_moves(state: RattusState, player: int | None = None) -> list[PlagueMove]:
    """Every plague destination open to the active player (and the Knight's neutral choice), best first.

    Ranked by expected cubes lost per opponent minus the active player's own expected loss, using the
    active player's knowledge (their Witch peeks) unless ``player`` says otherwise.
    """
    if state.step != MAIN or state.current_player < 0:
        return []
    me = state.active
    who = me if player is None else player
    n = state.players
    seen: set[str] = set()
    out = []
    knight = state.owners[KNIGHT] == me
    for a in state.legal_actions():
        if not isinstance(a, MovePlague) or a.to in seen:
            continue
        seen.add(a.to)
        for neutral in ((False, True) if knight and not state.final_round else (False,)):
            if state.final_round:
                exp = tuple(Fraction(0) for _ in range(n))
            else:
                exp = tuple(expected_losses(cube_loss_distribution(state, a.to, who, neutral)))
            opp = sum(exp[p] for p in range(n) if p != me) / (n - 1)
            out.append(PlagueMove(a, neutral, exp, opp, exp[me]))
    out.sort(key=lambda m: (-m.score, m.own))
    return out


# --------------------------------------------------------------------------------------------
# Spread
# --------------------------------------------------------------------------------------------
def tokens_spread(state: RattusState, region: int | str) -> int:
    """How many new tokens the plague would spread from ``region`` now (cap of 3, full neighbours, supply)."""
    r = _index(state, region)
    want = spread_count(len(state.rats[r]))
    room = sum(MAX_TOKENS - len(state.rats[t]) for t in state.comp.topo.neighbours[r])
    return min(want, room, len(state.supply))


def spread_distribution(state: RattusState) -> dict[int, Fraction]:
    """Distribution of tokens spread if the plague moves to a uniformly random neighbour of where it is."""
    nbrs = state.comp.topo.neighbours[state.plague]
    counts = Counter(tokens_spread(state, t) for t in nbrs)
    return {k: Fraction(v, len(nbrs)) for k, v in sorted(counts.items())}


def expected_tokens_spread(state: RattusState) -> Fraction:
    """Expected tokens spread if the plague moves to a uniformly random neighbour."""
    return expectation(spread_distribution(state))


__all__ = ["unseen_tokens", "token_contamination_probability", "contamination_probability",
           "cube_loss_distribution", "expected_losses", "loss_distribution_of", "class_card_risk",
           "PlagueMove", "best_plague_moves", "tokens_spread", "spread_distribution", "expected_tokens_spread"]
