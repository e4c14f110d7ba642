"""Rattus dashboard: the map (click a region to play there), players, class cards, the plague step by step, a risk
map with exact contamination odds, loss distributions, analysis and the shared controls (undo, save/load, bots).

    from ratgames_lab.widgets.rattus import RattusDashboard
    RattusDashboard(players=4, seed=7, seats=["human", "heuristic", "heuristic", "heuristic"]).show()
"""
from __future__ import annotations

import asyncio
from fractions import Fraction
from typing import Any, Sequence

import ipywidgets as w

from ratgames_lab.rattus import board_for_players
from ratgames_lab.rattus.components import CLASS_FRENCH, CLASS_NAMES, CLASSES, COLOURS, KNIGHT_NEUTRAL, SYMBOL_NAMES
from ratgames_lab.rattus.odds import (best_plague_moves, contamination_probability, cube_loss_distribution,
                                      expected_losses, loss_distribution_of)
from ratgames_lab.rattus.rules import (AFTER, MAIN, NEUTRAL, REVEAL_STEP, SETUP, SPREAD, WITCH2, WITCH_SWAP_STEP)

from .common.dashboard import LOG_TAB, ODDS_TAB, TAB_TITLES, Dashboard
from .common.theme import esc
from .rattus_map import PLAYER_HEX, PLAYER_TEXT, MapState, RattusMap, TokenShown
from .rattus_parts import (CSS, MODE_HINTS, MODE_LABELS, MODE_ORDER, POWERS, RULES_IN_BRIEF, SYMBOL_SHORT, TWO_CLICKS,
                           Animation, BoardFrame, FramedLog, RattusDecisionPanel, action_mode, action_regions,
                           action_slot, fraction_text, pct)


