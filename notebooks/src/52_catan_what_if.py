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
# # Catan, part 3: what if? Choosing a starting spot, and changing the numbers
#
# The last choice of the setup is a real decision: Player 1 places a second settlement, which gives starting
# cards at once and produces for the rest of the game. In this lesson we load that position from a file and ask:
#
# 1. which spots are best, by expected production, by its variance, and by the resources they add;
# 2. what if the number tokens had been laid differently (the official spiral from another corner, a random
#    layout, a hand-edited one)? Does the best spot change?
# 3. where does the robber cost each player the most?
# 4. what can a player know about a card stolen by someone else (a Bayes update from public events)?
# 5. what do playouts (`evaluate_actions`) say about the decision, and what do their win rates assume?
#
# You need [part 1](50_catan_rules.ipynb) (the rules) and [part 2](51_catan_dice.ipynb) (pips, expectation and
# variance) first. Run the cells from top to bottom. Lines starting with `# NBVAL_` are notes for the automatic
# tests that run this notebook; you can ignore them.
#
# > **The model.** Production figures are exact fractions "per roll" (any player's roll: everybody collects on
# > every roll) with fair, independent dice, the robber on the desert unless said otherwise, and a bank that
# > always has the cards. Nothing in this position is hidden (no card has been stolen or bought yet): the board,
# > the buildings and the hands are public, so every player can compute these numbers. Section 4 adds the one
# > hidden thing of the base game's hands, a stolen card, under the rule's model: the thief takes a card
# > uniformly at random from the victim's hand. Win rates (section 4) are
# > estimates from simulated games, and they depend on how the simulated players play: the lesson says which
# > playout policy each table assumes.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: compare options by several criteria (mean, spread,
# diversity) and see that they disagree; test how a conclusion depends on the data (a "what if" on the number
# layout) by editing a file; read an expected cost table; read a Monte Carlo estimate with its interval and its
# model (the playout policy); a Bayes update as a filter on equally likely outcomes. *Timing*: section 1 (10 min,
# exercise 1), section 2 (12 min, exercise 2), section 3 (7 min, exercise 3), section 4 (10 min, exercise 4),
# section 5 (9 min, exercise 5), wrap-up (2 min). *Prerequisites*: parts 1 and 2.
# *Discussion prompts*: "the spot with the most pips gives no new resource: is it still the best?"; "after a
# random layout, is a board fairer or less fair than the spiral?"; "why should the robber go where it costs the
# leader most, not where it costs most in total?"; "the heuristic and the random playouts prefer different spots:
# which would you trust, and what would make you trust it more?".

# %%
SEED = 52  # every random choice in this notebook uses this seed, so it runs the same every time

import random
from fractions import Fraction

import bqplot as bq

import ratgames_lab as rl
from ratgames_lab.catan import odds
from ratgames_lab.catan.actions import BuildSettlement
from ratgames_lab.catan.board import RESOURCES, SPIRAL_TOKENS, TERRAINS, red_numbers_adjacent, spiral_numbers
from ratgames_lab.core.analysis import evaluate_actions
from ratgames_lab.widgets.catan_board import board_figure

game, state = rl.load_position("positions/catan_last_setup.json")
topo = game.board.topo
me = state.current_player


def spot(s, v):
    """The tiles around intersection v, as 'terrain number'."""
    return ", ".join(f"{TERRAINS[s.terrain[t]]} {s.number[t] or ''}".strip() for t in s.comp.topo.node_tiles[v])


def with_settlement(s, v):
    """A copy of s after the player to move builds a settlement on intersection v."""
    after = s.clone()
    after.apply(BuildSettlement(v))
    return after


def options(s):
    """For each legal settlement of the player to move: pips, and the player's production with it (mean,
    variance, resources produced), best mean first."""
    p = s.current_player
    rows = []
    for action in s.legal_actions():
        prod = odds.player_production(with_settlement(s, action.node), p)
        kinds = [r for r, m in prod["per_resource"].items() if m]
        rows.append({"node": action.node, "pips": int(sum(odds.node_production(s, action.node).values()) * 36),
                     "mean": prod["mean"], "variance": prod["variance"], "resources": kinds})
    return sorted(rows, key=lambda row: (-row["mean"], row["variance"], row["node"]))


