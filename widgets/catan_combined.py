"""The Catan dashboard's combined-variant parts (catan.md Part 2): the game menu (base or combined, players, game
number), what a click on the board means for the variant's actions (ships, walls, knights, the pirate...), and the
variant's panels (barbarians, improvements, players with commodities, money and progress cards).

``CatanDashboard(variant="combined")`` uses them; the base game never does. Actions the click modes do not know
(e.g. ones added later by the engine) are still played by their buttons, and a knight action naming one
intersection (``node``) or two (``source``, ``target``) is clicked on the board by its kind.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Sequence

import ipywidgets as w

from ratgames_lab import IllegalActionError, load_game
from ratgames_lab.catan import (BARBARIAN_TRACK, TRACKS, BuildCity, BuildRoad, BuildSettlement, BuildShip, BuildWall,
                                MovePirate, MoveRobber, MoveShip, PlaceMetropolis, ReduceCity, arrival_mean,
                                arrival_within, event_die_distribution, progress_chance_any, progress_chances,
                                progress_within)
from ratgames_lab.catan import COMBINED_CARDS as CARDS
from ratgames_lab.catan import (CombinedCounterOffer, CombinedOfferTrade, cheapest_route, name_places,
                                wagon_points_left)

from .catan_combined_view import COMMODITY_COLOURS, barbarian_html, combined_players_html, improvements_html
from .catan_trade import TradePanel
from .catan_traders import TradersPanel
from .common.seats import bots_label
from .common.theme import esc

VARIANT_LABELS = (("Base game", "base"), ("Combined variant (all 3 expansions)", "combined"))
MODES = {BuildSettlement: "settlement", BuildCity: "city", BuildRoad: "road", BuildShip: "ship",
         MoveShip: "move_ship", BuildWall: "wall", PlaceMetropolis: "metropolis", ReduceCity: "reduce",
         MoveRobber: "robber", MovePirate: "pirate"}
LABELS = {"settlement": "Build a settlement", "city": "Upgrade to a city", "road": "Build a road",
          "ship": "Build a ship", "move_ship": "Move a ship", "wall": "Build a city wall",
          "metropolis": "Place the metropolis", "reduce": "Reduce a city", "robber": "Move the robber",
          "pirate": "Move the pirate"}
HINTS = {"settlement": "Click a highlighted intersection to build a settlement there.",
         "city": "Click one of your highlighted settlements to make it a city.",
         "road": "Click a highlighted edge to build a road there.",
         "ship": "Click a highlighted sea or coast edge to build a ship there.",
         "move_ship": "Click the ship to move (at the open end of a route), then the edge it goes to.",
         "wall": "Click one of your highlighted cities to build a wall under it.",
         "metropolis": "Click the highlighted city that gets the metropolis.",
         "reduce": "Click the highlighted city that becomes a settlement again.",
         "robber": "Click a highlighted land tile to move the robber there.",
         "pirate": "Click a highlighted sea tile or fishing ground to move the pirate there."}
KIND = {"settlement": "node", "city": "node", "road": "edge", "ship": "edge", "move_ship": "edge", "wall": "node",
        "metropolis": "node", "reduce": "node", "robber": "tile", "pirate": "tile"}
TWO_CLICKS = {"move_ship": "moving the ship on edge"}
LEARNED_KIND: dict[str, str] = {}  # kind -> "node" or "edge" of the actions clicked by their kind
KIND_WORDS = {"hire_knight": "Hire a knight", "activate_knight": "Activate a knight",
              "promote_knight": "Promote a knight", "move_knight": "Move a knight",
              "displace_knight": "Displace a knight", "chase_robber": "Chase the robber (knight)",
              "chase_pirate": "Chase the pirate (knight)", "retreat_knight": "Retreat your knight",
              "remove_knight": "Remove one of your knights", "place_knight": "Place a knight",
              "play_intrigue": "Intrigue: displace a knight", "build_bridge": "Build a bridge",
              "play_diplomat": "Diplomat: remove a road or ship", "diplomat_place": "Place your piece again",
              "move_wagon": "Move your wagon", "place_wagon": "Put your wagon on a market"}
# the Traders & Barbarians events in the log: money and deliveries in green, tolls and losses in red
LOG_CLASSES = {"river_money": "rg-good", "wagon_delivery": "rg-good", "wagon_upgrade": "rg-good", "loan": "rg-minor",
               "wagon_toll": "rg-bad", "old_boot": "rg-bad", "fish_limit": "rg-minor", "fish_reshuffle": "rg-minor"}
FOLD_KINDS = ("buy_resource", "buy_commodity", "fish_resource", "fish_steal", "fish_remove", "move_wagon",
              "build_bridge")  # long button groups that fold (the panel and the board play them too)


def _fields(action: Any) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(action)) if dataclasses.is_dataclass(action) else ()


def mode_of(action: Any) -> str | None:
    """The click mode of a combined-variant action (None: played by its button only). Besides the known ones, an
    action naming one intersection (``node``), one edge (``edge``) or a move (``source``, ``target``) is clicked on
    the board in a mode named by its kind (knights, bridges, the Diplomat...)."""
    mode = MODES.get(type(action))
    if mode is not None:
        return mode
    fields = _fields(action)
    if fields in (("node",), ("edge",), ("source", "target")):
        kind = getattr(action, "kind", "")
        LEARNED_KIND.setdefault(kind, "edge" if fields == ("edge",) or "ship" in kind else "node")
        return kind
    return None


def keys_of(action: Any) -> tuple:
    """The board keys an action is clicked with, in click order."""
    f = _fields(action)
    if f == ("source", "target"):
        return action.source, action.target
    if isinstance(action, MovePirate):
        return (action.spot,)
    return (getattr(action, f[0]),)


def mode_kind(mode: str) -> str:
    """What a mode's clicks name: "node", "edge" or "tile"."""
    return KIND.get(mode) or LEARNED_KIND.get(mode, "node")


