"""Rattus Cartus as HTML: the players, the six influence tracks, the buildings of the round, the nun row and a hand.

Everything is drawn from ``observation(viewer)`` and the game's exported ``Comp`` (names, classes, nun symbols);
cards come as the observation gives them ("magic-03", "sword"), buildings by their card id ("castle-S4").
"""
from __future__ import annotations

from typing import Sequence

from ratgames_lab.rattus_cartus import Comp

from .common.theme import esc

PHASES = {"A": "A · new buildings", "B": "B · support actions", "C": "C · visiting the buildings",
          "D": "D · resolution", "E": "E · end of the round", "end": "the plague: game over"}
PLACES = ("1st", "2nd", "3rd", "4th", "5th")

RULES_IN_BRIEF = """<details class="rg-brief"><summary>How to play (the rules in brief)</summary><ol>
<li>Each <b>round</b>, new <b>buildings</b> are revealed (A). Everyone uses the <b>support action</b> of one of
them (B): draw cards, discard rats, look secretly at a card of the <b>nun row</b>…</li>
<li>Then, in turn, you <b>enter</b> one building and announce how many cards you place <b>face down</b> (C), or
play a <b>Pass</b> to wait and come back later. Gold can never be placed.</li>
<li>Buildings are resolved one by one (D): each Population or Joker card gives 1 <b>influence</b> in the
building's class; a Population card of another class than the building also gives you a <b>rat</b>.
Swords and Flutes fight. Whoever played the most Population and Joker cards here gets the
<b>privilege</b> action (a tie: who entered first), every other entrant a basic action.</li>
<li>At the end, the six <b>influence tracks</b> give points (10/5/2; ties go to who arrived first), plus hand,
special-card and Gold majorities and VP tokens.</li>
<li>But first the <b>plague</b>: the nun row is revealed. Whoever has <b>more rats than nun symbols</b> dies and
cannot win. Watch your survival gauge!</li></ol></details>"""


