"""The roll (catan.md Part 2, Turn and dice; rules turn.roll, production.*, progress.draw): the red and yellow dice
and the event die, resolved in the seed's order: the barbarian ship, commodities and resources (and gold's money),
progress cards on a gate, then a 7."""
from __future__ import annotations

import random
from fractions import Fraction

from ..actions import Roll
from . import table
from .actions import ChooseCard, RollDice
from .barbarians import attack
from .chance import chance_phase
from .components import (ABILITY_LEVEL, BARBARIAN_TRACK, CARDS, COMMODITY_OF_TERRAIN, EVENT_FACES, GOLD_MONEY, R,
                         SHIP_FACE, TRACKS)
from .fish import fish_production
from .payouts import pay_out
from .phases import DICE_PHASE, MAIN, ROLL_PHASE, player_name
from .progress import before_roll_actions
from .queue import done, head, push, step
from .table import err, not_now
from ..translate import N_, _, shown

EVENTS = (SHIP_FACE,) + TRACKS  # the event die's 4 distinct outcomes
EVENT_WEIGHT = {e: Fraction(EVENT_FACES.count(e), len(EVENT_FACES)) for e in EVENTS}
ROLL = Roll()
ROLLS = {(r, y, e): RollDice(r, y, e) for r in range(1, 7) for y in range(1, 7) for e in EVENTS}
_FLAT = tuple(ROLLS[(r, y, EVENT_FACES[f])] for r in range(1, 7) for y in range(1, 7) for f in range(6))
AQUEDUCT = "aqueduct"
CHOOSE = tuple(ChooseCard(c) for c in CARDS[:R])


@table.phase(ROLL_PHASE)
def _list_roll(s) -> list:
    return [ROLL] + before_roll_actions(s)


def _outcomes(s) -> list:
    if s.fixed_dice:
        r, y = s.fixed_dice
        return [(ROLLS[(r, y, e)], EVENT_WEIGHT[e]) for e in EVENTS]
    return [(ROLLS[(r, y, e)], Fraction(1, 36) * EVENT_WEIGHT[e])
            for r in range(1, 7) for y in range(1, 7) for e in EVENTS]


def _sample(s, rng: random.Random) -> RollDice:
    if s.fixed_dice:
        r, y = s.fixed_dice
        return ROLLS[(r, y, EVENT_FACES[rng.randrange(6)])]
    return _FLAT[rng.randrange(216)]


chance_phase(DICE_PHASE, _outcomes, _sample)


def _check_roll(s, a: Roll):
    if s.phase != ROLL_PHASE:
        return not_now(s, _("rolling the dice"))
    return None


def _do_roll(s, a: Roll) -> None:
    s.phase = DICE_PHASE


def _check_dice(s, a: RollDice):
    if s.phase != DICE_PHASE:
        return not_now(s, _("a dice outcome"))
    if a.event not in EVENTS or not (1 <= a.red <= 6 and 1 <= a.yellow <= 6):
        return err(_("{a!r} is not a possible roll").format(a=shown(a)), "turn.roll")
    if s.fixed_dice and [a.red, a.yellow] != s.fixed_dice:
        return err(_("the Alchemist set the dice to {fixed_dice} and {fixed_dice2}").format(
            fixed_dice=shown(s.fixed_dice[0]), fixed_dice2=shown(s.fixed_dice[1])), "progress.alchemist")
    return None


def _do_dice(s, a: RollDice) -> None:
    """turn.roll: the seed's order: the barbarian ship, production, progress cards, then a 7."""
    total = a.red + a.yellow
    face = EVENT_FACES.index(a.event)
    s.dice = [a.red, a.yellow, face]
    s.fixed_dice = []
    s.emit("roll", "turn.roll", player=player_name(s.active), red=a.red, yellow=a.yellow, total=total,
           event=a.event)
    s.phase = MAIN
    if a.event == SHIP_FACE:
        push(s, "barbarian_advance")
    if total != 7:
        push(s, "produce", -1, total)
    if a.event != SHIP_FACE:
        queue_progress_draws(s, TRACKS.index(a.event), a.red)
    if total == 7:
        push(s, "seven")


def queue_progress_draws(s, track: int, red: int) -> None:
    """progress.draw: on a gate of colour c, each player with level L >= 1 in c and red die <= L + 1 draws a
    card of deck c, in turn order from the active player."""
    n = s.players
    for k in range(n):
        p = (s.active + k) % n
        level = s.levels[p][track]
        if level >= 1 and red <= level + 1:
            push(s, "draw_progress", p, track)


