"""Exact beliefs about hidden steal cards (perfect memory of the public history), checked against a brute force
that replays every assignment of the hidden cards through the engine itself and keeps those whose public history
(observation and event log) is identical; then determinize samples from exactly that posterior."""
from __future__ import annotations

import itertools
import random
from collections import Counter
from fractions import Fraction
from math import sqrt

import pytest

from ratgames_lab.catan import Game, hand_beliefs, hand_distribution, steal_odds
from ratgames_lab.catan.actions import (BuildRoad, Dice, EndTurn, MoveRobber, OfferTrade, PlayKnight, PlayMonopoly,
                                        RejectOffer, Roll, StealCard)
from ratgames_lab.catan.board import RESOURCES
from ratgames_lab.catan.scenarios import build_position
from ratgames_lab.core.errors import IllegalActionError, InvalidPositionError

G = Game(4, seed=0)
TOPO = G.board.topo
NO_PRODUCTION = (Roll(), Dice(1, 1))  # a 2: the grain tile 3 has no building next to it in these positions
ROAD_AT_24 = next(e for e in TOPO.node_edges[24] if TOPO.edge_road[e])
# base board: tile 5 (wool 11) touches intersection 24 only among the buildings below, tile 17 (grain 10) 52,
# tile 0 (ore 5) intersection 0; the robber starts on the desert (tile 9)
PIECES = {24: 2, 52: 1, 0: 0, 6: 3}


def two_hidden_steals_then_a_build():
    """Player 2 steals the ore from player 3 (wool tile), player 3 plays a Knight and steals the brick back from
    player 2 (grain tile), then builds a road: player 3 must hold brick and lumber, which rules worlds out."""
    start = build_position(G, active=1, phase="robber", settlements=PIECES, robber=9,
                           hands={1: {"brick": 1}, 2: {"lumber": 1, "ore": 1, "brick": 1}},
                           dev_hand={2: {"knight": 1}})
    actions = [MoveRobber(5), StealCard("ore"), EndTurn(), PlayKnight(), MoveRobber(17), StealCard("brick"),
               *NO_PRODUCTION, BuildRoad(ROAD_AT_24)]
    return start, actions


def observer_steals_after_a_hidden_steal():
    """Player 2 steals from player 3 (hidden from player 1), then player 1 plays a Knight and steals from player 3:
    the card player 1 gets is evidence about the first steal (Bayes)."""
    start = build_position(G, active=1, phase="robber", settlements=PIECES, robber=9,
                           hands={2: {"wool": 2, "ore": 1}}, dev_hand={0: {"knight": 1}})
    actions = [MoveRobber(5), StealCard("ore"), EndTurn(), *NO_PRODUCTION, EndTurn(), *NO_PRODUCTION, EndTurn(),
               PlayKnight(), MoveRobber(10), StealCard("wool")]
    return start, actions


def monopoly_shows_the_counts():
    """Player 4 steals from player 3, then plays Monopoly on ore: player 3 gives none, so the stolen card was
    the ore (only the count shown by the Monopoly tells; player 4's own ore count stays unknown)."""
    start = build_position(G, active=3, phase="robber", settlements=PIECES, robber=9,
                           hands={2: {"ore": 1, "wool": 1}, 0: {"grain": 2}}, dev_hand={3: {"monopoly": 1}})
    actions = [MoveRobber(5), StealCard("ore"), EndTurn(), *NO_PRODUCTION, EndTurn(), *NO_PRODUCTION, EndTurn(),
               *NO_PRODUCTION, EndTurn(), *NO_PRODUCTION, PlayMonopoly("ore")]
    return start, actions


def an_offer_shows_a_card():
    """Player 2 steals from player 3, then offers the stolen card in a trade: the offer shows it is grain."""
    start = build_position(G, active=1, phase="robber", settlements=PIECES, robber=9,
                           hands={2: {"brick": 1, "grain": 2}})
    actions = [MoveRobber(5), StealCard("grain"), OfferTrade((0, 0, 0, 1, 0), (0, 0, 0, 0, 1)),
               RejectOffer(), RejectOffer(), RejectOffer()]
    return start, actions


