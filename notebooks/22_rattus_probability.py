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
# # Rattus, part 2: probability
#
# When the plague enters a region, its rat tokens are revealed. You cannot see them before, so you cannot
# know what will happen, but you can know the **chances**. In this notebook we compute them **exactly**
# (as fractions) and check them in independent ways:
#
# 1. what a player does not know: the unrevealed tokens;
# 2. one token: the threshold;
# 3. several tokens: drawing **without replacement**;
# 4. why the reveal loop is **not** a row of independent draws;
# 5. exact versus **simulated**: the engine plays the same ravage 4000 times;
# 6. how holding a **class card** changes your risk;
# 7. how many new tokens the plague **spreads**, on average.
#
# You need [part 1](20_rattus_rules.ipynb) (the rules) first. Run the cells from top to bottom.
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

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

from collections import Counter
from fractions import Fraction
from itertools import permutations, product
from pathlib import Path

import bqplot as bq

import ratgames_lab as rl
from ratgames_lab.core.odds import (convolve, expectation, hypergeom_pmf, running_frequency, simulate,
                                    tolerance, uniform)
from ratgames_lab.rattus import DEFAULT_TOKENS
from ratgames_lab.rattus.actions import MovePlague, Reveal
from ratgames_lab.rattus.components import CLASS_NAMES, CLASSES, COLOURS
from ratgames_lab.rattus.odds import (class_card_risk, contamination_probability, cube_loss_distribution,
                                      expected_losses, expected_tokens_spread, loss_distribution_of,
                                      spread_distribution, token_contamination_probability, tokens_spread,
                                      unseen_tokens)
from ratgames_lab.rattus.rules import resolve_token

def pct(p):
    """A probability as a rounded percentage, for reading (the exact value is the fraction)."""
    return f"{float(p):6.1%}"


# %% [markdown]
# ## 1. What a player does not know
#
# Here is a 4-player game in the middle (position file `positions/rattus_odds.json`, next to this
# notebook). Red is about to play. The plague is in Polonia, so it can move to Scandia, Germania, Hungaria
# or Russia.

# %%
# NBVAL_CHECK_OUTPUT
game, state = rl.load_position("positions/rattus_odds.json")
TOKENS = game.tokens
print(state.describe())

# %% [markdown]
# 12 tokens have been **revealed** so far: everybody saw them, and they left the game. Every other token is
# **unseen**: face down on the board or in the supply. A player knows *which* tokens are unseen (all 49
# minus the revealed ones), but not *where* each one is. `unseen_tokens(state)` lists them.

# %%
# NBVAL_CHECK_OUTPUT
revealed = [TOKENS.ids[t] for t in state.revealed]
pool = unseen_tokens(state)
print("Revealed:", ", ".join(revealed))
print(f"Unseen: 49 - {len(revealed)} = {len(pool)} tokens")

# %% [markdown]
# **Our model.** Any face-down token is equally likely to be any of the unseen tokens, and two face-down
# tokens are two *different* tokens. This is exactly what a player who has not peeked (with the Witch) knows.
# Every number below is exact **for this model and for the reconstructed token set**.
#
# The 12 revealed tokens changed the mix. Compare the thresholds of all 49 tokens with those of the 37
# unseen ones:

# %%
# NBVAL_CHECK_OUTPUT
all_thresholds = Counter(TOKENS.threshold)
unseen_thresholds = Counter(TOKENS.threshold[t] for t in pool)
print("threshold   all 49   unseen 37")
for k in range(1, 6):
    print(f"    {k}         {all_thresholds[k]:2}        {unseen_thresholds[k]:2}")

# %%
# NBVAL_IGNORE_OUTPUT
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=16)
bars = bq.Bars(x=[str(k) for k in range(1, 6)],
               y=[[all_thresholds[k] for k in range(1, 6)], [unseen_thresholds[k] for k in range(1, 6)]],
               type="grouped", scales={"x": x, "y": y}, colors=["#999999", "#2f6fd6"],
               labels=["all 49 tokens", "the 37 unseen tokens"], display_legend=True)
bq.Figure(marks=[bars], title="Rat tokens by threshold (reconstructed token set)", legend_location="top-right",
          axes=[bq.Axis(scale=x, label="threshold"),
                bq.Axis(scale=y, orientation="vertical", label="number of tokens")])

