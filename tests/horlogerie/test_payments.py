"""Payments are sets of cards: any order is the same payment, and a refusal gives its true reason."""
from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from ratgames_lab.horlogerie import Game
from ratgames_lab.horlogerie.actions import Buy
from ratgames_lab.horlogerie.explain import explain
from ratgames_lab.horlogerie.payments import payment_fault, payments

from .helpers import arrange, assert_rejected, find_names
from .test_scenarios import GRID_ONE

GRID_SPECIAL = ["M1", "M8", "M13", "M19", "M23", "M27", "M34", "M35", "M36"]


def test_a_payment_listed_in_another_order_is_the_same_payment():
    s = arrange(2, step="discover", hands=[["S1", "S2", "R3"], []], grid=GRID_ONE)
    assert Buy("M1", ("S1", "S2")) in s.legal_actions()
    assert s.is_legal(Buy("M1", ("S2", "S1")))
    s.apply(Buy("M1", ("S2", "S1")))
    assert find_names(s, 0) == ["M1"] and s.hands[0] == [s.comp.exploration.index["R3"]]
    assert [e.params["cards"] for e in s.events if e.kind == "buy"] == ["Swamp 1, Swamp 2"]


def test_a_reordered_payment_read_from_json_equals_the_listed_action():
    game = Game(players=2)
    s = arrange(2, step="discover", hands=[["S1", "S2", "R3"], []], grid=GRID_ONE)
    a = game.action_from_json({"kind": "buy", "mission": "M1", "cards": ["S2", "S1"]})
    assert a in s.legal_actions() and a == Buy("M1", ("S1", "S2"))


def test_a_collector_payment_in_any_order_is_accepted():
    hand = ["S1", "R2", "J3", "S4", "R5"]
    s = arrange(2, step="discover", hands=[hand, []], grid=GRID_SPECIAL)
    for order in (hand, list(reversed(hand)), ["J3", "S1", "R5", "S4", "R2"]):
        assert s.is_legal(Buy("M34", tuple(order))), order
    s.apply(Buy("M34", tuple(hand)))
    assert find_names(s, 0) == ["M34"] and s.hands[0] == []


def test_refusals_give_the_true_reason():
    s = arrange(2, step="discover", hands=[["S1", "S2", "S3", "R2", "J3", "S4", "R5"], []], grid=GRID_SPECIAL)
    assert_rejected(s, Buy("M34", ("S1", "R2", "J3", "S4")), "discover.payment")
    assert "one of each value" in explain(s, Buy("M34", ("S1", "R2", "J3", "S4"))).reason
    assert_rejected(s, Buy("M1", ("S3", "S1")), "discover.payment")  # S3 alone pays S3: S1 is not needed
    assert "needed" in explain(s, Buy("M1", ("S3", "S1"))).reason
    assert "needed" in explain(s, Buy("M1", ("S1", "S3"))).reason
    assert "terrain" in explain(s, Buy("M1", ("R2", "S1"))).reason
    assert "total 1" in explain(s, Buy("M1", ("S1",))).reason
    assert "Great Expedition" in explain(s, Buy("M36", ("S1", "S2"))).reason
    assert "Cartographer" in explain(s, Buy("M35", ("S1", "S2"))).reason


@pytest.mark.parametrize("seed", range(2))
def test_the_refusal_predicate_is_the_one_the_listing_enumerates(seed):
    """payment_fault is None exactly for the payments listed, over every sub-multiset of random hands."""
    comp = Game(players=2).components
    ex, ms = comp.exploration, comp.missions
    rng = random.Random(seed)
    for _ in range(12):
        hand = tuple(sorted(rng.sample(ex.full, 7)))
        for m in range(len(ms.names)):
            listed = set(payments(ex, ms, m, hand))
            subsets = {tuple(sorted(c)) for k in range(1, 8) for c in itertools.combinations(hand, k)}
            for sub in subsets:
                assert (payment_fault(ex, ms, m, list(sub)) is None) == (sub in listed), (ms.names[m], sub)
            assert all(not Counter(p) - Counter(hand) for p in listed)
