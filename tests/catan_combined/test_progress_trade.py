"""The trade progress cards of the combined variant (catan_facts.md, Progress card effects, Trade): each card's
effect, its limits and edge cases from the rulings table, illegal plays (rule named, position unchanged), and
random games where the science and trade cards get played with the position kept valid."""
from __future__ import annotations

import random
from collections import Counter

import pytest

import ratgames_lab as rl
from ratgames_lab.catan.actions import BankTrade, EndTurn
from ratgames_lab.catan.board import RESOURCES
from ratgames_lab.catan.combined.components import CARDS, PROGRESS_NAME
from ratgames_lab.catan.combined.progress_trade import (GiveCommodity, HarbourExchange, PlayCommercialHarbor,
                                                        PlayMasterMerchant, PlayMerchant, PlayMerchantFleet,
                                                        PlayResourceMonopoly, PlayTradeMonopoly, TakeCard)
from ratgames_lab.catan.combined.text import EVENT_TEXTS
from ratgames_lab.catan.combined.trade import rate
from ratgames_lab.core.protocol import CHANCE, TERMINAL

from .helpers import set_hand
from .progress_helpers import blank, build, end_turn_to, give, lone_corner, rejected, tiles_of


def seats(s):
    p = s.active
    return p, (p + 1) % 3, (p + 2) % 3


def of(s, p: int, card: str) -> int:
    return s.hands[p][CARDS.index(card)]


def listed(s, cls) -> list:
    return [a for a in s.legal_actions() if isinstance(a, cls)]


# ------------------------------------------------------------------------------------------------
# Commercial Harbor
# ------------------------------------------------------------------------------------------------
def test_commercial_harbor_one_forced_exchange_per_opponent():
    s = blank()
    p, o1, o2 = seats(s)
    give(s, p, "commercial_harbor", "commercial_harbor")
    set_hand(s, p, brick=1, ore=1, cloth=1)
    set_hand(s, o1, cloth=1, coin=2, grain=3)
    set_hand(s, o2, grain=2)
    money = s.money[:]
    rejected(s, HarbourExchange(o1, "brick"), "progress.commercial_harbor")  # the card is not in play yet
    s.apply(PlayCommercialHarbor())
    assert {(a.opponent, a.resource) for a in listed(s, HarbourExchange)} == {
        (o, r) for o in (o1, o2) for r in ("brick", "ore")}
    rejected(s, PlayCommercialHarbor(), "progress.commercial_harbor")  # a second copy adds nothing
    rejected(s, HarbourExchange(o1, "cloth"), "progress.commercial_harbor")  # you offer a resource
    rejected(s, HarbourExchange(o1, "wool"), "progress.commercial_harbor")  # one you hold
    rejected(s, HarbourExchange(p, "brick"), "progress.commercial_harbor")
    s.apply(HarbourExchange(o1, "brick"))
    assert s.phase == "commercial_harbor" and s.current_player == o1  # the opponent picks the commodity
    assert set(s.legal_actions()) == {GiveCommodity("cloth"), GiveCommodity("coin")}
    rejected(s, GiveCommodity("paper"), "progress.commercial_harbor")
    rejected(s, EndTurn(), "turn.phase")
    s.apply(GiveCommodity("coin"))
    assert s.phase == "main" and s.current_player == p
    assert s.hands[p] == [0, 0, 0, 0, 1, 1, 1, 0]
    assert (of(s, o1, "brick"), of(s, o1, "coin"), of(s, o1, "cloth")) == (1, 1, 1)
    rejected(s, HarbourExchange(o1, "ore"), "progress.commercial_harbor")  # once per opponent per turn
    s.apply(HarbourExchange(o2, "ore"))  # no commodity: nothing happens, you keep your resource
    assert of(s, p, "ore") == 1 and s.hands[o2] == [0, 0, 0, 2, 0, 0, 0, 0]
    assert s.events[-1].kind == "harbour_nothing"
    assert not listed(s, HarbourExchange)
    assert s.money == money
    s.validate_position()
    s.apply(EndTurn())
    assert s.harbour_deals == []


def test_commercial_harbor_needs_a_resource_to_offer():
    s = blank()
    p, o1, _ = seats(s)
    give(s, p, "commercial_harbor")
    set_hand(s, p, cloth=2)
    set_hand(s, o1, coin=1)
    rejected(s, PlayCommercialHarbor(), "progress.commercial_harbor")


