"""Master of Rules dashboard: seats with their table cards and scores, the display, your hand, the explained log,
exact odds for your Number cards, and the shared controls (undo, save/load, analyze, bots)."""
from __future__ import annotations

from typing import Any, Sequence

from ratgames_lab.master_of_rules.cards import CODES, COLOURS, RULES, card_name, colour, rule_name, seat_name, value
from ratgames_lab.master_of_rules.odds import rule_odds

import ipywidgets as w

from .common.dashboard import Dashboard
from .common.theme import esc

CARD_OF_CODE = {code: card for card, code in enumerate(CODES)}
RULE_OF_ID = {rule: t for t, rule in enumerate(RULES)}
JUDGE_KINDS = {"judge_fulfilled", "judge_failed", "dummy_fulfilled", "dummy_failed"}
PLAY_KINDS = {"play_number", "play_rule", "play_rule_exception", "dummy_number", "dummy_rule"}

# One-line reminders printed on the rule cards (the full rules are in the rulebook and the log explains each verdict).
RULE_HINTS = {
    "limit_23": "The 5 Number cards add up to 23 or less.",
    "best_of_the_best": "Your card is the highest of a most common colour.",
    "only_one": "No other card has your colour or your value.",
    "trio": "3 cards share a colour or a value.",
    "support_right": "The player on your right fulfils their rule.",
}
COLOUR_HEX = {"red": "#d64545", "blue": "#2f6fd6", "yellow": "#f7c948", "green": "#2f9e6e", "purple": "#8662c7"}
RULE_HEX = {"limit_23": "#334e68", "best_of_the_best": "#b44d12", "only_one": "#0e7c86", "trio": "#6b3fa0",
            "support_right": "#9f1239"}