class CartusText:
    """Names and tiles of one game's components (from its ``Comp``)."""

    def __init__(self, comp: Comp):
        self.comp = comp
        self.classes = comp.cards.class_ids

    # ------------------------------------------------------------------ names
    def seat(self, p: int) -> str:
        """A player's colour, their name in the game."""
        return self.comp.colour(p)

    def card_class(self, card: str) -> str:
        """The class id of a Population card, or 'special'."""
        code = self.comp.card_index[card]
        return self.classes[self.comp.card_class[code]] if code < self.comp.npop else "special"

    def card_title(self, card: str) -> str:
        """'Witch (magic-03, 4 nuns)' or 'Sword'."""
        return self.comp.card_label(self.comp.card_index[card])

    def building(self, bid: str) -> tuple[str, str, str]:
        """(type name, class id, support text) of a building card."""
        bd = self.comp.buildings
        b = self.comp.building_index[bid]
        s = bd.card_support[b]
        return bd.type_names[bd.card_type[b]], self.classes[bd.card_class[b]], bd.support_text[s]

    # ------------------------------------------------------------------ tiles
    def card_tile(self, card: str, small: bool = False) -> str:
        """A card: person and nun symbols on its class colour, or a special card."""
        code = self.comp.card_index[card]
        cls = self.card_class(card)
        size = " rc-mini" if small else ""
        if code >= self.comp.npop:
            return (f'<div class="rc-card rc-special rc-{card}{size}" title="{esc(self.card_title(card))}">'
                    f'<span class="rc-person">{esc(self.comp.card_label(code))}</span></div>')
        nuns = self.comp.nuns[code]
        person = self.comp.cards.persons[self.comp.card_class[code]]
        return (f'<div class="rc-card rc-{cls}{size}" data-card="{esc(card)}" title="{esc(self.card_title(card))}">'
                f'<span class="rc-person">{esc(person)}</span><span class="rc-nuns">{"✝" * nuns or "–"}</span>'
                f'<span class="rc-id">{nuns} nun{"s" if nuns != 1 else ""}</span></div>')

    def back_tile(self, count: int, note: str) -> str:
        """A face-down stack with its count."""
        return f'<div class="rc-card rc-back rc-mini" title="{esc(note)}"><span>{count}</span></div>'

    # ------------------------------------------------------------------ panels
    def _vp(self, tokens: int, final: int | None) -> str:
        """'2 VP tokens' during the game (most points come at the end), the final score once scored."""
        if final is not None:
            return f'<span class="rc-final-vp" title="final score: see the table below"><b>{final}</b> VP</span>'
        worth = self.comp.cards.vp_value
        return (f'<span title="VP tokens, worth {worth} VP each at the end; the tracks and majorities are scored '
                f'only at the end">{tokens} VP token{"s" if tokens != 1 else ""}</span>')


    def seats_html(self, obs: dict, labels: Sequence[str], hands: dict[int, list[str]], winners: Sequence[int],
                   hide_rats: bool, finals: Sequence[int] | None = None) -> str:
        """One box per player: rats, hand size, VP tokens (the final score once ``finals`` is given), where they
        entered; hands shown if given."""
        boxes = []
        n = obs["players"]
        for p in range(n):
            classes = "rc-seat" + (" rc-turn" if p == obs["to_move"] else "")
            tags = labels[p]
            if p == obs["first"] and obs["phase"] != "end":
                tags += '<span class="rc-tag rc-tag-first" title="first player this round">★ first</span>'
            if p in winners:
                tags += '<span class="rc-tag rc-tag-win">winner</span>'
            rats = "?" if hide_rats else str(obs["rats"][p])
            slot = obs["entered"][p]
            where = f"in building #{slot + 1}" if slot >= 0 else ""
            cards = obs["hand_sizes"][p]
            line = (f'<span class="rc-rats" data-seat="{p}" title="rats: more than the nun row\'s nuns and you die">'
                    f'<b>{rats}</b> {"rat" if rats == "1" else "rats"}</span><span title="cards in hand">{cards} card{"s" if cards != 1 else ""}'
                    f'</span>{self._vp(obs["vp_tokens"][p], finals[p] if finals else None)}'
                    f'<span class="rc-where">{where}</span>')
            hand = ""
            if p in hands:
                hand = f'<div class="rc-row">{"".join(self.card_tile(c, small=True) for c in hands[p])}</div>'
            elif obs["viewer"] >= 0 and obs["known_in_hands"].get(str(p)):
                seen = obs["known_in_hands"][str(p)]
                hand = (f'<div class="rc-row" title="cards you saw go into this hand">'
                        f'{"".join(self.card_tile(c, small=True) for c in seen)}</div>')
            boxes.append(f'<div class="{classes}" data-seat="{p}"><div class="rc-seat-name rc-c{p}">{tags}</div>'
                         f'<div class="rc-line">{line}</div>{hand}</div>')
        return f'<div class="rc-seats">{"".join(boxes)}</div>'

    def tracks_html(self, obs: dict) -> str:
        """The six influence tracks: each player's influence, and their place (ties: who arrived first)."""
        n = obs["players"]
        points = self.comp.track_points
        head = "".join(f'<th class="rc-c{p}">{esc(self.seat(p))}</th>' for p in range(n))
        rows = []
        for c, cls in enumerate(self.classes):
            inf, arr = obs["influence"][cls], obs["arrival"][cls]
            order = sorted((p for p in range(n) if inf[p] > 0), key=lambda p: (-inf[p], arr[p]))
            cells = []
            for p in range(n):
                if inf[p] <= 0:
                    cells.append('<td class="rc-zero">0</td>')
                    continue
                k = order.index(p)
                pts = f" → {points[k]} pts" if k < len(points) else ""
                tied = [q for q in order if q != p and inf[q] == inf[p]]
                why = f" (tied; arrived {'first' if order.index(tied[0]) > k else 'later'})" if tied else ""
                cells.append(f'<td title="{esc(PLACES[k] + pts + why)}"><b>{inf[p]}</b> '
                             f'<span class="rc-place">{PLACES[k]}</span></td>')
            rows.append(f'<tr><th class="rc-cls rc-{cls}">{esc(self.comp.cards.class_names[c])}</th>{"".join(cells)}'
                        f'</tr>')
        pts = "/".join(str(x) for x in points)
        return (f'<div class="rg-panel rc-tracks"><div class="rg-section">Influence tracks</div>'
                f'<div class="rg-note">At the end, 1st/2nd{"/3rd" if len(points) > 2 else ""} place on each track '
                f'score '
                f'{pts} points. Equal influence: whoever arrived there first ranks higher.</div>'
                f'<table class="rc-track"><tr><th></th>{head}</tr>{"".join(rows)}</table></div>')

    def buildings_html(self, obs: dict, placed_all: list | None) -> str:
        """The buildings of the round: class, support action, entrants in entry order and their cards."""
        if not obs["row"]:
            return ('<div class="rg-panel rc-buildings"><div class="rg-section">Buildings</div>'
                    '<div class="rg-note">No building is out: the next round reveals new ones.</div></div>')
        boxes = []
        for slot, bid in enumerate(obs["row"]):
            name, cls, support = self.building(bid)
            entrants = obs["entrants"][slot] if slot < len(obs["entrants"]) else []
            rows = []
            for k, p in enumerate(entrants):
                cards = obs["placed"][slot][k]
                if isinstance(cards, int) and placed_all is not None:
                    cards = placed_all[slot][k]
                if isinstance(cards, int):
                    tiles = self.back_tile(cards, f"{cards} card(s) face down") if cards else \
                        '<span class="rg-muted">no card</span>'
                else:
                    tiles = "".join(self.card_tile(c, small=True) for c in cards)
                task = obs["task"]
                if task[:1] == ["place"] and task[1] == p and task[2] == slot:
                    tiles += f'<span class="rc-where">{task[3]} more to place</span>'
                tiles = tiles or '<span class="rg-muted">no card</span>'
                rows.append(f'<div class="rc-entrant"><span class="rc-chip rc-c{p}">{k + 1}. '
                            f'{esc(self.seat(p))}</span>{tiles}</div>')
            state = ("resolved" if slot < obs["revealed"] else "open")
            body = "".join(rows) or '<div class="rg-muted">nobody yet</div>'
            boxes.append(f'<div class="rc-building rc-b-{cls} rc-{state}" data-slot="{slot}">'
                         f'<div class="rc-bname">#{slot + 1} {esc(name)}'
                         f'{"<span class=rc-where> resolved</span>" if state == "resolved" else ""}'
                         f'<span class="rc-bclass">{esc(self.comp.cards.class_names[self.classes.index(cls)])}'
                         f'</span></div><div class="rc-support" title="{esc(bid)}">Support: {esc(support)}</div>'
                         f'{body}</div>')
        return (f'<div class="rg-panel"><div class="rg-section">Buildings this round</div>'
                f'<div class="rc-buildings">{"".join(boxes)}</div></div>')

    def nun_row_html(self, obs: dict, full: list[str] | None) -> str:
        """The five nun-row cards: face down unless this player (or the teacher view) knows them; who looked where."""
        tiles = []
        for i, card in enumerate(obs["nun_row"]):
            lookers = [p for p in range(obs["players"]) if i in obs["looks"][p]]
            dots = "".join(f'<span class="rc-dot rc-c{p}" title="{esc(self.seat(p))} looked"></span>'
                           for p in lookers)
            shown = card or (full[i] if full else None)
            tile = self.card_tile(shown) if shown else \
                '<div class="rc-card rc-back" title="face down: you have not looked"><span>?</span></div>'
            tiles.append(f'<div class="rc-nun" data-pos="{i}">{tile}<div class="rc-dots">#{i + 1} {dots}</div></div>')
        return (f'<div class="rg-panel rc-nunrow"><div class="rg-section">Nun row</div>'
                f'<div class="rg-note">At the end, players with more rats than the row\'s nun symbols (✝) die. '
                f'Dots: who has looked at a card.</div><div class="rc-row">{"".join(tiles)}</div></div>')

    def hand_html(self, title: str, hand: list[str] | None, note: str = "") -> str:
        """The viewer's hand as big tiles."""
        if hand is None:
            body = f'<div class="rg-note">{esc(note)}</div>'
        else:
            body = "".join(self.card_tile(c) for c in hand) or '<span class="rg-muted">no card</span>'
        return (f'<div class="rg-panel rc-hand"><div class="rg-section">{esc(title)}</div>'
                f'<div class="rc-row">{body}</div></div>')


__all__ = ["CartusText", "PHASES", "RULES_IN_BRIEF"]
