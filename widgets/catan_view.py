"""Catan dashboard: HTML of the players (hands, development cards, VP, special cards), the bank, the banner's
tasks, the rules in brief, the end screen and the "My odds" table. Everything is drawn from observations."""
from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ratgames_lab.catan import DEV_NAMES, RESOURCES, BuildCity, BuildRoad, BuildSettlement, MoveRobber

from .catan_board import PLAYER_COLOURS, TERRAIN_COLOURS
from .common.theme import esc

# the board's click modes: the action each builds, its button, its hint, and what a click picks
MODES = {BuildSettlement: "settlement", BuildCity: "city", BuildRoad: "road", MoveRobber: "robber"}
MODE_LABELS = {"settlement": "Build a settlement", "city": "Upgrade to a city", "road": "Build a road",
               "robber": "Move the robber"}
MODE_HINTS = {"settlement": "Click a highlighted intersection to build a settlement there.",
              "city": "Click one of your highlighted settlements to make it a city.",
              "road": "Click a highlighted edge to build a road there.",
              "robber": "Click a highlighted tile to move the robber there."}
MODE_KIND = {"settlement": "node", "city": "node", "road": "edge", "robber": "tile"}
KIND_WORDS = {"node": "intersection", "edge": "edge", "tile": "tile"}

RULES_IN_BRIEF = """<details class="rg-panel ct-rules"><summary><b>How to play</b> (a turn in three steps)</summary>
<ol>
<li><b>Setup</b>: in snake order (1, 2, 3, 4, then 4, 3, 2, 1) each player places a settlement and a road
touching it. No settlement may be next to another (<i>distance rule</i>). The second settlement gives one card of
each tile around it.</li>
<li><b>Roll</b> the two dice: every tile showing the sum pays each settlement around it 1 card and each city 2,
to every player. The robber's tile pays nothing. <b>A 7</b>: everyone holding more than 7 cards discards half
(their choice), then the roller moves the robber and steals a random card from a player next to it.</li>
<li><b>Trade and build</b>: trade with the bank (4 identical cards for 1; 3 or 2 at your harbour) or offer a trade
to the other players; build a road (brick + lumber), a settlement (brick + lumber + wool + grain), a city
(3 ore + 2 grain on your settlement) or buy a development card (wool + grain + ore).</li>
</ol>
<div class="rg-note">Victory: 10 victory points <b>on your own turn</b> (settlement 1, city 2, Longest Road 2 for 5
roads or more in a row, Largest Army 2 for 3 Knights or more, hidden Victory Point cards 1 each).</div>
</details>"""

BANNER_TASKS = {
    "setup_settlement": ("place a settlement (setup)",
                         "Click a highlighted intersection: nothing may stand next to it. The heat map shows which "
                         "spots produce most."),
    "setup_road": ("place a road touching the settlement you just placed", "Click a highlighted edge."),
    "roll": ("roll the dice", "Before rolling you may play a Knight (it moves the robber)."),
    "robber": ("move the robber", "Click a highlighted tile: it produces nothing while the robber stands there; "
                                  "then you steal a card from a player next to it."),
    "victim": ("choose whom to steal a card from", "The card is drawn at random from that player's hand."),
    "main": ("trade, build, buy a development card, or end your turn",
             "Click the board to build (highlighted places), use the trade panel, or the buttons."),
    "road_building": ("place a free road (Road Building)", "Click a highlighted edge."),
    "trade_choose": ("close the trade with one player, or withdraw", "The trade panel shows every answer."),
}


def chip(seat: int) -> str:
    """A small square in the player's colour."""
    return f'<i class="ct-chip" style="background:{PLAYER_COLOURS[seat % len(PLAYER_COLOURS)]}"></i>'


def resource_chip(resource: str, count: int | str) -> str:
    """'3 ore' on the resource's colour."""
    return (f'<span class="ct-res ct-res-{resource}" style="background:{TERRAIN_COLOURS[resource]}" '
            f'title="{esc(resource)}">{esc(count)} {esc(resource)}</span>')


