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
# # Rattus, part 4: what if?
#
# A position file holds a game frozen at one moment. In this notebook we:
#
# 1. load a position and look at it;
# 2. compare the plague's possible moves with **exact** expected losses;
# 3. compare them again by **playing the rest of the game** many times, with random players and with the
#    heuristic bots: the answer depends on who plays on;
# 4. **change the map** (remove a sea arrow) and see how the odds move;
# 5. **change the rat tokens** and see how the odds move;
# 6. play on from the position, **undo** and try **another future**.
#
# You need parts [1](20_rattus_rules.ipynb) and [2](21_rattus_powers_and_end.ipynb) (the rules) and
# [3](22_rattus_probability.ipynb) (probability) first. Run the cells from top to bottom.
#
# > **The models.** The exact expected losses of section 2 use the model of part 3: everything Red can know
# > (revealed tokens, which tokens were dealt at setup), every consistent arrangement equally likely, reveals in
# > a random order. The win rates of section 3 are estimates from playouts: each playout deals the hidden tokens
# > again from what Red knows (`determinize`), then plays to the end under a **playout policy**, the heuristic
# > bots unless we say otherwise. A win rate is a statement about that policy, not about your classmates.
#
# Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
# them.
#
# > **About the data.** The rulebook prints no picture of the map and no list of the rat tokens. The map's
# > neighbours, the drawing positions and the 49 tokens used here are the **project's reconstruction**, shipped as
# > editable files: `ratgames_lab/rattus/data/board.json` and `ratgames_lab/rattus/data/tokens.json`. A teacher
# > who owns the game can load the printed ones instead:
# > `rl.load_game("rattus", players=4, board="my_board.json", tokens="my_tokens.json")`
# > (see [part 1](20_rattus_rules.ipynb), section 1).

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: the expected value of a decision, computed exactly;
# estimating a win rate by simulation, with a 95% interval; why an estimate depends on the **model of the other
# players** (random against heuristic playouts); a near-tie is not a decision; changing the data (map, tokens)
# and seeing which conclusions survive. *Timing*: sections 1–2 (10 min); section 3, both policies (12 min);
# sections 4–5 and exercises 1–2 (15 min); section 6 (8 min); exercise 3 (5 min, or homework).
# *Prerequisites*: part 3 (expected value, the reveal loop). *Discussion prompts*: "the exact odds and the
# playouts rank the moves differently: which do you trust, and for what question?"; "why do playouts with random
# players flatter some moves?"; "the verdict says too close to call: would you bet on the order?"

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

import json
import random
from pathlib import Path

import bqplot as bq

import ratgames_lab as rl
from ratgames_lab.core.analysis import evaluate_actions
from ratgames_lab.rattus import DEFAULT_BOARD, DEFAULT_TOKENS, HeuristicBot
from ratgames_lab.rattus.actions import MovePlague, Reveal, Spread
from ratgames_lab.rattus.components import COLOURS
from ratgames_lab.rattus.odds import best_plague_moves, contamination_probability

def show_events(events):
    """Print each event as [rulebook section] explanation."""
    for e in events:
        print(f"[{e.rule}] {e.text()}")


# %% [markdown]
# ## 1. Load a position
#
# The file `positions/rattus_what_if.json` (next to this notebook) is plain JSON: the game, a short
# description, the number of players, the game options and the position. `rl.load_position` reads it and checks
# every field
# (each of the 49 tokens exactly once somewhere, at most 3 tokens per region, no more than 20 cubes per
# player, and so on).

# %%
# NBVAL_CHECK_OUTPUT
data = json.loads(Path("positions/rattus_what_if.json").read_text())
print(data["description"])
print()
game, state = rl.load_position("positions/rattus_what_if.json")
print(state.describe())

# %% [markdown]
# Red has already taken a card and placed cubes this turn, so only one decision is left: **where to move the
# plague**. The engine lists the legal actions:

# %%
# NBVAL_CHECK_OUTPUT
for action in state.legal_actions():
    print(action)

# %% [markdown]
# ## 2. Compare the plague's moves, exactly
#
# For each destination, `best_plague_moves(state)` computes the exact expected number of cubes **each**
# player would lose there (part 3: the reveal loop, from what Red knows), then ranks the moves by
#
# $$\text{score} = (\text{expected cubes lost per opponent}) - (\text{expected cubes Red loses}).$$
#
# To win Rattus you need more cubes than the others, so hurting the opponents is good and losing your own
# cubes is bad.

