"""Option strict_phase_order (rule turn.strict_phase_order): with it, the action phase follows the seed's order
(trade, then build and improve, then progress cards, knights and the ship move); without it (the default), any
order."""
from __future__ import annotations

from ratgames_lab.catan.actions import BankTrade, BuildRoad, EndTurn, RejectOffer
from ratgames_lab.catan.combined.actions import BuildBridge, BuyCommodity, BuyResource, Improve, TakeLoan
from ratgames_lab.catan.combined.stages import BUILD, REST, TRADE, stages_of
from ratgames_lab.catan.combined.trade_players import OfferTrade

from .helpers import assert_rejected
from .helpers import set_hand
from .trade_helpers import amounts, main_position


def _ready(strict: bool):
    s = main_position(3, seed=2, strict_phase_order=strict)
    set_hand(s, s.active, brick=6, lumber=2, wool=1, cloth=1)
    return s


def _road(s):
    return next(a for a in s.legal_actions() if isinstance(a, BuildRoad))


def _refused(s, action):
    assert_rejected(s, action, "turn.strict_phase_order")


def test_by_default_trade_after_building_is_allowed():
    s = _ready(False)
    s.apply(_road(s))
    s.apply(Improve("trade"))
    s.apply(BankTrade("brick", "grain"))
    s.apply(OfferTrade(amounts(brick=1), amounts(ore=1)))
    assert s.stage == 0 and s.phase == "trade_reply"


def test_strict_order_trade_then_build_then_the_rest():
    s = _ready(True)
    s.apply(BankTrade("brick", "grain"))
    assert s.stage == TRADE
    s.apply(OfferTrade(amounts(brick=1), amounts(ore=1)))  # a trade in the trade stage
    while s.phase == "trade_reply":
        s.apply(RejectOffer())
    assert s.stage == TRADE
    s.apply(_road(s))
    assert s.stage == BUILD
    _refused(s, BankTrade("brick", "ore"))
    _refused(s, OfferTrade(amounts(brick=1), amounts(ore=1)))
    listed = s.legal_actions()
    assert not [a for a in listed if isinstance(a, (BankTrade, OfferTrade))]
    assert Improve("trade") in listed  # improving is in the build stage
    s.stage = REST  # as after a progress card, a knight or a ship move
    s.after_load()
    _refused(s, Improve("trade"))
    _refused(s, _road_anywhere(s))
    assert not [a for a in s.legal_actions() if isinstance(a, (Improve, BuildRoad))]
    assert EndTurn() in s.legal_actions()
    s.apply(EndTurn())
    assert s.stage == TRADE


def _road_anywhere(s):
    from ratgames_lab.catan.combined.places import road_spots
    return BuildRoad(sorted(road_spots(s, s.active))[0])


def test_a_trade_or_build_a_card_made_possible_stays_legal_in_the_last_stage():
    """Interpretation: the Crane's improvement, the Medicine's city and a Merchant Fleet trade belong to the card."""
    s = _ready(True)
    s.stage = REST
    s.crane = True
    s.fleet = [0]  # brick at 2:1 this turn
    s.after_load()
    assert stages_of(s, Improve("trade")) is None and stages_of(s, BankTrade("brick", "ore")) is None
    s.apply(Improve("trade"))
    s.apply(BankTrade("brick", "ore"))
    assert s.stage == REST
    _refused(s, BankTrade("lumber", "ore"))  # no fleet on lumber (and 4:1 would need 4)


def test_stages_of_the_action_kinds():
    s = _ready(True)
    assert stages_of(s, BankTrade("brick", "ore")) == (TRADE, TRADE)
    assert stages_of(s, Improve("trade")) == (BUILD, BUILD)
    assert stages_of(s, EndTurn()) == (TRADE, REST)
    for trade in (BuyCommodity("cloth"), BuyResource("ore"), TakeLoan()):  # the seed's step 2 lists shop and loan
        assert stages_of(s, trade) == (TRADE, TRADE)
    assert stages_of(s, BuildBridge(0)) == (BUILD, BUILD)


def test_the_shop_after_building_is_refused_with_strict_order():
    s = _ready(True)
    s.money[s.active] = 10
    s.apply(_road(s))
    _refused(s, BuyResource("ore"))
    _refused(s, TakeLoan())


def test_hiring_a_knight_moves_the_turn_to_the_last_stage():
    s = main_position(3, seed=2, strict_phase_order=True)
    set_hand(s, s.active, brick=6, lumber=2, wool=2, ore=1, cloth=1)
    hire = next(a for a in s.legal_actions() if a.kind == "hire_knight")
    s.apply(hire)
    assert s.stage == REST
    _refused(s, Improve("trade"))
    _refused(s, BankTrade("brick", "ore"))
    assert {a.kind for a in s.legal_actions()} <= {"end_turn", "hire_knight", "activate_knight", "promote_knight",
                                                   "move_ship", "fish_remove", "fish_steal", "fish_resource",
                                                   "fish_free_piece", "fish_progress", "pass_old_boot",
                                                   "move_wagon", "boost_wagon"}  # the wagon moves last


def test_random_games_with_strict_order_stay_valid_and_in_order():
    """Every main-phase action of a turn is in a stage at or after the one reached before it."""
    import random

    from ratgames_lab.catan.combined.stages import STAGES
    from ratgames_lab.core.protocol import CHANCE, TERMINAL

    from .trade_helpers import game
    for seed in range(2):
        g = game(4, seed=seed, turn_cap=120, strict_phase_order=True)
        s = g.new_state()
        rng = random.Random(seed)
        stages_seen = 0
        while s.current_player != TERMINAL:
            if s.current_player == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            a = rng.choice(s.legal_actions())
            if s.phase == "main" and stages_of(s, a) is not None:
                assert STAGES.get(a.kind, (REST, REST))[1] >= s.stage
                stages_seen = max(stages_seen, s.stage)
            s.apply(a)
        s.validate_position()
        assert stages_seen == REST
