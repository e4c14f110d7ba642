"""Master of Rules: the state and every rule of the game (rulebook sections named in ``rule=``).

Glossary (French -> code): carte Nombre -> number card, carte Règle -> rule card, Recharge -> display,
Transaction -> transaction, tour -> round (first/second round of a transaction), Manche -> game round,
Adjudication -> judging, joueur fictif -> dummy, Premier joueur -> first player, PV -> point (VP).
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache

from ..core.errors import IllegalActionError, InvalidPositionError
from ..core.fields import Components, Counts, Field, Int, ListOf, Opt, Ref, Seat, StateFields, Str
from ..core.protocol import CHANCE, TERMINAL, Action, GameState
from ..core.worlds import Deal, HiddenWorlds
from . import text  # noqa: F401  (registers the event texts)
from .actions import (DRAW_NUMBER, DRAW_RULE, PLAY_NOTHING, PLAY_NUMBER, PLAY_RULE, TAKE_NUMBER, TAKE_RULE,
                      DrawNumber, DrawRule, PlayNothing, PlayNumber, PlayRule, TakeNumber, TakeRule)
from .cards import (ALL_TYPES_BONUS, BEST_OF_THE_BEST, CARD_BY_CODE, COLOURS, DISPLAY_NUMBERS, DISPLAY_RULES,
                    HAND_NUMBERS, HAND_RULES, LIMIT_23, N_VALUES, NUMBER_CARDS, ONLY_ONE, RULE_BY_ID,
                    RULE_COPIES, RULES, SEATS, CODES, SET_BONUS_MIN, SET_BONUS_POINTS, SET_BONUS_TYPES, SUPPORT_RIGHT,
                    TIE_BREAK, TRANSACTIONS, TRIO, card_name, colour, rule_name, seat_name, value)

# The game's action classes and the one field each carries (checked before anything else in _check).
_ACTION_FIELDS = {PlayNumber: "card", PlayRule: "rule", PlayNothing: None, TakeNumber: "card", TakeRule: "rule",
                  DrawNumber: "card", DrawRule: "rule"}

from .phases import DISPLAY_DRAW, DUMMY_DRAW, NOTHING, NUMBER, OVER, PHASES, PLAY, REFILL, RULE  # noqa: E402
from .position import check_conservation, check_consistency, describe, hand_text, observation  # noqa: E402


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
# Judging: the five rules, on the five Number cards in play (rules.judging)
# Each rule is decided in one fulfils_* function; explain_* only words the verdict for the log.
# --------------------------------------------------------------------------------------------
_COLOUR = [colour(c) for c in NUMBER_CARDS]
_VALUE = [value(c) for c in NUMBER_CARDS]


class TableStats:
    """What the rules look at in the five Number cards: counts by colour and value, top card per colour, sum."""

    __slots__ = ("colours", "values", "high", "total", "top_colour")

    def __init__(self, numbers: list[int]):
        colours = [0, 0, 0, 0, 0]
        values = [0] * (N_VALUES + 1)
        high = [0, 0, 0, 0, 0]
        total = 0
        for c in numbers:
            k, v = _COLOUR[c], _VALUE[c]
            colours[k] += 1
            values[v] += 1
            total += v
            if v > high[k]:
                high[k] = v
        self.colours, self.values, self.high, self.total = colours, values, high, total
        self.top_colour = max(colours)


def fulfils_limit_23(t: TableStats, mine: int) -> bool:
    """Limit 23: the five Number cards add up to 23 or less."""
    return t.total <= 23


def fulfils_best_of_the_best(t: TableStats, mine: int) -> bool:
    """Best of the Best: your card is the highest of a most common colour (tied colours all count)."""
    k = _COLOUR[mine]
    return t.colours[k] == t.top_colour and t.high[k] == _VALUE[mine]


def fulfils_only_one(t: TableStats, mine: int) -> bool:
    """Only One: no other card shares your card's colour, and none shares its value."""
    return t.colours[_COLOUR[mine]] == 1 and t.values[_VALUE[mine]] == 1


def fulfils_trio(t: TableStats, mine: int) -> bool:
    """Trio: at least three of the five cards share a colour, or at least three share a value."""
    return t.top_colour >= 3 or max(t.values) >= 3


