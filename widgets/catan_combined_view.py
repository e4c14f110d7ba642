"""The combined variant's panels as HTML, drawn from observations only: the players (cards and commodities,
money, progress cards, knights, walls, Defender cards, VP breakdown), the barbarian track, the three improvement
tracks, the event die, the rules in brief and the banner's tasks of the variant's decisions."""
from __future__ import annotations

from typing import Sequence

from ratgames_lab.catan import (BARBARIAN_TRACK, EVENT_FACES, LOAN, MAX_LEVEL, METROPOLIS_LEVEL, METROPOLIS_VP,
                                OLD_BOOT_VP, RIVER_MONEY, SHOP, SPECIAL_VP, TRACKS, default_fish, progress_cards)
from ratgames_lab.catan import COMBINED_CARDS as CARDS

from .catan_board import TERRAIN_COLOURS
from .catan_combined_board import LEVEL_WORDS, TRACK_COLOURS
from .catan_view import chip
from .common.theme import esc

COMMODITY_COLOURS = {"cloth": "#d7b8f3", "coin": "#ffe082", "paper": "#e0e0e0"}
TRACK_WORDS = {"trade": "trade (yellow, cloth)", "politics": "politics (blue, coin)",
               "science": "science (green, paper)"}

FISH_EFFECT_WORDS = {"remove_robber_or_pirate": "removes the robber or pirate", "steal": "steals a card",
                     "resource": "takes a resource", "free_piece": "builds a free road or ship",
                     "progress_card": "draws a progress card"}
RULES_IN_BRIEF = ("""<details class="rg-panel ct-rules"><summary><b>How to play the combined variant</b>
(Seafarers + Cities &amp; Knights + Traders &amp; Barbarians)</summary>
<ol>
<li><b>Setup</b>: in snake order each player places a settlement, then a <b>city</b>, each with a road or a
<b>ship</b> (ships go on sea and coast edges).</li>
<li><b>Roll</b> three dice: red + yellow pay the tiles as in Catan (a city on pasture, mountains or forest pays 1
resource + 1 <b>commodity</b>: cloth, coin or paper; gold pays money). The <b>event die</b> shows the barbarian ship
(it moves one step) or a coloured gate: everyone with level 1 or more in that colour and a red die at most their
level + 1 draws a <b>progress card</b>.</li>
<li><b>Barbarians</b>: when the ship reaches the end of its 7-step track, they attack. Strength = the number of
cities on the board; defence = the levels of all <b>active</b> knights. If the defence is lower, the least-defending
players lose a city (a metropolis is safe); if not, the best defender gets a Defender card (1 VP).</li>
<li><b>Build</b>: roads, ships, settlements, cities, city walls (+2 to the 7-card hand limit), knights (activate them
with grain), and <b>city improvements</b> paid in commodities; the first to level 4 of a colour (level 5 takes it
away) holds its <b>metropolis</b> (+2 VP).</li>
<li><b>Rivers and money</b>: a road beside a river tile or a settlement on its corner earns ${river_road}; a
<b>bridge</b> over a dashed crossing earns ${river_bridge}. The <b>shop</b> sells a commodity for ${commodity}
({commodities} a turn) and a resource for ${resource} ({resources} a turn); the <b>bank loan</b> gives ${loan},
once a game, and costs {loan_vp} VP.</li>
<li><b>Fish</b>: fishing grounds and the lake give fish tokens (values hidden from the others); spend them on your
turn: {fish}. The Old Boot counts {old_boot} VP.</li>
<li><b>Wagons</b>: your wagon carries a goods token to the market it names; move it <b>last</b> in your turn along
roads (tolls on others' roads), and a delivery pays money and a new order.</li>
</ol>
<div class="rg-note">Victory: the target VP (15 by default) on your own turn: settlement 1, city 2, metropolis +2,
Longest Road 2, Largest Army 2, Defender cards and the VP progress cards 1 each.</div>
</details>""").format(
    river_road=RIVER_MONEY["road"], river_bridge=RIVER_MONEY["bridge"], commodity=SHOP["commodity_price"],
    commodities=SHOP["commodities_per_turn"], resource=SHOP["resource_price"], resources=SHOP["resources_per_turn"],
    loan=LOAN["money"], loan_vp=-LOAN["vp"], old_boot=OLD_BOOT_VP,
    fish="; ".join(f"{cost} {FISH_EFFECT_WORDS.get(effect, effect)}" for cost, effect, _ in default_fish().table))

