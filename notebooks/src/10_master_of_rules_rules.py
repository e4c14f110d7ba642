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
# # Master of Rules, part 1: the rules
#
# In **Master of Rules** (*Le Maître des Règles*, Susumu Kawasaki, 2007) everybody plays one Number card and
# one Rule card per round of play. A Rule card is a bet about the five Number cards on the table, such as
# "the five cards add up to 23 or less". If your bet comes true, you keep the Rule card: it is worth points.
#
# In this notebook the computer is the referee. We never just *say* how a rule works: we play it with the
# rules engine and read its explanation. You will learn:
#
# 1. the cards, counted from the game's data file;
# 2. the setup;
# 3. a whole *transaction* (one deal of cards), step by step;
# 4. the "already played" restriction and its exception;
# 5. the dummy players for 3 and 4 players;
# 6. the five rules, each on an example from the rulebook;
# 7. scoring, the two bonuses, and how ties are broken.
#
# Run each cell with **Shift+Enter**, from top to bottom.
#
# Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
# them.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: read and apply a rulebook precisely, with the engine as the
# referee; the five rules as conditions on five cards; a score with bonuses and a tie-break. *Timing*: sections 1
# and 2 (8 min), section 3, a transaction step by step (10 min), sections 4 and 5, the restriction and the dummies
# (10 min, exercise 1), section 6, the five rules (12 min, exercise 2), section 7, scoring (10 min, exercise 3).
# *Prerequisites*: none beyond reading Python calls. *Discussion prompts*: "why does the rulebook need the
# 'already played' exception?"; "which rule is the easiest to fulfil, and which the hardest? (part 2 computes
# it)"; "why is there no set bonus for Support Right?".

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

import json
import random
from pathlib import Path

import ratgames_lab as rl
from ratgames_lab.master_of_rules import cards
from ratgames_lab.master_of_rules.bots import HeuristicBot
from ratgames_lab.master_of_rules.position import describe, hand_text
from ratgames_lab.master_of_rules.rules import (TableStats, fulfils_best_of_the_best, fulfils_limit_23,
                                                fulfils_only_one, fulfils_trio, score_kept, winners)

# %% [markdown]
# ## 1. The cards
#
# The cards are not typed into the program: they are read from a data file (`data/cards.json`), which a
# teacher may edit. Let us count them.

# %%
print("Colours:", cards.COLOURS)
print("Values: ", cards.VALUES)
number_cards = [cards.card_name(c) for c in cards.NUMBER_CARDS]
print(len(number_cards), "Number cards, for example:", number_cards[:3], "...", number_cards[-1])
print("5 colours × 9 values =", len(cards.COLOURS) * len(cards.VALUES))

# %% [markdown]
# Each Number card also has a short **code**: the first letter of its colour and its value. `R7` is the red 7,
# `P2` the purple 2. Positions saved to files use these codes.

# %%
print(cards.CODES[:9])
print("R7 is the", cards.card_name(cards.CARD_BY_CODE["R7"]))

# %%
for rule, copies in zip(cards.RULES, cards.RULE_COPIES):
    print(f"{cards.rule_name(rule):17} {copies} cards")
print("Rule cards in all:", sum(cards.RULE_COPIES))

# %% [markdown]
# So there are **45 Number cards** (each colour-and-value pair exactly once) and **60 Rule cards** (12 of each
# of the five rules).
#
# ## 2. Setting up a game
#
# `rl.load_game` creates a game for a number of players with a seed; `new_state()` shuffles and deals as the
# rulebook says. Every change of the game is recorded as an **event**; each event knows the section of the
# rulebook that caused it (`event.rule`) and can explain itself in English (`event.text()`).

# %%
game = rl.load_game("master_of_rules", players=5, seed=SEED)
state = game.new_state()

def show_events(events):
    """Print each event with the rulebook section that caused it."""
    for e in events:
        print(f"[{e.rule}] {e.text()}")

show_events(state.events)

# %%
print(describe(state))
print()
print("What Player 1 sees ->", hand_text(state, 0))

# %% [markdown]
# Let us check the counts of the setup. `state.to_json()` gives the whole position as plain data (it is also
# what a saved position file contains).