def hand_html(hand: dict | int, dev: dict, hidden_vp: int | None) -> str:
    """A hand: each resource when it is shown, else the card count; development cards likewise."""
    if isinstance(hand, dict):
        res = "".join(resource_chip(r, hand[r]) for r in RESOURCES if hand[r]) or '<span class="rg-muted">no card'\
                                                                                  '</span>'
        total = sum(hand.values())
        res += f' <span class="rg-muted">({total} card{"" if total == 1 else "s"})</span>'
    else:
        res = f'<span class="ct-count">{hand} card{"s" if hand != 1 else ""}</span> <span class="rg-muted">(hidden)'\
              f'</span>'
    if "hand" in dev:
        cards = [f"{n} {DEV_NAMES[c]}" for c, n in dev["hand"].items() if n]
        cards += [f"{n} {DEV_NAMES[c]} (bought this turn)" for c, n in dev["new"].items() if n]
        devs = ", ".join(cards) or "none"
    else:
        devs = f'{dev["count"]} (hidden)' if dev["count"] else "none"
    knights = dev["played"]["knight"]
    played = [f"{n} {DEV_NAMES[c]}" for c, n in dev["played"].items() if n and c != "knight"]
    extra = f'; played: {", ".join(played)}' if played else ""
    vp = f' · <b>{hidden_vp}</b> hidden VP card{"s" if hidden_vp != 1 else ""}' if hidden_vp else ""
    return (f'<div class="ct-hand">{res}</div><div class="ct-dev">Development cards: {esc(devs)} · Knights played: '
            f'<b>{knights}</b>{esc(extra)}{vp}</div>')


def own_hand_html(dash) -> str:
    """Your resources in one line for the dock beside the decision ('' without a human seat or at the end)."""
    me = dash.viewer()
    if me is None or dash.state.is_terminal():
        return ""
    hand = dash.observation(me)["hands"][me]
    if not isinstance(hand, dict):
        return ""
    chips = "".join(resource_chip(r, n) if r in TERRAIN_COLOURS else f'<span class="ct-res">{n} {esc(r)}</span>'
                    for r, n in hand.items() if n) or '<span class="rg-muted">no card</span>'
    return f'<div class="ct-hand ct-dock-hand"><b>Your hand:</b> {chips}</div>'


def players_html(obs: dict, names: Sequence[str], tags: Sequence[str], hands: Sequence[dict | None],
                 current: int) -> str:
    """One box per player: colour, name, VP, cards (shown or counted), development cards, special cards."""
    rows = []
    for p in range(obs["players"]):
        shown = hands[p]
        hand = shown["hands"][p] if shown is not None else obs["hands"][p]
        dev = shown["development"][p] if shown is not None else obs["development"][p]
        vp_all = shown["vp"][p] if shown is not None else obs["vp"][p]
        public = obs["vp"][p] if obs["viewer"] != p else None
        hidden = (dev["hand"]["victory_point"] + dev["new"]["victory_point"]) if "hand" in dev else None
        vp_text = f"{vp_all} VP" if shown is None or public is None or public == vp_all else \
            f"{vp_all} VP ({public} shown)"
        special = []
        if obs["longest_road"] == p:
            special.append('<span class="ct-badge">Longest Road +2</span>')
        if obs["largest_army"] == p:
            special.append('<span class="ct-badge">Largest Army +2</span>')
        roads = sum(1 for o in obs["roads"] if o == p)
        owner, level = obs["intersections"]["owner"], obs["intersections"]["level"]
        settlements = sum(1 for o, lv in zip(owner, level) if o == p and lv == 1)
        cities = sum(1 for o, lv in zip(owner, level) if o == p and lv == 2)
        cls = "ct-player" + (" ct-current" if p == current else "") + (" ct-active" if p == obs["active"] else "")
        rows.append(
            f'<div class="{cls}"><div class="ct-pname">{chip(p)}{esc(names[p])} {tags[p]}'
            f'<span class="ct-vp">{esc(vp_text)}</span></div>'
            f'<div class="ct-pieces">{settlements} settlement{"s" if settlements != 1 else ""} · {cities} '
            f'cit{"ies" if cities != 1 else "y"} · {roads} road{"s" if roads != 1 else ""} {"".join(special)}</div>'
            f'{hand_html(hand, dev, hidden)}</div>')
    bank = "".join(resource_chip(r, obs["bank"][r]) for r in RESOURCES)
    return (f'<div class="ct-players">{"".join(rows)}</div><div class="ct-bank"><b>Bank</b> {bank} · '
            f'{obs["deck"]} development cards left</div>')


