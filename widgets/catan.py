"""Catan dashboard: the clickable hex board, the hands, the trade panel, production heat map and odds, analysis.

    from ratgames_lab.widgets.catan import CatanDashboard
    CatanDashboard(players=4, seed=7, seats=["human", "heuristic", "heuristic", "heuristic"]).show()

``variant="combined"`` plays the combined variant (``catan_combined*``, ``catan_traders*``); the game menu starts either.
"""
from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as w

from ratgames_lab import IllegalActionError
from ratgames_lab.catan import (RESOURCES, BuildCity, BuildRoad, BuildSettlement, MoveRobber, amounts_text,
                                chance_of_seven, chance_resource_within, expected_discard, name_places,
                                player_production, production_heat)

from . import catan_combined as cc
from .catan_board import HEAT_LABEL, PLAYER_NAMES, CatanBoard
from .catan_combined_board import CombinedBoard
from .catan_combined_view import RULES_IN_BRIEF as COMBINED_RULES, banner_task, event_text as event_die_text
from .catan_names import PlaceNaming
from .catan_end import catan_end_html, score_parts
from .catan_trade import TradePanel
from .catan_view import (BANNER_TASKS, KIND_WORDS, MODE_HINTS, MODE_KIND, MODE_LABELS, MODES, RULES_IN_BRIEF,
                         own_hand_html, players_html, production_html)
from .common.click_modes import ClickModes
from .common.dashboard import Dashboard
from .common.seats import bot_word
from .common.theme import esc
from .common.translate import N_