CSS = "".join(
    f".rg-app .mor-{c} {{ background: {h}; }} .rg-app .widget-button.mor-b-{c} {{ border-left: 8px solid {h}; }}"
    for c, h in COLOUR_HEX.items()) + "".join(
    f".rg-app .mor-r-{r} .mor-band, .rg-app .mor-mini.mor-r-{r} {{ background: {h}; }} .rg-app .mor-chip.mor-r-{r} {{ border-color: {h}; color: {h}; }}"
    f" .rg-app .widget-button.mor-b-{r} {{ border-left: 8px solid {h}; }}"
    for r, h in RULE_HEX.items()) + """
.rg-app .mor-seats { display: flex; flex-wrap: wrap; gap: 8px; }
.rg-app .mor-seat { flex: 1 1 128px; min-width: 128px; background: #fff; border: 1px solid #d9e2ec; border-radius: 10px;
  padding: 6px 8px; }
.rg-app .mor-seat.mor-turn { border: 2px solid #f0b429; box-shadow: 0 0 0 3px #fff3c4; }
.rg-app .mor-seat.mor-dummy { background: #f5f7fa; border-style: dashed; }
.rg-app .mor-seat-name { font-weight: 700; font-size: 14px; }
.rg-app .mor-tag { display: inline-block; font-size: 11px; border-radius: 8px; padding: 0 6px; margin-left: 4px;
  background: #e4e7eb; color: #3e4c59; font-weight: 600; vertical-align: 1px; }
.rg-app .mor-tag-you { background: #f0b429; color: #3b2c00; }
.rg-app .mor-tag-win { background: #3ebd93; color: #fff; }
.rg-app .mor-tag-first { background: #243b53; color: #fff; }
.rg-app .mor-score { font-size: 13px; color: #334e68; margin: 2px 0; }
.rg-app .mor-score b { font-size: 20px; color: #102a43; }
.rg-app .mor-label { font-size: 11px; color: #829ab1; text-transform: uppercase; letter-spacing: .6px; margin-top: 4px; }
.rg-app .mor-row { display: flex; flex-wrap: wrap; gap: 5px; align-items: flex-end; min-height: 20px; }
.rg-app .mor-card { position: relative; width: 56px; height: 84px; border-radius: 8px; box-sizing: border-box;
  box-shadow: 0 1px 3px rgba(16,42,67,.35); display: flex; flex-direction: column; align-items: center;
  justify-content: center; color: #fff; font-weight: 800; line-height: 1; }
.rg-app .mor-num .mor-v { font-size: 30px; }
.rg-app .mor-num .mor-c { font-size: 10px; font-weight: 600; margin-top: 6px; text-transform: uppercase;
  letter-spacing: .5px; }
.rg-app .mor-yellow { color: #3b2c00; }
.rg-app .mor-rule { width: 108px; background: #fffdf7; color: #243b53; border: 1px solid #cbd2d9;
  justify-content: flex-start; }
.rg-app .mor-band { width: 100%; color: #fff; font-size: 12px; font-weight: 700; padding: 5px 3px; text-align: center;
  border-radius: 7px 7px 0 0; box-sizing: border-box; }
.rg-app .mor-hint { font-size: 10.5px; font-weight: 500; line-height: 1.25; padding: 4px 5px; text-align: center;
  color: #3e4c59; }
.rg-app .mor-count { position: absolute; right: -7px; top: -9px; background: #102a43; color: #fff;
  border-radius: 10px; font-size: 12px; padding: 2px 7px; border: 2px solid #fff; }
.rg-app .mor-mini { width: 32px; height: 44px; border-radius: 6px; }
.rg-app .mor-mini .mor-v { font-size: 19px; }
.rg-app .mor-mini.mor-rule { width: 70px; height: 44px; border: none; justify-content: center; padding: 2px;
  font-size: 11px; font-weight: 700; color: #fff; text-align: center; line-height: 1.15; }
.rg-app .mor-mini .mor-count { font-size: 10px; padding: 1px 5px; right: -6px; top: -8px; }
.rg-app .mor-back { position: relative; width: 30px; height: 42px; border-radius: 5px; box-shadow: 0 1px 2px rgba(16,42,67,.35);
  background: repeating-linear-gradient(45deg, #829ab1, #829ab1 4px, #9fb3c8 4px, #9fb3c8 8px);
  display: flex; align-items: center; justify-content: center; }
.rg-app .mor-back.mor-back-rule { width: 44px; background: repeating-linear-gradient(45deg, #d9c58f, #d9c58f 4px,
  #efe3c2 4px, #efe3c2 8px); }
.rg-app .mor-back span { background: #fff; color: #102a43; border-radius: 9px; font-size: 12px; font-weight: 800;
  padding: 1px 6px; }
.rg-app .mor-cap { font-size: 9.5px; color: #627d98; text-align: center; margin-top: 1px; }
.rg-app .mor-slot { width: 32px; height: 44px; border: 2px dashed #cbd2d9; border-radius: 6px; box-sizing: border-box; }
.rg-app .mor-slot.mor-slot-rule { width: 70px; }
.rg-app .mor-chip { display: inline-block; border: 1.5px solid; border-radius: 10px; font-size: 11px; font-weight: 700;
  padding: 0 6px; margin: 1px 2px 1px 0; background: #fff; }
.rg-app .mor-areas { display: flex; flex-wrap: wrap; gap: 10px; margin-top: 8px; }
.rg-app .mor-area { flex: 1 1 300px; }
.rg-app .mor-hand { background: #fffbea; border-color: #f0b429; }
.rg-app .mor-judging td { padding: 2px 8px; font-size: 13px; vertical-align: middle; }
.rg-app .mor-judging td:first-child, .rg-app .mor-judging td:nth-child(2), .rg-app .mor-judging td:nth-child(3) {
  white-space: nowrap; }
.rg-app .mor-lastbox { margin-top: 8px; padding: 4px 12px 8px 12px; }
.rg-app .mor-who { font-size: 11px; color: #52606d; text-align: center; margin-top: 2px; }
.rg-app .mor-ok { color: #0c6b58; font-weight: 700; }
.rg-app .mor-ko { color: #ab091e; font-weight: 700; }
.rg-app details.mor-last summary { cursor: pointer; font-size: 13px; font-weight: 600; color: #334e68; margin-top: 8px; }
"""


