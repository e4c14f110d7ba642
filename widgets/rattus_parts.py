"""Parts of the Rattus dashboard: what a map click means for each kind of action (modes, labels, hints), the class
powers and the rules in brief, and small number formats."""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Sequence

from ratgames_lab.core.i18n import format_percent
from ratgames_lab.rattus import (AFTER, KNIGHT_NEUTRAL, MAIN, NEUTRAL, REVEAL_STEP, SETUP, SPREAD, WITCH2,
                                 WITCH_SWAP_STEP)

from .common.theme import esc
from .common.translate import N_, _, ngettext


POWERS = {
    "king": N_("Move 1 of your cubes from a region without rats to the Castle (also after the plague)."),
    "monk": N_("Move 1 rat token to a neighbouring region holding fewer than 3."),
    "knight": N_("Move the plague 2 regions; it may count as 2 extra cubes where it ends."),
    "peasant": N_("Place 1 extra cube (even in a region without rats)."),
    "merchant": N_("Move up to 3 of your cubes to a neighbouring region."),
    "witch": N_("Secretly look at 1 or 2 face-down rat tokens; you may swap them."),
}
SYMBOL_SHORT = {"M": "M", "A": "A", "king": "King", "monk": "Monk", "knight": "Knight", "peasant": "Peasant",
                "merchant": "Merchant", "witch": "Witch"}

# What a click on the map does, per kind of decision (in the order the modes are offered)
MODE_LABELS = {
    "setup": N_("Place 2 starting cubes"), "spread": N_("Put the new rat token"), "reveal": N_("Reveal a token"),
    "place": N_("Place cubes"), "move": N_("Move the plague"), "peasant_cube": N_("Peasant: add a cube"),
    "knight": N_("Knight: plague 2 steps"), "king": N_("King: cube to Castle"), "monk": N_("Monk: move a rat"),
    "merchant": N_("Merchant: move cubes"), "witch": N_("Witch: look at a token"),
}
MODE_ORDER = list(MODE_LABELS)
# two-click modes: what the first click chooses
TWO_CLICKS = {"knight": N_("the plague passes through"), "monk": N_("a rat token leaves"),
              "merchant": N_("your cubes leave")}
MODE_HINTS = {
    "setup": N_("Click a region to place your 2 starting cubes there."),
    "spread": N_("Click a highlighted neighbour to put the new rat token there."),
    "reveal": N_("Click a face-down token of the infected region to reveal it."),
    "place": N_("Click a highlighted region (it has rats) to place as many cubes as it has rat tokens (holding the "
             "Peasant, you then choose with or without its extra cube)."),
    "move": N_("Click a highlighted neighbour to move the plague there."),
    "peasant_cube": N_("Click any region to add one cube there."),
    "knight": N_("Click the region the plague passes through, then where it ends."),
    "king": N_("Click a highlighted region (no rats, your cubes) to send one cube to the Castle."),
    "monk": N_("Click the region a rat token leaves (or the token itself), then the neighbour it goes to."),
    "merchant": N_("Click the region your cubes leave, then the neighbour they go to."),
    "witch": N_("Click a face-down token (or its region) to look at it secretly."),
}



def rules_in_brief() -> str:
    """How a turn works (a fold-out), in the current language."""
    items = [
        _("<b>Take a class card</b> (optional): a free one or another player's. You keep it until someone takes it; "
          "its power is yours once per turn, and its symbol on a rat token can cost you cubes."),
        _("<b>Place cubes</b> (optional): in one region, as many cubes as it has rat tokens."),
        _("<b>Move the plague</b> to a neighbouring region (land border or sea route). New rats spread around it: 1 "
          "token if it holds 1 rat, 2 if it holds 2 or 3 (never more than 3 in a region)."),
        _("<b>The plague ravages</b> that region while it has cubes and face-down tokens: a token is revealed; if the "
          "cubes there reach its threshold, each symbol removes cubes: <b>M</b> the majority, a <b>class</b> its "
          "holder, <b>A</b> everyone. Then the token leaves the game."),
    ]
    summary = _("How a turn works (the rules in brief)")
    end = _("The game ends after the turn in which the rat supply runs out or someone places their last cube; every "
            "token left is revealed after a final round of class powers. Most cubes on the map plus the Castle wins.")
    return (f'<details class="rg-brief"><summary>{esc(summary)}</summary><ol>'
            + "".join(f"<li>{item}</li>" for item in items) + f"</ol>{end}</details>")


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
    """'42%' ('<1%' / '>99%' near the ends, so that a non-zero chance never reads 0%), for the language."""
    v = float(p)
    if 0 < v < 0.005:
        return "<" + format_percent(0.01, 0)
    if 0.995 < v < 1:
        return ">" + format_percent(0.99, 0)
    return format_percent(v, 0)


