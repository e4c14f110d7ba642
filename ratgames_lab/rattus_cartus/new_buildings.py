"""Phase A, new buildings (new_buildings): reveal 2 or 3, replace identical ones."""
from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import ReplacementBuilding, RevealBuilding

if TYPE_CHECKING:
    from .rules import CartusState


def auto_round(s: CartusState, t: list) -> None:
    """Start a round: reveal 2 or 3 buildings from the building deck."""
    s.emit("round_start", "round", round=s.round, rounds=s.comp.rounds, player=s.name(s.first))
    s.tasks[0:0] = [["reveal"] for _ in range(s.comp.reveal)] + [["identical"]]


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
        s.entrants.pop()
        s.placed.pop()
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
    s.entrants.append([])
    s.placed.append([])
    s.emit("replacement", "new_buildings.identical", slot=len(s.shown), building=s.comp.building_label(b))
