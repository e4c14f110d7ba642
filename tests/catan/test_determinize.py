"""determinize: what the viewer cannot see (cards of steals between others, others' development cards, the deck)
is resampled; what they can see or know (own cards, public counts, committed trade cards) never changes."""
from __future__ import annotations

import random
from collections import Counter

from ratgames_lab.catan import Game
from ratgames_lab.catan.actions import AcceptOffer, OfferTrade, RejectOffer
from ratgames_lab.catan.scenarios import build_position

G = Game(4, seed=0)


def test_unseen_steal_and_development_cards_are_resampled_and_the_rest_kept():
    # player 1 stole 1 ore from player 2 (player 0 did not see which card); player 2 still holds wool and grain
    s = build_position(G, hands={0: {"brick": 2}, 1: {"ore": 1, "lumber": 1}, 2: {"wool": 2, "grain": 2}},
                       dev_hand={0: {"knight": 1}, 1: {"monopoly": 1}, 3: {"victory_point": 1}},
                       steals=[[1, 2, 4]])
    seen_cards = Counter()
    seen_dev = Counter()
    for k in range(200):
        d = s.determinize(0, random.Random(k))
        assert d.observation(0) == s.observation(0)
        assert d.hands[0] == s.hands[0] and d.dev_hand[0] == s.dev_hand[0]
        assert [sum(h) for h in d.hands] == [sum(h) for h in s.hands]
        assert [sum(h) for h in d.dev_hand] == [sum(h) for h in s.dev_hand]
        assert [a + b for a, b in zip(d.hands[1], d.hands[2])] != [0] * 5
        for r in range(5):
            assert d.bank[r] + sum(h[r] for h in d.hands) == 19
        seen_cards[d.steals[0][2]] += 1
        seen_dev[tuple(d.dev_hand[1])] += 1
    assert len(seen_cards) >= 3  # ore, wool or grain
    assert len(seen_dev) >= 3
    # the thief and the victim know the card: nothing changes for them
    for viewer in (1, 2):
        d = s.determinize(viewer, random.Random(1))
        assert d.hands == s.hands and d.steals == s.steals


def test_cards_committed_to_a_pending_trade_stay_in_hand():
    s = build_position(G, hands={0: {"brick": 1}, 1: {"ore": 1}, 2: {"wool": 3}}, steals=[[1, 2, 4]])
    for a in (OfferTrade((1, 0, 0, 0, 0), (0, 0, 0, 0, 1)), AcceptOffer(), RejectOffer(), RejectOffer()):
        s.apply(a)
    assert s.phase == "trade_choose"
    for k in range(50):
        d = s.determinize(0, random.Random(k))
        assert d.hands[1][4] >= 1 and d.legal_actions() == s.legal_actions()
