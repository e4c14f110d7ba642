"""Rattus Cartus: the state and every rule of a round (rulebook sections named in ``rule=``).

The round runs as a list of small tasks (``state.tasks``, plain lists such as ``["support", 2]``): the first
task is the one being done now. Automatic tasks run by themselves (``_run``); a decision task waits for its
player's action, a chance task for the deck. Each rule below keeps its legal actions, its explanation of an
illegal action and its effect next to each other.

Card codes: 0..83 Population cards, then Joker, Sword, Flute, Pass, Gold (see comp.py). Knowledge of the
Population cards is kept as bit masks over players: ``knows[c]`` (who knows where card c is now) and
``seen[c]`` (who has ever seen it); both drive ``observation`` and ``determinize``.
"""
from __future__ import annotations

import random
from fractions import Fraction

from ..core.fields import Bool, Field, Int, Json, Keyed, ListOf, Opt, Ref, Seat, StateFields
from ..core.protocol import CHANCE, TERMINAL, Action, GameState
from . import text  # noqa: F401  (registers the event texts)
from .actions import (DECLINE, PLAY_PASS, STOP, USE, ChoosePlayer, DrawCard, Enter, GiveCard, HospitalDiscard,
                      Look, PlaceCard, PlayPass, ReplacementBuilding, RevealBuilding, Stop, Support, UseAction)
from .comp import CHANCE_TASKS, DECISIONS, Comp
from .explain import explain
from .position import check_consistency, check_tasks, played_this_round
from .scoring import final_result

PILE_OF = {"joker": 0, "sword": 1, "flute": 2, "pass": 3, "gold": 4, "vp": 5}
RULE_OF_TASK = {"support": "support", "look": "look", "visit": "visit", "place": "visit.place",
                "choose": "resolution.tie", "give": "give", "offer": "resolution.actions",
                "hospital": "building.hospital", "reveal": "new_buildings", "replace": "new_buildings.identical",
                "draw": "draw"}


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
        Field("tasks", Json()),
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
    def turn_player(self) -> int:
        """Whose turn it is: the visitor in phase C, otherwise the player deciding."""
        return self.current_player

    @property
    def phase(self) -> str:
        """The current phase letter and name ('A new buildings', 'B support', 'C visit', 'D resolution')."""
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
    from ..core.errors import InvalidPositionError
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
# A. New buildings (new_buildings)
# ----------------------------------------------------------------------------------------------
def auto_round(s: CartusState, t: list) -> None:
    """Start a round: reveal 2 or 3 buildings from the building deck."""
    s.emit("round_start", "round", round=s.round, rounds=s.comp.rounds, player=s.name(s.first))
    s.tasks[0:0] = [["reveal"] for _ in range(s.comp.reveal)] + [["identical"]]


def ready_chance(s: CartusState, t: list) -> bool:
    """A chance task waits for its card, unless the pile is empty (handled here)."""
    name = t[0]
    if name == "reveal":
        if s.bdeck:
            return True
        s.tasks.pop(0)
        return False
    if name == "replace":
        if s.repl:
            return True
        s.tasks.pop(0)
        b = s.repl_under.pop(0)
        place_replacement(s, b)
        return False
    # draw
    if t[2] <= 0:
        s.tasks.pop(0)
        return False
    if not s.deck:
        if not s.discard:
            s.emit("draw_empty", "draw", player=s.name(t[1]), left=t[2])
            s.tasks.pop(0)
            return False
        s.deck = s.discard
        s.discard = []
        s.deck.sort()
        s.emit("reshuffle", "draw", count=len(s.deck))
    return True


def do_reveal(s: CartusState, t: list, a: RevealBuilding) -> None:
    b = s.comp.building_index[a.card]
    s.bdeck.remove(b)
    s.shown.append(b)
    s.entrants.append([])
    s.placed.append([])
    s.tasks.pop(0)
    s.emit("reveal_building", "new_buildings", slot=len(s.shown), building=s.comp.building_label(b))
    if not s.bdeck:
        s.last_round = True