def print_options(s, rows, top=8, resources=False):
    """The first rows of an options table (with the resources Player 1 would produce, if asked)."""
    print("spot  pips   player's cards/roll   variance   tiles")
    for row in rows[:top]:
        print(f"{row['node']:4} {row['pips']:5}   {str(row['mean']):>8} = {float(row['mean']):.3f}"
              f"   {float(row['variance']):8.3f}   {spot(s, row['node'])}")
        if resources:
            print(f"{'':14}resources produced: {', '.join(row['resources'])}")


# %% [markdown]
# ## 1. Which spot? Mean, spread, diversity
#
# The position file `positions/catan_last_setup.json` is the game of part 1, just before its last setup choice:

# %%
# NBVAL_CHECK_OUTPUT
print(state.describe())
print("Player 1's first settlement:", spot(state, 40))
print("legal spots for the second:", len(state.legal_actions()))

# %% [markdown]
# The heat map marks every free intersection with its pips, the expected cards per roll of a settlement there
# times 36 (hover over one to read its number and its expected cards per roll).

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the board chart.
board_figure(state, heat=True, title="The last setup choice: the pips of every free intersection")

# %% [markdown]
# For each legal spot, the table gives its pips, then **Player 1's** production per roll with both settlements:
# the expected number of cards and its variance.
#
# **Guess first.** Player 1 already has ore and grain (intersection 40). Will the best spot by expected cards also
# bring brick, lumber and wool?

# %%
# NBVAL_CHECK_OUTPUT
rows = options(state)
print_options(state, rows)

# %% [markdown]
# The ranking by mean is the ranking by pips (Player 1's first settlement adds the same 12/36 to every row). Two
# things it does not show. The **spread**: intersections 17 and 48 both have 8 pips, but 48 repeats the 10 of
# intersection 40, which then pays two cards at once: variance 0.414 against 0.247 (part 2, section 7). The
# **diversity**: a settlement needs brick, lumber, wool and grain, and a city ore and grain.
#
# **Exercise 1 (guess first).** Among the legal spots, which give Player 1 the most different resources (counting
# intersection 40's ore and grain)? Of those, which has the most pips? Use `rows`.

# %% tags=["solution"]
most = max(len(row["resources"]) for row in rows)
diverse = [row for row in rows if len(row["resources"]) == most]
print("most resources:", most, "  spots:", [row["node"] for row in diverse])
print_options(state, diverse, resources=True)

# %% [markdown] tags=["solution"]
# **Answer.** Only intersection 19 (wool 11, brick 4, lumber 3) gives Player 1 all five resources, with 7 pips:
# one pip fewer than 17 (no wool) and 48 (no lumber, no wool, and a repeated 10). Whether one pip is worth a
# missing resource is a judgement (trades and harbours can make up for a resource): the numbers do not decide it
# alone, but they make the trade-off visible.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the intersection's number.
from ratgames_lab.lessons import check

answer = ...
check("52-ex1", answer)


# %% [markdown]
# ## 2. What if the numbers were different?
#
# The layout of the number tokens lives in the position (its `tiles`), not in the board's graph: changing a
# number is editing data. `with_numbers` makes a copy of the position with new numbers (the buildings stay where
# they are) and the engine validates it like any position file.

# %%
def with_numbers(s, numbers):
    """A copy of position s with the tiles' numbers replaced (validated by the engine)."""
    data = s.to_json()
    for tile, n in zip(data["tiles"], numbers):
        tile["number"] = n or None
    return game.state_from_json(data)


def top_spots(s, k=3):
    """The k best spots by Player 1's expected cards per roll, as 'node (pips)'."""
    return [f"{row['node']} ({row['pips']} pips)" for row in options(s)[:k]]


