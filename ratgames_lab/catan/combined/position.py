"""Checks, views and words for a combined-variant position: conservation of cards, progress cards and pieces
(InvalidPositionError names the bad field), what each seat may see, and the position in words."""
from __future__ import annotations

from functools import lru_cache

from ...core.errors import InvalidPositionError
from ..combined_layout import fishing_sites
from ..memory import check_memory
from .components import (BANK_START, CARDS, DECK_START, EVENT_FACES, K, KNIGHTS_PER_LEVEL, METROPOLIS_LEVEL, NO_PIECE,
                         PIECES, PROGRESS_DECK_OF, PROGRESS_IDS, PROGRESS_LIMIT, PROGRESS_NAME, PROGRESS_VP, SHIP,
                         TRACKS)
from .fish import check_fish, describe_fish, observe_fish
from .hidden import hands_seen
from .markets import check_markets, describe_markets
from .phases import (CHANCE_PHASES, MAIN, OVER, PHASE_NAMES, ROLL_PHASE, SETUP_CITY, SETUP_ROAD, SETUP_SETTLEMENT,
                     player_name)
from .pieces import pieces_left
from .progress import seen_progress
from .queue import CODE, QUEUE_PHASES, STEPS
from .special import wagon_vp
from .trade_players import offer_text, trade_position_error
from .wagons import check_wagon_move
from ..translate import _, ngettext, shown


@lru_cache(maxsize=8)
def _fishing_sites(board) -> frozenset[tuple[int, int, int]]:
    """The intersection triples where a fishing ground may lie on this board."""
    return frozenset(nodes for _h, _side, nodes in fishing_sites(board))


def _fail(reason: str, field: str) -> InvalidPositionError:
    return InvalidPositionError(reason, field)