def auto_identical(s: CartusState, t: list) -> None:
    """All revealed buildings of one type: the last goes under the replacement deck, replaced from its top."""
    bd = s.comp.buildings
    types = {bd.card_type[b] for b in s.shown}
    if len(types) == 1 and len(s.shown) > 1:
        last = s.shown.pop()
        s.repl_under.append(last)
        s.emit("identical", "new_buildings.identical", building=bd.type_names[bd.card_type[last]])
        s.tasks[0:0] = [["replace"], ["identical"]]
    else:
        if s.last_round:
            s.emit("last_round", "round.last")
        s.tasks[0:0] = [["support", (s.first + k) % s.comp.players] for k in range(s.comp.players)]


def do_replace(s: CartusState, t: list, a: ReplacementBuilding) -> None:
    b = s.comp.building_index[a.card]
    s.repl.remove(b)
    s.tasks.pop(0)
    place_replacement(s, b)


def place_replacement(s: CartusState, b: int) -> None:
    """The replacement card takes the last slot of the row."""
    s.shown.append(b)
    s.emit("replacement", "new_buildings.identical", slot=len(s.shown), building=s.comp.building_label(b))


# ----------------------------------------------------------------------------------------------
# Effects shared by support and building actions: draw, look, discard rats, take from a pile
# ----------------------------------------------------------------------------------------------
def do_draw(s: CartusState, t: list, a: DrawCard) -> None:
    c = s.comp.card_index[a.card]
    s.deck.remove(c)
    p = t[1]
    s.hands[p].append(c)
    s.knows[c] = 1 << p
    s.seen[c] |= 1 << p
    t[2] -= 1
    s.emit("draw", "draw", player=s.name(p), hand=len(s.hands[p]))


def legal_look(s: CartusState, t: list) -> list[Action]:
    looks = s.comp.actions.look
    first = t[3]
    return [looks[i] for i in range(s.comp.row_size) if i != first]


def ready_look(s: CartusState, t: list) -> bool:
    if t[2] > 0 and (t[3] < 0 or s.comp.row_size > 1):
        return True
    s.tasks.pop(0)
    return False


def do_look(s: CartusState, t: list, a: Look) -> None:
    """Look secretly at one nun-row card: the position is public, the value private (look)."""
    p, pos = t[1], a.position
    c = s.row[pos]
    s.knows[c] |= 1 << p
    s.seen[c] |= 1 << p
    if pos not in s.looks[p]:
        s.looks[p].append(pos)
        s.looks[p].sort()
    s.emit("look", "look", player=s.name(p), position=pos + 1)
    t[2] -= 1
    t[3] = pos


def apply_effect(s: CartusState, p: int, effect: dict, rule: str, slot: int = -1) -> list[list]:
    """Apply one effect from the data files; returns the tasks it needs (draws, looks, choices)."""
    kind = effect["effect"]
    comp = s.comp
    if kind == "draw":
        return [["draw", p, effect["count"]]]
    if kind == "discard_rats":
        k = s.lose_rats(p, effect["count"])
        s.emit("discard_rats", rule, player=s.name(p), count=k, rats=s.rats[p])
        return []
    if kind == "look":
        return [["look", p, effect["count"], -1]]
    if kind == "take":
        pile = PILE_OF[effect["pile"]]
        k = min(effect["count"], s.piles[pile])
        s.piles[pile] -= k
        if pile == 5:
            s.vp[p] += k
        else:
            s.hands[p].extend([comp.npop + pile] * k)
        s.emit("take", rule, player=s.name(p), count=k, what=("VP token" if pile == 5 else
                                                              comp.cards.special_names[pile]))
        return []
    if kind == "brewery":
        k = s.played[p] // effect["per"]
        s.emit("brewery", rule, player=s.name(p), points=s.played[p], count=k)
        return [["draw", p, k]]
    if kind == "hospital":
        k = s.lose_rats(p, effect["rats"])
        if effect["rats"]:
            s.emit("discard_rats", rule, player=s.name(p), count=k, rats=s.rats[p])
        return [["hospital", p, effect["cards"]]]
    if kind == "guard_tower":
        return guard_tower(s, p, effect["count"])
    return []


