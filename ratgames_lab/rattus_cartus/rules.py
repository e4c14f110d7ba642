"""Rattus Cartus: the state and every rule of a round (rulebook sections named in ``rule=``).

The round runs as a list of small tasks (``state.tasks``, plain lists such as ``["support", 2]``): the first
task is the one being done now. Automatic tasks run by themselves (``_run``); a decision task waits for its
player's action, a chance task for the deck. The rules live in one module per phase (new_buildings, support,
visit, resolution, building_actions; effects for the effects the data files name), each keeping a task's legal
actions and its effect next to each other; explain.py says why an action is illegal.

Card codes: 0..83 Population cards, then Joker, Sword, Flute, Pass, Gold (see comp.py). Knowledge of the
Population cards is kept as bit masks over players: ``knows[c]`` (who knows where card c is now) and
``seen[c]`` (who has ever seen it); both drive ``observation`` and ``determinize``.
"""
from __future__ import annotations

import random
from fractions import Fraction

from ..core.errors import InvalidPositionError
from ..core.fields import Bool, Field, Int, Keyed, ListOf, Opt, Ref, Seat, StateFields
from ..core.protocol import CHANCE, TERMINAL, Action, GameState
from . import text  # noqa: F401  (registers the event texts)
from .building_actions import auto_actions, auto_clear, auto_end_round, do_offer, legal_offer
from .comp import CHANCE_TASKS, DECISIONS, Comp
from .effects import (do_draw, do_hospital, do_look, legal_hospital, legal_look, ready_chance, ready_hospital,
                      ready_look)
from .explain import explain
from .new_buildings import auto_identical, auto_round, do_replace, do_reveal
from .position import Tasks, check_consistency, check_tasks, played_this_round
from .resolution import (auto_flute, auto_resolve, auto_sword, do_choose, do_give, legal_choose, legal_give,
                         ready_give)
from .scoring import final_result
from .support import do_support, legal_support
from .visit import auto_next_visit, do_place, do_visit, legal_place, legal_visit, ready_place


