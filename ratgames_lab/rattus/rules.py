"""Rattus: the state and every rule of the game (rulebook sections named in ``rule=``).

Glossary (French -> code): jeton rat -> rat token (``rats``), cube de population -> cube, réserve (de cubes) ->
reserve, réserve de jetons -> supply, région infectée -> infected region, emblème de la Peste -> plague,
valeur limite -> threshold, Majorité (M) -> majority, Tous (A) -> all, Château -> Castle, carte de Classe ->
class card: Roi/Noblesse -> King, Moine/Clergé -> Monk, Chevalier/Chevalerie -> Knight,
Paysan/Paysannerie -> Peasant, Marchand/Bourgeoisie -> Merchant, Sorcière/Magie -> Witch,
dernière manche -> final round, la Peste ravage tout -> final plague.

A turn is a sequence of steps (``state.step``): "main" (take a class card, place cubes and use powers in any
order, then move the plague), then "spread" / "draw" (one decision and one chance node per new token),
"neutral" (Knight), "reveal" (the active player picks each token), "after" (King only), then the next turn.
The final round reuses "main" with ``final_round`` set; the final plague then runs by itself.
"""
from __future__ import annotations

import random
from fractions import Fraction
from functools import lru_cache
from typing import Callable

from ..core.errors import IllegalActionError
from ..core.fields import Components as CoreComponents
from ..core.fields import Bool, Field, FlagSet, Int, Keyed, ListOf, Opt, Ref, Seat, StateFields, Str
from ..core.protocol import CHANCE, TERMINAL, Action, GameState
from ..core.worlds import Deal, HiddenWorlds
from . import text  # noqa: F401  (registers the event texts)
from .actions import (END_TURN, NEUTRAL_NO, NEUTRAL_YES, REVEAL, TAKE, ActionTable, DrawToken, EndTurn, KingToCastle,
                      KnightNeutral, MovePlague, Place, Reveal, SetupPlace, Spread, TakeClass, WitchStop, WitchSwap)
from .board import Board
from .components import (ALL, CLASS_INDEX, CLASS_NAMES, CLASSES, CUBES_PER_PLAYER, KING, KNIGHT, KNIGHT_NEUTRAL,
                         MAJORITY, MAX_TOKENS, PEASANT, REMOVED_TOKENS, SETUP_CUBES, SYMBOL_NAMES, colour,
                         spread_count)
from .tokens import TokenSet, check_for_game

from .position import check_conservation, check_consistency, describe, observation  # noqa: E402
from .steps import (AFTER, DRAW, MAIN, NEUTRAL, OVER, REVEAL_STEP, SETUP, SPREAD, STEPS, WITCH2,  # noqa: E402,F401
                    WITCH_SWAP_STEP)
from .powers import POWER_ACTIONS, POWER_CHECKS, POWER_EFFECTS, POWER_LISTS, PowerRules  # noqa: E402


class Components(CoreComponents):
    """What one game is played with: player count, board view, token set and the cached actions."""

    def __init__(self, players: int, board: Board, tokens: TokenSet):
        self.players = players
        self.board = board
        self.tokens = tokens
        self.topo = board.topology(players)
        self.refs = {"regions": self.topo.names, "tokens": tokens.ids, "classes": CLASSES}
        self.removed = REMOVED_TOKENS[players]
        check_for_game(tokens, self.topo.size, self.removed)
        self.actions = ActionTable(self.topo.names, self.topo.neighbours, tokens.ids)
        self.setup_order = list(range(players)) + list(reversed(range(players)))


@lru_cache(maxsize=64)
def components(players: int, board: Board, tokens: TokenSet) -> Components:
    """The (cached) Components of a player count, board and token set."""
    return Components(players, board, tokens)


# --------------------------------------------------------------------------------------------
# The effect of one revealed token (plague.threshold, plague.majority, plague.class_symbol, plague.all)
# --------------------------------------------------------------------------------------------
def resolve_token(tokens: TokenSet, token: int, cubes: list[int], owners: list[int],
                  neutral: int = 0) -> tuple[bool, list[tuple[str, int]]]:
    """Apply a revealed token to one region's cubes (in place): threshold, then each M, class symbol, A.

    Returns (contaminated, removals) with one (symbol, player) pair per cube removed, in order.
    """
    if sum(cubes) + neutral < tokens.threshold[token]:
        return False, []
    removals: list[tuple[str, int]] = []
    n = len(cubes)
    for _ in range(tokens.majority[token]):
        top = max(cubes)
        if top == 0:
            break
        for p in range(n):
            if cubes[p] == top:
                cubes[p] -= 1
                removals.append((MAJORITY, p))
    for c in tokens.classes[token]:
        p = owners[c]
        if p >= 0 and cubes[p]:
            cubes[p] -= 1
            removals.append((CLASSES[c], p))
    for _ in range(tokens.all[token]):
        for p in range(n):
            if cubes[p]:
                cubes[p] -= 1
                removals.append((ALL, p))
    return True, removals


