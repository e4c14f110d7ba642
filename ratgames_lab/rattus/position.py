"""Rattus positions: the checks of a loaded position, the per-player observation and a terminal summary.

The fields themselves (their JSON form and types) are declared once, on ``RattusState.FIELDS``.
"""
from __future__ import annotations

from typing import Any

from ..core.position import require
from .components import CLASS_NAMES, CLASSES, CUBES_PER_PLAYER, KNIGHT, MAX_TOKENS, colour
from .steps import DRAW, OVER, PLAGUE_STEPS, SETUP, SPREAD, WITCH2, WITCH_SWAP_STEP



def check_conservation(data: dict, comp: Any) -> None:
    """Every token exactly once (board, supply, removed, revealed); cube totals; Witch peeks on the board."""
    n = comp.players
    topo = comp.topo
    ts = comp.tokens
    # every token exactly once: board, supply, removed from the game, revealed
    where: dict[str, str] = {}
    zones = [(f"regions.{name}.rats", data["regions"][name]["rats"]) for name in topo.names]
    zones += [("supply", data["supply"]), ("removed", data["removed"]), ("revealed", data["revealed"])]
    for zone, tokens in zones:
        for i, tid in enumerate(tokens):
            field = f"{zone}[{i}]"
            require(tid in ts.index, f"unknown rat token {tid!r}", field)
            require(tid not in where, f"token {tid} is also in {where.get(tid)}", field)
            where[tid] = zone
    missing = [t for t in ts.ids if t not in where]
    require(not missing, f"tokens missing from every zone: {', '.join(missing)}", "tokens")

    # cubes: one count per player, at most the player's cubes on the board and in the Castle
    for name in topo.names:
        require(len(data["regions"][name]["cubes"]) == n, f"must have one count per player ({n})",
                f"regions.{name}.cubes")
    for p in range(n):
        total = data["castle"][p] + sum(data["regions"][name]["cubes"][p] for name in topo.names)
        require(total <= CUBES_PER_PLAYER, f"{colour(p)} has {total} cubes on the board and in the Castle "
                f"(only {CUBES_PER_PLAYER})", f"castle[{p}]" if data["castle"][p] > CUBES_PER_PLAYER else "regions")
    # the setup tokens dealt to the regions at setup: one per region, still on the board or revealed since
    dealt = data.get("dealt_at_setup", [])  # missing or [] in a file from before it was recorded
    require(len(dealt) in (0, topo.size),
            f"must list the {topo.size} setup tokens dealt to the regions at setup (or none: not recorded)",
            "dealt_at_setup")
    require(len(set(dealt)) == len(dealt), "a token is listed twice", "dealt_at_setup")
    for i, tid in enumerate(dealt):
        field = f"dealt_at_setup[{i}]"
        require(tid in ts.index, f"unknown rat token {tid!r}", field)
        require(ts.setup[ts.index[tid]], f"{tid} is not a setup token", field)
        require(where[tid] == "revealed" or where[tid].startswith("regions."),
                f"{tid} was dealt to a region at setup: it cannot be in the {where[tid]}", field)
    for p, peeks in enumerate(data["peeks"]):
        for i, tid in enumerate(peeks):
            require(where.get(tid, "").startswith("regions."), "a Witch peek must be a face-down token on the board",
                    f"peeks[{p}][{i}]")
        require(len(set(peeks)) == len(peeks), "a token is listed twice", f"peeks[{p}]")


