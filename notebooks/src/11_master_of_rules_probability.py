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
# # Master of Rules, part 2: exact odds by counting
#
# When you play a Rule card, some Number cards are still to come. Will your rule be fulfilled? You cannot
# know for sure, but you can know the **chance**. In this lesson we compute chances **exactly**, by listing
# what can still happen and counting.
#
# 1. What a player knows, and the sample space it leaves.
# 2. Exact odds: a two-line `P(event, space)`, then the engine's `rule_odds`.
# 3. Drawing *without* replacement (real cards) versus *with* replacement.
# 4. A simulation, with its error band, that gets closer and closer to the exact answer.
#
# You need part 1 ([the rules](10_master_of_rules_rules.ipynb)) first. Run the cells from top to bottom.
# Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
# them.
#
# > **The model.** Every number here is exact (a fraction) under this model. The player remembers everything
# > that happened in public: the cards in the display, on the table and in the discard pile, and the cards each
# > player **took from the face-up display** (they are known to be in that hand until played). Every other Number
# > card is equally likely to be anywhere the player cannot look: in the unknown part of the other hands or in
# > the deck. A player whose Number card is still to come plays a card of their hand **at random**; a dummy draws
# > from the deck. Real players choose their cards: that is what this model leaves out.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a probability as favourable cases over equally likely
# cases; the sample space is decided by what the player knows (perfect memory of public information); counting
# by listing and by hand; without versus with replacement (hypergeometric against binomial); a simulation's
# error band ($\pm 2$ standard errors, shrinking like $1/\sqrt{n}$). *Timing*: section 1 (10 min), section 2
# (15 min, exercise 1), section 3 (10 min, exercise 2), section 4 (15 min, exercise 3).
# *Prerequisites*: fractions, "n choose k", the rules of part 1. *Discussion prompts*: "the red 1 went to Player 2
# in front of everyone: why does it matter for *your* odds?"; "the simulation and the count agree: does that prove
# the model is right?" (no: they check the arithmetic, not the model); "why do many reds become *less* likely
# without replacement?".

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

import math
from collections import Counter
from fractions import Fraction
from itertools import combinations

import bqplot.pyplot as bplt

import ratgames_lab as rl
from ratgames_lab.core.odds import hypergeom, hypergeom_pmf, running_frequency
from ratgames_lab.master_of_rules.cards import CARD_BY_CODE, RULES, card_name, rule_name, seat_name, value
from ratgames_lab.master_of_rules.odds import knowledge, rule_odds, sample_completion, simulate_rule_odds
from ratgames_lab.master_of_rules.position import describe, hand_text
from ratgames_lab.master_of_rules.rules import judge_table


# %%
def load_position(name):
    """A position from the positions folder next to this notebook (rl.load_position checks every field)."""
    game, state = rl.load_position(f"positions/{name}.json")
    return state


def pct(p):
    """A probability as a rounded percentage, for reading (the exact value is the fraction)."""
    return f"{float(p):6.1%}"


def show(p):
    """A fraction with its rounded percentage."""
    return f"{str(p):>9} = {pct(p)}"


def card_names(cards):
    """Number cards in words, separated by commas."""
    return ", ".join(card_name(c) for c in cards)


def P(event, space):
    """The probability of an event: the outcomes of the space where it happens, out of all (equally likely)."""
    return Fraction(len([o for o in space if event(o)]), len(space))


# %% [markdown]
# The last function, `P`, is the whole of the theory: when every outcome of a **space** is equally likely, the
# probability of an **event** is the number of outcomes where it happens divided by the number of outcomes
# (Peter Norvig's definition). Everything else in this lesson is about building the right space.
#
# ## 1. What a player knows
#
# Here is a game with 4 players, in the second round of the first transaction. Player 1 (that's you) played
# **Limit 23** in the first round and must now play a Number card.

# %%
state = load_position("limit_23_two_to_come")
print(describe(state))
print()
print(hand_text(state, 0))
print()
print("What happened:")
for event in state.events:
    print("  " + event.text())

