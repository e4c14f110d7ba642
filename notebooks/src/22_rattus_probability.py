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
# # Rattus, part 3: probability
#
# When the plague enters a region, its rat tokens are revealed. You cannot see them before, so you cannot
# know what will happen, but you can know the **chances**. In this lesson we compute them **exactly** (as
# fractions), from **everything a player can know**, and check them in independent ways:
#
# 1. what every player saw: which tokens are gone, and where each face-down token came from;
# 2. one token: the threshold;
# 3. several tokens: drawing **without replacement**;
# 4. why the reveal loop is **not** a row of independent draws;
# 5. same average, different risk: **variance**;
# 6. learning from what you see: a **Bayes** update;
# 7. exact versus **simulated**, with an error band;
# 8. how holding a **class card** changes your risk;
# 9. how many new tokens the plague **spreads**, on average.
#
# You need parts [1](20_rattus_rules.ipynb) and [2](21_rattus_powers_and_end.ipynb) (the rules) first. Run the
# cells from top to bottom. Lines starting with `# NBVAL_` are notes for the automatic tests that run this
# notebook; you can ignore them.
#
# > **The model.** A player remembers everything that happened in public. At setup one setup token (purple
# > circle) was dealt face down to the first slot of each region, in front of everybody; the unused setup
# > tokens (none with 4 players) joined the normal tokens, which were shuffled into the supply; every later
# > token came from the supply. So a face-down token that was dealt at setup is one of the setup tokens not
# > yet revealed, and any other face-down token is one of the other unrevealed tokens. Tokens seen with the
# > Witch are known to the one who looked. Every arrangement consistent with this is equally likely, and the
# > tokens of a ravage are revealed in a random order. We do not read anything into the other players'
# > choices. Every number below is exact **for this model and for the reconstructed token set**.
# >
# > **About the data.** The rulebook prints no list of the rat tokens: the 49 tokens used here are the
# > **project's reconstruction** (`ratgames_lab/rattus/data/tokens.json`). A teacher who owns the game can load
# > the printed ones: `rl.load_game("rattus", players=4, tokens="my_tokens.json")` (part 1, section 1).

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a probability as favourable over possible cases, in a
# sample space built from what the player **knows** (public history included); drawing without replacement;
# why a sum of independent draws is the wrong model for a loop that stops; expected value and variance (same
# mean, different risk); a Bayes update from a partial observation; a simulation's ±2 standard-error band.
# *Timing*: section 1 with the guess (8 min); section 2 and exercise 1 (6 min); section 3 and exercise 2
# (7 min); section 4 (10 min); sections 5–6 (9 min); section 7 (5 min); sections 8–9 and exercise 3 (5 min).
# *Prerequisites*: fractions; parts 1 and 2 (the rules). *Discussion prompts*: "a player who forgot the setup
# says 26/37 for Scandia, we say 4/5: who is right, and what did the other forget?"; "why are the two tokens of
# Hungaria independent here, and when would they not be (2 or 3 players)?"; "Blue loses the same number of
# cubes on average in Hispania and in Turcia: where would you rather be?"; "a simulation of 4000 ravages is off
# by 0.01: is the engine wrong?".

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

from collections import Counter
from fractions import Fraction
from itertools import permutations, product

import bqplot as bq

import ratgames_lab as rl
from ratgames_lab.core.odds import convolve, expectation, running_frequency, simulate, tolerance, uniform
from ratgames_lab.rattus import odds
from ratgames_lab.rattus.actions import MovePlague
from ratgames_lab.rattus.components import CLASS_NAMES, CLASSES, COLOURS
from ratgames_lab.rattus.rules import resolve_token


# %%
def P(event, space):
    """The probability of an event in a space of equally likely outcomes: favourable / possible."""
    return Fraction(len([x for x in space if event(x)]), len(space))


def pct(p):
    """A probability as a rounded percentage, for reading (the exact value is the fraction)."""
    return f"{float(p):6.1%}"


def show(p):
    """A probability as its fraction and its percentage."""
    return f"{str(p):>11} = {pct(p)}"


def ids(tokens):
    """Token numbers as their names (R01 ...)."""
    return ", ".join(TOKENS.ids[t] for t in tokens)


