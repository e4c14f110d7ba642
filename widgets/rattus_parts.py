"""Parts of the Rattus dashboard: what a map click means for each kind of action (modes, labels, hints), the class
powers and the rules in brief, and small number formats."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from ratgames_lab.rattus import (AFTER, KNIGHT_NEUTRAL, MAIN, NEUTRAL, REVEAL_STEP, SETUP, SPREAD, WITCH2,
                                 WITCH_SWAP_STEP)


POWERS = {
    "king": "Move 1 of your cubes from a region without rats to the Castle (also after the plague).",
    "monk": "Move 1 rat token to a neighbouring region holding fewer than 3.",
    "knight": "Move the plague 2 regions; it may count as 2 extra cubes where it ends.",
    "peasant": "Place 1 extra cube (even in a region without rats).",
    "merchant": "Move up to 3 of your cubes to a neighbouring region.",
    "witch": "Secretly look at 1 or 2 face-down rat tokens; you may swap them.",
}
SYMBOL_SHORT = {"M": "M", "A": "A", "king": "King", "monk": "Monk", "knight": "Knight", "peasant": "Peasant",
                "merchant": "Merchant", "witch": "Witch"}

# What a click on the map does, per kind of decision (in the order the modes are offered)
MODE_LABELS = {
    "setup": "Place 2 starting cubes", "spread": "Put the new rat token", "reveal": "Reveal a token",
    "place": "Place cubes", "move": "Move the plague", "peasant_cube": "Peasant: add a cube",
    "knight": "Knight: plague 2 steps", "king": "King: cube to Castle", "monk": "Monk: move a rat",
    "merchant": "Merchant: move cubes", "witch": "Witch: look at a token",
}
MODE_ORDER = list(MODE_LABELS)
# two-click modes: what the first click chooses
TWO_CLICKS = {"knight": "the plague passes through", "monk": "a rat token leaves", "merchant": "your cubes leave"}
MODE_HINTS = {
    "setup": "Click a region to place your 2 starting cubes there.",
    "spread": "Click a highlighted neighbour to put the new rat token there.",
    "reveal": "Click a face-down token of the infected region to reveal it.",
    "place": "Click a highlighted region (it has rats) to place as many cubes as it has rat tokens (holding the "
             "Peasant, you then choose with or without its extra cube).",
    "move": "Click a highlighted neighbour to move the plague there.",
    "peasant_cube": "Click any region to add one cube there.",
    "knight": "Click the region the plague passes through, then where it ends.",
    "king": "Click a highlighted region (no rats, your cubes) to send one cube to the Castle.",
    "monk": "Click the region a rat token leaves (or the token itself), then the neighbour it goes to.",
    "merchant": "Click the region your cubes leave, then the neighbour they go to.",
    "witch": "Click a face-down token (or its region) to look at it secretly.",
}

RULES_IN_BRIEF = """<details class="rg-brief"><summary>How a turn works (the rules in brief)</summary><ol>
<li><b>Take a class card</b> (optional): a free one or another player's. You keep it until someone takes it; its power
is yours once per turn, and its symbol on a rat token can cost you cubes.</li>
<li><b>Place cubes</b> (optional): in one region, as many cubes as it has rat tokens.</li>
<li><b>Move the plague</b> to a neighbouring region (land border or sea route). New rats spread around it: 1 token
if it holds 1 rat, 2 if it holds 2 or 3 (never more than 3 in a region).</li>
<li><b>The plague ravages</b> that region while it has cubes and face-down tokens: a token is revealed; if the cubes
there reach its threshold, each symbol removes cubes: <b>M</b> the majority, a <b>class</b> its holder, <b>A</b>
everyone. Then the token leaves the game.</li>
</ol>The game ends after the turn in which the rat supply runs out or someone places their last cube; every token left
is revealed after a final round of class powers. Most cubes on the map plus the Castle wins.</details>"""

# ---------------------------------------------------------------------------------------------
# Small pure helpers (also used by the tests)
# ---------------------------------------------------------------------------------------------
def action_regions(action: Any) -> tuple[str, ...]:
    """The regions an action is clicked with on the map, in click order (empty if none)."""
    kind = action.kind
    if kind in ("setup_place", "place", "king", "peasant_cube", "spread", "witch_peek"):
        return (action.region,)
    if kind == "move_plague":
        return (action.to,) if action.via is None else (action.via, action.to)
    if kind in ("monk", "merchant"):
        return (action.source, action.target)
    return ()


def action_mode(action: Any) -> str | None:
    """The map-click mode an action belongs to (None: buttons only)."""
    kind = action.kind
    if kind == "setup_place":
        return "setup"
    if kind == "place":
        return "place"  # with or without the Peasant's extra cube: the same click, then the user is asked
    if kind == "move_plague":
        return "move" if action.via is None else "knight"
    if kind in ("king", "monk", "merchant", "peasant_cube", "spread"):
        return kind
    if kind == "witch_peek":
        return "witch"
    if kind == "reveal":
        return "reveal"
    return None


def action_slot(action: Any) -> int | None:
    """The token slot an action names (Monk, Witch, reveal), else None."""
    return getattr(action, "slot", None)


def pct(p: Fraction | float) -> str:
    """'42%' ('<1%' / '>99%' near the ends, so that a non-zero chance never reads 0%)."""
    v = float(p)
    if 0 < v < 0.005:
        return "<1%"
    if 0.995 < v < 1:
        return ">99%"
    return f"{v:.0%}"


def fraction_text(p: Fraction) -> str:
    """'3/8' or '1' or '0'."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def task_text(obs: dict, events: Sequence[Any]) -> tuple[str, str]:
    """(what the player to move must do, why) in plain words, from the observation and the events."""
    step, plague = obs["step"], obs["plague"]
    if step == SETUP:
        second = sum(e.kind == "setup_place" for e in events) >= obs["players"]
        return ("place 2 starting cubes in a region",
                "Second placement round (in reverse order)." if second else
                "Each player places 2 cubes, then everyone places 2 more in reverse order.")
    if step == MAIN and obs["final_round"]:
        return ("final round: use your class powers once more, or end",
                "Nobody takes cards or places cubes now (the Peasant may add one cube).")
    if step == MAIN:
        done = ["card taken ✔" if obs["took_class"] else "take a card (optional)",
                "cubes placed ✔" if obs["placed"] else "place cubes (optional)"]
        return (f"your turn — {', '.join(done)}, then move the plague from {plague}",
                "Taking a card and placing cubes may come in either order; moving the plague ends your actions.")
    rats = obs["regions"][plague]["rats"]
    texts = {
        SPREAD: (f"put a new rat token next to {plague} ({obs['spread_left']} to place)",
                 "A neighbour holding 3 tokens is full."),
        NEUTRAL: (f"Knight: count the plague as {KNIGHT_NEUTRAL} extra cubes in {plague}?",
                  "Extra cubes make tokens with higher thresholds contaminate."),
        REVEAL_STEP: (f"choose the next rat token to reveal in {plague}",
                      f"{rats} face-down token{'s' if rats != 1 else ''}; the ravage goes on while the region "
                      "has cubes."),
        AFTER: ("the plague is over: King to the Castle, or end your turn", "Only the King may act now."),
        WITCH2: ("Witch: look at a second token, or stop", "Only you will see it."),
        WITCH_SWAP_STEP: ("Witch: swap the two tokens you looked at?", "Nobody else knows what they are."),
    }
    return texts.get(step, ("choose", ""))


__all__ = ["task_text", "action_regions", "action_mode", "action_slot", "pct", "fraction_text", "MODE_LABELS",
           "MODE_HINTS",
           "MODE_ORDER", "TWO_CLICKS", "POWERS", "SYMBOL_SHORT", "RULES_IN_BRIEF"]
