"""Rattus heuristic bot: keep cubes away from the plague, send the plague where opponents lose most.

It uses only what its player may know (the odds of odds.py, as floats, with its own Witch peeks), never hidden ids.
"""
from __future__ import annotations

import random
from collections import deque

from ..core.protocol import Action
from .actions import (END_TURN, NEUTRAL_NO, NEUTRAL_YES, REVEAL, WITCH_KEEP, WITCH_STOP, KingToCastle,
                      KnightNeutral, MerchantMove, MonkMove, MovePlague, PeasantCube, Place, Spread, TakeClass)
from .components import KING
from .odds import best_plague_moves, cube_loss_distribution, expected_losses
from .rules import AFTER, MAIN, NEUTRAL, REVEAL_STEP, SETUP, SPREAD, WITCH2, RattusState


def distances(state: RattusState, source: int) -> list[int]:
    """Number of plague moves from ``source`` to every region (breadth-first search)."""
    nbrs = state.comp.topo.neighbours
    dist = [-1] * len(nbrs)
    dist[source] = 0
    queue = deque([source])
    while queue:
        r = queue.popleft()
        for t in nbrs[r]:
            if dist[t] < 0:
                dist[t] = dist[r] + 1
                queue.append(t)
    return dist


def _danger(dist: list[int], r: int) -> float:
    """How exposed a region is to the plague in the next turns (reachable in one move: most exposed)."""
    return {0: 0.5, 1: 1.0, 2: 0.5}.get(dist[r], 0.2)


class HeuristicBot:
    """A readable strategy a student can beat and explain (see docs/rattus.md)."""

    name = "heuristic"

    def choose(self, state: RattusState, rng: random.Random) -> Action:
        """The bot's action for the player to move."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        step = state.step
        if step == SETUP:
            return self._setup(state, actions, rng)
        if step == MAIN:
            return self._final(state, actions) if state.final_round else self._main(state, actions)
        if step == SPREAD:
            return self._spread(state, actions)
        if step == NEUTRAL:
            return self._neutral(state)
        if step == REVEAL_STEP:
            return REVEAL[0]
        if step == AFTER:
            king = [a for a in actions if isinstance(a, KingToCastle)]
            return king[0] if king else END_TURN
        if step == WITCH2:
            return WITCH_STOP
        return WITCH_KEEP

    # -- setup: far from the plague, where few cubes already are --------------------------------
    def _setup(self, state: RattusState, actions: list[Action], rng: random.Random) -> Action:
        dist = distances(state, state.plague)
        index = state.comp.topo.index
        best = max(min(dist[index[a.region]], 3) * 10 - sum(state.cubes[index[a.region]]) + rng.random()
                   for a in actions)
        for a in actions:
            r = index[a.region]
            if min(dist[r], 3) * 10 - sum(state.cubes[r]) + rng.random() >= best - 1:
                return a
        return actions[0]

    # -- a normal turn ---------------------------------------------------------------------------
    def _main(self, state: RattusState, actions: list[Action]) -> Action:
        p = state.active
        by_kind: dict[type, list[Action]] = {}
        for a in actions:
            by_kind.setdefault(type(a), []).append(a)
        if KingToCastle in by_kind:
            return by_kind[KingToCastle][0]
        if TakeClass in by_kind and state.owners[KING] != p:
            for a in by_kind[TakeClass]:
                if a.card == "king":
                    return a
        dist = distances(state, state.plague)
        index = state.comp.topo.index
        if MerchantMove in by_kind:
            move = self._merchant(state, by_kind[MerchantMove], dist)
            if move is not None:
                return move
        if Place in by_kind:
            def value(a: Place) -> float:
                r = index[a.region]
                count = min(len(state.rats[r]) + a.peasant, state.reserve[p])
                return count * (1.0 - 0.6 * _danger(dist, r)) + 0.01 * a.peasant
            return max(by_kind[Place], key=value)
        moves = best_plague_moves(state, exact=False)
        if moves:
            return moves[0].action
        return by_kind.get(MovePlague, actions)[0]

    def _merchant(self, state: RattusState, moves: list[Action], dist: list[int]) -> Action | None:
        """Evacuate cubes from a region the plague can reach next turn to a safer neighbour."""
        index = state.comp.topo.index
        best, gain = None, 0.0
        for a in moves:
            s, t = index[a.source], index[a.target]
            if not state.rats[s]:
                continue
            g = a.count * (_danger(dist, s) - _danger(dist, t) + 0.3 * (len(state.rats[s]) - len(state.rats[t])))
            if g > gain:
                best, gain = a, g
        return best

    # -- the final round: secure cubes before every token is revealed ------------------------------
    def _final(self, state: RattusState, actions: list[Action]) -> Action:
        p = state.active
        index = state.comp.topo.index
        for a in actions:
            if isinstance(a, KingToCastle):
                return a
        merchant = [a for a in actions if isinstance(a, MerchantMove)
                    and state.rats[index[a.source]] and not state.rats[index[a.target]]]
        if merchant:
            return max(merchant, key=lambda a: a.count)
        peasant = [a for a in actions if isinstance(a, PeasantCube)]
        if peasant:
            safe = [a for a in peasant if not state.rats[index[a.region]]]
            return (safe or peasant)[0]
        monk = [a for a in actions if isinstance(a, MonkMove)]
        if monk:
            def gain(a: MonkMove) -> int:
                s, t = index[a.source], index[a.target]
                return (state.cubes[s][p] * 2 - sum(state.cubes[s])) - (state.cubes[t][p] * 2 - sum(state.cubes[t]))
            best = max(monk, key=gain)
            if gain(best) > 0:
                return best
        knight = [a for a in actions if isinstance(a, MovePlague)]
        if knight:
            n = state.players

            def extra(a: MovePlague) -> float:
                r = index[a.to]
                with_n = expected_losses(cube_loss_distribution(state, r, p, True, exact=False))
                without = expected_losses(cube_loss_distribution(state, r, p, False, exact=False))
                diff = [w - o for w, o in zip(with_n, without)]
                return float(sum(diff[q] for q in range(n) if q != p) / (n - 1) - diff[p])
            best = max(knight, key=extra)
            if extra(best) > 0:
                return best
        return END_TURN

    # -- the plague ----------------------------------------------------------------------------------
    def _spread(self, state: RattusState, actions: list[Action]) -> Action:
        p = state.active
        index = state.comp.topo.index

        def value(a: Spread) -> int:
            c = state.cubes[index[a.region]]
            return sum(c) - 3 * c[p]
        return max(actions, key=value)

    def _neutral(self, state: RattusState) -> KnightNeutral:
        p = state.active
        n = state.players
        scores = []
        for declare in (False, True):
            exp = expected_losses(cube_loss_distribution(state, state.plague, p, declare, exact=False))
            scores.append(sum(exp[q] for q in range(n) if q != p) / (n - 1) - exp[p])
        return NEUTRAL_YES if scores[1] > scores[0] else NEUTRAL_NO
