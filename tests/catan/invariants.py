"""Invariant checks over seeded random games (used by test_invariants_3p.py and test_invariants_4p.py)."""
from __future__ import annotations

import random
from fractions import Fraction

import networkx as nx

from ratgames_lab.catan import Game
from ratgames_lab.catan.actions import DEV_CARDS
from ratgames_lab.core.protocol import CHANCE, TERMINAL

DECK = {"knight": 14, "victory_point": 5, "road_building": 2, "year_of_plenty": 2, "monopoly": 2}
DECK_COUNTS = [DECK[c] for c in DEV_CARDS]


def longest_trail(graph: nx.Graph, edges: list[tuple], blocked: set) -> int:
    """Longest trail in the edge set (an independent brute force on NetworkX nodes); a trail may end at a
    blocked node but not pass through it."""
    sub = nx.MultiGraph()
    sub.add_edges_from(edges)
    best = 0

    def walk(v, used, length):
        nonlocal best
        best = max(best, length)
        if length and v in blocked:
            return
        for _, w, k in sub.edges(v, keys=True):
            e = frozenset((v, w))
            if e not in used:
                walk(w, used | {e}, length + 1)

    for v in list(sub.nodes):
        walk(v, frozenset(), 0)
    return best


def recompute_vp(game: Game, data: dict) -> list[int]:
    """Victory points from the final JSON alone: buildings, special cards, Victory Point cards."""
    n = data["players"]
    vp = [0] * n
    for owner, level in zip(data["intersections"]["owner"], data["intersections"]["level"]):
        if owner is not None:
            vp[owner] += level
    for key in ("longest_road", "largest_army"):
        if data[key] is not None:
            vp[data[key]] += 2
    for p in range(n):
        d = data["development"][p]
        vp[p] += d["hand"]["victory_point"] + d["new"]["victory_point"]
    return vp


def check_specials(game: Game, data: dict) -> None:
    """The Longest Road and Largest Army holders, checked against an independent recomputation."""
    topo = game.board.topo
    keys = topo.node_keys
    owner = {v: o for v, o in enumerate(data["intersections"]["owner"]) if o is not None}
    n = data["players"]
    lengths = []
    for p in range(n):
        edges = [(keys[topo.edge_nodes[e][0]], keys[topo.edge_nodes[e][1]])
                 for e, o in enumerate(data["roads"]) if o == p]
        blocked = {keys[v] for v, o in owner.items() if o != p}
        lengths.append(longest_trail(game.board.graph, edges, blocked))
    holder = data["longest_road"]
    best = max(lengths)
    if holder is None:
        assert best < 5 or lengths.count(best) > 1, lengths
    else:
        assert lengths[holder] == best >= 5, (lengths, holder)
    knights = [data["development"][p]["played"]["knight"] for p in range(n)]
    if data["largest_army"] is None:
        assert max(knights) < 3
    else:
        assert knights[data["largest_army"]] == max(knights) >= 3


def check_counts(s) -> None:
    """Resources and development cards conserved, no negative count; the player to move is valid."""
    assert [b + sum(col) for b, col in zip(s.bank, zip(*s.hands))] == [19] * 5
    assert min(map(min, s.hands)) >= 0 and min(s.bank) >= 0
    dev = [d + sum(col) for d, col in zip(s.deck, zip(*s.dev_hand, *s.dev_new, *s.played))]
    assert dev == DECK_COUNTS
    cur = s.current_player
    assert cur in (CHANCE, TERMINAL) or 0 <= cur < s.players


def check_pieces(s) -> None:
    """Pieces on the board plus pieces in each supply: 15 roads, 5 settlements, 4 cities."""
    for p in range(s.players):
        assert s.roads_left[p] + s.edge_owner.count(p) == 15
        settlements = sum(1 for v, o in enumerate(s.node_owner) if o == p and s.node_level[v] == 1)
        cities = sum(1 for v, o in enumerate(s.node_owner) if o == p and s.node_level[v] == 2)
        assert s.settlements_left[p] + settlements == 5 and s.cities_left[p] + cities == 4
        assert min(s.roads_left[p], s.settlements_left[p], s.cities_left[p]) >= 0


def check_heavy(game: Game, s, rng: random.Random) -> None:
    """JSON round trip, chance sums, legality agreement, observation kept by determinize."""
    data = s.to_json()
    assert game.state_from_json(data).to_json() == data
    if s.current_player == CHANCE:
        assert sum(p for _, p in s.chance_outcomes()) == Fraction(1)
    elif s.current_player >= 0:
        for a in s.legal_actions():
            assert s.is_legal(a), a
        p = s.current_player
        d = s.determinize(p, rng)
        assert d.observation(p) == s.observation(p)
        check_counts(d)
        check_pieces(d)


def play_and_check(players: int, seed: int, heavy: bool, every_action: bool = True) -> tuple[int, int, int]:
    """One random game; the counts checked after every action (or, with ``every_action`` False, after each
    chance event, build and end of turn); returns (actions, turns, winner or -1)."""
    # seeds cycle through: the base board or a random layout, with or without trades between players
    # (random games without player trades are slower to finish: they get a longer turn cap)
    trades = seed % 4 < 2
    game = Game(players, seed=seed, layout="random" if seed % 2 else "board", player_trades=trades,
                turn_cap=350 if trades else 600)
    s = game.new_state()
    rng = random.Random(seed)
    steps = 0
    check = True
    while True:
        if check or every_action:
            check_counts(s)
        if heavy and steps % 40 == 0:
            check_heavy(game, s, rng)
        cur = s.current_player
        if cur == TERMINAL:
            break
        if cur == CHANCE:
            s.apply_legal(s.sample_chance(rng))
            check = True
        else:
            actions = s.legal_actions()
            assert actions, s.phase
            a = actions[rng.randrange(len(actions))]
            s.apply_legal(a)
            check = a.kind == "end_turn"
            if a.kind.startswith("build"):
                check_pieces(s)
                check = True
        steps += 1
        assert steps < 200_000
    check_pieces(s)
    data = s.to_json()
    vp = recompute_vp(game, data)
    assert vp == s.scores()
    check_specials(game, data)
    if data["winner"] is None:
        assert s.turn > game.options["turn_cap"] and max(vp) >= 0
        assert s.returns() == [0.0] * players
    else:
        w = data["winner"]
        assert vp[w] >= 10 and data["active"] == w
        assert s.returns() == [1.0 if p == w else 0.0 for p in range(players)]
    return steps, s.turn, data["winner"] if data["winner"] is not None else -1


def check_random_games(players: int, games: int = 600, heavy_every: int = 100, every_action: int = 100) -> None:
    """``games`` seeded random games: the first ``every_action`` check the counts after every action, one in
    ``heavy_every`` runs the heavy checks; under 1 in 8 turn-capped draws, and every seat wins some game."""
    results = [play_and_check(players, seed, heavy=seed % heavy_every == 0, every_action=seed < every_action)
               for seed in range(games)]
    winners = [w for _, _, w in results]
    draws = winners.count(-1)
    assert draws < games // 8, draws  # measured: about 4% (random play is slow to reach 10 VP)
    assert len(set(winners) - {-1}) == players