# %%
# NBVAL_CHECK_OUTPUT
moves = best_plague_moves(state)
print(f"{'destination':11} {'Red':>6} {'Yellow':>6} {'Green':>6} {'Blue':>6}   per opponent   score")
for m in moves:
    lost = " ".join(f"{float(x):6.3f}" for x in m.expected_loss)
    print(f"{m.action.to:11} {lost}   {float(m.per_opponent):12.3f}   {float(m.score):+.3f}")

# %%
# NBVAL_IGNORE_OUTPUT
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=1.2)
bars = bq.Bars(x=[m.action.to for m in moves],
               y=[[float(m.per_opponent) for m in moves], [float(m.own) for m in moves]],
               type="grouped", scales={"x": x, "y": y}, colors=["#2f6fd6", "#d64545"],
               labels=["expected cubes lost per opponent", "expected cubes Red loses"], display_legend=True)
bq.Figure(marks=[bars], title="Where should Red move the plague? (exact expected losses)",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="destination of the plague (best first)"),
                bq.Axis(scale=y, orientation="vertical", label="expected cubes lost")])

# %% [markdown]
# **Turcia** is best: Red has no cube there, Green and Blue have 5 cubes and 2 tokens. **Gallia** is worst:
# Red's own 3 cubes are there. The exact values are fractions; for Turcia:

# %%
# NBVAL_CHECK_OUTPUT
best = moves[0]
print(best.action, "- expected losses:", [str(x) for x in best.expected_loss])
opponents = [best.expected_loss[p] for p in (1, 2, 3)]
assert best.per_opponent == sum(opponents) / 3
print("per opponent:", best.per_opponent, "= (" + " + ".join(str(x) for x in opponents) + ") / 3")

# %% [markdown]
# ## 3. Play the rest of the game, many times
#
# Expected losses look one turn ahead. The question that really matters is "will Red **win the game**?".
# `evaluate_actions` estimates it by **playouts**: for each legal move, it plays the rest of the game many
# times from here and counts how often Red wins.
#
# * Before each playout, the tokens Red cannot see are **shuffled again** into an arrangement that fits what
#   Red knows (`state.determinize`), so the computer never peeks at hidden tokens.
# * Then every player plays by a **playout policy** until the game ends: `policy="random"` (uniformly random
#   legal moves) or `policy="heuristic"` (every seat, Red included, plays like the heuristic bot: it keeps its
#   cubes away from the plague and sends the plague where opponents lose most).
# * The **win rate** is the fraction of playouts Red won. It is an estimate, so it comes with a
#   **95% interval**: the range where the true win rate (under that policy) lies, unless we were unlucky.
# * Every move is played on the **same** shuffles with the same luck. The analysis ends with a **verdict**, the
#   same sentence as `ratgames analyze` and the dashboards' *What if?* panel: "X is best" or "too close to call".
#
# First with the heuristic bots, the better model of real play. A bot's game takes longer to play than a
# random one, so we play fewer of them:

# %%
# NBVAL_CHECK_OUTPUT
BOT_PLAYOUTS = 20
bots = evaluate_actions(state, 0, playouts=BOT_PLAYOUTS, seed=SEED, policy="heuristic")
print("policy:", bots.policy.name, "-", bots.policy.assumes())
for v in sorted(bots, key=lambda v: -v.win_rate):
    print(f"{str(v.action):26} win rate {v.win_rate:.3f}   95% interval {v.low:.3f} to {v.high:.3f}")
print(bots.verdict.text())

# %% [markdown]
# Then with random players, on the same position, with many more playouts (they are cheap):

# %%
# NBVAL_CHECK_OUTPUT
PLAYOUTS = 200
values = evaluate_actions(state, 0, playouts=PLAYOUTS, seed=SEED, policy="random")
print("policy:", values.policy.name, "-", values.policy.assumes())
for v in sorted(values, key=lambda v: -v.win_rate):
    print(f"{str(v.action):26} win rate {v.win_rate:.3f}   95% interval {v.low:.3f} to {v.high:.3f}")
print(values.verdict.text())
same = [str(v.action) for v in sorted(bots, key=lambda v: -v.win_rate)] == \
    [str(v.action) for v in sorted(values, key=lambda v: -v.win_rate)]
print("The two policies rank the moves in", "the same order." if same else "different orders.")