def check_position(s) -> None:
    """Cross-field checks: every card and piece accounted for, pieces where they may stand, a turn that can go on."""
    n, comp = s.players, s.comp
    topo = comp.topo
    for c in range(K):
        total = sum(s.hands[p][c] for p in range(n)) + s.bank[c]
        if total != BANK_START[c]:
            raise _fail(f"{CARDS[c]}: hands and bank hold {total}, the game has {BANK_START[c]}", f"bank.{CARDS[c]}")
    for d, deck in enumerate(TRACKS):
        for i, start in enumerate(DECK_START[d]):
            if PROGRESS_DECK_OF[i] != d:
                if s.progress_decks[d][i] or i in s.progress_under[d]:
                    raise _fail(f"{PROGRESS_IDS[i]} is not a card of the {deck} deck", f"progress.decks.{deck}")
                continue
            total = s.progress_decks[d][i] + s.progress_under[d].count(i) + sum(
                s.progress_hand[p][i] + s.progress_shown[p][i] for p in range(n))
            if total != start:
                raise _fail(f"{PROGRESS_IDS[i]}: {total} cards accounted for, the game has {start}",
                            f"progress.decks.{deck}")
    for v in range(topo.n_nodes):
        o, lv = s.node_owner[v], s.node_level[v]
        if (o < 0) != (lv == 0):
            raise _fail(f"intersection {v}: an owner needs a building and a building an owner",
                        f"intersections.owner[{v}]")
        if lv and not comp.building_site[v]:
            raise _fail(f"intersection {v} is not a building site", f"intersections.level[{v}]")
        if s.node_wall[v] and lv != 2:
            raise _fail(f"intersection {v}: a wall stands only under a city", f"intersections.wall[{v}]")
        k = s.knight_level[v]
        if (k == 0) != (s.knight_owner[v] < 0) or (k == 0 and s.knight_active[v]):
            raise _fail(f"intersection {v}: a knight needs an owner and a level", f"knights.level[{v}]")
        if k and (lv or not comp.knight_site[v]):
            raise _fail(f"intersection {v}: a knight stands on a free land or coast intersection",
                        f"knights.level[{v}]")
    for t, m in enumerate(s.metropolis):
        if m >= 0 and s.node_level[m] != 2:
            raise _fail(f"the {TRACKS[t]} metropolis must stand on a city", f"metropolis.{TRACKS[t]}")
    if len(set(m for m in s.metropolis if m >= 0)) != sum(1 for m in s.metropolis if m >= 0):
        raise _fail("two metropolises on one city", "metropolis")
    for e in range(topo.n_edges):
        o, piece = s.edge_owner[e], s.edge_piece[e]
        if (o < 0) != (piece == NO_PIECE):
            raise _fail(f"edge {e}: an owner needs a piece and a piece an owner", f"edges.piece[{e}]")
        ok = {1: comp.road_edge, 2: comp.ship_edge, 3: comp.bridge_edge}.get(piece)
        if ok is not None and not ok[e]:
            raise _fail(f"edge {e} cannot hold a {('', 'road', 'ship', 'bridge')[piece]}", f"edges.piece[{e}]")
    for p in range(n):
        counts = {"road": 0, "ship": 0, "bridge": 0}
        for e in range(topo.n_edges):
            if s.edge_owner[e] == p:
                counts[("", "road", "ship", "bridge")[s.edge_piece[e]]] += 1
        for kind, c in counts.items():
            if c > PIECES[kind]:
                raise _fail(f"Player {p + 1} has {c} {kind}s on the board (at most {PIECES[kind]})", "edges.owner")
        levels = [s.node_level[v] for v in range(topo.n_nodes) if s.node_owner[v] == p]
        if levels.count(1) > PIECES["settlement"] or levels.count(2) > PIECES["city"]:
            raise _fail(f"Player {p + 1} has too many settlements or cities", "intersections.level")
        if sum(s.node_wall[v] for v in range(topo.n_nodes) if s.node_owner[v] == p) > PIECES["wall"]:
            raise _fail(f"Player {p + 1} has more than {PIECES['wall']} walls", "intersections.wall")
        for lv in (1, 2, 3):
            c = sum(1 for v in range(topo.n_nodes) if s.knight_owner[v] == p and s.knight_level[v] == lv)
            if c > KNIGHTS_PER_LEVEL:
                raise _fail(f"Player {p + 1} has {c} knights of level {lv} (at most {KNIGHTS_PER_LEVEL})",
                            "knights.level")
    sites = _fishing_sites(comp.board)
    for i, f in enumerate(s.fishing):
        if tuple(f[:3]) not in sites or not 2 <= f[3] <= 12:
            raise _fail("a fishing ground is 3 intersections of a fishing site of the board (in order) and a "
                        "number 2-12", f"fishing_grounds[{i}]")
    cap = s.options.money_supply_cap
    if cap is not None and sum(s.money) > cap:
        raise _fail(f"the players hold ${sum(s.money)}, more than the ${cap} of option money_supply_cap", "money")
    spots = {x for x, _ in s.comp.pirate_spot_edges(s.fishing)}
    if s.pirate not in spots and s.pirate != -1:  # -1: off the board until the next 7 (fish)
        raise _fail(f"the pirate must stand on a sea tile or a frame fishing ground, not spot {s.pirate}", "pirate")
    if s.robber not in comp.land_tiles and s.robber != -1:
        raise _fail("the robber must stand on a land tile", "robber")
    check_fish(s)
    if s.merchant_owner >= 0 > s.merchant or s.merchant >= 0 and s.merchant not in comp.land_tiles:
        raise _fail("the merchant stands on a land tile (its owner's, or nobody's since the setup)", "merchant")
    for i, rec in enumerate(s.steals):
        if len(rec) != 3 or not (0 <= rec[0] < n and 0 <= rec[1] < n and rec[0] != rec[1] and 0 <= rec[2] < K):
            raise _fail("a steal is [thief, victim, card] with two different seats and a card index", f"steals[{i}]")
    if s.phase not in PHASE_NAMES:
        raise _fail(f"unknown phase {s.phase!r}", "phase")
    check_markets(s)
    check_wagon_move(s)
    for i, e in enumerate(s.pending):
        if not e or not 0 <= e[0] < len(STEPS) or len(e) < 2 or not -1 <= e[1] < n:
            raise _fail("a queued step is malformed", f"pending[{i}]")
        why = STEPS[e[0]].check(s, e) if STEPS[e[0]].check is not None else None
        if why:
            raise _fail(f"a queued {STEPS[e[0]].name} step is malformed: {why}", f"pending[{i}]")
    if s.phase in QUEUE_PHASES and (not s.pending or STEPS[s.pending[0][0]].phase != s.phase):
        raise _fail(f"phase {s.phase!r} needs its step at the head of the queue", "pending")
    if s.phase == OVER and s.winner < 0 and s.turn < s.comp.turn_cap:
        raise _fail("the game is over without a winner before the turn cap", "winner")
    if s.phase not in (OVER, MAIN) and s.phase not in QUEUE_PHASES and s.phase not in CHANCE_PHASES \
            and s.pending and s.phase not in ("free_pieces",):
        raise _fail(f"steps are queued in phase {s.phase!r}", "pending")
    _check_turn(s)
    _check_progress_hands(s)
    bad = trade_position_error(s)
    if bad is not None:
        raise _fail(*bad)


