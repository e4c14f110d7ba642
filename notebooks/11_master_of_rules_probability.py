# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
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
# # Master of Rules, part 2: probability
#
# When you play a Rule card, some Number cards are still to come. Will your rule be fulfilled? You cannot
# know for sure, but you can know the **chance**. In this notebook we compute chances **exactly**, by
# counting, and we check them in three independent ways.
#
# 1. Exact odds: make the list of everything that can still happen, and count.
# 2. Drawing *without* replacement (real cards) versus *with* replacement.
# 3. A simulation that gets closer and closer to the exact answer.
# 4. Support Right: a bet on your neighbour (conditional probability).
# 5. Expected points, and why the set bonuses change the best play.
#
# You need part 1 ([the rules](10_master_of_rules_rules.ipynb)) first. Run the cells from top to bottom.
#
# Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
# them.

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

import json
import math
from collections import Counter
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import bqplot.pyplot as bplt

import ratgames_lab as rl
from ratgames_lab.core.odds import (expectation, hypergeom, hypergeom_pmf, running_frequency,
                                    subsets_probability, tolerance)
from ratgames_lab.master_of_rules import cards
from ratgames_lab.master_of_rules.cards import card_name, rule_name, seat_name, value
from ratgames_lab.master_of_rules.odds import (knowledge, marginal_points, play_odds, rule_odds,
                                               sample_completion, simulate_rule_odds)
from ratgames_lab.master_of_rules.position import describe, hand_text
from ratgames_lab.master_of_rules.rules import (TableStats, fulfils_best_of_the_best, fulfils_limit_23,
                                                fulfils_only_one, fulfils_trio, judge_table, right_of)

def load_position(name):
    """Load a position from the positions folder next to this notebook (rl.load_position checks every field)."""
    game, state = rl.load_position(Path("positions") / f"{name}.json")
    return state

def pct(p):
    """A probability as a rounded percentage, for reading (the exact value is the fraction)."""
    return f"{float(p):6.1%}"


# %% [markdown]
# ## 1. Exact odds: count the possibilities
#
# Here is a game with 4 players, in the second round of the first transaction. Player 1 (that's you) played
# **Limit 23** in the first round and must now play a Number card.

# %%
state = load_position("limit_23_two_to_come")
print(describe(state))
print()
print(hand_text(state, 0))

# %% [markdown]
# The red 4 and the blue 6 are on the table. Players 3 and 4 played Rule cards in the first round, so their
# Number cards are **still to come**. Which card should you play so that the five cards add up to 23 or less?
#
# `knowledge(state, 0)` collects what Player 1 knows: the cards Player 1 can see, and which cards are still
# to come.

# %%
kn = knowledge(state, 0)
print("Number cards still to come from:", [seat_name(s, kn.players) for s in kn.number_slots])
in_hand = len(kn.hand_numbers)
in_display = len(state.to_json()["display"]["numbers"])
on_table = [c for c in kn.table_numbers if c is not None]
seen = in_hand + in_display + len(on_table)
print(f"Player 1 sees {in_hand} in hand + {in_display} in the display + {len(on_table)} on the table = {seen}")
print("Number cards Player 1 cannot see:", len(kn.unseen_numbers), "= 45 -", seen)
print(", ".join(card_name(c) for c in kn.unseen_numbers))

# %% [markdown]
# The 35 unseen cards are somewhere Player 1 cannot look: in the other players' hands or in the deck.
#
# **Our model.** We assume that the 2 cards still to come are equally likely to be **any 2** of those 35
# cards. Every number in this notebook is exact *for this model*. The model ignores one real thing: the other
# players **choose** their cards. Player 3 might keep a low card for a Limit 23 of their own, or throw a 9 on
# purpose to spoil yours. These odds are right for a player who knows nothing about the others' plans.
#
# ### The sample space
#
# How many different pairs of cards can still come? Order does not matter (the sum is the same whoever
# plays which card), so it is the number of ways to choose 2 cards out of 35: $\binom{35}{2}$, "35 choose
# 2", `math.comb(35, 2)`.

