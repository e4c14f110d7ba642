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
# # Catan, part 5: graphs in Catan — the board, Longest Road, wagon routes and fishing grounds
#
# A Catan board is a **graph**: the corners of the tiles (intersections) are its **nodes**, the sides of the
# tiles are its **edges**. Settlements stand on nodes, roads and ships on edges, and many rules are questions
# about that graph. In this lesson we ask four of them:
#
# 1. what the graph looks like, for the base board and for the group's combined variant (rivers, seas, islands,
#    markets);
# 2. how long a road network is: Longest Road is the longest **trail** of the graph, a hard problem in general
#    and an easy one on a Catan board;
# 3. how a wagon finds its cheapest way to a market: **weighted shortest paths** (Dijkstra), and why the
#    weights matter;
# 4. what a fishing ground is worth: **expected fish per roll**, from the dice and the fish tokens.
#
# You need [part 2](51_catan_dice.ipynb) (a probability as a count, expectation) first; [part 1](50_catan_rules.ipynb)
# showed the base board as a graph. Run the cells from top to bottom. Lines starting with `# NBVAL_` are notes for
# the automatic tests that run this notebook; you can ignore them.
#
# > **The model.** Sections 1 to 3 are exact counts on the board's graph, with no chance in them: the board is the
# > shipped combined board (`combined_board.json`, a **Reconstruction**: the group's notes give only the tile
# > counts), the road networks are the ones we build here, and a wagon's step costs are the digest's table
# > (catan.md Part 2, "Wagons and markets"). Section 4 is a probability model, stated there: two fair dice, and
# > each fish token drawn from a face-down stack of the 30 tiles (29 fish tokens and the Old Boot) that nobody has
# > seen.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a graph as nodes and edges with attributes (kinds,
# weights); degree and the handshake lemma; connected components (islands); a path against a **trail** (edges not
# repeated, nodes may be); why a longest trail is hard in general (the number of trails explodes) and why a
# search of every trail still works on a small network; a brute-force check of a library's answer; weighted
# shortest paths (Dijkstra) against unweighted ones (breadth-first search, BFS); ties and a second criterion
# (tolls); expectation as probability times value, linearity, and why drawing without replacement does not change
# the mean of one draw. *Timing*: introduction (3 min), section 1 (10 min, exercises 1 and 2), section 2
# (14 min, exercise 3), section 3 (13 min, exercise 4), section 4 (8 min, exercise 5), wrap-up (2 min).
# *Prerequisites*: part 2 (51, the dice: $P(n)$ = ways out of 36, expectation); no graph theory: the words
# node, edge, degree, path are defined as they come. *Discussion prompts*: "the combined board is one graph but
# two islands: what joins them?"; "your road goes round a hexagon and back to its start: is it a path? is it a
# trail? how long is it?"; "why does the engine start its road search only at some intersections?"; "fewest
# steps or fewest movement points: which one does the wagon care about, and when are they the same?"; "two
# routes cost the same points but one pays tolls: what should break the tie?"; "a fishing ground on a 6 and the
# lake: which would you settle, and what does the model leave out?".

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
# by their **kind**, and any roads, routes or special nodes we want to show. (Reading it is optional: it only
# turns the graph's node positions into bqplot lines and points.)

# %%
EDGE_STYLE = {"land": ("#3b3b3b", 1.5), "coast": ("#8d5a2b", 1.5), "sea": ("#2166ac", 1.0),
              "interior": ("#e65100", 2.5)}
NODE_STYLE = {"land": "#3b3b3b", "coast": "#8d5a2b", "sea": "#2166ac", "plaza": "#e65100"}
WIDTH = 760  # the board figures' width in pixels


def _segments(xy, pairs):
    """x and y arrays of many segments in one line, separated by gaps (NaN), so the legend shows it once."""
    xs, ys = [], []
    for a, b in pairs:
        xs += [xy[a][0], xy[b][0], np.nan]
        ys += [xy[a][1], xy[b][1], np.nan]
    return np.array(xs), np.array(ys)


