"""L'Horlogerie des Rats positions: JSON export, validated import, per-player observation and a terminal summary.

Every state field is declared once in FIELDS with its JSON codec: cards, Horlogers and missions are written by
name, "no card" (-1) as null. Cross-field checks (every card exactly once, one wound count per Horloger,
the step's pending data) follow; InvalidPositionError names the bad field.
"""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..core.errors import InvalidPositionError
from ..core.position import require
from ..core.protocol import Event
from .actions import DECKS
from .cards import Components
from .rules import (LOAD, RECRUIT, REFILL, DANGER, DANGER_DRAW, DISCOVER, DISCOVERY, ENDINGS, EXPLORE, EXPLORE_DRAW,
                    GRID_SIZE, OVER, PEEK, RECRUIT_CHOOSE, RECRUIT_DRAW, REST, RESULTS, REWARD, STEPS, TEAM_SIZE,
                    WOUNDS, HorlogerieState)

FORMAT = "ratgames_lab.horlogerie/1"

# (attribute, codec): "int", "str:<choices>", "ref:<table>" (one name), "opt:<table>" (a name or null = -1),
# "list:<table>" (names), "seats" (player numbers), "ints" (list of ints), "lists:<table>" / "intlists"
# (one list per player).
FIELDS: tuple[tuple[str, str], ...] = (
    ("step", "str:step"), ("turn", "int"), ("first", "seat"), ("active", "seat"), ("ending", "str:ending"),
    ("exp_deck", "list:exploration"), ("exp_discard", "list:exploration"), ("exp_table", "list:exploration"),
    ("exp_top", "opt:exploration"), ("exp_seen", "seats"),
    ("dan_deck", "list:danger"), ("dan_discard", "list:danger"), ("dan_table", "list:danger"),
    ("dan_top", "opt:danger"), ("dan_seen", "seats"),
    ("hor_deck", "list:horlogers"), ("hor_discard", "list:horlogers"),
    ("mis_deck", "list:missions"), ("grid", "optlist:missions"), ("gone", "list:missions"),
    ("hands", "lists:exploration"), ("team", "lists:horlogers"), ("wounds", "intlists"),
    ("finds", "lists:missions"), ("tapped", "intlists"),
    ("bonus", "int"), ("explore_result", "str:result"), ("danger_result", "str:result"),
    ("wounds_left", "int"), ("recruits_left", "int"), ("reward_taker", "optseat"), ("reward_next", "str:reward"),
    ("peek_deck", "str:peek"), ("peek_player", "optseat"), ("peek_return", "str:peek_return"),
    ("rest_points", "int"), ("vp_turn", "ints"), ("vp_seq", "ints"), ("turn_seq", "int"),
)
CHOICES = {"step": STEPS, "ending": ENDINGS, "result": RESULTS, "reward": ("", "danger", "wounds"),
           "peek": ("",) + DECKS, "peek_return": ("", EXPLORE, DANGER)}


def _encode(s: HorlogerieState, codec: str, value: Any) -> Any:
    kind, _, table = codec.partition(":")
    names = s.comp.refs.get(table)
    if kind in ("int", "str", "seat"):
        return value
    if kind in ("optseat",):
        return None if value < 0 else value
    if kind == "opt":
        return None if value < 0 else names[value]
    if kind == "list":
        return [names[x] for x in value]
    if kind == "optlist":
        return [None if x < 0 else names[x] for x in value]
    if kind == "lists":
        return [[names[x] for x in row] for row in value]
    if kind == "intlists":
        return [row[:] for row in value]
    return value[:]  # seats, ints


def state_to_json(s: HorlogerieState) -> dict:
    """Every field of the position as JSON data (cards, Horlogers and missions by name)."""
    out: dict[str, Any] = {"format": FORMAT, "players": s.players}
    for name, codec in FIELDS:
        out[name] = _encode(s, codec, getattr(s, name))
    out["events"] = [{"kind": e.kind, "params": e.params, "rule": e.rule} for e in s.events]
    return out