# %% [markdown]
# ## 1. What every player saw
#
# Here is a 4-player game in the middle (position file `positions/rattus_odds.json`, next to this notebook).
# Red is about to play. The plague is in Polonia, so it can move to Scandia, Germania, Hungaria or Russia.

# %%
# NBVAL_CHECK_OUTPUT
game, state = rl.load_position("positions/rattus_odds.json")
TOKENS = game.tokens
print(state.describe())

# %% [markdown]
# 12 tokens have been **revealed**: everybody saw them, and they left the game. That leaves 37 tokens nobody
# has seen. But a player who remembers the setup knows more: with 4 players the 12 setup tokens were dealt
# to the 12 regions, one each, face down in the first slot. Two of them (R01, R02) have been revealed since, so
# each face-down token still **in a slot dealt at setup** is one of the other 10 setup tokens. Everything else
# (tokens that arrived later, the supply) comes from the 27 unrevealed normal tokens. Every player sees which
# slots were dealt at setup (`observation` shows them, slot 0 is the first):

# %%
# NBVAL_CHECK_OUTPUT
revealed = set(state.revealed)
setup_left = [t for t in TOKENS.setup_tokens if t not in revealed]
normal_left = [t for t in TOKENS.normal_tokens if t not in revealed]
print("Revealed:", ids(state.revealed))
print(f"Unrevealed setup tokens ({len(setup_left)}):", ids(setup_left))
print(f"Unrevealed normal tokens: {len(normal_left)}")
view = state.observation(0)["regions"]
print("Slots dealt at setup:", {r: v["dealt_at_setup"] for r, v in view.items() if v["rats"]})


# %% [markdown]
# **Guess first.** Scandia holds 1 face-down token, dealt at setup, and 3 cubes (Red 1, Blue 2). A token
# contaminates a region when the region holds at least as many cubes as the token's threshold. Write down
# your guess for the chance that the plague contaminates Scandia.
#
# The sample space is the 10 setup tokens that can lie there, all equally likely. The event is "threshold at
# most 3". With the two-line `P` defined above:

# %%
# NBVAL_CHECK_OUTPUT
def contaminates(cubes):
    """The event "this token's threshold is at most ``cubes``"."""
    return lambda token: TOKENS.threshold[token] <= cubes

print("P(Scandia contaminated) =", show(P(contaminates(3), setup_left)))
print("Forgetting the setup:     ", show(P(contaminates(3), setup_left + normal_left)))

# %% [markdown]
# The second line is what a player gets who forgets the setup and treats Scandia's token as any of the 37
# unseen tokens: 26/37, about 70%. It is the right answer to the wrong question. The setup tokens have low
# thresholds (2 to 4), so a token dealt at setup is **more** dangerous than a token from the supply. The
# library function `contamination_probability` uses the full model and agrees with our count:

# %%
# NBVAL_CHECK_OUTPUT
print("contamination_probability:", odds.contamination_probability(state, "Scandia"))
print("threshold   setup left   normal left")
for k in range(1, 6):
    print(f"    {k}          {sum(TOKENS.threshold[t] == k for t in setup_left):2}           "
          f"{sum(TOKENS.threshold[t] == k for t in normal_left):2}")

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the chart.
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.5)
bars = bq.Bars(x=[str(k) for k in range(1, 6)],
               y=[[float(P(lambda t: TOKENS.threshold[t] == k, setup_left)) for k in range(1, 6)],
                  [float(P(lambda t: TOKENS.threshold[t] == k, normal_left)) for k in range(1, 6)]],
               type="grouped", scales={"x": x, "y": y}, colors=["#8e44ad", "#2f6fd6"], display_legend=True,
               labels=["a token dealt at setup (10 left)", "a token from the supply (27 left)"])
bq.Figure(marks=[bars], title="Threshold of a face-down token, by where it came from (reconstructed tokens)",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="threshold"),
                bq.Axis(scale=y, orientation="vertical", label="probability", tick_format=".0%")])

# %% [markdown]
# ## 2. One token: the threshold
#
# The same count for any number of cubes *k*, for the two kinds of token. `token_contamination_probability`
# answers it for the next token drawn from the supply:

# %%
# NBVAL_CHECK_OUTPUT
print("cubes   dealt at setup       from the supply")
for k in range(1, 7):
    setup_p, supply_p = P(contaminates(k), setup_left), P(contaminates(k), normal_left)
    assert supply_p == odds.token_contamination_probability(state, k)   # our count and the library agree
    print(f"  {k}   {show(setup_p)}   {show(supply_p)}")

# %% [markdown]
# (`assert` stops with an error if what follows is false: it is how a notebook checks a claim.) More cubes
# make a region **more** likely to be hit: with 5 cubes or more every token contaminates.
#
# **Exercise 1.** Polonia holds one token, dealt at setup, and 2 cubes. Guess, then compute the chance that
# the plague contaminates Polonia, with `P` and with `odds.contamination_probability`.

# %% tags=["solution"]
print(P(contaminates(2), setup_left), odds.contamination_probability(state, "Polonia"))

# %% [markdown] tags=["solution"]
# **Answer.** 2/5: 4 of the 10 setup tokens left (R03 to R06) have threshold 2.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("22-ex1", answer)


# %% [markdown]
# ## 3. Several tokens: without replacement
#
# Hungaria holds **2** face-down tokens and 3 cubes (one each for Yellow, Green and Blue): its setup token
# and one that came from the supply. Tokens below the threshold do nothing, so the cubes cannot change
# *before* the first contamination: Hungaria escapes only if **both** tokens are "safe" (threshold 4 or 5).
# With 4 players the two tokens come from two separate piles (setup tokens, normal tokens), so the two events
# are **independent** and their chances multiply:

# %%
# NBVAL_CHECK_OUTPUT
def safe(cubes):
    return lambda token: TOKENS.threshold[token] > cubes

both_safe = P(safe(3), setup_left) * P(safe(3), normal_left)
print(f"P(both safe) = {P(safe(3), setup_left)} × {P(safe(3), normal_left)} = {both_safe}")
print("P(Hungaria contaminated) =", show(1 - both_safe))
print("Library:", odds.contamination_probability(state, "Hungaria"))

# %% [markdown]
# Turcia holds its setup token and **two** tokens from the supply, with 2 cubes. The two supply tokens are two
# *different* tokens from the same pile: after a safe one is drawn, one safe token fewer is left. This is
# drawing **without replacement**; treating the draws as independent (as if the first token went back into the
# pile) gives a slightly different number:

# %%
# NBVAL_CHECK_OUTPUT
n_safe, n = sum(map(safe(2), normal_left)), len(normal_left)
setup_safe = P(safe(2), setup_left)
without = setup_safe * Fraction(n_safe, n) * Fraction(n_safe - 1, n - 1)
with_replacement = setup_safe * Fraction(n_safe, n) ** 2
print(f"supply tokens safe with 2 cubes: {n_safe} of {n}")
print("P(Turcia escapes), without replacement:", show(without))
print("P(Turcia escapes), with replacement:   ", show(with_replacement))
print("Library (contaminated):", odds.contamination_probability(state, "Turcia"), "= 1 -", without)

# %% [markdown]
# **Exercise 2.** Late in a game only 8 normal tokens are unrevealed, and 3 of them are safe for a region whose
# 2 face-down tokens both came from the supply. Compute the chance that both are safe, without and with
# replacement. Is the difference bigger or smaller than for Turcia's two supply tokens above? Why?

# %% tags=["solution"]
late_without, late_with = Fraction(3, 8) * Fraction(2, 7), Fraction(3, 8) ** 2
print("late:   without", show(late_without), " with", show(late_with), " gap", pct(late_with - late_without))
turcia_without = Fraction(n_safe, n) * Fraction(n_safe - 1, n - 1)
turcia_with = Fraction(n_safe, n) ** 2
print("Turcia: without", show(turcia_without), " with", show(turcia_with), " gap", pct(turcia_with - turcia_without))

# %% [markdown] tags=["solution"]
# **Answer.** Late in the game the gap is several percentage points, against less than one point with 27
# tokens: the fewer tokens are left, the more each draw changes the pile, and the more the
# independent-draws shortcut is wrong.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (without replacement, with replacement), e.g. (Fraction(1, 2), Fraction(1, 3)).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("22-ex2", answer)