def three_steals_no_later_evidence():
    """Three steals in a row among players 2, 3 and 4, nothing public afterwards."""
    start = build_position(G, active=1, phase="robber", settlements=PIECES, robber=9,
                           hands={1: {"wool": 1}, 2: {"brick": 1, "lumber": 1, "ore": 1}, 3: {"grain": 1}},
                           dev_hand={2: {"knight": 1}, 3: {"knight": 1}})
    actions = [MoveRobber(5), StealCard("brick"), EndTurn(), PlayKnight(), MoveRobber(17), StealCard("wool"),
               *NO_PRODUCTION, EndTurn(), PlayKnight(), MoveRobber(10), StealCard("lumber")]
    return start, actions


SCENARIOS = [two_hidden_steals_then_a_build, observer_steals_after_a_hidden_steal, monopoly_shows_the_counts,
             an_offer_shows_a_card, three_steals_no_later_evidence]


def play(start, actions):
    s = start.clone()
    for a in actions:
        s.apply(a)
    return s


def public_trace(s, observer: int) -> tuple:
    """What the observer saw: the observation and the public event log."""
    return repr(s.observation(observer)), tuple((e.kind, tuple(sorted(e.params.items()))) for e in s.events)


def brute_force(start, actions, observer: int) -> dict[tuple, Fraction]:
    """Posterior over everyone's hands by enumeration: every card for every steal the observer did not see,
    weighted by the chance of all steal cards in that world, kept only if the public history is identical."""
    true = start.clone()
    traces, hidden = [], []
    for i, a in enumerate(actions):
        if isinstance(a, StealCard) and observer not in (true.active, true.victim):
            hidden.append(i)
        true.apply(a)
        traces.append(public_trace(true, observer))
    out: dict[tuple, Fraction] = {}
    for cards in itertools.product(RESOURCES, repeat=len(hidden)):
        world = dict(zip(hidden, cards))
        s, weight = start.clone(), Fraction(1)
        try:
            for i, a in enumerate(actions):
                if isinstance(a, StealCard):
                    a = StealCard(world.get(i, a.resource))
                    weight *= dict(s.chance_outcomes()).get(a, 0)
                    if not weight:
                        raise IllegalActionError("impossible card", "test")
                s.apply(a)
                if public_trace(s, observer) != traces[i]:
                    raise IllegalActionError("a different public history", "test")
        except IllegalActionError:
            continue
        key = tuple(tuple(h) for h in s.hands)
        out[key] = out.get(key, 0) + weight
    total = sum(out.values())
    return {k: v / total for k, v in out.items()}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda f: f.__name__)
def test_posterior_equals_brute_force_enumeration_for_every_observer(scenario):
    start, actions = scenario()
    s = play(start, actions)
    for observer in range(4):
        assert dict(hand_beliefs(s, observer)) == brute_force(start, actions, observer)
        # the observer's own hand is always known
        assert {h[observer] for h, _ in hand_beliefs(s, observer)} == {tuple(s.hands[observer])}


def test_two_hidden_steals_then_a_build_by_hand():
    # worlds for player 1 (steal 1 from {lumber, ore, brick}, steal 2 from player 2's two cards), then player 3
    # builds a road: lumber/lumber 1/6, ore/ore 1/6, ore/brick 1/6, brick/brick 1/3 (lumber/brick cannot build)
    s = play(*two_hidden_steals_then_a_build())
    assert s.hand_distribution(0, 2) == {(0, 0, 0, 0, 1): Fraction(4, 5), (1, 0, 0, 0, 0): Fraction(1, 5)}
    assert hand_distribution(s, 0, 1) == {(1, 0, 0, 0, 0): Fraction(4, 5), (0, 0, 0, 0, 1): Fraction(1, 5)}
    assert steal_odds(s, 0, 1) == {"brick": Fraction(4, 5), "ore": Fraction(1, 5)}
    assert s.steal_odds(1, 1) == {"ore": 1}  # player 2 was in both steals: nothing hidden
    assert len(s.hand_beliefs(2)) == 1


