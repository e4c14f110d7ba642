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
# # Catan, part 5: the barbarians — when the ship arrives, and who wins the attack
#
# In the combined variant, the event die moves **the barbarian ship** toward Catan. When it lands, the barbarians
# attack, and only the active **knights** defend. In this lesson:
#
# 1. the barbarian ship's arrival time, a **negative binomial**: its law, mean and variance, "within $k$ rolls",
#    and the chance of an attack before your next turn;
# 2. a simulation that checks three exact results within its ±2 standard-error band;
# 3. the attack: the barbarians' strength against the knights' defence, when we are not sure which knights will
#    be active, and what the turn order changes.
#
# You need [part 4](53_catan_variant_dice.ipynb) (the event die) first. Run the cells from top to bottom. Lines
# starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore them.
#
# > **The model.** Each roll is three fair dice, independent of every other roll. The event die shows one of
# > **3 barbarian-ship faces** with chance 1/2, on any player's roll (with 4 players a round is 4 rolls). **The
# > barbarian ship** has 7 steps, one per ship face, and attacks on its 7th step. **The attack**: the barbarians'
# > strength is the number of cities on the board (a city carrying a metropolis counts once). Catan's defence is
# > the sum of the levels of the active knights. The barbarians win only when strictly stronger (ties go to
# > Catan). A player activates a knight (1 grain) only on their own turn. Section 3 models the players' choices
# > as coins (each inactive knight activated with a stated chance on its owner's turn): that is an assumption
# > about the players, not a rule. Nothing here is hidden: dice, the ship's track, the turn order and the knights
# > are public, so every player can compute these numbers.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: the negative binomial as a waiting time (a sum of
# geometric waits: means and variances add); mean, median and mode of a skewed law; "within $k$ rolls" as a
# binomial count; a simulation's ±2 SE band; a law of a sum of independent, unequal variables (the defence); the
# law of total probability over the roll that brings the attack; how a conclusion depends on the model, and on
# public facts the model must use (the turn order). *Timing*: introduction (3 min), section 1 (20 min,
# exercises 1 and 2), section 2 (7 min), section 3 (17 min, exercise 3), wrap-up (3 min). *Prerequisites*:
# part 4 (53, the event die), powers of 1/2, binomial coefficients. *Discussion prompts*: "the mean wait is 14
# rolls but the most likely rolls are 12 and 13: how can both be true?"; "the chance the barbarians win depends
# on a guess about the others: what would make the guess better?"; "an earlier model forgot that a knight is
# activated only on its owner's turn: how did the engine catch it?".

# %%
SEED = 53  # every random choice in this notebook uses this seed, so it runs the same every time

import math
import random
from fractions import Fraction
from itertools import product

import bqplot as bq

import ratgames_lab as rl
from ratgames_lab.catan import variant_odds as vo
from ratgames_lab.catan.actions import Roll
from ratgames_lab.catan.progress_cards import COLOURS, COMMODITIES
from ratgames_lab.core.protocol import CHANCE

TRACKS = ("trade", "politics", "science")


def pct(p):
    """A probability as a rounded percentage, for reading (the exact value is the fraction)."""
    return f"{float(p):.1%}"


def show(p):
    """A fraction with its rounded decimal value."""
    return f"{str(p):>11} = {float(p):.4f}"


def P(event, space):
    """The probability of an event: the outcomes of the space where it happens, out of all (equally likely)."""
    return Fraction(len([o for o in space if event(o)]), len(space))


EVENT_DIE = ["ship", "ship", "ship", "trade", "politics", "science"]   # the event die's faces (part 4)


def draws(level, red):
    """The draw rule of part 4: at this level in the gate's colour, a card when the red die is at most level + 1."""
    return level >= 1 and red <= level + 1


levels = {"trade": 2, "politics": 1, "science": 0}   # part 4's player: a card with chance 5/36 per roll