def offer_terms(obs: dict) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """(what the active player gives, what they get) of the pending offer (two halves of equal length)."""
    offer = obs["offer"]
    half = len(offer) // 2
    return tuple(offer[:half]), tuple(offer[half:])


def goods_text(amounts: Sequence[int], goods: Sequence[str] = RESOURCES) -> str:
    """'2 brick + 1 cloth + $3' for counts of ``goods`` (money is written with a $)."""
    parts = [f"${n}" if g == "money" else f"{n} {g}" for g, n in zip(goods, amounts) if n]
    return " + ".join(parts) if parts else "nothing"


def answers_html(obs: dict, names: Sequence[str], goods: Sequence[str] = RESOURCES) -> str:
    """The pending offer and each other player's answer (accept, reject, counter-offer with its terms)."""
    if not obs["offer"]:
        return ""
    amounts_text = lambda x: goods_text(x, goods)  # noqa: E731
    active = obs["active"]
    give, get = offer_terms(obs)
    words = {"none": "has not answered yet", "reject": "rejects", "accept": "<b>accepts</b>"}
    rows = []
    for q in range(obs["players"]):
        if q == active:
            continue
        answer = obs["answers"][q]
        if answer == "counter":
            c = obs["counters"][q]
            half = len(c) // 2
            text = (f"<b>counters</b>: {esc(names[active])} would give {esc(amounts_text(tuple(c[:half])))} for "
                    f"{esc(amounts_text(tuple(c[half:])))}")
        else:
            text = words.get(answer, esc(answer))
        rows.append(f'<tr><td>{chip(q)}{esc(names[q])}</td><td class="ct-answer-{answer}">{text}</td></tr>')
    return (f'<div class="ct-offer"><b>{esc(names[active])} offers</b> {esc(amounts_text(give))} <b>for</b> '
            f'{esc(amounts_text(get))}</div><table class="ct-answers">{"".join(rows)}</table>')


def production_html(prod: dict, seven: Fraction, discard: Fraction, hand_size: int, name: str) -> str:
    """The "My odds" table: expected cards per roll of each resource, the total, its variance, the 7."""
    rows = "".join(f'<tr><td>{resource_chip(r, "")}</td><td>{_frac(prod["per_resource"][r])}</td>'
                   f'<td>{float(prod["per_resource"][r]):.3f}</td></tr>' for r in RESOURCES)
    return (f'<div class="rg-section">{esc(name)}: production per roll (exact)</div>'
            f'<table class="ct-odds"><tr><th>resource</th><th>expected cards</th><th>≈</th></tr>{rows}'
            f'<tr><th>all</th><th>{_frac(prod["mean"])}</th><th>{float(prod["mean"]):.3f}</th></tr>'
            f'<tr><td>variance</td><td>{_frac(prod["variance"])}</td><td>{float(prod["variance"]):.3f}</td></tr></table>'
            f'<div class="rg-note">Per roll of the dice, whoever rolls (everybody collects on every roll); the '
            f'robber\'s tile counts for nothing.</div>'
            f'<div class="ct-seven">Chance of a 7 on a roll: <b>{_frac(seven)}</b> ({float(seven):.1%}). With your '
            f'{hand_size} cards, the expected discard per roll is <b>{_frac(discard)}</b> card'
            f'{"" if discard == 1 else "s"} ({"you hold more than 7: a 7 costs you half" if hand_size > 7 else "7 cards or fewer: a 7 costs you nothing"}).</div>')


def _frac(p: Fraction) -> str:
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


__all__ = ["RULES_IN_BRIEF", "BANNER_TASKS", "players_html", "answers_html", "production_html",
           "hand_html", "own_hand_html", "chip", "resource_chip", "offer_terms", "goods_text"]
