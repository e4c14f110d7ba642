"""A heuristic Catan bot. It decides from what its seat can know: the board, its own hand and cards, and the
public counts (it never reads another player's hand or the deck order), so its choice does not change when the
hidden information of its view is resampled by ``determinize``."""
from __future__ import annotations

import random

from ..core.protocol import Action, GameState
from .actions import (AcceptOffer, BankTrade, BuildCity, BuildRoad, BuildSettlement, BuyDevelopment, ConfirmTrade,
                      EndTurn, PlayKnight, PlayMonopoly, PlayRoadBuilding, PlayYearOfPlenty, RejectOffer, Roll)
from .board import RESOURCES
from .combined.bots import CombinedHeuristicBot
from .combined.state import CombinedState
from .components import CITY_COST, DEV_COST, KNIGHT, ROAD_COST, SETTLEMENT_COST

PIPS = {n: 6 - abs(n - 7) for n in range(2, 13)}
PIPS[7] = 0
BRICK, LUMBER, WOOL, GRAIN, ORE = range(5)
_COMBINED = CombinedHeuristicBot()  # the combined variant's bot (stateless)


def node_value(s, v: int) -> float:
    """Pips around an intersection, with a bonus for resources the bot lacks and for a harbour."""
    topo = s.comp.topo
    value = 0.0
    for t in topo.node_tiles[v]:
        r = s.terrain[t]
        if r < 5 and t != s.robber:
            value += PIPS[s.number[t]] * (1.2 if r in (BRICK, LUMBER) else 1.0)
    if s._node_harbour[v] >= 0:
        value += 1.0
    return value


def production(s, p: int) -> list[float]:
    """Expected cards per roll of each resource for player p (public: the board)."""
    topo = s.comp.topo
    out = [0.0] * 5
    for v in s.buildings_of[p]:
        for t in topo.node_tiles[v]:
            r = s.terrain[t]
            if r < 5 and t != s.robber:
                out[r] += PIPS[s.number[t]] * s.node_level[v] / 36
    return out