# %% [markdown]
# Three "what ifs" on the same terrains and buildings:
#
# * **spiral**: the official A–R spiral, laid from another corner of the island (the rulebook's variable setup);
# * **random**: the 18 tokens shuffled with a seeded generator, with the official rule that no 6 or 8 may touch
#   another 6 or 8;
# * **hand-edited**: the position file with two tokens swapped by hand: the 6 under intersection 40 and the 2.

# %%
# NBVAL_CHECK_OUTPUT
spiral = spiral_numbers(game.board, state.terrain, list(SPIRAL_TOKENS), start=3)
rng = random.Random(SEED)
shuffled = state.number[:]
numbered = [t for t in range(topo.n_tiles) if state.number[t]]
while True:
    tokens = [state.number[t] for t in numbered]
    rng.shuffle(tokens)
    for t, n in zip(numbered, tokens):
        shuffled[t] = n
    if not red_numbers_adjacent(game.board, shuffled):
        break
edited = state.number[:]
two = edited.index(2)
six = next(t for t in topo.node_tiles[40] if state.number[t] == 6)
edited[six], edited[two] = 2, 6
layouts = {"as shipped": state, "spiral": with_numbers(state, spiral), "random": with_numbers(state, shuffled),
           "hand-edited": with_numbers(state, edited)}
for name, s in layouts.items():
    print(f"{name:12} best spots: {top_spots(s)}")

# %% [markdown]
# The spiral from another corner and the random layout each have another best spot (25 and 31): the choice
# depends on the numbers, not on the terrains alone. The hand edit keeps 17 first but makes it much richer (the 6
# now sits under it: 12 pips), and it changes Player 1's **first** settlement too: intersection 40 goes from 12
# pips to 8. (The engine accepts any numbers; "no 6 or 8 next to another" is a rule of the random setup.)

# %%
# NBVAL_CHECK_OUTPUT
for name, s in layouts.items():
    print(f"{name:12} intersection 40: {int(sum(odds.node_production(s, 40).values()) * 36):2} pips;"
          f"  Player 1 now (one settlement): {odds.player_production(s, 0)['mean']} cards per roll")

# %% [markdown]
# The hand-edited board's heat map: the 6 now lies in the north-west, under intersection 17, and the 2 in the
# south, under intersection 40.

# %%
# NBVAL_IGNORE_OUTPUT
# Run this cell to draw the board chart.
board_figure(layouts["hand-edited"], heat=True, title="Hand-edited: the 6 and the 2 swapped")

# %% [markdown]
# How unequal are the spots? The chart sorts Player 1's legal spots by pips for each layout:

# %%
# NBVAL_IGNORE_OUTPUT
curves = {name: sorted((row["pips"] for row in options(s)), reverse=True) for name, s in layouts.items()}
x, y = bq.LinearScale(), bq.LinearScale(min=0, max=14)
lines = bq.Lines(x=list(range(1, len(rows) + 1)), y=list(curves.values()), scales={"x": x, "y": y},
                 labels=list(curves), colors=["#c0392b", "#2f6fd6", "#27ae60", "#8e44ad"], display_legend=True)
bq.Figure(marks=[lines], title="Player 1's legal spots, best first, under four number layouts",
          legend_location="top-right",
          axes=[bq.Axis(scale=x, label="rank of the spot"),
                bq.Axis(scale=y, orientation="vertical", label="pips (expected cards per roll x 36)")])


# %% [markdown]
# **Exercise 2 (guess first).** Hand-edit the shipped numbers yourself: swap two tokens so that intersection 19
# (wool 11, brick 4, lumber 3), the only spot with all five resources, becomes Player 1's **only** best spot.
# Which swap would you try? Check it with `with_numbers` and `options`; then let the computer try every swap of a
# token around 19 with any other token.

# %% tags=["solution"]
def makes_best(numbers, v=19):
    """True if intersection v is strictly Player 1's best spot under these numbers."""
    first, second = options(with_numbers(state, numbers))[:2]
    return first["node"] == v and first["mean"] > second["mean"]