FULFILS = {LIMIT_23: fulfils_limit_23, BEST_OF_THE_BEST: fulfils_best_of_the_best, ONLY_ONE: fulfils_only_one,
           TRIO: fulfils_trio}


def explain(rule: int, numbers: list[int], mine: int, ok: bool) -> str:
    """Why a (non Support Right) rule is fulfilled or not, in words for the log."""
    if rule == LIMIT_23:
        total = sum(_VALUE[c] for c in numbers)
        return f"the five cards add up to {total} ({'≤' if ok else '>'} 23)"
    if rule == BEST_OF_THE_BEST:
        counts = [sum(1 for c in numbers if _COLOUR[c] == k) for k in range(5)]
        top = max(counts)
        names = " and ".join(COLOURS[k] for k in range(5) if counts[k] == top)
        mc = _COLOUR[mine]
        if ok:
            several = " and " in names
            return (f"{names} {'are' if several else 'is'} most common ({top} card{'s' if top > 1 else ''}"
                    f"{' each' if several else ''}) and the {card_name(mine)} is the highest {COLOURS[mc]}")
        if counts[mc] != top:
            return f"the most common colour is {names} ({top} cards), not {COLOURS[mc]}"
        highest = max(_VALUE[c] for c in numbers if _COLOUR[c] == mc)
        return f"{COLOURS[mc]} is most common but the {COLOURS[mc]} {highest} beats the {card_name(mine)}"
    if rule == ONLY_ONE:
        if ok:
            return f"the {card_name(mine)} shares neither colour nor value with the other cards"
        if any(c != mine and _COLOUR[c] == _COLOUR[mine] for c in numbers):
            return f"another {COLOURS[_COLOUR[mine]]} card is in play"
        return f"another {_VALUE[mine]} is in play"
    colours = [_COLOUR[c] for c in numbers]
    values = [_VALUE[c] for c in numbers]
    for k in range(5):
        if colours.count(k) >= 3:
            return f"{colours.count(k)} {COLOURS[k]} cards are in play"
    for v in sorted(set(values)):
        if values.count(v) >= 3:
            return f"{values.count(v)} cards of value {v} are in play"
    return "no three cards share a colour or a value"


def right_of(seat: int, players: int) -> int:
    """The first real player to a seat's right (previous in turn order), skipping dummies."""
    return (seat - 1) % players if seat < players else players - 1


def judge_table(numbers: list[int | None], rules: list[int | None], players: int,
                reasons: bool = True) -> list[tuple[bool, str] | None]:
    """Judge every Rule card on the table; None for seats without one. Support Right chains resolve.
    ``reasons=False`` skips wording the verdicts (the reasons are then empty): for simulations."""
    in_play = [c for c in numbers if c is not None]
    stats = TableStats(in_play)
    result: list[tuple[bool, str] | None] = [None] * len(rules)
    for seat, rule in enumerate(rules):
        if rule is None or rule == SUPPORT_RIGHT:
            continue
        mine = numbers[seat]
        if mine is None:
            result[seat] = (False, "no Number card was played by this seat")
        else:
            ok = FULFILS[rule](stats, mine)
            result[seat] = (ok, explain(rule, in_play, mine, ok) if reasons else "")
    for seat, rule in enumerate(rules):
        if rule == SUPPORT_RIGHT:
            result[seat] = _judge_support_right(seat, rules, result, players)
    return result


def _judge_support_right(seat: int, rules: list[int | None], result: list, players: int) -> tuple[bool, str]:
    """Support Right: the first real player to your right fulfilled their rule (chains; all-SR all win)."""
    chain = []
    current = seat
    while True:
        right = right_of(current, players)
        chain.append(right)
        if right == seat or (seat >= players and len(chain) > players):
            return True, "every real player played Support Right, so all of them fulfil it"
        if rules[right] is None:
            return False, f"{seat_name(right, players)} played no Rule card"
        if rules[right] != SUPPORT_RIGHT:
            ok, _ = result[right]
            via = "" if len(chain) == 1 else " (through " + " ← ".join(
                seat_name(s, players) for s in chain[:-1]) + ")"
            verdict = "fulfilled" if ok else "did not fulfil"
            return ok, f"{seat_name(right, players)} {verdict} {rule_name(rules[right])}{via}"
        current = right


