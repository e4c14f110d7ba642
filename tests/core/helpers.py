"""Helpers for the core tests, which use Master of Rules as their concrete game."""
from __future__ import annotations

import random

import ratgames_lab as rl
from ratgames_lab import CHANCE


def position(players: int, seed: int, steps: int):
    game = rl.load_game("master_of_rules", players=players, seed=seed)
    state = game.new_state()
    r = random.Random(seed)
    for _ in range(steps):
        state.apply(state.sample_chance(r) if state.current_player == CHANCE else r.choice(state.legal_actions()))
    return game, state


def all_cards(data: dict) -> tuple[list, list]:
    piles = [*data["hands"], data["display"], data["decks"], data["discards"]]
    numbers = sorted([c for p in piles for c in p["numbers"]] + [t["number"] for t in data["table"] if t["number"]])
    rules = sorted([r for p in piles for r in p["rules"]] + [t["rule"] for t in data["table"] if t["rule"]]
                   + [r for k in data["kept"] for r in k])
    return numbers, rules


def hidden_swap(game, state, viewer: int):
    """The same position except that one hidden card of an opponent is exchanged with a deck card."""
    data = state.to_json()
    for q in range(state.players):
        if q == viewer:
            continue
        hidden = [c for c in data["hands"][q]["numbers"] if c not in data["known_in_hands"][q]["numbers"]]
        if hidden and data["decks"]["numbers"]:
            a, b = hidden[0], data["decks"]["numbers"][-1]
            data["hands"][q]["numbers"] = sorted([b if c == a else c for c in data["hands"][q]["numbers"]])
            data["decks"]["numbers"] = [a if c == b else c for c in data["decks"]["numbers"]]
            hidden_rules = list(data["hands"][q]["rules"])
            for r in data["known_in_hands"][q]["rules"]:
                hidden_rules.remove(r)
            deck_rules = data["decks"]["rules"]
            other = next((r for r in deck_rules if hidden_rules and r != hidden_rules[0]), None)
            if other is not None:  # swap a hidden Rule card for a different type from the deck too
                data["hands"][q]["rules"].remove(hidden_rules[0])
                data["hands"][q]["rules"].append(other)
                deck_rules.remove(other)
                deck_rules.append(hidden_rules[0])
            return game.state_from_json(data)
    raise AssertionError("no hidden card to swap")