class CatanDashboard(PlaceNaming, cc.CombinedVariant, Dashboard):
    """Play Catan against bots on a clickable hex board, trade with them, and see exact production odds."""

    game_name = "catan"
    action_groups = {
        "build_settlement": N_("Build a settlement"), "build_road": N_("Build a road"),
        "build_city": N_("Build a city"), "roll": N_("Roll the dice"), "play_knight": N_("Play a development card"),
        "discard": N_("Discard a card (a 7)"), "move_robber": N_("Move the robber"),
        "choose_victim": N_("Steal a card from"), "bank_trade": N_("Trade with the bank"),
        "offer_trade": N_("Offer a trade (or compose one in the trade panel)"),
        "accept_offer": N_("Answer the offer"), "reject_offer": N_("Answer the offer"),
        "confirm_trade": N_("Close the trade with"), "cancel_trade": N_("Or withdraw your offer"),
        "buy_development": N_("Buy a development card (wool + grain + ore)"),
        "play_road_building": N_("Play a development card"),
        "play_year_of_plenty": N_("Year of Plenty: take 2 cards from the bank"),
        "play_monopoly": N_("Monopoly: take every card of one resource"), "end_turn": N_("End"), **cc.ACTION_GROUPS,
    }
    heading_kinds = ("turn_start",)
    log_classes = {"produce": "rg-good", "trade": "rg-good", "win": "rg-good", "longest_road": "rg-good",
                   "largest_army": "rg-good", "steal": "rg-bad", "discard": "rg-bad", "robber_blocks": "rg-bad",
                   "must_discard": "rg-bad", "shortage": "rg-minor", "shortage_single": "rg-minor",
                   "setup_start": "rg-minor", "reject": "rg-minor", "no_trade": "rg-minor", **cc.LOG_CLASSES}
    css_files = ("catan.css",)
    fold_kinds = ("build_settlement", "build_road", "build_city", "move_robber", "bank_trade", "offer_trade",
                  "play_year_of_plenty", "play_monopoly", *cc.FOLD_KINDS)
    teacher_view_label = N_("Teacher view: show every hand")
    hand_html = own_hand_html  # your resources in the dock, beside the decision
    new_game_hint = N_("Start a new game with the “Start a game” menu beside the board")

    def __init__(self, players: int = 4, seed: int = 0, seats: Sequence[str] | None = None,
                 bot_delay: float = 0.8, auto: bool = True, teacher: bool = True, teacher_view: bool = False,
                 animate: bool = True, heat: bool = False, variant: str = "base", **variant_options: Any):
        self.variant, self.variant_options = variant, dict(variant_options)
        self._heat_default = heat
        self._heat_cache: tuple[int, Any] = (-1, None)
        self.board: CatanBoard | None = None
        super().__init__(players=players, seed=seed, seats=seats, bot_delay=bot_delay, auto=auto, teacher=teacher,
                         teacher_view=teacher_view, animate=animate)

    # ------------------------------------------------------------------ building
    def board_widget(self) -> w.Widget:
        """The click mode, the hint, the board and its legend, the heat map switch."""
        self.clicks = ClickModes(self._mode_of, self._keys_of, {**MODE_LABELS, **cc.LABELS},
                                 {**MODE_HINTS, **cc.HINTS}, two_clicks=dict(cc.TWO_CLICKS),
                                 on_change=self._mode_changed, hint_class="ct-hint")
        self.hint = self.clicks.hint
        self.heat_toggle = w.ToggleButton(value=self._heat_default, description="Heat map: where to settle",
                                          tooltip=HEAT_LABEL, layout=w.Layout(width="auto"))
        self.heat_toggle.observe(lambda _c: self._draw_board(), names="value")
        self.board_box = w.VBox()
        self.hint.layout.flex = "1 1 300px"
        tools = w.HBox([self.heat_toggle, self.hint], layout=w.Layout(align_items="center", flex_flow="row wrap"))
        tools.add_class("rg-choices")
        return w.VBox([self.clicks.widget, tools, self.board_box], layout=w.Layout(width="100%"))

    def side_widgets(self) -> list[w.Widget]:
        """The game menu, the trade panel, the combined variant's panels, the players (hands, cards, VP), the bank."""
        self.players_view = w.HTML()
        self.trade_panel = TradePanel(self.trade)
        self.combined_panels = cc.CombinedPanels(self.trade, lambda action: self.click(action, self.version))
        return [self.game_menu(), self.trade_panel.widget, self.combined_panels.widget, self.players_view]

    def _ensure_board(self) -> CatanBoard:
        topo = self.game.board.topo
        if self.board is None or self.board.topo is not topo:
            self.board = (CombinedBoard(topo, self.game.board.river, self.game.board.markets,
                                        on_click=self._board_clicked, height="460px")
                          if self.combined else CatanBoard(topo, on_click=self._board_clicked, height="460px"))
            self.board.view.namer = lambda text: name_places(self.state, text)  # tooltips name the places
            self.board_box.children = [self.board.widget]
        return self.board

    # ------------------------------------------------------------------ names
    def seat_label(self, seat: int, players: int | None = None) -> str:
        """'Player 1' (as in the engine's events); the colour is shown beside it."""
        return f"Player {seat + 1}"

    def names(self) -> list[str]:
        """'Player 1 (red)' for each seat."""
        return [f"Player {p + 1} ({PLAYER_NAMES[p]})" for p in range(self.players)]

    def recent(self) -> tuple[list[int], list[int]]:
        """(intersections, edges) the other players built since the viewer's last turn began (the setup counts as
        one turn), as far as the page shows the events."""
        me = self.viewer()
        if me is None:
            return [], []
        name = self.seat_label(me)
        events = self.state.events[:self.shown_events]
        starts = [i for i, e in enumerate(events) if e.kind == "turn_start" and e.params.get("player") == name]
        cut = len(events)
        if starts and self.observation()["active"] == me:
            cut = starts.pop()  # during your turn: since your previous one
        if starts:
            begin = starts[-1]
        else:  # no earlier turn of yours: since your last setup move
            begin = next((i + 1 for i in range(cut - 1, -1, -1) if events[i].params.get("player") == name), 0)
        new = [e for e in events[begin:] if e.params.get("player") != name]
        built = ("build_settlement", "build_city", "build_road", "build", "setup_building", "setup_piece")
        return ([e.params["node"] for e in new if e.kind in built and "node" in e.params],
                [e.params["edge"] for e in new if e.kind in built and "edge" in e.params])

    # ------------------------------------------------------------------ clicks on the board
    def _mode_of(self, action: Any) -> str | None:
        return cc.mode_of(action) if self.combined else MODES.get(type(action))

    def _mode_kind(self, mode: str | None) -> str | None:
        return None if mode is None else cc.mode_kind(mode) if self.combined else MODE_KIND[mode]

    def _keys_of(self, action: Any) -> tuple:
        if self.combined:
            return cc.keys_of(action)
        return (getattr(action, "node", None) if isinstance(action, (BuildSettlement, BuildCity)) else
                action.edge if isinstance(action, BuildRoad) else action.tile,)

    def _mode_changed(self) -> None:
        self._draw_board()
        self.clicks.show_hint()

    def _board_clicked(self, kind: str, index: int) -> None:
        self.click_board(kind, index)

    def click_board(self, kind: str, index: int) -> bool:
        """A click on an intersection ("node"), an edge or a tile: play the one legal action it means; otherwise
        say why (the engine's rule) and change nothing."""
        s = self.state
        if s.is_terminal():
            return self.refuse("The game is over: a click on the board plays nothing.")
        p = s.current_player
        if not self.is_human(p):
            who = self.who(p) if p >= 0 else "A card is being drawn"
            return self.refuse(f"It is not your turn ({who} is to move): nothing was played.")
        if self.playback.running:
            self.playback.stop()
            self.refresh()
        modes = sorted((m for m in self.clicks.modes if self._mode_kind(m) == kind), key=lambda m: m != self.clicks.mode)
        mode = next((m for m in modes if self._fits(m, index)), None)
        if mode is None:
            return self.refuse(self._why_not(kind, index, self._natural_action(kind, index)))
        if self.clicks.mode != mode:
            self.clicks.chosen, self.clicks.mode, self.clicks.picked = mode, mode, None
        result = self.clicks.resolve(index)
        if result.kind == "pick":  # the first of two clicks (a ship or a knight to move)
            self._mode_changed()
            self.say(result.message, "info")
            return False
        if result.kind == "play":
            return self.click(result.actions[0], self.version)
        if result.kind == "ask":
            self.decision.mark(result.actions)
            self.say(result.message, "info")
            return False
        return self.refuse(result.message)

    def click_region(self, key: int, slot: int | None = None) -> bool:
        """A click on the board place ``key`` of the current click mode (an intersection, edge or tile index)."""
        kind = self._mode_kind(self.clicks.mode)
        if kind is None:
            return self.refuse(f"Nothing to click on the board now: choose with the buttons ({key}: nothing was "
                               "played).")
        return self.click_board(kind, key)

    def _natural_action(self, kind: str, index: int) -> Any:
        """What a click on this place would most likely mean (to ask the engine why it is refused)."""
        obs = self.observation()
        if self.combined:
            return cc.natural_action(self.game.board.topo, obs, self.state.current_player, kind, index)
        if kind == "node":
            owner = obs["intersections"]["owner"][index]
            mine = owner == self.state.current_player and obs["intersections"]["level"][index] == 1
            return BuildCity(index) if mine else BuildSettlement(index)
        return BuildRoad(index) if kind == "edge" else MoveRobber(index)

    def _why_not(self, kind: str, index: int, action: Any) -> str:
        """The engine's reason (naming the rule) why ``action`` cannot be played now."""
        where = f"{KIND_WORDS[kind]} {index}"
        if not self.state.is_legal(action):
            try:
                self.state.clone().apply(action)  # refused: raises the rule's error and changes nothing
            except IllegalActionError as exc:
                return f"Not allowed on {where}: {exc.reason} (rule: {exc.rule}). Nothing was played."
        return f"{where}: nothing to do there now (use the buttons). Nothing was played."

    # ------------------------------------------------------------------ trades
    def trade(self, action: Any) -> bool:
        """Play a trade built by the trade panel (a text is a refusal: the counters do not form a trade)."""
        if isinstance(action, str):
            return self.refuse(action)
        return self.click(action, self.version)

    def rates(self, seat: int) -> list[int]:
        """The bank rates of ``seat`` for display: 4, 3 with a 3:1 harbour, 2 for a harbour's resource."""
        obs = self.observation()
        topo = self.game.board.topo
        owner = obs["intersections"]["owner"]
        rates = [4] * 5
        for h in obs["harbours"]:
            if any(owner[v] == seat for v in topo.edge_nodes[h["edge"]]):
                if h["kind"] == "3:1":
                    rates = [min(r, 3) for r in rates]
                else:
                    rates[RESOURCES.index(h["kind"])] = 2
        return rates

    # ------------------------------------------------------------------ drawing
    def heat(self) -> Any:
        """Expected cards per roll at each intersection (the odds module's ``production_heat``), per position."""
        if self._heat_cache[0] != self.version:
            self._heat_cache = (self.version, production_heat(self.state))
        return self._heat_cache[1]

    def _draw_board(self) -> None:
        board = self._ensure_board()
        targets, _ = self.clicks.targets()
        kind = self._mode_kind(self.clicks.mode)
        heat = self.heat_toggle.value and not self.combined
        extra = {"route": self.wagon_route(self.route_seat())} if self.combined else {}
        board.draw(self.observation(), heat=self.heat() if heat else None,
                   node_targets=targets if kind == "node" else (), edge_targets=targets if kind == "edge" else (),
                   tile_targets=targets if kind == "tile" else (), names=self.names(), recent=self.recent(),
                   rolled=self.last_roll(), **extra)

    def render_board(self) -> None:
        """Redraw the board, the click hint, the players and the trade panel."""
        s = self.state
        p = s.current_player
        human = p >= 0 and self.is_human(p) and not self.playback.running
        actions = s.legal_actions() if human else []
        if self.combined:
            cc.learn_modes(self.clicks, actions, s.phase)
        self.clicks.update(actions)
        self.heat_toggle.layout.display = "none" if self.combined else ""
        self._draw_board()
        if human and self.clicks.mode is not None:
            self.clicks.show_hint()
        else:
            self.clicks.show_hint("Nothing to click on the board now: see the buttons.")
        obs = self.observation()
        visible = self.visible_hands()
        hands = [self.observation(q) if q in visible else None for q in range(self.players)]
        tags = [self._tag(q) for q in range(self.players)]
        me = self.viewer()
        self.trade_panel.widget.layout.display = "none" if self.combined else ""
        self.combined_panels.widget.layout.display = "" if self.combined else "none"
        if self.combined:
            return self.render_combined(obs, tags, hands, human)
        self.players_view.value = players_html(obs, self.names(), tags, hands, p)
        self.trade_panel.update(obs, self.names(), me if human else None, obs["phase"],
                                self.rates(me) if me is not None else None, human and p == obs["active"])

    def _tag(self, seat: int) -> str:
        if self.is_human(seat):
            return '<span class="ct-tag ct-tag-you">you</span>'
        return f'<span class="ct-tag">{esc(bot_word(self.seats[seat]))}</span>'

    def _roll_event(self) -> Any:
        return next((e for e in reversed(self.state.events[:self.shown_events]) if e.kind == "roll"), None)

    def last_roll(self) -> int | None:
        """The sum of the last dice roll shown (None before the first roll)."""
        roll = self._roll_event()
        return roll.params["total"] if roll is not None else None

    # ------------------------------------------------------------------ words
    def header_html(self) -> str:
        """Title, turn and the goal."""
        obs = self.observation()
        where = "Game over" if self.state.is_terminal() else (
            "Setup" if obs["phase"].startswith("setup") else f"Turn {obs['turn']} · {self.seat_label(obs['active'])}"
                                                              f" plays")
        roll = self._roll_event()
        dice = (f' · <span class="ct-dice">last roll {roll.params["red"]} + {roll.params["yellow"]} = '
                f'<b>{roll.params["total"]}</b></span>' if roll is not None else "")
        title, target = "Catan", 10
        if self.combined:
            title, target = "Catan · combined variant", self.game.options["vp_target"]
            dice = f' · <span class="ct-dice">last roll {esc(event_die_text(obs["dice"]))}</span>' if obs["dice"] else ""
        return (f'<div class="rg-header"><div class="rg-title">{esc(title)}</div><div class="rg-subtitle">{where}{dice}'
                f' · first to {target} VP on their own turn · {self.players} players{esc(self.you_text())}</div></div>')

    def banner_html(self) -> str:
        """What the player to move must do, in plain words."""
        s = self.state
        p = s.current_player
        if s.is_terminal():
            final = next((e.text() for e in reversed(s.events) if e.kind in ("win", "turn_cap")), "")
            return f'<div class="rg-banner rg-banner-over">Game over. {esc(final)}</div>'
        if p < 0:
            return '<div class="rg-banner rg-banner-bot">The dice roll or a card is drawn…</div>'
        obs = self.observation()
        phase = obs["phase"]
        if self.combined:
            return self.decision_banner(p, *banner_task(obs))
        if phase == "discard":
            left = obs["discard_left"][p]
            task, why = (f"discard {left} more card{'s' if left != 1 else ''} (a 7 was rolled)",
                         "You hold more than 7 cards: you discard half of them, your choice, one at a time.")
        elif phase == "trade_reply":
            give, get = obs["offer"][:5], obs["offer"][5:]
            task = (f"{self.seat_label(obs['active'])} offers you {amounts_text(tuple(give))} in exchange for "
                    f"{amounts_text(tuple(get))}")
            why = "Accept, reject, or make a counter-offer in the trade panel."
        else:
            task, why = BANNER_TASKS.get(phase, ("choose an action", ""))
        return self.decision_banner(p, task, why)

    def rules_html(self) -> str:
        """The rules in brief (a fold-out)."""
        return COMBINED_RULES if self.combined else RULES_IN_BRIEF

    def score_parts(self) -> list[list[tuple[str, int]]]:
        """(source, VP) of every player, the hidden Victory Point cards revealed (the end screen's rows)."""
        return score_parts(self.state, self.observation(-1), self.game.options["merchant_vp"] if self.combined else None)

    def game_over_html(self) -> str:
        """Final VP by source, the winner and how the game ended."""
        return catan_end_html(self.names(), self.score_parts(), self.state, self.game.options.get("vp_target", 10))

    def decision_title(self, player: int) -> str:
        """Heading above the buttons."""
        return f"Your choices, {self.seat_label(player)} ({PLAYER_NAMES[player]})"

    def action_class(self, action: Any) -> str:
        """End the turn in grey, Roll in green."""
        return {"roll": "ct-b-roll", "end_turn": "ct-b-end"}.get(action.kind, "")

    # ------------------------------------------------------------------ odds
    def odds_key(self) -> Any:
        """The odds change with the position and the viewer."""
        return (self.version, self.viewer(), self.teacher)

    def odds_widgets(self) -> list[w.Widget]:
        """Production table, then the chance of each resource within 1 and 3 rolls."""
        self.production_view = w.HTML()
        return [self.production_view, self.odds_panel.widget]

    def odds_seat(self) -> int | None:
        """Whose odds are shown: the player to move if their hand is visible, else the viewer."""
        p = self.state.current_player
        return p if p >= 0 and p in self.visible_hands() else self.viewer()

    def update_odds(self) -> None:
        """Exact production per roll, the 7 and the discard, the chance of each resource within k rolls."""
        p = self.odds_seat()
        if p is None:
            self.production_view.value = ""
            self.odds_panel.clear("No human seat: switch on Teacher view or take a seat to see a player's odds.")
            return
        if self.combined:
            return self.update_combined_odds(p)
        s = self.state
        prod = player_production(s, p)
        hand = sum(self.observation(p)["hands"][p].values())
        self.production_view.value = production_html(prod, chance_of_seven(), expected_discard(hand), hand,
                                                      self.names()[p])
        series = {f"within {k} roll{'s' if k > 1 else ''}": [chance_resource_within(s, p, r, k) for r in RESOURCES]
                  for k in (1, 3)}
        self.odds_panel.show(f"{self.names()[p]}: at least one card of each resource", list(RESOURCES), series,
                             note="From your buildings and the board as it stands (the robber's tile pays nothing).")


__all__ = ["CatanDashboard"]
