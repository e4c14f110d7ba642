"""The trade (yellow) progress cards (catan_facts.md, Progress card effects; rules progress.<card>): Commercial
Harbor, Master Merchant, Merchant, Merchant Fleet, Resource Monopoly and Trade Monopoly.

"Cards" are resource and commodity cards: money and fish are never touched. The card player picks targets and
named cards; a giving player picks what they give (the commodity of a Commercial Harbor exchange), as a queued
decision step of theirs. A card is listed only when it could do something (the convention of catan_facts.md;
*interpretation* for the cards it does not name). Played on your own turn after the roll (``progress.play_error``).

Commercial Harbor: ``turn_flags.commercial_harbor`` (``s.harbour_deals``) holds the card player's own seat once
the card is played this turn, then each opponent already dealt with (once per opponent per turn, even with a
second copy). The exchanges are made in the open, like any trade (*interpretation*: the card does not say they
are hidden). Master Merchant: the card player sees the victim's cards; the two cards taken are seen only by the
two of them (recorded in ``steals``, like a robber's steal).
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from ...core.protocol import Action
from ..board import RESOURCES
from . import table
from .components import CARDS, COMMODITIES, K, PROGRESS_NAME, R
from .hidden import hand_view
from .phases import MAIN, player_name
from .progress import holds, play_error, playable, use_card
from .queue import done, entry, head, push_front, step
from .table import err, not_now
from .trade import rate
from ..translate import _, shown

MASTER_MERCHANT_TAKES = 2
RESOURCE_MONOPOLY_TAKES = 2
TRADE_MONOPOLY_TAKES = 1


# ------------------------------------------------------------------------------------------------
# the actions
# ------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayCommercialHarbor(Action):
    """Play the Commercial Harbor: this turn, one forced exchange with each opponent."""

    kind = "play_commercial_harbor"

    def describe(self) -> str:
        return _("Play the Commercial Harbor (one forced exchange with each opponent this turn)")


@dataclass(frozen=True, slots=True)
class HarbourExchange(Action):
    """Commercial Harbor: hand an opponent 1 resource; they hand back 1 commodity of their choice."""

    opponent: int
    resource: str
    kind = "commercial_harbor_exchange"

    def describe(self) -> str:
        return _("Commercial Harbor: give Player {value} 1 {resource} for a commodity").format(
            value=shown(self.opponent + 1), resource=shown(self.resource))


@dataclass(frozen=True, slots=True)
class GiveCommodity(Action):
    """Commercial Harbor: the commodity you hand back to the card player."""

    commodity: str
    kind = "commercial_harbor_give"

    def describe(self) -> str:
        return _("Give 1 {commodity} back (Commercial Harbor)").format(commodity=shown(self.commodity))


@dataclass(frozen=True, slots=True)
class PlayMasterMerchant(Action):
    """Play the Master Merchant on an opponent with more VP: see their cards and take 2."""

    opponent: int
    kind = "play_master_merchant"

    def describe(self) -> str:
        return _("Play the Master Merchant on Player {value}").format(value=shown(self.opponent + 1))


@dataclass(frozen=True, slots=True)
class TakeCard(Action):
    """Master Merchant: the card you take from the opponent's hand."""

    card: str
    kind = "master_merchant_take"

    def describe(self) -> str:
        return _("Take 1 {card} (Master Merchant)").format(card=shown(self.card))


@dataclass(frozen=True, slots=True)
class PlayMerchant(Action):
    """Play a Merchant: put the merchant on a resource tile next to your building."""

    tile: int
    kind = "play_merchant"

    def describe(self) -> str:
        return _("Play a Merchant: put the merchant on tile {tile}").format(tile=shown(self.tile))


@dataclass(frozen=True, slots=True)
class PlayMerchantFleet(Action):
    """Play a Merchant Fleet: trade this card with the bank at 2:1 until the end of your turn."""

    card: str
    kind = "play_merchant_fleet"

    def describe(self) -> str:
        return _("Play a Merchant Fleet: {card} at 2:1 this turn").format(card=shown(self.card))