def number_tile(card: int, small: bool = False, note: str = "") -> str:
    """A Number card: big value on its colour (small: a mini card for the seats)."""
    c = COLOURS[colour(card)]
    title = card_name(card) + (f" ({note})" if note else "")
    if small:
        return (f'<div class="mor-card mor-num mor-mini mor-{c}" title="{esc(title)}">'
                f'<span class="mor-v">{value(card)}</span></div>')
    return (f'<div class="mor-card mor-num mor-{c}" title="{esc(title)}"><span class="mor-v">{value(card)}</span>'
            f'<span class="mor-c">{esc(c)}</span></div>')


def rule_tile(rule: str, count: int = 1, small: bool = False) -> str:
    """A Rule card: its English name and a one-line reminder (small: name only)."""
    badge = f'<span class="mor-count">×{count}</span>' if count > 1 else ""
    title = f"{rule_name(rule)}: {RULE_HINTS[rule]}"
    if small:
        return (f'<div class="mor-card mor-rule mor-mini mor-r-{rule}" title="{esc(title)}">{esc(rule_name(rule))}'
                f'{badge}</div>')
    return (f'<div class="mor-card mor-rule mor-r-{rule}" title="{esc(title)}">'
            f'<div class="mor-band">{esc(rule_name(rule))}</div><div class="mor-hint">{esc(RULE_HINTS[rule])}</div>'
            f'{badge}</div>')


def rule_tiles(counts: Sequence[int], small: bool = False) -> str:
    """Rule cards by type: one tile per card, or (small) one mini tile per type with a ×n badge."""
    if small:
        return "".join(rule_tile(RULES[t], n, small) for t, n in enumerate(counts) if n)
    return "".join(rule_tile(RULES[t]) for t, n in enumerate(counts) for _ in range(n))


CARD_OF_NAME = {card_name(card): card for card in range(len(CODES))}


