"""Rattus Cartus dashboard: the players with their rats, the six influence tracks (with arrival order), the buildings
of the round with their entrants and face-down cards, the nun row with your looks, your hand, the phase, the
explained log shown step by step, every decision as a button (or a click on the building / the nun-row card) and a
survival gauge with the exact odds. Drawn from ``observation(viewer)``, the events and the legal actions only.

    from ratgames_lab.widgets.rattus_cartus import RattusCartusDashboard
    RattusCartusDashboard(players=4, seed=7, seats=["human", "heuristic", "heuristic", "heuristic"]).show()
"""
from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as w

from ratgames_lab import load_game
from ratgames_lab.rattus_cartus import action_text, card_name, player_row_distribution, survival_table

from .common.dashboard import Dashboard
from .common.retire import Retirement
from .common.seats import bot_word
from .common.theme import element, esc
from .common.translate import N_, _, ngettext
from .rattus_cartus_end import cartus_end_html, cartus_parts
from .rattus_cartus_gauge import SurvivalGauge
from .rattus_cartus_view import PHASES, CartusText, rules_in_brief

TASKS = {
    "support": (N_("choose a support action"), N_("Phase B: every player uses the support action of one building.")),
    "look": (N_("look secretly at a nun-row card"),
             N_("Only you will see it: it tells you how many nuns are in the row.")),
    "visit": (N_("enter a building (and say how many cards) or play a Pass"),
              N_("Your cards go face down. More cards: more influence, but cards of another class bring rats.")),
    "place": (N_("choose the cards to place face down"), N_("Place exactly the number you announced (never Gold).")),
    "choose": (N_("choose who the Sword / Flute hits"),
               N_("Tie for the fewest: the player who played the most chooses.")),
    "give": (N_("choose a card to give"), N_("You must give cards (Sword or Guard Tower).")),
    "offer": (N_("perform or decline the building action"), N_("Resolution: the action of the building you entered.")),
    "hospital": (N_("discard a card with a rat, or stop"), N_("Hospital: each discarded card takes away one rat.")),
}


