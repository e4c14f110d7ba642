"""L'Horlogerie des Rats: the state and every rule (rulebook sections named in ``rule=``).

Glossary (French -> code): Horloger -> Horloger (a team member: ``team``), carte EXPLORATION -> Exploration
card (``exp_*``), carte DANGER -> Danger card (``dan_*``), Tribu distordue -> Twisted Tribe, MISSION -> mission
(``mis_deck``, ``grid``), TROUVAILLE -> find (``finds``), encombrement -> encumbrance / load, score (d'un
Horloger) -> toughness, valeur d'exploration -> exploration value, valeur de danger -> danger value,
exploration parfaite / danger parfait -> perfect exploration / perfect danger, se préparer -> prepare,
recruter -> recruit, Corruption -> Corruption, explorer -> explore, découvrir -> discover, se reposer -> rest,
faire le point -> take stock, boussole -> Compass, amulette -> Amulet, longue-vue -> Spyglass, incliner ->
tap, redresser -> untap, marais / fleuve / jungle -> Swamp / River / Jungle (S / R / J).

A turn is a sequence of steps (``state.step``): "refill" (chance: missions dealt to the grid), "load"
(encumbrance discards), "recruit" / "recruit_draw" / "recruit_choose", "explore" (the explorer's draw-or-stop)
/ "explore_draw" (chance), "reward" (the right neighbour breaks a tie for a perfect draw's find), "danger"
(the left neighbour's draw-or-stop) / "danger_draw" (chance), "wounds" (the explorer assigns them),
"discovery" (the right neighbour picks the card kept after a failure), "discover" (buy missions), "rest",
then take stock and the next turn; "peek" is the chance node of a Spyglass look.
Seats sit clockwise: the left neighbour of p is the next player, p + 1; the right neighbour is p - 1.

This module holds the state (its fields, declared once), the turn flow and the automatic steps; the rules of
each step, with their legal actions, explanations and effects side by side, are in prepare.py (steps 1-2),
explore.py (step 3 and the powers), bust.py (the busts and the Discovery after them) and discover.py
(steps 4-5).
"""
from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction
from typing import Callable

from ..core.protocol import CHANCE, TERMINAL, Action
from ..core.worlds import Deal, HiddenWorlds
from . import text  # noqa: F401  (registers the event texts)
from .actions import (END_DISCOVER, END_REST, Buy, ChooseRecruit, Corrupt, DeckCard, DiscardCard, DiscardFind, GiveFind,
                      Heal, HorlogerCard, KeepCard, MissionCard, RestDiscard, Untap, UseAmulet, UseCompass, UseSpyglass,
                      Wound)
from .cards import TERRAIN_BIT, TERRAINS, Components
from . import bust, discover, explore, prepare
from .bust import BustRules
from .discover import DiscoverRules
from .explain import explain
from .explore import ExploreRules
from .names import ask_words
from .phases import (DANGER, DANGER_DECK, DANGER_DRAW, DISCOVER, DISCOVERY, EXPLORATION, EXPLORE, EXPLORE_DRAW,
                     GRID_SIZE, LOAD, OVER, PEEK, RECRUIT, RECRUIT_CHOOSE, RECRUIT_DRAW, REFILL, REST, REWARD, TEAM_SIZE,
                     WIN_VP, WOUNDS)
from .position import check_consistency, describe, hand_text, observation
from .prepare import PrepareRules
from .state import HorlogerieData


