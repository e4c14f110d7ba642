"""Rattus dashboard: the map (click a region to play there), players, class cards, the plague step by step, a risk
map with exact contamination odds, loss distributions, analysis and the shared controls (undo, save/load, bots).

    from ratgames_lab.widgets.rattus import RattusDashboard
    RattusDashboard(players=4, seed=7, seats=["human", "heuristic", "heuristic", "heuristic"]).show()

An assembly of shared parts (``common``: click modes, playback, panels) with the Rattus map and panels.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

import ipywidgets as w

from ratgames_lab.rattus import COLOURS, SETUP, board_for_players, contamination_probability

from .common.click_modes import ClickModes
from .common.dashboard import Dashboard
from .common.seats import bot_word
from .common.theme import element, esc
from .common.translate import N_, _, ngettext
from .rattus_map import MapState, RattusMap
from .rattus_odds import RattusOddsTab
from .rattus_parts import (MODE_HINTS, MODE_LABELS, TWO_CLICKS, action_mode, action_regions, action_slot,
                           button_class, pct, reveal_delay, reveal_hint, reveal_pauses, rules_in_brief,
                           task_text)
from .rattus_view import (BoardFrame, TokenBook, board_frame, cards_html, game_over_html, players_html, plague_html,
                          score_rows, secret_html)


class RattusDashboard(Dashboard):
    """Play Rattus on a clickable map against bots, follow the plague reveal by reveal, see exact risks."""

    game_name = "rattus"
    action_groups = {
        "setup_place": N_("Place your 2 starting cubes"), "take_class": N_("Take a class card (optional)"),
        "place": N_("Place cubes (optional, once)"), "move_plague": N_("Move the plague (ends your actions)"),
        "king": N_("King: a cube to the Castle"), "monk": N_("Monk: move a rat token"),
        "merchant": N_("Merchant: move your cubes"), "witch_peek": N_("Witch: look at a face-down token"),
        "witch_stop": N_("Witch: stop"), "witch_swap": N_("Witch: swap the two tokens?"),
        "peasant_cube": N_("Peasant: add one cube"), "knight_neutral": N_("Knight: count the plague as 2 cubes?"),
        "spread": N_("Put the new rat token in a neighbouring region"), "reveal": N_("Choose the next token to reveal"),
        "end_turn": N_("End"),
    }
    heading_kinds = ("turn_start", "final_round", "final_plague", "final_scores")
    log_classes = {"contamination": "rg-bad", "cube_lost": "rg-bad", "no_effect": "rg-good",
                   "winner": "rg-good", "winner_tie": "rg-good", "symbol_no_holder": "rg-minor",
                   "symbol_no_cube": "rg-minor", "symbol_spared": "rg-minor", "setup_tokens": "rg-minor",
                   "setup_removed": "rg-minor", "setup_supply": "rg-minor", "final_pass": "rg-minor"}
    css_files = ("rattus.css",)
    fold_kinds = ("place", "king", "monk", "merchant", "witch_peek", "peasant_cube")
    playback_step_label = N_("Step: next reveal")
    teacher_view_label = N_("Teacher view: show every token")

    def __init__(self, players: int = 4, seed: int = 0, seats: Sequence[str] | None = None,
                 bot_delay: float = 0.8, auto: bool = True, teacher: bool = True, teacher_view: bool = False,
                 animate: bool = True):
        self.map: RattusMap | None = None
        self._map_key: Any = None
        self._risk_cache: dict = {}
        self._perspective_auto = True
        self._quiet = False
        super().__init__(players=players, seed=seed, seats=seats, bot_delay=bot_delay, auto=auto, teacher=teacher,
                         teacher_view=teacher_view, animate=animate)

    # ------------------------------------------------------------------ names and the board graph
    def seat_label(self, seat: int, players: int | None = None) -> str:
        """Players are named by colour: Red (seat 0, who starts), Yellow, Green, Blue."""
        return COLOURS[seat]

    @property
    def regions(self) -> list[str]:
        """The regions in play, in board order."""
        return self._graph()[1]

    def _graph(self) -> tuple[Any, list[str]]:
        board = self.game.board
        key = (id(board), self.players)
        if getattr(self, "_graph_key", None) != key:
            graph = board_for_players(self.players, board)
            self._graph_cache, self._graph_key = (graph, list(graph.nodes)), key
        return self._graph_cache

    def neighbours(self, region: str) -> list[str]:
        """The neighbours of a region in play (land borders and sea routes)."""
        return sorted(self._graph()[0][region])

    # ------------------------------------------------------------------ building
    def board_widget(self) -> w.Widget:
        """The map with its toolbar (click mode, risk map) and the hint line."""
        self.clicks = ClickModes(action_mode, self._keys_of, MODE_LABELS, MODE_HINTS, TWO_CLICKS, action_slot,
                                 on_change=self._mode_changed, hint_class="rt-hint")
        self.mode_buttons = self.clicks.buttons
        self.hint = self.clicks.hint
        self.risk_toggle = w.ToggleButton(value=False, layout=w.Layout(width="auto"))
        self.risk_player = w.Dropdown(options=[(_("everyone (public)"), -1)], value=-1,
                                      style={"description_width": "initial"}, layout=w.Layout(width="230px"))
        self._label_risk()
        self.risk_toggle.observe(lambda _c: self._risk_switched(), names="value")
        self.risk_player.observe(lambda _c: self._risk_switched(manual=True), names="value")
        risk = w.HBox([self.risk_toggle, self.risk_player], layout=w.Layout(align_items="center"))
        self.map_box = w.VBox()
        # the mode choice and the hint above the map, the risk switch under it (the map fills a projector's height)
        return w.VBox([self.clicks.widget, self.hint, self.map_box, risk], layout=w.Layout(width="100%"))

    def _label_risk(self) -> None:
        self.risk_toggle.description = _("Risk map")
        self.risk_toggle.tooltip = _("Colour every region by its exact chance of contamination")
        self.risk_player.description = _("as seen by")

    def language_changed(self) -> None:
        """The map's toolbar, the odds tab and the map's words in the new language."""
        self._label_risk()
        self.clicks.relabel()
        self.odds_tab.relabel()
        if self.map is not None:  # the map's fixed words (the Castle, the regions out of play)
            self.map.set_players(self.regions, self.players)

    def side_widgets(self) -> list[w.Widget]:
        """Players, class cards and the plague of this turn, beside the map."""
        self.players_view, self.cards_view, self.plague_view = w.HTML(), w.HTML(), w.HTML()
        self.odds_tab = RattusOddsTab(self.odds_panel, lambda: self.request_odds())
        side = w.VBox([self.players_view, self.plague_view, self.cards_view])
        side.add_class("rt-side-box")
        return [side]

    def odds_widgets(self) -> list[w.Widget]:
        """Region choice, the shared odds panel and the plague-move table."""
        return self.odds_tab.widgets

    @property
    def odds_region(self) -> w.Dropdown:
        """The odds tab's region choice."""
        return self.odds_tab.region

    @property
    def plague_table(self) -> w.HTML:
        """The odds tab's table of plague moves."""
        return self.odds_tab.plague_table

    def rules_html(self) -> str:
        """How a turn works (a fold-out)."""
        return rules_in_brief()

    def game_over_html(self) -> str:
        """The score of each player (map + Castle) and the tie-break, if one decided."""
        return game_over_html(self.observation(), self.state.events, self.state.winner(), self.state.scores())

    def score_parts(self) -> list[list[tuple[str, int]]]:
        """(source, points) of every player (the end screen's rows)."""
        return score_rows(self.observation())

    def _ensure_map(self) -> RattusMap:
        board = self.game.board
        key = (id(board), self.players)
        if self.map is None or self._map_key[0] != key[0]:
            self.map = RattusMap(board.graph, board.castle, self.regions, self.players,
                                 lambda region, slot=None: self.click_region(region, slot) and None)
            self.map_box.children = [self.map.widget]
        elif self._map_key != key:
            self.map.set_players(self.regions, self.players)
        self._map_key = key
        return self.map

    # ------------------------------------------------------------------ what is shown (hidden information)
    def frame(self) -> BoardFrame:
        """The board at the playback frame: the observation with the not-yet-shown reveals undone."""
        return board_frame(self.observation(), self.state.events, self.shown_events,
                           self.state.to_json() if self.teacher else None)

    def map_state(self, f: BoardFrame) -> MapState:
        """The MapState for the viewer (hidden tokens carry no identity)."""
        book = TokenBook(self.game.tokens)
        how = _("teacher view") if self.teacher else _("you looked at it with the Witch")
        tokens = {n: [book.shown(t, i, n, how) for i, t in enumerate(f.rats[r])] for r, n in enumerate(f.names)}
        risk = self.risk() if self.risk_toggle.value else None
        info = {}
        for r, n in enumerate(f.names):
            cubes = ", ".join(f"{self.seat_label(p)} {c}" for p, c in enumerate(f.cubes[r]) if c) or _("no cubes")
            rats = len(f.rats[r])
            info[n] = ngettext("{region}: {n} rat token, {cubes}", "{region}: {n} rat tokens, {cubes}", rats).format(
                region=n, n=rats, cubes=cubes)
            if risk is not None:
                info[n] += "; " + _("contamination if the plague comes now: {chance}").format(chance=pct(risk[n]))
        targets, selected = self.map_targets()
        return MapState(cubes={n: f.cubes[r] for r, n in enumerate(f.names)}, tokens=tokens, plague=f.plague,
                        castle=f.castle, targets=targets, selected=selected,
                        risk={n: float(p) for n, p in risk.items()} if risk is not None else None,
                        risk_text={n: pct(p) for n, p in risk.items()} if risk is not None else {},
                        region_info=info)

    # ------------------------------------------------------------------ risk overlay (cached per position)
    def risk_perspective(self) -> int | None:
        """Whose knowledge the odds use: a player (their Witch peeks) or None (public information only)."""
        v = self.risk_player.value
        return None if v is None or v < 0 else v

    def _perspective_options(self) -> list[tuple[str, int]]:
        options = [(_("everyone (public)"), -1)]
        for p in range(self.players):
            if self.teacher or (self.is_human(p) and p == self.viewer()):
                you = self.is_human(p) and p == self.viewer()
                options.append((_("{name} (you)").format(name=self.seat_label(p)) if you else self.seat_label(p), p))
        return options

    def risk(self) -> dict[str, Fraction]:
        """Exact contamination probability of every region in play now, from the chosen player's knowledge."""
        who = self.risk_perspective()
        key = (self.version, who)
        if key not in self._risk_cache:
            self._risk_cache = {key: {n: contamination_probability(self.state, n, player=who) for n in self.regions}}
        return self._risk_cache[key]

    def _risk_switched(self, manual: bool = False) -> None:
        if self._quiet:
            return
        if manual:
            self._perspective_auto = False
            self.request_odds()
        self._render_map()

    # ------------------------------------------------------------------ map clicks
    def _keys_of(self, action: Any) -> tuple:
        """The regions an action is clicked with (a reveal: the infected region, whose tokens are revealed)."""
        if action.kind == "reveal":
            return (self.observation()["plague"],)
        return action_regions(action)

    @property
    def map_mode(self) -> str | None:
        """What a click on the map does now (a mode name), None when only buttons decide."""
        return self.clicks.mode

    def map_targets(self) -> tuple[list[str], str | None]:
        """(regions a click can use now, the region picked by a first click)."""
        return self.clicks.targets()

    def _mode_changed(self) -> None:
        self._render_map()
        self.clicks.show_hint()

    def click_region(self, region: str, slot: int | None = None) -> bool:
        """A click on a region (or on its token ``slot``): play the one legal action it means for the pending
        decision and the chosen click mode; ask when it means several; otherwise say why and change nothing."""
        s = self.state
        if s.is_terminal():
            return self.refuse(_("The game is over: a click on the map plays nothing. Start a new game or look "
                                 "back with the history."))
        p = s.current_player
        if not self.is_human(p):
            if p < 0:
                return self.refuse(_("It is not your turn (a rat token is being drawn): nothing was played."))
            return self.refuse(_("It is not your turn ({who} is to move): nothing was played.").format(who=self.who(p)))
        if self.playback.running:
            self.playback.stop()
            self.refresh()
        if region not in self.regions:
            return self.refuse(_("{region} is not in play with {n} players: nothing was played.").format(
                region=region, n=self.players))
        result = self.clicks.resolve(region, slot)
        if result.kind == "refuse":
            return self.refuse(result.message)
        if result.kind == "play":
            return self.click(result.actions[0], self.version)
        if result.kind == "ask":
            self.decision.mark(result.actions)
        self._render_map()
        self.clicks.show_hint()
        self.say(result.message, "info")
        return False

    # ------------------------------------------------------------------ playback of the reveals
    @property
    def _anim(self) -> Any:
        """The reveals being played back (``cuts``: events shown per frame), None when everything is shown."""
        return self.playback.frames

    def playback_pauses(self, events: Sequence[Any], start: int) -> list[int]:
        """Pause before each token revealed by the last move."""
        return reveal_pauses(events, start)

    def playback_delay(self, events: Sequence[Any], upto: int | None) -> float:
        """Reveals in regions without cubes (the final plague's many harmless ones) go by quickly."""
        return reveal_delay(events, upto, self.bot_delay)

    # ------------------------------------------------------------------ drawing
    def render_board(self) -> None:
        """Redraw the map, the players, the class cards, the plague of this turn and the click hint."""
        f = self.frame()
        s = self.state
        p = s.current_player
        human = p >= 0 and self.is_human(p) and not self.playback.running
        self.clicks.update(s.legal_actions() if human else [])
        self._quiet = True
        try:
            options = self._perspective_options()
            values = [v for _, v in options]
            current = self.risk_player.value
            if list(self.risk_player.options) != options:
                self.risk_player.options = options
            if self._perspective_auto or current not in values:
                current = self.viewer() if self.viewer() in values else -1
            self.risk_player.value = current
        finally:
            self._quiet = False
        self._render_map(f)
        self._show_hint(f)
        obs = self.observation()
        book = TokenBook(self.game.tokens)
        playing = self.playback.running
        winner = None
        if s.is_terminal() and not playing:
            returns = s.returns()
            winner = returns.index(max(returns))
        turn = p if p >= 0 else (obs["active"] if not s.is_terminal() else None)
        tags = [(element("span", "rt-tag rt-tag-you", _("you")) if q == self.viewer() else
                 element("span", "rt-tag", _("human"))) if self.is_human(q) else
                element("span", "rt-tag", bot_word(self.seats[q])) for q in range(self.players)]
        self.players_view.value = players_html(obs, f, tags, winner, turn) + secret_html(book, f, obs, self.teacher)
        self.cards_view.value = cards_html(obs, s.is_terminal())
        self.plague_view.value = plague_html(book, s.events, self.shown_events, playing)

    def _render_map(self, f: BoardFrame | None = None) -> None:
        m = self._ensure_map()
        m.show(self.map_state(f or self.frame()))
        note = None
        if self.risk_toggle.value:
            who = self.risk_perspective()
            seen = _("public information") if who is None else _("what {name} knows").format(name=self.seat_label(who))
            note = _("Risk map: chance that at least one token contaminates if the plague comes now ({seen})").format(
                seen=seen)
        m.set_legend(note, [self.seat_label(p) for p in range(self.players)])

    def _show_hint(self, f: BoardFrame) -> None:
        s = self.state
        if self.playback.running:
            left = len(f.rats[f.names.index(f.plague)])
            self.clicks.show_hint(reveal_hint(f.plague, left, self.auto))
        elif self.clicks.mode is None:
            p = s.current_player
            self.clicks.show_hint(_("The game is over.") if s.is_terminal() else
                                  _("Choose with the buttons beside the map.") if p >= 0 and self.is_human(p) else
                                  _("Watch the bots play: the map follows every move."))
        else:
            self.clicks.show_hint()

    # ------------------------------------------------------------------ words
    def header_html(self) -> str:
        """Title and where we are in the game."""
        obs = self.observation()
        where = (_("Game over") if self.state.is_terminal() else _("Setup: placing the starting cubes")
                 if obs["step"] == SETUP else _("Final round") if obs["final_round"] else
                 _("Turn {n}").format(n=obs["turn"]))
        who = self.you_text()
        return (f'<div class="rg-header"><div class="rg-title">Rattus</div>'
                f'<div class="rg-subtitle">{esc(where)} · {esc(self.players_text())}{esc(who)}</div></div>')

    def banner_html(self) -> str:
        """What happens now, in plain words."""
        s = self.state
        p = s.current_player
        if self.playback.running:
            ravages = _("The plague ravages {region}…").format(region=self.frame().plague)
            each = _("Each token is revealed in turn: if the cubes there reach its threshold, its symbols remove "
                     "cubes. Follow it on the map and in the log.")
            return f'<div class="rg-banner rg-banner-bot">{esc(ravages)}<small>{esc(each)}</small></div>'
        if s.is_terminal():
            final = " ".join(self.event_text(e) for e in s.events if e.kind in ("final_scores", "winner", "winner_tie"))
            return element("div", "rg-banner rg-banner-over", _("Game over. {final}").format(final=final))
        if p < 0:
            return element("div", "rg-banner rg-banner-bot", _("A new rat token is drawn from the supply…"))
        task, why = task_text(self.observation(), self.state.events)
        its_task = task_text(self.observation(), self.state.events, mine=False)[0]
        return self.decision_banner(p, task, why, bot_task=_("{{who}}: {task}").format(task=its_task))

    def decision_title(self, player: int) -> str:
        """Heading above the buttons."""
        return _("Your choices, {player} — every legal move has a button").format(player=self.seat_label(player))

    def action_class(self, action: Any) -> str:
        """Buttons are marked by kind (plague, placing, cards, powers)."""
        return button_class(action.kind)

    # ------------------------------------------------------------------ odds tab
    def odds_key(self) -> Any:
        """The odds depend on the position, whose knowledge is used, the region and the Knight box."""
        obs = self.observation()
        self.odds_tab.sync(self.regions, self.neighbours(obs["plague"])[0])
        return (self.version, self.risk_perspective(), self.odds_tab.region.value, self.odds_tab.neutral.value)

    def update_odds(self) -> None:
        """Loss distribution for the chosen region and the ranking of plague moves."""
        p = self.state.current_player
        mover = p if p >= 0 and (self.teacher or (self.is_human(p) and p == self.viewer())) else None
        self.odds_tab.update(self.state, self.observation(), self.risk_perspective(), mover)


__all__ = ["RattusDashboard", "action_regions", "action_mode"]