# %% [markdown]
# ## 4. The reveal loop is not a row of independent draws
#
# Now the real question for a player: **how many cubes will each player lose** if the plague enters a
# region? Take Germania: 3 face-down tokens (its setup token and two from the supply) and 6 cubes (Red 2,
# Yellow 3, Green 1). Yellow holds the King and the Merchant, Green the Monk, Blue the Knight and the Witch.
#
# ### A tempting shortcut
#
# "Each token is a random token; work out what one token does to Germania as it is now, and add up the three."
# That treats the tokens as **independent draws** hitting the region **as it is now**:

# %%
# NBVAL_CHECK_OUTPUT
start = state.to_json()["regions"]["Germania"]["cubes"]
print("Cubes in Germania (Red, Yellow, Green, Blue):", start)

def losses(token, cubes):
    """Cubes each player loses when this token is revealed in a region holding these cubes."""
    after = list(cubes)
    resolve_token(TOKENS, token, after, state.owners)   # the engine's own rule for one token
    return tuple(before - left for before, left in zip(cubes, after))

def add(a, b):
    return tuple(x + y for x, y in zip(a, b))

one_setup = uniform(losses(t, start) for t in setup_left)     # the token dealt at setup
one_supply = uniform(losses(t, start) for t in normal_left)   # a token from the supply
naive = convolve(convolve(one_setup, one_supply, add), one_supply, add)
naive_yellow = odds.loss_distribution_of(naive, 1)
print("Shortcut, expected losses:", [f"{float(e):.3f}" for e in odds.expected_losses(naive)])
print("Shortcut, P(Yellow loses more than her 3 cubes):", show(sum(p for k, p in naive_yellow.items() if k > 3)))

# %% [markdown]
# Something is wrong: Yellow has only **3** cubes in Germania, yet the shortcut gives her a chance of losing
# more. The real ravage is a **loop**: *while the region holds a cube and a face-down token, reveal one*.
#
# 1. after a contamination the region holds **fewer cubes**, so the next token may be below its threshold,
#    and the **majority** (M) may pass to another player;
# 2. the loop **stops** when no cube is left;
# 3. the two supply tokens are drawn **without replacement**.
#
# `odds.cube_loss_distribution(state, region)` follows the loop exactly (a recursion over the tokens still
# face down) and returns the probability of every combination of losses:

# %%
# NBVAL_CHECK_OUTPUT
exact = odds.cube_loss_distribution(state, "Germania")
exact_yellow = odds.loss_distribution_of(exact, 1)
print("Exact expected losses:", [f"{float(e):.3f}" for e in odds.expected_losses(exact)])
print("Exact P(Yellow loses k cubes):", {k: str(p) for k, p in sorted(exact_yellow.items())})
print("Total probability:", sum(exact.values()))


# %% [markdown]
# **Check it by brute force.** List every possible content of Germania: a setup token (10 choices) and two
# different supply tokens (27 × 26), then every order of the 3 reveals (6): 42 120 equally likely sequences.
# Run the loop on each with our own 6-line function, and count:

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

contents = [(s, a, b) for s in setup_left for a, b in permutations(normal_left, 2)]
sequences = [order for c in contents for order in permutations(c)]
by_hand = uniform(ravage(seq, start) for seq in sequences)
print(len(sequences), "sequences; same distribution as the library:", by_hand == exact)

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the chart.
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
# Switch the two ideas on and off: the supply tokens drawn **with or without replacement**, and either the
# **real loop** or every token hitting the 6 starting cubes (**fixed cubes**, the shortcut):

# %%
# NBVAL_CHECK_OUTPUT
def fixed(sequence, cubes):
    """The shortcut: every token hits the starting cubes, and the losses are added up."""
    total = (0, 0, 0, 0)
    for token in sequence:
        total = add(total, losses(token, cubes))
    return total

with_repl = [order for s in setup_left for a, b in product(normal_left, repeat=2)
             for order in permutations((s, a, b))]
models = {"fixed cubes, with replacement (the shortcut)": (fixed, with_repl),
          "fixed cubes, without replacement": (fixed, sequences),
          "real loop, with replacement": (ravage, with_repl),
          "real loop, without replacement (exact)": (ravage, sequences)}