@dataclass(frozen=True, slots=True)
class PlayResourceMonopoly(Action):
    """Play a Resource Monopoly: each opponent gives you 2 of this resource (1 if they have 1)."""

    resource: str
    kind = "play_resource_monopoly"

    def describe(self) -> str:
        return _("Play a Resource Monopoly on {resource}").format(resource=shown(self.resource))


@dataclass(frozen=True, slots=True)
class PlayTradeMonopoly(Action):
    """Play a Trade Monopoly: each opponent gives you 1 of this commodity."""

    commodity: str
    kind = "play_trade_monopoly"

    def describe(self) -> str:
        return _("Play a Trade Monopoly on {commodity}").format(commodity=shown(self.commodity))


COMMERCIAL_HARBOR = PlayCommercialHarbor()
GIVE = tuple(GiveCommodity(c) for c in COMMODITIES)
TAKE = tuple(TakeCard(c) for c in CARDS)
FLEET = tuple(PlayMerchantFleet(c) for c in CARDS)
RESOURCE_MONOPOLY = tuple(PlayResourceMonopoly(c) for c in RESOURCES)
TRADE_MONOPOLY = tuple(PlayTradeMonopoly(c) for c in COMMODITIES)


def opponents(s) -> list[int]:
    """The other players, in turn order from the active player."""
    n = s.players
    return [(s.active + k) % n for k in range(1, n)]


def _seat_error(s, p: int, card: str):
    if not (0 <= p < s.players) or p == s.active:
        return err(_("Player {value} is not an opponent").format(value=shown(p + 1)), f"progress.{card}")
    return None


# ------------------------------------------------------------------------------------------------
# Commercial Harbor
# ------------------------------------------------------------------------------------------------
def harbour_open(s) -> bool:
    """True once the active player has played a Commercial Harbor this turn."""
    return s.active in s.harbour_deals


def has_resource(s, p: int) -> bool:
    """True if p holds a resource card."""
    return any(s.hands[p][:R])


def _check_commercial_harbor(s, a: PlayCommercialHarbor):
    bad = play_error(s, "commercial_harbor")
    if bad:
        return bad
    if harbour_open(s):
        return err(_("your Commercial Harbor is already in play this turn: a second one adds no exchange"),
                   "progress.commercial_harbor")
    if not has_resource(s, s.active):
        return err(_("you need a resource card to offer"), "progress.commercial_harbor")
    return None


def _do_commercial_harbor(s, a: PlayCommercialHarbor) -> None:
    """progress.commercial_harbor: for the rest of the turn, one forced exchange with each opponent."""
    use_card(s, "commercial_harbor")
    s.harbour_deals = sorted(s.harbour_deals + [s.active])
    s.emit("commercial_harbor", "progress.commercial_harbor", player=player_name(s.active))


def _check_exchange(s, a: HarbourExchange):
    if s.phase != MAIN or s.free_pieces or s.pending:
        return not_now(s, _("a Commercial Harbor exchange"))
    if not harbour_open(s):
        return err(_("play a Commercial Harbor first"), "progress.commercial_harbor")
    bad = _seat_error(s, a.opponent, "commercial_harbor")
    if bad:
        return bad
    if a.opponent in s.harbour_deals:
        return err(_("you have made your exchange with Player {value} this turn").format(value=shown(a.opponent + 1)),
                   "progress.commercial_harbor")
    if a.resource not in RESOURCES or not s.hands[s.active][RESOURCES.index(a.resource)]:
        return err(_("offer a resource card you hold, not {resource!r}").format(
            resource=shown(a.resource)), "progress.commercial_harbor")
    return None


