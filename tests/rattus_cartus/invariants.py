"""Invariant checks over seeded random games, recomputed independently from the JSON positions."""
from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import ratgames_lab as rl
from ratgames_lab.rattus_cartus import Game

DATA = Path(rl.__file__).parent / "rattus_cartus" / "data"
CARDS = json.loads((DATA / "cards.json").read_text())
BUILDINGS = json.loads((DATA / "buildings.json").read_text())
NUNS = CARDS["population"]["nuns_per_class"]
CLASSES = [c["id"] for c in CARDS["classes"]]
SPECIAL_COUNT = {s["id"]: s["count"] for s in CARDS["specials"]}
TYPE_OF = {c["id"]: c["type"] for c in BUILDINGS["cards"]}
PILE_OF_TYPE = {t["id"]: t["privilege"].get("pile") for t in BUILDINGS["types"]}
ROUNDS = {2: 10, 3: 9, 4: 8, 5: 8}


def nuns(card: str) -> int:
    """Nun symbols of a Population card, read from the data file."""
    return NUNS[int(card.split("-")[1]) - 1]


def in_play(data: dict) -> set[str]:
    """Special card kinds handed out by the buildings in play (Jokers always exist)."""
    return {"joker"} | {PILE_OF_TYPE[TYPE_OF[b]] for b in data["buildings_in_play"]} - {None, "vp"}


def check_conservation(data: dict, players: int) -> None:
    """Every card, token and building exactly accounted for in a JSON position."""
    zones = data["hands"] + [data["deck"], data["discard"], data["nun_row"]]
    zones += [cs for slot in data["placed"] for cs in slot]
    cards = [c for z in zones for c in z]
    pop = sorted(c for c in cards if "-" in c)
    assert pop == sorted(f"{cls}-{i:02d}" for cls in CLASSES for i in range(1, 15))
    live = in_play(data)
    for kind, count in SPECIAL_COUNT.items():
        total = cards.count(kind) + data["piles"][kind]
        assert total == (count if kind in live else 0), kind
    assert data["piles"]["vp"] + sum(data["vp_tokens"]) == 20
    b = data["building_deck"] + data["replacement_deck"] + data["replacement_under"] + data["building_discard"]
    b += data["revealed_buildings"]
    assert sorted(b) == sorted(data["buildings_in_play"]) and len(set(b)) == 30
    assert all(r >= 0 for r in data["rats"])
    assert len(data["nun_row"]) == 5


def majority(counts: list[int], points: int) -> list[int]:
    top = max(counts)
    tied = [p for p, c in enumerate(counts) if c == top]
    return [0 if top == 0 or p not in tied else (points if len(tied) == 1 else 1) for p in range(len(counts))]


def expected_scores(data: dict, players: int) -> list[int]:
    """The end scoring recomputed from the JSON position alone."""
    pts = [10, 5] if players == 2 else [10, 5, 2]
    total = [0] * players
    for cls in CLASSES:
        infl, arr = data["influence"][cls], data["arrival"][cls]
        ranked = sorted((p for p in range(players) if infl[p] > 0), key=lambda p: (-infl[p], arr[p]))
        for rank, p in enumerate(ranked[:len(pts)]):
            total[p] += pts[rank]
    hands = data["hands"]
    for p, v in enumerate(majority([sum(1 for c in h if "-" in c or c == "joker") for h in hands], 2)):
        total[p] += v
    live = in_play(data)
    for kind in ("sword", "flute", "pass"):
        if kind in live:
            for p, v in enumerate(majority([h.count(kind) for h in hands], 2)):
                total[p] += v
    if "gold" in live:
        g = [h.count("gold") for h in hands]
        top = max(g)
        if top > 0:
            first = [p for p in range(players) if g[p] == top]
            if len(first) > 1:
                for p in first:
                    total[p] += 9 // len(first)  # a tie for most shares 9, at every player count
            else:
                total[first[0]] += 6
                rest = [c for c in g if 0 < c < top]
                if rest and players > 2:
                    second = [p for p in range(players) if g[p] == max(rest)]
                    for p in second:
                        total[p] += 3 // len(second)
    return [total[p] + data["vp_tokens"][p] for p in range(players)]


def expected_returns(data: dict, players: int, scores: list[int]) -> list[float]:
    """Survivors (rats at most the row's nuns), most VP, then fewest rats, then shared."""
    row = sum(nuns(c) for c in data["nun_row"])
    rats = data["rats"]
    alive = [p for p in range(players) if rats[p] <= row]
    if not alive:
        return [0.0] * players
    best = max(scores[p] for p in alive)
    top = [p for p in alive if scores[p] == best]
    low = min(rats[p] for p in top)
    win = [p for p in top if rats[p] == low]
    return [1.0 / len(win) if p in win else 0.0 for p in range(players)]


def play_and_check(players: int, seed: int, heavy: bool) -> int:
    """One random game with the invariants; returns the number of actions."""
    options = {"buildings": ("first_game", "random_type", "random_cards")[seed % 3]}
    state = Game(players=players, seed=seed, **options).new_state()
    rng = random.Random(seed)
    steps = 0
    while not state.is_terminal():
        if heavy:
            check_conservation(state.to_json(), players)
            if state.current_player == rl.CHANCE:
                assert sum(p for _, p in state.chance_outcomes()) == Fraction(1)
        if state.current_player == rl.CHANCE:
            state.apply(state.sample_chance(rng))
        else:
            actions = state.legal_actions()
            assert actions
            state.apply(actions[rng.randrange(len(actions))])
        steps += 1
        assert steps < 5000
    data = state.to_json()
    check_conservation(data, players)
    assert sum(1 for e in state.events if e.kind == "round_start") == ROUNDS[players]
    assert data["round"] == ROUNDS[players] and not data["building_deck"]
    scores = expected_scores(data, players)
    assert state.scores() == scores
    assert state.returns() == expected_returns(data, players, scores)
    return steps
