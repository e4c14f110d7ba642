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
# # Rattus Cartus, part 3: what if?
#
# Which building should you enter, and with how many cards? Part 2 computed exact odds for one question, the nun
# row. A whole move changes influence, rats, who gets the privilege, and everything after. No formula covers that,
# so we ask the engine to **play the game to the end many times** after each possible move, and count the wins.
#
# 1. load a position and list the moves;
# 2. estimate each move by playouts, with **random** players;
# 3. the last round, played out by random players and by the project's **heuristic bots**: why the playout
#    policy matters;
# 4. how many cards to place;
# 5. what if the position were different?
#
# You need [part 1](30_rattus_cartus_rules.ipynb) (the rules) and [part 2](31_rattus_cartus_probability.ipynb)
# (the odds). Run the cells from top to bottom; the slowest takes a few seconds. Lines starting with `# NBVAL_` are
# notes for the automatic tests that run this notebook; you can ignore them.
#
# > The positions use the shipped data, whose nun split by class, VP token value and support actions are the
# > **project's reconstruction** (see part 1, section 1).

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a win rate estimated by simulation, with its 95% interval;
# why an estimate depends on the model of the other players (the playout policy); a near-tie is not a decision;
# changing one fact of a position and watching the best move change. *Timing*: sections 1-2 (15 min, exercise 1),
# section 3 (10 min), section 4 (15 min, exercise 2), section 5 (10 min, exercise 3). *Prerequisites*: parts 1
# and 2. *Discussion prompts*: "a move wins 30% of random playouts: what does that say about real play?"; "two
# moves at 0.42 and 0.45 with intervals ±0.15: which is better?"; "what would you need to know to trust a win
# rate?".

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

import random
from pathlib import Path

import bqplot as bq

import ratgames_lab as rl
import ratgames_lab.rattus_cartus as cartus
from ratgames_lab.core.analysis import evaluate_actions
from ratgames_lab.core.bots import choose_for_seat, view_rng
from ratgames_lab.rattus_cartus import HeuristicBot

POSITIONS = Path(cartus.__file__).parent / "positions"

def table(values, top=None):
    """Print action values, best first, with their 95% intervals, then the verdict."""
    ranked = sorted(values, key=lambda v: -v.win_rate)
    for v in ranked[:top]:
        print(f"{str(v.action):30} win rate {v.win_rate:5.2f}   95% interval [{v.low:.2f}, {v.high:.2f}]"
              f"   ({v.playouts} playouts{'' if v.in_contention else ', ruled out'})")
    print(values.verdict.text())


# %% [markdown]
# ## 1. Load a position and list the moves
#
# The rulebook's worked example ships as a position file (part 1 played it): round 1 of 8, start of phase C, Red to
# visit. Red holds Monk, King, Witch, Witch and has 8 rats. In the rulebook Red enters Monastery 1 with all 4 cards.

# %%
# NBVAL_CHECK_OUTPUT
game, state = rl.load_position(POSITIONS / "worked_example.json")
print(state.describe())
print("Red holds:", [state.comp.card_names[c] for c in state.hands[0]])
moves = state.legal_actions()
print(len(moves), "moves:", ", ".join(str(m) for m in moves[:6]), "...")

# %% [markdown]
# A move is a building (#1 the Tent, #2 Monastery 1, #3 Monastery 2) and an announced number of cards: 3 × 5 = 15
# moves. Which cards Red then places is a later decision, taken by the playout's players.
#
# ## 2. Each move, played out by random players
#
# `evaluate_actions(state, playouts=n, seed=...)` tries each move `n` times. Each **playout** starts from a world
# consistent with what Red knows (`state.determinize(0, rng)`: the hidden cards are dealt again at random, so the
# computer never peeks), applies the move, and plays to the end. By default every player, Red included, then
# plays **uniformly random legal moves**: that is the model behind these win rates. Every move is played on the
# same deals with the same luck; a move clearly worse than the leader is **ruled out** and stops being played. The
# last line is the **verdict**, the same sentence as `ratgames analyze` and the dashboards' *What if?* panel.

# %%
# NBVAL_CHECK_OUTPUT
random_values = evaluate_actions(state, playouts=40, seed=SEED)
table(random_values)

# %% [markdown]
# **Exercise 1.** Read the intervals. Is the best move clearly better than the second best? Than the rulebook's
# move, Monastery 1 with 4 cards? Write a test: two moves are a *near-tie* when their 95% intervals overlap.