def _do_exchange(s, a: HarbourExchange) -> None:
    """progress.commercial_harbor: you hand over the resource; the opponent hands back a commodity of their
    choice (a queued step of theirs); with no commodity they give nothing and you keep your resource."""
    p, o, c = s.active, a.opponent, RESOURCES.index(a.resource)
    s.harbour_deals = sorted(s.harbour_deals + [o])
    if not any(s.hands[o][R:]):
        s.emit("harbour_nothing", "progress.commercial_harbor", player=player_name(p), partner=player_name(o),
               resource=a.resource)
        return
    s.lose(p, c)
    s.hands[o][c] += 1
    s.emit("harbour_exchange", "progress.commercial_harbor", player=player_name(p), partner=player_name(o),
           resource=a.resource)
    push_front(s, [entry("commercial_harbor", o)])


step("commercial_harbor", phase="commercial_harbor", skip=lambda s, e: not any(s.hands[e[1]][R:]))


@table.phase("commercial_harbor")
def _list_give(s) -> list:
    hand = s.hands[head(s)[1]]
    return [GIVE[i] for i in range(K - R) if hand[R + i]]


def _check_give(s, a: GiveCommodity):
    if s.phase != "commercial_harbor":
        return not_now(s, _("giving a commodity back"))
    if a.commodity not in COMMODITIES or not s.hands[head(s)[1]][CARDS.index(a.commodity)]:
        return err(_("give back a commodity you hold, not {commodity!r}").format(
            commodity=shown(a.commodity)), "progress.commercial_harbor")
    return None


def _do_give(s, a: GiveCommodity) -> None:
    o, c = head(s)[1], CARDS.index(a.commodity)
    s.lose(o, c)
    s.hands[s.active][c] += 1
    s.emit("harbour_give", "progress.commercial_harbor", player=player_name(o), partner=player_name(s.active),
           commodity=a.commodity)
    done(s)


@table.main_actions
def _list_exchanges(s) -> list:
    if not harbour_open(s) or s.free_pieces:
        return []
    hand = s.hands[s.active]
    return [_exchange(o, c) for o in opponents(s) if o not in s.harbour_deals for c in range(R) if hand[c]]


@cache
def _exchange(o: int, c: int) -> HarbourExchange:
    return HarbourExchange(o, RESOURCES[c])


# ------------------------------------------------------------------------------------------------
# Master Merchant
# ------------------------------------------------------------------------------------------------
def master_merchant_targets(s) -> list[int]:
    """progress.master_merchant: opponents with strictly more VP than the card player, holding a card."""
    mine = s.vp(s.active)
    return [o for o in opponents(s) if s.vp(o) > mine and s.hand_size(o)]


def _check_master_merchant(s, a: PlayMasterMerchant):
    bad = play_error(s, "master_merchant") or _seat_error(s, a.opponent, "master_merchant")
    if bad:
        return bad
    o = a.opponent
    if s.vp(o) <= s.vp(s.active):
        return err(_("Player {value} has {vp} VP, not strictly more than your {vp2}").format(
            value=shown(o + 1), vp=shown(s.vp(o)), vp2=shown(s.vp(s.active))),
                   "progress.master_merchant")
    if not s.hand_size(o):
        return err(_("Player {value} holds no resource or commodity card").format(
            value=shown(o + 1)), "progress.master_merchant")
    return None


def _do_master_merchant(s, a: PlayMasterMerchant) -> None:
    """progress.master_merchant: you see the opponent's cards and take 2 (1 if they hold 1), your choice."""
    use_card(s, "master_merchant")
    count = min(MASTER_MERCHANT_TAKES, s.hand_size(a.opponent))
    s.look_at_hand(s.active, a.opponent)
    s.emit("master_merchant", "progress.master_merchant", player=player_name(s.active),
           victim=player_name(a.opponent), count=count)
    push_front(s, [entry("master_merchant", s.active, a.opponent, count)])


step("master_merchant", phase="master_merchant", skip=lambda s, e: not e[3] or not s.hand_size(e[2]))


@hand_view
def _seen_by_master_merchant(s, player: int) -> tuple[int, ...]:
    """While taking cards with a Master Merchant, the card player sees the victim's cards."""
    if s.phase == "master_merchant" and head(s)[1] == player:
        return (head(s)[2],)
    return ()


