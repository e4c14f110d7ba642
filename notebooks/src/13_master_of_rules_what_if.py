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
# # Master of Rules, part 4: what if?
#
# A position file holds a whole game frozen at one moment. In this notebook we:
#
# 1. load a position and look at it;
# 2. test **every possible move** by playing the rest of the game a hundred times from each, with random and
#    with sensible opponents;
# 3. **change one card** in the file and watch the exact odds move;
# 4. play on from there, **undo** a move and try **another future**.
#
# You need [part 1](10_master_of_rules_rules.ipynb), [part 2](11_master_of_rules_probability.ipynb) and
# [part 3](12_master_of_rules_decisions.ipynb) first. Run the cells from top to bottom.
#
# Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
# them.
#
# > **The model.** The exact odds (section 3) use the model of parts 2 and 3: the player remembers everything
# > public, every card they cannot place is equally likely to be anywhere they cannot look, a card still to come
# > is a random card of its player's hand. The win rates (section 2) are estimates from **playouts**: the hidden
# > cards are dealt again at random in a way that fits what Player 1 knows, and the game is played to the end
# > by a stated **playout policy** (random moves, or the heuristic bots). A win rate is only as good as that
# > policy is a model of the real opponents.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a win rate as a simulated frequency with a 95%
# interval; how the model of the opponents (the playout policy) changes the estimate; a position as data that
# can be edited, checked and replayed; one game as one sample. *Timing*: section 1 (5 min), section 2 (20 min,
# exercise 1), section 3 (10 min, exercise 2), section 4 (10 min, exercise 3), section 5 (5 min, the
# dashboard). *Prerequisites*: parts 2 and 3 (exact odds, expected value), what a frequency and an interval are.
# *Discussion prompts*: "random opponents or sensible ones: which win rate would you bet on, and why?"; "the win
# rates change with the policy, the order of the moves here does not: what does each policy's number answer?";
# "the green 9 makes Best of the Best certain: why is winning the game still not certain?".

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

import copy
import json
import random
from pathlib import Path

import bqplot as bq

import ratgames_lab as rl
from ratgames_lab.core.analysis import evaluate_actions
from ratgames_lab.master_of_rules import cards
from ratgames_lab.master_of_rules.bots import HeuristicBot
from ratgames_lab.master_of_rules.cards import card_name
from ratgames_lab.master_of_rules.odds import marginal_points, play_odds
from ratgames_lab.master_of_rules.position import describe, hand_text

def show_events(events):
    """Print each event with the rulebook section that caused it."""
    for e in events:
        print(f"[{e.rule}] {e.text()}")

def pct(p):
    """A probability as a rounded percentage."""
    return f"{float(p):6.1%}"


# %% [markdown]
# ## 1. Load a position
#
# The file `positions/what_if_final.json` (next to this notebook) is plain JSON: the game, the number of
# players, its options, a description and the position itself. Loading it with `rl.load_position` checks every
# field: that all 45 Number cards and 60 Rule cards are each somewhere,
# that hands are not too big, that the table fits the round, and so on.

# %%
game, state = rl.load_position("positions/what_if_final.json")
data = state.to_json()  # the position as plain JSON (the file's "position" field): we edit it below
print(describe(state))
print()
print(hand_text(state, 0))

# %% [markdown]
# Where does this position come from? It is built in `ratgames_lab/master_of_rules/scenarios.py`: a hand-written
# deal (`deal()`) played forward with legal moves (`play()`), so it is legal by construction. The tests build
# their positions the same way.

# %%
# NBVAL_CHECK_OUTPUT
from ratgames_lab.master_of_rules import scenarios

print(scenarios.position_what_if.__doc__.strip())
print("The file is what scenarios.py builds:", scenarios.build("what_if_final")["position"] == data)

# %% [markdown]
# The file also keeps the log of the transaction so far:

# %%
show_events(state.events)