BANNER_TASKS = {
    "setup_wagon": ("put your wagon on a market plaza (setup)",
                    "Click a highlighted plaza: you take that market's top goods token, your first order."),
    "setup_settlement": ("place a settlement (setup)", "Click a highlighted intersection."),
    "setup_city": ("place a city (setup)", "Click a highlighted intersection: it pays one card of each tile around "
                                          "it."),
    "setup_road": ("place a road or a ship touching your last building",
                   "Click a highlighted edge (a ship on the sea or the coast)."),
    "roll": ("roll the three dice", "Some progress cards are played before the roll."),
    "main": ("trade, build, improve a city, or end your turn",
             "Click the board to build (highlighted places) or use the buttons."),
    "discard": ("discard (a 7 was rolled)", "Over your hand limit (7, +2 per city wall) you discard half."),
    "robber": ("move the robber", "Click a highlighted land tile."),
    "pirate": ("move the pirate", "Click a highlighted sea tile or fishing ground."),
    "victim": ("choose whom to steal from", "The card is drawn at random."),
    "aqueduct": ("take a card of your choice (the Aqueduct)", "Science level 3: a roll that paid you nothing."),
    "reduce_city": ("reduce one of your cities (the barbarians won)", "Click one of your highlighted cities."),
    "place_metropolis": ("put your new metropolis on a city", "Click one of your highlighted cities."),
    "discard_progress": ("discard a progress card", "You hold more than 4 progress cards."),
    "choose_deck": ("choose a progress deck to draw from", "A progress card of your choice."),
    "wagon": ("move your wagon, or end your turn to stop it",
              "Click a highlighted intersection for the next step; a market plaza ends the move (a delivery at "
              "your order's market); unused movement points are lost."),
    "free_pieces": ("place a free road or ship", "Click a highlighted edge, or place no more."),
    "trade_reply": ("answer the trade offer", "Accept, reject, or set other terms in the trade panel (Counter-offer)."),
    "trade_choose": ("close the trade with one player, or withdraw", "The trade panel shows every answer."),
    "knight_robber": ("move the robber your knight chased away", "Click a highlighted land tile (no steal)."),
    "knight_pirate": ("move the pirate your knight chased away", "Click a highlighted sea tile or fishing ground."),
    "retreat_knight": ("move your displaced knight", "Click a highlighted free intersection, or remove it."),
    "smith": ("promote a knight for free (the Smith)", "Click one of your highlighted knights, or stop."),
    "desert_knight": ("remove one of your knights (the Deserter)", "Click one of your highlighted knights."),
    "deserter_place": ("place the deserter as your knight", "Click a highlighted intersection, or give it up."),
    "bishop": ("move the robber or the pirate (the Bishop)", "Then one random card from each player next to it."),
    "diplomat_place": ("place your removed piece again (the Diplomat)", "Click a highlighted edge, or keep it."),
    "spy": ("take one of the progress cards you see (the Spy)", "Use the buttons."),
    "wedding": ("give 2 cards of your choice (the Wedding)", "Use the buttons."),
}


def banner_task(obs: dict) -> tuple[str, str]:
    """(task, why) of the decision now, in plain words (a discard says how many cards are left to give)."""
    phase = obs["phase"]
    task, why = BANNER_TASKS.get(phase, ("choose an action", "Use the buttons."))
    if phase == "discard" and obs["pending"] and len(obs["pending"][0]) > 2:
        left = obs["pending"][0][2]
        task = f"discard {left} more card{'s' if left != 1 else ''} (a 7 was rolled)"
    return task, why


def card_chip(card: str, count: int | str) -> str:
    """'2 cloth' on the card's colour (resources on their terrain's colour)."""
    colour = TERRAIN_COLOURS.get(card) or COMMODITY_COLOURS.get(card, "#ffffff")
    return (f'<span class="ct-res ct-res-{card}" style="background:{colour}" title="{esc(card)}">{esc(count)} '
            f'{esc(card)}</span>')


