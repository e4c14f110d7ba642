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
# # Catan, part 6: graphs in Catan — the board and Longest Road
#
# A Catan board is a **graph**: the corners of the tiles (intersections) are its **nodes**, the sides of the
# tiles are its **edges**. Settlements stand on nodes, roads and ships on edges. Many rules are questions about
# that graph. In this lesson we ask two of them:
#
# 1. what the graph looks like, for the base board and for the group's combined variant (rivers, seas, islands,
#    markets);
# 2. how long a road network is: Longest Road is the longest **trail** of the graph. That is a hard problem in
#    general, and an easy one on a Catan board.
#
# [Part 7](56_catan_routes_and_fish.ipynb) then finds a wagon's cheapest route and prices the fishing grounds.
# [Part 1](50_catan_rules.ipynb) showed the base board as a graph. Run the cells from top to bottom. Lines
# starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore them.
#
# > **The model.** Everything here is an exact count on the board's graph, with no chance in it. The board is the
# > shipped combined board (`combined_board.json`, a **Reconstruction**: the group's notes give only the tile
# > counts), and the road networks are the ones we build here.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a graph as nodes and edges with attributes (kinds);
# degree and the handshake lemma; connected components (islands); a path against a **trail** (edges not
# repeated, nodes may be); why a longest trail is hard in general (the number of trails explodes) and why a
# search of every trail still works on a small network; a brute-force check of a library's answer. *Timing*:
# introduction (5 min), section 1 (20 min, exercises 1 and 2), section 2 (22 min, exercise 3), wrap-up (3 min).
# *Prerequisites*: part 1 (50, the rules); no graph theory: the words node, edge, degree, path are defined as
# they come. *Discussion prompts*: "the combined board is one graph but two islands: what joins them?"; "your
# road goes round a hexagon and back to its start: is it a path? is it a trail? how long is it?"; "why does the
# engine start its road search only at some intersections?".

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

# %% [markdown]
# ## 1. The board as a graph
#
# The base board (part 1) first. `BASE_BOARD.graph` is a NetworkX graph: each node is an intersection, each edge
# a side of a tile, and each knows its `kind`: a `land` node has three land tiles around it, a `coast` node one or
# two. The **degree** of a node is its number of edges (how many roads can meet there).

# %%
# NBVAL_CHECK_OUTPUT
base = BASE_BOARD.graph
print(base)
print("nodes by kind:", dict(Counter(kind for _, kind in base.nodes(data="kind"))))
print("edges by kind:", dict(Counter(kind for _, _, kind in base.edges(data="kind"))))
print("nodes by degree:", dict(sorted(Counter(d for _, d in base.degree()).items())))
print("sum of the degrees:", sum(d for _, d in base.degree()), " = 2 x edges:", 2 * base.number_of_edges())

# %% [markdown]
# **54 nodes and 72 edges**; 18 nodes of degree 2 (the tips of the outer tiles) and 36 of degree 3. The sum of the
# degrees is twice the number of edges, $2 \times 72 = 144$, because each edge has two ends: the **handshake
# lemma**, true of every graph.
#
# The combined variant's board (`combined_board()`, a **Reconstruction**: 46 tiles in rows of 7 and 6) has much
# more in it. It has **sea tiles** inside the board (ships sail there) and two **rivers**, whose crossings are
# **dashed edges** (only a bridge may go there). It also has the **lake** and three **markets**. A market tile
# adds one more node, its **plaza**, in the middle of the tile, joined by `interior` edges to the market's four
# land corners: wagons stop there. A node with no land tile around it is a **sea node**: ships pass through it, but
# nobody builds there.

