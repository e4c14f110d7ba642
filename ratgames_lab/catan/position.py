"""Catan positions: JSON export and validated import (InvalidPositionError names the first bad field).

Pieces left in each supply, road lengths and trade rates are not stored: they follow from the board.
"""
from __future__ import annotations

from typing import Any

from ..core.position import require
from ..core.protocol import Event
from .actions import DEV_CARDS
from .board import GENERIC_HARBOUR, HARBOUR_KINDS, NUMBERED, RESOURCES, TERRAIN_INDEX, TERRAINS, WATER
from .components import BANK_START, DECK_START, KNIGHT, LARGEST_ARMY_MIN, LONGEST_ROAD_MIN, PIECES, R, Components
from .rules import (ACCEPTED, COUNTERED, NO_ANSWER, PHASES, REJECTED, CatanState, longest_road)

FORMAT = "ratgames_lab.catan/1"
ANSWERS = {NO_ANSWER: None, REJECTED: "reject", ACCEPTED: "accept", COUNTERED: "counter"}
ANSWER_CODES = {v: k for k, v in ANSWERS.items()}


def _opt(x: int) -> int | None:
    return None if x < 0 else x


def state_to_json(s: CatanState, events: bool = True) -> dict:
    """Every field of the position as JSON data (intersections, edges and tiles by board index)."""
    n = s.players
    data = {
        "format": FORMAT,
        "players": n,
        "phase": s.phase,
        "turn": s.turn,
        "active": s.active,
        "setup_index": s.setup_index,
        "last_settlement": _opt(s.last_settlement),
        "tiles": [{"terrain": TERRAINS[t], "number": num or None} for t, num in zip(s.terrain, s.number)],
        "robber": s.robber,
        "harbours": [{"edge": e, "kind": HARBOUR_KINDS[0] if k == GENERIC_HARBOUR else RESOURCES[k]}
                     for e, k in s.harbours],
        "buildings": [{"node": v, "player": o, "kind": "settlement" if s.node_level[v] == 1 else "city"}
                      for v, o in enumerate(s.node_owner) if o >= 0],
        "roads": [{"edge": e, "player": o} for e, o in enumerate(s.edge_owner) if o >= 0],
        "hands": [dict(zip(RESOURCES, h)) for h in s.hands],
        "bank": dict(zip(RESOURCES, s.bank)),
        "development": [{"hand": dict(zip(DEV_CARDS, s.dev_hand[p])), "new": dict(zip(DEV_CARDS, s.dev_new[p])),
                         "played": dict(zip(DEV_CARDS, s.played[p]))} for p in range(n)],
        "deck": dict(zip(DEV_CARDS, s.deck)),
        "dev_played": s.dev_played,
        "longest_road": _opt(s.longest_holder),
        "largest_army": _opt(s.army_holder),
        "discard_left": s.discard_left[:],
        "robber_return": s.robber_return,
        "free_roads": s.free_roads,
        "offer": {"give": s.offer[:R], "get": s.offer[R:]} if s.offer else None,
        "answers": [ANSWERS[a] for a in s.answers],
        "counters": [{"give": c[:R], "get": c[R:]} if c else None for c in s.counters],
        "responder": _opt(s.responder),
        "offers_made": s.offers_made,
        "victim": _opt(s.victim),
        "steals": [{"thief": t, "victim": v, "resource": RESOURCES[r]} for t, v, r in s.steals],
        "winner": _opt(s.winner),
    }
    if events:
        data["events"] = [{"kind": e.kind, "params": e.params, "rule": e.rule} for e in s.events]
    return data


FIELDS = ("format", "players", "phase", "turn", "active", "setup_index", "last_settlement", "tiles", "robber",
          "harbours", "buildings", "roads", "hands", "bank", "development", "deck", "dev_played", "longest_road",
          "largest_army", "discard_left", "robber_return", "free_roads", "offer", "answers", "counters",
          "responder", "offers_made", "victim", "steals", "winner", "events")


