"""Places named as the table sees them: a spot by the tiles and harbour it touches, an edge by its two sides, a tile
by its resource and number, a market plaza by its market's name; ``name_places`` rewrites engine texts that say
"intersection 34", "edge 50", "tile 4" or "spot 17" (buttons, events, terminal menus) in those words."""
from __future__ import annotations

import math
import re
from typing import Any

from ..core.i18n import get_language
from .board import MARKET_NAMES
from .translate import N_, _, name

PLACE = re.compile(r"\b(?:the )?(market plaza at intersection|intersection|edge|tile|spot)s? (\d+)\b")
NO_RESOURCE = {"sea": "sea", "desert": "desert", "lake": "lake", "swamp": "swamp", "market": "market"}
COMPASS = (N_("east"), N_("south-east"), N_("south"), N_("south-west"), N_("west"), N_("north-west"), N_("north"),
           N_("north-east"))


class PlaceNames:
    """The names of one board's places (built from ``state.comp.topo`` and ``state.observation(-1)``)."""

    def __init__(self, state: Any):
        self.topo = state.comp.topo
        obs = state.observation(-1)
        self.tiles = obs["tiles"]
        self.fishing = obs.get("fishing_grounds") or []  # [node, node, node, number]: pirate spot n_tiles + index
        board = getattr(state.comp, "board", None)
        self.markets = dict(getattr(board, "markets", {}) or {})
        self.harbour_at: dict[int, str] = {}
        for h in obs.get("harbours", []):
            text = _("3:1 harbour") if h["kind"] == "3:1" else _("2:1 {resource} harbour").format(
                resource=name(h["kind"]))
            for node in self.topo.edge_nodes[h["edge"]]:
                self.harbour_at[node] = text
        self._spots = [self._spot_words(n) for n in range(self.topo.n_nodes)]
        self._unique = {text: self._spots.count(text) == 1 for text in self._spots}

    def tile(self, t: int) -> str:
        """'brick 6', 'desert', 'glassworks market', 'sea'."""
        tile = self.tiles[t]
        terrain = tile.get("terrain") or "sea"
        if terrain == "market":
            market = self.markets.get(t) or self._market_name(t)
            return _("{market} market").format(market=name(market)) if market else name("market")
        if terrain in NO_RESOURCE or tile.get("number") is None:
            return name(NO_RESOURCE.get(terrain, terrain))
        second = tile.get("second_number")
        return f"{name(terrain)} {tile['number']}" + (f"/{second}" if second else "")

    def tile_short(self, t: int) -> str:
        """A tile as the text board writes it: 'brick 6', 'castle' (a market), '~~' (the sea)."""
        terrain = self.tiles[t].get("terrain") or "sea"
        if terrain == "sea":
            return "~~"
        if terrain == "market":
            return name(self.markets.get(t) or self._market_name(t) or "market")
        return self.tile(t)

    def _market_name(self, t: int) -> str:
        markets = [i for i, tile in enumerate(self.tiles) if tile.get("terrain") == "market"]
        return MARKET_NAMES[markets.index(t)] if t in markets and len(markets) == len(MARKET_NAMES) else ""

    def _land(self, tiles: Any) -> list[int]:
        return [t for t in tiles if (self.tiles[t].get("terrain") or "sea") != "sea"]

    def _spot_words(self, n: int) -> str:
        land = self._land(self.topo.node_tiles[n])
        words = [self.tile(t) for t in land] or [name("open sea")]
        if n in self.harbour_at:
            words.append(self.harbour_at[n])
        return " · ".join(words)

    def spot(self, n: int) -> str:
        """'brick 6 · grain 8 · 3:1 harbour' (with the corner of a tile when two spots would read the same)."""
        text = self._spots[n]
        if self.topo.node_kind[n] == "plaza":
            return text  # one plaza per market: 'castle market'
        if self._unique.get(text, True):
            return text
        land = self._land(self.topo.node_tiles[n]) or list(self.topo.node_tiles[n])
        t = land[0]
        (x, y), (cx, cy) = self.topo.node_xy[n], self.topo.tile_xy[t]
        return _("{spot}, {direction} corner of {tile}").format(spot=text, direction=_(self._direction(x - cx, y - cy)),
                                                                tile=self.tile(t))

    @staticmethod
    def _direction(dx: float, dy: float) -> str:
        angle = math.degrees(math.atan2(dy, dx)) % 360  # board y grows downwards: 90 degrees is south
        return COMPASS[int((angle + 22.5) // 45) % 8]

    def edge(self, e: int) -> str:
        """'between brick 6 and grain 8' (an edge by its two sides), or by its two ends on the coast."""
        sides = [self.tile(t) for t in self.topo.edge_tiles[e]]
        if len(sides) == 2 and sides[0] != sides[1] and name("sea") not in sides:
            return _("between {first} and {second}").format(first=sides[0], second=sides[1])
        a, b = self.topo.edge_nodes[e]
        return _("from ({first}) to ({second})").format(first=self.spot(a), second=self.spot(b))

    def rewrite(self, text: str) -> str:
        """``text`` with every "intersection N", "edge N", "tile N" or "spot N" named."""
        def name(m: re.Match) -> str:
            kind, i = m.group(1), int(m.group(2))
            try:
                if kind == "market plaza at intersection":
                    return _("the {market} plaza").format(market=self.spot(i))
                if kind == "intersection":
                    return _("the spot ({spot})").format(spot=self.spot(i))
                if kind == "edge":
                    return _("the edge {edge}").format(edge=self.edge(i))
                if kind == "tile" or i < len(self.tiles):
                    return _("the {tile} tile").format(tile=self.tile(i))
                _a, middle, _c, number = self.fishing[i - len(self.tiles)]
                return _("the fishing ground {number} off ({spot})").format(number=number, spot=self.spot(middle))
            except (IndexError, KeyError):
                return m.group(0)
        return PLACE.sub(name, text)


_CACHE: dict[int, tuple[Any, PlaceNames]] = {}


def place_names(state: Any) -> PlaceNames:
    """The place names of ``state``'s board (cached per board: its tiles and harbours, which the seed deals and which
    never change during a game; games of one player count share their components but not their board)."""
    board = tuple(tuple(getattr(state, f, ())) for f in ("terrain", "number", "number2", "harbour_edges",
                                                          "harbour_kinds"))
    key = (id(state.comp), board, get_language())
    hit = _CACHE.get(key)
    if hit is None or hit[0] is not state.comp:
        if len(_CACHE) > 32:
            _CACHE.clear()
        hit = _CACHE[key] = (state.comp, PlaceNames(state))
    return hit[1]


def name_places(state: Any, text: str) -> str:
    """``text`` with the board's places named as the table sees them ("intersection 34" -> "the spot (brick 6 ·
    grain 8 · 3:1 harbour)")."""
    return place_names(state).rewrite(text) if PLACE.search(text) else text


def bank_rate(state: Any, action: Any) -> int | None:
    """How many cards a bank trade gives (4, 3 or 2), as the rules count it: played on a copy."""
    copy = state.clone()
    before = len(copy.events)
    try:
        copy.apply(action)
    except ValueError:
        return None
    counts = [e.params.get("count") for e in copy.events[before:] if e.kind == "bank_trade"]
    return counts[0] if counts else None


def action_text(state: Any, action: Any) -> str:
    """An action as the table says it: places named, a bank trade with both sides and its rate."""
    if getattr(action, "kind", "") == "bank_trade":
        n = bank_rate(state, action)
        if n:
            return _("Trade {count} {give} for 1 {get} with the bank ({count}:1)").format(
                count=n, give=name(action.give), get=name(action.get))
    return name_places(state, str(action))


__all__ = ["PlaceNames", "action_text", "bank_rate", "name_places", "place_names"]