# %% [markdown]
# ## 2. One token: the threshold
#
# A revealed token **contaminates** if the region holds at least as many cubes (all colours) as its
# threshold. So the chance that one unseen token contaminates a region with *k* cubes is
#
# $$P(\text{contaminates } k \text{ cubes}) = \frac{\text{number of unseen tokens with threshold} \le k}{37}.$$
#
# We count, and compare with `token_contamination_probability(state, k)`:

# %%
# NBVAL_CHECK_OUTPUT
for k in range(1, 7):
    count = sum(1 for t in pool if TOKENS.threshold[t] <= k)
    p = Fraction(count, len(pool))
    assert p == token_contamination_probability(state, k)   # our count and the engine agree
    print(f"{k} cube(s): {count:2}/37 = {str(p):>5} = {pct(p)}")

# %% [markdown]
# (`assert` stops with an error if what follows is false: it is how a notebook checks a claim.)
#
# Scandia holds 1 token and 3 cubes (Red 1, Blue 2), so the plague contaminates there with probability
# 26/37, about 70%. More cubes make a region **more** likely to be hit: with 5 cubes or more, every token
# contaminates.
#
# ## 3. Several tokens: without replacement
#
# Hungaria holds **2** face-down tokens and 3 cubes (one each for Yellow, Green and Blue). Is Hungaria
# contaminated at all?
#
# Tokens below the threshold do nothing, so the number of cubes cannot change *before* the first
# contamination. Hungaria is therefore contaminated unless **both** tokens are "safe" (threshold 4 or 5).
# 11 of the 37 unseen tokens are safe:
#
# * the first token is safe with probability 11/37;
# * **if it is**, 10 safe tokens are left among the other 36, so the second is safe with probability 10/36.

# %%
# NBVAL_CHECK_OUTPUT
safe = sum(1 for t in pool if TOKENS.threshold[t] > 3)
both_safe = Fraction(safe, 37) * Fraction(safe - 1, 36)
print(f"P(both safe) = {safe}/37 × {safe - 1}/36 = {both_safe}")
print(f"P(Hungaria contaminated) = 1 - {both_safe} = {1 - both_safe} = {pct(1 - both_safe)}")
print("Engine:", contamination_probability(state, "Hungaria"))
print("Hypergeometric, P(2 safe among 2 drawn from 37 with 11 safe):", hypergeom_pmf(2, 37, safe, 2))

# %% [markdown]
# This is drawing **without replacement**: the second token cannot be the same as the first. The
# *hypergeometric* distribution (`hypergeom_pmf`) counts exactly such draws. If we wrongly treated the two
# tokens as independent draws **with replacement** (as if each token went back before the next draw), we
# would get a slightly different number:

# %%
# NBVAL_CHECK_OUTPUT
with_replacement = 1 - Fraction(safe, 37) ** 2
print("with replacement:   ", with_replacement, "=", pct(with_replacement))
print("without replacement:", 1 - both_safe, "=", pct(1 - both_safe))

# %% [markdown]
# Close, because 37 tokens is a big pool: removing one barely changes the mix. Late in the game, with few
# unseen tokens left, the difference grows (exercise 2).
#
# ## 4. The reveal loop is not a row of independent draws
#
# Now the real question for a player: **how many cubes will each player lose** if the plague enters a
# region? Take Germania: 3 face-down tokens and 6 cubes (Red 2, Yellow 3, Green 1). Yellow holds the King
# and the Merchant, Green the Monk, Blue the Knight and the Witch.
#
# ### A tempting shortcut
#
# "Each of the 3 tokens is a random token; work out what one token does to Germania, and add up three of
# them." That treats the tokens as **independent draws** hitting the region **as it is now**. One token's
# effect on the 6 cubes, for each of the 37 unseen tokens, as a loss per player
# (Red, Yellow, Green, Blue):

# %%
# NBVAL_CHECK_OUTPUT
start = state.to_json()["regions"]["Germania"]["cubes"]
print("Cubes in Germania (Red, Yellow, Green, Blue):", start)

def losses(token, cubes):
    """Cubes each player loses when this token is revealed in a region holding these cubes."""
    after = list(cubes)
    resolve_token(TOKENS, token, after, state.owners)   # the engine's own rule for one token
    return tuple(before - left for before, left in zip(cubes, after))

