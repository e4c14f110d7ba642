"""Parts of the Rattus dashboard: what a map click means for each kind of action, the look (CSS), the rules in
brief, the animated board frame, the log cut at the reveal being shown and the decision panel that folds big groups.
"""
from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any, Sequence

import ipywidgets as w

from .common.decision import DecisionPanel
from .common.eventlog import EventLog

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

# What a click on the map does, per kind of decision: (mode, label, the region(s) an action is clicked with)
MODE_LABELS = {
    "setup": "Place 2 starting cubes", "spread": "Put the new rat token", "reveal": "Reveal a token",
    "place": "Place cubes", "move": "Move the plague", "peasant_cube": "Peasant: add a cube",
    "knight": "Knight: plague 2 steps", "king": "King: cube to Castle", "monk": "Monk: move a rat",
    "merchant": "Merchant: move cubes", "witch": "Witch: look at a token",
    "place_peasant": "Place cubes + Peasant's extra cube",
}
MODE_ORDER = list(MODE_LABELS)
TWO_CLICKS = {"knight": ("via", "to"), "monk": ("source", "target"), "merchant": ("source", "target")}
MODE_HINTS = {
    "setup": "Click a region to place your 2 starting cubes there.",
    "spread": "Click a highlighted neighbour to put the new rat token there.",
    "reveal": "Click a face-down token of the infected region to reveal it.",
    "place": "Click a highlighted region (it has rats) to place as many cubes as it has rat tokens.",
    "place_peasant": "Click a region to place its rat-token count of cubes plus the Peasant's extra one.",
    "move": "Click a highlighted neighbour to move the plague there.",
    "peasant_cube": "Click any region to add one cube there.",
    "knight": "Click the region the plague passes through, then where it ends.",
    "king": "Click a highlighted region (no rats, your cubes) to send one cube to the Castle.",
    "monk": "Click the region a rat token leaves (or the token itself), then the neighbour it goes to.",
    "merchant": "Click the region your cubes leave, then the neighbour they go to.",
    "witch": "Click a face-down token (or its region) to look at it secretly.",
}

