"""Rattus from a lesson's position, played by the real engine: one ravage of a region seen from Red's view, and
the plague's one-move table read from the engine's legal moves (helpers of test_lesson_conclusions_more.py)."""
from __future__ import annotations

import random

from ratgames_lab.rattus.actions import KnightNeutral, MovePlague

from .engine_checks import is_chance


def ravage(state, region: str | None, rng: random.Random, declare: bool = False):
    """Red moves the plague to ``region`` (None: a random neighbour) in a world dealt from Red's view; the ravage's
    events (a random token is revealed each time, new tokens spread to the first neighbour offered, as in lesson
    22; holding the Knight, Red declares the 2 neutral cubes only if ``declare``), the world before and after."""
    world = state.determinize(0, rng)
    before = world.clone()
    seen = len(world.events)
    if region is None:
        region = rng.choice(sorted({a.to for a in world.legal_actions() if isinstance(a, MovePlague)}))
    world.apply(MovePlague(to=region, via=None))
    while world.active == 0 and world.step not in ("after", "main"):
        if is_chance(world):
            world.apply(world.sample_chance(rng))
        elif world.step == "reveal":
            world.apply(rng.choice(world.legal_actions()))
        elif world.step == "neutral":
            world.apply(KnightNeutral(declare=declare))
        else:
            world.apply(world.legal_actions()[0])
    return world.events[seen:], before, world


def cubes_lost(before, after, region: str, player: int) -> int:
    """Cubes ``player`` lost in ``region`` between two states."""
    cubes = [s.to_json()["regions"][region]["cubes"][player] for s in (before, after)]
    return cubes[0] - cubes[1]


def plague_moves(game, state) -> dict[str, list[str]]:
    """For every region, the regions the engine lets the current player move the plague to from there."""
    world = state.clone()
    rng = random.Random(0)
    while not any(isinstance(a, MovePlague) for a in world.legal_actions()):
        world.apply(world.sample_chance(rng) if is_chance(world) else world.legal_actions()[-1])
    data = world.to_json()
    table = {}
    for region in data["regions"]:
        data["plague"] = region
        moved = game.state_from_json(data)
        table[region] = sorted({a.to for a in moved.legal_actions() if isinstance(a, MovePlague)})
    return table


def plague_next_to(game, state, region: str, neighbour: str):
    """The same position with the plague moved to ``neighbour`` of ``region`` (for a region it cannot reach now)."""
    data = state.to_json()
    data["plague"] = neighbour
    return game.state_from_json(data)
