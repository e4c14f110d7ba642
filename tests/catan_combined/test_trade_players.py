"""Player trades in the combined variant (rule trade.players): resources, commodities and money change hands;
every answer (accept, reject, counter), closing and withdrawing; the base game's rules (the active player in every
trade, no gifts, never the same thing on both sides) and option player_trades."""
from __future__ import annotations

import pytest

from ratgames_lab.catan.actions import AcceptOffer, CancelTrade, ConfirmTrade, RejectOffer
from ratgames_lab.catan.combined.trade_players import CounterOffer, OfferTrade, amounts_text
from ratgames_lab.core.errors import IllegalActionError

from .helpers import assert_rejected as assert_illegal
from .helpers import set_hand
from .trade_helpers import amounts, main_position

ACCEPT, REJECT, CANCEL = AcceptOffer(), RejectOffer(), CancelTrade()


def _seats(s):
    p = s.active
    return p, (p + 1) % s.players, (p + 2) % s.players


def _ready(players=3, **options):
    """The active player holds 2 ore, 1 cloth and $6; the next holds 2 brick + 1 paper and $1; the third 1 wool."""
    s = main_position(players, **options)
    p, q, r = _seats(s)
    for x in range(s.players):
        set_hand(s, x, money=0)
    set_hand(s, p, money=6, ore=2, cloth=1)
    set_hand(s, q, money=1, brick=2, paper=1)
    set_hand(s, r, money=0, wool=1)
    return s


def test_a_trade_of_commodities_and_money_changes_hands_and_conserves_everything():
    s = _ready()
    p, q, r = _seats(s)
    s.apply(OfferTrade(amounts(money=3, cloth=1), amounts(brick=2)))
    assert s.phase == "trade_reply" and s.current_player == q
    s.apply(ACCEPT)
    assert s.current_player == r
    assert s.legal_actions() == [REJECT]  # r holds no brick
    s.apply(REJECT)
    assert s.phase == "trade_choose" and s.current_player == p
    assert s.legal_actions() == [ConfirmTrade(q), CANCEL]
    s.apply(ConfirmTrade(q))
    assert s.phase == "main" and s.offer == []
    assert (s.hands[p][0], s.hands[p][5], s.money[p]) == (2, 0, 3)  # +2 brick, -1 cloth, -$3
    assert (s.hands[q][0], s.hands[q][5], s.money[q]) == (0, 1, 4)
    s.validate_position()
    kinds = [e.kind for e in s.events[-4:]]
    assert kinds == ["offer", "accept", "reject", "trade"]
    assert s.events[-1].text() == f"Player {p + 1} gives 1 cloth + $3 to Player {q + 1} for 2 brick."


def test_a_counter_offer_with_money_is_closed_on_its_own_terms():
    s = _ready()
    p, q, r = _seats(s)
    s.apply(OfferTrade(amounts(ore=1), amounts(paper=1)))
    s.apply(CounterOffer(amounts(ore=2), amounts(paper=1, money=1)))  # q asks 2 ore, gives paper + $1
    s.apply(REJECT)
    assert s.describe().endswith(f"Offer in progress: Player {p + 1} gives 1 ore for 1 paper; Player {q + 1} "
                                 f"counters with 2 ore for 1 paper + $1; Player {r + 1} rejects.")
    assert s.legal_actions() == [ConfirmTrade(q), CANCEL]
    s.apply(ConfirmTrade(q))
    assert (s.hands[p][4], s.hands[p][7], s.money[p]) == (0, 1, 7)
    assert (s.hands[q][4], s.hands[q][7], s.money[q]) == (2, 0, 0)
    s.validate_position()


def test_nobody_accepts_and_the_offer_is_cleared():
    s = _ready()
    s.apply(OfferTrade(amounts(ore=1), amounts(grain=1)))  # nobody holds grain
    s.apply(REJECT)
    s.apply(REJECT)
    assert s.phase == "main" and s.offer == [] and s.answers == [0] * s.players
    assert s.events[-1].kind == "no_trade"


def test_the_active_player_may_withdraw_after_the_answers():
    s = _ready()
    p, q, _ = _seats(s)
    before = [h[:] for h in s.hands], s.money[:]
    s.apply(OfferTrade(amounts(ore=1), amounts(brick=1)))
    s.apply(ACCEPT)
    s.apply(REJECT)
    s.apply(CANCEL)
    assert s.phase == "main" and ([h[:] for h in s.hands], s.money[:]) == before
    assert s.events[-1].kind == "withdraw"


def test_in_four_players_each_other_player_answers_in_seat_order():
    s = _ready(4)
    p = s.active
    s.apply(OfferTrade(amounts(ore=1), amounts(money=1)))
    order = []
    while s.phase == "trade_reply":
        order.append(s.current_player)
        s.apply(REJECT)
    assert order == [(p + k) % 4 for k in (1, 2, 3)]