def test_a_steal_by_the_observer_is_evidence_about_an_earlier_hidden_steal():
    s = play(*observer_steals_after_a_hidden_steal())
    # prior on the first steal: wool 2/3, ore 1/3; player 1 then drew wool from player 3's two remaining cards:
    # likelihood 1/2 if the first steal took wool, 1 if it took ore, so the posterior is 1/2 - 1/2
    assert s.hand_distribution(0, 1) == {(0, 0, 0, 0, 1): Fraction(1, 2), (0, 0, 1, 0, 0): Fraction(1, 2)}


def test_monopoly_and_offers_pin_the_hands_down():
    assert len(hand_beliefs(play(*monopoly_shows_the_counts()), 0)) == 1
    assert len(hand_beliefs(play(*an_offer_shows_a_card()), 0)) == 1
    assert len(hand_beliefs(play(*three_steals_no_later_evidence()), 0)) > 1


@pytest.mark.parametrize("scenario", [two_hidden_steals_then_a_build, three_steals_no_later_evidence],
                         ids=lambda f: f.__name__)
def test_determinize_samples_the_posterior(scenario):
    s = play(*scenario())
    beliefs = dict(hand_beliefs(s, 0))
    n = 3000
    seen = Counter(tuple(tuple(h) for h in s.determinize(0, random.Random(k)).hands) for k in range(n))
    assert set(seen) <= set(beliefs)
    for hands, p in beliefs.items():
        se = sqrt(float(p * (1 - p)) / n)
        assert abs(seen[hands] / n - float(p)) <= 4 * se + 1e-9, (hands, seen[hands] / n, p)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda f: f.__name__)
def test_each_determinized_world_replays_the_public_history(scenario):
    start, actions = scenario()
    s = play(start, actions)
    for observer in range(4):
        for k in range(20):
            d = s.determinize(observer, random.Random(k))
            assert d.observation(observer) == s.observation(observer)
            cards = iter(st[2] for st in d.steals)
            world = play(start, [StealCard(RESOURCES[next(cards)]) if isinstance(a, StealCard) else a
                                 for a in actions])
            assert world.hands == d.hands
            # the world's history gives the observer the same beliefs as the real one
            assert world.hand_beliefs(observer) == d.hand_beliefs(observer) == s.hand_beliefs(observer)


def test_memory_survives_the_json_round_trip_and_bad_records_are_named():
    s = play(*two_hidden_steals_then_a_build())
    data = s.to_json()
    back = G.state_from_json(data)
    assert back.memory == s.memory and back.hand_beliefs(0) == s.hand_beliefs(0)
    assert "memory" not in s.observation(0)
    bad = s.to_json()
    bad["memory"][0]["victim_hand"]["ore"] = 0
    with pytest.raises(InvalidPositionError) as exc:
        G.state_from_json(bad)
    assert exc.value.field == "memory[0].victim_hand.ore"
    bad = s.to_json()
    bad["memory"][1]["lows"][2]["lumber"] = 3
    with pytest.raises(InvalidPositionError) as exc:
        G.state_from_json(bad)
    assert exc.value.field == "memory[1].lows[2].lumber"
    bad = s.to_json()
    bad["memory"][0]["exact"][1] = ["gold"]
    with pytest.raises(InvalidPositionError) as exc:
        G.state_from_json(bad)
    assert exc.value.field == "memory[0].exact[1]"


def test_a_position_written_before_the_memory_loads_with_every_steal_known():
    s = play(*two_hidden_steals_then_a_build())
    data = s.to_json()
    del data["memory"]
    old = G.state_from_json(data)
    assert old.memory == [] and old.hand_beliefs(0) == [(tuple(tuple(h) for h in s.hands), 1)]
    wrapped = {"format": "ratgames_lab.position/1", "game": "catan", "players": 4, "position": data}
    assert G.state_from_json(wrapped).memory == []