class ActionTable:
    """The actions of one set of decks, built once so that legal_actions only picks cached values."""

    def __init__(self, comp: Components):
        e, d, h, m = comp.exploration, comp.danger, comp.horlogers, comp.missions
        self.deck_card = {EXPLORATION: [DeckCard(EXPLORATION, n) for n in e.names],
                          DANGER_DECK: [DeckCard(DANGER_DECK, n) for n in d.names]}
        self.mission_card = [MissionCard(n) for n in m.names]
        self.horloger_card = [HorlogerCard(n) for n in h.names]
        self.choose_recruit = [ChooseRecruit(n) for n in h.names]
        self.discard_card = [DiscardCard(n) for n in e.names]
        self.rest_discard = [RestDiscard(n) for n in e.names]
        self.keep_card = [KeepCard(n) for n in e.names]
        self.discard_find = [DiscardFind(n) for n in m.names]
        self.corrupt = [Corrupt(n) for n in m.names]
        self.compass = [UseCompass(n) for n in m.names]
        self.amulet = [UseAmulet(n) for n in m.names]
        self.spyglass = {deck: [UseSpyglass(n, deck) for n in m.names] for deck in (EXPLORATION, DANGER_DECK)}
        self.give_find = [GiveFind(n) for n in m.names]
        self.untap = [Untap(n) for n in m.names]
        self.wound = [Wound(i) for i in range(TEAM_SIZE)]
        self.heal = [Heal(i) for i in range(TEAM_SIZE)]
        self.buys: dict[tuple[int, tuple[int, ...]], Buy] = {}  # built on first use, one per (mission, payment)
        # per mission: ((terrain bit, amount), ...) for a quick affordability test; None for a special mission
        self.needs = [None if m.special[i] else tuple((TERRAIN_BIT[TERRAINS[t]], a) for t, a in m.requirements[i])
                      for i in range(len(m.names))]


def tables(comp: Components) -> ActionTable:
    """The (cached) ActionTable of a Components."""
    t = getattr(comp, "_actions", None)
    if t is None:
        t = comp._actions = ActionTable(comp)
    return t


def ranking_key(vp: int, best_find: int, stamp: tuple[int, int]) -> tuple[int, int, int, int]:
    """Most VP, then the highest-reward find, then the player who reached that score last (end.winner)."""
    return (vp, best_find, stamp[0], stamp[1])


