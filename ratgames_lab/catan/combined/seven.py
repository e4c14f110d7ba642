"""A 7 in the combined variant (catan.md Part 2, Turn and dice; rules seven.*): discards over the hand limit
(7 + 2 per city wall; resources and commodities count), then, once the truce is over, the robber and the pirate
both move and one card is stolen (``steal_per_seven`` = 2: one per piece)."""
from __future__ import annotations

from fractions import Fraction

from ..actions import ChooseVictim, Discard, MoveRobber, StealCard
from . import table
from .actions import MovePirate
from .chance import chance_phase, weighted
from .components import CARDS, HAND_LIMIT, SHIP, WALL_BONUS
from .phases import player_name
from .places import pirate_edges, pirate_spots
from .queue import done, entry, head, push_front, step
from .table import err, not_now
from ..translate import N_, _, shown

DISCARD = tuple(Discard(c) for c in CARDS)
STEAL = tuple(StealCard(c) for c in CARDS)


def hand_limit(s, p: int) -> int:
    """seven.discard: 7 cards, plus 2 per city wall of p."""
    return HAND_LIMIT + WALL_BONUS * sum(s.node_wall[v] for v in s.buildings_of[p])


def truce(s) -> bool:
    """seven.truce: until the first barbarian attack the robber and the pirate do not move (option robber_peace)."""
    return s.options.robber_peace and s.attacks == 0


