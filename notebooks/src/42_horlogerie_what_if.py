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
# # L'Horlogerie des Rats, part 3: what if? Change the deck, change the team
#
# In [part 2](41_horlogerie_push_your_luck.ipynb) we found the best stop-or-draw policy for the shipped deck and a
# team of value 6. But the policy is not a law of nature: it comes from the cards. Every deck of the game is a data
# file, so we can change it and **watch the policy move**:
#
# 1. the deck as a data file, and a deck with more 5s;
# 2. the team's exploration value, and a stronger Scout;
# 3. a deck that has been played: what the cards already drawn change;
# 4. the same question for the danger drawer.
#
# Run the cells from top to bottom. Lines starting with `# NBVAL_` are notes for the automatic tests that run this
# notebook; you can ignore them.
#
# > **The model** is part 2's: the next card is equally likely to be any card still in the deck, whose
# > composition every player knows; after a bust the explorer keeps the lowest card; a turn is measured in
# > exploration points kept. **About the data**: the Exploration deck is the rulebook's; the Horlogers (their
# > exploration values) and the Danger cards' wounds are the **project's reconstruction**, in editable files in
# > `ratgames_lab/horlogerie/data/`. The decks changed below are our own experiments, not the game's.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson, after part 2. *Objectives*: a model's answer depends on its inputs
# (sensitivity); the same method (count, then work backwards) on new data; the distribution of a team's value over
# all teams (a count over combinations); conditioning on what has already been drawn. *Timing*: section 1
# (15 min, exercise 1), section 2 (15 min, exercise 2), sections 3-4 (15 min, exercise 3), 5 min to discuss.
# *Prerequisites*: part 2. *Discussion prompts*: "a designer wants players to chase perfect draws more often: which
# cards would you change?"; "why does a deck that has lost its small cards make you stop earlier?"; "which
# numbers in this lesson would change if the right neighbour gave you your best card after a bust?".

# %%
SEED = 42  # every random choice in this notebook uses this seed, so it runs the same every time

import copy
import dataclasses
import json
from fractions import Fraction
from itertools import combinations
from pathlib import Path

import bqplot as bq

import ratgames_lab as rl
import ratgames_lab.horlogerie as horlogerie
from ratgames_lab import InvalidPositionError
from ratgames_lab.core.analysis import evaluate_actions
from ratgames_lab.horlogerie import odds

DATA = Path(horlogerie.__file__).parent / "data"
POSITIONS = Path(horlogerie.__file__).parent / "positions"
VALUES = range(4, 13)       # the exploration values we compare


def pct(p):
    """A probability as a rounded percentage, for reading (the exact value is the fraction)."""
    return f"{float(p):.1%}"


def fresh_phase(game, value):
    """A fresh exploration (full deck, nothing drawn) for a team of this exploration value, in this game."""
    return odds.exploration_phase(game.new_state(), target=value)


def policy_summary(game, value):
    """(smallest total where the optimum ever stops, E[points] optimal, best threshold k, E[points] for k)."""
    ph = fresh_phase(game, value)
    first_stop = min(t for t, (_, s) in odds.decision_table(ph, odds.POINTS).items() if s > 0)
    table = odds.compare_thresholds(ph, odds.POINTS)
    best = max((k for k in table if k != "optimal"), key=lambda k: table[k].stats.points)
    return first_stop, table["optimal"].stats.points, best, table[best].stats.points


def print_policies(game):
    """One line per exploration value: where the optimum stops, and the best threshold."""
    print("value  stops at  E[points] optimal  best k  E[points] best k")
    for value in VALUES:
        stop, opt, k, pts = policy_summary(game, value)
        print(f"{value:5}  {stop:8}  {float(opt):17.3f}  {k:6}  {float(pts):16.3f}")


def P(event, space):
    """The probability of an event: the outcomes of the space where it happens, out of all (equally likely)."""
    return Fraction(len([o for o in space if event(o)]), len(space))