# %% [markdown]
# ## 1. When does the barbarian ship arrive?
#
# The ship starts 7 steps from Catan and moves one step on each ship face, on **any** player's roll; it attacks
# on its 7th step. Each roll is a ship face with chance $p = 1/2$, independently. With $s$ steps left, call $T$ the
# number of the roll on which the attack comes. $T = t$ exactly when roll $t$ shows the ship **and** exactly
# $s - 1$ of the $t - 1$ rolls before it do, so
# $$P(T = t) = \binom{t - 1}{s - 1} p^{s} (1 - p)^{t - s} = \binom{t - 1}{s - 1} \frac{1}{2^t}
# \qquad (t \ge s).$$
# That is the **negative binomial** law: the waiting time for the $s$-th success. First, the formula against a
# plain count: all $2^{10}$ ship / no-ship sequences of 10 rolls, for $s = 3$ steps left.

# %%
# NBVAL_CHECK_OUTPUT
def arrival(s, t):
    """P(the attack comes on roll t exactly) with s steps left: the negative binomial formula, p = 1/2."""
    return Fraction(math.comb(t - 1, s - 1), 2 ** t) if t >= s else Fraction(0)


SEQUENCES = list(product((True, False), repeat=10))  # True: a ship face; 1024 equally likely sequences
for t in range(1, 11):
    counted = P(lambda seq: seq[t - 1] and sum(seq[: t - 1]) == 2, SEQUENCES)
    assert counted == arrival(3, t) == vo.arrival_pmf(3, t)
print("s = 3:", {t: str(arrival(3, t)) for t in range(1, 11)})

# %% [markdown]
# From the start ($s = 7$), the law of $T$:

# %%
# NBVAL_IGNORE_OUTPUT
ts = list(range(7, 36))
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.12)
bars = bq.Bars(x=[str(t) for t in ts], y=[float(arrival(7, t)) for t in ts], scales={"x": x, "y": y},
               colors=["#555555"], labels=["P(attack on roll t), 7 steps left (exact)"], display_legend=True)
bq.Figure(marks=[bars], title="The barbarian ship's arrival: a negative binomial (7 steps, p = 1/2)",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="t, the roll of the attack (any player's roll)"),
                bq.Axis(scale=y, orientation="vertical", label="probability", tick_format=".0%")])

# %% [markdown]
# **Mean and variance.** The wait for $s$ ship faces is $s$ waits for one ship face, one after the other, each
# independent of the others. One wait is **geometric**: mean $1/p = 2$ rolls and variance $(1 - p)/p^2 = 2$.
# Means add, and variances of independent parts add, so $E[T] = 2s$ and $\mathrm{Var}(T) = 2s$. The partial sums
# of the law agree:

# %%
# NBVAL_CHECK_OUTPUT
law7 = {t: arrival(7, t) for t in range(7, 301)}  # the rest, beyond roll 300, has a chance below 1e-60
mean7 = sum(t * p for t, p in law7.items())
var7 = sum((t - 14) ** 2 * p for t, p in law7.items())
print(f"sum of P: {float(sum(law7.values())):.12f}   mean: {float(mean7):.9f}   variance: {float(var7):.9f}")
print("library: mean", vo.arrival_mean(7), " variance", vo.arrival_variance(7),
      f" standard deviation {math.sqrt(vo.arrival_variance(7)):.2f} rolls")
mode = max(law7.values())
print("most likely rolls:", [t for t, p in law7.items() if p == mode], "each with", mode, f"({pct(mode)})")


# %% [markdown]
# From the start the attack comes on average after 14 rolls (3.5 rounds with 4 players), give or take 3.74
# rolls. The two most likely rolls are 12 and 13, before the mean. The law has a long right tail: a run of gates
# can hold the ship back for a long time, but it can never come before roll 7.
#
# **Within $k$ rolls**: the attack comes within $k$ rolls exactly when at least $s$ of those $k$ rolls show the
# ship, a binomial count:
# $$P(T \le k) = \sum_{j = s}^{k} \binom{k}{j} \frac{1}{2^k}.$$

# %%
# NBVAL_CHECK_OUTPUT
def within(s, k):
    """P(the attack comes within k rolls) with s steps left: at least s ship faces among k rolls."""
    return sum((Fraction(math.comb(k, j), 2 ** k) for j in range(s, k + 1)), Fraction(0))