def board_graph_figure(board, title, layers=(), graph=True):
    """The board's tiles with its graph (edges and nodes by kind) and extra layers on top.

    Each layer is (what, label, colour, items): "edges" (edge indices), "path" (nodes in order) or "nodes" (with
    an optional fifth item, the marker)."""
    topo = board.topo
    xy = [(x, -y) for x, y in topo.node_xy]  # y grows upwards on the figure
    sx, sy = bq.LinearScale(), bq.LinearScale()
    scales = {"x": sx, "y": sy}
    tiles = [t for t in range(topo.n_tiles) if TERRAINS[board.layout.terrain[t]] != "sea"]
    marks = [bq.Lines(x=[[xy[v][0] for v in topo.tile_nodes[t]] for t in tiles],
                      y=[[xy[v][1] for v in topo.tile_nodes[t]] for t in tiles], fill="inside",
                      fill_colors=[TERRAIN_COLOURS[TERRAINS[board.layout.terrain[t]]] for t in tiles],
                      fill_opacities=[0.45] * len(tiles), colors=["#ffffff"], stroke_width=0.5, scales=scales)]
    if graph:
        for kind, (colour, width) in EDGE_STYLE.items():
            of_kind = [e for e in range(topo.n_edges) if topo.edge_kind[e] == kind]
            dashed = sum(topo.edge_dashed[e] for e in of_kind)
            if of_kind:
                x, y = _segments(xy, [topo.edge_nodes[e] for e in of_kind if not topo.edge_dashed[e]])
                marks.append(bq.Lines(x=x, y=y, colors=[colour], stroke_width=width, scales=scales,
                                      labels=[f"{kind} edge ({len(of_kind)}" + (f", {dashed} dashed)" if dashed
                                                                               else ")")], display_legend=True))
        dashed = [topo.edge_nodes[e] for e in range(topo.n_edges) if topo.edge_dashed[e]]
        if dashed:
            x, y = _segments(xy, dashed)
            marks.append(bq.Lines(x=x, y=y, colors=["#00bcd4"], stroke_width=4, line_style="dashed", scales=scales,
                                  labels=[f"river crossing, dashed ({len(dashed)})"], display_legend=True))
        for kind, colour in NODE_STYLE.items():
            nodes = [v for v in range(topo.n_nodes) if topo.node_kind[v] == kind]
            if nodes:
                marks.append(bq.Scatter(x=[xy[v][0] for v in nodes], y=[xy[v][1] for v in nodes], colors=[colour],
                                        default_size=90 if kind == "plaza" else 16,
                                        marker="square" if kind == "plaza" else "circle", scales=scales,
                                        labels=[f"{kind} node ({len(nodes)})"], display_legend=True))
    for what, label, colour, items, *marker in layers:
        if what == "edges":
            x, y = _segments(xy, [topo.edge_nodes[e] for e in items])
            marks.append(bq.Lines(x=x, y=y, colors=[colour], stroke_width=9, scales=scales, labels=[label],
                                  display_legend=True))
        elif what == "path":
            marks.append(bq.Lines(x=[xy[v][0] for v in items], y=[xy[v][1] for v in items], colors=[colour],
                                  stroke_width=3.5, line_style="dash_dotted" if "BFS" in label
                                  else "solid", scales=scales, labels=[label], display_legend=True))
        else:
            marks.append(bq.Scatter(x=[xy[v][0] for v in items], y=[xy[v][1] for v in items], colors=[colour],
                                    default_size=160, marker=(marker or ["triangle-up"])[0], stroke="#000000",
                                    scales=scales,
                                    labels=[label], display_legend=True))
    xs = [p[0] for p in xy]
    ys = [p[1] for p in xy]
    entries = sum(1 for m in marks if m.display_legend)
    sx.min, sx.max = min(xs) - 0.5, max(xs) + 0.5
    per_unit = (WIDTH - 80) / (sx.max - sx.min)  # pixels per unit on both axes: regular hexagons
    room = (16 * entries + 24) / per_unit  # room at the top for the legend
    sy.min, sy.max = min(ys) - 0.5, max(ys) + 0.5 + room
    height = round(per_unit * (sy.max - sy.min)) + 80
    return bq.Figure(marks=marks, title=title, legend_location="top-left", legend_style={"font-size": "11px"},
                     fig_margin={"top": 40, "bottom": 40, "left": 40, "right": 40},
                     layout=Layout(width=f"{WIDTH}px", height=f"{height}px"),
                     axes=[bq.Axis(scale=sx, label="west to east", num_ticks=0),
                           bq.Axis(scale=sy, orientation="vertical", label="south to north", num_ticks=0)])


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
# The combined variant's board (`combined_board()`, a **Reconstruction**: 46 tiles in rows of 7 and 6, the
# digest's layout) has much more in it: **sea tiles** inside the board (ships sail there), two **rivers** whose
# crossings are **dashed edges** (only a bridge may go there), the **lake** and three **markets**. A market tile
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
# joins them (section 3 uses it).

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
# many trails to list. Nobody knows a method that is fast on every graph: finding the longest path is NP-hard (if
# you could do it fast, you could decide fast whether a graph has a path through all its nodes, a famous hard
# problem), and the longest trail is NP-hard too. But a Catan player has at most 15 roads, and the engine needs
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
# number of roads (3); start at one, and you can walk every road once and end at the other (an **Euler trail**,
# which exists exactly when a connected network has 0 or 2 odd intersections). The longest path is only 9.

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
#
# ## 3. Wagon routes: weighted shortest paths
#
# In the combined variant each player has a **wagon** that carries goods from one market to another. It moves from
# node to node along edges, and each step costs **movement points** (MP) that depend on what stands on the edge.
# The digest's table (catan.md Part 2), as the engine has it in `combined.wagon_routes`:

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
# path**, and **Dijkstra's algorithm** finds it: it settles the nodes in order of their cheapest known cost from the
# start, always extending the cheapest one first, so that when it reaches the target no cheaper way is left (this
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
# **Exercise 4 (guess first).** Both networks are now on the board: your 13 roads and Blue's (Blue's road from
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
# (`cheapest_route` returns `None` otherwise): section 1's islands, seen by the wagon.
#
# ## 4. What is a fishing ground worth?
#
# In the combined variant a settlement next to a **fishing ground** (printed 4, 5, 6, 8, 9 or 10, in a sea hex
# beside the coast, touching 3 coast nodes) or next to the **lake** (printed 2, 3, 11 and 12) draws **fish
# tokens** instead of cards when its number is rolled: 1 token for a settlement, 2 for a city. The tokens, from
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
# (5 in 36), so a settlement there expects **11/36 ≈ 0.31 fish per roll**; a fishing ground on a 6 or an 8 gives
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
# **Exercise 5 (guess first).** Which is worth more fish per roll: a **city** next to the fishing ground on 8, or a
# **settlement** next to the lake? By how much? Guess, then compute it from `fish_per_roll`.

