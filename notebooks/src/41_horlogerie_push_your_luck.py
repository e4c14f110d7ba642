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
# # L'Horlogerie des Rats, part 2: push your luck — stop or draw?
#
# In L'Horlogerie des Rats a team of Horlogers explores by drawing **Exploration cards** one at a time. Each card
# shows a value from 1 to 5. The explorer wants the total as close as possible to the team's **exploration
# value** (often 6), without going over:
#
# * below the value, the explorer **stops** (a success: every card drawn is kept) or **draws** again;
# * exactly the value is a **perfect exploration** (a success, plus a free find);
# * above the value is a **bust** (a failure: the right neighbour chooses the one card the explorer keeps).
#
# This is the classic **push-your-luck** ("stop ou encore") question. In this lesson we answer it exactly:
#
# 1. the odds of the next card, counted by hand, then by the library;
# 2. the value of stopping against the value of drawing;
# 3. the points-optimal policy as a table and a chart, against fixed thresholds;
# 4. a class experiment: your thresholds, simulated, with an error band;
# 5. the danger phase: the opponent's mirror problem.
#
# You need [part 1](40_horlogerie_rules.ipynb) (the rules) first. Run the cells from top to bottom. Lines starting
# with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore them.
#
# > **The model.** Every number here is exact (a fraction) under this model: the next card is equally likely to
# > be any card still in the deck. Players know the deck's composition: every Exploration card enters and
# > leaves a hand face up, so a player with perfect memory of the table knows which cards are left (nobody has
# > used a Spyglass to look at the top card in these positions). After a bust the right neighbour, an opponent,
# > chooses which card the explorer keeps: we assume they give the **lowest** one. We measure a turn by the
# > **exploration points kept** (the values of the cards brought home, which buy missions).
# >
# > **About the data.** The Exploration deck is the rulebook's (per terrain: value 1 ×6, 2 ×4, 3 ×3, 4 ×3,
# > 5 ×2). The Horlogers' exploration values (which give a team its target) and the Danger cards' wounds and
# > Tribe terrains used in section 5 are the **project's reconstruction**, shipped as editable files in
# > `ratgames_lab/horlogerie/data/` (part 3 changes them).

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a probability as a count over the cards left; expected
# value as the value of a choice (stop against draw); a policy found by working backwards (dynamic programming)
# and compared with simple rules of thumb; same mean, different risk (the spread of the points kept); a
# simulation's error band ($\pm 2$ standard errors, shrinking like $1/\sqrt{n}$); the same problem seen from the
# opponent's side. *Timing*: section 1 (10 min, exercise 1), section 2 (10 min, exercise 2), section 3 (12 min,
# exercise 3, then same mean and different risk), section 4, the class experiment (13 min: each group picks a
# threshold and edits `THRESHOLDS`, exercise 4), section 5 (5 min, exercise 5).
# *Prerequisites*: fractions, the expected value of a small table, the rules of part 1. *Discussion prompts*:
# "you stopped and the next card was a 3 — did you decide badly?" (a decision is judged by its odds, not by its
# outcome); "why does the best rule draw on a single 4 but stop on 1 + 3?"; "the optimum beats the best threshold by
# very little: when is a simple rule good enough?"; "why does the danger drawer want the explorer to have drawn
# many cards?".

# %%
SEED = 41  # every random choice in this notebook uses this seed, so it runs the same every time

import dataclasses
import math
import random
from fractions import Fraction
from pathlib import Path

import bqplot as bq

import ratgames_lab as rl
import ratgames_lab.horlogerie
from ratgames_lab.horlogerie import odds

POSITIONS = Path(ratgames_lab.horlogerie.__file__).parent / "positions"   # the game's shipped positions


def pct(p):
    """A probability as a rounded percentage, for reading (the exact value is the fraction)."""
    return f"{float(p):.1%}"


def show(p):
    """A fraction with its rounded decimal value."""
    return f"{str(p):>9} = {float(p):.3f}"


