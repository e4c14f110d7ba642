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
# # Rattus, part 1: the rules
#
# **Rattus** (Åse & Henrik Berg, White Goblin Games, 2010) takes place in 1347, when the Black Death reaches
# Europe. Each player has 20 wooden **cubes**, their population. You place cubes in the regions of a map of
# Europe; the **plague** moves from region to region and wipes cubes out. At the end, whoever has the most
# cubes left wins.
#
# In this notebook the computer is the referee. We never just *say* how a rule works: we play it with the
# rules engine and read its explanation. You will learn:
#
# 1. which data is reconstructed, and how to load your own;
# 2. the components, counted from the game's data files;
# 3. the map, as a **graph** (regions and who borders whom);
# 4. the setup, step by step;
# 5. a turn, step by step: take a class card, place cubes, move the plague (spread, then ravage);
# 6. the rulebook's placing example (Gallia, Germania, Italia);
# 7. the rulebook's plague example in Gallia, reproduced exactly;
# 8. the rulebook's Knight example.
#
# [Part 2](21_rattus_powers_and_end.ipynb) shows the six class powers and the end of the game.
#
# Run each cell with **Shift+Enter**, from top to bottom. The rulebook is French; the English names used here
# (and in the rest of ratgames_lab) are listed in `docs/rattus.md`, for example *jeton rat* = rat token,
# *valeur limite* = threshold, *région infectée* = infected region.
#
# Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
# them.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: read a rule as something a referee can check (every
# event names its rulebook section); see a map as a **graph** (regions are nodes, neighbours are edges) and
# answer questions with it; follow a turn (take a card, place cubes, move the plague, spread, ravage); replay
# the rulebook's worked examples and predict their outcome. *Timing*: sections 1–2, the data and the
# components (8 min); section 3, the map as a graph, then exercise 1 (12 min); sections 4–5, setup and a turn
# (10 min); section 6 and exercise 2 (7 min); section 7 and exercise 3 (8 min); section 8 (5 min).
# *Prerequisites*: none beyond reading Python calls; no probability yet. *Discussion prompts*: "why does the
# rulebook let the active player choose the order of the reveals — when can the order matter?" (exercise 3
# answers it); "which regions are the plague's favourite crossroads, judging only by the graph?" (part 5 comes
# back to this with a random walk); "the token list is a reconstruction: which of today's conclusions would
# survive the printed tokens, and which would not?"

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

import json
import random
from collections import Counter
from pathlib import Path

import bqplot as bq
import networkx as nx

import ratgames_lab as rl
from ratgames_lab.rattus import DEFAULT_BOARD, DEFAULT_TOKENS, POSITIONS, board_for_players
from ratgames_lab.rattus.actions import (EndTurn, KingToCastle, KnightNeutral, MerchantMove, MonkMove,
                                         MovePlague, PeasantCube, Place, Reveal, SetupPlace, Spread,
                                         TakeClass, WitchPeek, WitchSwap)
from ratgames_lab.rattus.components import CLASS_FRENCH, CLASS_NAMES, CLASSES, COLOURS, CUBES_PER_PLAYER

def show_events(events):
    """Print each event as [rulebook section] explanation."""
    for e in events:
        print(f"[{e.rule}] {e.text()}")


# %% [markdown]
# ## 1. Reconstructed data: read this first
#
# The French rulebook explains every rule, but it prints **no picture of the map** and **no list of the 49
# rat tokens**. So three things in ratgames_lab are the project's own **reconstruction**, not the publisher's
# data:
#
# * the **map**: which regions are neighbours, and which pairs are joined by a sea arrow;
# * the **drawing positions** of the regions (only used to draw the map);
# * the **49 rat tokens**: the threshold and the symbols printed on each one.
#
# Everything else (the region names, the numbers of cubes, tokens and cards, every rule) comes from the
# rulebook. The reconstruction fits the rulebook's examples: Gallia borders Hispania, and a Knight can move
# the plague from Italia to Scandia in two steps. The data are plain JSON files that ship with the package;
# each one says what it is:

# %%
# NBVAL_CHECK_OUTPUT
DATA = Path(rl.__file__).parent / "rattus" / "data"
for name in ("board.json", "tokens.json"):
    info = json.loads((DATA / name).read_text())
    print(f"ratgames_lab/rattus/data/{name}: {info['title']}")
    print(f"    {info['note']}")