# %%
# NBVAL_CHECK_OUTPUT
position = state.to_json()
in_hands = sum(len(hand["numbers"]) for hand in position["hands"])
shown = len(position["display"]["numbers"])
deck = len(position["decks"]["numbers"])
print(f"Number cards: {in_hands} in 5 hands + {shown} in the display + {deck} in the deck = {in_hands + shown + deck}")
in_hands = sum(len(hand["rules"]) for hand in position["hands"])
shown = len(position["display"]["rules"])
deck = len(position["decks"]["rules"])
print(f"Rule cards:   {in_hands} in 5 hands + {shown} in the display + {deck} in the deck = {in_hands + shown + deck}")

# %% [markdown]
# Each player holds **4 Number cards and 3 Rule cards**. The **display** (*la Recharge*) shows 5 Number cards
# and 5 Rule cards face up: after you play a card, you refill your hand by taking a card of the same type from
# the display.
#
# ## 3. One transaction, step by step
#
# A **transaction** has two rounds. In each round every player, from the first player and going clockwise,
# plays one card face up, then refills from the display:
#
# * **round 1**: a Number card *or* a Rule card;
# * **round 2**: a card of the *other* type.
#
# Then the Rule cards are **judged** on the five Number cards on the table.
#
# Here is what the first player may do right now. The engine lists only legal moves:

# %%
print("To move:", f"Player {state.current_player + 1}")
for action in state.legal_actions():
    print(" ", action)

# %% [markdown]
# Now we let five bots play the whole transaction. A bot is a small program that picks a move; these ones
# pick the card pair with the best chance of scoring. After each move we print the new events. The deck
# draws are random too: they use the same seeded generator.

# %%
# NBVAL_CHECK_OUTPUT
rng = random.Random(SEED)
bot = HeuristicBot()
judged = False
while not judged:
    if state.current_player == rl.CHANCE:   # a card comes off a deck
        action = state.sample_chance(rng)
    else:
        action = bot.choose(state, rng)
    before = len(state.events)
    state.apply(action)
    new = state.events[before:]
    show_events(new)
    judged = any(e.kind.startswith("judge") for e in new)

# %% [markdown]
# Read the log from the top. Each line starts with the section of the rulebook in square brackets:
# `transaction.play` is playing a card, `transaction.refill` is taking a card from the display, and
# `rules.limit_23`, `rules.trio`, ... are the verdicts of the judging, each with its reason.
#
# A fulfilled Rule card is **kept** by its player and is worth points; every other card on the table is
# discarded. The scores so far:

# %%
# NBVAL_CHECK_OUTPUT
for player, points in enumerate(state.scores()):
    print(f"Player {player + 1}: {points} point(s)")

# %% [markdown]
# ## 4. The "already played" restriction and its exception
#
# > You may not play a Rule card of a type that was already played in this transaction, **unless** every
# > Rule card in your hand is of an already-played type; then you may play any of them.
#
# ratgames_lab ships the rulebook's examples as position files. We load them with a small helper:

# %%
EXAMPLES = Path(rl.__file__).parent / "master_of_rules" / "positions"

def load_example(name):
    """Load one of the rulebook example positions that ship with ratgames_lab: (game, state)."""
    return rl.load_position(EXAMPLES / f"{name}.json")

print(sorted(p.stem for p in EXAMPLES.glob("*.json")))

# %% [markdown]
# In this 3-player position everybody opened with a Number card. After the first round, the dummy player
# *Dummy-1* receives the top Number card and the top Rule card of the decks (section 5 explains dummies).
# We choose which cards come off the decks, as if we had stacked them: the purple 5 and a **Trio**.

# %%
game3, state3 = load_example("dummy_rule_already_played_3p")
state3.apply(game3.action_from_json({"kind": "draw_number", "card": "P5"}))
state3.apply(game3.action_from_json({"kind": "draw_rule", "rule": "trio"}))
show_events(state3.events[-2:])
print("Player 1 ->", hand_text(state3, 0))

# %% [markdown]
# Player 1 holds a Trio, but Trio was already played (by Dummy-1). Let us try to play it anyway. The engine
# refuses with an `IllegalActionError` that names the rule, and the position does not change:

# %%
before = state3.to_json()
try:
    state3.apply(game3.action_from_json({"kind": "play_rule", "rule": "trio"}))
except rl.IllegalActionError as error:
    print("Refused:", error)
    print("Rule:", error.rule)
print("Position unchanged:", state3.to_json() == before)
print("Legal moves:", [str(a) for a in state3.legal_actions()])

# %% [markdown]
# Player 1 plays Limit 23 instead and refills. Player 2 holds **only** Trio cards, all of an already-played
# type: that is the exception, so Player 2 may play a Trio.

# %%
state3.apply(game3.action_from_json({"kind": "play_rule", "rule": "limit_23"}))
state3.apply(state3.legal_actions()[0])   # refill: take the first Rule card the display offers
print("Player 2 ->", hand_text(state3, 1))
print("Legal moves:", [str(a) for a in state3.legal_actions()])
before = len(state3.events)
state3.apply(game3.action_from_json({"kind": "play_rule", "rule": "trio"}))
show_events(state3.events[before:])

# %% [markdown]
# **Exercise 1 (guess first).** Player 2 now refills (we let them take the first card the display offers), and it
# is Player 3's turn. Player 3 holds **Limit 23, Only One and Support Right**; Trio and Limit 23 were already played
# in this transaction. Which Rule cards may Player 3 play, and why? And if Player 3 held only **Limit 23 and
# Trio**? Write your answers down, then run the cell below to let the engine referee the first question.

# %% tags=["solution"]
state3.apply(state3.legal_actions()[0])   # Player 2's refill
print("Player 3 ->", hand_text(state3, 2))
print("Legal moves:", [str(a) for a in state3.legal_actions()])

# %% [markdown] tags=["solution"]
# **Answer.** Only One or Support Right. Limit 23 was already played (by Player 1), and the exception does not
# help: Player 3 also holds cards of types not yet played. With only Limit 23 and Trio, every Rule card in the
# hand is of an already-played type, so the exception applies and Player 3 may play either of them.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the set of Rule cards Player 3 may play, e.g. {"Trio", "Limit 23"}.
from ratgames_lab.lessons import check

answer = ...
check("10-ex1", answer)


# %% [markdown]
# ## 5. Dummy players for 3 and 4 players
#
# The table always has **five seats**. With fewer players, dummy players fill the last seats:
#
# * **4 players**: after the first round, *Dummy-1* gets the top Number card of the deck.
# * **3 players**: after the first round, *Dummy-1* gets the top Number card **and** the top Rule card (that
#   Rule card counts as already played); after the second round, *Dummy-2* gets the top Number card.
#
# So there are always five Number cards on the table at judging time. Let us watch bots play a first
# transaction with 4 and then 3 players and print only the dummies' events (their rulebook section is
# `dummies`) and the judging.

# %%
# NBVAL_CHECK_OUTPUT
def first_transaction(players, seed):
    """Bots play the first transaction of a new game; return the events up to the judging."""
    state = rl.load_game("master_of_rules", players=players, seed=seed).new_state()
    rng, bot = random.Random(seed), HeuristicBot()
    while not any(e.kind.startswith(("judge", "dummy_f")) for e in state.events):
        action = state.sample_chance(rng) if state.current_player == rl.CHANCE else bot.choose(state, rng)
        state.apply(action)
    return state.events

for players in (4, 3):
    print(f"--- {players} players ---")
    events = first_transaction(players, SEED)
    show_events([e for e in events if e.rule == "dummies" or e.kind.startswith(("judge", "dummy_f"))])

# %% [markdown]
# A dummy's Number card counts like any other. With 3 players, Dummy-1's Rule card is judged too, but
# **a dummy keeps nothing**: even a fulfilled dummy card is discarded. In this example position (3 players)
# Dummy-1 played Limit 23 and Dummy-2's Number card is about to be drawn; we draw the purple 3:

# %%
game3, state3 = load_example("dummy_rule_discarded_3p")
print(describe(state3))
before = len(state3.events)
state3.apply(game3.action_from_json({"kind": "draw_number", "card": "P3"}))
show_events([e for e in state3.events[before:] if e.kind.startswith(("judge", "dummy"))])