good = []
for a in topo.node_tiles[19]:
    for b in range(topo.n_tiles):
        if odds.pips(state.number[b]) > odds.pips(state.number[a]):     # a richer token comes under 19
            mine = state.number[:]
            mine[a], mine[b] = mine[b], mine[a]
            if makes_best(mine):
                good.append(f"{state.number[a]} on tile {a} <-> {state.number[b]} on tile {b}")
print(len(good), "swaps make 19 the only best spot:")
print("\n".join(good))

# %% [markdown] tags=["solution"]
# **Answer.** 8 swaps work, and all of them replace the **wool 11** (tile 5) by a 5, 6, 8 or 9. Putting the rich
# token on the brick 4 or the lumber 3 instead also raises intersection 25, which touches both of those tiles.
# Then 25 ties with 19 (or 19 only ties with 17's 8 pips): a token is shared by every corner of its tile. (Check
# that no 6 or 8 ends up next to another if you want to respect the official rule of the random setup.)

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the number of swaps.
from ratgames_lab.lessons import check

answer = ...
check("52-ex2", answer)

# %% [markdown]
# ## 3. The robber's expected cost
#
# When a 7 is rolled (or a Knight played) the robber blocks one tile: every building on it loses that tile's
# production for as long as the robber stays. `odds.robber_cost` gives, for each tile, the expected cards per roll
# each player loses while the robber stands there. Finish the setup first: Player 1 takes the first spot of the
# table of section 1 (intersection 17), and the first road listed.

# %%
# NBVAL_CHECK_OUTPUT
after_setup = with_settlement(state, rows[0]["node"])
after_setup.apply(after_setup.legal_actions()[0])
cost = odds.robber_cost(after_setup)
print("tile                 ", "   ".join(f"Player {p + 1}" for p in range(4)), "   total")
for t, loss in sorted(cost.items(), key=lambda item: -sum(item[1])):
    if sum(loss):
        print(f"{t:2} {TERRAINS[after_setup.terrain[t]]:7} {after_setup.number[t]:2}       ",
              "   ".join(f"{str(x):>8}" for x in loss), f"  {str(sum(loss)):>6}")

# %% [markdown]
# The costs are in cards per roll: 5/36 means the blocked player loses, on average, 5 cards every 36 rolls. A tile
# shared by two players costs more in total, but it also hurts the player who moves the robber if they have a
# building there.
#
# **Exercise 3 (guess first).** Player 2 rolls a 7. Which tile costs the **other three players together** the most
# while costing Player 2 nothing? Guess from the table, then compute it from `cost`.

# %% tags=["solution"]
best_tile = max((t for t in cost if cost[t][1] == 0), key=lambda t: sum(cost[t]))
print("tile", best_tile, TERRAINS[after_setup.terrain[best_tile]], after_setup.number[best_tile],
      "costs the others", sum(cost[best_tile]), "cards per roll; Player 2 loses", cost[best_tile][1])

# %% [markdown] tags=["solution"]
# **Answer.** Tile 14 (grain 6): 5/36 for Player 1 and 5/36 for Player 3, 5/18 of a card per roll in all. Tile 2
# (lumber 8) costs the table as much, but it would block Player 2's own settlement. (In a real game a player also
# thinks about *who* is leading, and about stealing a card they need.)

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the tile's number.
from ratgames_lab.lessons import check

answer = ...
check("52-ex3", answer)


# %% [markdown]
# ## 4. What the others cannot see: a steal, and Bayes
#
# Almost everything in Catan is public: production, trades, discards and building costs are seen by everybody, so
# a player with a good memory knows every hand, except for one thing: the card taken in a **steal** is seen only
# by the thief and the victim. The other players can reason about it. An example (made up for this lesson, on no
# particular board), seen by Player 1:
#
# * Player 2 holds brick, brick, wool; Player 3 holds lumber, lumber, wool (everybody saw these cards arrive);
# * Player 3 robs Player 2: a random card of Player 2's three;
# * then Player 4 robs Player 3: a random card of Player 3's three (now four) cards.
#
# Each steal is uniform over the victim's cards, so the 3 × 4 = 12 pairs (first card, second card) are equally
# likely: a space for `P`.