# %% [markdown]
# **For teachers who own the game.** Write the printed map and tokens in files with the same fields (or
# edit copies of these two) and pass them when you create a game. A path or a Python `dict` both work:
#
# ```python
# game = rl.load_game("rattus", players=4, board="my_board.json", tokens="my_tokens.json")
# ```
#
# Every notebook and dashboard then uses your data. The files are checked when they are loaded: a mistake is
# refused with the name of the faulty field. Here we copy the shipped map into a `dict`, make a typo in one
# border, and try to load it:

# %%
# NBVAL_CHECK_OUTPUT
my_board = DEFAULT_BOARD.to_json()     # a copy of board.json as a Python dict
print("First border in the file:", my_board["edges"][0])
my_board["edges"][0]["b"] = "Galia"    # a typo
try:
    rl.load_game("rattus", players=4, board=my_board)
except rl.InvalidPositionError as error:
    print("Refused:", error)
    print("Field:", error.field)

# %% [markdown]
# ## 2. The components
#
# The counts below are read from the data files, not typed in by hand.

# %%
# NBVAL_CHECK_OUTPUT
print(len(DEFAULT_BOARD.graph), "regions:", ", ".join(DEFAULT_BOARD.order))
print(f"{len(COLOURS)} colours of cubes ({', '.join(COLOURS)}), {CUBES_PER_PLAYER} cubes each:",
      len(COLOURS) * CUBES_PER_PLAYER, "cubes")
print(len(DEFAULT_TOKENS), "rat tokens, of which", len(DEFAULT_TOKENS.setup_tokens),
      "are setup tokens (circled in purple)")
print(len(CLASSES), "class cards and 1 plague piece")

# %% [markdown]
# Each **class card** is a character of the Middle Ages. The rulebook names a card (*Roi*) and its social class
# (*Noblesse*); we use the English name of the card.

# %%
# NBVAL_CHECK_OUTPUT
print(f"{'card':9} {'French card':12} French class")
for card in CLASSES:
    french_card, french_class = CLASS_FRENCH[card]
    print(f"{CLASS_NAMES[card]:9} {french_card:12} {french_class}")

# %% [markdown]
# A **rat token** lies face down (you only see a rat). Its face shows a **threshold** and one or more
# **symbols**:
#
# * the **threshold** is the smallest number of cubes (all colours together) that the token can harm: with
#   fewer cubes in the region, the token does nothing;
# * **M** (*Majorité*, majority): the player with the most cubes there loses one (all tied players do);
# * a **class symbol**: whoever holds that class card loses one cube there;
# * **A** (*Tous*, all): every player with a cube there loses one.
#
# Here are the 12 setup tokens, then the counts over all 49 (reconstruction):

# %%
# NBVAL_CHECK_OUTPUT
for t in DEFAULT_TOKENS.setup_tokens:
    print(DEFAULT_TOKENS.describe(t))

# %%
# NBVAL_CHECK_OUTPUT
thresholds = Counter(DEFAULT_TOKENS.threshold)
print("Tokens per threshold:", ", ".join(f"{k}: {thresholds[k]}" for k in sorted(thresholds)))
symbols = Counter(s for token_symbols in DEFAULT_TOKENS.symbols for s in token_symbols)
for symbol in ["M", "A"] + CLASSES:
    print(f"  symbol {CLASS_NAMES.get(symbol, symbol):8} on {symbols[symbol]:2} tokens")

# %% [markdown]
# ## 3. The map is a graph
#
# For the rules, only one thing about the map matters: **which regions are neighbours**. The plague moves to a
# neighbour, new rats go to neighbours, the Merchant and the Monk move things to a neighbour. A set of points
# (the regions) joined by links (the neighbour pairs) is what mathematicians call a **graph**. ratgames_lab
# keeps the map as a graph of the [NetworkX](https://networkx.org) library.
#
# Each region (a *node*) has attributes: `tier`, the smallest number of players that uses it, and `x`, `y`,
# where to draw it. Each link (an *edge*) has a `kind`: a **land** border, or a sea **arrow** (the rulebook:
# "two regions joined by an arrow count as neighbours").

# %%
# NBVAL_CHECK_OUTPUT
graph = DEFAULT_BOARD.graph
print(f"{'region':9} {'used from':10} {'drawn at':11} neighbours")
for name, attrs in graph.nodes(data=True):
    neighbours = ", ".join(sorted(graph[name]))
    print(f"{name:9} {attrs['tier']} players  ({attrs['x']:4}, {attrs['y']:3})  {neighbours}")

