"""The combined variant's position (catan.md Part 2): plain lists of ints, and the machinery every rule module uses
(who decides, legal actions, applying an action, scores). The rules themselves live in the modules registered in
``combined.rules`` (setup, roll, seven, build, ships, knights, barbarians, improvements, progress cards, trade).

Cards are counted in ``components.CARDS`` order (5 resources, then cloth, coin, paper). Intersections, edges and
tiles are board indices. ``edge_piece`` says what stands on an owned edge (road, ship, bridge). The pirate stands
on a *spot*: ``spot < n_tiles`` is a sea tile, ``n_tiles + i`` the i-th fishing ground of ``fishing`` (a frame
fishing ground; one inside a listed sea tile is reached through that tile). Knights are per intersection:
``knight_level`` (0 = none, 1 basic, 2 strong, 3 mighty), ``knight_owner``, ``knight_active``; knights built or
activated this turn are in ``knights_fresh`` (they cannot act), those promoted this turn in ``knights_promoted``.
Progress cards: each player's hand as counts per card type; each deck as the counts of its shuffled, unseen part
plus ``progress_under``, the cards put under it, in order (drawn once the unseen part is empty).
"""
from __future__ import annotations

import random
from fractions import Fraction

from ...core.errors import IllegalActionError
from ...core.fields import Bool, Field, Int, Keyed, ListOf, Opt, Ref, Seat, StateFields, Str
from ...core.protocol import CHANCE, TERMINAL, Action, GameState
from ..listed import ListedApply
from ..memory import StealMemory, lower_low, lower_lows, recount_unknown, remember_steal, show_count
from ..outcome import WinnerTakesAll
from ..rules import _edges, _nodes, _tiles
from ..traders_data import default_fish
from . import table
from .chance import chance_outcomes, sample_chance
from .components import (CARDS, K, METROPOLIS_VP, PROGRESS_DECK_OF, PROGRESS_IDS, PROGRESS_LIMIT, PROGRESS_VP, R,
                         SPECIAL_VP, TRACKS)
from .hidden import determinize
from .phases import CHANCE_PHASES, MAIN, OVER, PHASE_NAMES, SEATED_PHASES, player_name
from .position import check_position, describe, hand_text, observation
from .queue import settle_pending
from .special import road_length, victory_points
from .trade import UNLISTED, compute_rates
from . import rules as _rules  # noqa: F401  (every rule module registers itself in the table)
from ..translate import _, shown

def _node(c) -> int:
    return c.topo.n_nodes - 1


def _fish_values(c) -> int:
    return len(default_fish().tokens)


class PhaseName(Str):
    """A phase name: one of ``PHASE_NAMES`` as it stands once every rule module has registered its phases."""

    def __init__(self, names: list[str]):
        self.names = names

    @property
    def choices(self) -> tuple[str, ...]:  # type: ignore[override]
        """The phases known now (modules append theirs when imported)."""
        return tuple(self.names)


PER_PLAYER = "players"
NODE = Int(0, _node)
CARD_COUNTS = Keyed("cards", Int(0, 19))
PROGRESS_COUNTS = Keyed("progress", Int(0, 6))