def _is_int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _decode(comp: Components, field: str, codec: str, value: Any) -> Any:
    kind, _, table = codec.partition(":")
    n = comp.players
    if kind == "int":
        require(_is_int(value) and value >= 0, "must be a non-negative integer", field)
        return value
    if kind == "str":
        require(value in CHOICES[table], f"must be one of {list(CHOICES[table])}", field)
        return value
    if kind == "seat":
        require(_is_int(value) and 0 <= value < n, f"must be a player (0..{n - 1})", field)
        return value
    if kind == "optseat":
        require(value is None or (_is_int(value) and 0 <= value < n), f"must be a player (0..{n - 1}) or null", field)
        return -1 if value is None else value
    index = comp_index(comp, table) if table else None

    def ref(v: Any, f: str) -> int:
        require(isinstance(v, str) and v in index, f"unknown {table} card {v!r}", f)
        return index[v]

    if kind == "opt":
        return -1 if value is None else ref(value, field)
    require(isinstance(value, list), "must be a list", field)
    if kind == "list":
        return [ref(v, f"{field}[{i}]") for i, v in enumerate(value)]
    if kind == "optlist":
        return [-1 if v is None else ref(v, f"{field}[{i}]") for i, v in enumerate(value)]
    if kind == "seats":
        for i, v in enumerate(value):
            require(_is_int(v) and 0 <= v < n, f"must be a player (0..{n - 1})", f"{field}[{i}]")
        require(len(set(value)) == len(value), "a player is listed twice", field)
        return sorted(value)
    if kind == "ints":
        require(len(value) == n, f"must have one entry per player ({n})", field)
        for i, v in enumerate(value):
            require(_is_int(v) and v >= -1, "must be an integer (-1 = never)", f"{field}[{i}]")
        return value[:]
    require(len(value) == n, f"must have one list per player ({n})", field)
    rows = []
    for p, row in enumerate(value):
        require(isinstance(row, list), "must be a list", f"{field}[{p}]")
        if kind == "lists":
            rows.append([ref(v, f"{field}[{p}][{i}]") for i, v in enumerate(row)])
        else:
            for i, v in enumerate(row):
                require(_is_int(v) and v >= 0, "must be a non-negative integer", f"{field}[{p}][{i}]")
            rows.append(row[:])
    return rows


def comp_index(comp: Components, table: str) -> dict[str, int]:
    """Name -> index for one of the component tables."""
    return {"exploration": comp.exploration.index, "danger": comp.danger.index, "horlogers": comp.horlogers.index,
            "missions": comp.missions.index}[table]


def state_from_json(data: Any, comp: Components) -> HorlogerieState:
    """Build a state from JSON for these decks; InvalidPositionError names the first bad field."""
    require(isinstance(data, dict), "a position is a JSON object", "position")
    require(data.get("format", FORMAT) == FORMAT, f"must be {FORMAT!r}", "format")
    require("players" in data, "missing", "players")
    require(data["players"] == comp.players,
            f"this game is for {comp.players} players, the position for {data['players']!r}", "players")
    known = {name for name, _ in FIELDS} | {"format", "players", "events"}
    for key in data:
        require(key in known, "unexpected field", str(key))
    s = HorlogerieState(comp)
    for name, codec in FIELDS:
        require(name in data, "missing", name)
        setattr(s, name, _decode(comp, name, codec, data[name]))
    s.events = _events(data.get("events", []))
    _check_consistency(s)
    s._settle()
    return s


def _events(events: Any) -> list[Event]:
    require(isinstance(events, list), "must be a list", "events")
    out = []
    for i, e in enumerate(events):
        ok = isinstance(e, dict) and isinstance(e.get("kind"), str) and isinstance(e.get("params"), dict) \
            and isinstance(e.get("rule"), str)
        require(ok, "an event is {kind: text, params: object, rule: text}", f"events[{i}]")
        out.append(Event("horlogerie", e["kind"], e["params"], e["rule"]))
    return out


def _conserved(have: list[int], full: tuple[int, ...], names: tuple[str, ...], field: str) -> None:
    got, want = Counter(have), Counter(full)
    for f in sorted(set(got) | set(want)):
        require(got[f] == want[f], f"{names[f]} appears {got[f]} times in the game, the deck has {want[f]}", field)


