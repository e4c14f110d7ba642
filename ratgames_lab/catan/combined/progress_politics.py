"""The politics (blue) progress cards (catan_facts.md §3.2 Politics; catan.md Part 2; rules progress.<card>):
Bishop, Diplomat, Saboteur, Spy and Wedding. Constitution is a VP card, shown and scored when drawn
(``progress.give_progress``); Deserter, Intrigue and Warlord live with the knights.

Every card here: own turn, after the roll, any number per turn, never when it could do nothing (convention, kg);
"cards" are resource and commodity cards only (never money or fish; the one money move is the Diplomat's $1 for
a road at a river, from Rivers + C&K). A decision by another player (a Saboteur discard, a Wedding gift) is a
queued step for that player, in turn order from the card player's left (*interpretation*: the digest leaves the
order open). A card taken at random (Bishop) is a chance step.
"""
from __future__ import annotations

from bisect import insort

from dataclasses import dataclass

from ...core.protocol import Action
from ..actions import MoveRobber
from . import table
from .actions import MovePirate
from .components import CARDS, NO_PIECE, PROGRESS_DECK_OF, PROGRESS_IDS, PROGRESS_NAME, RIVER_MONEY, ROAD, SHIP, TRACKS
from .payouts import river_income, touches_river_edge
from .phases import player_name
from .places import LAND_PIECES, SEA_PIECES, piece_name, pirate_spots, road_spots, ship_spots
from .progress import PROGRESS_INDEX, SEEN_PROGRESS, give_progress, holds, play_error, playable, use_card
from .queue import done, entry, head, push, push_front, step
from .seven import pirate_action, pirate_target_error, pirate_victims, robber_target_error, robber_victims, truce
from .special import update_longest_road
from .table import err, not_now
from ..translate import N_, _, shown

RIVER_REMOVAL = RIVER_MONEY["diplomat_removal"]  # $ the Diplomat pays to remove a road at a river (Rivers + C&K)


# ------------------------------------------------------------------------------------------------
# actions
# ------------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlayBishop(Action):
    """Play the Bishop: move the robber or the pirate, then take 1 random card from each player it reaches."""

    kind = "play_bishop"

    def describe(self) -> str:
        return _("Play the Bishop (move the robber or the pirate and take a random card from each victim)")


@dataclass(frozen=True, slots=True)
class PlayDiplomat(Action):
    """Play the Diplomat: remove the open road or ship on an edge (yours may then be placed again)."""

    edge: int
    kind = "play_diplomat"

    def describe(self) -> str:
        return _("Play the Diplomat: remove the open road or ship on edge {edge}").format(edge=shown(self.edge))


@dataclass(frozen=True, slots=True)
class DiplomatPlace(Action):
    """After your own piece was removed by your Diplomat: place it again, free, on another legal edge."""

    edge: int
    kind = "diplomat_place"

    def describe(self) -> str:
        return _("Place the removed piece again on edge {edge}").format(edge=shown(self.edge))


@dataclass(frozen=True, slots=True)
class DiplomatKeep(Action):
    """After your own piece was removed by your Diplomat: do not place it again (it returns to your supply)."""

    kind = "diplomat_keep"

    def describe(self) -> str:
        return _("Keep the removed piece in your supply")


@dataclass(frozen=True, slots=True)
class PlaySaboteur(Action):
    """Play the Saboteur: each other player with as many or more VP discards half their cards."""

    kind = "play_saboteur"

    def describe(self) -> str:
        return _("Play the Saboteur (players with as many or more VP than you discard half their cards)")


@dataclass(frozen=True, slots=True)
class PlaySpy(Action):
    """Play the Spy on an opponent: look at their progress cards (then take one, SpyTake)."""

    victim: int
    kind = "play_spy"

    def describe(self) -> str:
        return _("Play the Spy on Player {value}").format(value=shown(self.victim + 1))


@dataclass(frozen=True, slots=True)
class SpyTake(Action):
    """The Spy's choice: the progress card taken from the opponent's hand."""

    card: str
    kind = "spy_take"

    def describe(self) -> str:
        return _("Take their {get}").format(get=shown(PROGRESS_NAME.get(self.card, self.card)))


@dataclass(frozen=True, slots=True)
class PlayWedding(Action):
    """Play the Wedding: each other player with strictly more VP gives you 2 cards of their choice."""

    kind = "play_wedding"

    def describe(self) -> str:
        return _("Play the Wedding (players with more VP than you give you 2 cards each)")


