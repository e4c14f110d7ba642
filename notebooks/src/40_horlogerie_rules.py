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
# # L'Horlogerie des Rats, part 1: the rules
#
# **L'Horlogerie des Rats** is an amateur French card game for 2 to 6 players. Each player leads a team of
# **Horlogers** (clockmaker rats) exploring the Twisted Land. On your turn you draw **Exploration cards** one by
# one, trying to get as close as you can to your team's **exploration value** without going over; then your left
# neighbour draws **Danger cards** against what you explored, with the same rule, to wound your team. The cards
# you bring home buy **missions** worth victory points (VP). The first to 12 VP, or an empty mission deck, ends the
# game at the end of the round.
#
# In this notebook the computer is the referee: we play the rules with the engine and read its explanations.
#
# 1. the names, and which data is reconstructed;
# 2. the components, counted from the data files;
# 3. a turn step by step: a perfect exploration;
# 4. a bust, and the right neighbour's choice;
# 5. wounds from a Twisted Tribe;
# 6. buying missions without change, and what the engine refuses;
# 7. the end of the game.
#
# Run each cell with **Shift+Enter**, from top to bottom. Lines starting with `# NBVAL_` are notes for the
# automatic tests that run this notebook; you can ignore them.

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: the six steps of a turn (prepare, recruit, explore with its
# danger phase, discover, rest, take stock); the three outcomes of a draw (under, exact, over); who decides what
# (the explorer, the left neighbour for the danger, the right neighbour after a bust or a tie); wounds, toughness
# and losing an Horloger; buying without change; the end of the game. *Timing*: sections 1-2 (10 min), section 3
# (15 min, exercise 1), sections 4-5 (15 min, exercises 2 and 3), sections 6-7 (10 min, exercise 4).
# *Prerequisites*: none. *Discussion prompts*: "why does the rulebook let an opponent choose the card you keep
# after a bust?"; "why can the danger drawer also bust?"; "is a perfect exploration worth chasing?" (the subject
# of [part 2](41_horlogerie_push_your_luck.ipynb)).

# %%
SEED = 40  # every random choice in this notebook uses this seed, so it runs the same every time

import json
import random
from collections import Counter
from pathlib import Path

import ratgames_lab as rl
import ratgames_lab.horlogerie as horlogerie
from ratgames_lab import IllegalActionError
from ratgames_lab.core.playout import play_to_end
from ratgames_lab.horlogerie import ThresholdBot
from ratgames_lab.horlogerie.actions import DRAW, STOP, Buy, DeckCard, EndRest, KeepCard, Wound

DATA = Path(horlogerie.__file__).parent / "data"
POSITIONS = Path(horlogerie.__file__).parent / "positions"


def play(state, action):
    """Apply an action and print each new event of the log as [rule] explanation, then who decides next."""
    start = state.event_count
    state.apply(action)
    for e in state.events_since(start):
        print(f"[{e.rule}] {e.text()}")
    who = "chance (a card is drawn)" if state.is_chance_node() else state.player_name(state.current_player)
    print(f"   -> step {state.step}; to decide: {who}")


# %% [markdown]
# ## 1. Names, and reconstructed data
#
# The rulebook is French; the engine, the dashboard and these lessons use the English names of the glossary in
# `docs/horlogerie.md`:
#
# | French | English |
# |---|---|
# | carte EXPLORATION, lieu | Exploration card, place |
# | carte DANGER, créature, Tribu distordue | Danger card, creature, Twisted Tribe |
# | valeur d'exploration / de danger | exploration value / danger value |
# | exploration parfaite / danger parfait | perfect exploration / perfect danger |
# | carte MISSION, TROUVAILLE | mission, find |
# | score (d'un Horloger), encombrement | toughness, encumbrance (load against carry) |
# | marais / fleuve / jungle | Swamp / River / Jungle (S / R / J) |
# | voisin de gauche / de droite | left neighbour / right neighbour |
# | boussole, amulette, longue-vue | Compass, Amulet, Spyglass |
# | stop ou encore | stop or draw (push your luck) |
#
# The rulebook gives the Exploration deck card by card, but not the faces of the Horloger, Danger and Mission
# cards. Those are the **project's reconstruction**, shipped as editable JSON files that say so:

# %%
# NBVAL_CHECK_OUTPUT
for deck in ("exploration", "danger", "horlogers", "missions"):
    data = json.loads((DATA / f"{deck}.json").read_text())
    print(f"{deck:12} reconstruction: {data['reconstruction']}")

# %% [markdown]
# ## 2. The components, counted from the data files

# %%
# NBVAL_CHECK_OUTPUT
game = rl.load_game("horlogerie", players=3, seed=SEED)
comp = game.components
exploration = Counter()
for name, value, copies in zip(comp.exploration.names, comp.exploration.value, comp.exploration.copies):
    exploration[value] += copies
print("Exploration cards:", sum(exploration.values()), " by value:", dict(sorted(exploration.items())))
danger = Counter()
for level, copies in zip(comp.danger.level, comp.danger.copies):
    danger[level] += copies
print("Danger cards:     ", sum(danger.values()), " by level:", dict(sorted(danger.items())))
for profile in json.loads((DATA / "horlogers.json").read_text())["profiles"]:
    print(f"  {profile['copies']} x {profile['name']:8} exploration {profile['exploration']}, "
          f"toughness {profile['toughness']}, carry {profile['carry']}")

# %% [markdown]
# A new game deals each player 3 Horlogers and 9 missions face up to the **grid**. A team's exploration value is
# the sum of its Horlogers' exploration; its carry limits how many cards and finds it can keep.

# %%
# NBVAL_CHECK_OUTPUT
state = game.new_state()
print(state.describe())

# %% [markdown]
# ## 3. A turn step by step: a perfect exploration
#
# The shipped position `perfect_exploration`: Player 1 (Porter, Porter, Artisan: value 6) has drawn S1. To follow
# a chosen story, we tell the engine which card comes off the deck (`DeckCard`), as a teacher could stack the
# deck; in a real game the card is random.

# %%
# NBVAL_CHECK_OUTPUT
game3, turn = rl.load_position(POSITIONS / "perfect_exploration.json")
print(turn.describe())
print("Player 1 may:", [a.describe() for a in turn.legal_actions()])

# %% [markdown]
# **Exercise 1 (guess first).** Player 1's total is 1 and the value is 6. Can the next card bust? Which cards would
# make a perfect exploration, and how many of them are left in the deck? Count them with `turn.exp_deck` (the faces
# left) and `game3.components.exploration.value`.

# %% tags=["solution"]
values_left = [game3.components.exploration.value[f] for f in turn.exp_deck]
print("largest value left:", max(values_left), "-> the largest total is", 1 + max(values_left))
print("cards that make exactly 6:", values_left.count(5), "of", len(values_left))

# %% [markdown] tags=["solution"]
# **Answer.** No card can bust: the largest card is a 5, and 1 + 5 = 6. The six 5s (two per terrain) make a
# perfect exploration: 6 of the 53 cards left.
#
# Player 1 draws, and the card is S5: a perfect exploration. The draw must stop, and the explorer takes the
# **cheapest find** of the grid for free. Three 2-VP missions tie, so Player 1's **right neighbour** (Player 3)
# chooses:

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as how many cards left make a perfect exploration.
from ratgames_lab.lessons import check

answer = ...
check("40-ex1", answer)

# %%
# NBVAL_CHECK_OUTPUT
play(turn, DRAW)
play(turn, DeckCard("exploration", "S5"))
print("Player 3 may:", [a.describe() for a in turn.legal_actions()])

# %% [markdown]
# The engine refuses a draw now, and says which rule forbids it (on a copy, so the game is unchanged):

# %%
# NBVAL_CHECK_OUTPUT
try:
    turn.clone().apply(DRAW)
except IllegalActionError as error:
    print("refused:", error)

# %% [markdown]
# Player 3 gives the find M3. Then comes the **danger phase**: Player 1's **left neighbour**, Player 2, draws
# Danger cards against the **danger value**, the sum of the explored cards (6), with the same rule. Player 2 draws
# R2 and J3 (total 5) and stops: a success for the danger drawer, so every Danger card sharing a terrain with an
# explored card wounds Player 1's team. Here the explored cards are Swamps and the Danger cards a River and a
# Jungle: no wound.

# %%
# NBVAL_CHECK_OUTPUT
play(turn, turn.legal_actions()[0])
play(turn, DRAW)
play(turn, DeckCard("danger", "R2"))
play(turn, DRAW)
play(turn, DeckCard("danger", "J3"))
play(turn, STOP)

# %% [markdown]
# The exploration succeeded, so Player 1 took S1 and S5 into hand (**discovery**). Nothing in the grid can be
# bought with them (no change is given, and M3, the only S5 mission, is gone), so the engine skips **discover**.
# At **rest**, cards may be discarded to heal wounds or untap finds; Player 1 keeps them and ends the turn:

# %%
# NBVAL_CHECK_OUTPUT
play(turn, EndRest())
print(turn.describe())

# %% [markdown]
# ## 4. A bust, and the right neighbour's choice
#
# The shipped position `bust_discovery`: Player 1 drew S4 then R5, a total of 9 above the value 6, a **bust**.
# The danger phase still happens (Player 2 stopped at J1: J1 shares no terrain with S4 and R5, so no wound). After a
# bust the explorer keeps one card only, and the **right neighbour** chooses it:

# %%
# NBVAL_CHECK_OUTPUT
game_b, bust = rl.load_position(POSITIONS / "bust_discovery.json")
for e in bust.events[-5:]:
    print(f"[{e.rule}] {e.text()}")
print(bust.player_name(bust.current_player), "may:", [a.describe() for a in bust.legal_actions()])

# %% [markdown]
# **Exercise 2.** You are Player 3. Which card do you give Player 1, and why? Look at the grid in `bust.describe()`.

# %% tags=["solution"]
print(bust.describe().splitlines()[1])
play(bust, KeepCard("S4"))

# %% [markdown] tags=["solution"]
# **Answer.** S4. It is worth fewer points, and no mission of the grid costs a Swamp 4 or less except M1 (S3,
# 1 VP), while R5 would buy M8 (R5, 2 VP) at once. An opponent gives the explorer the least useful card.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the card you give, e.g. "J2".
from ratgames_lab.lessons import check

answer = ...
check("40-ex2", answer)

# %% [markdown]
# ## 5. Wounds from a Twisted Tribe
#
# The shipped position `tribe_wounds`: three Scouts (value 9, toughness 1 each) explored S3 R4 and stopped. Player 2
# drew J1 and a **Twisted Tribe** SR5 (Swamp and River, level 5) and stopped at 6 under the danger value 7. The
# Danger cards that share a terrain with the explored cards wound the team: J1 does not (no Jungle was explored),
# SR5 does, once, with its 2 wounds. The explorer puts them one at a time on their Horlogers; an Horloger whose
# wounds exceed its toughness is lost. (Wounds and the Tribes' terrains are the project's reconstruction.)

# %%
# NBVAL_CHECK_OUTPUT
game_w, hurt = rl.load_position(POSITIONS / "tribe_wounds.json")
print(hurt.events[-1].text())
names = hurt.comp.horlogers.names
print("team:", [names[h] for h in hurt.team[0]], " wounds:", hurt.wounds[0])
print("Player 1 may:", [a.describe() for a in hurt.legal_actions()])

# %% [markdown]
# **Exercise 3.** How should Player 1 place the 2 wounds to lose no Horloger? Place them with `Wound(slot)` and check
# the team afterwards.

# %% tags=["solution"]
play(hurt, Wound(0))
play(hurt, Wound(1))
print("team:", [hurt.comp.horlogers.names[h] for h in hurt.team[0]], " wounds:", hurt.wounds[0])

# %% [markdown] tags=["solution"]
# **Answer.** One wound on each of two Scouts. A Scout has toughness 1: one wound does not exceed it, but two
# wounds on the same Scout would (2 > 1), and that Scout would be lost.

# %%
# Check your answer: write it in place of the ... and run this cell.
# After your two wounds, how many Horlogers does Player 1's team still have?
from ratgames_lab.lessons import check

answer = ...
check("40-ex3", answer)

# %% [markdown]
# ## 6. Buying missions without change
#
# At **discover** the active player buys visible missions by paying cards of the right terrain; there is **no
# change**. The shipped position `wasted_change`: Player 1 holds S5 and R1, and mission M1 costs a Swamp 3.

# %%
# NBVAL_CHECK_OUTPUT
game_c, shop = rl.load_position(POSITIONS / "wasted_change.json")
print(shop.hand_text(0))
print("Player 1 may:", [a.describe() for a in shop.legal_actions()])
try:
    shop.clone().apply(Buy("M8", ("R1",)))
except IllegalActionError as error:
    print("refused:", error)

# %% [markdown]
# **Exercise 4.** If Player 1 buys M1 with S5, how many exploration points are wasted, and what does Player 1 gain?
# Buy it, and read the log.

# %% tags=["solution"]
play(shop, Buy("M1", ("S5",)))
print(shop.describe().splitlines()[-2])

# %% [markdown] tags=["solution"]
# **Answer.** 2 points are wasted (5 paid for a cost of 3). Player 1 gains 1 VP and the find M1 (a Compass: +1
# exploration value before a draw, once per untap).

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as the exploration points wasted.
from ratgames_lab.lessons import check

answer = ...
check("40-ex4", answer)

# %% [markdown]
# ## 7. The end of the game
#
# The end is checked at the end of each turn, for the active player only: 12 VP or more, or an empty mission deck,
# triggers it, and the round is finished so that every player has had the same number of turns. The shipped
# position `empty_mission_deck`: the last mission refills the grid during Player 2's turn. We let four threshold
# bots (stop at the value minus 1) play the game to its end, seeded, and read the last lines of the log:

# %%
# NBVAL_CHECK_OUTPUT
game_e, last = rl.load_position(POSITIONS / "empty_mission_deck.json")
play_to_end(last, [ThresholdBot() for _ in range(last.players)], random.Random(SEED))
for e in last.events:
    if e.rule.startswith(("stock", "end")):
        print(f"[{e.rule}] {e.text()}")
print("scores:", last.scores())

# %% [markdown]
# ## What we learned
#
# * A turn: prepare (carry), recruit, explore (stop or draw; exact is perfect, over is a bust), the left
#   neighbour's danger phase (wounds only if it succeeds, only from shared terrains), discovery, discover (no
#   change), rest, take stock.
# * Every choice belongs to a seat: the explorer, the left neighbour for the danger, the right neighbour after a
#   bust or a tie.
# * The engine refuses an illegal action and names the rule.
#
# Next: [part 2](41_horlogerie_push_your_luck.ipynb) asks *when* to stop, with exact odds.