# ----------------------------------------------------------------------------------------------
# B. Support (support): one revealed building's support action, mandatory
# ----------------------------------------------------------------------------------------------
def legal_support(s: CartusState, t: list) -> list[Action]:
    return s.comp.actions.support[:len(s.shown)]


def do_support(s: CartusState, t: list, a: Support) -> None:
    p = t[1]
    s.tasks.pop(0)
    b = s.shown[a.slot]
    bd = s.comp.buildings
    sup = bd.card_support[b]
    s.emit("support", "support", player=s.name(p), slot=a.slot + 1, building=bd.type_names[bd.card_type[b]],
           action=bd.support_text[sup])
    new = []
    for e in bd.support_effects[sup]:
        new += apply_effect(s, p, e, "support")
    s.tasks[0:0] = new
    if not any(x[0] == "support" for x in s.tasks):
        s.tasks.insert(len(new), ["visit", s.first])


# ----------------------------------------------------------------------------------------------
# C. Visit (visit): enter a building with an announced number of cards, or play a Pass
# ----------------------------------------------------------------------------------------------
def legal_visit(s: CartusState, t: list) -> list[Action]:
    p = t[1]
    k = s.hand_without_gold(p)
    a = s.comp.actions
    if k > a.max_hand:
        out = [a.enter_action(slot, c) for slot in range(len(s.shown)) for c in range(k + 1)]
    else:
        out = [x for slot in range(len(s.shown)) for x in a.enter[slot][:k + 1]]
    if s.comp.PASS in s.hands[p] and s.other_players_waiting(p):
        out.append(PLAY_PASS)
    return out


def do_visit(s: CartusState, t: list, a: Action) -> None:
    p = t[1]
    s.tasks.pop(0)
    if isinstance(a, PlayPass):
        s.hands[p].remove(s.comp.PASS)
        s.piles[3] += 1
        s.emit("play_pass", "visit.pass", player=s.name(p))
        s.tasks.insert(0, ["next_visit", p])
        return
    slot = a.slot
    s.entrants[slot].append(p)
    s.placed[slot].append([])
    s.entered[p] = slot
    s.entry_order.append(p)
    if s.building_type(slot) in s.comp.guard_types:
        s.protected[p] = True
    s.emit("enter", "visit.enter", player=s.name(p), slot=slot + 1, building=s.comp.building_label(s.shown[slot]),
           place=len(s.entrants[slot]), count=a.count)
    s.tasks[0:0] = [["place", p, slot, a.count], ["next_visit", p]]


def auto_next_visit(s: CartusState, t: list) -> None:
    """The turn goes to the next player clockwise who has not entered; when all have, resolution starts."""
    n = s.comp.players
    p = t[1]
    for k in range(1, n + 1):
        q = (p + k) % n
        if s.entered[q] < 0:
            s.tasks.insert(0, ["visit", q])
            return
    s.tasks[0:0] = [["resolve", slot] for slot in range(len(s.shown))] + [["end_round"]]


def legal_place(s: CartusState, t: list) -> list[Action]:
    gold = s.comp.GOLD
    place = s.comp.actions.place
    return [place[c] for c in sorted(set(s.hands[t[1]])) if c != gold]


def ready_place(s: CartusState, t: list) -> bool:
    if t[3] > 0:
        return True
    s.tasks.pop(0)
    return False


def do_place(s: CartusState, t: list, a: PlaceCard) -> None:
    p, slot = t[1], t[2]
    c = s.comp.card_index[a.card]
    s.hands[p].remove(c)
    s.placed[slot][s.entrants[slot].index(p)].append(c)
    t[3] -= 1
    s.emit("place", "visit.place", player=s.name(p), slot=slot + 1, left=t[3])


