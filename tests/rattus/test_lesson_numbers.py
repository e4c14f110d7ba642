"""Every probability the Rattus lessons state, checked against an independent enumeration or a simulation.

The enumeration here lists what can lie in a region from first principles (4 players: a slot dealt at setup
holds one of the unrevealed setup tokens, any other slot one of the unrevealed normal tokens, all different),
then every reveal order, and runs the reveal loop with the engine's one-token rule. It shares nothing with
``odds.py``'s recursion nor with ``core.worlds``.
"""
from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab.core.odds import uniform
from ratgames_lab.rattus import board_for_players, odds
from ratgames_lab.rattus.rules import resolve_token

ODDS = "notebooks/positions/rattus_odds.json"
WHAT_IF = "notebooks/positions/rattus_what_if.json"


def load(path, tokens=None):
    game, state = rl.load_position(path)
    if tokens is not None:
        state = rl.load_game("rattus", players=4, tokens=tokens).state_from_json(state.to_json())
    return state


def contents(state, region, known=()):
    """Every equally likely content of the region's face-down slots (4 players: no setup token left over)."""
    ts = state.comp.tokens
    r = state.region_index(region)
    gone = set(state.revealed) | set(known)
    assert all(t in set(state.dealt) | gone for t in ts.setup_tokens), "enumeration assumes 4 players"
    setup = [t for t in ts.setup_tokens if t not in gone]
    normal = [t for t in ts.normal_tokens if t not in gone]
    rats = state.rats[r]
    at_setup = sum(1 for t in rats if t in state.dealt and t not in known)
    later = sum(1 for t in rats if t not in state.dealt and t not in known)
    mine = [t for t in rats if t in known]
    for a in itertools.permutations(setup, at_setup):
        for b in itertools.permutations(normal, later):
            yield mine + list(a) + list(b)


def losses(state, region, known=(), owners=None):
    """Exact loss distribution by listing every content and every reveal order."""
    ts = state.comp.tokens
    start = state.cubes[state.region_index(region)]
    owners = state.owners if owners is None else owners
    out = []
    for tokens in contents(state, region, known):
        for order in itertools.permutations(tokens):
            left = list(start)
            for t in order:
                if not any(left):
                    break
                resolve_token(ts, t, left, owners)
            out.append(tuple(a - b for a, b in zip(start, left)))
    return uniform(out)


def contamination(state, region, known=()):
    th = state.comp.tokens.threshold
    cubes = sum(state.cubes[state.region_index(region)])
    return uniform(any(th[t] <= cubes for t in c) for c in contents(state, region, known)).get(True, Fraction(0))


# ---------------------------------------------------------------------------------------------------
# 22_rattus_probability
# ---------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("region,stated", [("Scandia", Fraction(4, 5)), ("Hungaria", Fraction(14, 15)),
                                           ("Polonia", Fraction(2, 5)), ("Turcia", Fraction(48, 65))])
def test_probability_lesson_contamination(region, stated):
    state = load(ODDS)
    assert contamination(state, region) == stated == odds.contamination_probability(state, region)


def test_probability_lesson_forgetful_model_is_26_over_37():
    state = load(ODDS)
    pool = odds.unseen_tokens(state)
    assert len(pool) == 37
    th = state.comp.tokens.threshold
    assert Fraction(sum(th[t] <= 3 for t in pool), len(pool)) == Fraction(26, 37)


def test_probability_lesson_germania_losses_and_bayes():
    state = load(ODDS)
    exact = odds.cube_loss_distribution(state, "Germania")
    assert losses(state, "Germania") == exact
    yellow = odds.loss_distribution_of(exact, 1)
    assert yellow == {0: Fraction(7, 585), 1: Fraction(929, 7020), 2: Fraction(11399, 21060),
                      3: Fraction(3311, 10530)}
    # Bayes: P(the setup token carries M | Yellow lost 3), counted directly
    ts = state.comp.tokens
    start = state.cubes[state.region_index("Germania")]
    hits = Counter()
    for tokens in contents(state, "Germania"):
        for order in itertools.permutations(tokens):
            left = list(start)
            for t in order:
                if not any(left):
                    break
                resolve_token(ts, t, left, state.owners)
            if start[1] - left[1] == 3:
                hits[bool(ts.majority[tokens[0]])] += 1
    assert Fraction(hits[True], hits[True] + hits[False]) == Fraction(257, 946)


def test_probability_lesson_same_mean_different_spread():
    state = load(ODDS)
    hispania = odds.loss_distribution_of(losses(state, "Hispania"), 3)
    turcia = odds.loss_distribution_of(losses(state, "Turcia"), 3)
    assert hispania == {0: Fraction(49, 90), 1: Fraction(35, 108), 2: Fraction(71, 540)}
    assert turcia == {0: Fraction(49, 117), 1: Fraction(68, 117)}

    def moments(d):
        m = sum(k * p for k, p in d.items())
        return m, sum((k - m) ** 2 * p for k, p in d.items())
    (m1, v1), (m2, v2) = moments(hispania), moments(turcia)
    assert abs(m1 - m2) < Fraction(1, 100) and v1 > 2 * v2 * Fraction(9, 10)


