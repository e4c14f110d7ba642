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
# # Rattus, part 5: the plague as a random walk on the map
#
# Every turn the plague moves to a neighbouring region. Suppose, just for this lesson, that it moves to a
# neighbour chosen **at random**, each neighbour equally likely. Then the plague performs a **random walk on
# the map graph**, one of the most studied objects in probability. Where does it spend its time in the long run?
#
# 1. the map as a graph, and one step of the walk as a table of fractions;
# 2. where the plague may be after 1, 2, 3, ... moves (exact);
# 3. the long run: the share of time in each region is its **number of neighbours** divided by twice the
#    number of borders — and why;
# 4. a simulation of 20 000 moves, compared with the exact shares;
# 5. how long until the plague comes back (Kac's formula).
#
# You need [part 1](20_rattus_rules.ipynb) (the map as a graph) first. Run the cells from top to bottom. Lines
# starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore them.
#
# > **The model.** The plague moves every turn to a neighbour of the region it is in, each neighbour with the
# > same chance, whatever happened before (a *Markov chain*). Real players choose where the plague goes, and
# > the Knight moves it two regions: this lesson asks what the map alone does, before anyone chooses.
# >
# > **About the data.** The neighbours are the **project's reconstruction** of the map
# > (`ratgames_lab/rattus/data/board.json`); with the printed map the numbers change, the method does not.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a Markov chain as a table of transition probabilities;
# the distribution after *t* steps as repeated multiplication; a stationary distribution, found by a guess and
# checked exactly (detailed balance: $\pi(u)P(u,v) = \pi(v)P(v,u)$); the long-run share of time as a limit a
# simulation approaches; expected return time $1/\pi(v)$. *Timing*: guess and section 1 (8 min); section 2
# (10 min, exercise 1); section 3 (12 min); section 4 (10 min); section 5 and exercise 2 (10 min), exercise 3 as
# homework. *Prerequisites*: fractions, part 1's map as a graph; matrices are not needed (we use dictionaries).
# *Discussion prompts*: "before computing: which region will the plague visit most, and why?"; "the start
# region is forgotten after a few moves — how many, and why does it depend on the map?"; "is a region with
# many neighbours more dangerous for your cubes, given that players aim the plague?"; "why can a simulation
# agree with the exact value only up to an error, and why is that error larger here than for independent
# draws?"

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

import random
from fractions import Fraction

import bqplot as bq
import networkx as nx

from ratgames_lab.rattus import board_for_players


# %%
def pct(p):
    """A probability as a rounded percentage, for reading (the exact value is the fraction)."""
    return f"{float(p):6.1%}"


def show(dist, graph):
    """One line per region: neighbours, exact probability and percentage."""
    for region in sorted(graph, key=lambda r: (-graph.degree[r], r)):
        p = dist.get(region, 0)
        print(f"{region:9} {graph.degree[region]} neighbours   {str(p):>9} = {pct(p)}")


# %% [markdown]
# **Guess first.** Look at the map of part 1 (4 players). Write down the region you think the plague visits
# most often in the long run, and the one it visits least. Keep your guess; section 3 tells you if you were
# right.
#
# ## 1. One step of the walk
#
# The 4-player map has 12 regions and 22 neighbour pairs (land borders and sea arrows). From a region with
# $d$ neighbours, the plague goes to each of them with probability $1/d$:

# %%
# NBVAL_CHECK_OUTPUT
graph = board_for_players(4)
print(graph.number_of_nodes(), "regions,", graph.number_of_edges(), "neighbour pairs")

def step(region):
    """Where the plague goes from ``region`` in one move: {neighbour: probability}."""
    neighbours = sorted(graph[region])
    return {n: Fraction(1, len(neighbours)) for n in neighbours}

print("From Hispania:", {n: str(p) for n, p in step("Hispania").items()})
print("From Germania:", {n: str(p) for n, p in step("Germania").items()})


# %% [markdown]
# ## 2. Where is the plague after *t* moves?
#
# Start in Polonia. After one move the plague is in one of Polonia's 4 neighbours, each with probability 1/4.
# After two moves, add up over the paths: $P(\text{at } v \text{ after } t+1) = \sum_u P(\text{at } u \text{
# after } t)\, P(u \to v)$. That is all `advance` does:

# %%
# NBVAL_CHECK_OUTPUT
def advance(dist):
    """The distribution one move later."""
    out = {}
    for u, p in dist.items():
        for v, q in step(u).items():
            out[v] = out.get(v, 0) + p * q
    return out