# ----------------------------------------------------------------------------------------------
# D.1 Cards (resolution.cards), Sword (resolution.sword), Flute (resolution.flute)
# ----------------------------------------------------------------------------------------------
def auto_resolve(s: CartusState, t: list) -> None:
    """Entrants reveal their cards in entry order: influence per Population/Joker, rats per off-class card."""
    slot = t[1]
    comp = s.comp
    cls = s.building_class(slot)
    s.emit("resolve", "resolution", slot=slot + 1, building=comp.building_label(s.shown[slot]),
           entrants=", ".join(s.name(p) for p in s.entrants[slot]) or "nobody")
    for i, p in enumerate(s.entrants[slot]):
        cards = s.placed[slot][i]
        pop = [c for c in cards if c < comp.npop]
        jokers = cards.count(comp.JOKER)
        off = sum(1 for c in pop if comp.card_class[c] != cls)
        for c in pop:
            s.knows[c] = s.seen[c] = comp.all_mask
        s.played[p] += len(pop) + jokers
        s.gain_influence(p, cls, len(pop) + jokers)
        s.rats[p] += off
        s.emit("reveal_cards", "resolution.cards", player=s.name(p),
               cards=", ".join(comp.card_label(c) for c in cards) or "nothing",
               influence=len(pop) + jokers, cls=comp.cards.class_names[cls], rats=off)
    s.revealed = slot + 1
    s.tasks[0:0] = [["sword", slot], ["flute", slot], ["actions", slot], ["clear", slot]]


def count_in(s: CartusState, slot: int, code: int) -> list[int]:
    """How many cards of this code each entrant of the slot played (entry order)."""
    return [cards.count(code) for cards in s.placed[slot]]


def compare(s: CartusState, slot: int, code: int) -> tuple[int, list[int]] | None:
    """One comparison for the building: (the earliest entrant with the most, the entrants tied for fewest)."""
    counts = count_in(s, slot, code)
    if len(counts) < 2 or min(counts) == max(counts):
        return None
    ent = s.entrants[slot]
    top, low = max(counts), min(counts)
    most = ent[counts.index(top)]
    fewest = [ent[i] for i, c in enumerate(counts) if c == low]
    return most, fewest


def auto_sword(s: CartusState, t: list) -> None:
    """Sword: the fewest-Swords entrant gives half their hand (rounded down) to the most-Swords entrant."""
    slot = t[1]
    cmp = compare(s, slot, s.comp.SWORD)
    if cmp is None:
        if sum(count_in(s, slot, s.comp.SWORD)):
            s.emit("no_effect", "resolution.sword", what="Sword")
        return
    most, fewest = cmp
    if len(fewest) == 1:
        sword_give(s, fewest[0], most)
    else:
        s.emit("tie_fewest", "resolution.sword", what="Sword", player=s.name(most),
               tied=", ".join(s.name(q) for q in fewest))
        s.tasks.insert(0, ["choose", most, slot, 0])


def sword_give(s: CartusState, giver: int, receiver: int) -> None:
    k = len(s.hands[giver]) // 2
    s.emit("sword", "resolution.sword", giver=s.name(giver), receiver=s.name(receiver), count=k,
           hand=len(s.hands[giver]))
    if k:
        s.tasks.insert(0, ["give", giver, receiver, k, 0])


def auto_flute(s: CartusState, t: list) -> None:
    """Flute: the fewest-Flutes entrant gains a rat from the most-Flutes entrant."""
    slot = t[1]
    cmp = compare(s, slot, s.comp.FLUTE)
    if cmp is None:
        if sum(count_in(s, slot, s.comp.FLUTE)):
            s.emit("no_effect", "resolution.flute", what="Flute")
        return
    most, fewest = cmp
    if len(fewest) == 1:
        flute_rat(s, most, fewest[0])
    else:
        s.emit("tie_fewest", "resolution.flute", what="Flute", player=s.name(most),
               tied=", ".join(s.name(q) for q in fewest))
        s.tasks.insert(0, ["choose", most, slot, 1])


def flute_rat(s: CartusState, giver: int, receiver: int) -> None:
    lost = s.lose_rats(giver, 1)
    s.rats[receiver] += 1
    s.emit("flute", "resolution.flute", giver=s.name(giver), receiver=s.name(receiver), lost=lost)


