"""Catan's end screen (base game and combined variant): each player's victory points by source, with the hidden
Victory Point cards revealed, the winner and how the game ended."""
from __future__ import annotations

from typing import Sequence

from ratgames_lab.catan import SPECIAL_VP

from .catan_combined_view import vp_parts
from .common.end_screen import Part, score_table_html


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def base_parts(obs: dict, own: dict, p: int) -> list[Part]:
    """(source, VP) of p in the base game: settlements, cities, the two special cards and the Victory Point cards
    (``own``: p's own observation, where p's hidden cards are seen)."""
    inter = obs["intersections"]
    settlements = sum(1 for o, lv in zip(inter["owner"], inter["level"]) if o == p and lv == 1)
    cities = sum(1 for o, lv in zip(inter["owner"], inter["level"]) if o == p and lv == 2)
    dev = own["development"][p]
    cards = dev.get("hand", {}).get("victory_point", 0) + dev.get("new", {}).get("victory_point", 0)
    parts = [(_count(settlements, "settlement", "settlements"), settlements),
             (_count(cities, "city", "cities") + " (2 each)", 2 * cities),
             ("Longest Road card", SPECIAL_VP if obs["longest_road"] == p else 0),
             ("Largest Army card", SPECIAL_VP if obs["largest_army"] == p else 0),
             (_count(cards, "Victory Point card", "Victory Point cards") + " (were hidden)", cards)]
    return [(what, n) for what, n in parts if n]


def score_parts(state, obs: dict, merchant_vp: bool | None) -> list[list[Part]]:
    """Every player's (source, VP); ``merchant_vp`` None for the base game, else the variant's merchant option."""
    if merchant_vp is not None:
        return [vp_parts(obs, p, merchant_vp) for p in range(obs["players"])]
    return [base_parts(obs, state.observation(p), p) for p in range(obs["players"])]


def catan_end_html(names: Sequence[str], parts: Sequence[Sequence[Part]], state, target: int) -> str:
    """The final table and how the game ended (a win on one's own turn, or the turn cap: a draw)."""
    winners = [p for p, r in enumerate(state.returns()) if r > 0]
    notes = [e.text() for e in state.events if e.kind in ("win", "turn_cap")]
    notes.append(f"Only the player whose turn it is can win, on reaching {target} VP; the others' points do not "
                 "matter then, so there is no tie-break." if winners else
                 "Nobody reached the target before the turn cap: the game is a draw.")
    return score_table_html(names, parts, state.scores(), winners, notes)


__all__ = ["base_parts", "score_parts", "catan_end_html"]
