"""Catan declares itself to the registry (nothing heavy is imported here)."""
from ..core.registry import GameInfo

INFO = GameInfo(
    name="catan",
    title="Catan",
    players=(3, 4),
    status="base game: every rule, exact odds, heuristic bot (no dashboard or lessons yet)",
    summary="Catan, the official base game on a NetworkX graph of hex intersections: settle, trade, build, "
            "reach 10 victory points.",
    dashboard=None,
)