def legal_choose(s: CartusState, t: list) -> list[Action]:
    slot, which = t[2], t[3]
    cmp = compare(s, slot, s.comp.FLUTE if which else s.comp.SWORD)
    choose = s.comp.actions.choose
    return [choose[q] for q in cmp[1]] if cmp else []


def do_choose(s: CartusState, t: list, a: ChoosePlayer) -> None:
    chooser, which = t[1], t[3]
    s.tasks.pop(0)
    s.emit("choose", "resolution.tie", player=s.name(chooser), chosen=s.name(a.player),
           what="Flute" if which else "Sword")
    if which:
        flute_rat(s, chooser, a.player)
    else:
        sword_give(s, a.player, chooser)


def legal_give(s: CartusState, t: list) -> list[Action]:
    give = s.comp.actions.give
    return [give[c] for c in sorted(set(s.hands[t[1]]))]


def ready_give(s: CartusState, t: list) -> bool:
    if t[3] > 0 and s.hands[t[1]]:
        return True
    s.tasks.pop(0)
    return False


def do_give(s: CartusState, t: list, a: GiveCard) -> None:
    """The giver chooses each card given; it goes to the receiver's hand (give)."""
    giver, receiver = t[1], t[2]
    c = s.comp.card_index[a.card]
    s.hands[giver].remove(c)
    s.hands[receiver].append(c)
    if c < s.comp.npop:
        s.knows[c] = (1 << giver) | (1 << receiver)
        s.seen[c] |= 1 << receiver
    t[3] -= 1
    s.emit("give", "give", giver=s.name(giver), receiver=s.name(receiver),
           why="Guard Tower" if t[4] else "Sword")


# ----------------------------------------------------------------------------------------------
# D.2 Actions (resolution.actions): privilege, basic actions, the last round, 2 players
# ----------------------------------------------------------------------------------------------
def privilege_holder(s: CartusState, slot: int) -> int:
    """The entrant who played the most Population + Joker cards here (tie: earliest); 2 players: the round's one."""
    ent = s.entrants[slot]
    if not ent:
        return -1
    joker = s.comp.JOKER
    if s.comp.players == 2:
        if s.priv2 < 0:  # the cards placed in every building of the round count
            totals = [0, 0]
            for slot_ent, slot_cards in zip(s.entrants, s.placed):
                for p, cards in zip(slot_ent, slot_cards):
                    totals[p] += sum(1 for c in cards if c <= joker)
            best = max(totals)
            s.priv2 = next(p for p in s.entry_order if totals[p] == best)
            s.emit("privilege_2p", "resolution.actions.two_players", player=s.name(s.priv2), played=best)
        return s.priv2 if s.priv2 in ent else -1
    counts = [sum(1 for c in cards if c <= joker) for cards in s.placed[slot]]
    return ent[counts.index(max(counts))]


def auto_actions(s: CartusState, t: list) -> None:
    """The privilege holder acts first, then the other entrants in entry order; last round: +1 influence."""
    slot = t[1]
    ent = s.entrants[slot]
    if not ent:
        return
    holder = privilege_holder(s, slot)
    cls = s.building_class(slot)
    if s.last_round:
        if holder >= 0:
            s.gain_influence(holder, cls, 1)
            s.emit("last_round_influence", "round.last", player=s.name(holder),
                   cls=s.comp.cards.class_names[cls], influence=s.influence[cls][holder])
        return
    order = ([holder] if holder >= 0 else []) + [p for p in ent if p != holder]
    bd = s.comp.buildings
    btype = s.building_type(slot)
    offers = []
    for p in order:
        priv = p == holder
        effect = bd.privilege[btype] if priv else bd.basic[btype]
        if effect["effect"] == "none":
            s.emit("protected", "building.guard_tower", player=s.name(p))
            continue
        offers.append(["offer", p, slot, int(priv)])
    s.tasks[0:0] = offers


def legal_offer(s: CartusState, t: list) -> list[Action]:
    return [USE, DECLINE]