# %% [markdown]
# ## 1. The next card, counted by hand
#
# When every outcome is equally likely, a probability is a count: the outcomes where the event happens, divided by
# all the outcomes. In Python that is two lines (Peter Norvig's definition):

# %%
def P(event, space):
    """The probability of an event: the outcomes of the space where it happens, out of all (equally likely)."""
    return Fraction(len([o for o in space if event(o)]), len(space))


# %% [markdown]
# Here is the classroom's position, shipped with the game: Player 1 (a team of Porter, Porter and Artisan:
# exploration value 2 + 2 + 2 = 6) has drawn S2 and J1. The total is 3. The **space** is the list of the values
# of the cards still in the Exploration deck, one entry per card:

# %%
# NBVAL_CHECK_OUTPUT
game, state = rl.load_position(POSITIONS / "push_your_luck.json")
value_of = state.comp.exploration.value                   # the value of each Exploration card face
target = state.exploration_value()
table = [value_of[f] for f in state.exp_table]
deck = [value_of[f] for f in state.exp_deck]              # one value per card left in the deck
total = sum(table)
print("exploration value:", target, "  drawn:", table, "  total:", total)
print("cards left:", len(deck), "  of each value:", {v: deck.count(v) for v in range(1, 6)})

# %% [markdown]
# **Guess first.** Before running the next cell: if Player 1 draws, is a bust more or less likely than a perfect
# exploration? Than staying under 6?
#
# A card of value $v$ busts if $3 + v > 6$, is exact if $3 + v = 6$, and keeps the total under otherwise:

# %%
# NBVAL_CHECK_OUTPUT
bust = P(lambda v: total + v > target, deck)
exact = P(lambda v: total + v == target, deck)
under = P(lambda v: total + v < target, deck)
print("P(bust)  =", show(bust), " the 4s and 5s:", deck.count(4) + deck.count(5), "of", len(deck))
print("P(exact) =", show(exact), " the 3s:      ", deck.count(3), "of", len(deck))
print("P(under) =", show(under), " the 1s and 2s:", deck.count(1) + deck.count(2), "of", len(deck))
print("sum      =", bust + exact + under)

# %% [markdown]
# The library does the same count on the game's state (`odds.exploration_phase` reads the deck as Player 1
# knows it), and agrees:

# %%
# NBVAL_CHECK_OUTPUT
phase = odds.exploration_phase(state, player=0)
nxt = odds.next_card(phase)
print(nxt)
assert (nxt.bust, nxt.exact, nxt.under) == (bust, exact, under)

# %% [markdown]
# **Exercise 1 (guess first).** Player 1 draws once more and gets a 1 (R1): the total is 4. Guess: is the chance
# of busting on the card after that more or less than 1/2? Then compute it with `P`: remove one 1 from `deck`,
# and count the cards that would take the total above 6.

# %% tags=["solution"]
deck_after_1 = list(deck)
deck_after_1.remove(1)
p_ex1 = P(lambda v: 4 + v > target, deck_after_1)
print("P(bust at total 4) =", show(p_ex1), "  cards 3, 4 and 5 left:", sum(v >= 3 for v in deck_after_1),
      "of", len(deck_after_1))

# %% [markdown] tags=["solution"]
# **Answer.** 24/51 = 8/17, about 47%: a little less than a half. Any 3, 4 or 5 busts (9 + 9 + 6 = 24 cards of
# the 51 left). Drawing one 1 barely changes the deck, but it moves the total, which moves the line between
# "safe" and "bust" cards from 3 to 2.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("41-ex1", answer)


# %% [markdown]
# ## 2. The value of stopping
#
# A probability alone does not decide. Compare what each choice is **worth on average** (its **expected
# value**), counted in exploration points kept:
#
# * **stop now**: keep S2 and J1, that is 3 points, for sure;
# * **draw one more card, then stop**: each card left is equally likely. A 1 or a 2 gives 4 or 5 points, and a
#   3 gives a perfect 6. A 4 or a 5 busts: the neighbour then leaves Player 1 only the lowest card, the 1.
#
# An expected value over equally likely outcomes is their average, another two lines:

# %%
def E(value, space):
    """The expected value: the average of value(outcome) over the (equally likely) outcomes of the space."""
    return Fraction(sum(value(o) for o in space), len(space))


def points_after(v, total=total, drawn=table):
    """Points kept if the next card is worth v and the explorer then stops (the lowest card after a bust)."""
    return total + v if total + v <= target else min(drawn + [v])


# %%
# NBVAL_CHECK_OUTPUT
stop_value = total
draw_value = E(points_after, deck)
print("stop now:              ", show(Fraction(stop_value)))
print("draw once, then stop:  ", show(draw_value))

# %% [markdown]
# Drawing is worth about 0.69 points more on average, even though it busts 29% of the time. `odds.stop_or_draw`
# gives the value of stopping, and the value of drawing once more and **then playing on as well as possible**.
# Here, playing on well means stopping after one card, so the two agree:

# %%
# NBVAL_CHECK_OUTPUT
advice = odds.stop_or_draw(phase, odds.POINTS)
print(advice)
assert advice.stop == stop_value and advice.draw == draw_value

# %% [markdown]
# **Exercise 2 (guess first).** At total 4 (S2, J1, then R1, as in exercise 1), should Player 1 stop or draw once
# more? Guess, then compute both values with `E` and `points_after` on the 51 cards left.

# %% tags=["solution"]
drawn_4 = table + [1]
draw_4 = E(lambda v: points_after(v, total=4, drawn=drawn_4), deck_after_1)
print("stop at 4:            ", show(Fraction(4)))
print("draw once, then stop: ", show(draw_4))
later = dataclasses.replace(phase, deck=(phase.deck[0] - 1,) + phase.deck[1:], total=4, cards=3)
print("library:", odds.stop_or_draw(later, odds.POINTS))

# %% [markdown] tags=["solution"]
# **Answer.** Stop. Stopping keeps 4 points; drawing is worth 170/51 = 10/3, about 3.33 points: 16 ones give 5,
# 11 twos give a perfect 6, and the 24 cards that bust leave 1 point. The bust chance went up only from 29% to
# 47%, but what a bust costs went up too (4 points lost instead of 3), and a good card gains less.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (stop or draw, what drawing is worth), e.g. ("draw", Fraction(7, 2)).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("41-ex2", answer)

# %% [markdown]
# ## 3. The points-optimal policy, and fixed thresholds
#
# Working this way **backwards** from every possible end (the dynamic programme of `odds.solve`) gives the
# **optimal policy**: at every total, with the cards that are left, draw if drawing is worth more than stopping.
#
# **Optimal for what?** Here "optimal" means: the most exploration points kept, on average. That is all it
# counts. It leaves out two things the game also pays for: the **free find** of a perfect draw, and the **danger
# value** (what the cards drawn mean for the neighbour's Danger phase). So it is the *points-optimal* policy. A
# player who also counts the free find may choose differently near the value.
#
# Start a fresh exploration with the full deck of 54 cards and a team of value 6. `odds.decision_table` says,
# for each total, how likely the exploration is to reach it and draw, or reach it and stop:

# %%
# NBVAL_CHECK_OUTPUT
FULL = (18, 12, 9, 9, 6)                     # the 54 Exploration cards: 18 ones, 12 twos, 9 threes, ...
fresh = dataclasses.replace(phase, deck=FULL, total=0, cards=0, low=0, target=6)
policy = odds.decision_table(fresh, odds.POINTS)
print("total   P(reach it and draw)   P(reach it and stop)")
for t, (draws, stops) in policy.items():
    print(f"{t:5}   {pct(draws):>20}   {pct(stops):>20}")