one_token = uniform(losses(t, start) for t in pool)   # each unseen token is equally likely
for lost, p in sorted(one_token.items()):
    print(f"  loses {lost} with probability {p}")


# %% [markdown]
# Adding three independent copies of this distribution is a **convolution** (`convolve`):

# %%
# NBVAL_CHECK_OUTPUT
def add(a, b):
    return tuple(x + y for x, y in zip(a, b))

naive = convolve(convolve(one_token, one_token, add), one_token, add)
naive_yellow = loss_distribution_of(naive, 1)
print("Naive expected losses:", [str(e) for e in expected_losses(naive)])
print("Naive P(Yellow loses k cubes):", {k: str(p) for k, p in sorted(naive_yellow.items())})

# %% [markdown]
# Something is wrong: Yellow has only **3** cubes in Germania, yet the shortcut gives Yellow a chance of
# losing 4, 5 or even 6:

# %%
# NBVAL_CHECK_OUTPUT
impossible = sum(p for k, p in naive_yellow.items() if k > 3)
print("Naive P(Yellow loses more than 3 cubes) =", impossible, "=", pct(impossible))

# %% [markdown]
# ### The exact answer
#
# The real ravage is a **loop**: *while the region holds a cube and a face-down token, reveal one*. Three
# things break the shortcut:
#
# 1. after a contamination the region holds **fewer cubes**, so the next token may be below its threshold,
#    and the **majority** (M) may pass to another player;
# 2. the loop **stops** when no cube is left (then the other tokens stay face down);
# 3. the tokens are drawn **without replacement**.
#
# `cube_loss_distribution(state, region)` follows the loop exactly: it is a recursion over the multiset of
# unseen tokens, and returns the probability of every combination of losses.

# %%
# NBVAL_CHECK_OUTPUT
exact = cube_loss_distribution(state, "Germania")
exact_yellow = loss_distribution_of(exact, 1)
print("Exact expected losses:", [str(e) for e in expected_losses(exact)])
print("Exact P(Yellow loses k cubes):", {k: str(p) for k, p in sorted(exact_yellow.items())})
print("Total probability:", sum(exact.values()))


# %% [markdown]
# **Check it by brute force.** The 3 tokens in Germania, in the order they will be revealed, are 3
# different tokens among the 37 unseen ones, every order equally likely: 37 × 36 × 35 = 46 620 sequences.
# We can list them all, run the loop on each with our own 6-line function, and count:

# %%
# NBVAL_CHECK_OUTPUT
def ravage(sequence, cubes):
    """The reveal loop on one sequence of tokens: cubes lost per player."""
    left = list(cubes)
    for token in sequence:
        if not any(left):          # no cube left: the loop stops
            break
        resolve_token(TOKENS, token, left, state.owners)
    return tuple(before - after for before, after in zip(cubes, left))

sequences = list(permutations(pool, 3))
by_hand = uniform(ravage(seq, start) for seq in sequences)
print(len(sequences), "sequences; same distribution as the engine:", by_hand == exact)

# %%
# NBVAL_IGNORE_OUTPUT
ks = list(range(7))
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.6)
bars = bq.Bars(x=[str(k) for k in ks],
               y=[[float(naive_yellow.get(k, 0)) for k in ks], [float(exact_yellow.get(k, 0)) for k in ks]],
               type="grouped", scales={"x": x, "y": y}, colors=["#f0b429", "#2f6fd6"],
               labels=["shortcut: 3 independent tokens", "exact: the reveal loop"], display_legend=True)
bq.Figure(marks=[bars], title="Cubes Yellow loses if the plague enters Germania (Yellow has 3 there)",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="cubes Yellow loses"),
                bq.Axis(scale=y, orientation="vertical", label="probability", tick_format=".0%")])


# %% [markdown]
# ### Which difference matters?
#
# We can switch the two ideas on and off: draw **with or without replacement**, and either run the **real
# loop** or let every token hit the 6 starting cubes (**fixed cubes**, the shortcut). Listing every sequence
# each time (37³ = 50 653 with replacement), the expected losses are:

# %%
# NBVAL_CHECK_OUTPUT
def fixed(sequence, cubes):
    """The shortcut: every token hits the starting cubes, and the losses are added up."""
    total = (0, 0, 0, 0)
    for token in sequence:
        total = add(total, losses(token, cubes))
    return total