class CartusState(GameState):
    """A Rattus Cartus position: plain lists of ints (cards, buildings, players are indices)."""

    game_name = "rattus_cartus"
    FORMAT = "ratgames_lab.rattus_cartus/1"
    FIELDS = StateFields(
        Field("round", Int(min=1, max=lambda comp: comp.rounds)),
        Field("last_round", Bool()),
        Field("first", Seat()),
        Field("rats", ListOf(Int(min=0), length="players")),
        Field("influence", Keyed("classes", ListOf(Int(min=0), length="players"))),
        Field("arrival", Keyed("classes", ListOf(Int(min=0), length="players"))),
        Field("clock", Int(min=0)),
        Field("hands", ListOf(ListOf(Ref("cards")), length="players")),
        Field("deck", ListOf(Ref("cards"), sort=True)),
        Field("discard", ListOf(Ref("cards"))),
        Field("row", ListOf(Ref("cards"), length=lambda comp: comp.row_size), json="nun_row"),
        Field("looks", ListOf(ListOf(Int(min=0, max=lambda comp: comp.row_size - 1)), length="players")),
        Field("piles", Keyed("piles", Int(min=0))),
        Field("vp", ListOf(Int(min=0), length="players"), json="vp_tokens"),
        Field("chosen", ListOf(Ref("buildings"), length=30, sort=True), json="buildings_in_play"),
        Field("bdeck", ListOf(Ref("buildings"), sort=True), json="building_deck"),
        Field("repl", ListOf(Ref("buildings"), sort=True), json="replacement_deck"),
        Field("repl_under", ListOf(Ref("buildings")), json="replacement_under"),
        Field("bdiscard", ListOf(Ref("buildings")), json="building_discard"),
        Field("shown", ListOf(Ref("buildings")), json="revealed_buildings"),
        Field("entrants", ListOf(ListOf(Seat()))),
        Field("placed", ListOf(ListOf(ListOf(Ref("cards"))))),
        Field("entered", ListOf(Opt(Int(min=0, max=lambda comp: comp.reveal - 1), none=-1), length="players")),
        Field("protected", ListOf(Bool(), length="players")),
        Field("entry_order", ListOf(Seat())),
        Field("revealed", Int(min=0, max=lambda comp: comp.reveal), json="resolved_buildings"),
        Field("priv2", Opt(Seat(), none=-1), json="privilege_2p"),
        Field("tasks", Tasks()),
        Field("knows", ListOf(Int(min=0, max=lambda comp: comp.all_mask), length=lambda comp: comp.npop)),
        Field("seen", ListOf(Int(min=0, max=lambda comp: comp.all_mask), length=lambda comp: comp.npop)),
        Field("options_all_dead", Bool(), json="all_dead_lowest_survive"),
        Field("played", ListOf(Int()), derived=True),  # Population + Jokers revealed this round, per player
    )

    # ------------------------------------------------------------------------------------------
    # Setup (setup.*)
    # ------------------------------------------------------------------------------------------
    @classmethod
    def new(cls, comp: Comp, seed: int, chosen: list[int] | None = None, method: str = "first_game",
            exclude_guard_tower_2p: bool = False, first_player: int | None = None,
            all_dead_lowest_survive: bool = False) -> "CartusState":
        """Setup from the seed: buildings chosen and split, Population cards dealt, rats, first player."""
        rng = random.Random(seed)
        n = comp.players
        s = cls.blank(comp)
        if chosen is None:
            chosen = choose_buildings(comp, method, rng, exclude_guard_tower_2p)
        s.chosen = sorted(chosen)
        order = s.chosen[:]
        rng.shuffle(order)
        s.repl = sorted(order[:comp.replacement])
        s.bdeck = sorted(order[comp.replacement:])
        s.repl_under = []
        s.bdiscard = []
        pop = list(range(comp.npop))
        rng.shuffle(pop)
        rs, hs = comp.row_size, comp.cards.start_hand
        s.row = pop[:rs]
        s.hands = [sorted(pop[rs + p * hs: rs + (p + 1) * hs]) for p in range(n)]
        s.deck = sorted(pop[rs + n * hs:])
        s.discard = []
        s.knows = [0] * comp.npop
        s.seen = [0] * comp.npop
        for p in range(n):
            for c in s.hands[p]:
                s.knows[c] = s.seen[c] = 1 << p
        s.looks = [[] for _ in range(n)]
        s.rats = [comp.cards.start_rats] * n
        s.influence = [[0] * n for _ in range(6)]
        s.arrival = [[0] * n for _ in range(6)]
        s.clock = 0
        counts = comp.cards.special_counts
        s.piles = [counts[0]] + [counts[i] if s.special_in_play(i) else 0 for i in (1, 2, 3, 4)] \
            + [comp.cards.vp_count]
        s.vp = [0] * n
        s.first = rng.randrange(n) if first_player is None else first_player
        s.round = 1
        s.last_round = False
        s.options_all_dead = all_dead_lowest_survive
        s._clear_round()
        s.tasks = [["round"]]
        names = [comp.buildings.type_names[t] for t in sorted({comp.buildings.card_type[b] for b in s.chosen})]
        s.emit("setup_buildings", "setup.buildings", buildings=", ".join(names), deck=len(s.bdeck),
               replacement=len(s.repl))
        s.emit("setup_cards", "setup.cards", row=rs, hand=hs, deck=len(s.deck), rats=comp.cards.start_rats)
        s.emit("first_player", "setup.first_player", player=comp.colour(s.first))
        s._run()
        return s

    def _clear_round(self) -> None:
        n = self.comp.players
        self.shown = []
        self.entrants = []
        self.placed = []
        self.entered = [-1] * n
        self.protected = [False] * n
        self.played = [0] * n
        self.entry_order = []
        self.revealed = 0
        self.priv2 = -1

    def special_in_play(self, special: int) -> bool:
        """True if a building handing out this special card (1 Sword, 2 Flute, 3 Pass, 4 Gold) is in play."""
        pile = ("joker", "sword", "flute", "pass", "gold")[special]
        bd = self.comp.buildings
        types = {bd.card_type[b] for b in self.chosen}
        return special == 0 or any(e.get("pile") == pile for t in types for e in (bd.privilege[t], bd.basic[t]))

    # ------------------------------------------------------------------------------------------
    # Who decides
    # ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to decide, CHANCE during a draw or reveal, TERMINAL when the game is over."""
        if not self.tasks:
            return TERMINAL
        t = self.tasks[0]
        return CHANCE if t[0] in CHANCE_TASKS else t[1]

    @property
    def phase(self) -> str:
        """The current phase: "A" new buildings, "B" support, "C" visit, "D" resolution, or "end"."""
        if not self.tasks:
            return "end"
        name = self.tasks[0][0]
        if name in ("round", "reveal", "identical", "replace"):
            return "A"
        if any(t[0] == "support" for t in self.tasks) or name == "support":
            return "B"
        if any(t[0] in ("visit", "next_visit") for t in self.tasks):
            return "C"
        return "D"

    def legal_actions(self) -> list[Action]:
        """The actions open to the player to move (the outcomes at a chance node)."""
        if not self.tasks:
            return []
        t = self.tasks[0]
        return _LEGAL[t[0]](self, t)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        """Every card that may come out of the pile being drawn, each equally likely."""
        pool, table = self._chance_pool()
        if not pool:
            return []
        p = Fraction(1, len(pool))
        return [(table[c], p) for c in pool]

    def sample_chance(self, rng: random.Random) -> Action:
        """A uniformly random card of the pile being drawn."""
        pool, table = self._chance_pool()
        return table[pool[rng.randrange(len(pool))]]

    def _chance_pool(self) -> tuple[list[int], list[Action]]:
        if not self.tasks or self.tasks[0][0] not in CHANCE_TASKS:
            return [], []
        name = self.tasks[0][0]
        a = self.comp.actions
        if name == "reveal":
            return self.bdeck, a.reveal
        if name == "replace":
            return self.repl, a.replacement
        return self.deck, a.draw

    # ------------------------------------------------------------------------------------------
    # Applying an action: one source of legality (legal_actions), an explanation for the rest
    # ------------------------------------------------------------------------------------------
    def _explain(self, action: Action) -> None:
        """Raise the IllegalActionError saying why ``action`` is not legal now, naming the rule (explain.py)."""
        raise explain(self, action)

    def _do(self, action: Action) -> None:
        t = self.tasks[0]
        _EFFECT[t[0]](self, t, action)
        self._run()

    def _run(self) -> None:
        """Run automatic tasks until a decision, a chance event or the end."""
        tasks = self.tasks
        while tasks:
            t = tasks[0]
            name = t[0]
            if name in DECISIONS or name in CHANCE_TASKS:
                if _READY[name](self, t):
                    return
                continue
            tasks.pop(0)
            _AUTO[name](self, t)

    # ------------------------------------------------------------------------------------------
    # Helpers on cards, piles, rats and tracks
    # ------------------------------------------------------------------------------------------
    def name(self, p: int) -> str:
        """A player's colour."""
        return self.comp.colours[p]

    def gain_influence(self, p: int, cls: int, amount: int) -> None:
        """Move p's marker ``amount`` up the class track; it arrives on its new space now (setup.ties)."""
        if amount > 0:
            self.influence[cls][p] += amount
            self.clock += 1
            self.arrival[cls][p] = self.clock

    def lose_rats(self, p: int, amount: int) -> int:
        """Discard up to ``amount`` rats (never below 0); returns how many went."""
        k = min(amount, self.rats[p])
        self.rats[p] -= k
        return k

    def to_pile(self, code: int) -> None:
        """A card leaves play: Population to the discard (face up), Jokers and specials to their piles."""
        comp = self.comp
        if code < comp.npop:
            self.discard.append(code)
            self.knows[code] = self.seen[code] = comp.all_mask
        else:
            self.piles[code - comp.npop] += 1

    def hand_without_gold(self, p: int) -> int:
        """How many hand cards p may place in a building (any card but Gold)."""
        gold = self.comp.GOLD
        return sum(1 for c in self.hands[p] if c != gold)

    def building_type(self, slot: int) -> int:
        """The type of the building in this slot of the row."""
        return self.comp.buildings.card_type[self.shown[slot]]

    def building_class(self, slot: int) -> int:
        """The class of the building in this slot of the row."""
        return self.comp.buildings.card_class[self.shown[slot]]

    def other_players_waiting(self, p: int) -> bool:
        """True if a player other than p has not entered a building yet (visit.pass)."""
        return any(e < 0 for q, e in enumerate(self.entered) if q != p)

    def nun_total(self) -> int:
        """The nun symbols of the whole row (revealed at the end)."""
        nuns = self.comp.nuns
        return sum(nuns[c] for c in self.row)

    # ------------------------------------------------------------------------------------------
    # Outcome
    # ------------------------------------------------------------------------------------------
    def result(self) -> dict:
        """The end scoring breakdown (also valid mid-game, as a projection with the row revealed)."""
        return final_result(self)

    def scores(self) -> list[int]:
        """Victory points per player (tracks, majorities, Gold, tokens)."""
        return final_result(self)["total"]

    def returns(self) -> list[float]:
        """Win 1, loss 0, a shared win split; all 0 if every player died (without the option)."""
        if self.tasks:
            return [0.0] * self.comp.players
        winners = final_result(self)["winners"]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(self.comp.players)]

    # views and positions live in view.py and position.py
    def observation(self, player: int) -> dict:
        """What ``player`` may see: hands, face-down cards and other players' looks hidden."""
        from .view import observation
        return observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> "CartusState":
        """A copy where the Population cards ``player`` cannot locate are resampled, keeping their looks."""
        from .view import determinize
        return determinize(self, player, rng)

    def hidden_worlds(self, player: int):
        """The nun-row worlds ``player`` cannot tell apart (view.hidden_worlds says why only the row is a deal)."""
        from .view import hidden_worlds
        return hidden_worlds(self, player)

    def world(self, slots) -> dict:
        """The cards really lying in these hidden nun-row places."""
        from .view import world
        return world(self, slots)

    def describe(self) -> str:
        """The position as a text table for the terminal."""
        from .view import describe
        return describe(self)

    def hand_text(self, player: int) -> str:
        """What ``player`` holds, in words."""
        from .view import hand_text
        return hand_text(self, player)

    @classmethod
    def validate_json(cls, data: dict, comp: Comp) -> None:
        """The pending tasks must be well formed (names and arguments in range)."""
        check_tasks(data["tasks"], comp, len(data["revealed_buildings"]))

    def validate_position(self) -> None:
        """Every card, token and building exactly once; entrants and entered buildings agree."""
        check_consistency(self)

    def after_load(self) -> None:
        """Rebuild the Population + Joker cards each player revealed this round."""
        self.played = played_this_round(self)


