"""Exact odds checked against brute-force enumeration of draws and reveal orders, and against simulation."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab.core.odds import check_dist, simulate, tolerance
from ratgames_lab.rattus import load_position, odds
from ratgames_lab.rattus.actions import MovePlague, Reveal

POOL = ["R03", "R12", "R14", "R15", "R24", "R41"]  # 3 face down in Gallia + 3 in the supply; the rest revealed


def small_position(gallia=("R03", "R12", "R14"), owners=None, cubes=(2, 1, 0, 1), knight_holder=None):
    """Placement scenario reduced so that only six tokens are still face down."""
    game, s = load_position("placement")
    data = s.to_json()
    everything = [t for r in data["regions"].values() for t in r["rats"]] + data["supply"] + data["removed"]
    for r in data["regions"].values():
        r["rats"] = []
    data["regions"]["Gallia"]["rats"] = list(gallia)
    data["regions"]["Gallia"]["cubes"] = list(cubes)
    data["supply"] = sorted(t for t in POOL if t not in gallia)
    data["removed"] = []
    data["revealed"] = sorted(t for t in everything if t not in POOL)
    data["classes"].update(owners or {"monk": 0, "king": 1, "merchant": 3})
    if knight_holder is not None:
        data["classes"]["knight"] = knight_holder
    data["plague"] = "Germania"
    return game, game.state_from_json(data)


def ravage_outcome(game, state, order_ids, neutral=False):
    """Run the engine's ravage of Gallia with the tokens in this reveal order; cubes lost per player."""
    data = state.to_json()
    before = data["regions"]["Gallia"]["cubes"]
    gallia = set(data["regions"]["Gallia"]["rats"])
    pool = set(data["supply"]) | gallia
    data["regions"]["Gallia"]["rats"] = list(order_ids)
    data["supply"] = sorted(pool - set(order_ids))
    data.update(step="reveal", plague="Gallia", neutral=neutral, took_class=True, placed=True)
    s = game.state_from_json(data)  # a single token is revealed at once by the engine
    while s.step == "reveal" and s.plague == s.region_index("Gallia"):
        s.apply(Reveal(0))
    after = s.to_json()["regions"]["Gallia"]["cubes"]
    return tuple(b - a for b, a in zip(before, after))


def brute_force(game, state, neutral=False, known=()):
    """Enumerate every assignment of unseen tokens to Gallia's unknown slots and every reveal order."""
    gallia = state.to_json()["regions"]["Gallia"]["rats"]
    unknown_slots = len(gallia) - len(known)
    unseen = [t for t in POOL if t not in known]
    dist: dict = {}
    count = 0
    for draw in itertools.permutations(unseen, unknown_slots):
        tokens = list(known) + list(draw)
        for order in itertools.permutations(tokens):
            lost = ravage_outcome(game, state, order, neutral)
            dist[lost] = dist.get(lost, 0) + 1
            count += 1
    return {k: Fraction(v, count) for k, v in dist.items()}


@pytest.mark.parametrize("neutral", [False, True])
def test_cube_loss_distribution_matches_brute_force(neutral):
    game, state = small_position(knight_holder=0 if neutral else None)
    exact = odds.cube_loss_distribution(state, "Gallia", None, neutral)
    check_dist(exact)
    assert exact == brute_force(game, state, neutral)
    assert len(exact) > 2


def test_cube_loss_distribution_with_witch_peeks_matches_brute_force():
    game, state = small_position()
    data = state.to_json()
    data["peeks"][0] = ["R14"]  # Red has looked at one of Gallia's tokens
    data["classes"]["witch"] = 0
    state = game.state_from_json(data)
    exact = odds.cube_loss_distribution(state, "Gallia", player=0)
    assert exact == brute_force(game, state, known=("R14",))
    assert exact != odds.cube_loss_distribution(state, "Gallia", player=1)


def test_ravage_stops_when_cubes_run_out_not_independent_draws():
    game, state = small_position(gallia=("R14", "R41", "R15"), cubes=(1, 0, 0, 0))
    exact = odds.cube_loss_distribution(state, "Gallia")
    assert exact == brute_force(game, state)
    assert max(lost[0] for lost in exact) == 1  # never more than the one cube


