"""L'Horlogerie des Rats declares itself to the registry (nothing heavy is imported here)."""
from ..core.registry import GameInfo

INFO = GameInfo(
    name="horlogerie",
    title="L'Horlogerie des Rats",
    players=(2, 3, 4, 5, 6),
    information="hidden",  # cards or tokens a seat cannot see
    chance=True,  # shuffles, draws or dice
    status="complete: every rule, exact push-your-luck odds, threshold and optimal-stopping bots, "
           "three lessons, dashboard",
    summary="L'Horlogerie des Rats (amateur card game): push your luck exploring the Twisted Land, survive the "
            "danger your neighbour draws, and buy missions worth victory points.",
    dashboard="ratgames_lab.widgets.horlogerie:HorlogerieDashboard",
    app_settings={"players": 4, "seed": 7, "seats": ["human", "optimal", "optimal", "optimal"]},
    app_intro="Push your luck: draw Exploration cards without passing your team's value — the gauge shows the odds "
              "of the next card. Your left neighbour then draws the Danger against you.",
)