print("rounds (4 players)  rolls  P(attack within them), 7 steps left")
for rounds in range(2, 7):
    k = 4 * rounds
    assert within(7, k) == vo.arrival_within(7, k) == sum(arrival(7, t) for t in range(7, k + 1))
    print(f"{rounds:18}  {k:5}  {show(within(7, k))}")

# %% [markdown]
# **Exercise 1 (guess first).** From the start (7 steps left), what is the smallest number of rolls $k$ for which
# the attack within $k$ rolls is at least as likely as not? Guess, then compute it with `within`. The chance you
# find there is a simple fraction: can you explain why?

# %% tags=["solution"]
k_median = next(k for k in range(7, 100) if within(7, k) >= Fraction(1, 2))
print("smallest k:", k_median, "  P(within k) =", within(7, k_median), "  P(within k - 1) =",
      show(within(7, k_median - 1)))

# %% [markdown] tags=["solution"]
# **Answer.** 13 rolls, with a chance of exactly 1/2 (12 rolls give 793/2048, about 39%). Among 13 rolls, "at
# least 7 ships" and "at least 7 gates" are mirror images (each face type has chance 1/2), they cannot both
# happen, and one of them always does: each has chance 1/2. The median, 13, is below the mean, 14: the long
# right tail again.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a whole number of rolls.
from ratgames_lab.lessons import check

answer = ...
check("54-ex1", answer)

# %% [markdown]
# **An attack before your next turn.** With $n$ players and $s$ steps left, you are about to roll. Before your
# next roll come $n$ rolls (yours, then the $n - 1$ others'). The attack comes among them exactly when at least
# $s$ of them show the ship:

# %%
# NBVAL_CHECK_OUTPUT
print("steps left   3 players   4 players")
for s in range(1, 8):
    assert all(within(s, n) == vo.attack_before_next_turn(s, n) for n in (3, 4))
    print(f"{s:10}   {str(within(s, 3)):>9}   {str(within(s, 4)):>9}")

# %% [markdown]
# With 5 or more steps left, no attack can come before your next turn with 4 players; with 1 step left it
# almost surely does (15/16). Those are the turns to decide whether to activate knights (1 grain each).
#
# **Exercise 2 (guess first).** Four players. You **have just rolled**, the ship is now 2 steps from Catan, and
# you must decide whether to activate a knight this turn. What is the chance that the attack comes before your
# next turn, that is, during the other three players' rolls? And with 1 step left? Guess, then compute.

# %% tags=["solution"]
for s in (2, 1):
    print(f"{s} step(s) left, the others' 3 rolls: P(attack) = {show(within(s, 3))}")

# %% [markdown] tags=["solution"]
# **Answer.** With 2 steps left: at least 2 ships in 3 rolls, $(3 + 1)/8 = 1/2$. With 1 step left: $1 - 1/8 =
# 7/8$. It is the 3-player column of the table: the moment you decide, only the others' rolls remain.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (2 steps left, 1 step left), e.g. (Fraction(1, 3), Fraction(2, 3)).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("54-ex2", answer)

# %% [markdown]
# ## 2. Simulated: two exact results checked
#
# A simulation does not use the formulas: it rolls dice. Below, a seeded generator rolls the event die until 7
# ship faces have shown, 4000 times over, and rolls the red die and the event die 20000 times for the player with
# trade 2, politics 1 and science 0. We compare three exact results with the simulation: the mean wait 14, the
# median's chance $P(T \le 13) = 1/2$, and the chance of a card per roll, 5/36. The **standard error** of an
# average of $n$ independent draws is $\sqrt{\mathrm{Var}/n}$ (for a frequency, $\sqrt{p(1 - p)/n}$); about 95%
# of the time the estimate lies within 2 standard errors of the exact value.

# %%
# NBVAL_CHECK_OUTPUT
rng = random.Random(SEED)
CROSSINGS, ROLLS = 4000, 20000