# %% tags=["solution"]
ranked = sorted(random_values, key=lambda v: -v.win_rate)
rulebook = next(v for v in random_values if str(v.action) == "Enter building #2 with 4 cards")
for other in (ranked[1], rulebook):
    overlap = other.high >= ranked[0].low
    print(f"best {ranked[0].action} vs {other.action}: {'near-tie (intervals overlap)' if overlap else 'clearly better'}")

# %% [markdown] tags=["solution"]
# **Answer.** No: the lines above say near-tie, and the verdict says **"too close to call"**. That means: with
# the games it played, the computer cannot tell these moves apart. Either they are about equally good, or the
# difference is smaller than the luck of 40 games. More playouts would settle it (the verdict says about how
# many); another seed could reorder the whole top of the table.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Is the best move clearly better than the second best? Write "yes" or "no".
from ratgames_lab.lessons import check

answer = ...
check("32-ex1", answer)

# %% [markdown]
# Random players are a weak model: they enter buildings with cards of the wrong class, collect rats, and waste
# privileges. Seven more rounds of such play blur what Red's first move does: in round 1 no move stands out.
# In the last round, a move's effect is direct. That is where we look next, with a better model of play.
#
# ## 3. The last round: random players or heuristic bots?
#
# We let four of the project's **heuristic bots** (see `docs/rattus_cartus.md`) play a seeded game, and stop at
# the visit of the last round (round 8). The bot places cards of the building's class, values rats by the survival
# odds of part 2, and decides from its seat's view only (`choose_for_seat` shows it a determinized copy). A
# position is plain data: we save it as JSON and load it back, as we would a file.

# %%
# NBVAL_CHECK_OUTPUT
bot = HeuristicBot()
play_game = rl.load_game("rattus_cartus", players=4, seed=4)
live = play_game.new_state()
rng = random.Random(4)
views = view_rng(rng)
while not (live.round == 8 and live.tasks[0][0] == "visit"):
    live.apply(live.sample_chance(rng) if live.current_player == rl.CHANCE else choose_for_seat(bot, live, rng, views))
saved = live.to_json()                                   # plain data, as in a position file
last = play_game.state_from_json(saved)
me = last.current_player
print(last.describe())
print(f"{last.comp.colours[me]} to play, holding:", ", ".join(last.comp.card_names[c] for c in last.hands[me]))

# %% [markdown]
# In the last round there are no building actions: the player who would have had the privilege gains 1 influence
# instead. Then the game ends and the plague is checked. Each card placed gives 1 influence; each card of another
# class also gives 1 rat.
#
# First with random players, as in section 2:

# %%
# NBVAL_CHECK_OUTPUT
last_random = evaluate_actions(last, playouts=40, seed=SEED)
table(last_random, top=6)

# %% [markdown]
# Now with the heuristic bots as the **playout policy**: `evaluate_actions(..., policy="heuristic")` plays each
# sampled world to the end with the game's heuristic bot at every seat. The win rates then say: "if everybody, the
# player to move included, goes on playing like the heuristic bot, this move wins this often". The result says
# which policy it assumes (the dashboards' *What if?* panel prints the same sentence):

# %%
# NBVAL_CHECK_OUTPUT
last_values = evaluate_actions(last, playouts=40, seed=SEED, policy="heuristic")
print("these win rates assume:", last_values.policy.assumes())
table(last_values, top=6)
top_random, top_bots = (max(v.win_rate for v in vs) for vs in (last_random, last_values))
print(f"best win rate: {top_random:.2f} with random players, {top_bots:.2f} with the bots")

# %%
# NBVAL_IGNORE_OUTPUT
labels = [f"#{v.action.slot + 1}, {v.action.count}" if hasattr(v.action, "slot") else str(v.action)
          for v in last_values]
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=1)
bars = bq.Bars(x=labels, y=[[v.win_rate for v in last_random], [v.win_rate for v in last_values]],
               type="grouped", scales={"x": x, "y": y}, colors=["#999999", "#2f6fd6"],
               labels=["random players", "heuristic bots"], display_legend=True)
bq.Figure(marks=[bars], title="Last round: win rate of each move under two playout policies (40 playouts each)",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="building #, number of cards announced"),
                bq.Axis(scale=y, orientation="vertical", label="estimated win rate", tick_format=".0%")])

# %% [markdown]
# Compare the two tables and their verdicts. Under random play after the move (Blue's own play included), a good
# move is diluted by bad ones later; the bots play on sensibly, so the move's effect shows more. A win rate is
# only as good as the model of play
# behind it: always say which one it is. From here on, the heuristic bots.
#
# ## 4. How many cards to place
#
# For each building, the win rate as a function of the number of cards announced (heuristic playouts):