# %%
# NBVAL_IGNORE_OUTPUT
def win_rate_chart(values, title):
    """Bars: estimated win rate per move; black lines: the 95% intervals."""
    labels = [v.action.to for v in values]
    x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=1)
    bars = bq.Bars(x=labels, y=[v.win_rate for v in values], scales={"x": x, "y": y}, colors=["#2f6fd6"],
                   labels=["estimated win rate"], display_legend=True)
    gap = float("nan")   # one vertical line per move, low to high, cut by a gap
    intervals = bq.Lines(x=[m for m in labels for _ in range(3)],
                         y=[end for v in values for end in (v.low, v.high, gap)],
                         scales={"x": x, "y": y}, colors=["black"], stroke_width=3,
                         labels=["95% interval"], display_legend=True)
    axes = [bq.Axis(scale=x, label="destination of the plague"),
            bq.Axis(scale=y, orientation="vertical", label="chance that Red wins the game", tick_format=".0%")]
    return bq.Figure(marks=[bars, intervals], axes=axes, title=title, legend_location="top-right")

# Run this cell to draw the chart.
win_rate_chart(values, f"Red's win rate after each plague move ({PLAYOUTS} random playouts each)")

# %% [markdown]
# **Compare the two policies.** The win rates move from one policy to the other, and so does the order of the
# moves. But read the verdicts: both say **"too close to call"**. That means: with the games it played, the
# computer cannot tell these moves apart. Either they are about equally good, or the difference is smaller than
# the luck of this many games. More playouts would settle it, and the verdict says about how many. Two lessons:
# a win rate is a statement about the playout policy (say which one you used), and a policy that plays better
# costs more time per game to measure. The dashboard's *What if?* panel runs the bot playouts while you wait;
# exercise 1 shows how the interval narrows with more games.

# %% [markdown]
# **Exercise 1.** Run `evaluate_actions` on the position with `policy="random"` and 800 playouts (it takes
# several seconds). Are the 95% intervals narrower than with 200? About how much narrower? Guess first.

# %% tags=["solution"]
longer = evaluate_actions(state, 0, playouts=800, seed=SEED, policy="random")
for v in longer:
    print(f"{v.action.to:9} win rate {v.win_rate:.3f}   interval width {v.high - v.low:.3f}")
print(longer.verdict.text())

# %% [markdown] tags=["solution"]
# **Answer.** About half as wide as with 200 playouts: the width of the interval shrinks like $1/\sqrt{n}$, so
# four times as many playouts halve it. The verdict is still "too close to call", and the leader can change
# from 200 to 800 playouts: moves this close cannot be told apart by a few hundred random playouts.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as how many times wider the interval is with 200 playouts than with 800, e.g. 1.5 (within 0.2).
from ratgames_lab.lessons import check

answer = ...
check("23-ex1", answer)

# %% [markdown]
# ## 4. What if the map were different?
#
# The map is a data file (a reconstruction, see part 1), so we can change it. Suppose there were **no sea
# arrow between Italia and Turcia**. We copy the shipped board into a `dict`, remove that edge, and create a
# game with `board=`. The same position loads on the new map:

# %%
# NBVAL_CHECK_OUTPUT
board = DEFAULT_BOARD.to_json()
board["edges"] = [e for e in board["edges"] if {e["a"], e["b"]} != {"Italia", "Turcia"}]
print(len(DEFAULT_BOARD.to_json()["edges"]), "edges ->", len(board["edges"]), "edges")

game_b = rl.load_game("rattus", players=4, board=board)
state_b = game_b.state_from_json(state.to_json())
print("Plague moves before:", [a.to for a in state.legal_actions()])
print("Plague moves after: ", [a.to for a in state_b.legal_actions()])

# %%
# NBVAL_CHECK_OUTPUT
before = {m.action.to: m for m in best_plague_moves(state)}
after = {m.action.to: m for m in best_plague_moves(state_b)}
print(f"{'destination':11} {'score before':>12} {'score after':>12}")
for to in before:
    new = f"{float(after[to].score):+12.3f}" if to in after else "   (no move)"
    print(f"{to:11} {float(before[to].score):+12.3f} {new}")
print("Best move after:", best_plague_moves(state_b)[0].action)

# %% [markdown]
# Without the arrow, Turcia is out of reach and Germania becomes Red's best move; the other scores do not
# change, because a destination's expected losses depend only on that region. (Removing the arrow also
# changes later turns: where new rats can spread, where the Merchant and the Monk can move things.)
#
# The engine checks a new map. If we cut Turcia off completely (with 3 or 4 players), it refuses and says
# why:

# %%
# NBVAL_CHECK_OUTPUT
island = DEFAULT_BOARD.to_json()
island["edges"] = [e for e in island["edges"] if "Turcia" not in (e["a"], e["b"])]
try:
    rl.load_game("rattus", players=4, board=island)
except rl.InvalidPositionError as error:
    print("Refused:", error)

# %% [markdown]
# **Exercise 2.** Go back to the original map, and remove the sea arrow between **Hispania and Italia**
# instead. Which plague moves are left for Red, and is the best move still the same?

# %% tags=["solution"]
board_h = DEFAULT_BOARD.to_json()
board_h["edges"] = [e for e in board_h["edges"] if {e["a"], e["b"]} != {"Hispania", "Italia"}]
state_h = rl.load_game("rattus", players=4, board=board_h).state_from_json(state.to_json())
for m in best_plague_moves(state_h):
    print(f"{m.action.to:9} score {float(m.score):+.3f}")

# %% [markdown] tags=["solution"]
# **Answer.** Gallia, Germania, Hungaria and Turcia are left (Hispania is out of reach). Turcia is still the
# best move: removing Hispania, where Red would only risk Red's own cubes, changes nothing for the best move.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (the regions Red can reach, the best move), e.g. ({"Gallia", "Italia"}, "Italia").
from ratgames_lab.lessons import check

answer = ...
check("23-ex2", answer)

# %% [markdown]
# ## 5. What if the tokens were different?
#
# The 49 tokens are a data file too. Suppose the plague were **harsher**: every threshold one lower
# (a threshold of 1 stays 1). We copy the token set, edit it and create a game with `tokens=`. The position
# keeps the same token names, so it loads unchanged.

# %%
# NBVAL_CHECK_OUTPUT
harsher = DEFAULT_TOKENS.data_copy()
for token in harsher["tokens"]:
    token["threshold"] = max(1, token["threshold"] - 1)
game_t = rl.load_game("rattus", players=4, tokens=harsher)
state_t = game_t.state_from_json(state.to_json())
print("A token before:", DEFAULT_TOKENS.describe(0), "->", "after:", game_t.tokens.describe(0))
print("A token before:", DEFAULT_TOKENS.describe(10), "->", "after:", game_t.tokens.describe(10))

# %%
# NBVAL_CHECK_OUTPUT
after_t = {m.action.to: m for m in best_plague_moves(state_t)}
print(f"{'destination':11} {'P(contamination)':>22} {'Red loses':>16} {'per opponent':>16}")
print(f"{'':11} {'before':>10} {'after':>11} {'before':>8} {'after':>7} {'before':>8} {'after':>7}")
for to in before:
    p0, p1 = contamination_probability(state, to), contamination_probability(state_t, to)
    b, a = before[to], after_t[to]
    print(f"{to:11} {float(p0):10.3f} {float(p1):11.3f} {float(b.own):8.3f} {float(a.own):7.3f} "
          f"{float(b.per_opponent):8.3f} {float(a.per_opponent):7.3f}")
print("Best move with the harsher tokens:", best_plague_moves(state_t)[0].action)

# %% [markdown]
# With lower thresholds every region is more likely to be contaminated, most of all where few cubes stand:
# Hispania (Red's 2 cubes, 1 token dealt at setup) jumps from 40% to 80%, and Red's expected loss there more
# than doubles. Where a first contamination was already (almost) certain, the losses still grow, because the
# later tokens of the loop now reach the cubes that are left. Germania, with 3 tokens, gains the most (0.578
# to 0.727 cubes per opponent) and comes close to Turcia (0.746): Turcia stays the best move, but by 0.02
# cube per opponent, a **near-tie**. A difference that small is not worth a strong opinion, least of all
# with reconstructed tokens.

# %% [markdown]
# **Exercise 3.** Make the plague **gentler**: every threshold one **higher**. How does the chance that
# Hispania (Red's 2 cubes) is contaminated change? Is Turcia still the best move?

# %% tags=["solution"]
gentler = DEFAULT_TOKENS.data_copy()
for token in gentler["tokens"]:
    token["threshold"] += 1
state_g = rl.load_game("rattus", players=4, tokens=gentler).state_from_json(state.to_json())
print("Hispania:", contamination_probability(state, "Hispania"), "->", contamination_probability(state_g, "Hispania"))
for m in best_plague_moves(state_g):
    print(f"{m.action.to:9} score {float(m.score):+.3f}")

