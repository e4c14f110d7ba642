"""What the Rattus dashboard shows, computed from the public API: the board frame (from ``observation(viewer)``, the
events and, in teacher view only, the full position) and the HTML panels beside the map (players, class cards, the
plague of this turn, secret knowledge). Hidden token identities reach the page only when the viewer may know them.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Sequence

from ratgames_lab.rattus import CLASS_FRENCH, CLASS_NAMES, CLASSES, COLOURS, SYMBOL_NAMES

from .common.end_screen import score_table_html
from .common.theme import element, esc
from .common.translate import _, ngettext
from .rattus_map import PLAYER_HEX, PLAYER_TEXT, TokenShown
from .rattus_parts import POWERS, SYMBOL_SHORT


@dataclasses.dataclass
class BoardFrame:
    """The board shown: the position, or an earlier moment of the move being played back. ``rats[r]`` lists the
    tokens of region ``names[r]``: a token id when the viewer may know it, else None (face down)."""

    names: list[str]
    cubes: list[list[int]]
    rats: list[list[str | None]]
    reserve: list[int]
    castle: list[int]
    plague: str


def board_frame(obs: dict, events: Sequence[Any], shown: int, position: dict | None) -> BoardFrame:
    """The board after ``shown`` events: the observation with the later reveals undone. ``position`` (the full
    position, teacher view only) gives every token's identity."""
    names = list(obs["regions"])
    cubes = [obs["regions"][n]["cubes"][:] for n in names]
    if position is not None:
        rats: list[list[str | None]] = [list(position["regions"][n]["rats"]) for n in names]
    else:
        rats = [[None] * obs["regions"][n]["rats"] for n in names]
        for peek in obs["peeks"]:
            rats[names.index(peek["region"])][peek["slot"]] = peek["token"]["id"]
    reserve, castle = obs["reserve"][:], obs["castle"][:]
    colours = obs["colours"]
    for e in reversed(events[shown:]):
        params = e.params
        if e.kind == "cube_lost":
            r, p = names.index(params["region"]), colours.index(params["player"])
            cubes[r][p] += 1
            reserve[p] -= 1
        elif e.kind == "reveal":
            rats[names.index(params["region"])].insert(params["slot"] - 1,
                                                       params["id"] if position is not None else None)
    return BoardFrame(names, cubes, rats, reserve, castle, obs["plague"])


class TokenBook:
    """Threshold and symbols of a token by id (the game's token set: the public list of every token)."""

    def __init__(self, tokens: Any):
        self.tokens = tokens

    def threshold(self, tid: str) -> int:
        """The token's threshold."""
        return self.tokens.threshold[self.tokens.index[tid]]

    def symbols(self, tid: str) -> tuple[str, ...]:
        """The token's symbols (M, A, class names)."""
        return self.tokens.symbols[self.tokens.index[tid]]

    def badges(self, tid: str) -> str:
        """The symbols as small badges."""
        return "".join(f'<span class="rt-sym rt-sym-{x if x in "MA" else "c"}" title="{esc(SYMBOL_NAMES[x])}">'
                       f'{esc(SYMBOL_SHORT[x])}</span>' for x in self.symbols(tid)) or esc(_("no symbol"))

    def shown(self, tid: str | None, slot: int, region: str, how: str) -> TokenShown:
        """How the map draws a token: face down (no identity), or its threshold with a tooltip."""
        if tid is None:
            return TokenShown("", _("Face-down rat token #{n} in {region}").format(n=slot + 1, region=region), False)
        symbols = ", ".join(SYMBOL_NAMES[x] for x in self.symbols(tid)) or _("no symbol")
        text = _("Rat token #{n} in {region} ({how}): threshold {threshold}, symbols: {symbols}").format(
            n=slot + 1, region=region, how=how, threshold=self.threshold(tid), symbols=symbols)
        return TokenShown(str(self.threshold(tid)), text, True)