# %%
# NBVAL_CHECK_OUTPUT
kinds = Counter(kind for a, b, kind in graph.edges(data="kind"))
print("Neighbour pairs:", graph.number_of_edges(), "=", kinds["land"], "land borders +", kinds["arrow"], "sea arrows")
print("Sea arrows:", ", ".join(f"{a}–{b}" for a, b, kind in graph.edges(data="kind") if kind == "arrow"))


# %% [markdown]
# Let us draw the graph with **bqplot**, a charting library for notebooks. Two helper functions do it; you
# do not need to understand every line. `segments` turns the edges of one kind into lists of coordinates,
# and `draw_map` draws the regions as dots at their positions, the land borders as solid lines and the sea
# arrows as dashed lines, with a legend. (The drawing is a sketch for this project, not the printed board;
# `board.json` also gives a position to the Castle, which the dashboards use.)

# %%
def segments(graph, kind):
    """x and y lists for drawing the edges of one kind: each segment, then a gap (nan: "not a number")."""
    xs, ys = [], []
    for a, b, k in graph.edges(data="kind"):
        if k == kind:
            xs += [graph.nodes[a]["x"], graph.nodes[b]["x"], graph.nodes[b]["x"]]
            ys += [graph.nodes[a]["y"], graph.nodes[b]["y"], float("nan")]
    return xs, ys


# %%
def draw_map(graph, title):
    """Regions at their drawing positions (colour: from how many players on), land borders solid, arrows dashed."""
    sc = {"x": bq.LinearScale(min=0, max=12), "y": bq.LinearScale(min=0, max=12)}
    marks = []
    for kind, label, style, colour in [("land", "land border", "solid", "#8c6d31"),
                                       ("arrow", "sea arrow (also neighbours)", "dashed", "#3b8bc2")]:
        xs, ys = segments(graph, kind)
        marks.append(bq.Lines(x=xs, y=ys, scales=sc, colors=[colour], line_style=style, stroke_width=3,
                              labels=[label], display_legend=True))
    for tier, colour in {2: "#2f6fd6", 3: "#f0b429", 4: "#d64545"}.items():
        names = [n for n in graph if graph.nodes[n]["tier"] == tier]
        if names:
            marks.append(bq.Scatter(x=[graph.nodes[n]["x"] for n in names], y=[graph.nodes[n]["y"] for n in names],
                                    scales=sc, colors=[colour], stroke="black", default_size=250,
                                    labels=[f"region used from {tier} players on"], display_legend=True))
    marks.append(bq.Label(x=[graph.nodes[n]["x"] for n in graph], y=[graph.nodes[n]["y"] for n in graph],
                          text=list(graph), scales=sc, y_offset=-16, align="middle", default_size=13,
                          font_weight="bold", colors=["black"]))
    axes = [bq.Axis(scale=sc["x"], label="west to east (map units)"),
            bq.Axis(scale=sc["y"], orientation="vertical", label="south to north (map units)")]
    return bq.Figure(marks=marks, axes=axes, title=title, legend_location="top-right",
                     layout={"width": "760px", "height": "560px"})


# %%
# NBVAL_IGNORE_OUTPUT
draw_map(graph, "The Rattus map as a graph (project reconstruction): all 12 regions")

# %% [markdown]
# ### Fewer players, smaller map
#
# With 2 players only 8 regions are used, with 3 players 10, with 4 players all 12. A game uses the
# **subgraph** of its regions: the regions in play and every link between two of them.
# `board_for_players(n)` builds it.

# %%
# NBVAL_CHECK_OUTPUT
for players in (2, 3, 4):
    g = board_for_players(players)
    kinds = Counter(kind for a, b, kind in g.edges(data="kind"))
    print(f"{players} players: {g.number_of_nodes():2} regions, {g.number_of_edges():2} neighbour pairs "
          f"({kinds['land']} land + {kinds['arrow']} sea), connected: {nx.is_connected(g)}")

# %%
# NBVAL_IGNORE_OUTPUT
draw_map(board_for_players(2), "The map for 2 players (project reconstruction): 8 regions")

# %% [markdown]
# A graph library answers questions about the map for us. How many neighbours does each region have, and how
# many moves does the plague need from Italia to Scandia?