# --------------------------------------------------------------------------------------------
# Scoring (rules.scoring) and the winner (rules.winner)
# --------------------------------------------------------------------------------------------
def score_kept(kept: list[int]) -> int:
    """1 VP per kept Rule card, +2 per non-Support-Right type held 3+ times, +2 for all five types."""
    points = sum(kept)
    points += SET_BONUS_POINTS * sum(1 for t in SET_BONUS_TYPES if kept[t] >= SET_BONUS_MIN)
    if all(kept):
        points += ALL_TYPES_BONUS
    return points


def ranking_key(kept: list[int]) -> tuple:
    """Sort key: points, then Support Right, Trio, Only One, Best of the Best, Limit 23 cards."""
    return (score_kept(kept),) + tuple(kept[t] for t in TIE_BREAK)


def winners(kept: list[list[int]]) -> list[int]:
    """Seats sharing the win after the full tie-break."""
    keys = [ranking_key(k) for k in kept]
    best = max(keys)
    return [i for i, k in enumerate(keys) if k == best]


# --------------------------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------------------------
class MasterOfRulesState(GameState):
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

    def played_rules(self) -> set[int]:
        """Rule types already played this transaction (Dummy-1's card included)."""
        return {r for r in self.table_rules if r is not None}

    def required_type(self, player: int) -> str | None:
        """In the second round, the type the player must play: the one they did not play first."""
        if self.round == 1:
            return None
        return RULE if self.first_round[player] == NUMBER else NUMBER

    def allowed_rules(self, player: int) -> list[int]:
        """Rule types the player may play: not already played, unless all their Rule cards were."""
        held = [t for t, n in enumerate(self.hand_rules[player]) if n]
        played = self.played_rules()
        fresh = [t for t in held if t not in played]
        return fresh if fresh else held

    # -- the pending decision: legal actions are the one source of legality ------------------------------
    def legal_actions(self) -> list[Action]:
        """The actions open to the player to move, or the chance outcomes at a chance node."""
        if self._current == CHANCE:
            return [a for a, _ in self.chance_outcomes()]
        if self._current == TERMINAL:
            return []
        return self._play_actions(self._current) if self.phase == PLAY else self._refill_actions()

    def _do(self, action: Action) -> None:
        _APPLY[type(action)](self, action)
        self._settle()

    def _explain(self, action: Action) -> None:
        field = _ACTION_FIELDS.get(type(action), "?")
        if field == "?":
            raise IllegalActionError(f"{action!r} is not a Master of Rules action", "engine.action")
        if field is not None and not isinstance(getattr(action, field), str):
            raise IllegalActionError(f"{action.kind}: '{field}' must be a card code or a rule id", "engine.action")
        p = self._current
        if p == CHANCE:
            if not isinstance(action, (DrawNumber, DrawRule)):
                raise IllegalActionError(f"a card must be drawn now, not '{action.kind}'", "engine.chance_node")
            kind, _ = self.pending_draw()
            if isinstance(action, DrawNumber):
                if kind != NUMBER:
                    raise IllegalActionError("a Rule card is being drawn, not a Number card", "engine.chance_node")
                if CARD_BY_CODE.get(action.card) not in self.deck_numbers:
                    raise IllegalActionError(f"the {action.card} is not in the Number deck", "deck.draw")
            else:
                if kind != RULE:
                    raise IllegalActionError("a Number card is being drawn, not a Rule card", "engine.chance_node")
                t = RULE_BY_ID.get(action.rule)
                if t is None or not self.deck_rules[t]:
                    raise IllegalActionError(f"no {action.rule} card is in the Rule deck", "deck.draw")
            return
        if isinstance(action, (DrawNumber, DrawRule)):
            raise IllegalActionError("cards are drawn only at chance nodes", "engine.chance_node")
        if self.phase == PLAY:
            self._explain_play(p, action)
        else:
            self._explain_refill(action)

    # -- rule: playing a card (transaction.play_from_hand, .second_round, .already_played, .must_play) ------
    def _play_actions(self, p: int) -> list[Action]:
        """A card from hand: either type in the first round, the other type in the second (Rule cards not yet
        played first)."""
        need = self.required_type(p)
        out: list[Action] = []
        if need != RULE:
            out.extend(PLAY_NUMBER[c] for c in self.hand_numbers[p])
        if need != NUMBER:
            out.extend(PLAY_RULE[t] for t in self.allowed_rules(p))
        if not out and need == RULE:  # transaction.must_play: only a player without Rule cards plays nothing
            out.append(PLAY_NOTHING)
        return out

    def _explain_play(self, p: int, action: Action) -> None:
        need = self.required_type(p)
        who = seat_name(p, self.players)
        if isinstance(action, (TakeNumber, TakeRule)):
            raise IllegalActionError(f"{who} must play a card before refilling", "transaction.refill")
        if isinstance(action, PlayNumber):
            card = CARD_BY_CODE.get(action.card)
            if need == RULE:
                raise IllegalActionError(f"{who} played a Number card in the first round and must now play a Rule card",
                                         "transaction.second_round")
            if card is None or card not in self.hand_numbers[p]:
                raise IllegalActionError(f"{who} has no {action.card} in hand", "transaction.play_from_hand")
        elif isinstance(action, PlayRule):
            t = RULE_BY_ID.get(action.rule)
            if need == NUMBER:
                raise IllegalActionError(f"{who} played a Rule card in the first round and must now play a Number card",
                                         "transaction.second_round")
            if t is None or not self.hand_rules[p][t]:
                raise IllegalActionError(f"{who} has no {action.rule} card in hand", "transaction.play_from_hand")
            if t not in self.allowed_rules(p):
                raise IllegalActionError(
                    f"{rule_name(t)} was already played this transaction and {who} holds a Rule card that was not",
                    "transaction.already_played")
        elif isinstance(action, PlayNothing):
            if need != RULE or any(self.hand_rules[p]):
                raise IllegalActionError(f"{who} holds a card they can play", "transaction.must_play")

    def _play_number(self, card: int) -> None:
        p = self._current
        self.hand_numbers[p].remove(card)
        if card in self.known_numbers[p]:
            self.known_numbers[p].remove(card)
        self.table_numbers[p] = card
        self.emit("play_number", "transaction.play", player=seat_name(p, self.players), card=card_name(card))
        self._after_play(p, NUMBER)

    def _play_rule(self, t: int) -> None:
        p = self._current
        exception = t in self.played_rules()
        self.hand_rules[p][t] -= 1
        if self.known_rules[p][t]:
            self.known_rules[p][t] -= 1
        self.table_rules[p] = t
        self.emit("play_rule_exception" if exception else "play_rule",
                  "transaction.already_played" if exception else "transaction.play",
                  player=seat_name(p, self.players), rule=rule_name(t))
        self._after_play(p, RULE)

    def _play_nothing(self) -> None:
        p = self._current
        self.emit("play_nothing", "transaction.must_play", player=seat_name(p, self.players), type="Rule")
        self._after_play(p, NOTHING)

    def _after_play(self, p: int, kind: str) -> None:
        if self.round == 1:
            self.first_round[p] = kind
        if kind == NOTHING or self.is_final_transaction:
            self._next_turn()
            return
        has = self.display_numbers if kind == NUMBER else any(self.display_rules)
        if not has:
            self.emit("no_refill", "transaction.refill", player=seat_name(p, self.players),
                      type="Number" if kind == NUMBER else "Rule")
            self._next_turn()
            return
        self.refill_type = kind
        self.phase = REFILL
        options = self.display_numbers if kind == NUMBER else [t for t, n in enumerate(self.display_rules) if n]
        if len(options) == 1:  # only one card to choose: take it without asking
            if kind == NUMBER:
                self._take_number(options[0])
            else:
                self._take_rule(options[0])

    def _next_turn(self) -> None:
        self.refill_type = None
        self.phase = PLAY
        self.turn += 1
        if self.turn == self.players:
            self.phase = DUMMY_DRAW  # _settle skips it when no dummy draws this round

    # -- rule: refilling from the display (transaction.refill) --------------------------------------------
    def _refill_actions(self) -> list[Action]:
        """A card of the type just played, from the display."""
        if self.refill_type == NUMBER:
            return [TAKE_NUMBER[c] for c in self.display_numbers]
        return [TAKE_RULE[t] for t, n in enumerate(self.display_rules) if n]

    def _explain_refill(self, action: Action) -> None:
        who = seat_name(self._current, self.players)
        if isinstance(action, TakeNumber):
            if self.refill_type != NUMBER:
                raise IllegalActionError(f"{who} played a Rule card and must refill with a Rule card", "transaction.refill")
            if CARD_BY_CODE.get(action.card) not in self.display_numbers:
                raise IllegalActionError(f"the {action.card} is not in the display", "transaction.refill")
        elif isinstance(action, TakeRule):
            if self.refill_type != RULE:
                raise IllegalActionError(f"{who} played a Number card and must refill with a Number card",
                                         "transaction.refill")
            t = RULE_BY_ID.get(action.rule)
            if t is None or not self.display_rules[t]:
                raise IllegalActionError(f"no {action.rule} card is in the display", "transaction.refill")
        else:
            raise IllegalActionError(f"{who} must first refill from the display", "transaction.refill")

    def _take_number(self, card: int) -> None:
        p = self._current
        self.display_numbers.remove(card)
        self.hand_numbers[p].append(card)
        self.hand_numbers[p].sort()
        self.known_numbers[p].append(card)
        self.emit("take_number", "transaction.refill", player=seat_name(p, self.players), card=card_name(card))
        self._next_turn()

    def _take_rule(self, t: int) -> None:
        p = self._current
        self.display_rules[t] -= 1
        self.hand_rules[p][t] += 1
        self.known_rules[p][t] += 1
        self.emit("take_rule", "transaction.refill", player=seat_name(p, self.players), rule=rule_name(t))
        self._next_turn()

    # -- chance: drawing cards for the dummies and the display (deck.draw, deck.reshuffle) ----------------
    def pending_draw(self) -> tuple[str, str] | None:
        """At a chance node: (what is drawn: 'number'/'rule', where it goes: 'Dummy-1'/'Dummy-2'/'display')."""
        if self.phase == DISPLAY_DRAW:
            return (NUMBER if len(self.display_numbers) < DISPLAY_NUMBERS and self.deck_numbers else RULE), "display"
        if self.phase == DUMMY_DRAW:
            return self._dummy_need()
        return None

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Each card left in the deck is equally likely to come off it."""
        if self._current != CHANCE:
            return []
        kind, _ = self.pending_draw()
        if kind == NUMBER:
            p = Fraction(1, len(self.deck_numbers))
            return [(DRAW_NUMBER[c], p) for c in self.deck_numbers]
        total = sum(self.deck_rules)
        return [(DRAW_RULE[t], Fraction(n, total)) for t, n in enumerate(self.deck_rules) if n]

    def sample_chance(self, rng: random.Random) -> Action:
        """Fast exact sampling of the pending draw."""
        kind, _ = self.pending_draw()
        if kind == NUMBER:
            return DRAW_NUMBER[self.deck_numbers[rng.randrange(len(self.deck_numbers))]]
        r = rng.randrange(sum(self.deck_rules))
        for t, n in enumerate(self.deck_rules):
            if r < n:
                return DRAW_RULE[t]
            r -= n
        raise AssertionError("empty rule deck at a chance node")

    def _dummy_need(self) -> tuple[str, str] | None:
        """The next card the dummies get after this round (rules.dummies), or None."""
        n = self.players
        if n == 5:
            return None
        if self.round == 1:
            if self.table_numbers[n] is None:
                return NUMBER, seat_name(n, n)
            if n == 3 and self.table_rules[n] is None and (any(self.deck_rules) or any(self.discard_rules)):
                return RULE, seat_name(n, n)
            return None
        if n == 3 and self.table_numbers[4] is None:
            return NUMBER, seat_name(4, n)
        return None

    def _draw_number(self, card: int) -> None:
        self.deck_numbers.remove(card)
        if self.phase == DISPLAY_DRAW:
            self.display_numbers.append(card)
            self.display_numbers.sort()
            self.emit("display_draw_number", "transaction.next", card=card_name(card))
        else:
            seat = self.players if self.round == 1 else 4
            self.table_numbers[seat] = card
            self.emit("dummy_number", "dummies", dummy=seat_name(seat, self.players), card=card_name(card))

    def _draw_rule(self, t: int) -> None:
        self.deck_rules[t] -= 1
        if self.phase == DISPLAY_DRAW:
            self.display_rules[t] += 1
            self.emit("display_draw_rule", "transaction.next", rule=rule_name(t))
        else:
            self.table_rules[self.players] = t
            self.emit("dummy_rule", "dummies", dummy=seat_name(self.players, self.players), rule=rule_name(t))

    def _reshuffle_if_empty(self, kind: str) -> None:
        """An empty deck is rebuilt from its discard pile (the deck is unordered, so draws stay uniform)."""
        if kind == NUMBER and not self.deck_numbers and self.discard_numbers:
            self.emit("reshuffle", "deck.reshuffle", type="Number", count=len(self.discard_numbers))
            self.deck_numbers = sorted(self.discard_numbers)
            self.discard_numbers = []
        elif kind == RULE and not any(self.deck_rules) and any(self.discard_rules):
            self.emit("reshuffle", "deck.reshuffle", type="Rule", count=sum(self.discard_rules))
            self.deck_rules = self.discard_rules
            self.discard_rules = [0] * len(RULES)

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

    def _judge(self) -> None:
        """Judge every Rule card; fulfilled real players keep theirs, everything else is discarded."""
        n = self.players
        verdicts = judge_table(self.table_numbers, self.table_rules, n)
        for seat in self.turn_order() + list(range(n, SEATS)):
            rule = self.table_rules[seat]
            if rule is None:
                continue
            ok, reason = verdicts[seat]
            if seat < n:
                kind = "judge_fulfilled" if ok else "judge_failed"
            else:
                kind = "dummy_fulfilled" if ok else "dummy_failed"
            self.emit(kind, "rules." + RULES[rule], player=seat_name(seat, n), rule=rule_name(rule), reason=reason)
            if ok and seat < n:
                self.kept[seat][rule] += 1
            else:
                self.discard_rules[rule] += 1
        self.discard_numbers.extend(c for c in self.table_numbers if c is not None)
        self.table_numbers = [None] * SEATS
        self.table_rules = [None] * SEATS
        self.first_round = [None] * n
        self.round = 1
        self.turn = 0
        self.transaction += 1
        if self.transaction == self.transactions:
            for p in range(n):
                self.discard_numbers.extend(self.hand_numbers[p])
                self.hand_numbers[p] = []
                for t in range(len(RULES)):
                    self.discard_rules[t] += self.hand_rules[p][t]
                self.hand_rules[p] = [0] * len(RULES)
                self.known_numbers[p] = []
                self.known_rules[p] = [0] * len(RULES)
            self.emit("hands_discarded", "rules.end")
            win = winners(self.kept)
            self.emit("final_scores", "rules.scoring",
                      scores=", ".join(f"{seat_name(p, n)} {s}" for p, s in enumerate(self.scores())),
                      winners=("Winner: " if len(win) == 1 else "Shared win: ")
                      + ", ".join(seat_name(p, n) for p in win) + ".")
            self.phase = OVER
        else:
            self.phase = DISPLAY_DRAW

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
_APPLY = {
    PlayNumber: lambda s, a: s._play_number(CARD_BY_CODE[a.card]),
    PlayRule: lambda s, a: s._play_rule(RULE_BY_ID[a.rule]),
    PlayNothing: lambda s, a: s._play_nothing(),
    TakeNumber: lambda s, a: s._take_number(CARD_BY_CODE[a.card]),
    TakeRule: lambda s, a: s._take_rule(RULE_BY_ID[a.rule]),
    DrawNumber: lambda s, a: s._draw_number(CARD_BY_CODE[a.card]),
    DrawRule: lambda s, a: s._draw_rule(RULE_BY_ID[a.rule]),
}


def state_from_json(data: object) -> MasterOfRulesState:
    """A validated position (its player count read from it); InvalidPositionError names the first bad field."""
    if not isinstance(data, dict):
        raise InvalidPositionError("a position must be a JSON object", "position")
    players = data.get("players")
    if type(players) is not int or players not in TRANSACTIONS:
        raise InvalidPositionError(f"must be a player count ({', '.join(map(str, sorted(TRANSACTIONS)))})",
                                   "players")
    return MasterOfRulesState.from_json(data, components(players))
