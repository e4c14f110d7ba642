"""Catan positions: cross-field checks of a loaded position and each player's observation.

The fields themselves (their JSON form and types) are declared once, on ``CatanState.FIELDS``. Pieces left in each
supply, road lengths and trade rates are not stored: they follow from the board (``after_load``).
"""
from __future__ import annotations

from ..core.position import require
from .actions import DEV_CARDS, DEV_NAMES
from .board import NUMBERED, RESOURCES, TERRAINS, WATER
from .components import (ANSWERS, BANK_START, COUNTERED, DECK_START, DISCARD_PHASE, DRAW_PHASE, KNIGHT,
                         LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, OVER, PIECES, R, ROAD_BUILDING_PHASE, SETUP_PHASES,
                         SETUP_ROAD, STEAL_PHASE, TRADE_CHOOSE, TRADE_REPLY, VICTIM, VP_CARD)
from .memory import check_memory
from .translate import _, name, ngettext
from .roads import longest_road


def check_position(s) -> None:
    """Raise InvalidPositionError naming the field unless the decoded position ``s`` is consistent."""
    comp, n = s.comp, s.players
    topo = comp.topo
    # the layout: sea stays sea, numbers only on producing tiles, the robber on land
    for t in range(topo.n_tiles):
        name = TERRAINS[s.terrain[t]]
        require((name in WATER) == comp.board.water[t], "sea and land tiles are fixed by the board",
                f"tiles[{t}].terrain")
        if name in NUMBERED:
            require(s.number[t] not in (0, 7), "a producing tile needs a number 2-6 or 8-12", f"tiles[{t}].number")
        else:
            require(s.number[t] == 0, f"a {name} tile takes no number", f"tiles[{t}].number")
    require(s.robber in comp.land_tiles, "the robber stands on a land tile", "robber")
    used: set[int] = set()
    for i, e in enumerate(s.harbour_edges):
        require(topo.edge_kind[e] == "coast", "a harbour lies on a coastal edge", f"harbours[{i}].edge")
        require(not used & set(topo.edge_nodes[e]), "two harbours cannot share an intersection", f"harbours[{i}].edge")
        used |= set(topo.edge_nodes[e])
    # pieces: buildings on land with the distance rule and a level, roads on land, within the piece limits
    for v in range(topo.n_nodes):
        o, level = s.node_owner[v], s.node_level[v]
        f = f"intersections.owner[{v}]"
        require((o >= 0) == (level > 0), "a building has an owner and a level 1 (settlement) or 2 (city)",
                f"intersections.level[{v}]")
        if o >= 0:
            require(topo.node_buildable[v], "buildings stand on land or coast intersections", f)
            require(all(s.node_owner[u] < 0 for u in topo.node_nbrs[v]), "breaks the distance rule", f)
    for e in range(topo.n_edges):
        if s.edge_owner[e] >= 0:
            require(topo.edge_road[e], "roads go on land or coast edges", f"roads[{e}]")
    for p in range(n):
        roads = s.edge_owner.count(p)
        settlements = sum(1 for v in range(topo.n_nodes) if s.node_owner[v] == p and s.node_level[v] == 1)
        cities = sum(1 for v in range(topo.n_nodes) if s.node_owner[v] == p and s.node_level[v] == 2)
        require(roads <= PIECES["road"], f"player {p} has more than {PIECES['road']} roads", "roads")
        require(settlements <= PIECES["settlement"], f"player {p} has more than {PIECES['settlement']} settlements",
                "intersections.level")
        require(cities <= PIECES["city"], f"player {p} has more than {PIECES['city']} cities", "intersections.level")
    # cards: every resource card and development card exactly once
    for r, name in enumerate(RESOURCES):
        total = s.bank[r] + sum(h[r] for h in s.hands)
        require(total == BANK_START[r], f"{name}: bank and hands hold {total} cards, not {BANK_START[r]}",
                f"bank.{name}")
    for p in range(n):
        require(s.played[p][VP_CARD] == 0, "Victory Point cards are kept, never played",
                f"development[{p}].played.victory_point")
        require(p == s.active or not sum(s.dev_new[p]), "only the active player holds cards bought this turn",
                f"development[{p}].new")
    for c, name in enumerate(DEV_CARDS):
        total = s.deck[c] + sum(s.dev_hand[p][c] + s.dev_new[p][c] + s.played[p][c] for p in range(n))
        require(total == DECK_START[c], f"{name}: {total} cards in deck, hands and play, not {DECK_START[c]}",
                f"deck.{name}")
    # special cards
    lengths = [longest_road(topo, s.edge_owner, s.node_owner, p, [e for e in range(topo.n_edges)
                                                                  if s.edge_owner[e] == p]) for p in range(n)]
    best = max(lengths)
    if s.longest_holder >= 0:
        require(lengths[s.longest_holder] == best >= LONGEST_ROAD_MIN,
                "the Longest Road holder must have a longest road of at least 5", "longest_road")
    elif s.phase not in SETUP_PHASES:
        require(best < LONGEST_ROAD_MIN or lengths.count(best) > 1,
                f"player {lengths.index(best)} alone has the longest road ({best}) and must hold the card",
                "longest_road")
    knights = [s.played[p][KNIGHT] for p in range(n)]
    if s.army_holder >= 0:
        require(knights[s.army_holder] >= LARGEST_ARMY_MIN and knights[s.army_holder] == max(knights),
                "the Largest Army holder must have played the most Knights, at least 3", "largest_army")
    else:
        require(max(knights) < LARGEST_ARMY_MIN, "a player with 3 Knights played must hold the Largest Army",
                "largest_army")
    _check_turn(s)