@dataclass(frozen=True, slots=True)
class WeddingGift(Action):
    """A Wedding guest's choice: one card given to the card player."""

    card: str
    kind = "wedding_gift"

    def describe(self) -> str:
        return _("Give 1 {card} as a wedding gift").format(card=shown(self.card))


BISHOP, SABOTEUR, WEDDING, KEEP = PlayBishop(), PlaySaboteur(), PlayWedding(), DiplomatKeep()
GIFTS = tuple(WeddingGift(c) for c in CARDS)
SPY_TAKES = tuple(SpyTake(c) for c in PROGRESS_IDS)
SPIES = tuple(PlaySpy(p) for p in range(8))
_DIPLOMAT: dict[int, PlayDiplomat] = {}
_PLACE: dict[int, DiplomatPlace] = {}


def _cached(cache: dict, cls: type, edge: int):
    a = cache.get(edge)
    if a is None:
        a = cache[edge] = cls(edge)
    return a


def _later_players(s) -> list[int]:
    """The other players in turn order from the active player's left."""
    n = s.players
    return [(s.active + k) % n for k in range(1, n)]


# ------------------------------------------------------------------------------------------------
# Bishop: move the robber or the pirate, then 1 random card from each victim (chance steps)
# ------------------------------------------------------------------------------------------------
step("bishop", phase="bishop")


def _check_bishop(s, a: PlayBishop):
    """progress.bishop: not during the truce (*interpretation*, option robber_peace: the truce forbids moving the
    robber and the pirate, so the card cannot move them either)."""
    bad = play_error(s, "bishop")
    if bad:
        return bad
    if truce(s):
        return err(_("the robber and the pirate do not move before the barbarians' first attack (truce)"),
                   "progress.bishop")
    if s.robber < 0 and s.pirate < 0:
        return err(_("fish took the robber and the pirate off the board until the next 7"), "progress.bishop")
    return None


def _do_bishop(s, a: PlayBishop) -> None:
    use_card(s, "bishop")
    push(s, "bishop", s.active)


@playable
def _list_bishop(s) -> list:
    on_board = s.robber >= 0 or s.pirate >= 0  # fish may keep both off the board until the next 7
    return [BISHOP] if holds(s, s.active, "bishop") and not truce(s) and on_board else []


@table.phase("bishop")
def _list_bishop_moves(s) -> list:
    robber = s.comp.robber_actions
    out = [robber[t] for t in s.comp.land_tiles if t != s.robber] if s.robber >= 0 else []
    return out + ([pirate_action(s, x) for x, _ in pirate_spots(s) if x != s.pirate] if s.pirate >= 0 else [])


def _bishop_steals(s, victims: set[int]) -> None:
    """progress.bishop: one random card from each victim holding a card, in turn order (chance steps)."""
    order = [p for p in _later_players(s) if p in victims and s.hand_size(p)]
    if not order:
        s.emit("bishop_nobody", "progress.bishop", player=player_name(s.active))
    push_front(s, [entry("steal", s.active, p) for p in order])


def _bishop_robber(s, a) -> None:
    s.robber = a.tile
    s.emit("bishop_robber", "progress.bishop", player=player_name(s.active), tile=a.tile)
    done(s)
    _bishop_steals(s, robber_victims(s, s.active))


def _bishop_pirate(s, a) -> None:
    """progress.bishop: the Bishop may move the pirate instead of the robber (*interpretation*: catan.md Part 2's
    settled default; the card names only the robber and kg says no) and takes from the owners of ships there."""
    s.pirate = a.spot
    s.emit("bishop_pirate", "progress.bishop", player=player_name(s.active), spot=a.spot)
    done(s)
    _bishop_steals(s, pirate_victims(s, s.active))


def _off_board(s, piece: str):
    """fish.remove: a robber or pirate taken off by fish stays off until the next 7 (the Bishop moves the other)."""
    if getattr(s, piece) < 0:
        return err(_("the {piece} is off the board until the next 7 (fish)").format(
            piece=shown(piece)), "progress.bishop")
    return None


table.rule_in_phase(MoveRobber, "bishop", lambda s, a: _off_board(s, "robber") or robber_target_error(s, a.tile),
                    _bishop_robber, N_("moving the robber"))