def learn_modes(clicks, actions: Sequence[Any], phase: str = "main") -> None:
    """Give the click modes the labels of knight actions the engine offers now (their kind in words); in setup the
    city goes on a free intersection, not on a settlement."""
    setup = phase == "setup_city"
    clicks.labels["city"] = "Place your city" if setup else LABELS["city"]
    clicks.hints["city"] = ("Click a highlighted intersection to place your city: it pays one card of each tile "
                            "around it." if setup else HINTS["city"])
    for a in actions:
        mode = mode_of(a)
        if mode is not None and mode not in clicks.labels:
            words = KIND_WORDS.get(mode, mode.replace("_", " ").capitalize())
            clicks.labels[mode] = words
            place = "edge" if mode_kind(mode) == "edge" else "intersection"
            if _fields(a) == ("source", "target"):
                clicks.two_clicks[mode] = f"the piece on {place}"
                clicks.hints[mode] = f"{words}: click the piece, then the highlighted {place} it goes to."
            else:
                clicks.hints[mode] = f"{words}: click a highlighted {place}."


def natural_action(topo, obs: dict, player: int, kind: str, index: int) -> Any:
    """What a refused click most likely meant (to ask the engine why)."""
    if kind == "node":
        inter = obs["intersections"]
        if inter["owner"][index] == player and inter["level"][index] == 1:
            return BuildCity(index)
        if inter["owner"][index] == player and inter["level"][index] == 2:
            return BuildWall(index)
        return BuildSettlement(index)
    if kind == "edge":
        return BuildShip(index) if topo.edge_kind[index] == "sea" else BuildRoad(index)
    if index >= topo.n_tiles or obs["tiles"][index]["terrain"] == "sea":
        return MovePirate(index)
    return MoveRobber(index)