# %% [markdown]
# ## 6. The five rules
#
# Each rule is decided by the five Number cards on the table. For each one we load the rulebook's example,
# play the last card, and read the judging. This helper plays one move, refills if the player must, and
# returns the new events:

# %%
def play_last_card(game, state, move):
    """Apply one move (as JSON), refill from the display if needed, return the new events."""
    before = len(state.events)
    state.apply(game.action_from_json(move))
    while state.phase == "refill":          # take the first card the display offers
        state.apply(state.legal_actions()[0])
    return state.events[before:]

def table_codes(state):
    """The Number cards on the table, as codes like 'R7'."""
    return [seat["number"] for seat in state.to_json()["table"] if seat["number"]]


# %% [markdown]
# In the examples the rulebook calls the players A, B, C, D, E; here they are Player 1 to Player 5.
#
# ### Limit 23
#
# > **Limit 23** is fulfilled if the five Number cards add up to **23 or less**.
#
# Player 1 played Limit 23 with the red 2. Four Number cards are on the table; Player 5 plays the last one.

# %%
game5, state5 = load_example("limit_23_sum_23")
print(describe(state5))
print("Player 5 ->", hand_text(state5, 4))
so_far = sum(int(code[1]) for code in table_codes(state5))
print("The four cards on the table add up to", so_far)

# %% [markdown]
# If Player 5 plays the purple 5, the sum becomes 18 + 5 = 23: exactly 23, which is allowed.

# %%
# NBVAL_CHECK_OUTPUT
show_events(play_last_card(game5, state5, {"kind": "play_number", "card": "P5"}))

# %% [markdown]
# The same position, but Player 5 plays the purple 6: the sum is 24, one too many.

# %%
game5, state5 = load_example("limit_23_sum_23")
events = play_last_card(game5, state5, {"kind": "play_number", "card": "P6"})
show_events([e for e in events if e.params.get("player") == "Player 1"])

# %% [markdown]
# ### Best of the Best
#
# > Find the colour(s) with the **most cards** among the five. You fulfil **Best of the Best** if your Number
# > card is the **highest card of one of those colours**. If several colours tie, each of them counts.
#
# In the rulebook's first example purple is the most common colour. Player 1 (A) played the purple 8 and
# Player 3 (C) the blue 9. Player 5 plays the last card, a Rule card (Only One).

# %%
game5, state5 = load_example("best_of_the_best_purple")
print(describe(state5))
show_events([e for e in play_last_card(game5, state5, {"kind": "play_rule", "rule": "only_one"})
             if e.kind.startswith("judge")])

# %% [markdown]
# The blue 9 is the highest blue card, but blue is not the most common colour, so Player 3 fails.
#
# This position also shows the **exception** of section 4: look at how Player 3 came to play Best of the Best
# although Player 1 had already played one. The position file keeps its whole log:

# %%
show_events([e for e in state5.events if e.kind.startswith("play_rule")])

# %% [markdown]
# In the second example, red and blue **tie** with two cards each. The highest red and the highest blue both
# fulfil Best of the Best.

# %%
game5, state5 = load_example("best_of_the_best_tie")
print(describe(state5))
show_events([e for e in play_last_card(game5, state5, {"kind": "play_rule", "rule": "trio"})
             if e.kind.startswith("judge")])

# %% [markdown]
# ### Only One
#
# > **Only One** is fulfilled if **no other card** on the table has your card's **colour**, and **no other
# > card** has its **value**.
#
# Player 1 (A) played Only One with the yellow 3; Player 4 (D) played Only One with the red 2, but Player 2
# played a red 6. Player 5 plays the last card, the green 8.

# %%
game5, state5 = load_example("only_one")
print(describe(state5))
show_events([e for e in play_last_card(game5, state5, {"kind": "play_number", "card": "G8"})
             if e.kind.startswith("judge")])

# %% [markdown]
# ### Trio
#
# > **Trio** is fulfilled if at least **three** of the five cards share a **colour**, or at least three share
# > a **value**. Your own card does not need to be one of them.
#
# Player 1 (A) played Trio with the blue 4, and three other players played red cards.