def winner(scores: list[int], last_player: int) -> int:
    """Most cubes wins; ties go to the tied player who would have played first next (end.tie_break)."""
    n = len(scores)
    best = max(scores)
    return next(p for p in ((last_player + k) % n for k in range(1, n + 1)) if scores[p] == best)


# --------------------------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------------------------
class RattusState(PowerRules, GameState):
    """A Rattus position: plain lists of ints (regions, players, classes and tokens are indices)."""

    game_name = "rattus"
    FORMAT = "ratgames_lab.rattus/1"
    FIELDS = StateFields(
        Field("step", Str(STEPS)),
        Field("active", Seat()),
        Field("turn", Int(min=0)),
        Field("setup_index", Int(min=0, max=lambda comp: len(comp.setup_order))),
        Field("plague", Ref("regions")),
        Field("rats", Keyed("regions", ListOf(Ref("tokens"))), json="regions.*.rats"),
        Field("cubes", Keyed("regions", ListOf(Int(min=0), length="players")), json="regions.*.cubes"),
        Field("castle", ListOf(Int(min=0), length="players")),
        Field("supply", ListOf(Ref("tokens"), sort=True)),
        Field("removed", ListOf(Ref("tokens"), sort=True)),
        Field("revealed", ListOf(Ref("tokens"))),
        # setup.tokens, seen by all; [] = not recorded (a file from before it was): then no token is known to
        # have been dealt at setup and the worlds are one deal of every hidden token
        Field("dealt", ListOf(Ref("tokens"), sort=True), json="dealt_at_setup", missing=[]),
        Field("owners", Keyed("classes", Opt(Seat(), none=-1)), json="classes"),
        Field("used", FlagSet("classes")),
        Field("took", Bool(), json="took_class"),
        Field("placed", Bool()),
        Field("spread_left", Int(min=0, max=2)),
        Field("spread_target", Opt(Ref("regions"), none=-1)),
        Field("neutral", Bool()),
        Field("witch", ListOf(Opt(Ref("tokens"), none=-1), length=2)),
        Field("peeks", ListOf(ListOf(Ref("tokens")), length="players")),
        Field("ending", Opt(Str(("supply", "cubes")))),
        Field("final_round", Bool()),
        Field("final_queue", ListOf(Seat())),
        Field("final_neutral", Bool()),
        Field("last_player", Opt(Seat(), none=-1)),
        Field("reserve", ListOf(Int()), derived=True),  # cubes not on the board nor in the Castle
        transient=("_current",),
    )

    # -- setup (setup.*) -----------------------------------------------------------
    @classmethod
    def new(cls, comp: Components, seed: int) -> "RattusState":
        """Setup tokens, removed tokens and the plague from the seed; then the two placement rounds."""
        rng = random.Random(seed)
        s = cls.blank(comp)
        n, size = comp.players, comp.topo.size
        ts = comp.tokens
        setup = list(ts.setup_tokens)
        rng.shuffle(setup)
        s.rats = [[setup[r]] for r in range(size)]
        s.dealt = sorted(setup[:size])
        pool = setup[size:] + list(ts.normal_tokens)
        rng.shuffle(pool)
        s.removed = sorted(pool[:comp.removed])
        s.supply = sorted(pool[comp.removed:])
        s.revealed = []
        s.plague = rng.randrange(size)
        s.cubes = [[0] * n for _ in range(size)]
        s.castle = [0] * n
        s.reserve = [CUBES_PER_PLAYER] * n
        s.owners = [-1] * len(CLASSES)
        s.peeks = [[] for _ in range(n)]
        s.setup_index = 0
        s.turn = 0
        s.ending = None
        s.final_round = False
        s.final_queue = []
        s.final_neutral = False
        s.last_player = -1
        s._reset_turn(0)
        s.step = SETUP
        s.emit("setup_tokens", "setup.tokens", count=size, unused=len(setup) - size)
        if comp.removed:
            s.emit("setup_removed", "setup.removed", count=comp.removed, players=n)
        s.emit("setup_supply", "setup.supply", count=len(s.supply))
        s.emit("setup_plague", "setup.plague", region=comp.topo.names[s.plague])
        s._settle()
        return s

    def _reset_turn(self, player: int) -> None:
        self.active = player
        self.took = False
        self.placed = False
        self.used = [False] * len(CLASSES)
        self.spread_left = 0
        self.spread_target = -1
        self.neutral = False
        self.witch = [-1, -1]

    # -- small helpers ------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._current

    def player_name(self, player: int) -> str:
        """Players are named by their colour (Red, Yellow, ...)."""
        return colour(player)

    @property
    def turn_player(self) -> int:
        """Whose turn it is (the active player), also while chance draws or the game is over."""
        return self.active

    def name(self, region: int) -> str:
        """A region's name."""
        return self.comp.topo.names[region]

    def region_index(self, name: str) -> int | None:
        """A region's index, or None if it is not in play."""
        return self.comp.topo.index.get(name)

    def holds(self, player: int, cls: int) -> bool:
        """True if ``player`` holds the class card ``cls``."""
        return self.owners[cls] == player

    def locate(self, token: int) -> tuple[int, int] | None:
        """(region, slot) of a face-down token on the board, or None."""
        for r, rats in enumerate(self.rats):
            if token in rats:
                return r, rats.index(token)
        return None

    def ravage_possible(self) -> bool:
        """The infected region has at least one cube and one face-down token (plague.ravage)."""
        r = self.plague
        return bool(self.rats[r]) and any(self.cubes[r])

    # -- the pending decision: legal actions are the one source of legality ------------------------------
    def legal_actions(self) -> list[Action]:
        """The actions open to the player to move, or the chance outcomes at a chance node."""
        cur = self._current
        if cur == TERMINAL:
            return []
        table = self.comp.actions
        if cur == CHANCE:
            return [table.draw[t] for t in self.supply]
        step = self.step
        if step == MAIN:
            return self._main_actions()
        if step == SETUP:
            return table.setup_place[:]
        if step == SPREAD:
            return [table.spread[t] for t in self.comp.topo.neighbours[self.plague] if len(self.rats[t]) < MAX_TOKENS]
        if step == REVEAL_STEP:
            return REVEAL[:len(self.rats[self.plague])]
        if step == NEUTRAL:
            return [NEUTRAL_YES, NEUTRAL_NO]
        if step == AFTER:
            return self._king_actions() + [END_TURN]
        if step == WITCH2:
            return self._witch_second_actions()
        return self._witch_swap_actions()  # WITCH_SWAP_STEP

    def _do(self, a: Action) -> None:
        _DO[type(a)](self, a)
        self._settle()

    def _explain(self, a: Action) -> None:
        if self._current == CHANCE:
            if not isinstance(a, DrawToken):
                raise IllegalActionError(f"a rat token must be drawn from the supply now, not '{a}'",
                                         "engine.chance_node")
            t = self.comp.tokens.index.get(a.token)
            if t is None or t not in self.supply:
                raise IllegalActionError(f"token {a.token} is not in the face-down supply", "plague.draw")
            return
        if isinstance(a, DrawToken):
            raise IllegalActionError("rat tokens are drawn only at chance nodes", "engine.chance_node")
        check = _STEP_CHECKS.get(self.step)
        if check is None:
            raise IllegalActionError("the game is over", "game.end")
        check(self, a)

    def _region(self, name: object, rule: str) -> int:
        r = self.comp.topo.index.get(name) if isinstance(name, str) else None
        if r is None:
            raise IllegalActionError(f"{name!r} is not a region in play", rule)
        return r

    def _not_now(self, a: Action) -> None:
        """Explain why an action of the wrong kind for the pending decision is illegal."""
        step = self.step
        if step in (SPREAD, NEUTRAL, REVEAL_STEP, AFTER):
            if isinstance(a, POWER_ACTIONS):
                raise IllegalActionError("class powers are used before the plague moves (only the King may act "
                                         "after it)", "class.before_plague")
            if isinstance(a, (TakeClass, Place)):
                raise IllegalActionError("taking a card and placing cubes come before moving the plague",
                                         "turn.order")
            if isinstance(a, MovePlague):
                raise IllegalActionError("the plague has already moved this turn", "plague.move")
        pending = {SPREAD: ("a new rat token must be placed in a neighbouring region now", "plague.spread"),
                   NEUTRAL: ("the Knight must first decide on the 2 neutral cubes", "class.knight"),
                   REVEAL_STEP: ("the active player must choose the next token to reveal", "plague.reveal"),
                   AFTER: ("the plague is over: only the King or ending the turn remain", "turn.end")}
        if step in pending:
            raise IllegalActionError(*pending[step])
        rules = {Spread: "plague.spread", Reveal: "plague.reveal", KnightNeutral: "class.knight",
                 SetupPlace: "setup.place", WitchStop: "class.witch", WitchSwap: "class.witch"}
        raise IllegalActionError(f"'{a}' is not possible now", rules.get(type(a), "turn.order"))

    # -- setup: two placement rounds in snake order (setup.place) ------------------------------------------
    def _check_setup(self, a: Action) -> None:
        if not isinstance(a, SetupPlace):
            raise IllegalActionError("during setup each player in turn places 2 cubes in one region", "setup.place")
        self._region(a.region, "setup.place")

    def _do_setup(self, a: SetupPlace) -> None:
        p = self._current
        r = self.comp.topo.index[a.region]
        count = min(SETUP_CUBES, self.reserve[p])
        self.cubes[r][p] += count
        self.reserve[p] -= count
        self.setup_index += 1
        self.emit("setup_place", "setup.place", player=colour(p), count=count, region=a.region)
        if self.setup_index == len(self.comp.setup_order):
            self._reset_turn(0)
            self.turn = 1
            self.step = MAIN
            self.emit("turn_start", "turn", player=colour(0), turn=1)

    # -- a turn: take a class card, place cubes, use powers, then move the plague (turn.*) ---------------
    def _main_actions(self) -> list[Action]:
        p = self.active
        table = self.comp.actions
        out: list[Action] = []
        final = self.final_round
        if not final:
            if not self.took:
                owners = self.owners
                out += [TAKE[c] for c in range(len(CLASSES)) if owners[c] != p]
            if not self.placed and self.reserve[p]:
                out += [a for a, r in zip(table.place, self.rats) if r]
                out += self._peasant_place_actions()
        else:
            out += self._peasant_cube_actions()
        for powers in POWER_LISTS:  # King, Monk, Merchant, Witch (powers.py)
            out += powers(self)
        if not final:
            out += table.move1[self.plague]
        if self.can_use(KNIGHT):
            out += table.move2[self.plague]
        if final:
            out.append(END_TURN)
        return out

    def _check_main(self, a: Action) -> None:
        p = self.active
        final = self.final_round
        cls = type(a)
        if cls is MovePlague:
            self._check_move(a)
        elif cls is TakeClass:
            if final:
                raise IllegalActionError("nobody takes a class card in the final round", "end.final_round")
            if self.took:
                raise IllegalActionError("only one class card may be taken per turn", "turn.take_class")
            c = CLASS_INDEX.get(a.card)
            if c is None:
                raise IllegalActionError(f"there is no class card {a.card!r}", "turn.take_class")
            if self.owners[c] == p:
                raise IllegalActionError(f"{colour(p)} already holds the {CLASS_NAMES[a.card]}", "turn.take_class")
        elif cls is Place:
            if final:
                raise IllegalActionError("nobody places cubes in the final round (the Peasant adds one cube)",
                                         "end.final_round")
            if self.placed:
                raise IllegalActionError("cubes are placed only once per turn", "turn.place")
            r = self._region(a.region, "turn.place")
            if not self.reserve[p]:
                raise IllegalActionError(f"{colour(p)} has no cube left to place", "turn.place")
            if a.peasant:
                self._check_peasant_place(a)
            elif not self.rats[r]:
                raise IllegalActionError(f"{a.region} has no rat token: no cube may be placed there "
                                         "(only 1 with the Peasant)", "turn.place")
        elif cls in POWER_CHECKS:
            POWER_CHECKS[cls](self, a)
        elif cls is EndTurn:
            if not final:
                raise IllegalActionError("the plague must move before the turn ends", "plague.move")
        else:
            self._not_now(a)

    def _do_take(self, a: TakeClass) -> None:
        p = self.active
        c = CLASS_INDEX[a.card]
        prev = self.owners[c]
        self.owners[c] = p
        self.took = True
        if prev < 0:
            self.emit("take_class", "turn.take_class", player=colour(p), card=CLASS_NAMES[a.card])
        else:
            self.emit("take_class_from", "turn.take_class", player=colour(p), card=CLASS_NAMES[a.card],
                      other=colour(prev))

    def _do_place(self, a: Place) -> None:
        p = self.active
        r = self.comp.topo.index[a.region]
        rats = len(self.rats[r])
        count = min(rats + (1 if a.peasant else 0), self.reserve[p])
        self.cubes[r][p] += count
        self.reserve[p] -= count
        self.placed = True
        if a.peasant:
            self.used[PEASANT] = True
            self.emit("place_peasant", "class.peasant", player=colour(p), count=count, region=a.region, rats=rats)
        else:
            self.emit("place", "turn.place", player=colour(p), count=count, region=a.region, rats=rats)
        if not self.reserve[p]:
            self._trigger_end("cubes")

    def _do_end(self, a: EndTurn) -> None:
        self._end_turn()

    # -- moving the plague (plague.move, class.knight) ----------------------------------------------------
    def _check_move(self, a: MovePlague) -> None:
        topo = self.comp.topo
        start = self.plague
        to = self._region(a.to, "plague.move")
        if a.via is None:
            if self.final_round:
                raise IllegalActionError("in the final round only the Knight moves the plague (two regions)",
                                         "end.final_round")
            if to == start:
                raise IllegalActionError("the plague may not stay where it is", "plague.move")
            if to not in topo.adjacent[start]:
                raise IllegalActionError(f"{a.to} is not a neighbour of {self.name(start)}", "plague.move")
            return
        self._need_power(KNIGHT)
        via = self._region(a.via, "class.knight")
        if via not in topo.adjacent[start]:
            raise IllegalActionError(f"{a.via} is not a neighbour of {self.name(start)}", "class.knight")
        if to not in topo.adjacent[via]:
            raise IllegalActionError(f"{a.to} is not a neighbour of {a.via}", "class.knight")
        if to == start:
            raise IllegalActionError("the Knight's plague may not end where it started", "class.knight")

    def _do_move(self, a: MovePlague) -> None:
        p = self.active
        to = self.comp.topo.index[a.to]
        start = self.name(self.plague)
        self.plague = to
        if a.via is not None:
            self.used[KNIGHT] = True
        if self.final_round:
            self.final_neutral = True
            self.emit("knight_final", "end.final_round", player=colour(p), start=start, via=a.via, to=a.to,
                      neutral=KNIGHT_NEUTRAL)
            return
        if a.via is None:
            self.emit("plague_move", "plague.move", player=colour(p), start=start, to=a.to)
        else:
            self.emit("knight_move", "class.knight", player=colour(p), start=start, via=a.via, to=a.to)
        rats = len(self.rats[to])
        self.spread_left = spread_count(rats)
        self.step = SPREAD
        if self.spread_left:
            self.emit("spread_start", "plague.spread", region=a.to, rats=rats, count=self.spread_left)
        else:
            self.emit("no_spread", "plague.spread", region=a.to)

    def _check_neutral(self, a: Action) -> None:
        if not isinstance(a, KnightNeutral):
            self._not_now(a)

    def _do_neutral(self, a: KnightNeutral) -> None:
        if a.declare:
            self.neutral = True
            self.used[KNIGHT] = True
            self.emit("knight_neutral", "class.knight", player=colour(self.active), region=self.name(self.plague),
                      neutral=KNIGHT_NEUTRAL)
        else:
            self.emit("knight_no_neutral", "class.knight", player=colour(self.active))
        self.step = REVEAL_STEP

    # -- new rats in the neighbouring regions (plague.spread, plague.draw) --------------------------------
    def _check_spread(self, a: Action) -> None:
        if not isinstance(a, Spread):
            self._not_now(a)
        r = self._region(a.region, "plague.spread")
        if r not in self.comp.topo.adjacent[self.plague]:
            raise IllegalActionError(f"new rats go to a neighbour of {self.name(self.plague)}", "plague.spread")
        if len(self.rats[r]) >= MAX_TOKENS:
            raise IllegalActionError(f"{a.region} already holds {MAX_TOKENS} rat tokens", "rats.max_per_region")

    def _do_spread(self, a: Spread) -> None:
        self._spread_to(self.comp.topo.index[a.region])

    def _spread_to(self, r: int) -> None:
        self.spread_target = r
        self.step = DRAW

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Each face-down token of the supply is equally likely to be drawn (plague.draw)."""
        if self._current != CHANCE:
            return []
        p = Fraction(1, len(self.supply))
        draw = self.comp.actions.draw
        return [(draw[t], p) for t in self.supply]

    def sample_chance(self, rng: random.Random) -> Action:
        """Fast exact sampling of the pending draw."""
        return self.comp.actions.draw[self.supply[rng.randrange(len(self.supply))]]

    def _do_draw(self, a: DrawToken) -> None:
        token = self.comp.tokens.index[a.token]
        self.supply.remove(token)
        r = self.spread_target
        self.rats[r].append(token)
        self.spread_left -= 1
        self.spread_target = -1
        self.step = SPREAD
        self.emit("token_drawn", "plague.spread", player=colour(self.active), region=self.name(r),
                  rats=len(self.rats[r]), supply=len(self.supply))
        if not self.supply:
            self._trigger_end("supply")

    # -- the plague ravages: tokens revealed one by one (plague.reveal, plague.threshold, ...) -------------
    def _check_reveal(self, a: Action) -> None:
        if not isinstance(a, Reveal):
            self._not_now(a)
        if not (isinstance(a.slot, int) and 0 <= a.slot < len(self.rats[self.plague])):
            raise IllegalActionError(f"{self.name(self.plague)} has no face-down token #{a.slot}", "plague.reveal")

    def _do_reveal(self, a: Reveal) -> None:
        self._reveal(self.plague, a.slot, KNIGHT_NEUTRAL if self.neutral else 0, "plague.reveal")

    def _reveal(self, r: int, slot: int, neutral: int, rule: str) -> None:
        """Turn one token face up, apply it (plague.threshold, M, class symbols, A) and remove it from the game."""
        ts = self.comp.tokens
        token = self.rats[r].pop(slot)
        self.revealed.append(token)
        for peeks in self.peeks:
            if token in peeks:
                peeks.remove(token)
        cubes = self.cubes[r]
        total = sum(cubes)
        region = self.name(r)
        self.emit("reveal", rule, region=region, token=ts.descriptions[token], id=ts.ids[token], slot=slot + 1)
        contaminated, removals = resolve_token(ts, token, cubes, self.owners, neutral)
        counted = f"{total} cube{'' if total == 1 else 's'}" + (f" + {neutral} neutral" if neutral else "")
        if not contaminated:
            self.emit("no_effect", "plague.threshold", cubes=total, neutral=neutral, counted=counted,
                      threshold=ts.threshold[token], region=region)
        else:
            self.emit("contamination", "plague.threshold", cubes=total, neutral=neutral, counted=counted,
                      threshold=ts.threshold[token], region=region)
            hit = set()
            for i, (symbol, p) in enumerate(removals):
                self.reserve[p] += 1
                hit.add(symbol)
                self.emit("cube_lost", _SYMBOL_RULE.get(symbol, "plague.class_symbol"), player=colour(p),
                          region=region, symbol=SYMBOL_NAMES[symbol],
                          left=cubes[p] + sum(q == p for _, q in removals[i + 1:]))  # left after this removal
            for symbol in ts.symbols[token]:
                if symbol in hit:
                    continue
                if symbol in (MAJORITY, ALL):
                    self.emit("symbol_no_cube", _SYMBOL_RULE[symbol], symbol=SYMBOL_NAMES[symbol], region=region)
                else:
                    owner = self.owners[CLASS_INDEX[symbol]]
                    if owner < 0:
                        self.emit("symbol_no_holder", "plague.class_symbol", symbol=SYMBOL_NAMES[symbol])
                    else:
                        self.emit("symbol_spared", "plague.class_symbol", symbol=SYMBOL_NAMES[symbol],
                                  player=colour(owner), region=region)

    def _check_after(self, a: Action) -> None:
        if isinstance(a, KingToCastle):
            self._check_king(a)  # the King's power also after the plague (powers.py)
        elif not isinstance(a, EndTurn):
            self._not_now(a)

    # -- the end of a turn and of the game (end.*) ---------------------------------------------------------
    def _trigger_end(self, reason: str) -> None:
        if self.ending is None:
            self.ending = reason
            self.emit("end_supply" if reason == "supply" else "end_cubes", "end." + reason,
                      player=colour(self.active))

    def _end_turn(self) -> None:
        p = self.active
        n = self.players
        if self.final_round:
            self.final_queue.pop(0)
            if self.final_queue:
                self._start_final_turn()
            else:
                self._final_plague()
            return
        if self.ending is not None:
            self.last_player = p
            self.final_round = True
            self.final_queue = [(p - k) % n for k in range(1, n)]
            self.emit("final_round", "end.final_round", player=colour(p))
            self._start_final_turn()
            return
        self._reset_turn((p + 1) % n)
        self.turn += 1
        self.step = MAIN
        self.emit("turn_start", "turn", player=colour(self.active), turn=self.turn)

    def _start_final_turn(self) -> None:
        self._reset_turn(self.final_queue[0])
        self.step = MAIN
        self.emit("final_turn", "end.final_round", player=colour(self.active))

    def _final_plague(self) -> None:
        """Every face-down token is revealed, region by region in board order, slot by slot (end.final_plague)."""
        self.emit("final_plague", "end.final_plague")
        neutral_region = self.plague if self.final_neutral else -1
        for r in range(self.comp.topo.size):
            neutral = KNIGHT_NEUTRAL if r == neutral_region else 0
            while self.rats[r]:
                self._reveal(r, 0, neutral, "end.final_plague")
        scores = self.scores()
        self.step = OVER
        self.emit("final_scores", "end.scoring",
                  scores=", ".join(f"{colour(p)} {s}" for p, s in enumerate(scores)))
        win = winner(scores, self.last_player)
        tied = [p for p in range(self.players) if scores[p] == scores[win]]
        if len(tied) > 1:
            self.emit("winner_tie", "end.tie_break", player=colour(win), tied=", ".join(colour(p) for p in tied))
        else:
            self.emit("winner", "end.scoring", player=colour(win), score=scores[win])

    def _settle(self) -> None:
        """Run the automatic steps (single-option choices, the end of the plague) until a decision is pending."""
        while True:
            step = self.step
            if step == MAIN:
                if self.final_round and self._main_actions() == [END_TURN]:
                    self.emit("final_pass", "end.final_round", player=colour(self.active))
                    self._end_turn()
                    continue
                self._current = self.active
                return
            if step == SETUP:
                self._current = self.comp.setup_order[self.setup_index]
                return
            if step == SPREAD:
                if self.spread_left <= 0:
                    self.step = NEUTRAL
                    if self.ravage_possible():
                        self.emit("ravage_start", "plague.ravage", region=self.name(self.plague),
                                  rats=len(self.rats[self.plague]), cubes=sum(self.cubes[self.plague]))
                    continue
                if not self.supply:
                    self._trigger_end("supply")
                    self.emit("spread_supply_empty", "plague.spread", left=self.spread_left)
                    self.spread_left = 0
                    continue
                targets = [t for t in self.comp.topo.neighbours[self.plague] if len(self.rats[t]) < MAX_TOKENS]
                if not targets:
                    self.emit("spread_blocked", "plague.spread", region=self.name(self.plague), left=self.spread_left)
                    self.spread_left = 0
                    continue
                if len(targets) == 1:
                    self._spread_to(targets[0])
                    continue
                self._current = self.active
                return
            if step == DRAW:
                self._current = CHANCE
                return
            if step == NEUTRAL:
                if self.owners[KNIGHT] == self.active and not self.neutral and self.ravage_possible():
                    self._current = self.active
                    return
                self.step = REVEAL_STEP
                continue
            if step == REVEAL_STEP:
                r = self.plague
                if self.rats[r] and any(self.cubes[r]):
                    if len(self.rats[r]) == 1:
                        self._reveal(r, 0, KNIGHT_NEUTRAL if self.neutral else 0, "plague.reveal")
                        continue
                    self._current = self.active
                    return
                self.emit("ravage_end", "plague.ravage", region=self.name(r),
                          why="no cube left" if self.rats[r] else "no rat token left")
                self.step = AFTER
                continue
            if step == AFTER:
                if self.can_use(KING) and self._king_regions():
                    self._current = self.active
                    return
                self._end_turn()
                continue
            if step == WITCH2:
                if sum(len(r) for r in self.rats) > 1:
                    self._current = self.active
                    return
                self.witch = [-1, -1]
                self.step = MAIN
                continue
            if step == WITCH_SWAP_STEP:
                first, second = self.witch
                if self.locate(first)[0] != self.locate(second)[0]:
                    self._current = self.active
                    return
                self.emit("witch_same_region", "class.witch", player=colour(self.active))
                self.witch = [-1, -1]
                self.step = MAIN
                continue
            self._current = TERMINAL
            return

    # -- outcome -----------------------------------------------------------------------
    def scores(self) -> list[int]:
        """Cubes on the board plus cubes in the Castle, per player (end.scoring)."""
        n = self.players
        totals = self.castle[:]
        for c in self.cubes:
            for p in range(n):
                totals[p] += c[p]
        return totals

    def winner(self) -> int | None:
        """The winner after the tie-break, or None before the end."""
        if self._current != TERMINAL:
            return None
        return winner(self.scores(), self.last_player)

    def returns(self) -> list[float]:
        """1 for the winner (ties are broken by the rulebook), 0 for the others; all 0 before the end."""
        w = self.winner()
        return [0.0] * self.players if w is None else [1.0 if p == w else 0.0 for p in range(self.players)]

    # -- views ---------------------------------------------------------------------------
    def observation(self, player: int) -> dict:
        """What ``player`` sees: token counts, own Witch peeks, everything public."""
        return observation(self, player)

    @classmethod
    def validate_json(cls, data: dict, comp: Components) -> None:
        """Every token exactly once, cube totals within each player's cubes, Witch peeks on the board."""
        check_conservation(data, comp)

    def validate_position(self) -> None:
        """The step, the turn flags, the Witch, the final round and the tokens must fit together."""
        check_consistency(self)

    def after_load(self) -> None:
        """Rebuild the cubes in reserve and who is to move."""
        self.reserve = [CUBES_PER_PLAYER - self.castle[p] - sum(c[p] for c in self.cubes) for p in range(self.players)]
        self._settle()

    def hidden_worlds(self, player: int) -> HiddenWorlds:
        """The token layouts ``player`` cannot tell apart, as the two deals seen at the table (setup.tokens).

        First the setup tokens were dealt to the regions' first slots: every face-down token dealt at setup
        (wherever the Monk or the Witch has moved it since) is one of the setup tokens nobody has seen revealed.
        Then the unused setup tokens joined the normal tokens, were shuffled into the removed tokens and the
        supply, and every other face-down token on the board was drawn from that supply. Tokens revealed, and
        tokens ``player`` has peeked at with the Witch, are in no deal: they stay where they are known to be.
        """
        known = set(self.peeks[player]) if 0 <= player < self.players else set()
        dealt = set(self.dealt)
        at_setup: list[tuple] = []
        later: list[tuple] = []
        for r, rats in enumerate(self.rats):
            for i, t in enumerate(rats):
                if t not in known:
                    (at_setup if t in dealt else later).append(("rats", r, i))
        later += [("supply", i) for i in range(len(self.supply))]
        later += [("removed", i) for i in range(len(self.removed))]
        gone = known.union(self.revealed)
        setup = self.comp.tokens.setup
        hidden = [t for t in range(len(setup)) if t not in gone]
        return HiddenWorlds([Deal(at_setup, [t for t in hidden if setup[t]]),
                             Deal(later, [t for t in hidden if not setup[t]])])

    def world(self, slots) -> dict:
        """The token really lying in each hidden slot: ("rats", region, slot), ("supply", i) or ("removed", i)."""
        return {slot: self._slot_token(slot) for slot in slots}

    def _slot_token(self, slot: tuple) -> int:
        if slot[0] == "rats":
            return self.rats[slot[1]][slot[2]]
        return (self.supply if slot[0] == "supply" else self.removed)[slot[1]]

    def determinize(self, player: int, rng: random.Random) -> "RattusState":
        """A copy with the face-down tokens ``player`` cannot locate replaced by one of its hidden worlds."""
        s = self.clone()
        world = self.hidden_worlds(player).sample(rng)
        mapping = {}
        for slot, t in world.items():
            mapping[self._slot_token(slot)] = t
            if slot[0] == "rats":
                s.rats[slot[1]][slot[2]] = t
            else:
                (s.supply if slot[0] == "supply" else s.removed)[slot[1]] = t
        s.supply.sort()
        s.removed.sort()
        s.dealt = sorted(mapping.get(t, t) for t in self.dealt)
        for q in range(self.players):
            if q != player:
                s.peeks[q] = [mapping.get(t, t) for t in s.peeks[q]]
        if self.active != player:
            s.witch = [mapping.get(t, t) if t >= 0 else t for t in s.witch]
        return s

    def describe(self) -> str:
        """A readable multi-line summary for the terminal."""
        return describe(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RattusState) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


_SYMBOL_RULE = {MAJORITY: "plague.majority", ALL: "plague.all"}

_STEP_CHECKS: dict[str, Callable[[RattusState, Action], None]] = {
    SETUP: RattusState._check_setup, MAIN: RattusState._check_main, WITCH2: RattusState._check_witch_second,
    WITCH_SWAP_STEP: RattusState._check_witch_swap, SPREAD: RattusState._check_spread,
    NEUTRAL: RattusState._check_neutral, REVEAL_STEP: RattusState._check_reveal, AFTER: RattusState._check_after,
}

_DO: dict[type, Callable[[RattusState, Action], None]] = {
    SetupPlace: RattusState._do_setup, TakeClass: RattusState._do_take, Place: RattusState._do_place,
    **POWER_EFFECTS, MovePlague: RattusState._do_move, Spread: RattusState._do_spread,
    DrawToken: RattusState._do_draw, KnightNeutral: RattusState._do_neutral, Reveal: RattusState._do_reveal,
    EndTurn: RattusState._do_end,
}
