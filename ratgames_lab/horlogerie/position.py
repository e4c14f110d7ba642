"""L'Horlogerie des Rats positions: the cross-field checks of a loaded position, observations, terminal texts.

The state's fields are declared once in rules.py (core derives clone, JSON and field validation from them);
these functions only read the state. InvalidPositionError names the bad field.
"""
from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..core.position import require
from .actions import DECKS
from .names import faces_text, find_name, mission_label
from .phases import (DANGER, DANGER_DRAW, DISCOVER, DISCOVERY, EXPLORE, EXPLORE_DRAW, GRID_SIZE, LOAD, OVER, PEEK,
                     RECRUIT, RECRUIT_CHOOSE, RECRUIT_DRAW, REFILL, REST, REWARD, TEAM_SIZE, WOUNDS)
from .translate import _, name, ngettext, shown

if TYPE_CHECKING:
    from .state import HorlogerieData

def _conserved(have: list[int], full: tuple[int, ...], names: tuple[str, ...], field: str) -> None:
    got, want = Counter(have), Counter(full)
    for f in sorted(set(got) | set(want)):
        require(got[f] == want[f], f"{names[f]} appears {got[f]} times in the game, the deck has {want[f]}", field)


def check_consistency(s: "HorlogerieData") -> None:
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


def observation(s: "HorlogerieData", player: int) -> dict:
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


def describe(s: "HorlogerieData", viewer: int | None = None) -> str:
    """A readable summary of the position (hands hidden, except the viewer's)."""
    comp = s.comp
    ex, hr, ms = comp.exploration, comp.horlogers, comp.missions
    cur = s.current_player
    who = shown(comp.seats[cur]) if cur >= 0 else (_("chance") if cur == -1 else _("nobody (game over)"))
    lines = [_("L'Horlogerie des Rats, {players} players, turn {turn}, {player}'s turn; step {step}; to decide: "
               "{who}").format(players=s.players, turn=s.turn, player=shown(comp.seats[s.active]), step=s.step,
                               who=who),
             _("Grid: {grid}").format(grid="; ".join(shown(mission_label(ms, m)) if m >= 0 else _("(empty)")
                                                     for m in s.grid)),
             _("Decks: Exploration {exploration} (discard {exploration_discard}), Danger {danger} (discard "
               "{danger_discard}), Horloger {horlogers}, MISSION {missions}").format(
                 exploration=len(s.exp_deck), exploration_discard=len(s.exp_discard), danger=len(s.dan_deck),
                 danger_discard=len(s.dan_discard), horlogers=len(s.hor_deck), missions=len(s.mis_deck))]
    if s.exp_table:
        lines.append(_("Explored: {cards} = {total} (value {value})").format(
            cards=shown(faces_text(ex.names[f] for f in s.exp_table)), total=s.explored_sum(),
            value=s.exploration_value()))
    if s.dan_table:
        lines.append(_("Danger: {cards} = {total}").format(
            cards=shown(faces_text(comp.danger.names[f] for f in s.dan_table)), total=s.danger_sum()))
    for p in range(s.players):
        team = ", ".join(f"{shown(hr.names[h])}{'*' * w}" for h, w in zip(s.team[p], s.wounds[p])) or \
            _("no Horloger")
        finds = ", ".join(shown(find_name(ms, m)) + (" " + name("tapped") if t else "")
                          for m, t in zip(s.finds[p], s.tapped[p])) or name("none")
        n = len(s.hands[p])
        hand = shown(faces_text(ex.names[f] for f in s.hands[p])) if viewer == p else \
            ngettext("{n} card", "{n} cards", n).format(n=n)
        lines.append("  " + _("{player}: {vp} VP; team {team}; finds {finds}; hand {hand}; load {load}/{carry}").format(
            player=shown(comp.seats[p]), vp=s.vp(p), team=team, finds=finds, hand=hand, load=s.load(p),
            carry=s.carry(p)))
    return "\n".join(lines)


def hand_text(s: "HorlogerieData", player: int) -> str:
    """'Your hand: Swamp 1, Swamp 3, River 5 (3 cards; load 4 of carry 9)'."""
    ex = s.comp.exploration
    n = len(s.hands[player])
    return ngettext("Your hand: {cards} ({n} card; load {load} of carry {carry})",
                    "Your hand: {cards} ({n} cards; load {load} of carry {carry})", n).format(
        cards=shown(faces_text(ex.names[f] for f in s.hands[player])), n=n, load=s.load(player),
        carry=s.carry(player))


__all__ = ["check_consistency", "observation", "describe", "hand_text"]