ACTION_GROUPS = {**{k: v for k, v in KIND_WORDS.items()}, "build_ship": "Build a ship", "move_ship": "Move a ship",
                 "build_wall": "Build a city wall", "improve": "Improve a city (commodities)",
                 "place_metropolis": "Place the metropolis", "move_pirate": "Move the pirate",
                 "reduce_city": "Reduce a city", "discard_progress": "Discard a progress card",
                 "choose_progress_deck": "Draw a progress card from", "choose_card": "Take a card",
                 "skip_free_piece": "Free pieces", "skip_knight": "Knights",
                 "buy_commodity": "Shop: $5 for a commodity (once per turn)",
                 "buy_resource": "Shop: $2 for a resource (twice per turn)",
                 "take_loan": "Bank loan (once per game)", "save_city": "Keep your city for $5",
                 "boost_wagon": "Wagon boost (grain)", "boost_wagon_fish": "Wagon boost (fish)",
                 "upgrade_wagon": "Upgrade your wagon",
                 "pass_old_boot": "Pass the Old Boot to",
                 "fish_remove": "Fish (2): take the robber or the pirate off the board",
                 "fish_steal": "Fish (3): steal a card from", "fish_resource": "Fish (4): a resource of your choice",
                 "fish_free_piece": "Fish (5): a free road or ship", "fish_progress": "Fish (7): a progress card"}


