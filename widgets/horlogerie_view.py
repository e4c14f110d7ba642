"""L'Horlogerie des Rats dashboard: HTML of the cards, the drawing rows, the players' teams and the mission grid."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from ratgames_lab.horlogerie import ask_words, find_name

from .common.theme import esc

TERRAIN_NAMES = {"S": "Swamp", "R": "River", "J": "Jungle"}
POWER_HINTS = {"compass": "Compass: +1 exploration value before a draw",
               "amulet": "Amulet: cancels one wound",
               "spyglass": "Spyglass: look at the top card of a deck"}
POWER_ICONS = {"compass": "✚", "amulet": "◆", "spyglass": "◎"}
RESULT_WORDS = {"success": ("stopped in time: a success", "hl-good"), "perfect": ("perfect draw!", "hl-good"),
                "bust": ("bust: over the value", "hl-bad"), "": ("", "")}

RULES_IN_BRIEF = """<details class="rg-panel hl-rules"><summary><b>How to play</b> (the turn in six steps)</summary>
<ol>
<li><b>Prepare</b>: the grid is refilled to 9 missions; your load (1 per card in hand + each find's
encumbrance) may not exceed your team's carry.</li>
<li><b>Recruit</b> up to 3 Horlogers (Corruption: give up a find to choose them).</li>
<li><b>Explore</b> — <i>stop or draw?</i> Draw Exploration cards one by one. Your total must not pass your
<b>exploration value</b> (the sum of your Horlogers'). Exactly the value is a <b>perfect exploration</b>: you get
the cheapest find of the grid for free. Over it is a <b>bust</b>: your right neighbour lets you keep one card.
Then your <b>left neighbour</b> draws Danger cards the same way against the <b>danger value</b> (the sum of your
explored cards). Only if the danger does not bust, each creature sharing a terrain with your cards wounds your
team.</li>
<li><b>Discover</b>: buy missions from the grid with exactly the cards they ask (no change).</li>
<li><b>Rest</b>: discard cards to heal wounds or untap finds.</li>
<li><b>Take stock</b>: 12 victory points end the game at the end of the round.</li>
</ol>
<div class="rg-note">The Danger, Horloger and Mission cards are the project's reconstruction (editable data files).
</div></details>"""


def card_tile(face: str, kind: str = "exp", note: str = "") -> str:
    """An Exploration (kind 'exp') or Danger ('dan') card: its terrain colours and its value."""
    terrains = "".join(c for c in face if c.isalpha())
    value = "".join(c for c in face if c.isdigit())
    names = " + ".join(TERRAIN_NAMES.get(t, t) for t in terrains)
    colour = " ".join(f"hl-t-{t}" for t in terrains)
    bands = "".join(f'<i class="hl-band hl-t-{t}"></i>' for t in terrains)
    title = f"{'Exploration' if kind == 'exp' else 'Danger'} card: {names}, " \
            f"{'value' if kind == 'exp' else 'level'} {value}{'. ' + note if note else ''}"
    return (f'<div class="hl-card hl-{kind} {colour}" title="{esc(title)}"><div class="hl-bands">{bands}</div>'
            f'<div class="hl-v">{esc(value)}</div><div class="hl-tn">{esc(terrains)}</div>'
            f'{f"<div class=hl-note>{esc(note)}</div>" if note else ""}</div>')


def draw_row_html(title: str, cards: Sequence[str], kind: str, total: int, target: int, result: str,
                  notes: Sequence[str] = ()) -> str:
    """One drawing phase: the cards drawn, the total against the target, the result."""
    tiles = "".join(card_tile(c, kind, notes[i] if i < len(notes) else "") for i, c in enumerate(cards))
    words, cls = RESULT_WORDS.get(result, ("", ""))
    outcome = f' <span class="{cls}">{esc(words)}</span>' if words else ""
    meter = (f'<span class="hl-total"><b>{total}</b> of <b>{target}</b></span>' if target else "")
    return (f'<div class="hl-drawrow hl-row-{kind}"><div class="hl-drawhead">{esc(title)} {meter}{outcome}</div>'
            f'<div class="hl-cards">{tiles or "<span class=rg-muted>no card drawn yet</span>"}</div></div>')


def find_chip(mission: str, tapped: bool, comp: Any) -> str:
    """A find: its power icon, its mission and whether it is tapped (used) or ready."""
    ms = comp.missions
    m = ms.index.get(mission)
    power = ms.power[m] if m is not None else ""
    state = "tapped (used)" if tapped else "ready"
    what = find_name(ms, m) if m is not None else "a find"
    tip = f"{what}: {POWER_HINTS.get(power, power)} · encumbrance {ms.encumbrance[m] if m is not None else '?'} · {state}"
    return (f'<span class="hl-find{" hl-tapped" if tapped else ""}" title="{esc(tip)}">'
            f'{POWER_ICONS.get(power, "")} {esc(power.capitalize())}{" (tapped)" if tapped else ""}</span>')


def horloger_chip(member: dict, comp: Any, number: int = 0) -> str:
    """An Horloger: profile, exploration value, wounds against toughness, carry."""
    hd = comp.horlogers
    h = hd.index[member["profile"]]
    tough, wounds = hd.toughness[h], member["wounds"]
    hearts = "●" * wounds + "○" * max(0, tough - wounds)
    tip = (f"{member['profile']}: exploration {hd.exploration[h]}, toughness {tough} (discarded at {tough + 1} "
           f"wounds), carry {hd.carry[h]}; {wounds} wound{'s' if wounds != 1 else ''}")
    return (f'<span class="hl-horl{" hl-hurt" if wounds else ""}" title="{esc(tip)}">#{number} <b>{esc(member["profile"])}</b> '
            f'<span class="hl-ev" title="exploration value">explores {hd.exploration[h]}</span> '
            f'<span class="hl-wounds" title="● a wound, ○ a wound it can still survive">{hearts}</span></span>')


def seat_html(obs: dict, seat: int, label: str, tags: str, hand: list[str] | None, comp: Any,
              current: bool, turn: bool) -> str:
    """One player's panel: VP, team with wounds, carry, hand (cards or its size), finds."""
    team = "".join(horloger_chip(m, comp, i + 1) for i, m in enumerate(obs["teams"][seat])) or \
        '<span class="hl-bad">no Horloger left: carry 0</span>'
    finds = "".join(find_chip(f["mission"], f["tapped"], comp) for f in obs["finds"][seat]) or \
        '<span class="rg-muted">no find</span>'
    size = obs["hand_sizes"][seat]
    if hand is not None:
        cards = "".join(card_tile(c, "exp") for c in hand)
        hand_html = f'<div class="hl-cards hl-small">{cards or "<span class=rg-muted>no card in hand</span>"}</div>'
    else:
        hand_html = (f'<span class="hl-back" title="{size} face-down card{"s" if size != 1 else ""}: only its owner '
                     f'sees them">{size}</span> <span class="rg-muted">card{"s" if size != 1 else ""} in hand</span>')
    classes = "hl-seat" + (" hl-current" if current else "") + (" hl-active" if turn else "")
    return (f'<div class="{classes}" data-seat="{seat}"><div class="hl-seat-name">{esc(label)}{tags}</div>'
            f'<div class="hl-score"><b class="rg-score" data-seat="{seat}">{obs["scores"][seat]}</b> VP · '
            f'load {obs["load"][seat]} / carry {obs["carry"][seat]}</div>'
            f'<div class="hl-team">{team}</div><div class="hl-finds">{finds}</div>'
            f'<div class="hl-hand">{hand_html}</div></div>')


def mission_html(name: str, comp: Any, note: str = "") -> str:
    """A mission of the grid: what it asks, its VP, the find's power and encumbrance."""
    ms = comp.missions
    m = ms.index[name]
    power = ms.power[m]
    ask = ask_words(ms.titles[m])
    terr = "".join(f'<i class="hl-dot hl-t-{t}"></i>' for t in "SRJ"
                   if any("SRJ"[r] == t for r, _ in ms.requirements[m]))
    tip = f"Pay {ask} with your cards (no change); reward {ms.vp[m]} VP and a find: {POWER_HINTS[power]}"
    return (f'<div class="hl-mission" title="{esc(tip)}"><div class="hl-mname">{esc(ask)} {terr}</div>'
            f'<div class="hl-vp">{ms.vp[m]} VP</div>'
            f'<div class="hl-power">{POWER_ICONS[power]} {esc(power.capitalize())} · weight {ms.encumbrance[m]}</div>'
            f'{f"<div class=hl-cheap>{esc(note)}</div>" if note else ""}</div>')


def grid_html(obs: dict, comp: Any, cheapest: Callable[[list[str]], set[str]]) -> str:
    """The mission grid (the cheapest finds marked: a perfect draw takes one of them)."""
    grid = obs["missions"]["grid"]
    cheap = cheapest(grid)
    tiles = "".join(mission_html(n, comp, "cheapest: a perfect draw's reward" if n in cheap else "") if n else
                    '<div class="hl-mission hl-empty">empty place</div>' for n in grid)
    return (f'<div class="rg-panel hl-grid-panel"><div class="rg-section">Mission grid '
            f'<span class="rg-muted">({obs["missions"]["deck"]} missions left in the deck)</span></div>'
            f'<div class="hl-grid">{tiles}</div></div>')
