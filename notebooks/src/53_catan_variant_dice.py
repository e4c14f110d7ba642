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
# # Catan, part 4: the combined variant's dice — the event die and progress cards
#
# The group's combined variant adds Cities & Knights to Catan. Every roll is **three dice**: the red and yellow
# number dice and the **event die**. The event die moves **the barbarian ship** toward Catan. It also opens the
# gates of the three **improvement tracks**, which give **progress cards**. In this lesson we price the dice
# exactly:
#
# 1. the event die, and the joint law of the red die and the event die;
# 2. the chance of a progress card per roll, by improvement level and colour, for one track and for a player's
#    three tracks; the cards expected over $k$ rolls; the chance of a card within $k$ rolls; which improvement
#    raises it most.
#
# [Part 5](54_catan_barbarians.ipynb) then prices the barbarian ship and its attack. You need
# [part 2](51_catan_dice.ipynb) (a probability as a count, expectation and variance, "at least once in $k$ rolls")
# first. Run the cells from top to bottom. Lines starting with `# NBVAL_` are notes for the automatic tests that
# run this notebook; you can ignore them.
#
# > **The model.** Every number here is an exact fraction under this model. Each roll is three fair dice (red,
# > yellow and the event die), independent of each other and of every other roll. The event die has 6 faces:
# > **3 barbarian-ship faces** and one **gate** each for trade (yellow), politics (blue) and science (green).
# > "Per roll" means any player's roll: the cards are drawn on every player's roll, so with 4 players a round is
# > 4 rolls. **The progress-card rule**: when the gate of a colour shows, every player at improvement level
# > $L \ge 1$ in that colour draws one card of that colour if the red die is at most $L + 1$. Be warned about its
# > source: the project's rule facts (`catan_facts.md`) take this rule from an open-source engine (the condition
# > `level >= red - 1`), consistent with a player's blog ("fully upgraded, you get a card whatever the number"),
# > and say it was **not checked against the rulebook's own table**. Left out: the Alchemist progress card (it
# > fixes both number dice: here every die is random), the progress hand limit of 4 and the decks running out
# > (we count cards **drawn**, 18 per colour in the decks). Nothing here is hidden: dice and levels are public,
# > so every player can compute these numbers.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: a probability as a count over equally likely outcomes
# of three dice; independence (the joint law of two dice is the product); an event's chance built from a
# condition on two dice; expectation by linearity (cards over $k$ rolls); "at least once in $k$" through the
# complement; comparing purchases by the chance they buy. *Timing*: introduction (5 min), section 1 (15 min,
# exercise 1), section 2 (25 min, exercises 2 and 3), wrap-up (5 min). *Prerequisites*: part 2 (51, the dice),
# fractions and powers; the combined variant's rules in a few words (the event die and the improvement tracks:
# the introduction and the model say all this lesson needs). *Discussion prompts*: "a level-5 track draws on
# every showing of its gate: why only 1 roll in 6?"; "the first improvement in a new colour is the cheapest
# chance: why might a player still climb one track?" (level-3 abilities, metropolises); "the rule for the draw
# comes from an open engine, not from the rulebook: how would you check it?".

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


# %% [markdown]
# ## 1. The event die
#
# The event die has six faces: three show the barbarian ship, and three show a city **gate**, one in each
# colour of the improvement tracks. The three ship faces are three different faces of the die, so we list the
# ship three times: the six entries are then equally likely.

# %%
# NBVAL_CHECK_OUTPUT
EVENT_DIE = ["ship", "ship", "ship", "trade", "politics", "science"]
event_law = {face: P(lambda f: f == face, EVENT_DIE) for face in ("ship",) + TRACKS}
for face, p in event_law.items():
    name = "the barbarian ship" if face == "ship" else f"the {face} gate ({COLOURS[face]}, {COMMODITIES[face]})"
    print(f"P({name}) = {p}")
assert event_law == vo.event_die_distribution()

# %% [markdown]
# Half of all rolls move the ship; each gate shows on one roll in six. A roll of the three dice is one of
# $6 \times 6 \times 6 = 216$ equally likely outcomes (red, yellow, event face):

# %%
# NBVAL_CHECK_OUTPUT
THREE_DICE = list(product(range(1, 7), range(1, 7), EVENT_DIE))
print(len(THREE_DICE), "outcomes:", THREE_DICE[:3], "...")

# %% [markdown]
# Progress cards depend on the **red die and the event die** together. Their joint law: for each red value and
# each event face, the share of the 216 outcomes that show both.

