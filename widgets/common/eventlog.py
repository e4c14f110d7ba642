"""EventLog: the explained event log as an HTML list, newest first, the latest events highlighted."""
from __future__ import annotations

from typing import Callable, Collection, Mapping, Sequence

import ipywidgets as w

from .theme import esc
from .translate import _, ngettext


class EventLog:
    """Each event's text in the current language (the rulebook rule it applies in a tooltip); events of the last step highlighted.

    ``heading_kinds`` start a section (e.g. a new turn); ``kind_classes`` style other kinds
    (rg-good, rg-bad, rg-minor).
    """

    def __init__(self, heading_kinds: Collection[str] = (), max_items: int = 400,
                 kind_classes: Mapping[str, str] | None = None, text: Callable[[object], str] | None = None):
        self.text = text or (lambda event: event.text())
        self.heading_kinds = set(heading_kinds)
        self.kind_classes = dict(kind_classes or {})
        self.max_items = max_items
        self.widget = w.HTML()
        self.widget.add_class("rg-log-box")
        self._cache: dict[int, tuple[object, str, str]] = {}

    def show(self, events: Sequence[object], new_from: int | None = None, limit: int | None = None) -> None:
        """Render ``events`` (newest first, only the first ``limit`` during a playback); those with index >=
        ``new_from`` are marked new."""
        if limit is not None:
            events = events[:limit]
        if new_from is None:
            new_from = len(events)
        start = max(0, len(events) - self.max_items)
        items = []
        for i in range(len(events) - 1, start - 1, -1):
            text, cls = self._item(events[i])
            if i >= new_from:
                cls += " rg-new"
            items.append(f'<li class="{cls.strip()}" data-index="{i}">{text}</li>')
        earlier = ngettext("{n} earlier event", "{n} earlier events", start).format(n=start)
        more = f'<li class="rg-muted">… {esc(earlier)}</li>' if start else ""
        nothing = _("Nothing has happened yet.")
        empty = f'<li class="rg-muted">{esc(nothing)}</li>' if not events else ""
        self.widget.value = f'<div class="rg-log"><ol>{"".join(items)}{more}{empty}</ol></div>'

    def relabel(self) -> None:
        """Forget the texts made in the previous language (the next ``show`` makes them again)."""
        self._cache.clear()

    def _item(self, event: object) -> tuple[str, str]:
        hit = self._cache.get(id(event))
        if hit is not None and hit[0] is event:
            return hit[1], hit[2]
        rule = getattr(event, "rule", "")
        # the rulebook section is a tooltip: useful to a teacher, out of the way of a student reading the log
        title = _("Rulebook rule: {rule}").format(rule=rule)
        tag = f'<span class="rg-rule" title="{esc(title)}">§</span>' if rule else ""
        text = esc(self.text(event)) + tag
        kind = getattr(event, "kind", "")
        cls = "rg-head" if kind in self.heading_kinds else self.kind_classes.get(kind, "")
        self._cache[id(event)] = (event, text, cls)
        return text, cls