def _int(v: Any) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _get_int(d: dict, key: str, field: str, lo: int, hi: int, none: bool = False) -> int:
    v = d.get(key)
    if none and v is None:
        return -1
    require(_int(v) and lo <= v <= hi, f"must be an integer from {lo} to {hi}" + (" or null" if none else ""), field)
    return v


def _counts(d: Any, names: tuple[str, ...], field: str, hi: int = 99) -> list[int]:
    require(isinstance(d, dict), "must be an object {" + ", ".join(names) + "}", field)
    extra = sorted(set(d) - set(names))
    require(not extra, "unexpected field", f"{field}.{extra[0]}" if extra else field)
    out = []
    for k in names:
        require(k in d, "missing", f"{field}.{k}")
        require(_int(d[k]) and 0 <= d[k] <= hi, f"must be an integer from 0 to {hi}", f"{field}.{k}")
        out.append(d[k])
    return out


def _amounts(v: Any, field: str) -> list[int]:
    require(isinstance(v, list) and len(v) == R and all(_int(x) and 0 <= x <= 19 for x in v),
            "must be a list of 5 counts (brick, lumber, wool, grain, ore)", field)
    return list(v)


def _list(d: dict, key: str, length: int | None = None) -> list:
    v = d.get(key)
    require(isinstance(v, list), "must be a list", key)
    if length is not None:
        require(len(v) == length, f"must have {length} entries", key)
    return v