# %% tags=["solution"]
city_8 = 2 * fish_per_roll["fishing ground 8"]
lake = fish_per_roll["the lake (2, 3, 11, 12)"]
print("city on the 8:", show(city_8), "  settlement on the lake:", show(lake), "  difference:", show(city_8 - lake))

# %% [markdown] tags=["solution"]
# **Answer.** The city: $2 \times 5/36 \times 11/6 = 55/108 \approx 0.51$ fish per roll, against
# $6/36 \times 11/6 = 11/36 \approx 0.31$; the difference is $22/108 = 11/54 \approx 0.20$ fish per roll. The city
# draws twice on 5 rolls in 36 (10 draws), the lake's settlement once on 6 rolls in 36 (6 draws).

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
# * A wagon's route is a **weighted** shortest path: Dijkstra on the movement points. Fewest steps (BFS) is not
#   cheapest (11 steps for 23 MP against 15 steps for 17 MP); tolls are a second weight, and a tie needs a rule.
#   No path across the sea without a ship.
# * Fish per roll = $P(\text{number}) \times$ draws $\times$ the mean token, 11/6 (unchanged by drawing without
#   replacement): 11/36 for a settlement on the lake, 55/216 on a 6 or 8 ground, double for a city.
#
# Back to [part 4](53_catan_variant_odds.ipynb) for the combined variant's dice, or to [part 1](50_catan_rules.ipynb)
# for the base game's rules.
