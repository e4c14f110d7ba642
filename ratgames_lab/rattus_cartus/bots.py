"""Rattus Cartus heuristic bot: gain influence with cards of the building's class, keep rats below the nuns.

It decides only from what its seat may know: its own hand and looks, public tracks, rats, entrants and announced
counts, and the exact survival odds of odds.py computed from the cards it has seen.
"""
from __future__ import annotations

import random

from ..core.protocol import Action
from .actions import PLAY_PASS, STOP, USE, Enter, HospitalDiscard
from .odds import player_row_distribution, survival

PILE_VALUE = {"joker": 1.2, "pass": 0.4, "sword": 0.6, "flute": 0.5, "gold": 1.4, "vp": 1.0}


class HeuristicBot:
    """A readable strategy a student can beat and explain (see docs/rattus_cartus.md)."""

    name = "heuristic"

    def choose(self, state, rng: random.Random) -> Action:
        """The bot's action for the player to move."""
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        t = state.tasks[0]
        p = t[1]
        name = t[0]
        if name == "support":
            return max(actions, key=lambda a: self.support_value(state, p, a.slot))
        if name == "visit":
            return self.visit(state, p, actions)
        if name == "place":
            return self.place(state, p, t[2], actions)
        if name == "look":
            mine = set(state.looks[p])
            fresh = [a for a in actions if a.position not in mine]
            return (fresh or actions)[0]
        if name == "give":
            return min(actions, key=lambda a: self.card_value(state, p, state.comp.card_index[a.card], -1))
        if name == "offer":
            return USE  # every building action helps this bot more than it exposes it to Swords and Towers
        if name == "hospital":
            return self.hospital(state, p, actions)
        if name == "choose":
            # Sword: take from the biggest hand; Flute: send the rat to the player with most influence
            if t[3] == 0:
                return max(actions, key=lambda a: (len(state.hands[a.player]), -a.player))
            return max(actions, key=lambda a: (sum(row[a.player] for row in state.influence), -a.player))
        return actions[0]

    # -- values -----------------------------------------------------------------------------------
    def rat_value(self, state, p: int, rats: int | None = None) -> float:
        """What one rat fewer is worth now: the survival probability it buys, in VP-like units."""
        r = state.rats[p] if rats is None else rats
        dist = player_row_distribution(state, p)
        gain = float(survival(max(r - 1, 0), dist) - survival(r, dist)) if r > 0 else 0.0
        return 0.3 + 25 * gain

    def effect_value(self, state, p: int, effect: dict, played: int = 0) -> float:
        """A rough value of one effect from the data files."""
        kind = effect["effect"]
        if kind == "draw":
            return 0.6 * effect["count"]
        if kind == "discard_rats":
            return self.rat_value(state, p) * min(effect["count"], state.rats[p])
        if kind == "look":
            return 0.3 * effect["count"]
        if kind == "take":
            return PILE_VALUE[effect["pile"]] * effect["count"]
        if kind == "brewery":
            return 0.6 * (played // effect["per"])
        if kind == "hospital":
            return self.rat_value(state, p) * min(effect["rats"] + 1, state.rats[p])
        if kind == "guard_tower":
            return 3.0
        return 0.0

    def support_value(self, state, p: int, slot: int) -> float:
        bd = state.comp.buildings
        sup = bd.card_support[state.shown[slot]]
        return sum(self.effect_value(state, p, e) for e in bd.support_effects[sup])

    def card_value(self, state, p: int, code: int, cls: int) -> float:
        """How much the bot wants to keep a card (giving away the lowest first)."""
        comp = state.comp
        if code < comp.npop:
            return 1.0 + (0.5 if comp.card_class[code] == cls else 0.0)
        return {comp.JOKER: 1.5, comp.GOLD: 2.0, comp.SWORD: 0.8, comp.FLUTE: 0.6, comp.PASS: 0.5}[code]

    # -- the visit -----------------------------------------------------------------------------------
    def plan(self, state, p: int, slot: int) -> tuple[int, float]:
        """(cards to announce, value) for entering this building: on-class cards and Jokers, never off-class."""
        comp = state.comp
        cls = state.building_class(slot)
        hand = state.hands[p]
        on = sum(1 for c in hand if c < comp.npop and comp.card_class[c] == cls)
        jok = hand.count(comp.JOKER)
        swords = hand.count(comp.SWORD)
        others = state.entrants[slot]
        count = on + jok
        # privilege: more than every earlier entrant announced (an upper bound of their Population + Jokers)
        announced = [len(cs) for cs in state.placed[slot]]
        priv = count > max(announced, default=-1)
        if comp.players == 2:
            priv = count >= 1 and (not any(e >= 0 for e in state.entered) or priv)
        bd = comp.buildings
        btype = state.building_type(slot)
        if state.last_round:
            action = 1.5 if priv else 0.0
        else:
            action = self.effect_value(state, p, bd.privilege[btype] if priv else bd.basic[btype], count)
        track = state.influence[cls]
        best_other = max((v for q, v in enumerate(track) if q != p), default=0)
        lead = 3.0 if track[p] <= best_other < track[p] + count else 0.0
        sword_bonus = 0.0
        if others and swords:
            count += 1  # one Sword against the entrants already there
            sword_bonus = 0.8 * max(len(state.hands[q]) for q in others) / 2
        protect = 1.0 if btype in comp.guard_types and any(
            bd.card_type[b] in comp.guard_types for b in state.shown) else 0.0
        return count, 1.2 * (on + jok) + lead + action + sword_bonus + protect

    def visit(self, state, p: int, actions: list[Action]) -> Action:
        comp = state.comp
        if PLAY_PASS in actions and state.hands[p].count(comp.PASS) >= 2:
            return PLAY_PASS
        best, best_v = None, None
        for slot in range(len(state.shown)):
            count, v = self.plan(state, p, slot)
            a = Enter(slot, min(count, state.hand_without_gold(p)))
            if a in actions and (best_v is None or v > best_v):
                best, best_v = a, v
        return best if best is not None else actions[0]

    def place(self, state, p: int, slot: int, actions: list[Action]) -> Action:
        comp = state.comp
        cls = state.building_class(slot)

        def rank(a):
            c = comp.card_index[a.card]
            if c < comp.npop:
                return 0 if comp.card_class[c] == cls else 5
            return {comp.JOKER: 1, comp.SWORD: 2, comp.FLUTE: 3, comp.PASS: 4}.get(c, 6)
        return min(actions, key=rank)

    def hospital(self, state, p: int, actions: list[Action]) -> Action:
        dist = player_row_distribution(state, p)
        if survival(state.rats[p], dist) > 0.9:
            return STOP
        cards = [a for a in actions if isinstance(a, HospitalDiscard)]
        comp = state.comp
        cheapest = min(cards, key=lambda a: self.card_value(state, p, comp.card_index[a.card], -1))
        if self.card_value(state, p, comp.card_index[cheapest.card], -1) < self.rat_value(state, p):
            return cheapest
        return STOP
