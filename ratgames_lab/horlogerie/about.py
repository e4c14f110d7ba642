"""L'Horlogerie des Rats declares itself to the registry (nothing heavy is imported here)."""
from ..core.registry import GameInfo

INFO = GameInfo(
    name="horlogerie",
    title="L'Horlogerie des Rats",
    players=(2, 3, 4, 5, 6),
    status="engine and lessons: every rule, exact push-your-luck odds, threshold and optimal-stopping bots, "
           "three lessons (dashboard to come)",
    summary="L'Horlogerie des Rats (amateur card game): push your luck exploring the Twisted Land, survive the "
            "danger your neighbour draws, and buy missions worth victory points.",
    dashboard=None,
)