CSS = """
.rg-app .rt-toolbar { display: flex; flex-wrap: wrap; align-items: center; gap: 6px 12px; margin: 0 0 4px 0; }
.rg-app .rt-hint { font-size: 13.5px; color: #243b53; background: #fffbea; border-left: 4px solid #f0b429;
  padding: 4px 10px; border-radius: 6px; margin: 2px 0 4px 0; }
.rg-app .rt-hint.rt-hint-off { background: #f0f4f8; border-left-color: #9fb3c8; color: #52606d; }
.rg-app .rg-map .rg-board-view { border-radius: 10px; border: 1px solid #bcccdc; box-sizing: border-box;
  overflow: hidden; }
.rg-app .rg-map text.label { pointer-events: none; user-select: none; }
.rg-app .rg-map path.dot { cursor: pointer; }
.rg-app .rt-legend { display: flex; flex-wrap: wrap; column-gap: 4px; font-size: 12.5px; color: #334e68; }
.rg-app .rt-legend .rg-key { margin: 4px 10px 0 0; }
.rg-app .rg-key i.rt-dot { border-radius: 50%; background: #4b3621; }
.rg-app .rg-key i.rt-dot.rt-known { background: #7b4bb7; }
.rg-app .rg-key i.rt-diamond { background: #1f1f1f; border: 2px solid #e12d39; transform: rotate(45deg);
  width: 9px; height: 9px; border-radius: 1px; }
.rg-app .rg-key i.rt-line { height: 0; width: 22px; border-top: 4px solid #8d7b68; border-radius: 0; vertical-align: 3px; }
.rg-app .rg-key i.rt-line.rt-sea { border-top: 3px dashed #2b7bb9; }
.rg-app .rg-key i.rt-halo { border-radius: 50%; background: #fff; box-shadow: 0 0 0 4px #f0b429 inset; }
.rg-app .rt-risk-legend { display: flex; flex-wrap: wrap; align-items: center; gap: 8px; font-size: 12.5px;
  margin-top: 4px; color: #243b53; }
.rg-app .rt-risk-title { font-weight: 600; }
.rg-app .rt-scale { display: inline-flex; align-items: center; gap: 6px; }
.rg-app .rt-scale i { display: inline-block; width: 180px; height: 12px; border-radius: 6px; border: 1px solid #bcccdc; }
.rg-app .rt-players { width: 100%; border-collapse: collapse; font-size: 13px; }
.rg-app .rt-players th { font-size: 11px; font-weight: 600; color: #627d98; text-transform: uppercase;
  letter-spacing: .4px; text-align: center; padding: 2px 4px; }
.rg-app .rt-players td { padding: 4px; text-align: center; border-top: 1px solid #e4e7eb; }
.rg-app .rt-players td.rt-who { text-align: left; white-space: nowrap; }
.rg-app .rt-players tr.rt-turn td { background: #fffbea; }
.rg-app .rt-players tr.rt-turn td.rt-who { box-shadow: inset 4px 0 0 #f0b429; }
.rg-app .rt-players b.rt-total { font-size: 16px; color: #102a43; }
.rg-app .rt-swatch { display: inline-block; width: 13px; height: 13px; border-radius: 3px; margin-right: 6px;
  vertical-align: -2px; border: 1px solid rgba(0,0,0,.2); }
.rg-app .rt-tag { display: inline-block; font-size: 11px; border-radius: 8px; padding: 0 6px; margin-left: 4px;
  background: #e4e7eb; color: #3e4c59; font-weight: 600; }
.rg-app .rt-tag-you { background: #f0b429; color: #3b2c00; }
.rg-app .rt-tag-win { background: #3ebd93; color: #fff; }
.rg-app .rt-cards { display: flex; flex-wrap: wrap; gap: 6px; }
.rg-app .rt-card { flex: 1 1 130px; max-width: 200px; border: 1px solid #d9e2ec; border-radius: 8px; background: #fffdf7;
  overflow: hidden; font-size: 12px; }
.rg-app .rt-card-head { display: flex; justify-content: space-between; align-items: baseline; padding: 3px 7px;
  font-weight: 700; font-size: 13px; }
.rg-app .rt-card-head small { font-weight: 400; font-size: 10.5px; opacity: .85; }
.rg-app .rt-card-power { padding: 3px 7px 5px 7px; color: #3e4c59; line-height: 1.3; }
.rg-app .rt-card-free .rt-card-head { background: #e4e7eb; color: #3e4c59; }
.rg-app .rt-used { font-size: 10.5px; color: #9f1239; font-weight: 700; padding: 0 7px 4px 7px; }
.rg-app .rt-facts { font-size: 12.5px; color: #52606d; margin-top: 6px; }
.rg-app .rt-secret { margin-top: 6px; background: #f3ebff; border: 1px solid #c9b2ef; border-radius: 8px;
  padding: 5px 10px; font-size: 13px; }
.rg-app .rt-secret b { color: #5b2a9a; }
.rg-app .rt-plague { margin-top: 6px; }
.rg-app .rt-plague-head { font-size: 13.5px; color: #243b53; margin-bottom: 4px; }
.rg-app .rt-reveals { display: flex; flex-wrap: wrap; gap: 8px; max-height: 330px; overflow-y: auto; }
.rg-app .rt-reveal { flex: 0 1 190px; border: 1px solid #d9e2ec; border-radius: 8px; padding: 5px 8px; background: #fff;
  font-size: 12.5px; line-height: 1.35; }
.rg-app .rt-reveal.rt-hit { border-color: #e12d39; background: #fff5f5; }
.rg-app .rt-reveal.rt-miss { border-color: #3ebd93; background: #f5fffa; }
.rg-app .rt-reveal.rt-latest { box-shadow: 0 0 0 3px #f0b429; }
.rg-app .rt-token { display: inline-flex; align-items: center; justify-content: center; width: 26px; height: 26px;
  border-radius: 50%; background: #4b3621; color: #fff; font-weight: 800; font-size: 14px; margin-right: 6px;
  vertical-align: middle; }
.rg-app .rt-sym { display: inline-block; font-size: 11px; font-weight: 700; border-radius: 4px; padding: 0 4px;
  margin: 0 2px 0 0; background: #e4e7eb; color: #243b53; }
.rg-app .rt-sym-M { background: #243b53; color: #fff; }
.rg-app .rt-sym-A { background: #9f1239; color: #fff; }
.rg-app .rt-verdict { margin-top: 3px; font-weight: 600; }
.rg-app .rt-loss { display: inline-block; border-radius: 4px; padding: 0 5px; margin: 2px 3px 0 0; font-size: 12px;
  font-weight: 700; }
.rg-app .rt-pending { color: #627d98; font-style: italic; }
.rg-app .widget-button.rt-b-plague { border-left: 6px solid #1f1f1f; }
.rg-app .widget-button.rt-b-place { border-left: 6px solid #8d7b68; }
.rg-app .widget-button.rt-b-card { border-left: 6px solid #7b4bb7; }
.rg-app .widget-button.rt-b-power { border-left: 6px solid #2b7bb9; }
.rg-app .widget-button.rg-candidate { box-shadow: 0 0 0 3px #2f6fd6 !important; }
.rg-app .rt-token.rt-token-s { width: 19px; height: 19px; font-size: 11.5px; margin: 0 3px 2px 6px; }
.rg-app table.rt-teacher { font-size: 12.5px; margin-top: 4px; border-collapse: collapse; }
.rg-app table.rt-teacher td { padding: 1px 6px 1px 0; vertical-align: middle; }
.rg-app details.rt-brief { margin-top: 6px; font-size: 12.5px; color: #334e68; }
.rg-app details.rt-brief summary { cursor: pointer; font-weight: 600; font-size: 13px; }
.rg-app details.rt-brief ol { margin: 4px 0 4px 0; padding-left: 20px; }
.rg-app .rt-odds-table td, .rg-app .rt-odds-table th { font-size: 12.5px; }
.rg-app .rt-side-box { margin-bottom: 8px; }
.rg-app .rt-accordion .lm-AccordionPanel-title, .rg-app .rt-accordion .p-Collapse-header { font-size: 13px; }
"""


