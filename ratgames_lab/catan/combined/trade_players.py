"""Trading with the other players in the combined variant (catan.md Part 2, Money and trade: "Player trades as in
Part 1", and money can be traded; rule trade.players; game option ``player_trades``).

Amounts are 9 counts: the 8 cards in ``components.CARDS`` order (5 resources, cloth, coin, paper), then money
(``GOODS``), seen from the active player: ``give`` is what they hand over, ``get`` what they receive (in a
counter-offer too). The shared rules (no gifts, never the same thing on both sides, the order of answers, who may
close) are in ``catan.trading``. The turn: the active player offers in the action phase; each other player in
seat order accepts, rejects or counters ("trade_reply"); the active player then closes with one player who accepted
or countered, or withdraws ("trade_choose"). Every player trade involves the active player. Fish (issue 12) and
progress cards are never traded.
"""
from __future__ import annotations

from dataclasses import dataclass

from .. import actions as base
from ..actions import AcceptOffer, CancelTrade, ConfirmTrade, RejectOffer
from ..trading import (ACCEPTED, COUNTERED, NO_ANSWER, REJECTED, next_responder, terms_error, trade_partners,
                       useful_offer_terms)
from . import table
from .components import (CARDS, CITY_COST, COSTS, K, KNIGHT_COST, MAX_LEVEL, ROAD_COST, SETTLEMENT_COST, SHIP_COST,
                         TRACK_COMMODITY, TRACKS)
from .phases import MAIN, PHASE_NAMES, SEATED_PHASES, player_name
from .table import err, not_now
from ..translate import N_, _, shown

GOODS: tuple[str, ...] = CARDS + ("money",)  # what the amounts of a player trade count
M = len(GOODS)
MONEY = K  # the index of money in the amounts
TRADE_REPLY, TRADE_CHOOSE = "trade_reply", "trade_choose"
PHASE_NAMES.extend([TRADE_REPLY, TRADE_CHOOSE])
SEATED_PHASES[TRADE_REPLY] = "responder"  # trade_choose is decided by the active player
LISTED_OFFERS_PER_TURN = 1  # legal_actions lists offers while fewer were made this turn; more stay legal unlisted


def amounts_text(amounts) -> str:
    """'2 brick + 1 cloth + $3' for 9 counts (the cards, then money)."""
    parts = [f"{n} {CARDS[i]}" for i, n in enumerate(amounts[:K]) if n]
    if len(amounts) > K and amounts[K]:
        parts.append(f"${amounts[K]}")
    return " + ".join(parts) if parts else "nothing"


@dataclass(frozen=True, slots=True)
class OfferTrade(base.OfferTrade):
    """Offer a trade to the other players: 9 counts each (the 8 cards, then money), seen from you."""

    kind = "offer_trade"

    def describe(self) -> str:
        return _("Offer {amounts_text} for {amounts_text2}").format(
            amounts_text=shown(amounts_text(self.give)), amounts_text2=shown(amounts_text(self.get)))


@dataclass(frozen=True, slots=True)
class CounterOffer(base.CounterOffer):
    """Answer with a counter-offer (9 counts each, seen from the active player)."""

    kind = "counter_offer"

    def describe(self) -> str:
        return _("Counter: you give {amounts_text} for {amounts_text2}").format(
            amounts_text=shown(amounts_text(self.give)), amounts_text2=shown(amounts_text(self.get)))


ACCEPT, REJECT, CANCEL = AcceptOffer(), RejectOffer(), CancelTrade()
UNLISTED_OFFERS = (OfferTrade, CounterOffer)  # any well-formed offer is legal, listed or not (trade.UNLISTED)


def _unit(i: int, n: int = 1) -> tuple[int, ...]:
    return tuple(n if k == i else 0 for k in range(M))


OFFER = {(g, n, r): OfferTrade(_unit(g, n), _unit(r)) for g in range(K) for r in range(K) if g != r for n in (1, 2)}


def offer_text(s) -> str:
    """The offer in progress and its answers, in words."""
    words = {ACCEPTED: N_("{player} accepts"), REJECTED: N_("{player} rejects")}
    answers = []
    for q in range(s.players):
        if s.answers[q] == COUNTERED:
            c = s.counters[q]
            answers.append(_("{player} counters with {give} for {get}").format(
                player=shown(player_name(q)), give=shown(amounts_text(c[:M])), get=shown(amounts_text(c[M:]))))
        elif s.answers[q] in words:
            answers.append(_(words[s.answers[q]]).format(player=shown(player_name(q))))
    return _("Offer in progress: {player} gives {give} for {get}").format(
        player=shown(player_name(s.active)), give=shown(amounts_text(s.offer[:M])),
        get=shown(amounts_text(s.offer[M:]))) + ("; " + "; ".join(answers) if answers else "") + "."


