# ---
# jupyter:
#   jupytext:
#     formats: ipynb,src//py:percent
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# # L'Horlogerie des Rats, part 4: write your own bot
#
# A **bot** is a player made of code. Today you write one, in a few lines, and let it play against other bots
# in a **tournament**. Then you ask the hard question: is my bot *really* better, or was it luck?
#
# 1. a bot that plays at random;
# 2. a bot with one rule of thumb: "stop when I am close to the target";
# 3. a bot that uses the **exact odds** of the next card;
# 4. a class tournament, and how to read its table.
#
# You need [part 2](41_horlogerie_push_your_luck.ipynb) (the stop-or-draw decision). Run the cells from top to
# bottom.
#
# > **The model.** A bot sees only what its seat may know: the engine hands it a copy of the game in which every
# > hidden card has been dealt again at random. A tournament plays many seeded games with the seats rotated,
# > and gives each bot's win rate with a 95% interval.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a strategy as a function from what you know to a move;
# measuring a strategy by repeated play; a win rate with its 95% interval; "better" only when the intervals
# say so; using exact odds inside a strategy. *Timing*: section 1 (10 min, exercise 1), section 2 (10 min,
# exercise 2), section 3 (15 min, exercise 3), section 4 (15 min, the class tournament). *Prerequisites*: part 2
# (next-card odds), a Python function with `if`. *Discussion prompts*: "your bot won 40% and mine 35%: is yours
# better?"; "why must the seats rotate?"; "the bot cannot see the other hands: is that a weakness or fair?".
# For the class tournament, collect the students' `choose` functions (a shared file, or copy them into cells),
# and run section 4 from your computer. Running students' code runs it on your computer: read
# docs/student_bots.md first.

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

import ratgames_lab as rl
from ratgames_lab.horlogerie.actions import DRAW, STOP
from ratgames_lab.horlogerie.odds import exploration_phase, next_card

GAMES = 60  # games per tournament here; a real comparison needs more (section 4)


# %% [markdown]
# ## 1. A bot is a function
#
# A bot receives three things:
#
# * `view`: the game **as your seat sees it** (the other hands are dealt again at random);
# * `legal_actions`: the list of moves you may make now;
# * `rng`: a random number generator (use it instead of `random`, so the same seed gives the same game).
#
# It returns one of the legal moves. Here is the simplest bot:

# %%
def random_bot(view, legal_actions, rng):
    """Any legal move, at random."""
    return rng.choice(legal_actions)


# %% [markdown]
# Let it play 60 games against the game's own bots ("threshold" stops one point below the target, "optimal"
# uses the exact odds). The seats rotate, so that each bot plays each seat equally often.

# %%
table = rl.run_tournament("horlogerie", [random_bot, "threshold", "optimal"], games=GAMES, seed=SEED)
print(table.table())

# %% [markdown]
# **Exercise 1.** *Guess first*: out of 60 games, how many do you expect the random bot to win? Then read its
# line: what is its win rate, and what is the range of its 95% interval?

# %% tags=["solution"]
mine = next(s for s in table.standings() if s.name == "random_bot")
print(f"random_bot won {mine.wins:g} of {mine.games} games: {mine.win_rate:.0%}, "
      f"interval {mine.low:.0%} to {mine.high:.0%}")


# %% [markdown]
# ## 2. One rule of thumb
#
# The big decision of this game is **draw or stop** while you explore. A simple rule: *keep drawing while the
# total is at least 3 below the target; then stop*. All other decisions stay random.
#
# `view.explored_sum()` is the total of the cards drawn, `view.exploration_value()` the target.

# %%
def thumb_bot(view, legal_actions, rng):
    """Stop when the total is within 2 of the target; otherwise random."""
    if DRAW in legal_actions and STOP in legal_actions:
        if view.explored_sum() >= view.exploration_value() - 2:
            return STOP
        return DRAW
    return rng.choice(legal_actions)


table = rl.run_tournament("horlogerie", [random_bot, thumb_bot, "threshold"], games=GAMES, seed=SEED)
print(table.table())

# %% [markdown]
# **Exercise 2.** Is `thumb_bot` better than `random_bot`? Answer with the two intervals: do they overlap?

# %% tags=["solution"]
rows = {s.name: s for s in table.standings()}
a, b = rows["thumb_bot"], rows["random_bot"]
print(f"thumb_bot {a.low:.0%}–{a.high:.0%}, random_bot {b.low:.0%}–{b.high:.0%}:",
      "clearly better" if a.low > b.high else "the intervals overlap: not proven yet")