def state_from_json(data: Any, comp: Components) -> CatanState:
    """A validated state for the game's board and player count."""
    require(isinstance(data, dict), "a position is a JSON object", "position")
    for k in FIELDS:
        require(k in data, "missing", k)
    extra = sorted(set(data) - set(FIELDS))
    require(not extra, "unexpected field", extra[0] if extra else "position")
    require(data["format"] == FORMAT, f"must be {FORMAT!r}", "format")
    n, topo = comp.players, comp.topo
    require(data["players"] == n, f"this game is for {n} players, the position for {data['players']!r}", "players")
    s = CatanState(comp)
    require(data["phase"] in PHASES, f"must be one of {', '.join(PHASES)}", "phase")
    s.phase = data["phase"]
    s.turn = _get_int(data, "turn", "turn", 0, 10**6)
    s.active = _get_int(data, "active", "active", 0, n - 1)
    s.setup_index = _get_int(data, "setup_index", "setup_index", 0, 2 * n)
    s.last_settlement = _get_int(data, "last_settlement", "last_settlement", 0, topo.n_nodes - 1, none=True)
    # the board layout
    tiles = _list(data, "tiles", topo.n_tiles)
    s.terrain, s.number = [], []
    for i, t in enumerate(tiles):
        f = f"tiles[{i}]"
        require(isinstance(t, dict) and set(t) == {"terrain", "number"}, "a tile is {terrain, number}", f)
        require(isinstance(t["terrain"], str) and t["terrain"] in TERRAIN_INDEX, "unknown terrain", f"{f}.terrain")
        require((t["terrain"] in WATER) == comp.board.water[i],
                "sea and land tiles are fixed by the board", f"{f}.terrain")
        if t["terrain"] in NUMBERED:
            require(_int(t["number"]) and 2 <= t["number"] <= 12 and t["number"] != 7,
                    "a producing tile needs a number 2-6 or 8-12", f"{f}.number")
        else:
            require(t["number"] is None, "this tile takes no number", f"{f}.number")
        s.terrain.append(TERRAIN_INDEX[t["terrain"]])
        s.number.append(t["number"] or 0)
    s.robber = _get_int(data, "robber", "robber", 0, topo.n_tiles - 1)
    require(s.robber in comp.land_tiles, "the robber stands on a land tile", "robber")
    s.harbours = []
    used: set[int] = set()
    for i, h in enumerate(_list(data, "harbours")):
        f = f"harbours[{i}]"
        require(isinstance(h, dict) and set(h) == {"edge", "kind"}, "a harbour is {edge, kind}", f)
        e = _get_int(h, "edge", f"{f}.edge", 0, topo.n_edges - 1)
        require(topo.edge_kind[e] == "coast", "a harbour lies on a coastal edge", f"{f}.edge")
        require(not used & set(topo.edge_nodes[e]), "two harbours cannot share an intersection", f"{f}.edge")
        used |= set(topo.edge_nodes[e])
        require(h["kind"] in HARBOUR_KINDS, f"must be one of {', '.join(HARBOUR_KINDS)}", f"{f}.kind")
        s.harbours.append([e, GENERIC_HARBOUR if h["kind"] == "3:1" else RESOURCES.index(h["kind"])])
    # pieces on the board
    s.node_owner = [-1] * topo.n_nodes
    s.node_level = [0] * topo.n_nodes
    for i, b in enumerate(_list(data, "buildings")):
        f = f"buildings[{i}]"
        require(isinstance(b, dict) and set(b) == {"node", "player", "kind"}, "a building is {node, player, kind}", f)
        v = _get_int(b, "node", f"{f}.node", 0, topo.n_nodes - 1)
        require(topo.node_buildable[v], "buildings stand on land or coast intersections", f"{f}.node")
        require(s.node_owner[v] < 0, "two buildings on one intersection", f"{f}.node")
        require(all(s.node_owner[u] < 0 for u in topo.node_nbrs[v]), "breaks the distance rule", f"{f}.node")
        s.node_owner[v] = _get_int(b, "player", f"{f}.player", 0, n - 1)
        require(b["kind"] in ("settlement", "city"), "must be 'settlement' or 'city'", f"{f}.kind")
        s.node_level[v] = 1 if b["kind"] == "settlement" else 2
    s.edge_owner = [-1] * topo.n_edges
    for i, r in enumerate(_list(data, "roads")):
        f = f"roads[{i}]"
        require(isinstance(r, dict) and set(r) == {"edge", "player"}, "a road is {edge, player}", f)
        e = _get_int(r, "edge", f"{f}.edge", 0, topo.n_edges - 1)
        require(topo.edge_road[e], "roads go on land or coast edges", f"{f}.edge")
        require(s.edge_owner[e] < 0, "two roads on one edge", f"{f}.edge")
        s.edge_owner[e] = _get_int(r, "player", f"{f}.player", 0, n - 1)
    s.roads_left, s.settlements_left, s.cities_left = [], [], []
    for p in range(n):
        roads = s.edge_owner.count(p)
        sett = sum(1 for v in range(topo.n_nodes) if s.node_owner[v] == p and s.node_level[v] == 1)
        cities = sum(1 for v in range(topo.n_nodes) if s.node_owner[v] == p and s.node_level[v] == 2)
        require(roads <= PIECES["road"], f"player {p} has more than {PIECES['road']} roads", "roads")
        require(sett <= PIECES["settlement"], f"player {p} has more than {PIECES['settlement']} settlements",
                "buildings")
        require(cities <= PIECES["city"], f"player {p} has more than {PIECES['city']} cities", "buildings")
        s.roads_left.append(PIECES["road"] - roads)
        s.settlements_left.append(PIECES["settlement"] - sett)
        s.cities_left.append(PIECES["city"] - cities)
    # cards
    hands = _list(data, "hands", n)
    s.hands = [_counts(h, RESOURCES, f"hands[{p}]", 19) for p, h in enumerate(hands)]
    s.bank = _counts(data["bank"], RESOURCES, "bank", 19)
    for r, name in enumerate(RESOURCES):
        total = s.bank[r] + sum(h[r] for h in s.hands)
        require(total == BANK_START[r], f"{name}: bank and hands hold {total} cards, not {BANK_START[r]}",
                f"bank.{name}")
    dev = _list(data, "development", n)
    s.dev_hand, s.dev_new, s.played = [], [], []
    for p, d in enumerate(dev):
        f = f"development[{p}]"
        require(isinstance(d, dict) and set(d) == {"hand", "new", "played"}, "must be {hand, new, played}", f)
        s.dev_hand.append(_counts(d["hand"], DEV_CARDS, f"{f}.hand", 25))
        s.dev_new.append(_counts(d["new"], DEV_CARDS, f"{f}.new", 25))
        s.played.append(_counts(d["played"], DEV_CARDS, f"{f}.played", 25))
        require(s.played[p][1] == 0, "Victory Point cards are kept, never played", f"{f}.played.victory_point")
        require(p == s.active or not sum(s.dev_new[p]), "only the active player holds cards bought this turn",
                f"{f}.new")
    s.deck = _counts(data["deck"], DEV_CARDS, "deck", 25)
    for c, name in enumerate(DEV_CARDS):
        total = s.deck[c] + sum(s.dev_hand[p][c] + s.dev_new[p][c] + s.played[p][c] for p in range(n))
        require(total == DECK_START[c], f"{name}: {total} cards in deck, hands and play, not {DECK_START[c]}",
                f"deck.{name}")
    require(isinstance(data["dev_played"], bool), "must be true or false", "dev_played")
    s.dev_played = data["dev_played"]
    # special cards
    s.longest_holder = _get_int(data, "longest_road", "longest_road", 0, n - 1, none=True)
    s.army_holder = _get_int(data, "largest_army", "largest_army", 0, n - 1, none=True)
    s.rebuild_caches()
    s.road_length = [longest_road(topo, s.edge_owner, s.node_owner, p, s._roads[p]) for p in range(n)]
    best = max(s.road_length)
    if s.longest_holder >= 0:
        require(s.road_length[s.longest_holder] == best and best >= LONGEST_ROAD_MIN,
                "the Longest Road holder must have a longest road of at least 5", "longest_road")
    elif s.phase not in ("setup_settlement", "setup_road"):
        require(best < LONGEST_ROAD_MIN or s.road_length.count(best) > 1,
                f"player {s.road_length.index(best)} alone has the longest road ({best}) and must hold the card",
                "longest_road")
    knights = [s.played[p][KNIGHT] for p in range(n)]
    if s.army_holder >= 0:
        require(knights[s.army_holder] >= LARGEST_ARMY_MIN and knights[s.army_holder] == max(knights),
                "the Largest Army holder must have played the most Knights, at least 3", "largest_army")
    else:
        require(max(knights) < LARGEST_ARMY_MIN, "a player with 3 Knights played must hold the Largest Army",
                "largest_army")
    # the turn in progress
    dl = _list(data, "discard_left", n)
    require(all(_int(x) and 0 <= x <= 47 for x in dl), "counts of cards still to discard", "discard_left")
    s.discard_left = list(dl)
    for p in range(n):
        require(s.discard_left[p] <= sum(s.hands[p]), "more cards to discard than in hand", f"discard_left[{p}]")
    require(s.phase == "discard" or not any(s.discard_left), "only during the discard phase", "discard_left")
    require(data["robber_return"] in ("roll", "main"), "must be 'roll' or 'main'", "robber_return")
    s.robber_return = data["robber_return"]
    s.free_roads = _get_int(data, "free_roads", "free_roads", 0, 2)
    require(s.phase == "road_building" or not s.free_roads, "only during Road Building", "free_roads")
    require((s.phase != "road_building") or s.free_roads > 0, "Road Building needs free roads", "free_roads")
    offer = data["offer"]
    if offer is None:
        s.offer = []
    else:
        require(isinstance(offer, dict) and set(offer) == {"give", "get"}, "must be {give, get} or null", "offer")
        s.offer = _amounts(offer["give"], "offer.give") + _amounts(offer["get"], "offer.get")
    require(bool(s.offer) == (s.phase in ("trade_reply", "trade_choose")), "an offer exists only while answered",
            "offer")
    answers = _list(data, "answers", n)
    s.answers = []
    for p, a in enumerate(answers):
        require((a is None or isinstance(a, str)) and a in ANSWER_CODES, "must be null, 'accept', 'reject' or 'counter'", f"answers[{p}]")
        s.answers.append(ANSWER_CODES[a])
    counters = _list(data, "counters", n)
    s.counters = []
    for p, c in enumerate(counters):
        f = f"counters[{p}]"
        if c is None:
            require(s.answers[p] != COUNTERED, "a counter answer needs its terms", f)
            s.counters.append([])
        else:
            require(isinstance(c, dict) and set(c) == {"give", "get"}, "must be {give, get} or null", f)
            require(s.answers[p] == COUNTERED, "terms only with a counter answer", f)
            s.counters.append(_amounts(c["give"], f"{f}.give") + _amounts(c["get"], f"{f}.get"))
    s.responder = _get_int(data, "responder", "responder", 0, n - 1, none=True)
    require((s.responder >= 0) == (s.phase == "trade_reply"), "a responder exists only while an offer is answered",
            "responder")
    require(s.responder != s.active, "the active player does not answer their own offer", "responder")
    s.offers_made = _get_int(data, "offers_made", "offers_made", 0, 10**6)
    s.victim = _get_int(data, "victim", "victim", 0, n - 1, none=True)
    require((s.victim >= 0) == (s.phase == "steal"), "a victim exists only while a card is stolen", "victim")
    if s.victim >= 0:
        require(s.victim != s.active and sum(s.hands[s.victim]) > 0, "the victim is another player with a card",
                "victim")
    s.steals = []
    for i, st in enumerate(_list(data, "steals")):
        f = f"steals[{i}]"
        require(isinstance(st, dict) and set(st) == {"thief", "victim", "resource"},
                "a steal is {thief, victim, resource}", f)
        t = _get_int(st, "thief", f"{f}.thief", 0, n - 1)
        v = _get_int(st, "victim", f"{f}.victim", 0, n - 1)
        require(st["resource"] in RESOURCES, "unknown resource", f"{f}.resource")
        s.steals.append([t, v, RESOURCES.index(st["resource"])])
    s.winner = _get_int(data, "winner", "winner", 0, n - 1, none=True)
    require((s.phase == "over") or s.winner < 0, "a winner only when the game is over", "winner")
    if s.phase in ("setup_settlement", "setup_road"):
        require(s.setup_index < 2 * n and s.active == comp.setup_order[s.setup_index],
                "the setup player follows the snake order", "active")
        require(s.turn == 0, "no turn is played during setup", "turn")
        if s.phase == "setup_road":
            require(s.last_settlement >= 0 and s.node_owner[s.last_settlement] == s.active,
                    "the setup road follows the player's settlement", "last_settlement")
    else:
        require(s.turn > 0 or s.phase == "over", "turns start at 1 after setup", "turn")
    if s.phase in ("discard",):
        require(any(s.discard_left), "the discard phase needs a player who must discard", "discard_left")
    if s.phase == "victim":
        require(len(s._victims()) > 1, "choosing a victim needs two candidates", "phase")
    if s.phase == "draw":
        require(sum(s.deck) > 0, "nothing to draw", "deck")
    events = _list(data, "events")
    s.events = []
    for i, e in enumerate(events):
        require(isinstance(e, dict) and isinstance(e.get("kind"), str) and isinstance(e.get("params"), dict)
                and isinstance(e.get("rule"), str), "an event is {kind, params, rule}", f"events[{i}]")
        s.events.append(Event("catan", e["kind"], dict(e["params"]), e["rule"]))
    s._settle()
    return s