# ---------------------------------------------------------------------------------------------
# The dashboard
# ---------------------------------------------------------------------------------------------
class RattusDashboard(Dashboard):
    """Play Rattus on a clickable map against bots, follow the plague reveal by reveal, see exact risks."""

    game_name = "rattus"
    action_groups = {
        "setup_place": "Place your 2 starting cubes", "take_class": "Take a class card (optional)",
        "place": "Place cubes (optional, once)", "move_plague": "Move the plague (ends your actions)",
        "king": "King: a cube to the Castle", "monk": "Monk: move a rat token",
        "merchant": "Merchant: move your cubes", "witch_peek": "Witch: look at a face-down token",
        "witch_stop": "Witch: stop", "witch_swap": "Witch: swap the two tokens?",
        "peasant_cube": "Peasant: add one cube", "knight_neutral": "Knight: count the plague as 2 cubes?",
        "spread": "Put the new rat token in a neighbouring region", "reveal": "Choose the next token to reveal",
        "end_turn": "End",
    }
    heading_kinds = ("turn_start", "final_round", "final_plague", "final_scores")
    log_classes = {"contamination": "rg-bad", "cube_lost": "rg-bad", "no_effect": "rg-good",
                   "winner": "rg-good", "winner_tie": "rg-good", "symbol_no_holder": "rg-minor",
                   "symbol_no_cube": "rg-minor", "symbol_spared": "rg-minor", "setup_tokens": "rg-minor",
                   "setup_removed": "rg-minor", "setup_supply": "rg-minor", "final_pass": "rg-minor"}
    extra_css = CSS

    def __init__(self, players: int = 4, seed: int = 0, seats: Sequence[str] | None = None,
                 bot_delay: float = 0.8, auto: bool = True, teacher: bool = False, animate: bool = True):
        self.animate = animate
        self.map_mode: str | None = None
        self._chosen_mode: str | None = None
        self._pick: str | None = None
        self._anim: Animation | None = None
        self._anim_timer: asyncio.TimerHandle | None = None
        self._moving_from: int | None = None
        self._risk_cache: dict = {}
        self._odds_key: Any = None
        self._quiet = False
        self._perspective_auto = True
        self._picked_slot: int | None = None
        self.map: RattusMap | None = None
        self._map_key: Any = None
        super().__init__(players=players, seed=seed, seats=seats, bot_delay=bot_delay, auto=auto, teacher=teacher)

    # ------------------------------------------------------------------ names
    def seat_label(self, seat: int, players: int | None = None) -> str:
        """Players are named by colour: Red (seat 0, who starts), Yellow, Green, Blue."""
        return COLOURS[seat]

    @property
    def regions(self) -> list[str]:
        """The regions in play, in board order."""
        return self._graph()[1]

    def _graph(self) -> tuple[Any, list[str]]:
        """(the NetworkX graph of the regions in play, their names in board order), cached per board."""
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
    def _build(self, auto: bool, teacher: bool, players: int) -> None:
        super()._build(auto, teacher, players)
        self.teacher_toggle.description = "Teacher view: show every token"
        self.teacher_toggle.tooltip = "Show every face-down rat token on the map (for explaining to the class)"
        # the log cut at the animated reveal, and a decision panel that folds big groups
        old_log = self.log
        self.log = FramedLog(self.heading_kinds, kind_classes=self.log_classes)
        tabs = list(self.tabs.children)
        tabs[LOG_TAB] = self.log.widget
        old_decision = self.decision
        self.decision = RattusDecisionPanel(self.click, self.action_groups, self.action_class)
        body = self.widget.children[3]
        left, right = body.children
        board, _decision, status, controls, history = left.children
        left.children = (board, self.decision.widget, controls, history)
        self.board_box.children = (self.board_box.children[0], status) + tuple(self.board_box.children[1:])
        old_log.widget.close()
        old_decision.widget.close()
        # odds tab: region choice above the shared odds panel
        self.odds_region = w.Dropdown(description="If the plague goes to", style={"description_width": "initial"},
                                      layout=w.Layout(width="300px"))
        self.odds_neutral = w.Checkbox(value=False, description="with the Knight's 2 extra cubes", indent=False,
                                       layout=w.Layout(width="auto"))
        self.odds_region.observe(lambda _c: self._odds_changed(), names="value")
        self.odds_neutral.observe(lambda _c: self._odds_changed(), names="value")
        self.plague_table = w.HTML()
        controls = w.HBox([self.odds_region, self.odds_neutral], layout=w.Layout(flex_flow="row wrap",
                                                                                 align_items="center"))
        tabs[ODDS_TAB] = w.VBox([self.odds_intro(), controls, self.odds_panel.widget, self.plague_table])
        self.tabs.children = tabs
        self.tabs.titles = TAB_TITLES
        # right column: players, class cards, the plague of this turn, then the tabs
        self.players_view = w.HTML()
        self.cards_view = w.HTML()
        self.plague_view = w.HTML()
        side = w.VBox([self.players_view, self.cards_view, self.plague_view])
        side.add_class("rt-side-box")
        right.children = (side,) + tuple(right.children)

    @staticmethod
    def odds_intro() -> w.HTML:
        """The explanation at the top of the odds tab."""
        return w.HTML('<div class="rg-note">Exact odds (fractions) from what the chosen player can see: every '
                      'face-down token they have not looked at is equally likely to be any token not yet revealed. '
                      'The reveals stop when the region has no cube or no token left.</div>')

    def board_widget(self) -> w.Widget:
        """The map with its toolbar (click mode, risk map) and the hint line."""
        self.mode_buttons = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"},
                                            tooltips=[], layout=w.Layout(width="auto"))
        self.mode_buttons.add_class("rt-modes")
        self.mode_buttons.observe(self._mode_picked, names="value")
        self.mode_label = w.HTML('<span class="rg-note"><b>A click on the map will:</b></span>')
        self.risk_toggle = w.ToggleButton(value=False, description="Risk map", icon="fire",
                                          tooltip="Colour every region by its exact chance of contamination",
                                          layout=w.Layout(width="auto"))
        self.risk_player = w.Dropdown(description="as seen by", options=[("everyone (public)", -1)], value=-1,
                                      style={"description_width": "initial"}, layout=w.Layout(width="230px"))
        self.risk_toggle.observe(lambda _c: self._risk_switched(), names="value")
        self.risk_player.observe(lambda _c: self._risk_switched(manual=True), names="value")
        self.hint = w.HTML()
        modes = w.HBox([self.mode_label, self.mode_buttons], layout=w.Layout(align_items="center",
                                                                             flex_flow="row wrap"))
        self.mode_box = modes
        risk = w.HBox([self.risk_toggle, self.risk_player], layout=w.Layout(align_items="center"))
        self.map_box = w.VBox()
        toolbar = w.HBox([modes, risk], layout=w.Layout(justify_content="space-between", flex_flow="row wrap",
                                                        align_items="center", width="100%"))
        self.board_box = w.VBox([toolbar, self.hint, self.map_box], layout=w.Layout(width="100%"))
        return self.board_box

    def _ensure_map(self) -> RattusMap:
        board = self.game.board
        key = (id(board), self.players)
        if self.map is None or self._map_key[0] != key[0]:
            self.map = RattusMap(board.graph, board.castle, self.regions, self.players, self._region_clicked)
            self.map_box.children = [self.map.widget]
        elif self._map_key != key:
            self.map.set_players(self.regions, self.players)
        self._map_key = key
        return self.map

    # ------------------------------------------------------------------ what is shown (hidden information)
    def frame(self) -> BoardFrame:
        """The board at the animation frame: the state with the not-yet-shown reveals undone."""
        s = self.state
        f = BoardFrame([c[:] for c in s.cubes], [r[:] for r in s.rats], s.reserve[:], s.castle[:], s.plague)
        anim = self._anim
        if anim is None or anim.done:
            return f
        tokens = self.game.tokens
        events = s.events
        for e in reversed(events[anim.cuts[anim.frame]:]):
            params = e.params
            if e.kind == "cube_lost":
                r, p = s.region_index(params["region"]), COLOURS.index(params["player"])
                f.cubes[r][p] += 1
                f.reserve[p] -= 1
            elif e.kind == "reveal":
                r = s.region_index(params["region"])
                f.rats[r].insert(params["slot"] - 1, tokens.index[params["id"]])
        return f

    def known_tokens(self) -> set[int]:
        """Face-down tokens whose identity may be shown: all in teacher view, else the viewer's Witch peeks."""
        s = self.state
        if self.teacher:
            return set(range(len(self.game.tokens.ids)))
        v = self._viewer
        return set(s.peeks[v]) if v is not None else set()

    def _token_shown(self, token: int, known: set[int], slot: int, region: str) -> TokenShown:
        if token not in known:
            return TokenShown("", f"Face-down rat token #{slot + 1} in {region}", False)
        ts = self.game.tokens
        symbols = ", ".join(SYMBOL_NAMES[x] for x in ts.symbols[token]) or "no symbol"
        how = "teacher view" if self.teacher else "you looked at it with the Witch"
        return TokenShown(str(ts.threshold[token]),
                          f"Rat token #{slot + 1} in {region} ({how}): {ts.ids[token]}, threshold "
                          f"{ts.threshold[token]}, symbols: {symbols}", True)

    def map_state(self, f: BoardFrame) -> MapState:
        """The MapState for the viewer (hidden tokens carry no identity)."""
        s = self.state
        names = self.regions
        known = self.known_tokens()
        tokens = {n: [self._token_shown(t, known, i, n) for i, t in enumerate(f.rats[r])] for r, n in enumerate(names)}
        risk = self.risk() if self.risk_toggle.value else None
        info = {}
        for r, n in enumerate(names):
            cubes = ", ".join(f"{COLOURS[p]} {c}" for p, c in enumerate(f.cubes[r]) if c) or "no cubes"
            rats = len(f.rats[r])
            text = f"{n}: {rats} rat token{'s' if rats != 1 else ''}, {cubes}"
            if risk is not None:
                text += f"; contamination if the plague comes now: {pct(risk[n])}"
            info[n] = text
        targets, selected = self.map_targets()
        return MapState(cubes={n: f.cubes[r] for r, n in enumerate(names)}, tokens=tokens,
                        plague=s.name(f.plague), castle=f.castle, targets=targets, selected=selected,
                        risk={n: float(p) for n, p in risk.items()} if risk is not None else None,
                        risk_text={n: pct(p) for n, p in risk.items()} if risk is not None else {},
                        region_info=info)

    # ------------------------------------------------------------------ risk overlay (cached per position)
    def risk_perspective(self) -> int | None:
        """Whose knowledge the odds use: a player (their Witch peeks) or None (public information only)."""
        v = self.risk_player.value
        return None if v is None or v < 0 else v

    def _perspective_options(self) -> list[tuple[str, int]]:
        options = [("everyone (public)", -1)]
        for p in range(self.players):
            if self.teacher or (self.is_human(p) and p == self._viewer):
                options.append((f"{COLOURS[p]}{' (you)' if self.is_human(p) and p == self._viewer else ''}", p))
        return options

    def risk(self) -> dict[str, Fraction]:
        """Exact contamination probability of every region in play now, from the chosen player's knowledge."""
        who = self.risk_perspective()
        key = (self._version, who)
        if key not in self._risk_cache:
            s = self.state
            self._risk_cache = {key: {n: contamination_probability(s, n, player=who) for n in self.regions}}
        return self._risk_cache[key]

    def _risk_switched(self, manual: bool = False) -> None:
        if self._quiet:
            return
        if manual:
            self._perspective_auto = False
            self._odds_key = None
            if self.tabs.selected_index == ODDS_TAB:
                self.update_odds()
        self._render_map()

    # ------------------------------------------------------------------ map clicks
    def _modes(self) -> dict[str, list]:
        """Legal actions of the human to move, by map-click mode."""
        s = self.state
        p = s.current_player
        if p < 0 or not self.is_human(p) or (self._anim is not None and not self._anim.done):
            return {}
        out: dict[str, list] = {}
        for a in s.legal_actions():
            mode = action_mode(a)
            if mode is not None:
                out.setdefault(mode, []).append(a)
        return {m: out[m] for m in MODE_ORDER if m in out}

    def _choose_mode(self, modes: dict[str, list]) -> str | None:
        if self._chosen_mode in modes:
            return self._chosen_mode
        return next(iter(modes), None)

    def _mode_picked(self, change: dict) -> None:
        if self._quiet or change["new"] is None:
            return
        self._chosen_mode = self.map_mode = change["new"]
        self._pick = None
        self._render_map()
        self._show_hint()

    def map_targets(self) -> tuple[list[str], str | None]:
        """(regions a click can use now, the region picked by a first click)."""
        acts = self._modes().get(self.map_mode or "", [])
        if not acts:
            return [], None
        if self.map_mode in TWO_CLICKS:
            if self._pick is None:
                return sorted({action_regions(a)[0] for a in acts}), None
            return sorted({action_regions(a)[1] for a in acts if action_regions(a)[0] == self._pick}), self._pick
        if self.map_mode == "reveal":
            return [self.state.name(self.state.plague)], None
        return sorted({action_regions(a)[0] for a in acts}), None

    def click_region(self, region: str, slot: int | None = None) -> bool:
        """A click on a region (or on its token ``slot``): play the one legal action it means for the pending
        decision and the chosen click mode; otherwise say why and change nothing."""
        s = self.state
        if s.is_terminal():
            return self._refuse("The game is over: a click on the map plays nothing. Start a new game or look "
                                "back with the history.")
        p = s.current_player
        if not self.is_human(p):
            who = self.who(p) if p >= 0 else "A rat token is being drawn"
            return self._refuse(f"It is not your turn ({who} is to move): nothing was played.")
        if self._anim is not None and not self._anim.done:
            self._finish_anim()
        if region not in self.regions:
            return self._refuse(f"{region} is not in play with {self.players} players: nothing was played.")
        modes = self._modes()
        mode = self.map_mode if self.map_mode in modes else self._choose_mode(modes)
        if mode is None:
            return self._refuse(f"Nothing to click on the map now: choose with the buttons below. "
                                f"({region}: nothing was played.)")
        acts = modes[mode]
        if mode in TWO_CLICKS:
            return self._two_click(mode, acts, region, slot)
        if mode == "reveal":
            if region != s.name(s.plague):
                return self._refuse(f"Only the tokens of the infected region ({s.name(s.plague)}) are revealed: "
                                    "nothing was played.")
            chosen = [a for a in acts if slot is None or a.slot == slot]
        else:
            chosen = [a for a in acts if action_regions(a)[0] == region
                      and (slot is None or action_slot(a) in (None, slot))]
        return self._play_candidates(chosen, region, mode)

    def _two_click(self, mode: str, acts: list, region: str, slot: int | None) -> bool:
        first, second = TWO_CLICKS[mode]
        if self._pick is not None and region == self._pick and slot is None:
            self._pick = None
            self._render_map()
            self._say(f"{MODE_LABELS[mode]}: choice of {region} cancelled.", "info")
            return False
        if self._pick is not None:
            chosen = [a for a in acts if action_regions(a) == (self._pick, region)]
            if chosen:
                return self._play_candidates(chosen, region, mode)
        starts = [a for a in acts if action_regions(a)[0] == region]
        if not starts:
            where = f" from {self._pick}" if self._pick else ""
            return self._refuse(f"{MODE_LABELS[mode]}: {region} cannot be used{where}. Click a highlighted region "
                                "(nothing was played).")
        if mode == "monk" and slot is not None:
            starts = [a for a in starts if a.slot == slot] or starts
        self._pick = region
        self._picked_slot = slot
        self._render_map()
        ends = sorted({action_regions(a)[1] for a in starts})
        verb = {"knight": "the plague passes through", "monk": "a rat token leaves", "merchant": "your cubes leave"}
        self._say(f"{MODE_LABELS[mode]}: {verb[mode]} {region}. Now click where it goes: {', '.join(ends)} "
                  "(click it again to cancel).", "info")
        return False

    def _play_candidates(self, chosen: list, region: str, mode: str) -> bool:
        if mode == "monk" and getattr(self, "_picked_slot", None) is not None:
            chosen = [a for a in chosen if a.slot == self._picked_slot] or chosen
        if not chosen:
            return self._refuse(f"{MODE_LABELS[mode]}: not possible in {region} now. "
                                f"{MODE_HINTS[mode]} Nothing was played.")
        if len(chosen) > 1:
            self.decision.mark(chosen)
            options = "; ".join(str(a) for a in chosen)
            self._say(f"{region}: {len(chosen)} possible choices ({options}). Pick one with the outlined buttons "
                      "below.", "info")
            return False
        self._pick = None
        self._picked_slot = None
        return self.click(chosen[0], self._version)

    def _region_clicked(self, region: str, slot: int | None = None) -> None:
        self.click_region(region, slot)

    # ------------------------------------------------------------------ playing (animation of the reveals)
    def click(self, action: Any, token: int | None = None) -> bool:
        """Play ``action`` for the human to move (a running reveal animation is finished first)."""
        animating = self._anim is not None
        self._stop_anim()
        done = super().click(action, token)
        if animating and not done:
            self.refresh()
        return done

    def _after_move(self, events_before: int, text: str) -> None:
        self._moving_from = events_before
        super()._after_move(events_before, text)

    def _changed(self, events_before: int, text: str) -> None:
        start, self._moving_from = self._moving_from, None
        self._stop_anim()
        self._pick = None
        if start is not None and self.animate and self._can_animate():
            events = self.state.events
            reveals = [i for i in range(start, len(events)) if events[i].kind == "reveal"]
            if reveals:
                self._anim = Animation(reveals + [len(events)])
        super()._changed(events_before, text)

    def _can_animate(self) -> bool:
        if not self.auto:
            return True  # Step shows one reveal at a time
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            return False
        return self.bot_delay > 0

    def _stop_anim(self) -> None:
        if self._anim_timer is not None:
            self._anim_timer.cancel()
            self._anim_timer = None
        self._anim = None
        self.log.limit = None

    def _finish_anim(self, refresh: bool = True) -> None:
        """Show every reveal at once (a click, undo or new game during the animation)."""
        if self._anim is None:
            return
        self._stop_anim()
        if refresh:
            self.refresh()

    def _next_frame(self) -> bool:
        """Show the next reveal (the log highlights what it added)."""
        anim = self._anim
        if anim is None:
            return False
        shown = anim.cuts[anim.frame]
        anim.frame += 1
        if anim.done:
            self._stop_anim()
        self.refresh(shown)
        return True

    def step(self) -> bool:
        """One visible step: the next reveal while the plague ravages, else the next bot move."""
        if self._anim is not None and not self._anim.done:
            self._next_frame()
            if self._anim is None:
                self._schedule_bots()
            return True
        return super().step()

    def _schedule_bots(self) -> None:
        anim = self._anim
        if anim is not None and not anim.done:
            self._cancel_timer()
            if self._anim_timer is not None:
                self._anim_timer.cancel()
                self._anim_timer = None
            if self.auto:
                try:
                    loop = asyncio.get_running_loop()
                except RuntimeError:
                    loop = None
                if loop is not None:
                    delay = max(self.bot_delay * 1.5, 0.6) if self._next_reveal_matters() else 0.35
                    self._anim_timer = loop.call_later(delay, self._anim_tick, anim)
                else:
                    self._finish_anim()
                    super()._schedule_bots()
            return
        super()._schedule_bots()

    def _next_reveal_matters(self) -> bool:
        """False when the next token shown is revealed in a region without cubes (the final plague's many
        harmless reveals go by quickly)."""
        anim = self._anim
        events = self.state.events
        i = anim.cuts[anim.frame] + 1 if anim is not None else len(events)
        return not (i < len(events) and events[i].kind == "no_effect" and events[i].params.get("cubes") == 0)

    def _anim_tick(self, anim: Animation) -> None:
        self._anim_timer = None
        if anim is not self._anim:
            return
        try:
            self._next_frame()
            self._schedule_bots()
        except Exception as exc:  # a timer callback must never die silently in the kernel
            self._say(f"The reveal animation stopped: {exc}", "error")
            raise

    def goto(self, index: int, text: str | None = None) -> None:
        """Show the position after ``index`` actions (any reveal animation is dropped)."""
        self._stop_anim()
        super().goto(index, text)

    def _install(self, match: Any, text: str) -> None:
        self._stop_anim()
        self._risk_cache = {}
        self._odds_key = None
        super()._install(match, text)

    def refresh(self, new_from: int | None = None) -> None:
        """Redraw everything; while the reveals are shown one by one, the human's buttons wait for the last one."""
        super().refresh(new_from)
        if self._anim is not None and not self._anim.done:
            p = self.state.current_player
            if p >= 0 and self.is_human(p):
                self.decision.clear("Your choices come after the plague",
                                    "The tokens are being revealed one by one"
                                    + (" (press Step for the next one)." if not self.auto else "…"))

    def _show_controls(self) -> None:
        animating = self._anim is not None and not self._anim.done
        self.step_button.description = "Step: next reveal" if animating else "Step: next bot move"
        self.step_button.disabled = not animating and (not self.bot_to_move() or self.state.is_terminal())

    # ------------------------------------------------------------------ drawing
    def render_board(self) -> None:
        """Redraw the map, the players, the class cards, the plague of this turn and the click hint."""
        anim = self._anim
        self.log.limit = anim.cuts[anim.frame] if anim is not None and not anim.done else None
        f = self.frame()
        modes = self._modes()
        self.map_mode = self._choose_mode(modes)
        self._quiet = True
        try:
            opts = [(MODE_LABELS[m], m) for m in modes]
            if list(self.mode_buttons.options) != opts:
                self.mode_buttons.options = opts
                self.mode_buttons.tooltips = [MODE_HINTS[m] for m in modes]
            self.mode_buttons.value = self.map_mode
            self.mode_box.layout.display = "" if len(modes) > 1 else "none"
            options = self._perspective_options()
            values = [v for _, v in options]
            current = self.risk_player.value
            if list(self.risk_player.options) != options:
                self.risk_player.options = options
            if self._perspective_auto or current not in values:
                current = self._viewer if self._viewer in values else -1
            self.risk_player.value = current
        finally:
            self._quiet = False
        self._render_map(f)
        self._show_hint()
        self.players_view.value = self.players_html(f)
        self.cards_view.value = self.cards_html()
        self.plague_view.value = self.plague_html()

    def _render_map(self, f: BoardFrame | None = None) -> None:
        m = self._ensure_map()
        m.show(self.map_state(f or self.frame()))
        note = None
        if self.risk_toggle.value:
            who = self.risk_perspective()
            seen = "public information" if who is None else f"what {COLOURS[who]} knows"
            note = f"Risk map: chance that at least one token contaminates if the plague comes now ({seen})"
        m.set_legend(note, [self.seat_label(p) for p in range(self.players)])

    def _show_hint(self) -> None:
        s = self.state
        anim = self._anim
        if anim is not None and not anim.done:
            f = self.frame()
            region = s.name(f.plague)
            left = len(f.rats[f.plague])
            step = "press Step for the next one" if not self.auto else "the next one follows in a moment"
            text = (f"The plague reveals the tokens of {region} one at a time: {left} still face down there — "
                    f"{step}.")
            self.hint.value = f'<div class="rt-hint rt-hint-off">{esc(text)}</div>'
            return
        mode = self.map_mode
        if mode is None:
            p = s.current_player
            if s.is_terminal():
                text = "The game is over."
            elif p >= 0 and self.is_human(p):
                text = "Choose with the buttons below the map."
            else:
                text = "Watch the bots play: the map follows every move."
            self.hint.value = f'<div class="rt-hint rt-hint-off">{esc(text)}</div>'
            return
        text = MODE_HINTS[mode]
        if self._pick is not None:
            text = f"{MODE_LABELS[mode]} from {self._pick}: now click a highlighted region (or {self._pick} again " \
                   "to cancel)."
        self.hint.value = f'<div class="rt-hint">{esc(text)}</div>'

    def players_html(self, f: BoardFrame) -> str:
        """One row per player: cubes on the board, in the Castle, in reserve, total and class cards."""
        s = self.state
        n = self.players
        totals = [f.castle[p] + sum(c[p] for c in f.cubes) for p in range(n)]
        win = s.winner() if s.is_terminal() and (self._anim is None or self._anim.done) else None
        rows = []
        for p in range(n):
            board = totals[p] - f.castle[p]
            tag = ('<span class="rt-tag rt-tag-you">you</span>' if self.is_human(p) and p == self._viewer else
                   '<span class="rt-tag">human</span>' if self.is_human(p) else
                   f'<span class="rt-tag">{esc(self.seats[p])} bot</span>')
            if win == p:
                tag += '<span class="rt-tag rt-tag-win">winner</span>'
            cards = " ".join(CLASS_NAMES[c] for i, c in enumerate(CLASSES) if s.owners[i] == p) or "—"
            turn = " class=\"rt-turn\"" if p == s.current_player or (s.current_player < 0 and p == s.active
                                                                     and not s.is_terminal()) else ""
            rows.append(f'<tr{turn} data-seat="{p}"><td class="rt-who"><span class="rt-swatch" '
                        f'style="background:{PLAYER_HEX[p]}"></span><b>{esc(COLOURS[p])}</b>{tag}</td>'
                        f'<td>{board}</td><td>{f.castle[p]}</td><td>{f.reserve[p]}</td>'
                        f'<td><b class="rt-total" data-seat="{p}">{totals[p]}</b></td><td>{esc(cards)}</td></tr>')
        head = ('<tr><th></th><th title="cubes on the map">on the map</th><th title="safe cubes">Castle</th>'
                '<th title="cubes not placed yet">in reserve</th><th title="map + Castle: the score">total</th>'
                '<th>cards</th></tr>')
        facts = (f'Rat tokens: <b>{len(s.supply)}</b> face down in the supply'
                 f'{f" · {len(s.removed)} removed unseen" if s.removed else ""} · <b>{len(s.revealed)}</b> revealed. '
                 f'The game ends after the turn in which the supply runs out or a player places their last cube.')
        return (f'<div class="rg-section">Players</div><table class="rt-players">{head}{"".join(rows)}</table>'
                f'<div class="rt-facts">{facts}</div>{self.secret_html()}')

    def secret_html(self) -> str:
        """The viewer's secret knowledge (their own Witch peeks); in teacher view, a reminder."""
        s = self.state
        ts = self.game.tokens
        if self.teacher:
            rows = []
            for r, n in enumerate(self.regions):
                if s.rats[r]:
                    toks = " ".join(f'<span class="rt-token rt-token-s">{ts.threshold[t]}</span>{self._symbols(t)}'
                                    for t in s.rats[r])
                    rows.append(f"<tr><td><b>{esc(n)}</b></td><td>{toks}</td></tr>")
            return ('<div class="rt-secret"><b>Teacher view:</b> every face-down token, in arrival order '
                    '(number = threshold). Switch it off before students play.'
                    f'<table class="rt-teacher">{"".join(rows)}</table></div>')
        v = self._viewer
        if v is None or not s.peeks[v]:
            return ""
        items = []
        for t in s.peeks[v]:
            where = s.locate(t)
            if where is None:
                continue
            r, slot = where
            syms = self._symbols(t)
            items.append(f'<div>token #{slot + 1} in <b>{esc(s.name(r))}</b>: threshold '
                         f'<b>{ts.threshold[t]}</b> {syms}</div>')
        return (f'<div class="rt-secret"><b>Only you know</b> (your Witch looked at them):{"".join(items)}</div>'
                if items else "")

    def _symbols(self, token: int) -> str:
        """A token's symbols as small badges (M, A, class names)."""
        return "".join(f'<span class="rt-sym rt-sym-{x if x in "MA" else "c"}" title="{esc(SYMBOL_NAMES[x])}">'
                       f'{esc(SYMBOL_SHORT[x])}</span>' for x in self.game.tokens.symbols[token]) or "no symbol"

    def cards_html(self) -> str:
        """The six class cards: who holds each, its power, whether it was used this turn."""
        s = self.state
        cards = []
        for i, c in enumerate(CLASSES):
            owner = s.owners[i]
            fr_card, fr_class = CLASS_FRENCH[c]
            if owner >= 0:
                style = f' style="background:{PLAYER_HEX[owner]};color:{PLAYER_TEXT[owner]}"'
                holder = COLOURS[owner]
                cls = "rt-card"
            else:
                style, holder, cls = "", "on the table", "rt-card rt-card-free"
            used = ('<div class="rt-used">used this turn</div>' if s.used[i] and not s.is_terminal() else "")
            cards.append(f'<div class="{cls}" data-card="{c}" title="{esc(fr_card)} ({esc(fr_class)})">'
                         f'<div class="rt-card-head"{style}><span>{esc(CLASS_NAMES[c])}</span>'
                         f'<small>{esc(holder)}</small></div><div class="rt-card-power">{esc(POWERS[c])}</div>'
                         f'{used}</div>')
        return (f'<div class="rg-section">Class cards</div><div class="rt-cards">{"".join(cards)}</div>'
                f'{RULES_IN_BRIEF}')

    def plague_html(self) -> str:
        """The last plague move, its spread and every revealed token with its effect, as far as shown now."""
        s = self.state
        events = s.events
        limit = self.log.limit if self.log.limit is not None else len(events)
        start = None
        for i in range(limit - 1, -1, -1):
            if events[i].kind in ("plague_move", "knight_move", "final_plague"):
                start = i
                break
        if start is None:
            return ('<div class="rg-section">The plague</div><div class="rg-note">The plague has not moved yet. '
                    'Each turn ends by moving it: new rats spread, then its tokens are revealed while the region '
                    'has cubes.</div>')
        e0 = events[start]
        if e0.kind == "final_plague":
            head = "Final plague: every face-down token is revealed, region by region."
        else:
            head = e0.text()
        spread = [e for e in events[start + 1:limit] if e.kind == "token_drawn"]
        lines = [f'<div class="rt-plague-head">{esc(head)}</div>']
        if spread:
            where = ", ".join(e.params["region"] for e in spread)
            lines.append(f'<div class="rg-note">New rat tokens spread to: {esc(where)}.</div>')
        cards = []
        harmless = []
        ts = self.game.tokens
        i = start + 1
        while i < limit:
            e = events[i]
            if e.kind == "turn_start":
                break
            if e.kind != "reveal":
                i += 1
                continue
            t = ts.index.get(e.params.get("id"))
            j = i + 1
            effects = []
            while j < limit and events[j].kind not in ("reveal", "ravage_end", "final_scores", "turn_start"):
                effects.append(events[j])
                j += 1
            if e0.kind == "final_plague" and any(x.kind == "no_effect" and x.params.get("cubes") == 0
                                                 for x in effects) and not (j >= limit and self._anim is not None):
                harmless.append(f"{e.params.get('id')} ({e.params['region']})")
            else:
                cards.append(self._reveal_card(e, t, effects, latest=(j >= limit and self._anim is not None)))
            i = j
        if cards:
            lines.append(f'<div class="rt-reveals">{"".join(cards)}</div>')
        if harmless:
            lines.append(f'<div class="rg-note">Also revealed in regions without cubes (no effect): '
                         f'{esc(", ".join(harmless))}.</div>')
        else:
            end = next((e for e in events[start:limit] if e.kind == "ravage_end"), None)
            if end is not None and "no rat" in end.params.get("why", "") and not any(
                    e.kind == "ravage_start" for e in events[start:limit]):
                lines.append('<div class="rg-note">No token was revealed: the region has no rat token left or no '
                             'cube.</div>')
            elif not any(e.kind == "ravage_start" for e in events[start:limit]):
                lines.append('<div class="rg-note">No ravage: the infected region has no cube or no rat token.</div>')
        return f'<div class="rg-section">The plague</div><div class="rt-plague">{"".join(lines)}</div>'

    def _reveal_card(self, e: Any, token: int | None, effects: list, latest: bool) -> str:
        ts = self.game.tokens
        region = e.params["region"]
        if token is None:
            return f'<div class="rt-reveal">{esc(e.text())}</div>'
        syms = self._symbols(token)
        verdict = next((x for x in effects if x.kind in ("contamination", "no_effect")), None)
        hit = verdict is not None and verdict.kind == "contamination"
        if verdict is None:
            text = '<span class="rt-pending">…</span>'
        else:
            counted = verdict.params.get("counted", "")
            text = (f"{esc(counted)} ≥ threshold {verdict.params['threshold']}: <b>contamination!</b>" if hit else
                    f"{esc(counted)} &lt; threshold {verdict.params['threshold']}: no effect")
        losses = []
        for x in effects:
            if x.kind == "cube_lost":
                p = COLOURS.index(x.params["player"])
                symbol = x.params["symbol"].replace(" (M)", "").replace(" (A)", "")
                losses.append(f'<span class="rt-loss" style="background:{PLAYER_HEX[p]};color:{PLAYER_TEXT[p]}" '
                              f'title="{esc(x.text())}">{esc(x.params["player"])} −1 ({esc(symbol)})</span>')
            elif x.kind in ("symbol_no_holder", "symbol_spared", "symbol_no_cube"):
                losses.append(f'<div class="rg-note">{esc(x.text())}</div>')
        cls = "rt-reveal " + ("rt-hit" if hit else "rt-miss" if verdict is not None else "") + (
            " rt-latest" if latest else "")
        return (f'<div class="{cls}" data-token="{esc(ts.ids[token])}"><div><span class="rt-token">'
                f'{ts.threshold[token]}</span><b>{esc(ts.ids[token])}</b> in {esc(region)} {syms}</div>'
                f'<div class="rt-verdict">{text}</div><div>{"".join(losses)}</div></div>')

    # ------------------------------------------------------------------ words
    def header_html(self) -> str:
        """Title and where we are in the game."""
        s = self.state
        if s.is_terminal():
            where = "Game over"
        elif s.step == SETUP:
            where = "Setup: placing the starting cubes"
        elif s.final_round:
            where = "Final round"
        else:
            where = f"Turn {s.turn}"
        return (f'<div class="rg-header"><div class="rg-title">Rattus</div>'
                f'<div class="rg-subtitle">{esc(where)} · {self.players} players · seed {self.seed}</div></div>')

    def banner_html(self) -> str:
        """What happens now, in plain words."""
        s = self.state
        p = s.current_player
        anim = self._anim
        if anim is not None and not anim.done:
            region = s.name(self.frame().plague)
            return (f'<div class="rg-banner rg-banner-bot">The plague ravages {esc(region)}…'
                    f'<small>Each token is revealed in turn: if the cubes there reach its threshold, its symbols '
                    f'remove cubes. Follow it on the map and in the log.</small></div>')
        if s.is_terminal():
            final = [e.text() for e in s.events if e.kind in ("final_scores", "winner", "winner_tie")]
            return f'<div class="rg-banner rg-banner-over">Game over. {esc(" ".join(final))}</div>'
        if p < 0:
            return '<div class="rg-banner rg-banner-bot">A new rat token is drawn from the supply…</div>'
        task, why = self._task(p)
        if self.is_human(p):
            head, kind = f"{COLOURS[p]} (you): {task}", "you"
        else:
            head, kind = f"{COLOURS[p]} ({self.seats[p]} bot): {task}", "bot"
            why = "Watch it play." if self.auto and self.live() else "Press Step to let it play."
        return f'<div class="rg-banner rg-banner-{kind}">{esc(head)}<small>{esc(why)}</small></div>'

    def _task(self, p: int) -> tuple[str, str]:
        s = self.state
        step = s.step
        plague = s.name(s.plague)
        if step == SETUP:
            second = s.setup_index >= self.players
            return ("place 2 starting cubes in a region",
                    "Second placement round (in reverse order)." if second else
                    "Each player places 2 cubes, then everyone places 2 more in reverse order.")
        if step == MAIN and s.final_round:
            return ("final round: use your class powers once more, or end",
                    "Nobody takes cards or places cubes now (the Peasant may add one cube).")
        if step == MAIN:
            done = []
            done.append("card taken ✔" if s.took else "take a card (optional)")
            done.append("cubes placed ✔" if s.placed else "place cubes (optional)")
            return (f"your turn — {', '.join(done)}, then move the plague from {plague}",
                    "Taking a card and placing cubes may come in either order; moving the plague ends your actions.")
        if step == SPREAD:
            return (f"put a new rat token next to {plague} ({s.spread_left} to place)",
                    "A neighbour holding 3 tokens is full.")
        if step == NEUTRAL:
            return (f"Knight: count the plague as {KNIGHT_NEUTRAL} extra cubes in {plague}?",
                    "Extra cubes make tokens with higher thresholds contaminate.")
        if step == REVEAL_STEP:
            return (f"choose the next rat token to reveal in {plague}",
                    f"{len(s.rats[s.plague])} face-down tokens; the ravage goes on while the region has cubes.")
        if step == AFTER:
            return ("the plague is over: King to the Castle, or end your turn", "Only the King may act now.")
        if step == WITCH2:
            return ("Witch: look at a second token, or stop", "Only you will see it.")
        if step == WITCH_SWAP_STEP:
            return ("Witch: swap the two tokens you looked at?", "Nobody else knows what they are.")
        return ("choose", "")

    def decision_title(self, player: int) -> str:
        """Heading above the buttons."""
        return f"Your choices, {COLOURS[player]} — every legal move has a button"

    def action_class(self, action: Any) -> str:
        """Buttons are marked by kind (plague, placing, cards, powers)."""
        kind = action.kind
        if kind in ("move_plague", "spread", "reveal", "knight_neutral"):
            return "rt-b-plague"
        if kind in ("place", "setup_place", "peasant_cube"):
            return "rt-b-place"
        if kind == "take_class":
            return "rt-b-card"
        if kind in ("king", "monk", "merchant", "witch_peek", "witch_stop", "witch_swap"):
            return "rt-b-power"
        return ""

    # ------------------------------------------------------------------ odds tab
    def _odds_changed(self) -> None:
        if not self._quiet:
            self._odds_key = None
            self.update_odds()

    def update_odds(self) -> None:
        """Loss distribution for the chosen region and the ranking of plague moves (only when the tab is open)."""
        s = self.state
        who = self.risk_perspective()
        self._quiet = True
        try:
            options = self.regions
            if list(self.odds_region.options) != options:
                self.odds_region.options = options
            if self.odds_region.value not in options:
                self.odds_region.value = self.neighbours(s.name(s.plague))[0]
        finally:
            self._quiet = False
        region = self.odds_region.value
        neutral = self.odds_neutral.value
        key = (self._version, who, region, neutral)
        if self._odds_key == key:
            return
        self._odds_key = key
        if s.is_terminal():
            self.odds_panel.clear("The game is over: no plague to come.")
            self.plague_table.value = ""
            return
        dist = cube_loss_distribution(s, region, player=who, neutral=neutral)
        r = s.region_index(region)
        present = [p for p in range(self.players) if s.cubes[r][p]]
        seen = "public information" if who is None else f"what {COLOURS[who]} knows"
        if not present:
            self.odds_panel.clear(f"{region} has no cube: if the plague goes there, nobody loses anything.")
        else:
            marg = {p: loss_distribution_of(dist, p) for p in present}
            top = max(k for p in present for k in marg[p])
            cats = [f"{k} cube{'s' if k != 1 else ''}" for k in range(top + 1)]
            series = {COLOURS[p]: [marg[p].get(k, Fraction(0)) for k in range(top + 1)] for p in present}
            exp = expected_losses(dist)
            cont = contamination_probability(s, region, player=who, neutral=neutral)
            note = (f"{region} now: {len(s.rats[r])} rat token(s), "
                    + ", ".join(f"{COLOURS[p]} {s.cubes[r][p]}" for p in present)
                    + f". Chance that at least one token contaminates: {pct(cont)} ({fraction_text(cont)}). "
                    + "Expected cubes lost: " + ", ".join(f"{COLOURS[p]} {float(exp[p]):.2f}" for p in present)
                    + f". ({seen})")
            self.odds_panel.show(f"If the plague ravaged {region} now: cubes each player loses", cats, series,
                                 x_label="cubes lost", note=note, colors=[PLAYER_HEX[p] for p in present])
            self.odds_panel.table.value = self.odds_panel.table.value.replace(
                "(best card for each row in bold)", "(for each player, the most likely loss in bold)")
        self.plague_table.value = self._plague_moves_html(who)

    def _plague_moves_html(self, who: int | None) -> str:
        s = self.state
        p = s.current_player
        if p < 0 or s.step != MAIN or s.final_round:
            return ""
        if not (self.teacher or (self.is_human(p) and p == self._viewer)):
            return ""
        moves = best_plague_moves(s, player=who)
        if not moves:
            return ""
        rows = []
        for m in moves:
            dest = m.action.to if m.action.via is None else f"{m.action.to} (via {m.action.via})"
            if m.neutral:
                dest += " + Knight's 2 cubes"
            cells = "".join(f"<td>{float(x):.2f}</td>" for x in m.expected_loss)
            rows.append(f"<tr><td style='text-align:left'>{esc(dest)}</td>{cells}<td><b>{float(m.score):+.2f}</b>"
                        f"</td></tr>")
        head = "".join(f"<th>{esc(COLOURS[q])}</th>" for q in range(self.players))
        return (f'<div class="rg-section">Where to send the plague? (expected cubes lost)</div>'
                f'<div class="rg-note">Score = cubes an opponent loses on average minus the cubes {COLOURS[p]} loses. '
                f'Spread tokens are not counted (they are drawn after the move).</div>'
                f'<table class="rg-exact rt-odds-table"><tr><th>Destination</th>{head}<th>score</th></tr>'
                f'{"".join(rows)}</table>')


__all__ = ["RattusDashboard", "action_regions", "action_mode"]
