"""Helpers for the L'Horlogerie des Rats tests: positions by name, feeding chance, rejected actions."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl
from ratgames_lab.horlogerie.actions import DRAW, STOP, DeckCard, MissionCard
from ratgames_lab.horlogerie.bots import ThresholdBot
from ratgames_lab.horlogerie.scenarios import arrange  # noqa: F401  (re-exported for the tests)

E, D = "exploration", "danger"


def draw(state, card: str, deck: str = E) -> None:
    """The drawer draws, and chance brings ``card``."""
    state.apply(DRAW)
    state.apply(DeckCard(deck, card))


def explore(state, *cards: str, stop: bool = True) -> None:
    """The explorer draws ``cards`` in order, then stops (if still below the value and ``stop``)."""
    for c in cards:
        draw(state, c, E)
    if stop and state.step == "explore":
        state.apply(STOP)


def danger(state, *cards: str, stop: bool = True) -> None:
    """The left neighbour draws these Danger cards in order, then stops (if still drawing and ``stop``)."""
    for c in cards:
        draw(state, c, D)
    if stop and state.step == "danger":
        state.apply(STOP)


def refill(state, *missions: str) -> None:
    """Chance deals these missions into the grid."""
    for m in missions:
        state.apply(MissionCard(m))


def finish_turn(state, seed: int = 0) -> None:
    """Play until the turn player changes (or the game ends) with threshold bots and seeded chance."""
    p, turn = state.active, state.turn
    rng = random.Random(seed)
    bot = ThresholdBot()
    while not state.is_terminal() and state.turn == turn:
        if state.current_player == rl.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            state.apply(bot.choose(state, rng))
    assert state.is_terminal() or state.active != p


def assert_rejected(state, bad, rule: str) -> None:
    """``bad`` raises IllegalActionError naming ``rule`` (through apply and check), changing nothing."""
    before = state.to_json()
    for attempt in (state.apply, state.check):
        with pytest.raises(rl.IllegalActionError) as err:
            attempt(bad)
        assert err.value.rule == rule, (bad, err.value)
        assert state.to_json() == before
    assert not state.is_legal(bad)


def names(state, cards: list[int], table: str = E) -> list[str]:
    """Card names of face indices."""
    comp = state.comp
    return [{"exploration": comp.exploration, "danger": comp.danger}[table].names[f] for f in cards]


def find_names(state, p: int) -> list[str]:
    """The finds of ``p`` by name."""
    return [state.comp.missions.names[m] for m in state.finds[p]]