def test_commercial_harbor_trades_may_wait_until_later_in_the_turn():
    s = blank()
    p, o1, _ = seats(s)
    give(s, p, "commercial_harbor")
    set_hand(s, p, grain=1)
    set_hand(s, o1, paper=1)
    s.apply(PlayCommercialHarbor())
    set_hand(s, p, wool=1, grain=1)  # cards gained later in the turn may be offered
    s.apply(HarbourExchange(o1, "wool"))
    s.apply(GiveCommodity("paper"))
    assert of(s, p, "paper") == 1 and of(s, o1, "wool") == 1


# ------------------------------------------------------------------------------------------------
# Master Merchant
# ------------------------------------------------------------------------------------------------
def _vp_scene():
    """p 1 VP, o1 2 VP (a city), o2 1 VP (a settlement)."""
    s = blank()
    p, o1, o2 = seats(s)
    grain = tiles_of(s, "grain")
    build(s, p, lone_corner(s, grain[0]), 1)
    build(s, o1, lone_corner(s, grain[1]), 2)
    build(s, o2, lone_corner(s, grain[2]), 1)
    return s


def test_master_merchant_takes_2_chosen_cards_from_a_richer_opponent():
    s = _vp_scene()
    p, o1, o2 = seats(s)
    give(s, p, "master_merchant")
    set_hand(s, o1, ore=2, cloth=1)
    set_hand(s, o2, grain=3)
    assert listed(s, PlayMasterMerchant) == [PlayMasterMerchant(o1)]
    rejected(s, PlayMasterMerchant(o2), "progress.master_merchant")  # a tie is not strictly more
    rejected(s, PlayMasterMerchant(p), "progress.master_merchant")
    s.apply(PlayMasterMerchant(o1))
    assert s.phase == "master_merchant" and s.current_player == p  # the card player sees and picks
    assert set(s.legal_actions()) == {TakeCard("ore"), TakeCard("cloth")}
    rejected(s, TakeCard("grain"), "progress.master_merchant")
    assert s.observation(p)["hands"][o1] == s.to_json()["hands"][o1]  # the card player sees the victim's cards
    assert s.observation(p)["hands"][o2] == {"hidden": 3}
    assert s.observation(o2)["hands"][o1] == {"hidden": 3}
    s.apply(TakeCard("cloth"))
    assert set(s.legal_actions()) == {TakeCard("ore")}
    s.apply(TakeCard("ore"))
    assert s.phase == "main"
    assert of(s, p, "cloth") == 1 and of(s, p, "ore") == 1 and s.hands[o1] == [0, 0, 0, 0, 1, 0, 0, 0]
    # the cards taken are seen by the two players only
    assert s.steals[-2:] == [[p, o1, CARDS.index("cloth")], [p, o1, CARDS.index("ore")]]
    assert all("card" not in e.params for e in s.events if e.kind.startswith("master_merchant"))
    assert [x[2] for x in s.observation(o2)["steals"][-2:]] == [-1, -1]
    assert [x[2] for x in s.observation(o1)["steals"][-2:]] == [CARDS.index("cloth"), CARDS.index("ore")]


def test_master_merchant_takes_the_only_card_and_needs_a_target_with_cards():
    s = _vp_scene()
    p, o1, _ = seats(s)
    give(s, p, "master_merchant")
    rejected(s, PlayMasterMerchant(o1), "progress.master_merchant")  # o1 holds no card
    assert not listed(s, PlayMasterMerchant)
    set_hand(s, o1, wool=1)
    s.apply(PlayMasterMerchant(o1))
    s.apply(TakeCard("wool"))
    assert s.phase == "main" and of(s, p, "wool") == 1 and sum(s.hands[o1]) == 0


# ------------------------------------------------------------------------------------------------
# Merchant
# ------------------------------------------------------------------------------------------------
def _resource_tiles_touching(s, p: int) -> set[int]:
    topo = s.comp.topo
    return {t for v in range(topo.n_nodes) if s.node_owner[v] == p for t in topo.node_tiles[v]
            if s.terrain[t] < len(RESOURCES)}