def test_probability_lesson_witch_and_card_risk():
    state = load(ODDS)
    data = state.to_json()
    data["peeks"][3] = ["R11"]
    blue = rl.load_game("rattus", players=4).state_from_json(data)
    r11 = blue.comp.tokens.index["R11"]
    assert contamination(blue, "Hungaria", known=(r11,)) == Fraction(2, 3) == \
        odds.contamination_probability(blue, "Hungaria", player=3)
    owners = list(state.owners)
    owners[0] = 0  # Red takes the King from Yellow
    now = odds.expected_losses(losses(state, "Germania"))
    then = odds.expected_losses(losses(state, "Germania", owners=owners))
    assert then[0] > now[0] and then[1] < now[1]
    assert 0 < then[2] - now[2] < Fraction(1, 1000)  # Green's moves, by a few ten-thousandths


def test_probability_lesson_simulation_agrees():
    """The lesson's check, repeated with another seed: determinize + the engine, random reveal order."""
    state = load(ODDS)
    exact = odds.loss_distribution_of(odds.cube_loss_distribution(state, "Germania"), 1)
    rng = random.Random(99)
    n, counts = 1500, Counter()
    from ratgames_lab.rattus.actions import MovePlague
    for _ in range(n):
        sim = state.determinize(0, rng)
        sim.apply(MovePlague(to="Germania", via=None))
        while sim.active == 0 and sim.step not in ("after", "main"):
            sim.apply(sim.sample_chance(rng) if sim.current_player == rl.CHANCE else rng.choice(sim.legal_actions()))
        counts[3 - sim.cubes[sim.region_index("Germania")][1]] += 1
    for k, p in exact.items():
        sd = (float(p) * (1 - float(p)) / n) ** 0.5
        assert abs(counts[k] / n - float(p)) < 4 * sd + 1e-9


# ---------------------------------------------------------------------------------------------------
# 23_rattus_what_if
# ---------------------------------------------------------------------------------------------------
def test_what_if_lesson_token_edits():
    from ratgames_lab.rattus import DEFAULT_TOKENS
    state = load(WHAT_IF)
    harsher, gentler = DEFAULT_TOKENS.data_copy(), DEFAULT_TOKENS.data_copy()
    for t in harsher["tokens"]:
        t["threshold"] = max(1, t["threshold"] - 1)
    for t in gentler["tokens"]:
        t["threshold"] += 1
    hard, soft = load(WHAT_IF, harsher), load(WHAT_IF, gentler)
    assert contamination(state, "Hispania") == Fraction(2, 5)
    assert contamination(hard, "Hispania") == Fraction(4, 5)
    assert contamination(soft, "Hispania") == 0
    best = {m.action.to: m for m in odds.best_plague_moves(hard)}
    turcia, germania = best["Turcia"].per_opponent, best["Germania"].per_opponent
    assert turcia > germania and turcia - germania < Fraction(1, 40)  # a near-tie, Turcia still first
    for region in ("Turcia", "Germania"):
        lost = odds.expected_losses(losses(hard, region))
        assert sum(lost[1:]) / 3 == best[region].per_opponent


# ---------------------------------------------------------------------------------------------------
# 24_rattus_plague_walk
# ---------------------------------------------------------------------------------------------------
def walk_step(graph, dist):
    out = {}
    for u, p in dist.items():
        for v in graph[u]:
            out[v] = out.get(v, 0) + p * Fraction(1, graph.degree[u])
    return out


@pytest.mark.parametrize("players,edges", [(2, 14), (3, 17), (4, 22)])
def test_plague_walk_long_run_is_degree_over_twice_the_edges(players, edges):
    graph = board_for_players(players)
    assert graph.number_of_edges() == edges
    pi = {v: Fraction(d, 2 * edges) for v, d in graph.degree}
    assert walk_step(graph, pi) == pi and sum(pi.values()) == 1
    # independent: the power iteration from any start converges to pi
    dist = {"Hispania": Fraction(1)}
    for _ in range(80):
        dist = walk_step(graph, dist)
    assert max(abs(float(dist[v] - pi[v])) for v in graph) < 1e-9
    # and a long seeded walk spends about that share of time in each region
    rng, here, counts, n = random.Random(players), "Gallia", Counter(), 40_000
    for _ in range(n):
        here = rng.choice(sorted(graph[here]))
        counts[here] += 1
    assert all(abs(counts[v] / n - float(pi[v])) < 0.015 for v in graph)


def test_plague_walk_lesson_numbers():
    graph = board_for_players(4)
    two = walk_step(graph, walk_step(graph, {"Polonia": Fraction(1)}))
    assert two["Polonia"] == Fraction(1, 4)
    pi = {v: Fraction(d, 44) for v, d in graph.degree}
    assert pi["Germania"] == Fraction(3, 22) and pi["Hispania"] == Fraction(1, 22)
    # Kac: the mean return time to Hispania is 22 moves (simulated over many returns)
    rng, here, last, gaps = random.Random(5), "Hispania", 0, []
    for i in range(1, 200_000):
        here = rng.choice(sorted(graph[here]))
        if here == "Hispania":
            gaps.append(i - last)
            last = i
    assert abs(sum(gaps) / len(gaps) - 22) < 1.0
    small = board_for_players(2)
    assert Fraction(small.degree["Germania"], 28) == Fraction(3, 14)
    assert Fraction(small.degree["Hispania"], 28) == Fraction(1, 14)