def do_offer(s: CartusState, t: list, a: UseAction) -> None:
    p, slot, priv = t[1], t[2], t[3]
    s.tasks.pop(0)
    bd = s.comp.buildings
    btype = s.building_type(slot)
    what = "privilege" if priv else "basic action"
    rule = f"building.{bd.type_ids[btype]}"
    if not a.use:
        s.emit("decline", rule, player=s.name(p), what=what, building=bd.type_names[btype])
        return
    s.emit("use", rule, player=s.name(p), what=what, building=bd.type_names[btype])
    effect = bd.privilege[btype] if priv else bd.basic[btype]
    s.tasks[0:0] = apply_effect(s, p, effect, rule, slot)


def guard_tower(s: CartusState, holder: int, count: int) -> list[list]:
    """Every unprotected player whose hand (recorded now) is at least the holder's gives min(3, hand) cards."""
    n = s.comp.players
    sizes = [len(h) for h in s.hands]
    s.emit("guard_record", "building.guard_tower", player=s.name(holder),
           sizes=", ".join(f"{s.name(q)} {sizes[q]}" for q in range(n)))
    tasks = []
    for k in range(1, n):
        q = (holder + k) % n
        if s.protected[q]:
            s.emit("guard_protected", "building.guard_tower", player=s.name(q))
        elif sizes[q] >= sizes[holder] and sizes[q] > 0:
            g = min(count, sizes[q])
            s.emit("guard_give", "building.guard_tower", giver=s.name(q), receiver=s.name(holder), count=g)
            tasks.append(["give", q, holder, g, 1])
    return tasks


def legal_hospital(s: CartusState, t: list) -> list[Action]:
    h = s.comp.actions.hospital
    return [h[c] for c in sorted(set(s.hands[t[1]]))] + [STOP]


def ready_hospital(s: CartusState, t: list) -> bool:
    p = t[1]
    if t[2] > 0 and s.rats[p] > 0 and s.hands[p]:
        return True
    s.tasks.pop(0)
    return False


def do_hospital(s: CartusState, t: list, a: Action) -> None:
    """Hospital: discard a hand card to discard one rat (at most as many cards as rats left)."""
    p = t[1]
    if isinstance(a, Stop):
        s.tasks.pop(0)
        return
    c = s.comp.card_index[a.card]
    s.hands[p].remove(c)
    s.to_pile(c)
    s.lose_rats(p, 1)
    t[2] -= 1
    s.emit("hospital", "building.hospital", player=s.name(p), card=s.comp.card_label(c), rats=s.rats[p])


# ----------------------------------------------------------------------------------------------
# D.3 Discard (resolution.discard) and E. End of round (round.end)
# ----------------------------------------------------------------------------------------------
def auto_clear(s: CartusState, t: list) -> None:
    """Played Population cards go to the discard; Jokers and specials (Pass included) to their piles."""
    slot = t[1]
    for cards in s.placed[slot]:
        for c in cards:
            s.to_pile(c)
        cards.clear()


def auto_end_round(s: CartusState, t: list) -> None:
    """Markers return, the revealed buildings are discarded, the first-player card passes to the left."""
    s.bdiscard.extend(s.shown)
    last = s.last_round
    s._clear_round()
    s.emit("round_end", "round.end", round=s.round)
    if last:
        res = final_result(s)
        s.emit("nun_row", "end.plague", nuns=res["nuns"],
               cards=", ".join(s.comp.card_label(c) for c in s.row))
        for p in range(s.comp.players):
            s.emit("final_score", "end.scoring", player=s.name(p), vp=res["total"][p], rats=s.rats[p],
                   alive="survives" if res["alive"][p] else "dies of the plague")
        if res["winners"]:
            s.emit("winner", "end.winner", players=", ".join(s.name(p) for p in res["winners"]))
        else:
            s.emit("all_dead", "end.winner")
        return
    s.round += 1
    s.first = (s.first + 1) % s.comp.players
    s.tasks.insert(0, ["round"])


def ready_always(s: CartusState, t: list) -> bool:
    return True


_LEGAL = {
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