print(f"{'model':46} {'Red':>6} {'Yellow':>6} {'Green':>6}")
for name, (run, seqs) in models.items():
    e = odds.expected_losses(uniform(run(seq, start) for seq in seqs))
    print(f"{name:46} {float(e[0]):6.3f} {float(e[1]):6.3f} {float(e[2]):6.3f}")


# %% [markdown]
# * With or without replacement changes almost nothing here: with fixed cubes the averages are even exactly
#   equal (an average of a sum is the sum of the averages, whether or not the draws are independent).
# * The **loop** is what matters. The shortcut overestimates Yellow's loss and **underestimates** Red's: once
#   Yellow has lost cubes, Red (2 cubes) can hold the majority, and the M symbols hit Red.
#
# ## 5. Same average, different risk
#
# An expected value is an average over many plagues; a single plague is one draw. Blue has 2 cubes in
# Hispania and 1 in Turcia. **Guess first**: where does Blue lose more on average, and where is Blue more
# likely to lose 2 cubes?

# %%
# NBVAL_CHECK_OUTPUT
def blue_loss(region):
    return odds.loss_distribution_of(odds.cube_loss_distribution(state, region), 3)

for region in ("Hispania", "Turcia"):
    dist = blue_loss(region)
    mean = expectation(dist)
    var = expectation(dist, lambda k: (k - mean) ** 2)
    print(f"{region:8} P(loss = k): {', '.join(f'{k}: {p}' for k, p in sorted(dist.items())):30}"
          f" mean {float(mean):.3f}  variance {float(var):.3f}  sd {float(var) ** 0.5:.3f}")


# %% [markdown]
# The averages are nearly equal (0.587 and 0.581 cubes), but the **spread** is not: in Hispania Blue may lose
# both cubes (about 13%), in Turcia Blue can lose at most the one cube there. The **variance**, the average
# squared distance from the mean, measures this: about twice as large in Hispania. A player who must not fall
# behind avoids the risky region; a player who is behind may want it for an opponent. Two moves with the same
# expected value are not the same move.
#
# ## 6. Learning from what you see: a Bayes update
#
# You stepped out while the plague ravaged Germania. The revealed tokens have left the game; you only see the
# cubes: **Yellow lost all 3**. How likely is it now that Germania's setup token carried the majority symbol
# M? Before, 3 of the 10 setup tokens left carry an M (R03, R07, R11). Bayes' rule turns the probability of the
# evidence under each hypothesis into the probability of the hypothesis given the evidence:
#
# $$P(M \mid \text{Yellow lost 3}) = \frac{P(\text{Yellow lost 3} \mid M)\, P(M)}{P(\text{Yellow lost 3})}.$$
#
# Every term is a count over the 42 120 equally likely sequences of section 4:

# %%
# NBVAL_CHECK_OUTPUT
def setup_has_m(seq):
    return any(t in setup_left and TOKENS.majority[t] for t in seq)

def yellow_lost_3(seq):
    return ravage(seq, start)[1] == 3

prior = P(setup_has_m, sequences)
likelihood = P(yellow_lost_3, [s for s in sequences if setup_has_m(s)])
evidence = P(yellow_lost_3, sequences)
posterior = likelihood * prior / evidence
print("prior      P(M)             =", show(prior))
print("likelihood P(lost 3 | M)    =", show(likelihood))
print("evidence   P(lost 3)        =", show(evidence))
print("posterior  P(M | lost 3)    =", show(posterior))
print("direct count among the sequences where Yellow lost 3:", P(setup_has_m, [s for s in sequences if yellow_lost_3(s)]))


