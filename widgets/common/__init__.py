"""Game-agnostic dashboard parts shared by every game's dashboard (see docs/dashboards.md)."""
from .analyze import AnalyzePanel
from .board_view import BoardView
from .click_modes import ClickModes, ClickResult
from .dashboard import Dashboard
from .decision import DecisionPanel
from .eventlog import EventLog
from .history import HistoryControls
from .odds import OddsPanel
from .playback import Frames, Playback
from .position_io import PositionIO
from .retire import Retirement
from .seats import HUMAN, SeatSetup, bot_word
from .theme import widget_texts

__all__ = ["AnalyzePanel", "BoardView", "ClickModes", "ClickResult", "Dashboard", "DecisionPanel", "EventLog",
           "Frames", "HistoryControls", "OddsPanel", "Playback", "PositionIO", "Retirement", "SeatSetup", "HUMAN", "bot_word",
           "widget_texts"]
