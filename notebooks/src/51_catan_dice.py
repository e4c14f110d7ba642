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
# # Catan, part 2: the dice — what a spot is worth, and how much it varies
#
# In Catan nothing is produced without the dice. Each turn the player to move rolls **two dice**; every tile
# whose number token shows the sum pays **every** player with a building on its corners (1 card per settlement,
# 2 per city). So where you settle is a bet on the dice. In this lesson we price that bet exactly:
#
# 1. the sum of two dice, counted by hand (a two-line `P(event, space)`), then by the library; the pips;
# 2. the sum as two uniform variables added: its mean and its variance;
# 3. what a spot produces per roll, exactly (expectation and variance), checked against the engine;
# 4. a simulation with its ±2 standard-error band;
# 5. the chance of a resource within $k$ rolls;
# 6. the 7: the robber and the discard;
# 7. variance and risk: two players with the same expected production and a different spread.
#
# You need [part 1](50_catan_rules.ipynb) (the rules) first. Run the cells from top to bottom. Lines starting
# with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore them.
#
# > **The model.** Every number here is an exact fraction under this model: the two dice are fair and
# > independent, and each roll is independent of the others. "Per roll" means one roll of the dice, **whoever
# > rolls it**: everybody collects on every roll, so with 4 players you collect on 4 rolls per round. Production is
# > counted on the shipped base board (`ratgames_lab/catan/data/base_board.json`: the official tiles and the
# > official A–R number spiral) with the robber on the desert, and as if the bank always had the cards (the
# > bank-shortage rule, which part 1 states, is left out). Nothing here is hidden: the board,
# > the tokens and the buildings are public, so every player can compute these numbers.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a probability as a count over 36 equally likely
# outcomes; a random variable and its expectation and variance; the sum of independent variables (means and
# variances add); the Monte Carlo error band shrinking like $1/\sqrt{n}$; "at least once in $k$ tries" through
# the complement; variance as risk. *Timing*: section 1 (8 min, exercise 1), section 2 (7 min, exercise 2),
# section 3 (8 min, exercise 3), section 4 (6 min), section 5 (7 min, exercise 4), section 6 (6 min,
# exercise 5), section 7 (8 min, exercise 6). *Prerequisites*: fractions, averages, the rules of part 1 (what
# a settlement on a corner collects). *Discussion prompts*: "why does the 7 have no token?"; "a spot on 6 and 8
# produced nothing for ten rolls: was it a bad spot?" (a decision is judged by its odds, not by its outcome);
# "two players expect the same cards per roll: which would you rather be, early in the game? late?";
# "why does the simulation's band never reach zero width?".

# %%
SEED = 51  # every random choice in this notebook uses this seed, so it runs the same every time

import math
import random
from fractions import Fraction

import bqplot as bq

import ratgames_lab as rl
from ratgames_lab.catan import odds, scenarios
from ratgames_lab.catan.actions import Dice, Roll
from ratgames_lab.catan.board import TERRAINS

game = rl.load_game("catan", players=4, seed=SEED)   # the shipped base board


def pct(p):
    """A probability as a rounded percentage, for reading (the exact value is the fraction)."""
    return f"{float(p):.1%}"


def show(p):
    """A fraction with its rounded decimal value."""
    return f"{str(p):>11} = {float(p):.4f}"


def spot(state, v):
    """The tiles around intersection v, as 'terrain number' (the desert has no number)."""
    tiles = state.comp.topo.node_tiles[v]
    return ", ".join(f"{TERRAINS[state.terrain[t]]} {state.number[t] or ''}".strip() for t in tiles)


# %% [markdown]
# ## 1. Two dice, counted by hand
#
# When every outcome is equally likely, a probability is a count: the outcomes where the event happens, divided by
# all the outcomes. In Python that is two lines (Peter Norvig's definition):

# %%
def P(event, space):
    """The probability of an event: the outcomes of the space where it happens, out of all (equally likely)."""
    return Fraction(len([o for o in space if event(o)]), len(space))


