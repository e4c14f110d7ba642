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
# # Rattus Cartus, part 1: the rules
#
# **Rattus Cartus** (White Goblin Games, 2012) is the card game of Rattus, for 2 to 5 players. Each round new
# **buildings** are revealed. Every player uses the **support action** of one of them, then enters one building
# with cards placed face down. The cards give **influence** on the building's class track, and **rats** for cards
# of another class; Swords and Flutes settle fights; the best-placed entrant gets the building's **privilege**,
# the others its **basic action**. After the last round the five face-down cards of the **nun row** are turned
# over: a player with more rats than nun symbols dies of the plague. Among the survivors, most victory points wins.
#
# In this notebook the computer is the referee: we play each rule with the rules engine and read its explanation.
#
# 1. which data is reconstructed;
# 2. the components, counted from the data files;
# 3. the setup;
# 4. a round step by step: the rulebook's worked example (phases A to E);
# 5. what the engine refuses, and why;
# 6. a whole game and the end scoring.
#
# Run each cell with **Shift+Enter**, from top to bottom. Lines starting with `# NBVAL_` are notes for the
# automatic tests that run this notebook; you can ignore them. The rulebook is French; the English names used here
# are in the glossary of `docs/rattus_cartus.md` (for example *religieuses* = nuns, *action de soutien* = support
# action, *action privilégiée* = privilege, *Laissez-passer* = Pass).

# %% [markdown] tags=["teacher"]
# **For teachers.** One 50-minute lesson. *Objectives*: the phases of a round (A new buildings, B support, C visit,
# D resolution, E end of round); influence and rats from placed cards; privilege versus basic action; Sword and
# Flute; how the game ends (scoring, then the plague). *Timing*: sections 1-3 (10 min), section 4 (25 min,
# exercises 1 and 2), sections 5-6 (15 min, exercise 3). *Prerequisites*: none. *Discussion prompts*: "why would
# anyone place a card of another class, which gives rats?"; "Green entered with no card and still got a
# privilege: is entering first worth something?"; "when is it worth taking cards, if a Sword can take half of
# them?".

# %%
SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

import json
import random
from collections import Counter
from pathlib import Path

import ratgames_lab as rl
import ratgames_lab.rattus_cartus as cartus
from ratgames_lab.core.playout import play_to_end
from ratgames_lab.rattus_cartus import HeuristicBot
from ratgames_lab.rattus_cartus.actions import USE, Enter, Look, PlaceCard, RevealBuilding, Support
from ratgames_lab.rattus_cartus.scenarios import worked_example_start

DATA = Path(cartus.__file__).parent / "data"
POSITIONS = Path(cartus.__file__).parent / "positions"

def show_events(events):
    """Print each event as [rulebook section] explanation."""
    for e in events:
        print(f"[{e.rule}] {e.text()}")


# %% [markdown]
# ## 1. Reconstructed data: read this first
#
# The French rulebook explains every rule, but its text does not print every card face. Three things are the
# project's own **reconstruction**, shipped as editable JSON files in `ratgames_lab/rattus_cartus/data/`:
#
# * the **nun split by class** (the rulebook gives only the totals: 24 cards with 4 nuns, 12 with 3, 12 with 2,
#   12 with 1, 24 with none);
# * the **value of a VP token** (1 VP);
# * the **support actions** printed on the 60 building cards.
#
# The files say so themselves:

# %%
# NBVAL_CHECK_OUTPUT
for name in ("cards.json", "buildings.json"):
    data = json.loads((DATA / name).read_text(encoding="utf-8"))
    print(f"{name}: reconstruction = {data['reconstruction']}, fields {data['reconstruction_fields']}")
    print("  ", data["note"][:110], "...")

# %% [markdown]
# A teacher who owns the game can load the printed data instead:
# `rl.load_game("rattus_cartus", players=4, card_data="my_cards.json", building_data="my_buildings.json")`.
#
# ## 2. The components
#
# Counted from the data files, not typed in: the six classes (each with 14 Population cards and two building
# types), the special cards, and the five support actions of the reconstruction.