def rolls_until_attack(rng, steps=7):
    """Roll the event die until the ship has moved `steps` times; return the number of rolls."""
    rolls = moved = 0
    while moved < steps:
        rolls += 1
        moved += rng.choice(EVENT_DIE) == "ship"
    return rolls


waits = [rolls_until_attack(rng) for _ in range(CROSSINGS)]
got = sum(face != "ship" and draws(levels[face], red)
          for red, face in ((rng.randint(1, 6), rng.choice(EVENT_DIE)) for _ in range(ROLLS)))
checks = [("mean wait from the start", sum(waits) / CROSSINGS, 14, math.sqrt(14 / CROSSINGS)),
          ("P(attack within 13 rolls)", sum(w <= 13 for w in waits) / CROSSINGS, 1 / 2, math.sqrt(1 / 4 / CROSSINGS)),
          ("P(a card on one roll)", got / ROLLS, 5 / 36, math.sqrt(5 / 36 * 31 / 36 / ROLLS))]
for name, estimate, exact, se in checks:
    print(f"{name:26} simulated {estimate:.4f}, exact {exact:.4f} ± {2 * se:.4f} (2 SE)"
          f"  inside the band: {abs(estimate - exact) <= 2 * se}")

# %%
# NBVAL_IGNORE_OUTPUT
seen = [sum(w == t for w in waits) / CROSSINGS for t in ts]
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.12)
bars = bq.Bars(x=[str(t) for t in ts], y=[float(arrival(7, t)) for t in ts], scales={"x": x, "y": y},
               colors=["#bbbbbb"], labels=["exact P(attack on roll t)"], display_legend=True)
dots = bq.Scatter(x=[str(t) for t in ts], y=seen, scales={"x": x, "y": y}, colors=["#c0392b"],
                  labels=[f"simulated frequency ({CROSSINGS} crossings)"], display_legend=True)
bq.Figure(marks=[bars, dots], title="The barbarian ship's arrival from the start: exact and simulated",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="t, the roll of the attack"),
                bq.Axis(scale=y, orientation="vertical", label="probability or frequency", tick_format=".0%")])

# %% [markdown]
# ## 3. The attack: who is stronger?
#
# When the ship lands, the barbarians' **strength** is the number of cities on the board, all players together;
# a city carrying a metropolis is a city, counted **once** (not as two). Catan's **defence** is the sum of the
# levels of the **active** knights (basic 1, strong 2, mighty 3); inactive knights do not fight. The barbarians
# win only if strictly stronger: a tie goes to Catan. If they win, the players who defended least each lose a
# city (a city with a metropolis is safe); if Catan wins, the single best defender earns a Defender card (1 VP;
# a tie for best gives none). Then every knight is deactivated and the ship starts again.
#
# A position late in a 4-player game (you are Player 1), the ship 1 step away:

# %%
# NBVAL_CHECK_OUTPUT
cities = {"Player 1": ["city", "city (science metropolis)", "city"], "Player 2": ["city", "city"],
          "Player 3": ["city", "city"], "Player 4": ["city"]}
# each knight: (owner, level, active now?)
knights = [("Player 1", 2, True), ("Player 1", 1, False), ("Player 2", 3, True), ("Player 2", 1, False),
           ("Player 3", 2, False), ("Player 3", 1, True), ("Player 4", 1, False)]
strength = sum(len(c) for c in cities.values())
metropolises = sum("metropolis" in city for c in cities.values() for city in c)
active_now = [level for _, level, active in knights if active]
print("barbarians' strength:", strength, " (library:", vo.barbarian_strength(strength - metropolises, metropolises),
      "= plain cities + metropolis cities)")
print("defence if nobody changes anything:", sum(active_now), "=", " + ".join(map(str, active_now)),
      " -> barbarians win:", strength > sum(active_now))