# %% [markdown]
# This is the **final transaction** of a 4-player game, so nobody refills any more. You are Player 1 with
# 5 points; Player 2 leads with 7. You played **Best of the Best** in the first round and must now choose
# your Number card. Green is the most common colour so far (the green 7 and the green 2), and two Number
# cards are still to come (Players 3 and 4).
#
# How much would a fulfilled Best of the Best be worth to you?

# %%
BEST = cards.RULES.index("best_of_the_best")
print("Scores now:", state.scores())
print("Player 1 kept:", data["kept"][0])
print("One more Best of the Best adds", marginal_points(state.kept[0], BEST), "points")

# %% [markdown]
# 3 points: the card itself, plus 2 for holding all five types. That would take you from 5 to 8 points,
# past Player 2's 7. The exact chances (part 2) for each of your cards:

# %%
# NBVAL_CHECK_OUTPUT
before = {play.card: play.probability for play in play_odds(state, 0)}
for card, p in before.items():
    print(f"{card_name(card):9} Best of the Best: {str(p):>5} = {pct(p)}")

# %% [markdown]
# The green 5 can never win Best of the Best: green would be the most common colour, but the green 7 beats
# it. The yellow 9 has the best chance.
#
# ## 2. Test every move: playouts
#
# Exact odds answer "will my rule be fulfilled?". The question that really matters is "will I **win the
# game**?", which also depends on everything the others do. `evaluate_actions` estimates it by
# **playouts**: for each legal move, it plays the rest of the game many times from here.
#
# * Before each playout, the cards Player 1 cannot see (the unknown part of the other hands, the deck) are
#   **dealt again** at random in a way that fits what Player 1 knows (`determinize`). So the computer never
#   peeks at hidden cards.
# * Then every player plays to the end of the game under a **playout policy**. We use the **heuristic bots**
#   (`policy="heuristic"`): each player picks the card and rule with the best expected points, as in part 3. The
#   other choice is `policy="random"`: random legal moves, much faster but a weak model of real players.
# * The **win rate** is the fraction of playouts that Player 1 won (a shared win counts as a part).
# * Every move is played on the **same** deals with the same luck, so the comparison is fair. A move that is
#   clearly worse than the leader is **ruled out** and gets no more playouts.
#
# A win rate measured on a hundred playouts is an estimate, so each one comes with a **95% interval**: the range
# where the true win rate (against these opponents) lies, unless we were unlucky.

# %%
# NBVAL_CHECK_OUTPUT
PLAYOUTS = 100
values = evaluate_actions(state, 0, playouts=PLAYOUTS, seed=SEED, policy="heuristic")
print("The win rates assume:", values.policy.assumes())
for v in values:
    print(f"{str(v.action):20} win rate {v.win_rate:.3f}   95% interval {v.low:.3f} to {v.high:.3f}"
          f"   ({v.playouts} playouts)")


# %%
# NBVAL_IGNORE_OUTPUT
def win_rate_chart(values, title):
    """Bars: estimated win rate per move; black lines: the 95% intervals."""
    moves = [str(v.action) for v in values]
    x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=1)
    bars = bq.Bars(x=moves, y=[v.win_rate for v in values], scales={"x": x, "y": y}, colors=["#2f6fd6"],
                   labels=["estimated win rate"], display_legend=True)
    # one line, low -> high above each move, cut between moves by a gap (nan: "not a number")
    gap = float("nan")
    intervals = bq.Lines(x=[m for m in moves for _ in range(3)],
                         y=[end for v in values for end in (v.low, v.high, gap)],
                         scales={"x": x, "y": y}, colors=["black"], stroke_width=3,
                         labels=["95% interval"], display_legend=True)
    axes = [bq.Axis(scale=x, label="Player 1's move"),
            bq.Axis(scale=y, orientation="vertical", label="chance that Player 1 wins the game",
                    tick_format=".0%")]
    return bq.Figure(marks=[bars, intervals], axes=axes, title=title, legend_location="top-right")

win_rate_chart(values, f"Win rate of each move ({PLAYOUTS} playouts each, heuristic bots)")