def event_text(dice: Sequence[int]) -> str:
    """'3 + 4 = 7, event die: the barbarian ship' for the last roll ('' before the first roll)."""
    if not dice:
        return ""
    red, yellow, face = dice
    event = EVENT_FACES[face]
    what = "the barbarian ship" if event == "ship" else f"the {event} gate"
    return f"{red} (red) + {yellow} (yellow) = {red + yellow}, event die: {what}"


def defence_of(obs: dict, p: int) -> int:
    """p's active knight levels (what p adds against the barbarians)."""
    k = obs["knights"]
    return sum(lv for lv, o, a in zip(k["level"], k["owner"], k["active"]) if o == p and a)


def cities_of(obs: dict, p: int | None = None) -> int:
    """Cities on the board (of p; metropolises included)."""
    inter = obs["intersections"]
    return sum(1 for o, lv in zip(inter["owner"], inter["level"]) if lv == 2 and (p is None or o == p))


def barbarian_html(obs: dict, names: Sequence[str], truce: bool) -> str:
    """The 7-step track with the ship, the strength of an attack now against the defence, each player's part."""
    pos = obs["barbarian"]
    steps = "".join(f'<span class="ct-step{" ct-step-ship" if i == pos else ""}'
                    f'{" ct-step-end" if i == BARBARIAN_TRACK else ""}" title="step {i}">{"ship" if i == pos else i}'
                    '</span>' for i in range(BARBARIAN_TRACK + 1))
    strength = cities_of(obs)
    defence = sum(defence_of(obs, p) for p in range(obs["players"]))
    verdict = ("the defence would win" if defence >= strength else "the barbarians would win: the least-defending "
               "players with a city lose one")
    parts = " · ".join(f'{chip(p)}{esc(names[p])}: {defence_of(obs, p)}' for p in range(obs["players"]))
    peace = ('<div class="rg-note">Truce: the robber and the pirate stay put until the first attack.</div>'
             if truce and obs["attacks"] == 0 else "")
    return (f'<div class="rg-panel ct-barbarians"><div class="rg-section">Barbarians</div>'
            f'<div class="ct-track">{steps}</div>'
            f'<div>Ship on step <b>{pos}</b> of {BARBARIAN_TRACK} ({BARBARIAN_TRACK - pos} more ship face'
            f'{"s" if BARBARIAN_TRACK - pos != 1 else ""} of the event die before the attack); attacks so far: '
            f'{obs["attacks"]}.</div>'
            f'<div>If they attacked now: strength <b>{strength}</b> (cities) against defence <b>{defence}</b> '
            f'(active knight levels): {verdict}.</div><div class="rg-note">Defence per player: {parts}</div>'
            f'{peace}</div>')


def improvements_html(obs: dict, names: Sequence[str]) -> str:
    """Each player's level (0-5) on the three tracks, and who holds each metropolis."""
    owner = obs["intersections"]["owner"]
    holders = {t: owner[x] for t, x in obs["metropolis"].items() if x is not None}
    head = "".join(f'<th style="border-bottom:3px solid {TRACK_COLOURS[t]}">{esc(TRACK_WORDS[t])}</th>'
                   for t in TRACKS)
    rows = []
    for p in range(obs["players"]):
        cells = []
        for t in TRACKS:
            lv = obs["improvements"][p][t]
            bar = "".join(f'<i class="ct-lv{" ct-lv-on" if i < lv else ""}" style="'
                          f'{"background:" + TRACK_COLOURS[t] if i < lv else ""}"></i>' for i in range(MAX_LEVEL))
            metro = ' <b class="ct-metro" title="metropolis">M</b>' if holders.get(t) == p else ""
            cells.append(f'<td><span class="ct-lvbar" title="level {lv} of {MAX_LEVEL}">{bar}</span> {lv}{metro}</td>')
        rows.append(f'<tr><td>{chip(p)}{esc(names[p])}</td>{"".join(cells)}</tr>')
    return (f'<div class="rg-panel ct-improvements"><div class="rg-section">City improvements</div>'
            f'<table class="ct-levels"><tr><th></th>{head}</tr>{"".join(rows)}</table>'
            f'<div class="rg-note">Level {METROPOLIS_LEVEL} of a colour first wins its metropolis (+{METROPOLIS_VP} '
            f'VP); level 5 takes it from a player still at 4.</div></div>')