def test_contamination_probability_matches_enumeration():
    game, state = small_position()
    pool = POOL
    th = state.comp.tokens.threshold
    index = state.comp.tokens.index
    for cubes in range(0, 6):
        hits = total = 0
        for draw in itertools.combinations(pool, 3):
            total += 1
            hits += cubes > 0 and any(th[index[t]] <= cubes for t in draw)
        assert odds.contamination_probability(state, "Gallia", cubes=cubes) == Fraction(hits, total)
    assert odds.token_contamination_probability(state, 2) == Fraction(
        sum(th[index[t]] <= 2 for t in pool), len(pool))


def test_contamination_probability_agrees_with_the_loss_distribution_events():
    game, state = small_position()
    p = odds.contamination_probability(state, "Gallia")
    # contamination happened iff at least one 'contamination' event: count over the enumeration
    hits = total = 0
    for draw in itertools.permutations(POOL, 3):
        data = state.to_json()
        data["regions"]["Gallia"]["rats"] = list(draw)
        data["supply"] = sorted(set(POOL) - set(draw))
        data.update(step="reveal", plague="Gallia", took_class=True, placed=True)
        s = game.state_from_json(data)
        while s.step == "reveal" and s.plague == s.region_index("Gallia"):
            s.apply(Reveal(0))
        total += 1
        hits += any(e.kind == "contamination" for e in s.events)
    assert p == Fraction(hits, total)


def test_exact_loss_distribution_agrees_with_seeded_simulation():
    game, state = load_position("gallia_plague")
    exact = odds.cube_loss_distribution(state, "Gallia", player=0)
    n = 3000

    def trial(rng):
        s = state.determinize(0, rng)
        before = s.to_json()["regions"]["Gallia"]["cubes"]
        s.apply(MovePlague("Gallia", None))
        while s.plague == s.region_index("Gallia") and s.step in ("spread", "draw", "reveal"):
            if s.current_player == rl.CHANCE:
                s.apply(s.sample_chance(rng))
            else:
                acts = s.legal_actions()
                s.apply(acts[rng.randrange(len(acts))])
        after = s.to_json()["regions"]["Gallia"]["cubes"]
        return tuple(b - a for b, a in zip(before, after))

    freq = simulate(trial, n, seed=7)
    assert set(freq) <= set(exact)
    for outcome, p in exact.items():
        assert abs(freq.get(outcome, 0.0) - float(p)) <= tolerance(float(p), n), outcome


def test_class_card_risk():
    game, state = small_position(owners={"monk": None, "king": 1, "merchant": 3})
    without, with_card = odds.class_card_risk(state, "Gallia", 0, "monk")
    assert with_card > without
    owners = list(state.owners)
    owners[1] = 0
    assert with_card == odds.expected_losses(odds.cube_loss_distribution(state, "Gallia", owners=owners))[0]
    assert without == odds.expected_losses(odds.cube_loss_distribution(state, "Gallia"))[0]


def test_best_plague_moves_ranks_every_destination():
    game, state = load_position("gallia_plague")
    moves = odds.best_plague_moves(state)
    dests = {a.to for a in state.legal_actions() if isinstance(a, MovePlague)}
    assert {m.action.to for m in moves} == dests
    assert [m.score for m in moves] == sorted((m.score for m in moves), reverse=True)
    for m in moves:
        exp = odds.expected_losses(odds.cube_loss_distribution(state, m.action.to, 0, m.neutral))
        assert list(m.expected_loss) == exp
        assert m.per_opponent == sum(exp[1:]) / 3 and m.own == exp[0]
    assert moves[0].action.to == "Gallia"


def test_expected_tokens_spread_matches_the_engine():
    for seed in range(6):
        game, state = load_position("knight")
        state.active = 0  # Red holds the Merchant only: one-step moves
        nbrs = [a for a in state.legal_actions() if isinstance(a, MovePlague) and a.via is None]
        counts = []
        for a in nbrs:
            s = state.clone()
            s.apply(a)
            rng = random.Random(seed)
            while s.step in ("spread", "draw"):
                s.apply(s.sample_chance(rng) if s.current_player < 0 else s.legal_actions()[0])
            counts.append(sum(1 for e in s.events if e.kind == "token_drawn"))
        assert odds.expected_tokens_spread(state) == Fraction(sum(counts), len(counts))
        assert odds.spread_distribution(state) == {k: Fraction(counts.count(k), len(counts)) for k in set(counts)}