# %% [markdown]
# ## 1. The deck is a data file
#
# Here is the Exploration deck as the game reads it (the rulebook's composition):

# %%
# NBVAL_CHECK_OUTPUT
shipped = json.loads((DATA / "exploration.json").read_text())
for card in shipped["cards"][:5]:
    print(card)
print("... and the same for River (R) and Jungle (J)")
game = rl.load_game("horlogerie", players=4, seed=SEED)
print_policies(game)

# %% [markdown]
# Now a designer's experiment: **twice as many 5s** (4 per terrain instead of 2, so 60 cards). We edit a copy of
# the data and give it to `load_game`; the file on disk is unchanged. (Save the dict as a JSON file and pass its
# path, `exploration="my_deck.json"`, to use it in the dashboard too.)

# %%
# NBVAL_CHECK_OUTPUT
more_fives = copy.deepcopy(shipped)
for card in more_fives["cards"]:
    if card["value"] == 5:
        card["copies"] = 4
game_5 = rl.load_game("horlogerie", players=4, seed=SEED, exploration=more_fives)
print("cards:", sum(c["copies"] for c in more_fives["cards"]))
print_policies(game_5)

# %% [markdown]
# A surprise: the cards are bigger on average, yet from value 6 up the explorer keeps **fewer** points (4.381
# against 4.413 for value 6). Bigger cards bust more often, and a bust keeps only the lowest card. Only the small
# teams gain: a lot at value 4 (3.262 against 3.147), almost nothing at value 5 (3.681 against 3.674). The policy
# itself barely moves: a team of value 8 now stops from a total of 5 (it stopped from 6).
#
# A malformed edit is refused, and the error names the bad field:

# %%
# NBVAL_CHECK_OUTPUT
broken = copy.deepcopy(shipped)
broken["cards"][2]["copies"] = -1
try:
    rl.load_game("horlogerie", players=4, seed=SEED, exploration=broken)
except InvalidPositionError as error:
    print("refused:", error)

# %% [markdown]
# **Exercise 1 (guess first).** Make the opposite deck: **no 5s at all** (copies 0) and **two more 1s per terrain**
# (8 instead of 6). For a team of value 6 playing optimally, will the chance of a bust go up or down? The chance of
# a perfect exploration? The expected points kept? Guess, then compute with `fresh_phase`, `odds.decision_table`
# and `odds.solve`.

# %% tags=["solution"]
small = copy.deepcopy(shipped)
for card in small["cards"]:
    if card["value"] == 5:
        card["copies"] = 0
    if card["value"] == 1:
        card["copies"] = 8
game_small = rl.load_game("horlogerie", players=4, seed=SEED, exploration=small)
for label, g in (("shipped", game), ("small cards", game_small)):
    ph = fresh_phase(g, 6)
    best = odds.solve(ph, odds.POINTS)
    stops = {t: pct(s) for t, (_, s) in odds.decision_table(ph, odds.POINTS).items() if s}
    print(f"{label:12} E[points] {float(best.stats.points):.3f}  P(perfect) {pct(best.stats.perfect)}"
          f"  P(bust) {pct(best.stats.bust)}  stops at: {stops}")

# %% [markdown] tags=["solution"]
# **Answer.** The bust chance falls (21.0% to 14.7%), the chance of a perfect exploration barely moves (18.9% to
# 19.2%), and the expected points go up (4.413 to 4.491) although the cards are smaller: small cards let the
# explorer creep up on the value. The policy still stops at 4 or 5 (it reaches 4 and stops more often, 31.8%
# against 24.3%, because more totals of 4 are made of small cards).

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the new chance of a bust, e.g. 0.25 (within 0.002).
from ratgames_lab.lessons import check

answer = ...
check("42-ex1", answer)


# %% [markdown]
# ## 2. The team's exploration value
#
# A team's value is the sum of its three Horlogers' exploration. With the reconstructed Horlogers, how likely is
# each value for a random team? At the start each player draws 3 Horlogers from the shuffled deck, so every set
# of 3 of the 21 cards is equally likely. The space is all these sets (each card counted once):