# %%
# NBVAL_CHECK_OUTPUT
by_degree = sorted(graph.degree, key=lambda pair: (-pair[1], pair[0]))
print("Neighbours per region:", ", ".join(f"{name} {d}" for name, d in by_degree))
print("Plague moves from Italia to Scandia:", nx.shortest_path_length(graph, "Italia", "Scandia"),
      "for example", " → ".join(nx.shortest_path(graph, "Italia", "Scandia")))

# %% [markdown]
# **Exercise 1.** With 2 players, where can the plague go from Hispania in one move? And with the Knight, in
# two moves (it may not end in Hispania)? Answer with the graph `board_for_players(2)`.

# %% tags=["solution"]
g2 = board_for_players(2)
one_step = sorted(g2["Hispania"])
two_steps = sorted({far for near in g2["Hispania"] for far in g2[near]} - {"Hispania"})
print("One move:", one_step)
print("Knight, two moves:", two_steps)

# %% [markdown] tags=["solution"]
# **Answer.** One move: Gallia or Italia (Hispania–Italia is a sea arrow). Two moves: Anglia, Gallia,
# Germania, Hungaria, Italia. Gallia and Italia are on both lists, because they are neighbours of each other.
# (With 3 players, Turcia would be added, through the Italia–Turcia arrow.)

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (the regions in one move, the regions in two moves), two sets, e.g. ({"Gallia"}, {"Anglia", "Italia"}).
from ratgames_lab.lessons import check

answer = ...
check("20-ex1", answer)

# %% [markdown]
# ## 4. Setting up a game
#
# `rl.load_game` creates a game for a number of players with a seed; `new_state()` does the setup as the
# rulebook says. Every change of the game is recorded in `state.events`; each event knows the rulebook
# section that caused it (`e.rule`) and explains itself in English (`e.text()`). `show_events` prints the
# pair `(e.rule, e.text())` of each event. We play with **3 players**: Red, Yellow and Green.

# %%
# NBVAL_CHECK_OUTPUT
game = rl.load_game("rattus", players=3, seed=SEED)
state = game.new_state()
show_events(state.events)

# %% [markdown]
# Let us check the count: every one of the 49 tokens must be somewhere. (`state.to_json()` is the whole
# position as plain data; it also lets *us* peek at face-down tokens, which a player cannot do.)

# %%
# NBVAL_CHECK_OUTPUT
position = state.to_json()
on_board = sum(len(region["rats"]) for region in position["regions"].values())
print(f"{on_board} on the board + {len(position['supply'])} in the supply + "
      f"{len(position['removed'])} removed = {on_board + len(position['supply']) + len(position['removed'])} tokens")
print("Slots dealt at setup, as Red sees them:",
      {name: r["dealt_at_setup"] for name, r in list(state.observation(0)["regions"].items())[:3]}, "...")

# %% [markdown]
# With 3 players the 10 regions of the 3-player map get one setup token each; the 2 unused setup tokens join
# the others; then **6** tokens are removed from the game, face down, unseen (12 with 2 players, none with
# 4). The plague piece goes to a random region: here Gallia.
#
# Everybody watches the setup tokens go to the regions. Nobody sees their faces, but everybody **remembers**
# that each region's first token is a setup token (purple circle), and the engine remembers it too: every
# player's `observation` marks those slots. Part 3 shows how much this changes the odds.
#
# Then each player places **2 cubes** in one region, in this order:

# %%
# NBVAL_CHECK_OUTPUT
order = game.components.setup_order
print(" → ".join(COLOURS[seat] for seat in order))
print("To place now:", COLOURS[state.current_player])
print("Choices:", [a.region for a in state.legal_actions()])

# %% [markdown]
# First clockwise from the youngest player (seat 0, Red), then back in reverse order, so the last player
# places twice in a row. We choose the regions ourselves:

# %%
# NBVAL_CHECK_OUTPUT
for region in ["Germania", "Italia", "Italia", "Hungaria", "Italia", "Germania"]:
    state.apply(SetupPlace(region))
show_events(state.events[4:])
print()
print(state.describe())