# %%
game5, state5 = load_example("trio_three_reds")
print(describe(state5))
show_events([e for e in play_last_card(game5, state5, {"kind": "play_rule", "rule": "support_right"})
             if e.kind.startswith("judge")])

# %% [markdown]
# ### Support Right
#
# > **Support Right** is fulfilled if the **first real player to your right** (the player who plays just
# > before you; dummies are skipped) fulfilled **their** Rule card.
#
# If that player also played Support Right, look at *their* right-hand neighbour, and so on: a **chain**.
# In the rulebook's example C plays Trio, B plays Support Right (B's right-hand neighbour is C) and A plays
# Support Right (A's right-hand neighbour is B). Here C is Player 1, B is Player 2 and A is Player 3.
# Everything hangs on C's Trio, which depends on the last card, played by Player 5.

# %%
for last in ("R8", "P9"):
    game5, state5 = load_example("support_right_chain")
    if last == "R8":
        print(describe(state5))
    print(f"\n--- Player 5 plays the {cards.card_name(cards.CARD_BY_CODE[last])} ---")
    events = play_last_card(game5, state5, {"kind": "play_number", "card": last})
    show_events([e for e in events if e.params.get("player") in ("Player 1", "Player 2", "Player 3")
                 and e.kind.startswith("judge")])

# %% [markdown]
# The red 8 makes three red cards, so C's Trio is fulfilled, and with it B's and A's Support Right. The purple
# 9 makes no trio: all three fail together.
#
# **Dummies are skipped.** With 4 players, Dummy-1 sits between Player 4 and Player 1, but Player 1's
# Support Right looks past it to Player 4:

# %%
game4, state4 = load_example("support_right_skips_dummy_4p")
print(describe(state4))
show_events([e for e in play_last_card(game4, state4, {"kind": "play_number", "card": "R9"})
             if e.kind.startswith("judge")])


# %% [markdown]
# ### The rules as Python functions
#
# Inside the engine each rule is one short function of the five cards. `TableStats` counts the cards by
# colour and value; each `fulfils_...` function answers `True` or `False` for one player's card. We can call
# them directly on any five cards. For example, the red 2, red 6, blue 5, yellow 3 and green 8:

# %%
def table(*codes):
    """Card numbers from codes like 'R2'."""
    return [cards.CARD_BY_CODE[c] for c in codes]

five = table("Y3", "R6", "B5", "R2", "G8")
stats = TableStats(five)
print("Sum:", stats.total)
for code in ("Y3", "R2", "R6"):
    mine = cards.CARD_BY_CODE[code]
    print(f"{cards.card_name(mine)}: Limit 23 {fulfils_limit_23(stats, mine)},",
          f"Only One {fulfils_only_one(stats, mine)}, Trio {fulfils_trio(stats, mine)},",
          f"Best of the Best {fulfils_best_of_the_best(stats, mine)}")

# %% [markdown]
# These are the cards of the Only One example above, and the functions agree with the judging: the yellow 3
# fulfils Only One, the red 2 does not. The sum is 24, so Limit 23 fails for everybody; no three cards share a
# colour or a value, so Trio fails too. Red is the most common colour and the red 6 is the highest red, so
# the red 6 is the only card that would fulfil Best of the Best.

# %% [markdown]
# **Exercise 2.** The five Number cards on the table are the red 9, blue 9, yellow 9, red 2 and green 1. You
# played the **red 2**. Which of Limit 23, Best of the Best, Only One and Trio are fulfilled for you? Decide
# first with pencil and paper, then check with `TableStats` and the `fulfils_...` functions.

# %% tags=["solution"]
five = table("R9", "B9", "Y9", "R2", "G1")
mine = cards.CARD_BY_CODE["R2"]
stats = TableStats(five)
for name, rule in [("Limit 23", fulfils_limit_23), ("Best of the Best", fulfils_best_of_the_best),
                   ("Only One", fulfils_only_one), ("Trio", fulfils_trio)]:
    print(f"{name:17} {rule(stats, mine)}")

# %% [markdown] tags=["solution"]
# **Answer.** Only **Trio**: three cards have the value 9. Limit 23 fails (9 + 9 + 9 + 2 + 1 = 30). Only One
# fails (the red 9 shares your colour). Best of the Best fails: red is the most common colour (2 cards),
# but the red 9 beats your red 2.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the set of rules fulfilled, e.g. {"Only One", "Limit 23"}.
from ratgames_lab.lessons import check