# %% [markdown] tags=["solution"]
# **Answer.** Hispania's token was dealt at setup, so it is one of the 10 setup tokens left, and none of them
# has threshold 1. With every threshold one higher, 2 cubes can no longer be contaminated: the chance drops
# from 2/5 to 0. Turcia stays the best move, with a lower score (+0.636 instead of +0.719), and Hispania,
# now harmless for Red, moves up to third place.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the new chance for Hispania, a Fraction, e.g. Fraction(1, 3).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("23-ex3", answer)


# %% [markdown]
# ## 6. Play on, undo, and try another future
#
# A `Match` keeps the list of actions played from a starting position, so it can **undo** actions and
# **branch** (copy the match to try something else). We start one from our position and play Red's plague
# move ourselves: Turcia, then both new tokens to Bulgaria, then reveal the tokens. Chance (the tokens drawn
# from the supply) uses a seeded generator.

# %%
# NBVAL_CHECK_OUTPUT
def finish_plague(match, spread_to, rng):
    """Play the rest of Red's plague: new tokens to `spread_to`, reveals in order, chance from `rng`."""
    while match.state.current_player == 0 or match.state.current_player == rl.CHANCE:
        s = match.state
        if s.current_player == rl.CHANCE:
            match.play_chance(rng)
        elif s.step == "spread":
            match.apply(Spread(spread_to))
        elif s.step == "reveal":
            match.apply(Reveal(0))
        else:
            break

match = rl.Match(game, start=state)
match.apply(MovePlague(to="Turcia", via=None))
finish_plague(match, "Bulgaria", random.Random(SEED))
show_events(match.state.events)

# %%
# NBVAL_CHECK_OUTPUT
print("Actions in this match:")
for i, action in enumerate(match.actions, 1):
    print(f"  {i}. {action}")
print("Scores:", dict(zip(COLOURS, match.state.scores())))

# %% [markdown]
# The chance actions are in the list too ("A rat token is drawn from the supply"), so replaying the list
# gives exactly the same game. Green and Blue each lost a cube.
#
# **Undo** steps back one action at a time; `goto(0)` jumps back to the loaded position.

# %%
# NBVAL_CHECK_OUTPUT
match.undo()
print("After one undo: action", match.cursor, "of", len(match.actions), "- step:", match.state.step)
match.goto(0)
print("Back at the start:", match.state == state, "- can redo:", match.can_redo())

# %% [markdown]
# Now a **branch**: a copy of the match from here, where Red sends the plague to **Germania** instead (new
# tokens to Polonia). The original match keeps its actions.

# %%
# NBVAL_CHECK_OUTPUT
other = match.branch()
other.apply(MovePlague(to="Germania", via=None))
finish_plague(other, "Polonia", random.Random(SEED))
show_events(other.state.events)
print()
print("Turcia future:  ", dict(zip(COLOURS, match.state_at(len(match.actions)).scores())))
print("Germania future:", dict(zip(COLOURS, other.state.scores())))

# %% [markdown]
# In this Germania future Green loses one cube, in the Turcia future Green and Blue lose one each: here,
# Turcia did better, as the expected values predicted (0.72 against 0.58 cubes per opponent). But one game
# each proves little: with other tokens the results could swap. That is why section 2 averages over every
# possible token and section 3 plays hundreds of games.
#
# Finally, the bots play on from the Turcia future until Red's next turn:

# %%
# NBVAL_CHECK_OUTPUT
match.goto(len(match.actions))        # back to the end of the Turcia future (redo everything)
rng, bot = random.Random(SEED), HeuristicBot()
start = len(match.state.events)
while not (match.state.current_player == 0 and match.state.step == "main"):
    if match.state.current_player == rl.CHANCE:
        match.play_chance(rng)
    else:
        match.apply(bot.choose(match.state, rng))
details = ("spread_start", "token_drawn", "ravage_start", "ravage_end", "no_spread")   # left out: shorter log
show_events([e for e in match.state.events[start:] if e.kind not in details])
print("Scores:", dict(zip(COLOURS, match.state.scores())), "- actions in the match:", len(match.actions))

# %% [markdown]
# ## Open the position in the dashboard
#
# The Rattus dashboard can load the same position (its *Save / load* tab also reads files). You are Red; the
# bots play the other seats. Click a region on the map to move the plague there, and follow the reveals in
# the log.

# %%
# NBVAL_IGNORE_OUTPUT
from ratgames_lab.widgets.rattus import RattusDashboard

dashboard = RattusDashboard(players=4, seed=SEED, seats=["human", "heuristic", "heuristic", "heuristic"])
dashboard.load_position(data["position"])
dashboard.show()