# ----------------------------------------------------------------------------------------------
# Setup: choosing the 30 buildings (setup.buildings)
# ----------------------------------------------------------------------------------------------
def choose_buildings(comp: Comp, method, rng: random.Random, exclude_guard_tower_2p: bool = False) -> list[int]:
    """The 30 building cards: first_game, random_type, random_cards, or an explicit list of 30 cards / 6 types."""
    bd = comp.buildings
    banned = comp.guard_types if (exclude_guard_tower_2p and comp.players == 2) else frozenset()
    if method == "first_game":
        return [b for t in bd.first_game for b in bd.cards_of_type(t)]
    if method == "random_type":
        out = []
        for c in range(6):
            types = [t for t in range(len(bd.type_ids)) if bd.type_class[t] == c and t not in banned]
            out += bd.cards_of_type(types[rng.randrange(len(types))])
        return out
    if method == "random_cards":
        out = []
        for c in range(6):
            cards = [b for b in range(len(bd.card_ids)) if bd.card_class[b] == c and bd.card_type[b] not in banned]
            out += rng.sample(cards, 5)
        return out
    return explicit_buildings(comp, method)


def explicit_buildings(comp: Comp, names) -> list[int]:
    """An explicit list: 6 type ids (their 5 cards each) or 30 card ids, 5 per class (setup.buildings)."""
    bd = comp.buildings
    if not isinstance(names, (list, tuple)) or not all(isinstance(x, str) for x in names):
        raise InvalidPositionError("must be first_game, random_type, random_cards or a list of ids", "buildings")
    if len(names) == 6:
        for i, t in enumerate(names):
            if t not in comp.type_index:
                raise InvalidPositionError(f"unknown building type {t!r}", f"buildings[{i}]")
        cards = [b for t in names for b in bd.cards_of_type(comp.type_index[t])]
    elif len(names) == 30:
        for i, b in enumerate(names):
            if b not in comp.building_index:
                raise InvalidPositionError(f"unknown building card {b!r}", f"buildings[{i}]")
        cards = [comp.building_index[b] for b in names]
    else:
        raise InvalidPositionError("an explicit list holds 6 building types or 30 building cards", "buildings")
    if len(set(cards)) != 30:
        raise InvalidPositionError("every building card may be chosen once", "buildings")
    for c in range(6):
        if sum(1 for b in cards if bd.card_class[b] == c) != 5:
            raise InvalidPositionError(f"class {comp.cards.class_ids[c]} needs exactly 5 buildings", "buildings")
    return cards


