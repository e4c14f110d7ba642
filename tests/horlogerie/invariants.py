"""Invariant checks over seeded random games, recomputed from the data files and the final JSON position."""
from __future__ import annotations

import json
import random
from collections import Counter
from fractions import Fraction

import ratgames_lab as rl
from ratgames_lab.horlogerie import Game
from ratgames_lab.horlogerie.cards import DATA_DIR

_DATA = {name: json.loads((DATA_DIR / f"{name}.json").read_text())
         for name in ("exploration", "danger", "horlogers", "missions")}
EXPLORATION = Counter({f"{c['terrain']}{c['value']}": c["copies"] for c in _DATA["exploration"]["cards"]})
DANGER = Counter({"".join(c["terrains"]) + str(c["level"]): c["copies"] for c in _DATA["danger"]["cards"]})
HORLOGERS = Counter({p["name"]: p["copies"] for p in _DATA["horlogers"]["profiles"]})
TOUGHNESS = {p["name"]: p["toughness"] for p in _DATA["horlogers"]["profiles"]}
VP = {f"M{m['id']}": m["vp"] for m in _DATA["missions"]["missions"]}


def expected_winners(data: dict) -> list[int]:
    """Most VP, then the highest-reward find, then the last to reach the score: recomputed from the JSON."""
    n = data["players"]
    keys = [(sum(VP[m] for m in data["finds"][p]), max((VP[m] for m in data["finds"][p]), default=-1),
             data["vp_turn"][p], data["vp_seq"][p]) for p in range(n)]
    return [p for p in range(n) if keys[p] == max(keys)]


def check_json(data: dict) -> None:
    """Every card exactly once, read from the JSON against the data files."""
    n = data["players"]
    exp = Counter(data["exp_deck"] + data["exp_discard"] + data["exp_table"] + [c for h in data["hands"] for c in h])
    assert exp == EXPLORATION
    assert Counter(data["dan_deck"] + data["dan_discard"] + data["dan_table"]) == DANGER
    assert Counter(data["hor_deck"] + data["hor_discard"] + [h for t in data["team"] for h in t]) == HORLOGERS
    missions = data["mis_deck"] + [m for m in data["grid"] if m] + [m for f in data["finds"] for m in f] + data["gone"]
    assert sorted(missions) == sorted(VP)
    for p in range(n):
        assert len(data["team"][p]) <= 3
        assert all(w <= TOUGHNESS[h] for h, w in zip(data["team"][p], data["wounds"][p]))


def check_heavy(s, step: int) -> None:
    """The JSON conservation and chance probabilities summing to 1; every 16 steps, observations and determinizing."""
    check_json(s.to_json())
    if s.current_player == rl.CHANCE:
        outs = s.chance_outcomes()
        assert sum(p for _, p in outs) == Fraction(1) and [a for a, _ in outs] == s.legal_actions()
    if step % 16:
        return
    rng = random.Random(len(s.events))
    for p in range(s.players):
        obs = s.observation(p)
        assert s.determinize(p, rng).observation(p) == obs
        json.dumps(obs)


def play_and_check(players: int, seed: int, heavy: bool) -> int:
    """Play one random game, checking the invariants after every action; returns the number of actions."""
    s = Game(players=players, seed=seed).new_state()
    rng = random.Random(seed)
    steps = 0
    while True:
        assert len(s.exp_deck) + len(s.exp_discard) + len(s.exp_table) + sum(map(len, s.hands)) == 54
        assert len(s.dan_deck) + len(s.dan_discard) + len(s.dan_table) == 54
        assert len(s.hor_deck) + len(s.hor_discard) + sum(map(len, s.team)) == 21
        assert len(s.mis_deck) + 9 - s.grid.count(-1) + sum(map(len, s.finds)) + len(s.gone) == 36
        if heavy:
            check_heavy(s, steps)
        if s.is_terminal():
            break
        if s.current_player == rl.CHANCE:
            s.apply_legal(s.sample_chance(rng))
        else:
            actions = s.legal_actions()
            assert actions, s.step
            s.apply_legal(actions[rng.randrange(len(actions))])
        steps += 1
        assert steps < 20_000, "the game did not end"
    data = s.to_json()
    check_json(data)
    scores = [sum(VP[m] for m in data["finds"][p]) for p in range(players)]
    assert s.scores() == scores
    winners = expected_winners(data)
    assert s.returns() == [1 / len(winners) if p in winners else 0.0 for p in range(players)]
    assert data["turn"] % players == 0  # the round was finished: everyone played as often
    if data["ending"] == "score":
        assert max(scores) >= 12
    else:
        assert data["ending"] == "missions" and not data["mis_deck"]
    return steps