def _check_turn(s) -> None:
    """The phase and the fields of the turn in progress fit together."""
    comp, n, ph = s.comp, s.players, s.phase
    for p in range(n):
        require(s.discard_left[p] <= sum(s.hands[p]), "more cards to discard than in hand", f"discard_left[{p}]")
    require(ph == DISCARD_PHASE or not any(s.discard_left), "only during the discard phase", "discard_left")
    if ph == DISCARD_PHASE:
        require(any(s.discard_left), "the discard phase needs a player who must discard", "discard_left")
    require((ph == ROAD_BUILDING_PHASE) == (s.free_roads > 0), "free roads exist only during Road Building",
            "free_roads")
    require(len(s.offer) in (0, 2 * R), "an offer is [] or 5 cards given then 5 received", "offer")
    require(bool(s.offer) == (ph in (TRADE_REPLY, TRADE_CHOOSE)), "an offer exists only while it is answered",
            "offer")
    for p in range(n):
        c = s.counters[p]
        require(len(c) == (2 * R if s.answers[p] == COUNTERED else 0),
                f"terms (10 counts) only with a '{ANSWERS[COUNTERED]}' answer", f"counters[{p}]")
    require((s.responder >= 0) == (ph == TRADE_REPLY), "a responder exists only while an offer is answered",
            "responder")
    require(s.responder != s.active, "the active player does not answer their own offer", "responder")
    require((s.victim >= 0) == (ph == STEAL_PHASE), "a victim exists only while a card is stolen", "victim")
    if s.victim >= 0:
        require(s.victim != s.active and sum(s.hands[s.victim]) > 0, "the victim is another player with a card",
                "victim")
    for i, st in enumerate(s.steals):
        require(len(st) == 3 and st[0] < n and st[1] < n and st[0] != st[1],
                "a steal is [thief, victim, resource index]", f"steals[{i}]")
    check_memory(s, RESOURCES)
    require(ph == OVER or s.winner < 0, "a winner only when the game is over", "winner")
    if ph in SETUP_PHASES:
        require(s.setup_index < 2 * n and s.active == comp.setup_order[s.setup_index],
                "the setup player follows the snake order", "active")
        require(s.turn == 0, "no turn is played during setup", "turn")
        if ph == SETUP_ROAD:
            require(s.last_settlement >= 0 and s.node_owner[s.last_settlement] == s.active,
                    "the setup road follows the player's settlement", "last_settlement")
    else:
        require(s.turn > 0 or ph == OVER, "turns start at 1 after setup", "turn")
    if ph == VICTIM:
        owners = {s.node_owner[v] for v in comp.topo.tile_nodes[s.robber]}
        victims = [p for p in owners if p >= 0 and p != s.active and sum(s.hands[p])]
        require(len(victims) > 1, "choosing a victim needs two candidates", "phase")
    if ph == DRAW_PHASE:
        require(sum(s.deck) > 0, "nothing to draw", "deck")


