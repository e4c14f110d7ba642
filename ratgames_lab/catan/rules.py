"""Catan, the official base game (catan.md Part 1): the state and every rule (rule names in ``rule=``).

A turn is a sequence of phases (``state.phase``): "roll" (play a Knight or roll), the chance node "dice",
"discard" (on a 7, each player over 7 cards discards one card at a time until half is gone), "robber",
"victim", the chance node "steal", then "main" (trade, build, buy and play development cards, end the turn).
Sub-phases of "main": "road_building" (free roads), "trade_reply" (each other player answers an offer, in seat
order), "trade_choose" (the active player closes with one of them or withdraws), the chance node "draw"
(a development card is drawn). Setup: "setup_settlement" / "setup_road" in snake order.

Rule names: setup.snake, setup.distance, setup.road, setup.resources, turn.roll, production.robber,
production.bank_shortage, seven.discard, seven.robber, seven.steal, trade.bank, trade.harbour,
trade.players, build.road, build.settlement, build.city, build.distance, build.pieces, build.cost,
development.buy, development.timing, development.one_per_turn, development.knight, development.road_building,
development.year_of_plenty, development.monopoly, special.longest_road, special.largest_army, victory.
"""
from __future__ import annotations

from bisect import insort

import random
from fractions import Fraction

from ..core.errors import IllegalActionError
from ..core.fields import Bool, Field, Int, Keyed, ListOf, Opt, Ref, Seat, StateFields, Str
from ..core.protocol import CHANCE, TERMINAL, Action, GameState
from . import text  # noqa: F401  (registers the event texts)
from .actions import (ACCEPT, BANK, BUY, CANCEL, DEV_CARDS, DEV_NAMES, DICE, DISCARD, DRAW, END, KNIGHT,
                      MONOPOLY, OFFER, REJECT, ROAD_BUILDING, ROLL, STEAL, YEAR_OF_PLENTY, AcceptOffer,
                      BankTrade, BuildCity, BuildRoad, BuildSettlement, BuyDevelopment, CancelTrade, ChooseVictim,
                      ConfirmTrade, CounterOffer, Dice, Discard, DrawDevelopment, EndTurn, MoveRobber, OfferTrade,
                      PlayKnight, PlayMonopoly, PlayRoadBuilding, PlayYearOfPlenty, RejectOffer, Roll, StealCard,
                      amounts_text)
from .board import GENERIC_HARBOUR, RESOURCES, TERRAINS, Layout
from .components import (ACCEPTED, BANK_START, CHANCE_PHASES, CITY_COST, COUNTERED, DECK_START, DEV_COST,
                         DICE_PHASE, DISCARD_PHASE, DRAW_PHASE, HAND_LIMIT, KNIGHT as KNIGHT_CARD,
                         LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, MAIN, MONOPOLY as MONOPOLY_CARD, NO_ANSWER, OVER,
                         PHASES, PIECES, R, REJECTED, ROAD_BUILDING as RB_CARD, ROAD_BUILDING_PHASE, ROAD_COST,
                         ROBBER, ROLL_PHASE, SETTLEMENT_COST, SETUP_ROAD, SETUP_SETTLEMENT, SPECIAL_VP, STEAL_PHASE,
                         TRADE_CHOOSE, TRADE_REPLY, VICTIM, VP_CARD, VP_TARGET, YEAR_OF_PLENTY as YOP_CARD,
                         Components)
from .beliefs import beliefs, hand_beliefs, hand_distribution, steal_odds, write_world
from .listed import ListedApply
from .memory import StealMemory, lower_low, lower_lows, recount_unknown, remember_steal, show_count
from .position import check_position, describe, hand_text, observation
from .outcome import WinnerTakesAll, special_card_holder
from .roads import longest_road, longest_road_after
from .trading import next_responder, terms_error, trade_partners, useful_offer_terms
from .translate import N_, _
from .translate import name as tr_name

RES_INDEX = {r: i for i, r in enumerate(RESOURCES)}
DEV_INDEX = {c: i for i, c in enumerate(DEV_CARDS)}
LISTED_OFFERS_PER_TURN = 1  # legal_actions lists offers while fewer were made this turn; more stay legal unlisted
DICE_OUTCOMES = tuple((DICE[r][y], Fraction(1, 36)) for r in range(6) for y in range(6))
_DICE_FLAT = tuple(DICE[r][y] for r in range(6) for y in range(6))
_BANK_FOR = tuple(tuple((r, BANK[g][r]) for r in range(R) if r != g) for g in range(R))  # (resource got, trade)


_NAMES = tuple(f"Player {p + 1}" for p in range(8))


ONE_PER_TURN, BOUGHT_THIS_TURN, NOT_HELD = "one per turn", "bought this turn", "not held"  # dev_play_block


def player_name(p: int) -> str:
    """'Player 1' for seat 0."""
    return _NAMES[p]


def _nodes(comp) -> int:
    return comp.topo.n_nodes


def _edges(comp) -> int:
    return comp.topo.n_edges


def _tiles(comp) -> int:
    return comp.topo.n_tiles


PER_PLAYER_COUNTS = ListOf(Keyed("cards", Int(0, 25)), length="players")


