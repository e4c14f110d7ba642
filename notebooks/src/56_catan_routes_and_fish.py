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
# # Catan, part 7: routes and fish — weighted shortest paths and expected fish
#
# The board is a graph ([part 6](55_catan_graphs.ipynb)). In this lesson we ask two more questions about it:
#
# 1. how a wagon finds its cheapest way to a market: **weighted shortest paths** (Dijkstra), and why the
#    weights matter;
# 2. what a fishing ground is worth: **expected fish per roll**, from the dice and the fish tokens.
#
# You need [part 2](51_catan_dice.ipynb) (a probability as a count, expectation) and part 6 first. Run the cells
# from top to bottom. Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook;
# you can ignore them.
#
# > **The model.** Section 1 is an exact count on the board's graph, with no chance in it: the shipped combined
# > board (`combined_board.json`, a **Reconstruction**), the road networks we build here, and the rules summary's table
# > of a wagon's step costs (catan.md Part 2, "Wagons and markets"). Section 2 is a probability model, stated
# > there: two fair dice, and each fish token drawn from a face-down stack of the 30 tiles (29 fish tokens and
# > the Old Boot) that nobody has seen.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: weighted shortest paths (Dijkstra) against unweighted
# ones (breadth-first search, BFS); ties and a second criterion (tolls); connected components seen by a wagon;
# expectation as probability times value, linearity, and why drawing without replacement does not change the
# mean of one draw. *Timing*: introduction (3 min), section 1 (25 min, exercise 1), section 2 (18 min,
# exercise 2), wrap-up (4 min). *Prerequisites*: part 2 (51, the dice: $P(n)$ = ways out of 36, expectation);
# part 6 (55, the board as a graph). *Discussion prompts*: "fewest steps or fewest movement points: which one
# does the wagon care about, and when are they the same?"; "two routes cost the same points but one pays tolls:
# what should break the tie?"; "a fishing ground on a 6 and the lake: which would you settle, and what does the
# model leave out?".

# %%
SEED = 54  # every random choice in this notebook uses this seed, so it runs the same every time

import math
import random
from collections import Counter
from fractions import Fraction

import bqplot as bq
import networkx as nx
import numpy as np
from ipywidgets import Layout

import ratgames_lab as rl
from ratgames_lab.catan import roads
from ratgames_lab.catan.board import BASE_BOARD, TERRAINS
from ratgames_lab.catan.combined import special
from ratgames_lab.catan.combined import wagon_routes as wr
from ratgames_lab.catan.combined_layout import combined_board
from ratgames_lab.catan.traders_data import default_fish
from ratgames_lab.widgets.catan_board import TERRAIN_COLOURS


def show(p):
    """A fraction with its rounded decimal value."""
    return f"{str(p):>8} = {float(p):.4f}"


# %% [markdown]
# We draw boards with one helper: the tiles in their terrain colours, the graph's edges and nodes on top, coloured
# by their **kind**, and any roads, routes or special nodes we want to show. (Reading it is optional: it is in
# `widgets/catan_graph_figure.py`, and it only turns the graph's node positions into bqplot lines and points.)

# %%
from ratgames_lab.widgets.catan_graph_figure import board_graph_figure

# %%
board = combined_board()                     # the shipped combined board (part 6, section 1)
topo = board.topo
PLAZA = {board.markets[topo.node_tiles[v][0]]: v for v in range(topo.n_nodes) if topo.node_kind[v] == "plaza"}
game = rl.load_game("catan", players=4, seed=SEED, variant="combined")
fresh = game.new_state()


def position(pieces=(), buildings=(), knights=()):
    """A combined position with these pieces: (player, piece, a, b) on edges, (player, level, node) buildings,
    (player, node) basic knights."""
    data = fresh.to_json()
    for p, piece, a, b in pieces:
        e = topo.edge_index[a, b]
        data["edges"]["owner"][e], data["edges"]["piece"][e] = p, piece
    for p, level, v in buildings:
        data["intersections"]["owner"][v], data["intersections"]["level"][v] = p, level
    for p, v in knights:
        data["knights"]["owner"][v], data["knights"]["level"][v] = p, 1
    return game.state_from_json(data)


# %% [markdown]
# ## 1. Wagon routes: weighted shortest paths
#
# In the combined variant each player has a **wagon** that carries goods from one market to another. It moves from
# node to node along edges, and each step costs **movement points** (MP) that depend on what stands on the edge.
# The rules summary's table (catan.md Part 2), as the engine has it in `combined.wagon_routes`:

# %%
# NBVAL_CHECK_OUTPUT
print(f"your road, ship or bridge            {wr.OWN} MP")
print(f"an opponent's road or ship           {wr.OPPONENT} MP + ${wr.TOLL[1]} toll to its owner")
print(f"an opponent's bridge                 {wr.OPPONENT_BRIDGE} MP + ${wr.TOLL[3]} toll")
print(f"land, coast or interior edge, empty  {wr.OPEN} MP")
print(f"dashed edge (river) without bridge   {wr.RIVER} MP")
print("sea edge without a ship              cannot be crossed")

# %% [markdown]
# So a wagon's map is a **weighted graph**: `wr.route_graph(state, player)` is the board graph with, on each edge
# the wagon can cross, its cost `mp` and its `toll` for that player. The cheapest route is a **weighted shortest
# path**, and **Dijkstra's algorithm** finds it. It settles the nodes in order of their cheapest known cost from
# the start, always extending the cheapest one first. So when it reaches the target, no cheaper way is left (this
# needs weights that are never negative, as here).
# `wr.cheapest_route` calls `nx.dijkstra_path` on the `mp` weights.
#
# On the empty board, from the quarry (top left) to the castle (bottom):

# %%
# NBVAL_CHECK_OUTPUT
Q, C, GL = PLAZA["quarry"], PLAZA["castle"], PLAZA["glassworks"]


def describe(state, path, p=0):
    """Steps, movement points and tolls of a path for player p's wagon."""
    g = wr.route_graph(state, p)
    steps = list(zip(path, path[1:]))
    return (f"{len(steps)} steps, {sum(g.edges[a, b]['mp'] for a, b in steps)} MP, "
            f"${sum(g.edges[a, b]['toll'] for a, b in steps)} in tolls")


mp, toll, route = wr.cheapest_route(fresh, 0, Q, C)
print("Dijkstra:", describe(fresh, route), "  route:", route)
print("step costs:", [wr.route_graph(fresh, 0).edges[a, b]["mp"] for a, b in zip(route, route[1:])])
bfs = nx.shortest_path(wr.route_graph(fresh, 0), Q, C)  # no weight: fewest steps (breadth-first search)
print("BFS:     ", describe(fresh, bfs))

# %% [markdown]
# **24 MP in 11 steps**: 9 empty land edges at 2 MP and two river crossings at 3. On an empty board the fewest
# steps (BFS, which counts steps and ignores weights) gives the same 24 MP. Now Player 1 ("you") builds 13 roads
# from the quarry's corner (node 18) to the castle's corner (node 102) by a way that crosses no river, with
# settlements at nodes 27 and 64:

# %%
# NBVAL_CHECK_OUTPUT
AROUND = [18, 26, 19, 27, 34, 41, 50, 57, 64, 71, 79, 87, 94, 102]  # 14 nodes: 13 roads
MINE = [(0, "road", a, b) for a, b in zip(AROUND, AROUND[1:])]
MY_TOWNS = [(0, 1, 27), (0, 1, 64)]
with_roads = position(MINE, MY_TOWNS)
mp, toll, route_roads = wr.cheapest_route(with_roads, 0, Q, C)
bfs_roads = nx.shortest_path(wr.route_graph(with_roads, 0), Q, C)
print("Dijkstra:", describe(with_roads, route_roads))
print("BFS:     ", describe(with_roads, bfs_roads))

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the chart.
board_graph_figure(board, "Your wagon, quarry to castle: Dijkstra (17 MP) against BFS (23 MP)",
                   [("edges", "your 13 roads", "#d32f2f", [topo.edge_index[a, b] for _, _, a, b in MINE]),
                    ("path", "Dijkstra: 15 steps, 17 MP", "#1b9e77", route_roads),
                    ("path", "BFS (fewest steps): 11 steps, 23 MP", "#7b1fa2", bfs_roads)], graph=False)

# %% [markdown]
# Dijkstra follows your roads: **15 steps for 17 MP** (2 MP into the market's corner, 13 roads at 1, 2 MP to the
# castle). BFS still finds 11 steps, but they cost **23 MP**: fewest steps is not cheapest. That is why the wagon's
# graph needs weights: a shortest path is only "shortest" for the weights you give it.
#
# **Tolls.** Now suppose you have no roads, and Player 2 (blue) has built 5 roads down the middle and a bridge over
# the lower river, with a settlement at node 57:

# %%
# NBVAL_CHECK_OUTPUT
MIDDLE = [40, 49, 57, 64, 72, 80]
BLUE = [(1, "road", a, b) for a, b in zip(MIDDLE, MIDDLE[1:])] + [(1, "bridge", 88, 95)]
blue_state = position(BLUE, [(1, 1, 57)])
mp, toll, route_blue = wr.cheapest_route(blue_state, 0, Q, C)
print("Dijkstra:", describe(blue_state, route_blue))
free = wr.route_graph(blue_state, 0)
free.remove_edges_from([(a, b) for a, b, t in free.edges(data="toll") if t])  # refuse every toll
print("cheapest route paying no toll:", nx.dijkstra_path_length(free, Q, C, weight="mp"), "MP")

# %% [markdown]
# The cheapest route in MP uses Blue's 5 roads and Blue's bridge: **17 MP, but $7** to Blue ($1 per road, $2 for
# the bridge). Refusing every toll means keeping off Blue's edges, and the best way round them costs **25 MP**,
# 1 more than on the empty board. Dijkstra minimises the one weight it is given; whether 8 MP are worth $7 is the
# player's choice, not the algorithm's.
#
# **Exercise 1 (guess first).** Both networks are now on the board: your 13 roads and Blue's (Blue's road from
# node 57 to node 64 is yours here). The cheapest route still costs 17 MP, but several different routes cost
# exactly 17 MP, with different tolls, and Dijkstra on MP alone returns whichever its order reaches first. Guess
# how many routes tie at 17 MP, then list them (`nx.all_shortest_paths(..., weight="mp")`) with their tolls. Then
# make Dijkstra prefer, among the cheapest routes in MP, the one with the smallest toll: give each edge the
# weight `100 * mp + toll` (why does 100 work?).

# %% tags=["solution"]
both = position(MINE + [piece for piece in BLUE if (piece[2], piece[3]) != (57, 64)], MY_TOWNS + [(1, 1, 57)])
g_both = wr.route_graph(both, 0)
cheapest = nx.dijkstra_path_length(g_both, Q, C, weight="mp")
tied = list(nx.all_shortest_paths(g_both, Q, C, weight="mp"))
print("cheapest:", cheapest, "MP;", len(tied), "cheapest routes:", sorted({describe(both, r) for r in tied}))
best = nx.dijkstra_path(g_both, Q, C, weight=lambda a, b, d: 100 * d["mp"] + d["toll"])
print("tie broken by tolls:", describe(both, best))

# %% [markdown] tags=["solution"]
# **Answer.** Four routes tie at 17 MP: yours (15 steps, no toll) and three that use some of Blue's pieces (11
# steps and $6, 12 steps and $2, 14 steps and $4). The weight `100 * mp + toll` finds the free 17-MP route. It
# works because every toll on a route is less than 100, so one MP more always outweighs any toll: MP first, tolls
# only to break a tie. (A player may still prefer a toll route that
# saves MP: that is another weighting, a price in $ per MP.)

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a whole number of routes.
from ratgames_lab.lessons import check

answer = ...
check("56-ex1", answer)

# %% [markdown]
# **Across the sea.** The glassworks stands on the small island. A sea edge without a ship cannot be crossed, so on
# the empty board there is **no route** at all. One ship on the strait edge (exercise 2) opens one:

# %%
# NBVAL_CHECK_OUTPUT
print("quarry to glassworks, empty board:", wr.cheapest_route(fresh, 0, Q, GL))
ship = position([(0, "ship", 35, 43)])
mp, toll, route_ship = wr.cheapest_route(ship, 0, Q, GL)
print("with your ship on the strait:", describe(ship, route_ship), " route:", route_ship)
mp, toll, route_both = wr.cheapest_route(position(MINE + [(0, "ship", 35, 43)], MY_TOWNS), 0, Q, GL)
print("with the ship and your 13 roads:", mp, "MP")

# %% [markdown]
# With the ship the route exists: **21 MP**, the ship step costing 1 like your own road. With your 13 roads as
# well, **17 MP**. A path exists exactly when both plazas are in one **connected component** of the wagon's graph
# (`cheapest_route` returns `None` otherwise): part 6's islands, seen by the wagon.
#
# ## 2. What is a fishing ground worth?
#
# In the combined variant some numbers pay **fish tokens** instead of cards. A **fishing ground** is a sea hex
# beside the coast, printed 4, 5, 6, 8, 9 or 10, touching 3 coast nodes; the **lake** is printed 2, 3, 11 and 12.
# When its number is rolled, a settlement next to one draws 1 fish token, a city 2. The tokens, from
# the data file (`traders_data.default_fish()`):

