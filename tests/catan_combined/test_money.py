"""Money in the combined variant (issue 12 groundwork, wired): $5 at the start, the shop's per-turn limits, the
bank loan once per game with its -2 VP, the capped money supply; money is not a card (no hand limit, no theft)."""
from __future__ import annotations

import pytest

import ratgames_lab as rl
from ratgames_lab.catan.combined.actions import BuyCommodity, BuyResource, TakeLoan
from ratgames_lab.catan.combined.components import CARDS

from .helpers import skip_wagons
from .test_turn_rules import give, main_phase, playing, roll, unchanged_after


def fresh(**options):
    return skip_wagons(rl.load_game("catan", 3, seed=4, variant="combined", **options).new_state())


def test_every_player_starts_with_five_dollars():
    assert fresh().money == [5, 5, 5]


def test_the_shop_sells_one_commodity_and_two_resources_per_turn():
    s = main_phase(playing(fresh()))
    s.money[0] = 20
    s.apply(BuyCommodity("paper"))
    assert s.money[0] == 15 and s.hands[0][CARDS.index("paper")] == 1
    unchanged_after(s, BuyCommodity("cloth"), "money.shop")
    s.apply(BuyResource("ore"))
    s.apply(BuyResource("ore"))
    assert s.money[0] == 11 and s.hands[0][CARDS.index("ore")] == 2
    unchanged_after(s, BuyResource("grain"), "money.shop")
    unchanged_after(s, BuyResource("paper"), "money.shop")  # a commodity is not sold at the resource price
    s.apply(s.comp.__class__ and next(a for a in s.legal_actions() if a.kind == "end_turn"))
    assert s.shop_commodities == 0 and s.shop_resources == 0


def test_the_shop_needs_the_money_and_the_card_in_the_bank():
    s = main_phase(playing(fresh()))
    s.money[0] = 4
    unchanged_after(s, BuyCommodity("coin"), "money.shop")
    s.money[0] = 9
    ore = CARDS.index("ore")
    s.hands[1][ore] += s.bank[ore]
    s.bank[ore] = 0
    s.after_load()
    unchanged_after(s, BuyResource("ore"), "money.shop")


def test_the_loan_once_per_game_costs_two_vp_to_the_end():
    s = main_phase(playing(fresh()))
    vp = s.vp(0)
    s.apply(TakeLoan())
    assert s.money[0] == 10 and s.vp(0) == vp - 2 and s.loans[0] == 1
    unchanged_after(s, TakeLoan(), "money.loan")


def test_the_loan_and_the_shop_only_on_your_own_turn_after_the_roll():
    s = playing(fresh())
    unchanged_after(s, TakeLoan(), "turn.phase")
    unchanged_after(s, BuyResource("ore"), "turn.phase")


def test_money_is_outside_the_hand_limit():
    s = playing(fresh())
    s.money[0] = 50
    give(s, 0, ore=7)
    roll(s, 3, 4)
    assert s.phase == "main"


@pytest.mark.parametrize("cap,start", [(None, [5, 5, 5]), (100, [5, 5, 5]), (12, [5, 5, 2]), (0, [0, 0, 0])])
def test_a_capped_money_supply_pays_what_it_has(cap, start):
    s = fresh(money_supply_cap=cap)
    first = s.first_player
    paid = [0, 0, 0]
    for k, p in enumerate(range(3)):
        paid[p] = start[k]
    assert sorted(s.money, reverse=True) == sorted(start, reverse=True)
    assert sum(s.money) <= (cap if cap is not None else 15)
    assert first in range(3)


def test_a_bad_money_cap_is_refused():
    with pytest.raises(ValueError, match="money_supply_cap"):
        rl.load_game("catan", 3, variant="combined", money_supply_cap=-1)


def _lost_attack(**options):
    from .test_turn_rules import build, site_on, tile
    s = playing(rl.load_game("catan", 3, seed=4, variant="combined", **options).new_state())
    v = site_on(s, tile(s, "grain"))
    build(s, 0, v, 2)
    s.barbarian = 6
    s.after_load()
    roll(s, 1, 1, "ship")
    return s, v


def test_with_save_city_for_5_a_loser_may_pay_five_dollars_to_keep_the_city():
    from ratgames_lab.catan.combined.actions import SaveCity
    s, v = _lost_attack(save_city_for_5=True)
    assert s.phase == "reduce_city" and SaveCity() in s.legal_actions()
    s.apply(SaveCity())
    assert s.node_level[v] == 2 and s.money[0] == 0
    s, v = _lost_attack()
    assert SaveCity() not in s.legal_actions()
    unchanged_after(s, SaveCity(), "barbarians.save_city")
    s, v = _lost_attack(save_city_for_5=True)
    s.money[0] = 4
    s.after_load()
    assert SaveCity() not in s.legal_actions()
    unchanged_after(s, SaveCity(), "barbarians.save_city")