table.rule_in_phase(MovePirate, "bishop", lambda s, a: _off_board(s, "pirate") or pirate_target_error(s, a.spot),
                    _bishop_pirate, N_("moving the pirate"))


# ------------------------------------------------------------------------------------------------
# Diplomat: remove an open road or ship; your own may be placed again
# ------------------------------------------------------------------------------------------------
def _family(piece: int) -> tuple[int, ...]:
    return SEA_PIECES if piece == SHIP else LAND_PIECES


def is_open(s, e: int) -> bool:
    """progress.diplomat: the road or ship on edge e is open: at one of its ends its owner has nothing further (no
    road or bridge joined to a road, no ship joined to a ship, no settlement, city or knight). Opponents' pieces do
    not count, so a chain between two of the owner's buildings stays closed when an opponent builds on it (faq 4885).
    *Interpretation*: a road and a ship join only at the owner's building, so a ship does not close a road's end."""
    q, piece = s.edge_owner[e], s.edge_piece[e]
    if q < 0 or piece not in (ROAD, SHIP):
        return False
    family = _family(piece)
    topo = s.comp.topo
    for v in topo.edge_nodes[e]:
        if s.node_owner[v] == q or s.knight_owner[v] == q:
            continue
        if not any(f != e and s.edge_owner[f] == q and s.edge_piece[f] in family for f in topo.node_edges[v]):
            return True
    return False


def open_edges(s) -> list[int]:
    """Every open road and ship on the board (never a bridge)."""
    return [e for e, piece in enumerate(s.edge_piece) if piece in (ROAD, SHIP) and is_open(s, e)]


def _check_diplomat(s, a: PlayDiplomat):
    bad = play_error(s, "diplomat")
    if bad:
        return bad
    e = a.edge
    if not 0 <= e < s.comp.topo.n_edges or s.edge_owner[e] < 0:
        return err(_("there is no road or ship on edge {e}").format(e=shown(e)), "progress.diplomat")
    if s.edge_piece[e] not in (ROAD, SHIP):
        return err(_("the Diplomat never removes a bridge"), "progress.diplomat")
    if not is_open(s, e):
        return err(_("the {piece_name} on edge {e} is not open (both its ends lead on to its owner's road, ship, "
                     "building or knight)").format(
            piece_name=shown(piece_name(s.edge_piece[e])), e=shown(e)), "progress.diplomat")
    if river_cost(s, e) > s.money[s.active]:
        return err(_("removing a road at a river costs ${RIVER_REMOVAL} and you have ${money}").format(
            RIVER_REMOVAL=shown(RIVER_REMOVAL), money=shown(s.money[s.active])),
                   "progress.diplomat")
    return None


def river_cost(s, e: int) -> int:
    """progress.diplomat (Rivers): removing a road on a side of a river tile, anyone's, costs the card player $1.
    *Interpretation*: without $1 the card cannot take that road."""
    return RIVER_REMOVAL if s.edge_piece[e] == ROAD and touches_river_edge(s, e) else 0


def _replace_spots(s, p: int, old: int, piece: int) -> list[int]:
    """Where p may place the removed piece again: a legal edge for that kind of piece, not the same edge."""
    spots = ship_spots(s, p) if piece == SHIP else road_spots(s, p)
    return [e for e in spots if e != old]


def _do_diplomat(s, a: PlayDiplomat) -> None:
    use_card(s, "diplomat")
    p, e = s.active, a.edge
    q, piece, cost = s.edge_owner[e], s.edge_piece[e], river_cost(s, e)
    s.edge_owner[e] = -1
    s.edge_piece[e] = NO_PIECE
    s.edges_of[q].remove(e)
    if e in s.new_ships:
        s.new_ships.remove(e)
    s.money[p] -= cost  # back to the supply
    s.emit("diplomat", "progress.diplomat", player=player_name(p), owner=player_name(q), piece=piece_name(piece),
           edge=e, money=cost)
    if q == p and _replace_spots(s, p, e, piece):
        push(s, "diplomat_place", p, e, piece)  # Longest Road is judged after the new placement
    else:
        update_longest_road(s)


@playable
def _list_diplomat(s) -> list:
    if not holds(s, s.active, "diplomat"):
        return []
    money = s.money[s.active]
    return [_cached(_DIPLOMAT, PlayDiplomat, e) for e in open_edges(s) if river_cost(s, e) <= money]