def players_html(obs: dict, f: BoardFrame, tags: list[str], winner: int | None, turn: int | None) -> str:
    """One row per player: cubes on the map, in the Castle, in reserve, total and class cards."""
    n = obs["players"]
    totals = [f.castle[p] + sum(c[p] for c in f.cubes) for p in range(n)]
    rows = []
    for p in range(n):
        tag = tags[p] + (element("span", "rt-tag rt-tag-win", _("winner")) if winner == p else "")
        cards = " ".join(CLASS_NAMES[c] for c in CLASSES if obs["classes"][c] == p) or "—"
        cls = ' class="rt-turn"' if p == turn else ""
        rows.append(f'<tr{cls} data-seat="{p}"><td class="rt-who"><span class="rt-swatch" '
                    f'style="background:{PLAYER_HEX[p]}"></span><b>{esc(COLOURS[p])}</b>{tag}</td>'
                    f'<td>{totals[p] - f.castle[p]}</td><td>{f.castle[p]}</td><td>{f.reserve[p]}</td>'
                    f'<td><b class="rt-total" data-seat="{p}">{totals[p]}</b></td><td>{esc(cards)}</td></tr>')
    heads = ((_("map"), _("cubes on the map")), (_("Castle"), _("safe cubes")), (_("reserve"), _("cubes not placed yet")),
             (_("total"), _("map + Castle: the score")), (_("cards"), ""))
    head = "<tr><th></th>" + "".join(element("th", "", h, t) for h, t in heads) + "</tr>"
    removed = " · " + _("{n} removed unseen").format(n=obs["removed"]) if obs["removed"] else ""
    facts = _("Rat tokens: <b>{supply}</b> face down in the supply{removed} · <b>{revealed}</b> revealed. The game "
              "ends after the turn in which the supply runs out or a player places their last cube.").format(
        supply=obs["supply"], removed=esc(removed), revealed=len(obs["revealed"]))
    return f'<table class="rt-players">{head}{"".join(rows)}</table><div class="rt-facts">{facts}</div>'


def secret_html(book: TokenBook, f: BoardFrame, obs: dict, teacher: bool) -> str:
    """Teacher view: every face-down token; otherwise the viewer's own Witch peeks ("Only you know")."""
    if teacher:
        rows = []
        for r, n in enumerate(f.names):
            if f.rats[r]:
                toks = " ".join(f'<span class="rt-token rt-token-s">{book.threshold(t)}</span>{book.badges(t)}'
                                for t in f.rats[r] if t is not None)
                rows.append(f"<tr><td><b>{esc(n)}</b></td><td>{toks}</td></tr>")
        every = _("<b>Teacher view:</b> every face-down token, in arrival order (number = threshold). Switch it off "
                  "before students play.")
        return f'<div class="rt-secret">{every}<table class="rt-teacher">{"".join(rows)}</table></div>'
    items = [_("token #{n} in <b>{region}</b>: threshold <b>{threshold}</b>").format(
        n=pk["slot"] + 1, region=esc(pk["region"]), threshold=pk["token"]["threshold"])
        + f' {book.badges(pk["token"]["id"])}' for pk in obs["peeks"]]
    only = _("<b>Only you know</b> (your Witch looked at them):")
    return (f'<div class="rt-secret">{only}{"".join(f"<div>{i}</div>" for i in items)}</div>' if items else "")


def cards_html(obs: dict, over: bool) -> str:
    """The six class cards: who holds each, its power, whether it was used this turn."""
    cards, powers = [], {c: _(POWERS[c]) for c in CLASSES}
    for c in CLASSES:
        owner = obs["classes"][c]
        fr_card, fr_class = CLASS_FRENCH[c]
        if owner is not None:
            style = f' style="background:{PLAYER_HEX[owner]};color:{PLAYER_TEXT[owner]}"'
            holder, cls = COLOURS[owner], "rt-card"
        else:
            style, holder, cls = "", _("on the table"), "rt-card rt-card-free"
        used = element("div", "rt-used", _("used this turn")) if c in obs["used"] and not over else ""
        cards.append(f'<div class="{cls}" data-card="{c}" title="{esc(fr_card)} ({esc(fr_class)})">'
                     f'<div class="rt-card-head"{style}><span>{esc(CLASS_NAMES[c])}</span>'
                     f'<small>{esc(holder)}</small></div><div class="rt-card-power">{esc(powers[c])}</div>'
                     f'{used}</div>')
    return f'<div class="rt-cards">{"".join(cards)}</div>'


