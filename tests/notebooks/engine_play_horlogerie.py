"""L'Horlogerie des Rats from a lesson's position: the explorer's stop-or-draw turn played by the real engine
under a lesson's stated policy, and the exploration points kept (the lowest card after a bust, as the lessons'
model lets the right neighbour choose); the left neighbour's Danger phase, and the wounds it inflicts."""
from __future__ import annotations

import json
import random
from functools import lru_cache
from pathlib import Path
from typing import Callable

import ratgames_lab as rl
import ratgames_lab.horlogerie as horlogerie
from ratgames_lab.horlogerie import odds
from ratgames_lab.horlogerie.actions import Draw, Stop
from ratgames_lab.horlogerie.phases import DANGER, DANGER_DRAW

from .engine_checks import sample_chance

POSITIONS = Path(horlogerie.__file__).parent / "positions"


def position(tmp: Path, name: str, *, table: list[str], gone: tuple[str, ...] = ()) -> object:
    """The state of the shipped position ``name`` with ``table`` drawn and the faces ending in ``gone`` discarded."""
    doc = json.loads((POSITIONS / f"{name}.json").read_text(encoding="utf-8"))
    pos = doc["position"]
    deck = pos["exp_deck"] + pos["exp_table"]
    for face in table:
        deck.remove(face)
    pos["exp_deck"] = [f for f in deck if not (gone and f.endswith(gone))]
    pos["exp_discard"] = pos["exp_discard"] + [f for f in deck if gone and f.endswith(gone)]
    pos["exp_table"] = list(table)
    path = tmp / f"{name}_{'_'.join(table) or 'fresh'}_{'_'.join(gone)}.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return rl.load_position(path)[1]


def fresh(game, team: list[str]) -> object:
    """Player 1 about to explore with ``team`` from the full Exploration deck of ``game`` (its own deck data)."""
    pos = json.loads((POSITIONS / "push_your_luck.json").read_text(encoding="utf-8"))["position"]
    new = game.new_state().to_json()
    others = [h for t in pos["team"][1:] for h in t]
    horlogers = new["hor_deck"] + [h for t in new["team"] for h in t]
    for h in team + others:
        horlogers.remove(h)
    pos.update(exp_deck=sorted(new["exp_deck"] + new["exp_discard"] + new["exp_table"]), exp_table=[],
               exp_discard=[], hor_deck=sorted(horlogers), team=[team] + pos["team"][1:])
    return game.state_from_json(pos)


@lru_cache(maxsize=None)
def _best(phase, objective) -> str:
    return odds.stop_or_draw(phase, objective).best


def optimal(state, drawn: int) -> bool:
    """The points-optimal policy: draw if drawing then playing well keeps more points than stopping."""
    return _best(odds.exploration_phase(state, player=state.current_player), odds.POINTS) == "draw"


def wounding(state, drawn: int) -> bool:
    """The danger drawer's wound-maximising policy: draw if drawing then playing well wounds more than stopping."""
    return _best(odds.danger_phase(state, player=state.current_player), odds.WOUNDS) == "draw"


def once(state, drawn: int) -> bool:
    """Draw one card, then stop."""
    return drawn == 0


def then_optimal(state, drawn: int) -> bool:
    """Draw one card, then play the points-optimal policy."""
    return drawn == 0 or optimal(state, drawn)


def threshold(k: int) -> Callable:
    """Draw while the total is below the exploration value minus k."""
    return lambda state, drawn: state.explored_sum() < state.exploration_value() - k


def points_kept(start, policy: Callable, rng: random.Random) -> int:
    """Play the explorer's turn from ``start`` under ``policy``: the exploration points kept."""
    s = start.clone()
    explorer, drawn = s.current_player, 0
    while s.step.startswith("explore"):  # the draws, and the chance nodes that reveal them
        if s.is_chance_node():
            s.apply(sample_chance(s, rng))
            continue
        assert s.current_player == explorer
        go = any(isinstance(a, Draw) for a in s.legal_actions()) and policy(s, drawn)
        s.apply(Draw() if go else Stop())
        drawn += go
    values = [s.comp.exploration.value[f] for f in s.exp_table]
    return min(values) if s.explore_result == "bust" else sum(values)


def wounds_dealt(start, policy: Callable, rng: random.Random) -> int:
    """Play the left neighbour's Danger phase from ``start`` under ``policy``: the wounds the explorer must take
    (none after a bust)."""
    s = start.clone()
    drawer, drawn = s.current_player, 0
    while s.step in (DANGER, DANGER_DRAW):
        if s.is_chance_node():
            s.apply(sample_chance(s, rng))
            continue
        assert s.current_player == drawer
        go = policy(s, drawn)
        s.apply(Draw() if go else Stop())
        drawn += go
    return 0 if s.danger_result == "bust" else s.pending_wounds()
