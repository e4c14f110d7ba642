"""The steps of a turn and the fixed numbers of the rules (shared by rules.py and position.py)."""

GRID_SIZE = 9
TEAM_SIZE = 3
WIN_VP = 12

REFILL, LOAD, RECRUIT, RECRUIT_DRAW, RECRUIT_CHOOSE = "refill", "load", "recruit", "recruit_draw", "recruit_choose"
EXPLORE, EXPLORE_DRAW, PEEK, REWARD = "explore", "explore_draw", "peek", "reward"
DANGER, DANGER_DRAW, WOUNDS, DISCOVERY, DISCOVER, REST, OVER = (
    "danger", "danger_draw", "wounds", "discovery", "discover", "rest", "over")
STEPS = (REFILL, LOAD, RECRUIT, RECRUIT_DRAW, RECRUIT_CHOOSE, EXPLORE, EXPLORE_DRAW, PEEK, REWARD, DANGER,
         DANGER_DRAW, WOUNDS, DISCOVERY, DISCOVER, REST, OVER)
CHANCE_STEPS = (REFILL, RECRUIT_DRAW, EXPLORE_DRAW, DANGER_DRAW, PEEK)
RESULTS = ("", "success", "perfect", "bust")
ENDINGS = ("", "score", "missions")
EXPLORATION, DANGER_DECK = "exploration", "danger"