# %%
# NBVAL_CHECK_OUTPUT
joint = {(red, face): P(lambda o: o[0] == red and o[2] == face, THREE_DICE) for red in range(1, 7)
         for face in ("ship",) + TRACKS}
print("red  " + "".join(f"{face:>10}" for face in ("ship",) + TRACKS))
for red in range(1, 7):
    print(f"{red:3}  " + "".join(f"{str(joint[red, face]):>10}" for face in ("ship",) + TRACKS))
print("total:", sum(joint.values()))
independent = all(joint[red, face] == Fraction(1, 6) * event_law[face] for red, face in joint)
print("P(red and face) = P(red) x P(face) for every cell:", independent)
assert joint == vo.red_event_distribution()

# %%
# NBVAL_IGNORE_OUTPUT
reds = [str(r) for r in range(1, 7)]
x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.14)
bars = bq.Bars(x=reds, y=[[float(joint[int(r), face]) for r in reds] for face in ("ship",) + TRACKS],
               type="grouped", scales={"x": x, "y": y}, colors=["#555555", "#f0b429", "#2f6fd6", "#27ae60"],
               labels=["barbarian ship (1/12)", "trade gate (1/36)", "politics gate (1/36)",
                       "science gate (1/36)"], display_legend=True)
bq.Figure(marks=[bars], title="The joint law of the red die and the event die (exact)", legend_location="top-right",
          axes=[bq.Axis(scale=x, label="red die"),
                bq.Axis(scale=y, orientation="vertical", label="probability", tick_format=".0%")])

# %% [markdown]
# Every cell is the product of the two dice's chances: $1/6 \times 1/2 = 1/12$ for the ship, $1/6 \times 1/6 =
# 1/36$ for a gate. That is what **independent** means: knowing the red die tells you nothing about the event
# die.
#
# **The engine rolls the same dice.** The combined variant's engine (`load_game("catan", variant="combined")`)
# rolls the three dice as a **chance action**: after `Roll()`, `chance_outcomes()` lists every (red, yellow,
# event) outcome with its probability. We take a 4-player game just after its setup (played at random, seeded)
# and add up the engine's outcomes by red die and event face:

# %%
# NBVAL_CHECK_OUTPUT
game = rl.load_game("catan", players=4, seed=SEED, variant="combined")
state = game.new_state()
setup_rng = random.Random(SEED)
while Roll() not in state.legal_actions():  # the setup: random legal choices until the first roll
    choices = state.legal_actions() if state.current_player != CHANCE else [state.chance_outcomes()[0][0]]
    state.apply(setup_rng.choice(choices))
me = state.current_player  # the player about to roll: "you"
rolling = state.clone()
rolling.apply(Roll())
engine_joint = {}
for outcome, p in rolling.chance_outcomes():
    engine_joint[outcome.red, outcome.event] = engine_joint.get((outcome.red, outcome.event), 0) + p
print(len(rolling.chance_outcomes()), "outcomes listed by the engine (the three ship faces merged);",
      "same joint law:", engine_joint == joint)

# %% [markdown]
# **Exercise 1 (guess first).** On one roll, what is the chance that the barbarian ship moves **and** the two
# number dice make a 7 (the robber's number)? Guess, then count it with `P` on `THREE_DICE`.

# %% tags=["solution"]
p_ship_and_seven = P(lambda o: o[2] == "ship" and o[0] + o[1] == 7, THREE_DICE)
print("P(ship and a 7) =", show(p_ship_and_seven), "  P(ship) x P(7) =", event_law["ship"] * Fraction(6, 36))

# %% [markdown] tags=["solution"]
# **Answer.** $18/216 = 1/12$, about 8%: 6 of the 36 number-dice outcomes make a 7 and 3 of the 6 event faces
# show the ship, so $1/6 \times 1/2$. The dice are independent, so the chances multiply.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("53-ex1", answer)


# %% [markdown]
# ## 2. Progress cards
#
# A player's city improvements climb three tracks, from level 0 to level 5: trade (yellow, paid in cloth),
# politics (blue, coin) and science (green, paper). When the event die shows a colour's gate, every player at
# level $L \ge 1$ in that colour draws a card of that colour if the **red die is at most $L + 1$** (the model
# above says where this rule comes from). We write the rule once, as a function, and count:

# %%
# NBVAL_CHECK_OUTPUT
def draws(level, red):
    """The draw rule: a player at this level in the gate's colour draws when the red die is at most level + 1."""
    return level >= 1 and red <= level + 1