# %% [markdown]
# The red 4 (Player 2's) and the blue 6 (Dummy-1's) are on the table. Players 3 and 4 played Rule cards in the first round, so
# their Number cards are **still to come**. Which card should you play so that the five cards add up to 23 or
# less?
#
# Read the log again: after playing the red 4, **Player 2 took the red 1 from the display**, in front of
# everyone. So the red 1 is in Player 2's hand, and Player 2 has already played their Number card this
# transaction: the red 1 **cannot** be one of the cards to come. A player with a good memory leaves it out.
#
# Let us list the Number cards Player 1 can place, and keep the others: they are the cards that can still come.

# %%
# NBVAL_CHECK_OUTPUT
in_hand = state.hand_numbers[0]
in_display = state.display_numbers
on_table = [c for c in state.table_numbers if c is not None]
taken = state.known_numbers[1]   # the cards Player 2 took from the display: the red 1
placed = set(in_hand) | set(in_display) | set(on_table) | set(taken)
can_come = [c for c in range(45) if c not in placed]
print(f"Player 1 sees {len(in_hand)} in hand + {len(in_display)} in the display + {len(on_table)} on the table,")
print(f"and remembers {len(taken)} card taken from the display: {card_names(taken)}")
print(f"Number cards that can still come: 45 - {len(placed)} = {len(can_come)}")
print(card_names(can_come))

# %% [markdown]
# `knowledge(state, 0)` collects the same for any position (every player's display takes included), and says
# whose cards are still to come:

# %%
kn = knowledge(state, 0)
print("Number cards still to come from:", [seat_name(s, kn.players) for s in kn.number_slots])
print("The same cards as our list:", sorted(kn.unseen_numbers) == can_come)

# %% [markdown]
# The 34 cards are somewhere Player 1 cannot look: in the unknown part of the other hands or in the deck.
# Under the model (at the top of the lesson) the 2 cards still to come are equally likely to be **any 2** of
# those 34 cards.
#
# ### The sample space
#
# How many different pairs of cards can still come? Order does not matter (the sum is the same whoever plays
# which card), so it is the number of ways to choose 2 cards out of 34: $\binom{34}{2}$, "34 choose 2",
# `math.comb(34, 2)`. Python can also list them all:

# %%
# NBVAL_CHECK_OUTPUT
pairs = list(combinations(can_come, 2))
print("34 choose 2 =", math.comb(34, 2), "  listed:", len(pairs), "  the engine's count:", kn.sample_space_size())
print("The first three:", "; ".join(card_names(pair) for pair in pairs[:3]))

# %% [markdown]
# ## 2. Exact odds: count the favourable pairs
#
# Suppose you play the **yellow 1**. The table then holds red 4 + blue 6 + yellow 1 = 11, so the two cards to
# come must add up to **12 or less**.
#
# **Guess first.** Before running the next cell, write down your guess: is the chance nearer 1/2, 3/4 or 9/10?

# %%
# NBVAL_CHECK_OUTPUT
mine = CARD_BY_CODE["Y1"]
so_far = sum(value(c) for c in on_table) + value(mine)
limit_y1 = P(lambda pair: so_far + value(pair[0]) + value(pair[1]) <= 23, pairs)
print("Sum so far:", so_far)
print("P(Limit 23 with the yellow 1) =", show(limit_y1))

# %% [markdown]
# One line of counting, and the fraction is exact: 421 of the 561 pairs keep the sum at 23 or less
# (`Fraction` reduces nothing here). Now ask the engine: `rule_odds(state, player, card)` does the same kind of
# counting for all five rules at once.

# %%
odds_y1 = rule_odds(state, 0, "Y1")
print("Limit 23 with the yellow 1, by the engine:", odds_y1["limit_23"])
assert odds_y1["limit_23"] == limit_y1  # our count and the engine's agree

# %% [markdown]
# (`assert` stops with an error if what follows is false: it is how a notebook checks a claim.)
#
# Now compare three of your four cards (the green 5 is for exercise 1):