def test_merchant_starts_on_the_desert_with_the_robber_owned_by_nobody():
    """setup: « Placer le marchand (pion mauve) et le voleur (Pion gris) sur la case 'Désert' »; nobody controls it,
    so nobody has its VP or its 2:1 until a Merchant card is played."""
    g = rl.load_game("catan", 3, seed=0, variant="combined")
    s = g.new_state()
    doc = s.to_json()
    desert = next(t for t, tile in enumerate(doc["tiles"]) if tile["terrain"] == "desert")
    assert doc["robber"] == desert
    for p in range(3):
        assert s.observation(p)["merchant"] == {"tile": desert, "owner": None}
    assert g.state_from_json(doc).to_json() == doc  # a position with an unowned merchant loads
    rng = random.Random(0)
    while s.phase != "roll":  # the setup: the merchant stays, and adds no point to anyone's buildings
        s.apply(rng.choice(s.legal_actions()))
    assert s.observation(0)["merchant"] == {"tile": desert, "owner": None}
    assert s.scores() == [3, 3, 3]
    s = blank()
    p = s.active
    gold = tiles_of(s, "gold")[0]
    build(s, p, lone_corner(s, gold), 1)
    give(s, p, "merchant")
    t = min(_resource_tiles_touching(s, p))
    before = s.scores()
    s.apply(PlayMerchant(t))  # the first Merchant card takes it from the desert
    assert s.observation(p)["merchant"] == {"tile": t, "owner": p}
    assert s.scores()[p] == before[p] + 1 and s.rates[p][s.terrain[t]] == 2
    assert "taking it from" not in s.events[-1].text()


def test_merchant_gives_2_to_1_and_1_vp_to_its_controller_until_taken():
    s = blank()
    p, o1, _ = seats(s)
    gold = tiles_of(s, "gold")[0]
    v = lone_corner(s, gold)
    build(s, p, v, 1)
    give(s, p, "merchant", "merchant")
    tiles = _resource_tiles_touching(s, p)
    assert {a.tile for a in listed(s, PlayMerchant)} == tiles and gold not in tiles
    rejected(s, PlayMerchant(gold), "progress.merchant")  # never on gold
    far = next(t for t in tiles_of(s, "ore") if t not in tiles)
    rejected(s, PlayMerchant(far), "progress.merchant")  # next to one of your buildings
    t = min(tiles)
    res = RESOURCES[s.terrain[t]]
    vp = s.vp(p)
    s.apply(PlayMerchant(t))
    assert (s.merchant, s.merchant_owner) == (t, p) and s.vp(p) == vp + 1
    set_hand(s, p, **{res: 2})
    get = "coin"
    assert BankTrade(res, get) in s.legal_actions()  # 2:1, and the card received may be a commodity
    s.robber = t  # the robber does not cancel the 2:1
    s.after_load()
    s.apply(BankTrade(res, get))
    assert of(s, p, get) == 1 and of(s, p, res) == 0
    rejected(s, PlayMerchant(t), "progress.merchant")  # already yours there
    # the next player to play a Merchant takes it, with the 2:1 and the VP
    end_turn_to(s, o1)
    w = lone_corner(s, t)
    build(s, o1, w, 1)
    give(s, o1, "merchant")
    vp1 = s.vp(o1)
    s.apply(PlayMerchant(t))
    assert s.merchant_owner == o1 and s.vp(p) == vp and s.vp(o1) == vp1 + 1
    assert s.rates[p][s.terrain[t]] == 4 and s.rates[o1][s.terrain[t]] == 2


def test_merchant_vp_option_off():
    s = blank(merchant_vp=False)
    p = s.active
    build(s, p, lone_corner(s, tiles_of(s, "ore")[0]), 1)
    give(s, p, "merchant")
    vp = s.vp(p)
    s.apply(listed(s, PlayMerchant)[0])
    assert s.merchant_owner == p and s.vp(p) == vp


def test_merchant_may_be_moved_by_its_owner_with_another_card():
    s = blank()
    p = s.active
    ore = tiles_of(s, "ore")
    build(s, p, lone_corner(s, ore[0]), 1)
    build(s, p, lone_corner(s, ore[1]), 1)
    give(s, p, "merchant", "merchant")
    first, second = ore[:2]
    s.apply(PlayMerchant(first))
    s.apply(PlayMerchant(second))
    assert s.merchant == second and s.vp(p) == 3  # 2 settlements + the merchant, counted once
    rejected(s, PlayMerchant(second), "progress.hand")


