"""Exact Rattus odds (Fractions) from everything one player can know: public history plus their Witch peeks.

Model (perfect memory of public information): a face-down token is known to come from one of two deals seen
at the table (``RattusState.hidden_worlds``). A token dealt to a region at setup is one of the setup tokens not
yet revealed; every other face-down token (on the board, in the supply, removed) is one of the normal tokens or
unused setup tokens that no deal placed elsewhere. Tokens the player has peeked at are known. Every world
consistent with this is equally likely: the odds ask ``hidden_worlds(p).distribution``, the very model
``determinize`` samples from. Choices made by players who know more (which token a Witch swaps, which token
the active player reveals first) are not read as evidence. When the plague ravages a region its tokens are
revealed in a uniformly random order; the reveal stops when the region has no cube or no token left, so losses
are computed by recursion over the region's tokens, never as independent draws. Every token is applied with
``rules.resolve_token``, the one place the effect rule lives.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from fractions import Fraction

from ..core.odds import expectation
from ..core.worlds import HiddenWorlds
from .actions import MovePlague
from .components import CLASS_INDEX, KNIGHT, KNIGHT_NEUTRAL, MAX_TOKENS, spread_count
from .rules import MAIN, RattusState, resolve_token
from .tokens import TokenSet

LossDist = dict  # {(cubes lost by player 0, ..., player n-1): Fraction}


# --------------------------------------------------------------------------------------------
# What a player knows
# --------------------------------------------------------------------------------------------
def hidden_worlds(state: RattusState, player: int | None = None) -> HiddenWorlds:
    """The token layouts ``player`` cannot tell apart (None: public information only, nobody's peeks)."""
    return state.hidden_worlds(-1 if player is None else player)


def unseen_tokens(state: RattusState, player: int | None = None) -> list[int]:
    """Face-down tokens (board, supply, removed) that ``player`` has not looked at; None = nobody's peeks."""
    known = set(state.peeks[player]) if player is not None else set()
    out = [t for rats in state.rats for t in rats if t not in known]
    return out + state.supply + state.removed


def region_slots(worlds: HiddenWorlds, region: int) -> list[tuple]:
    """The hidden slots of one region (its face-down tokens the player has not peeked at)."""
    return [s for s in worlds.slots if s[0] == "rats" and s[1] == region]


def _region_view(state: RattusState, region: int, player: int | None) -> tuple[list[int], HiddenWorlds, list]:
    """(tokens of the region the player knows, the player's hidden worlds, the region's hidden slots)."""
    known = set(state.peeks[player]) if player is not None else set()
    seen = [t for t in state.rats[region] if t in known]
    worlds = hidden_worlds(state, player)
    return seen, worlds, region_slots(worlds, region)


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
    """P(the next token drawn from the supply has a threshold of at most ``cubes``): it would contaminate them."""
    if not state.supply:
        return Fraction(0)
    th = state.comp.tokens.threshold
    return hidden_worlds(state, player).marginal(("supply", 0), key=lambda t: th[t] <= cubes).get(True, Fraction(0))


def contamination_probability(state: RattusState, region: int | str, cubes: int | None = None,
                              player: int | None = None, neutral: bool = False) -> Fraction:
    """P(at least one token of ``region`` contaminates if the plague enters it now) given its cubes.

    A token below its threshold changes nothing, so the first contamination happens exactly when some
    face-down token has a threshold of at most the cube count (+2 with the Knight's neutral cubes):
    1 - P(every token is above it), over the player's hidden worlds.
    """
    r = _index(state, region)
    real = sum(state.cubes[r]) if cubes is None else cubes
    if real <= 0 or not state.rats[r]:
        return Fraction(0)
    c = real + (KNIGHT_NEUTRAL if neutral else 0)
    th = state.comp.tokens.threshold
    seen, worlds, slots = _region_view(state, r, player)
    if any(th[t] <= c for t in seen):
        return Fraction(1)
    return 1 - worlds.probability(all, slots, key=lambda t: th[t] > c)


# --------------------------------------------------------------------------------------------
# The distribution of cubes lost in a ravage (recursion over the reveal order)
# --------------------------------------------------------------------------------------------
INERT = (0,)  # the key of tokens whose threshold is above every cube count the region can still have


def _factorial(k: int) -> int:
    out = 1
    for i in range(2, k + 1):
        out *= i
    return out


class _Ravage:
    """Memoized recursion for one region's ravage: how many reveal orders of known tokens end in each cube count.

    Tokens are grouped by their effect here: threshold, M, A and class hits per player (only for card
    holders with cubes in the region); tokens above the starting cube count can never trigger and share one key.
    """

    def __init__(self, ts: TokenSet, owners: tuple[int, ...], start: tuple[int, ...], neutral: int):
        self.ts, self.owners, self.neutral = ts, list(owners), neutral
        self.top = sum(start) + neutral
        present = [c > 0 for c in start]
        self.rep: dict[tuple, int] = {}
        self.key_of: list[tuple] = []
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
            self.key_of.append(key)
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

    def weights(self, cubes: tuple[int, ...], keys: tuple) -> dict:
        """{cubes left: number of reveal orders of ``keys`` (a sorted tuple) ending there}; they total len!."""
        if not any(cubes) or not keys:
            return {cubes: _factorial(len(keys))}
        memo_key = (cubes, keys)
        hit = self.memo.get(memo_key)
        if hit is not None:
            return hit
        out: dict = {}
        for key, m in Counter(keys).items():
            rest = list(keys)
            rest.remove(key)
            for end, w in self.weights(self.apply(key, cubes), tuple(rest)).items():
                out[end] = out.get(end, 0) + m * w
        self.memo[memo_key] = out
        return out


class _Urns:
    """The two deals of ``hidden_worlds`` as urns, drawn from one face-down token at a time as it is revealed.

    A token dealt at setup is one of ``setup`` (the unplaced setup tokens, by key); any other hidden token is
    either a normal token (``normal``, by key) or one of the ``left`` setup tokens the setup deal did not use,
    which are a uniformly random subset of ``setup``. So a later-dealt token is normal with chance
    normal/(normal + left), else a leftover setup token, uniform among ``setup``.
    """

    @staticmethod
    def draw_setup(setup: tuple, left: int, ratio):
        total = sum(c for _, c in setup)
        for i, (key, c) in enumerate(setup):
            yield key, ratio(c, total), _take(setup, i), left

    @staticmethod
    def draw_later(setup: tuple, normal: tuple, left: int, ratio):
        n_normal = sum(c for _, c in normal)
        pool = n_normal + left
        for i, (key, c) in enumerate(normal):
            yield key, ratio(c, pool), setup, _take(normal, i), left
        if left:
            total = sum(c for _, c in setup)
            for i, (key, c) in enumerate(setup):
                yield key, ratio(left * c, pool * total), _take(setup, i), normal, left - 1


def _take(pool: tuple, i: int) -> tuple:
    key, c = pool[i]
    return pool[:i] + (((key, c - 1),) if c > 1 else ()) + pool[i + 1:]


def _counts(keys) -> tuple:
    return tuple(sorted(Counter(keys).items()))


def _ravage_unknown(rav: _Ravage, cubes: tuple, known: tuple, at_setup: int, later: int, setup: tuple,
                    normal: tuple, left: int, memo: dict, ratio=Fraction) -> dict:
    """{cubes left: probability}: tokens revealed in a uniformly random order, hidden ones drawn as revealed.

    ``ratio(a, b)`` is a/b as a Fraction (exact) or as a float (the bots' fast estimate)."""
    slots = len(known) + at_setup + later
    if not any(cubes) or not slots:
        return {cubes: ratio(1, 1)}
    if not at_setup and not later:
        total = _factorial(slots)
        return {end: ratio(w, total) for end, w in rav.weights(cubes, known).items()}
    memo_key = (cubes, known, at_setup, later, setup, normal, left)
    hit = memo.get(memo_key)
    if hit is not None:
        return hit
    out: dict = {}

    def add(p: Fraction, dist: dict) -> None:
        for end, q in dist.items():
            out[end] = out.get(end, 0) + p * q

    for key, m in Counter(known).items():
        rest = list(known)
        rest.remove(key)
        add(ratio(m, slots), _ravage_unknown(rav, rav.apply(key, cubes), tuple(rest), at_setup, later, setup,
                                             normal, left, memo, ratio))
    if at_setup:
        share = ratio(at_setup, slots)
        for key, p, setup2, left2 in _Urns.draw_setup(setup, left, ratio):
            add(share * p, _ravage_unknown(rav, rav.apply(key, cubes), known, at_setup - 1, later, setup2, normal,
                                           left2, memo, ratio))
    if later:
        share = ratio(later, slots)
        for key, p, setup2, normal2, left2 in _Urns.draw_later(setup, normal, left, ratio):
            add(share * p, _ravage_unknown(rav, rav.apply(key, cubes), known, at_setup, later - 1, setup2,
                                           normal2, left2, memo, ratio))
    memo[memo_key] = out
    return out


def _float_ratio(a: int, b: int) -> float:
    return a / b


def cube_loss_distribution(state: RattusState, region: int | str, player: int | None = None,
                           neutral: bool = False, owners: list[int] | None = None,
                           cubes: list[int] | None = None, exact: bool = True) -> LossDist:
    """The joint distribution of cubes each player loses if the plague ravages ``region`` now.

    ``player``: whose Witch peeks are used (None: public information only); ``neutral``: the Knight's 2 cubes;
    ``owners``/``cubes``: what-if card holders (one player index or -1 per class) and cubes in the region;
    ``exact=False``: floats instead of Fractions (the same model, several times faster: for the bots).
    The region's hidden tokens are drawn from the two deals of ``hidden_worlds(player)`` as they are revealed
    (the same worlds ``determinize`` samples; the tests check it against ``HiddenWorlds.distribution``).
    """
    r = _index(state, region)
    start = tuple(state.cubes[r] if cubes is None else cubes)
    owners_t = tuple(state.owners if owners is None else owners)
    rav = _Ravage(state.comp.tokens, owners_t, start, KNIGHT_NEUTRAL if neutral else 0)
    seen, worlds, slots = _region_view(state, r, player)
    first, second = worlds.deals
    at_setup = sum(1 for s in slots if s in set(first.slots))
    key = rav.key_of
    ends = _ravage_unknown(rav, start, tuple(sorted(key[t] for t in seen)), at_setup, len(slots) - at_setup,
                           _counts(key[t] for t in first.items), _counts(key[t] for t in second.items),
                           len(first.items) - len(first.slots), {}, Fraction if exact else _float_ratio)
    out: LossDist = {}
    for end, p in ends.items():
        lost = tuple(a - b for a, b in zip(start, end))
        out[lost] = out.get(lost, 0) + p
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


def best_plague_moves(state: RattusState, player: int | None = None, exact: bool = True) -> list[PlagueMove]:
    """Every plague destination open to the active player (and the Knight's neutral choice), best first.

    Ranked by expected cubes lost per opponent minus the active player's own expected loss, using the
    active player's knowledge (their Witch peeks) unless ``player`` says otherwise; ``exact=False``: floats.
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
                exp = tuple(expected_losses(cube_loss_distribution(state, a.to, who, neutral, exact=exact)))
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


__all__ = ["hidden_worlds", "region_slots", "unseen_tokens", "token_contamination_probability", "contamination_probability",
           "cube_loss_distribution", "expected_losses", "loss_distribution_of", "class_card_risk",
           "PlagueMove", "best_plague_moves", "tokens_spread", "spread_distribution", "expected_tokens_spread"]