# %%
# NBVAL_CHECK_OUTPUT
board = combined_board()
G = board.graph
print(G)
print("nodes by kind:", dict(Counter(kind for _, kind in G.nodes(data="kind"))))
print("edges by kind:", dict(Counter(kind for _, _, kind in G.edges(data="kind"))))
print("dashed edges (river crossings):", sum(1 for _, _, dashed in G.edges(data="dashed") if dashed))
print("nodes by degree:", dict(sorted(Counter(d for _, d in G.degree()).items())))
print("sum of the degrees:", sum(d for _, d in G.degree()), " = 2 x edges:", 2 * G.number_of_edges())
topo = board.topo
PLAZA = {board.markets[topo.node_tiles[v][0]]: v for v in range(topo.n_nodes) if topo.node_kind[v] == "plaza"}
print("market plazas (node numbers):", PLAZA)

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the chart.
board_graph_figure(board, "The combined board as a graph: nodes and edges by kind")

# %% [markdown]
# **123 nodes** (29 land, 66 coast, 25 sea, 3 plazas) and **177 edges** (57 land, 66 coast, 42 sea, 12 interior);
# 7 of them are dashed river crossings. Nodes now have degree 2, 3 or 4. The handshake lemma holds again:
# $354 = 2 \times 177$.
#
# **Exercise 1 (guess first).** Which nodes have degree 4, and how many are there? Guess from the picture, then
# list them with `G.degree()` and their `kind`.

# %% tags=["solution"]
four = [v for v in G if G.degree(v) == 4]
print(len(four), "nodes of degree 4:", dict(Counter(G.nodes[v]["kind"] for v in four)))
print("all of them touch a market:", all(G.nodes[v]["kind"] == "plaza" or
                                         any(u[0] == "plaza" for u in G[v]) for v in four))

# %% [markdown] tags=["solution"]
# **Answer.** 15: the 3 plazas (each joined to 4 corners) and the 12 land corners of the markets (4 per market),
# which get a fourth edge, the interior edge to their plaza. Every other node keeps degree 2 or 3, as on the base
# board.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a whole number of nodes.
from ratgames_lab.lessons import check

answer = ...
check("55-ex1", answer)

# %% [markdown]
# **Islands.** Where can a road, a bridge or a wagon go without a ship? On the land, coast and interior edges
# (sea edges take only ships). Keep only those edges: the **connected components** of what is left are the
# **islands**.

# %%
# NBVAL_CHECK_OUTPUT
land_graph = nx.Graph((a, b) for a, b, kind in G.edges(data="kind") if kind != "sea")
islands = sorted(nx.connected_components(land_graph), key=len, reverse=True)
print("the whole board is connected:", nx.is_connected(G))
print("without the sea edges:", len(islands), "components;", land_graph.number_of_nodes(), "nodes in them,",
      G.number_of_nodes() - land_graph.number_of_nodes(), "left out: the sea nodes")
for i, island in enumerate(islands, 1):
    tiles = {t for v in island for t in G.nodes[v]["tiles"] if TERRAINS[board.layout.terrain[t]] != "sea"}
    markets = [m for m, v in PLAZA.items() if topo.node_keys[v] in island]
    print(f"island {i}: {len(island)} nodes, {len(tiles)} land tiles, markets: {markets}")


# %% [markdown]
# One graph, **two islands**: 65 nodes on 22 land tiles with the quarry and the castle, 33 nodes on 8 land tiles
# with the glassworks. Only ships (on sea edges) join them.
#
# **Exercise 2 (guess first).** How many ships at least must stand between the two islands for a network to
# join them? Guess, then let Dijkstra answer: give every sea edge weight 1 and every other edge weight 0, and ask
# for the lightest path from the quarry's plaza to the glassworks' plaza.

# %% tags=["solution"]
def ships(a, b, edge):
    """The weight of an edge: 1 if only a ship can stand on it, else 0."""
    return 1 if edge["kind"] == "sea" else 0


start, goal = topo.node_keys[PLAZA["quarry"]], topo.node_keys[PLAZA["glassworks"]]
strait_path = nx.dijkstra_path(G, start, goal, weight=ships)
crossing = [(topo.node_index[a], topo.node_index[b]) for a, b in zip(strait_path, strait_path[1:])
            if G.edges[a, b]["kind"] == "sea"]