dist = {"Polonia": Fraction(1)}
for t in (1, 2):
    dist = advance(dist)
    print(f"after {t} move(s):", {r: str(p) for r, p in sorted(dist.items())})
print("still sums to 1:", sum(dist.values()))

# %% [markdown]
# **Exercise 1.** After 2 moves from Polonia, the plague can be back in Polonia. Guess the probability first,
# then explain the number printed above by listing the paths Polonia → ? → Polonia.

# %% tags=["solution"]
paths = {n: step("Polonia")[n] * step(n)["Polonia"] for n in step("Polonia")}
print({n: str(p) for n, p in paths.items()}, "total:", sum(paths.values()))

# %% [markdown] tags=["solution"]
# **Answer.** Each path goes out to one of Polonia's 4 neighbours (1/4) and back (1 over that neighbour's
# number of neighbours): 1/4 × (1/6 + 1/4 + 1/4 + 1/3) for Germania, Hungaria, Scandia and Russia, which is
# 1/4 × 1 = 1/4. The sum of the four paths is the printed probability.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("24-ex1", answer)


# %% [markdown]
# Let the walk run longer. After a few dozen moves the distribution stops changing: the plague has
# **forgotten** where it started. Start from Hispania instead, and the numbers end up the same:

# %%
# NBVAL_CHECK_OUTPUT
def after(start, moves):
    dist = {start: Fraction(1)}
    for _ in range(moves):
        dist = advance(dist)
    return dist

for start in ("Polonia", "Hispania"):
    far = after(start, 60)
    print(f"from {start:8} after 60 moves: Germania {pct(far['Germania'])}, Hispania {pct(far['Hispania'])}")


# %% [markdown]
# ## 3. The long run: proportional to the number of neighbours
#
# Here is the guess that turns out exact: in the long run the plague is in region $v$ a share of the time
#
# $$\pi(v) = \frac{\text{number of neighbours of } v}{2 \times \text{number of neighbour pairs}} =
# \frac{d(v)}{2 \times 22}.$$
#
# Why? A distribution that one move leaves unchanged is **stationary**. Check it for $\pi$: the flow from $u$
# to a neighbour $v$ is $\pi(u) \times \frac{1}{d(u)} = \frac{1}{44}$, the same along every border in both
# directions, so whatever leaves a region comes back (*detailed balance*). We check it exactly, with
# fractions, and NetworkX counts the neighbours:

# %%
# NBVAL_CHECK_OUTPUT
def long_run(graph):
    """Share of time in each region: degree / (2 × number of edges), exactly."""
    twice_edges = 2 * graph.number_of_edges()
    return {v: Fraction(d, twice_edges) for v, d in graph.degree}

pi = long_run(graph)
print("one move leaves it unchanged:", advance(pi) == pi)
print("detailed balance on every border:",
      all(pi[u] * step(u)[v] == pi[v] * step(v)[u] for u, v in graph.edges))
show(pi, graph)

# %% [markdown]
# Germania, with 6 neighbours, holds the plague 6/44 = 3/22 of the time, three times as often as Hispania
# (2 neighbours, 1/22). Compare with your guess. The walk from section 2 converges to exactly these numbers:

# %%
# NBVAL_CHECK_OUTPUT
far = after("Polonia", 60)
gap = max(abs(far[v] - pi[v]) for v in graph)
print(f"largest difference after 60 moves: {float(gap):.1e}")


# %% [markdown]
# ## 4. A simulation: 20 000 moves
#
# Now let a seeded random generator move the plague 20 000 times and count where it was. The shares of time
# approach $\pi$, up to a random error:

# %%
# NBVAL_CHECK_OUTPUT
def walk(graph, start, moves, rng):
    """The regions visited by a random walk of ``moves`` moves."""
    here, visited = start, []
    for _ in range(moves):
        here = rng.choice(sorted(graph[here]))
        visited.append(here)
    return visited

MOVES = 20_000
visits = walk(graph, "Polonia", MOVES, random.Random(SEED))
share = {v: visits.count(v) / MOVES for v in graph}
print(f"{'region':9} {'exact':>7} {'simulated':>9}")
for v in sorted(graph, key=lambda r: (-graph.degree[r], r)):
    print(f"{v:9} {pct(pi[v])} {share[v]:9.1%}")

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the chart.
names = sorted(graph, key=lambda r: (-graph.degree[r], r))
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.16)
bars = bq.Bars(x=names, y=[[float(pi[v]) for v in names], [share[v] for v in names]], type="grouped",
               scales={"x": x, "y": y}, colors=["#2f6fd6", "#f0b429"], display_legend=True,
               labels=["exact long-run share d(v)/44", f"share of {MOVES:,} simulated moves"])