# %%
print("35 choose 2 =", math.comb(35, 2))
print("The engine agrees:", kn.sample_space_size())
pairs = list(combinations(kn.unseen_numbers, 2))
print("We can list them all:", len(pairs), "pairs. The first five:")
for a, b in pairs[:5]:
    print(f"  {card_name(a)} + {card_name(b)}")

# %% [markdown]
# Each of these 595 pairs is equally likely, so
#
# $$P(\text{Limit 23}) = \frac{\text{number of pairs that keep the sum at 23 or less}}{595}.$$
#
# Suppose you play the **yellow 1**. The table then holds red 4 + blue 6 + yellow 1 = 11, so the two cards to
# come must add up to **12 or less**. Let us count those pairs ourselves, without the engine's help:

# %%
# NBVAL_CHECK_OUTPUT
mine = cards.CARD_BY_CODE["Y1"]
so_far = sum(value(c) for c in on_table) + value(mine)
good = [(a, b) for a, b in pairs if so_far + value(a) + value(b) <= 23]
print("Sum so far:", so_far)
print("Favourable pairs:", len(good), "of", len(pairs))
print("Chance:", Fraction(len(good), len(pairs)), "=", pct(Fraction(len(good), len(pairs))))

# %% [markdown]
# Python's `Fraction` reduces 455/595 to 13/17. Now ask the engine: `rule_odds(state, player, card)` does
# the same kind of counting for all five rules at once.

# %%
odds_y1 = rule_odds(state, 0, "Y1")
print("Limit 23 with the yellow 1:", odds_y1["limit_23"])
assert odds_y1["limit_23"] == Fraction(len(good), len(pairs))  # our count and the engine's agree

# %% [markdown]
# (`assert` stops with an error if what follows is false: it is how a notebook checks a claim.)
#
# Now compare your four cards:

# %%
# NBVAL_CHECK_OUTPUT
limit_odds = {card: rule_odds(state, 0, card)["limit_23"] for card in kn.hand_numbers}
for card, p in limit_odds.items():
    print(f"{card_name(card):9} {str(p):>7} = {pct(p)}")

# %% [markdown]
# The lower your card, the better your chance, but not in a straight line.
#
# ### Counting with pencil and paper: the red 9
#
# With the red 9 the table holds 4 + 6 + 9 = 19, so the two cards to come must add up to **4 or less**. That
# is a small case we can count by hand. Only cards of value 1, 2 or 3 can help; how many of each are
# unseen?

# %%
unseen_by_value = Counter(value(c) for c in kn.unseen_numbers)
for v in (1, 2, 3):
    names = [card_name(c) for c in kn.unseen_numbers if value(c) == v]
    print(f"value {v}: {unseen_by_value[v]} unseen cards ({', '.join(names)})")

# %% [markdown]
# The pairs that add up to 4 or less are 1+1, 1+2, 1+3 and 2+2:
#
# * 1 + 1: two of the four 1s, $\binom{4}{2} = 6$ pairs;
# * 1 + 2: one of the four 1s and one of the four 2s, $4 \times 4 = 16$ pairs;
# * 1 + 3: one of the four 1s and one of the five 3s, $4 \times 5 = 20$ pairs;
# * 2 + 2: two of the four 2s, $\binom{4}{2} = 6$ pairs.
#
# In all 6 + 16 + 20 + 6 = **48** of the 595 pairs. Check against the engine:

# %%
ones, twos, threes = unseen_by_value[1], unseen_by_value[2], unseen_by_value[3]
by_hand = math.comb(ones, 2) + ones * twos + ones * threes + math.comb(twos, 2)
red_9 = cards.CARD_BY_CODE["R9"]
print("By hand:", by_hand, "pairs ->", Fraction(by_hand, len(pairs)))
print("Engine: ", limit_odds[red_9])
assert Fraction(by_hand, len(pairs)) == limit_odds[red_9]