# ----------------------------------------------------------------------------------------------
# The task tables: each task's legal actions, its effect, when it waits, and the automatic tasks
# ----------------------------------------------------------------------------------------------
def ready_always(s: CartusState, t: list) -> bool:
    """A decision that always waits for its player."""
    return True


_LEGAL = {  # decision and chance tasks: their legal actions
    "support": legal_support, "look": legal_look, "visit": legal_visit, "place": legal_place,
    "choose": legal_choose, "give": legal_give, "offer": legal_offer, "hospital": legal_hospital,
    "reveal": lambda s, t: [s.comp.actions.reveal[b] for b in s.bdeck],
    "replace": lambda s, t: [s.comp.actions.replacement[b] for b in s.repl],
    "draw": lambda s, t: [s.comp.actions.draw[c] for c in s.deck],
}
_EFFECT = {
    "support": do_support, "look": do_look, "visit": do_visit, "place": do_place, "choose": do_choose,
    "give": do_give, "offer": do_offer, "hospital": do_hospital, "reveal": do_reveal, "replace": do_replace,
    "draw": do_draw,
}
_READY = {
    "support": ready_always, "look": ready_look, "visit": ready_always, "place": ready_place,
    "choose": ready_always, "give": ready_give, "offer": ready_always, "hospital": ready_hospital,
    "reveal": ready_chance, "replace": ready_chance, "draw": ready_chance,
}
_AUTO = {
    "round": auto_round, "identical": auto_identical, "next_visit": auto_next_visit, "resolve": auto_resolve,
    "sword": auto_sword, "flute": auto_flute, "actions": auto_actions, "clear": auto_clear,
    "end_round": auto_end_round,
}