models = {
    "fixed cubes, with replacement (the shortcut)": (fixed, list(product(pool, repeat=3))),
    "fixed cubes, without replacement": (fixed, sequences),
    "real loop, with replacement": (ravage, list(product(pool, repeat=3))),
    "real loop, without replacement (exact)": (ravage, sequences),
}
print(f"{'model':46} {'Red':>6} {'Yellow':>6} {'Green':>6}")
for name, (run, seqs) in models.items():
    e = expected_losses(uniform(run(seq, start) for seq in seqs))
    print(f"{name:46} {float(e[0]):6.3f} {float(e[1]):6.3f} {float(e[2]):6.3f}")


# %% [markdown]
# * Drawing with or without replacement changes almost nothing here: with fixed cubes the averages are even
#   exactly equal (an average of a sum is the sum of the averages, whether or not the draws are
#   independent).
# * The **loop** is what matters. The shortcut overestimates Yellow's loss (2.51 instead of 2.15 cubes), and
#   it **underestimates** Red's (0.41 instead of 0.69): once Yellow has lost cubes, Red (2 cubes) can hold the
#   majority, and the M symbols hit Red.
#
# ## 5. Exact versus simulated
#
# A completely independent check: let the **rules engine** play the ravage many times. Each trial
#
# 1. shuffles the unseen tokens into a random arrangement that fits what Red knows
#    (`state.determinize(0, rng)`: the computer does not use the real hidden tokens);
# 2. moves the plague to Germania and plays until the ravage is over (new tokens spread to the first
#    neighbour offered, and the first token is always revealed first: the tokens were shuffled anyway);
# 3. counts the cubes Yellow lost.

# %%
# NBVAL_CHECK_OUTPUT
def yellow_losses(rng):
    """One simulated ravage of Germania, played by the engine: the cubes Yellow loses."""
    sim = state.determinize(0, rng)
    sim.apply(MovePlague(to="Germania", via=None))
    while sim.active == 0 and sim.step not in ("after", "main"):   # until Red's plague is over
        if sim.current_player == rl.CHANCE:
            sim.apply(sim.sample_chance(rng))
        elif sim.step == "reveal":
            sim.apply(Reveal(0))
        else:
            sim.apply(sim.legal_actions()[0])
    return start[1] - sim.to_json()["regions"]["Germania"]["cubes"][1]

TRIALS = 4000
simulated = simulate(yellow_losses, TRIALS, seed=SEED)
print("Yellow loses   exact                 simulated   within 4 standard errors")
for k in sorted(exact_yellow):
    p, f = exact_yellow[k], simulated.get(k, 0.0)
    print(f"     {k}        {str(p):>11} = {float(p):.3f}     {f:.3f}       {abs(f - float(p)) <= tolerance(float(p), TRIALS)}")

# %% [markdown]
# The simulation agrees with the exact fractions, up to a small random error. How does that error shrink?
# Follow one event, "Yellow loses all 3 cubes", and plot its **running frequency** (the fraction of trials
# so far in which it happened):

# %%
# NBVAL_CHECK_OUTPUT
all_three = exact_yellow[3]
freq = running_frequency(lambda rng: yellow_losses(rng) == 3, TRIALS, seed=SEED)
for n in (10, 100, 1000, TRIALS):
    print(f"after {n:4} trials: frequency {freq[n - 1]:.3f}   (exact {all_three} = {float(all_three):.3f})")

# %%
# NBVAL_IGNORE_OUTPUT
x, y = bq.LogScale(), bq.LinearScale(min=0, max=1)
line = bq.Lines(x=list(range(1, TRIALS + 1)), y=freq, scales={"x": x, "y": y}, colors=["#2f6fd6"],
                labels=["simulated frequency"], display_legend=True)
target = bq.Lines(x=[1, TRIALS], y=[float(all_three)] * 2, scales={"x": x, "y": y}, colors=["#d64545"],
                  line_style="dashed", labels=[f"exact probability {all_three}"], display_legend=True)
bq.Figure(marks=[line, target], title="Simulated ravages of Germania: how often Yellow loses all 3 cubes",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="number of simulated ravages (logarithmic scale)", tick_format=",d"),
                bq.Axis(scale=y, orientation="vertical", label="fraction where Yellow lost 3 cubes")])