# %% [markdown]
# Listing everything and counting by hand give the same answer. The list is safer (it is easy to forget a
# case by hand), but the hand count shows *why* the red 9 is a bad card for Limit 23.
#
# ## 2. Without replacement versus with replacement
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
print("red  without replacement      with replacement")
for k in range(5):
    print(f" {k}   {str(without[k]):>13} = {pct(without[k])}   {str(with_replacement[k]):>8} = {pct(with_replacement[k])}")
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
print("4 red, without replacement: 9/45 × 8/44 × 7/43 × 6/42 =", four_red_without, "=", pct(four_red_without))
print("4 red, with replacement:    (9/45)^4 =", four_red_with, "=", pct(four_red_with))
print("Same as hypergeom:", four_red_without == hypergeom_pmf(4, 45, 9, 4))
print(f"With replacement makes it {float(four_red_with / four_red_without):.2f} times more likely")

# %% [markdown]
# Our odds in section 1 were *without* replacement: a pair is two **different** cards
# (`combinations`), exactly like real cards.
#
# ## 3. Check by simulation
#
# A completely different way to find a chance: **try it many times**. Each trial deals 2 random different
# cards from the 35 unseen ones (`sample_completion`), puts them on the table, and asks the engine's referee
# (`judge_table`, the code that judges real games) whether your Limit 23 is fulfilled. The running frequency
# is the fraction of trials so far in which it was. The trials use the seeded generator, so the results are
# the same every time you run the notebook.

# %%
# NBVAL_CHECK_OUTPUT
LIMIT_23 = cards.RULES.index("limit_23")
exact = limit_odds[mine]   # the yellow 1

def trial(rng):
    """Deal the missing cards at random; True if Player 1's Limit 23 is fulfilled."""
    numbers, rules = sample_completion(kn, mine, LIMIT_23, rng)
    fulfilled, reason = judge_table(numbers, rules, kn.players)[0]
    return fulfilled

TRIALS = 3000
freq = running_frequency(trial, TRIALS, seed=SEED)
for n in (10, 100, 1000, TRIALS):
    print(f"after {n:4} trials: frequency {freq[n - 1]:.3f}   (exact {float(exact):.3f})")

# %%
# NBVAL_IGNORE_OUTPUT
fig = bplt.figure(title="Simulated frequency of Limit 23 (yellow 1) approaching the exact chance",
                  legend_location="bottom-right")
bplt.plot(list(range(1, TRIALS + 1)), freq, colors=["#2f6fd6"], labels=["simulated frequency"],
          display_legend=True)
bplt.xlabel("number of simulated deals")
bplt.ylabel("fraction of deals where Limit 23 is fulfilled")
bplt.ylim(0, 1)
bplt.hline(float(exact), colors=["#d64545"], line_style="dashed", labels=[f"exact chance {exact}"],
           display_legend=True)
bplt.show()

# %% [markdown]
# At first the frequency jumps around; with more trials it settles near 13/17. It is never exactly equal:
# a simulation has random error, which shrinks like $1/\sqrt{n}$. `tolerance(p, n)` is a safe margin
# (4 standard errors) for n trials:

# %%
margin = tolerance(float(exact), TRIALS)
print(f"difference after {TRIALS} trials: {abs(freq[-1] - float(exact)):.3f}, allowed margin {margin:.3f}")
print("Within the margin:", abs(freq[-1] - float(exact)) <= margin)

# %% [markdown]
# `simulate_rule_odds` runs the same kind of simulation for all five rules, as if Player 1's Rule card were
# each of them in turn. Exact and simulated values side by side:

# %%
# NBVAL_CHECK_OUTPUT
SIMULATIONS = 2000
simulated = simulate_rule_odds(state, 0, "Y1", n=SIMULATIONS, seed=SEED)
print(f"{'rule':17} {'exact':>7} {'':>7}  simulated  within margin")
for rule in cards.RULES:
    p, f = odds_y1[rule], simulated[rule]
    ok = abs(f - float(p)) <= tolerance(float(p), SIMULATIONS)
    print(f"{rule_name(rule):17} {str(p):>7} {pct(p)}  {f:9.3f}  {ok}")

# %% [markdown]
# ## 4. Support Right: a bet on your neighbour
#
# Support Right is fulfilled if the first real player to your right fulfils **their** rule. Its chance
# depends on what that player does: it is a **conditional probability**. Here is a new position.

# %%
state2 = load_position("support_right_bet")
kn2 = knowledge(state2, 0)
print(describe(state2))
print()
print(hand_text(state2, 0))
neighbour = right_of(0, kn2.players)
print("Player 1's right-hand neighbour:", seat_name(neighbour, kn2.players))

# %% [markdown]
# Player 1 played the red 3 and must now play a Rule card. The neighbour to the right is **Player 4**: the
# blue 5 is on the table, but Player 4's Rule card is still to come. Only one Number card is still to come
# (Player 3's). If Player 4 plays Support Right too, the chain passes on to Player 3, who played **Trio**.
#
# So we split on what Player 4 plays (the *law of total probability*):
#
# $$P(\text{SR}) = \sum_{r} P(\text{Player 4 plays } r) \times P(r \text{ is fulfilled} \mid
# \text{Player 4 plays } r)$$
#
# **Step 1: what will Player 4 play?** In our model Player 4's Rule card is equally likely to be any Rule
# card Player 1 cannot see (in the other hands and the deck):

# %%
unseen_rules = dict(zip(cards.RULES, kn2.unseen_rules))
total_rules = sum(unseen_rules.values())
p_plays = {rule: Fraction(n, total_rules) for rule, n in unseen_rules.items()}
for rule, n in unseen_rules.items():
    print(f"{rule_name(rule):17} {n:2} of {total_rules} -> {p_plays[rule]}")

# %% [markdown]
# **Step 2: if Player 4 plays rule r, what is the chance it is fulfilled?** It depends on the one Number card
# still to come, equally likely to be any of the unseen cards. `subsets_probability(pool, size, event)`
# tries every possible set of `size` cards from the `pool` and returns the fraction for which `event` is
# true. For Support Right, the chain goes on to Player 3's Trio.

# %%
blue_5 = kn2.table_numbers[neighbour]
known = [c for c in kn2.table_numbers if c is not None]
pool = list(kn2.unseen_numbers)
print("On the table:", ", ".join(card_name(c) for c in known), f"(+ 1 card to come out of {len(pool)})")

def chance(test):
    """P(test(table) is True) over the one Number card still to come."""
    return subsets_probability(pool, 1, lambda extra: test(TableStats(known + list(extra))))

p_fulfilled = {
    "limit_23": chance(lambda t: fulfils_limit_23(t, blue_5)),
    "best_of_the_best": chance(lambda t: fulfils_best_of_the_best(t, blue_5)),
    "only_one": chance(lambda t: fulfils_only_one(t, blue_5)),
    "trio": chance(lambda t: fulfils_trio(t, blue_5)),
    "support_right": chance(lambda t: fulfils_trio(t, blue_5)),  # the chain ends at Player 3's Trio
}

# %%
# NBVAL_CHECK_OUTPUT
total = Fraction(0)
print(f"{'Player 4 plays':17} {'P(plays)':>9} {'P(fulfilled)':>13} {'product':>9}")
for rule in cards.RULES:
    product = p_plays[rule] * p_fulfilled[rule]
    total += product
    print(f"{rule_name(rule):17} {str(p_plays[rule]):>9} {str(p_fulfilled[rule]):>13} {str(product):>9}")
print(f"{'sum = P(Support Right)':41} {str(total):>9} = {pct(total)}")

