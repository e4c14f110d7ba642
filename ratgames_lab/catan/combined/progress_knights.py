"""The knight progress cards (catan_facts.md §3.2, Progress card effects; rules progress.<card>): the Smith and the
Warlord (science and politics decks) and the Deserter and Intrigue (politics). A card that could do nothing is not
playable (the convention of catan_facts.md)."""
from __future__ import annotations

from bisect import insort
from dataclasses import dataclass

from ...core.protocol import Action
from . import table
from .knights import (PROMOTIONS, PromoteKnight, after_knights, can_promote, entry_shape, hire_spots, knights_left,
                      knights_of, lift_knight, network_nodes, place_knight, promote, promote_error, send_back)
from .phases import player_name
from .progress import holds, play_error, playable, use_card
from .queue import done, entry, head, push_front, step
from .table import err, not_now
from ..translate import _, shown

SMITH, WARLORD, DESERTER, INTRIGUE = "smith", "warlord", "deserter", "intrigue"


@dataclass(frozen=True, slots=True)
class PlaySmith(Action):
    """Play the Smith: promote up to 2 of your knights one level each, for free."""

    kind = "play_smith"

    def describe(self) -> str:
        return _("Play the Smith (promote up to 2 knights for free)")


@dataclass(frozen=True, slots=True)
class PlayWarlord(Action):
    """Play the Warlord: activate all of your knights, for free."""

    kind = "play_warlord"

    def describe(self) -> str:
        return _("Play the Warlord (activate all your knights)")


@dataclass(frozen=True, slots=True)
class PlayDeserter(Action):
    """Play the Deserter against an opponent (a seat): they remove one of their knights."""

    opponent: int
    kind = "play_deserter"

    def describe(self) -> str:
        return _("Play the Deserter against Player {value}").format(value=shown(self.opponent + 1))