class GameMenu:
    """The "Start a game" menu beside the board: which game (base or combined), players, game number, opponents,
    Start (you play
    Player 1, the opponents the other seats; the Players tab sets each seat)."""

    def __init__(self, variant: str, players: int, seed: int, bots: Sequence[str],
                 start: Callable[[str, int, int, str], None]):
        self.variant = w.Dropdown(options=VARIANT_LABELS, value=variant, description="Game",
                                  layout=w.Layout(width="370px"), style={"description_width": "45px"})
        self.players = w.Dropdown(options=[3, 4], value=players, description="Players",
                                  layout=w.Layout(width="130px"), style={"description_width": "55px"})
        self.seed = w.IntText(value=seed, description="Game number", layout=w.Layout(width="190px"),
                              style={"description_width": "initial"})
        names = [(bots_label(b), b) for b in bots]
        self.opponents = w.Dropdown(options=names, value="heuristic" if "heuristic" in bots else bots[0],
                                    description="Opponents", layout=w.Layout(width="260px"),
                                    style={"description_width": "initial"})
        self.start = w.Button(description="Start", button_style="primary", layout=w.Layout(width="auto"))
        self.start.add_class("ct-start")
        self.start.on_click(lambda _b: start(self.variant.value, self.players.value, self.seed.value,
                                             self.opponents.value))
        row = w.HBox([self.variant, self.players, self.seed, self.opponents, self.start],
                     layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.widget = w.VBox([w.HTML('<div class="rg-section">Start a game</div>'), row])
        self.widget.add_class("rg-panel")
        self.widget.add_class("ct-menu")

    def set(self, variant: str, players: int, seed: int) -> None:
        """Show the game being played."""
        self.variant.value, self.players.value, self.seed.value = variant, players, seed


class CombinedPanels:
    """The variant's side panels: the trade panel over all 8 cards, the barbarians, the improvements."""

    def __init__(self, trade: Callable[[Any], bool], play: Callable[[Any], bool] = lambda a: False):
        self.traders = TradersPanel(play)
        self.trade_panel = TradePanel(trade, cards=(*CARDS, "money"), colours={**COMMODITY_COLOURS, "money": "#ffe9a8"},
                                      offer_class=CombinedOfferTrade, counter_class=CombinedCounterOffer)
        self.barbarians = w.HTML()
        self.improvements = w.HTML()
        self.widget = w.VBox([self.barbarians, self.traders.widget, self.improvements, self.trade_panel.widget])
        self.widget.add_class("ct-combined")

    def update(self, obs: dict, names: Sequence[str], truce: bool) -> None:
        """Redraw the barbarians and the improvement tracks."""
        self.barbarians.value = barbarian_html(obs, names, truce)
        self.improvements.value = improvements_html(obs, names)


class CombinedVariant:
    """What ``CatanDashboard`` adds to play the combined variant (a mixin: the menu, the game's options, the clicks
    of two-click moves and the variant's panels)."""

    variant: str
    variant_options: dict

    @property
    def combined(self) -> bool:
        """True when the game shown is the combined variant."""
        return self.game.options.get("variant") == "combined"

    def make_game(self, players: int | None, seed: int) -> Any:
        """The base game, or the combined variant with its options."""
        extra = {"variant": "combined", **self.variant_options} if self.variant == "combined" else {}
        return load_game("catan", players=players, seed=seed, **extra)

    def game_menu(self) -> w.Widget:
        """The game menu: base or combined, players, game number, opponents (built once)."""
        self.menu = GameMenu(self.variant, self.setup.players.value, self.seed, list(self.bot_classes),
                             lambda v, n, s, bot: self.new_game(n, s, ["human"] + [bot] * (n - 1), variant=v))
        return self.menu.widget

    def new_game(self, players: int | None = None, seed: int | None = None, seats: Sequence[str] | None = None,
                 variant: str | None = None) -> None:
        """Start again (the same game unless given: players, game number, seats, "base" or "combined")."""
        self.variant = self.variant if variant is None else variant
        super().new_game(players, seed, seats)
        self.menu.set(self.variant, self.players, self.seed)

    def load_position(self, data: Any) -> str:
        """Load a saved match or position (either game): the menu then shows the game loaded."""
        text = super().load_position(data)
        self.variant = "combined" if self.combined else "base"
        self.menu.set(self.variant, self.players, self.seed)
        return text

    def _fits(self, mode: str, index: int) -> bool:
        """True if a click on ``index`` can mean an action of ``mode`` (a two-click mode: a start, or an end after
        its start was picked)."""
        keys = [self._keys_of(a) for a in self.clicks.modes[mode]]
        if mode not in self.clicks.two_clicks:
            return (index,) in keys
        picked = self.clicks.picked if mode == self.clicks.mode else None
        return any(k[0] == index or (picked is not None and k[:2] == (picked, index)) for k in keys)

    def update_combined_odds(self, p: int) -> None:
        """The variant's exact odds for seat p: a progress card per roll and within a round (from p's improvement
        levels and the event die), the barbarians' arrival; the event die's faces."""
        obs = self.observation(p)
        levels = obs["improvements"][p]
        n = self.players
        per_roll = progress_chances(levels)
        within = {t: progress_within({**{u: 0 for u in TRACKS}, t: levels[t]}, n) for t in TRACKS}
        left = BARBARIAN_TRACK - obs["barbarian"]
        die = event_die_distribution()
        faces = ", ".join(f"{'ship' if f == 'ship' else f + ' gate'} {_frac(q)}" for f, q in die.items())
        self.production_view.value = (
            f'<div class="rg-section">{esc(self.names()[p])}: the event die and the barbarians (exact)</div>'
            f'<div>Event die: {esc(faces)}. Your improvement levels: '
            f'{esc(", ".join(f"{t} {levels[t]}" for t in TRACKS))}.</div>'
            f'<div>A progress card on one roll (any colour): <b>{_frac(progress_chance_any(levels))}</b>; within a '
            f'round of {n} rolls: <b>{_frac(progress_within(levels, n))}</b>.</div>'
            f'<div>Barbarians: {left} ship face{"s" if left != 1 else ""} to go; expected <b>{_frac(arrival_mean(left))}'
            f'</b> rolls before the attack; attack within this round of {n} rolls: '
            f'<b>{_frac(arrival_within(left, n))}</b>.</div>')
        self.odds_panel.show(f"{self.names()[p]}: a progress card of each colour", list(TRACKS),
                             {"on one roll": [per_roll[t] for t in TRACKS],
                              f"within {n} rolls": [within[t] for t in TRACKS]},
                             note="A gate of the event die gives a card of its colour to everyone at level 1 or more "
                                  "there whose level + 1 is at least the red die; the ship face moves the barbarians.")

    def render_combined(self, obs: dict, tags: Sequence[str], hands: Sequence[dict | None], human: bool) -> None:
        """The variant's players, barbarians, improvements and trade panel."""
        p, me = self.state.current_player, self.viewer()
        self.players_view.value = combined_players_html(obs, self.names(), tags, hands, p,
                                                        self.game.options["merchant_vp"])
        self.combined_panels.update(obs, self.names(), self.game.options["robber_peace"])
        self.combined_panels.trade_panel.update(obs, self.names(), me if human else None, obs["phase"],
                                                self.state.rates[me] if me is not None else None,
                                                human and p == obs["active"])
        fish = [((shown or obs).get("fish") or {}).get("held", [None] * self.players)[q] for q, shown in
                enumerate(hands)]
        legal = self.state.legal_actions() if human else []
        self.combined_panels.traders.update(obs, self.names(), fish, [self.wagon_route(q) for q in range(self.players)],
                                            legal, self.why_not_action, me, {x: m for m, x in self.plazas().items()},
                                            getattr(self.game, "data", {}).get("wagon_table"), self.wagon_moving(obs))
        table = self.combined_panels.traders.table  # a wagon off the plazas: its spot named, not its number
        table.value = name_places(self.state, table.value)

    def wagon_moving(self, obs: dict) -> tuple[int, int] | None:
        """(seat, movement points left) of the wagon moving this turn (after its first step or its boost)."""
        flags, p = obs["turn_flags"], obs["active"]
        if not (flags.get("wagon_move") == 1 or flags.get("wagon_boosted")) or self.state.wagon_node[p] < 0:
            return None
        return p, wagon_points_left(self.state, p)

    def plazas(self) -> dict[str, int]:
        """Each market's plaza intersection (market name -> intersection), from the board file."""
        topo, markets = self.game.board.topo, self.game.board.markets
        return {markets[topo.node_tiles[x][0]]: x for x in range(topo.n_nodes)
                if topo.node_kind[x] == "plaza" and topo.node_tiles[x][0] in markets}

    def wagon_route(self, p: int) -> tuple[int, int, list[int]] | None:
        """(movement points, toll $, intersections) of the cheapest route from p's wagon to its order's market
        (the engine's Dijkstra on the movement costs); None without a wagon, an order or a route."""
        from .catan_traders import DESTINATION
        wagons = self.observation().get("wagons")
        if not wagons or wagons["node"][p] is None or not wagons["goods"][p]:
            return None
        target = self.plazas().get(DESTINATION.get(wagons["goods"][p], ""))
        return None if target is None else cheapest_route(self.state, p, wagons["node"][p], target)

    def route_seat(self) -> int:
        """Whose wagon route the board previews: the viewer's, else the player to move's."""
        me = self.viewer()
        return me if me is not None else self.observation()["active"]

    def why_not_action(self, action: Any) -> str:
        """The engine's reason (naming the rule) why ``action`` cannot be played now."""
        if self.state.is_legal(action):
            return action.describe()
        try:
            self.state.clone().apply(action)  # refused: raises the rule's error and changes nothing
        except IllegalActionError as exc:
            return f"{exc.reason} (rule: {exc.rule})"
        return action.describe()


def _frac(p) -> str:
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


__all__ = ["CombinedVariant", "GameMenu", "CombinedPanels", "combined_players_html",
           "mode_of", "keys_of",
           "mode_kind", "learn_modes", "natural_action", "LABELS", "HINTS", "TWO_CLICKS", "VARIANT_LABELS",
           "KIND_WORDS", "ACTION_GROUPS"]