bq.Figure(marks=[bars], title="Where the randomly moving plague spends its time (4 players)",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="region (most neighbours first)"),
                bq.Axis(scale=y, orientation="vertical", label="share of time", tick_format=".0%")])


# %% [markdown]
# The simulated shares are close to the exact ones but not equal. A warning about the size of the error:
# successive positions of a walk are **not independent** (the plague in Germania now is likely to be next
# door next turn), so the error is larger than for 20 000 independent draws. The error band of part 3,
# $\pm 2\sqrt{p(1-p)/n}$, would be too narrow here; independent walks, each long enough to forget its start,
# give honest error bars (exercise 3).
#
# ## 5. How long until the plague comes back?
#
# If the plague spends a share $\pi(v)$ of its time in $v$, it comes back to $v$ on average every
# $1/\pi(v)$ moves (**Kac's formula**). For Hispania: $44/2 = 22$ moves; for Germania $44/6 \approx 7.3$.
# The simulation's gaps between visits agree:

# %%
# NBVAL_CHECK_OUTPUT
def mean_return(visits, region):
    """Average number of moves between two visits to ``region`` in a simulated walk."""
    times = [i for i, v in enumerate(visits) if v == region]
    gaps = [b - a for a, b in zip(times, times[1:])]
    return sum(gaps) / len(gaps)

for v in ("Germania", "Hispania"):
    print(f"{v:9} exact 1/π = {str(1 / pi[v]):>5} = {float(1 / pi[v]):5.2f}   simulated {mean_return(visits, v):5.2f}")

# %% [markdown]
# **Exercise 2.** With **2 players** the map has 8 regions (`board_for_players(2)`). Guess first: which region
# holds the plague most often, and how many moves on average does the plague take to come back to Hispania?
# Then compute both exactly with `long_run`.

# %% tags=["solution"]
small = board_for_players(2)
pi2 = long_run(small)
show(pi2, small)
print("return time to Hispania:", 1 / pi2["Hispania"], "moves")

# %% [markdown] tags=["solution"]
# **Answer.** Germania again: 6 of its neighbours are in play, so 6/28 = 3/14 of the time. Hispania, with
# 2 neighbours among 14 pairs, gets 2/28 = 1/14: the plague comes back every 14 moves on average. That is faster
# than on the 4-player map (22), because the map is smaller.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (the region, the moves to come back to Hispania), e.g. ("Gallia", 10).
from ratgames_lab.lessons import check

answer = ...
check("24-ex2", answer)

# %% [markdown]
# **Exercise 3.** Give honest error bars to the simulation. Run 40 independent walks of 500 moves each (seeds
# `SEED` to `SEED + 39`) and compute each walk's share of time in Germania. Report their mean ± 2 standard
# errors (the standard deviation of the 40 shares divided by $\sqrt{40}$). Does the interval contain 3/22?

# %% tags=["solution"]
shares = []
for k in range(40):
    w = walk(graph, "Polonia", 500, random.Random(SEED + k))
    shares.append(w.count("Germania") / 500)
mean = sum(shares) / len(shares)
sd = (sum((s - mean) ** 2 for s in shares) / (len(shares) - 1)) ** 0.5
half = 2 * sd / len(shares) ** 0.5
print(f"mean {mean:.4f} ± {half:.4f}  ->  [{mean - half:.4f}, {mean + half:.4f}]   exact {float(pi['Germania']):.4f}")

# %% [markdown] tags=["solution"]
# **Answer.** The printed interval contains 3/22 ≈ 0.1364. Independent walks are independent samples, so the
# usual ±2 standard errors apply to their average; the 20 000 consecutive moves of one walk are not.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the mean of the 40 shares, e.g. 0.2 (within 0.001).
from ratgames_lab.lessons import check

answer = ...
check("24-ex3", answer)

# %% [markdown]
# ## What to remember
#
# * A random walk on a graph is described by one table: from each region, each neighbour with probability
#   1/(number of neighbours).
# * After enough moves the start is forgotten; the long-run share of time in a region is proportional to its
#   **number of neighbours**: $d(v) / (2 \times \text{edges})$, checked exactly by detailed balance.
# * On average the walk returns to $v$ every $1/\pi(v)$ moves.
# * Real players aim the plague; [part 4](23_rattus_what_if.ipynb) asks what a *good* move is. The random walk is
#   the baseline those choices depart from.