class HorlogerieState(PrepareRules, ExploreRules, BustRules, DiscoverRules, HorlogerieData):
    """A position: plain lists of ints (cards are face indices, Horlogers profile indices, missions ids)."""

    __slots__ = ()

    # -- setup (setup) -----------------------------------------------------------------
    @classmethod
    def new(cls, comp: Components, seed: int) -> "HorlogerieState":
        """Setup from the seed: four shuffled decks, 9 missions face up, 3 Horlogers each, a random first player."""
        rng = random.Random(seed)
        s = cls.blank(comp)
        s._t = tables(comp)
        s._legal = None
        n = comp.players
        s.exp_deck = list(comp.exploration.full)
        s.dan_deck = list(comp.danger.full)
        s.exp_discard, s.exp_table, s.dan_discard, s.dan_table = [], [], [], []
        s.hor_deck = list(comp.horlogers.full)
        s.hor_discard = []
        s.mis_deck = list(range(len(comp.missions.names)))
        s.grid = [-1] * GRID_SIZE
        s.gone = []
        for slot in range(min(GRID_SIZE, len(s.mis_deck))):
            s.grid[slot] = s.mis_deck.pop(rng.randrange(len(s.mis_deck)))
        s.team = []
        for _ in range(n):
            s.team.append(sorted(s.hor_deck.pop(rng.randrange(len(s.hor_deck))) for _ in range(TEAM_SIZE)))
        s.wounds = [[0] * TEAM_SIZE for _ in range(n)]
        s.hands = [[] for _ in range(n)]
        s.finds = [[] for _ in range(n)]
        s.tapped = [[] for _ in range(n)]
        s.exp_top, s.dan_top = -1, -1
        s.exp_seen, s.dan_seen = [], []
        s.vp_turn = [-1] * n
        s.vp_seq = [-1] * n
        s.first = rng.randrange(n)
        s.turn = 0
        s.ending = ""
        s.emit("setup", "setup", grid="; ".join(ask_words(comp.missions.titles[m]) for m in s.grid if m >= 0),
               first=comp.seats[s.first])
        for p in range(n):
            s.emit("setup_team", "setup", player=comp.seats[p], team=s._team_text(p))
        s._start_turn(s.first)
        s._settle()
        return s

    def _reset_turn(self) -> None:
        self.bonus = 0
        self.explore_result = ""
        self.danger_result = ""
        self.wounds_left = 0
        self.recruits_left = 0
        self.reward_taker = -1
        self.reward_next = ""
        self.peek_deck = ""
        self.peek_player = -1
        self.peek_return = ""
        self.rest_points = 0


    # -- turn flow -----------------------------------------------------------------------
    def _start_turn(self, p: int) -> None:
        self.active = p
        self.turn += 1
        self.turn_seq = 0
        self._reset_turn()
        self.step = REFILL
        self.emit("turn_start", "turn", player=self.seat(p), turn=self.turn,
                  round=(self.turn - 1) // self.players + 1)

    def _end_turn(self) -> None:
        """Take stock (stock.end): the end is triggered by the active player's 12 VP or an empty MISSION deck."""
        p = self.active
        if not self.ending:
            if self.vp(p) >= WIN_VP:
                self.ending = "score"
                self.emit("end_score", "stock.end", player=self.seat(p), vp=self.vp(p))
            elif not self.mis_deck:
                self.ending = "missions"
                self.emit("end_missions", "stock.end", player=self.seat(p))
        nxt = self.left(p)
        if self.ending and nxt == self.first:
            self._game_over()
            return
        self._start_turn(nxt)

    def _game_over(self) -> None:
        self.step = OVER
        scores = self.scores()
        self.emit("final_scores", "end.scoring", scores=", ".join(f"{self.seat(p)} {v}" for p, v in enumerate(scores)))
        winners = self.winners()
        if len(winners) == 1:
            w = winners[0]
            top = [p for p in range(self.players) if scores[p] == scores[w]]
            if len(top) == 1:
                self.emit("winner", "end.winner", player=self.seat(w), vp=scores[w])
            else:
                best = [p for p in top if self.best_find(p) == self.best_find(w)]
                if len(best) == 1:
                    self.emit("winner_find", "end.tie_break", player=self.seat(w), vp=scores[w],
                              find=self.best_find(w))
                else:
                    self.emit("winner_last", "end.tie_break", player=self.seat(w), vp=scores[w])
        else:
            self.emit("shared_win", "end.tie_break", players=", ".join(self.seat(p) for p in winners),
                      vp=scores[winners[0]])

    # -- the automatic steps ----------------------------------------------------------------
    def _settle(self) -> None:
        """Run the automatic steps (no choice to make) until a decision or a chance event is pending."""
        self._legal = None
        while True:
            step = self.step
            p = self.active
            if step == EXPLORE_DRAW or step == DANGER_DRAW:
                self._rebuild(EXPLORATION if step == EXPLORE_DRAW else DANGER_DECK)
                self._current = CHANCE
                return
            if step == EXPLORE or step == DANGER:
                deck = EXPLORATION if step == EXPLORE else DANGER_DECK
                if not self.can_draw(deck):
                    self.emit("deck_exhausted", "explore.empty_deck", deck=deck.capitalize(),
                              player=self.seat(self.drawer()))
                    if step == EXPLORE:
                        self._end_exploration("success")
                    else:
                        self._end_danger("success")
                    continue
                self._current = self.drawer()
                return
            if step == REST:
                if not self.hands[p] and (not self.rest_points or len(self._rest_actions()) == 1):
                    self._do_end_rest(END_REST)
                    continue
                self._current = p
                return
            if step == DISCOVER:
                buys = self._buy_actions()
                if not buys:
                    self.step = REST
                    continue
                self._legal = buys + [END_DISCOVER]
                self._current = p
                return
            if step == WOUNDS:
                if self.wounds_left <= 0:
                    self._finish_danger()
                    continue
                if not self.team[p]:
                    self.emit("wounds_lost", "explore.wounds", player=self.seat(p), wounds=self.wounds_left)
                    self.wounds_left = 0
                    continue
                if len(self.team[p]) == 1 and not self.untapped(p, "amulet"):
                    self._wound(0)
                    continue
                self._current = p
                return
            if step == DISCOVERY:
                if self._settle_discovery():  # bust.py
                    return
                continue
            if step == REWARD:
                options = self.cheapest_in_grid()
                if not options:
                    self.emit("perfect_nothing", "explore.perfect", player=self.seat(self.reward_taker))
                    self._after_reward()
                    continue
                if len(options) == 1:
                    self._give_find(options[0])
                    continue
                self._current = self.right(self.reward_taker)
                return
            if step == PEEK:
                deck = self.peek_deck
                self._rebuild(deck)
                top = self.exp_top if deck == EXPLORATION else self.dan_top
                if top >= 0:
                    self._record_look(top)
                    continue
                self._current = CHANCE
                return
            if step == REFILL:
                if -1 in self.grid and self.mis_deck:
                    self._current = CHANCE
                    return
                if -1 in self.grid:
                    self.emit("grid_short", "prepare.refill", count=GRID_SIZE - self.grid.count(-1))
                self.step = LOAD
                continue
            if step == LOAD:
                if self.load(p) > self.carry(p):
                    if self.carry(p) == 0:
                        self._discard_everything(p)
                        continue
                    self._current = p
                    return
                self.step = RECRUIT
                continue
            if step == RECRUIT:
                if len(self.team[p]) >= TEAM_SIZE:
                    self._start_exploration()
                    continue
                if not self.hor_deck and not self.hor_discard:
                    self.emit("no_recruit", "recruit", player=self.seat(p))
                    self._start_exploration()
                    continue
                if self.finds[p]:
                    self._current = p
                    return
                self.recruits_left = TEAM_SIZE - len(self.team[p])
                self.step = RECRUIT_DRAW
                continue
            if step == RECRUIT_DRAW or step == RECRUIT_CHOOSE:
                if self.recruits_left > 0 and not self.hor_deck and self.hor_discard and step == RECRUIT_DRAW:
                    self.hor_deck.extend(sorted(self.hor_discard))
                    self.hor_discard.clear()
                    self.emit("reshuffle", "recruit", deck="Horloger", count=len(self.hor_deck))
                if self.recruits_left <= 0 or not self.hor_deck:
                    if self.recruits_left > 0:
                        self.emit("no_recruit", "recruit", player=self.seat(p))
                    self.recruits_left = 0
                    self._start_exploration()
                    continue
                if step == RECRUIT_DRAW:
                    self._current = CHANCE
                    return
                if len(set(self.hor_deck)) == 1:
                    self._recruit(p, self.hor_deck[0], "recruit.corruption")
                    continue
                self._current = p
                return
            self._current = TERMINAL
            return

    def _remove_find(self, p: int, m: int) -> None:
        i = self.finds[p].index(m)
        del self.finds[p][i]
        del self.tapped[p][i]
        self.gone.append(m)
        self._vp_changed(p)

    # -- decisions ---------------------------------------------------------------------------
    def legal_actions(self) -> list[Action]:
        """The actions open to the player to move, or the chance outcomes at a chance node."""
        if self._legal is None:
            self._legal = self._generate()
        return list(self._legal)

    def _generate(self) -> list[Action]:
        cur = self._current
        if cur == TERMINAL:
            return []
        if cur == CHANCE:
            cards, acts, top = self._chance_source()
            return [acts[top]] if top >= 0 else [acts[c] for c in sorted(set(cards))]
        return _GENERATORS[self.step](self)

    # -- chance ------------------------------------------------------------------------------
    def _chance_source(self) -> tuple[list[int], list[Action], int]:
        """(cards the outcome is drawn from, their actions by index, a known top card or -1)."""
        step = self.step
        t = self._t
        if step == REFILL:
            return self.mis_deck, t.mission_card, -1
        if step == RECRUIT_DRAW:
            return self.hor_deck, t.horloger_card, -1
        deck = self.peek_deck if step == PEEK else (EXPLORATION if step == EXPLORE_DRAW else DANGER_DECK)
        if deck == EXPLORATION:
            return self.exp_deck, t.deck_card[EXPLORATION], self.exp_top
        return self.dan_deck, t.deck_card[DANGER_DECK], self.dan_top

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Each card left in the deck is equally likely to come next (a card seen with a Spyglass surely does)."""
        if self._current != CHANCE:
            return []
        cards, acts, top = self._chance_source()
        if top >= 0:
            return [(acts[top], Fraction(1))]
        counts = Counter(cards)
        total = len(cards)
        return [(acts[c], Fraction(k, total)) for c, k in sorted(counts.items())]

    def sample_chance(self, rng: random.Random) -> Action:
        """Fast exact sampling of the pending chance event."""
        cards, acts, top = self._chance_source()
        if top >= 0:
            return acts[top]
        return acts[cards[rng.randrange(len(cards))]]

    # -- legality ------------------------------------------------------------------------------
    def accepts_unlisted(self, a: Action) -> bool:
        """A payment listed in another order is the same payment (discover.payment: payments are sets)."""
        if not isinstance(a, Buy):
            return False
        canonical = self._canonical_buy(a)
        return canonical is not a and canonical in self.legal_actions()

    def _explain(self, a: Action) -> None:
        """Raise the IllegalActionError naming the rule that forbids ``a`` now (legality is legal_actions())."""
        raise explain(self, a)

    # -- effects ---------------------------------------------------------------------------------
    def _do(self, a: Action) -> None:
        _EFFECTS[type(a)](self, a)
        self._settle()

    # -- outcome ---------------------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Victory points per player: the rewards of their finds."""
        return [self.vp(p) for p in range(self.players)]

    def winners(self) -> list[int]:
        """Most VP; ties: the highest-reward find, then the last to reach that score (end.tie_break)."""
        keys = [ranking_key(self.vp(p), self.best_find(p), (self.vp_turn[p], self.vp_seq[p]))
                for p in range(self.players)]
        best = max(keys)
        return [p for p in range(self.players) if keys[p] == best]

    def returns(self) -> list[float]:
        """1 for the winner (a tie that survives both tie-breaks is shared), 0 for the others; 0 before the end."""
        if self._current != TERMINAL:
            return [0.0] * self.players
        w = self.winners()
        return [1.0 / len(w) if p in w else 0.0 for p in range(self.players)]

    # -- views -----------------------------------------------------------------------------------
    def observation(self, player: int) -> dict:
        """What ``player`` sees: everything public, their own hand and their own Spyglass looks."""
        return observation(self, player)

    def validate_position(self) -> None:
        """Every card exactly once; teams, wounds and finds fit; the step's pending data is there."""
        check_consistency(self)

    def after_load(self) -> None:
        """Rebuild the action tables and who is to move, then run any automatic step."""
        self._t = tables(self.comp)
        self._legal = None
        self._settle()

    def hidden_worlds(self, player: int) -> HiddenWorlds:
        """The worlds ``player`` cannot tell apart: the order of a deck whose top another player saw with a Spyglass.

        Every Exploration card enters a hand face up from the table and leaves it face up, so with perfect
        memory of public events a player knows every hand and hence every deck's composition. Deck orders are not
        stored (each draw is a chance event) until a Spyglass fixes a top card: for a seat that did not look, that
        deck is one deal of its cards into its places, ``(deck, 0)`` being the top.
        """
        deals = []
        for deck, top, seen in ((EXPLORATION, self.exp_top, self.exp_seen), (DANGER_DECK, self.dan_top, self.dan_seen)):
            if top >= 0 and player not in seen:
                cards = self._deck(deck)[0]
                deals.append(Deal([(deck, i) for i in range(len(cards))], [(deck, f) for f in cards]))
        return HiddenWorlds(deals)

    def world(self, slots) -> dict:
        """What lies in these deck places: the top card first, then the rest of the deck (its order is not kept)."""
        order = {}
        for deck, top in ((EXPLORATION, self.exp_top), (DANGER_DECK, self.dan_top)):
            rest = list(self._deck(deck)[0])
            if top >= 0:
                rest.remove(top)
                rest.insert(0, top)
            order[deck] = rest
        return {(deck, i): (deck, order[deck][i]) for deck, i in slots}

    def determinize(self, player: int, rng: random.Random) -> "HorlogerieState":
        """A copy where the top cards ``player`` has not seen with a Spyglass are drawn from ``hidden_worlds``."""
        s = self.clone()
        world = self.hidden_worlds(player).sample(rng)
        if (EXPLORATION, 0) in world:
            s.exp_top = world[(EXPLORATION, 0)][1]
        if (DANGER_DECK, 0) in world:
            s.dan_top = world[(DANGER_DECK, 0)][1]
        s._legal = None
        return s

    def describe(self) -> str:
        """A readable multi-line summary for the terminal (hands hidden)."""
        return describe(self)

    def hand_text(self, player: int) -> str:
        """The Exploration cards in ``player``'s hand, for the terminal."""
        return hand_text(self, player)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, HorlogerieState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


_GENERATORS: dict[str, Callable[[HorlogerieState], list[Action]]] = {
    **prepare.GENERATORS, **explore.GENERATORS, **bust.GENERATORS, **discover.GENERATORS}
_EFFECTS: dict[type, Callable[[HorlogerieState, Action], None]] = {
    **prepare.EFFECTS, **explore.EFFECTS, **bust.EFFECTS, **discover.EFFECTS}