# %%
# NBVAL_CHECK_OUTPUT
def P(event, space):
    """The probability of an event: the outcomes of the space where it happens, out of all (equally likely)."""
    return Fraction(len([o for o in space if event(o)]), len(space))


player_2, player_3 = ["brick", "brick", "wool"], ["lumber", "lumber", "wool"]
steals = [(first, second) for first in range(3) for second in range(4)]   # card positions in the two hands


def stolen(outcome):
    """(the card Player 3 took from Player 2, the card Player 4 took from Player 3) for one outcome."""
    first, second = outcome
    took = player_2[first]
    return took, (player_3 + [took])[second]


for card in ("brick", "lumber", "wool"):
    print(f"P(Player 4 took {card:6}) = {P(lambda o: stolen(o)[1] == card, steals)}")


# %% [markdown]
# Then Player 3 **builds a road** (a brick and a lumber), in public. That is only possible in some of the 12
# outcomes: Player 3 must still hold a brick and a lumber. **Bayes' rule** for equally likely outcomes is a
# filter: keep the outcomes consistent with what was seen, and count again,
# $P(A \mid E) = |A \cap E| \,/\, |E|$.
#
# **Guess first.** After the road, is the card Player 4 holds more likely a lumber or a wool? Can it be a brick?

# %%
# NBVAL_CHECK_OUTPUT
def road_possible(outcome):
    """True if Player 3 still holds a brick and a lumber after both steals."""
    took, lost = stolen(outcome)
    hand = player_3 + [took]
    hand.remove(lost)
    return "brick" in hand and "lumber" in hand


seen = [o for o in steals if road_possible(o)]
print(len(seen), "of the 12 outcomes allow the road")
for card in ("brick", "lumber", "wool"):
    print(f"P(Player 4 took {card:6} | the road) = {P(lambda o: stolen(o)[1] == card, seen)}")
print("P(Player 3 took a brick | the road) =", P(lambda o: stolen(o)[0] == "brick", seen))

# %% [markdown]
# The road proves that Player 3 stole a brick, and it rules out that Player 4 then took it: Player 4's card is a
# lumber 2 times in 3 and a wool 1 time in 3. This is how a player with perfect memory of the public events
# reasons, and what the engine's `determinize` must respect when it deals the hidden cards for a bot's
# simulations: a world where Player 4 holds the brick contradicts the road everybody saw.
#
# **The engine agrees.** Play the same story through the engine, on the base board. In the true story Player 3
# steals a brick and Player 4 a wool; the rolls in between are 2s, which pay nobody here. Then ask
# `hand_distribution(state, observer, player)`: it is the engine's exact belief of one player about another's
# hand, computed from the public history:

# %%
# NBVAL_CHECK_OUTPUT
from ratgames_lab.catan import hand_distribution, scenarios
from ratgames_lab.catan.actions import BuildRoad, Dice, EndTurn, MoveRobber, Roll, StealCard


def belief_about_player_4(s):
    """Player 1's exact belief about Player 4's hand, as {resource: probability} (Player 4 holds one card)."""
    law = hand_distribution(s, 0, 3)
    return {RESOURCES[hand.index(1)]: str(p) for hand, p in law.items()}


story = scenarios.build_position(game, settlements={0: 0, 8: 1, 45: 2, 30: 3}, active=2, phase="robber",
                                 hands={1: {"brick": 2, "wool": 1}, 2: {"lumber": 2, "wool": 1}})
story.apply(MoveRobber(1))                   # the wool 10, next to Player 2's settlement only
story.apply(StealCard("brick"))              # a chance action: only Players 2 and 3 see it
story.apply(EndTurn())
story.apply(Roll())
story.apply(Dice(3, 4))                      # Player 4 rolls a 7
story.apply(MoveRobber(17))                  # the grain 10, next to Player 3's settlement only
story.apply(StealCard("wool"))
print("before the road:", belief_about_player_4(story))
for _ in range(3):                           # Players 4, 1 and 2 end their turns; Players 1, 2 and 3 roll a 2
    story.apply(EndTurn())
    story.apply(Roll())
    story.apply(Dice(1, 1))
