"""Rattus Cartus in the terminal: the position as text, and the choices named as the table says them (the
building whose action is offered, a player by colour), for ``ratgames play`` and the dashboard's buttons."""
from __future__ import annotations

from typing import Any

from .tasks import Offer
from .translate import _, name


def _offer(state: Any) -> Offer | None:
    task = state.tasks[0] if state.tasks else None
    return task if isinstance(task, Offer) else None


def action_text(state: Any, action: Any) -> str:
    """An action in words: "Use the privilege of the Farm", "Choose Green" (else the action's own text)."""
    if action.kind == "use_action":
        offer = _offer(state)
        if offer is not None:
            bd = state.comp.buildings
            building = name(bd.type_names[state.building_type(offer.slot)])
            if offer.privilege:
                text = _("Use the privilege of the {building}") if action.use else \
                    _("Decline the privilege of the {building}")
            else:
                text = _("Use the basic action of the {building}") if action.use else \
                    _("Decline the basic action of the {building}")
            return text.format(building=building)
    if action.kind == "choose_player":
        return _("Choose {player}").format(player=name(state.name(action.player)))
    return str(action)


def event_text(state: Any, event: Any) -> str:
    """An event line (the engine's own text)."""
    return event.text()


def state_text(state: Any, seat: int) -> str:
    """The position as a text table, then the hand of ``seat``."""
    hand = state.hand_text(seat)
    return state.describe() + ("\n" + hand if hand else "")


__all__ = ["action_text", "event_text", "state_text"]
