"""Bots for L'Horlogerie des Rats: a threshold bot and an optimal-stopping bot (explorer and danger drawer).

Both share a playbook for the other decisions (discard the lowest cards, buy the richest mission with the
cheapest payment, save Horlogers with Amulets and rest, give opponents the worst choice). They read only what
their seat may know: public cards, their own hand and their own Spyglass looks (``odds`` phases use the seat).
"""
from __future__ import annotations

import abc
import random
from fractions import Fraction

from ..core.protocol import Action
from .actions import (DRAW, DRAW_RECRUITS, END_DISCOVER, END_REST, STOP, Buy, ChooseRecruit, DiscardCard,
                      DiscardFind, GiveFind, Heal, KeepCard, RestDiscard, Untap, UseAmulet, UseCompass, UseSpyglass,
                      Wound)
from .odds import Objective, danger_phase, exploration_phase, next_card, solve, turn_objective
from .phases import DANGER, DISCOVER, DISCOVERY, EXPLORE, LOAD, RECRUIT, RECRUIT_CHOOSE, REST, REWARD, WOUNDS
from .rules import HorlogerieState

WOUND_VP = Fraction(1, 4)   # what a wound on an opponent is worth to the danger drawer, in VP
COMPASS_GAIN = Fraction(1, 4)  # use a Compass when it raises the turn's expected VP by at least this much


