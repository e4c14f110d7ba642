"""Money in the combined variant (catan.md Part 2: Tiles, money, shop, bank; Settled defaults / Money and trade;
rules money.*): payments from the supply (unlimited, or capped by option money_supply_cap), the shop and the bank
loan. Money is never stolen, never touched by progress cards, and outside the hand limit."""
from __future__ import annotations

from . import table
from .actions import BuyCommodity, BuyResource, TakeLoan
from .components import CARDS, LOAN, R, SHOP
from .payouts import money_left
from .phases import MAIN, player_name
from .table import err, not_now
from ..translate import _, shown

BUY_COMMODITY = tuple(BuyCommodity(c) for c in CARDS[R:])
BUY_RESOURCE = tuple(BuyResource(c) for c in CARDS[:R])
LOAN_ACTION = TakeLoan()


def shop_error(s, p: int, commodity: bool, card: str):
    """Why p cannot buy this card at the shop now (None if they can)."""
    if s.phase != MAIN or s.free_pieces or s.pending:
        return not_now(s, _("buying at the shop"))
    kinds = CARDS[R:] if commodity else CARDS[:R]
    if card not in kinds:
        return err((_("the shop sells a commodity here, not {card!r}") if commodity else
                    _("the shop sells a resource here, not {card!r}")).format(card=card),
                   "money.shop")
    if commodity and s.shop_commodities >= SHOP["commodities_per_turn"]:
        return err(_("the shop sells one commodity per turn"), "money.shop")
    if not commodity and s.shop_resources >= SHOP["resources_per_turn"]:
        return err(_("the shop sells two resources per turn"), "money.shop")
    price = SHOP["commodity_price"] if commodity else SHOP["resource_price"]
    if s.money[p] < price:
        return err(_("this costs ${price} and you have ${money}").format(
            price=shown(price), money=shown(s.money[p])), "money.shop")
    if not s.bank[CARDS.index(card)]:
        return err(_("the bank has no {card} left").format(card=shown(card)), "money.shop")
    return None


def _shop_open(s, p: int, commodity: bool) -> bool:
    """The cheap test behind the listing: the per-turn limit and the price (the card itself is checked apart)."""
    if commodity:
        return s.shop_commodities < SHOP["commodities_per_turn"] and s.money[p] >= SHOP["commodity_price"]
    return s.shop_resources < SHOP["resources_per_turn"] and s.money[p] >= SHOP["resource_price"]


@table.main_actions
def _list_money(s) -> list:
    if s.free_pieces or s.pending:
        return []
    p, bank = s.active, s.bank
    out: list = []
    if _shop_open(s, p, True):
        out += [a for i, a in enumerate(BUY_COMMODITY) if bank[R + i]]
    if _shop_open(s, p, False):
        out += [a for i, a in enumerate(BUY_RESOURCE) if bank[i]]
    if loan_error(s, p) is None:
        out.append(LOAN_ACTION)
    return out


def _check_buy(s, a):
    return shop_error(s, s.active, isinstance(a, BuyCommodity), a.card)


def _do_buy(s, a) -> None:
    """money.shop: pay the price, take the card, count it against this turn's limit."""
    p, commodity = s.active, isinstance(a, BuyCommodity)
    price = SHOP["commodity_price"] if commodity else SHOP["resource_price"]
    s.money[p] -= price
    s.gain(p, CARDS.index(a.card))
    if commodity:
        s.shop_commodities += 1
    else:
        s.shop_resources += 1
    s.emit("shop", "money.shop", player=player_name(p), card=a.card, price=price)


def loan_error(s, p: int):
    """money.loan: once per game, on your own turn."""
    if s.phase != MAIN or s.free_pieces or s.pending:
        return not_now(s, _("borrowing from the bank"))
    if s.loans[p] >= LOAN["per_game"]:
        return err(_("the bank lends once per game"), "money.loan")
    left = money_left(s)
    if left is not None and left < LOAN["money"]:
        return err(_("the bank has only ${left} left").format(left=shown(left)), "money.loan")
    return None


def _check_loan(s, a: TakeLoan):
    return loan_error(s, s.active)


def _do_loan(s, a: TakeLoan) -> None:
    p = s.active
    s.loans[p] += 1
    s.money[p] += LOAN["money"]
    s.emit("loan", "money.loan", player=player_name(p), money=LOAN["money"], vp=LOAN["vp"])


table.rule(BuyCommodity, _check_buy, _do_buy)
table.rule(BuyResource, _check_buy, _do_buy)
table.rule(TakeLoan, _check_loan, _do_loan)
