"""L'Horlogerie des Rats dashboard: HTML of the cards, the drawing rows, the players' teams and the mission grid."""
from __future__ import annotations

from typing import Any, Callable, Sequence

from ratgames_lab.horlogerie import ask_words, find_name

from .common.theme import element, esc
from .common.translate import N_, _, ngettext

TERRAIN_NAMES = {"S": N_("Swamp"), "R": N_("River"), "J": N_("Jungle")}
POWER_HINTS = {"compass": N_("Compass: +1 exploration value before a draw"),
               "amulet": N_("Amulet: cancels one wound"),
               "spyglass": N_("Spyglass: look at the top card of a deck")}
POWER_ICONS = {"compass": "✚", "amulet": "◆", "spyglass": "◎"}
RESULT_WORDS = {"success": (N_("stopped in time: a success"), "hl-good"), "perfect": (N_("perfect draw!"), "hl-good"),
                "bust": (N_("bust: over the value"), "hl-bad"), "": ("", "")}



def rules_in_brief() -> str:
    """How to play (the turn in six steps), a fold-out in the current language."""
    items = [
        _("<b>Prepare</b>: the grid is refilled to 9 missions; your load (1 per card in hand + each find's encumbrance) "
          "may not exceed your team's carry."),
        _("<b>Recruit</b> up to 3 Horlogers (Corruption: give up a find to choose them)."),
        _("<b>Explore</b> — <i>stop or draw?</i> Draw Exploration cards one by one. Your total must not pass your "
          "<b>exploration value</b> (the sum of your Horlogers'). Exactly the value is a <b>perfect exploration</b>: "
          "you get the cheapest find of the grid for free. Over it is a <b>bust</b>: your right neighbour lets you "
          "keep one card. Then your <b>left neighbour</b> draws Danger cards the same way against the <b>danger "
          "value</b> (the sum of your explored cards). Only if the danger does not bust, each creature sharing a "
          "terrain with your cards wounds your team."),
        _("<b>Discover</b>: buy missions from the grid with exactly the cards they ask (no change)."),
        _("<b>Rest</b>: discard cards to heal wounds or untap finds."),
        _("<b>Take stock</b>: 12 victory points end the game at the end of the round."),
    ]
    summary = _("<b>How to play</b> (the turn in six steps)")
    data = _("The Danger, Horloger and Mission cards are the project's reconstruction (editable data files).")
    return (f'<details class="rg-panel hl-rules"><summary>{summary}</summary><ol>'
            + "".join(f"<li>{item}</li>" for item in items) + f'</ol><div class="rg-note">{esc(data)}</div></details>')


def card_tile(face: str, kind: str = "exp", note: str = "") -> str:
    """An Exploration (kind 'exp') or Danger ('dan') card: its terrain colours and its value."""
    terrains = "".join(c for c in face if c.isalpha())
    value = "".join(c for c in face if c.isdigit())
    words = [_(TERRAIN_NAMES[t]) if t in TERRAIN_NAMES else t for t in terrains]
    names = " + ".join(words)
    spans = "".join(f"<span>{esc(n)}</span>" for n in words)
    colour = " ".join(f"hl-t-{t}" for t in terrains)
    bands = "".join(f'<i class="hl-band hl-t-{t}"></i>' for t in terrains)
    title = (_("Exploration card: {terrains}, value {value}") if kind == "exp" else
             _("Danger card: {terrains}, level {value}")).format(terrains=names, value=value)
    title += ". " + note if note else ""
    return (f'<div class="hl-card hl-{kind} {colour}" title="{esc(title)}"><div class="hl-bands">{bands}</div>'
            f'<div class="hl-v">{esc(value)}</div><div class="hl-tn">{spans}</div>'
            f'{f"<div class=hl-note>{esc(note)}</div>" if note else ""}</div>')


def draw_row_html(title: str, cards: Sequence[str], kind: str, total: int, target: int, result: str,
                  notes: Sequence[str] = ()) -> str:
    """One drawing phase: the cards drawn, the total against the target, the result."""
    tiles = "".join(card_tile(c, kind, notes[i] if i < len(notes) else "") for i, c in enumerate(cards))
    words, cls = RESULT_WORDS.get(result, ("", ""))
    outcome = " " + element("span", cls, _(words)) if words else ""
    meter = _("<b>{total}</b> of <b>{target}</b>").format(total=total, target=target)
    meter = f'<span class="hl-total">{meter}</span>' if target else ""
    tiles = tiles or element("span", "rg-muted", _("no card drawn yet"))
    return (f'<div class="hl-drawrow hl-row-{kind}"><div class="hl-drawhead">{esc(title)} {meter}{outcome}</div>'
            f'<div class="hl-cards">{tiles}</div></div>')


