"""determinize on seeded random games (player trades on): every sampled world replays the whole public history
from the start of the game, and on short histories the beliefs equal a brute-force enumeration; what the viewer
can see or know (own cards, public counts, committed trade cards) never changes."""
from __future__ import annotations

import itertools
import random
from fractions import Fraction

from ratgames_lab.catan import Game
from ratgames_lab.catan.actions import AcceptOffer, MoveRobber, OfferTrade, RejectOffer, StealCard
from ratgames_lab.catan.board import RESOURCES
from ratgames_lab.catan.scenarios import build_position
from ratgames_lab.core.errors import IllegalActionError
from ratgames_lab.core.protocol import CHANCE, TERMINAL

G = Game(4, seed=0)


def random_history(seed: int, stop):
    """A random game (uniform legal actions, seeded) played until ``stop(state)``: its start and its actions."""
    game = Game(4, seed=seed, layout="random")
    start = game.new_state()
    s, rng, actions = start.clone(), random.Random(seed), []
    while s.current_player != TERMINAL and not stop(s):
        a = s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions())
        s.apply(a)
        actions.append(a)
    return start, actions, s


def replay(start, actions, cards):
    """Replay ``actions`` from ``start`` with the given card for each steal, in order."""
    s, cards = start.clone(), iter(cards)
    for a in actions:
        s.apply(StealCard(RESOURCES[next(cards)]) if isinstance(a, StealCard) else a)
    return s


def test_every_determinized_world_replays_the_public_history_of_random_games():
    worlds = 0
    for seed in range(6):
        start, actions, s = random_history(seed, lambda st: st.turn > 120)
        assert len(s.steals) >= 5
        for observer in range(4):
            for k in range(5):
                d = s.determinize(observer, random.Random(k))
                assert d.observation(observer) == s.observation(observer)
                world = replay(start, actions, [st[2] for st in d.steals])  # raises if a public event is impossible
                assert world.hands == d.hands
                assert [e.params for e in world.events] == [e.params for e in s.events]
                worlds += world.hands != s.hands
    assert worlds > 10  # the worlds do differ from the real game


def brute_force(start, actions, observer):
    """Posterior over the hands by replaying every card for each steal the observer did not see."""
    true = start.clone()
    hidden, sizes = [], []
    for a in actions:
        if isinstance(a, StealCard):
            hidden.append(observer not in (true.active, true.victim))
        true.apply(a)
        sizes.append([sum(h) for h in true.hands])
    out: dict[tuple, Fraction] = {}
    for guess in itertools.product(range(5), repeat=sum(hidden)):
        guess = iter(guess)
        s, weight, k = start.clone(), Fraction(1), 0
        try:
            for i, a in enumerate(actions):
                if isinstance(a, StealCard):
                    a = StealCard(RESOURCES[next(guess)]) if hidden[k] else a
                    k += 1
                    weight *= dict(s.chance_outcomes()).get(a, 0)
                    if not weight:
                        raise IllegalActionError("impossible card", "test")
                s.apply(a)
                if [sum(h) for h in s.hands] != sizes[i]:
                    raise IllegalActionError("different hand sizes", "test")
        except IllegalActionError:
            continue
        if [e.params for e in s.events] != [e.params for e in true.events]:
            continue
        key = tuple(tuple(h) for h in s.hands)
        out[key] = out.get(key, 0) + weight
    total = sum(out.values())
    return {key: w / total for key, w in out.items()}


def hidden_steals(s, observer):
    return sum(observer not in st[:2] for st in s.steals)


def test_beliefs_equal_brute_force_on_random_game_prefixes():
    spread = 0
    for seed in range(4):
        start, actions, s = random_history(seed, lambda st: hidden_steals(st, 0) >= 3 and st.phase == "main")
        assert dict(s.hand_beliefs(0)) == brute_force(start, actions, 0)
        spread += len(s.hand_beliefs(0)) > 1
    assert spread  # some prefix leaves more than one possible world


def test_development_cards_of_the_others_are_resampled_and_the_rest_kept():
    s = build_position(G, hands={0: {"brick": 2}, 1: {"ore": 1, "lumber": 1}, 2: {"wool": 2, "grain": 2}},
                       dev_hand={0: {"knight": 1}, 1: {"monopoly": 1}, 3: {"victory_point": 1}})
    seen_dev = set()
    for k in range(200):
        d = s.determinize(0, random.Random(k))
        assert d.observation(0) == s.observation(0)
        assert d.hands == s.hands and d.dev_hand[0] == s.dev_hand[0]
        assert [sum(h) for h in d.dev_hand] == [sum(h) for h in s.dev_hand]
        seen_dev.add(tuple(d.dev_hand[1]))
    assert len(seen_dev) >= 3


def test_cards_committed_to_a_pending_trade_stay_in_hand():
    # player 2 steals from player 3 (player 1 does not see the card), offers wool for ore, player 3 accepts
    s = build_position(G, active=1, phase="robber", settlements={24: 2, 52: 1, 0: 0, 6: 3}, robber=9,
                       hands={1: {"wool": 1}, 2: {"brick": 1, "grain": 1, "ore": 1}})
    for a in (MoveRobber(5), StealCard("grain"), OfferTrade((0, 0, 1, 0, 0), (0, 0, 0, 0, 1)), AcceptOffer(),
              RejectOffer(), RejectOffer()):
        s.apply(a)
    assert s.phase == "trade_choose"
    assert {h[2] for h, _ in s.hand_beliefs(0)} == {(0, 0, 0, 1, 1), (1, 0, 0, 0, 1)}  # not the ore
    seen = set()
    for k in range(60):
        d = s.determinize(0, random.Random(k))
        assert d.hands[2][4] == 1 and d.legal_actions() == s.legal_actions()
        seen.add(tuple(d.hands[2]))
    assert len(seen) == 2
