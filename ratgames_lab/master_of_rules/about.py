"""Master of Rules declares itself to the registry (nothing heavy is imported here)."""
from ..core.registry import GameInfo

INFO = GameInfo(
    name="master_of_rules",
    title="Master of Rules",
    players=(3, 4, 5),
    information="hidden",  # cards or tokens a seat cannot see
    chance=True,  # shuffles, draws or dice
    status="complete: every rule, exact odds, bots, dashboard, lessons",
    summary="Le Maître des Règles (Z-Man 2008): play Number and Rule cards and bet on which rules the table fulfils.",
    dashboard="ratgames_lab.widgets.master_of_rules:MasterOfRulesDashboard",
    translated_data=(("data/cards.json", "rules.*.name"), ("data/cards.json", "colours.*.id")),
    app_settings={"players": 4, "seed": 7, "seats": ["human", "heuristic", "heuristic", "heuristic"]},
)
