"""The steps of a Rattus turn (``state.step``): the pending decision, in the order a turn goes through them."""

SETUP, MAIN, WITCH2, WITCH_SWAP_STEP, SPREAD, DRAW, NEUTRAL, REVEAL_STEP, AFTER, OVER = (
    "setup", "main", "witch_second", "witch_swap", "spread", "draw", "neutral", "reveal", "after", "over")
STEPS = (SETUP, MAIN, WITCH2, WITCH_SWAP_STEP, SPREAD, DRAW, NEUTRAL, REVEAL_STEP, AFTER, OVER)
PLAGUE_STEPS = (SPREAD, DRAW, NEUTRAL, REVEAL_STEP, AFTER)  # the plague's part of a turn