print("ships needed:", nx.dijkstra_path_length(G, start, goal, weight=ships), "  on the sea edge between nodes",
      crossing)

# %% [markdown] tags=["solution"]
# **Answer.** One: the strait between the islands is one sea edge wide, between nodes 35 and 43. A single ship there
# joins them (part 7 uses it).

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a whole number of ships.
from ratgames_lab.lessons import check

answer = ...
check("55-ex2", answer)

# %% [markdown]
# ## 2. Longest Road: the longest trail
#
# Longest Road goes to the player with the longest continuous road. In graph words, a player's roads are a set
# of edges, and the rule measures the longest **trail** in them: a walk along the roads that **never uses a road
# twice**, but may come back to an intersection it has already passed. (A **path** may not even come back to an
# intersection.) An opponent's settlement or city on an intersection breaks the road there: a trail may end at it
# but not pass through.
#
# A worked example on the base board: Player 1 has a ring of 6 roads around the central desert and a tail of 3
# roads going south from it. Player 2 has no piece yet.

# %%
# NBVAL_CHECK_OUTPUT
btopo = BASE_BOARD.topo
desert = next(t for t in range(btopo.n_tiles) if TERRAINS[BASE_BOARD.layout.terrain[t]] == "desert")
RING = list(btopo.tile_edges[desert])
TAIL = [btopo.edge_index[a, b] for a, b in ((30, 36), (36, 41), (41, 46))]  # from the ring's node 30, southwards
ROADS = RING + TAIL


def longest(edges, blocked=()):
    """The engine's Longest Road for Player 1 owning ``edges``, an opponent building on each ``blocked`` node."""
    edge_owner = [0 if e in edges else -1 for e in range(btopo.n_edges)]
    node_owner = [1 if v in blocked else -1 for v in range(btopo.n_nodes)]
    return roads.longest_road(btopo, edge_owner, node_owner, 0, sorted(edges))


print("ring edges:", RING, "  ring nodes:", btopo.tile_nodes[desert])
print("tail edges:", TAIL)
print("Longest Road of the 9 roads:", longest(ROADS))


# %% [markdown]
# **9**: start at the tail's end (node 46), walk the tail to node 30, go all the way round the ring and come back
# to node 30. Node 30 is visited twice (its three roads are all used), no road twice. That is a trail, not a path.
#
# Before we trust the engine, we check it by **brute force**: list every trail, by extending each trail found by
# every unused road at its end, from every intersection, and keep the longest. The longest **path** (no
# intersection twice) comes from the same search, with one more condition.

# %%
# NBVAL_CHECK_OUTPUT
def all_trails(edges, edge_nodes, blocked=(), simple=False):
    """Every trail of the given edges (each as a tuple of edges, from each end); a blocked node ends a trail;
    ``simple``: paths only (no node twice)."""
    touching = {}
    for e in edges:
        for v in edge_nodes[e]:
            touching.setdefault(v, []).append(e)
    found = []

    def extend(v, trail, visited):
        found.append(trail)
        if trail and v in blocked:
            return
        for e in touching[v]:
            if e not in trail:
                a, b = edge_nodes[e]
                w = b if a == v else a
                if not (simple and w in visited):
                    extend(w, trail + (e,), visited | {w})

    for v in touching:
        extend(v, (), {v})
    return found


trails = all_trails(ROADS, btopo.edge_nodes)
paths = all_trails(ROADS, btopo.edge_nodes, simple=True)
print(f"{len(trails)} trails (the empty trail at each node included), the longest: {max(map(len, trails))} roads")
print(f"{len(paths)} paths, the longest: {max(map(len, paths))} roads")
print("blocked at node 23 by Player 2's settlement: engine", longest(ROADS, blocked={23}), " brute force",
      max(map(len, all_trails(ROADS, btopo.edge_nodes, blocked={23}))))

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the chart.
board_graph_figure(BASE_BOARD, "Player 1's 9 roads: a ring and a tail (Longest Road 9)",
                   [("edges", "Player 1's roads (9)", "#d32f2f", ROADS),
                    ("nodes", "Player 2's settlement (node 23), in the second count", "#1e5bd8", [23])])