def holds(s, p: int, amounts) -> bool:
    """True if p holds the cards and the money of ``amounts``."""
    hand = s.hands[p]
    return all(hand[c] >= amounts[c] for c in range(K)) and s.money[p] >= amounts[MONEY]


def partners(s) -> list[int]:
    """The players the active player may close with now."""
    return trade_partners(s.answers, s.counters, s.active, lambda p, amounts: holds(s, p, amounts))


def _costs(s, p: int) -> list:
    """What a player may want to complete: the builds, a knight, the next improvement of each track."""
    out = [ROAD_COST, SHIP_COST, SETTLEMENT_COST, CITY_COST, KNIGHT_COST, COSTS["wall"]]
    for t in range(len(TRACKS)):
        level = s.levels[p][t]
        if level < MAX_LEVEL:
            out.append(tuple(level + 1 if c == TRACK_COMMODITY[t] else 0 for c in range(K)))
    return out


# ------------------------------------------------------------------------------------------------
# listing
# ------------------------------------------------------------------------------------------------
@table.main_actions
def _list_offers(s) -> list:
    """The listed offers: 1 or 2 spare cards for the one card that completes a build (any other is legal too)."""
    if not s.comp.player_trades or s.offers_made >= LISTED_OFFERS_PER_TURN:
        return []
    p = s.active
    return [OFFER[t] for t in useful_offer_terms(s.hands[p], _costs(s, p), K)]


@table.phase(TRADE_REPLY)
def _list_answers(s) -> list:
    return [ACCEPT, REJECT] if holds(s, s.responder, s.offer[M:]) else [REJECT]


@table.phase(TRADE_CHOOSE)
def _list_close(s) -> list:
    return [s.comp.confirm_actions[q] for q in partners(s)] + [CANCEL]


# ------------------------------------------------------------------------------------------------
# offer, answers, closing
# ------------------------------------------------------------------------------------------------
def _terms_error(give, get):
    reason = terms_error(give, get, GOODS)
    return None if reason is None else err(reason, "trade.players")


def _check_offer(s, a: OfferTrade):
    if s.phase != MAIN:
        return not_now(s, _("offering a trade"))
    if not s.comp.player_trades:
        return err(_("player trades are switched off in this game (option player_trades)"), "trade.players")
    return _terms_error(a.give, a.get) or (
        None if holds(s, s.active, a.give) else err(_("you do not hold what you offer"), "trade.players"))


def _do_offer(s, a: OfferTrade) -> None:
    p = s.active
    s.offer = list(a.give) + list(a.get)
    s.offers_made += 1
    s.promise(p, a.give)
    s.answers = [NO_ANSWER] * s.players
    s.counters = [[] for _ in range(s.players)]
    s.emit("offer", "trade.players", player=player_name(p), give=amounts_text(a.give), get=amounts_text(a.get))
    s.responder = next_responder(p, p, s.players)
    s.phase = TRADE_REPLY


def _check_accept(s, a: AcceptOffer):
    if s.phase != TRADE_REPLY:
        return not_now(s, _("answering an offer"))
    if not holds(s, s.responder, s.offer[M:]):
        return err(_("you do not hold what the offer asks for"), "trade.players")
    return None


def _check_reject(s, a: RejectOffer):
    return None if s.phase == TRADE_REPLY else not_now(s, _("answering an offer"))


def _check_counter(s, a: CounterOffer):
    if s.phase != TRADE_REPLY:
        return not_now(s, _("answering an offer"))
    error = _terms_error(a.give, a.get)
    if error is not None:
        return error
    if list(a.give) + list(a.get) == s.offer:
        return err(_("a counter-offer changes the terms (accept the offer instead)"), "trade.players")
    if not holds(s, s.responder, a.get):
        return err(_("you do not hold what your counter-offer gives"), "trade.players")
    return None


def _answer(s, answer: int, counter: list[int]) -> None:
    """The responder's answer is recorded; the next player answers, or the active player closes or nobody
    traded."""
    q = s.responder
    s.answers[q] = answer
    s.counters[q] = counter
    if answer != REJECTED:  # an acceptance or a counter-offer shows the cards the responder would give
        s.promise(q, counter[M:] if answer == COUNTERED else s.offer[M:])
    if answer == COUNTERED:
        s.emit("counter", "trade.players", player=player_name(q), give=amounts_text(counter[:M]),
               get=amounts_text(counter[M:]))
    else:
        s.emit("accept" if answer == ACCEPTED else "reject", "trade.players", player=player_name(q))
    s.responder = next_responder(q, s.active, s.players)
    if s.responder >= 0:
        return
    if partners(s):
        s.phase = TRADE_CHOOSE
    else:
        s.emit("no_trade", "trade.players", player=player_name(s.active))
        _clear_offer(s)