# %% [markdown]
# Did you expect the evidence to make an M **more** likely, since M hits the player with the most cubes and
# Yellow had the most? The count says the opposite: from 30% down to about 27%. The setup tokens without an M
# carry the King and the Merchant (Yellow's cards) or an A, which hit Yellow directly, while an M is shared with
# Red as soon as Yellow and Red tie. Intuition proposes, counting decides. The last line counts directly among
# the sequences where the evidence holds, and agrees with Bayes' rule.
#
# ## 7. Exact versus simulated
#
# A completely independent check: let the **rules engine** play the ravage many times. Each trial
#
# 1. deals the hidden tokens into a random arrangement that fits what Red knows
#    (`state.determinize(0, rng)`: setup tokens in the slots dealt at setup, the computer does not use the real
#    hidden tokens);
# 2. moves the plague to Germania and plays until the ravage is over (new tokens spread to the first
#    neighbour offered, and each token to reveal is picked at random, as in the model);
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
            sim.apply(rng.choice(sim.legal_actions()))   # a random face-down token of the region
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
# How close should a simulation be? Follow one event, "Yellow loses all 3 cubes", and its **running
# frequency** (the fraction of trials so far in which it happened). After $n$ independent trials the
# frequency is off by about one **standard error**, $\sqrt{p(1-p)/n}$, and it stays within **±2 standard
# errors** about 95% of the time: the band narrows like $1/\sqrt{n}$ (four times as many trials, half the width).

# %%
# NBVAL_CHECK_OUTPUT
all_three = exact_yellow[3]
p3 = float(all_three)
freq = running_frequency(lambda rng: yellow_losses(rng) == 3, TRIALS, seed=SEED)

def band(n):
    """The ±2 standard-error band around the exact probability after n trials."""
    half = 2 * (p3 * (1 - p3) / n) ** 0.5
    return p3 - half, p3 + half

for n in (10, 100, 1000, TRIALS):
    lo, hi = band(n)
    print(f"after {n:4} trials: frequency {freq[n - 1]:.3f}   band [{lo:.3f}, {hi:.3f}]   inside: {lo <= freq[n - 1] <= hi}")

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the chart.
ns = list(range(1, TRIALS + 1))
x, y = bq.LogScale(), bq.LinearScale(min=0, max=1)
marks = [bq.Lines(x=ns, y=freq, scales={"x": x, "y": y}, colors=["#2f6fd6"],
                  labels=["simulated frequency"], display_legend=True),
         bq.Lines(x=ns, y=[[band(n)[0] for n in ns], [band(n)[1] for n in ns]], scales={"x": x, "y": y},
                  colors=["#999999", "#999999"], line_style="dashed", labels=["exact ± 2 standard errors", ""],
                  display_legend=True),
         bq.Lines(x=[1, TRIALS], y=[p3] * 2, scales={"x": x, "y": y}, colors=["#d64545"],
                  labels=[f"exact probability {all_three}"], display_legend=True)]
bq.Figure(marks=marks, title="Simulated ravages of Germania: how often Yellow loses all 3 cubes",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="number of simulated ravages (logarithmic scale)", tick_format=",d"),
                bq.Axis(scale=y, orientation="vertical", label="fraction where Yellow lost 3 cubes")])

# %% [markdown]
# ## 8. A class card changes your risk
#
# Each card's symbol is also printed on 10 of the 49 tokens. When such a token contaminates a region, the
# card's holder loses a cube there. Red holds no card and has 2 cubes in Germania. `class_card_risk(state,
# region, player, card)` gives Red's expected loss in Germania without and with a card. It counts only the
# symbols: Red uses no card's power during the ravage.

# %%
# NBVAL_CHECK_OUTPUT
print(f"{'card':9} {'without':>8} {'with':>8}  extra cubes lost")
for card in CLASSES:
    without_card, with_card = odds.class_card_risk(state, "Germania", 0, card)
    print(f"{CLASS_NAMES[card]:9} {float(without_card):8.3f} {float(with_card):8.3f}  +{float(with_card - without_card):.3f}")
_, knight_declared = odds.class_card_risk(state, "Germania", 0, "knight", neutral=True)
print(f"Knight, and Red declares the 2 neutral cubes: {float(knight_declared):.3f}")

# %% [markdown]
# Every card adds 0.38 to 0.50 cube to Red's expected loss in Germania. The amount is not the same for every
# card. It depends on how many of the tokens that can still lie there carry the symbol, and on whether Red
# still has a cube when one comes up.
#
# One power does act during the ravage. Before the tokens are revealed, the Knight's holder may declare that
# the plague counts as 2 extra neutral cubes. More cubes means more tokens contaminate. With the Knight,
# declaring raises Red's own expected loss from 1.069 to 1.209 (the last line). Red would declare only to hurt
# the others more.
#
# **The risk moves with the card**: if Red takes the King **from Yellow**, Red's risk goes up and Yellow's goes
# down. (`owners` lists who holds each card, in the order King, Monk, Knight, Peasant, Merchant, Witch.)

