"""Trading with the bank in the combined variant (catan.md Part 2, Money and trade; rules trade.*): 4:1, 3:1 at a
3:1 harbour (resources and commodities), 2:1 at a resource's harbour, 2:1 for commodities from trade level 3
(the Merchant Guild), 2:1 in the merchant's tile resource for its controller, 2:1 in a Merchant Fleet's card."""
from __future__ import annotations

from ..actions import BankTrade
from ..board import GENERIC_HARBOUR
from . import table
from .components import ABILITY_LEVEL, CARDS, K, R
from .phases import MAIN, player_name
from .table import err, not_now
from .trade_players import UNLISTED_OFFERS
from ..translate import _, shown

BANK = tuple(tuple(BankTrade(CARDS[g], CARDS[r]) for r in range(K)) for g in range(K))
UNLISTED: tuple[type, ...] = UNLISTED_OFFERS  # the trade actions accepted outside legal_actions (composed offers)


def compute_rates(s, p: int) -> list[int]:
    """p's bank rates per card (lasting ones: harbours, the Merchant Guild, the merchant; not a Merchant Fleet)."""
    rates = [4] * K
    topo = s.comp.topo
    for e, kind in zip(s.harbour_edges, s.harbour_kinds):
        if any(s.node_owner[v] == p for v in topo.edge_nodes[e]):
            if kind == GENERIC_HARBOUR:
                rates = [min(x, 3) for x in rates]
            else:
                rates[kind] = 2
    if s.levels[p][0] >= ABILITY_LEVEL:
        for c in range(R, K):
            rates[c] = 2
    if s.merchant >= 0 and s.merchant_owner == p and s.terrain[s.merchant] < R:
        rates[s.terrain[s.merchant]] = 2
    return rates


def rate(s, p: int, card: int) -> int:
    """What p pays now for one card from the bank in this card (a Merchant Fleet makes it 2)."""
    r = s.rates[p][card]
    return 2 if card in s.fleet and r > 2 else r


@table.main_actions
def _list_bank(s) -> list:
    if s.free_pieces:
        return []
    p = s.active
    hand, bank = s.hands[p], s.bank
    out = []
    for g in range(K):
        if hand[g] >= rate(s, p, g):
            row = BANK[g]
            out += [row[r] for r in range(K) if r != g and bank[r]]
    return out


def _check_bank(s, a: BankTrade):
    if s.phase != MAIN or s.free_pieces:
        return not_now(s, _("trading with the bank"))
    if a.give not in CARDS or a.get not in CARDS:
        return err(_("name a resource or a commodity"), "trade.bank")
    p, g, r = s.active, CARDS.index(a.give), CARDS.index(a.get)
    if g == r:
        return err(_("a trade must change the card"), "trade.bank")
    n = rate(s, p, g)
    if s.hands[p][g] < n:
        return err(_("you trade {give} at {n}:1 and hold {hands}").format(
            give=shown(a.give), n=shown(n), hands=shown(s.hands[p][g])), "trade.bank")
    if not s.bank[r]:
        return err(_("the bank has no {get} left").format(get=shown(a.get)), "trade.bank")
    return None


def _do_bank(s, a: BankTrade) -> None:
    p, g, r = s.active, CARDS.index(a.give), CARDS.index(a.get)
    n = rate(s, p, g)
    s.lose(p, g, n)
    s.bank[g] += n
    s.gain(p, r)
    s.emit("bank_trade", "trade.bank", player=player_name(p), count=n, give=a.give, get=a.get)


table.rule(BankTrade, _check_bank, _do_bank)