def _seven(s, e) -> None:
    """seven: discards first, in turn order from the active player; then the robber, the pirate and the steal."""
    n = s.players
    steps = []
    for k in range(n):
        p = (s.active + k) % n
        size = s.hand_size(p)
        if size > hand_limit(s, p):
            steps.append(entry("discard", p, size // 2))
            s.emit("must_discard", "seven.discard", player=player_name(p), count=size // 2, limit=hand_limit(s, p))
    if truce(s):
        s.emit("truce", "seven.truce")
    else:
        steps += [entry("robber", s.active), entry("pirate", s.active)]
        if s.options.steal_per_seven == 2:
            steps += [entry("victim", s.active, 1), entry("victim", s.active, 2)]
        else:
            steps.append(entry("victim", s.active, 3))
    push_front(s, steps)


step("seven", auto=_seven)
step("discard", phase="discard")
step("robber", phase="robber")
step("pirate", phase="pirate")
step("victim", phase="victim", skip=lambda s, e: not victims(s, e[2]))


@table.phase("discard")
def _list_discard(s) -> list:
    hand = s.hands[head(s)[1]]
    return [DISCARD[c] for c in range(len(CARDS)) if hand[c]]


def _check_discard(s, a: Discard):
    if s.phase != "discard":
        return not_now(s, _("discarding"))
    if a.resource not in CARDS or not s.hands[head(s)[1]][CARDS.index(a.resource)]:
        return err(_("you hold no {resource}").format(resource=shown(a.resource)), "seven.discard")
    return None


def _do_discard(s, a: Discard) -> None:
    e = head(s)
    p, c = e[1], CARDS.index(a.resource)
    s.lose(p, c)
    s.bank[c] += 1
    e[2] -= 1
    s.emit("discard", "seven.discard", player=player_name(p), card=a.resource, left=e[2])
    if not e[2]:
        done(s)


# ------------------------------------------------------------------------------------------------
# the robber and the pirate
# ------------------------------------------------------------------------------------------------
@table.phase("robber")
def _list_robber(s) -> list:
    acts = s.comp.robber_actions
    return [acts[t] for t in s.comp.land_tiles if t != s.robber]


def robber_target_error(s, tile: int):
    """seven.robber: the robber goes to another non-sea tile."""
    if not (0 <= tile < s.comp.topo.n_tiles) or tile not in s.comp.land_tiles:
        return err(_("tile {tile} is not a land tile").format(tile=shown(tile)), "seven.robber")
    if tile == s.robber:
        return err(_("the robber must move to another tile"), "seven.robber")
    return None


def _do_robber(s, a: MoveRobber) -> None:
    s.robber = a.tile
    s.emit("robber", "seven.robber", player=player_name(s.active), tile=a.tile)
    done(s)


def pirate_action(s, spot: int) -> MovePirate:
    """The cached MovePirate action for a spot."""
    acts = s.comp.pirate_actions
    a = acts.get(spot)
    if a is None:
        a = acts[spot] = MovePirate(spot)
    return a


@table.phase("pirate")
def _list_pirate(s) -> list:
    return [pirate_action(s, x) for x, _ in pirate_spots(s) if x != s.pirate]


def pirate_target_error(s, spot: int):
    """seven.pirate: the pirate goes to another sea tile or fishing ground."""
    if not any(x == spot for x, _ in pirate_spots(s)):
        return err(_("spot {spot} is not a sea tile or a fishing ground").format(spot=shown(spot)), "seven.pirate")
    if spot == s.pirate:
        return err(_("the pirate must move to another spot"), "seven.pirate")
    return None


def _do_pirate(s, a: MovePirate) -> None:
    s.pirate = a.spot
    s.emit("pirate", "seven.pirate", player=player_name(s.active), spot=a.spot)
    done(s)


# ------------------------------------------------------------------------------------------------
# the steal
# ------------------------------------------------------------------------------------------------
def robber_victims(s, thief: int) -> set[int]:
    """Other players with a building on a corner of the robber's tile."""
    if s.robber < 0:  # off the board until the next 7 (fish)
        return set()
    owner = s.node_owner
    return {owner[v] for v in s.comp.topo.tile_nodes[s.robber] if owner[v] >= 0 and owner[v] != thief}


def pirate_victims(s, thief: int) -> set[int]:
    """Other players with a ship on an edge the pirate blocks."""
    eo, piece = s.edge_owner, s.edge_piece
    return {eo[e] for e in pirate_edges(s) if eo[e] >= 0 and eo[e] != thief and piece[e] == SHIP}


def victims(s, which: int) -> list[int]:
    """seven.steal: the players the active player may steal from (1: by the robber, 2: by the pirate, 3: either),
    holding at least one card."""
    thief = s.active
    out: set[int] = set()
    if which & 1:
        out |= robber_victims(s, thief)
    if which & 2:
        out |= pirate_victims(s, thief)
    return sorted(p for p in out if s.hand_size(p))


@table.phase("victim")
def _list_victims(s) -> list:
    return [s.comp.victim_actions[p] for p in victims(s, head(s)[2])]


def _check_victim(s, a: ChooseVictim):
    if s.phase != "victim":
        return not_now(s, _("choosing whom to steal from"))
    if a.victim not in victims(s, head(s)[2]):
        return err(_("Player {value} has no building by the robber or ship by the pirate, or no card").format(
            value=shown(a.victim + 1)),
                   "seven.steal")
    return None


def _do_victim(s, a: ChooseVictim) -> None:
    s.victim = a.victim
    done(s)
    push_front(s, [entry("steal", s.active, a.victim)])


def _steal_outcomes(s) -> list:
    hand = s.hands[head(s)[2]]
    total = sum(hand)
    return [(STEAL[c], Fraction(hand[c], total)) for c in range(len(CARDS)) if hand[c]]


chance_phase("steal", _steal_outcomes, lambda s, rng: weighted(s.hands[head(s)[2]], STEAL, rng))
step("steal", phase="steal")


def _check_steal(s, a: StealCard):
    if s.phase != "steal":
        return not_now(s, _("a stolen card"))
    if a.resource not in CARDS or not s.hands[head(s)[2]][CARDS.index(a.resource)]:
        return err(_("the victim holds no {resource}").format(resource=shown(a.resource)), "seven.steal")
    return None


def _do_steal(s, a: StealCard) -> None:
    e = head(s)
    thief, victim, c = e[1], e[2], CARDS.index(a.resource)
    s.take_privately(thief, victim, c)
    s.victim = -1
    s.emit("steal", "seven.steal", player=player_name(thief), victim=player_name(victim))
    done(s)


table.rule(Discard, _check_discard, _do_discard)
table.rule_in_phase(MoveRobber, "robber", lambda s, a: robber_target_error(s, a.tile), _do_robber,
                    N_("moving the robber"))
table.rule_in_phase(MovePirate, "pirate", lambda s, a: pirate_target_error(s, a.spot), _do_pirate,
                    N_("moving the pirate"))
table.rule(ChooseVictim, _check_victim, _do_victim)
table.rule(StealCard, _check_steal, _do_steal)