RULES_IN_BRIEF = """<details class="rt-brief"><summary>How a turn works (the rules in brief)</summary><ol>
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
        return "place_peasant" if action.peasant else "place"
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


@dataclasses.dataclass
class BoardFrame:
    """The position shown on the board: the state, or an earlier moment of the reveals being animated."""

    cubes: list[list[int]]
    rats: list[list[int]]
    reserve: list[int]
    castle: list[int]
    plague: int


@dataclasses.dataclass
class Animation:
    """The reveals of the last move shown one at a time: frame k shows events[:cuts[k]]."""

    cuts: list[int]
    frame: int = 0

    @property
    def done(self) -> bool:
        """True on the last frame (everything shown)."""
        return self.frame >= len(self.cuts) - 1


class FramedLog(EventLog):
    """The event log, cut at ``limit`` events while the reveals are being animated."""

    limit: int | None = None

    def show(self, events: Sequence[object], new_from: int | None = None) -> None:
        """Render the events up to the animation frame (all of them otherwise)."""
        if self.limit is not None:
            events = events[:self.limit]
        super().show(events, new_from)


class RattusDecisionPanel(DecisionPanel):
    """The shared decision panel; groups with many buttons (Monk, Merchant, Witch…) fold into an accordion."""

    fold_over = 8
    fold_kinds = ("king", "monk", "merchant", "witch_peek", "peasant_cube")

    def show(self, actions: Sequence[object], token: int, title: str = "") -> None:
        """One button per legal action, big groups folded (closed) under a title with their count."""
        super().show(actions, token, title)
        boxes = []
        self.folds: dict[str, w.Accordion] = {}
        for box in self.body.children:
            header, row = box.children
            kind = getattr(row.children[0], "_rt_kind", "") if row.children else ""
            if len(row.children) > self.fold_over and kind in self.fold_kinds:
                title_text = f"{self.group_title(kind)} — {len(row.children)} choices (or use the map)"
                acc = w.Accordion(children=[row], titles=(title_text,), selected_index=None)
                acc.add_class("rt-accordion")
                self._made.append(acc)
                self.folds[kind] = acc
                boxes.append(acc)
            else:
                boxes.append(box)
        self.body.children = boxes

    def _button(self, action: object, token: int) -> w.Button:
        button = super()._button(action, token)
        button._rt_kind = getattr(action, "kind", "")
        return button

    def mark(self, actions: Sequence[object]) -> None:
        """Outline the buttons of ``actions`` (and open their folded group) so that the user can pick one."""
        wanted = list(actions)
        for a, b in zip(self.actions, self.buttons):
            if a in wanted:
                b.add_class("rg-candidate")
                acc = getattr(self, "folds", {}).get(a.kind)
                if acc is not None:
                    acc.selected_index = 0
            else:
                b.remove_class("rg-candidate")


__all__ = ["action_regions", "action_mode", "action_slot", "pct", "fraction_text", "BoardFrame", "Animation",
           "FramedLog", "RattusDecisionPanel", "MODE_LABELS", "MODE_HINTS", "MODE_ORDER", "TWO_CLICKS", "CSS",
           "POWERS", "SYMBOL_SHORT", "RULES_IN_BRIEF"]