# %% [markdown]
# How sure is the ranking? The analysis ends with a **verdict**, the same sentence that `ratgames analyze` and
# the dashboards' *What if?* panel show:

# %%
# NBVAL_CHECK_OUTPUT
print(values.verdict.text())

# %% [markdown]
# **"Too close to call"** means: with the games it played, the computer cannot tell these moves apart. Either
# they are about equally good, or the difference is smaller than the luck of this many games. **More playouts**
# settle it, and the verdict says about how many.

# %% [markdown]
# **Random or sensible opponents?** The same position, the same number of playouts, with random players:

# %%
# NBVAL_CHECK_OUTPUT
random_values = evaluate_actions(state, 0, playouts=PLAYOUTS, seed=SEED, policy="random")
heuristic = {str(v.action): v for v in values}
print(f"{'move':20} {'random players':>22} {'heuristic bots':>22}")
for v in random_values:
    h = heuristic[str(v.action)]
    print(f"{str(v.action):20} {v.win_rate:6.3f} ({v.low:.3f}-{v.high:.3f})  {h.win_rate:6.3f} ({h.low:.3f}-{h.high:.3f})")

# %%
# NBVAL_CHECK_OUTPUT
more = [m for m, v in heuristic.items() if {str(r.action): r for r in random_values}[m].win_rate > v.win_rate]
print(f"Against random players, Player 1 wins more often after {len(more)} of the {len(heuristic)} moves.")
print("Random players:", random_values.verdict.text())

# %% [markdown]
# Random opponents waste their last cards, while the heuristic bots play the card and rule that serve their own
# score. The two policies answer different questions ("against random players?", "against players who play like
# the bots?"): a win rate always comes with its policy, so say which one you used.
#
# **More playouts make the intervals narrower** (about half as wide for four times as many playouts), at the
# cost of more computing time. Random playouts are cheap, so we show it with them. Watch the verdict too:

# %%
# NBVAL_CHECK_OUTPUT
for n in (100, 400, 1600):
    run = evaluate_actions(state, 0, playouts=n, seed=SEED, policy="random")
    best = max(run, key=lambda v: v.win_rate)
    out = [str(v.action) for v in run if not v.in_contention]
    print(f"{n:5} random playouts: leader {str(best.action):20} win rate {best.win_rate:.3f}, "
          f"interval width {best.high - best.low:.3f}; ruled out: {', '.join(out) or 'none'}")
    print("      ", run.verdict.text())

# %% [markdown]
# With more playouts, the moves that are clearly worse are ruled out and stop being played: the computer spends
# its time on the moves still in the race. If the verdict is still "too close to call", it names the moves that
# remain and about how many playouts would tell them apart.
#
# Let us give it the playouts the last verdict asks for (a few seconds):

# %%
# NBVAL_CHECK_OUTPUT
settled = evaluate_actions(state, 0, playouts=run.verdict.needed, seed=SEED, policy="random")
print(settled.verdict.text())

# %% [markdown]
# Now the race is settled: the verdict names the best move against random players, and the smallest lead it is
# sure of.

# %% [markdown]
# **Exercise 1.** *Guess first*: with `policy="mix"` every decision of the playouts is the heuristic bot's half of
# the time and a random legal move otherwise. Will Player 1's win rates be nearer the random ones or the heuristic
# ones? Run it with `PLAYOUTS` playouts and print the three policies side by side.

# %% tags=["solution"]
mixed = {str(v.action): v for v in evaluate_actions(state, 0, playouts=PLAYOUTS, seed=SEED, policy="mix")}
for v in random_values:
    move = str(v.action)
    r, m, h = v.win_rate, mixed[move].win_rate, heuristic[move].win_rate
    where = "between the two" if min(r, h) <= m <= max(r, h) else "outside"
    print(f"{move:20} random {r:.3f}   mix {m:.3f}   heuristic {h:.3f}   ({where})")