def _check_turn(s) -> None:
    """The turn in progress: setup or play, the winner, the dice, this turn's pieces and flags, the steal records."""
    n, comp = s.players, s.comp
    setup = s.phase in (SETUP_SETTLEMENT, SETUP_CITY, SETUP_ROAD, "setup_wagon", "setup_goods") \
        or s.phase == "fish_draw" and s.turn == 0
    if setup != (s.turn == 0):
        raise _fail("turn 0 is the setup and the setup is turn 0", "turn")
    if s.winner >= 0 and s.phase != OVER:
        raise _fail("a game with a winner is over", "winner")
    if len(s.dice) not in (0, 3) or s.dice and not (1 <= s.dice[0] <= 6 and 1 <= s.dice[1] <= 6):
        raise _fail("the dice are [] or [red 1-6, yellow 1-6, event face 0-5]", "dice")
    if len(s.fixed_dice) not in (0, 2):
        raise _fail("the Alchemist's dice are [] or [red, yellow]", "fixed_dice")
    if len(s.harbour_edges) != len(s.harbour_kinds):
        raise _fail("each harbour has an edge and a kind", "harbours")
    for field, nodes in (("knights.fresh", s.knights_fresh), ("knights.promoted", s.knights_promoted)):
        for v in nodes:
            if s.knight_owner[v] != s.active:
                raise _fail(f"intersection {v} holds no knight of the player whose turn it is", field)
    for e in s.new_ships:
        if s.edge_owner[e] != s.active or s.edge_piece[e] != SHIP:
            raise _fail(f"edge {e} holds no ship of the player whose turn it is", "turn_flags.new_ships")
    if s.stage and (not comp.options.strict_phase_order or setup or s.phase == ROLL_PHASE):
        raise _fail("the stage of the turn moves only after the roll, with option strict_phase_order",
                    "turn_flags.stage")
    check_memory(s, CARDS)
    for i, look in enumerate(s.looks):
        if len(look) != 3 or not (look[0] < n and look[1] < n and look[0] != look[1] and look[2] <= len(s.steals)):
            raise _fail("a look is [looker, victim, steals made then] with two different players", f"looks[{i}]")
    for i, rec in enumerate(s.progress_known):
        if len(rec) != 2 + len(PROGRESS_IDS) or not (rec[0] < n and rec[1] < n and rec[0] != rec[1]) or any(
                x > s.progress_hand[rec[1]][j] for j, x in enumerate(rec[2:])):
            raise _fail("a Spy's record is [looker, victim, a count per progress card], never more than the victim "
                        "holds", f"progress_known[{i}]")
    for t, m in enumerate(s.metropolis):
        if m >= 0 and s.levels[s.node_owner[m]][t] < METROPOLIS_LEVEL:
            raise _fail(f"the {TRACKS[t]} metropolis stands on a city of a player below level {METROPOLIS_LEVEL}",
                        f"metropolis.{TRACKS[t]}")


def _check_progress_hands(s) -> None:
    """VP cards are shown, never held; over the 4-card limit only while the discard is queued."""
    discarding = {e[1] for e in s.pending if e[0] == CODE.get("discard_progress")}
    for p in range(s.players):
        for i, vp in enumerate(PROGRESS_VP):
            if vp and s.progress_hand[p][i]:
                raise _fail(f"{PROGRESS_IDS[i]} is a VP card: it is shown at once, never held",
                            f"progress.hands[{p}]")
            if not vp and s.progress_shown[p][i]:
                raise _fail(f"{PROGRESS_IDS[i]} is no VP card: it is held, never shown", f"progress.shown[{p}]")
        if s.progress_count(p) > PROGRESS_LIMIT and p not in discarding:
            raise _fail(f"Player {p + 1} holds more than {PROGRESS_LIMIT} progress cards with no discard queued",
                        f"progress.hands[{p}]")


