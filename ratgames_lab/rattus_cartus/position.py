"""Rattus Cartus positions: the checks of a loaded position (InvalidPositionError names the bad field).

The fields themselves (their JSON form and types) are declared once, on ``CartusState.FIELDS``.
"""
from __future__ import annotations

from typing import Any

from ..core.fields import FieldType
from ..core.position import require
from . import tasks as task_types
from .comp import Comp
from .components import MAX_COUNT, PILES
from .tasks import AUTOMATIC, FIELD_KINDS, KINDS, RULES, Task


def _int(v: Any, field: str, lo: int = 0, hi: int | None = None) -> int:
    ok = isinstance(v, int) and not isinstance(v, bool) and v >= lo and (hi is None or v <= hi)
    require(ok, f"must be an integer in {lo}..{'' if hi is None else hi}", field)
    return v


def _list(v: Any, field: str) -> list:
    require(isinstance(v, list), "must be a list", field)
    return v


class Tasks(FieldType):
    """The pending tasks (``tasks.Task`` values), in JSON a list of small lists [name, int, ...] (checked on
    import)."""

    depth = 1  # a list of immutable tasks: clone copies the list

    def encode(self, value: list, ctx: Any) -> list:
        return [list(t) for t in value]

    def decode(self, data: Any, ctx: Any, path: str) -> list:
        return _tasks(data, ctx, ctx.reveal, path)

    def schema(self, ctx: Any) -> dict:
        return {"type": "array", "items": {"type": "array", "items": {"type": ["string", "integer"]}}}

    def copy(self, value: list) -> list:
        return value[:]


def played_this_round(s) -> list[int]:
    """Population + Joker cards each player revealed in the buildings already resolved this round."""
    joker = s.comp.JOKER
    out = [0] * s.comp.players
    for slot in range(min(s.revealed, len(s.placed))):
        for p, cs in zip(s.entrants[slot], s.placed[slot]):
            out[p] += sum(1 for c in cs if c <= joker)
    return out


def check_tasks(v: Any, comp: Comp, slots: int) -> None:
    """The pending tasks: known names, the right number of arguments, each in range (naming the bad one)."""
    tasks = _tasks(v, comp, slots)
    require(not tasks or RULES[type(tasks[0])].mode != AUTOMATIC,
            "the first task must be a decision or a chance event", "tasks[0]")


def _tasks(v: Any, comp: Comp, slots: int, path: str = "tasks") -> list[Task]:
    out = []
    for i, t in enumerate(_list(v, path)):
        field = f"{path}[{i}]"
        require(isinstance(t, list) and t and isinstance(t[0], str) and t[0] in KINDS,
                f"a task is [name, ...] with name in {', '.join(KINDS)}", field)
        args = "".join(FIELD_KINDS[f] for f in KINDS[t[0]].fields)
        require(len(t) == len(args) + 1, f"task {t[0]} takes {len(args)} argument(s)", field)
        for j, kind in enumerate(args, 1):
            f = f"{field}[{j}]"
            if kind == "p":
                _int(t[j], f, 0, comp.players - 1)
            elif kind == "s":
                _int(t[j], f, 0, max(slots - 1, 0))
                require(t[j] < slots, "no revealed building in this slot", f)
            elif kind == "n":
                _int(t[j], f, 0, MAX_COUNT)
            elif kind == "r":
                _int(t[j], f, -1, comp.row_size - 1)
            else:
                _int(t[j], f, 0, 1)
        out.append(task_types.from_json(t))
    return out