# %%
# NBVAL_CHECK_OUTPUT
fish = default_fish()
STACK = [value for value, count in fish.tokens for _ in range(count)] + [0] * fish.old_boot  # the Old Boot: 0 fish
print("tokens (fish: count):", dict(fish.tokens), " Old Boot:", fish.old_boot, " tiles in the stack:", len(STACK))
mean_token = Fraction(sum(STACK), len(STACK))
print("fish in the stack:", sum(STACK), "  mean fish per drawn tile:", show(mean_token),
      "  P(the Old Boot):", Fraction(fish.old_boot, len(STACK)))

# %% [markdown]
# > **The model.** Two fair dice; a roll of the ground's number (or of 2, 3, 11 or 12 for the lake) gives a
# > settlement one draw, a city two. Each draw takes the top tile of a face-down, well-shuffled stack of the 30
# > tiles, which nobody has seen, so each tile is equally likely to be drawn (the Old Boot counts as 0 fish; it
# > also costs 1 VP while held). Left out: the Old Boot stays with a player once drawn (the stack then holds 29
# > fish tokens: mean 55/29 ≈ 1.90); spent tokens are reshuffled when the stack runs out; a player holds at most 7
# > tokens; the robber on the lake and the pirate on a fishing ground block their fish. So these are fish per roll
# > **while none of these applies**.
#
# A drawn tile holds $E = 55/30 = 11/6 \approx 1.83$ fish on average. But are the draws not **without
# replacement**? They are, and it does not change the mean of a draw: if you have not seen what was drawn before,
# the second tile is as likely to be any of the 30 as the first. Count it over the $30 \times 29 = 870$ ordered
# pairs of different tiles:

# %%
# NBVAL_CHECK_OUTPUT
pairs = [(i, j) for i in range(len(STACK)) for j in range(len(STACK)) if i != j]
second = Fraction(sum(STACK[j] for _, j in pairs), len(pairs))
boot_second = Fraction(sum(1 for _, j in pairs if STACK[j] == 0), len(pairs))
print(len(pairs), "ordered pairs;  mean of the second tile:", second, "  P(second tile is the Old Boot):", boot_second)

# %% [markdown]
# Same 11/6, same 1/30. Per roll, a settlement gets $P(\text{its number}) \times 1 \times 11/6$ fish (expectation
# of a product of independent things: the dice and the stack); a city twice that.

# %%
# NBVAL_CHECK_OUTPUT
DICE = [a + b for a in range(1, 7) for b in range(1, 7)]


def P_roll(numbers):
    """P(the two dice show one of these numbers), out of the 36 outcomes."""
    return Fraction(sum(1 for n in DICE if n in numbers), len(DICE))


PLACES = {f"fishing ground {n}": (n,) for n in (4, 5, 6, 8, 9, 10)}
PLACES["the lake (2, 3, 11, 12)"] = tuple(fish.lake_numbers)
fish_per_roll = {}
print("place                      P(roll)   fish per roll: settlement       city")
for name, numbers in PLACES.items():
    fish_per_roll[name] = P_roll(numbers) * mean_token
    print(f"{name:25} {str(P_roll(numbers)):>8}   {show(fish_per_roll[name])}   {show(2 * fish_per_roll[name])}")

# %% [markdown]
# Where are they? Each game places the six fishing grounds at random along the coasts (`fishing_grounds` in a
# position: three coast nodes and a number each); the lake is a fixed tile. The grounds of this notebook's seeded
# game, and the lake's corners, with what a settlement there expects:

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the chart.
lake_tile = next(t for t in range(topo.n_tiles) if TERRAINS[board.layout.terrain[t]] == "lake")
PALETTE = {4: "#4d9221", 5: "#e08214", 6: "#d73027", 8: "#a50026", 9: "#b35806", 10: "#276419"}
grounds = [("nodes", f"fishing ground {n}: {float(fish_per_roll[f'fishing ground {n}']):.2f} fish per roll",
            PALETTE[n], [a, b, c], "diamond") for a, b, c, n in sorted(fresh.to_json()["fishing_grounds"],
                                                                      key=lambda g: g[3])]
lake_layer = ("nodes", f"the lake: {float(fish_per_roll['the lake (2, 3, 11, 12)']):.2f} fish per roll", "#4f86c6",
              list(topo.tile_nodes[lake_tile]), "circle")