# %% [markdown]
# In `describe()`, each `●` is a face-down rat token. Setup is over and Red plays the first turn.
#
# ## 5. A turn, step by step
#
# On your turn you may, in any order:
#
# 1. **take a class card** (optional): one nobody holds, or one from another player;
# 2. **place cubes** (optional): in one region, as many cubes as it has rat tokens;
#
# and then you **must**
#
# 3. **move the plague** to a neighbouring region. The plague first **spreads** (new rat tokens go to the
#    neighbours), then **ravages** the region (its tokens are revealed one by one).
#
# The engine lists only legal actions. Red has 20 of them:

# %%
# NBVAL_CHECK_OUTPUT
actions = state.legal_actions()
print(len(actions), "legal actions:", dict(Counter(a.kind for a in actions)))
print([str(a) for a in actions if a.kind == "move_plague"])

# %% [markdown]
# **Step 1.** Red takes the Merchant card. Class cards stay face up in front of their holder.

# %%
# NBVAL_CHECK_OUTPUT
state.apply(TakeClass("merchant"))
show_events(state.events[-1:])

# %% [markdown]
# **Step 2.** Every region holds one rat token, so Red may place 1 cube in any of them. Red adds one to
# Germania:

# %%
# NBVAL_CHECK_OUTPUT
state.apply(Place("Germania", peasant=False))
show_events(state.events[-1:])

# %% [markdown]
# **Step 3.** Red moves the plague from Gallia to Italia, where Yellow has 4 cubes and Green 2. Italia is now
# the **infected region**.
#
# *Spread*: the infected region holds 1 rat token, so **1** new token goes to a neighbour (with 2 or 3 tokens,
# 2 new ones would go out). Red chooses the neighbour:

# %%
# NBVAL_CHECK_OUTPUT
state.apply(MovePlague(to="Italia", via=None))
show_events(state.events[-2:])
print("Red chooses where the new token goes:", [a.region for a in state.legal_actions()])

# %% [markdown]
# Red sends it to Hungaria (Green's cubes are there). The new token comes face down from the supply: nobody
# chooses it, it is **chance**. The engine says so: the player to move is `rl.CHANCE`, and
# `chance_outcomes()` lists every possible token with its exact probability.

# %%
# NBVAL_CHECK_OUTPUT
state.apply(Spread("Hungaria"))
outcomes = state.chance_outcomes()
print("Player to move:", state.current_player, "= rl.CHANCE:", state.current_player == rl.CHANCE)
print(len(outcomes), "possible tokens, each with probability", outcomes[0][1],
      "- total", sum(p for _, p in outcomes))

# %% [markdown]
# We draw one with a seeded random generator (so this notebook always draws the same one):

# %%
# NBVAL_CHECK_OUTPUT
rng = random.Random(SEED)
before = len(state.events)
state.apply(state.sample_chance(rng))
show_events(state.events[before:])

# %% [markdown]
# Read the log from the top:
#
# * the new token went to Hungaria;
# * *Ravage*: Italia holds a cube and a face-down token, so its tokens are revealed one by one. Here there is
#   only one (the engine reveals it by itself: a choice with one option is made automatically);
# * its threshold is 3 and Italia holds 6 cubes: **contamination**;
# * **M** first: Yellow has the most cubes in Italia and loses one; then the **Peasant** symbol: nobody holds
#   the Peasant, so nothing happens;
# * the ravage stops: no rat token is left in Italia. Revealed tokens leave the game.
#
# **The reveal loop.** In general the ravage repeats: *while the infected region holds at least one cube and
# at least one face-down token, the active player picks a token and reveals it*. Section 7 shows a loop with
# three tokens. The board now:

# %%
# NBVAL_CHECK_OUTPUT
print(state.describe())

# %% [markdown]
# ## 6. Placing cubes: the rulebook's example
#
# > There are 3 rat tokens in Gallia, 1 in Germania and none in Italia. Red may place 3 cubes in Gallia or 1
# > in Germania, but none in Italia.
#
# The rulebook's examples ship with ratgames_lab as position files (`ratgames_lab/rattus/positions/`, the
# folder `POSITIONS`). `rl.load_position` reads a position file of any game and returns its game and state.

# %%
# NBVAL_CHECK_OUTPUT
game6, state6 = rl.load_position(POSITIONS / "placement.json")
print(state6.describe())
print("Red may place cubes in:", [a.region for a in state6.legal_actions() if a.kind == "place"])

# %% [markdown]
# Italia is not in the list. If we try anyway, the engine refuses, names the rule, and the position does not
# change:

# %%
# NBVAL_CHECK_OUTPUT
before = state6.to_json()
try:
    state6.apply(Place("Italia", peasant=False))
