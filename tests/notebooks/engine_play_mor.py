"""Master of Rules from a lesson's position: the rest of one transaction played by the real engine, the others
playing a random card of their hand among the cards the rules allow (the lessons' model of play)."""
from __future__ import annotations

import random

from ratgames_lab.master_of_rules.actions import PlayNumber, PlayRule
from ratgames_lab.master_of_rules.cards import RULE_BY_ID

from .engine_checks import is_chance, sample_chance


def random_card(state, p: int, rng: random.Random):
    """A random card of p's hand among the allowed plays (a Rule type weighted by its cards in hand)."""
    legal = state.legal_actions()
    weights = [state.hand_rules[p][RULE_BY_ID[a.rule]] if isinstance(a, PlayRule) else 1 for a in legal]
    if not any(weights):
        return rng.choice(legal)
    return rng.choices(legal, weights=weights)[0]


def finish(world, seat: int, rng: random.Random, choose) -> int:
    """Play to the end of the transaction (``choose(world, rng)`` for ``seat``); the points ``seat`` gains."""
    start, before = world.transaction, world.scores()[seat]
    while world.transaction == start:
        p = world.current_player
        if is_chance(world):
            world.apply(sample_chance(world, rng))
        elif p == seat:
            world.apply(choose(world, rng))
        else:
            world.apply(random_card(world, p, rng))
    return world.scores()[seat] - before


def best_now(world, rng: random.Random):
    """The play that scores most in this transaction once everything before the judging is known (the last
    player's choice after the others' cards and the dummy's are on the table)."""
    seat = world.current_player

    def gain(action) -> int:
        w = world.clone()
        w.apply(action)
        return finish(w, seat, random.Random(0), lambda s, r: s.legal_actions()[0])

    return max(world.legal_actions(), key=gain)


def order(first):
    """Player policy: play ``first`` now, take any card, then the best play once the table is known."""
    def choose(world, rng):
        legal = world.legal_actions()
        if first in legal:
            return first
        if world.phase != "play":
            return rng.choice(legal)
        return best_now(world, rng)
    return choose


def number_first(card: str):
    """Play this Number card now, the best Rule card later."""
    return order(PlayNumber(card))


def rule_first(rule: str):
    """Play this Rule card now, the best Number card later."""
    return order(PlayRule(rule))


def support_right_fulfilled(state, rng: random.Random) -> bool:
    """Player 1 plays the red 3's Support Right (the lesson's section 1): is it fulfilled at the judging?"""
    world = state.determinize(0, rng)

    def choose(w, r):
        legal = w.legal_actions()
        return PlayRule("support_right") if PlayRule("support_right") in legal else r.choice(legal)

    seen = len(world.events)
    finish(world, 0, rng, choose)
    return any(e.kind == "judge_fulfilled" and e.params["player"] == "Player 1" for e in world.events[seen:])