class CombinedState(ListedApply, WinnerTakesAll, GameState):
    """A position of the combined variant (Seafarers + Cities & Knights + Traders & Barbarians,
    catan.md Part 2)."""

    game_name = "catan"
    event_texts = "catan_combined"
    FORMAT = "ratgames_lab.catan/combined-1"
    FIELDS = StateFields(
        Field("phase", PhaseName(PHASE_NAMES)),
        Field("turn", Int(min=0)),
        Field("active", Seat()),
        Field("first_player", Seat()),
        Field("setup_index", Int(0, lambda c: 2 * c.players)),
        Field("setup_anchor", Opt(NODE, none=-1)),  # setup: the building the next road or ship must touch
        Field("setup_roads", Int(0, 2)),  # setup: roads or ships still to place at the anchor
        # the board
        Field("terrain", ListOf(Ref("terrains"), length=_tiles), json="tiles[].terrain"),
        Field("number", ListOf(Opt(Int(2, 12), none=0), length=_tiles), json="tiles[].number"),
        Field("number2", ListOf(Opt(Int(2, 12), none=0), length=_tiles), json="tiles[].second_number"),
        # the robber and the pirate: null (-1) = off the board until the next 7 (2 fish, fish.py)
        Field("robber", Opt(Int(0, lambda c: c.topo.n_tiles - 1), none=-1)),
        Field("pirate", Opt(Int(min=0), none=-1)),
        Field("merchant", Opt(Int(0, lambda c: c.topo.n_tiles - 1), none=-1), json="merchant.tile"),
        Field("merchant_owner", Opt(Seat(), none=-1), json="merchant.owner"),
        Field("harbour_edges", ListOf(Int(0, lambda c: c.topo.n_edges - 1)), json="harbours[].edge"),
        Field("harbour_kinds", ListOf(Ref("harbours")), json="harbours[].kind"),
        Field("fishing", ListOf(ListOf(Int(0), length=4)), json="fishing_grounds"),  # [node, node, node, number]
        # pieces
        Field("node_owner", ListOf(Opt(Seat(), none=-1), length=_nodes), json="intersections.owner"),
        Field("node_level", ListOf(Int(0, 2), length=_nodes), json="intersections.level"),
        Field("node_wall", ListOf(Int(0, 1), length=_nodes), json="intersections.wall"),
        Field("metropolis", Keyed("tracks", Opt(NODE, none=-1))),
        Field("edge_owner", ListOf(Opt(Seat(), none=-1), length=_edges), json="edges.owner"),
        Field("edge_piece", ListOf(Ref("pieces"), length=_edges), json="edges.piece"),
        Field("knight_level", ListOf(Int(0, 3), length=_nodes), json="knights.level"),
        Field("knight_owner", ListOf(Opt(Seat(), none=-1), length=_nodes), json="knights.owner"),
        Field("knight_active", ListOf(Int(0, 1), length=_nodes), json="knights.active"),
        Field("knights_fresh", ListOf(NODE, sort=True), json="knights.fresh"),
        Field("knights_promoted", ListOf(NODE, sort=True), json="knights.promoted"),
        # cards, money, progress
        Field("hands", ListOf(CARD_COUNTS, length=PER_PLAYER)),
        Field("bank", CARD_COUNTS),
        Field("money", ListOf(Int(0), length=PER_PLAYER)),
        Field("loans", ListOf(Int(0, 1), length=PER_PLAYER)),  # the bank loan taken (a Poor Settler tile, -2 VP)
        Field("levels", ListOf(Keyed("tracks", Int(0, 5)), length=PER_PLAYER), json="improvements"),
        Field("progress_hand", ListOf(PROGRESS_COUNTS, length=PER_PLAYER), json="progress.hands"),
        Field("progress_shown", ListOf(PROGRESS_COUNTS, length=PER_PLAYER), json="progress.shown"),
        Field("progress_decks", Keyed("tracks", PROGRESS_COUNTS), json="progress.decks"),
        Field("progress_under", Keyed("tracks", ListOf(Ref("progress"))), json="progress.under"),
        # Fishermen of Catan (fish.py): token counts per value, in fish.VALUES order (1, 2, 3)
        Field("fish_stack", ListOf(Int(0), length=_fish_values), json="fish.stack"),  # face down, unseen
        Field("fish_spent", ListOf(Int(0), length=_fish_values), json="fish.spent"),  # paid, until reshuffled
        Field("fish_held", ListOf(ListOf(Int(0), length=_fish_values), length=PER_PLAYER), json="fish.held"),
        Field("old_boot", Opt(Seat(), none=-1), json="fish.old_boot"),  # its holder; null: in the stack
        Field("defenders", ListOf(Int(0), length=PER_PLAYER)),
        Field("barbarian", Int(0, 7)),
        Field("attacks", Int(0)),
        Field("dice", ListOf(Int(0, 6))),  # [] or [red, yellow, event face index 0-5] of the last roll
        Field("fixed_dice", ListOf(Int(1, 6))),  # [] or the [red, yellow] an Alchemist set for this roll
        Field("longest_holder", Opt(Seat(), none=-1), json="longest_road"),
        Field("army_holder", Opt(Seat(), none=-1), json="largest_army"),
        # the turn in progress
        Field("pending", ListOf(ListOf(Int())), json="pending"),  # queued decisions: see queue.py
        Field("ship_moved", Bool(), json="turn_flags.ship_moved"),
        Field("new_ships", ListOf(Int(0, lambda c: c.topo.n_edges - 1)), json="turn_flags.new_ships"),
        Field("free_pieces", Int(0, 2), json="turn_flags.free_pieces"),
        Field("fleet", ListOf(Int(0, 7), sort=True), json="turn_flags.merchant_fleet"),  # cards at 2:1 this turn
        Field("crane", Bool(), json="turn_flags.crane"),  # the next improvement this turn costs 1 less
        Field("medicine", Bool(), json="turn_flags.medicine"),  # the next city this turn costs 2 ore + 1 grain
        # the Commercial Harbor this turn: its player's own seat (the card is in play), then each opponent dealt with
        Field("harbour_deals", ListOf(Seat(), sort=True), json="turn_flags.commercial_harbor"),
        Field("stage", Int(0, 2), json="turn_flags.stage"),  # strict_phase_order: trade, build, the rest (stages.py)
        Field("shop_commodities", Int(0), json="turn_flags.shop_commodities"),  # bought at the shop this turn
        Field("shop_resources", Int(0), json="turn_flags.shop_resources"),
        Field("offer", ListOf(Int(0))),
        Field("answers", ListOf(Int(0, 3), length=PER_PLAYER)),
        Field("counters", ListOf(ListOf(Int(0)), length=PER_PLAYER)),
        Field("responder", Opt(Seat(), none=-1)),
        Field("offers_made", Int(min=0)),
        Field("victim", Opt(Seat(), none=-1)),
        Field("steals", ListOf(ListOf(Int(0)))),  # [thief, victim, card]: seen only by those two
        # what the table remembers of the hands since the steals (catan.memory: one record per steal, over the 8
        # kinds of card), and the hands a player saw ([looker, victim, steals made then]: a Master Merchant)
        Field("memory", ListOf(StealMemory(CARDS)), missing=[]),
        Field("looks", ListOf(ListOf(Int(0))), missing=[]),
        # the progress cards a Spy showed: [looker, victim, count per progress card the looker knows the victim
        # still holds] (a played or discarded card leaves the count; another Spy's take blurs its deck)
        Field("progress_known", ListOf(ListOf(Int(0))), missing=[]),
        Field("winner", Opt(Seat(), none=-1)),
        # Traders & Barbarians wagons and markets (markets.py, wagons.py): each wagon's intersection (null: not
        # placed yet, in setup), baggage-train level and goods token carried; deliveries made; each market's stack
        # as the counts of its unseen part per kind, plus the tokens put under it, in order (taken once the unseen
        # part is empty); this turn's move: 0 not moved, 1 moving, 2 stopped; points spent; the boost taken;
        # knights passed or failed against (one try each per turn); the step waiting for the toll die
        Field("wagon_node", ListOf(Opt(NODE, none=-1), length=PER_PLAYER), json="wagons.node"),
        Field("wagon_level", ListOf(Int(1, lambda c: len(c.wagon_table.levels)), length=PER_PLAYER),
              json="wagons.level"),
        Field("wagon_goods", ListOf(Opt(Ref("goods"), none=-1), length=PER_PLAYER), json="wagons.goods"),
        Field("deliveries", ListOf(Int(0), length=PER_PLAYER), json="wagons.deliveries"),
        Field("goods_unseen", Keyed("goods", Int(0, 36)), json="goods.unseen"),
        Field("goods_under", Keyed("markets", ListOf(Ref("goods"))), json="goods.under"),
        Field("wagon_move", Int(0, 2), json="turn_flags.wagon_move"),
        Field("wagon_spent", Int(0), json="turn_flags.wagon_spent"),
        Field("wagon_boosted", Bool(), json="turn_flags.wagon_boosted"),
        Field("wagon_passed", ListOf(NODE, sort=True), json="turn_flags.wagon_knights_passed"),
        Field("wagon_failed", ListOf(NODE, sort=True), json="turn_flags.wagon_knights_failed"),
        Field("wagon_target", Opt(NODE, none=-1), json="turn_flags.wagon_target"),
        # derived (rebuilt by after_load)
        Field("buildings_of", ListOf(ListOf(Int())), derived=True),
        Field("edges_of", ListOf(ListOf(Int())), derived=True),
        Field("road_length", ListOf(Int()), derived=True),
        Field("rates", ListOf(ListOf(Int())), derived=True),
        transient=("_current", "_legal", "_by_number", "_closed"),
    )

    # ------------------------------------------------------------------------------------------
    # loading
    # ------------------------------------------------------------------------------------------
    def validate_position(self) -> None:
        """Cross-field checks (conservation of cards and pieces, the turn in progress)."""
        check_position(self)

    def after_load(self) -> None:
        """Rebuild the derived data and who decides."""
        n = self.players
        self.buildings_of = [[v for v, o in enumerate(self.node_owner) if o == p] for p in range(n)]
        self.edges_of = [[e for e, o in enumerate(self.edge_owner) if o == p] for p in range(n)]
        self.road_length = [road_length(self, p) for p in range(n)]
        recount_unknown(self.memory, self.steals, n)
        self._closed = None
        self.refresh_board()
        self._settle()

    def refresh_board(self) -> None:
        """Rebuild the lookups that depend on tokens, harbours and buildings (after the Inventor, a merchant...)."""
        by_number: list[list[int]] = [[] for _ in range(13)]
        for t in range(len(self.number)):
            for num in (self.number[t], self.number2[t]):
                if num:
                    by_number[num].append(t)
        self._by_number = tuple(tuple(x) for x in by_number)
        self.rates = [compute_rates(self, p) for p in range(self.players)]

    @property
    def options(self):
        """The variant's option values (components.VariantOptions)."""
        return self.comp.options

    # ------------------------------------------------------------------------------------------
    # who decides
    # ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to decide now, CHANCE or TERMINAL."""
        return self._current

    @property
    def step_player(self) -> int:
        """The seat deciding the queued step at the head of ``pending``."""
        return self.pending[0][1]

    @property
    def turn_player(self) -> int:
        """Whose turn it is (the setup player in setup)."""
        return self.active

    def _settle(self) -> None:
        """Set who decides next (the pending queue first) and forget the cached legal actions."""
        self._legal = None
        settle_pending(self)
        ph = self.phase
        if ph == OVER:
            self._current = TERMINAL
        elif ph in CHANCE_PHASES:
            self._current = CHANCE
        elif ph in SEATED_PHASES:
            self._current = getattr(self, SEATED_PHASES[ph])
        else:
            self._current = self.active

    # ------------------------------------------------------------------------------------------
    # scores (the points table of the seed)
    # ------------------------------------------------------------------------------------------
    def vp(self, p: int) -> int:
        """p's victory points; every C&K point is public."""
        return victory_points(self, p)

    def public_vp(self, p: int) -> int:
        """Victory points everyone sees (all of them in this variant)."""
        return self.vp(p)

    def check_victory(self) -> None:
        """victory: the player whose turn it is wins on reaching the target (15 or 20 VP) during their turn."""
        if self.turn and self.phase != OVER and self.vp(self.active) >= self.options.vp_target:
            self.winner = self.active
            self.phase = OVER
            self.pending = []
            # an offer still open is withdrawn (a player may reach the target with a point won on another's turn
            # and win on their next action, e.g. an offer)
            self.offer = []
            self.answers = [0] * self.players
            self.counters = [[] for _ in range(self.players)]
            self.responder = -1
            self.emit("win", "victory", player=player_name(self.active), vp=self.vp(self.active))

    # ------------------------------------------------------------------------------------------
    # legal actions, chance, applying
    # ------------------------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The actions open to the player to move (the outcomes at a chance node)."""
        if self._current == TERMINAL:
            return []
        cached = self._legal
        if cached is None:
            if self.phase in CHANCE_PHASES:
                cached = [a for a, _ in self.chance_outcomes()]
            elif self.phase == MAIN:
                cached = []
                for lister in table.MAIN_ACTIONS:
                    cached += lister(self)
                for keep in table.MAIN_FILTERS:
                    cached = keep(self, cached)
            else:
                cached = table.PHASE_ACTIONS[self.phase](self)
            self._legal = cached
        return cached[:]

    def is_legal(self, action: Action) -> bool:
        """True if ``action`` is legal now (listed, or an accepted unlisted trade)."""
        if self._current == TERMINAL:
            return False
        cached = self._legal
        if cached is not None:  # an action object handed out by legal_actions() is recognised by identity
            for a in cached:
                if a is action:
                    return True
        return self._illegal(action) is None

    def accepts_unlisted(self, action: Action) -> bool:
        """Composed trade offers and counter-offers outside the listed set, when the rules allow them."""
        return isinstance(action, UNLISTED) and self._illegal(action) is None

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """The pending chance event's outcomes with their probabilities."""
        return chance_outcomes(self)

    def sample_chance(self, rng: random.Random) -> Action:
        """Sample the pending chance outcome."""
        return sample_chance(self, rng)

    def _explain(self, action: Action) -> None:
        err = self._illegal(action)
        if err is not None:
            raise err

    def _illegal(self, a: Action) -> IllegalActionError | None:
        """The rule ``a`` breaks now (None if it breaks none)."""
        if self._current == TERMINAL:
            return IllegalActionError(_("the game is over"), "victory")
        handler = table.CHECKS.get(type(a))
        if handler is None:
            return IllegalActionError(_("{a!r} is not an action of the combined variant").format(
                a=shown(a)), "engine.action")
        try:
            for guard in table.GUARDS:
                error = guard(self, a)
                if error is not None:
                    return error
            return handler(self, a)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError):  # malformed fields
            return IllegalActionError(_("{a!r} has malformed fields").format(a=shown(a)), "engine.action")

    def _do(self, a: Action) -> None:
        for on_apply in table.ON_APPLY:
            on_apply(self, a)
        table.APPLY[type(a)](self, a)
        self.check_victory()
        queued = bool(self.pending)
        self._settle()
        if queued and self.phase != OVER:  # the queue ran (a Defender card, a VP card drawn on the roll...): again
            self.check_victory()
            if self.phase == OVER:
                self._settle()

    # ------------------------------------------------------------------------------------------
    # small helpers every rule module uses
    # ------------------------------------------------------------------------------------------
    def gain(self, p: int, card: int, n: int = 1) -> int:
        """p takes up to n of a card from the bank; returns how many."""
        n = min(n, self.bank[card])
        self.hands[p][card] += n
        self.bank[card] -= n
        return n

    def pay(self, p: int, cost) -> None:
        """p pays a cost (counts in card order) to the bank."""
        hand, bank = self.hands[p], self.bank
        for c in range(K):
            x = cost[c]
            if x:
                hand[c] -= x
                bank[c] += x
                if self.memory:
                    self._lower(p, c)

    def lose(self, p: int, card: int, n: int = 1) -> None:
        """p's count of a card goes down by n in public (the caller puts the cards where they go)."""
        self.hands[p][card] -= n
        if self.memory:
            self._lower(p, card)

    def take_privately(self, taker: int, victim: int, card: int) -> None:
        """The taker takes one card from the victim, seen only by those two (a steal, a Wedding gift, a Master
        Merchant): recorded in ``steals`` and remembered (``catan.memory``)."""
        before = self.hands[victim][:]
        self.hands[victim][card] -= 1
        self.hands[taker][card] += 1
        self.steals.append([taker, victim, card])
        remember_steal(self.memory, before, self.hands, taker, victim)
        self._closed = None  # the record that was open is closed now (hidden.py's cached weights)
        first = len(self.steals) - len(self.memory)
        self.looks = [x for x in self.looks if x[2] > first]  # a look before the records is no longer needed

    def look_at_hand(self, looker: int, victim: int) -> None:
        """The looker sees the victim's cards (kept while steal records could use it)."""
        if self.memory:
            self.looks.append([looker, victim, len(self.steals)])

    def progress_leaves(self, p: int, i: int) -> None:
        """Progress card i leaves p's hand in public (played or discarded): a Spy's looker still knows the rest."""
        self.progress_hand[p][i] -= 1
        for rec in self.progress_known:
            if rec[1] == p and rec[2 + i]:
                rec[2 + i] -= 1

    def spy_takes(self, taker: int, victim: int, i: int) -> None:
        """The taker takes progress card i from the victim after seeing the victim's cards: the taker knows the
        rest; any other looker only knows that a card of that deck left (their knowledge of the deck is gone)."""
        self.progress_hand[victim][i] -= 1
        deck = PROGRESS_DECK_OF[i]
        kept = []
        for rec in self.progress_known:
            if rec[1] == victim and rec[0] == taker:
                continue
            if rec[1] == victim:
                rec = rec[:2] + [0 if PROGRESS_DECK_OF[j] == deck else x for j, x in enumerate(rec[2:])]
            kept.append(rec)
        self.progress_known = kept + [[taker, victim, *self.progress_hand[victim]]]

    def promise(self, p: int, amounts) -> None:
        """p showed they hold these cards (an offer, an acceptance, a counter-offer: counts in card order)."""
        if self.memory:
            hand = self.hands[p]
            lower_lows(self.memory, p, [hand[c] - amounts[c] for c in range(K)])

    def show_count(self, p: int, card: int) -> None:
        """Everyone saw how many of a card p holds (a Monopoly that took fewer than it asked)."""
        if self.memory:
            show_count(self.memory, K, self.players, p, card)

    def _lower(self, p: int, card: int) -> None:
        lower_low(self.memory, K, p, card, self.hands[p][card])

    def affords(self, p: int, cost) -> bool:
        """True if p's hand covers the cost."""
        hand = self.hands[p]
        for c in range(K):
            if hand[c] < cost[c]:
                return False
        return True

    def hand_size(self, p: int) -> int:
        """p's resource and commodity cards (what a 7 and the thieves count)."""
        return sum(self.hands[p])

    def progress_count(self, p: int) -> int:
        """Progress cards in p's hand (VP cards are never held)."""
        return sum(self.progress_hand[p])

    def cities_of(self, p: int) -> list[int]:
        """p's cities."""
        return [v for v in self.buildings_of[p] if self.node_level[v] == 2]

    def metropolis_of(self, v: int) -> int:
        """The track index of the metropolis on intersection v (-1: none)."""
        for i, m in enumerate(self.metropolis):
            if m == v:
                return i
        return -1

    def observation(self, player: int) -> dict:
        """What ``player`` may see: the board, every public count, own hand and progress cards, own steals."""
        return observation(self, player)

    def hand_text(self, player: int) -> str:
        """What ``player`` holds, in words (cards, money, progress cards)."""
        return hand_text(self, player)

    def describe(self) -> str:
        """The position in words for the terminal."""
        return describe(self)

    def determinize(self, player: int, rng: random.Random) -> "CombinedState":
        """A copy where what ``player`` cannot see is drawn from what they can know."""
        return determinize(self, player, rng)


__all__ = ["CombinedState", "player_name", "CARDS", "TRACKS", "PROGRESS_IDS", "PROGRESS_VP", "PROGRESS_LIMIT",
           "METROPOLIS_VP", "SPECIAL_VP", "R", "K"]
