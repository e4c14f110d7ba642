"""Helpers for the Rattus Cartus tests: named actions and forced chance outcomes."""
from __future__ import annotations

from ratgames_lab.rattus_cartus.actions import (DECLINE, PLAY_PASS, STOP, USE, ChoosePlayer, DrawCard, Enter,
                                                GiveCard, HospitalDiscard, Look, PlaceCard, ReplacementBuilding,
                                                RevealBuilding, Support)

__all__ = ["DECLINE", "PLAY_PASS", "STOP", "USE", "ChoosePlayer", "DrawCard", "Enter", "GiveCard",
           "HospitalDiscard", "Look", "PlaceCard", "ReplacementBuilding", "RevealBuilding", "Support", "reveal",
           "draw_any", "kinds", "task"]


def reveal(s, *cards: str) -> None:
    """Reveal these buildings in phase A."""
    for c in cards:
        s.apply(RevealBuilding(c))


def draw_any(s) -> None:
    """Resolve every pending draw with the lowest card of the deck (deterministic)."""
    while s.tasks and s.tasks[0][0] == "draw":
        s.apply(s.legal_actions()[0])


def task(s) -> str:
    """The name of the pending task."""
    return s.tasks[0][0] if s.tasks else "over"


def kinds(s) -> list[str]:
    """Event kinds logged so far."""
    return [e.kind for e in s.events]