def _plural(n: int, one: str, many: str | None = None) -> str:
    """'settlement' or 'settlements' (the count is written by the caller)."""
    return one if n == 1 else (many or one + "s")


def vp_parts(obs: dict, p: int, merchant_vp: bool = True) -> list[tuple[str, int]]:
    """(what, points) of p's victory points (every point of the variant is public; ``merchant_vp``: the option
    giving the merchant's controller 1 VP)."""
    inter = obs["intersections"]
    settlements = sum(1 for o, lv in zip(inter["owner"], inter["level"]) if o == p and lv == 1)
    cities = cities_of(obs, p)
    metros = sum(1 for x in obs["metropolis"].values() if x is not None and inter["owner"][x] == p)
    cards = progress_cards()
    vp_cards = sum(n * cards.card(c).vp for c, n in obs["progress"]["shown"][p].items())
    vps = obs["defenders"][p]
    loans = obs.get("loans", [0] * obs["players"])[p]
    parts = [(f"{settlements} {_plural(settlements, 'settlement')}", settlements),
             (f"{cities} {_plural(cities, 'city', 'cities')}", 2 * cities),
             (f"{metros} {_plural(metros, 'metropolis', 'metropolises')}", METROPOLIS_VP * metros),
             ("Longest Road", SPECIAL_VP if obs["longest_road"] == p else 0),
             ("Largest Army", SPECIAL_VP if obs["largest_army"] == p else 0),
             (f"{vps} {_plural(vps, 'Defender card')}", vps),
             (f"{vp_cards} {_plural(vp_cards, 'VP progress card')}", vp_cards),
             ("the merchant", 1 if merchant_vp and obs["merchant"]["owner"] == p else 0),
             (f"{loans} bank loan{'s' if loans != 1 else ''} (Poor Settler)", LOAN["vp"] * loans),
             ("the wagon", obs.get("wagons", {}).get("vp", [0] * obs["players"])[p]),
             ("the Old Boot", OLD_BOOT_VP if obs.get("fish", {}).get("old_boot") == p else 0)]
    return [(what, n) for what, n in parts if n]


def vp_text(parts: Sequence[tuple[str, int]]) -> str:
    """'1 for 1 settlement + 4 for 2 cities' (points for what)."""
    return " + ".join(f"{n} for {what}" for what, n in parts).replace("+ -", "- ")


def progress_html(hand: dict) -> str:
    """A player's progress cards: own cards with their effect (hover or open), others' counts per deck."""
    if "hidden_per_deck" in hand:
        counts = hand["hidden_per_deck"]
        total = sum(counts.values())
        if not total:
            return '<span class="rg-muted">no progress card</span>'
        per = ", ".join(f"{n} {d}" for d, n in counts.items() if n)
        return f'<span class="ct-count">{total} progress card{"s" if total != 1 else ""}</span> ({esc(per)}, hidden)'
    cards = progress_cards()
    items = []
    for cid, n in hand.items():
        if not n:
            continue
        c = cards.card(cid)
        items.append(f'<details class="ct-pcard ct-deck-{c.deck}"><summary><b>{esc(c.name)}</b>'
                     f'{" ×" + str(n) if n > 1 else ""} <span class="rg-muted">({esc(c.deck)}, '
                     f'{esc(c.timing.replace("_", " "))})</span></summary><div class="ct-effect">{esc(c.effect)}'
                     f'</div></details>')
    return "".join(items) or '<span class="rg-muted">no progress card</span>'