RED_EVENT = list(product(range(1, 7), EVENT_DIE))  # the 36 (red, event face) outcomes: the yellow die plays no part
print("level  red dice that draw   P(card on one roll)")
per_level = {}
for level in range(6):
    per_level[level] = P(lambda o: o[1] == "science" and draws(level, o[0]), RED_EVENT)
    drawing = [red for red in range(1, 7) if draws(level, red)]
    print(f"{level:5}  {str(drawing):19}  {show(per_level[level])}")
assert all(per_level[level] == vo.progress_chance(level, track) for level in range(6) for track in TRACKS)


# %% [markdown]
# **The engine agrees.** A position is data. We write your improvement levels into the position after the setup
# (`to_json`, edit, `state_from_json`). Then we play each of the engine's dice outcomes through the engine, let it
# resolve the draws (they are chance actions too) and read its `progress_draw` events. The engine implements
# the same rule (from the same rules summary), so this checks the engine and our count against each other: it does not
# check the rule against the rulebook.

# %%
# NBVAL_CHECK_OUTPUT
def engine_card_chance(levels):
    """P(you draw a progress card on one roll), playing every dice outcome through the engine at these levels."""
    data = state.to_json()
    data["improvements"][me] = {track: levels.get(track, 0) for track in TRACKS}
    before_roll = game.state_from_json(data)
    before_roll.apply(Roll())
    total = Fraction(0)
    for outcome, p in before_roll.chance_outcomes():
        after = before_roll.clone()
        seen = len(after.events)
        after.apply(outcome)
        while after.current_player == CHANCE:  # the engine draws the cards
            after.apply(after.chance_outcomes()[0][0])
        total += p * sum(e.kind == "progress_draw" and e.params["player"] == f"Player {me + 1}"
                         for e in after.events[seen:])
    return total


engine_levels = {level: engine_card_chance({"science": level}) for level in range(6)}
print("science level -> P(card on one roll), by the engine:", {lv: str(p) for lv, p in engine_levels.items()})
print("same as the count:", engine_levels == per_level)

# %% [markdown]
# The colour does not matter (the last line checks all three tracks against the library). Every gate shows on
# 1 roll in 6, and at level $L \ge 1$ then $L + 1$ red values out of 6 draw, so
# $$P(\text{a card of one colour on one roll}) = \frac{1}{6} \times \frac{L + 1}{6} = \frac{L + 1}{36}.$$
# Level 0 never draws; level 5 draws on **every** showing of its gate, and still only on 1 roll in 6.
#
# A player has three tracks. One roll shows at most one gate, so the three events "a trade card", "a politics
# card" and "a science card" never happen together: their chances **add**, and a player draws at most one card
# per roll. Take a player with trade 2, politics 1 and science 0:

# %%
# NBVAL_CHECK_OUTPUT
levels = {"trade": 2, "politics": 1, "science": 0}
p_any = P(lambda o: o[1] in levels and draws(levels[o[1]], o[0]), RED_EVENT)
print("by colour:", {track: str(vo.progress_chance(level, track)) for track, level in levels.items()})
print("P(a card on one roll) =", show(p_any), "  library:", vo.progress_chance_any(levels),
      "  engine:", engine_card_chance(levels))

# %% [markdown]
# **Cards over $k$ rolls.** On each roll the number of cards drawn is 1 with chance $p$ and 0 otherwise, so its
# expected value is $p$; expectations add (always, independent or not), so over $k$ rolls the player expects
# $k p$ cards. **At least one card within $k$ rolls** goes through the complement, as in part 2:
# $1 - (1 - p)^k$. With 4 players, a round is 4 rolls:

# %%
# NBVAL_CHECK_OUTPUT
print(" rolls  rounds (4 players)  expected cards        P(at least one card)")
for k in (1, 4, 8, 12, 16, 20):
    expected, within = k * p_any, 1 - (1 - p_any) ** k
    assert (expected, within) == (vo.expected_progress_cards(levels, k), vo.progress_within(levels, k))
    print(f"{k:6}  {str(Fraction(k, 4)):>18}  {show(expected)}  {pct(within):>8}")

# %%
# NBVAL_IGNORE_OUTPUT
ks = list(range(1, 25))
x, y = bq.LinearScale(min=1, max=24), bq.LinearScale(min=0, max=1)
curves = [[float(vo.progress_within({"science": level}, k)) for k in ks] for level in range(1, 6)]
lines = bq.Lines(x=ks, y=curves, scales={"x": x, "y": y}, labels=[f"science level {lv}" for lv in range(1, 6)],
                 colors=["#c8e6c9", "#81c784", "#43a047", "#2e7d32", "#1b5e20"], display_legend=True)
