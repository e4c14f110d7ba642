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
# # Catan, part 1: the rules, refereed by the engine
#
# Catan (the official base game, 3 or 4 players) is played on an island of 19 hexagonal **tiles**. Players build
# **settlements** and **cities** on the **intersections** (the corners of the tiles) and **roads** on the
# **edges** (their sides). Each turn the dice are rolled, and every tile showing the rolled number produces its
# resource for the buildings on its corners. Resources buy roads, settlements, cities and development cards; the
# first player with 10 victory points on their own turn wins.
#
# In this lesson the engine referees every step:
#
# 1. the board: terrains, number tokens, harbours, and the graph of intersections and edges;
# 2. the setup: snake order, the distance rule, the second settlement's resources;
# 3. a turn: the roll and production, a trade between players, building, and what the engine refuses;
# 4. a 7: discards, the robber, the steal;
# 5. harbours: better trade rates with the bank.
#
# Run the cells from top to bottom. Lines starting with `# NBVAL_` are notes for the automatic tests that run this
# notebook; you can ignore them. The names are those of the glossary in `docs/catan.md` (the group's notes are in
# French: *tuile* = tile, *maison* = settlement, *ville* = city, *route* = road, *le voleur* = the robber).

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: read the board as data (a graph of 54 intersections and
# 72 edges, computed, not memorised); apply the setup and turn rules and predict their effect before the engine
# applies them; read an engine's refusal as a rule. *Timing*: section 1 (12 min, exercise 1), section 2 (12 min,
# exercise 2), section 3 (12 min, exercise 3), section 4 (8 min, exercise 4), section 5 (6 min). *Prerequisites*:
# none (the rules are introduced here); a little Python reading. *Discussion prompts*: "why is the setup order
# reversed for the second settlement?" (fairness: the last to choose first gets two picks in a row); "why a
# distance rule?" (every settlement needs room for tiles of its own); "a trade helps both players: when would you
# refuse one?" (when it helps the leader more than you); "why discard only above 7 cards?".

# %%
SEED = 50  # every random choice in this notebook uses this seed, so it runs the same every time

from collections import Counter
from pathlib import Path

import networkx as nx

import ratgames_lab as rl
import ratgames_lab.catan
from ratgames_lab import IllegalActionError
from ratgames_lab.catan import odds
from ratgames_lab.catan.actions import (AcceptOffer, BankTrade, BuildCity, BuildRoad, BuildSettlement,
                                        ConfirmTrade, Dice, EndTurn, MoveRobber, OfferTrade, RejectOffer, Roll)
from ratgames_lab.catan.board import TERRAINS
from ratgames_lab.widgets.catan_board import PLAYER_NAMES, board_figure

POSITIONS = Path(ratgames_lab.catan.__file__).parent / "positions"   # the game's shipped positions
game = rl.load_game("catan", players=4, seed=SEED)                  # the shipped base board
state = game.new_state()


def tile_name(s, t):
    """'tile 7 (grain 6)': a tile by its index, terrain and number."""
    return f"tile {t} ({TERRAINS[s.terrain[t]]}{' ' + str(s.number[t]) if s.number[t] else ''})"


def spot(s, v):
    """The tiles around intersection v, as 'terrain number'."""
    return ", ".join(f"{TERRAINS[s.terrain[t]]} {s.number[t] or ''}".strip() for t in s.comp.topo.node_tiles[v])


def play(s, *actions):
    """Apply actions through the engine and print the log lines they add (each line names a rule)."""
    start = len(s.events)
    for action in actions:
        s.apply(action)
    for event in s.events[start:]:
        print(f"[{event.rule}] {event.text()}")


def refused(s, action):
    """Try an action; print the engine's refusal and its rule, and check that the position did not change."""
    before = s.to_json()
    try:
        s.apply(action)
        print(f"{action.describe()}: legal (applied)")
    except IllegalActionError as error:
        print(f"{action.describe()}: refused: {error}")
        assert s.to_json() == before, "a refused action leaves the position unchanged"


# %% [markdown]
# ## 1. The board
#
# The board is data: `ratgames_lab/catan/data/base_board.json` lists the 19 land tiles with their terrain and
# number token, and the harbours. Count them:

# %%
# NBVAL_CHECK_OUTPUT
print("terrains:", dict(Counter(TERRAINS[t] for t in state.terrain)))
print("number tokens:", sorted(n for n in state.number if n))
print("harbours:", dict(Counter(h["kind"] for h in state.to_json()["harbours"])))
print("the robber starts on", tile_name(state, state.robber))

# %% [markdown]
# Four each of grain, lumber and wool, three each of brick and ore, one desert: the official tiles. The 18
# tokens run from 2 to 12, with no 7 (a 7 moves the robber instead of producing), and 2 and 12 appear once, the
# other numbers twice. The tokens follow the official A–R spiral; where the terrains lie is the project's choice
# (the rulebook allows any placement). The nine harbours: a `3:1` harbour trades any 3 identical cards for one
# card of the bank; a harbour named after a resource (`wool`) trades 2 of that resource for one card.
#
# The board as the dashboard draws it: each tile coloured by its terrain, with its number token and its pips (the
# dots: part 2 explains them), the harbours on the coast and the robber on the desert. Hover over a tile or a
# building to see its number.

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the board chart.
board_figure(state, title="The base board: terrains, number tokens, harbours, the robber")

# %% [markdown]
# The corners and sides of the tiles form a **graph** (the NetworkX library): each intersection is a node, each
# edge joins two intersections. The engine computes it from the tiles; it is the source of truth for every rule
# that says "next to" or "connected to".

# %%
# NBVAL_CHECK_OUTPUT
G = game.board.graph
print(G)
print("intersections by number of neighbours:", dict(sorted(Counter(d for _, d in G.degree()).items())))
print("connected:", nx.is_connected(G), "  diameter (longest shortest path, in edges):", nx.diameter(G))

# %% [markdown]
# **54 intersections and 72 edges.** An intersection has 2 or 3 neighbours: the 18 with 2 lie on the coast, at
# the tips of the outer tiles. The engine numbers them (top to bottom, left to right) and uses those numbers in
# actions and in the log. For example, intersection 40 touches three tiles:

# %%
# NBVAL_CHECK_OUTPUT
topo = game.board.topo
print("intersection 40 touches:", spot(state, 40))
print("its neighbours:", topo.node_nbrs[40], "  its edges:", topo.node_edges[40])
print("edge", topo.node_edges[40][0], "joins intersections", topo.edge_nodes[topo.node_edges[40][0]])

# %% [markdown]
# Each node of the graph knows the tiles around it and its `kind`: `land` if its three tiles are land tiles,
# `coast` if one or two of them are sea.
#
# **Exercise 1 (guess first).** How many intersections are `land` and how many `coast`? Guess, then count them
# with `G.nodes(data="kind")`.

# %% tags=["solution"]
print(Counter(kind for _, kind in G.nodes(data="kind")))

# %% [markdown] tags=["solution"]
# **Answer.** 24 land intersections and 30 on the coast. The 30 coastal ones include the 18 with only two
# neighbours (tips of the outer tiles) and 12 with three, where two outer tiles meet.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (land, coast), e.g. (20, 34).
from ratgames_lab.lessons import check

answer = ...
check("50-ex1", answer)

# %% [markdown]
# ## 2. The setup: snake order and the distance rule
#
# Each player places a settlement and a road touching it, in seat order; then again in **reverse** order (1, 2, 3,
# 4, 4, 3, 2, 1: the "snake"). The **distance rule** holds all game long: a settlement needs its intersection
# **and every neighbouring intersection** free. Where to settle? The dice lesson (part 2) shows that a spot is
# worth its **pips** (the dots under its numbers). `odds.production_heat` gives every intersection's expected
# cards per roll; the best five:

# %%
# NBVAL_CHECK_OUTPUT
heat = odds.production_heat(state)
for v in sorted(range(topo.n_nodes), key=lambda v: (-heat[v], v))[:5]:
    print(f"intersection {v:2}: {int(heat[v] * 36):2} pips  ({spot(state, v)})")

# %% [markdown]
# Player 1 takes intersection 40 and builds a road on one of its edges. Player 2 would like intersection 44, just
# as rich, but it is next to 40. The engine refuses, and names the rule:

# %%
# NBVAL_CHECK_OUTPUT
play(state, BuildSettlement(40), BuildRoad(topo.node_edges[40][0]))
refused(state, BuildSettlement(44))
print("44 and 40 are neighbours:", G.has_edge(*[topo.node_keys[v] for v in (44, 40)]))


# %% [markdown]
# In this game every player takes the free intersection with the most pips (the lowest number on a tie), and the
# first road the engine lists. Players 2 and 3 choose, then Player 4 places the first of their two settlements in
# a row:

# %%
# NBVAL_CHECK_OUTPUT
def greedy_setup_step(s):
    """The setup choice of this lesson: the legal settlement with the most pips, or the first legal road."""
    actions = s.legal_actions()
    if s.phase == "setup_settlement":
        return max(actions, key=lambda a: (heat[a.node], -a.node))
    return actions[0]


for _ in range(4):          # Players 2 and 3: a settlement and a road each
    play(state, greedy_setup_step(state))
print("Player", state.current_player + 1, "to place a settlement")

# %% [markdown]
# **Exercise 2 (guess first).** Before Player 4's first settlement: how many intersections are still legal for a
# settlement (the legal actions), and which one has the most pips? Guess, then count.

# %% tags=["solution"]
legal_spots = [a.node for a in state.legal_actions()]
best = max(legal_spots, key=lambda v: (heat[v], -v))
print(len(legal_spots), "legal intersections; the best:", best, f"({int(heat[best] * 36)} pips: {spot(state, best)})")

# %% [markdown] tags=["solution"]
# **Answer.** 43 of the 54 intersections are still legal. Each of the three settlements (40, 8, 39) blocks its own
# intersection and its 3 neighbours, 12 in all, but intersection 44 is next to both 40 and 39 and is counted
# once: 11 blocked. The best is intersection 9 (wool 10, lumber 8, wool 11), with 10 pips.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (legal intersections, the one with the most pips), e.g. (40, 12).
from ratgames_lab.lessons import check

answer = ...
check("50-ex2", answer)

# %% [markdown]
# The rest of the setup, in snake order. The **second** settlement of each player gives one resource for each
# producing tile around it (the `setup.resources` lines):

# %%
# NBVAL_CHECK_OUTPUT
while state.phase.startswith("setup"):
    play(state, greedy_setup_step(state))
for p in range(4):
    print(f"Player {p + 1} ({PLAYER_NAMES[p]} on the board): settlements on "
          f"{[v for v in range(topo.n_nodes) if state.node_owner[v] == p]}, {state.hand_text(p)}")

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the board chart.
board_figure(state, title="After the setup: two settlements and two roads per player")

# %% [markdown]
# ## 3. A turn: roll, production, trade, build
#
# Player 1 rolls. The dice are a **chance** action of the engine: `Roll()`, then `Dice(red, yellow)`. A game
# rolls them with a seeded random generator; here we set them to 3 + 3 to watch a 6 being produced. Every tile
# numbered 6 pays 1 card per settlement (2 per city) on its corners. (The bank holds 19 cards of each resource;
# if it cannot pay everybody owed a resource, nobody receives it, unless only one player is owed it, who gets what
# is left: the bank-shortage rule.)

# %%
# NBVAL_CHECK_OUTPUT
print("tiles numbered 6:", [tile_name(state, t) for t in range(topo.n_tiles) if state.number[t] == 6])
before_roll = state.clone()          # a copy of the position before the roll (for exercise 3)
play(state, Roll(), Dice(3, 3))

# %% [markdown]
# **Exercise 3 (guess first).** Had the dice shown 4 + 4 = 8 instead, who would have received what? Guess from
# the settlements and the tiles, then apply `Roll()` and `Dice(4, 4)` to a **copy** of the position *before*
# the roll, `before_roll`.

# %% tags=["solution"]
check = before_roll.clone()
play(check, Roll(), Dice(4, 4))

# %% [markdown] tags=["solution"]
# **Answer.** The two 8s are lumber (north) and brick (south). Player 2 (intersection 10) and Player 4
# (intersection 9) touch the lumber 8; Player 3 (intersection 39) touches the brick 8. Each receives one card.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a set of (player, resource) pairs, e.g. {("Player 1", "wool"), ("Player 2", "ore")}.
from ratgames_lab.lessons import check

answer = ...
check("50-ex3", answer)

# %% [markdown]
# Now Player 1 holds brick, lumber and two grain, and would like wool. Players trade freely on the active
# player's turn: Player 1 **offers** 1 grain for 1 wool; each other player, in seat order, accepts, rejects or
# makes a counter-offer (their own decision); then Player 1 closes with one who accepted. The engine lists, for
# each player answering, what they may do: a player without wool cannot accept.

# %%
# NBVAL_CHECK_OUTPUT
play(state, OfferTrade(give=(0, 0, 0, 1, 0), get=(0, 0, 1, 0, 0)))   # amounts: brick, lumber, wool, grain, ore
while state.phase == "trade_reply":
    answering = state.current_player
    print(f"Player {answering + 1} may: {[a.describe() for a in state.legal_actions()]}")
    play(state, AcceptOffer() if answering == 2 else RejectOffer())
play(state, ConfirmTrade(partner=2))
print(state.hand_text(0))

# %% [markdown]
# A road costs a brick and a lumber, and must touch Player 1's road or building. A settlement costs brick, lumber,
# wool and grain, and must stand at the end of one of the player's roads, distance rule included; a city (3 ore
# and 2 grain) replaces a settlement. Ask the engine first:

# %%
# NBVAL_CHECK_OUTPUT
refused(state, BuildRoad(0))                         # far away in the north
refused(state, BuildCity(40))                        # no ore
refused(state, BuildSettlement(36))                  # next to Player 3's settlement on 41
roads_now = [a.edge for a in state.legal_actions() if isinstance(a, BuildRoad)]
print("legal roads:", roads_now)
play(state, BuildRoad(roads_now[0]), EndTurn())

# %% [markdown]
# Each refusal names its rule (`build.road`, `build.cost`, `build.distance`), and a refused action leaves the
# position unchanged (`refused` checks it: the position's JSON is the same before and after).

# %% [markdown]
# ## 4. A 7: discards, the robber, the steal
#
# A 7 produces nothing. Every player holding **more than 7** cards discards half of them, rounded down, each
# choosing which. Then the active player moves the **robber** to another tile (it blocks that tile's production
# while it stays) and steals one random card from a player with a building on that tile. The shipped position
# `seven_discards` starts just after a 7 rolled by Player 1:

# %%
# NBVAL_CHECK_OUTPUT
game_7, seven = rl.load_position(POSITIONS / "seven_discards.json")
for p in range(4):
    print(f"Player {p + 1}: {sum(seven.hands[p]):2} cards, must discard {seven.discard_left[p]}")
print("Player", seven.current_player + 1, "discards first; may discard:", [a.describe() for a in seven.legal_actions()])

# %% [markdown]
# Each player discards one card at a time, their own choice (here, the first card the engine lists), until their
# half is gone. Then Player 1 moves the robber:

# %%
# NBVAL_CHECK_OUTPUT
discarded = 0
while seven.phase == "discard":
    seven.apply(seven.legal_actions()[0])
    discarded += 1
print(discarded, "cards discarded;", [f"Player {p + 1}: {sum(seven.hands[p])}" for p in range(4)])
print("the robber may go to", len(seven.legal_actions()), "tiles (any land tile but the one it stands on)")
refused(seven, MoveRobber(seven.robber))

# %% [markdown]
# **Exercise 4 (guess first).** Player 4 holds 7 lumber. On which tiles can Player 1 put the robber to be
# allowed to steal from Player 4? Guess from `seven.describe()` and the tiles around Player 4's settlement, then
# try each legal robber move on a copy and look at whom the engine lets Player 1 rob (`after.victim` when only
# one player can be robbed, the `ChooseVictim` actions when several can).

# %% tags=["solution"]
print("\n".join(seven.describe().splitlines()[1:5]))
for move in seven.legal_actions():
    after = seven.clone()
    after.apply(move)
    victims = [a.victim for a in after.legal_actions()] if after.phase == "victim" else \
        [after.victim] if after.phase == "steal" else []
    if 3 in victims:
        print(tile_name(seven, move.tile), "can rob:", [f"Player {q + 1}" for q in victims])

# %% [markdown] tags=["solution"]
# **Answer.** Tiles 13 (ore 5) and 14 (grain 6), around Player 4's settlement on intersection 35. The desert,
# also next to it, is where the robber already stands, and the robber must move.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the set of tile numbers, e.g. {1, 2}.
from ratgames_lab.lessons import check

answer = ...
check("50-ex4", answer)

# %% [markdown]
# ## 5. Harbours: better rates with the bank
#
# On their turn a player may trade with the bank: 4 identical cards for any one card, 3 with a settlement or city
# on a `3:1` harbour, 2 of a resource on that resource's `2:1` harbour. The shipped position `harbour_trade`:

# %%
# NBVAL_CHECK_OUTPUT
game_h, harbour = rl.load_position(POSITIONS / "harbour_trade.json")
print(harbour.hand_text(0))
print("Player 1 pays, per card bought:", dict(zip(("brick", "lumber", "wool", "grain", "ore"), harbour.rates[0])))
play(harbour, BankTrade(give="wool", get="ore"))
refused(harbour, BankTrade(give="wool", get="ore"))
print(harbour.hand_text(0))

# %% [markdown]
# ## What we learned
#
# * The board is data and a graph: 19 tiles, 54 intersections, 72 edges; "next to" and "connected" are graph
#   questions.
# * Setup: snake order, the distance rule, one resource per tile around the second settlement.
# * A turn: the dice (a chance action), production for every player, trades (each player answers for
#   themselves), building at a cost and at a place the rules allow.
# * A 7: discards above 7 cards, then the robber and a steal.
# * The engine refuses an illegal action, names the rule and leaves the state unchanged.
#
# ## Play a game
#
# The dashboard plays a whole game: you are Player 1, the three others are heuristic bots. Click a highlighted
# intersection or edge to build, a tile to move the robber; trade in the trade panel; switch on the heat map to see
# the expected production of every intersection. Every move is explained in the log, with its rule.

# %%
# NBVAL_IGNORE_OUTPUT
from ratgames_lab.widgets.catan import CatanDashboard

CatanDashboard(players=4, seed=SEED, seats=["human", "heuristic", "heuristic", "heuristic"]).show()

# %% [markdown]
# Next: [part 2](51_catan_dice.ipynb) prices every spot with the dice.