def _check_consistency(s: HorlogerieState) -> None:
    """Every card exactly once; teams, wounds and finds fit; the step's pending data is there."""
    comp = s.comp
    n = s.players
    ex, dg, hr, ms = comp.exploration, comp.danger, comp.horlogers, comp.missions
    require(s.turn >= 1, "must be at least 1 (the first turn)", "turn")
    require(len(s.grid) == GRID_SIZE, f"the grid has {GRID_SIZE} slots", "grid")
    for p in range(n):
        require(len(s.team[p]) <= TEAM_SIZE, f"a team has at most {TEAM_SIZE} Horlogers", f"team[{p}]")
        require(len(s.wounds[p]) == len(s.team[p]), "one wound count per Horloger", f"wounds[{p}]")
        for i, (h, w) in enumerate(zip(s.team[p], s.wounds[p])):
            require(w <= hr.toughness[h], f"a {hr.names[h]} dies with more than {hr.toughness[h]} wounds",
                    f"wounds[{p}][{i}]")
        require(len(s.tapped[p]) == len(s.finds[p]), "one tapped flag per find", f"tapped[{p}]")
        for i, t in enumerate(s.tapped[p]):
            require(t in (0, 1), "must be 0 (untapped) or 1 (tapped)", f"tapped[{p}][{i}]")
        require(s.vp_turn[p] <= s.turn, "cannot be after the current turn", f"vp_turn[{p}]")
        require((s.vp_turn[p] < 0) == (s.vp_seq[p] < 0), "set together with vp_turn", f"vp_seq[{p}]")
        s.hands[p].sort()
    _conserved(s.exp_deck + s.exp_discard + s.exp_table + [f for h in s.hands for f in h], ex.full, ex.names,
               "exp_deck")
    _conserved(s.dan_deck + s.dan_discard + s.dan_table, dg.full, dg.names, "dan_deck")
    _conserved(s.hor_deck + s.hor_discard + [h for t in s.team for h in t], hr.full, hr.names, "hor_deck")
    missions = s.mis_deck + [m for m in s.grid if m >= 0] + [m for f in s.finds for m in f] + s.gone
    _conserved(missions, tuple(range(len(ms.names))), ms.names, "mis_deck")
    for top, deck, seen, field in ((s.exp_top, s.exp_deck, s.exp_seen, "exp_top"),
                                   (s.dan_top, s.dan_deck, s.dan_seen, "dan_top")):
        require(top < 0 or top in deck, "a card seen on top must be in its deck", field)
        require((top >= 0) == bool(seen), "a top card is known exactly when someone looked at it",
                field.replace("top", "seen"))
    step = s.step
    require(s.bonus == 0 or step in (EXPLORE, EXPLORE_DRAW, PEEK), "Compasses count only during the Exploration "
            "phase", "bonus")
    require(s.rest_points == 0 or step == REST, "rest points exist only while resting", "rest_points")
    require(s.recruits_left <= TEAM_SIZE - len(s.team[s.active]) or step not in (RECRUIT_DRAW, RECRUIT_CHOOSE),
            "more recruits than free places in the team", "recruits_left")
    if step in (RECRUIT_DRAW, RECRUIT_CHOOSE):
        require(s.recruits_left >= 0, "must be the recruits still to take", "recruits_left")
    else:
        require(s.recruits_left == 0, "must be 0 outside recruiting", "recruits_left")
    if step in (EXPLORE, EXPLORE_DRAW):
        require(s.explore_result == "" and not s.dan_table, "the Exploration phase is under way", "explore_result")
    if step in (DANGER, DANGER_DRAW, WOUNDS, DISCOVERY):
        require(s.explore_result != "", "the Exploration phase is over", "explore_result")
    if step in (DANGER, DANGER_DRAW):
        require(s.danger_result == "", "the Danger phase is under way", "danger_result")
    if step == WOUNDS:
        require(s.danger_result in ("success", "perfect"), "wounds follow a successful Danger phase",
                "danger_result")
    else:
        require(s.wounds_left == 0, "must be 0 outside the wounds", "wounds_left")
    if step in (EXPLORE_DRAW, DANGER_DRAW):
        require(s.can_draw("exploration" if step == EXPLORE_DRAW else "danger"), "a card is being drawn from an "
                "empty deck and discard", "step")
    if step == PEEK:
        require(s.peek_deck in DECKS and s.peek_player >= 0 and s.peek_return in (EXPLORE, DANGER),
                "a Spyglass look needs its deck, player and step to return to", "peek_deck")
        require(s.can_draw(s.peek_deck), "there is no card to look at", "peek_deck")
    else:
        require(s.peek_deck == "" and s.peek_player < 0 and s.peek_return == "", "set only during a Spyglass look",
                "peek_deck")
    if step == REWARD:
        require(s.reward_taker >= 0 and s.reward_next in ("danger", "wounds"),
                "a perfect draw's reward needs its taker and the step that follows", "reward_taker")
    else:
        require(s.reward_taker < 0 and s.reward_next == "", "set only while a perfect draw's find is chosen",
                "reward_taker")
    if step == DISCOVERY:
        require(s.explore_result != "bust" or bool(s.exp_table), "a failed exploration drew at least one card",
                "exp_table")
    if step in (REFILL, LOAD, RECRUIT, RECRUIT_DRAW, RECRUIT_CHOOSE, DISCOVER, REST, OVER):
        require(not s.exp_table and not s.dan_table, "no card lies on the table outside the Explore step",
                "exp_table")
    if step == OVER:
        require(s.ending != "", "a finished game has an ending", "ending")