def fraction_text(p: Fraction) -> str:
    """'3/8' or '1' or '0'."""
    p = Fraction(p)
    return str(p.numerator) if p.denominator == 1 else f"{p.numerator}/{p.denominator}"


def task_text(obs: dict, events: Sequence[Any], mine: bool = True) -> tuple[str, str]:
    """(what the player to move must do, why) in plain words, from the observation and the events (``mine``
    False: as said of a bot, "its turn")."""
    step, plague = obs["step"], obs["plague"]
    if step == SETUP:
        second = sum(e.kind == "setup_place" for e in events) >= obs["players"]
        return (_("place 2 starting cubes in a region"),
                _("Second placement round (in reverse order).") if second else
                _("Each player places 2 cubes, then everyone places 2 more in reverse order."))
    if step == MAIN and obs["final_round"]:
        return (_("final round: use your class powers once more, or end"),
                _("Nobody takes cards or places cubes now (the Peasant may add one cube)."))
    if step == MAIN:
        done = [_("card taken ✔") if obs["took_class"] else _("take a card (optional)"),
                _("cubes placed ✔") if obs["placed"] else _("place cubes (optional)")]
        turn = (_("your turn — {done}, then move the plague from {region}") if mine else
                _("its turn — {done}, then move the plague from {region}"))
        return (turn.format(done=", ".join(done), region=plague),
                _("Taking a card and placing cubes may come in either order; moving the plague ends your actions."))
    rats = obs["regions"][plague]["rats"]
    if step == SPREAD:
        return (_("put a new rat token next to {region} ({n} to place)").format(region=plague, n=obs["spread_left"]),
                _("A neighbour holding 3 tokens is full."))
    if step == NEUTRAL:
        return (_("Knight: count the plague as {n} extra cubes in {region}?").format(n=KNIGHT_NEUTRAL, region=plague),
                _("Extra cubes make tokens with higher thresholds contaminate."))
    if step == REVEAL_STEP:
        return (_("choose the next rat token to reveal in {region}").format(region=plague),
                ngettext("{n} face-down token; the ravage goes on while the region has cubes.",
                         "{n} face-down tokens; the ravage goes on while the region has cubes.", rats).format(n=rats))
    texts = {
        AFTER: (N_("the plague is over: King to the Castle, or end your turn"), N_("Only the King may act now.")),
        WITCH2: (N_("Witch: look at a second token, or stop"), N_("Only you will see it.")),
        WITCH_SWAP_STEP: (N_("Witch: swap the two tokens you looked at?"), N_("Nobody else knows what they are.")),
    }
    task, why = texts.get(step, (N_("choose"), ""))
    return _(task), _(why) if why else ""


def reveal_hint(region: str, left: int, auto: bool) -> str:
    """The map's hint while the plague reveals ``region``'s tokens one at a time."""
    if auto:
        text = ngettext("The plague reveals the tokens of {region} one at a time: {n} still face down there — "
                        "the next one follows in a moment.",
                        "The plague reveals the tokens of {region} one at a time: {n} still face down there — "
                        "the next one follows in a moment.", left)
    else:
        text = ngettext("The plague reveals the tokens of {region} one at a time: {n} still face down there — "
                        "press Step for the next one.",
                        "The plague reveals the tokens of {region} one at a time: {n} still face down there — "
                        "press Step for the next one.", left)
    return text.format(region=region, n=left)


def reveal_pauses(events: Sequence[Any], start: int) -> list[int]:
    """The playback pauses before each token revealed since event ``start``."""
    return [i for i in range(start, len(events)) if events[i].kind == "reveal"]


def reveal_delay(events: Sequence[Any], upto: int | None, bot_delay: float) -> float:
    """Seconds to show a reveal: those in regions without cubes (the final plague's harmless ones) go by quickly."""
    i = (upto or 0) + 1
    harmless = i < len(events) and events[i].kind == "no_effect" and events[i].params.get("cubes") == 0
    return 0.35 if harmless else max(bot_delay * 1.5, 0.6)


def button_class(kind: str) -> str:
    """A decision button's class by the action's kind (plague, placing, cards, powers)."""
    if kind in ("move_plague", "spread", "reveal", "knight_neutral"):
        return "rt-b-plague"
    if kind in ("place", "setup_place", "peasant_cube"):
        return "rt-b-place"
    if kind == "take_class":
        return "rt-b-card"
    if kind in ("king", "monk", "merchant", "witch_peek", "witch_stop", "witch_swap"):
        return "rt-b-power"
    return ""


__all__ = ["task_text", "action_regions", "action_mode", "action_slot", "pct", "fraction_text", "MODE_LABELS",
           "MODE_HINTS",
           "MODE_ORDER", "TWO_CLICKS", "POWERS", "SYMBOL_SHORT", "rules_in_brief"]