def observation(s, player: int) -> dict:
    """What ``player`` may see: everything public, own hand and development cards, the steals they took part in."""
    data = s.FIELDS.encode(s)
    n = s.players
    data["hands"] = [data["hands"][p] if p == player else sum(s.hands[p]) for p in range(n)]
    data["development"] = [
        data["development"][p] if p == player
        else {"count": sum(s.dev_hand[p]) + sum(s.dev_new[p]), "played": data["development"][p]["played"]}
        for p in range(n)]
    data["deck"] = sum(s.deck)
    data["steals"] = [st for st in s.steals if player in (st[0], st[1])]
    del data["memory"]  # the records hold real hands; what the viewer may know of them is hand_beliefs(viewer)
    data["vp"] = [s.vp(p) if p == player else s.public_vp(p) for p in range(n)]
    data["viewer"] = player
    data["players"] = n
    return data


def describe(s) -> str:
    """The position in words for the terminal: the robber, then each player's pieces, cards and public VP."""
    lines = [_("Turn {turn}, phase {phase}; Player {number} to play. The robber is on tile {tile} ({where}).").format(
        turn=s.turn, phase=s.phase, number=s.active + 1, tile=s.robber,
        where=f"{name(TERRAINS[s.terrain[s.robber]])} {s.number[s.robber] or ''}".strip())]
    for p in range(s.players):
        settlements = [v for v in range(len(s.node_owner)) if s.node_owner[v] == p and s.node_level[v] == 1]
        cities = [v for v in range(len(s.node_owner)) if s.node_owner[v] == p and s.node_level[v] == 2]
        special = [name(card) for card, holder in (("Longest Road", s.longest_holder), ("Largest Army", s.army_holder))
                   if holder == p]
        roads, cards = s.edge_owner.count(p), sum(s.hands[p])
        dev, knights = sum(s.dev_hand[p]) + sum(s.dev_new[p]), s.played[p][KNIGHT]
        lines.append(_("Player {number}: {vp} VP shown; settlements {settlements}, cities {cities}, {roads} (longest "
                       "{longest}); {cards}, {development}, {knights} played").format(
            number=p + 1, vp=s.public_vp(p), settlements=settlements, cities=cities,
            roads=ngettext("{n} road", "{n} roads", roads).format(n=roads), longest=s.road_length[p],
            cards=ngettext("{n} resource card", "{n} resource cards", cards).format(n=cards),
            development=ngettext("{n} development card", "{n} development cards", dev).format(n=dev),
            knights=ngettext("{n} Knight", "{n} Knights", knights).format(n=knights))
            + (f"; {', '.join(special)}" if special else ""))
    left = sum(s.deck)
    lines.append(_("Bank: {bank}; {development} left.").format(
        bank=", ".join(f"{s.bank[r]} {name(RESOURCES[r])}" for r in range(R)),
        development=ngettext("{n} development card", "{n} development cards", left).format(n=left)))
    return "\n".join(lines)


def hand_text(s, player: int) -> str:
    """What ``player`` holds: resources and development cards (those bought this turn marked)."""
    res = ", ".join(f"{n} {name(RESOURCES[r])}" for r, n in enumerate(s.hands[player]) if n) or _("no resource")
    dev = [_card(n, c) for c, n in enumerate(s.dev_hand[player]) if n]
    dev += [_("{cards} (bought this turn)").format(cards=_card(n, c)) for c, n in enumerate(s.dev_new[player]) if n]
    return _("Your hand: {resources}; development cards: {cards}.").format(resources=res,
                                                                          cards=", ".join(dev) or _("none"))


def _card(n: int, c: int) -> str:
    """'2 Knight cards'."""
    return ngettext("{n} {card} card", "{n} {card} cards", n).format(n=n, card=name(DEV_NAMES[DEV_CARDS[c]]))