@dataclass(frozen=True, slots=True)
class PlayIntrigue(Action):
    """Play Intrigue: displace the opposing knight on an intersection touched by your roads, ships or bridges."""

    node: int
    kind = "play_intrigue"

    def describe(self) -> str:
        return _("Play Intrigue on the knight on intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class RemoveKnight(Action):
    """The Deserter's victim takes one of their knights off the board."""

    node: int
    kind = "remove_knight"

    def describe(self) -> str:
        return _("Remove your knight on intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class PlaceKnight(Action):
    """The Deserter's player places one of their knights for free."""

    node: int
    kind = "place_knight"

    def describe(self) -> str:
        return _("Place your knight on intersection {node}").format(node=shown(self.node))


@dataclass(frozen=True, slots=True)
class SkipKnight(Action):
    """Give up the rest of a knight card's effect (the Smith's second promotion, the Deserter's knight)."""

    kind = "skip_knight"

    def describe(self) -> str:
        return _("Do without the rest of the card's effect")


SMITH_PLAY, WARLORD_PLAY, SKIP = PlaySmith(), PlayWarlord(), SkipKnight()


# ------------------------------------------------------------------------------------------------
# the Smith
# ------------------------------------------------------------------------------------------------
def promotable(s, p: int) -> list[int]:
    """p's knights the Smith may promote (the normal rules: once per turn, the Fortress for mighty, a piece of the
    next level in supply)."""
    return [v for v in knights_of(s, p) if can_promote(s, p, v)]


@playable
def _list_smith(s) -> list:
    return [SMITH_PLAY] if holds(s, s.active, SMITH) and promotable(s, s.active) else []


def _check_smith(s, a: PlaySmith):
    bad = play_error(s, SMITH)
    if bad:
        return bad
    if not promotable(s, s.active):
        return err(_("the Smith needs a knight of yours that can be promoted"), "progress.smith")
    return None


def _do_smith(s, a: PlaySmith) -> None:
    use_card(s, SMITH)
    push_front(s, [entry("smith", s.active, 2)])


step("smith", phase="smith", skip=lambda s, e: not promotable(s, e[1]), check=entry_shape((1, 2)))


@table.phase("smith")
def _list_smith_step(s) -> list:
    e = head(s)
    out: list = [PromoteKnight(v) for v in promotable(s, e[1])]
    return out + [SKIP] if e[2] < 2 else out


def _check_smith_promote(s, a: PromoteKnight):
    return promote_error(s, head(s)[1], a.node)


def _do_smith_promote(s, a: PromoteKnight) -> None:
    p, left = head(s)[1], head(s)[2] - 1
    done(s)
    promote(s, p, a.node, "progress.smith")
    if left:
        push_front(s, [entry("smith", p, left)])  # skipped when no knight can be promoted any more


PROMOTIONS["smith"] = (_check_smith_promote, _do_smith_promote)


# ------------------------------------------------------------------------------------------------
# the Warlord
# ------------------------------------------------------------------------------------------------
def _inactive(s, p: int) -> list[int]:
    return [v for v in knights_of(s, p) if not s.knight_active[v]]


@playable
def _list_warlord(s) -> list:
    return [WARLORD_PLAY] if holds(s, s.active, WARLORD) and _inactive(s, s.active) else []


def _check_warlord(s, a: PlayWarlord):
    bad = play_error(s, WARLORD)
    if bad:
        return bad
    if not _inactive(s, s.active):
        return err(_("the Warlord needs an inactive knight of yours"), "progress.warlord")
    return None


def _do_warlord(s, a: PlayWarlord) -> None:
    """progress.warlord: every inactive knight of the player becomes active (and cannot act this turn)."""
    p = s.active
    use_card(s, WARLORD)
    woken = _inactive(s, p)
    for v in woken:
        s.knight_active[v] = 1
        if v not in s.knights_fresh:
            insort(s.knights_fresh, v)
    s.emit("knights_activated", "progress.warlord", player=player_name(p), count=len(woken))


# ------------------------------------------------------------------------------------------------
# the Deserter
# ------------------------------------------------------------------------------------------------
def _deserter_targets(s) -> list[int]:
    return [q for q in range(s.players) if q != s.active and knights_of(s, q)]


@playable
def _list_deserter(s) -> list:
    if not holds(s, s.active, DESERTER):
        return []
    return [PlayDeserter(q) for q in _deserter_targets(s)]


def _check_deserter(s, a: PlayDeserter):
    bad = play_error(s, DESERTER)
    if bad:
        return bad
    if a.opponent not in _deserter_targets(s):
        return err(_("{opponent!r} is not an opponent with a knight on the board").format(
            opponent=shown(a.opponent)), "progress.deserter")
    return None


def _do_deserter(s, a: PlayDeserter) -> None:
    use_card(s, DESERTER)
    s.emit("deserter", "progress.deserter", player=player_name(s.active), victim=player_name(a.opponent))
    push_front(s, [entry("desert_knight", a.opponent)])


step("desert_knight", phase="desert_knight", skip=lambda s, e: not knights_of(s, e[1]), check=entry_shape())


@table.phase("desert_knight")
def _list_desert(s) -> list:
    return [RemoveKnight(v) for v in knights_of(s, head(s)[1])]


def _check_desert(s, a: RemoveKnight):
    if s.phase != "desert_knight":
        return not_now(s, _("removing a knight"))
    if a.node not in knights_of(s, head(s)[1]):
        return err(_("intersection {node} holds no knight of yours").format(node=shown(a.node)), "progress.deserter")
    return None


def deserter_level(s, p: int, level: int) -> int:
    """The knight the Deserter's player may place: the removed knight's level, or the strongest weaker one in
    supply (0: none)."""
    for lv in range(level, 0, -1):
        if knights_left(s, p, lv) > 0:
            return lv
    return 0


def _do_desert(s, a: RemoveKnight) -> None:
    e = head(s)
    victim = e[1]
    _o, lv, act = lift_knight(s, a.node)
    done(s)
    s.emit("knight_deserts", "progress.deserter", player=player_name(victim), node=a.node, level=lv)
    after_knights(s, (a.node,))
    push_front(s, [entry("deserter_place", s.active, lv, act)])


def _place_skip(s, e) -> bool:
    return not deserter_level(s, e[1], e[2]) or not hire_spots(s, e[1])


step("deserter_place", phase="deserter_place", skip=_place_skip, check=entry_shape((1, 3), (0, 1)))


@table.phase("deserter_place")
def _list_place(s) -> list:
    return [PlaceKnight(v) for v in hire_spots(s, head(s)[1])] + [SKIP]


def _check_place(s, a: PlaceKnight):
    if s.phase != "deserter_place":
        return not_now(s, _("placing the Deserter's knight"))
    if a.node not in hire_spots(s, head(s)[1]):
        return err(_("intersection {node} is not a free land or coast intersection touched by your roads, ships or "
                     "bridges").format(
            node=shown(a.node)), "knights.hire")
    return None


def _do_place(s, a: PlaceKnight) -> None:
    """progress.deserter: the new knight has the removed one's level (or the strongest weaker one in supply; mighty
    without the Fortress) and its active state. *Interpretation*: it is built this turn, so it cannot act yet."""
    e = head(s)
    p, act = e[1], e[3]
    lv = deserter_level(s, p, e[2])
    done(s)
    place_knight(s, p, a.node, lv, act, True)
    s.emit("knight_place", "progress.deserter", player=player_name(p), node=a.node, level=lv)
    after_knights(s, (a.node,))


SKIPS = {"smith": "progress.smith", "deserter_place": "progress.deserter"}


def _check_skip(s, a: SkipKnight):
    if s.phase not in SKIPS:
        return not_now(s, _("giving up a card's effect"))
    if s.phase == "smith" and head(s)[2] >= 2:
        return err(_("the Smith promotes at least one knight (only the second promotion is optional)"),
                   "progress.smith")
    return None


def _do_skip(s, a: SkipKnight) -> None:
    s.emit("card_effect_skipped", SKIPS[s.phase], player=player_name(head(s)[1]))
    done(s)


# ------------------------------------------------------------------------------------------------
# Intrigue
# ------------------------------------------------------------------------------------------------
def intrigue_targets(s, p: int) -> list[int]:
    """progress.intrigue: opposing knights on intersections touched by p's roads, ships or bridges (any level)."""
    owner = s.knight_owner
    return sorted(v for v in network_nodes(s, p) if owner[v] >= 0 and owner[v] != p)


@playable
def _list_intrigue(s) -> list:
    if not holds(s, s.active, INTRIGUE):
        return []
    return [PlayIntrigue(v) for v in intrigue_targets(s, s.active)]


def _check_intrigue(s, a: PlayIntrigue):
    bad = play_error(s, INTRIGUE)
    if bad:
        return bad
    if a.node not in intrigue_targets(s, s.active):
        return err(_("intersection {node} holds no opposing knight touched by your roads, ships or bridges").format(
            node=shown(a.node)),
                   "progress.intrigue")
    return None


def _do_intrigue(s, a: PlayIntrigue) -> None:
    use_card(s, INTRIGUE)
    o, lv, act = lift_knight(s, a.node)
    send_back(s, o, lv, act, a.node, "progress.intrigue", (a.node,))


table.rule(PlaySmith, _check_smith, _do_smith)
table.rule(PlayWarlord, _check_warlord, _do_warlord)
table.rule(PlayDeserter, _check_deserter, _do_deserter)
table.rule(PlayIntrigue, _check_intrigue, _do_intrigue)
table.rule(RemoveKnight, _check_desert, _do_desert)
table.rule(PlaceKnight, _check_place, _do_place)
table.rule(SkipKnight, _check_skip, _do_skip)