class CatanState(ListedApply, WinnerTakesAll, GameState):
    """A Catan position: plain lists of ints (intersections, edges and tiles are board indices)."""

    game_name = "catan"
    FORMAT = "ratgames_lab.catan/1"
    FIELDS = StateFields(
        Field("phase", Str(PHASES)),
        Field("turn", Int(min=0)),
        Field("active", Seat()),
        Field("setup_index", Int(0, lambda c: 2 * c.players)),
        Field("last_settlement", Opt(Int(0, lambda c: c.topo.n_nodes - 1), none=-1)),
        Field("terrain", ListOf(Ref("terrains"), length=_tiles), json="tiles[].terrain"),
        Field("number", ListOf(Opt(Int(2, 12), none=0), length=_tiles), json="tiles[].number"),
        Field("robber", Int(0, lambda c: c.topo.n_tiles - 1)),
        Field("harbour_edges", ListOf(Int(0, lambda c: c.topo.n_edges - 1)), json="harbours[].edge"),
        Field("harbour_kinds", ListOf(Ref("harbours")), json="harbours[].kind"),
        Field("node_owner", ListOf(Opt(Seat(), none=-1), length=_nodes), json="intersections.owner"),
        Field("node_level", ListOf(Int(0, 2), length=_nodes), json="intersections.level"),
        Field("edge_owner", ListOf(Opt(Seat(), none=-1), length=_edges), json="roads"),
        Field("hands", ListOf(Keyed("resources", Int(0, 19)), length="players")),
        Field("bank", Keyed("resources", Int(0, 19))),
        Field("dev_hand", PER_PLAYER_COUNTS, json="development[].hand"),
        Field("dev_new", PER_PLAYER_COUNTS, json="development[].new"),
        Field("played", PER_PLAYER_COUNTS, json="development[].played"),
        Field("deck", Keyed("cards", Int(0, 25))),
        Field("dev_played", Bool()),
        Field("longest_holder", Opt(Seat(), none=-1), json="longest_road"),
        Field("army_holder", Opt(Seat(), none=-1), json="largest_army"),
        Field("discard_left", ListOf(Int(0, 95), length="players")),
        Field("robber_return", Str((ROLL_PHASE, MAIN))),
        Field("free_roads", Int(0, 2)),
        Field("offer", ListOf(Int(0, 19))),  # [] or the 5 cards the active player gives, then the 5 they get
        Field("answers", ListOf(Ref("answers"), length="players")),
        Field("counters", ListOf(ListOf(Int(0, 19)), length="players")),
        Field("responder", Opt(Seat(), none=-1)),
        Field("offers_made", Int(min=0)),
        Field("victim", Opt(Seat(), none=-1)),
        Field("steals", ListOf(ListOf(Int(0, 4)))),  # [thief, victim, resource]: seen only by those two
        # one record per steal since the last fully known point; a file written before it existed loads with
        # none, i.e. with every steal it lists known to everyone
        Field("memory", ListOf(StealMemory()), missing=[]),
        Field("winner", Opt(Seat(), none=-1)),
        Field("roads_left", ListOf(Int()), derived=True),
        Field("settlements_left", ListOf(Int()), derived=True),
        Field("cities_left", ListOf(Int()), derived=True),
        Field("road_length", ListOf(Int()), derived=True),
        Field("rates", ListOf(ListOf(Int())), derived=True),
        Field("roads_of", ListOf(ListOf(Int())), derived=True),
        Field("buildings_of", ListOf(ListOf(Int())), derived=True),
        transient=("_current", "_by_number", "_tile_take", "_node_harbour", "_legal", "_beliefs", "_closed"),
    )

    # ------------------------------------------------------------------------------------------
    # setup (setup.*)
    # ------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, comp: Components, layout: Layout) -> "CatanState":
        """The position before the first setup settlement, on the given board layout."""
        s = cls.blank(comp)
        n, topo = comp.players, comp.topo
        s.phase = SETUP_SETTLEMENT
        s.turn = 0
        s.active = 0
        s.setup_index = 0
        s.last_settlement = -1
        s.terrain = layout.terrain[:]
        s.number = layout.number[:]
        s.robber = layout.robber
        s.harbour_edges = [e for e, _ in layout.harbours]
        s.harbour_kinds = [k for _, k in layout.harbours]
        s.node_owner = [-1] * topo.n_nodes
        s.node_level = [0] * topo.n_nodes
        s.edge_owner = [-1] * topo.n_edges
        s.hands = [[0] * R for _ in range(n)]
        s.bank = list(BANK_START)
        s.dev_hand = [[0] * 5 for _ in range(n)]
        s.dev_new = [[0] * 5 for _ in range(n)]
        s.played = [[0] * 5 for _ in range(n)]
        s.deck = list(DECK_START)
        s.dev_played = False
        s.longest_holder = -1
        s.army_holder = -1
        s.discard_left = [0] * n
        s.robber_return = MAIN
        s.free_roads = 0
        s.offer = []
        s.answers = [NO_ANSWER] * n
        s.counters = [[] for _ in range(n)]
        s.responder = -1
        s.offers_made = 0
        s.victim = -1
        s.steals = []
        s.memory = []
        s.winner = -1
        s.after_load()
        s.emit("setup_start", "setup.snake", players=n, robber=s.robber)
        return s

    def validate_position(self) -> None:
        """Cross-field checks: conservation of cards, pieces, the distance rule, the turn in progress."""
        check_position(self)

    def after_load(self) -> None:
        """Rebuild the derived data: pieces left, road lengths, trade rates, lookups, who is to move."""
        topo = self.comp.topo
        n = self.players
        by_number: list[list[tuple]] = [[] for _ in range(13)]
        for t, num in enumerate(self.number):
            if num and self.terrain[t] < R:
                by_number[num].append((t, self.terrain[t]))
        self._by_number = tuple(tuple(x) for x in by_number)  # per number: (tile, resource)
        self._tile_take = tuple(self._take_of(t) for t in range(topo.n_tiles))
        nh = [-1] * topo.n_nodes
        for e, k in zip(self.harbour_edges, self.harbour_kinds):
            for v in topo.edge_nodes[e]:
                nh[v] = k
        self._node_harbour = tuple(nh)
        self.roads_of = [[e for e, o in enumerate(self.edge_owner) if o == p] for p in range(n)]
        self.buildings_of = [[v for v, o in enumerate(self.node_owner) if o == p] for p in range(n)]
        self.rates = [self._compute_rates(p) for p in range(n)]
        self.roads_left = [PIECES["road"] - len(self.roads_of[p]) for p in range(n)]
        self.settlements_left = [PIECES["settlement"] - sum(self.node_level[v] == 1 for v in self.buildings_of[p])
                                 for p in range(n)]
        self.cities_left = [PIECES["city"] - sum(self.node_level[v] == 2 for v in self.buildings_of[p])
                            for p in range(n)]
        self.road_length = [longest_road(topo, self.edge_owner, self.node_owner, p, self.roads_of[p])
                            for p in range(n)]
        recount_unknown(self.memory, self.steals, n)
        self._closed = None
        self._settle()

    def _take_of(self, t: int) -> tuple[int, ...] | None:
        """What tile t pays each player when its number is rolled (None: no building on its corners)."""
        row = [0] * self.players
        owner, level = self.node_owner, self.node_level
        for v in self.comp.topo.tile_nodes[t]:
            if owner[v] >= 0:
                row[owner[v]] += level[v]
        return tuple(row) if any(row) else None

    def _retake(self, v: int) -> None:
        """Update what the tiles around intersection v pay after a building there (a new tuple: clones share it)."""
        take = list(self._tile_take)
        for t in self.comp.topo.node_tiles[v]:
            take[t] = self._take_of(t)
        self._tile_take = tuple(take)

    def _compute_rates(self, p: int) -> list[int]:
        rates = [4] * R
        for v in self.buildings_of[p]:
            k = self._node_harbour[v]
            if k == GENERIC_HARBOUR:
                rates = [min(x, 3) for x in rates]
            elif k >= 0:
                rates[k] = 2
        return rates

    # ------------------------------------------------------------------------------------------
    # who decides
    # ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to decide now, CHANCE or TERMINAL."""
        return self._current

    @property
    def turn_player(self) -> int:
        """Whose turn it is (the setup player in setup); differs from current_player on discards and trade answers."""
        return self.active

    def _settle(self) -> None:
        """Advance automatic steps and set who decides next (and forget the cached legal actions)."""
        self._legal = self._beliefs = None
        ph = self.phase
        if ph == MAIN or ph == ROLL_PHASE:
            self._current = self.active
        elif ph == OVER:
            self._current = TERMINAL
        elif ph in CHANCE_PHASES:
            self._current = CHANCE
        elif ph == DISCARD_PHASE:
            n = self.players
            for k in range(n):
                p = (self.active + k) % n
                if self.discard_left[p]:
                    self._current = p
                    return
            self.phase = ROBBER
            self._current = self.active
        elif ph == TRADE_REPLY:
            self._current = self.responder
        else:
            self._current = self.active

    # ------------------------------------------------------------------------------------------
    # scores
    # ------------------------------------------------------------------------------------------
    def public_vp(self, p: int) -> int:
        """Victory points everyone can see: buildings and the two special cards."""
        vp = len(self.buildings_of[p]) + PIECES["city"] - self.cities_left[p]  # 1 per building, 1 more per city
        if self.longest_holder == p:
            vp += SPECIAL_VP
        if self.army_holder == p:
            vp += SPECIAL_VP
        return vp

    def vp(self, p: int) -> int:
        """All of p's victory points, hidden Victory Point cards included."""
        return self.public_vp(p) + self.dev_hand[p][VP_CARD] + self.dev_new[p][VP_CARD]

    def _check_victory(self) -> None:
        """victory: the player whose turn it is wins as soon as they hold 10 VP."""
        if self.turn and self.phase != OVER and self.vp(self.active) >= VP_TARGET:
            self.winner = self.active
            self.phase = OVER
            self.emit("win", "victory", player=player_name(self.active), vp=self.vp(self.active),
                      hidden=self.dev_hand[self.active][VP_CARD] + self.dev_new[self.active][VP_CARD])

    # ------------------------------------------------------------------------------------------
    # legal actions
    # ------------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The actions open to the player to move (the outcomes at a chance node)."""
        cached = self._legal
        if cached is None:
            cached = self._legal = self._generate()
        return cached[:]

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` is one of ``legal_actions()`` (or an accepted unlisted one); an action object taken
        from the cached list is recognised by identity before any comparison."""
        if self._current != TERMINAL:
            cached = self._legal
            if cached is None:
                cached = self._legal = self._generate()
            for a in cached:
                if a is action:
                    return True
        return super().is_legal(action)

    def _generate(self) -> list[Action]:
        ph = self.phase
        if ph == MAIN:
            return self._main_actions()
        if ph == ROLL_PHASE:
            return [ROLL, KNIGHT] if self.dev_play_block(KNIGHT_CARD) is None else [ROLL]
        if ph == DICE_PHASE:
            return list(_DICE_FLAT)
        if ph in CHANCE_PHASES:
            return [a for a, _ in self.chance_outcomes()]
        if ph == DISCARD_PHASE:
            hand = self.hands[self._current]
            return [DISCARD[r] for r in range(R) if hand[r]]
        if ph == ROBBER:
            return list(self.comp.robber_moves[self.robber])
        if ph == VICTIM:
            return [self.comp.victim_actions[p] for p in self._victims()]
        if ph == SETUP_SETTLEMENT:
            nbrs = self.comp.topo.node_nbrs
            blocked = set()
            for p in range(self.players):
                for v in self.buildings_of[p]:
                    blocked.add(v)
                    blocked.update(nbrs[v])
            return [a for v, a in self.comp.setup_spots if v not in blocked]
        if ph == SETUP_ROAD:
            topo = self.comp.topo
            return [self.comp.road_actions[e] for e in topo.node_edges[self.last_settlement]
                    if self.edge_owner[e] < 0 and topo.edge_road[e]]
        if ph == ROAD_BUILDING_PHASE:
            return [self.comp.road_actions[e] for e in self._road_spots(self.active)]
        if ph == TRADE_REPLY:
            return [ACCEPT, REJECT] if self._holds(self.responder, self.offer[R:]) else [REJECT]
        if ph == TRADE_CHOOSE:
            return [self.comp.confirm_actions[p] for p in self._trade_partners()] + [CANCEL]
        return []

    def _main_actions(self) -> list[Action]:
        p = self.active
        comp, hand = self.comp, self.hands[p]
        out: list[Action] = [END]
        if not any(hand):
            return out + self._dev_card_actions(p) if not self.dev_played else out
        if _supply_error(self, p, "settlement") is None:
            out += [comp.settle_actions[v] for v in self._settlement_spots(p)]
        if _supply_error(self, p, "city") is None:
            out += [comp.city_actions[v] for v in self.buildings_of[p] if self.node_level[v] == 1]
        if _supply_error(self, p, "road") is None:
            out += [comp.road_actions[e] for e in self._road_spots(p)]
        if _supply_error(self, p, "development") is None:
            out.append(BUY)
        if not self.dev_played:
            out += self._dev_card_actions(p)
        rates, bank = self.rates[p], self.bank
        for g in range(R):
            if hand[g] >= rates[g]:
                for r, trade in _BANK_FOR[g]:
                    if bank[r]:
                        out.append(trade)
        if comp.player_trades and self.offers_made < LISTED_OFFERS_PER_TURN:
            out += _useful_offers(hand)
        return out

    def _dev_card_actions(self, p: int) -> list[Action]:
        """The development cards p may play now (one per turn, not bought this turn)."""
        if not any(self.dev_hand[p]):
            return []
        block = self.dev_play_block
        out: list[Action] = []
        if block(KNIGHT_CARD) is None:
            out.append(KNIGHT)
        if block(RB_CARD) is None and self._road_building_room(p):
            out.append(ROAD_BUILDING)
        if block(YOP_CARD) is None:
            out += self._year_of_plenty_choices()
        if block(MONOPOLY_CARD) is None:
            out += MONOPOLY
        return out

    def accepts_unlisted(self, action: Action) -> bool:
        """Composed trade offers and counter-offers outside the listed set (and Year of Plenty's two resources
        in either order), when the rules allow them."""
        if isinstance(action, (OfferTrade, CounterOffer, PlayYearOfPlenty)):
            return self._illegal(action) is None
        return False

    # ------------------------------------------------------------------------------------------
    # chance
    # ------------------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Dice (36 ordered outcomes), the stolen card (by the victim's hand) or the development card drawn."""
        ph = self.phase
        if ph == DICE_PHASE:
            return list(DICE_OUTCOMES)
        if ph == STEAL_PHASE:
            hand = self.hands[self.victim]
            total = sum(hand)
            return [(STEAL[r], Fraction(hand[r], total)) for r in range(R) if hand[r]]
        if ph == DRAW_PHASE:
            total = sum(self.deck)
            return [(DRAW[c], Fraction(self.deck[c], total)) for c in range(5) if self.deck[c]]
        return []

    def sample_chance(self, rng: random.Random) -> Action:
        """Sample the pending chance outcome (fast path, same distribution as chance_outcomes)."""
        ph = self.phase
        if ph == DICE_PHASE:
            return _DICE_FLAT[rng.randrange(36)]
        counts = self.hands[self.victim] if ph == STEAL_PHASE else self.deck
        k = rng.randrange(sum(counts))
        for i, c in enumerate(counts):
            if k < c:
                return STEAL[i] if ph == STEAL_PHASE else DRAW[i]
            k -= c
        raise IllegalActionError("no chance event is pending", "engine.chance")

    # ------------------------------------------------------------------------------------------
    # applying actions
    # ------------------------------------------------------------------------------------------
    def _explain(self, action: Action) -> None:
        """Raise the IllegalActionError (naming the rule) that explains why ``action`` is not legal now."""
        err = self._illegal(action)
        if err is not None:
            raise err

    def _illegal(self, a: Action) -> IllegalActionError | None:
        """The rule ``a`` breaks now (None if it breaks none): the per-rule explanations below."""
        handler = _CHECKS.get(type(a))
        if handler is None:
            return IllegalActionError(f"{a!r} is not a Catan action", "engine.action")
        try:
            return handler(self, a)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # malformed fields
            return IllegalActionError(f"{a!r} has malformed fields", "engine.action")

    def _do(self, a: Action) -> None:
        kind = type(a)
        _APPLY[kind](self, a)
        if kind in _VP_CHANGES:
            self._check_victory()
        self._settle()

    # ------------------------------------------------------------------------------------------
    # helpers on the board
    # ------------------------------------------------------------------------------------------
    def _distance_ok(self, v: int) -> bool:
        """build.distance: the intersection and its neighbours are free, on land or coast."""
        topo = self.comp.topo
        if not topo.node_buildable[v] or self.node_owner[v] >= 0:
            return False
        owner = self.node_owner
        return all(owner[u] < 0 for u in topo.node_nbrs[v])

    def _touches_own_road(self, p: int, v: int) -> bool:
        eo = self.edge_owner
        return any(eo[e] == p for e in self.comp.topo.node_edges[v])

    def _settlement_spots(self, p: int) -> list[int]:
        """build.settlement: free intersections under the distance rule at the end of one of p's roads."""
        topo = self.comp.topo
        spots = set()
        for e in self.roads_of[p]:
            for v in topo.edge_nodes[e]:
                if self._distance_ok(v):
                    spots.add(v)
        return sorted(spots)

    def _road_spots(self, p: int) -> list[int]:
        """build.road: free edges touching p's building, or p's road at an intersection without an opposing building."""
        topo = self.comp.topo
        owner, eo = self.node_owner, self.edge_owner
        node_edges, edge_road = topo.node_edges, topo.edge_road
        nodes = set(self.buildings_of[p])
        for e in self.roads_of[p]:
            for v in topo.edge_nodes[e]:
                o = owner[v]
                if o < 0 or o == p:
                    nodes.add(v)
        spots = set()
        for v in nodes:
            for e in node_edges[v]:
                if eo[e] < 0 and edge_road[e]:
                    spots.add(e)
        return sorted(spots)

    def _road_connected(self, p: int, e: int) -> bool:
        topo = self.comp.topo
        for v in topo.edge_nodes[e]:
            o = self.node_owner[v]
            if o == p:
                return True
            if o < 0 and self._touches_own_road(p, v):
                return True
        return False

    def _victims(self) -> list[int]:
        """seven.steal: other players with a building on a corner of the robber's tile and at least one card."""
        owner = self.node_owner
        out = set()
        for v in self.comp.topo.tile_nodes[self.robber]:
            o = owner[v]
            if o >= 0 and o != self.active and sum(self.hands[o]):
                out.add(o)
        return sorted(out)

    def _holds(self, p: int, amounts) -> bool:
        return _holds(self.hands[p], amounts)

    def dev_play_block(self, card: int) -> str | None:
        """Why the player to move cannot play development ``card`` now (ONE_PER_TURN, BOUGHT_THIS_TURN,
        NOT_HELD), or None: the one condition the listings and ``_check_play`` share."""
        if self.dev_played:
            return ONE_PER_TURN
        p = self.active
        if not self.dev_hand[p][card]:
            return BOUGHT_THIS_TURN if self.dev_new[p][card] else NOT_HELD
        return None

    def _road_building_room(self, p: int) -> bool:
        """development.road_building: a road piece left and a free edge to build on."""
        return bool(self.roads_left[p]) and bool(self._road_spots(p))

    def _year_of_plenty_choices(self) -> list[Action]:
        bank = self.bank
        out = [a for a in YEAR_OF_PLENTY
               if (bank[RES_INDEX[a.resources[0]]] >= 2 if a.resources[0] == a.resources[1]
                   else bank[RES_INDEX[a.resources[0]]] and bank[RES_INDEX[a.resources[1]]])]
        if not out and sum(bank) == 1:
            out = [PlayYearOfPlenty((RESOURCES[r],)) for r in range(R) if bank[r]]
        return out

    def _trade_partners(self) -> list[int]:
        return trade_partners(self.answers, self.counters, self.active, self._holds)

    def _pay(self, p: int, cost) -> None:
        hand, bank = self.hands[p], self.bank
        for r in range(R):
            c = cost[r]
            if c:
                hand[r] -= c
                bank[r] += c
                if self.memory:
                    self._lower(p, r)

    def _remember(self, p: int, counts) -> None:
        """Steal memory: lower p's lows in the open stretch to ``counts`` (a hand, or a hand minus a promise)."""
        lower_lows(self.memory, p, counts)

    def _lower(self, p: int, r: int) -> None:
        """Steal memory: p's count of resource r just went down."""
        lower_low(self.memory, R, p, r, self.hands[p][r])

    def _promise(self, p: int, cards) -> None:
        """Steal memory: p showed they hold ``cards`` (an offer, an acceptance, a counter-offer)."""
        if self.memory:
            hand = self.hands[p]
            self._remember(p, [hand[r] - cards[r] for r in range(R)])

    def _gain(self, p: int, r: int, n: int = 1) -> None:
        self.hands[p][r] += n
        self.bank[r] -= n

    # ------------------------------------------------------------------------------------------
    # special cards (special.*)
    # ------------------------------------------------------------------------------------------
    def _update_longest_road(self, players, new_road: int = -1) -> None:
        """special.longest_road: at least 5 roads, strictly longest; the holder keeps it on a tie; if the holder
        loses it and several players tie for longest, nobody holds it."""
        topo = self.comp.topo
        for p in players:
            if new_road >= 0:
                self.road_length[p] = longest_road_after(topo, self.edge_owner, self.node_owner, p, self.roads_of[p],
                                                         new_road, self.road_length[p])
            else:
                self.road_length[p] = longest_road(topo, self.edge_owner, self.node_owner, p, self.roads_of[p])
        lengths = self.road_length
        best = max(lengths)
        old = self.longest_holder
        new = special_card_holder(lengths, old, LONGEST_ROAD_MIN)
        if new != old:
            self.longest_holder = new
            if new >= 0:
                self.emit("longest_road", "special.longest_road", player=player_name(new), length=best)
            else:
                self.emit("longest_road_none", "special.longest_road", length=best)

    def _update_largest_army(self, p: int) -> None:
        """special.largest_army: at least 3 Knights played, and more than the holder."""
        k = self.played[p][KNIGHT_CARD]
        holder = self.army_holder
        if holder != p and k >= LARGEST_ARMY_MIN and (holder < 0 or k > self.played[holder][KNIGHT_CARD]):
            self.army_holder = p
            self.emit("largest_army", "special.largest_army", player=player_name(p), knights=k)

    # ------------------------------------------------------------------------------------------
    # views
    # ------------------------------------------------------------------------------------------
    def observation(self, player: int) -> dict:
        """What ``player`` may see: the board, every public count, own hand, own development cards and own steals."""
        return observation(self, player)

    def describe(self) -> str:
        """The position in words for the terminal."""
        return describe(self)

    def hand_text(self, player: int) -> str:
        """What ``player`` holds, in words."""
        return hand_text(self, player)

    def hand_beliefs(self, observer: int) -> list[tuple[tuple[tuple[int, ...], ...], Fraction]]:
        """Every combination of hands ``observer`` cannot rule out (own hand, public history, perfect memory),
        with its exact probability."""
        return hand_beliefs(self, observer)

    def hand_distribution(self, observer: int, player: int) -> dict[tuple[int, ...], Fraction]:
        """The exact distribution of ``player``'s hand (5 counts, resource order) as ``observer`` knows it."""
        return hand_distribution(self, observer, player)

    def steal_odds(self, observer: int, victim: int) -> dict[str, Fraction]:
        """The exact chance, for ``observer``, that a card stolen from ``victim`` now is each resource."""
        return steal_odds(self, observer, victim)

    def determinize(self, player: int, rng: random.Random) -> "CatanState":
        """A copy where what ``player`` cannot see is drawn from what they can know: the cards of the steals they
        did not take part in (exactly from ``hand_beliefs``), the others' development cards and the deck."""
        s = self.clone()
        n = self.players
        known = beliefs(self, player) if self.memory else None
        if known is not None and not known.certain:
            write_world(s, *known.sample(rng))
        # unplayed development cards of the others, and the deck
        others = [p for p in range(n) if p != player]
        pool: list[int] = []
        for c in range(5):
            pool += [c] * (s.deck[c] + sum(s.dev_hand[p][c] + s.dev_new[p][c] for p in others))
        sizes = [(sum(s.dev_hand[p]), sum(s.dev_new[p])) for p in others]
        for _ in range(50):
            rng.shuffle(pool)
            hands, news, k = [], [], 0
            for held, new in sizes:
                hands.append(_count(pool[k:k + held]))
                news.append(_count(pool[k + held:k + held + new]))
                k += held + new
            # the game is not over: the player whose turn it is cannot already hold 10 VP
            ok = True
            for i, p in enumerate(others):
                if p == s.active and s.turn and s.phase != OVER and \
                        s.public_vp(p) + hands[i][VP_CARD] + news[i][VP_CARD] >= VP_TARGET:
                    ok = False
            if ok:
                for i, p in enumerate(others):
                    s.dev_hand[p], s.dev_new[p] = hands[i], news[i]
                s.deck = _count(pool[k:])
                break
        s._settle()
        return s


BUILD_COSTS = (ROAD_COST, SETTLEMENT_COST, CITY_COST, DEV_COST)


def _useful_offers(hand: list[int]) -> list[Action]:
    """The listed offers: 1 or 2 cards of a resource for the one card that completes a build the player cannot
    afford yet (any other well-formed offer is legal too, through ``accepts_unlisted``)."""
    return [OFFER[n - 1][g][r] for g, n, r in useful_offer_terms(hand, BUILD_COSTS, R)]


def _affords(hand: list[int], cost) -> bool:
    return hand[0] >= cost[0] and hand[1] >= cost[1] and hand[2] >= cost[2] and hand[3] >= cost[3] \
        and hand[4] >= cost[4]


_holds = _affords


def _count(cards: list[int]) -> list[int]:
    out = [0] * 5
    for c in cards:
        out[c] += 1
    return out


# ==============================================================================================
# Each rule: its check (None = legal, else the error naming the rule) and its effect, side by side
# ==============================================================================================
def _err(message: str, rule: str) -> IllegalActionError:
    return IllegalActionError(message, rule)


def _phase_error(s: CatanState, what: str) -> IllegalActionError:
    return _err(_("{what} is not possible now (phase: {phase})").format(what=what, phase=s.phase), "turn.order")


# -- what a piece or a card needs: one left in supply, and its cost (build.pieces, build.cost, development.buy) --
_SUPPLY = {  # kind -> (the state's count left per player, cost, message when none is left, message of the cost)
    "settlement": ("settlements_left", SETTLEMENT_COST, N_("you have no settlement piece left (5 per player)"),
                   N_("a settlement costs 1 brick, 1 lumber, 1 wool and 1 grain")),
    "city": ("cities_left", CITY_COST, N_("you have no city piece left (4 per player)"),
             N_("a city costs 3 ore and 2 grain")),
    "road": ("roads_left", ROAD_COST, N_("you have no road piece left (15 per player)"),
             N_("a road costs 1 brick and 1 lumber")),
    "development": (None, DEV_COST, N_("the development deck is empty"),
                    N_("a development card costs 1 wool, 1 grain and 1 ore")),
}


def _supply_error(s: CatanState, p: int, kind: str, paid: bool = True) -> tuple[str, str] | None:
    """(message, rule) if p has no piece (or card) of this kind left or cannot pay for it (``paid`` False: a free
    road), None if they can build (or buy) one; the listing and the refusal both ask this."""
    left, cost, none_left, costs = _SUPPLY[kind]
    if not (getattr(s, left)[p] if left else any(s.deck)):
        return _(none_left), "development.buy" if left is None else "build.pieces"
    if paid and not _affords(s.hands[p], cost):
        return _(costs), "build.cost"
    return None


# -- settlements (setup.distance, build.settlement) --------------------------------------------
def _check_settlement(s: CatanState, a: BuildSettlement) -> IllegalActionError | None:
    topo = s.comp.topo
    if s.phase not in (SETUP_SETTLEMENT, MAIN):
        return _phase_error(s, _("Building a settlement"))
    v = a.node
    if not isinstance(v, int) or not 0 <= v < topo.n_nodes:
        return _err(_("there is no intersection {node!r}").format(node=v), "build.settlement")
    if not topo.node_buildable[v]:
        return _err(_("intersection {node} touches no land").format(node=v), "build.settlement")
    if s.node_owner[v] >= 0:
        return _err(_("intersection {node} is already occupied").format(node=v), "build.distance")
    if not s._distance_ok(v):
        return _err(_("intersection {node} is next to a settlement or city (distance rule)").format(node=v),
                    "build.distance")
    if s.phase == SETUP_SETTLEMENT:
        return None
    p = s.active
    if not s._touches_own_road(p, v):
        return _err(_("a settlement must touch one of your roads; intersection {node} does not").format(node=v),
                    "build.settlement")
    bad = _supply_error(s, p, "settlement")
    return _err(*bad) if bad else None


def _do_settlement(s: CatanState, a: BuildSettlement) -> None:
    p, v = s.active, a.node
    setup = s.phase == SETUP_SETTLEMENT
    if not setup:
        s._pay(p, SETTLEMENT_COST)
    s.node_owner[v] = p
    s.node_level[v] = 1
    s.settlements_left[p] -= 1
    insort(s.buildings_of[p], v)  # kept sorted: the order after a reload
    s._retake(v)
    s.rates[p] = s._compute_rates(p)
    s.emit("build_settlement", "setup.distance" if setup else "build.settlement", player=player_name(p), node=v)
    if setup:
        s.last_settlement = v
        if s.setup_index >= s.players:
            _setup_resources(s, p, v)
        s.phase = SETUP_ROAD
    else:
        # a new settlement may break other players' roads
        hit = [q for q in range(s.players) if q != p and s._touches_own_road(q, v)]
        if hit:
            s._update_longest_road(hit)


def _setup_resources(s: CatanState, p: int, v: int) -> None:
    """setup.resources: the second settlement gives one resource for each adjacent producing tile."""
    got = [0] * R
    for t in s.comp.topo.node_tiles[v]:
        r = s.terrain[t]
        if r < R and s.bank[r]:
            s._gain(p, r)
            got[r] += 1
    s.emit("setup_resources", "setup.resources", player=player_name(p), resources=amounts_text(tuple(got)))


# -- roads (setup.road, build.road, development.road_building) -----------------------------------
def _check_road(s: CatanState, a: BuildRoad) -> IllegalActionError | None:
    topo = s.comp.topo
    if s.phase not in (SETUP_ROAD, MAIN, ROAD_BUILDING_PHASE):
        return _phase_error(s, _("Building a road"))
    e = a.edge
    if not isinstance(e, int) or not 0 <= e < topo.n_edges:
        return _err(_("there is no edge {edge!r}").format(edge=e), "build.road")
    if not topo.edge_road[e]:
        return _err(_("edge {edge} is not on land (roads go on land and coast edges)").format(edge=e), "build.road")
    if s.edge_owner[e] >= 0:
        return _err(_("edge {edge} already has a road").format(edge=e), "build.road")
    p = s.active
    if s.phase == SETUP_ROAD:
        if s.last_settlement not in topo.edge_nodes[e]:
            return _err(_("the setup road must touch the settlement just placed"), "setup.road")
        return None
    if not s._road_connected(p, e):
        return _err(_("edge {edge} does not connect to your road, settlement or city (an opposing building breaks "
                      "the connection)").format(edge=e), "build.road")
    bad = _supply_error(s, p, "road", paid=s.phase == MAIN)
    return _err(*bad) if bad else None


def _do_road(s: CatanState, a: BuildRoad) -> None:
    p, e = s.active, a.edge
    ph = s.phase
    if ph == MAIN:
        s._pay(p, ROAD_COST)
    s.edge_owner[e] = p
    s.roads_left[p] -= 1
    insort(s.roads_of[p], e)  # kept sorted: the order after a reload
    rule = "build.road" if ph == MAIN else "setup.road" if ph == SETUP_ROAD else "development.road_building"
    s.emit("build_road", rule, player=player_name(p), edge=e)
    if ph != SETUP_ROAD:
        s._update_longest_road((p,), e)
    if ph == SETUP_ROAD:
        _next_setup(s)
    elif ph == ROAD_BUILDING_PHASE:
        s.free_roads -= 1
        if not s.free_roads or not s.roads_left[p] or not s._road_spots(p):
            s.free_roads = 0
            s.phase = MAIN


def _next_setup(s: CatanState) -> None:
    """setup.snake: 1 -> n, then n -> 1; then the first player's first turn."""
    s.setup_index += 1
    order = s.comp.setup_order
    if s.setup_index < len(order):
        s.active = order[s.setup_index]
        s.phase = SETUP_SETTLEMENT
    else:
        for p in range(s.players):
            s.road_length[p] = longest_road(s.comp.topo, s.edge_owner, s.node_owner, p, s.roads_of[p])
        _start_turn(s, 0)


def _start_turn(s: CatanState, p: int) -> None:
    s.turn += 1
    s.active = p
    s.dev_played = False
    s.offers_made = 0
    if s.turn > s.comp.turn_cap:
        s.phase = OVER
        s.emit("turn_cap", "game.turn_cap", turns=s.comp.turn_cap)
        return
    s.phase = ROLL_PHASE
    s.emit("turn_start", "turn.roll", turn=s.turn, player=player_name(p))


# -- cities (build.city) ---------------------------------------------------------------------
def _check_city(s: CatanState, a: BuildCity) -> IllegalActionError | None:
    if s.phase != MAIN:
        return _phase_error(s, _("Building a city"))
    v, p = a.node, s.active
    if not isinstance(v, int) or not 0 <= v < s.comp.topo.n_nodes:
        return _err(_("there is no intersection {node!r}").format(node=v), "build.city")
    if s.node_owner[v] != p or s.node_level[v] != 1:
        return _err(_("a city replaces one of your settlements; intersection {node} has none").format(node=v),
                    "build.city")
    bad = _supply_error(s, p, "city")
    return _err(*bad) if bad else None


def _do_city(s: CatanState, a: BuildCity) -> None:
    p, v = s.active, a.node
    s._pay(p, CITY_COST)
    s.node_level[v] = 2
    s._retake(v)
    s.cities_left[p] -= 1
    s.settlements_left[p] += 1
    s.emit("build_city", "build.city", player=player_name(p), node=v)


# -- rolling and production (turn.roll, production.*) -------------------------------------------
def _check_roll(s: CatanState, a: Roll) -> IllegalActionError | None:
    return None if s.phase == ROLL_PHASE else _phase_error(s, _("Rolling the dice"))


def _do_roll(s: CatanState, a: Roll) -> None:
    s.phase = DICE_PHASE


def _check_dice(s: CatanState, a: Dice) -> IllegalActionError | None:
    if s.phase != DICE_PHASE:
        return _phase_error(s, _("A dice result"))
    if not (isinstance(a.red, int) and isinstance(a.yellow, int) and 1 <= a.red <= 6 and 1 <= a.yellow <= 6):
        return _err(_("each die shows 1 to 6"), "turn.roll")
    return None


def _do_dice(s: CatanState, a: Dice) -> None:
    total = a.red + a.yellow
    s.emit("roll", "turn.roll", player=player_name(s.active), red=a.red, yellow=a.yellow, total=total)
    if total == 7:
        _seven(s)
    else:
        _produce(s, total)
        s.phase = MAIN


def _produce(s: CatanState, total: int) -> None:
    """production: each tile with the number pays 1 per settlement and 2 per city, except under the robber;
    production.bank_shortage: if the bank cannot pay everyone a resource, nobody gets it, unless only one
    player is owed it (who gets what is left)."""
    robber, take = s.robber, s._tile_take
    n = s.players
    owed: dict[int, list[int]] = {}
    for t, r in s._by_number[total]:
        if t == robber:
            s.emit("robber_blocks", "production.robber", tile=t, resource=TERRAINS[r])
            continue
        pays = take[t]  # per player: 1 per settlement and 2 per city on the tile's corners
        if pays:
            row = owed.get(r)
            if row is None:
                owed[r] = list(pays)
            else:
                for p in range(n):
                    row[p] += pays[p]
    bank, hands = s.bank, s.hands
    for r, row in owed.items():
        need = sum(row)
        if need <= bank[r]:
            bank[r] -= need
            for p in range(n):
                if row[p]:
                    hands[p][r] += row[p]
                    s.emit("produce", "production", player=player_name(p), count=row[p], resource=RESOURCES[r])
        else:
            takers = [p for p in range(n) if row[p]]
            if len(takers) == 1 and s.bank[r]:
                got = s.bank[r]
                s._gain(takers[0], r, got)
                s.emit("shortage_single", "production.bank_shortage", player=player_name(takers[0]), count=got,
                       owed=need, resource=RESOURCES[r])
            else:
                s.emit("shortage", "production.bank_shortage", resource=RESOURCES[r], owed=need, left=s.bank[r])


def _seven(s: CatanState) -> None:
    """seven.discard: every player with more than 7 cards discards half (rounded down), their choice."""
    any_discard = False
    for p in range(s.players):
        total = sum(s.hands[p])
        if total > HAND_LIMIT:
            s.discard_left[p] = total // 2
            any_discard = True
            s.emit("must_discard", "seven.discard", player=player_name(p), count=total // 2, cards=total)
    s.robber_return = MAIN
    s.phase = DISCARD_PHASE if any_discard else ROBBER


# -- discards (seven.discard) --------------------------------------------------------------------
def _check_discard(s: CatanState, a: Discard) -> IllegalActionError | None:
    if s.phase != DISCARD_PHASE:
        return _phase_error(s, _("Discarding"))
    r = RES_INDEX.get(a.resource)
    if r is None:
        return _err(_("unknown resource {resource!r}").format(resource=a.resource), "seven.discard")
    if not s.hands[s._current][r]:
        return _err(_("you hold no {resource}").format(resource=tr_name(a.resource)), "seven.discard")
    return None


def _do_discard(s: CatanState, a: Discard) -> None:
    p, r = s._current, RES_INDEX[a.resource]
    s.hands[p][r] -= 1
    s.bank[r] += 1
    s.discard_left[p] -= 1
    if s.memory:
        s._lower(p, r)
    s.emit("discard", "seven.discard", player=player_name(p), resource=a.resource, left=s.discard_left[p])


# -- robber and steal (seven.robber, seven.steal, development.knight) ----------------------------------
def _check_robber(s: CatanState, a: MoveRobber) -> IllegalActionError | None:
    if s.phase != ROBBER:
        return _phase_error(s, _("Moving the robber"))
    t = a.tile
    if not isinstance(t, int) or t not in s.comp.land_tiles:
        return _err(_("the robber goes on a land tile; {tile!r} is not one").format(tile=t), "seven.robber")
    if t == s.robber:
        return _err(_("the robber must move to another tile"), "seven.robber")
    return None


def _do_robber(s: CatanState, a: MoveRobber) -> None:
    s.robber = a.tile
    s.emit("move_robber", "seven.robber", player=player_name(s.active), tile=a.tile,
           terrain=TERRAINS[s.terrain[a.tile]], number=s.number[a.tile])
    victims = s._victims()
    if len(victims) == 1:
        s.victim = victims[0]
        s.phase = STEAL_PHASE
    elif victims:
        s.phase = VICTIM
    else:
        s.emit("no_steal", "seven.steal", player=player_name(s.active))
        s.phase = s.robber_return


def _check_victim(s: CatanState, a: ChooseVictim) -> IllegalActionError | None:
    if s.phase != VICTIM:
        return _phase_error(s, _("Choosing whom to steal from"))
    if a.victim not in s._victims():
        return _err(_("you steal from another player with a building on the robber's tile and a card in hand"),
                    "seven.steal")
    return None


def _do_victim(s: CatanState, a: ChooseVictim) -> None:
    s.victim = a.victim
    s.phase = STEAL_PHASE


def _check_steal(s: CatanState, a: StealCard) -> IllegalActionError | None:
    if s.phase != STEAL_PHASE:
        return _phase_error(s, _("A stolen card"))
    r = RES_INDEX.get(a.resource)
    if r is None or not s.hands[s.victim][r]:
        return _err(_("the victim holds no {resource}").format(resource=tr_name(a.resource)), "seven.steal")
    return None


def _do_steal(s: CatanState, a: StealCard) -> None:
    r = RES_INDEX[a.resource]
    before = s.hands[s.victim][:]
    s.hands[s.victim][r] -= 1
    s.hands[s.active][r] += 1
    s.steals.append([s.active, s.victim, r])
    remember_steal(s.memory, before, s.hands, s.active, s.victim)
    s._closed = None  # the record that was open is closed now
    s.emit("steal", "seven.steal", player=player_name(s.active), victim=player_name(s.victim))
    s.victim = -1
    s.phase = s.robber_return


# -- trades (trade.bank, trade.harbour, trade.players) ------------------------------------------------
def _check_bank_trade(s: CatanState, a: BankTrade) -> IllegalActionError | None:
    if s.phase != MAIN:
        return _phase_error(s, _("Trading"))
    g, r = RES_INDEX.get(a.give), RES_INDEX.get(a.get)
    if g is None or r is None:
        return _err(_("name two resources"), "trade.bank")
    if g == r:
        return _err(_("a resource cannot be traded for itself"), "trade.bank")
    p = s.active
    rate = s.rates[p][g]
    if s.hands[p][g] < rate:
        rule = "trade.bank" if rate == 4 else "trade.harbour"
        return _err(_("you trade {rate} {give} for one card and hold {held}").format(
            rate=rate, give=tr_name(a.give), held=s.hands[p][g]), rule)
    if not s.bank[r]:
        return _err(_("the bank has no {resource} left").format(resource=tr_name(a.get)), "trade.bank")
    return None


def _do_bank_trade(s: CatanState, a: BankTrade) -> None:
    p, g, r = s.active, RES_INDEX[a.give], RES_INDEX[a.get]
    rate = s.rates[p][g]
    s.hands[p][g] -= rate
    s.bank[g] += rate
    s._gain(p, r)
    if s.memory:
        s._lower(p, g)
    s.emit("bank_trade", "trade.bank" if rate == 4 else "trade.harbour", player=player_name(p), count=rate,
           give=a.give, get=a.get)


def _illegal_offer(s: CatanState, a: OfferTrade) -> IllegalActionError | None:
    if s.phase != MAIN:
        return _phase_error(s, _("Offering a trade"))
    if not s.comp.player_trades:
        return _err(_("player trades are switched off in this game (option player_trades)"), "trade.players")
    return _illegal_terms(a.give, a.get) or (
        None if _holds(s.hands[s.active], a.give) else _err(_("you do not hold what you offer"), "trade.players"))


def _illegal_terms(give, get) -> IllegalActionError | None:
    reason = terms_error(give, get, RESOURCES, limit=19)
    return None if reason is None else _err(reason, "trade.players")


def _check_offer(s: CatanState, a: OfferTrade) -> IllegalActionError | None:
    return _illegal_offer(s, a)


def _do_offer(s: CatanState, a: OfferTrade) -> None:
    p = s.active
    s.offer = list(a.give) + list(a.get)
    s.offers_made += 1
    s._promise(p, a.give)
    s.answers = [NO_ANSWER] * s.players
    s.counters = [[] for _ in range(s.players)]
    s.emit("offer", "trade.players", player=player_name(p), give=amounts_text(a.give), get=amounts_text(a.get))
    s.responder = (p + 1) % s.players
    s.phase = TRADE_REPLY


def _check_accept(s: CatanState, a: AcceptOffer) -> IllegalActionError | None:
    if s.phase != TRADE_REPLY:
        return _phase_error(s, _("Answering an offer"))
    if not _holds(s.hands[s.responder], s.offer[R:]):
        return _err(_("you do not hold the cards asked for"), "trade.players")
    return None


def _check_reject(s: CatanState, a: RejectOffer) -> IllegalActionError | None:
    return None if s.phase == TRADE_REPLY else _phase_error(s, _("Answering an offer"))


def _illegal_counter(s: CatanState, a: CounterOffer) -> IllegalActionError | None:
    if s.phase != TRADE_REPLY:
        return _phase_error(s, _("Answering an offer"))
    err = _illegal_terms(a.give, a.get)
    if err:
        return err
    if list(a.give) + list(a.get) == s.offer:
        return _err(_("a counter-offer changes the terms (accept the offer instead)"), "trade.players")
    if not _holds(s.hands[s.responder], a.get):
        return _err(_("you do not hold what your counter-offer gives"), "trade.players")
    return None


def _answer(s: CatanState, answer: int, counter: list[int]) -> None:
    q = s.responder
    s.answers[q] = answer
    s.counters[q] = counter
    if answer == ACCEPTED:
        s._promise(q, s.offer[R:])
    elif answer == COUNTERED:
        s._promise(q, counter[R:])
    if answer == COUNTERED:
        s.emit("counter", "trade.players", player=player_name(q), give=amounts_text(tuple(counter[:R])),
               get=amounts_text(tuple(counter[R:])))
    else:
        s.emit("accept" if answer == ACCEPTED else "reject", "trade.players", player=player_name(q))
    s.responder = next_responder(q, s.active, s.players)
    if s.responder >= 0:
        return
    if s._trade_partners():
        s.phase = TRADE_CHOOSE
    else:
        s.emit("no_trade", "trade.players", player=player_name(s.active))
        _clear_offer(s)


def _clear_offer(s: CatanState) -> None:
    s.offer = []
    s.answers = [NO_ANSWER] * s.players
    s.counters = [[] for _ in range(s.players)]
    s.phase = MAIN


def _check_confirm(s: CatanState, a: ConfirmTrade) -> IllegalActionError | None:
    if s.phase != TRADE_CHOOSE:
        return _phase_error(s, _("Closing a trade"))
    if a.partner not in s._trade_partners():
        return _err(_("you trade only with a player who accepted or countered (and can still pay)"),
                    "trade.players")
    return None


def _do_confirm(s: CatanState, a: ConfirmTrade) -> None:
    p, q = s.active, a.partner
    terms = s.offer if s.answers[q] == ACCEPTED else s.counters[q]
    for r in range(R):
        s.hands[p][r] += terms[R + r] - terms[r]
        s.hands[q][r] += terms[r] - terms[R + r]
    if s.memory:
        s._remember(p, s.hands[p])
        s._remember(q, s.hands[q])
    s.emit("trade", "trade.players", player=player_name(p), partner=player_name(q),
           give=amounts_text(tuple(terms[:R])), get=amounts_text(tuple(terms[R:])))
    _clear_offer(s)


def _check_cancel(s: CatanState, a: CancelTrade) -> IllegalActionError | None:
    return None if s.phase == TRADE_CHOOSE else _phase_error(s, _("Withdrawing an offer"))


def _do_cancel(s: CatanState, a: CancelTrade) -> None:
    s.emit("withdraw", "trade.players", player=player_name(s.active))
    _clear_offer(s)


# -- development cards (development.*) --------------------------------------------------------------
def _check_buy(s: CatanState, a: BuyDevelopment) -> IllegalActionError | None:
    if s.phase != MAIN:
        return _phase_error(s, _("Buying a development card"))
    bad = _supply_error(s, s.active, "development")
    return _err(*bad) if bad else None


def _do_buy(s: CatanState, a: BuyDevelopment) -> None:
    s._pay(s.active, DEV_COST)
    s.phase = DRAW_PHASE


def _check_draw(s: CatanState, a: DrawDevelopment) -> IllegalActionError | None:
    if s.phase != DRAW_PHASE:
        return _phase_error(s, _("Drawing a development card"))
    c = DEV_INDEX.get(a.card)
    if c is None or not s.deck[c]:
        return _err(_("no {card!r} card is left in the deck").format(card=a.card), "development.buy")
    return None


def _do_draw(s: CatanState, a: DrawDevelopment) -> None:
    c = DEV_INDEX[a.card]
    s.deck[c] -= 1
    s.dev_new[s.active][c] += 1
    s.emit("buy_development", "development.buy", player=player_name(s.active), left=sum(s.deck))
    s.phase = MAIN


def _check_play(s: CatanState, card: int, phases: tuple[str, ...]) -> IllegalActionError | None:
    name = tr_name(DEV_NAMES[DEV_CARDS[card]])
    if s.phase not in phases:
        if s.phase == ROLL_PHASE:
            return _err(_("only a Knight may be played before the roll, not {card}").format(card=name),
                        "development.timing")
        return _phase_error(s, _("Playing {card}").format(card=name))
    block = s.dev_play_block(card)
    if block == ONE_PER_TURN:
        return _err(_("only one development card may be played per turn"), "development.one_per_turn")
    if block == BOUGHT_THIS_TURN:
        return _err(_("a {card} card bought this turn cannot be played until your next turn").format(card=name),
                    "development.timing")
    if block == NOT_HELD:
        return _err(_("you hold no {card} card").format(card=name), "development.timing")
    return None


def _use_card(s: CatanState, card: int) -> None:
    s.dev_hand[s.active][card] -= 1
    s.played[s.active][card] += 1
    s.dev_played = True


def _check_knight(s: CatanState, a: PlayKnight) -> IllegalActionError | None:
    return _check_play(s, KNIGHT_CARD, (ROLL_PHASE, MAIN))


def _do_knight(s: CatanState, a: PlayKnight) -> None:
    p = s.active
    _use_card(s, KNIGHT_CARD)
    s.emit("play_knight", "development.knight", player=player_name(p), knights=s.played[p][KNIGHT_CARD])
    s._update_largest_army(p)
    s.robber_return = s.phase
    s.phase = ROBBER


def _check_road_building(s: CatanState, a: PlayRoadBuilding) -> IllegalActionError | None:
    err = _check_play(s, RB_CARD, (MAIN,))
    if err:
        return err
    if not s._road_building_room(s.active):
        return _err(_("Road Building needs a road piece and a free edge to build on"), "development.road_building")
    return None


def _do_road_building(s: CatanState, a: PlayRoadBuilding) -> None:
    _use_card(s, RB_CARD)
    s.free_roads = min(2, s.roads_left[s.active])
    s.emit("play_road_building", "development.road_building", player=player_name(s.active), roads=s.free_roads)
    s.phase = ROAD_BUILDING_PHASE


def _check_year_of_plenty(s: CatanState, a: PlayYearOfPlenty) -> IllegalActionError | None:
    err = _check_play(s, YOP_CARD, (MAIN,))
    if err:
        return err
    res = a.resources
    valid = isinstance(res, tuple) and all(r in RES_INDEX for r in res)
    wanted = [0] * R
    for r in res if valid else ():
        wanted[RES_INDEX[r]] += 1
    bank_total = sum(s.bank)
    if not valid or not bank_total or len(res) != min(2, bank_total) or any(w > b for w, b in zip(wanted, s.bank)):
        return _err(_("Year of Plenty takes 2 resources the bank holds (1 only if the bank holds a single card)"),
                    "development.year_of_plenty")
    return None


def _do_year_of_plenty(s: CatanState, a: PlayYearOfPlenty) -> None:
    _use_card(s, YOP_CARD)
    for r in a.resources:
        s._gain(s.active, RES_INDEX[r])
    s.emit("play_year_of_plenty", "development.year_of_plenty", player=player_name(s.active),
           resources=" and ".join(a.resources))


def _check_monopoly(s: CatanState, a: PlayMonopoly) -> IllegalActionError | None:
    err = _check_play(s, MONOPOLY_CARD, (MAIN,))
    if err:
        return err
    if a.resource not in RES_INDEX:
        return _err(_("unknown resource {resource!r}").format(resource=a.resource), "development.monopoly")
    return None


def _do_monopoly(s: CatanState, a: PlayMonopoly) -> None:
    p, r = s.active, RES_INDEX[a.resource]
    _use_card(s, MONOPOLY_CARD)
    total = 0
    for q in range(s.players):
        if q != p and s.hands[q][r]:
            total += s.hands[q][r]
            s.hands[q][r] = 0
    s.hands[p][r] += total
    if s.memory:  # each other player's count of the resource became public
        for q in range(s.players):
            if q != p:
                show_count(s.memory, R, s.players, q, r)
                s._remember(q, s.hands[q])
    s.emit("play_monopoly", "development.monopoly", player=player_name(p), resource=a.resource, count=total)


# -- end of turn ------------------------------------------------------------------------------
def _check_end(s: CatanState, a: EndTurn) -> IllegalActionError | None:
    return None if s.phase == MAIN else _phase_error(s, _("Ending the turn"))


def _do_end(s: CatanState, a: EndTurn) -> None:
    """development.timing: the cards bought this turn become playable from the next turn."""
    p = s.active
    new = s.dev_new[p]
    if any(new):
        held = s.dev_hand[p]
        for c in range(5):
            held[c] += new[c]
        s.dev_new[p] = [0] * 5
    _start_turn(s, (p + 1) % s.players)


# the actions after which the active player's VP may have changed (victory is checked after them)
_VP_CHANGES = frozenset({BuildSettlement, BuildCity, BuildRoad, DrawDevelopment, PlayKnight, EndTurn})

_CHECKS = {BuildSettlement: _check_settlement, BuildRoad: _check_road, BuildCity: _check_city, Roll: _check_roll,
           Dice: _check_dice, Discard: _check_discard, MoveRobber: _check_robber, ChooseVictim: _check_victim,
           StealCard: _check_steal, BankTrade: _check_bank_trade, OfferTrade: _check_offer,
           AcceptOffer: _check_accept, RejectOffer: _check_reject, CounterOffer: _illegal_counter,
           ConfirmTrade: _check_confirm, CancelTrade: _check_cancel, BuyDevelopment: _check_buy,
           DrawDevelopment: _check_draw, PlayKnight: _check_knight, PlayRoadBuilding: _check_road_building,
           PlayYearOfPlenty: _check_year_of_plenty, PlayMonopoly: _check_monopoly, EndTurn: _check_end}
_APPLY = {BuildSettlement: _do_settlement, BuildRoad: _do_road, BuildCity: _do_city, Roll: _do_roll,
          Dice: _do_dice, Discard: _do_discard, MoveRobber: _do_robber, ChooseVictim: _do_victim,
          StealCard: _do_steal, BankTrade: _do_bank_trade, OfferTrade: _do_offer,
          AcceptOffer: lambda s, a: _answer(s, ACCEPTED, []), RejectOffer: lambda s, a: _answer(s, REJECTED, []),
          CounterOffer: lambda s, a: _answer(s, COUNTERED, list(a.give) + list(a.get)),
          ConfirmTrade: _do_confirm, CancelTrade: _do_cancel, BuyDevelopment: _do_buy, DrawDevelopment: _do_draw,
          PlayKnight: _do_knight, PlayRoadBuilding: _do_road_building, PlayYearOfPlenty: _do_year_of_plenty,
          PlayMonopoly: _do_monopoly, EndTurn: _do_end}
