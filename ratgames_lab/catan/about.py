"""Catan declares itself to the registry (nothing heavy is imported here)."""
from ..core.registry import GameInfo

INFO = GameInfo(
    name="catan",
    title="Catan",
    players=(3, 4),
    status="base game: every rule, exact odds, heuristic bot, dashboard with a clickable hex board and trades, "
           "three lessons",
    summary="Catan, the official base game on a NetworkX graph of hex intersections: settle, trade, build, "
            "reach 10 victory points.",
    dashboard="ratgames_lab.widgets.catan:CatanDashboard",
    variants={"combined": {"variant": "combined"}},
    app_settings={"players": 4, "seed": 7, "seats": ["human", "heuristic", "heuristic", "heuristic"]},
    app_intro="You play **Player 1 (red)**; the other colours are clever bots. The *Start a game* menu (right of the "
              "board) starts another game: the base game or the **combined variant** (Seafarers + Cities & Knights), "
              "3 or 4 players, a game number and the opponents. Click the board to build (highlighted "
              "places) and to move the robber; every move also has a button. Switch on the *heat map* to see which "
              "spots produce most; trade in the trade panel. Change seats, speed and game number in the *Players* tab.",
)