# %%
# NBVAL_CHECK_OUTPUT
cards = json.loads((DATA / "cards.json").read_text(encoding="utf-8"))
buildings = json.loads((DATA / "buildings.json").read_text(encoding="utf-8"))
per_class = len(cards["population"]["nuns_per_class"])
print(f"{'class (French)':26} {'person':16} {'cards':>5}   buildings")
for c in cards["classes"]:
    types = [f"{t['name']} ({t['fr']})" for t in buildings["types"] if t["class"] == c["id"]]
    print(f"{c['name'] + ' (' + c['fr'] + ')':26} {c['person']:16} {per_class:5}   {', '.join(types)}")
print("special cards:", ", ".join(f"{s['count']} {s['name']} ({s['fr']})" for s in cards["specials"]))
print("nuns on the 84 Population cards:", dict(sorted(Counter(cards["population"]["nuns_per_class"] * 6).items(),
                                                       reverse=True)))
for s in buildings["supports"]:
    print(f"support {s['id']}: {s['text']}")

# %% [markdown]
# Each building card is one type and one support action: 12 types × 5 supports = 60 cards (`farm-S1` …
# `treasury-S5`). A game uses 30 of them, 5 per class; the first game uses Farm, Market, Monastery, Castle,
# Palace and the Fortune-teller's Tent.
#
# ## 3. The setup
#
# A new 4-player game (seed 1). Each player starts with 5 cards and **10 rats**; 5 cards form the nun row, face
# down; the influence markers are at 0 on the six class tracks.

# %%
# NBVAL_CHECK_OUTPUT
game = rl.load_game("rattus_cartus", players=4, seed=SEED)
state = game.new_state()
show_events(state.events)
print()
print(state.describe())
print("Red's hand:", [state.comp.card_names[c] for c in state.hands[0]])

# %% [markdown]
# The game lasts 8 rounds with 4 or 5 players (9 with 3, 10 with 2): the building deck of 24 cards, 3 revealed
# per round, empties exactly in the last round.
#
# ## 4. A round step by step: the rulebook's worked example
#
# The rulebook explains a round with 4 players: Red (first player), Yellow, Green and Blue, clockwise. Red holds
# Monk, King, Witch, Witch; Yellow Witch, Witch, Monk; Blue a Sword. The rulebook does not say how many cards
# Green holds; we give Green 6 Peasants. (`worked_example_start` builds this position from a real game by legal
# card moves.)

# %%
# NBVAL_CHECK_OUTPUT
ex = worked_example_start(hand_green=6)
names = ex.comp.card_names
for p, colour in enumerate(ex.comp.colours):
    print(f"{colour:6} holds {', '.join(names[c] for c in ex.hands[p])}; {ex.rats[p]} rats")

# %% [markdown]
# ### Phase A: new buildings
#
# Three buildings are revealed (two with 2 or 3 players). This is a **chance** step: in a real game the top cards
# of the building deck; here the rulebook's three. If all three had been the same type, the last one would be
# replaced from the replacement deck.

# %%
# NBVAL_CHECK_OUTPUT
mark = ex.event_count
for b in ("tent-S3", "monastery-S1", "monastery-S2"):
    ex.apply(RevealBuilding(b))
show_events(ex.events_since(mark))

# %% [markdown]
# ### Phase B: support
#
# Clockwise from the first player, each player **must** use the support action of one revealed building. Red and
# Blue discard 2 rats (Monastery S2), Yellow draws 2 cards and looks at the fifth card of the nun row (Tent S3),
# Green draws 4 (Monastery S1). A **look** is private: everybody sees *which* position Yellow looked at, only
# Yellow sees its nuns.

# %%
# NBVAL_CHECK_OUTPUT
mark = ex.event_count
rng = random.Random(SEED)
for slot in (2, 0, 1, 2):                      # Red, Yellow, Green, Blue
    ex.apply(Support(slot))
    while ex.tasks[0][0] in ("draw", "look"):
        ex.apply(ex.sample_chance(rng) if ex.tasks[0][0] == "draw" else Look(4))
show_events(ex.events_since(mark))
print("rats:", dict(zip(ex.comp.colours, ex.rats)), " hand sizes:", [len(h) for h in ex.hands])