# %%
# NBVAL_CHECK_OUTPUT
def team_values(game):
    """The exploration value of every 3-card team from the Horloger deck (one entry per set of 3 cards)."""
    hg = game.components.horlogers
    cards = [e for e, n in zip(hg.exploration, hg.copies) for _ in range(n)]
    return [sum(team) for team in combinations(cards, 3)]


teams = team_values(game)
print(len(teams), "teams")
for value in sorted(set(teams)):
    print(f"value {value:2}: {str(P(lambda v: v == value, teams)):>9} = {pct(P(lambda v: v == value, teams)):>6}")

# %% [markdown]
# So 44% of teams explore for exactly 6, the rulebook's "usually 6". The chart shows, for each value, the expected
# points of the optimal policy, with the shipped deck and with more 5s:

# %%
# NBVAL_IGNORE_OUTPUT
curves = {label: [float(policy_summary(g, v)[1]) for v in VALUES] for label, g in
          (("shipped deck", game), ("more 5s", game_5))}
x, y = bq.LinearScale(), bq.LinearScale(min=0)
lines = bq.Lines(x=list(VALUES), y=list(curves.values()), scales={"x": x, "y": y}, marker="circle",
                 colors=["#2f6fd6", "#e8912d"], labels=[f"optimal policy, {k}" for k in curves],
                 display_legend=True)
bq.Figure(marks=[lines], title="Expected exploration points kept, by the team's exploration value",
          legend_location="top-left",
          axes=[bq.Axis(scale=x, label="exploration value of the team"),
                bq.Axis(scale=y, orientation="vertical", label="expected points kept (optimal policy)")])

# %% [markdown]
# **Exercise 2 (guess first).** A designer makes the Scout stronger: exploration 4 instead of 3. Guess how the
# chance of a team of value 6 or more changes. Then edit a copy of `horlogers.json` (the Scout's `exploration`),
# load a game with `horlogers=...`, and count with `team_values` and `P`.

# %% tags=["solution"]
stronger = json.loads((DATA / "horlogers.json").read_text())
for profile in stronger["profiles"]:
    if profile["name"] == "Scout":
        profile["exploration"] = 4
game_scout = rl.load_game("horlogerie", players=4, seed=SEED, horlogers=stronger)
for label, g in (("shipped", game), ("Scout 4", game_scout)):
    vals = team_values(g)
    print(f"{label:8} P(value >= 6) = {P(lambda v: v >= 6, vals)} = {pct(P(lambda v: v >= 6, vals))}")

# %% [markdown] tags=["solution"]
# **Answer.** It goes up, but barely (72.2% to 72.9%): only 3 of the 21 Horlogers are Scouts, and a team with a
# Scout already had a value of 6 or more in most cases (a Scout and two 2s make 7).

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the new P(value >= 6), a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("42-ex2", answer)

# %% [markdown]
# ## 3. A deck that has been played
#
# The optimal policy reads the cards **left**. In the shipped position `push_your_luck` Player 1 holds S2 J1
# (total 3, value 6) and the deck is nearly full: part 2 showed that drawing is better. What if many small cards
# had already gone to the discard earlier in the game? We remove cards from the phase's deck counts and ask again:

# %%
# NBVAL_CHECK_OUTPUT
game_p, state = rl.load_position(POSITIONS / "push_your_luck.json")
phase = odds.exploration_phase(state, player=0)
print("values:", phase.values, " cards left:", phase.deck)
for gone_ones in (0, 4, 8, 12, 17):
    deck = (phase.deck[0] - gone_ones,) + phase.deck[1:]
    ph = dataclasses.replace(phase, deck=deck)
    nxt, advice = odds.next_card(ph), odds.stop_or_draw(ph, odds.POINTS)
    print(f"{gone_ones:2} ones gone: P(bust) {pct(nxt.bust):>6}  stop {float(advice.stop):.3f}"
          f"  draw {float(advice.draw):.3f}  -> {advice.best}")