class PlaybookBot(abc.ABC):
    """Every decision but draw-or-stop, by simple rules; subclasses decide draw-or-stop."""

    name = "playbook"

    def choose(self, state: HorlogerieState, rng: random.Random) -> Action:
        """The bot's action for the seat to move."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        step = state.step
        if step in (EXPLORE, DANGER):
            action = self.draw_step(state, me, legal)
        else:
            action = _PLAYBOOK[step](state, me, legal)
        return action if action in legal else legal[0]

    def draw_step(self, state: HorlogerieState, me: int, legal: list[Action]) -> Action:
        """Draw-or-stop (and powers) at the explorer's or the danger drawer's decision."""
        return DRAW if self.wants_draw(state, me) else STOP

    @abc.abstractmethod
    def wants_draw(self, state: HorlogerieState, me: int) -> bool:
        """True to draw the next card, False to stop."""


class ThresholdBot(PlaybookBot):
    """Draws while the total is below the target minus ``margin`` (stop at value - k), as explorer and drawer."""

    name = "threshold"

    def __init__(self, margin: int = 1, danger_margin: int | None = None):
        self.margin = margin
        self.danger_margin = margin if danger_margin is None else danger_margin

    def wants_draw(self, state: HorlogerieState, me: int) -> bool:
        if state.step == EXPLORE:
            total, target, margin = state.explored_sum(), state.exploration_value(), self.margin
            drawn = state.exp_table
        else:
            total, target, margin = state.danger_sum(), state.explored_sum(), self.danger_margin
            drawn = state.dan_table
        return not drawn or total < target - margin


class OptimalBot(PlaybookBot):
    """Draws or stops by the exact dynamic programme (odds.solve) over the deck its seat knows.

    Explorer: maximises the turn's expected VP (points kept at the missions' VP rate, plus the cheapest find
    for a perfect draw); uses a Compass when it adds at least COMPASS_GAIN, a Spyglass before an uncertain draw.
    Danger drawer: maximises the cheapest find for a perfect danger plus WOUND_VP per wound inflicted.
    """

    name = "optimal"

    def objective(self, state: HorlogerieState) -> Objective:
        """The objective of the drawing phase under way."""
        base = turn_objective(state)
        if state.step == EXPLORE:
            return base
        return Objective(perfect=base.perfect, wound=WOUND_VP)

    def phase(self, state: HorlogerieState, me: int, target: int | None = None):
        """The phase as this seat knows it."""
        if state.step == EXPLORE:
            return exploration_phase(state, me, target)
        return danger_phase(state, me)

    def wants_draw(self, state: HorlogerieState, me: int) -> bool:
        return solve(self.phase(state, me), self.objective(state)).draw

    def draw_step(self, state: HorlogerieState, me: int, legal: list[Action]) -> Action:
        compasses = [a for a in legal if isinstance(a, UseCompass)]
        if compasses:
            obj = self.objective(state)
            now = solve(self.phase(state, me), obj).value
            more = solve(self.phase(state, me, state.exploration_value() + 1), obj).value
            if more - now >= COMPASS_GAIN:
                return compasses[0]
        ph = self.phase(state, me)
        glasses = [a for a in legal if isinstance(a, UseSpyglass)]
        deck = "exploration" if state.step == EXPLORE else "danger"
        glasses = [a for a in glasses if a.deck == deck]
        if glasses and ph.top < 0 and ph.cards > 0:
            odds = next_card(ph)
            if odds.bust and (odds.under or odds.exact):
                return glasses[0]
        return DRAW if solve(ph, self.objective(state)).draw else STOP


HeuristicBot = OptimalBot


# --------------------------------------------------------------------------------------------
# The playbook: one function per step
# --------------------------------------------------------------------------------------------
def _load(state: HorlogerieState, me: int, legal: list[Action]) -> Action:
    ex, ms = state.comp.exploration, state.comp.missions
    cards = [a for a in legal if isinstance(a, DiscardCard)]
    if cards:
        return min(cards, key=lambda a: ex.value[ex.index[a.card]])
    finds = [a for a in legal if isinstance(a, DiscardFind)]
    return min(finds, key=lambda a: (ms.vp[ms.index[a.find]], -ms.encumbrance[ms.index[a.find]]))


def _recruit(state: HorlogerieState, me: int, legal: list[Action]) -> Action:
    return DRAW_RECRUITS


def _choose(state: HorlogerieState, me: int, legal: list[Action]) -> Action:
    hr = state.comp.horlogers
    return max((a for a in legal if isinstance(a, ChooseRecruit)),
               key=lambda a: (hr.exploration[hr.index[a.profile]] + hr.toughness[hr.index[a.profile]],
                              hr.carry[hr.index[a.profile]]))


def _reward(state: HorlogerieState, me: int, legal: list[Action]) -> Action:
    ms = state.comp.missions
    options = [a for a in legal if isinstance(a, GiveFind)]
    if state.reward_taker == me:
        return min(options, key=lambda a: ms.encumbrance[ms.index[a.mission]])
    return max(options, key=lambda a: ms.encumbrance[ms.index[a.mission]])  # the heaviest for an opponent


def _wounds(state: HorlogerieState, me: int, legal: list[Action]) -> Action:
    hr = state.comp.horlogers
    team, wounds = state.team[me], state.wounds[me]
    room = [hr.toughness[h] - w for h, w in zip(team, wounds)]
    amulets = [a for a in legal if isinstance(a, UseAmulet)]
    if amulets and max(room, default=0) <= 0:
        return amulets[0]
    if max(room) > 0:
        slot = max(range(len(team)), key=lambda i: (room[i], -hr.exploration[team[i]]))
    else:
        slot = min(range(len(team)), key=lambda i: (hr.exploration[team[i]] + hr.carry[team[i]]))
    return Wound(slot)


def _discovery(state: HorlogerieState, me: int, legal: list[Action]) -> Action:
    ex = state.comp.exploration
    keep = [a for a in legal if isinstance(a, KeepCard)]
    return min(keep, key=lambda a: ex.value[ex.index[a.card]])  # the worst card for the failed explorer


def _discover(state: HorlogerieState, me: int, legal: list[Action]) -> Action:
    ex, ms = state.comp.exploration, state.comp.missions
    buys = [a for a in legal if isinstance(a, Buy)]
    if not buys:
        return END_DISCOVER
    return max(buys, key=lambda a: (ms.vp[ms.index[a.mission]],
                                    -sum(ex.value[ex.index[c]] for c in a.cards), -len(a.cards), a.cards))


def _rest(state: HorlogerieState, me: int, legal: list[Action]) -> Action:
    ex, hr = state.comp.exploration, state.comp.horlogers
    heals = [a for a in legal if isinstance(a, Heal)]
    untaps = [a for a in legal if isinstance(a, Untap)]
    if heals:
        team, wounds = state.team[me], state.wounds[me]
        return max(heals, key=lambda a: wounds[a.slot] - hr.toughness[team[a.slot]])
    if untaps:
        return untaps[0]
    discards = sorted((a for a in legal if isinstance(a, RestDiscard)), key=lambda a: ex.value[ex.index[a.card]])
    wounded = any(state.wounds[me])
    tapped = any(state.tapped[me])
    excess = state.load(me) - state.carry(me)
    if discards and (excess > 0 and (wounded or tapped)):
        return discards[0]
    if discards and wounded and len(state.hands[me]) >= 3:
        return discards[0]
    return END_REST


_PLAYBOOK = {LOAD: _load, RECRUIT: _recruit, RECRUIT_CHOOSE: _choose, REWARD: _reward, WOUNDS: _wounds,
             DISCOVERY: _discovery, DISCOVER: _discover, REST: _rest}