def combined_players_html(obs: dict, names: Sequence[str], tags: Sequence[str], hands: Sequence[dict | None],
                          current: int, merchant_vp: bool = True) -> str:
    """One box per player: VP and their parts, cards and commodities, money, progress cards, knights, pieces."""
    rows = []
    inter = obs["intersections"]
    for p in range(obs["players"]):
        shown = hands[p]
        hand = (shown or obs)["hands"][p]
        progress = (shown or obs)["progress"]["hands"][p]
        if "hidden" in hand:
            total = hand["hidden"]
            cards = (f'<span class="ct-count">{total} card{"s" if total != 1 else ""}</span> '
                     f'<span class="rg-muted">(resources and commodities, hidden)</span>')
        else:
            total = sum(hand.values())
            cards = "".join(card_chip(c, hand[c]) for c in CARDS if hand[c]) or '<span class="rg-muted">no card</span>'
            cards += f' <span class="rg-muted">({total} card{"" if total == 1 else "s"})</span>'
        parts = vp_parts(obs, p, merchant_vp)
        vp = sum(n for _, n in parts)
        breakdown = vp_text(parts) or "none yet"
        k = obs["knights"]
        mine = [(lv, a) for lv, o, a in zip(k["level"], k["owner"], k["active"]) if o == p and lv]
        knights = ", ".join(f'{LEVEL_WORDS[lv]}{" (active)" if a else ""}' for lv, a in sorted(mine)) or "none"
        settlements = sum(1 for o, lv in zip(inter["owner"], inter["level"]) if o == p and lv == 1)
        walls = sum(1 for o, wall in zip(inter["owner"], inter["wall"]) if o == p and wall)
        ships = sum(1 for o, piece in zip(obs["edges"]["owner"], obs["edges"]["piece"]) if o == p and piece == "ship")
        roads = sum(1 for o, piece in zip(obs["edges"]["owner"], obs["edges"]["piece"]) if o == p and piece == "road")
        bridges = sum(1 for o, piece in zip(obs["edges"]["owner"], obs["edges"]["piece"]) if o == p and piece == "bridge")
        bridge_text = f' · {bridges} bridge{"s" if bridges != 1 else ""}' if bridges else ""
        badges = []
        if obs["longest_road"] == p:
            badges.append('<span class="ct-badge">Longest Road +2</span>')
        if obs["largest_army"] == p:
            badges.append('<span class="ct-badge">Largest Army +2</span>')
        if obs["defenders"][p]:
            badges.append(f'<span class="ct-badge">{obs["defenders"][p]} Defender card'
                          f'{"s" if obs["defenders"][p] != 1 else ""}</span>')
        cls = "ct-player" + (" ct-current" if p == current else "") + (" ct-active" if p == obs["active"] else "")
        rows.append(
            f'<div class="{cls}"><div class="ct-pname">{chip(p)}{esc(names[p])} {tags[p]}'
            f'<span class="ct-vp" title="{esc(breakdown)}">{vp} VP</span></div>'
            f'<div class="ct-vpparts rg-muted">VP: {esc(breakdown)}</div>'
            f'<div class="ct-pieces">{settlements} settlement{"s" if settlements != 1 else ""} · '
            f'{cities_of(obs, p)} cit{"ies" if cities_of(obs, p) != 1 else "y"} ({walls} wall{"s" if walls != 1 else ""}'
            f') · {roads} road{"s" if roads != 1 else ""} · {ships} ship{"s" if ships != 1 else ""}'
            f'{bridge_text} '
            f'{"".join(badges)}</div>'
            f'<div class="ct-hand">{cards} · <b class="ct-money">${obs["money"][p]}</b></div>'
            f'<div class="ct-knights">Knights: {esc(knights)} · defence {defence_of(obs, p)}</div>'
            f'<div class="ct-progress">Progress cards: {progress_html(progress)}</div></div>')
    bank = "".join(card_chip(c, obs["bank"][c]) for c in CARDS)
    decks = ", ".join(f"{n} {d}" for d, n in obs["progress"]["decks"].items())
    return (f'<div class="ct-players">{"".join(rows)}</div><div class="ct-bank"><b>Bank</b> {bank} · progress '
            f'decks: {esc(decks)}</div>')


__all__ = ["RULES_IN_BRIEF", "BANNER_TASKS", "banner_task", "barbarian_html", "improvements_html", "combined_players_html",
           "event_text", "vp_parts", "vp_text", "progress_html", "card_chip", "defence_of"]
