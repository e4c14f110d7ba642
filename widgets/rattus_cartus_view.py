"""Rattus Cartus as HTML: the players, the six influence tracks, the buildings of the round, the nun row and a hand.

Everything is drawn from ``observation(viewer)`` and the game's exported ``Comp`` (names, classes, nun symbols);
cards come as the observation gives them ("magic-03", "sword"), buildings by their card id ("castle-S4").
"""
from __future__ import annotations

from typing import Sequence

from ratgames_lab.rattus_cartus import Comp

from .common.theme import element, esc
from .common.translate import N_, _, ngettext

PHASES = {"A": N_("A · new buildings"), "B": N_("B · support actions"), "C": N_("C · visiting the buildings"),
          "D": N_("D · resolution"), "E": N_("E · end of the round"), "end": N_("the plague: game over")}
PLACES = (N_("1st"), N_("2nd"), N_("3rd"), N_("4th"), N_("5th"))


def rules_in_brief() -> str:
    """How to play (the rules in brief), a fold-out in the current language."""
    items = [
        _("Each <b>round</b>, new <b>buildings</b> are revealed (A). Everyone uses the <b>support action</b> of one of "
          "them (B): draw cards, discard rats, look secretly at a card of the <b>nun row</b>…"),
        _("Then, in turn, you <b>enter</b> one building and announce how many cards you place <b>face down</b> (C), "
          "or play a <b>Pass</b> to wait and come back later. Gold can never be placed."),
        _("Buildings are resolved one by one (D): each Population or Joker card gives 1 <b>influence</b> in the "
          "building's class; a Population card of another class than the building also gives you a <b>rat</b>. "
          "Swords and Flutes fight. Whoever played the most Population and Joker cards here gets the "
          "<b>privilege</b> action (a tie: who entered first), every other entrant a basic action."),
        _("At the end, the six <b>influence tracks</b> give points (10/5/2; ties go to who arrived first), plus hand, "
          "special-card and Gold majorities and VP tokens."),
        _("But first the <b>plague</b>: the nun row is revealed. Whoever has <b>more rats than nun symbols</b> dies and "
          "cannot win. Watch your survival gauge!"),
    ]
    summary = _("How to play (the rules in brief)")
    return (f'<details class="rg-brief"><summary>{esc(summary)}</summary><ol>'
            + "".join(f"<li>{item}</li>" for item in items) + "</ol></details>")


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
        nun_words = ngettext("{n} nun", "{n} nuns", nuns).format(n=nuns)
        person = self.comp.cards.persons[self.comp.card_class[code]]
        return (f'<div class="rc-card rc-{cls}{size}" data-card="{esc(card)}" title="{esc(self.card_title(card))}">'
                f'<span class="rc-person">{esc(person)}</span><span class="rc-nuns">{"✝" * nuns or "–"}</span>'
                f'<span class="rc-id">{esc(nun_words)}</span></div>')

    def back_tile(self, count: int, note: str) -> str:
        """A face-down stack with its count."""
        return f'<div class="rc-card rc-back rc-mini" title="{esc(note)}"><span>{count}</span></div>'

    # ------------------------------------------------------------------ panels
    def _vp(self, tokens: int, final: int | None) -> str:
        """'2 VP tokens' during the game (most points come at the end), the final score once scored."""
        if final is not None:
            title, vp = _("final score: see the table below"), _("VP")
            return f'<span class="rc-final-vp" title="{esc(title)}"><b>{final}</b> {esc(vp)}</span>'
        worth = self.comp.cards.vp_value
        title = _("VP tokens, worth {n} VP each at the end; the tracks and majorities are scored only at the end")
        return element("span", "", ngettext("{n} VP token", "{n} VP tokens", tokens).format(n=tokens),
                       title.format(n=worth))


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
                tags += element("span", "rc-tag rc-tag-first", _("★ first"), _("first player this round"))
            if p in winners:
                tags += element("span", "rc-tag rc-tag-win", _("winner"))
            rats = "?" if hide_rats else str(obs["rats"][p])
            slot = obs["entered"][p]
            where = _("in building #{n}").format(n=slot + 1) if slot >= 0 else ""
            cards = obs["hand_sizes"][p]
            rat_title = _("rats: more than the nun row's nuns and you die")
            rat_word = ngettext("rat", "rats", 2 if hide_rats else obs["rats"][p])
            in_hand = element("span", "", ngettext("{n} card", "{n} cards", cards).format(n=cards), _("cards in hand"))
            line = (f'<span class="rc-rats" data-seat="{p}" title="{esc(rat_title)}"><b>{rats}</b> {esc(rat_word)}</span>'
                    f'{in_hand}{self._vp(obs["vp_tokens"][p], finals[p] if finals else None)}'
                    f'<span class="rc-where">{esc(where)}</span>')
            hand = ""
            if p in hands:
                hand = f'<div class="rc-row">{"".join(self.card_tile(c, small=True) for c in hands[p])}</div>'
            elif obs["viewer"] >= 0 and obs["known_in_hands"].get(str(p)):
                seen = obs["known_in_hands"][str(p)]
                saw = _("cards you saw go into this hand")
                hand = (f'<div class="rc-row" title="{esc(saw)}">'
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
                place = _(PLACES[k])
                pts = " " + _("→ {n} pts").format(n=points[k]) if k < len(points) else ""
                tied = [q for q in order if q != p and inf[q] == inf[p]]
                why = " " + (_("(tied; arrived first)") if order.index(tied[0]) > k else
                             _("(tied; arrived later)")) if tied else ""
                cells.append(f'<td title="{esc(place + pts + why)}"><b>{inf[p]}</b> '
                             f'<span class="rc-place">{esc(place)}</span></td>')
            rows.append(f'<tr><th class="rc-cls rc-{cls}">{esc(self.comp.cards.class_names[c])}</th>{"".join(cells)}'
                        f'</tr>')
        pts = "/".join(str(x) for x in points)
        places = "/".join(_(x) for x in PLACES[:min(len(points), 3)])
        note = _("At the end, {places} place on each track score {points} points. Equal influence: whoever arrived "
                 "there first ranks higher.").format(places=places, points=pts)
        title = _("Influence tracks")
        return (f'<div class="rg-panel rc-tracks"><div class="rg-section">{esc(title)}</div>'
                f'<div class="rg-note">{esc(note)}</div>'
                f'<table class="rc-track"><tr><th></th>{head}</tr>{"".join(rows)}</table></div>')

    def buildings_html(self, obs: dict, placed_all: list | None) -> str:
        """The buildings of the round: class, support action, entrants in entry order and their cards."""
        if not obs["row"]:
            title, none = _("Buildings"), _("No building is out: the next round reveals new ones.")
            return (f'<div class="rg-panel rc-buildings"><div class="rg-section">{esc(title)}</div>'
                    f'<div class="rg-note">{esc(none)}</div></div>')
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
                    down = ngettext("{n} card face down", "{n} cards face down", cards).format(n=cards)
                    tiles = self.back_tile(cards, down) if cards else element("span", "rg-muted", _("no card"))
                else:
                    tiles = "".join(self.card_tile(c, small=True) for c in cards)
                task = obs["task"]
                if task[:1] == ["place"] and task[1] == p and task[2] == slot:
                    tiles += element("span", "rc-where", _("{n} more to place").format(n=task[3]))
                tiles = tiles or element("span", "rg-muted", _("no card"))
                rows.append(f'<div class="rc-entrant"><span class="rc-chip rc-c{p}">{k + 1}. '
                            f'{esc(self.seat(p))}</span>{tiles}</div>')
            state = ("resolved" if slot < obs["revealed"] else "open")
            body = "".join(rows) or element("div", "rg-muted", _("nobody yet"))
            resolved = " " + element("span", "rc-where", _("resolved")) if state == "resolved" else ""
            support_line = _("Support: {action}").format(action=support)
            boxes.append(f'<div class="rc-building rc-b-{cls} rc-{state}" data-slot="{slot}">'
                         f'<div class="rc-bname">#{slot + 1} {esc(name)}{resolved}'
                         f'<span class="rc-bclass">{esc(self.comp.cards.class_names[self.classes.index(cls)])}'
                         f'</span></div><div class="rc-support" title="{esc(bid)}">{esc(support_line)}</div>'
                         f'{body}</div>')
        title = _("Buildings this round")
        return (f'<div class="rg-panel"><div class="rg-section">{esc(title)}</div>'
                f'<div class="rc-buildings">{"".join(boxes)}</div></div>')

    def nun_row_html(self, obs: dict, full: list[str] | None) -> str:
        """The five nun-row cards: face down unless this player (or the teacher view) knows them; who looked where."""
        tiles = []
        for i, card in enumerate(obs["nun_row"]):
            lookers = [p for p in range(obs["players"]) if i in obs["looks"][p]]
            dots = "".join(element("span", f"rc-dot rc-c{p}", "", _("{player} looked").format(player=self.seat(p)))
                           for p in lookers)
            shown = card or (full[i] if full else None)
            down = _("face down: you have not looked")
            tile = self.card_tile(shown) if shown else \
                f'<div class="rc-card rc-back" title="{esc(down)}"><span>?</span></div>'
            tiles.append(f'<div class="rc-nun" data-pos="{i}">{tile}<div class="rc-dots">#{i + 1} {dots}</div></div>')
        title = _("Nun row")
        note = _("At the end, players with more rats than the row's nun symbols (✝) die. Dots: who has looked at a "
                 "card.")
        return (f'<div class="rg-panel rc-nunrow"><div class="rg-section">{esc(title)}</div>'
                f'<div class="rg-note">{esc(note)}</div><div class="rc-row">{"".join(tiles)}</div></div>')

    def hand_html(self, title: str, hand: list[str] | None, note: str = "") -> str:
        """The viewer's hand as big tiles."""
        if hand is None:
            body = f'<div class="rg-note">{esc(note)}</div>'
        else:
            body = "".join(self.card_tile(c) for c in hand) or element("span", "rg-muted", _("no card"))
        return (f'<div class="rg-panel rc-hand"><div class="rg-section">{esc(title)}</div>'
                f'<div class="rc-row">{body}</div></div>')


__all__ = ["CartusText", "PHASES", "rules_in_brief"]