# %% [markdown]
# At first the frequency jumps around (the horizontal axis is logarithmic, so the first ten trials get as
# much room as the last thousands); then it settles near the exact value. The random error of a
# simulation shrinks like $1/\sqrt{n}$: four times as many trials, half the error. `tolerance(p, n)` is a
# safe margin (4 standard errors):

# %%
# NBVAL_CHECK_OUTPUT
margin = tolerance(float(all_three), TRIALS)
print(f"difference after {TRIALS} trials: {abs(freq[-1] - float(all_three)):.3f}, allowed margin {margin:.3f}")

# %% [markdown]
# ## 6. A class card changes your risk
#
# Class cards give powers, but each card's symbol is also printed on 10 of the 49 tokens: when such a token
# contaminates a region, the card's holder loses a cube there. Red holds no card and has 2 cubes in Germania.
# `class_card_risk(state, region, player, card)` gives Red's expected loss in Germania without and with a
# card (everything else unchanged):

# %%
# NBVAL_CHECK_OUTPUT
print(f"{'card':9} {'without':>8} {'with':>8}  extra cubes lost")
risks = {}
for card in CLASSES:
    without, with_card = class_card_risk(state, "Germania", 0, card)
    risks[card] = with_card - without
    print(f"{CLASS_NAMES[card]:9} {float(without):8.3f} {float(with_card):8.3f}  +{float(with_card - without):.3f}")

# %% [markdown]
# Every card adds between about 0.38 and 0.49 cubes to Red's expected loss in Germania. Why not the same for
# all? Count the unseen tokens that carry each symbol (a token with a threshold above 6 could never harm
# Germania, but there is none):

# %%
# NBVAL_CHECK_OUTPUT
for card in CLASSES:
    carrying = sum(1 for t in pool if card in TOKENS.symbols[t])
    print(f"{CLASS_NAMES[card]:9} on {carrying} of the 37 unseen tokens   extra risk {float(risks[card]):.3f}")

# %% [markdown]
# Mostly, the more unseen tokens carry a card's symbol, the riskier the card: the King (9 tokens) is the
# riskiest, the Monk and the Knight (7 tokens each) the least risky. The count is not the whole story: what
# matters is whether Red still has a cube in Germania when such a token comes up, and whether the token
# reaches its threshold then. That is why the King and the Witch, both on 9 tokens, differ.
#
# **The risk moves with the card.** If Red takes the King **from Yellow**, Red's risk goes up and Yellow's
# goes down. `cube_loss_distribution` accepts other card holders (`owners`, one player per card, in the order
# King, Monk, Knight, Peasant, Merchant, Witch):

# %%
# NBVAL_CHECK_OUTPUT
print("Card holders now:", {CLASS_NAMES[c]: (COLOURS[o] if o >= 0 else "-") for c, o in zip(CLASSES, state.owners)})
red_takes_king = list(state.owners)
red_takes_king[CLASSES.index("king")] = 0
now = expected_losses(cube_loss_distribution(state, "Germania"))
then = expected_losses(cube_loss_distribution(state, "Germania", owners=red_takes_king))
for p in range(3):
    print(f"{COLOURS[p]:6} expected loss in Germania: {float(now[p]):.3f} -> {float(then[p]):.3f}")

# %% [markdown]
# Red's expected loss in Germania rises by about 0.49 cube, Yellow's falls by about 0.55, and Green's does
# not change. Taking a card from an opponent also takes their risk: with 3 cubes in Germania, Yellow would be
# glad to see the King go.

# %% [markdown]
# ## 7. How many new tokens does the plague spread?
#
# When the plague enters a region with 1 rat token, 1 new token spreads to the neighbours; with 2 or 3,
# **2** new tokens; with none, nothing (fewer if the neighbours are full or the supply runs short). From
# Polonia, the plague can go to four regions:

# %%
# NBVAL_CHECK_OUTPUT
here = state.to_json()["plague"]
for region in sorted(game.components.board.graph[here]):
    rats = len(state.to_json()["regions"][region]["rats"])
    print(f"{region:9} {rats} rat token(s) -> {tokens_spread(state, region)} new token(s)")