class MasterOfRulesDashboard(Dashboard):
    """Play Master of Rules against bots (or classmates) with explained judging, exact odds and a teacher view."""

    game_name = "master_of_rules"
    action_groups = {
        "play_number": "Play a Number card", "play_rule": "Play a Rule card",
        "play_nothing": "No card of the required type", "take_number": "Take a Number card from the display",
        "take_rule": "Take a Rule card from the display",
    }
    heading_kinds = ("transaction_start", "final_scores")
    log_classes = {"judge_fulfilled": "rg-good", "judge_failed": "rg-bad", "dummy_fulfilled": "rg-minor",
                   "dummy_failed": "rg-minor", "display_draw_number": "rg-minor", "display_draw_rule": "rg-minor",
                   "reshuffle": "rg-minor", "display_short": "rg-minor"}
    extra_css = CSS

    def __init__(self, players: int = 4, seed: int = 0, seats: Sequence[str] | None = None,
                 bot_delay: float = 0.8, auto: bool = True, teacher: bool = False):
        super().__init__(players=players, seed=seed, seats=seats, bot_delay=bot_delay, auto=auto, teacher=teacher)

    # ------------------------------------------------------------------ board
    def board_widget(self) -> w.Widget:
        """Seats (table, scores, hands) above the display and your hand."""
        self.table_view = w.HTML()
        self.cards_view = w.HTML()
        return w.VBox([self.table_view, self.cards_view])

    def seat_label(self, seat: int, players: int | None = None) -> str:
        """'Player 2', or 'Dummy-1' for the dummy seats."""
        return seat_name(seat, players or self.players)

    def render_board(self) -> None:
        """Redraw the seats, the display and the viewer's hand."""
        state = self.state
        obs_player = self._viewer if self._viewer is not None else 0
        known = state.observation(obs_player)["known_in_hands"]
        visible = self.visible_hands()
        seats = "".join(self._seat_html(s, visible, known) for s in range(len(state.table_numbers)))
        self.table_view.value = (f'<div class="rg-section">Table</div><div class="mor-seats">{seats}</div>'
                                 f'{self._last_judging_html()}')
        self.cards_view.value = f'<div class="mor-areas">{self._display_html()}{self._hand_html()}</div>'

    def _seat_html(self, seat: int, visible: set[int], known: list[dict]) -> str:
        state = self.state
        n = self.players
        real = seat < n
        classes = "mor-seat" + ("" if real else " mor-dummy") + (" mor-turn" if seat == state.current_player else "")
        tags = ""
        if real and self.is_human(seat):
            tags += '<span class="mor-tag mor-tag-you">you</span>' if seat == self._viewer else \
                '<span class="mor-tag">human</span>'
        elif real:
            tags += f'<span class="mor-tag">{esc(self.seats[seat])} bot</span>'
        else:
            tags += '<span class="mor-tag">automatic</span>'
        if real and state.is_terminal() and state.returns()[seat] > 0:
            tags += '<span class="mor-tag mor-tag-win">winner</span>'
        if real and seat == state.first_player and not state.is_terminal():
            tags += '<span class="mor-tag mor-tag-first" title="first player this transaction">★ first</span>'
        parts = [f'<div class="{classes}" data-seat="{seat}"><div class="mor-seat-name">'
                 f'{esc(self.seat_label(seat))}{tags}</div>']
        if real:
            score = state.scores()[seat]
            chips = "".join(f'<span class="mor-chip mor-r-{RULES[t]}">{esc(rule_name(t))}{" ×%d" % k if k > 1 else ""}'
                            f'</span>' for t, k in enumerate(state.kept[seat]) if k)
            parts.append(f'<div class="mor-score"><b class="rg-score" data-seat="{seat}">{score}</b> '
                         f'point{"s" if score != 1 else ""}</div>')
            parts.append(f'<div class="mor-label">Kept rules</div><div>{chips or "<span class=rg-muted>none yet</span>"}'
                         f'</div>')
        number, rule = state.table_numbers[seat], state.table_rules[seat]
        slot_n = number_tile(number, small=True) if number is not None else '<div class="mor-slot"></div>'
        slot_r = rule_tile(RULES[rule], small=True) if rule is not None else '<div class="mor-slot mor-slot-rule"></div>'
        parts.append(f'<div class="mor-label">On the table</div><div class="mor-row">{slot_n}{slot_r}</div>')
        if real and not state.is_terminal():
            parts.append(self._seat_hand_html(seat, seat in visible, known[seat]))
        parts.append("</div>")
        return "".join(parts)

    def _seat_hand_html(self, seat: int, visible: bool, known: dict) -> str:
        state = self.state
        numbers, rules = state.hand_numbers[seat], state.hand_rules[seat]
        label = '<div class="mor-label">Hand</div>'
        if visible and seat == self._viewer:
            return label + f'<div class="rg-note">{len(numbers)} Number + {sum(rules)} Rule (below)</div>'
        if visible:
            cards = "".join(number_tile(c, small=True) for c in numbers) + rule_tiles(rules, small=True)
            return f'{label}<div class="mor-row">{cards}</div>'
        seen_numbers = [CARD_OF_CODE[c] for c in known["numbers"]]
        seen_rules = [0] * len(RULES)
        for r in known["rules"]:
            seen_rules[RULE_OF_ID[r]] += 1
        hidden_n = len(numbers) - len(seen_numbers)
        hidden_r = sum(rules) - sum(seen_rules)
        backs = (f'<div><div class="mor-back" title="{hidden_n} face-down Number card(s)"><span>{hidden_n}</span>'
                 '</div><div class="mor-cap">Number</div></div>' if hidden_n else "")
        backs += (f'<div><div class="mor-back mor-back-rule" title="{hidden_r} face-down Rule card(s)">'
                  f'<span>{hidden_r}</span></div><div class="mor-cap">Rule</div></div>' if hidden_r else "")
        seen = "".join(number_tile(c, small=True, note="taken from the display: everyone saw it")
                       for c in seen_numbers)
        seen += rule_tiles(seen_rules, small=True)
        return f'{label}<div class="mor-row">{backs}{seen}</div>'

    def _display_html(self) -> str:
        state = self.state
        numbers = "".join(number_tile(c) for c in state.display_numbers)
        rules = rule_tiles(state.display_rules)
        if state.is_terminal():
            note = "The game is over."
        elif state.transaction == state.transactions - 1:
            note = "Nobody refills in the final transaction."
        else:
            note = "After playing a card, you take one of the same type from here."
        return (f'<div class="mor-area rg-panel"><div class="rg-section">Display</div><div class="rg-note">{note}</div>'
                f'<div class="mor-row" style="margin-top:6px">{numbers or "<span class=rg-muted>no Number card</span>"}'
                f'</div><div class="mor-row" style="margin-top:6px">{rules or "<span class=rg-muted>no Rule card</span>"}'
                f'</div></div>')

    def _hand_html(self) -> str:
        v = self._viewer
        if v is None or self.state.is_terminal():
            text = "The game is over." if self.state.is_terminal() else "No human seat: switch on Teacher view."
            return (f'<div class="mor-area rg-panel mor-hand"><div class="rg-section">Your hand</div>'
                    f'<div class="rg-note">{text}</div></div>')
        state = self.state
        numbers = "".join(number_tile(c) for c in state.hand_numbers[v])
        rules = rule_tiles(state.hand_rules[v])
        return (f'<div class="mor-area rg-panel mor-hand"><div class="rg-section">Your hand — '
                f'{esc(self.seat_label(v))}</div><div class="rg-note">Only you can see these cards.</div>'
                f'<div class="mor-row" style="margin-top:6px">{numbers or "<span class=rg-muted>no Number card</span>"}'
                f'</div><div class="mor-row" style="margin-top:6px">{rules or "<span class=rg-muted>no Rule card</span>"}'
                f'</div></div>')

    def _last_judging_html(self) -> str:
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
                who = e.params.get("player") or e.params.get("dummy")
                cards.append(f'<div>{number_tile(CARD_OF_NAME[e.params["card"]], small=True)}'
                             f'<div class="mor-who">{esc(who)}</div></div>')
            elif e.kind in JUDGE_KINDS:
                ok = e.kind.endswith("fulfilled")
                mark = '<span class="mor-ok">✔ fulfilled</span>' if ok else '<span class="mor-ko">✘ failed</span>'
                kept = " — kept, +1 point" if e.kind == "judge_fulfilled" else \
                    (" — a dummy keeps nothing" if e.kind.startswith("dummy") else "")
                rows.append(f'<tr><td><b>{esc(e.params["player"])}</b></td><td>{esc(e.params["rule"])}</td>'
                            f'<td>{mark}</td><td class="rg-note">{esc(e.params["reason"])}{kept}</td></tr>')
        state = self.state
        fresh = all(c is None for c in state.table_numbers) and all(r is None for r in state.table_rules)
        return (f'<details class="mor-last rg-panel mor-lastbox"{" open" if fresh else ""}><summary>Last judging '
                f'(transaction {number}): the five Number cards and every Rule card</summary>'
                f'<div class="mor-row" style="margin:6px 0">{"".join(cards)}</div>'
                f'<table class="mor-judging">{"".join(rows)}</table></details>')

    # ------------------------------------------------------------------ words
    def header_html(self) -> str:
        """Title and where we are in the game."""
        s = self.state
        if s.is_terminal():
            where = f"Game over after {s.transactions} transactions"
        else:
            where = (f"Transaction {s.transaction + 1} of {s.transactions} · "
                     f"{'first' if s.round == 1 else 'second'} round of cards · "
                     f"first player: {self.seat_label(s.first_player)}")
        dummies = len(s.table_numbers) - self.players  # the table always has five seats
        extra = f" + {dummies} dumm{'y' if dummies == 1 else 'ies'}" if dummies else ""
        return (f'<div class="rg-header"><div class="rg-title">Master of Rules</div>'
                f'<div class="rg-subtitle">{where} · {self.players} players{extra} · seed {self.seed}</div></div>')

    def banner_html(self) -> str:
        """What the player to move must do, in plain words."""
        s = self.state
        p = s.current_player
        if s.is_terminal():
            final = next((e.text() for e in reversed(s.events) if e.kind == "final_scores"), "The game is over.")
            return f'<div class="rg-banner rg-banner-over">Game over. {esc(final)}</div>'
        if p < 0:
            return '<div class="rg-banner rg-banner-bot">A card is being drawn…</div>'
        kinds = {a.kind for a in s.legal_actions()}
        if kinds & {"take_number", "take_rule"}:
            what = "Number" if "take_number" in kinds else "Rule"
            task = f"take a {what} card from the display"
            why = f"You played a {what} card, so you refill with a {what} card."
        elif kinds == {"play_nothing"}:
            task = "no card of the required type — pass"
            why = "In the second round you must play the other type than in the first round."
        elif kinds == {"play_number"}:
            task = "play a Number card"
            why = ("Second round: you played a Rule card first, so now a Number card."
                   if s.round == 2 else "You have no Rule card you may play.")
        elif kinds == {"play_rule"}:
            task = "play a Rule card"
            why = ("Second round: you played a Number card first, so now a Rule card."
                   if s.round == 2 else "You have no Number card.")
        else:
            task = "play a card — Number or Rule"
            why = "In the second round you will play the other type."
        if s.transaction == s.transactions - 1 and "take" not in task:
            why += " Final transaction: nobody refills."
        if self.is_human(p):
            head = f"{self.seat_label(p)} (you): {task}"
            kind = "you"
        else:
            head = f"{self.seat_label(p)} ({self.seats[p]} bot) must {task}"
            kind = "bot"
            why = "Watch it play." if self.auto and self.live() else "Press Step to let it play."
        return f'<div class="rg-banner rg-banner-{kind}">{esc(head)}<small>{esc(why)}</small></div>'

    def decision_title(self, player: int) -> str:
        """Heading above the buttons."""
        return f"Your choices, {self.seat_label(player)}"

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
        v = self._viewer
        if v is None or s.is_terminal():
            return "Odds are shown for a human player during the game."
        if s.current_player != v:
            return f"Your odds appear when it is your turn ({self.seat_label(v)})."
        played = s.table_numbers[v]
        if played is not None:
            cards = [played]
            odds = [rule_odds(s, v)]
        elif s.hand_numbers[v]:
            cards = list(s.hand_numbers[v])
            odds = [rule_odds(s, v, c) for c in cards]
        else:
            return "You hold no Number card."
        names = [card_name(c) + (" (played)" if played is not None else "") for c in cards]
        series = {rule_name(r): [o[r] for o in odds] for r in RULES}
        title = f"{self.seat_label(v)}: chance each rule is fulfilled"
        return title, names, series

    def update_odds(self) -> None:
        """Exact odds (computed only when the odds tab is open and it is the viewer's turn; cached)."""
        key = (self._version, self._viewer, self.teacher)
        if getattr(self, "_odds_key", None) == key:
            return
        self._odds_key = key
        data = self.odds_data()
        if isinstance(data, str):
            if not self.odds_panel.series:
                self.odds_panel.clear(data)
            else:
                self.odds_panel.note.value = f'<div class="rg-note">{esc(data)} Below: the odds at your last turn.</div>'
            return
        title, names, series = data
        note = ("Exact probabilities from what you can see (your hand, the table, the display and the discards): "
                "the cards still to come are equally likely to be any card you cannot see. "
                "Support Right depends on the rule the player on your right plays.")
        self.odds_panel.show(title, names, series, x_label="if you play this Number card", note=note,
                             colors=[RULE_HEX[r] for r in RULES])