def check_consistency(s: Any) -> None:
    """The step, the turn flags, the Witch, the final round and the tokens must fit together."""
    n = s.players
    comp = s.comp
    step = s.step
    setup_steps = len(comp.setup_order)
    if step == SETUP:
        require(s.setup_index < setup_steps, f"setup has only {setup_steps} placements", "setup_index")
    else:
        require(s.setup_index == setup_steps, f"must be {setup_steps} once setup is over", "setup_index")
    for c in range(len(CLASSES)):
        require(not s.used[c] or s.owners[c] == s.active, f"the active player does not hold the "
                f"{CLASS_NAMES[CLASSES[c]]}", "used")
    require(not s.neutral or s.owners[KNIGHT] == s.active, "only the Knight's holder declares neutral cubes",
            "neutral")
    if step == DRAW:
        require(bool(s.supply), "a token is being drawn: the supply cannot be empty", "supply")
        require(s.spread_target in comp.topo.adjacent[s.plague] and len(s.rats[s.spread_target]) < MAX_TOKENS,
                "must be a neighbour of the plague with room for a token", "spread_target")
        require(s.spread_left >= 1, "a token is being drawn", "spread_left")
    else:
        require(s.spread_target < 0, "must be null unless a token is being drawn", "spread_target")
    if step != SPREAD and step != DRAW:
        require(s.spread_left == 0, "must be 0 outside the spread", "spread_left")
    first, second = s.witch
    if step == WITCH2:
        require(first >= 0 and second < 0, "the first token looked at (and no second)", "witch")
    elif step == WITCH_SWAP_STEP:
        require(first >= 0 and second >= 0 and first != second, "two different tokens looked at", "witch")
    else:
        require(first < 0 and second < 0, "must be [null, null] outside the Witch's power", "witch")
    for i, t in enumerate(s.witch):
        if t >= 0:
            require(s.locate(t) is not None, "must be a face-down token on the board", f"witch[{i}]")
            require(t in s.peeks[s.active], "the active player must have seen it", f"witch[{i}]")
    if step in PLAGUE_STEPS:
        require(not s.final_round, "the plague does not ravage during the final round", "step")
    if s.final_round and step != OVER:
        q = s.final_queue
        require(bool(q) and len(set(q)) == len(q) and all(0 <= p < n for p in q),
                "the players still to play in the final round", "final_queue")
        require(0 <= s.last_player < n and s.last_player not in q, "must be the player who played the last turn",
                "last_player")
        require(s.active == q[0], "must be the first player of final_queue", "active")
        require(s.ending is not None, "the final round follows an end condition", "ending")
        require(not s.took and not s.placed, "no card or placement in the final round", "took_class")
    else:
        require(not s.final_queue, "must be empty outside the final round", "final_queue")
    if not s.final_round:
        require(not s.final_neutral or step == OVER, "set only in the final round", "final_neutral")
    if step == OVER:
        require(all(not r for r in s.rats), "every token is revealed by the final plague", "regions")
        require(0 <= s.last_player < n and s.ending is not None, "a finished game has a last player and an ending",
                "last_player")
    if step == SETUP:
        require(all(o < 0 for o in s.owners), "no class card is taken during setup", "classes")


def observation(s: Any, player: int) -> dict:
    """What ``player`` may see: token counts (not ids), which slots hold a token dealt at setup, cubes, cards,
    revealed tokens and their own Witch peeks."""
    ts = s.comp.tokens
    names = s.comp.topo.names
    dealt = set(s.dealt)  # public: everybody saw which tokens went to the regions at setup, and every move since
    peeks = []
    for t in s.peeks[player] if 0 <= player < s.players else []:
        r, slot = s.locate(t)
        peeks.append({"region": names[r], "slot": slot, "token": ts.to_json(t)})
    return {
        "player": player, "players": s.players, "colours": [colour(p) for p in range(s.players)],
        "step": s.step, "active": s.active, "current_player": s.current_player, "turn": s.turn,
        "plague": names[s.plague],
        "regions": {names[r]: {"rats": len(s.rats[r]), "cubes": s.cubes[r][:],
                               "dealt_at_setup": [i for i, t in enumerate(s.rats[r]) if t in dealt]}
                    for r in range(len(names))},
        "castle": s.castle[:], "reserve": s.reserve[:], "supply": len(s.supply), "removed": len(s.removed),
        "revealed": [ts.to_json(t) for t in s.revealed],
        "classes": {c: (None if s.owners[i] < 0 else s.owners[i]) for i, c in enumerate(CLASSES)},
        "used": [c for i, c in enumerate(CLASSES) if s.used[i]], "took_class": s.took, "placed": s.placed,
        "spread_left": s.spread_left, "neutral": s.neutral, "peeks": peeks,
        "ending": s.ending, "final_round": s.final_round, "final_queue": s.final_queue[:],
        "final_neutral": s.final_neutral, "scores": s.scores(),
        "events": [e.text() for e in s.events],
    }


def step_is_chance(s: Any) -> bool:
    """True while a rat token is being drawn."""
    return s.step == DRAW


def describe(s: Any) -> str:
    """A readable summary of the position (token identities hidden)."""
    names = s.comp.topo.names
    n = s.players
    head = "game over" if s.step == OVER else ("final round" if s.final_round else f"turn {s.turn}")
    who = s.current_player
    to_play = colour(who) if who >= 0 else ("chance (a rat token is drawn)" if step_is_chance(s) else "nobody")
    lines = [f"Rattus, {n} players, {head}; step {s.step}; to play: {to_play}",
             f"Plague in {names[s.plague]}; supply {len(s.supply)} tokens, {len(s.revealed)} revealed"]
    for r, name in enumerate(names):
        cubes = ", ".join(f"{colour(p)} {c}" for p, c in enumerate(s.cubes[r]) if c) or "no cubes"
        mark = " <- plague" if r == s.plague else ""
        lines.append(f"  {name:10s} rats {'●' * len(s.rats[r]):3s} {cubes}{mark}")
    cards = ", ".join(f"{CLASS_NAMES[c]}: {colour(s.owners[i]) if s.owners[i] >= 0 else '-'}"
                      for i, c in enumerate(CLASSES))
    lines.append("Classes: " + cards)
    lines.append("Castle: " + ", ".join(f"{colour(p)} {s.castle[p]}" for p in range(n)))
    lines.append("Scores: " + ", ".join(f"{colour(p)} {v}" for p, v in enumerate(s.scores())))
    return "\n".join(lines)


__all__ = ["check_conservation", "check_consistency", "observation", "describe"]