except rl.IllegalActionError as error:
    print("Refused:", error)
    print("Rule:", error.rule)
print("Position unchanged:", state6.to_json() == before)

# %% [markdown]
# In the rulebook Red places in Germania. `clone()` makes a copy of the state, so we can also try Gallia
# without changing the original:

# %%
# NBVAL_CHECK_OUTPUT
other = state6.clone()
other.apply(Place("Gallia", peasant=False))
show_events(other.events[-1:])
state6.apply(Place("Germania", peasant=False))
show_events(state6.events[-1:])

# %% [markdown]
# **Exercise 2.** In the placing example (`rl.load_position(POSITIONS / "placement.json")`), suppose Red
# held the Peasant. How many cubes could Red place in Gallia, in Germania and in Italia? Guess first, then
# check with the engine: edit the position (`data = state.to_json()`, then `data["classes"]["peasant"] = 0`
# and `game.state_from_json(data)`) and try each region on a `clone()`.

# %% tags=["solution"]
game_ex, state_ex = rl.load_position(POSITIONS / "placement.json")
data_ex = state_ex.to_json()
data_ex["classes"]["peasant"] = 0
with_peasant = game_ex.state_from_json(data_ex)
for region in ("Gallia", "Germania", "Italia"):
    trial = with_peasant.clone()
    trial.apply(Place(region, peasant=True))
    print(trial.events[-1].text())

# %% [markdown] tags=["solution"]
# **Answer.** 4 in Gallia (3 rats + 1), 2 in Germania (1 + 1) and 1 in Italia (0 + 1): the Peasant's extra
# cube is the only way to place a cube in a region without rats.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the cubes in (Gallia, Germania, Italia), e.g. (1, 2, 3).
from ratgames_lab.lessons import check

answer = ...
check("20-ex2", answer)

# %% [markdown]
# ## 7. The plague in Gallia: the rulebook's example
#
# > Yellow holds the Knight, Green the Peasant and the Merchant, Blue the Monk, the Witch and the King. Red
# > moves the plague to Gallia, which holds 3 rat tokens, 2 green cubes and 1 yellow cube.
#
# The rulebook shows the three tokens that are revealed. They are not among our 49 reconstructed tokens, so
# the position file adds them, as `EX1`, `EX2` and `EX3`, with the `tokens=` option (a custom token set):

# %%
# NBVAL_CHECK_OUTPUT
game7, state7 = rl.load_position(POSITIONS / "gallia_plague.json")
print(len(game7.tokens), "tokens in this game's set; the three added ones:")
for token_id in ("EX1", "EX2", "EX3"):
    print(" ", game7.tokens.describe(game7.tokens.index[token_id]))
print()
print(state7.describe())

# %% [markdown]
# Red moves the plague to Gallia. Gallia holds 3 tokens, so 2 new tokens spread; Red puts both in Hispania
# (the rulebook does not say which tokens come out of the supply, so we draw them with the seeded generator).

# %%
# NBVAL_CHECK_OUTPUT
rng = random.Random(SEED)
before = len(state7.events)
state7.apply(MovePlague(to="Gallia", via=None))
for _ in range(2):
    state7.apply(Spread("Hispania"))
    state7.apply(state7.sample_chance(rng))
show_events(state7.events[before:])

# %% [markdown]
# Now the reveal loop. Gallia holds 3 face-down tokens, so Red chooses which one to reveal first:

# %%
# NBVAL_CHECK_OUTPUT
print("Red may:", [str(a) for a in state7.legal_actions()])

# %% [markdown]
# Red reveals token #1 (the first that arrived in Gallia), then again the first of those left:

# %%
# NBVAL_CHECK_OUTPUT
before = len(state7.events)
state7.apply(Reveal(0))
show_events(state7.events[before:])

# %% [markdown]
# Threshold 1, and Gallia holds 3 cubes: contamination. Green holds the Merchant and loses a cube; Blue holds
# the Monk but has no cube in Gallia. The region still holds 2 cubes and 2 tokens, so the loop goes on:

# %%
# NBVAL_CHECK_OUTPUT
before = len(state7.events)
state7.apply(Reveal(0))
show_events(state7.events[before:])

