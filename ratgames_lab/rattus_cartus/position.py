"""Rattus Cartus positions: JSON export and validated import (InvalidPositionError names the bad field)."""
from __future__ import annotations

from typing import Any

from ..core.errors import InvalidPositionError
from ..core.position import require
from ..core.protocol import Event
from .comp import TASK_NAMES, Comp
from .rules import CHANCE_TASKS, DECISIONS
from .components import PILES

# task name -> kinds of its arguments: p = player, s = row slot, n = count >= 0, r = nun-row position or -1,
# b = 0/1 flag
TASK_ARGS = {"round": "", "reveal": "", "identical": "", "replace": "", "support": "p", "draw": "pn",
             "look": "pnr", "visit": "p", "next_visit": "p", "place": "psn", "resolve": "s", "sword": "s",
             "flute": "s", "choose": "psb", "give": "ppnb", "actions": "s", "offer": "psb", "hospital": "pn",
             "clear": "s", "end_round": ""}
KEYS = ("round", "last_round", "first", "rats", "influence", "arrival", "clock", "hands", "deck", "discard", "row",
        "looks", "piles", "vp", "buildings_in_play", "building_deck", "replacement", "replacement_under",
        "building_discard", "shown", "entrants", "placed", "entered", "protected", "entry_order", "revealed",
        "privilege_2p", "tasks", "knows", "seen", "all_dead_lowest_survive")


def state_to_json(s) -> dict:
    """Every field of the position as JSON data (cards and buildings by name)."""
    comp = s.comp
    names, bnames, cls = comp.card_names, comp.buildings.card_ids, comp.cards.class_ids
    return {
        "round": s.round, "last_round": s.last_round, "first": s.first, "rats": s.rats[:],
        "influence": {cls[c]: s.influence[c][:] for c in range(6)},
        "arrival": {cls[c]: s.arrival[c][:] for c in range(6)}, "clock": s.clock,
        "hands": [[names[c] for c in h] for h in s.hands], "deck": [names[c] for c in s.deck],
        "discard": [names[c] for c in s.discard], "row": [names[c] for c in s.row],
        "looks": [x[:] for x in s.looks], "piles": dict(zip(PILES, s.piles)), "vp": s.vp[:],
        "buildings_in_play": [bnames[b] for b in s.chosen], "building_deck": [bnames[b] for b in s.bdeck],
        "replacement": [bnames[b] for b in s.repl], "replacement_under": [bnames[b] for b in s.repl_under],
        "building_discard": [bnames[b] for b in s.bdiscard], "shown": [bnames[b] for b in s.shown],
        "entrants": [e[:] for e in s.entrants],
        "placed": [[[names[c] for c in cs] for cs in slot] for slot in s.placed],
        "entered": s.entered[:], "protected": s.protected[:], "entry_order": s.entry_order[:],
        "revealed": s.revealed, "privilege_2p": None if s.priv2 < 0 else s.priv2,
        "tasks": [t[:] for t in s.tasks], "knows": s.knows[:], "seen": s.seen[:],
        "all_dead_lowest_survive": s.options_all_dead,
        "events": [{"kind": e.kind, "params": e.params, "rule": e.rule} for e in s.events],
    }


def _int(v: Any, field: str, lo: int = 0, hi: int | None = None) -> int:
    ok = isinstance(v, int) and not isinstance(v, bool) and v >= lo and (hi is None or v <= hi)
    require(ok, f"must be an integer in {lo}..{'' if hi is None else hi}", field)
    return v


def _bool(v: Any, field: str) -> bool:
    require(isinstance(v, bool), "must be true or false", field)
    return v


def _list(v: Any, field: str, length: int | None = None) -> list:
    require(isinstance(v, list), "must be a list", field)
    if length is not None:
        require(len(v) == length, f"must have {length} entries", field)
    return v


def _ints(v: Any, field: str, length: int | None, lo: int = 0, hi: int | None = None) -> list[int]:
    return [_int(x, f"{field}[{i}]", lo, hi) for i, x in enumerate(_list(v, field, length))]