story.apply(BuildRoad(topo.node_edges[45][0]))
print(story.events[-1].text())
print("after the road: ", belief_about_player_4(story))


# %% [markdown]
# **Exercise 4 (guess first).** Instead of the road, Player 3 builds a **settlement** (brick, lumber, wool and
# grain), after receiving a grain in public. What does Player 1 now know about Player 4's card? Guess, then filter
# the 12 outcomes.

# %% tags=["solution"]
def settlement_possible(outcome):
    """True if Player 3 (after a public grain) holds brick, lumber, wool and grain after both steals."""
    took, lost = stolen(outcome)
    hand = player_3 + [took, "grain"]
    hand.remove(lost)
    return all(card in hand for card in ("brick", "lumber", "wool", "grain"))


seen_s = [o for o in steals if settlement_possible(o)]
print(len(seen_s), "outcomes allow the settlement")
for card in ("brick", "lumber", "wool"):
    print(f"P(Player 4 took {card:6} | the settlement) = {P(lambda o: stolen(o)[1] == card, seen_s)}")

# %% [markdown] tags=["solution"]
# **Answer.** Player 4 took a lumber, for sure. The settlement needs a brick, so Player 3 stole a brick (2 outcomes
# of 3 for the first steal); it needs the wool, so Player 4 did not take the wool; and it needs the brick, so
# Player 4 did not take that either. Only "Player 4 took one of the two lumbers" is left: 4 of the 12 outcomes.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the resource Player 4 took, e.g. "wool".
from ratgames_lab.lessons import check

answer = ...
check("52-ex4", answer)

# %% [markdown]
# ## 5. Playouts: what does `evaluate_actions` say?
#
# `evaluate_actions` estimates, for each legal action, the chance that the player to move wins: it plays the
# game to the end many times from a copy of the position (a **playout**) and counts the wins. The copy resamples
# what the player cannot see (here nothing is hidden yet). How the simulated players move is the **playout
# policy**, and the win rates are only as good as that policy. We use the **heuristic bot** for every player
# (`policy="heuristic"`: it settles on the most pips, builds cities first, trades with the bank, moves the robber
# onto the leader), then compare with **uniformly random** players (`policy="random"`). Each table prints what its
# win rates assume.
#
# Each spot gets `PLAYOUTS` games, all on the same dice, so each estimate has a wide 95% interval (shown). The
# last line is the **verdict**, the same sentence as `ratgames analyze` and the dashboards' *What if?* panel.
#
# **Guess first.** Will the spot with the most pips (17) have the best win rate?

# %%
# NBVAL_CHECK_OUTPUT
PLAYOUTS = 16
by_pips = {row["node"]: row["pips"] for row in rows}


def print_win_rates(results, top=8):
    """The best spots by estimated win rate, with their pips and 95% intervals, and what the rates assume."""
    print("win rates if", results.policy.assumes(), f"({results[0].playouts} games per spot)")
    print("spot   pips   win rate   95% interval")
    for r in sorted(results, key=lambda r: (-r.win_rate, r.action.node))[:top]:
        print(f"{r.action.node:4} {by_pips[r.action.node]:6}   {r.win_rate:8.2f}   [{r.low:.2f}, {r.high:.2f}]")


def facts(results):
    """Where the richest spot ranks, what the first three bring, and whether the 1st and 8th intervals overlap."""
    order = sorted(results, key=lambda r: (-r.win_rate, r.action.node))
    richest = max(by_pips, key=lambda v: (by_pips[v], -v))
    rank = 1 + [r.action.node for r in order].index(richest)
    resources = {row["node"]: row["resources"] for row in rows}
    builders = all({"brick", "lumber"} <= set(resources[r.action.node]) for r in order[:3])
    print(f"the richest spot, {richest} ({by_pips[richest]} pips), ranks {rank} of {len(order)};",
          f"the first three all bring brick and lumber: {builders};",
          f"the 1st and the 8th intervals overlap: {order[0].low <= order[7].high}")