# %% [markdown]
# The longest trail has 9 roads, the longest path only 8 (it must stop one road before closing the ring). With
# Player 2's settlement on node 23, on the far side of the ring, the road is broken there: the best trail is then
# 6, for example from node 23 three roads round the ring to node 30, then the tail's 3.
#
# **Why is it hard in general?** The search above tries every trail, and their number grows fast with the size of
# the network. Count them for networks of rings: the ring round the desert, then the rings round the tiles next to
# it, one tile more each time (up to 30 roads, more than a player has):

# %%
# NBVAL_CHECK_OUTPUT
FLOWER = [desert, 14, 13, 8, 4, 5, 10]  # the desert, then its six neighbours
previous = None
for k in range(1, len(FLOWER) + 1):
    network = sorted({e for t in FLOWER[:k] for e in btopo.tile_edges[t]})
    count = len(all_trails(network, btopo.edge_nodes))
    growth = ""
    if previous:  # the factor per extra road: (count / previous count) ** (1 / roads added)
        factor = count / previous[1]
        growth = f"  x {factor:.1f}, or x {factor ** (1 / (len(network) - previous[0])):.2f} per road"
    print(f"{k} ring(s), {len(network):2} roads: {count:6} trails{growth}")
    previous = len(network), count


# %% [markdown]
# Each extra road multiplies the number of trails by 1.26 to 1.41, roughly the same factor every time: the count
# grows **exponentially**, like money at compound interest, and on a big graph with many loops there are far too
# many trails to list. Nobody knows a method that is fast on every graph: finding the longest path is NP-hard,
# and so is finding the longest trail. (A fast method would also decide fast whether a graph has a path through
# all its nodes, a famous hard problem.) But a Catan player has at most 15 roads, and the engine needs
# no cleverness to search them all... almost. It uses one trick, in `roads.longest_road`: a longest trail can only
# **start** at an intersection where an **odd** number of the player's roads meet, or at an opponent's building
# (or anywhere on a closed loop with no odd intersection). A trail that starts at an intersection with an even
# number of the player's roads, and ends elsewhere, uses an odd number of them: one is left unused there, and
# starting along it gives a longer trail.
#
# We test the engine against the brute force on 300 random road networks of 1 to 15 roads, grown at random on
# the base board (each new road touching the network), with 0 to 2 opponent buildings on the network's
# intersections:

# %%
# NBVAL_CHECK_OUTPUT
def random_network(rng, size):
    """A random connected set of ``size`` edges on the base board."""
    edges = {rng.randrange(btopo.n_edges)}
    while len(edges) < size:
        ends = {v for e in edges for v in btopo.edge_nodes[e]}
        edges.add(rng.choice(sorted({f for v in ends for f in btopo.node_edges[v]} - edges)))
    return sorted(edges)


rng = random.Random(SEED)
agree, tried = 0, 300
for _ in range(tried):
    network = random_network(rng, rng.randint(1, 15))
    nodes = sorted({v for e in network for v in btopo.edge_nodes[e]})
    blocked = set(rng.sample(nodes, rng.randint(0, min(2, len(nodes)))))
    brute = max(map(len, all_trails(network, btopo.edge_nodes, blocked)))
    agree += longest(network, blocked) == brute
print(f"the engine agrees with the brute force on {agree} of {tried} random networks")

# %% [markdown]
# **Exercise 3 (guess first).** Player 1 owns the 6 roads round the desert and the 6 roads round the grain tile
# just south-east of it (they share one road, so 11 roads in all: a figure eight). What is Player 1's Longest
# Road? And the longest **path**? Guess, then compute both (the tile is `btopo.tile_edges[14]`).