def _cards(v: Any, field: str, comp: Comp) -> list[int]:
    out = []
    for i, x in enumerate(_list(v, field)):
        require(isinstance(x, str) and x in comp.card_index, f"unknown card {x!r}", f"{field}[{i}]")
        out.append(comp.card_index[x])
    return out


def _buildings(v: Any, field: str, comp: Comp) -> list[int]:
    out = []
    for i, x in enumerate(_list(v, field)):
        require(isinstance(x, str) and x in comp.building_index, f"unknown building card {x!r}", f"{field}[{i}]")
        out.append(comp.building_index[x])
    return out


def _per_class(v: Any, field: str, comp: Comp) -> list[list[int]]:
    require(isinstance(v, dict), "must be an object keyed by class", field)
    for k in v:
        require(k in comp.cards.class_ids, f"unknown class {k!r}", f"{field}.{k}")
    out = []
    for c in comp.cards.class_ids:
        require(c in v, "missing", f"{field}.{c}")
        out.append(_ints(v[c], f"{field}.{c}", comp.players))
    return out


def state_from_json(data: Any, comp: Comp, cls: type):
    """Build a state from JSON; InvalidPositionError names the first bad field."""
    require(isinstance(data, dict), "a position is a JSON object", "position")
    for k in KEYS:
        require(k in data, "missing", k)
    extra = set(data) - set(KEYS) - {"events"}
    require(not extra, "unexpected field", sorted(extra)[0] if extra else "position")
    n = comp.players
    s = cls(comp)
    s.round = _int(data["round"], "round", 1, comp.rounds)
    s.last_round = _bool(data["last_round"], "last_round")
    s.first = _int(data["first"], "first", 0, n - 1)
    s.rats = _ints(data["rats"], "rats", n)
    s.influence = _per_class(data["influence"], "influence", comp)
    s.arrival = _per_class(data["arrival"], "arrival", comp)
    s.clock = _int(data["clock"], "clock")
    s.hands = [_cards(h, f"hands[{p}]", comp) for p, h in enumerate(_list(data["hands"], "hands", n))]
    s.deck = _cards(data["deck"], "deck", comp)
    s.discard = _cards(data["discard"], "discard", comp)
    s.row = _cards(data["row"], "row", comp)
    require(len(s.row) == comp.row_size, f"the nun row holds {comp.row_size} cards", "row")
    s.looks = [_ints(x, f"looks[{p}]", None, 0, comp.row_size - 1) for p, x in enumerate(_list(data["looks"], "looks", n))]
    piles = data["piles"]
    require(isinstance(piles, dict), "must be an object keyed by pile", "piles")
    for k in PILES:
        require(k in piles, "missing", f"piles.{k}")
    require(set(piles) == set(PILES), "unexpected pile", "piles")
    s.piles = [_int(piles[k], f"piles.{k}") for k in PILES]
    s.vp = _ints(data["vp"], "vp", n)
    s.chosen = _buildings(data["buildings_in_play"], "buildings_in_play", comp)
    s.bdeck = _buildings(data["building_deck"], "building_deck", comp)
    s.repl = _buildings(data["replacement"], "replacement", comp)
    s.repl_under = _buildings(data["replacement_under"], "replacement_under", comp)
    s.bdiscard = _buildings(data["building_discard"], "building_discard", comp)
    s.shown = _buildings(data["shown"], "shown", comp)
    require(len(s.shown) <= comp.reveal, f"at most {comp.reveal} buildings are revealed", "shown")
    k = len(s.shown)
    s.entrants = [_ints(e, f"entrants[{i}]", None, 0, n - 1) for i, e in enumerate(_list(data["entrants"], "entrants"))]
    require(len(s.entrants) == len(s.shown), "one list of entrants per revealed building", "entrants")
    placed = _list(data["placed"], "placed", k)
    s.placed = []
    for i, slot in enumerate(placed):
        _list(slot, f"placed[{i}]", len(s.entrants[i]))
        s.placed.append([_cards(cs, f"placed[{i}][{j}]", comp) for j, cs in enumerate(slot)])
    s.entered = _ints(data["entered"], "entered", n, -1, max(k - 1, -1))
    s.protected = [_bool(x, f"protected[{i}]") for i, x in enumerate(_list(data["protected"], "protected", n))]
    s.entry_order = _ints(data["entry_order"], "entry_order", None, 0, n - 1)
    s.revealed = _int(data["revealed"], "revealed", 0, k)
    priv = data["privilege_2p"]
    s.priv2 = -1 if priv is None else _int(priv, "privilege_2p", 0, n - 1)
    s.knows = _ints(data["knows"], "knows", comp.npop, 0, comp.all_mask)
    s.seen = _ints(data["seen"], "seen", comp.npop, 0, comp.all_mask)
    s.options_all_dead = _bool(data["all_dead_lowest_survive"], "all_dead_lowest_survive")
    s.tasks = _tasks(data["tasks"], comp, k)
    require(not s.tasks or s.tasks[0][0] in DECISIONS or s.tasks[0][0] in CHANCE_TASKS,
            "the first task must be a decision or a chance event", "tasks[0]")
    s.played = [0] * n
    for slot in range(s.revealed):
        for p, cs in zip(s.entrants[slot], s.placed[slot]):
            s.played[p] += sum(1 for c in cs if c <= comp.JOKER)
    _check_consistency(s, comp)
    require(not s.tasks or s.legal_actions(), "the pending decision has no legal action", "tasks[0]")
    events = data.get("events", [])
    s.events = []
    for i, e in enumerate(_list(events, "events")):
        require(isinstance(e, dict) and isinstance(e.get("kind"), str) and isinstance(e.get("params"), dict)
                and isinstance(e.get("rule"), str), "an event has kind, params and rule", f"events[{i}]")
        s.events.append(Event("rattus_cartus", e["kind"], dict(e["params"]), e["rule"]))
    return s