answer = ...
check("10-ex2", answer)

# %% [markdown]
# ## 7. Scoring and the winner
#
# At the end of the game:
#
# * each kept Rule card is worth **1 point**;
# * **+2 points** for each rule type, *other than Support Right*, of which you kept **3 or more** cards
#   (only once per type: 6 cards of one type still give +2);
# * **+2 points** if you kept **all five** types (once).
#
# `score_kept` takes the number of kept cards of each type, in this order:

# %%
# NBVAL_CHECK_OUTPUT
print([cards.rule_name(r) for r in cards.RULES])

def kept(**counts):
    """Kept cards per type, in the order above: kept(trio=3, limit_23=1)."""
    return [counts.get(rule, 0) for rule in cards.RULES]

examples = {
    "1 Limit 23, 1 Trio": kept(limit_23=1, trio=1),
    "3 Trio": kept(trio=3),
    "6 Trio": kept(trio=6),
    "3 Support Right": kept(support_right=3),
    "one of each type": kept(limit_23=1, best_of_the_best=1, only_one=1, trio=1, support_right=1),
    "3 Limit 23 + one of each other type": kept(limit_23=3, best_of_the_best=1, only_one=1, trio=1,
                                                support_right=1),
}
for label, counts in examples.items():
    print(f"{label:36} {sum(counts)} cards -> {score_kept(counts)} points")


# %% [markdown]
# Read the table:
#
# * 3 Trios give 3 + 2 = 5 points, and 6 Trios give 6 + 2 = 8 (not 10);
# * 3 Support Rights give only 3 (there is no set bonus for Support Right);
# * one card of each type gives 5 + 2 = 7;
# * the last line collects both bonuses: 7 cards + 2 + 2 = 11.
#
# **The winner** has the most points. If players tie, the one with more **Support Right** cards wins; if
# still tied, more **Trio**, then **Only One**, then **Best of the Best**, then **Limit 23**. If they are
# still tied, they share the win. `winners` takes every player's kept cards and returns the winning
# seats; this helper prints them by name:

# %%
# NBVAL_CHECK_OUTPUT
def show_winners(**players):
    """Print each player's points and the winner(s)."""
    names = list(players)
    for name in names:
        print(f"  {name}: {score_kept(players[name])} points, kept {players[name]}")
    print("  Winner(s):", " and ".join(names[i] for i in winners(list(players.values()))))

show_winners(A=kept(limit_23=3, trio=1, support_right=1), B=kept(trio=3, only_one=2))
show_winners(A=kept(limit_23=3, trio=1, support_right=1), C=kept(only_one=3, trio=1, support_right=1))
show_winners(A=kept(limit_23=3, trio=1, support_right=1), D=kept(limit_23=3, trio=1, support_right=1))

# %% [markdown]
# All of them have 7 points. **A beats B** on the first tie-break: A kept one Support Right, B none.
# **C beats A**: they tie on Support Right (1 each) and on Trio (1 each), but C kept more Only One (3 to 0).
# **A and D** kept exactly the same cards, so they share the win.

# %% [markdown]
# **Exercise 3.** At the end of a game you kept 4 Limit 23, 1 Best of the Best, 1 Only One, 3 Trio and
# 1 Support Right. How many points is that? Count by hand first (cards, then each bonus), then check with
# `score_kept`.

# %% tags=["solution"]
mine = kept(limit_23=4, best_of_the_best=1, only_one=1, trio=3, support_right=1)
print(sum(mine), "cards ->", score_kept(mine), "points")

# %% [markdown] tags=["solution"]
# **Answer.** 10 cards = 10 points, +2 for three or more Limit 23, +2 for three Trio, +2 for all five types:
# **16 points**.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as a whole number of points.
from ratgames_lab.lessons import check

answer = ...
check("10-ex3", answer)

# %% [markdown]
# **Next:** [part 2, exact odds](11_master_of_rules_probability.ipynb): what is the *chance* that a rule
# will be fulfilled, before all the cards are on the table?
