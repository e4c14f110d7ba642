"""Observations hide what a seat may not see; determinize resamples only that, keeping the seat's looks."""
from __future__ import annotations

import random

import pytest

from ratgames_lab.rattus_cartus import Game

from .invariants import check_conservation


def states(players: int, seed: int):
    s = Game(players=players, seed=seed, buildings="random_type").new_state()
    rng = random.Random(seed)
    while not s.is_terminal():
        yield s
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_determinize_keeps_the_observation_and_conserves_cards(players):
    rng = random.Random(players)
    for k, s in enumerate(states(players, seed=10 + players)):
        if k % 5:
            continue
        for p in range(players):
            d = s.determinize(p, rng)
            assert d.observation(p) == s.observation(p)
            check_conservation(d.to_json(), players)
            assert d.legal_actions() == s.legal_actions() or s.current_player != p
            # a resampled nun-row or deck card is one this player never saw (cards seen and lost track of are
            # in some hand or face-down pile)
            bit = 1 << p
            for c in d.row + d.deck:
                assert d.knows[c] & bit or not d.seen[c] & bit


def test_observation_hides_hands_face_down_cards_and_other_looks():
    s = Game(players=3, seed=4).new_state()
    rng = random.Random(4)
    while not any(s.looks):
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
    for p in range(3):
        obs = s.observation(p)
        assert obs["hand"] == sorted(s.comp.card_names[c] for c in s.hands[p])
        assert obs["hand_sizes"] == [len(h) for h in s.hands]
        for i, c in enumerate(s.row):
            assert (obs["nun_row"][i] is not None) == (i in s.looks[p])
        assert obs["looks"] == s.looks  # positions are public
    public = s.observation(-1)
    assert public["hand"] is None and all(v is None for v in public["nun_row"])


def test_determinize_varies_the_unseen_nun_row():
    s = Game(players=4, seed=8).new_state()
    rows = {tuple(s.determinize(0, random.Random(i)).row) for i in range(20)}
    assert len(rows) > 10
    assert all(not set(r) & set(s.hands[0]) for r in rows)


def test_a_look_is_kept_by_determinize():
    from .helpers import Look
    s = Game(players=3, seed=9, buildings=["farm", "market", "monastery", "castle", "palace", "tent"]).new_state()
    rng = random.Random(9)
    while not (s.tasks and s.tasks[0][0] == "look"):
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
    p = s.current_player
    s.apply(Look(2))
    card = s.row[2]
    for i in range(20):
        d = s.determinize(p, random.Random(i))
        assert d.row[2] == card
        assert d.observation(p)["nun_row"][2] == s.comp.card_names[card]


def test_cards_seen_and_lost_track_of_stay_in_hands():
    lost_seen = 0
    for seed in range(6):
        for s in states(4, seed):
            if s.tasks[0][0] != "visit":
                continue
            p = s.current_player
            bit = 1 << p
            lost = [c for c in range(s.comp.npop) if s.seen[c] & bit and not s.knows[c] & bit]
            if not lost:
                continue
            lost_seen += 1
            for k in range(3):
                d = s.determinize(p, random.Random(k))
                held = {c for q, h in enumerate(d.hands) if q != p for c in h}
                held |= {c for slot in d.placed for cs in slot for c in cs}
                assert set(lost) <= held
    assert lost_seen > 0