bq.Figure(marks=[lines], title="P(at least one green progress card within k rolls), one track by its level",
          legend_location="bottom-right",
          axes=[bq.Axis(scale=x, label="k, the number of rolls (any player's)"),
                bq.Axis(scale=y, orientation="vertical", label="probability", tick_format=".0%")])

# %% [markdown]
# **Exercise 2 (guess first).** A player has only one improvement track, science at level 3. How many rolls until
# at least one green card is more likely than not? Guess, then compute it from the chance per roll.

# %% tags=["solution"]
p_science_3 = P(lambda o: o[1] == "science" and draws(3, o[0]), RED_EVENT)
k_even = next(k for k in range(1, 100) if 1 - (1 - p_science_3) ** k >= Fraction(1, 2))
print("P(card per roll) =", p_science_3, "  first k:", k_even, "  P(within k) =", pct(1 - (1 - p_science_3) ** k_even),
      "  P(within k - 1) =", pct(1 - (1 - p_science_3) ** (k_even - 1)))

# %% [markdown] tags=["solution"]
# **Answer.** The chance per roll is $4/36 = 1/9$, and 6 rolls give 50.7% (5 rolls only 44.5%): a round and a
# half with 4 players. It is exactly the chance of the first ore from a single 5 in part 2 (4 pips out of 36):
# the same count, other dice.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a whole number of rolls.
from ratgames_lab.lessons import check

answer = ...
check("53-ex2", answer)

# %% [markdown]
# **Exercise 3 (guess first).** The player with trade 2, politics 1 and science 0 can afford one improvement:
# trade 2 → 3 (3 cloth), politics 1 → 2 (2 coin) or science 0 → 1 (1 paper). Which one raises the chance of a
# card per roll the most? And per commodity spent? Guess, then compute the three new chances.

# %% tags=["solution"]
for track in TRACKS:
    after = dict(levels, **{track: levels[track] + 1})
    gain = vo.progress_chance_any(after) - vo.progress_chance_any(levels)
    cost = after[track]
    print(f"{track:8} {levels[track]} -> {after[track]} ({cost} {COMMODITIES[track]}):"
          f"  P(card) {vo.progress_chance_any(after)}, gain {gain}, gain per commodity {gain / cost}")

# %% [markdown] tags=["solution"]
# **Answer.** Science 0 → 1: the chance goes from 5/36 to 7/36, a gain of 1/18, for 1 paper. Each of the others
# gains only 1/36 (one more red value on a gate that already opens), and costs 3 cloth or 2 coin.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (the track, its gain per roll), e.g. ("politics", Fraction(1, 12)).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("53-ex3", answer)

# %% [markdown]
# **In general**: each level adds one red value, $+1/36$ per roll, except the first level of a track, which adds
# two (red 1 and 2: from 0 to $2/36$). Level $n$ costs $n$ commodities, so the chance bought per commodity falls
# as a track climbs:

# %%
# NBVAL_CHECK_OUTPUT
print("step    cost  gain in P(card per roll)  gain per commodity")
for level in range(5):
    gain = vo.progress_chance(level + 1) - vo.progress_chance(level)
    print(f"{level} -> {level + 1}  {level + 1:4}  {str(gain):>22}  {str(gain / (level + 1)):>18}")

# %% [markdown]
# For the draw alone, a first level in a new colour is the best buy. The draw is not the only reason to climb:
# level 3 gives each track's ability and level 4 can win a metropolis (2 VP), which this table does not price.

# %% [markdown]
# ## What we learned
#
# * The event die shows the barbarian ship half the time and each gate 1/6 of the time, independently of the
#   number dice: the joint law of the red die and the event die is the product (1/12 per ship cell, 1/36 per
#   gate cell).
# * A progress card of one colour comes with chance $(L + 1)/36$ per roll at level $L \ge 1$ (0 at level 0,
#   1/6 at level 5); a player's three colours add, at most one card per roll; $k$ rolls give $k p$ cards on
#   average and at least one with chance $1 - (1 - p)^k$. The first level of a new colour buys the most chance.
#
# Next: [part 5](54_catan_barbarians.ipynb) prices the barbarian ship: when it arrives, and who wins the attack.
# Back to [part 3](52_catan_what_if.ipynb) for the base game's "what if" questions, or to
# [part 2](51_catan_dice.ipynb) for the number dice.
