"""Scenario helpers of the trade, position and hidden-information tests: a combined game played at random to a
given phase, and hands or progress cards set by moving cards from the bank or the decks (so everything stays
conserved)."""
from __future__ import annotations

import random

import ratgames_lab as rl
from ratgames_lab.catan.combined.components import CARDS, PROGRESS_DECK_OF, PROGRESS_IDS
from ratgames_lab.core.protocol import CHANCE, TERMINAL

from .helpers import skip_wagons


def game(players: int = 3, seed: int = 1, **options):
    """A combined game (a short turn cap so random games end quickly)."""
    options.setdefault("turn_cap", 200)
    return rl.load_game("catan", players, seed=seed, variant="combined", **options)


def play_until(g, test, seed: int = 1, limit: int = 20000):
    """Play random legal actions (chance sampled) until ``test(state)`` holds; None if the game ends first. The
    wagons' setup is played the plain way first (``helpers.skip_wagons``)."""
    s = skip_wagons(g.new_state())
    rng = random.Random(seed)
    for _ in range(limit):
        if test(s):
            return s
        if s.current_player == TERMINAL:
            return None
        s.apply(s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
    return None


def main_position(players: int = 3, seed: int = 1, **options):
    """A position in the action phase after a roll (turn 1 or later)."""
    s = play_until(game(players, seed, **options), lambda s: s.phase == "main" and s.turn >= 1, seed)
    assert s is not None
    return s


def give_progress(s, p: int, *cards: str) -> None:
    """Move these progress cards from their decks into p's hand; then rebuild."""
    for card in cards:
        i = PROGRESS_IDS.index(card)
        d = PROGRESS_DECK_OF[i]
        assert s.progress_decks[d][i] > 0
        s.progress_decks[d][i] -= 1
        s.progress_hand[p][i] += 1
    s.after_load()


def amounts(money: int = 0, **cards: int) -> tuple[int, ...]:
    """9 trade counts: the 8 cards, then money."""
    return tuple(cards.get(c, 0) for c in CARDS) + (money,)
