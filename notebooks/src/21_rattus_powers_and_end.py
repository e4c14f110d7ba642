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
# # Rattus, part 2: the class powers and the end of the game
#
# [Part 1](20_rattus_rules.ipynb) played the setup, a turn and the rulebook's examples. Here the computer is
# the referee again, for the rest of the rules:
#
# 1. the six class powers, each once (the Peasant, the King, the Merchant, the Monk, the Witch, the Knight);
# 2. the end of the game: the supply running out, the final round, the final plague and the tie-break.
#
# Run each cell with **Shift+Enter**, from top to bottom. The English names used here are listed in
# `docs/rattus.md` (*carte de Classe* = class card, *dernière manche* = final round). Lines starting with
# `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore them.
#
# > **About the data.** The map's neighbours and the 49 rat tokens are the **project's reconstruction** (the
# > rulebook prints neither), shipped as editable files in `ratgames_lab/rattus/data/` (part 1, section 1).

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: know each class power and its limits (once per turn,
# before the plague moves, except the King); see that a refused move names its rule and leaves the position
# unchanged; play the end of a game (final round order, final plague, tie-break) and explain who wins.
# *Timing*: section 1, the powers, one at a time (20 min, exercise 1 after the Merchant); section 2, the end
# of the game (20 min); exercise 2 (10 min). *Prerequisites*: part 1. *Discussion prompts*: "which card would
# you take first, and why?" (part 3 measures the risk a card's symbol brings); "the Witch sees two tokens: who
# else learns something when she swaps them?" (everyone sees the swap, nobody else sees the tokens); "why does
# the tie-break favour the player who would have played first?"

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

from collections import Counter

import ratgames_lab as rl
from ratgames_lab.rattus import POSITIONS
from ratgames_lab.rattus.actions import (EndTurn, KingToCastle, MerchantMove, MonkMove, MovePlague, PeasantCube,
                                         Place, Reveal, Spread, WitchPeek, WitchSwap)
from ratgames_lab.rattus.components import CLASSES, COLOURS


def show_events(events):
    """Print each event as [rulebook section] explanation."""
    for e in events:
        print(f"[{e.rule}] {e.text()}")


# %% [markdown]
# ## 1. The six class powers
#
# Only the player whose turn it is uses powers, each card once per turn, and always before moving the plague
# (except the King). The powers of all the cards you hold add up. To see each power once, we take the
# placing example again and, for this lesson only, give **all six cards to Red**. A position is plain data, so
# we edit it and load it again (the engine checks the edited position):

# %%
# NBVAL_CHECK_OUTPUT
game9, state9 = rl.load_position(POSITIONS / "placement.json")
data = state9.to_json()
data["classes"] = {card: 0 for card in CLASSES}   # player 0 (Red) holds every card
powers = game9.state_from_json(data)
print(dict(Counter(a.kind for a in powers.legal_actions())))

# %% [markdown]
# Holding every card, Red has many more choices:
#
# * 23 placements (the 11 regions with rats, plus the 12 regions with the Peasant's extra cube);
# * 44 Monk moves and 16 Merchant moves;
# * 13 face-down tokens to look at with the Witch;
# * 17 plague moves (4 normal ones plus 13 with the Knight).
#
# **Peasant** (*Paysan*): place one extra cube when you place cubes. So Red may place 1 cube even in Italia,
# which has no rat token:

# %%
# NBVAL_CHECK_OUTPUT
powers.apply(Place("Italia", peasant=True))
show_events(powers.events[-1:])

# %% [markdown]
# **King** (*Roi*): at any time in your turn, move one of your cubes from a region **without rats** to the
# Castle, where it is safe until the end (Castle cubes count in the final score). Italia has no rats:

# %%
# NBVAL_CHECK_OUTPUT
print("King's choices:", [a.region for a in powers.legal_actions() if a.kind == "king"])
powers.apply(KingToCastle("Italia"))
show_events(powers.events[-1:])
try:
    powers.apply(KingToCastle("Italia"))
except rl.IllegalActionError as error:
    print("A second time? Refused:", error)

# %% [markdown]
# **Merchant** (*Marchand*): move up to 3 of your cubes from one region to a neighbouring region. Red moves
# both cubes out of Gallia, which holds 3 rat tokens, to Hispania:

# %%
# NBVAL_CHECK_OUTPUT
powers.apply(MerchantMove(source="Gallia", target="Hispania", count=2))
show_events(powers.events[-1:])

# %% [markdown]
# **Exercise 1.** Could Red have moved **3** cubes from Gallia to Italia with the Merchant instead? Guess
# first (how many cubes does Red have in Gallia?), then try it on a `clone()` of the position as it was before
# the Merchant moved (`game9.state_from_json(data)` rebuilds it) and read the engine's answer.

# %% tags=["solution"]
before_merchant = game9.state_from_json(data)
try:
    before_merchant.clone().apply(MerchantMove(source="Gallia", target="Italia", count=3))
except rl.IllegalActionError as error:
    print("Refused:", error, "| rule:", error.rule)
print("Red's cubes in Gallia:", before_merchant.to_json()["regions"]["Gallia"]["cubes"][0])

# %% [markdown] tags=["solution"]
# **Answer.** No: Red has only 2 cubes in Gallia, and the Merchant moves 1 to 3 of **your own** cubes from the
# region. The engine refuses, names the rule (`class.merchant`) and leaves the position unchanged.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as "yes" or "no".
from ratgames_lab.lessons import check

answer = ...
check("21-ex1", answer)

# %% [markdown]
# **Monk** (*Moine*): move one rat token to a neighbouring region that holds fewer than 3. Tokens are face
# down, so we name them by region and arrival order (#1 is the first that arrived):

# %%
# NBVAL_CHECK_OUTPUT
powers.apply(MonkMove(source="Gallia", slot=0, target="Italia"))
show_events(powers.events[-1:])

# %% [markdown]
# **Witch** (*Sorcière*): look secretly at a face-down token, then at a second one anywhere, then swap them if
# you like. The tokens the Witch saw are private: they appear in Red's `observation`, not in Yellow's.

# %%
# NBVAL_CHECK_OUTPUT
powers.apply(WitchPeek(region="Gallia", slot=0))
powers.apply(WitchPeek(region="Germania", slot=0))
powers.apply(WitchSwap(True))
show_events(powers.events[-3:])
print("Red knows:", [(p["region"], p["token"]["threshold"], p["token"]["symbols"])
                     for p in powers.observation(0)["peeks"]])
print("Yellow knows:", powers.observation(1)["peeks"])

# %% [markdown]
# Red swapped the two tokens: the one first seen in Gallia now lies in Germania, and Red still knows where
# each of them is. Nobody else does.
#
# **Knight** (*Chevalier*): move the plague two regions, and count it as 2 neutral cubes (part 1, section 8). Red may
# still use it here, from Polonia:

# %%
# NBVAL_CHECK_OUTPUT
knight_moves = [a for a in powers.legal_actions() if a.kind == "move_plague" and a.via]
print(len(knight_moves), "two-step moves, for example:", [str(a) for a in knight_moves[:3]])
print()
print(powers.describe())

# %% [markdown]
# ## 2. The end of the game
#
# The game ends **at the end of the turn** in which the supply of rat tokens runs out, or in which a player
# places their last cube. Then comes a **final round**: counter-clockwise, starting with the player to the
# right of the one who just played, every other player may use their class powers once more. Nobody takes a
# card or places cubes, except that the **Peasant** may add one cube to any region and the **Knight** may
# move the plague two regions, where it counts as 2 neutral cubes until the end. Finally, the **final
# plague** reveals every face-down token on the board, and the player with the most cubes (board plus
# Castle) wins.
#
# This position, written for this notebook, has one token left in the supply:

# %%
# NBVAL_CHECK_OUTPUT
game10, state10 = rl.load_position("positions/rattus_last_turn.json")
print(state10.describe())

# %% [markdown]
# Red moves the plague to Polonia (2 rat tokens, so 2 new tokens should spread). The first one empties the
# supply, which ends the game after this turn; the second cannot be placed. Red puts the token in Hungaria.

# %%
# NBVAL_CHECK_OUTPUT
before = len(state10.events)
state10.apply(MovePlague(to="Polonia", via=None))
state10.apply(Spread("Hungaria"))
outcomes = state10.chance_outcomes()
print(len(outcomes), "token left in the supply, drawn with probability", outcomes[0][1])
state10.apply(outcomes[0][0])
state10.apply(Reveal(0))
show_events(state10.events[before:])

# %% [markdown]
# Red played last, so the final round goes counter-clockwise from Red's right: Blue, Green, Yellow. Red does
# not play again.

# %%
# NBVAL_CHECK_OUTPUT
print("Final round order:", [COLOURS[p] for p in state10.final_queue])
print(COLOURS[state10.current_player], "may:", dict(Counter(a.kind for a in state10.legal_actions())))

# %% [markdown]
# * **Blue** (King) puts the cube from Russia in the Castle. Blue has no other card, so the engine moves on.
# * **Green** (Knight and Monk) moves the plague two regions, to Anglia, where Yellow has 2 cubes, then
#   ends their turn without using the Monk.
# * **Yellow** (Peasant and Witch) adds a cube to Hispania, which has no rats, and ends the turn.
#
# Then the final plague runs by itself.

# %%
# NBVAL_CHECK_OUTPUT
before = len(state10.events)
for action in [KingToCastle("Russia"),                        # Blue
               MovePlague(to="Anglia", via="Germania"), EndTurn(),   # Green
               PeasantCube("Hispania"), EndTurn()]:           # Yellow
    state10.apply(action)
show_events(state10.events[before:])

# %% [markdown]
# Look at Anglia: 2 cubes plus the Knight's 2 neutral cubes reach the threshold 3, so the Peasant symbol
# costs Yellow a cube. Regions without cubes reveal their tokens too (no effect).
#
# **The winner.** Red and Yellow tie with 9 cubes. A tie goes to the tied player who would have played
# **first** had the game gone on. Red played the last turn, so next would have come Yellow, Green, Blue,
# then Red: Yellow wins.

# %%
# NBVAL_CHECK_OUTPUT
print("Scores (board + Castle):", dict(zip(COLOURS, state10.scores())))
print("Game over:", state10.is_terminal(), " Winner:", COLOURS[state10.winner()],
      " Returns:", state10.returns())

# %% [markdown]
# **Exercise 2.** Back to the last-turn position: suppose **Green does not use the Knight** in the final round
# (Green just ends the turn), while Blue and Yellow play as above. Who wins now? Guess first (where was the
# Knight's plague decisive?), then replay it on a fresh `rl.load_position("positions/rattus_last_turn.json")`.

# %% tags=["solution"]
game_ex, replay = rl.load_position("positions/rattus_last_turn.json")
for action in [MovePlague(to="Polonia", via=None), Spread("Hungaria")]:
    replay.apply(action)
replay.apply(replay.chance_outcomes()[0][0])
for action in [Reveal(0), KingToCastle("Russia"), EndTurn(), PeasantCube("Hispania"), EndTurn()]:
    replay.apply(action)
print("Scores:", dict(zip(COLOURS, replay.scores())), " Winner:", COLOURS[replay.winner()])

# %% [markdown] tags=["solution"]
# **Answer.** The plague stays in Hungaria, so Anglia is revealed without the 2 neutral cubes: its token
# (threshold 3) finds only Yellow's 2 cubes and does nothing. The score is printed above: Yellow keeps the
# Anglia cube and wins alone. One power used in the final round decided the game.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the colour of the winner, e.g. "Green".
from ratgames_lab.lessons import check

answer = ...
check("21-ex2", answer)

# %% [markdown]
# **Next:** [part 3, probability](22_rattus_probability.ipynb): what is the *chance* that the plague hurts you,
# when you cannot see the tokens?