# %% [markdown] tags=["solution"]
# **Answer.** Read the last column: the mixed win rates fall between the random and the heuristic ones (or
# outside, for a move where 100 playouts are too few to tell). Opponents who play sensibly half of the time
# take away part of what random players give. Whether "nearer the random" or "nearer the heuristic" is too
# fine a question for 100 playouts per move: each number has an interval several points wide.

# %% [markdown]
# ## 3. Change one card
#
# What if you held a different card? The position is just JSON, so we can edit it. Two Number cards are
# still in the deck:

# %%
print("Deck:", data["decks"]["numbers"])
print("Player 1's Number cards:", data["hands"][0]["numbers"])

# %% [markdown]
# Let us give Player 1 the **green 9** instead of the green 5. First a careless edit: we add the green 9 to
# the hand but forget to take it out of the deck. The engine refuses the file and names the faulty field:

# %%
broken = copy.deepcopy(data)
broken["hands"][0]["numbers"] = ["B6", "G9", "P8", "Y9"]
try:
    game.state_from_json(broken)
except rl.InvalidPositionError as error:
    print("Refused:", error)
    print("Field:", error.field)

# %% [markdown]
# The right edit **swaps** the two cards: the green 5 goes into the deck, the green 9 into the hand.

# %%
changed = copy.deepcopy(data)
changed["hands"][0]["numbers"] = ["B6", "G9", "P8", "Y9"]
changed["decks"]["numbers"] = ["B9", "G5"]
changed_state = game.state_from_json(changed)   # checked again: no error this time
print(hand_text(changed_state, 0))

# %%
# NBVAL_CHECK_OUTPUT
after = {play.card: play.probability for play in play_odds(changed_state, 0)}
print(f"{'card':9} {'before':>15} {'after':>15}")
for card in sorted(set(before) | set(after)):
    old = f"{before[card]} = {pct(before[card])}" if card in before else "(not in hand)"
    new = f"{after[card]} = {pct(after[card])}" if card in after else "(not in hand)"
    print(f"{card_name(card):9} {old:>15} {new:>15}")

# %% [markdown]
# With the green 9 the table would hold at least three greens, so green is certainly the most common
# colour, and no green card beats a 9: Best of the Best becomes **certain** (probability 1). The other cards'
# chances did not change: for them, an unseen green 5 does exactly what an unseen green 9 did (it adds one
# green card if it comes).
#
# Does a certain Best of the Best win the game? Not always: the others still play their last cards.

# %%
# NBVAL_CHECK_OUTPUT
values_after = evaluate_actions(changed_state, 0, playouts=PLAYOUTS, seed=SEED, policy="heuristic")
for v in values_after:
    print(f"{str(v.action):20} win rate {v.win_rate:.3f}   95% interval {v.low:.3f} to {v.high:.3f}")
print(values_after.verdict.text())

# %%
# NBVAL_IGNORE_OUTPUT
win_rate_chart(values_after, f"Win rate of each move with the green 9 in hand ({PLAYOUTS} playouts each, heuristic bots)")

# %% [markdown]
# Against the heuristic bots the green 9 wins hardly any playout, although its Best of the Best is certain: a
# certain rule is not a certain win. The verdict is "too close to call": these playouts do not tell the moves
# apart. The next section shows one reason.

# %% [markdown]
# **Exercise 2.** Start again from the original position (`data`) and swap the **purple 8** in Player 1's hand
# with the **blue 9** from the deck. Check the edited position with `game.state_from_json`. *Guess first*: will
# Best of the Best with the blue 9 be certain, like the green 9? Then compute its exact chance, and explain.

# %% tags=["solution"]
swap = copy.deepcopy(data)
swap["hands"][0]["numbers"] = ["B6", "B9", "G5", "Y9"]
swap["decks"]["numbers"] = ["G9", "P8"]
swap_state = game.state_from_json(swap)
for play in play_odds(swap_state, 0):
    print(card_name(play.card), play.probability, pct(play.probability))