@pytest.mark.parametrize("give,get,reason", [
    (amounts(ore=1), amounts(), "no gifts"),
    (amounts(), amounts(brick=1), "no gifts"),
    (amounts(ore=1), amounts(ore=1), "ore cannot be traded for ore"),
    (amounts(money=1), amounts(money=2, brick=1), "money cannot be traded for money"),
    ((0, 0, 0, 0, 1), (1, 0, 0, 0, 0), "amounts are 9 whole numbers"),
    (amounts(ore=-1), amounts(brick=1), "amounts are 9 whole numbers"),
])
def test_malformed_terms_are_refused(give, get, reason):
    s = _ready()
    assert_illegal(s, OfferTrade(give, get), "trade.players")
    with pytest.raises(IllegalActionError, match=reason):
        s.check(OfferTrade(give, get))


def test_one_cannot_offer_what_one_does_not_hold_money_included():
    s = _ready()
    assert_illegal(s, OfferTrade(amounts(money=7), amounts(brick=1)), "trade.players")
    assert_illegal(s, OfferTrade(amounts(ore=3), amounts(brick=1)), "trade.players")


def test_answers_are_checked():
    s = _ready()
    _, q, r = _seats(s)
    s.apply(OfferTrade(amounts(ore=1), amounts(brick=1, money=2)))  # q holds only $1
    assert s.current_player == q and s.legal_actions() == [REJECT]
    assert_illegal(s, ACCEPT, "trade.players")
    assert_illegal(s, CounterOffer(amounts(ore=1), amounts(brick=1, money=2)), "trade.players")  # same terms
    assert_illegal(s, CounterOffer(amounts(ore=1), amounts(brick=3)), "trade.players")  # q holds 2 brick
    assert_illegal(s, OfferTrade(amounts(ore=1), amounts(brick=1)), "turn.phase")  # no new offer now
    assert_illegal(s, ConfirmTrade(q), "turn.phase")
    s.apply(REJECT)
    s.apply(REJECT)
    assert s.phase == "main"
    assert_illegal(s, ACCEPT, "turn.phase")
    assert_illegal(s, CANCEL, "turn.phase")


def test_a_player_without_the_money_asked_for_cannot_accept():
    s = _ready()
    _, q, r = _seats(s)
    s.apply(OfferTrade(amounts(ore=1), amounts(money=1)))
    s.apply(REJECT)  # q rejects
    assert s.current_player == r
    assert_illegal(s, ACCEPT, "trade.players")  # r has no money
    s.apply(REJECT)
    assert s.phase == "main" and s.events[-1].kind == "no_trade"


def test_closing_with_a_player_who_rejected_is_refused():
    s = _ready()
    _, q, r = _seats(s)
    s.apply(OfferTrade(amounts(ore=1), amounts(paper=1)))
    s.apply(ACCEPT)
    s.apply(REJECT)
    assert_illegal(s, ConfirmTrade(r), "trade.players")


def test_option_player_trades_off_refuses_offers_and_lists_none():
    s = _ready(player_trades=False)
    assert_illegal(s, OfferTrade(amounts(ore=1), amounts(brick=1)), "trade.players")
    assert not [a for a in s.legal_actions() if isinstance(a, OfferTrade)]


def test_listed_offers_complete_a_build_and_any_other_offer_is_legal_unlisted():
    s = _ready()
    p = s.active
    set_hand(s, p, money=0, ore=3, wool=2, grain=1)  # a knight (wool + ore) is affordable; a city lacks 1 grain
    listed = [a for a in s.legal_actions() if isinstance(a, OfferTrade)]
    assert OfferTrade(amounts(wool=1), amounts(grain=1)) in listed
    assert OfferTrade(amounts(wool=2), amounts(grain=1)) in listed
    unlisted = OfferTrade(amounts(ore=3, money=0), amounts(cloth=1, money=0))
    assert unlisted not in listed and s.accepts_unlisted(unlisted) and s.is_legal(unlisted)
    s.apply(unlisted)
    s.apply(REJECT)
    s.apply(REJECT)
    assert not [a for a in s.legal_actions() if isinstance(a, OfferTrade)]  # one listed offer a turn
    assert s.is_legal(unlisted)


def test_amounts_read_as_english():
    assert amounts_text(amounts(money=3, brick=2, coin=1)) == "2 brick + 1 coin + $3"
    assert amounts_text(amounts()) == "nothing"
    assert OfferTrade(amounts(paper=1), amounts(money=2)).describe() == "Offer 1 paper for $2"