@table.phase("master_merchant")
def _list_take(s) -> list:
    hand = s.hands[head(s)[2]]
    return [TAKE[c] for c in range(K) if hand[c]]


def _check_take(s, a: TakeCard):
    if s.phase != "master_merchant":
        return not_now(s, _("taking a card with the Master Merchant"))
    if a.card not in CARDS or not s.hands[head(s)[2]][CARDS.index(a.card)]:
        return err(_("Player {value} holds no {card!r}").format(
            value=shown(head(s)[2] + 1), card=shown(a.card)), "progress.master_merchant")
    return None


def _do_take(s, a: TakeCard) -> None:
    e = head(s)
    p, o, c = e[1], e[2], CARDS.index(a.card)
    s.take_privately(p, o, c)
    e[3] -= 1
    s.emit("master_merchant_take", "progress.master_merchant", player=player_name(p), victim=player_name(o),
           left=e[3])
    if not e[3] or not s.hand_size(o):
        done(s)


# ------------------------------------------------------------------------------------------------
# Merchant
# ------------------------------------------------------------------------------------------------
def merchant_tiles(s, p: int) -> list[int]:
    """progress.merchant: the land resource tiles (not gold, desert, swamp, lake or market) next to p's
    settlements and cities."""
    node_tiles, terrain = s.comp.topo.node_tiles, s.terrain
    return sorted({t for v in s.buildings_of[p] for t in node_tiles[v] if terrain[t] < R})


def _check_merchant(s, a: PlayMerchant):
    bad = play_error(s, "merchant")
    if bad:
        return bad
    p = s.active
    if a.tile not in merchant_tiles(s, p):
        return err(_("tile {tile} is not a resource tile (not gold) next to your settlements or cities").format(
            tile=shown(a.tile)),
                   "progress.merchant")
    if s.merchant == a.tile and s.merchant_owner == p:
        return err(_("your merchant already stands there"), "progress.merchant")
    return None


def _do_merchant(s, a: PlayMerchant) -> None:
    """progress.merchant: the merchant goes to the tile (taken from whoever held it): 2:1 in the tile's resource
    and 1 VP (option merchant_vp) while you control it."""
    use_card(s, "merchant")
    p, old = s.active, s.merchant_owner
    s.merchant = a.tile
    s.merchant_owner = p
    s.refresh_board()
    taken = f", taking it from {player_name(old)}" if old >= 0 and old != p else ""
    s.emit("merchant", "progress.merchant", player=player_name(p), tile=a.tile, resource=RESOURCES[s.terrain[a.tile]],
           taken=taken, vp=1 if s.options.merchant_vp else 0)


# ------------------------------------------------------------------------------------------------
# Merchant Fleet
# ------------------------------------------------------------------------------------------------
def _check_fleet(s, a: PlayMerchantFleet):
    bad = play_error(s, "merchant_fleet")
    if bad:
        return bad
    if a.card not in CARDS:
        return err(_("name a resource or a commodity, not {card!r}").format(
            card=shown(a.card)), "progress.merchant_fleet")
    if rate(s, s.active, CARDS.index(a.card)) <= 2:
        return err(_("you already trade {card} at 2:1").format(card=shown(a.card)), "progress.merchant_fleet")
    return None


def _do_fleet(s, a: PlayMerchantFleet) -> None:
    """progress.merchant_fleet: the named card trades 2:1 with the bank, as often as you like, until your turn
    ends (``trade.rate`` reads ``fleet``)."""
    use_card(s, "merchant_fleet")
    s.fleet = sorted(s.fleet + [CARDS.index(a.card)])
    s.emit("merchant_fleet", "progress.merchant_fleet", player=player_name(s.active), card=a.card)


