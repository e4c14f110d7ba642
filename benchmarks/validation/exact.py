"""Exact win probabilities of each action, by enumerating the rest of the game (no playouts, no analysis code).

After the analysed action, every chance event is followed through all its outcomes with the engine's exact
probabilities (``chance_outcomes``, Fractions). With ``continuation="forced"`` a later decision must not matter: it
has one legal action, or all its actions give the analysed player the same chance (so the answer holds however
everybody plays on, and the best action is the one that maximises the win rate). With ``continuation="random"``
each legal action is taken with equal probability: the assumption of the default playout policy ("every player
then plays uniformly random legal moves"). Positions whose value would depend on what
the decider cannot see are rejected by ``hidden_irrelevant`` (the values must be the same in sampled worlds).
"""
from __future__ import annotations

import itertools
import json
import random
from fractions import Fraction
from math import perm

CONTINUATIONS = ("forced", "random")


class NotExact(Exception):
    """The rest of the game is too large to enumerate, or has a real decision under ``continuation="forced"``."""


def _fraction(x: float) -> Fraction:
    return Fraction(x).limit_denominator(60)  # a win is 1, a loss 0, a shared win 1/2 .. 1/6


def action_values(state, player: int, continuation: str = "forced", limit: int = 200_000,
                  max_draws: int | None = None, settled=None, key=None) -> list[Fraction]:
    """The exact win probability of ``player`` after each legal action of the state, in legal-action order;
    NotExact if some line of play meets more than ``max_draws`` chance events (when given).

    Game-specific shortcuts, each a rule of the game (and checked by the tests): ``settled(s)`` is True when no
    chance event is left and no move can change anyone's result any more (the rest of the game is then played with
    the last legal move, the one that ends a step); ``key(s)``, when given, is what of ``s`` the rest of the game depends on (the memo key)."""
    if continuation not in CONTINUATIONS:
        raise ValueError(f"continuation must be one of {CONTINUATIONS}")
    nodes = [0]
    memo: dict[str, Fraction] = {}

    def value(s, draws: int = 0) -> Fraction:
        k = (key(s) if key is not None else json.dumps(s.FIELDS.encode(s), sort_keys=True)) + f"/{draws}"
        if k not in memo:  # the position without its event log
            memo[k] = _value(s, draws)
        return memo[k]

    def _value(s, draws: int) -> Fraction:
        nodes[0] += 1
        if nodes[0] > limit:
            raise NotExact(f"more than {limit} nodes")
        if settled is not None and not s.is_terminal() and settled(s):
            s = s.clone()
            while not s.is_terminal():
                if s.current_player < 0:
                    raise NotExact("a chance event after a settled position")
                s.apply(s.legal_actions()[-1])
        if s.is_terminal():
            return _fraction(s.returns()[player])
        if s.current_player < 0:  # chance
            if max_draws is not None and draws >= max_draws:
                raise NotExact(f"more than {max_draws} chance events")
            total = Fraction(0)
            for a, q in s.chance_outcomes():
                t = s.clone()
                t.apply(a)
                total += q * value(t, draws + 1)
            return total
        values = []
        for a in s.legal_actions():
            t = s.clone()
            t.apply(a)
            values.append(value(t, draws))
        if continuation == "forced" and len(set(values)) > 1:
            raise NotExact("a later decision changes the result")
        return sum(values, Fraction(0)) / len(values)

    out = []
    state = state.clone().quiet()  # the event log is never read here
    for a in state.legal_actions():
        t = state.clone()
        t.apply(a)
        out.append(value(t))
    return out


def hidden_irrelevant(state, player: int, values: list[Fraction], continuation: str, worlds: int = 8,
                      seed: int = 0, **shortcuts) -> bool:
    """True if the exact values are the same in ``worlds`` worlds sampled for ``player`` (``determinize``):
    what the player cannot see does not change the answer, so the values above are the player's own."""
    rng = random.Random(seed)
    for _ in range(worlds):
        w = state.determinize(player, random.Random(rng.getrandbits(64)))
        if action_values(w, player, continuation, **shortcuts) != values:
            return False
    return True