# %% [markdown]
# Drawing stays better even with every 1 gone, but its edge shrinks from 0.69 to 0.54 points.
#
# **Exercise 3 (guess first).** Now suppose instead that **all the 3s** are gone (9 cards), and every other card is
# still in the deck: no perfect draw is possible on the next card. Should Player 1 still draw at total 3? Guess,
# then compute with `dataclasses.replace` and `odds.stop_or_draw`.

# %% tags=["solution"]
no_threes = dataclasses.replace(phase, deck=phase.deck[:2] + (0,) + phase.deck[3:])
print(odds.next_card(no_threes))
print(odds.stop_or_draw(no_threes, odds.POINTS))

# %% [markdown] tags=["solution"]
# **Answer.** Yes, still draw, but the edge is small: 138/43, about 3.21 points, against 3 for stopping. The
# perfect 3s were a large part of drawing's value; without them the bust chance rises to 15 of 43 cards (35%).

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as what drawing is worth, a Fraction, e.g. Fraction(3, 17).
from fractions import Fraction
from ratgames_lab.lessons import check

answer = ...
check("42-ex3", answer)

# %% [markdown]
# **Points are not wins.** The policy above maximises expected exploration points. Does drawing also **win more
# games**? `evaluate_actions` plays the whole game to the end many times after each choice, on the same deals for
# both (here with random players afterwards: that is the model). It ends with a **verdict**, the same sentence
# as `ratgames analyze` and the dashboards' *What if?* panel:

# %%
# NBVAL_CHECK_OUTPUT
wins = evaluate_actions(state, playouts=200, seed=SEED, policy="random")
for v in wins:
    print(f"{str(v.action):13} win rate {v.win_rate:.3f}   95% interval {v.low:.3f} to {v.high:.3f}")
print(wins.verdict.text())

# %% [markdown]
# If the verdict says **"too close to call"**, the computer cannot tell the two choices apart with the games it
# played: either they win about equally often, or the difference is smaller than the luck of this many games.
# More playouts settle it, and the verdict says about how many.

# %% [markdown]
# ## 4. The danger drawer's side
#
# The left neighbour's danger phase is the same problem with wounds. The **wounds printed on Danger cards** are
# the project's reconstruction (level 1-2: 1 wound, level 3-4: 2, Tribes: 2). What if every creature inflicted only
# 1 wound? In the shipped position `danger_decision` (Player 2 holds S1 against the danger value 5):

# %%
# NBVAL_CHECK_OUTPUT
danger_data = json.loads((DATA / "danger.json").read_text())
gentle = copy.deepcopy(danger_data)
for card in gentle["cards"]:
    card["wounds"] = 1
game_d, state_d = rl.load_position(POSITIONS / "danger_decision.json")
for label, data in (("shipped wounds", danger_data), ("1 wound each", gentle)):
    g = rl.load_game("horlogerie", players=state_d.players, seed=SEED, danger=data)
    s = g.state_from_json(state_d.to_json())
    ph = odds.danger_phase(s, player=s.current_player)
    advice = odds.stop_or_draw(ph, odds.WOUNDS)
    print(f"{label:15} stop {float(advice.stop):.3f}  draw {float(advice.draw):.3f}  -> {advice.best}"
          f"   expected wounds (optimal drawer) {float(odds.expected_wounds(s, s.current_player)):.3f}")

# %% [markdown]
# Stopping at once always gives 1 wound: the S1 shares the Swamp with the explored S2. Drawing is better for the
# drawer in both games. With gentler creatures it is worth less: 1.493 expected wounds instead of 1.733. The policy
# reads the wounds printed on the cards, as the explorer's reads the values.

# %% [markdown]
# ## What we learned
#
# * The optimal policy is computed from the data: change the cards and it changes, and the same code answers.
# * More big cards bust more often: only the small teams gain from them. More small cards let the explorer creep up
#   on the value and bust less.
# * The cards already drawn matter: the policy reads the deck that is **left**.
# * A designer can tune a push-your-luck game with these numbers before printing a single card.