def _advance(s, e) -> None:
    """barbarians.advance: the ship moves one step; on the last step the barbarians attack."""
    s.barbarian += 1
    s.emit("barbarians_advance", "barbarians.advance", position=s.barbarian, track=BARBARIAN_TRACK)
    if s.barbarian >= BARBARIAN_TRACK:
        attack(s)


def produce(s, total: int) -> None:
    """production: each tile with the number pays its corners (not the robber's tile): a settlement 1 resource;
    a city on wool, ore or lumber 1 resource + 1 commodity, elsewhere 2 resources; gold pays money ($2 / $5).
    production.bank_shortage: if the bank cannot pay a card to all who are owed it, nobody gets it, unless only
    one player is owed it (they get what is left). The Aqueduct gives 1 resource of choice to a player with
    science level 3 who gets no card."""
    n = s.players
    owed = [[0] * len(CARDS) for _ in range(n)]
    money = [0] * n
    topo = s.comp.topo
    terrain, owner, level = s.terrain, s.node_owner, s.node_level
    gold = s.comp.gold
    for t in s._by_number[total]:
        if t == s.robber:
            continue
        kind = terrain[t]
        if kind >= R and kind != gold:
            continue
        for v in topo.tile_nodes[t]:
            o = owner[v]
            if o < 0:
                continue
            lv = level[v]
            if kind == gold:
                money[o] += GOLD_MONEY[lv]
            elif lv == 2 and COMMODITY_OF_TERRAIN[kind] >= 0:
                owed[o][kind] += 1
                owed[o][COMMODITY_OF_TERRAIN[kind]] += 1
            else:
                owed[o][kind] += lv
    got = [[0] * len(CARDS) for _ in range(n)]
    for c in range(len(CARDS)):
        want = [owed[p][c] for p in range(n)]
        need = sum(want)
        if not need:
            continue
        takers = [p for p in range(n) if want[p]]
        if need <= s.bank[c]:
            for p in takers:
                got[p][c] = s.gain(p, c, want[p])
        elif len(takers) == 1:
            got[takers[0]][c] = s.gain(takers[0], c, s.bank[c])
            s.emit("bank_short", "production.bank_shortage", card=CARDS[c], owed=need, paid=got[takers[0]][c])
        else:
            s.emit("bank_short", "production.bank_shortage", card=CARDS[c], owed=need, paid=0)
    for k in range(n):
        p = (s.active + k) % n
        paid = pay_out(s, p, money[p]) if money[p] else 0
        cards = {CARDS[c]: got[p][c] for c in range(len(CARDS)) if got[p][c]}
        if cards or paid:
            s.emit("produce", "production", player=player_name(p), cards=cards, money=paid)
    for k in range(n):
        p = (s.active + k) % n
        if not any(got[p]) and s.levels[p][2] >= ABILITY_LEVEL:
            push(s, AQUEDUCT, p)


def _produce_step(s, e) -> None:
    produce(s, e[2])
    fish_production(s, e[2])  # the fishing grounds and the lake: fish tokens, drawn after the cards


step("barbarian_advance", auto=_advance)
step("produce", auto=_produce_step)
step(AQUEDUCT, phase="aqueduct", skip=lambda s, e: not any(s.bank[c] for c in range(R)))


@table.phase("aqueduct")
def _list_aqueduct(s) -> list:
    return [CHOOSE[c] for c in range(R) if s.bank[c]]


def _check_aqueduct(s, a: ChooseCard):
    if a.card not in CARDS[:R] or not s.bank[CARDS.index(a.card)]:
        return err(_("the Aqueduct gives 1 resource (not a commodity) the bank holds"), "improvements.aqueduct")
    return None


def _do_aqueduct(s, a: ChooseCard) -> None:
    p = head(s)[1]
    s.gain(p, CARDS.index(a.card))
    s.emit("aqueduct", "improvements.aqueduct", player=player_name(p), card=a.card)
    done(s)


table.rule(Roll, _check_roll, _do_roll)
table.rule(RollDice, _check_dice, _do_dice)
table.rule_in_phase(ChooseCard, "aqueduct", _check_aqueduct, _do_aqueduct, N_("taking a card of your choice"))
__all__ = ["produce", "queue_progress_draws", "MAIN"]