def check_consistency(s) -> None:
    """Conservation: every Population card exactly once, special cards, VP tokens and buildings all accounted for."""
    comp = s.comp
    require(len(s.entrants) == len(s.shown), "one list of entrants per revealed building", "entrants")
    require(len(s.placed) == len(s.shown), "one list of placed cards per revealed building", "placed")
    for i, (ent, cards) in enumerate(zip(s.entrants, s.placed)):
        require(len(cards) == len(ent), "one list of cards per entrant", f"placed[{i}]")
    require(len(s.shown) <= comp.reveal, f"at most {comp.reveal} buildings are revealed", "revealed_buildings")
    require(s.revealed <= len(s.shown), "more buildings resolved than revealed", "resolved_buildings")
    for zone, cards in (("deck", s.deck), ("discard", s.discard), ("nun_row", s.row)):
        for i, c in enumerate(cards):
            require(c < comp.npop, "only Population cards lie here", f"{zone}[{i}]")
    where: dict[int, str] = {}
    zones = [(f"hands[{p}]", h) for p, h in enumerate(s.hands)] + [("deck", s.deck), ("discard", s.discard),
                                                                  ("nun_row", s.row)]
    zones += [(f"placed[{i}][{j}]", cs) for i, slot in enumerate(s.placed) for j, cs in enumerate(slot)]
    for zone, cards in zones:
        for i, c in enumerate(cards):
            if c < comp.npop:
                require(c not in where, f"{comp.card_names[c]} is also in {where.get(c)}", f"{zone}[{i}]")
                where[c] = zone
    missing = [comp.card_names[c] for c in range(comp.npop) if c not in where]
    require(not missing, f"Population cards missing from every zone: {', '.join(missing[:5])}", "deck")
    for i, pile in enumerate(PILES[:5]):
        code = comp.npop + i
        held = sum(cards.count(code) for _, cards in zones)
        total = comp.cards.special_counts[i] if (i == 0 or s.special_in_play(i)) else 0
        require(held + s.piles[i] == total, f"{held} {pile} card(s) held and {s.piles[i]} in the pile: the game "
                f"has {total}", f"piles.{pile}")
    require(s.piles[5] + sum(s.vp) == comp.cards.vp_count, f"VP tokens must total {comp.cards.vp_count}", "piles.vp")
    require(len(set(s.chosen)) == 30, "30 different building cards are in play", "buildings_in_play")
    bzones = [("building_deck", s.bdeck), ("replacement_deck", s.repl), ("replacement_under", s.repl_under),
              ("building_discard", s.bdiscard), ("revealed_buildings", s.shown)]
    seen: dict[int, str] = {}
    for zone, bs in bzones:
        for i, b in enumerate(bs):
            require(b in s.chosen, "this building card is not in play", f"{zone}[{i}]")
            require(b not in seen, f"this building card is also in {seen.get(b)}", f"{zone}[{i}]")
            seen[b] = zone
    require(len(seen) == 30, "every building card in play must be in exactly one zone", "building_deck")
    pending = sum(1 for t in s.tasks if t[0] == "reveal") + comp.reveal * sum(1 for t in s.tasks if t[0] == "round")
    require(len(s.bdeck) == (comp.rounds - s.round) * comp.reveal + pending, f"round {s.round} of {comp.rounds}: "
            f"the building deck must hold {(comp.rounds - s.round) * comp.reveal + pending} cards", "building_deck")
    require(s.last_round == (s.round == comp.rounds and pending == 0), "the last round is the one that empties "
            "the building deck", "last_round")
    for i, p in enumerate(s.entry_order):
        require(s.entered[p] >= 0 and s.entry_order.count(p) == 1, "each entrant once, in entry order",
                f"entry_order[{i}]")
    _check_knowledge(s)
    _check_memory(s)
    if s.tasks:
        _check_pending(s, s.tasks[0])
    for p in range(comp.players):
        e = s.entered[p]
        require(e < len(s.shown), "no revealed building in this slot", f"entered[{p}]")
        require(e < 0 or p in s.entrants[e], f"player {p} is not among the entrants of building #{e + 1}",
                f"entered[{p}]")
    for i, ent in enumerate(s.entrants):
        for j, p in enumerate(ent):
            require(s.entered[p] == i, f"player {p} entered building #{s.entered[p] + 1}", f"entrants[{i}][{j}]")