# %% [markdown]
# Read it: with a total of 1, 2 or 3 the points-optimal explorer always draws; at 5 always stops. At 4 it depends on
# **how** the 4 was made. After 1 + 3, 2 + 2 or 1 + 1 + 2 it stops: a bust would leave only a 1 or a 2. After a
# single 4 (probability 9/54 = 16.7%, the "draw" part of the bar) it draws: a bust still keeps a card worth 3 or 4,
# so busting costs almost nothing. The rule of the game (the lowest card is kept) shapes the policy.

# %%
# NBVAL_IGNORE_OUTPUT
totals = [str(t) for t in policy]
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.6)
bars = bq.Bars(x=totals, y=[[float(d) for d, _ in policy.values()], [float(s) for _, s in policy.values()]],
               scales={"x": x, "y": y}, type="stacked", colors=["#2f6fd6", "#e8912d"],
               labels=["reach this total and draw", "reach this total and stop"], display_legend=True)
bq.Figure(marks=[bars], title="The points-optimal explorer (value 6, full deck): draw or stop at each total",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="total drawn so far"),
                bq.Axis(scale=y, orientation="vertical", label="probability", tick_format=".0%")])

# %% [markdown]
# A **threshold** rule is simpler: "draw while the total is below the value minus $k$". With $k = 0$ you draw
# until a perfect draw or a bust; with $k = 2$ you stop at 4 or more. `odds.compare_thresholds` computes each rule
# exactly, with its expected points kept, its chance of a perfect draw and its chance of a bust:

# %%
# NBVAL_CHECK_OUTPUT
compared = odds.compare_thresholds(fresh, odds.POINTS)
print("policy       E[points]   P(perfect)   P(bust)")
for name, sol in compared.items():
    label = name if name == "optimal" else f"k = {name}"
    print(f"{label:9}  {float(sol.stats.points):10.3f}   {pct(sol.stats.perfect):>9}   {pct(sol.stats.bust):>7}")

# %%
# NBVAL_IGNORE_OUTPUT
names = [n if n == "optimal" else f"k = {n}" for n in compared]
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=5)
bars = bq.Bars(x=names, y=[float(s.stats.points) for s in compared.values()], scales={"x": x, "y": y},
               colors=["#2f6fd6"], labels=["expected exploration points kept (exact)"], display_legend=True)
bq.Figure(marks=[bars], title="Value 6: the points-optimal policy against 'draw while total < 6 - k'",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="policy"),
                bq.Axis(scale=y, orientation="vertical", label="expected points kept")])

# %% [markdown]
# The points optimum keeps 4.413 points on average; the best threshold, $k = 2$, keeps 4.309. Drawing to the end
# ($k = 0$) chases the perfect draw and busts 61% of the time; stopping at once ($k = 5$) keeps a single card.
#
# **Exercise 3 (guess first).** A team of Scouts explores for 9. Which threshold $k$ do you think is best now, and
# how close does it come to the optimum? Guess, then use `odds.compare_thresholds` on a fresh phase with target 9.

# %% tags=["solution"]
nine = odds.compare_thresholds(dataclasses.replace(fresh, target=9), odds.POINTS)
for name, sol in nine.items():
    print(f"{str(name):8} E[points] {float(sol.stats.points):.3f}  P(bust) {pct(sol.stats.bust)}")

# %% [markdown] tags=["solution"]
# **Answer.** $k = 3$ (stop at 6 or more): 6.796 points against 6.821 for the optimum, a difference of 0.025
# points per exploration. With a bigger target the explorer can afford to stop further away from it: the
# best margin grows with the value, because the cards drawn before stopping are worth more.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the best threshold k.
from ratgames_lab.lessons import check

answer = ...
check("41-ex3", answer)

# %% [markdown]
# Across the teams' values (from a fresh deck; "stops at" is the smallest total where the optimal policy ever
# stops, and "best k" is the best threshold rule):