# %% [markdown]
# Two dice, a red one and a yellow one, give **36 equally likely ordered outcomes** (red 1 and yellow 6 is not the
# same outcome as red 6 and yellow 1). That list is our space:

# %%
# NBVAL_CHECK_OUTPUT
DICE = [(red, yellow) for red in range(1, 7) for yellow in range(1, 7)]
print(len(DICE), "outcomes:", DICE[:8], "...")


# %% [markdown]
# **Guess first.** Which sum is the most likely? How much more likely is it than a 2?

# %%
# NBVAL_CHECK_OUTPUT
def total(outcome):
    """The sum of the two dice."""
    return outcome[0] + outcome[1]


dist = {s: P(lambda o: total(o) == s, DICE) for s in range(2, 13)}
for s, p in dist.items():
    print(f"P(sum = {s:2}) = {str(p):5} = {int(p * 36)}/36  {'*' * int(p * 36)}")

# %% [markdown]
# The 7 is six times as likely as a 2 or a 12. The stars are the **pips**, the dots printed under each number
# token: the number of the 36 outcomes that roll it. The library gives the same table, and the pips:

# %%
# NBVAL_CHECK_OUTPUT
assert odds.dice_distribution() == dist
print("pips:", {s: odds.pips(s) for s in range(2, 13)})
print("the 7 has no token: pips(7) =", odds.pips(7))

# %%
# NBVAL_IGNORE_OUTPUT
sums = [str(s) for s in dist]
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.2)
bars = bq.Bars(x=sums, y=[float(p) for p in dist.values()], scales={"x": x, "y": y}, colors=["#c0392b"],
               labels=["P(sum) = pips / 36 (exact)"], display_legend=True)
bq.Figure(marks=[bars], title="The sum of two dice: 36 equally likely outcomes", legend_location="top-left",
          axes=[bq.Axis(scale=x, label="sum of the two dice"),
                bq.Axis(scale=y, orientation="vertical", label="probability", tick_format=".0%")])

# %% [markdown]
# **Exercise 1 (guess first).** Which is more likely on one roll: a 7 (the robber), or a 6 or an 8 (the two red
# tokens)? Guess, then compute both with `P` on `DICE`.

# %% tags=["solution"]
p_seven = P(lambda o: total(o) == 7, DICE)
p_red_numbers = P(lambda o: total(o) in (6, 8), DICE)
print("P(7)      =", show(p_seven))
print("P(6 or 8) =", show(p_red_numbers))

# %% [markdown] tags=["solution"]
# **Answer.** A 6 or an 8: 10/36 = 5/18, about 28%, against 6/36 = 1/6, about 17%, for the 7. Each red number
# alone (5/36) is less likely than the 7, but together they are more likely.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (P(6 or 8), P(7)), e.g. (Fraction(1, 2), Fraction(1, 3)).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("51-ex1", answer)


# %% [markdown]
# ## 2. The sum of two uniform variables
#
# One die is a **uniform** variable: 1 to 6, each with probability 1/6. The **expected value** of a variable is
# its average over the equally likely outcomes, and its **variance** is the expected squared distance to that
# average (the spread). Two more lines:

# %%
def E(value, space):
    """The expected value: the average of value(outcome) over the (equally likely) outcomes of the space."""
    return Fraction(sum(value(o) for o in space), len(space))


def Var(value, space):
    """The variance: the expected squared distance of value(outcome) to its expected value."""
    mean = E(value, space)
    return E(lambda o: (value(o) - mean) ** 2, space)


# %%
# NBVAL_CHECK_OUTPUT
DIE = [1, 2, 3, 4, 5, 6]
print("one die:       E =", E(lambda d: d, DIE), "  Var =", Var(lambda d: d, DIE))
print("sum of two:    E =", E(total, DICE), "    Var =", Var(total, DICE))
print("Var(red) + Var(yellow) =", Var(lambda d: d, DIE) * 2)