def _clear_offer(s) -> None:
    s.offer = []
    s.answers = [NO_ANSWER] * s.players
    s.counters = [[] for _ in range(s.players)]
    s.responder = -1
    s.phase = MAIN


def _check_confirm(s, a: ConfirmTrade):
    if s.phase != TRADE_CHOOSE:
        return not_now(s, _("closing a trade"))
    if a.partner not in partners(s):
        return err(_("you trade only with a player who accepted or countered (and can still pay)"), "trade.players")
    return None


def _do_confirm(s, a: ConfirmTrade) -> None:
    """The cards and the money change hands: the active player gives the terms' first half, gets the second."""
    p, q = s.active, a.partner
    terms = s.offer if s.answers[q] == ACCEPTED else s.counters[q]
    for c in range(K):
        for giver, taker, x in ((p, q, terms[c]), (q, p, terms[M + c])):
            if x:
                s.lose(giver, c, x)
                s.hands[taker][c] += x
    s.money[p] += terms[M + MONEY] - terms[MONEY]
    s.money[q] += terms[MONEY] - terms[M + MONEY]
    s.emit("trade", "trade.players", player=player_name(p), partner=player_name(q), give=amounts_text(terms[:M]),
           get=amounts_text(terms[M:]))
    _clear_offer(s)


def _check_cancel(s, a: CancelTrade):
    return None if s.phase == TRADE_CHOOSE else not_now(s, _("withdrawing an offer"))


def _do_cancel(s, a: CancelTrade) -> None:
    s.emit("withdraw", "trade.players", player=player_name(s.active))
    _clear_offer(s)


table.rule(OfferTrade, _check_offer, _do_offer)
table.rule(AcceptOffer, _check_accept, lambda s, a: _answer(s, ACCEPTED, []))
table.rule(RejectOffer, _check_reject, lambda s, a: _answer(s, REJECTED, []))
table.rule(CounterOffer, _check_counter, lambda s, a: _answer(s, COUNTERED, list(a.give) + list(a.get)))
table.rule(ConfirmTrade, _check_confirm, _do_confirm)
table.rule(CancelTrade, _check_cancel, _do_cancel)


# ------------------------------------------------------------------------------------------------
# positions
# ------------------------------------------------------------------------------------------------
def trade_position_error(s) -> tuple[str, str] | None:
    """(reason, field) if the trade in progress is inconsistent with the phase, else None."""
    n, p = s.players, s.active
    if s.offer and len(s.offer) != 2 * M:
        return f"an offer is {2 * M} counts (what the active player gives, then gets)", "offer"
    for q in range(n):
        c = s.counters[q]
        if c and len(c) != 2 * M:
            return f"a counter-offer is {2 * M} counts", f"counters[{q}]"
        if bool(c) != (s.answers[q] == COUNTERED):
            return "a counter-offer goes with the answer 'countered' (3)", f"counters[{q}]"
    if s.phase not in (TRADE_REPLY, TRADE_CHOOSE):
        if s.offer or any(s.answers) or s.responder >= 0:
            return f"no trade is open in phase {s.phase!r}", "offer"
        return None
    if not s.offer:
        return f"phase {s.phase!r} needs an offer", "offer"
    if terms_error(tuple(s.offer[:M]), tuple(s.offer[M:]), GOODS) or not holds(s, p, s.offer[:M]):
        return "the offer is no trade the active player can make", "offer"
    if s.answers[p] != NO_ANSWER:
        return "the active player does not answer their own offer", f"answers[{p}]"
    order = [(p + k) % n for k in range(1, n)]
    if s.phase == TRADE_REPLY:
        if s.responder not in order:
            return "the responder is another player than the active one", "responder"
        i = order.index(s.responder)
        if any(s.answers[q] == NO_ANSWER for q in order[:i]) or any(s.answers[q] for q in order[i:]):
            return "the players before the responder have answered, the others not yet", "answers"
    else:
        if s.responder >= 0:
            return "nobody answers while the active player closes", "responder"
        if any(s.answers[q] == NO_ANSWER for q in order):
            return "every other player has answered before the active player closes", "answers"
        if not partners(s):
            return "the active player closes only with a partner", "answers"
    return None
