"""Master of Rules: the state, the flow of a transaction and the rule table (rulebook sections named in ``rule=``).

Each rule sits in one module with its listing, its refusal and its effect side by side: playing a card
(play.py), refilling from the display (refill.py), the chance draws (draws.py), and judging and scoring
(judging.py). This module only dispatches to them through the table at its end.

Glossary (French -> code): carte Nombre -> number card, carte Règle -> rule card, Recharge -> display,
Transaction -> transaction, tour -> round (first/second round of a transaction), Manche -> game round,
Adjudication -> judging, joueur fictif -> dummy, Premier joueur -> first player, PV -> point (VP).
"""
from __future__ import annotations

import random
from functools import lru_cache

from ..core.errors import IllegalActionError, InvalidPositionError
from ..core.fields import Components, Counts, Field, Int, ListOf, Opt, Ref, Seat, StateFields, Str
from ..core.protocol import CHANCE, TERMINAL, Action, GameState
from ..core.worlds import Deal, HiddenWorlds
from . import draws, play, refill
from . import text  # noqa: F401  (registers the event texts)
from .actions import DrawNumber, DrawRule, PlayNothing, PlayNumber, PlayRule, TakeNumber, TakeRule
from .cards import (CODES, DISPLAY_NUMBERS, DISPLAY_RULES, HAND_NUMBERS, HAND_RULES, NUMBER_CARDS, RULE_BY_ID,
                    RULE_COPIES, RULES, SEATS, TRANSACTIONS, seat_name)
from .draws import DrawRules
from .judging import (FULFILS, JudgingRules, TableStats, explain, fulfils_best_of_the_best,  # re-exported
                      fulfils_limit_23, fulfils_only_one, fulfils_trio, judge_table, ranking_key, right_of, score_kept,
                      winners)
from .phases import DISPLAY_DRAW, DUMMY_DRAW, NUMBER, PHASES, PLAY, REFILL, RULE
from .play import PlayRules
from .position import check_conservation, check_consistency, describe, hand_text, observation
from .refill import RefillRules


class MasterOfRulesComponents(Components):
    """The player count and the names of the cards (Number cards by code, Rule cards by id)."""

    def __init__(self, players: int):
        self.players = players
        self.refs = {"numbers": CODES, "rules": RULES}


@lru_cache(maxsize=None)
def components(players: int) -> MasterOfRulesComponents:
    """The shared components of a player count."""
    return MasterOfRulesComponents(players)


