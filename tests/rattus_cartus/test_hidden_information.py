"""Observations hide what a seat may not see; determinize resamples only that, keeping the seat's looks."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from ratgames_lab.rattus_cartus import Game

from .invariants import check_conservation


def states(players: int, seed: int):
    s = Game(players=players, seed=seed, buildings="random_type").new_state()
    rng = random.Random(seed)
    while not s.is_terminal():
        yield s
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))


def holder(s, c: int):
    """Where a Population card lies, with another player's hand and unrevealed face-down cards as one place."""
    for q, h in enumerate(s.hands):
        if c in h:
            return ("held", q)
    for slot, (ent, cards) in enumerate(zip(s.entrants, s.placed)):
        for q, cs in zip(ent, cards):
            if c in cs:
                return ("held", q) if slot >= s.revealed else ("revealed", slot)
    if c in s.row:
        return ("row", s.row.index(c))
    return ("discard",) if c in s.discard else ("deck",)


def specials_held(s, q: int) -> Counter:
    """The special cards a player holds, in hand or face down and not yet revealed."""
    cards = list(s.hands[q]) + [c for slot in range(s.revealed, len(s.placed))
                                for who, cs in zip(s.entrants[slot], s.placed[slot]) if who == q for c in cs]
    return Counter(c for c in cards if c >= s.comp.npop)


def check_consistent_world(s, d, p: int) -> None:
    """The determinized copy ``d`` is a world ``p`` cannot rule out, given the whole public history of ``s``."""
    comp = s.comp
    bit = 1 << p
    assert d.observation(p) == s.observation(p)
    check_conservation(d.to_json(), comp.players)
    assert type(d).from_json(d.to_json(), comp).to_json() == d.to_json()  # a valid position (knowledge checks too)
    assert d.hands[p] == s.hands[p] and d.discard == s.discard
    for slot, (ent, cards) in enumerate(zip(s.entrants, s.placed)):
        if p in ent:
            assert d.placed[slot][ent.index(p)] == cards[ent.index(p)]  # own face-down cards stay
    for i, c in enumerate(d.row):  # the row: own looks kept, and otherwise a card this player never saw
        assert c == s.row[i] if i in s.looks[p] else not s.seen[c] & bit
    rebuilt = any(s.seen[c] == comp.all_mask for c in s.deck)
    for c in d.deck:  # the original deck holds cards never seen; a rebuilt one only cards of the old discard
        assert (s.seen[c] == comp.all_mask and not s.knows[c] & bit) if rebuilt else not s.seen[c] & bit
    for c in range(comp.npop):  # every card this player knows the place of is still there
        if s.knows[c] & bit:
            assert holder(d, c) == holder(s, c)
    for q in range(comp.players):
        assert specials_held(d, q) == specials_held(s, q)
        for slot in range(d.revealed, len(d.placed)):
            for who, cs in zip(d.entrants[slot], d.placed[slot]):
                assert who != q or comp.GOLD not in cs  # Gold is never placed
    for slot in range(s.revealed):
        assert d.placed[slot] == s.placed[slot]


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_every_determinized_world_is_consistent_with_the_public_history(players):
    rng = random.Random(players)
    rebuilt = 0
    for k, s in enumerate(states(players, seed=10 + players)):
        if k % 5:
            continue
        rebuilt += any(s.seen[c] == s.comp.all_mask for c in s.deck)
        for p in range(players):
            d = s.determinize(p, rng)
            check_consistent_world(s, d, p)
            assert d.legal_actions() == s.legal_actions() or s.current_player != p
    assert rebuilt or players < 5  # with 5 players the deck is rebuilt from its discard: that case is checked too


def _first(players: int, seeds, found):
    for seed in seeds:
        for s in states(players, seed):
            hit = found(s)
            if hit is not None:
                return s, hit
    raise AssertionError("no such position in these games")


def test_determinize_hides_which_cards_an_opponent_placed_face_down():
    def placed_by_other(s):
        if s.phase != "C" or s.current_player < 0:
            return None
        p = s.current_player
        for slot in range(s.revealed, len(s.placed)):
            for q, cs in zip(s.entrants[slot], s.placed[slot]):
                held = [c for c in s.hands[q] + cs if c != s.comp.GOLD]
                specials = sum(c >= s.comp.npop for c in held)
                if q != p and cs and 0 < specials < len(held):
                    return p, slot, q
        return None

    s, (p, slot, q) = _first(4, range(20), placed_by_other)
    i = s.entrants[slot].index(q)
    npop = s.comp.npop
    guesses = {sum(c >= npop for c in s.determinize(p, random.Random(k)).placed[slot][i]) for k in range(40)}
    assert len(guesses) > 1  # how many special cards (Swords, Flutes...) q placed face down is q's secret


def test_a_rebuilt_deck_is_not_known_after_someone_draws_from_it():
    def drew_from_rebuilt(s):
        everyone = s.comp.all_mask
        if s.current_player < 0 or not s.deck or not all(s.seen[c] == everyone for c in s.deck):
            return None
        p = s.current_player
        drawn = [c for q, h in enumerate(s.hands) if q != p for c in h
                 if c < s.comp.npop and s.seen[c] == everyone and not s.knows[c] >> p & 1]
        return p if drawn else None

    s, p = _first(5, range(10), drew_from_rebuilt)
    assert all(not s.knows[c] >> p & 1 for c in s.deck)
    decks = {tuple(s.determinize(p, random.Random(k)).deck) for k in range(30)}
    assert len(decks) > 1  # which cards of the rebuilt deck the others drew is theirs to know


def test_a_third_player_loses_track_of_the_givers_cards():
    from .helpers import GiveCard
    def giving(s):
        t = s.tasks[0] if s.tasks else None
        if t and t[0] == "give" and sum(c < s.comp.npop for c in s.hands[t[1]]) >= 2:
            return t[1], t[2]
        return None

    s, (giver, receiver) = _first(3, range(30), giving)
    s = s.clone()
    third = 3 - giver - receiver
    pop = [c for c in s.hands[giver] if c < s.comp.npop]
    assert len(pop) >= 2
    for c in pop:  # say the third player knew them all (they gave them earlier)
        s.knows[c] |= 1 << third
        s.seen[c] |= 1 << third
    given = pop[0]
    s.apply(GiveCard(s.comp.card_names[given]))
    for c in pop[1:]:
        assert not s.knows[c] >> third & 1, "the third player cannot know which card was given"
        assert s.knows[c] >> receiver & 1 or not s.seen[c] >> receiver & 1


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


def test_cards_seen_and_lost_track_of_are_held_or_in_a_rebuilt_deck():
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
                rebuilt = {c for c in d.deck if s.seen[c] == s.comp.all_mask}
                assert set(lost) <= held | rebuilt and not set(lost) & set(d.row)
    assert lost_seen > 0
