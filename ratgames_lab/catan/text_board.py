"""The Catan board as text for the terminal (``ratgames play catan``): the hexes with their resource and number in
their board positions, the robber, the harbours, every player's pieces, and a legend; the spots, edges and tiles are
named with the same words as the menu and the dashboards (``place_names``)."""
from __future__ import annotations

import math
import re
from typing import Any

from .place_names import action_text as _action_text
from .place_names import name_places, place_names
from .translate import _, ngettext, player

CELL = 7  # characters per half hex width


def _grid(state: Any) -> list[str]:
    """One line per row of hexes, each hex written where it lies: 'ore 5', 'desert R' (R: the robber)."""
    topo, names = state.comp.topo, place_names(state)
    obs = state.observation(-1)
    robber = obs.get("robber")
    cells = []
    for t, (x, y) in enumerate(topo.tile_xy):
        text = names.tile_short(t)
        if t == robber:
            text += " R"
        cells.append((round(y / 1.5), round(x / (math.sqrt(3) / 2)), text))
    rows = sorted({r for r, _, _ in cells})
    low = min(c for _, c, _ in cells)
    lines = []
    for r in rows:
        line = ""
        for _, c, text in sorted(cell for cell in cells if cell[0] == r):
            start = (c - low) * CELL
            line = line.ljust(start) + f"[{text}]".center(2 * CELL - 1)[: 2 * CELL - 1]
        lines.append(line.rstrip())
    return lines


def _pieces(state: Any) -> list[str]:
    """Each player's buildings and roads, places named."""
    obs = state.observation(-1)
    names = place_names(state)
    lines = []
    for p in range(state.players):
        who = player(state.player_name(p)) if hasattr(state, "player_name") else _("Player {number}").format(
            number=p + 1)
        spots = [(_("city at ({spot})") if level and level >= 2 else _("settlement at ({spot})")).format(
            spot=names.spot(n)) for n, (owner, level) in enumerate(_buildings(obs)) if owner == p]
        n = len([e for e, owner in enumerate(_roads(obs)) if owner == p])
        road_words = (ngettext("{n} road or ship", "{n} roads or ships", n) if "edges" in obs
                      else ngettext("{n} road", "{n} roads", n)).format(n=n)
        lines.append(f"  {who}: " + ("; ".join(spots) if spots else _("no building yet")) + f"; {road_words}")
    return lines


def _buildings(obs: dict) -> list[tuple[int | None, int]]:
    """(owner, level) of every intersection (level 1 a settlement, 2 a city)."""
    nodes = obs.get("intersections", {})
    return list(zip(nodes.get("owner", []), nodes.get("level", [])))


def _roads(obs: dict) -> list[int | None]:
    """The owner of every edge's road (or ship, in the combined variant)."""
    edges = obs.get("roads", obs.get("edges", []))
    return edges.get("owner", []) if isinstance(edges, dict) else edges


def board_text(state: Any) -> str:
    """The board drawn as text, with its harbours, pieces and a legend."""
    obs = state.observation(-1)
    names = place_names(state)
    harbours = sorted({_("{harbour} at ({spot})").format(harbour=names.harbour_at[n], spot=names.spot(n))
                       for h in obs.get("harbours", []) for n in state.comp.topo.edge_nodes[h["edge"]]})
    return "\n".join([_("The board (each [ ] is a tile: its resource and number):"), *_grid(state),
                      _("Harbours:"), *(f"  {h}" for h in harbours), _("Pieces:"), *_pieces(state),
                      _("Legend: [ore 5] a tile producing ore on a roll of 5 · R the robber · ~~ the sea · a spot "
                        "(where a settlement goes) is named by the tiles and harbour it touches, an edge (where a "
                        "road goes) by the two tiles on its sides.")])


def state_text(state: Any, seat: int) -> str:
    """What the terminal shows before a decision: the board, then the position in words, places named."""
    describe = state.describe() if hasattr(state, "describe") else ""
    describe = re.sub(r"[\w-]+ \[[\d, ]*\],? ?", "", describe or "")  # the pieces (settlements [..]) are listed above
    hand = state.hand_text(seat) if hasattr(state, "hand_text") else ""
    return plural("\n".join(x for x in (board_text(state), name_places(state, describe), hand) if x))


def plural(text: str) -> str:
    """'1 ship(s)' -> '1 ship', '2 ship(s)' -> '2 ships'."""
    return re.sub(r"\b(\d+) (\w+)\(s\)", lambda m: f"{m.group(1)} {m.group(2)}" + ("" if m.group(1) == "1" else "s"),
                  text)


def action_text(state: Any, action: Any) -> str:
    """A menu entry: places named as on the board, a bank trade with its rate."""
    return _action_text(state, action)


def event_text(state: Any, event: Any) -> str:
    """An event line, places named."""
    return name_places(state, event.text())


__all__ = ["action_text", "board_text", "event_text", "plural", "state_text"]
