"""ratgames_lab: exact rules engines for five board and card games, for teaching.

    import ratgames_lab as rl
    game = rl.load_game("master_of_rules", players=4, seed=7)
    state = game.new_state()
    game, state = rl.load_position("notebooks/positions/rattus_odds.json")   # any game's position file
"""
from .core.errors import IllegalActionError, InvalidPositionError
from .core.protocol import CHANCE, TERMINAL, Action, Event, Game, GameState
from .core.registry import GAMES, GameInfo, discover, load_game
from .core.bots import seat_view
from .core.match import Match
from .core.position import load_position, position_document
from .core.student_bots import register_bot
from .core.tournament import run_tournament

__all__ = [
    "CHANCE", "TERMINAL", "GAMES", "GameInfo", "load_game", "IllegalActionError", "InvalidPositionError",
    "Action", "Event", "Game", "GameState", "Match", "load_position", "position_document", "seat_view",
    "register_bot", "run_tournament",
]
__version__ = "0.1.0"

GAMES.update(discover())  # every game package declares itself in its about.py
