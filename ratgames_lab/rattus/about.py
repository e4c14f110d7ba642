"""Rattus declares itself to the registry (nothing heavy is imported here)."""
from ..core.registry import GameInfo

INFO = GameInfo(
    name="rattus",
    title="Rattus",
    players=(2, 3, 4),
    information="hidden",  # cards or tokens a seat cannot see
    chance=True,  # shuffles, draws or dice
    status="complete: every rule, exact odds, bots, dashboard with a clickable map, lessons",
    summary="Rattus (White Goblin Games): the Black Death spreads over Europe; place your people and steer the plague.",
    dashboard="ratgames_lab.widgets.rattus:RattusDashboard",
    translated_data=(("data/components.json", "colours"), ("data/components.json", "classes.*.name"),
                     ("data/components.json", "symbols.*")),
    app_settings={"players": 4, "seed": 7, "seats": ["human", "heuristic", "heuristic", "heuristic"]},
    app_intro="You play **Red** against bots: click a region on the map (every move also has a button). Seats and "
              "game number: the *Players* tab.",
)