# %% [markdown]
# As things stand, the barbarians (8) beat the defence (6). The others may activate knights (1 grain each). But
# a player can activate a knight **only on their own turn**, and the turn order is public. You have just played;
# the next rolls are Player 2's, Player 3's, Player 4's, then yours. Each roll brings the ship (and the attack)
# with chance 1/2:
#
# * on Player 2's roll (chance 1/2): nobody else has had a turn;
# * on Player 3's roll (1/4): only Player 2 has had a turn;
# * on Player 4's roll (1/8): Players 2 and 3 have had a turn;
# * on your roll or later (1/8): all three have had a turn.
#
# **The model, a guess.** On their turn, each other player activates each inactive knight with chance 1/2,
# independently. You keep yours inactive ("wait"). Which knights are active then depends on **when** the attack
# comes. For each case, the defence is a **sum of independent variables** (a knight adds its level or 0). The law
# of total probability adds the cases:

# %%
# NBVAL_CHECK_OUTPUT
NEXT_ROLLS = ["Player 2", "Player 3", "Player 4", "you (or later)"]
WHEN = [Fraction(1, 2), Fraction(1, 4), Fraction(1, 8), Fraction(1, 8)]  # P(the attack comes on that roll)


def knight_chances(p_others, mine, had_turn):
    """(level, P(active at the attack)) per knight: active ones 1, yours `mine`, the others' inactive ones p
    if their owner had a turn before the attack, else 0."""
    return [(level, Fraction(1) if active else mine if owner == "Player 1"
             else p_others if owner in had_turn else Fraction(0))
            for owner, level, active in knights]


def defence_law(chances):
    """{defence: P}, counted over every active / inactive case of the knights (independent)."""
    law = {}
    for case in product((True, False), repeat=len(chances)):
        weight = math.prod(p if on else 1 - p for (_, p), on in zip(chances, case))
        if weight:
            d = sum(level for (level, _), on in zip(chances, case) if on)
            law[d] = law.get(d, Fraction(0)) + weight
    return dict(sorted(law.items()))


def barbarians_win(p_others, mine):
    """P(barbarians win): over the roll that brings the attack, the knights of the players who had a turn."""
    total = Fraction(0)
    for k, p_when in enumerate(WHEN):
        chances = knight_chances(p_others, mine, had_turn=NEXT_ROLLS[:k])
        p_lose = sum(p for d, p in defence_law(chances).items() if d < strength)
        assert p_lose == vo.barbarians_win_probability(strength, chances)
        total += p_when * p_lose
    return total


print("attack on the roll of   P(that roll)   P(barbarians win then)")
for k, p_when in enumerate(WHEN):
    law = defence_law(knight_chances(Fraction(1, 2), Fraction(0), NEXT_ROLLS[:k]))
    print(f"{NEXT_ROLLS[k]:22} {str(p_when):>13}   {str(sum(p for d, p in law.items() if d < strength)):>10}")
p_lose = barbarians_win(Fraction(1, 2), Fraction(0))
print("P(barbarians win) =", show(p_lose))


# %% [markdown]
# The barbarians win 55 times in 64. Half of the time the attack comes on Player 2's roll, before anybody can
# act. (A quicker model lets every knight be active with chance 1/2, whatever the timing. It finds 3/8, far too
# low, because it ignores the turn order.)

# %%
# NBVAL_IGNORE_OUTPUT
def by_roll(mine):
    """P(the attack comes on each roll and the barbarians win), for the chart."""
    return [float(p_when * sum(p for d, p in defence_law(knight_chances(Fraction(1, 2), mine, NEXT_ROLLS[:k])).items()
                               if d < strength)) for k, p_when in enumerate(WHEN)]


x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.55)
attack = bq.Bars(x=NEXT_ROLLS, y=[float(p) for p in WHEN], scales={"x": x, "y": y}, colors=["#bbbbbb"],
                 labels=["the attack comes on this roll"], display_legend=True)
lose = bq.Bars(x=NEXT_ROLLS, y=by_roll(Fraction(0)), scales={"x": x, "y": y}, colors=["#c0392b"],
               labels=["... and the barbarians win (you wait)"], display_legend=True)
bq.Figure(marks=[attack, lose], title="Catan's defence against 8 barbarians, roll by roll (others: 1/2 per knight)",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="the roll that brings the ship"),
                bq.Axis(scale=y, orientation="vertical", label="probability", tick_format=".0%")])