# %% tags=["solution"]
EIGHT = sorted(set(btopo.tile_edges[desert]) | set(btopo.tile_edges[14]))
degrees = Counter(v for e in EIGHT for v in btopo.edge_nodes[e])
print(len(EIGHT), "roads; intersections with an odd number of roads:", sorted(v for v, d in degrees.items() if d % 2))
print("Longest Road:", longest(EIGHT), "  brute force:", max(map(len, all_trails(EIGHT, btopo.edge_nodes))),
      "  longest path:", max(map(len, all_trails(EIGHT, btopo.edge_nodes, simple=True))))

# %% [markdown] tags=["solution"]
# **Answer.** 11: every road counts. Exactly two intersections (30 and 35, the ends of the shared road) have an odd
# number of roads (3). Start at one, and you can walk every road once and end at the other. This is an **Euler
# trail**: it exists exactly when a connected network has 0 or 2 odd intersections. The longest path is only 9.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (Longest Road, longest path), e.g. (7, 5).
from ratgames_lab.lessons import check

answer = ...
check("55-ex3", answer)

# %% [markdown]
# **The combined variant** counts roads, **bridges** and **ships** (`combined.special.road_length`). A bridge is a
# road on a river crossing, so it joins roads freely. Roads and ships are different families: they join only at
# the player's **own** settlement or city (a ship sets out from a settlement or city on the coast, not from the end
# of a road). An opponent's building or knight breaks the trail, as before.
#
# Player 1 on the combined board: two bridges over river 1, three roads to the coast at node 35, then two ships
# across the strait (the one-edge crossing of exercise 2, and one more along the far coast). We write the pieces
# into a position (a position is data: `to_json`, edit, `state_from_json`) and ask the engine:

# %%
# NBVAL_CHECK_OUTPUT
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


CHAIN = [(0, "bridge", 26, 33), (0, "bridge", 33, 41), (0, "road", 41, 34), (0, "road", 34, 42),
         (0, "road", 42, 35), (0, "ship", 35, 43), (0, "ship", 43, 36)]
cases = {"no building at node 35": position(CHAIN),
         "Player 1's settlement at node 35": position(CHAIN, [(0, 1, 35)]),
         "... and Player 2's knight at node 34": position(CHAIN, [(0, 1, 35)], [(1, 34)])}
for name, state in cases.items():
    print(f"{name:40} Longest Road {special.road_length(state, 0)}")

# %% [markdown]
# Without a building at node 35 the five land pieces (2 bridges + 3 roads) and the two ships are two separate
# trails: the longest is **5**. Player 1's own settlement at the junction joins them: **7**. Player 2's knight on
# node 34 then cuts the land part: the trail from node 34 to the last ship is 2 roads + 2 ships = **4**, and the
# other side (two bridges and one road, ending at the knight) is 3.

# %% [markdown]
# ## What we learned
#
# * A Catan board is a graph with attributes: nodes and edges have a kind (land, coast, sea, plaza, interior) and
#   edges may be dashed. The base board has 54 nodes and 72 edges; the combined board 123 and 177. The sum of the
#   degrees is twice the number of edges. Without the sea edges the combined board falls into two islands, joined
#   by one sea edge.
# * Longest Road is the longest **trail** (no road twice, intersections may repeat): 9 for a ring and a tail,
#   where the longest path is 8; 11 for a figure eight (an Euler trail), where the path is 9. In general the
#   problem is hard (NP-hard); on at most 15 roads a search of every trail works, and the engine starts it only at
#   odd intersections or opponents' buildings. A brute force agreed on 300 random networks. In the combined
#   variant roads and bridges join each other, ships join roads only at your own building.
#
# Next: [part 7](56_catan_routes_and_fish.ipynb) finds a wagon's cheapest route and prices the fishing grounds.
# Back to [part 5](54_catan_barbarians.ipynb) for the barbarians, or to [part 1](50_catan_rules.ipynb) for the
# base game's rules.