def _check_pending(s, t: list) -> None:
    """The decision or chance event a loaded position waits for must be one the rules can be waiting for."""
    name, bad = t[0], "tasks[0]"
    if name == "place":
        require(t[1] in s.entrants[t[2]], "the player placing cards must have entered this building", bad)
        require(t[3] >= 1 and s.hand_without_gold(t[1]) >= t[3], "cards still to place, held in hand", bad)
    elif name == "visit":
        require(s.entered[t[1]] < 0, "this player has already entered a building", bad)
    elif name in ("look", "draw"):
        require(t[2] >= 1, "a look or a draw still to do", bad)
        require(name == "look" or s.deck, "a draw needs cards in the deck", bad)
    elif name == "give":
        require(t[3] >= 1 and s.hands[t[1]], "cards still to give, held in hand", bad)
    elif name == "hospital":
        require(t[2] >= 1 and s.rats[t[1]] > 0 and s.hands[t[1]], "a Hospital discard still possible", bad)
    elif name == "reveal":
        require(s.bdeck, "a reveal needs cards in the building deck", bad)
    elif name == "replace":
        require(s.repl, "a replacement needs unseen cards in the replacement deck", bad)


def _check_knowledge(s) -> None:
    """Who knows where each Population card is must fit where it lies (this drives views and determinize)."""
    comp = s.comp
    everyone = comp.all_mask
    for c in range(comp.npop):
        require(s.knows[c] & ~s.seen[c] == 0, "a player who knows where a card is has seen it", f"knows[{c}]")
    for p, hand in enumerate(s.hands):
        for i, c in enumerate(hand):
            require(c >= comp.npop or s.knows[c] >> p & 1, "a player knows the cards in their hand",
                    f"hands[{p}][{i}]")
    for i, c in enumerate(s.discard):
        require(s.knows[c] == everyone, "the discard is face up: everyone knows its cards", f"discard[{i}]")
    for i, c in enumerate(s.row):
        require(s.knows[c] == s.seen[c], "a nun-row card is only ever seen by looking at it", f"nun_row[{i}]")
        for p in range(comp.players):
            require(not (s.knows[c] >> p & 1) or i in s.looks[p], "only a player who looked at this position "
                    "knows its card", f"nun_row[{i}]")
    for slot, (ent, cards) in enumerate(zip(s.entrants, s.placed)):
        for p, cs in zip(ent, cards):
            for c in cs:
                if c < comp.npop:
                    require(s.knows[c] >> p & 1, "a player knows the cards they placed", f"placed[{slot}]")


def _check_memory(s) -> None:
    """The gift memory (``may_hold``, ``special_holders``) must fit the true holders of every card."""
    from .memory import KINDS, feasible, held
    comp = s.comp
    if s.holders is not None:
        for q in range(comp.players):
            for c in held(s, q):
                for v in range(comp.players):
                    require(c >= comp.npop or s.knows[c] >> v & 1 or s.holders[v][c] >> q & 1,
                            f"{comp.card_names[c]} is held by player {q}, whom it may not be with",
                            f"may_hold[{v}][{c}]")
    if s.spec_holders is None:
        return
    for v in range(comp.players):
        for t in range(KINDS):
            masks = s.spec_holders[v][t]
            code = comp.npop + t
            count = {q: held(s, q).count(code) for q in range(comp.players) if q != v}
            require(len(masks) == sum(count.values()), f"one mask per {PILES[t]} card the other players hold",
                    f"special_holders[{v}][{t}]")
            units: dict[int, int] = {}
            for m in masks:
                require(m >> v & 1 == 0, "a player knows their own cards", f"special_holders[{v}][{t}]")
                units[m] = units.get(m, 0) + 1
            require(feasible(units, count), f"the {PILES[t]} cards held do not fit these masks",
                    f"special_holders[{v}][{t}]")