# %% [markdown]
# ### Phase C: visit
#
# Clockwise from the first player, each player either **enters** a building (their marker goes on its leftmost
# free place, which fixes the entry order; they announce a number of cards and place them face down) or plays a
# **Pass** and waits. Any card but Gold may be placed.
#
# * Red enters Monastery 1 (the second building) with 4 cards;
# * Yellow enters the Tent with 3 cards;
# * Green enters Monastery 2 with **no card**;
# * Blue enters Monastery 2 with 1 card, the Sword.
#
# The engine needs the announced count first (`Enter(slot, count)`), then the cards one by one.

# %%
# NBVAL_CHECK_OUTPUT
mark, rats_before = ex.event_count, list(ex.rats)
ex.apply(Enter(1, 4))
for c in ("clergy-01", "nobility-01", "magic-01", "magic-02"):
    ex.apply(PlaceCard(c))
ex.apply(Enter(0, 3))
for c in ("magic-03", "magic-04", "clergy-02"):
    ex.apply(PlaceCard(c))
ex.apply(Enter(2, 0))
ex.apply(Enter(2, 1))
ex.apply(PlaceCard("sword"))
visit = [e for e in ex.events_since(mark) if e.rule.startswith("visit")]
show_events(visit)
visit_end = mark + len(visit)                  # the engine goes straight on to phase D

# %% [markdown]
# **Exercise 1 (guess first).** Before resolving: each Population card (or Joker) placed in a building gives +1
# influence on the building's class track, and each Population card of *another* class gives +1 rat. Red placed
# Monk, King, Witch, Witch in a Monastery (Clergy) and has 8 rats; the Monastery's privilege discards 2 rats.
# What will Red's Clergy influence and rats be after Monastery 1? And Yellow's Magic influence and rats after the
# Tent (Witch, Witch, Monk; Yellow has 10 rats)? Work it out on paper, then check it with the cards' classes
# (`ex.comp.card_class`, `ex.comp.cards.class_ids`) and the rats before the visit (`rats_before`).

# %% tags=["solution"]
classes = ex.comp.cards.class_ids
red_cards = [ex.comp.card_index[c] for c in ("clergy-01", "nobility-01", "magic-01", "magic-02")]
on_class = sum(classes[ex.comp.card_class[c]] == "clergy" for c in red_cards)
print(f"Red: +{len(red_cards)} Clergy; rats {rats_before[0]} + {len(red_cards) - on_class} - 2 = "
      f"{rats_before[0] + len(red_cards) - on_class - 2}")
yellow_cards = [ex.comp.card_index[c] for c in ("magic-03", "magic-04", "clergy-02")]
off_class = sum(classes[ex.comp.card_class[c]] != "magic" for c in yellow_cards)
print(f"Yellow: +{len(yellow_cards)} Magic; rats {rats_before[1]} + {off_class} = {rats_before[1] + off_class}")

# %% [markdown] tags=["solution"]
# **Answer.** Red: only the Monk is Clergy, but *every* Population card gives influence: +4 Clergy; the King and
# the two Witches are of another class: +3 rats, 8 + 3 = 11, then the privilege discards 2: 9 rats. Yellow: +3
# Magic (3 cards), the Monk is off-class: +1 rat, 11 rats. The next cells check both.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (Red's Clergy influence gained, Red's rats, Yellow's Magic influence gained, Yellow's rats), e.g. (1, 2, 3, 4).
from ratgames_lab.lessons import check

answer = ...
check("30-ex1", answer)

# %% [markdown]
# ### Phase D: resolution, building by building from the left
#
# **The Tent.** Yellow reveals Witch, Witch, Monk: +3 Magic influence, +1 rat for the Monk. Yellow played the most
# Population and Joker cards there, so Yellow gets the **privilege**: look at 2 nun-row cards (building actions are
# optional; Yellow uses it and looks at positions 1 and 2). The engine runs every automatic step by itself and
# stops at each decision, so the log below goes on into Monastery 1 (its cards are revealed before Red's next
# decision).

# %%
# NBVAL_CHECK_OUTPUT
MAGIC, CLERGY = ex.comp.cards.class_ids.index("magic"), ex.comp.cards.class_ids.index("clergy")
ex.apply(USE)
ex.apply(Look(0))
ex.apply(Look(1))
show_events(ex.events_since(visit_end))
assert ex.influence[MAGIC][1] == 3 and ex.looks[1] == [0, 1, 4]
print("Yellow: Magic influence", ex.influence[MAGIC][1], ", rats", ex.rats[1], ", looked at positions",
      [i + 1 for i in ex.looks[1]])