# %% [markdown]
# The mean of the sum is the sum of the means ($7/2 + 7/2 = 7$): that is always true. The variance of the sum is
# the sum of the variances ($35/12 + 35/12 = 35/6$): that is true because the dice are **independent**. The
# triangle of section 1 is what adding two flat (uniform) variables looks like: many pairs make a 7, one pair makes
# a 2.
#
# **Exercise 2 (guess first).** Instead of the sum, take the **difference** red − yellow. Guess its expected value
# and its variance, then compute them with `E` and `Var` on `DICE`.

# %% tags=["solution"]
def difference(o):
    return o[0] - o[1]


print("red - yellow:  E =", E(difference, DICE), "  Var =", Var(difference, DICE))

# %% [markdown] tags=["solution"]
# **Answer.** The mean is $7/2 - 7/2 = 0$, and the variance is again $35/12 + 35/12 = 35/6$: subtracting an
# independent variable adds its variance too (the spread never cancels out).

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (expected value, variance), e.g. (1, Fraction(3, 2)).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("51-ex2", answer)

# %% [markdown]
# ## 3. What a spot produces per roll
#
# A settlement on an intersection collects from the (up to three) tiles around it. Take intersection 40 of the
# base board, in the south: an ore 5, a grain 6 and a grain 10. On a roll, the settlement receives one card if the
# sum is 5, 6 or 10, and none otherwise. The number of cards per roll is a random variable on the 36 outcomes:

# %%
# NBVAL_CHECK_OUTPUT
board = game.new_state()                     # the base board, before setup
print("intersection 40:", spot(board, 40))


def cards(v, level=1, state=board):
    """Cards per roll for a building on intersection v, as a function of the dice (the robber's tile pays none)."""
    tiles = [t for t in state.comp.topo.node_tiles[v] if state.number[t] and t != state.robber]
    return lambda o: level * sum(state.number[t] == total(o) for t in tiles)


mean40, var40 = E(cards(40), DICE), Var(cards(40), DICE)
print("expected cards per roll:", show(mean40), " (4 + 5 + 3 = 12 pips, out of 36)")
print("variance:               ", show(var40))

# %% [markdown]
# The expected production of a spot is its number of pips over 36: a spot is worth its **pips**. The library's
# `node_production` gives it per resource:

# %%
# NBVAL_CHECK_OUTPUT
per_resource = odds.node_production(board, 40)
print({r: str(p) for r, p in per_resource.items() if p})
assert sum(per_resource.values()) == mean40

# %% [markdown]
# **The engine agrees.** Put Player 1's settlement on intersection 40, then play each of the 36 dice outcomes
# through the engine (`Roll`, then the chance action `Dice(red, yellow)`) and count the cards Player 1 receives.
# This uses the rules of the engine, not the formula:

# %%
# NBVAL_CHECK_OUTPUT
before_roll = scenarios.build_position(game, settlements={40: 0}, phase="roll")
received = []
for red, yellow in DICE:
    after = before_roll.clone()
    after.apply(Roll())
    after.apply(Dice(red, yellow))
    received.append(sum(after.hands[0]))
print("cards received, outcome by outcome:", received)
print("average over the 36 outcomes:", Fraction(sum(received), 36))

# %% [markdown]
# **Exercise 3 (guess first).** Upgrade the settlement on intersection 40 to a **city** (2 cards per tile). Guess:
# what happens to the expected cards per roll, and to the variance? Then compute both with `E`, `Var` and
# `cards(40, level=2)`.

# %% tags=["solution"]
print("city on 40:  E =", show(E(cards(40, level=2), DICE)), "  Var =", show(Var(cards(40, level=2), DICE)))
print("library:", sum(odds.node_production(board, 40, level=2).values()))

# %% [markdown] tags=["solution"]
# **Answer.** The mean doubles (1/3 to 2/3 card per roll) and the variance is multiplied by **4** (2/9 to 8/9):
# doubling a variable doubles its distance to the mean, and the variance squares distances.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (expected cards per roll, variance), e.g. (Fraction(1, 2), Fraction(1, 3)).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("51-ex3", answer)

