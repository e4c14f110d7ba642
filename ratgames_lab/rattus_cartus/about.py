"""Rattus Cartus declares itself to the registry (nothing heavy is imported here)."""
from ..core.registry import GameInfo

INFO = GameInfo(
    name="rattus_cartus",
    title="Rattus Cartus",
    players=(2, 3, 4, 5),
    information="hidden",  # cards or tokens a seat cannot see
    chance=True,  # shuffles, draws or dice
    status="complete: every rule of the digest, exact odds, heuristic bot, three lessons, dashboard and web app",
    summary="Rattus Cartus (White Goblin Games): win influence in medieval buildings with your cards, and keep "
            "your rats below the nuns hidden in the row.",
    dashboard="ratgames_lab.widgets.rattus_cartus:RattusCartusDashboard",
    app_settings={"players": 4, "seed": 7, "seats": ["human", "heuristic", "heuristic", "heuristic"]},
    app_intro="You are **Red** against three bots. Each round: use a building's support action, then enter one "
              "building with cards face down. Each card wins influence in the building's class, but a card of "
              "another class also brings a rat. At the end, whoever has more rats than the nun row has nuns dies: "
              "watch your survival gauge.",
)
