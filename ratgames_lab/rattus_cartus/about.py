"""Rattus Cartus declares itself to the registry (nothing heavy is imported here)."""
from ..core.registry import GameInfo

INFO = GameInfo(
    name="rattus_cartus",
    title="Rattus Cartus",
    players=(2, 3, 4, 5),
    status="engine and lessons: every rule of the digest, exact odds, heuristic bot, three lessons (no dashboard yet)",
    summary="Rattus Cartus (White Goblin Games): win influence in medieval buildings with your cards, and keep "
            "your rats below the nuns hidden in the row.",
)
