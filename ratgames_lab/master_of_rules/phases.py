"""Phases of a transaction and the card types a player plays ("play" and "refill" are decisions, draws chance)."""

PLAY, REFILL, DUMMY_DRAW, DISPLAY_DRAW, OVER = "play", "refill", "dummy_draw", "display_draw", "over"
PHASES = (PLAY, REFILL, DUMMY_DRAW, DISPLAY_DRAW, OVER)
NUMBER, RULE, NOTHING = "number", "rule", "nothing"
