"""Catan declares itself to the registry (nothing heavy is imported here)."""
from ..core.registry import GameInfo

INFO = GameInfo(
    name="catan",
    title="Catan",
    players=(3, 4),
    information="hidden",  # cards or tokens a seat cannot see
    chance=True,  # shuffles, draws or dice
    status="base game and the group's combined variant (Seafarers + Cities & Knights + Traders & Barbarians: "
           "money, shop, loan, rivers, fish, markets and wagons): every rule, exact odds, heuristic bots, "
           "dashboards with clickable hex boards, seven lessons",
    summary="Catan on a NetworkX graph of hex intersections: the official base game (10 VP), and the group's "
            "combined variant (variant='combined', 15 or 20 VP).",
    dashboard="ratgames_lab.widgets.catan:CatanDashboard",
    # the conformance suite plays the variant with a turn cap of 120 (long games: the 500-game invariants)
    variants={"combined": {"variant": "combined", "turn_cap": 120}},
    app_settings={"players": 4, "seed": 7, "seats": ["human", "heuristic", "heuristic", "heuristic"]},
    app_intro="You play **Player 1 (red)**; the other colours are clever bots. The *Start a game* menu (right of the "
              "board) starts the base game or the **combined variant** (Seafarers + Cities & Knights + Traders & "
              "Barbarians) with 3 or 4 players and a game number. Click the board to build (highlighted places) and "
              "to move the robber; every move also has a button. The *heat map* shows which spots produce most; "
              "trade in the trade panel. The *Playback* speed and *Skip to my turn* sit next to your choices; seats: "
              "the *Players* tab.",
)