board_graph_figure(board, "Fish per roll for a settlement: this game's fishing grounds and the lake",
                   grounds + [lake_layer], graph=False)

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the chart.
names = list(PLACES)
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.65)
bars = bq.Bars(x=[n.replace("fishing ground", "ground") for n in names],
               y=[[float(fish_per_roll[n]) for n in names], [float(2 * fish_per_roll[n]) for n in names]],
               type="grouped", colors=["#2166ac", "#e65100"], scales={"x": x, "y": y},
               labels=["a settlement: 1 draw", "a city: 2 draws"], display_legend=True)
bq.Figure(marks=[bars], title="Expected fish per roll, by fishing ground (exact, the model above)",
          legend_location="top-left",
          axes=[bq.Axis(scale=x, label="where the building stands"),
                bq.Axis(scale=y, orientation="vertical", label="expected fish per roll", tick_format=".2f")])


# %% [markdown]
# The lake is the best fishing place: its four numbers together come up 6 times in 36, more than a 6 or an 8
# (5 in 36). A settlement there expects **11/36 ≈ 0.31 fish per roll**. A fishing ground on a 6 or an 8 gives
# 55/216 ≈ 0.25, on a 4 or a 10 only 11/72 ≈ 0.15. For comparison, a settlement on a resource tile with a 6 gets
# 5/36 ≈ 0.14 **cards** per roll.
#
# A simulation checks the lake's number with the stack as it really is drawn: shuffled once, tiles taken from the
# top **without replacement**, reshuffled when empty. 20 000 rolls, seeded, with a ±2 standard-error band:

# %%
# NBVAL_CHECK_OUTPUT
def simulate_lake(rolls, seed):
    """Fish drawn on each of ``rolls`` rolls by a settlement on the lake, the stack drawn without replacement."""
    rng = random.Random(seed)
    stack, got = [], []
    for _ in range(rolls):
        if rng.randint(1, 6) + rng.randint(1, 6) in fish.lake_numbers:
            if not stack:
                stack = STACK[:]
                rng.shuffle(stack)
            got.append(stack.pop())
        else:
            got.append(0)
    return got


sample = simulate_lake(20_000, SEED)
mean = sum(sample) / len(sample)
se = math.sqrt(sum((v - mean) ** 2 for v in sample) / (len(sample) - 1) / len(sample))
exact = fish_per_roll["the lake (2, 3, 11, 12)"]
print(f"simulated {mean:.4f} fish per roll, band {mean - 2 * se:.4f} to {mean + 2 * se:.4f};"
      f" exact {float(exact):.4f}; inside: {abs(mean - exact) <= 2 * se}")

# %% [markdown]
# The exact 0.3056 is inside the band: the arithmetic is right **for this model**. Agreement checks the arithmetic,
# not the model: the simulation leaves out the same things (the boot leaving the stack, the 7-token limit, the
# robber).
#
# **Exercise 2 (guess first).** Which is worth more fish per roll: a **city** next to the fishing ground on 8, or a
# **settlement** next to the lake? By how much? Guess, then compute it from `fish_per_roll`.

# %% tags=["solution"]
city_8 = 2 * fish_per_roll["fishing ground 8"]
lake = fish_per_roll["the lake (2, 3, 11, 12)"]
print("city on the 8:", show(city_8), "  settlement on the lake:", show(lake), "  difference:", show(city_8 - lake))

# %% [markdown] tags=["solution"]
# **Answer.** The city: $2 \times 5/36 \times 11/6 = 55/108 \approx 0.51$ fish per roll, against
# $6/36 \times 11/6 = 11/36 \approx 0.31$; the difference is $22/108 = 11/54 \approx 0.20$ fish per roll. The city
# draws twice on 5 rolls in 36 (10 draws), the lake's settlement once on 6 rolls in 36 (6 draws).

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (city or settlement, by how much per roll), e.g. ("settlement", Fraction(1, 9)).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("56-ex2", answer)

# %% [markdown]
# ## What we learned
#
# * A wagon's route is a **weighted** shortest path: Dijkstra on the movement points. Fewest steps (BFS) is not
#   cheapest (11 steps for 23 MP against 15 steps for 17 MP); tolls are a second weight, and a tie needs a rule.
#   No path across the sea without a ship.
# * Fish per roll = $P(\text{number}) \times$ draws $\times$ the mean token, 11/6 (unchanged by drawing without
#   replacement): 11/36 for a settlement on the lake, 55/216 on a 6 or 8 ground, double for a city.
#
# Back to [part 6](55_catan_graphs.ipynb) for the board as a graph, [part 4](53_catan_variant_dice.ipynb) for the
# combined variant's dice, or to [part 1](50_catan_rules.ipynb) for the base game's rules.
