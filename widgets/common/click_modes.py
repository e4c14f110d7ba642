"""ClickModes: what a click on a board means, from the legal actions of the player to move.

Each legal action that can be played on the board belongs to a *mode* (place, move, build a road...) and names the
board keys it is clicked with, in click order (one key, or two: from, to). When several modes are possible the user
picks one with a toggle above the board; a click then resolves to exactly one action (played), several (the user is
asked to pick among the outlined buttons), or none (refused with a reason). Nothing here knows a game's rules: the
game gives ``mode_of`` and ``keys_of`` (constructor arguments) and the labels and hints of its modes.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable, Hashable, Mapping, Sequence

import ipywidgets as w

from .theme import esc
from .translate import _


@dataclasses.dataclass
class ClickResult:
    """What a click means: ``kind`` is play (one action), ask (several), pick (first of two clicks) or refuse."""

    kind: str
    actions: list = dataclasses.field(default_factory=list)
    message: str = ""


class ClickModes:
    """Modes, targets and the resolution of clicks; ``widget`` is the mode toggle, ``hint`` the line under it.

    - ``mode_of(action)``: the mode of an action, or None if it is played by its button only;
    - ``keys_of(action)``: the board keys it is clicked with (one, or two for ``two_clicks`` modes);
    - ``slot_of(action)``: an optional sub-element (a token in a region) a click may name;
    - ``labels`` / ``hints``: the toggle's text and the hint of each mode, in the order modes are offered;
    - ``two_clicks``: mode -> what the first click chooses ("the plague passes through");
    - ``on_change()``: called when the user picks another mode; ``hint_class``: extra CSS classes of the hint.
    """

    def __init__(self, mode_of: Callable[[Any], str | None], keys_of: Callable[[Any], tuple],
                 labels: Mapping[str, str], hints: Mapping[str, str], two_clicks: Mapping[str, str] | None = None,
                 slot_of: Callable[[Any], int | None] | None = None,
                 on_change: Callable[[], None] | None = None, hint_class: str = ""):
        self.hint_class = f"rg-hint {hint_class}".strip()
        self.mode_of, self.keys_of = mode_of, keys_of
        self.slot_of = slot_of or (lambda a: None)
        self.labels, self.hints = dict(labels), dict(hints)
        self.two_clicks = dict(two_clicks or {})
        self.on_change = on_change
        self.modes: dict[str, list] = {}
        self.mode: str | None = None
        self.chosen: str | None = None
        self.picked: Hashable | None = None
        self.picked_slot: int | None = None
        self._quiet = False
        self.buttons = w.ToggleButtons(options=[], value=None, style={"button_width": "auto"}, tooltips=[],
                                       layout=w.Layout(width="auto"))
        self.buttons.add_class("rg-modes")
        self.buttons.observe(self._picked_mode, names="value")
        self.label = w.HTML()
        self.widget = w.HBox([self.label, self.buttons], layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.hint = w.HTML()
        self.relabel()

    def relabel(self) -> None:
        """The words in the current language (the next ``update`` relabels the modes)."""
        will = _("A click on the board will:")
        self.label.value = f'<span class="rg-note"><b>{esc(will)}</b></span>'
        self.buttons.options = []

    def _label(self, mode: str) -> str:
        return _(self.labels[mode])

    def _hint(self, mode: str | None) -> str:
        return _(self.hints[mode]) if mode in self.hints else ""

    # ------------------------------------------------------------------ state
    def update(self, actions: Sequence[Any]) -> None:
        """New position: group ``actions`` (empty when no human decides) by mode; keep the user's mode if possible."""
        out: dict[str, list] = {}
        for a in actions:
            mode = self.mode_of(a)
            if mode is not None:
                out.setdefault(mode, []).append(a)
        self.modes = {m: out[m] for m in self.labels if m in out}
        self.mode = self.chosen if self.chosen in self.modes else next(iter(self.modes), None)
        self.picked = self.picked_slot = None
        self._quiet = True
        try:
            options = [(self._label(m), m) for m in self.modes]
            if list(self.buttons.options) != options:
                self.buttons.options = options
                self.buttons.tooltips = [self._hint(m) for m in self.modes]
            self.buttons.value = self.mode
            self.widget.layout.display = "" if len(self.modes) > 1 else "none"
        finally:
            self._quiet = False

    def _picked_mode(self, change: dict) -> None:
        if self._quiet or change["new"] is None:
            return
        self.chosen = self.mode = change["new"]
        self.picked = self.picked_slot = None
        if self.on_change is not None:
            self.on_change()

    def targets(self) -> tuple[list, Hashable | None]:
        """(keys a click can use now, the key chosen by a first click)."""
        acts = self.modes.get(self.mode or "", [])
        if not acts:
            return [], None
        if self.mode in self.two_clicks and self.picked is not None:
            return sorted({self.keys_of(a)[1] for a in acts if self.keys_of(a)[0] == self.picked}), self.picked
        return sorted({self.keys_of(a)[0] for a in acts}), None

    # ------------------------------------------------------------------ clicks
    def resolve(self, key: Hashable, slot: int | None = None) -> ClickResult:
        """What a click on ``key`` (and its element ``slot``) means in the current mode."""
        mode = self.mode
        if mode is None:
            return ClickResult("refuse", message=_("Nothing to click on the board now: choose with the buttons. "
                                                   "({key}: nothing was played.)").format(key=key))
        acts = self.modes[mode]
        label = self._label(mode)
        if mode in self.two_clicks:
            if self.picked is not None and key == self.picked and slot is None:
                self.picked = self.picked_slot = None
                return ClickResult("pick", message=_("{label}: choice of {key} cancelled.").format(label=label, key=key))
            if self.picked is not None:
                chosen = [a for a in acts if tuple(self.keys_of(a)[:2]) == (self.picked, key)]
                if self.picked_slot is not None:
                    chosen = [a for a in chosen if self.slot_of(a) == self.picked_slot] or chosen
                if chosen:
                    return self._result(chosen, key, mode)
            starts = [a for a in acts if self.keys_of(a)[0] == key]
            if not starts:
                text = (_("{label}: {key} cannot be used from {picked}. Click a highlighted place (nothing was "
                          "played).") if self.picked is not None else
                        _("{label}: {key} cannot be used. Click a highlighted place (nothing was played)."))
                return ClickResult("refuse", message=text.format(label=label, key=key, picked=self.picked))
            if slot is not None:
                starts = [a for a in starts if self.slot_of(a) == slot] or starts
            self.picked, self.picked_slot = key, slot
            ends = sorted({self.keys_of(a)[1] for a in starts})
            text = _("{label}: {what} {key}. Now click where it goes: {ends} (click {key} again to cancel).")
            return ClickResult("pick", starts, text.format(label=label, what=_(self.two_clicks[mode]), key=key,
                                                           ends=", ".join(map(str, ends))))
        chosen = [a for a in acts if self.keys_of(a)[0] == key and (slot is None or self.slot_of(a) in (None, slot))]
        return self._result(chosen, key, mode)

    def _result(self, chosen: list, key: Hashable, mode: str) -> ClickResult:
        if not chosen:
            text = _("{label}: not possible in {key} now. {hint} Nothing was played.")
            return ClickResult("refuse", message=text.format(label=self._label(mode), key=key, hint=self._hint(mode)))
        if len(chosen) > 1:
            options = "; ".join(str(a) for a in chosen)
            text = _("{key}: {n} possible choices ({options}). Pick one with the outlined buttons.")
            return ClickResult("ask", chosen, text.format(key=key, n=len(chosen), options=options))
        self.picked = self.picked_slot = None
        return ClickResult("play", chosen)

    # ------------------------------------------------------------------ hint
    def show_hint(self, text: str | None = None) -> None:
        """The line under the toggle: ``text`` (greyed) if given, else what a click does now."""
        if text is not None or self.mode is None:
            self.hint.value = f'<div class="{self.hint_class} rg-hint-off">{esc(text or "")}</div>'
            return
        text = self._hint(self.mode)
        if self.picked is not None:
            text = _("{label} from {picked}: now click a highlighted place (or {picked} again to cancel).").format(
                label=self._label(self.mode), picked=self.picked)
        self.hint.value = f'<div class="{self.hint_class}">{esc(text)}</div>'


__all__ = ["ClickModes", "ClickResult"]