# %% [markdown]
# If the plague went to each of the four with the same chance (a simple model: real players choose!), the
# number of new tokens would be 0, 1, 2 or 2, each with probability 1/4. Its **expected value** (the
# average over many such moves) is $(0 + 1 + 2 + 2)/4 = 5/4$. `spread_distribution` and
# `expected_tokens_spread` say the same:

# %%
# NBVAL_CHECK_OUTPUT
spread = spread_distribution(state)
print("Distribution:", {k: str(p) for k, p in spread.items()})
print("Expected new tokens:", expected_tokens_spread(state), "=", expectation(spread))

# %% [markdown]
# ## 8. What to remember
#
# * A face-down token is a **random draw without replacement** from the unseen tokens (all tokens minus
#   those revealed, minus those you peeked at). Revealed tokens change the mix.
# * One token contaminates *k* cubes with probability (tokens with threshold ≤ *k*) / (unseen tokens).
# * A region is contaminated unless **all** its tokens are above the cube count: a hypergeometric count.
# * The **losses** are not a sum of independent draws: the reveal loop lowers the cubes, moves the majority
#   and stops early. The exact answer is a recursion (or, for small cases, a list of every sequence).
# * A simulation by the engine agrees with the exact answer, up to a random error shrinking like
#   $1/\sqrt{n}$.
# * A class card's symbol makes you a target: how much depends on the unseen tokens that carry it.
#
# [Part 3](22_rattus_what_if.ipynb) uses these numbers to choose where to send the plague, and asks what
# changes when the map or the tokens change.
#
# ## Exercises
#
# **Exercise 1.** Scandia holds 1 face-down token and 3 cubes. What is the probability that the plague
# contaminates Scandia? Count by hand from the threshold table of section 1, then check with
# `contamination_probability`.

# %% tags=["solution"]
count = sum(1 for t in pool if TOKENS.threshold[t] <= 3)
print(count, "of", len(pool), "->", Fraction(count, len(pool)), "engine:", contamination_probability(state, "Scandia"))

# %% [markdown] tags=["solution"]
# **Answer.** 3 + 10 + 13 = 26 unseen tokens have a threshold of 3 or less: 26/37, about 70.3%.

# %% [markdown]
# **Exercise 2.** Late in a game only 8 tokens are unseen, and 3 of them are safe for a region with 2 face-down
# tokens. Compute the chance that both tokens are safe, without replacement and with replacement. Is the
# difference bigger or smaller than with 37 tokens (section 3)?

# %% tags=["solution"]
without = Fraction(3, 8) * Fraction(2, 7)
with_repl = Fraction(3, 8) ** 2
print("without replacement:", without, pct(without), "  with replacement:", with_repl, pct(with_repl))
print("section 3:", Fraction(11, 37) * Fraction(10, 36), pct(Fraction(11, 37) * Fraction(10, 36)),
      "vs", Fraction(11, 37) ** 2, pct(Fraction(11, 37) ** 2))

# %% [markdown] tags=["solution"]
# **Answer.** 3/28 ≈ 10.7% without replacement against 9/64 ≈ 14.1% with replacement: a difference of about
# 3.3 points, against about 0.6 points (8.3% against 8.8%) with 37 tokens. The fewer tokens are left, the more
# each draw changes the mix, and the more the independent-draws shortcut is wrong.

# %% [markdown]
# **Exercise 3 (the Witch).** Blue holds the Witch and has secretly looked at Hungaria's first token: it is
# `R11` (threshold 4, M and Witch). For Blue, only the *second* token is unknown, and it is one of the 36
# tokens Blue has not seen. What is the chance that Hungaria (3 cubes) is contaminated, **for Blue**? Give
# Blue the peek in the position and use `contamination_probability(..., player=3)`.

# %% tags=["solution"]
data = state.to_json()
data["peeks"][3] = ["R11"]          # Blue (player 3) has seen R11, Hungaria's token #1
blue_knows = game.state_from_json(data)
for_blue = contamination_probability(blue_knows, "Hungaria", player=3)
print("public:", contamination_probability(blue_knows, "Hungaria"), "  for Blue:", for_blue, pct(for_blue))

# %% [markdown] tags=["solution"]
# **Answer.** 13/18, about 72.2%, instead of 611/666 ≈ 91.7% for the others. Blue knows one token is safe,
# so only the other one can contaminate: 26 of the 36 tokens Blue has not seen have a threshold of 3 or less.
# Learning something changes the probability: that is **conditional probability**.