# %% [markdown]
# ## 4. Simulated: a running average and its error band
#
# The exact value says what happens *on average*. Roll the dice 2000 times (seeded) and follow the average number
# of cards the settlement on intersection 40 has received per roll. The **standard error** of an average of $n$
# rolls is $\sqrt{\mathrm{Var}/n}$; about 95% of the time the average lies within **2 standard errors** of the exact
# mean, and the band narrows like $1/\sqrt{n}$.

# %%
# NBVAL_CHECK_OUTPUT
ROLLS = 2000
rng = random.Random(SEED)
rolls = [(rng.randint(1, 6), rng.randint(1, 6)) for _ in range(ROLLS)]
got = [cards(40)(o) for o in rolls]
running = [sum(got[: n + 1]) / (n + 1) for n in range(ROLLS)]
band = [2 * math.sqrt(float(var40) / n) for n in range(1, ROLLS + 1)]
for n in (10, 100, 1000, ROLLS):
    inside = abs(running[n - 1] - float(mean40)) <= band[n - 1]
    print(f"after {n:4} rolls: average {running[n - 1]:.3f}, exact {float(mean40):.3f} ± {band[n - 1]:.3f}"
          f"  inside the band: {inside}")

# %%
# NBVAL_IGNORE_OUTPUT
ns = list(range(1, ROLLS + 1))
x, y = bq.LogScale(), bq.LinearScale(min=0, max=1)
lines = bq.Lines(x=ns, y=[running, [float(mean40) + b for b in band], [float(mean40) - b for b in band],
                          [float(mean40)] * ROLLS],
                 scales={"x": x, "y": y}, colors=["#2f6fd6", "#999999", "#999999", "#c0392b"],
                 labels=["simulated average", "exact + 2 SE", "exact - 2 SE", "exact mean, 1/3"],
                 display_legend=True)
bq.Figure(marks=[lines], title="Intersection 40 (ore 5, grain 6, grain 10): cards per roll, simulated",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="number of rolls (log scale)"),
                bq.Axis(scale=y, orientation="vertical", label="average cards per roll")])

# %% [markdown]
# After 10 rolls (two or three rounds of a real game) the band runs from about 0.04 to 0.63 cards per roll: a
# few rounds say very little about how good a spot is. After 2000 rolls it is ±0.02.

# %% [markdown]
# ## 5. A resource within $k$ rolls
#
# Early in the game, a player waits for one card: the first ore, say. On intersection 40, ore comes only from the
# 5 (4 pips): $p = 4/36 = 1/9$ per roll. "At least one 5 in $k$ rolls" is easiest through its **complement**:
# no 5 in any of the $k$ independent rolls has probability $(1 - p)^k$, so
# $$P(\text{at least one in } k) = 1 - (1 - p)^k.$$
#
# This model leaves out the robber: after a 7 it may sit on the 5 and block the ore. The tests of this
# project play the real game (the robber moved to a random tile) and find the same chance within their
# error band: the robber rarely lands on one given tile in a few rolls.
#
# **Guess first.** How many rolls until the first ore is more likely than not?

# %%
# NBVAL_CHECK_OUTPUT
p_ore = P(lambda o: total(o) == 5, DICE)
for k in (1, 2, 4, 6, 8, 12):
    print(f"within {k:2} rolls: {show(1 - (1 - p_ore) ** k)}")
first_even = next(k for k in range(1, 100) if 1 - (1 - p_ore) ** k >= Fraction(1, 2))
print("first k with a chance of at least 1/2:", first_even)
print("library:", odds.chance_resource_within(before_roll, 0, "ore", first_even))

# %% [markdown]
# Six rolls, a round and a half with 4 players. `odds.chance_within(numbers, k)` does it for any set of sums;
# the chart shows it for a single token of each pip count:

# %%
# NBVAL_IGNORE_OUTPUT
ks = list(range(1, 21))
x, y = bq.LinearScale(min=1, max=20), bq.LinearScale(min=0, max=1)
tokens = {"2 or 12 (1 pip)": 2, "3 or 11 (2 pips)": 3, "4 or 10 (3 pips)": 4, "5 or 9 (4 pips)": 5,
          "6 or 8 (5 pips)": 6}
lines = bq.Lines(x=ks, y=[[float(odds.chance_within([n], k)) for k in ks] for n in tokens.values()],
                 scales={"x": x, "y": y}, labels=list(tokens),
                 colors=["#bbbbbb", "#999999", "#6a8caf", "#2f6fd6", "#c0392b"], display_legend=True)
bq.Figure(marks=[lines], title="P(a token's number is rolled at least once within k rolls)",
          legend_location="bottom-right",
          axes=[bq.Axis(scale=x, label="k, the number of rolls"),
                bq.Axis(scale=y, orientation="vertical", label="probability", tick_format=".0%")])

# %% [markdown]
# **Exercise 4 (guess first).** A player's only brick comes from a tile numbered 2 (1 pip). How many rolls until
# the first brick is more likely than not? Guess, then compute it with `P`, as above.

# %% tags=["solution"]
p_two = P(lambda o: total(o) == 2, DICE)
k_two = next(k for k in range(1, 200) if 1 - (1 - p_two) ** k >= Fraction(1, 2))
print("first k:", k_two, "  P(within k) =", pct(1 - (1 - p_two) ** k_two),
      "  P(within k - 1) =", pct(1 - (1 - p_two) ** (k_two - 1)))

# %% [markdown] tags=["solution"]
# **Answer.** 25 rolls (50.6%; 24 rolls give only 49.1%): more than six rounds with 4 players.
# A 1-pip token is not a source you can plan on: trade or build toward a better number.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a number of rolls.
from ratgames_lab.lessons import check

answer = ...
check("51-ex4", answer)

# %% [markdown]
# ## 6. The 7: the robber and the discard
#
# A 7 pays nobody. Worse: every player holding **more than 7 cards** discards half of them (rounded down), then
# the robber moves and steals. The chance of a 7 is 6/36 = 1/6 on every roll; the expected loss on one roll is
# $P(7) \times$ (cards discarded):

# %%
# NBVAL_CHECK_OUTPUT
print("P(7) =", odds.chance_of_seven())
print("hand   discard on a 7   expected loss per roll")
for hand in range(6, 13):
    print(f"{hand:4}   {odds.discard_count(hand):14}   {show(odds.expected_discard(hand))}")

# %% [markdown]
# Seven cards are safe, eight lose four on a 7. Suppose you end your turn holding 8 cards, with 4 players: the 3
# other players roll before you can spend them. Under a simple model (your hand changes only by the discard: you
# collect nothing meanwhile), you lose 4 cards if at least one of the 3 rolls is a 7, and then hold 4, which is
# safe:

# %%
# NBVAL_CHECK_OUTPUT
p_some_seven = 1 - (1 - odds.chance_of_seven()) ** 3
print("P(at least one 7 in 3 rolls) =", show(p_some_seven))
print("expected cards lost          =", show(4 * p_some_seven))

# %% [markdown]
# **Exercise 5 (guess first).** Same model, but you end your turn with **10** cards. What is the expected number of
# cards you lose before your next turn? (After a discard, is the smaller hand still in danger?)

# %% tags=["solution"]
print("discard on a 7 with 10 cards:", odds.discard_count(10), "  then", 10 - odds.discard_count(10), "cards")
print("expected cards lost:", show(odds.discard_count(10) * p_some_seven))

# %% [markdown] tags=["solution"]
# **Answer.** $5 \times 91/216 = 455/216$, about 2.1 cards. After the first 7 the hand is 5 cards, safe, so a
# second 7 costs nothing: only "at least one 7" matters. (In a real game you also collect during those rolls,
# which makes holding many cards riskier still.)

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("51-ex5", answer)

