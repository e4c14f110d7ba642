"""Master of Rules heuristic bot (placeholder replaced below)."""
from ..core.bots import RandomBot as HeuristicBot