def _tasks(v: Any, comp: Comp, slots: int) -> list[list]:
    out = []
    for i, t in enumerate(_list(v, "tasks")):
        field = f"tasks[{i}]"
        require(isinstance(t, list) and t and t[0] in TASK_NAMES, f"a task is [name, ...] with name in "
                f"{', '.join(TASK_NAMES)}", field)
        args = TASK_ARGS[t[0]]
        require(len(t) == len(args) + 1, f"task {t[0]} takes {len(args)} argument(s)", field)
        for j, kind in enumerate(args, 1):
            f = f"{field}[{j}]"
            if kind == "p":
                _int(t[j], f, 0, comp.players - 1)
            elif kind == "s":
                _int(t[j], f, 0, max(slots - 1, 0))
                require(t[j] < slots, "no revealed building in this slot", f)
            elif kind == "n":
                _int(t[j], f)
            elif kind == "r":
                _int(t[j], f, -1, comp.row_size - 1)
            else:
                _int(t[j], f, 0, 1)
        out.append(list(t))
    return out


def _check_consistency(s, comp: Comp) -> None:
    """Conservation: every Population card exactly once, special cards, VP tokens and buildings all accounted for."""
    where: dict[int, str] = {}
    zones = [(f"hands[{p}]", h) for p, h in enumerate(s.hands)] + [("deck", s.deck), ("discard", s.discard),
                                                                  ("row", s.row)]
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
    require(len(set(s.chosen)) == 30 == len(s.chosen), "30 different building cards are in play",
            "buildings_in_play")
    bzones = [("building_deck", s.bdeck), ("replacement", s.repl), ("replacement_under", s.repl_under),
              ("building_discard", s.bdiscard), ("shown", s.shown)]
    seen: dict[int, str] = {}
    for zone, bs in bzones:
        for i, b in enumerate(bs):
            require(b in s.chosen, "this building card is not in play", f"{zone}[{i}]")
            require(b not in seen, f"this building card is also in {seen.get(b)}", f"{zone}[{i}]")
            seen[b] = zone
    require(len(seen) == 30, "every building card in play must be in exactly one zone", "building_deck")
    for p in range(comp.players):
        e = s.entered[p]
        require(e < 0 or p in s.entrants[e], f"player {p} is not among the entrants of building #{e + 1}",
                f"entered[{p}]")
    for i, ent in enumerate(s.entrants):
        for j, p in enumerate(ent):
            require(s.entered[p] == i, f"player {p} entered building #{s.entered[p] + 1}", f"entrants[{i}][{j}]")