step("diplomat_place", phase="diplomat_place")


@table.phase("diplomat_place")
def _list_place(s) -> list:
    _, p, old, piece = head(s)
    return [_cached(_PLACE, DiplomatPlace, e) for e in _replace_spots(s, p, old, piece)] + [KEEP]


def _check_place(s, a: DiplomatPlace):
    if s.phase != "diplomat_place":
        return not_now(s, _("placing the Diplomat's piece again"))
    _kind, p, old, piece = head(s)
    if a.edge not in _replace_spots(s, p, old, piece):
        return err(_("edge {edge} is not a legal edge for your {piece_name} (roads as roads, ships as ships, never the "
                     "edge it left)").format(
            edge=shown(a.edge), piece_name=shown(piece_name(piece))), "progress.diplomat")
    return None


def _do_place(s, a: DiplomatPlace) -> None:
    """progress.diplomat: the piece goes again, free. *Interpretation*: a ship placed again counts as placed this
    turn, so it cannot be moved this turn."""
    _, p, _old, piece = head(s)
    e = a.edge
    s.edge_owner[e] = p
    s.edge_piece[e] = piece
    insort(s.edges_of[p], e)  # kept sorted: the order after a reload
    s.edges_of[p].sort()
    if piece == SHIP:
        s.new_ships.append(e)
    s.emit("diplomat_place", "progress.diplomat", player=player_name(p), piece=piece_name(piece), edge=e)
    if piece == ROAD:
        river_income(s, p, "road", e)  # a road moved to a river site counts as newly built there (Rivers)
    done(s)
    update_longest_road(s)


def _check_keep(s, a: DiplomatKeep):
    if s.phase != "diplomat_place":
        return not_now(s, _("keeping the Diplomat's piece"))
    return None


def _do_keep(s, a: DiplomatKeep) -> None:
    _, p, _old, piece = head(s)
    s.emit("diplomat_keep", "progress.diplomat", player=player_name(p), piece=piece_name(piece))
    done(s)
    update_longest_road(s)