def observation(s: HorlogerieState, player: int) -> dict:
    """What ``player`` may see: everything public, hand sizes, their own hand and their own Spyglass looks."""
    comp = s.comp
    ex, dg, hr, ms = comp.exploration, comp.danger, comp.horlogers, comp.missions
    mine = 0 <= player < s.players
    return {
        "player": player, "players": s.players, "seats": list(comp.seats), "step": s.step, "turn": s.turn,
        "first": s.first, "active": s.active, "current_player": s.current_player, "ending": s.ending,
        "exploration": {"deck": len(s.exp_deck), "discard": [ex.names[f] for f in s.exp_discard],
                        "table": [ex.names[f] for f in s.exp_table],
                        "top": ex.names[s.exp_top] if mine and player in s.exp_seen else None,
                        "seen_by": s.exp_seen[:]},
        "danger": {"deck": len(s.dan_deck), "discard": [dg.names[f] for f in s.dan_discard],
                   "table": [dg.names[f] for f in s.dan_table],
                   "top": dg.names[s.dan_top] if mine and player in s.dan_seen else None,
                   "seen_by": s.dan_seen[:]},
        "horlogers": {"deck": sorted(hr.names[h] for h in s.hor_deck),
                      "discard": [hr.names[h] for h in s.hor_discard]},
        "missions": {"deck": len(s.mis_deck), "grid": [None if m < 0 else ms.names[m] for m in s.grid],
                     "gone": [ms.names[m] for m in s.gone]},
        "hand": [ex.names[f] for f in s.hands[player]] if mine else [],
        "hand_sizes": [len(h) for h in s.hands],
        "teams": [[{"profile": hr.names[h], "wounds": w} for h, w in zip(s.team[p], s.wounds[p])]
                  for p in range(s.players)],
        "finds": [[{"mission": ms.names[m], "tapped": bool(t)} for m, t in zip(s.finds[p], s.tapped[p])]
                  for p in range(s.players)],
        "exploration_value": s.exploration_value(), "danger_value": s.explored_sum(),
        "carry": [s.carry(p) for p in range(s.players)], "load": [s.load(p) for p in range(s.players)],
        "explore_result": s.explore_result, "danger_result": s.danger_result, "wounds_left": s.wounds_left,
        "recruits_left": s.recruits_left, "reward_taker": s.reward_taker, "rest_points": s.rest_points,
        "scores": s.scores(), "vp_changed": [[s.vp_turn[p], s.vp_seq[p]] for p in range(s.players)],
        "events": [e.text() for e in s.events],
    }


def describe(s: HorlogerieState, viewer: int | None = None) -> str:
    """A readable summary of the position (hands hidden, except the viewer's)."""
    comp = s.comp
    ex, hr, ms = comp.exploration, comp.horlogers, comp.missions
    cur = s.current_player
    who = comp.seats[cur] if cur >= 0 else ("chance" if cur == -1 else "nobody (game over)")
    lines = [f"L'Horlogerie des Rats, {s.players} players, turn {s.turn}, {comp.seats[s.active]}'s turn; "
             f"step {s.step}; to decide: {who}",
             "Grid: " + "  ".join(ms.label(m) if m >= 0 else "(empty)" for m in s.grid),
             f"Decks: Exploration {len(s.exp_deck)} (discard {len(s.exp_discard)}), Danger {len(s.dan_deck)} "
             f"(discard {len(s.dan_discard)}), Horloger {len(s.hor_deck)}, MISSION {len(s.mis_deck)}"]
    if s.exp_table:
        lines.append(f"Explored: {' '.join(ex.names[f] for f in s.exp_table)} = {s.explored_sum()} "
                     f"(value {s.exploration_value()})")
    if s.dan_table:
        lines.append(f"Danger: {' '.join(comp.danger.names[f] for f in s.dan_table)} = {s.danger_sum()}")
    for p in range(s.players):
        team = ", ".join(f"{hr.names[h]}{'*' * w}" for h, w in zip(s.team[p], s.wounds[p])) or "no Horloger"
        finds = ", ".join(ms.names[m] + ("(t)" if t else "") for m, t in zip(s.finds[p], s.tapped[p])) or "none"
        hand = (" ".join(ex.names[f] for f in s.hands[p]) if viewer == p else f"{len(s.hands[p])} cards")
        lines.append(f"  {comp.seats[p]}: {s.vp(p)} VP; team {team}; finds {finds}; hand {hand}; "
                     f"load {s.load(p)}/{s.carry(p)}")
    return "\n".join(lines)


__all__ = ["state_to_json", "state_from_json", "observation", "describe", "FORMAT", "FIELDS", "InvalidPositionError"]