# %%
# NBVAL_IGNORE_OUTPUT
x, y = bq.LinearScale(), bq.LinearScale(min=0, max=1)
slots = sorted({v.action.slot for v in last_values if hasattr(v.action, "slot")})
series = [[v for v in last_values if getattr(v.action, "slot", None) == s] for s in slots]
lines = bq.Lines(x=[[v.action.count for v in vs] for vs in series], y=[[v.win_rate for v in vs] for vs in series],
                 scales={"x": x, "y": y}, colors=["#2f6fd6", "#3a9d5d", "#d64545"], marker="circle",
                 labels=[f"building #{s + 1}" for s in slots], display_legend=True)
bq.Figure(marks=[lines], title="Last round: win rate by building and number of cards (heuristic playouts)",
          legend_location="top-left",
          axes=[bq.Axis(scale=x, label="number of cards announced", tick_format="d"),
                bq.Axis(scale=y, orientation="vertical", label="estimated win rate", tick_format=".0%")])

# %% [markdown]
# **Exercise 2 (guess first).** What does the heuristic bot itself choose here? Guess from the table, then ask it
# (`bot.choose` on a determinized copy, as in a playout) and find its move's rank and interval in `last_values`.

# %% tags=["solution"]
choice = choose_for_seat(bot, last, random.Random(SEED), random.Random(SEED))
rank = [v.action for v in sorted(last_values, key=lambda v: -v.win_rate)].index(choice) + 1
value = next(v for v in last_values if v.action == choice)
print(f"the bot chooses {choice}: rank {rank} of {len(last_values)}, win rate {value.win_rate:.2f} "
      f"[{value.low:.2f}, {value.high:.2f}], {'still in the race' if value.in_contention else 'ruled out'}")
print(last_values.verdict.text())

# %% [markdown] tags=["solution"]
# **Answer.** Read the two lines above. If the bot's move is still in the race, the verdict cannot tell it from
# the leader with 40 playouts: the bot's rule of thumb is as good as the best move, as far as these games can
# tell. If it was ruled out, the playouts found a better move. The playouts assume everybody *goes on* playing
# like this bot, but the bot picks its move by a rule of thumb (cards of the building's class only), while the
# playouts look at the whole end of the game.

# %% [markdown]
# ## 5. What if the position were different?
#
# A position is plain data, so we can change one fact and ask again. Say the player to move had **5 more rats**:
# the plague now threatens, and every off-class card placed is one more rat. Does the best number of cards change?

# %%
# NBVAL_CHECK_OUTPUT
edited = dict(saved, rats=list(saved["rats"]))
edited["rats"][me] += 5
risky = play_game.state_from_json(edited)
print("rats now:", risky.rats)
risky_values = evaluate_actions(risky, playouts=40, seed=SEED, policy="heuristic")
table(risky_values, top=5)

# %% [markdown]
# **Exercise 3.** Compare the two tables: for the best building of section 4, give the win rate of each number of
# cards with and without the 5 extra rats. Where does the extra risk cost the most?

# %% tags=["solution"]
best_slot = max(last_values, key=lambda v: v.win_rate).action.slot
losses = {}
for before, after in zip(last_values, risky_values):
    if before.action.slot == best_slot:
        losses[str(before.action)] = before.win_rate - after.win_rate
        print(f"{str(before.action):30} {before.win_rate:5.2f} -> {after.win_rate:5.2f}")
print("the biggest loss:", max(losses, key=losses.get))
print(risky_values.verdict.text())

# %% [markdown] tags=["solution"]
# **Answer.** With 8 rats instead of 3, Blue may die in the plague (part 2: 8 rats survive a row about 3 times
# in 4) and loses rat tie-breaks. Beyond the four Witches and the Sword, each card is of another class and adds a
# rat, so the extra risk should cost most at the high counts: check it against the lines above. Remember that a
# move ruled out early has fewer playouts, so its win rate is rougher; the verdict says what the data can tell.

# %% [markdown]
# ## What to remember
#
# * A playout estimate answers "how often does this move win, **if the game then goes on like this**": the
#   playout policy (random players, heuristic bots) is part of the answer. Say which one you used.
# * Every estimate has an interval; "too close to call" is a near-tie, not a decision: more playouts settle it.
# * Early moves are hard to judge (much happens later); last-round moves have direct, measurable effects.
# * A position is plain data: change one fact and ask again.
