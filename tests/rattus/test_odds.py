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

from ratgames_lab.rattus.scenarios import position

# A 2-player game near its end. Setup dealt R01-R04 and R06-R09 to the 8 regions; R05, R10, R11, R12 joined the
# supply. Six tokens are still face down: Gallia holds R03 (in the slot dealt at setup), R14 and R12 (both drawn
# from the supply later); R05, R24 and R41 are in the supply. Everything else has been revealed.
POOL = ["R03", "R05", "R12", "R14", "R24", "R41"]
DEALT = ["R01", "R02", "R03", "R04", "R06", "R07", "R08", "R09"]
SETUP_IDS = {f"R{i:02d}" for i in range(1, 13)}


def small_position(gallia=("R03", "R14", "R12"), owners=None, cubes=(2, 2), knight_holder=None, dealt=DEALT):
    """Only six tokens are still face down; ``gallia[0]`` lies in the slot dealt at setup."""
    ids = [f"R{i:02d}" for i in range(1, 50)]
    classes = dict(owners or {"monk": 0, "king": 1, "merchant": 1})
    if knight_holder is not None:
        classes["knight"] = knight_holder
    doc = position(2, {"Gallia": (list(gallia), list(cubes))}, "Germania", 0, classes,
                   [t for t in ids if t not in POOL], "six tokens face down", turn=20, dealt=list(dealt))
    return rl.load_position(doc)


def setup_slots(state, region="Gallia"):
    """The slots of ``region`` holding a token dealt at setup (public)."""
    return state.observation(0)["regions"][region]["dealt_at_setup"]


def ravage_outcome(game, state, order_ids, neutral=False, memo=None):
    """Run the engine's ravage of Gallia with the tokens in this reveal order; cubes lost per player."""
    key = (tuple(order_ids), neutral)
    if memo is not None and key in memo:
        return memo[key]
    data = state.to_json()
    before = data["regions"]["Gallia"]["cubes"]
    gallia = set(data["regions"]["Gallia"]["rats"])
    pool = set(data["supply"]) | gallia
    data["regions"]["Gallia"]["rats"] = list(order_ids)
    data["supply"] = sorted(pool - set(order_ids))
    in_slot = next(t for t in order_ids if t in SETUP_IDS)  # where it lies does not change the ravage
    data["dealt_at_setup"] = sorted(set(DEALT) - {"R03"} | {in_slot})
    data.update(step="reveal", plague="Gallia", neutral=neutral, took_class=True, placed=True)
    s = game.state_from_json(data)  # a single token is revealed at once by the engine
    while s.step == "reveal" and s.plague == s.region_index("Gallia"):
        s.apply(Reveal(0))
    after = s.to_json()["regions"]["Gallia"]["cubes"]
    lost = tuple(b - a for b, a in zip(before, after))
    if memo is not None:
        memo[key] = lost
    return lost


def consistent_layouts(state, known=()):
    """Every placement of the unseen tokens into the hidden slots (Gallia, then the supply) that agrees with
    what was seen at setup: a slot dealt at setup holds a setup token. Each is equally likely."""
    gallia = state.to_json()["regions"]["Gallia"]["rats"]
    setup = set(setup_slots(state))
    hidden = [i for i, t in enumerate(gallia) if t not in known]
    unseen = [t for t in POOL if t not in known]
    for perm in itertools.permutations(unseen):
        layout = dict(zip(hidden, perm))
        if all(layout[i] in SETUP_IDS for i in hidden if i in setup):
            yield [layout.get(i, t) for i, t in enumerate(gallia)]


def brute_force(game, state, neutral=False, known=()):
    """Every consistent layout, then every reveal order of Gallia's tokens, each run by the engine."""
    dist: dict = {}
    count = 0
    memo: dict = {}
    for tokens in consistent_layouts(state, known):
        for order in itertools.permutations(tokens):
            lost = ravage_outcome(game, state, order, neutral, memo)
            dist[lost] = dist.get(lost, 0) + 1
            count += 1
    return {k: Fraction(v, count) for k, v in dist.items()}


def test_the_small_position_is_what_the_comments_say():
    game, state = small_position()
    assert setup_slots(state) == [0] and state.players == 2
    assert sorted(unseen_ids(state)) == POOL


def unseen_ids(state, player=None):
    return [state.comp.tokens.ids[t] for t in odds.unseen_tokens(state, player)]


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
    game, state = small_position(gallia=("R03", "R41", "R14"), cubes=(1, 0))
    exact = odds.cube_loss_distribution(state, "Gallia")
    assert exact == brute_force(game, state)
    assert max(lost[0] for lost in exact) == 1  # never more than the one cube


def test_contamination_probability_matches_enumeration():
    game, state = small_position()
    th = state.comp.tokens.threshold
    index = state.comp.tokens.index
    layouts = [[index[t] for t in g] for g in consistent_layouts(state)]
    for cubes in range(0, 6):
        hits = sum(cubes > 0 and any(th[t] <= cubes for t in g) for g in layouts)
        assert odds.contamination_probability(state, "Gallia", cubes=cubes) == Fraction(hits, len(layouts))
    # the next token drawn from the supply: one of the supply's three, over every consistent layout
    supply_draws = []
    for perm in itertools.permutations(POOL):
        if perm[0] in SETUP_IDS:  # Gallia's first slot was dealt at setup
            supply_draws += [index[t] for t in perm[3:]]
    assert odds.token_contamination_probability(state, 2) == Fraction(
        sum(th[t] <= 2 for t in supply_draws), len(supply_draws))


def test_setup_slot_changes_the_odds_as_issue_13_says():
    """4 players: every setup token went to a region's first slot, so Scandia's one token is a setup token."""
    game, state = rl.load_position("notebooks/positions/rattus_odds.json")
    ts = state.comp.tokens
    th = ts.threshold
    revealed = set(state.revealed)
    setup_left = [t for t in ts.setup_tokens if t not in revealed]
    normal_unseen = [t for t in ts.normal_tokens if t not in revealed]
    assert len(setup_left) == 10 and len(normal_unseen) == 27
    # Scandia: 3 cubes, one token, dealt at setup
    assert odds.contamination_probability(state, "Scandia") == Fraction(
        sum(th[t] <= 3 for t in setup_left), len(setup_left)) == Fraction(4, 5)
    # Hungaria: 3 cubes, its setup token and one token drawn later from the supply (normal: no setup left over)
    safe = Fraction(sum(th[t] > 3 for t in setup_left), 10) * Fraction(sum(th[t] > 3 for t in normal_unseen), 27)
    assert odds.contamination_probability(state, "Hungaria") == 1 - safe == Fraction(14, 15)


def test_contamination_probability_agrees_with_the_loss_distribution_events():
    game, state = small_position()
    p = odds.contamination_probability(state, "Gallia")
    # contamination happened iff at least one 'contamination' event: count over the enumeration
    hits = total = 0
    for draw in consistent_layouts(state):
        data = state.to_json()
        data["regions"]["Gallia"]["rats"] = list(draw)
        data["supply"] = sorted(set(POOL) - set(draw))
        data["dealt_at_setup"] = sorted(set(DEALT) - {"R03"} | {draw[0]})
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
    game, state = small_position(owners={"monk": None, "king": 1, "merchant": 1})
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