# %% [markdown]
# **Exercise 3 (guess first).** You can activate your basic knight now, for 1 grain. Under the same model, what is
# the barbarians' chance to win then? Guess how much your one grain is worth, then compute it with
# `barbarians_win(Fraction(1, 2), mine=Fraction(1))`.

# %% tags=["solution"]
p_lose_active = barbarians_win(Fraction(1, 2), Fraction(1))
print("P(barbarians win) if you activate:", p_lose_active, "  if you wait:", p_lose,
      "  the grain removes:", p_lose - p_lose_active)

# %% [markdown] tags=["solution"]
# **Answer.** From 55/64 down to 43/64. Your knight makes the defence 7. Then Player 2's basic knight (on
# Player 3's roll) or Player 3's strong knight (on Player 4's roll) is enough to hold. One grain removes 12/64 =
# 3/16 of the risk. The barbarians are still favourites.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("54-ex3", answer)

# %% [markdown]
# **How much does the answer depend on the guess?** The chance 1/2 for each of the others' knights is an
# assumption about how they play. Vary it from 0 (nobody else activates) to 1 (everybody does, on their turn):

# %%
# NBVAL_CHECK_OUTPUT
chances = [Fraction(i, 10) for i in range(11)]
risk = {mine: [barbarians_win(p, mine) for p in chances] for mine in (Fraction(0), Fraction(1))}
print("P(the others activate each)   barbarians win: you wait   you activate")
for p, wait, act in zip(chances, risk[Fraction(0)], risk[Fraction(1)]):
    print(f"{str(p):>27}   {str(wait):>22}   {str(act):>12}")

# %%
# NBVAL_IGNORE_OUTPUT
x, y = bq.LinearScale(min=0, max=1), bq.LinearScale(min=0, max=1)
lines = bq.Lines(x=[float(p) for p in chances], y=[[float(r) for r in risk[m]] for m in (Fraction(0), Fraction(1))],
                 scales={"x": x, "y": y}, colors=["#c0392b", "#2f6fd6"], marker="circle",
                 labels=["you keep your basic knight inactive", "you activate it (1 grain)"], display_legend=True)
bq.Figure(marks=[lines], title="P(barbarians win) against the assumed chance that the others activate",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="assumed P(each of the others' inactive knights is activated)"),
                bq.Axis(scale=y, orientation="vertical", label="P(barbarians win)", tick_format=".0%")])

# %% [markdown]
# If the others activate nothing, the barbarians win whatever you do (7 < 8). Even if they activate everything
# on their turns, the barbarians still win 3/4 of the time if you wait, and 1/2 if you activate: the attack
# often comes before their turns. As soon as the others activate anything, your knight helps. An exact answer is only as good as its model: say
# which guess your number assumes, and use what is public (here, the turn order).
#
# **Checked against the engine.** A test builds this scene in the game engine (8 cities, the 7 knights, the ship
# one step away) and plays on: the others activate on their own turns with chance 1/2. Over 1500 games for each
# choice, the barbarians' win rates agree with 55/64 and 43/64 (each inside the engine's 99.9% band).

# %% [markdown]
# ## What we learned
#
# * The barbarian ship's arrival is a negative binomial: from the start, mean 14 rolls and variance 14, median
#   13, most likely rolls 12 and 13. With 1 step left and 4 players, an attack before your next turn has chance
#   15/16.
# * A simulation agrees with three exact results within its ±2 SE band.
# * The attack compares cities (a metropolis city once) with active knight levels, ties to Catan. A player
#   activates knights only on their own turn, so the turn order matters: with the ship one step away, the
#   barbarians win 55/64 if you wait and 43/64 if you activate (others: 1/2 per knight, on their turn).
#
# Next: [part 6](55_catan_graphs.ipynb) treats the board as a graph: Longest Road as a longest trail, wagon
# routes as weighted shortest paths, and the fish a fishing ground brings. Back to
# [part 4](53_catan_variant_dice.ipynb) for the event die and progress cards.