# %% [markdown]
# (Trio does not depend on whose card it is, so Player 4's Trio and Player 3's Trio have the same chance.)
#
# The engine computes Support Right by following the same chain. Does it agree?

# %%
odds2 = rule_odds(state2, 0)
print("Engine:", odds2["support_right"], " Our sum:", total)
assert odds2["support_right"] == total
print()
print("Player 1's Rule cards with the red 3:")
for rule in ("limit_23", "only_one", "support_right"):
    print(f"  {rule_name(rule):14} {str(odds2[rule]):>7} = {pct(odds2[rule])}")

# %% [markdown]
# Only One is impossible for Player 1 (Player 2 already played a red card), Limit 23 is a better bet than
# Support Right, and Support Right is only as good as Player 4's own chances.
#
# **What the model ignores.** Player 4 does not pick a Rule card at random: they **choose** one, and the
# rules restrict the choice. Trio was already played this transaction (by Player 3), so Player 4 may not
# play Trio unless all their Rule cards are Trios. And a careful Player 4 holding an Only One would play it:
# with the blue 5 it is their best bet (26/35 in the table above). Exercise 3 below asks how much the
# first of these changes the answer.
#
# ## 5. Expected points: the best play is not always the likeliest
#
# In this last position (transaction 7), Player 4 plays last in the first round and still holds both
# cards. Player 4 has already kept **two Trio cards**.

# %%
state3 = load_position("set_bonus_choice")
print(describe(state3))
print()
print("Player 4 ->", hand_text(state3, 3))

# %% [markdown]
# A third Trio would bring a **set bonus** of +2, so it is worth 3 points. `marginal_points(kept, rule)`
# computes how many points one more card of each type would add to Player 4's score:

# %%
kept4 = state3.kept[3]
for t, rule in enumerate(cards.RULES):
    print(f"{rule_name(rule):17} +{marginal_points(kept4, t)} point(s)")

# %% [markdown]
# The **expected points** of a play are (chance of success) × (points if it succeeds), and 0 otherwise:
# on average, over many games like this one, that is what the play earns. `play_odds` computes it for every
# pair of a Number card and a Rule card in the hand, best first:

# %%
# NBVAL_CHECK_OUTPUT
plays = play_odds(state3, 3)
print(f"{'Number card':11} {'Rule card':17} {'chance':>6} {'':7} {'points':>6} {'expected':>9}")
for play in plays[:8]:
    print(f"{card_name(play.card):11} {rule_name(play.rule):17} {str(play.probability):>6} "
          f"{pct(play.probability)} {play.points_if_fulfilled:>6} {str(play.expected_points):>9}"
          f" = {float(play.expected_points):.2f}")
print(f"... {len(plays)} pairs in all")

# %%
likeliest = max(plays, key=lambda play: play.probability)
best = plays[0]
print(f"Likeliest success: {card_name(likeliest.card)} + {rule_name(likeliest.rule)}, "
      f"chance {likeliest.probability}, expected {likeliest.expected_points} point")
print(f"Best expected points: {card_name(best.card)} + {rule_name(best.rule)}, "
      f"chance {best.probability}, expected {best.expected_points} points")
points = {best.points_if_fulfilled: best.probability, 0: 1 - best.probability}
print("Check with expectation():", expectation(points))
kn3 = knowledge(state3, 3)
red_or_blue = [c for c in kn3.unseen_numbers if cards.COLOURS[cards.colour(c)] in ("red", "blue")]
print(f"Dummy-1's card is the only one to come: {len(red_or_blue)} of the {len(kn3.unseen_numbers)}"
      " unseen cards are red or blue")