# %%
# NBVAL_CHECK_OUTPUT
for code in ("Y1", "P7", "R9"):
    print(f"{card_name(CARD_BY_CODE[code]):9} {show(rule_odds(state, 0, code)['limit_23'])}")

# %% [markdown]
# The lower your card, the better your chance, but not in a straight line.
#
# ### Counting with pencil and paper: the red 9
#
# With the red 9 the table holds 4 + 6 + 9 = 19, so the two cards to come must add up to **4 or less**. That is
# a small case we can count by hand. Only cards of value 1, 2 or 3 can help; how many of each can still come?

# %%
# NBVAL_CHECK_OUTPUT
by_value = Counter(value(c) for c in can_come)
for v in (1, 2, 3):
    print(f"value {v}: {by_value[v]} cards ({card_names(c for c in can_come if value(c) == v)})")

# %% [markdown]
# The pairs that add up to 4 or less are 1+1, 1+2, 1+3 and 2+2 (the red 1 is missing: Player 2 holds it):
#
# * 1 + 1: two of the three 1s, $\binom{3}{2} = 3$ pairs;
# * 1 + 2: one of the three 1s and one of the four 2s, $3 \times 4 = 12$ pairs;
# * 1 + 3: one of the three 1s and one of the five 3s, $3 \times 5 = 15$ pairs;
# * 2 + 2: two of the four 2s, $\binom{4}{2} = 6$ pairs.
#
# In all 3 + 12 + 15 + 6 = **36** of the 561 pairs, which reduces to 12/187. Check against the engine:

# %%
ones, twos, threes = by_value[1], by_value[2], by_value[3]
by_hand = math.comb(ones, 2) + ones * twos + ones * threes + math.comb(twos, 2)
print("By hand:", by_hand, "pairs ->", Fraction(by_hand, len(pairs)), "  engine:", rule_odds(state, 0, "R9")["limit_23"])
assert Fraction(by_hand, len(pairs)) == rule_odds(state, 0, "R9")["limit_23"]

# %% [markdown]
# **Exercise 1.** *Guess first*: a forgetful player does not remember that Player 2 took the red 1, so they
# count the pairs of the **35** cards they cannot see (the 34 plus the red 1). With the yellow 1, is their chance
# of Limit 23 higher or lower than 421/561? Then build their space of pairs and compute it with `P`.

# %% tags=["solution"]
forgetful = list(combinations(can_come + [CARD_BY_CODE["R1"]], 2))
limit_forgetful = P(lambda pair: so_far + value(pair[0]) + value(pair[1]) <= 23, forgetful)
print(len(forgetful), "pairs:", show(limit_forgetful), "  with the memory:", show(limit_y1))

# %% [markdown] tags=["solution"]
# **Answer.** 455 of 595 pairs, 13/17 ≈ 76.5%, against 421/561 ≈ 75.0%. Forgetting the red 1 makes the player
# too optimistic: a low card that cannot come is counted as if it could. Both numbers are "exact", but only one
# answers the question "what are my chances, given everything I saw?".

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("11-ex1", answer)

# %% [markdown]
# ## 3. Without replacement versus with replacement
#
# Real cards are drawn **without replacement**: once a card is dealt, it cannot be dealt again. A simpler
# model would put each card back before the next draw (**with replacement**), like rolling a 45-sided die
# several times. How different are the two?
#
# Take your opening hand: 4 Number cards out of 45, of which 9 are red. How many red cards will you get?
#
# * Without replacement the answer is the **hypergeometric** distribution: `hypergeom(45, 9, 4)`.
#   For example $P(2 \text{ red}) = \binom{9}{2}\binom{36}{2} / \binom{45}{4}$.
# * With replacement each draw is red with chance 9/45 = 1/5, independently: the **binomial**
#   distribution, $P(k \text{ red}) = \binom{4}{k} (1/5)^k (4/5)^{4-k}$.

# %%
# NBVAL_CHECK_OUTPUT
without = hypergeom(45, 9, 4)

def binomial(n, p):
    """P(k successes in n independent tries), exactly, for k = 0..n."""
    return {k: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}