# ------------------------------------------------------------------------------------------------
# Resource Monopoly and Trade Monopoly
# ------------------------------------------------------------------------------------------------
def _monopoly_error(s, card_id: str, named: str, allowed: tuple[str, ...]):
    bad = play_error(s, card_id)
    if bad:
        return bad
    if named not in allowed:
        return err(_("name one of {join}, not {named!r}").format(
            join=shown(', '.join(allowed)), named=shown(named)), f"progress.{card_id}")
    if not any(s.hand_size(o) for o in opponents(s)):
        return err(_("no opponent holds a card"), f"progress.{card_id}")
    return None


def _monopoly(s, card_id: str, named: str, each: int) -> None:
    """Each opponent, in turn order, gives the card player up to ``each`` of the named card (what they have)."""
    use_card(s, card_id)
    p, c = s.active, CARDS.index(named)
    given = []
    for o in opponents(s):
        x = min(each, s.hands[o][c])
        s.lose(o, c, x)
        s.hands[p][c] += x
        if x < each:  # everyone sees that o has no more of the card
            s.show_count(o, c)
        given.append((player_name(o), x))
    s.emit("monopoly", f"progress.{card_id}", player=player_name(p), progress=PROGRESS_NAME[card_id], card=named,
           count=sum(x for _, x in given), from_each=", ".join(f"{o} gives {x}" for o, x in given))


def _check_resource_monopoly(s, a: PlayResourceMonopoly):
    return _monopoly_error(s, "resource_monopoly", a.resource, RESOURCES)


def _do_resource_monopoly(s, a: PlayResourceMonopoly) -> None:
    """progress.resource_monopoly: each opponent gives 2 of the named resource (1 if they have 1)."""
    _monopoly(s, "resource_monopoly", a.resource, RESOURCE_MONOPOLY_TAKES)


def _check_trade_monopoly(s, a: PlayTradeMonopoly):
    return _monopoly_error(s, "trade_monopoly", a.commodity, COMMODITIES)


def _do_trade_monopoly(s, a: PlayTradeMonopoly) -> None:
    """progress.trade_monopoly: each opponent gives 1 of the named commodity (nothing if they have none)."""
    _monopoly(s, "trade_monopoly", a.commodity, TRADE_MONOPOLY_TAKES)


# ------------------------------------------------------------------------------------------------
# listing
# ------------------------------------------------------------------------------------------------
@playable
def _list_trade(s) -> list:
    p = s.active
    out: list = []
    if holds(s, p, "commercial_harbor") and _check_commercial_harbor(s, COMMERCIAL_HARBOR) is None:
        out.append(COMMERCIAL_HARBOR)
    if holds(s, p, "master_merchant"):
        out += [_master_merchant(o) for o in master_merchant_targets(s)]
    if holds(s, p, "merchant"):
        out += [_merchant(t) for t in merchant_tiles(s, p) if not (s.merchant == t and s.merchant_owner == p)]
    if holds(s, p, "merchant_fleet"):
        out += [FLEET[c] for c in range(K) if rate(s, p, c) > 2]
    if any(s.hand_size(o) for o in opponents(s)):
        if holds(s, p, "resource_monopoly"):
            out += list(RESOURCE_MONOPOLY)
        if holds(s, p, "trade_monopoly"):
            out += list(TRADE_MONOPOLY)
    return out


@cache
def _master_merchant(o: int) -> PlayMasterMerchant:
    return PlayMasterMerchant(o)


@cache
def _merchant(t: int) -> PlayMerchant:
    return PlayMerchant(t)


table.rule(PlayCommercialHarbor, _check_commercial_harbor, _do_commercial_harbor)
table.rule(HarbourExchange, _check_exchange, _do_exchange)
table.rule(GiveCommodity, _check_give, _do_give)
table.rule(PlayMasterMerchant, _check_master_merchant, _do_master_merchant)
table.rule(TakeCard, _check_take, _do_take)
table.rule(PlayMerchant, _check_merchant, _do_merchant)
table.rule(PlayMerchantFleet, _check_fleet, _do_fleet)
table.rule(PlayResourceMonopoly, _check_resource_monopoly, _do_resource_monopoly)
table.rule(PlayTradeMonopoly, _check_trade_monopoly, _do_trade_monopoly)