# %% [markdown]
# The green 1 with Limit 23 succeeds most often (4 times in 5), but it only earns 1 point. The blue 8 with
# Trio succeeds only 7 times in 20 (with the red 2, red 7 and blue 6 on the table, a red or a blue card for
# the dummy makes a trio, and 7 of the 20 unseen cards are red or blue), yet each success is worth 3 points,
# so on average it earns **21/20** points per play against **4/5**. That is the **expected value** of the hand: played well, this hand is worth 21/20 points
# on average this transaction. Because of the bonuses, the best card to play depends on what you already
# kept.
#
# ## 6. What to remember
#
# * **Exact odds** = favourable cases / all equally likely cases. `math.comb` counts the cases; listing
#   them (`combinations`) is the safest way to count the favourable ones.
# * Real cards are drawn **without replacement** (hypergeometric), not with replacement (binomial).
# * A **simulation** agrees with the exact answer up to a random error that shrinks like $1/\sqrt{n}$.
# * **Support Right** is a conditional probability: a sum over what your neighbour does.
# * Choose by **expected points**, not by chance alone: the set bonuses change the best play.
# * All of this is exact only **for the model** "unseen cards are equally likely". Real players choose
#   their cards. [Part 3](12_master_of_rules_what_if.ipynb) uses another tool, playing the rest of the game
#   many times, to compare moves.
#
# ## Exercises
#
# **Exercise 1.** Back in section 1 (`state`, `pairs`), you play the **green 5** instead of the yellow 1.
# How many of the 595 pairs keep the sum at 23 or less? Count them with a list like `good`, then check your
# fraction with `rule_odds(state, 0, "G5")`.

# %% tags=["solution"]
mine_g5 = cards.CARD_BY_CODE["G5"]
so_far_g5 = sum(value(c) for c in on_table) + value(mine_g5)
good_g5 = [(a, b) for a, b in pairs if so_far_g5 + value(a) + value(b) <= 23]
print(so_far_g5, len(good_g5), Fraction(len(good_g5), len(pairs)))
print(rule_odds(state, 0, "G5")["limit_23"])

# %% [markdown] tags=["solution"]
# **Answer.** The sum so far is 4 + 6 + 5 = 15, so the two cards must add up to 8 or less: 216 of the 595
# pairs, a chance of 216/595 (about 36%). The engine gives the same fraction.

# %% [markdown]
# **Exercise 2.** 5 of the 45 Number cards are 9s. What is the chance that your opening hand of 4 Number
# cards holds **at least one 9**? Hint: 1 − P(no 9). Compare with the with-replacement answer
# 1 − (40/45)⁴.

# %% tags=["solution"]
at_least_one = 1 - hypergeom_pmf(0, 45, 5, 4)
with_repl = 1 - Fraction(40, 45) ** 4
print(at_least_one, pct(at_least_one), "  with replacement:", with_repl, pct(with_repl))

# %% [markdown] tags=["solution"]
# **Answer.** $1 - \binom{40}{4}/\binom{45}{4}$ = 11521/29799, about 38.7%. With replacement it would be
# 2465/6561, about 37.6%: slightly less. Without replacement, each card that is not a 9 leaves fewer
# non-9s behind (40/45, then 39/44, 38/43, 37/42), so "no 9 at all" is a little less likely.

# %% [markdown]
# **Exercise 3.** In section 4, suppose you know Player 4 will **not** play Trio (it was already played).
# Then Player 4's Rule card is equally likely to be any unseen Rule card *other than* a Trio. Recompute
# P(Support Right) with `p_fulfilled` and the counts in `unseen_rules`. Does Support Right become a better
# or a worse bet than before?

# %% tags=["solution"]
allowed = {rule: n for rule, n in unseen_rules.items() if rule != "trio"}
p_sr = sum(Fraction(n, sum(allowed.values())) * p_fulfilled[rule] for rule, n in allowed.items())
print("without Trio:", p_sr, pct(p_sr), "  before:", total, pct(total))

# %% [markdown] tags=["solution"]
# **Answer.** 183/490 ≈ 37.3% instead of 87/260 ≈ 33.5%: a better bet, because Trio was one of Player 4's
# weakest rules here (6/35). Knowing one thing about how the others choose changes the odds, which is
# exactly what the equally-likely model leaves out.