# --------------------------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------------------------
class MasterOfRulesState(PlayRules, RefillRules, DrawRules, JudgingRules, GameState):
    """A position of Master of Rules: plain lists, cards as ints (0-44), rule cards as counts by type."""

    game_name = "master_of_rules"
    FORMAT = "ratgames_lab.master_of_rules/1"
    FIELDS = StateFields(
        Field("transaction", Int(min=0)),
        Field("start_player", Seat()),
        Field("round", Int(min=1, max=2)),
        Field("turn", Int(min=0)),
        Field("phase", Str(PHASES)),
        Field("refill_type", Opt(Str((NUMBER, RULE)))),
        Field("hand_numbers", ListOf(ListOf(Ref("numbers"), sort=True), length="players"), json="hands[].numbers"),
        Field("hand_rules", ListOf(Counts("rules"), length="players"), json="hands[].rules"),
        Field("known_numbers", ListOf(ListOf(Ref("numbers"), sort=True), length="players"),
              json="known_in_hands[].numbers"),
        Field("known_rules", ListOf(Counts("rules"), length="players"), json="known_in_hands[].rules"),
        Field("display_numbers", ListOf(Ref("numbers"), sort=True), json="display.numbers"),
        Field("display_rules", Counts("rules"), json="display.rules"),
        Field("deck_numbers", ListOf(Ref("numbers"), sort=True), json="decks.numbers"),
        Field("deck_rules", Counts("rules"), json="decks.rules"),
        Field("discard_numbers", ListOf(Ref("numbers"), sort=True), json="discards.numbers"),
        Field("discard_rules", Counts("rules"), json="discards.rules"),
        Field("table_numbers", ListOf(Opt(Ref("numbers")), length=SEATS), json="table[].number"),
        Field("table_rules", ListOf(Opt(Ref("rules")), length=SEATS), json="table[].rule"),
        Field("first_round", ListOf(Opt(Str((NUMBER, RULE))), length="players")),
        Field("kept", ListOf(Counts("rules"), length="players")),
        transient=("transactions", "_current"),
    )

    # -- setup (rules.setup) ------------------------------------------------
    @classmethod
    def new(cls, players: int, seed: int) -> "MasterOfRulesState":
        """Shuffle, deal 4 Number + 3 Rule cards each, lay out the display, pick the first player."""
        rng = random.Random(seed)
        s = cls.blank(components(players))
        s.transactions = TRANSACTIONS[players]
        s.transaction = 0
        s.round = 1
        s.turn = 0
        numbers = list(NUMBER_CARDS)
        rules = [t for t in range(len(RULES)) for _ in range(RULE_COPIES[t])]
        rng.shuffle(numbers)
        rng.shuffle(rules)
        s.hand_numbers = [sorted(numbers[HAND_NUMBERS * p: HAND_NUMBERS * (p + 1)]) for p in range(players)]
        numbers = numbers[HAND_NUMBERS * players:]
        s.hand_rules = []
        for p in range(players):
            counts = [0] * len(RULES)
            for t in rules[HAND_RULES * p: HAND_RULES * (p + 1)]:
                counts[t] += 1
            s.hand_rules.append(counts)
        rules = rules[HAND_RULES * players:]
        s.display_numbers = sorted(numbers[:DISPLAY_NUMBERS])
        s.deck_numbers = sorted(numbers[DISPLAY_NUMBERS:])
        s.display_rules = [0] * len(RULES)
        for t in rules[:DISPLAY_RULES]:
            s.display_rules[t] += 1
        s.deck_rules = [0] * len(RULES)
        for t in rules[DISPLAY_RULES:]:
            s.deck_rules[t] += 1
        s.discard_numbers = []
        s.discard_rules = [0] * len(RULES)
        s.known_numbers = [[] for _ in range(players)]
        s.known_rules = [[0] * len(RULES) for _ in range(players)]
        s.table_numbers = [None] * SEATS
        s.table_rules = [None] * SEATS
        s.first_round = [None] * players
        s.kept = [[0] * len(RULES) for _ in range(players)]
        s.refill_type = None
        s.start_player = rng.randrange(players)
        s.phase = PLAY
        s.emit("setup", "setup", first=seat_name(s.start_player, players))
        s._begin_transaction_text()
        s._settle()
        return s

    # -- turn order (rules.turn_order) ----------------------------------------
    @property
    def first_player(self) -> int:
        """The first player of the current transaction: the card passes clockwise each transaction."""
        return (self.start_player + self.transaction) % self.players

    def turn_order(self) -> list[int]:
        """Real players from the first player, clockwise."""
        return [(self.first_player + k) % self.players for k in range(self.players)]

    @property
    def is_final_transaction(self) -> bool:
        """In the final transaction nobody refills (rules.final_transaction)."""
        return self.transaction == self.transactions - 1

    @property
    def game_round(self) -> int:
        """The round counter (Manche): each real player is first player once per game round."""
        return self.transaction // self.players + 1

    @property
    def current_player(self) -> int:
        return self._current

    # -- the pending decision: legal actions are the one source of legality; each rule lists, refuses and applies
    # its actions in its own module (play.py, refill.py, draws.py), registered in the tables at the end ----------
    def legal_actions(self) -> list[Action]:
        """The actions open to the player to move, or the chance outcomes at a chance node."""
        if self._current == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self._current == TERMINAL:
            return []
        return _LISTERS[self.phase](self)

    def _do(self, action: Action) -> None:
        _EFFECTS[type(action)](self, action)
        self._settle()

    def _explain(self, action: Action) -> None:
        field = _ACTION_FIELDS.get(type(action), "?")
        if field == "?":
            raise IllegalActionError(f"{action!r} is not a Master of Rules action", "engine.action")
        if field is not None and not isinstance(getattr(action, field), str):
            raise IllegalActionError(f"{action.kind}: '{field}' must be a card code or a rule id", "engine.action")
        if self._current == CHANCE and type(action) not in draws.CHECKS:
            raise IllegalActionError(f"a card must be drawn now, not '{action.kind}'", "engine.chance_node")
        _CHECKS[type(action)](self, action)

    # -- the flow of a transaction: who moves next, judging, the end (rules.transaction, rules.judging) ---
    def _settle(self) -> None:
        """Run the automatic steps (dummies, judging, next transaction) until a decision is pending."""
        while True:
            if self.phase in (PLAY, REFILL):
                self._current = (self.start_player + self.transaction + self.turn) % self.players
                return
            if self.phase == DUMMY_DRAW:
                need = self._dummy_need()
                if need is None and self.round == 1 and self.players == 3 and self.table_rules[3] is None:
                    if self.table_numbers[3] is not None:
                        self.emit("dummy_no_card", "dummies", type="Rule", dummy="Dummy-1")
                if need is not None:
                    self._reshuffle_if_empty(need[0])
                    self._current = CHANCE
                    return
                if self.round == 1:
                    self.round = 2
                    self.turn = 0
                    self.phase = PLAY
                else:
                    self._judge()
                continue
            if self.phase == DISPLAY_DRAW:
                if len(self.display_numbers) < DISPLAY_NUMBERS:
                    self._reshuffle_if_empty(NUMBER)
                    if self.deck_numbers:
                        self._current = CHANCE
                        return
                    self.emit("display_short", "transaction.next", type="Number", count=len(self.display_numbers))
                if sum(self.display_rules) < DISPLAY_RULES:
                    self._reshuffle_if_empty(RULE)
                    if any(self.deck_rules):
                        self._current = CHANCE
                        return
                    self.emit("display_short", "transaction.next", type="Rule", count=sum(self.display_rules))
                self.phase = PLAY
                self._begin_transaction_text()
                continue
            self._current = TERMINAL
            return

    def _begin_transaction_text(self) -> None:
        self.emit("transaction_start", "transaction", number=self.transaction + 1, total=self.transactions,
                  game_round=self.game_round, first=seat_name(self.first_player, self.players))
        if self.is_final_transaction:
            self.emit("final_transaction", "rules.final_transaction")

    # -- outcome ------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Victory points per real player (cards kept plus bonuses)."""
        return [score_kept(k) for k in self.kept]

    def returns(self) -> list[float]:
        """1 for the winner, shared wins split, 0 for the others; all 0 before the end."""
        if self._current != TERMINAL:
            return [0.0] * self.players
        win = winners(self.kept)
        return [1.0 / len(win) if p in win else 0.0 for p in range(self.players)]

    # -- views ------------------------------------------------------------------------
    def observation(self, player: int) -> dict:
        """What ``player`` sees: own hand, sizes of the others' hands and the cards known to be there."""
        return observation(self, player)

    @classmethod
    def validate_json(cls, data: dict, comp: MasterOfRulesComponents) -> None:
        """Counters in range for the player count, and every card exactly once."""
        check_conservation(data, comp.players)

    def validate_position(self) -> None:
        """Hand sizes, the table and the phase must fit together."""
        check_consistency(self)

    def after_load(self) -> None:
        """Rebuild the game length and who is to move."""
        self.transactions = TRANSACTIONS[self.players]
        self._settle()

    def hand_text(self, player: int) -> str:
        """The player's hand in words."""
        return hand_text(self, player)

    # -- hidden information: what a player cannot tell apart (knowledge model, docs/master_of_rules.md) ----------
    def hidden_cards(self, q: int) -> tuple[list[int], list[int]]:
        """Player ``q``'s hand cards nobody else knows: (Number cards, Rule types with repeats), sorted."""
        numbers = [c for c in self.hand_numbers[q] if c not in self.known_numbers[q]]
        rules = [t for t in range(len(RULES)) for _ in range(self.hand_rules[q][t] - self.known_rules[q][t])]
        return numbers, rules

    def hidden_worlds(self, player: int) -> HiddenWorlds:
        """Two uniform deals: the Number cards and the Rule cards ``player`` has not seen and nobody took from
        the display, into the others' unknown hand cards and the decks (cards taken from the display stay put)."""
        number_slots, number_items, rule_slots, rule_items = [], list(self.deck_numbers), [], []
        for q in range(self.players):
            if q == player:
                continue
            numbers, rules = self.hidden_cards(q)
            number_slots += [("hand", q, i) for i in range(len(numbers))]
            number_items += numbers
            rule_slots += [("hand_rule", q, i) for i in range(len(rules))]
            rule_items += [RULES[t] for t in rules]
        number_slots += [("deck", i) for i in range(len(self.deck_numbers))]
        rule_items += [RULES[t] for t, n in enumerate(self.deck_rules) for _ in range(n)]
        rule_slots += [("deck_rule", i) for i in range(sum(self.deck_rules))]
        return HiddenWorlds([Deal(number_slots, number_items), Deal(rule_slots, rule_items)])

    def world(self, slots) -> dict:
        """What really lies in each hidden slot: Number cards as ints, Rule cards as rule ids."""
        real: dict = {("deck", i): c for i, c in enumerate(sorted(self.deck_numbers))}
        deck_rules = [RULES[t] for t, n in enumerate(self.deck_rules) for _ in range(n)]
        real.update((("deck_rule", i), r) for i, r in enumerate(deck_rules))
        for q in range(self.players):
            numbers, rules = self.hidden_cards(q)
            real.update((("hand", q, i), c) for i, c in enumerate(numbers))
            real.update((("hand_rule", q, i), RULES[t]) for i, t in enumerate(rules))
        return {slot: real[slot] for slot in slots}

    def determinize(self, player: int, rng: random.Random) -> "MasterOfRulesState":
        """A copy where the others' unknown hand cards and the decks are one world of ``hidden_worlds(player)``."""
        s = self.clone()
        world = self.hidden_worlds(player).sample(rng)
        for q in range(self.players):
            if q == player:
                continue
            numbers, rules = self.hidden_cards(q)
            s.hand_numbers[q] = sorted(s.known_numbers[q] + [world[("hand", q, i)] for i in range(len(numbers))])
            counts = list(s.known_rules[q])
            for i in range(len(rules)):
                counts[RULE_BY_ID[world[("hand_rule", q, i)]]] += 1
            s.hand_rules[q] = counts
        s.deck_numbers = sorted(world[("deck", i)] for i in range(len(self.deck_numbers)))
        s.deck_rules = [0] * len(RULES)
        for i in range(sum(self.deck_rules)):
            s.deck_rules[RULE_BY_ID[world[("deck_rule", i)]]] += 1
        return s

    def describe(self) -> str:
        """A readable multi-line summary for the terminal."""
        return describe(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MasterOfRulesState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


# What each (already checked) action does.

# The rule table: each rule module's listing (by phase), refusal and effect (by action class).
_LISTERS = {**play.LISTERS, **refill.LISTERS}
_CHECKS = {**play.CHECKS, **refill.CHECKS, **draws.CHECKS}
_EFFECTS = {**play.EFFECTS, **refill.EFFECTS, **draws.EFFECTS}
# The game's action classes and the one field each carries (checked before anything else in _explain).
_ACTION_FIELDS = {PlayNumber: "card", PlayRule: "rule", PlayNothing: None, TakeNumber: "card", TakeRule: "rule",
                  DrawNumber: "card", DrawRule: "rule"}



def state_from_json(data: object) -> MasterOfRulesState:
    """A validated position (its player count read from it); InvalidPositionError names the first bad field."""
    if not isinstance(data, dict):
        raise InvalidPositionError("a position must be a JSON object", "position")
    players = data.get("players")
    if type(players) is not int or players not in TRANSACTIONS:
        raise InvalidPositionError(f"must be a player count ({', '.join(map(str, sorted(TRANSACTIONS)))})",
                                   "players")
    return MasterOfRulesState.from_json(data, components(players))


__all__ = ["FULFILS", "MasterOfRulesComponents", "MasterOfRulesState", "TableStats", "components", "explain",
           "fulfils_best_of_the_best", "fulfils_limit_23", "fulfils_only_one", "fulfils_trio", "judge_table",
           "ranking_key", "right_of", "score_kept", "state_from_json", "winners"]
