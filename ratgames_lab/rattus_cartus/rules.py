"""Rattus Cartus: the state and every rule of a round (rulebook sections named in ``rule=``).

The round runs as a list of small tasks (``state.tasks``, named immutable values such as ``SupportTurn(player=2)``,
see tasks.py): the first task is the one being done now. Automatic tasks run by themselves (``_run``); a
decision task waits for its player's action, a chance task for the deck. Each task's rule (its legal actions,
effect, when it waits, why an action is refused) sits in one section of one module per phase (new_buildings,
support, visit, resolution, building_actions; effects for the effects the data files name) and registers in
``tasks.RULES``; this module only dispatches through that table.

Card codes: 0..83 Population cards, then Joker, Sword, Flute, Pass, Gold (see comp.py). Knowledge of the
Population cards is kept as bit masks over players: ``knows[c]`` (who knows where card c is now) and
``seen[c]`` (who has ever seen it); both drive ``observation`` and ``determinize``.
"""
from __future__ import annotations

import random
from fractions import Fraction

from ..core.errors import InvalidPositionError
from ..core.protocol import CHANCE, TERMINAL, Action
from . import building_actions, effects, new_buildings, resolution, support, visit  # noqa: F401  (the task rules)
from . import memory, text, view  # noqa: F401  (text registers the event texts)
from .comp import Comp
from .explain import explain
from .position import check_consistency, check_tasks, played_this_round
from .state import CartusData
from .scoring import final_result
from .tasks import CHANCE_TYPES, EFFECT, LEGAL, READY, RUN, Draw, Replace, Reveal, Round


class CartusState(CartusData):
    """A Rattus Cartus position: plain lists of ints (cards, buildings, players are indices)."""

    __slots__ = ()

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
        memory.reset(s)
        s.tasks = [Round()]
        names = [comp.buildings.type_names[t] for t in sorted({comp.buildings.card_type[b] for b in s.chosen})]
        s.emit("setup_buildings", "setup.buildings", buildings=", ".join(names), deck=len(s.bdeck),
               replacement=len(s.repl))
        s.emit("setup_cards", "setup.cards", row=rs, hand=hs, deck=len(s.deck), rats=comp.cards.start_rats)
        s.emit("first_player", "setup.first_player", player=comp.colour(s.first))
        s._run()
        return s

    # Who decides
    # ------------------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The seat to decide, CHANCE during a draw or reveal, TERMINAL when the game is over."""
        if not self.tasks:
            return TERMINAL
        t = self.tasks[0]
        return CHANCE if type(t) in CHANCE_TYPES else t[1]

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
        return LEGAL[type(t)](self, t)

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
        if not self.tasks:
            return [], []
        kind = type(self.tasks[0])
        a = self.comp.actions
        if kind is Reveal:
            return self.bdeck, a.reveal
        if kind is Replace:
            return self.repl, a.replacement
        if kind is Draw:
            return self.deck, a.draw
        return [], []

    # ------------------------------------------------------------------------------------------
    # Applying an action: one source of legality (legal_actions), an explanation for the rest
    # ------------------------------------------------------------------------------------------
    def _explain(self, action: Action) -> None:
        """Raise the IllegalActionError saying why ``action`` is not legal now, naming the rule (explain.py)."""
        raise explain(self, action)

    def _do(self, action: Action) -> None:
        t = self.tasks[0]
        EFFECT[type(t)](self, t, action)
        self._run()

    def _run(self) -> None:
        """Run automatic tasks until a decision, a chance event or the end."""
        tasks = self.tasks
        while tasks:
            t = tasks[0]
            ready = READY[type(t)]
            if ready is not None:  # a decision or chance task (tasks.RULES)
                if ready(self, t):
                    return
                continue
            tasks.pop(0)
            RUN[type(t)](self, t)


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
        return view.observation(self, player)

    def determinize(self, player: int, rng: random.Random) -> "CartusState":
        """A copy where the Population cards ``player`` cannot locate are resampled, keeping their looks."""
        return view.determinize(self, player, rng)

    def hidden_worlds(self, player: int):
        """The nun-row worlds ``player`` cannot tell apart (view.hidden_worlds says why only the row is a deal)."""
        return view.hidden_worlds(self, player)

    def world(self, slots) -> dict:
        """The cards really lying in these hidden nun-row places."""
        return view.world(self, slots)

    def describe(self) -> str:
        """The position as a text table for the terminal."""
        return view.describe(self)

    def hand_text(self, player: int) -> str:
        """What ``player`` holds, in words."""
        return view.hand_text(self, player)

    @classmethod
    def from_json(cls, data, comp: Comp) -> "CartusState":
        """A validated position; older files without the gift memory get "may be anywhere" (JSON null)."""
        if isinstance(data, dict) and data.get("format") == cls.FORMAT:
            data = {"may_hold": None, "special_holders": None, **data}
        return super().from_json(data, comp)

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
        if self.holders is None:
            self.holders = memory.fresh_holders(self.comp)
        if self.spec_holders is None:
            self.spec_holders = [memory.default_spec_holders(self, v) for v in range(self.comp.players)]


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