with_replacement = binomial(4, Fraction(9, 45))
print("red    without replacement      with replacement")
for k in range(5):
    print(f" {k}   {show(without[k]):>17}   {show(with_replacement[k]):>17}")
print("Totals:", sum(without.values()), sum(with_replacement.values()))

# %%
# NBVAL_IGNORE_OUTPUT
fig = bplt.figure(title="Red cards in an opening hand of 4 Number cards", legend_location="top-right")
bplt.bar([str(k) for k in range(5)],
         [[float(without[k]) for k in range(5)], [float(with_replacement[k]) for k in range(5)]],
         type="grouped", colors=["#2f6fd6", "#f0b429"], display_legend=True,
         labels=["without replacement (real cards)", "with replacement"])
bplt.xlabel("number of red cards among the 4")
bplt.ylabel("probability")
bplt.ylim(0, 0.5)
bplt.show()

# %% [markdown]
# The two are close but not equal. Without replacement, every red card you draw leaves fewer reds behind,
# so many reds are **less** likely:

# %%
four_red_without = Fraction(9, 45) * Fraction(8, 44) * Fraction(7, 43) * Fraction(6, 42)
four_red_with = Fraction(9, 45) ** 4
print("4 red, without replacement: 9/45 × 8/44 × 7/43 × 6/42 =", show(four_red_without))
print("4 red, with replacement:    (9/45)^4 =", show(four_red_with))
print("Same as hypergeom:", four_red_without == hypergeom_pmf(4, 45, 9, 4))
print(f"With replacement makes it {float(four_red_with / four_red_without):.2f} times more likely")

# %% [markdown]
# Our odds in section 2 were *without* replacement: a pair is two **different** cards (`combinations`), exactly
# like real cards.
#
# **Exercise 2.** 5 of the 45 Number cards are 9s. *Guess first*, then compute: what is the chance that your
# opening hand of 4 Number cards holds **at least one 9**? Hint: 1 − P(no 9). Compare with the
# with-replacement answer 1 − (40/45)⁴.

# %% tags=["solution"]
at_least_one = 1 - hypergeom_pmf(0, 45, 5, 4)
with_repl = 1 - Fraction(40, 45) ** 4
print(show(at_least_one), "  with replacement:", show(with_repl))

# %% [markdown] tags=["solution"]
# **Answer.** $1 - \binom{40}{4}/\binom{45}{4}$ = 11521/29799, about 38.7%. With replacement it would be
# 2465/6561, about 37.6%: slightly less. Without replacement, each card that is not a 9 leaves fewer
# non-9s behind (40/45, then 39/44, 38/43, 37/42), so "no 9 at all" is a little less likely.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("11-ex2", answer)

# %% [markdown]
# ## 4. Check by simulation, with an error band
#
# A completely different way to find a chance: **try it many times**. Each trial deals the missing cards at
# random under the same model (`sample_completion`), puts them on the table, and asks the engine's referee
# (`judge_table`, the code that judges real games) whether your Limit 23 is fulfilled. The running frequency is
# the fraction of trials so far in which it was. The trials use the seeded generator, so the results are the
# same every time you run the notebook.

# %%
# NBVAL_CHECK_OUTPUT
LIMIT_23 = RULES.index("limit_23")
exact = limit_y1

def trial(rng):
    """Deal the missing cards at random; True if Player 1's Limit 23 is fulfilled."""
    numbers, rules = sample_completion(kn, mine, LIMIT_23, rng)
    fulfilled, reason = judge_table(numbers, rules, kn.players)[0]
    return fulfilled

TRIALS = 3000
freq = running_frequency(trial, TRIALS, seed=SEED)
band = [2 * math.sqrt(float(exact) * (1 - float(exact)) / n) for n in range(1, TRIALS + 1)]
for n in (10, 100, 1000, TRIALS):
    inside = abs(freq[n - 1] - float(exact)) <= band[n - 1]
    print(f"after {n:4} trials: frequency {freq[n - 1]:.3f}, exact {float(exact):.3f} ± {band[n - 1]:.3f}"
          f"  inside the band: {inside}")

