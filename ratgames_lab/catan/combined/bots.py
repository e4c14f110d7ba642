"""The heuristic bot of the combined variant (Seafarers + Cities & Knights).

It decides from what its seat can know: the board, its own cards and progress cards, and public counts (others'
hand sizes, progress-card counts, improvement levels, knights, the barbarian ship). It never reads another
player's cards, so its choice does not change when ``determinize`` redraws them. Its plan, in order: cities (they
make commodities), city improvements towards a metropolis, settlements, knights hired and activated before the
barbarians land (and never be the weakest defender while holding a city), walls when the hand is large, roads and
ships towards free sites, progress cards as they come, bank trades towards what it saves for.

Traders and fishermen (issue 12): the wagon starts on the market with the best building sites around it; it is
upgraded with resources left over once no city or settlement is affordable; it moves last in the turn, one step at a
time along the cheapest route to its order's market, boosted (grain or fish) only when the boost completes the
delivery this turn, never into a toll it cannot pay. Fish buy a progress card (7), the resource the next build
lacks (4), the robber off the bot's own tiles (2), or a road or ship towards a site (5); the Old Boot goes to the
leader. Money buys the one resource that completes a build; the loan (-2 VP) only completes a first city. A bridge
is built when it leads to a free site or takes Longest Road.

The bot reads actions by their ``kind``, so the rules added by other modules (knights, progress cards, trades
between players) need no import here; a decision it has no rule for is taken at random from the seeded ``rng``.
"""
from __future__ import annotations

import random

from ...core.protocol import Action
from .components import (ACTIVATE_COST, CARDS, CITY_COST, COMMODITY_OF_TERRAIN, K, KNIGHT_COST, LOAN, MAX_LEVEL, R,
                         ROAD_COST, SETTLEMENT_COST, SHOP, TRACK_COMMODITY, TRACKS)
from .markets import KINDS_OF, destination, market_at
from .pieces import pieces_left
from .places import distance_ok, settlement_spots
from .trade import rate
from .wagon_routes import cheapest_route, route_costs, step_cost
from .wagons import points_left, upgrade_cost

PIPS = {n: 6 - abs(n - 7) for n in range(2, 13)}
PIPS[7] = PIPS[0] = 0
# what a pip of each resource is worth to the bot (ore and grain make cities and knights)
WEIGHT = (1.0, 1.0, 0.9, 1.15, 1.2)
COMMODITY_BONUS = 0.7  # a city on wool, ore or lumber adds a commodity
GOLD_WEIGHT = 0.5  # gold pays money ($2 buys a resource at the shop)
DANGER = 3  # barbarian steps (of 7) from which the bot activates its knights
# progress cards played only when they help now (the others are played as soon as they may be)
CONDITIONAL = {"play_crane", "play_medicine", "play_alchemist", "play_smith", "play_warlord", "play_inventor",
               "play_diplomat"}
QUIET = ("skip_", "reject_", "end_turn", "keep", "diplomat_keep")


def tile_pips(s, t: int) -> int:
    """Pips of a tile's number tokens (a tile may carry two, the 2 with the 12)."""
    return PIPS[s.number[t]] + PIPS[s.number2[t]]


def node_value(s, v: int, city: bool = False) -> float:
    """What a building on intersection v would produce per roll, weighted (commodities count for a city)."""
    terrain, gold = s.terrain, s.comp.gold
    value = 0.0
    kinds = set()
    for t in s.comp.topo.node_tiles[v]:
        if t == s.robber:
            continue
        k = terrain[t]
        if k < R:
            w = WEIGHT[k] + (COMMODITY_BONUS if city and COMMODITY_OF_TERRAIN[k] >= 0 else 0.0)
            value += tile_pips(s, t) * w
            if tile_pips(s, t):
                kinds.add(k)
        elif k == gold:
            value += tile_pips(s, t) * GOLD_WEIGHT
    return value + 0.8 * len(kinds)