class _ScriptedShuffle:
    """Stands in for ``random.Random`` in ``determinize``: each shuffle puts the chosen items first, in order."""

    def __init__(self, picks: list[tuple[int, ...]]):
        self.picks, self.calls = picks, 0

    def shuffle(self, pool: list) -> None:
        """Reorder ``pool``: the scripted indices first, then the rest in their order."""
        chosen = self.picks[self.calls]
        self.calls += 1
        rest = [x for i, x in enumerate(pool) if i not in set(chosen)]
        pool[:] = [pool[i] for i in chosen] + rest

    def __getattr__(self, name):
        raise NotExact(f"determinize uses rng.{name}: its worlds cannot be enumerated by scripted shuffles")


def worlds(state, player: int, limit: int = 5000):
    """Every world of ``player``'s information set as (state, probability), all equally likely; None if the game
    describes no hidden deals. NotExact past ``limit`` worlds."""
    hidden = state.hidden_worlds(player)
    if hidden is None:
        return None
    sizes, pool = [], 0
    for deal in hidden.deals:
        pool += len(deal.items)
        sizes.append((pool, len(deal.slots)))
        pool -= len(deal.slots)
    count = 1
    for n, m in sizes:
        count *= perm(n, m)
    if count > limit:
        raise NotExact(f"{count} hidden worlds")
    out = []
    for picks in itertools.product(*(itertools.permutations(range(n), m) for n, m in sizes)):
        rng = _ScriptedShuffle(list(picks))
        w = state.determinize(player, rng)
        if rng.calls != len(sizes):
            raise NotExact("determinize did not shuffle once per hidden deal")
        out.append((w, Fraction(1, count)))
    return out


def last_number_worlds(state, player: int):
    """Master of Rules, when at most one Number card is still to be drawn before the game ends (the second Dummy's
    card after the final transaction of a 3-player game): the worlds of ``player`` are the Number cards it cannot
    place (the deck and the unknown cards of the other hands), each equally likely to be that card (they are
    exchangeable: the player cannot tell the deck from the hands). Each world puts one of them alone in the deck;
    the hands no longer matter, since nobody plays again. ``action_values(..., max_draws=1)`` checks that one draw is
    all that remains."""
    unknown = list(state.deck_numbers)
    for q in range(state.players):
        if q != player:
            unknown += [c for c in state.hand_numbers[q] if c not in state.known_numbers[q]]
    out = []
    for card in sorted(unknown):
        w = state.clone()
        w.deck_numbers = [card]
        out.append((w, Fraction(1, len(unknown))))
    return out


def decider_values(state, player: int, continuation: str = "forced", limit: int = 200_000,
                   world_limit: int = 5000, **shortcuts) -> list[Fraction]:
    """The exact win probability of each legal action as ``player`` can know it: averaged over every world of the
    information set (or, when the game describes no hidden deals or they are too many to list, checked to be the
    same in sampled worlds)."""
    if state.game_name == "master_of_rules" and last_number_worlds(state, player):
        try:
            total = None
            for w, p in last_number_worlds(state, player):
                v = action_values(w, player, continuation, limit, max_draws=1)
                total = [p * x for x in v] if total is None else [t + p * x for t, x in zip(total, v)]
            return total
        except NotExact:
            pass  # more than the last Number card is still to come: as any game below
    try:
        ws = worlds(state, player, world_limit)
    except NotExact:
        ws = None  # too many worlds to list: accepted only if they cannot change the answer
    if ws is None:
        values = action_values(state, player, continuation, limit, **shortcuts)
        if not hidden_irrelevant(state, player, values, continuation, **shortcuts):
            raise NotExact("the values depend on what the decider cannot see")
        return values
    total = None
    for w, p in ws:
        v = action_values(w, player, continuation, limit, **shortcuts)
        total = [p * x for x in v] if total is None else [t + p * x for t, x in zip(total, v)]
    return total