# ------------------------------------------------------------------------------------------------
# Merchant Fleet
# ------------------------------------------------------------------------------------------------
def test_merchant_fleet_2_to_1_for_the_rest_of_the_turn():
    s = blank()
    p = s.active
    give(s, p, "merchant_fleet", "merchant_fleet")
    set_hand(s, p, wool=4, cloth=2)
    assert rate(s, p, CARDS.index("wool")) == 4
    s.apply(PlayMerchantFleet("wool"))
    assert rate(s, p, CARDS.index("wool")) == 2
    s.apply(BankTrade("wool", "ore"))
    s.apply(BankTrade("wool", "brick"))  # as often as you like
    assert (of(s, p, "wool"), of(s, p, "ore"), of(s, p, "brick")) == (0, 1, 1)
    assert BankTrade("cloth", "ore") not in s.legal_actions()
    rejected(s, PlayMerchantFleet("wool"), "progress.merchant_fleet")  # already 2:1
    rejected(s, PlayMerchantFleet("money"), "progress.merchant_fleet")
    s.apply(PlayMerchantFleet("cloth"))  # a commodity may be named
    s.apply(BankTrade("cloth", "paper"))
    assert of(s, p, "paper") == 1
    s.apply(EndTurn())
    assert s.fleet == []


def test_merchant_fleet_not_on_a_card_already_at_2_to_1():
    s = blank()
    p = s.active
    s.levels[p][0] = 3  # the Merchant Guild: commodities at 2:1
    s.after_load()
    give(s, p, "merchant_fleet")
    rejected(s, PlayMerchantFleet("coin"), "progress.merchant_fleet")
    assert {a.card for a in listed(s, PlayMerchantFleet)} == set(RESOURCES)


# ------------------------------------------------------------------------------------------------
# Resource Monopoly and Trade Monopoly
# ------------------------------------------------------------------------------------------------
def test_resource_monopoly_takes_2_or_what_each_opponent_has():
    s = blank()
    p, o1, o2 = seats(s)
    give(s, p, "resource_monopoly")
    set_hand(s, o1, ore=3, coin=2)
    set_hand(s, o2, ore=1)
    money = s.money[:]
    assert {a.resource for a in listed(s, PlayResourceMonopoly)} == set(RESOURCES)
    rejected(s, PlayResourceMonopoly("coin"), "progress.resource_monopoly")  # commodities cannot be named
    s.apply(PlayResourceMonopoly("ore"))
    assert (of(s, p, "ore"), of(s, o1, "ore"), of(s, o2, "ore")) == (3, 1, 0)
    assert of(s, o1, "coin") == 2 and s.money == money
    assert s.events[-1].params["count"] == 3


def test_trade_monopoly_takes_1_commodity_from_each_opponent():
    s = blank()
    p, o1, o2 = seats(s)
    give(s, p, "trade_monopoly")
    set_hand(s, o1, coin=2)
    set_hand(s, o2, ore=2)
    assert {a.commodity for a in listed(s, PlayTradeMonopoly)} == {"cloth", "coin", "paper"}
    rejected(s, PlayTradeMonopoly("ore"), "progress.trade_monopoly")
    s.apply(PlayTradeMonopoly("coin"))
    assert (of(s, p, "coin"), of(s, o1, "coin"), of(s, o2, "ore")) == (1, 1, 2)


@pytest.mark.parametrize("card,action", [("resource_monopoly", PlayResourceMonopoly("ore")),
                                         ("trade_monopoly", PlayTradeMonopoly("coin"))])
def test_monopolies_need_an_opponent_with_cards(card, action):
    s = blank()
    give(s, s.active, card)
    rejected(s, action, f"progress.{card}")


def test_trade_cards_wait_for_the_roll():
    s = blank()
    s.apply(EndTurn())
    give(s, s.active, "resource_monopoly")
    set_hand(s, (s.active + 1) % 3, ore=2)
    rejected(s, PlayResourceMonopoly("ore"), "progress.timing")


# ------------------------------------------------------------------------------------------------
# random games: the cards get played, the position stays valid
# ------------------------------------------------------------------------------------------------
MY_CARDS = {PROGRESS_NAME[c] for c in (
    "alchemist", "crane", "engineer", "inventor", "irrigation", "medicine", "mining", "road_building",
    "commercial_harbor", "master_merchant", "merchant", "merchant_fleet", "resource_monopoly", "trade_monopoly")}
CARD_PHASES = {"commercial_harbor", "master_merchant"}
MY_EVENTS = {"alchemist", "crane", "engineer", "inventor", "progress_harvest", "medicine", "road_building",
             "commercial_harbor", "harbour_exchange", "harbour_give", "harbour_nothing", "master_merchant",
             "master_merchant_take", "merchant", "merchant_fleet", "monopoly"}


