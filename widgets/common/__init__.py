"""Game-agnostic dashboard parts shared by every game's dashboard."""
from .analyze import AnalyzePanel
from .dashboard import Dashboard
from .decision import DecisionPanel
from .eventlog import EventLog
from .history import HistoryControls
from .odds import OddsPanel
from .position_io import PositionIO
from .seats import HUMAN, SeatSetup
from .theme import widget_texts

__all__ = ["AnalyzePanel", "Dashboard", "DecisionPanel", "EventLog", "HistoryControls", "OddsPanel", "PositionIO",
           "SeatSetup", "HUMAN", "widget_texts"]
