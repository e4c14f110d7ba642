"""HistoryControls: undo / redo, step back / forward one action, and a slider to go to any point of the match."""
from __future__ import annotations

from typing import Callable

import ipywidgets as w

from .theme import esc
from .translate import _, ngettext


class HistoryControls:
    """Buttons and a slider; each calls ``on_navigate(kind, index)`` with kind in undo, redo, back, forward, goto."""

    def __init__(self, on_navigate: Callable[[str, int | None], None]):
        self.on_navigate = on_navigate
        self.undo, self.redo, self.back, self.forward = (self._button() for _n in range(4))
        self.back.description, self.forward.description = "◀", "▶"
        self.slider = w.IntSlider(value=0, min=0, max=0, continuous_update=False,
                                  readout=True, style={"description_width": "initial"},
                                  layout=w.Layout(width="300px"))
        self.label = w.HTML()
        self.relabel()
        self.undo.on_click(lambda _b: self.on_navigate("undo", None))
        self.redo.on_click(lambda _b: self.on_navigate("redo", None))
        self.back.on_click(lambda _b: self.on_navigate("back", None))
        self.forward.on_click(lambda _b: self.on_navigate("forward", None))
        self.slider.observe(self._slid, names="value")
        self._updating = False
        self.widget = w.HBox([self.undo, self.redo, self.back, self.slider, self.forward, self.label],
                             layout=w.Layout(align_items="center", flex_flow="row wrap"))
        self.widget.add_class("rg-history")

    def relabel(self) -> None:
        """The buttons' words in the current language (the line under them follows at the next ``show``)."""
        self.undo.description = _("↶ Undo my move")
        self.undo.tooltip = _("Go back to your previous decision (bot moves and draws included)")
        self.redo.description = _("Redo ↷")
        self.redo.tooltip = _("Go forward to your next decision again")
        self.back.tooltip = _("Step back one action (for following the game step by step)")
        self.forward.tooltip = _("Step forward one action")
        self.slider.description = _("Go to move")

    @staticmethod
    def _button() -> w.Button:
        return w.Button(layout=w.Layout(width="auto"))

    def show(self, cursor: int, length: int, can_undo: bool, can_redo: bool) -> None:
        """Reflect the match: cursor position, history length and whether undo / redo lead anywhere."""
        self._updating = True
        try:
            self.slider.max = max(length, 0)
            self.slider.value = cursor
        finally:
            self._updating = False
        self.undo.disabled = not can_undo
        self.redo.disabled = not can_redo
        self.back.disabled = cursor == 0
        self.forward.disabled = cursor >= length
        if cursor == length:
            text = esc(ngettext("{n} move so far (card draws included)", "{n} moves so far (card draws included)",
                                length).format(n=length))
        else:
            text = (_("<b>viewing the past</b> (move {cursor} of {length}): a new move erases the later ones")
                    .format(cursor=cursor, length=length))
        self.label.value = f'<span class="rg-note">{text}</span>'

    def _slid(self, change: dict) -> None:
        if not self._updating:
            self.on_navigate("goto", change["new"])
