"""Master of Rules dashboard: seats with their table cards and scores, the display, your hand, the explained log,
exact odds for your Number cards, the rules in brief, the end-of-game score explanation, and the shared controls
(undo, save/load, analyze, bots). Drawn from ``observation(viewer)`` and the events only."""
from __future__ import annotations

from typing import Any, Sequence

import ipywidgets as w

from ratgames_lab import GAMES
from ratgames_lab.master_of_rules import CODES, COLOURS, RULES, colour, rule_odds, seat_name
from ratgames_lab.master_of_rules.translate import seat_text, shown_params

from .common.dashboard import Dashboard
from .common.seats import bot_word
from .common.theme import element, esc
from .common.translate import N_, _, ngettext
from .master_of_rules_cards import (CARD_OF_CODE, CARD_OF_NAME, RULE_HEX, card_shown, game_over_table, number_tile,
                                    rule_shown, rule_tile, rule_tiles, rules_in_brief, score_rows)

JUDGE_KINDS = {"judge_fulfilled", "judge_failed", "dummy_fulfilled", "dummy_failed"}


class MasterOfRulesDashboard(Dashboard):
    """Play Master of Rules against bots (or classmates) with explained judging, exact odds and a teacher view."""

    game_name = "master_of_rules"
    action_groups = {
        "play_number": N_("Play a Number card"), "play_rule": N_("Play a Rule card"),
        "play_nothing": N_("No card of the required type"), "take_number": N_("Take a Number card from the display"),
        "take_rule": N_("Take a Rule card from the display"),
    }
    heading_kinds = ("transaction_start", "final_scores")
    log_classes = {"judge_fulfilled": "rg-good", "judge_failed": "rg-bad", "dummy_fulfilled": "rg-minor",
                   "dummy_failed": "rg-minor", "display_draw_number": "rg-minor", "display_draw_rule": "rg-minor",
                   "reshuffle": "rg-minor", "display_short": "rg-minor"}
    css_files = ("master_of_rules.css",)

    def __init__(self, players: int = 4, seed: int = 0, seats: Sequence[str] | None = None,
                 bot_delay: float = 0.8, auto: bool = True, teacher: bool = True, teacher_view: bool = False):
        super().__init__(players=players, seed=seed, seats=seats, bot_delay=bot_delay, auto=auto, teacher=teacher,
                         teacher_view=teacher_view)

    # ------------------------------------------------------------------ board
    def board_widget(self) -> w.Widget:
        """Seats (table, scores, hands) above the display and your hand."""
        self.table_view = w.HTML()
        self.cards_view = w.HTML()
        return w.VBox([self.table_view, self.cards_view])

    def seat_label(self, seat: int, players: int | None = None) -> str:
        """'Player 2', or 'Dummy-1' for the dummy seats."""
        return seat_text(seat_name(seat, players or self.players))

    def render_board(self) -> None:
        """Redraw the seats, the display and the viewer's hand from the observation."""
        obs = self.observation()
        visible = self.visible_hands()
        seats = "".join(self._seat_html(obs, s, visible) for s in range(len(obs["table"])))
        self.table_view.value = (f'<div class="mor-seats">{seats}</div>{self._last_judging_html(obs)}')
        self.cards_view.value = f'<div class="mor-areas">{self._hand_html(obs)}{self._display_html(obs)}</div>'

    def _winners(self) -> list[int]:
        state = self.state
        return [p for p, r in enumerate(state.returns()) if r > 0] if state.is_terminal() else []

    def _seat_html(self, obs: dict, seat: int, visible: set[int]) -> str:
        n = self.players
        real = seat < n
        over = self.state.is_terminal()
        classes = "mor-seat" + ("" if real else " mor-dummy") + (" mor-turn" if seat == obs["current_player"] else "")
        if real and self.is_human(seat):
            tags = (element("span", "mor-tag mor-tag-you", _("you")) if seat == self.viewer() else
                    element("span", "mor-tag", _("human")))
        elif real:
            tags = f'<span class="mor-tag">{esc(bot_word(self.seats[seat]))}</span>'
        else:
            tags = element("span", "mor-tag", _("automatic"))
        if real and seat in self._winners():
            tags += element("span", "mor-tag mor-tag-win", _("winner"))
        if real and seat == obs["first_player"] and not over:
            tags += element("span", "mor-tag mor-tag-first", _("★ first"), _("first player this transaction"))
        parts = [f'<div class="{classes}" data-seat="{seat}"><div class="mor-seat-name">'
                 f'{esc(self.seat_label(seat))}{tags}</div>']
        if real:
            score = obs["scores"][seat]
            kept = obs["kept"][seat]
            chips = "".join(f'<span class="mor-chip mor-r-{r}">{esc(rule_shown(r))}'
                            f'{" ×%d" % kept.count(r) if kept.count(r) > 1 else ""}</span>' for r in RULES if r in kept)
            bonus = score - len(kept)
            extra = " " + element("span", "mor-bonus", _("(+{n} bonus)").format(n=bonus)) if bonus else ""
            points = ngettext("point", "points", score)
            parts.append(f'<div class="mor-score"><b class="rg-score" data-seat="{seat}">{score}</b> '
                         f'{esc(points)}{extra}</div>')
            if chips:
                kept_title = _("Rule cards kept")
                parts.append(f'<div class="mor-row mor-kept" title="{esc(kept_title)}">{chips}</div>')
        table = obs["table"][seat]
        slot_n = number_tile(table["number"], small=True) if table["number"] is not None else \
            '<div class="mor-slot"></div>'
        slot_r = rule_tile(table["rule"], small=True) if table["rule"] is not None else \
            '<div class="mor-slot mor-slot-rule"></div>'
        hand = self._seat_hand_html(obs, seat, seat in visible) if real and not over else ""
        played = _("cards played this transaction")
        parts.append(f'<div class="mor-row"><div class="mor-row mor-played" title="{esc(played)}">'
                     f'{slot_n}{slot_r}</div>{hand}</div>')
        parts.append("</div>")
        return "".join(parts)

    def _seat_hand_html(self, obs: dict, seat: int, visible: bool) -> str:
        if visible and seat == self.viewer():
            return ""  # the viewer's hand is shown in full below
        if visible:
            hand = self.observation(seat)["hands"][seat]
            cards = "".join(number_tile(c, small=True) for c in hand["numbers"]) + rule_tiles(hand["rules"], True)
            title = _("hand (teacher view)")
            return f'<div class="mor-row mor-handrow" title="{esc(title)}">{cards}</div>'
        sizes = obs["hands"][seat].get("sizes") or {"numbers": 0, "rules": 0}
        known = obs["known_in_hands"][seat]
        hidden_n = sizes["numbers"] - len(known["numbers"])
        hidden_r = sizes["rules"] - len(known["rules"])
        face_n = ngettext("{n} face-down Number card", "{n} face-down Number cards", hidden_n).format(n=hidden_n)
        face_r = ngettext("{n} face-down Rule card", "{n} face-down Rule cards", hidden_r).format(n=hidden_r)
        backs = f'<div class="mor-back" title="{esc(face_n)}"><span>{hidden_n}</span></div>' if hidden_n else ""
        backs += (f'<div class="mor-back mor-back-rule" title="{esc(face_r)}"><span>{hidden_r}</span></div>'
                  if hidden_r else "")
        seen = "".join(number_tile(c, small=True, note=_("taken from the display: everyone saw it"))
                       for c in known["numbers"]) + rule_tiles(known["rules"], small=True)
        label = element("span", "mor-seen", _("seen: taken from the display"),
                        _("everyone saw these cards taken from the display")) if seen else ""
        return f'<div class="mor-row mor-handrow">{backs}{seen}{label}</div>'

    def _display_html(self, obs: dict) -> str:
        numbers = "".join(number_tile(c) for c in obs["display"]["numbers"])
        rules = rule_tiles(obs["display"]["rules"], small=True)  # one tile per type (×n): fits one row
        if self.state.is_terminal():
            note = _("The game is over.")
        elif obs["transaction"] == obs["transactions"] - 1:
            note = _("Nobody refills in the final transaction.")
        else:
            note = _("After playing a card, you take one of the same type from here.")
        title = element("div", "rg-section", _("Display"))
        return (f'<div class="mor-area rg-panel">{title}<div class="rg-note">{esc(note)}</div>'
                f'{_card_rows(numbers, rules)}</div>')

    def _hand_html(self, obs: dict) -> str:
        v = self.viewer()
        if v is None or self.state.is_terminal():
            text = _("The game is over.") if self.state.is_terminal() else (
                _("No human seat: switch on Teacher view.") if self.teacher_tools else _("No human seat."))
            hand = _("Hand")
            return (f'<div class="mor-area rg-panel mor-hand"><div class="rg-section">{esc(hand)}</div>'
                    f'<div class="rg-note">{esc(text)}</div></div>')
        hand = obs["hands"][v]
        numbers = "".join(number_tile(c) for c in hand["numbers"])
        rules = rule_tiles(hand["rules"])
        hand_of = _("Hand of {player}").format(player=self.seat_label(v))
        return (f'<div class="mor-area rg-panel mor-hand"><div class="rg-section">{esc(hand_of)}</div>'
                f'{_card_rows(numbers, rules)}</div>')

    def _last_judging_html(self, obs: dict) -> str:
        """The most recent judging: the five Number cards and each Rule card's verdict, from the event log."""
        events = self.state.events
        last = next((i for i in range(len(events) - 1, -1, -1) if events[i].kind in JUDGE_KINDS), None)
        if last is None:
            return ""
        start = next(i for i in range(last, -1, -1) if events[i].kind == "transaction_start")
        number = events[start].params.get("number")
        cards, rows = [], []
        for e in events[start:last + 1]:
            if e.kind in ("play_number", "dummy_number"):
                who = seat_text(e.params.get("player") or e.params.get("dummy") or "")
                code = CODES[CARD_OF_NAME[e.params["card"]]]
                cards.append(f'<div>{number_tile(code, small=True)}<div class="mor-who">{esc(who)}</div></div>')
            elif e.kind in JUDGE_KINDS:
                ok = e.kind.endswith("fulfilled")
                mark = element("span", "mor-ok", _("✔ fulfilled")) if ok else element("span", "mor-ko", _("✘ failed"))
                kept = " — " + _("kept, +1 point") if e.kind == "judge_fulfilled" else \
                    (" — " + _("a dummy keeps nothing") if e.kind.startswith("dummy") else "")
                shown = shown_params(e.params)
                rows.append(f'<tr><td><b>{esc(shown["player"])}</b></td><td>{esc(shown["rule"])}</td>'
                            f'<td>{mark}</td><td class="rg-note">{esc(shown["reason"])}{esc(kept)}</td></tr>')
        fresh = all(t["number"] is None and t["rule"] is None for t in obs["table"])
        summary = _("Last judging (transaction {n}): the five Number cards and every Rule card").format(n=number)
        return (f'<details class="mor-last rg-panel mor-lastbox"{" open" if fresh else ""}><summary>{esc(summary)}'
                '</summary>'
                f'<div class="mor-row">{"".join(cards)}</div>'
                f'<table class="mor-judging">{"".join(rows)}</table></details>')

    # ------------------------------------------------------------------ words
    def header_html(self) -> str:
        """Title and where we are in the game."""
        obs = self.observation()
        if self.state.is_terminal():
            where = _("Game over after {n} transactions").format(n=obs["transactions"])
        else:
            rounds = _("first round of cards") if obs["round"] == 1 else _("second round of cards")
            where = _("Transaction {n} of {total} · {round} · first player: {player}").format(
                n=obs["transaction"] + 1, total=obs["transactions"], round=rounds,
                player=self.seat_label(obs["first_player"]))
        dummies = len(obs["table"]) - self.players  # the table always has five seats
        extra = " " + ngettext("+ {n} dummy", "+ {n} dummies", dummies).format(n=dummies) if dummies else ""
        return (f'<div class="rg-header"><div class="rg-title">{esc(GAMES[self.game_name].title)}</div>'
                f'<div class="rg-subtitle">{esc(where)} · {esc(self.players_text())}{esc(extra)}'
                f'{esc(self.you_text())}</div></div>')

    def banner_html(self) -> str:
        """What the player to move must do, in plain words."""
        s = self.state
        obs = self.observation()
        p = s.current_player
        if s.is_terminal():
            final = next((self.event_text(e) for e in reversed(s.events) if e.kind == "final_scores"),
                         _("The game is over."))
            return element("div", "rg-banner rg-banner-over", _("Game over. {final}").format(final=final))
        if p < 0:
            return element("div", "rg-banner rg-banner-bot", _("A card is being drawn…"))
        kinds = {a.kind for a in s.legal_actions()}
        second = obs["round"] == 2
        taking = bool(kinds & {"take_number", "take_rule"})
        if taking and "take_number" in kinds:
            task = _("take a Number card from the display")
            why = _("You played a Number card, so you refill with a Number card.")
        elif taking:
            task = _("take a Rule card from the display")
            why = _("You played a Rule card, so you refill with a Rule card.")
        elif kinds == {"play_nothing"}:
            task = _("no card of the required type — pass")
            why = _("In the second round you must play the other type than in the first round.")
        elif kinds == {"play_number"}:
            task = _("play a Number card")
            why = (_("Second round: you played a Rule card first, so now a Number card.")
                   if second else _("You have no Rule card you may play."))
        elif kinds == {"play_rule"}:
            task = _("play a Rule card")
            why = (_("Second round: you played a Number card first, so now a Rule card.")
                   if second else _("You have no Number card."))
        else:
            task = _("play a card — Number or Rule")
            why = _("In the second round you will play the other type.")
        if obs["transaction"] == obs["transactions"] - 1 and not taking:
            why += " " + _("Final transaction: nobody refills.")
        return self.decision_banner(p, task, why, bot_task=_("{{who}} must {task}").format(task=task))

    def rules_html(self) -> str:
        """The rules in brief (a fold-out)."""
        return rules_in_brief()

    def game_over_html(self) -> str:
        """Each player's points explained (kept cards and bonuses) and the tie-break, if one decided."""
        obs = self.observation()
        names = [self.seat_label(p) for p in range(self.players)]
        return game_over_table(names, obs["kept"], self._winners(), self.state.scores())

    def score_parts(self) -> list[list[tuple[str, int]]]:
        """(source, points) of every player (the end screen's rows)."""
        return [score_rows(k) for k in self.observation()["kept"]]

    def decision_title(self, player: int) -> str:
        """Heading above the buttons."""
        return _("Your choices, {player}").format(player=self.seat_label(player))

    def action_class(self, action: Any) -> str:
        """Buttons carry the colour of their card."""
        if action.kind in ("play_number", "take_number"):
            return f"mor-b-{COLOURS[colour(CARD_OF_CODE[action.card])]}"
        if action.kind in ("play_rule", "take_rule"):
            return f"mor-b-{action.rule}"
        return ""

    # ------------------------------------------------------------------ odds
    def odds_data(self) -> tuple[str, list[str], dict[str, list]] | str:
        """(title, card names, {rule name: [probability per card]}) for the human to move, or why there is none."""
        s = self.state
        v = self.viewer()
        if v is None or s.is_terminal():
            return _("Odds are shown for a human player during the game.")
        if s.current_player != v:
            return _("Your odds appear when it is your turn ({player}).").format(player=self.seat_label(v))
        obs = self.observation(v)
        played = obs["table"][v]["number"]
        if played is not None:
            cards, odds = [played], [rule_odds(s, v)]
        elif obs["hands"][v]["numbers"]:
            cards = list(obs["hands"][v]["numbers"])
            odds = [rule_odds(s, v, CARD_OF_CODE[c]) for c in cards]
        else:
            return _("You hold no Number card.")
        names = [_("{card} (played)").format(card=card_shown(CARD_OF_CODE[c])) if played is not None else
                 card_shown(CARD_OF_CODE[c]) for c in cards]
        series = {rule_shown(r): [o[r] for o in odds] for r in RULES}
        return _("{player}: chance each rule is fulfilled").format(player=self.seat_label(v)), names, series

    def update_odds(self) -> None:
        """Exact odds for the viewer's Number cards (only when the odds tab is open; see ``odds_key``)."""
        data = self.odds_data()
        if isinstance(data, str):
            if not self.odds_panel.series:
                self.odds_panel.clear(data)
            else:
                below = _("Below: the odds at your last turn.")
                self.odds_panel.note.value = f'<div class="rg-note">{esc(data)} {esc(below)}</div>'
            return
        title, names, series = data
        note = _("Exact probabilities from everything you know (your hand, the table, the display, the discards, "
                 "and the cards each player took from the display, known to be in that hand): a card still to "
                 "come is a random card of its player's hand, and any card you cannot place is equally likely to "
                 "be anywhere you cannot look. {support} depends on the rule the player on your right plays.").format(
            support=rule_shown("support_right"))
        self.odds_panel.show(title, names, series, x_label=_("if you play this Number card"), note=note,
                             colors=[RULE_HEX[r] for r in RULES])


def _card_rows(numbers: str, rules: str) -> str:
    """A row of Number card tiles above a row of Rule card tiles (a muted 'no … card' for an empty row)."""
    numbers = numbers or element("span", "rg-muted", _("no Number card"))
    rules = rules or element("span", "rg-muted", _("no Rule card"))
    return f'<div class="mor-row">{numbers}</div><div class="mor-row">{rules}</div>'