# %% [markdown]
# ## 3. Use the exact odds
#
# Part 2 computed the chance that the next card **busts** (takes the total over the target). A bot can compute
# it too, from what its seat knows: `next_card(exploration_phase(view))` gives the chances that the next card
# stays under, hits exactly, or busts.
#
# New rule: *draw while the chance of busting is at most one half.*

# %%
def odds_bot(view, legal_actions, rng):
    """Draw while P(bust) <= 1/2, from the exact odds of the next card; otherwise random."""
    if DRAW in legal_actions and STOP in legal_actions and view.explored_sum() < view.exploration_value():
        odds = next_card(exploration_phase(view, view.current_player))
        return DRAW if odds.bust <= 0.5 else STOP
    return rng.choice(legal_actions)


table = rl.run_tournament("horlogerie", [thumb_bot, odds_bot, "threshold"], games=GAMES, seed=SEED)
print(table.table())


# %% [markdown]
# **Exercise 3.** Change the one half in `odds_bot` to another number (1/3? 2/3?) and run the tournament again.
# Which number gives the best win rate? Can you be sure, with 60 games?

# %% tags=["solution"]
def odds_bot_with(limit, label):
    """odds_bot with another bust limit."""
    def bot(view, legal_actions, rng):
        if DRAW in legal_actions and STOP in legal_actions and view.explored_sum() < view.exploration_value():
            odds = next_card(exploration_phase(view, view.current_player))
            return DRAW if odds.bust <= limit else STOP
        return rng.choice(legal_actions)
    bot.__name__ = f"odds_{label}"
    return bot


table = rl.run_tournament("horlogerie", [odds_bot_with(1 / 3, "1/3"), odds_bot_with(1 / 2, "1/2"),
                                         odds_bot_with(2 / 3, "2/3")], games=GAMES, seed=SEED)
print(table.table())
best, second = table.standings()[:2]
if best.low > second.high:
    print(f"{best.name} is better than the others: its interval is above theirs.")
else:
    print(f"{best.name} and {second.name} overlap: 60 games cannot tell them apart; play more games.")

# %% [markdown]
# ## 4. The class tournament
#
# Why do the game's own bots beat ours so easily? They also play the *other* decisions well (which cards to
# keep, which mission to buy, when to rest); our bots still play those at random. A good next rule is for one of
# those decisions.
#
# How many games does it take? The 95% interval of a win rate near 1/3 is about ±12 points after 60 games,
# ±6 after 240, ±3 after 1,000: four times the games for half the width. Two bots are different only when their
# intervals do not overlap.
#
# The **rating** column is an OpenSkill rating (like the rankings of online games): it rises when a bot beats
# others, and the table is sorted by it.
#
# The teacher collects everybody's `choose` functions and runs one tournament (a bot that crashes, returns an
# illegal move or thinks longer than 2 seconds loses that game, with a one-line reason). Here, with the bots of
# this lesson:

# %%
class_bots = [random_bot, thumb_bot, odds_bot, "threshold", "optimal"]
final = rl.run_tournament("horlogerie", class_bots, games=2 * GAMES, seed=SEED)
print(final.table())
for line in final.forfeits():
    print(line)

# %% [markdown]
# The same table as a chart: each bar is a win rate, each black line its 95% interval. Where two black lines
# overlap, the tournament has not shown a difference.

# %%
# NBVAL_IGNORE_OUTPUT
from ratgames_lab.widgets.tournament_chart import tournament_chart

tournament_chart(final)

# %% [markdown]
# One more helper for your next bot: `win_rates_from(view)` (from `ratgames_lab.core.student_bots`) plays each
# legal move a few times from worlds your seat cannot tell apart, with random players after it, and returns each
# move's win rate. A bot can play the move with the best one.
#
# A student's bot can also take a seat at the dashboard, so that the class plays against it:
#
# ```python
# rl.register_bot("horlogerie", "odds", odds_bot)
# from ratgames_lab.widgets.horlogerie import HorlogerieDashboard
# HorlogerieDashboard(players=3, seats=["human", "odds", "optimal"]).show()
# ```
#
# **What to remember.** A strategy is a function from what you know to a move. You measure it by playing many
# games, with the seats rotated. A win rate without its interval says little: call a bot better only when the
# intervals do not overlap, and play more games when they do.