# %% [markdown]
# Exactly as in the rulebook:
#
# * the second token (threshold 3) does nothing: only 2 cubes are left;
# * the third one (threshold 2) contaminates. **M** comes first: Green and Yellow tie with 1 cube each, so
#   **both** lose their cube;
# * the Merchant (Green) and Monk (Blue) symbols find no cube left in Gallia;
# * the loop stops (no token left) and Yellow's turn begins. "Gallia is now completely devastated":

# %%
# NBVAL_CHECK_OUTPUT
print(state7.describe())

# %% [markdown]
# **Exercise 3.** The order of the reveals is the active player's choice. In the Gallia example, what happens
# if Red reveals **token #3 first** (threshold 2: M, Merchant, Monk)? Play it from a fresh
# `rl.load_position(POSITIONS / "gallia_plague.json")` and compare with section 7: does Gallia still end up empty?

# %% tags=["solution"]
game_ex, state_ex = rl.load_position(POSITIONS / "gallia_plague.json")
rng_ex = random.Random(SEED)
state_ex.apply(MovePlague(to="Gallia", via=None))
for _ in range(2):
    state_ex.apply(Spread("Hispania"))
    state_ex.apply(state_ex.sample_chance(rng_ex))
before = len(state_ex.events)
state_ex.apply(Reveal(2))   # token #3 first
while state_ex.step == "reveal":
    state_ex.apply(Reveal(0))
show_events(state_ex.events[before:])
print(state_ex.to_json()["regions"]["Gallia"])

# %% [markdown] tags=["solution"]
# **Answer.** No. Token #3 hits 3 cubes: M takes one of Green's 2 cubes (Green has the majority), then the
# Merchant symbol takes Green's last cube. Only Yellow's cube is left. Token #1 (threshold 1) then
# contaminates, but its symbols (Merchant, Monk) find no cube of their holders, and token #2 (threshold 3) is
# above the single cube. **Yellow keeps a cube**: the order of the reveals can change the result.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the colour of the player who keeps a cube in Gallia, e.g. "Green" (or "nobody").
from ratgames_lab.lessons import check

answer = ...
check("20-ex3", answer)

# %% [markdown]
# ## 8. The Knight: the rulebook's example
#
# > If the plague is in Italia, the Knight's holder may move it to Scandia. If they declare that the plague
# > counts as 2 extra cubes and there are 2 cubes in Scandia, the plague contaminates if a token shows a
# > threshold of 3 or 4.
#
# The Knight moves the plague **two** regions instead of one (the effects only happen at the end, and it may
# not end where it started). Scandia is not a neighbour of Italia, but it is two steps away:

# %%
# NBVAL_CHECK_OUTPUT
game8, state8 = rl.load_position(POSITIONS / "knight.json")
moves = [a for a in state8.legal_actions() if a.kind == "move_plague"]
print("Yellow holds the Knight. One step:", [a.to for a in moves if a.via is None])
print("Two steps:", len([a for a in moves if a.via]), "moves, for example",
      [str(a) for a in moves if a.to == "Scandia"])

# %%
# NBVAL_CHECK_OUTPUT
rng = random.Random(SEED)
before = len(state8.events)
state8.apply(MovePlague(to="Scandia", via="Germania"))
while state8.step in ("spread", "draw"):   # Scandia holds 2 tokens: 2 new tokens spread
    if state8.current_player == rl.CHANCE:
        state8.apply(state8.sample_chance(rng))
    else:
        state8.apply(Spread("Russia"))
show_events(state8.events[before:])
print("Yellow must decide:", [str(a) for a in state8.legal_actions()])

# %% [markdown]
# Before any token is revealed, Yellow decides whether the plague counts as 2 extra **neutral** cubes. We try
# both on copies of the state:

# %%
# NBVAL_CHECK_OUTPUT
for declare in (True, False):
    trial = state8.clone()
    before = len(trial.events)
    trial.apply(KnightNeutral(declare))
    if trial.step == "reveal":   # two tokens: Yellow chooses the first one
        trial.apply(Reveal(0))
    print(f"--- Knight declares the neutral cubes: {declare} ---")
    show_events(trial.events[before:])

# %% [markdown]
# With the 2 neutral cubes, Scandia counts 2 + 2 = 4 cubes, so the thresholds 4 and then 3 are reached
# (after the first loss, 1 + 2 = 3). Without them, 2 cubes are below both thresholds: nothing happens.

# %% [markdown]
# **Next:** [part 2, the class powers and the end of the game](21_rattus_powers_and_end.ipynb).