# %%
# NBVAL_CHECK_OUTPUT
print("value  stops at   E[points] optimal   best k  E[points] best k")
for value in range(4, 13):
    ph = dataclasses.replace(fresh, target=value)
    first_stop = min(t for t, (_, s) in odds.decision_table(ph, odds.POINTS).items() if s > 0)
    table_k = odds.compare_thresholds(ph, odds.POINTS)
    best_k = max((k for k in table_k if k != "optimal"), key=lambda k: table_k[k].stats.points)
    print(f"{value:5}  {first_stop:8}   {float(table_k['optimal'].stats.points):17.3f}   {best_k:6}"
          f"  {float(table_k[best_k].stats.points):16.3f}")


# %% [markdown]
# Small teams stop one or two points below their value, big teams three below, and the best threshold grows from
# $k = 1$ to $k = 3$: the more points already on the table, the more a bust costs.

# %% [markdown]
# ### Same average, different risk
#
# **Guess first.** With a team of value 6, the rules $k = 1$ (stop at 5 or more) and $k = 2$ (stop at 4 or more)
# keep almost the same points on average (4.287 and 4.309). Are they equally safe for an explorer who fears going
# home with almost nothing?
#
# An average hides the **spread**. Walking every way the deck can come, as `odds.decision_table` does, but
# recording the points kept at the end, gives each rule's whole law: its mean, its standard deviation, and the
# chance of a poor expedition (2 points or fewer).

# %%
# NBVAL_CHECK_OUTPUT
def points_law(ph, threshold=None):
    """Exact law of the points kept {points: probability}, following the policy (optimal, or the threshold)."""
    law = {}

    def walk(ph, p):
        if ph.cards and not odds.solve(ph, odds.POINTS, threshold).draw:   # the policy stops: keep the total
            law[ph.total] = law.get(ph.total, 0) + p
            return
        n = sum(ph.deck)
        for k, c in enumerate(ph.deck):
            if c:
                v, q = ph.values[k], p * Fraction(c, n)
                t, low = ph.total + v, v if not ph.low else min(ph.low, v)
                if t >= ph.target:                                         # perfect: keep t; bust: the lowest card
                    kept = t if t == ph.target else low
                    law[kept] = law.get(kept, 0) + q
                else:
                    walk(dataclasses.replace(ph, deck=ph.deck[:k] + (c - 1,) + ph.deck[k + 1:], total=t,
                                             cards=ph.cards + 1, low=low), q)

    walk(ph, Fraction(1))
    return law


print("policy    mean    sd     P(2 points or fewer)")
for name, k in (("k = 1", 1), ("k = 2", 2), ("optimal", None)):
    law = points_law(fresh, k)
    mean = sum(v * p for v, p in law.items())
    sd = math.sqrt(sum((v - mean) ** 2 * p for v, p in law.items()))
    print(f"{name:8} {float(mean):5.3f}  {sd:5.2f}   {pct(sum(p for v, p in law.items() if v <= 2)):>8}")

# %% [markdown]
# Same mean, different risk: with $k = 1$ the explorer goes home with 2 points or fewer 20.2% of the time, with
# $k = 2$ only 9.1%, and the standard deviation falls from 1.73 to 1.24. An explorer who fears a poor turn (say,
# one card short of a mission) prefers $k = 2$ even at equal means. The optimum keeps the most on average with a
# spread close to $k = 2$'s: it differs from $k = 2$ only by drawing on a single 4, where a bust still keeps a 4.

# %% [markdown]
# ## 4. Class experiment: your thresholds, simulated
#
# Each group chooses a threshold $k$ and writes it in `THRESHOLDS`. The computer plays `TRIALS` explorations
# with each rule: shuffle the 54 cards, draw until the rule says stop (or a perfect draw, or a bust), and count
# the points kept. The simulation knows nothing of `odds.py`: if it agrees with the exact values, both are right.