def find_chip(mission: str, tapped: bool, comp: Any) -> str:
    """A find: its power icon, its mission and whether it is tapped (used) or ready."""
    ms = comp.missions
    m = ms.index.get(mission)
    power = ms.power[m] if m is not None else ""
    state = _("tapped (used)") if tapped else _("ready")
    what = find_name(ms, m) if m is not None else _("a find")
    hint = _(POWER_HINTS[power]) if power in POWER_HINTS else power
    tip = _("{find}: {power} · encumbrance {n} · {state}").format(
        find=what, power=hint, n=ms.encumbrance[m] if m is not None else "?", state=state)
    shown = _("{power} (tapped)").format(power=power.capitalize()) if tapped else power.capitalize()
    return (f'<span class="hl-find{" hl-tapped" if tapped else ""}" title="{esc(tip)}">'
            f'{POWER_ICONS.get(power, "")} {esc(shown)}</span>')


def horloger_chip(member: dict, comp: Any, number: int = 0) -> str:
    """An Horloger: profile, exploration value, wounds against toughness, carry."""
    hd = comp.horlogers
    h = hd.index[member["profile"]]
    tough, wounds = hd.toughness[h], member["wounds"]
    hearts = "●" * wounds + "○" * max(0, tough - wounds)
    tip = ngettext("{name}: exploration {exploration}, toughness {toughness} (discarded at {limit} wounds), carry "
                   "{carry}; {n} wound",
                   "{name}: exploration {exploration}, toughness {toughness} (discarded at {limit} wounds), carry "
                   "{carry}; {n} wounds", wounds).format(
        name=member["profile"], exploration=hd.exploration[h], toughness=tough, limit=tough + 1, carry=hd.carry[h],
        n=wounds)
    explores = element("span", "hl-ev", _("explores {n}").format(n=hd.exploration[h]), _("exploration value"))
    hurt = element("span", "hl-wounds", hearts, _("● a wound, ○ a wound it can still survive"))
    return (f'<span class="hl-horl{" hl-hurt" if wounds else ""}" title="{esc(tip)}">#{number} '
            f'<b>{esc(member["profile"])}</b> {explores} {hurt}</span>')


def seat_html(obs: dict, seat: int, label: str, tags: str, hand: list[str] | None, comp: Any,
              current: bool, turn: bool) -> str:
    """One player's panel: VP, team with wounds, carry, hand (cards or its size), finds."""
    team = "".join(horloger_chip(m, comp, i + 1) for i, m in enumerate(obs["teams"][seat])) or \
        element("span", "hl-bad", _("no Horloger left: carry 0"))
    finds = "".join(find_chip(f["mission"], f["tapped"], comp) for f in obs["finds"][seat]) or \
        element("span", "rg-muted", _("no find"))
    size = obs["hand_sizes"][seat]
    if hand is not None:
        cards = "".join(card_tile(c, "exp") for c in hand) or element("span", "rg-muted", _("no card in hand"))
        hand_html = f'<div class="hl-cards hl-small">{cards}</div>'
    else:
        back = ngettext("{n} face-down card: only its owner sees them", "{n} face-down cards: only its owner sees them",
                        size).format(n=size)
        hand_html = (element("span", "hl-back", str(size), back) + " "
                     + element("span", "rg-muted", ngettext("card in hand", "cards in hand", size)))
    classes = "hl-seat" + (" hl-current" if current else "") + (" hl-active" if turn else "")
    vp = _("VP · load {load} / carry {carry}").format(load=obs["load"][seat], carry=obs["carry"][seat])
    return (f'<div class="{classes}" data-seat="{seat}"><div class="hl-seat-name">{esc(label)}{tags}</div>'
            f'<div class="hl-score"><b class="rg-score" data-seat="{seat}">{obs["scores"][seat]}</b> {esc(vp)}</div>'
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
    tip = _("Pay {ask} with your cards (no change); reward {vp} VP and a find: {power}").format(
        ask=ask, vp=ms.vp[m], power=_(POWER_HINTS[power]))
    vp = _("{n} VP").format(n=ms.vp[m])
    weight = _("{power} · weight {n}").format(power=power.capitalize(), n=ms.encumbrance[m])
    return (f'<div class="hl-mission" title="{esc(tip)}"><div class="hl-mname">{esc(ask)} {terr}</div>'
            f'<div class="hl-vp">{esc(vp)}</div>'
            f'<div class="hl-power">{POWER_ICONS[power]} {esc(weight)}</div>'
            f'{f"<div class=hl-cheap>{esc(note)}</div>" if note else ""}</div>')


def grid_html(obs: dict, comp: Any, cheapest: Callable[[list[str]], set[str]]) -> str:
    """The mission grid (the cheapest finds marked: a perfect draw takes one of them)."""
    grid = obs["missions"]["grid"]
    cheap = cheapest(grid)
    cheapest_note, empty = _("cheapest: a perfect draw's reward"), _("empty place")
    tiles = "".join(mission_html(n, comp, cheapest_note if n in cheap else "") if n else
                    element("div", "hl-mission hl-empty", empty) for n in grid)
    title = _("Mission grid")
    left = ngettext("({n} mission left in the deck)", "({n} missions left in the deck)",
                    obs["missions"]["deck"]).format(n=obs["missions"]["deck"])
    return (f'<div class="rg-panel hl-grid-panel"><div class="rg-section">{esc(title)} '
            f'<span class="rg-muted">{esc(left)}</span></div><div class="hl-grid">{tiles}</div></div>')