def produces(s, p: int) -> set[int]:
    """The resources p's buildings touch (public: the board)."""
    out = set()
    for v in s.buildings_of[p]:
        for t in s.comp.topo.node_tiles[v]:
            if s.terrain[t] < R and tile_pips(s, t):
                out.add(s.terrain[t])
    return out


class CombinedHeuristicBot:
    """The heuristic bot for the combined variant (see the module docstring)."""

    name = "heuristic"

    def choose(self, state, rng: random.Random) -> Action:
        """The bot's action for the seat to move in ``state`` (a determinized copy)."""
        s = state
        actions = s.legal_actions()
        if len(actions) == 1:
            return actions[0]
        p = s.current_player
        decide = getattr(self, "_on_" + s.phase, None)  # the phase's own rule, if the bot has one
        if decide is not None:
            choice = decide(s, p, actions, rng)
            if choice is not None:
                return choice
        return self._fallback(actions, rng)

    @staticmethod
    def _fallback(actions: list[Action], rng: random.Random) -> Action:
        """A decision the bot has no rule for: a random action, but never a give-up when something else is open."""
        useful = [a for a in actions if not a.kind.startswith(QUIET)] or actions
        return useful[rng.randrange(len(useful))]

    # ---------------------------------------------------------------------------------------------
    # setup
    # ---------------------------------------------------------------------------------------------
    def _on_setup_wagon(self, s, p, actions, rng):
        """The market plaza whose orders the wagon can most likely deliver (the share of its unseen goods tokens
        bound for a market reachable by land), then the best free building sites within two steps (the bot will
        settle there, and its roads make the wagon's way cheap)."""
        topo = s.comp.topo

        def value(a):
            near = {a.node} | set(topo.node_nbrs[a.node])
            near |= {w for u in list(near) for w in topo.node_nbrs[u]}
            sites = sorted((node_value(s, v) for v in near if s.node_owner[v] < 0 and distance_ok(s, v)),
                           reverse=True)
            return self._deliverable(s, p, a.node), sum(sites[:3]), -a.node
        return max(actions, key=value)

    @staticmethod
    def _deliverable(s, p: int, plaza: int) -> float:
        """The share of the goods tokens still in this plaza's market stack whose destination the wagon can reach
        from there (public: the stacks' counts and the board)."""
        m = market_at(s, plaza)
        counts = {k: s.goods_unseen[k] for k in KINDS_OF[m]}
        total = sum(counts.values())
        if not total:
            return 0.0
        ok = 0
        for k, n in counts.items():
            target = s.comp.market_plaza[destination(k)]
            if n and target >= 0 and cheapest_route(s, p, plaza, target) is not None:
                ok += n
        return round(ok / total, 2)

    def _on_wagon(self, s, p, actions, rng):
        """The wagon on the move: on along its route, else stop (end the turn)."""
        by: dict[str, list[Action]] = {}
        for a in actions:
            by.setdefault(a.kind, []).append(a)
        return self._wagon_move(s, p, by) or by.get("end_turn", [None])[0]

    def _on_setup_settlement(self, s, p, actions, rng):
        return max(actions, key=lambda a: (node_value(s, a.node), -a.node))

    def _on_setup_city(self, s, p, actions, rng):
        have = produces(s, p)

        def value(a):
            new = {s.terrain[t] for t in s.comp.topo.node_tiles[a.node] if s.terrain[t] < R} - have
            return node_value(s, a.node, city=True) + 1.5 * len(new), -a.node
        return max(actions, key=value)

    def _on_setup_road(self, s, p, actions, rng):
        return self._best_route(s, actions)

    def _on_free_pieces(self, s, p, actions, rng):
        pieces = [a for a in actions if a.kind in ("build_road", "build_ship")]
        if not pieces:
            return None
        return self._best_route(s, pieces)

    def _best_route(self, s, actions: list[Action]) -> Action:
        """The road or ship leading to the best free building site (roads first on a tie: they cost no wool)."""
        topo = s.comp.topo

        def value(a):
            best = 0.0
            for v in topo.edge_nodes[a.edge]:
                if s.node_owner[v] < 0:
                    if distance_ok(s, v):
                        best = max(best, node_value(s, v) + 1)
                    for u in topo.node_nbrs[v]:
                        if distance_ok(s, u):
                            best = max(best, node_value(s, u) * 0.7)
            return best, a.kind == "build_road", -a.edge
        return max(actions, key=value)

    # ---------------------------------------------------------------------------------------------
    # the roll, the 7, the barbarians
    # ---------------------------------------------------------------------------------------------
    def _on_roll(self, s, p, actions, rng):
        """Roll; with the Alchemist, set the dice to the total that pays the bot most (the lowest red die among
        equals: the others draw fewer progress cards)."""
        alchemist = [a for a in actions if a.kind == "play_alchemist"]
        if alchemist:
            best = max(alchemist, key=lambda a: (self._roll_income(s, p, a.red + a.yellow), -a.red, -a.yellow))
            if self._roll_income(s, p, best.red + best.yellow) >= 2:
                return best
        return next(a for a in actions if a.kind == "roll")

    @staticmethod
    def _roll_income(s, p: int, total: int) -> int:
        """Cards p's buildings would get on this total (0 for a 7)."""
        if total == 7:
            return 0
        out = 0
        for v in s.buildings_of[p]:
            for t in s.comp.topo.node_tiles[v]:
                if t != s.robber and total in (s.number[t], s.number2[t]) and s.terrain[t] < R:
                    out += s.node_level[v]
        return out

    def _on_discard(self, s, p, actions, rng):
        hand = s.hands[p]
        need = self._target(s, p)
        return max(actions, key=lambda a: (hand[CARDS.index(a.resource)] - need[CARDS.index(a.resource)],
                                           -CARDS.index(a.resource)))

    def _on_robber(self, s, p, actions, rng):
        """The robber or the pirate (after a 7, a knight's chase, the Bishop): the move that hurts the leaders
        most and the bot least."""
        return max(actions, key=lambda a: (self._thief_value(s, p, a), repr(a)))

    _on_pirate = _on_knight_robber = _on_knight_pirate = _on_bishop = _on_robber

    def _thief_value(self, s, p: int, a: Action) -> float:
        if a.kind == "move_robber":
            return self._robber_value(s, p, a.tile)
        if a.kind == "move_pirate":
            return self._pirate_value(s, p, a.spot)
        return -1.0

    def _robber_value(self, s, p: int, t: int) -> float:
        pips = tile_pips(s, t)
        value = 0.0
        for v in s.comp.topo.tile_nodes[t]:
            o = s.node_owner[v]
            if o == p:
                value -= 3 * (pips + 1) * s.node_level[v]
            elif o >= 0:
                value += pips * s.node_level[v] * (1 + s.vp(o) / 5) + (1 if s.hand_size(o) else 0)
        return value

    def _pirate_value(self, s, p: int, spot: int) -> float:
        score = 0.0
        for e in s.comp.pirate_blocked(spot, s.fishing):
            o = s.edge_owner[e]
            if o == p:
                score -= 5
            elif o >= 0:
                score += 1 + s.vp(o) / 5
        return score

    def _on_victim(self, s, p, actions, rng):
        return max(actions, key=lambda a: (s.vp(a.victim), s.hand_size(a.victim), -a.victim))

    def _on_reduce_city(self, s, p, actions, rng):
        save = [a for a in actions if a.kind == "save_city"]
        if save:
            return save[0]  # $5 for a city's 2 VP and its commodities
        return min(actions, key=lambda a: (node_value(s, a.node, city=True), a.node))

    def _on_place_metropolis(self, s, p, actions, rng):
        return max(actions, key=lambda a: (s.node_wall[a.node], node_value(s, a.node, city=True), -a.node))

    def _on_discard_progress(self, s, p, actions, rng):
        # keep the cards that play at once; give up a conditional one first
        return max(actions, key=lambda a: (("play_" + a.card) in CONDITIONAL, a.card))

    def _on_choose_deck(self, s, p, actions, rng):
        order = {"science": 2, "trade": 1, "politics": 0}
        return max(actions, key=lambda a: (order.get(a.deck, -1), a.deck))

    def _on_aqueduct(self, s, p, actions, rng):
        need = self._target(s, p)
        hand = s.hands[p]
        return max(actions, key=lambda a: (need[CARDS.index(a.card)] - hand[CARDS.index(a.card)],
                                           -CARDS.index(a.card)))

    # ---------------------------------------------------------------------------------------------
    # the action phase
    # ---------------------------------------------------------------------------------------------
    def _on_main(self, s, p, actions, rng):
        by: dict[str, list[Action]] = {}
        for a in actions:
            by.setdefault(a.kind, []).append(a)
        hand = s.hands[p]
        plays = sorted(k for k in by if k.startswith("play_") and k not in CONDITIONAL)
        if plays:
            return self._card_play(s, p, by[plays[0]], rng)
        if "play_medicine" in by and any(s.node_level[v] == 1 for v in s.buildings_of[p]) \
                and hand[3] >= 1 and hand[4] >= 2:
            return by["play_medicine"][0]
        knights = self._my_knights(s, p)
        if "play_smith" in by and any(s.knight_level[v] < 3 for v in knights):
            return by["play_smith"][0]
        if "play_warlord" in by and s.barbarian >= DANGER and any(not s.knight_active[v] for v in knights):
            return by["play_warlord"][0]
        if "play_crane" in by and "improve" not in by and self._crane_helps(s, p):
            return by["play_crane"][0]
        defence = self._defence_move(s, p, by)
        if defence is not None:
            return defence
        if "build_city" in by:
            return max(by["build_city"], key=lambda a: (node_value(s, a.node, city=True), -a.node))
        if "improve" in by:
            return max(by["improve"], key=lambda a: self._track_value(s, p, TRACKS.index(a.track)))
        if "build_settlement" in by:
            return max(by["build_settlement"], key=lambda a: (node_value(s, a.node), -a.node))
        if "chase_robber" in by and self._robber_hurts(s, p) and (s.barbarian < DANGER or hand[3] >= 1):
            return by["chase_robber"][0]  # acting deactivates the knight: keep grain to activate it again
        if "build_wall" in by and s.hand_size(p) >= 6:
            return max(by["build_wall"], key=lambda a: (node_value(s, a.node, city=True), -a.node))
        extra = self._fish_move(s, p, by) or self._bridge_move(s, p, by)
        if extra is not None:
            return extra
        route = self._route_move(s, p, by)
        if route is not None:
            return route
        if "upgrade_wagon" in by and self._spare_for_wagon(s, p):
            return by["upgrade_wagon"][0]
        knight = self._knight_move(s, p, by)
        if knight is not None:
            return knight
        trade = self._shop(s, p, by) or self._bank_trade(s, p, by.get("bank_trade", [])) or self._loan(s, p, by)
        if trade is not None:
            return trade
        if s.hand_size(p) > 7 + 2 * sum(s.node_wall[v] for v in s.buildings_of[p]):
            spend = self._spend(s, p, by)
            if spend is not None:
                return spend
        wagon = self._wagon_move(s, p, by)  # the wagon moves last: its first step ends the building
        if wagon is not None:
            return wagon
        if "end_turn" in by:
            return by["end_turn"][0]
        return None

    # -- progress cards ----------------------------------------------------------------------------
    def _card_play(self, s, p: int, options: list[Action], rng: random.Random) -> Action:
        """One way to play a card: against the leader, for the card the bot needs, on its best tile or city."""
        a = options[0]
        if len(options) == 1:
            return a
        need = self._target(s, p)
        hand = s.hands[p]
        if hasattr(a, "opponent") or hasattr(a, "victim"):
            def who(x):
                q = getattr(x, "opponent", getattr(x, "victim", -1))
                return s.vp(q), s.hand_size(q), -q
            return max(options, key=who)
        if a.kind == "play_resource_monopoly":
            return max(options, key=lambda x: (need[CARDS.index(x.resource)] - hand[CARDS.index(x.resource)],
                                               CARDS.index(x.resource) in (3, 4), x.resource))
        if a.kind == "play_trade_monopoly":
            return max(options, key=lambda x: (s.levels[p][TRACK_COMMODITY.index(CARDS.index(x.commodity))],
                                               x.commodity))
        if a.kind == "play_merchant_fleet":
            return max(options, key=lambda x: (hand[CARDS.index(x.card)] - need[CARDS.index(x.card)], x.card))
        if a.kind == "play_merchant":
            return max(options, key=lambda x: (self._tile_income(s, p, x.tile), -x.tile))
        if a.kind == "play_engineer":
            return max(options, key=lambda x: (node_value(s, x.node, city=True), -x.node))
        return options[rng.randrange(len(options))]

    @staticmethod
    def _tile_income(s, p: int, t: int) -> float:
        """What a resource tile pays p per roll (pips times building levels)."""
        if s.terrain[t] >= R:
            return -1.0
        return tile_pips(s, t) * sum(s.node_level[v] for v in s.comp.topo.tile_nodes[t] if s.node_owner[v] == p)

    def _on_wedding(self, s, p, actions, rng):
        """A gift to the bride or groom: the cards the bot needs least."""
        need = self._target(s, p)
        hand = s.hands[p]
        return max(actions, key=lambda a: (hand[CARDS.index(a.card)] - need[CARDS.index(a.card)]
                                           if getattr(a, "card", None) in CARDS else -99, repr(a)))

    def _on_master_merchant(self, s, p, actions, rng):
        need = self._target(s, p)
        hand = s.hands[p]
        return max(actions, key=lambda a: (need[CARDS.index(a.card)] - hand[CARDS.index(a.card)]
                                           if getattr(a, "card", None) in CARDS else -99, repr(a)))

    # -- trades between players ----------------------------------------------------------------------
    def _on_trade_reply(self, s, p, actions, rng):
        """Accept an offer that brings cards the bot is short of for cards it can spare, not from a near winner."""
        accept = next((a for a in actions if a.kind == "accept_offer"), None)
        reject = next((a for a in actions if a.kind == "reject_offer"), None)
        if accept is None or reject is None:
            return None
        if s.vp(s.active) >= s.options.vp_target - 3:
            return reject
        half = len(s.offer) // 2
        get, give = s.offer[:half], s.offer[half:]  # the active player gives ``get`` to the bot
        need = self._target(s, p)
        hand = s.hands[p]
        gain = sum(min(get[c], max(0, need[c] - hand[c])) for c in range(K))
        loss = sum(min(give[c], need[c]) for c in range(K) if hand[c] - give[c] < need[c])
        return accept if gain > loss and sum(get) >= sum(give) else reject

    def _on_trade_choose(self, s, p, actions, rng):
        return next((a for a in actions if a.kind == "confirm_trade"), None)

    # -- knights and the barbarians -----------------------------------------------------------------
    @staticmethod
    def _my_knights(s, p: int) -> list[int]:
        return [v for v, o in enumerate(s.knight_owner) if o == p]

    @staticmethod
    def _defence(s, p: int) -> int:
        return sum(s.knight_level[v] for v, o in enumerate(s.knight_owner) if o == p and s.knight_active[v])

    def _defence_move(self, s, p: int, by: dict) -> Action | None:
        """Before the barbarians land: activate knights, and hire one if the bot would be the weakest defender
        holding a city (or has no knight at all)."""
        if s.barbarian >= DANGER and "activate_knight" in by:
            return max(by["activate_knight"], key=lambda a: (s.knight_level[a.node], -a.node))
        cities = len(s.cities_of(p))
        knights = self._my_knights(s, p)
        if "hire_knight" in by and (not knights or cities and s.barbarian >= DANGER and self._weakest(s, p)
                                    or len(knights) < cities):
            return self._best_knight_site(s, p, by["hire_knight"])
        return None

    def _weakest(self, s, p: int) -> bool:
        """True if p's active knights are no stronger than every other city holder's."""
        mine = self._defence(s, p)
        others = [self._defence(s, q) for q in range(s.players) if q != p and s.cities_of(q)]
        return not others or mine <= min(others)

    def _best_knight_site(self, s, p: int, actions: list[Action]) -> Action:
        """Next to the bot's buildings, on a corner of a free site it wants (a knight there blocks opponents)."""
        topo = s.comp.topo

        def value(a):
            v = a.node
            near = sum(1 for u in topo.node_nbrs[v] if s.node_owner[u] == p)
            robber = 1 if s.robber >= 0 and v in topo.tile_nodes[s.robber] else 0
            return near + robber, -v
        return max(actions, key=value)

    def _knight_move(self, s, p: int, by: dict) -> Action | None:
        """Knights when spare wool and ore: hire, then promote; chase the robber from the bot's tiles."""
        hand = s.hands[p]
        if "hire_knight" in by and hand[2] >= 2 and hand[4] >= 4:
            return self._best_knight_site(s, p, by["hire_knight"])
        if "promote_knight" in by and hand[2] >= 2 and hand[4] >= 4:
            return max(by["promote_knight"], key=lambda a: (s.knight_active[a.node], -a.node))
        if "displace_knight" in by:
            return by["displace_knight"][0]
        return None

    def _robber_hurts(self, s, p: int) -> bool:
        return s.robber >= 0 and any(s.node_owner[v] == p for v in s.comp.topo.tile_nodes[s.robber])

    # -- improvements ------------------------------------------------------------------------------
    def _track_value(self, s, p: int, t: int) -> tuple:
        """Higher levels first (towards a metropolis), while nobody out of reach holds its metropolis."""
        level = s.levels[p][t]
        m = s.metropolis[t]
        lost = m >= 0 and s.node_owner[m] != p and s.levels[s.node_owner[m]][t] >= MAX_LEVEL
        return (not lost, level, t == 2, -t)

    def _crane_helps(self, s, p: int) -> bool:
        hand = s.hands[p]
        return any(hand[TRACK_COMMODITY[t]] == s.levels[p][t] and s.levels[p][t] < MAX_LEVEL
                   for t in range(len(TRACKS)))

    # -- routes ------------------------------------------------------------------------------------
    def _route_move(self, s, p: int, by: dict) -> Action | None:
        """A road or ship towards a free site, when the bot has no site to settle and settlements to build."""
        pieces = by.get("build_road", []) + by.get("build_ship", [])
        if not pieces or settlement_spots(s, p):
            return None
        if not pieces_left(s, p, "settlement"):
            return None
        best = self._best_route(s, pieces)
        topo = s.comp.topo
        if not any(s.node_owner[v] < 0 and (distance_ok(s, v) or any(distance_ok(s, u) for u in topo.node_nbrs[v]))
                   for v in topo.edge_nodes[best.edge]):
            return None
        return best

    def _spend(self, s, p: int, by: dict) -> Action | None:
        """Over the hand limit: anything useful rather than lose half the hand to a 7."""
        for kind in ("hire_knight", "promote_knight", "activate_knight", "build_wall", "build_road", "build_ship"):
            if kind in by:
                return by[kind][0]
        return None

    # -- trades ------------------------------------------------------------------------------------
    def _target(self, s, p: int) -> list[int]:
        """What the bot saves for: a city, else a settlement, else a knight (in card counts)."""
        if pieces_left(s, p, "city") and any(s.node_level[v] == 1 for v in s.buildings_of[p]):
            return list(CITY_COST)
        if pieces_left(s, p, "settlement"):
            if settlement_spots(s, p):
                return list(SETTLEMENT_COST)
            return [a + b for a, b in zip(SETTLEMENT_COST, ROAD_COST)]
        if s.barbarian >= DANGER and any(not s.knight_active[v] for v in self._my_knights(s, p)):
            return list(ACTIVATE_COST)
        return list(KNIGHT_COST)

    def _shop(self, s, p: int, by: dict) -> Action | None:
        """Money buys a resource the bot is short of when the shop can complete the build this turn (the cards
        still missing are no more than the money and the shop's per-turn count allow), or the commodity that
        completes an improvement."""
        need = self._target(s, p)
        hand = s.hands[p]
        missing = sum(max(0, need[c] - hand[c]) for c in range(R))
        left = SHOP["resources_per_turn"] - s.shop_resources
        if missing <= min(left, s.money[p] // SHOP["resource_price"]):
            for a in by.get("buy_resource", []):
                if need[CARDS.index(a.card)] > hand[CARDS.index(a.card)]:
                    return a
        for a in by.get("buy_commodity", []):
            c = CARDS.index(a.card)
            t = TRACK_COMMODITY.index(c)
            if s.levels[p][t] < MAX_LEVEL and s.cities_of(p) and hand[c] == s.levels[p][t]:
                return a
        return None

    def _loan(self, s, p: int, by: dict) -> Action | None:
        """The loan (-2 VP, once a game) only for the bot's first city, when neither the shop nor the bank can
        complete it and the loan's money buys the one card still missing this turn (kept rare: a city and a loan
        are 1 VP less than neither)."""
        if "take_loan" not in by or s.cities_of(p) or not any(s.node_level[v] == 1 for v in s.buildings_of[p]):
            return None
        if not pieces_left(s, p, "city"):
            return None
        hand = s.hands[p]
        missing = sum(max(0, CITY_COST[c] - hand[c]) for c in range(R))
        price = SHOP["resource_price"]
        left = SHOP["resources_per_turn"] - s.shop_resources
        if missing == 1 <= left and s.money[p] < price <= s.money[p] + LOAN["money"]:
            return by["take_loan"][0]
        return None

    # -- fish --------------------------------------------------------------------------------------
    @staticmethod
    def _cheapest(options: list[Action]) -> Action:
        """The payment that gives away the fewest fish (then the fewest tokens)."""
        return min(options, key=lambda a: (sum(a.tokens), len(a.tokens), repr(a)))

    def _fish_move(self, s, p: int, by: dict) -> Action | None:
        """The Old Boot to the leader; fish for a progress card, the resource the next build lacks, the robber off
        the bot's best tile, or a road or ship towards a free site."""
        if "pass_old_boot" in by:
            return max(by["pass_old_boot"], key=lambda a: (s.vp(a.player), s.hand_size(a.player), -a.player))
        if "fish_progress" in by and sum(s.progress_hand[p]) < 4:
            return self._cheapest(by["fish_progress"])
        need = self._target(s, p)
        hand = s.hands[p]
        wanted = [a for a in by.get("fish_resource", []) if need[CARDS.index(a.card)] > hand[CARDS.index(a.card)]]
        if wanted:
            return self._cheapest(wanted)
        removes = [a for a in by.get("fish_remove", []) if a.piece == "robber"]
        if removes and self._robber_hurts(s, p) and self._tile_income(s, p, s.robber) >= 3:
            return self._cheapest(removes)
        if "fish_free_piece" in by and self._wants_route(s, p):
            return self._cheapest(by["fish_free_piece"])
        return None

    @staticmethod
    def _wants_route(s, p: int) -> bool:
        """True if the bot has settlements to build and no site its roads reach."""
        return bool(pieces_left(s, p, "settlement")) and not settlement_spots(s, p)

    # -- bridges -----------------------------------------------------------------------------------
    def _bridge_move(self, s, p: int, by: dict) -> Action | None:
        """A bridge leading to a free building site (the best one), or one that takes Longest Road (tried on a
        copy of the position)."""
        topo = s.comp.topo
        bridges = by.get("build_bridge", [])

        def site(a):
            return max((node_value(s, v) for v in topo.edge_nodes[a.edge]
                        if s.node_owner[v] < 0 and distance_ok(s, v)), default=-1.0)
        best = max(bridges, key=lambda a: (site(a), -a.edge), default=None)
        if best is not None and site(best) >= 0 and self._wants_route(s, p):
            return best
        if s.longest_holder != p:
            for a in bridges:
                trial = s.clone()
                trial.apply(a)
                if trial.longest_holder == p:
                    return a
        return None

    # -- the wagon ---------------------------------------------------------------------------------
    def _spare_for_wagon(self, s, p: int) -> bool:
        """True if the upgrade leaves the cards the bot saves for (or it holds more than 7 cards anyway)."""
        cost = upgrade_cost(s, p)
        if cost is None:
            return False
        need = self._target(s, p)
        hand = s.hands[p]
        if s.wagon_level[p] < s.comp.wagon_table.vp_from_level or s.hand_size(p) > 7:
            return all(hand[c] - cost[c] >= 0 for c in range(K))
        return all(hand[c] - cost[c] >= need[c] or not cost[c] for c in range(K))

    def _wagon_move(self, s, p: int, by: dict) -> Action | None:
        """One step of the wagon along the cheapest route to its order's market (a step whose toll the bot cannot
        pay is never listed; another market's plaza, which stops the wagon, is avoided); the boost first when the
        route is 1-2 points too long for the points left."""
        steps = [a for a in by.get("move_wagon", []) if a.node not in s.comp.plaza_market or
                 s.wagon_goods[p] >= 0 and market_at(s, a.node) == destination(s.wagon_goods[p])]
        if not steps or s.wagon_goods[p] < 0:
            return None
        goal = s.comp.market_plaza[destination(s.wagon_goods[p])]
        if goal < 0:
            return None
        dist = route_costs(s, p, goal)  # one Dijkstra from the market: the points from every intersection to it
        here = s.wagon_node[p]
        if here not in dist:
            return None
        mp = round(dist[here])
        left = points_left(s, p)
        if left < mp <= left + 2 and not s.wagon_boosted:
            boost = self._boost(s, p, by)
            if boost is not None:
                return boost
        edge = s.comp.topo.edge_index
        best = min(((step_cost(s, p, edge[here, a.node])[0] + dist[a.node], a.node, a) for a in steps
                    if a.node in dist),
                   default=None, key=lambda x: x[:2])
        if best is None or best[0] > mp + 2:
            return None
        return best[2]

    def _boost(self, s, p: int, by: dict) -> Action | None:
        """The boost paid with fish if the bot has them, else with grain it does not need for its next build."""
        fish = by.get("boost_wagon_fish", [])
        if fish:
            return self._cheapest(fish)
        if "boost_wagon" in by and s.hands[p][3] > self._target(s, p)[3]:
            return by["boost_wagon"][0]
        return None

    def _bank_trade(self, s, p: int, trades: list[Action]) -> Action | None:
        need = self._target(s, p)
        hand = s.hands[p]
        short = [max(0, need[c] - hand[c]) for c in range(K)]
        if not any(short):
            return None
        best = None
        for a in trades:
            g, r = CARDS.index(a.give), CARDS.index(a.get)
            if not short[r] or r >= R:
                continue
            # commodities are kept for improvements unless the bot holds more than the next level costs
            keep = need[g]
            if g >= R:
                t = TRACK_COMMODITY.index(g)
                keep = max(keep, s.levels[p][t] + 1 if s.levels[p][t] < MAX_LEVEL else 0)
            if hand[g] - rate(s, p, g) >= keep:
                key = (hand[g] - keep - rate(s, p, g), short[r], -g, -r)
                if best is None or key > best[0]:
                    best = (key, a)
        return best[1] if best else None


__all__ = ["CombinedHeuristicBot", "node_value", "tile_pips"]