class RattusCartusDashboard(Dashboard):
    """Play Rattus Cartus against bots: buildings, influence, the nun row and your survival odds."""

    game_name = "rattus_cartus"
    action_groups = {
        "support": N_("Support action (phase B)"), "look": N_("Look at a nun-row card"),
        "enter": N_("Enter a building with this many cards"), "play_pass": N_("Or wait"),
        "place_card": N_("Place a card face down"),
        "choose_player": N_("Choose a player"), "give_card": N_("Give a card"), "use_action": N_("The building action"),
        "hospital_discard": N_("Hospital"), "stop": N_("Stop"),
    }
    heading_kinds = ("round_start", "resolve", "nun_row")
    log_classes = {"draw": "rg-minor", "place": "rg-minor", "reshuffle": "rg-minor", "setup_buildings": "rg-minor",
                   "setup_cards": "rg-minor", "winner": "rg-good", "all_dead": "rg-bad", "sword": "rg-bad",
                   "flute": "rg-bad", "reveal_cards": "rg-good"}
    css_files = ("rattus_cartus.css",)
    fold_kinds = ("enter",)
    playback_step_label = N_("Step: next building")
    teacher_view_label = N_("Teacher view: show every hidden card")

    def __init__(self, players: int = 4, seed: int = 0, seats: Sequence[str] | None = None,
                 bot_delay: float = 0.8, auto: bool = True, teacher: bool = True, teacher_view: bool = False,
                 animate: bool = True, options: dict | None = None):
        self.gauge = SurvivalGauge()
        self._text = CartusText(load_game(self.game_name, players=players, seed=seed, **(options or {})).comp)
        super().__init__(players=players, seed=seed, seats=seats, bot_delay=bot_delay, auto=auto, teacher=teacher,
                         teacher_view=teacher_view, animate=animate, options=options)

    # ------------------------------------------------------------------ names
    @property
    def text(self) -> CartusText:
        """Names and tiles of this game's components."""
        comp = self.game.comp if hasattr(self, "_match") else self._text.comp
        if self._text.comp is not comp:
            self._text = CartusText(comp)
        return self._text

    def seat_label(self, seat: int, players: int | None = None) -> str:
        """Players are named by colour, as in the game's texts (Red, Yellow, Green, Blue, Purple)."""
        return self.text.seat(seat)

    # ------------------------------------------------------------------ board
    def board_widget(self) -> w.Widget:
        """Players, tracks and nun row above the buildings and your hand; clicks on buildings and nun-row cards."""
        self.seats_view = w.HTML()
        self.tracks_view = w.HTML()
        self.nun_view = w.HTML()
        self.buildings_view = w.HTML()
        self.hand_view = w.HTML()
        self.retirement = Retirement()
        self.building_buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.building_buttons.add_class("rc-board-clicks")
        self.nun_buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.nun_buttons.add_class("rc-board-clicks")
        self.card_buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.card_buttons.add_class("rc-board-clicks")
        top = w.HBox([self.tracks_view, w.VBox([self.nun_view, self.nun_buttons])],
                     layout=w.Layout(flex_flow="row wrap"))
        return w.VBox([self.seats_view, self.buildings_view, self.building_buttons, self.hand_view, self.card_buttons,
                       top])

    def _winners(self) -> list[int]:
        s = self.state
        return [p for p, r in enumerate(s.returns()) if r > 0] if s.is_terminal() and not self.playback.running else []

    def _tags(self, p: int) -> str:
        name = esc(self.seat_label(p))
        if self.is_human(p):
            return name + element("span", "rc-tag rc-tag-you", _("you") if p == self.viewer() else _("human"))
        return name + element("span", "rc-tag", bot_word(self.seats[p]))

    def render_board(self) -> None:
        """Redraw every panel from the viewer's observation (and, in teacher view, the full position)."""
        obs = self.observation()
        t = self.text
        full = self.state.to_json() if self.teacher else None
        hands = {p: self.observation(p)["hand"] for p in self.visible_hands() if p != self.viewer()}
        hide = bool(self.game.options.get("hide_rats")) and not self.teacher
        labels = [self._tags(p) for p in range(self.players)]
        over = self.state.is_terminal() and not self.playback.running  # the end reveals the whole nun row
        self.seats_view.value = t.seats_html(obs, labels, hands, self._winners(), hide,
                                             self.state.scores() if over else None)
        self.tracks_view.value = t.tracks_html(obs)
        row = full or (self.state.to_json() if over else None)
        self.nun_view.value = t.nun_row_html(obs, row["nun_row"] if row else None)
        self.buildings_view.value = t.buildings_html(obs, full["placed"] if full else None)
        v = self.viewer()
        if v is None:
            self.hand_view.value = t.hand_html(_("Hand"), None, _("No human seat: switch on Teacher view to see every "
                                                                  "hand.") if self.teacher_tools else _("No human seat."))
        else:
            n = len(obs["hand"])
            self.hand_view.value = t.hand_html(ngettext("Your hand, {player} ({n} card)", "Your hand, {player} ({n} cards)",
                                                        n).format(player=self.seat_label(v), n=n), obs["hand"])
        self._board_clicks()
        self._update_gauge()

    def _board_clicks(self) -> None:
        """One button under each building / nun-row card when a decision names it (the same actions as below)."""
        s = self.state
        p = s.current_player
        acts = s.legal_actions() if p >= 0 and self.is_human(p) and not self.playback.running else []
        old = self.building_buttons.children + self.nun_buttons.children + self.card_buttons.children
        by_slot: dict[int, list] = {}
        for a in acts:
            if a.kind == "support" or (a.kind == "enter"):
                by_slot.setdefault(a.slot, []).append(a)
        buttons = []
        for slot, group in sorted(by_slot.items()):
            support = group[0].kind == "support"
            b = w.Button(description=(_("Support #{n}") if support else _("Enter #{n}")).format(n=slot + 1),
                         tooltip=(_("Support building #{n}") if support else _("Enter building #{n}")).format(n=slot + 1),
                         layout=w.Layout(width="auto"))
            b.add_class("rg-choice")
            b.on_click(lambda _b, g=group, tok=self.version: self._board_pick(g, tok))
            buttons.append(b)
        self.building_buttons.children = buttons
        looks = [a for a in acts if a.kind == "look"]
        nun = []
        for a in looks:
            b = w.Button(description=_("Look at #{n}").format(n=a.position + 1), layout=w.Layout(width="auto"))
            b.add_class("rg-choice")
            b.on_click(lambda _b, a=a, tok=self.version: self.click(a, tok))
            nun.append(b)
        self.nun_buttons.children = nun
        verbs = {"place_card": N_("Place {card}"), "give_card": N_("Give {card}"), "hospital_discard": N_("Discard {card}")}
        cards = []
        for a in acts:
            if a.kind in verbs:
                code = self.game.comp.card_index[a.card]
                text = _(verbs[a.kind]).format(card=self.game.comp.card_label(code))
                b = w.Button(description=text + self._placing_effect(a),
                             tooltip=str(a), layout=w.Layout(width="auto"))
                b.add_class("rg-choice")
                for cls in self.action_class(a).split():
                    b.add_class(cls)
                b.on_click(lambda _b, a=a, tok=self.version: self.click(a, tok))
                cards.append(b)
        self.card_buttons.children = cards
        self.retirement.retire(old)

    def _placing_effect(self, action: Any) -> str:
        """' (+1 influence, +1 rat)' for a card placed in a building of another class, as resolution will count."""
        task = self.observation()["task"]
        if action.kind != "place_card" or task[:1] != ["place"]:
            return ""
        building = self.text.building(self.observation()["row"][task[2]])[1]
        cls = self.text.card_class(action.card)
        if cls == "special":
            return " " + (_("(+1 influence)") if action.card == "joker" else _("(no influence)"))
        return " " + (_("(+1 influence)") if cls == building else _("(+1 influence, +1 rat)"))

    def _board_pick(self, group: list, token: int) -> None:
        """A click on a building: one action is played, several (how many cards) are outlined below."""
        if len(group) == 1:
            self.click(group[0], token)
        else:
            self.decision.mark(group)
            self.say(_("Now choose how many cards you place in building #{n} (outlined below).").format(
                n=group[0].slot + 1))

    # ------------------------------------------------------------------ the gauge
    def side_widgets(self) -> list[w.Widget]:
        """The survival gauge, under the decision."""
        return [self.gauge.widget]

    def gauge_seat(self) -> int | None:
        """Whose survival the gauge shows: the human viewer, else (teacher view) the player to move."""
        v = self.viewer()
        if v is None and self.teacher and self.state.current_player >= 0:
            return self.state.current_player
        return v

    def _update_gauge(self) -> None:
        v = self.gauge_seat()
        if v is None:
            self.gauge.clear(_("The gauge shows a human player's chance to survive the plague (or, in teacher view, "
                               "the player to move's).") if self.teacher_tools else
                             _("The gauge shows a human player's chance to survive the plague."))
            return
        if self.game.options.get("hide_rats") and not self.teacher:
            self.gauge.clear(_("Rat totals are hidden in this game."))
            return
        if self.state.is_terminal():  # no chance left: the plague has struck (see the log and the end panel)
            self.gauge.clear(_("The game is over: the nun row is revealed, and who survived the plague is in the "
                               "end panel and the log."))
            self._gauge_key = None
            return
        obs = self.observation(v)
        key = (self.version, v)
        if getattr(self, "_gauge_key", None) == key:
            return
        self._gauge_key = key
        rats = obs["rats"][v]
        top = max(20, rats + 4)
        table = survival_table(player_row_distribution(self.state, v), range(0, top + 1))
        self.gauge.show(self.seat_label(v), rats, table, len(obs["looks"][v]))

    def update_odds(self) -> None:
        """"My odds": the chance to survive with a few rats fewer or more than now (a Monastery, off-class cards)."""
        v = self.gauge_seat()
        if v is None or self.state.is_terminal():
            self.odds_panel.clear(_("The odds are shown for a human player during the game."))
            return
        rats = self.observation(v)["rats"][v]
        table = survival_table(player_row_distribution(self.state, v), range(max(rats - 3, 0), rats + 5))
        names = [(ngettext("{n} rat (now)", "{n} rats (now)", r) if r == rats else
                  ngettext("{n} rat ({change})", "{n} rats ({change})", r)).format(n=r, change=f"{r - rats:+d}")
                 for r in table]
        note = _("Exact, from every card you have seen and your looks at the nun row. Each card of another class than "
                 "its building brings one rat; a Monastery can take some away.")
        self.odds_panel.show(_("{player}: chance to survive the plague").format(player=self.seat_label(v)), names,
                             {_("survive"): list(table.values())}, x_label=_("with this many rats at the end"),
                             note=note, colors=["#2f9e6e"])

    # ------------------------------------------------------------------ words
    def header_html(self) -> str:
        """Title, round and phase."""
        obs = self.observation()
        if self.state.is_terminal():
            where = _("Game over after {n} rounds").format(n=obs["rounds"])
        else:
            rounds = (_("Round {n} of {total} (last round)") if obs["last_round"] else
                      _("Round {n} of {total}")).format(n=obs["round"], total=obs["rounds"])
            phase = _(PHASES[obs["phase"]]) if obs["phase"] in PHASES else obs["phase"]
            where = _("{rounds} · phase {phase} · first player: {player}").format(
                rounds=rounds, phase=phase, player=self.seat_label(obs["first"]))
        return (f'<div class="rg-header"><div class="rg-title">Rattus Cartus</div>'
                f'<div class="rg-subtitle">{esc(where)} · {esc(self.players_text())}{esc(self.you_text())}</div></div>')

    def banner_html(self) -> str:
        """What the player to move must do, in plain words."""
        s = self.state
        p = s.current_player
        if s.is_terminal():
            final = next((self.event_text(e) for e in reversed(s.events) if e.kind in ("winner", "all_dead")), "")
            return element("div", "rg-banner rg-banner-over", _("Game over. {final}").format(final=final))
        if p < 0:
            return element("div", "rg-banner rg-banner-bot", _("A card is being drawn…"))
        task = self.observation(-1)["task"]
        what, why = TASKS.get(task[0] if task else "", (N_("choose"), ""))
        what, why = _(what), _(why) if why else ""
        return self.decision_banner(p, what, why, bot_task=_("{{who}} must {task}").format(task=what))

    def language_changed(self) -> None:
        """The gauge's axes in the new language; it is drawn again."""
        self.gauge.relabel()
        self._gauge_key = None

    def rules_html(self) -> str:
        """The rules in brief (a fold-out)."""
        return rules_in_brief()

    def decision_title(self, player: int) -> str:
        """Heading above the buttons."""
        return _("Your choices, {player}").format(player=self.seat_label(player))

    def action_class(self, action: Any) -> str:
        """Card buttons carry the colour of their class."""
        card = getattr(action, "card", None)
        if card is not None and action.kind in ("place_card", "give_card", "hospital_discard"):
            return f"rc-b-{self.text.card_class(card)}"
        return ""

    def refresh(self, new_from: int | None = None) -> None:
        """Redraw everything, then name the cards on the decision buttons (the actions carry card ids)."""
        super().refresh(new_from)
        for action, button in zip(self.decision.actions, self.decision.buttons):
            text = self.action_text(action)
            button.description = button.tooltip = text

    def action_text(self, action: Any) -> str:
        """An action in words, a card by this game's name for it: 'Place Witch (4 nuns) face down'."""
        card = getattr(action, "card", None)
        comp = self.game.comp
        if card is None or card not in comp.card_index:
            return action_text(self.state, action)
        return str(action).replace(card_name(card), comp.card_label(comp.card_index[card]))

    def move_text(self, seat: int, action: Any) -> str:
        """A bot's placed or given card stays hidden: the message says only that a card went."""
        if action.kind in ("place_card", "give_card") and not self.is_human(seat):
            return (_("{who} places a card face down.") if action.kind == "place_card" else
                    _("{who} gives a card.")).format(who=self.who(seat))
        if action.kind == "use_action":  # played already: the engine's event names the building
            return next(e.text() for e in reversed(self.state.events) if e.kind in ("use", "decline"))
        return _("{who}: {action}.").format(who=self.who(seat), action=self.action_text(action))

    def score_parts(self) -> list[list[tuple[str, int]]]:
        """(source, VP) of every player (the end screen's rows), from the engine's end scoring."""
        return cartus_parts(self.state.result(), self.game.comp, self.observation()["vp_tokens"])

    def game_over_html(self) -> str:
        """Each player's victory points by source, who survived the plague, and why the winner won."""
        names = [self.seat_label(p) for p in range(self.players)]
        return cartus_end_html(names, self.state.result(), self.game.comp, self.observation(), self.state.events)

    # ------------------------------------------------------------------ playback
    def playback_pauses(self, events: Sequence[Any], start: int) -> list[int]:
        """Pause before each building's resolution and before the plague's reveal."""
        return [i for i in range(start + 1, len(events)) if events[i].kind in ("resolve", "nun_row", "round_start")]


__all__ = ["RattusCartusDashboard"]