# %% [markdown]
# ## 7. Variance and risk: same mean, different spread
#
# Two players each have two settlements (two separate boards of the same layout):
#
# * **Steady** on intersections 8 and 10: five different numbers;
# * **Streaky** on intersections 4 and 44: each touches a 5 and a 10 (different tiles, the **same numbers**).
#
# **Guess first.** Who expects more cards per roll? Whose production is more variable?

# %%
# NBVAL_CHECK_OUTPUT
steady = scenarios.build_position(game, settlements={8: 0, 10: 0})
streaky = scenarios.build_position(game, settlements={4: 0, 44: 0})
for name, state, spots in (("Steady", steady, (8, 10)), ("Streaky", streaky, (4, 44))):
    prod = odds.player_production(state, 0)
    print(f"{name:8} {' | '.join(spot(state, v) for v in spots)}")
    print(f"         E = {show(prod['mean'])}   Var = {show(prod['variance'])}")

# %% [markdown]
# Both expect 19/36 of a card per roll (19 pips each), but Streaky's variance is about 2.6 times Steady's. Steady's
# five numbers never come up together: a roll pays 0 or 1 card. Streaky's two settlements share the 5 and the
# 10: when they come, they pay twice, and when they don't, nothing. The variance of a sum is the sum of the
# variances only for **independent** parts; two settlements on the same number are perfectly dependent.
# The distribution of $X$, the cards per roll, shows it:

# %%
# NBVAL_CHECK_OUTPUT
for name, state in (("Steady", steady), ("Streaky", streaky)):
    by_sum = odds.player_production(state, 0)["by_sum"]
    law = {c: P(lambda o: sum(by_sum[total(o)]) == c, DICE) for c in range(3)}
    print(f"{name:8}", "  ".join(f"P(X = {c}) = {str(p):5} ({pct(p)})" for c, p in law.items()))

# %% [markdown]
# **Exercise 6 (guess first).** A "drought" is a stretch of rolls that pays a player nothing. What is the chance
# that 4 rolls in a row (one round with 4 players) pay Steady nothing? And Streaky? Guess, then compute.

# %% tags=["solution"]
for name, state in (("Steady", steady), ("Streaky", streaky)):
    by_sum = odds.player_production(state, 0)["by_sum"]
    nothing = P(lambda o: sum(by_sum[total(o)]) == 0, DICE)
    print(f"{name:8} P(nothing on a roll) = {nothing}   P(nothing for 4 rolls) = {show(nothing ** 4)}")

# %% [markdown] tags=["solution"]
# **Answer.** Steady: $(17/36)^4 = 83521/1679616$, about 5%. Streaky: $(2/3)^4 = 16/81$, about 20%, four times as
# often, with the same average. Early in the game, when a player needs a steady trickle of different cards to
# build, spreading over different numbers lowers the risk; the expected value alone does not see it.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (Steady, Streaky), e.g. (Fraction(1, 2), Fraction(1, 3)).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("51-ex6", answer)

# %% [markdown]
# ## What we learned
#
# * Two dice make 36 equally likely outcomes; a number's chance is its pips over 36, and the 7 is the most likely.
# * The sum of two independent dice has mean $7$ and variance $35/12 + 35/12 = 35/6$.
# * A spot is worth its pips: expected cards per roll = pips / 36 (doubled for a city, whose variance is
#   multiplied by 4), and the engine agrees outcome by outcome.
# * A simulation agrees with the exact value within its ±2 SE band, which shrinks like $1/\sqrt{n}$.
# * "At least once in $k$ rolls" is $1 - (1 - p)^k$: a 5 within 6 rolls is better than even, a 2 needs 25.
# * On a 7, 8 cards lose 4: three rolls of the others put them at risk 91/216 of the time.
# * Equal means can hide very different spreads: settlements sharing numbers are streaky.
#
# Next: [part 3](52_catan_what_if.ipynb) compares starting spots on a whole board and changes the numbers.