class HeuristicBot:
    """Builds cities, then settlements on the best spots, then development cards; roads toward free spots;
    trades with the bank for what it lacks; moves the robber onto the leader's best tile."""

    name = "heuristic"

    def choose(self, state: GameState, rng: random.Random) -> Action:
        """The bot's action for the player to move (the combined variant's bot plays a combined position)."""
        if isinstance(state, CombinedState):
            return _COMBINED.choose(state, rng)
        s = state
        actions = s.legal_actions()
        if len(actions) == 1:
            return actions[0]
        phase = s.phase
        p = s.current_player
        if phase == "setup_settlement":
            return max(actions, key=lambda a: (node_value(s, a.node), -a.node))
        if phase in ("setup_road", "road_building"):
            return self._best_road(s, p, actions)
        if phase == "roll":
            if any(isinstance(a, PlayKnight) for a in actions) and self._robber_hurts(s, p):
                return next(a for a in actions if isinstance(a, PlayKnight))
            return next(a for a in actions if isinstance(a, Roll))
        if phase == "discard":
            hand = s.hands[p]
            return max(actions, key=lambda a: (hand[RESOURCES.index(a.resource)], a.resource))
        if phase == "robber":
            return max(actions, key=lambda a: (self._robber_value(s, p, a.tile), -a.tile))
        if phase == "victim":
            return max(actions, key=lambda a: (s.public_vp(a.victim), sum(s.hands[a.victim]), -a.victim))
        if phase == "trade_reply":
            return self._answer(s, p, actions)
        if phase == "trade_choose":
            return next((a for a in actions if isinstance(a, ConfirmTrade)), actions[-1])
        return self._main(s, p, actions)

    # -- main phase ---------------------------------------------------------------------------------
    def _main(self, s, p: int, actions: list[Action]) -> Action:
        by_type: dict[type, list[Action]] = {}
        for a in actions:
            by_type.setdefault(type(a), []).append(a)
        hand = s.hands[p]
        if PlayKnight in by_type and self._robber_hurts(s, p):
            return by_type[PlayKnight][0]
        if BuildCity in by_type:
            return max(by_type[BuildCity], key=lambda a: (node_value(s, a.node), -a.node))
        if BuildSettlement in by_type:
            return max(by_type[BuildSettlement], key=lambda a: (node_value(s, a.node), -a.node))
        if PlayMonopoly in by_type:
            need = self._target_cost(s, p)
            missing = [max(0, need[r] - hand[r]) for r in range(5)]
            if max(missing) >= 2:
                r = max(range(5), key=lambda r: missing[r])
                return next(a for a in by_type[PlayMonopoly] if a.resource == RESOURCES[r])
        if PlayYearOfPlenty in by_type:
            need = self._target_cost(s, p)
            def gain(a: Action) -> int:
                return sum(max(0, need[RESOURCES.index(r)] - hand[RESOURCES.index(r)]) for r in a.resources)
            return max(by_type[PlayYearOfPlenty], key=gain)
        if PlayRoadBuilding in by_type and not self._settlement_spots(s, p):
            return by_type[PlayRoadBuilding][0]
        spots = self._settlement_spots(s, p)
        if BuildRoad in by_type and not spots and s.settlements_left[p] and (
                s.roads_left[p] > 5 or s.road_length[p] >= 4):
            return self._best_road(s, p, by_type[BuildRoad])
        if BuyDevelopment in by_type and (not s.cities_left[p] or hand[ORE] >= 1 and hand[GRAIN] >= 1
                                          and not self._close_to(s, p, CITY_COST)):
            return by_type[BuyDevelopment][0]
        if BankTrade in by_type:
            trade = self._bank_trade(s, p, by_type[BankTrade])
            if trade is not None:
                return trade
        if BuyDevelopment in by_type:
            return by_type[BuyDevelopment][0]
        return by_type[EndTurn][0]

    def _target_cost(self, s, p: int) -> list[int]:
        """What the bot saves for: a city if it has a settlement, else a settlement, else a development card."""
        if s.cities_left[p] and any(s.node_level[v] == 1 for v in s.buildings_of[p]):
            return list(CITY_COST)
        if s.settlements_left[p] and self._settlement_spots(s, p):
            return list(SETTLEMENT_COST)
        if s.settlements_left[p]:
            return [a + b for a, b in zip(SETTLEMENT_COST, ROAD_COST)]
        return list(DEV_COST)

    @staticmethod
    def _close_to(s, p: int, cost) -> bool:
        hand = s.hands[p]
        return sum(max(0, cost[r] - hand[r]) for r in range(5)) <= 2

    def _bank_trade(self, s, p: int, trades: list[Action]) -> Action | None:
        need = self._target_cost(s, p)
        hand = s.hands[p]
        missing = [max(0, need[r] - hand[r]) for r in range(5)]
        if not any(missing):
            return None
        rates = s.rates[p]
        best = None
        for a in trades:
            g, r = RESOURCES.index(a.give), RESOURCES.index(a.get)
            if missing[r] and hand[g] - rates[g] >= need[g]:
                key = (hand[g] - need[g] - rates[g], missing[r], -g, -r)
                if best is None or key > best[0]:
                    best = (key, a)
        return best[1] if best else None

    @staticmethod
    def _settlement_spots(s, p: int) -> list[int]:
        return s._settlement_spots(p)

    # -- roads, robber, trades ----------------------------------------------------------------------
    def _best_road(self, s, p: int, actions: list[Action]) -> Action:
        topo = s.comp.topo

        def value(a: Action) -> tuple:
            best = 0.0
            for v in topo.edge_nodes[a.edge]:
                if s.node_owner[v] < 0:
                    if s._distance_ok(v):
                        best = max(best, node_value(s, v) + 1)
                    for u in topo.node_nbrs[v]:
                        if s._distance_ok(u):
                            best = max(best, node_value(s, u) * 0.7)
            return best, -a.edge
        return max(actions, key=value)

    def _robber_hurts(self, s, p: int) -> bool:
        return any(s.node_owner[v] == p for v in s.comp.topo.tile_nodes[s.robber])

    def _robber_value(self, s, p: int, t: int) -> float:
        topo = s.comp.topo
        pips = PIPS.get(s.number[t], 0)
        value = 0.0
        for v in topo.tile_nodes[t]:
            o = s.node_owner[v]
            if o == p:
                value -= 3 * pips * s.node_level[v]
            elif o >= 0:
                value += pips * s.node_level[v] * (1 + s.public_vp(o) / 5) + (1 if sum(s.hands[o]) else 0)
        return value

    def _answer(self, s, p: int, actions: list[Action]) -> Action:
        accept = next((a for a in actions if isinstance(a, AcceptOffer)), None)
        reject = next(a for a in actions if isinstance(a, RejectOffer))
        if accept is None or s.public_vp(s.active) >= 8:
            return reject
        give, get = s.offer[:5], s.offer[5:]  # from the active player's side: we receive ``give``
        need = self._target_cost(s, p)
        hand = s.hands[p]
        gain = sum(min(give[r], max(0, need[r] - hand[r])) for r in range(5))
        loss = sum(min(get[r], need[r]) for r in range(5) if hand[r] - get[r] < need[r])
        return accept if gain > loss and sum(give) >= sum(get) else reject


def knights_played(s, p: int) -> int:
    """Knights p has played (public)."""
    return s.played[p][KNIGHT]
