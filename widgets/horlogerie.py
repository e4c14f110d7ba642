"""L'Horlogerie des Rats dashboard: stop or draw at its centre (the drawing rows, a live gauge of the next card's
exact odds and the optimal advice, hideable), the players' teams, hands and finds, the mission grid, the
explained log and the shared controls. Drawn from ``observation(viewer)``, the events and ``legal_actions()``."""
from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as w

from .common.dashboard import Dashboard
from .common.seats import bot_word
from .common.theme import element, esc
from .common.translate import N_, _, ngettext
from .horlogerie_end import horlogerie_end_html, horlogerie_parts
from .horlogerie_gauge import StopOrDrawGauge, policy_table_html
from .horlogerie_view import draw_row_html, grid_html, rules_in_brief, seat_html

END_KINDS = ("winner", "winner_find", "winner_last", "shared_win")


class HorlogerieDashboard(Dashboard):
    """Play L'Horlogerie des Rats against bots (or classmates): push your luck with exact odds in view."""

    game_name = "horlogerie"
    action_groups = {
        "draw": N_("Draw: risk one more card"), "stop": N_("Stop: keep what you drew"), "compass": N_("Use a find"), "spyglass": N_("Use a find"),
        "amulet": N_("Use a find"), "wound": N_("Put a wound on an Horloger"), "give_find": N_("Choose the find they get"),
        "keep_card": N_("Choose the one card they keep"), "buy": N_("Buy a mission (exact cards, no change)"),
        "end_discover": N_("Done buying"), "rest_discard": N_("Rest: discard a card for its points"),
        "heal": N_("Rest: heal a wound"), "untap": N_("Rest: untap a find"), "end_rest": N_("Done resting"),
        "discard_card": N_("Too heavy: discard a card"), "discard_find": N_("Too heavy: discard a find"),
        "draw_recruits": N_("Recruit Horlogers"), "corrupt": N_("Corruption: give up a find to choose"),
        "choose_recruit": N_("Choose a recruit"),
    }
    fold_kinds = ("buy", "rest_discard")
    heading_kinds = ("turn_start", "final_scores")
    log_classes = {"explore_perfect": "rg-good", "danger_perfect": "rg-good", "perfect_find": "rg-good",
                   "buy": "rg-good", "explore_bust": "rg-bad", "danger_bust": "rg-good", "wound": "rg-bad",
                   "horloger_dies": "rg-bad", "refill": "rg-minor", "setup_team": "rg-minor"}
    css_files = ("horlogerie.css",)

    def __init__(self, players: int = 4, seed: int = 0, seats: Sequence[str] | None = None,
                 bot_delay: float = 0.8, auto: bool = True, teacher: bool = True, teacher_view: bool = False,
                 advice: bool = True):
        self._advice_default = advice
        super().__init__(players=players, seed=seed, seats=seats, bot_delay=bot_delay, auto=auto, teacher=teacher,
                         teacher_view=teacher_view)

    # ------------------------------------------------------------------ board
    def board_widget(self) -> w.Widget:
        """Stop or draw (the drawing rows and the gauge) above the players and the mission grid."""
        self.draw_view = w.HTML()
        self.gauge = StopOrDrawGauge(advice=self._advice_default)
        self.players_view = w.HTML()
        self.grid_view = w.HTML()
        centre = w.VBox([self.draw_view, self.gauge.widget])
        centre.add_class("rg-panel")
        centre.add_class("hl-centre")
        return w.VBox([centre, self.players_view, self.grid_view])

    def render_board(self) -> None:
        """Redraw the drawing rows, the gauge, the players and the grid from the observation."""
        obs = self.observation()
        comp = self.game.components
        self.draw_view.value = self._draw_html(obs)
        p = self.state.current_player
        seat = p if p >= 0 and p in self.visible_hands() else self.viewer()
        drawer = self._drawer(obs)
        deciding = p >= 0 and obs["step"] in ("explore", "danger") and (p in self.visible_hands())
        self.gauge.update(self.state, seat, self.seat_label(drawer) if drawer is not None else "", deciding)
        visible = self.visible_hands()
        seats = []
        for s in range(self.players):
            hand = self.observation(s)["hand"] if s in visible else None
            seats.append(seat_html(obs, s, self.seat_label(s), self._tags(obs, s), hand, comp,
                                   s == obs["current_player"], s == obs["active"]))
        legend = _("Each Horloger: “explores N” adds N to the exploration value · ● a wound · ○ a wound it can still "
                   "survive · a tapped find is used up until its owner rests")
        self.players_view.value = (f'<div class="rg-note hl-legend">{esc(legend)}</div>'
                                   f'<div class="hl-seats">{"".join(seats)}</div>')
        vp = comp.missions.vp

        def cheapest(grid: list[str]) -> set[str]:
            low = min((vp[comp.missions.index[n]] for n in grid if n), default=0)
            return {n for n in grid if n and vp[comp.missions.index[n]] == low}
        self.grid_view.value = grid_html(obs, comp, cheapest)

    def _drawer(self, obs: dict) -> int | None:
        """Who draws now: the explorer, or their left neighbour in the Danger phase."""
        if obs["step"] in ("explore", "explore_draw"):
            return obs["active"]
        if obs["step"] in ("danger", "danger_draw"):
            return (obs["active"] + 1) % self.players
        return None

    def _draw_html(self, obs: dict) -> str:
        if self.state.is_terminal():  # nothing is drawn any more: no live-game row contradicts the final scores
            over = _("The game is over: nobody draws any more. The final scores are below.")
            return f'<div class="rg-section">{esc(over)}</div>'
        active = obs["active"]
        left = (active + 1) % self.players
        ex, dg = obs["exploration"], obs["danger"]
        exp_total = sum(int("".join(c for c in f if c.isdigit())) for f in ex["table"])
        dan_total = sum(int("".join(c for c in f if c.isdigit())) for f in dg["table"])
        value = obs["exploration_value"]
        if ex["table"] and obs["step"] not in ("explore", "explore_draw"):  # the value the cards were drawn against
            events = self.state.events[:self.shown_events]
            value = next((e.params["value"] for e in reversed(events) if e.kind in ("explore_start", "compass")),
                         value)
        # once the cards have left the table (kept in hand or discarded), the row shows neither a total nor a result
        rows = draw_row_html(_("{player} explores").format(player=self.seat_label(active)), ex["table"], "exp",
                             exp_total,
                             value if ex["table"] or obs["step"] in ("explore", "explore_draw") else 0,
                             obs["explore_result"] if ex["table"] else "")
        if dg["table"] or obs["step"] in ("danger", "danger_draw"):
            danger = self.game.components.danger
            wounds = [danger.wounds[danger.index[f]] for f in dg["table"]]
            notes = [ngettext("{n} wound", "{n} wounds", n).format(n=n) for n in wounds]
            title = _("Danger: {player} draws (left neighbour)").format(player=self.seat_label(left))
            rows += draw_row_html(title, dg["table"], "dan", dan_total, obs["danger_value"],
                                  obs["danger_result"] if dg["table"] else "", notes)
        top = ""
        spied = (_("Spyglass: you looked at the top Exploration card: <b>{card}</b>"),
                 _("Spyglass: you looked at the top Danger card: <b>{card}</b>"))
        for deck, text in zip((ex, dg), spied):
            if deck["top"]:
                top += f'<div class="rg-note">{text.format(card=esc(deck["top"]))}</div>'
        decks = _("Exploration deck {exploration} · Danger deck {danger}").format(exploration=ex["deck"],
                                                                                   danger=dg["deck"])
        stop = _("Stop or draw?")
        return (f'<div class="rg-section">{esc(stop)} <span class="rg-muted">{esc(decks)}</span></div>'
                f'<div class="hl-rows">{rows}</div>{top}')

    def _tags(self, obs: dict, seat: int) -> str:
        if self.is_human(seat):
            tags = (element("span", "hl-tag hl-tag-you", _("you")) if seat == self.viewer() else
                    element("span", "hl-tag", _("human")))
        else:
            tags = element("span", "hl-tag", bot_word(self.seats[seat]))
        if seat == obs["active"] and not self.state.is_terminal():
            tags += element("span", "hl-tag hl-tag-turn", _("turn"))
        if self.state.is_terminal() and self.state.returns()[seat] > 0:
            tags += element("span", "hl-tag hl-tag-win", _("winner"))
        return tags

    # ------------------------------------------------------------------ words
    def header_html(self) -> str:
        """Title and where we are."""
        obs = self.observation()
        where = _("Game over") if self.state.is_terminal() else \
            _("Turn {n} · {player} explores · first to 12 VP").format(n=obs["turn"],
                                                                       player=self.seat_label(obs["active"]))
        return (f'<div class="rg-header"><div class="rg-title">L\'Horlogerie des Rats</div>'
                f'<div class="rg-subtitle">{esc(where)} · {esc(self.players_text())}{esc(self.you_text())}</div></div>')

    def banner_html(self) -> str:
        """What the player to move must do, in plain words."""
        s = self.state
        p = s.current_player
        if s.is_terminal():
            final = next((self.event_text(e) for e in reversed(s.events) if e.kind in END_KINDS), "")
            return element("div", "rg-banner rg-banner-over", _("Game over. {final}").format(final=final))
        if p < 0:
            return element("div", "rg-banner rg-banner-bot", _("A card is being drawn…"))
        obs = self.observation()
        active = self.seat_label(obs["active"])
        step = obs["step"]
        table = obs["exploration"]["table"] if step == "explore" else obs["danger"]["table"]
        total = sum(int("".join(c for c in f if c.isdigit())) for f in table)
        tasks = {
            "load": (_("discard until your load fits your carry"),
                     _("Load {load} is more than carry {carry}.").format(load=obs["load"][p], carry=obs["carry"][p])),
            "recruit": (_("recruit Horlogers"), _("Your team has fewer than 3 Horlogers.")),
            "recruit_choose": (_("choose a recruit"), _("Corruption lets you pick from the whole deck.")),
            "explore": (_("stop or draw?"), _("Total {total} of exploration value {value}: exactly {value} is perfect, "
                                              "more is a bust.").format(total=total, value=obs["exploration_value"])),
            "danger": (_("stop or draw the Danger against {player}?").format(player=active),
                       _("Total {total} of danger value {value}: if you do not bust, the creatures wound {player}'s "
                         "team.").format(total=total, value=obs["danger_value"], player=active)),
            "wounds": (_("put the wounds on your Horlogers ({n} left)").format(n=obs["wounds_left"]),
                       _("An Horloger with more wounds than its toughness is discarded.")),
            "reward": (_("choose the find (tied cheapest missions)"), _("You are the taker's right neighbour.")),
            "discovery": (_("choose the one card {player} keeps").format(player=active),
                          _("{player} busted: you are the right neighbour.").format(player=active)),
            "discover": (_("buy missions, or finish"), _("Pay exactly the terrain points a mission asks: no change.")),
            "rest": (_("rest: discard cards to heal or untap"),
                     _("Points to spend: {n}.").format(n=obs["rest_points"])),
        }
        task, why = tasks.get(step, (_("choose an action"), ""))
        return self.decision_banner(p, task, why)

    def language_changed(self) -> None:
        """The gauge's fixed words in the new language."""
        self.gauge.relabel()

    def rules_html(self) -> str:
        """The rules in brief (a fold-out)."""
        return rules_in_brief()

    def score_parts(self) -> list[list[tuple[str, int]]]:
        """(find, VP) of every player (the end screen's rows)."""
        return horlogerie_parts(self.observation(), self.game.components)

    def game_over_html(self) -> str:
        """The final VP of each player by find, how the winner was decided, and what load and carry meant."""
        won = [p for p, r in enumerate(self.state.returns()) if r > 0]
        names = [self.seat_label(p) for p in range(self.players)]
        return horlogerie_end_html(names, self.observation(), self.game.components, won, self.state.events)

    def move_text(self, seat: int, action: Any) -> str:
        """What a player just did, in the past tense ("Draw a card" alone would read as an order while a bot thinks)."""
        return _("{who} chose: {action}.").format(who=self.who(seat), action=self.action_label(action))

    def decision_title(self, player: int) -> str:
        """Heading above the buttons."""
        return _("Your choices, {player}").format(player=self.seat_label(player))

    def action_class(self, action: Any) -> str:
        """Stop is green, draw is red-orange (the risk), the rest plain."""
        return {"draw": "hl-b-draw", "stop": "hl-b-stop"}.get(action.kind, "")

    def odds_widgets(self) -> list[w.Widget]:
        """The next card's odds and the policy comparison."""
        self.policy_view = w.HTML()
        return [self.odds_panel.widget, self.policy_view]

    def odds_key(self) -> Any:
        """The gauge is on the board: the odds tab repeats it."""
        return (self._version, self._viewer, self.teacher)

    def update_odds(self) -> None:
        """The "My odds" tab: the next card's exact odds, as on the gauge."""
        odds = self.gauge.odds
        p = self.state.current_player
        found = self.gauge.phase(self.state, p if p >= 0 and p in self.visible_hands() else self.viewer())
        self.policy_view.value = policy_table_html(*found) if found else ""
        if odds is None:
            self.odds_panel.clear(_("Nobody is drawing now: the odds of the next card appear during Exploration and "
                                    "Danger (the gauge above the players)."))
            return
        self.odds_panel.show(_("Next card"), [_("under"), _("exact"), _("bust")], {_("probability"): list(odds)},
                             note=_("Exact odds over the cards that can still come."))
