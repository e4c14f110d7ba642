"""Registration of Rattus Cartus (imports nothing heavy)."""
from ..core.registry import GameInfo, register_game

INFO = GameInfo("rattus_cartus", "Rattus Cartus", "ratgames_lab.rattus_cartus", (2, 3, 4, 5))
register_game(INFO)
