"""turn.strict_phase_order (option ``strict_phase_order``, default False; catan.md Part 2, Turn and dice): the
seed's order of the action phase, enforced. After the roll: 1. trade; 2. build and improve (knight promotion too);
3. the rest: progress cards, knights, the ship move (and, in issue 12, fish and the wagon's move; its upgrade is a
build). The shop and the bank
loan are trades (the seed's step 2 lists them); a bridge is a build.

``s.stage`` records the stage reached this turn (0, 1 or 2; it stays 0 with the option off). Each action kind
has the stages it may be made in (``STAGES``: first and last); making it moves the turn on to its first stage,
and an action whose last stage is behind ``s.stage`` is illegal. A kind not listed belongs to the last stage; the
end of the turn belongs to every stage. Only the active player's actions in the action phase count: answers to an
offer, free pieces, queued decisions and chance are parts of the action that set them off.

*Interpretation*: knight promotion is in both the seed's step 3 ("knight promotion") and step 4 ("promote ...
knights"), so it is legal in the build stage and the last one. A trade or build that a card played this turn
makes possible (a trade at the Merchant Fleet's 2:1, the improvement the Crane makes cheaper, the city the
Medicine makes cheaper) is part of playing that card, so it stays legal in the last stage and moves nothing.
"""
from __future__ import annotations

from . import table
from .components import CARDS
from .phases import MAIN
from ..translate import N_, _

TRADE, BUILD, REST = range(3)
STAGE_NAMES = (N_("trade"), N_("build and improve"), N_("progress cards, knights and the ship move"))
STAGES: dict[str, tuple[int, int]] = {
    # trade: with the bank, with players, the shop, the bank loan (the seed's step 2)
    "bank_trade": (TRADE, TRADE), "offer_trade": (TRADE, TRADE), "buy_commodity": (TRADE, TRADE),
    "buy_resource": (TRADE, TRADE), "take_loan": (TRADE, TRADE),
    # build and improve (issue 12 adds the wagon upgrade here)
    "build_settlement": (BUILD, BUILD), "build_city": (BUILD, BUILD), "build_road": (BUILD, BUILD),
    "build_ship": (BUILD, BUILD), "build_bridge": (BUILD, BUILD), "build_wall": (BUILD, BUILD),
    "improve": (BUILD, BUILD), "upgrade_wagon": (BUILD, BUILD),
    "promote_knight": (BUILD, REST),
    # every stage
    "end_turn": (TRADE, REST),
}
LAST = (REST, REST)


def stages_of(s, a) -> tuple[int, int] | None:
    """The first and last stage of an action made now (None: it is part of a card played this turn)."""
    first, last = STAGES.get(a.kind, LAST)
    if last < REST and _card_effect(s, a):
        return None
    return first, last


def _card_effect(s, a) -> bool:
    kind = a.kind
    if kind == "bank_trade":
        return a.give in CARDS and CARDS.index(a.give) in s.fleet
    if kind == "improve":
        return s.crane
    if kind == "build_city":
        return s.medicine
    return False


def _counts(s) -> bool:
    return s.comp.options.strict_phase_order and s.phase == MAIN


def strict_order_error(s, a):
    """turn.strict_phase_order: an action of a stage the turn has left."""
    if not _counts(s):
        return None
    st = stages_of(s, a)
    if st is None or st[1] >= s.stage:
        return None
    return table.err(_("{stage} comes before {current} in the turn, and this turn has reached {current} (option "
                       "strict_phase_order)").format(stage=_(STAGE_NAMES[st[1]]), current=_(STAGE_NAMES[s.stage])),
                     "turn.strict_phase_order")


def record_stage(s, a) -> None:
    """The turn moves on to the action's first stage."""
    if _counts(s):
        st = stages_of(s, a)
        if st is not None and st[0] > s.stage:
            s.stage = st[0]


def keep_in_order(s, actions: list) -> list:
    """The listed actions the stage reached allows."""
    if not s.comp.options.strict_phase_order or not s.stage:
        return actions
    return [a for a in actions if strict_order_error(s, a) is None]


table.guard(strict_order_error, record_stage, keep_in_order)