def observation(s, player: int) -> dict:
    """What ``player`` may see: the whole board and every public count; own cards and progress cards; own steals.
    Others' hands are counts; others' progress cards are counts per deck; the decks are counts."""
    data = s.to_json()
    n = s.players
    hands = data["hands"]
    seen = hands_seen(s, player)  # own cards, and a hand a card shows now (a Master Merchant's victim)
    for p in range(n):
        if p not in seen:
            hands[p] = {"hidden": sum(s.hands[p])}
    ph = data["progress"]["hands"]
    for p in range(n):
        if p != player and p not in seen_progress(s, player):  # a Spy sees the victim's cards
            per_deck = {d: 0 for d in TRACKS}
            for i, c in enumerate(s.progress_hand[p]):
                if c:
                    per_deck[TRACKS[PROGRESS_DECK_OF[i]]] += c
            ph[p] = {"hidden_per_deck": per_deck}
    data["progress"]["decks"] = {d: sum(s.progress_decks[i]) for i, d in enumerate(TRACKS)}
    data["steals"] = [x if player in x[:2] else [x[0], x[1], -1] for x in s.steals]
    del data["memory"]  # the records hold real hands; what the viewer may know of them is in determinize
    data["progress_known"] = [rec for rec in s.progress_known if rec[0] == player]  # what a Spy showed the viewer
    observe_fish(s, data, player)
    data["observer"] = player
    data["wagons"]["vp"] = [wagon_vp(s, p) for p in range(n)]  # public: the level and the deliveries
    return data


def describe(s) -> str:
    """The position in words, public information only (each seat's own cards are in ``hand_text``): turn, phase,
    each player's VP, card count, money, progress cards per deck, pieces and levels, the barbarians."""
    lines = [_("Turn {turn}, {player} to play (phase {phase}). Barbarian ship: step {step} of 7; attacks so far: "
               "{attacks}.").format(turn=s.turn, player=shown(player_name(s.active)), phase=s.phase,
                                    step=s.barbarian, attacks=s.attacks)]
    if s.dice:
        lines.append(_("Last roll: red {red} + yellow {yellow}, event die: {event}.").format(
            red=s.dice[0], yellow=s.dice[1], event=shown(EVENT_FACES[s.dice[2]])))
    for p in range(s.players):
        n = sum(s.hands[p])
        levels = ", ".join(f"{shown(t)} {s.levels[p][i]}" for i, t in enumerate(TRACKS))
        knights = [(v, s.knight_level[v], s.knight_active[v]) for v in range(len(s.knight_level))
                   if s.knight_owner[v] == p]
        ktext = ", ".join((_("active level {level} on {node}") if a else _("inactive level {level} on {node}")).format(
            level=lv, node=v) for v, lv, a in knights) or _("none")
        ships = sum(1 for e in s.edges_of[p] if s.edge_piece[e] == SHIP)
        lines.append(_("{player}: {vp} VP; {cards}; ${money}; progress cards {progress}; improvements {levels}; "
                       "knights {knights}; {ships}; {settlements} settlements, {cities} cities, {roads} roads, "
                       "{ships_left} ships left.").format(
            player=shown(player_name(p)), vp=s.vp(p), cards=ngettext("{n} card", "{n} cards", n).format(n=n),
            money=s.money[p], progress=_per_deck(s, p), levels=levels, knights=ktext,
            ships=ngettext("{n} ship", "{n} ships", ships).format(n=ships),
            settlements=pieces_left(s, p, "settlement"), cities=pieces_left(s, p, "city"),
            roads=pieces_left(s, p, "road"), ships_left=pieces_left(s, p, "ship")))
    lines.append(describe_fish(s))
    lines += describe_markets(s)
    if s.offer:
        lines.append(offer_text(s))
    if s.winner >= 0:
        lines.append(_("{player} has won.").format(player=shown(player_name(s.winner))))
    return "\n".join(lines)


def _per_deck(s, p: int) -> str:
    counts = [0] * len(TRACKS)
    for i, c in enumerate(s.progress_hand[p]):
        counts[PROGRESS_DECK_OF[i]] += c
    return ", ".join(f"{n} {shown(t)}" for t, n in zip(TRACKS, counts) if n) or _("none")


def hand_text(s, player: int) -> str:
    """What ``player`` holds: cards, money and progress cards by name (VP cards shown are in the public part)."""
    cards = ", ".join(f"{s.hands[player][c]} {shown(CARDS[c])}" for c in range(K) if s.hands[player][c]) or \
        _("no cards")
    progress = ", ".join(f"{n} {shown(PROGRESS_NAME[PROGRESS_IDS[i]])}"
                         for i, n in enumerate(s.progress_hand[player]) if n)
    return _("Your hand: {cards}; ${money}; progress cards: {progress}.").format(
        cards=cards, money=s.money[player], progress=progress or _("none"))