heuristic = evaluate_actions(state, playouts=PLAYOUTS, seed=SEED, policy="heuristic")
print_win_rates(heuristic)
facts(heuristic)
print(heuristic.verdict.text())

# %% [markdown]
# Read the last two lines. The verdict is **"too close to call"**: with so few games, the computer cannot tell
# the best spots apart. Either they are about equally good, or the difference is smaller than the luck of this
# many games. More playouts would settle it, and the verdict says about how many. So read the table as groups of
# spots (rich against poor), not as a ranking of single spots.
# The same decision under random playouts:

# %%
# NBVAL_CHECK_OUTPUT
uniform = evaluate_actions(state, playouts=PLAYOUTS, seed=SEED, policy="random")
print_win_rates(uniform)
facts(uniform)
print(uniform.verdict.text())

# %%
# NBVAL_IGNORE_OUTPUT
x, y = bq.LinearScale(min=3, max=9), bq.LinearScale(min=0, max=0.6)
marks = [bq.Scatter(x=[by_pips[r.action.node] + shift for r in res], y=[r.win_rate for r in res],
                    scales={"x": x, "y": y}, colors=[colour], labels=[label], display_legend=True)
         for res, colour, label, shift in ((heuristic, "#c0392b", "heuristic-bot playouts", -0.08),
                                           (uniform, "#2f6fd6", "random playouts", 0.08))]
bq.Figure(marks=marks, title=f"Player 1's last setup choice: win rate against pips ({PLAYOUTS} games per spot)",
          legend_location="top-left",
          axes=[bq.Axis(scale=x, label="pips of the spot"),
                bq.Axis(scale=y, orientation="vertical", label="estimated win rate", tick_format=".0%")])

# %% [markdown]
# **Exercise 5.** Do the playouts agree with the pips? For each policy, compute the average win rate of the 8
# spots with the most pips and of the 8 with the fewest, and compare them with 1/4 (a player's share of the wins
# if the spot did not matter).

# %% tags=["solution"]
for name, res in (("heuristic", heuristic), ("random", uniform)):
    ranked = sorted(res, key=lambda r: (-by_pips[r.action.node], r.action.node))
    top8 = sum(r.win_rate for r in ranked[:8]) / 8
    low8 = sum(r.win_rate for r in ranked[-8:]) / 8
    print(f"{name:9}  8 richest spots: {top8:.2f}   8 poorest spots: {low8:.2f}   if nothing mattered: 0.25")

# %% [markdown] tags=["solution"]
# **Answer.** Compare the two columns of each line with each other and with 0.25: if the richest spots win
# more often than the poorest under both policies, the pips matter, whoever plays. Between rich spots the two policies
# disagree (compare the two tables and their last lines), but with 16 games per spot these differences are
# within the noise: more playouts, or a stronger model of the players, would be needed to split them. Say which
# policy you used when you quote a win rate.

# %% [markdown]
# ## What we learned
#
# * A starting spot has an expected production (its pips), a spread and a set of resources; the three criteria
#   can disagree, and the choice between them is a judgement the numbers make visible.
# * The number layout decides which spots are best: the same terrains under the spiral, a random layout or a
#   hand edit give different answers. A position file is data: edit it and recompute.
# * The robber's expected cost per tile says where a 7 hurts whom.
# * A stolen card is the only hidden card of a hand; public events (a road, a settlement) update what the others
#   know about it: Bayes' rule is a filter on the equally likely outcomes.
# * Playout win rates depend on the playout policy (here the heuristic bots, then random players), and a few
#   playouts per action give wide intervals: they separate rich spots from poor ones, not close spots.
#
# Next: [part 4](53_catan_variant_dice.ipynb) prices the combined variant's dice: the event die and progress
# cards; [part 5](54_catan_barbarians.ipynb) prices the barbarians.