# %%
THRESHOLDS = [0, 1, 2, 3]        # edit: one threshold per group
TRIALS = 2000
FULL_DECK = [v for v, n in zip(range(1, 6), FULL) for _ in range(n)]


def explore_once(rng, k, target=6):
    """One exploration from a shuffled full deck with the rule 'draw while total < target - k'."""
    cards = list(FULL_DECK)
    rng.shuffle(cards)
    drawn = [cards.pop()]                              # the first card is always drawn
    while sum(drawn) < target - k:
        drawn.append(cards.pop())
    return sum(drawn) if sum(drawn) <= target else min(drawn)   # a bust keeps the lowest card


# %%
# NBVAL_CHECK_OUTPUT
rng = random.Random(SEED)
results = {k: [explore_once(rng, k) for _ in range(TRIALS)] for k in THRESHOLDS}
print(f"{TRIALS} explorations per rule (value 6)")
print(" k   simulated mean ± 2 SE    exact    inside the band?")
for k, pts in results.items():
    mean = sum(pts) / TRIALS
    se = math.sqrt(sum((p - mean) ** 2 for p in pts) / (TRIALS - 1) / TRIALS)
    exact_k = float(compared[k].stats.points)
    print(f"{k:2}   {mean:8.3f} ± {2 * se:.3f}       {exact_k:6.3f}   {abs(mean - exact_k) <= 2 * se}")

# %% [markdown]
# The **standard error** (SE) of a mean over $n$ trials is the spread of one trial divided by $\sqrt{n}$. About
# 95% of the time a simulation lands within 2 SE of the true value, so with four groups one of them will now and
# then see its exact value fall just outside its band: that is what "95%" means.
#
# The band shrinks as the trials add up. Follow the bust frequency of the first group's rule as the trials come in,
# with the exact probability and the band $p \pm 2\sqrt{p(1-p)/n}$:

# %%
# NBVAL_CHECK_OUTPUT
k0 = THRESHOLDS[0]
p_bust = compared[k0].stats.bust
busts = [explore_once(random.Random(SEED + i), k0) < 6 - k0 for i in range(TRIALS)]  # True after a bust
running = [sum(busts[: n + 1]) / (n + 1) for n in range(TRIALS)]
band = [2 * math.sqrt(float(p_bust) * (1 - float(p_bust)) / n) for n in range(1, TRIALS + 1)]
for n in (10, 100, 1000, TRIALS):
    print(f"after {n:4} trials: frequency {running[n - 1]:.3f}, exact {float(p_bust):.3f} ± {band[n - 1]:.3f}")

# %%
# NBVAL_IGNORE_OUTPUT
ns = list(range(1, TRIALS + 1))
x, y = bq.LogScale(), bq.LinearScale(min=0, max=1)
lines = bq.Lines(x=ns, y=[running, [float(p_bust) + b for b in band], [float(p_bust) - b for b in band],
                          [float(p_bust)] * TRIALS],
                 scales={"x": x, "y": y}, colors=["#2f6fd6", "#999999", "#999999", "#d62f2f"],
                 labels=["simulated bust frequency", "exact + 2 SE", "exact - 2 SE", "exact P(bust)"],
                 display_legend=True)
bq.Figure(marks=[lines], title=f"Rule k = {k0}: the bust frequency converges to the exact value",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="number of simulated explorations (log scale)"),
                bq.Axis(scale=y, orientation="vertical", label="frequency of a bust", tick_format=".0%")])

# %% [markdown]
# (Why `< 6 - k` means a bust: a rule that stops has a total of at least $6 - k$; after a bust the card kept is
# at most the first card, drawn while the total was still below $6 - k$.)
#
# **Exercise 4.** The band after 2000 trials is about ±0.022 for the bust frequency. How many trials would make it
# half as wide? Guess, then compute it from the formula.

# %% tags=["solution"]
n_half = 4 * TRIALS
print("trials:", n_half, "  band:", round(2 * math.sqrt(float(p_bust) * (1 - float(p_bust)) / n_half), 4))