# %% [markdown]
# The **standard error** of a frequency over $n$ trials is $\sqrt{p(1-p)/n}$: it shrinks like $1/\sqrt{n}$.
# About 95% of the time the frequency lies within **2 standard errors** of the exact chance: that is the band.

# %%
# NBVAL_IGNORE_OUTPUT
ns = list(range(1, TRIALS + 1))
fig = bplt.figure(title="Simulated frequency of Limit 23 (yellow 1) with the ±2 standard-error band",
                  legend_location="bottom-right")
bplt.plot(ns, [freq, [float(exact) + b for b in band], [float(exact) - b for b in band]],
          colors=["#2f6fd6", "#999999", "#999999"],
          labels=["simulated frequency", "exact + 2 SE", "exact − 2 SE"], display_legend=True)
bplt.hline(float(exact), colors=["#d64545"], line_style="dashed", labels=[f"exact chance {exact}"],
           display_legend=True)
bplt.xlabel("number of simulated deals")
bplt.ylabel("fraction of deals where Limit 23 is fulfilled")
bplt.ylim(0, 1)
bplt.show()

# %% [markdown]
# `simulate_rule_odds` runs the same kind of simulation for all five rules, as if Player 1's Rule card were each
# of them in turn. Exact and simulated values side by side, with each rule's band:

# %%
# NBVAL_CHECK_OUTPUT
SIMULATIONS = 2000
simulated = simulate_rule_odds(state, 0, "Y1", n=SIMULATIONS, seed=SEED)
print(f"{'rule':17} {'exact':>17}  simulated   ± 2 SE  inside")
for rule in RULES:
    p, f = odds_y1[rule], simulated[rule]
    se2 = 2 * math.sqrt(float(p) * (1 - float(p)) / SIMULATIONS)
    print(f"{rule_name(rule):17} {show(p)}  {f:9.3f}  {se2:7.3f}  {abs(f - float(p)) <= se2 or p in (0, 1)}")

# %% [markdown]
# (A rule with chance 0 or 1 has no spread at all: the simulation gives exactly 0 or 1.) Change `SEED` at the
# top and run again: about one check in twenty falls just outside its band, which is what "±2 standard errors"
# means.
#
# **What this checks, and what it does not.** Counting by list, counting by hand and simulating agree. That
# checks the **arithmetic**: all three use the same model, so they would agree just as well if the model were
# wrong (a forgetful player's three methods agree on 13/17). Only the model decides which question the numbers
# answer.
#
# **Exercise 3.** *Guess first*: how many trials would make the band around 421/561 narrower than ±1 percentage
# point? Compute it from $2\sqrt{p(1-p)/n} \le 0.01$.

# %% tags=["solution"]
p = float(limit_y1)
n_needed = math.ceil(4 * p * (1 - p) / 0.01 ** 2)
print("trials needed:", n_needed, "  band then:", round(2 * math.sqrt(p * (1 - p) / n_needed), 4))

# %% [markdown] tags=["solution"]
# **Answer.** $n \ge 4p(1-p)/0.01^2$: about 7,500 trials. Halving the band costs four times as many trials.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a number of trials.
from ratgames_lab.lessons import check

answer = ...
check("11-ex3", answer)

# %% [markdown]
# ## 5. What to remember
#
# * **Exact odds** = favourable cases / all equally likely cases: `P(event, space)`. `math.comb` counts the
#   cases; listing them (`combinations`) is the safest way to count the favourable ones.
# * The space is what the player **knows**: a card seen going into a hand is not a card to come.
# * Real cards are drawn **without replacement** (hypergeometric), not with replacement (binomial).
# * A **simulation** agrees with the exact answer up to a random error: ±2 standard errors, shrinking like
#   $1/\sqrt{n}$. Agreement checks the arithmetic, not the model.
#
# **Next:** [part 3, decisions](12_master_of_rules_decisions.ipynb): Support Right as a conditional probability,
# expected points and risk, what an opponent's play tells you, and when to decide.
