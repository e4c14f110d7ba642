"""DecisionPanel: the pending decision as buttons, one per legal action, grouped by action kind."""
from __future__ import annotations

import time
from typing import Callable, Collection, Mapping, Sequence

import ipywidgets as w

from .retire import Retirement
from .theme import esc
from .translate import _, ngettext


class DecisionPanel:
    """Shows every legal action as a button labelled ``label(action)`` (default ``str``); a click calls ``on_choose(action, token)``.

    ``token`` identifies the position the buttons were made for, so the owner can refuse stale clicks.
    Replaced buttons are closed ``retire_seconds`` later, not at once (see ``retire.py``).
    Groups of a kind in ``fold_kinds`` with more than ``fold_over`` buttons fold (closed) under their title, so
    that a long list (one button per token, per road...) does not push the page down; every button stays.
    """

    def __init__(self, on_choose: Callable[[object, int], None], group_titles: Mapping[str, str] | None = None,
                 button_class: Callable[[object], str] | None = None, fold_kinds: Collection[str] = (),
                 fold_over: int = 8, retire_seconds: float = 30.0, clock: Callable[[], float] = time.monotonic,
                 label: Callable[[object], str] = str):
        self.on_choose = on_choose
        self.label = label
        self.retirement = Retirement(retire_seconds, clock)
        self.fold_kinds = set(fold_kinds)
        self.fold_over = fold_over
        self.folds: dict[str, w.Accordion] = {}
        self.group_titles = dict(group_titles or {})
        self.button_class = button_class
        self.buttons: list[w.Button] = []
        self._made: list[w.Widget] = []
        self.actions: list[object] = []
        self.title = w.HTML()
        self.body = w.VBox()
        self.widget = w.VBox([self.title, self.body], layout=w.Layout(width="100%"))
        self.widget.add_class("rg-decision")

    def group_title(self, kind: str) -> str:
        """Heading of a group of actions of one kind."""
        return _(self.group_titles[kind]) if kind in self.group_titles else kind.replace("_", " ").capitalize()

    def relabel(self) -> None:
        """Nothing fixed to relabel: the buttons are made again by the next ``show``."""

    def show(self, actions: Sequence[object], token: int, title: str = "") -> None:
        """Replace the buttons with one per action (same order, grouped by kind)."""
        self._close_old()
        self.title.value = f'<div class="rg-section">{esc(title)}</div>' if title else ""
        groups: dict[str, list] = {}
        for action in actions:
            groups.setdefault(getattr(action, "kind", type(action).__name__), []).append(action)
        rows = []
        self.folds = {}
        folded = {kind for kind, group in groups.items() if kind in self.fold_kinds and len(group) > self.fold_over}
        # the short groups (the common actions) first, the long ones folded after them; a decision made only of
        # long groups opens its first one, so that a choice is always in view
        order = [k for k in groups if k not in folded] + [k for k in groups if k in folded]
        for kind in order:
            buttons = [self._button(a, token) for a in groups[kind]]
            row = w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))
            row.add_class("rg-choices")
            if kind in folded:
                title_text = ngettext("{group} — {n} choice (or use the board)", "{group} — {n} choices (or use the board)",
                                      len(buttons)).format(group=self.group_title(kind), n=len(buttons))
                opened = 0 if len(folded) == len(groups) and kind == order[0] else None
                box = w.Accordion(children=[row], titles=(title_text,), selected_index=opened)
                box.add_class("rg-accordion")
                self.folds[kind] = box
                self._made += [row, box]
            else:
                header = w.HTML(f'<div class="rg-group-title">{esc(self.group_title(kind))}</div>')
                box = w.VBox([header, row])
                self._made += [header, row, box]
            rows.append(box)
        self.body.children = rows

    def clear(self, title: str = "", note: str = "") -> None:
        """No buttons (a bot or chance is to move, or the game is over)."""
        self._close_old()
        self.title.value = f'<div class="rg-section">{esc(title)}</div>' if title else ""
        if note:
            self._made.append(w.HTML(f'<div class="rg-note">{esc(note)}</div>'))
        self.body.children = self._made[-1:] if note else []

    def button_for(self, action: object) -> w.Button:
        """The button of an action (KeyError if it has none)."""
        for a, b in zip(self.actions, self.buttons):
            if a == action:
                return b
        raise KeyError(f"no button for {action}")

    def mark(self, actions: Sequence[object]) -> None:
        """Outline the buttons of ``actions`` (opening their folded group) so that the user picks one of them."""
        wanted = list(actions)
        for a, b in zip(self.actions, self.buttons):
            if a in wanted:
                b.add_class("rg-candidate")
                fold = self.folds.get(getattr(a, "kind", ""))
                if fold is not None:
                    fold.selected_index = 0
            else:
                b.remove_class("rg-candidate")

    def _button(self, action: object, token: int) -> w.Button:
        label = self.label(action)
        button = w.Button(description=label, tooltip=label, layout=w.Layout(width="auto", height="auto"))
        button.add_class("rg-choice")
        if self.button_class is not None:
            for cls in self.button_class(action).split():
                button.add_class(cls)
        button.on_click(lambda _b, a=action, t=token: self.on_choose(a, t))
        self.buttons.append(button)
        self.actions.append(action)
        return button

    def _close_old(self) -> None:
        self.body.children = []
        self.retirement.retire(self._made + self.buttons)
        self.buttons, self.actions, self._made = [], [], []