# %% [markdown] tags=["solution"]
# **Answer.** 19/78, about 24.4%. The blue 9 is the highest blue card, but blue must also be (one of) the
# most common colours, and two greens are already on the table. So at least one of the two cards to come
# must be blue, and neither may be green: only 19 of the 78 possible pairs do that.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("13-ex2", answer)


# %% [markdown]
# ## 4. Play on, undo, and try another future
#
# A `Match` keeps the list of moves played from a starting position, so it can **undo** moves and **branch**
# (make a copy to try something else). We start it from the changed position and play the green 9. Then
# bots finish the game (the deck draws use the seeded generator).

# %%
def move(kind, arg):
    """An action from its JSON form, e.g. move("play_number", "G9")."""
    field = "card" if kind.endswith("number") else "rule"
    return game.action_from_json({"kind": kind, field: arg})

def finish(match, seed):
    """Bots (and seeded deck draws) play the match to the end; print what happens."""
    rng, bot = random.Random(seed), HeuristicBot()
    start = len(match.state.events)
    while not match.state.is_terminal():
        if match.state.current_player == rl.CHANCE:
            match.play_chance(rng)
        else:
            match.apply(bot.choose(match.state, rng))
    show_events(match.state.events[start:])


# %%
# NBVAL_CHECK_OUTPUT
match = rl.Match(game, start=changed_state)
match.apply(move("play_number", "G9"))
finish(match, SEED)
print("Moves in this match:", len(match.actions))
print("Kept cards of Player 1:", match.state.to_json()["kept"][0])
print("Kept cards of Player 4:", match.state.to_json()["kept"][3])

# %% [markdown]
# Player 1 reached 8 points, but so did Player 4, whose third Limit 23 brought 1 + 2 points. On a tie the
# player with more Support Right cards wins: Player 4 kept two, Player 1 only one.

# %% [markdown]
# **Undo** steps back one move at a time; `goto(0)` jumps back to the loaded position.

# %%
match.undo()
print("After one undo, move", match.cursor, "of", len(match.actions), "- to move:",
      f"Player {match.state.current_player + 1}")
match.goto(0)
print("Back at the start:", match.state == changed_state)

# %% [markdown]
# Now a **branch**: a copy of the match from here, where Player 1 plays the yellow 9 instead. The original
# match keeps its moves (you could `redo` them).

# %%
# NBVAL_CHECK_OUTPUT
other = match.branch()
other.apply(move("play_number", "Y9"))
finish(other, SEED)
print("The original match still has", len(match.actions), "moves")

# %% [markdown]
# **Exercise 3.** *Guess first*: from the changed position, Player 1 plays the **purple 8** instead. Make another
# branch of `match` (it is back at the start), play the purple 8 and let `finish` play the rest with the same
# `SEED`. Who wins, and why?

# %% tags=["solution"]
third = match.branch()
third.apply(move("play_number", "P8"))
finish(third, SEED)

# %% [markdown] tags=["solution"]
# **Answer.** Player 4 wins again, with 8 points. With the purple 8, Best of the Best fails: green is the most
# common colour (the green 7, the green 2 and Player 4's green 1), so Player 1 stays at 5 points. In these three
# futures Player 4's Limit 23 decides the game whatever Player 1 plays: one game each, with the same draws, shows
# how little a single card can change.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (the winner, their points), e.g. ("Player 2", 7).
from ratgames_lab.lessons import check

answer = ...
check("13-ex3", answer)

# %% [markdown]
# Two futures from the same position. One game each proves little (the other players' cards decide a lot),
# which is exactly why `evaluate_actions` plays hundreds of them.
#
# ## 5. Open the position in the dashboard
#
# The dashboard can load the same position (you can also use its *Save / load* tab with a file). You are
# Player 1; the bots play the other seats. Play a card and read the log.

# %%
# NBVAL_IGNORE_OUTPUT
from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard

dashboard = MasterOfRulesDashboard(players=4, seed=SEED, seats=["human", "heuristic", "heuristic", "heuristic"])
dashboard.load_position(changed)
dashboard.show()