# %% [markdown]
# **Monastery 1.** Red revealed Monk, King, Witch, Witch: +4 Clergy, +3 rats (8 → 11); Red uses the privilege
# and discards 2 rats (→ 9).

# %%
# NBVAL_CHECK_OUTPUT
mark = ex.event_count
ex.apply(USE)
show_events(ex.events_since(mark))
assert ex.influence[CLERGY][0] == 4 and ex.rats[0] == 9

# %% [markdown]
# **Monastery 2.** Green reveals nothing and Blue a Sword: no influence and no rats. Then the **Sword**: Blue has
# more Swords than Green (1 against 0), so Green gives half of their current hand, rounded down, to Blue. Green
# holds 10 cards (6 + the 4 drawn in phase B): Green gives 5, and chooses which.

# %%
# NBVAL_CHECK_OUTPUT
mark = ex.event_count
print("Green holds", len(ex.hands[2]), "cards; the task:", ex.tasks[0].to_json()[:4])
for _ in range(5):
    ex.apply(ex.legal_actions()[0])          # Green gives the first cards offered
show_events(ex.events_since(mark))
print("hand sizes:", dict(zip(ex.comp.colours, map(len, ex.hands))))

# %% [markdown]
# **Exercise 2 (guess first).** Who gets the Monastery 2 **privilege**: Green (no card) or Blue (a Sword)? The
# privilege goes to the entrant who played the most Population + Joker cards; on a tie, to the earliest entrant.
# Decide, then say how many rats Green and Blue will have after the building's actions (Green has 10, Blue 8).
# Check with `ex.tasks[0]` (the task `["offer", player, slot, 1]` is a privilege, `0` a basic action).

# %% tags=["solution"]
print("next decision:", ex.tasks[0], "->", ex.comp.colours[ex.tasks[0][1]],
      "privilege" if ex.tasks[0][3] == 1 else "basic action")

# %% [markdown] tags=["solution"]
# **Answer.** A Sword is a special card, so both played 0 Population + Joker cards: a tie, and Green entered
# first, so Green gets the privilege (discard 2 rats: 10 → 8) and Blue the basic action (discard 1 rat: 8 → 7).

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as (who gets the privilege, Green's rats, Blue's rats), e.g. ("Blue", 9, 6).
from ratgames_lab.lessons import check

answer = ...
check("30-ex2", answer)

# %%
# NBVAL_CHECK_OUTPUT
mark = ex.event_count
ex.apply(USE)                                # Green's privilege
ex.apply(USE)                                # Blue's basic action
show_events(ex.events_since(mark))
assert ex.rats[2] == 8 and ex.rats[3] == 7

# %% [markdown]
# ### Phase D.3 and E: discard and end of round
#
# The played Population cards go to the discard, the Sword back to its pile; the markers return, the buildings are
# discarded and the first-player card passes to the left: round 2 starts with Yellow.

# %%
# NBVAL_CHECK_OUTPUT
print(ex.describe())
assert ex.round == 2 and ex.first == 1

# %% [markdown]
# The same example ships as a position file, at the start of phase C: `positions/worked_example.json` in the
# package. Loading it gives the very position we reached before the visit (the test suite checks the same):

# %%
# NBVAL_CHECK_OUTPUT
loaded_game, loaded = rl.load_position(POSITIONS / "worked_example.json")
print(json.loads((POSITIONS / "worked_example.json").read_text(encoding="utf-8"))["description"])
print("to play:", loaded.comp.colours[loaded.current_player], loaded.tasks[0].to_json(), " rats:", loaded.rats,
      " hand sizes:", [len(h) for h in loaded.hands])


# %% [markdown]
# ## 5. What the engine refuses, and why
#
# An illegal action raises `IllegalActionError` naming the rule, and the position does not change. In the loaded
# worked example, Red enters Monastery 1 announcing 1 card, then tries to place a Gold card (Red holds none; the
# rule forbids Gold anyway). Red also tries a second support action and an announced count larger than the hand:

# %%
# NBVAL_CHECK_OUTPUT
def attempt(position, action):
    """Apply an action; if the rules refuse it, print why and check that nothing changed."""
    before = position.to_json()
    try:
        position.apply(action)
        print(f"{str(action):24} accepted")
    except rl.IllegalActionError as err:
        print(f"{str(action):24} refused: {err}")
        assert position.to_json() == before          # the position is unchanged

trial = loaded.clone()
attempt(trial, Support(0))          # a second support action
attempt(trial, Enter(1, 9))         # Red holds 4 cards
attempt(trial, Enter(1, 1))
attempt(trial, PlaceCard("gold"))

# %% [markdown]
# ## 6. A whole game and the end scoring
#
# Four copies of the project's heuristic bot, each deciding from what its seat may know (`play_to_end`), play a
# whole game from the setup of section 3 (seeded, so it is the same game every time). At the end, each class track gives 10, 5 and 2 VP to its first three (zero influence
# scores nothing); the most Population + Joker cards in hand and the most of each special card in play give 2 VP;
# VP tokens count (1 VP each in the reconstruction). Then the **plague**: the nun row is revealed, and a player
# with more rats than nuns dies.

# %%
# NBVAL_CHECK_OUTPUT
final = state.clone()
play_to_end(final, [HeuristicBot()] * 4, random.Random(SEED))   # each bot sees only what its seat may know
result = final.result()
print(f"rounds played: {final.round}; nuns in the row: {result['nuns']}")
print(f"{'player':7} {'tracks':>6} {'hand':>5} {'special':>8} {'gold':>5} {'tokens':>7} {'total':>6} {'rats':>5} alive")
for p, colour in enumerate(final.comp.colours):
    tracks = sum(row[p] for row in result["tracks"])
    special = sum(v[p] for v in result["specials"].values())
    print(f"{colour:7} {tracks:6} {result['hand'][p]:5} {special:8} {result['gold'][p]:5} {result['tokens'][p]:7} "
          f"{result['total'][p]:6} {final.rats[p]:5} {result['alive'][p]}")
print("winner(s):", [final.comp.colours[w] for w in result["winners"]])

# %% [markdown]
# **Exercise 3.** Look at the table: did every player survive the plague? For each player, how many rats more
# could they have had and still survived? Which player could have afforded to place a few more cards of another
# class?

# %% tags=["solution"]
for p, colour in enumerate(final.comp.colours):
    print(f"{colour:7} {final.rats[p]:2} rats, nuns {result['nuns']}: margin {result['nuns'] - final.rats[p]}")

# %% [markdown] tags=["solution"]
# **Answer.** Everybody survived: the row shows only 4 nuns (an unlucky row: 4 nuns or fewer happens about 6 times in 100, see part 2), but the
# bots kept their rats low. A player survives while their rats are at most the nun total, so the margins are
# 4 − rats: Red 2, Yellow 2, Green 3, Blue 1. Green carried the most unused "rat budget": 3 more off-class cards
# for influence, and Green would still have lived. Nobody knew the nun total during the game, of course:
# [part 2](31_rattus_cartus_probability.ipynb) computes the odds a player can know.

# %%
# Check your answer: write it in place of the ... and run this cell.
# Write it as how many more rats each could have had, (Red, Yellow, Green, Blue), e.g. (0, 1, 2, 3).
from ratgames_lab.lessons import check

answer = ...
check("30-ex3", answer)

# %% [markdown]
# ## What to remember
#
# * A round: **A** new buildings; **B** one mandatory support action each; **C** enter one building with cards
#   face down (or play a Pass); **D** resolve each building from the left (influence, rats, Sword, Flute, then the
#   privilege and the basic actions); **E** markers back, and the first player passes to the left.
# * Every Population card placed gives influence; a card of another class also gives a rat.
# * The privilege goes to the most Population + Joker cards, ties to the earliest entrant.
# * At the end, the nun row decides who lives: rats above its nun total kill.
#
# [Part 2](31_rattus_cartus_probability.ipynb) computes the odds of the nun row;
# [part 3](32_rattus_cartus_what_if.ipynb) compares moves with the engine.
