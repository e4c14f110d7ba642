"""Rattus's hidden worlds: what the table saw at setup (the setup tokens went to the regions' first slots) holds
in every world a seat considers, in every determinized copy, and in the exact odds."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab.rattus import odds
from ratgames_lab.rattus.odds import _Ravage, _factorial

KNIGHT_NEUTRAL = 2


def positions(players: int, seed: int, moves: int = 400, every: int = 7):
    """States of a random game (Monk moves and Witch swaps included when they come up)."""
    s = rl.load_game("rattus", players=players, seed=seed).new_state()
    rng = random.Random(seed)
    for k in range(moves):
        if s.is_terminal():
            return
        if k % every == 0:
            yield s.clone()
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))


def setup_slot_tokens(state):
    return {(r, i): t for r, rats in enumerate(state.rats) for i, t in enumerate(rats) if t in set(state.dealt)}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_determinized_world_keeps_setup_tokens_in_the_setup_slots(players):
    rng = random.Random(players)
    setup = set(rl.load_game("rattus", players=players).new_state().comp.tokens.setup_tokens)
    checked = 0
    for seed in range(3):
        for state in positions(players, seed):
            where = setup_slot_tokens(state)
            for p in range(players):
                d = state.determinize(p, rng)
                again = setup_slot_tokens(d)
                assert set(again) == set(where), "the slots dealt at setup are public"
                assert set(again.values()) <= setup, "a slot dealt at setup holds a normal token"
                assert len(d.dealt) == len(state.dealt) and set(d.dealt) <= setup
                for t in state.peeks[p]:
                    assert d.locate(t) == state.locate(t)
                assert d.observation(p) == state.observation(p)
                checked += 1
    assert checked > 100


def test_a_setup_token_moved_by_the_monk_or_swapped_by_the_witch_stays_a_setup_token():
    from ratgames_lab.rattus import load_position
    from ratgames_lab.rattus.actions import MonkMove, WitchPeek, WitchSwap
    game, state = load_position("placement")
    data = state.to_json()
    data["classes"].update(monk=0, witch=0)
    state = game.state_from_json(data)
    ids = state.comp.tokens.ids
    state.apply(MonkMove("Anglia", 0, "Germania"))  # Anglia's setup token R02 joins R31 in Germania
    state.apply(WitchPeek("Gallia", 0))  # R13, a normal token
    state.apply(WitchPeek("Polonia", 0))  # R05, dealt at setup
    state.apply(WitchSwap(True))
    slots = {(state.name(r), i) for r, i in setup_slot_tokens(state)}
    assert ("Germania", 1) in slots and ("Gallia", 0) in slots and ("Polonia", 0) not in slots
    rng = random.Random(2)
    setup = set(state.comp.tokens.setup_tokens)
    for _ in range(200):
        d = state.determinize(1, rng)  # Yellow saw the moves, not the tokens
        g, pol, ger = d.region_index("Gallia"), d.region_index("Polonia"), d.region_index("Germania")
        assert d.rats[ger][1] in setup and d.rats[g][0] in setup and d.rats[pol][0] not in setup
        assert {(d.name(r), i) for r, i in setup_slot_tokens(d)} == slots
        mine = state.determinize(0, rng)  # Red looked at both: they stay
        assert ids[mine.rats[g][0]] == "R05" and ids[mine.rats[pol][0]] == "R13"


def test_the_first_deal_is_the_unrevealed_setup_tokens_two_players():
    state = next(s for s in positions(2, 1) if s.revealed and s.step == "main")
    worlds = state.hidden_worlds(-1)
    first, second = worlds.deals
    ts = state.comp.tokens
    assert set(first.items) == set(ts.setup_tokens) - set(state.revealed)
    assert len(first.slots) == sum(t not in state.revealed for t in state.dealt)
    assert len(first.items) > len(first.slots)  # 12 setup tokens, 8 regions: the unused ones joined the supply
    assert worlds.leftover == 0 and len(worlds.slots) == len(ts) - len(state.revealed)


def loss_by_enumeration(state, region, player, neutral):
    """Reference: the region's content from ``HiddenWorlds.distribution``, then every reveal order."""
    r = state.region_index(region) if isinstance(region, str) else region
    start = tuple(state.cubes[r])
    rav = _Ravage(state.comp.tokens, tuple(state.owners), start, KNIGHT_NEUTRAL if neutral else 0)
    worlds = state.hidden_worlds(player)
    slots = [s for s in worlds.slots if s[0] == "rats" and s[1] == r]
    known = [rav.key_of[t] for t in state.rats[r] if player >= 0 and t in state.peeks[player]]
    out: dict = {}
    for drawn, p in worlds.distribution(slots, key=rav.key_of.__getitem__).items():
        keys = known + list(drawn)
        orders = list(itertools.permutations(keys))
        for order in orders:
            cubes = start
            for k in order:
                if not any(cubes):
                    break
                cubes = rav.apply(k, cubes)
            lost = tuple(a - b for a, b in zip(start, cubes))
            out[lost] = out.get(lost, 0) + p / len(orders)
    assert len(orders) == 1 or _factorial(len(keys)) == len(orders)
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_loss_distribution_is_the_hidden_worlds_distribution(players):
    rng = random.Random(11)
    compared = 0
    for state in itertools.islice(positions(players, 4, every=9), 5, 14):  # the reference is slow early on
        for r, rats in enumerate(state.rats):
            if not rats or not any(state.cubes[r]):
                continue
            player = rng.randrange(-1, players)
            neutral = rng.random() < 0.3
            exact = odds.cube_loss_distribution(state, r, None if player < 0 else player, neutral)
            assert sum(exact.values()) == 1
            assert exact == loss_by_enumeration(state, r, player, neutral)
            compared += 1
    assert compared >= 10


def test_public_odds_ignore_nobodys_peeks_but_a_peek_changes_them():
    state = next(s for s in positions(4, 2, moves=2000, every=1)
                 if any(s.peeks) and s.step == "main" and any(
                     any(s.cubes[s.locate(t)[0]]) for p in s.peeks for t in p))
    p = next(q for q in range(4) if any(any(state.cubes[state.locate(t)[0]]) for t in state.peeks[q]))
    r = next(state.locate(t)[0] for t in state.peeks[p] if any(state.cubes[state.locate(t)[0]]))
    public = odds.cube_loss_distribution(state, r)
    mine = odds.cube_loss_distribution(state, r, p)
    assert public == odds.cube_loss_distribution(state, r, next(q for q in range(4) if not state.peeks[q]))
    assert sum(mine.values()) == 1 == sum(public.values())
    assert odds.contamination_probability(state, r, player=p) in (Fraction(0), Fraction(1)) or mine != public


def test_the_bots_float_odds_are_the_exact_odds_rounded():
    for state in itertools.islice(positions(3, 6, every=11), 3, 9):
        for r, rats in enumerate(state.rats):
            if rats and any(state.cubes[r]):
                exact = odds.cube_loss_distribution(state, r, 0)
                fast = odds.cube_loss_distribution(state, r, 0, exact=False)
                assert set(fast) == set(exact)
                assert all(abs(fast[k] - float(p)) < 1e-12 for k, p in exact.items())
