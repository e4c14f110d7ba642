"""The Catan dashboard's names for places: buttons, messages and log lines say "the spot (brick 6 · grain 8 · 3:1
harbour)" where the engine says "intersection 34" (the same words as the terminal, from the engine's place_names)."""
from __future__ import annotations

from typing import Any

from ratgames_lab.catan import action_text, name_places


class PlaceNaming:
    """A mixin for a dashboard with a ``state``: action labels and event lines with places named."""

    state: Any

    def action_label(self, action: Any) -> str:
        """The button label of an action, its places named (a bank trade with both sides and its rate)."""
        return action_text(self.state, action)

    def event_text(self, event: Any) -> str:
        """The log line of an event, its places named."""
        return name_places(self.state, event.text())


__all__ = ["PlaceNaming"]