# %%
# NBVAL_CHECK_OUTPUT
red_takes_king = list(state.owners)
red_takes_king[CLASSES.index("king")] = 0
now = odds.expected_losses(odds.cube_loss_distribution(state, "Germania"))
then = odds.expected_losses(odds.cube_loss_distribution(state, "Germania", owners=red_takes_king))
for p in range(3):
    print(f"{COLOURS[p]:6} expected loss in Germania: {float(now[p]):.4f} -> {float(then[p]):.4f}"
          f"   change {float(then[p] - now[p]):+.4f}")

# %% [markdown]
# Red's expected loss rises by about half a cube, and Yellow's falls by about as much. Green's barely moves: a
# few ten-thousandths of a cube (printed above). It moves at all because the King symbols now hit Red instead of
# Yellow, and that changes who has the most cubes when an M comes up. Taking a card from an opponent also takes
# their risk.
#
# ## 9. How many new tokens does the plague spread?
#
# When the plague enters a region with 1 rat token, 1 new token spreads to the neighbours; with 2 or 3,
# **2**; with none, nothing. If the plague went to each of Polonia's four neighbours with the same chance (a
# simple model: real players choose; part 5 follows this random plague for a long time), the number of new
# tokens would be:

# %%
# NBVAL_CHECK_OUTPUT
for region in sorted(game.components.board.graph["Polonia"]):
    print(f"{region:9} {len(state.rats[state.region_index(region)])} rat token(s) -> "
          f"{odds.tokens_spread(state, region)} new token(s)")
spread = odds.spread_distribution(state)
print("Distribution:", {k: str(p) for k, p in spread.items()}, " expected:", odds.expected_tokens_spread(state))

# %% [markdown]
# **Exercise 3 (the Witch).** Blue holds the Witch and has secretly looked at Hungaria's setup token: it is
# `R11` (threshold 4, M and Witch). Guess first: is Hungaria (3 cubes) more or less likely to be contaminated
# **for Blue** than the 14/15 everybody else computes? Then give Blue the peek in the position and use
# `odds.contamination_probability(..., player=3)`; explain the number with `P`.

# %% tags=["solution"]
data = state.to_json()
data["peeks"][3] = ["R11"]          # Blue (player 3) has seen R11, Hungaria's setup token
blue_knows = game.state_from_json(data)
for_blue = odds.contamination_probability(blue_knows, "Hungaria", player=3)
print("public:", odds.contamination_probability(blue_knows, "Hungaria"), "  for Blue:", show(for_blue))
print("with P:", 1 - P(safe(3), normal_left))

# %% [markdown] tags=["solution"]
# **Answer.** Less likely: 2/3 instead of 14/15. Blue knows the setup token is safe with 3 cubes, so only the
# supply token can contaminate, and 18 of the 27 normal tokens left have a threshold of 3 or less. Learning
# something changes the probability: that is **conditional probability**.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("22-ex3", answer)

# %% [markdown]
# ## What to remember
#
# * Build the sample space from **everything the player can know**: the revealed tokens, the tokens seen with
#   the Witch, and where each face-down token came from (setup tokens went to the first slots, in public).
# * One token contaminates *k* cubes with probability (tokens with threshold ≤ *k*) / (tokens it can be).
# * A region is contaminated unless **all** its tokens are above the cube count; tokens from the same pile are
#   drawn without replacement.
# * The **losses** are not a sum of independent draws: the reveal loop lowers the cubes, moves the majority
#   and stops early.
# * Same expected loss, different variance: the spread is part of the risk.
# * Bayes' rule updates a probability from what you see; a simulation agrees with the exact answer inside a
#   band of ±2 standard errors that narrows like $1/\sqrt{n}$.
#
# [Part 4](23_rattus_what_if.ipynb) uses these numbers to choose where to send the plague, and asks what
# changes when the map or the tokens change.