# %% [markdown] tags=["solution"]
# **Answer.** Four times as many, 8000: the band is proportional to $1/\sqrt{n}$, so halving it multiplies $n$ by
# 4. Each extra digit of precision costs a hundred times more trials, which is why we compute exactly when we can.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a number of trials.
from ratgames_lab.lessons import check

answer = ...
check("41-ex4", answer)

# %% [markdown]
# ## 5. The danger phase: the opponent's mirror problem
#
# After a successful exploration, the explorer's **left neighbour** draws Danger cards against the **danger
# value**, the sum of the explored cards, with the same rule: under, they stop or draw; exactly, a perfect danger
# (they take a find); over, a bust (nothing happens). If they stop without busting, every Danger card that shares a
# terrain with an explored card wounds the explorer's Horlogers. The danger drawer pushes their luck too, and
# wants **wounds**. (The wounds on Danger cards and the Tribes' terrains are the project's reconstruction.)
#
# The shipped position `danger_decision`: Player 1 explored S2 R3 (danger value 5); Player 2 has drawn S1 (a
# Swamp creature: 1 wound, since S2 is a Swamp). The danger deck's cards are grouped by level and by the wounds
# each would inflict on these explored terrains:

# %%
# NBVAL_CHECK_OUTPUT
game_d, state_d = rl.load_position(POSITIONS / "danger_decision.json")
drawer = state_d.current_player
danger = odds.danger_phase(state_d, player=drawer)
print("explorer: Player", state_d.turn_player + 1, "  drawer: Player", drawer + 1, "  danger value:", danger.target,
      "  total:", danger.total)
print("cards left, as level/wounds:", dict(zip(danger.labels, danger.deck)))
print("wounds if Player 2 stops now:", danger.hurt)
advice_d = odds.stop_or_draw(danger, odds.WOUNDS)
print("expected wounds: stop", advice_d.stop, "  draw (then play well)", show(advice_d.draw), " ->", advice_d.best)
print("odds.expected_wounds (the drawer plays to wound):", odds.expected_wounds(state_d, drawer))

# %% [markdown]
# Drawing is the drawer's better choice: a bust (only a level-5 Tribe does it at total 1) costs them 1 sure wound,
# but most cards add wounds. Exactly the explorer's problem, with wounds instead of points: `odds.expected_wounds`
# is what the explorer can expect to suffer if the neighbour plays this way.
#
# **Exercise 5 (guess first).** Count it by hand with `P`: what is the chance that Player 2's next Danger card
# busts (a level above 5 − 1 = 4)? Build the space from `state_d.dan_deck` and `state_d.comp.danger.level`.

# %% tags=["solution"]
levels = [state_d.comp.danger.level[f] for f in state_d.dan_deck]
p_ex5 = P(lambda lv: danger.total + lv > danger.target, levels)
print("P(the next Danger card busts) =", show(p_ex5), "  library:", odds.next_card(danger).bust)

# %% [markdown] tags=["solution"]
# **Answer.** 6/53, about 11%: only the six level-5 Twisted Tribes bust, out of the 53 cards left (54 minus the
# S1 on the table).

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("41-ex5", answer)

# %% [markdown]
# ## What we learned
#
# * The odds of the next card are a count over the cards left: the same two lines as any equally likely space.
# * A decision compares **expected values**, not probabilities: a 29% bust chance was worth taking at total 3,
#   a 47% one was not at total 4.
# * Working backwards gives the points-optimal policy (points only: no free find, no danger value); a simple
#   threshold ("stop at the value minus 2 or 3") comes within a few hundredths of a point of it.
# * A simulation agrees with the exact values within its ±2 SE band, and the band shrinks like $1/\sqrt{n}$.
# * The left neighbour faces the same problem with wounds: push-your-luck on both sides of the table.
#
# Next: [part 3](42_horlogerie_what_if.ipynb) changes the deck and the team and watches the policy move.