def test_random_games_play_the_science_and_trade_cards():
    """A random policy that prefers card plays half the time: the cards are played, every card and piece stays
    conserved, and a determinized copy in a card's decision step offers its player the same choices."""
    played: Counter = Counter()
    checked = 0
    texts: set = set()
    for seed in range(8):
        g = rl.load_game("catan", 3, seed=seed, variant="combined", turn_cap=150)
        s = g.new_state()
        rng = random.Random(seed)
        while s.current_player != TERMINAL:
            if s.current_player == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            acts = s.legal_actions()
            if s.phase in CARD_PHASES:
                t = s.determinize(s.current_player, random.Random(seed))
                assert t.legal_actions() == acts
                checked += 1
            for a in acts:
                if type(a).__module__.endswith(("progress_science", "progress_trade")):
                    assert s.is_legal(a), a  # what is listed passes its rule's check
            plays = [a for a in acts if a.kind.startswith("play_")
                     or a.kind in ("improve", "build_city", "commercial_harbor_exchange")]
            s.apply(rng.choice(plays) if plays and rng.random() < 0.5 else rng.choice(acts))
            if s.events and s.events[-1].kind in ("progress_play", "monopoly", "master_merchant_take",
                                                  "harbour_give", "merchant", "progress_harvest"):
                s.validate_position()
        s.validate_position()
        for e in s.events:
            if e.kind == "progress_play" and e.params["card"] in MY_CARDS:
                played[e.params["card"]] += 1
            if e.kind in MY_EVENTS:
                texts.add(e.kind)
                assert e.kind in EVENT_TEXTS
                assert not e.text().startswith(f"{e.kind}: ") and "{" not in e.text(), e
    assert len(played) >= 10, played
    assert checked >= 5
    assert len(texts) >= 12, texts
    assert sum(played.values()) >= 50, played


def test_no_card_touches_money():
    s = blank()
    p, o1, o2 = seats(s)
    s.money = [7, 9, 11]
    s.after_load()
    give(s, p, "resource_monopoly", "trade_monopoly")
    set_hand(s, o1, ore=1, coin=1)
    s.apply(PlayResourceMonopoly("ore"))
    s.apply(PlayTradeMonopoly("coin"))
    assert s.money == [7, 9, 11]


def test_card_actions_round_trip_through_the_codec():
    from ratgames_lab.catan.combined import progress_science as sci
    from ratgames_lab.catan.combined.rules import CODEC
    actions = [sci.PlayAlchemist(1, 6), sci.PlayCrane(), sci.PlayEngineer(3), sci.PlayInventor(2, 9),
               sci.PlayIrrigation(), sci.PlayMining(), sci.PlayMedicine(), sci.ROAD_BUILDING,
               PlayCommercialHarbor(), HarbourExchange(1, "ore"), GiveCommodity("coin"), PlayMasterMerchant(2),
               TakeCard("paper"), PlayMerchant(7), PlayMerchantFleet("cloth"), PlayResourceMonopoly("grain"),
               PlayTradeMonopoly("paper")]
    for a in actions:
        assert CODEC.decode(a.to_json()) == a
        assert not a.describe().startswith(a.kind)


def _reloads(s) -> None:
    t = type(s).from_json(s.to_json(), s.comp)
    assert t.to_json() == s.to_json() and t.legal_actions() == s.legal_actions()
    assert t.current_player == s.current_player


def test_positions_saved_in_a_cards_step_load_again():
    s = _vp_scene()
    p, o1, o2 = seats(s)
    give(s, p, "master_merchant", "commercial_harbor")
    set_hand(s, p, ore=1)
    set_hand(s, o1, wool=2, cloth=1)
    set_hand(s, o2, paper=1)
    s.apply(PlayMasterMerchant(o1))
    assert s.phase == "master_merchant"
    _reloads(s)
    s.apply(TakeCard("wool"))
    _reloads(s)
    s.apply(TakeCard("cloth"))
    s.apply(PlayCommercialHarbor())
    _reloads(s)
    s.apply(HarbourExchange(o2, "ore"))
    assert s.phase == "commercial_harbor" and s.current_player == o2
    _reloads(s)


def test_the_merchants_point_wins_on_your_turn():
    s = blank()
    p = s.active
    build(s, p, lone_corner(s, tiles_of(s, "ore")[0]), 1)
    s.defenders[p] = 13  # 13 Defender points + 1 settlement = 14
    s.after_load()
    give(s, p, "merchant")
    assert s.vp(p) == 14 and s.winner == -1
    s.apply(listed(s, PlayMerchant)[0])
    assert s.winner == p and s.phase == "over" and s.vp(p) == 15