def plague_html(book: TokenBook, events: Sequence[Any], limit: int, playing: bool) -> str:
    """The last plague move, its spread and every revealed token with its effect, as far as shown now."""
    start = next((i for i in range(limit - 1, -1, -1)
                  if events[i].kind in ("plague_move", "knight_move", "final_plague")), None)
    if start is None:
        not_yet = _("The plague has not moved yet. Each turn ends by moving it: new rats spread, then its tokens are "
                    "revealed while the region has cubes.")
        return f'<div class="rt-plague">{element("div", "rg-note", not_yet)}</div>'
    e0 = events[start]
    head = _("Final plague: every face-down token is revealed, region by region.") if e0.kind == "final_plague" \
        else e0.text()
    lines = [f'<div class="rt-plague-head">{esc(head)}</div>']
    spread = [e.params["region"] for e in events[start + 1:limit] if e.kind == "token_drawn"]
    if spread:
        lines.append(element("div", "rg-note", _("New rat tokens spread to: {regions}.").format(regions=", ".join(spread))))
    cards, harmless = [], []
    i = start + 1
    while i < limit and events[i].kind != "turn_start":
        e = events[i]
        if e.kind != "reveal":
            i += 1
            continue
        j = i + 1
        while j < limit and events[j].kind not in ("reveal", "ravage_end", "final_scores", "turn_start"):
            j += 1
        effects = events[i + 1:j]
        latest = j >= limit and playing
        if e0.kind == "final_plague" and not latest and any(
                x.kind == "no_effect" and x.params.get("cubes") == 0 for x in effects):
            harmless.append(f"{e.params.get('id')} ({e.params['region']})")
        else:
            cards.append(_reveal_card(book, e, effects, latest))
        i = j
    if cards:
        lines.append(f'<div class="rt-reveals">{"".join(cards)}</div>')
    ravaged = any(e.kind == "ravage_start" for e in events[start:limit])
    if harmless:
        lines.append(element("div", "rg-note", _("Also revealed in regions without cubes (no effect): {tokens}.")
                             .format(tokens=", ".join(harmless))))
    elif not ravaged:
        end = next((e for e in events[start:limit] if e.kind == "ravage_end"), None)
        lines.append(element("div", "rg-note", _("No token was revealed: the region has no rat token left or no cube.")
                             if end is not None and "no rat" in end.params.get("why", "") else
                             _("No ravage: the infected region has no cube or no rat token.")))
    return f'<div class="rt-plague">{"".join(lines)}</div>'


def _reveal_card(book: TokenBook, e: Any, effects: Sequence[Any], latest: bool) -> str:
    tid = e.params.get("id")
    region = e.params["region"]
    if tid not in book.tokens.index:
        return f'<div class="rt-reveal">{esc(e.text())}</div>'
    verdict = next((x for x in effects if x.kind in ("contamination", "no_effect")), None)
    hit = verdict is not None and verdict.kind == "contamination"
    if verdict is None:
        text = '<span class="rt-pending">…</span>'
    else:
        counted = esc(verdict.params.get("counted", ""))
        threshold = verdict.params["threshold"]
        text = (_("{counted} ≥ threshold {threshold}: <b>contamination!</b>") if hit else
                _("{counted} &lt; threshold {threshold}: no effect")).format(counted=counted, threshold=threshold)
    losses = []
    for x in effects:
        if x.kind == "cube_lost":
            p = COLOURS.index(x.params["player"])
            symbol = x.params["symbol"].replace(" (M)", "").replace(" (A)", "")
            losses.append(f'<span class="rt-loss" style="background:{PLAYER_HEX[p]};color:{PLAYER_TEXT[p]}" '
                          f'title="{esc(x.text())}">{esc(x.params["player"])} −1 ({esc(symbol)})</span>')
        elif x.kind in ("symbol_no_holder", "symbol_spared", "symbol_no_cube"):
            losses.append(f'<div class="rg-note">{esc(x.text())}</div>')
    where = _("<b>{token}</b> in {region}").format(token=esc(tid), region=esc(region))
    cls = "rt-reveal " + ("rt-hit" if hit else "rt-miss" if verdict is not None else "") + (
        " rt-latest" if latest else "")
    return (f'<div class="{cls}" data-token="{esc(tid)}"><div><span class="rt-token">{book.threshold(tid)}</span>'
            f'{where} {book.badges(tid)}</div><div class="rt-verdict">{text}</div>'
            f'<div>{"".join(losses)}</div></div>')


def score_rows(obs: dict) -> list[list[tuple[str, int]]]:
    """(source, points) of every player: 1 per cube still on the map, 1 per cube in the Castle."""
    rows = []
    for p in range(obs["players"]):
        board = sum(obs["regions"][r]["cubes"][p] for r in obs["regions"])
        castle = obs["castle"][p]
        rows.append([(what, n) for what, n in ((ngettext("cube on the map", "cubes on the map", board), board),
                                              (ngettext("cube in the Castle", "cubes in the Castle", castle), castle))
                      if n])
    return rows


def game_over_html(obs: dict, events: Sequence[Any], winner: int | None, totals: Sequence[int]) -> str:
    """The end screen: each player's cubes on the map plus the Castle, the winner, and the tie-break if one decided."""
    tie = next((e.text() for e in events if e.kind == "winner_tie"), "")
    note = (_("{tie} (the rulebook's tie-break)").format(tie=tie) if tie else
            _("The score is every cube still on the map plus the cubes in the Castle; a tie goes to the tied player "
              "who would have played next."))
    names = [COLOURS[p] for p in range(obs["players"])]
    return score_table_html(names, score_rows(obs), totals, [winner] if winner is not None else [], [note],
                            unit="points", title=_("Game over: how the cubes add up"))


__all__ = ["BoardFrame", "board_frame", "TokenBook", "players_html", "secret_html", "cards_html", "plague_html",
           "game_over_html", "score_rows"]