# ------------------------------------------------------------------------------------------------
# Saboteur: players with as many or more VP discard half their cards, of their own choice
# ------------------------------------------------------------------------------------------------
def saboteur_victims(s) -> list[tuple[int, int]]:
    """progress.saboteur: (player, cards to discard) for each other player with as many or more VP than the card
    player and at least 2 cards, in turn order. Half, rounded down; city walls do not count here."""
    mine = s.vp(s.active)
    return [(p, s.hand_size(p) // 2) for p in _later_players(s) if s.vp(p) >= mine and s.hand_size(p) >= 2]


def _check_saboteur(s, a: PlaySaboteur):
    bad = play_error(s, "saboteur")
    if bad:
        return bad
    if not saboteur_victims(s):
        return err(_("no other player with as many or more VP than you holds 2 cards or more"), "progress.saboteur")
    return None


def _do_saboteur(s, a: PlaySaboteur) -> None:
    use_card(s, "saboteur")
    for p, count in saboteur_victims(s):
        s.emit("sabotaged", "progress.saboteur", player=player_name(p), count=count)
        push(s, "discard", p, count)  # seven.py's discard step: cards of the player's choice, to the bank


@playable
def _list_saboteur(s) -> list:
    return [SABOTEUR] if holds(s, s.active, "saboteur") and saboteur_victims(s) else []


# ------------------------------------------------------------------------------------------------
# Spy: look at an opponent's progress cards and take one
# ------------------------------------------------------------------------------------------------
step("spy", phase="spy")


def _check_spy(s, a: PlaySpy):
    bad = play_error(s, "spy")
    if bad:
        return bad
    v = a.victim
    if not 0 <= v < s.players or v == s.active:
        return err(_("Player {value} is not an opponent").format(value=shown(v + 1)), "progress.spy")
    if not s.progress_count(v):
        return err(_("{player_name} holds no progress card (VP cards are never in a hand)").format(
            player_name=shown(player_name(v))), "progress.spy")
    return None


def _do_spy(s, a: PlaySpy) -> None:
    use_card(s, "spy")
    s.emit("spy", "progress.spy", player=player_name(s.active), victim=player_name(a.victim))
    push(s, "spy", s.active, a.victim)


@playable
def _list_spy(s) -> list:
    if not holds(s, s.active, "spy"):
        return []
    return [SPIES[p] for p in _later_players(s) if s.progress_count(p)]


@table.phase("spy")
def _list_spy_take(s) -> list:
    hand = s.progress_hand[head(s)[2]]
    return [SPY_TAKES[i] for i, c in enumerate(hand) if c]


def _check_spy_take(s, a: SpyTake):
    if s.phase != "spy":
        return not_now(s, _("taking a progress card"))
    i = PROGRESS_INDEX.get(a.card, -1)
    if i < 0 or not s.progress_hand[head(s)[2]][i]:
        return err(_("{player_name} holds no {card!r}").format(
            player_name=shown(player_name(head(s)[2])), card=shown(a.card)), "progress.spy")
    return None


def _do_spy_take(s, a: SpyTake) -> None:
    """progress.spy: the card moves to the spy's hand (playable this turn; the 4-card limit applies after)."""
    _, p, victim = head(s)
    i = PROGRESS_INDEX[a.card]
    s.spy_takes(p, victim, i)
    s.emit("spy_take", "progress.spy", player=player_name(p), victim=player_name(victim),
           deck=TRACKS[PROGRESS_DECK_OF[i]])
    done(s)
    give_progress(s, p, i)


def spied_hands(s, player: int) -> list[int]:
    """The seats whose progress cards ``player`` is looking at now (the Spy's victim while the Spy chooses)."""
    if s.phase == "spy" and s.pending and s.pending[0][1] == player:
        return [s.pending[0][2]]
    return []


SEEN_PROGRESS.append(spied_hands)


# ------------------------------------------------------------------------------------------------
# Wedding: players with strictly more VP give 2 cards of their own choice
# ------------------------------------------------------------------------------------------------
def wedding_guests(s) -> list[int]:
    """progress.wedding: the other players with strictly more VP than the card player and at least 1 card, in turn
    order (a tie is not affected; a player with 1 card gives 1)."""
    mine = s.vp(s.active)
    return [p for p in _later_players(s) if s.vp(p) > mine and s.hand_size(p)]


def _check_wedding(s, a: PlayWedding):
    bad = play_error(s, "wedding")
    if bad:
        return bad
    if not wedding_guests(s):
        return err(_("no other player with more VP than you holds a card"), "progress.wedding")
    return None


def _do_wedding(s, a: PlayWedding) -> None:
    use_card(s, "wedding")
    for p in wedding_guests(s):
        push(s, "wedding", p, min(2, s.hand_size(p)))


@playable
def _list_wedding(s) -> list:
    return [WEDDING] if holds(s, s.active, "wedding") and wedding_guests(s) else []


step("wedding", phase="wedding", skip=lambda s, e: not s.hand_size(e[1]))


@table.phase("wedding")
def _list_gifts(s) -> list:
    hand = s.hands[head(s)[1]]
    return [GIFTS[c] for c in range(len(CARDS)) if hand[c]]


def _check_gift(s, a: WeddingGift):
    if s.phase != "wedding":
        return not_now(s, _("giving a wedding gift"))
    if a.card not in CARDS or not s.hands[head(s)[1]][CARDS.index(a.card)]:
        return err(_("you hold no {card}").format(card=shown(a.card)), "progress.wedding")
    return None


def _do_gift(s, a: WeddingGift) -> None:
    """progress.wedding: one card to the card player; which card is seen only by the two of them (like a steal)."""
    e = head(s)
    p, c = e[1], CARDS.index(a.card)
    s.take_privately(s.active, p, c)
    e[2] -= 1
    s.emit("wedding_gift", "progress.wedding", player=player_name(p), recipient=player_name(s.active))
    if not e[2] or not s.hand_size(p):
        done(s)


table.rule(PlayBishop, _check_bishop, _do_bishop)
table.rule(PlayDiplomat, _check_diplomat, _do_diplomat)
table.rule(DiplomatPlace, _check_place, _do_place)
table.rule(DiplomatKeep, _check_keep, _do_keep)
table.rule(PlaySaboteur, _check_saboteur, _do_saboteur)
table.rule(PlaySpy, _check_spy, _do_spy)
table.rule(SpyTake, _check_spy_take, _do_spy_take)
table.rule(PlayWedding, _check_wedding, _do_wedding)
table.rule(WeddingGift, _check_gift, _do_gift)
