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
# # Start here: ratgames_lab
#
# **ratgames_lab** is a Python package for learning with games. For each game it knows the rules exactly
# (the computer referees every move and explains it), it computes exact odds (as fractions, not rounded
# guesses), and it gives you a **dashboard**: a game board inside this page where you play against bots.
#
# This notebook shows you how to use notebooks and dashboards, and where to start playing.

# %% [markdown]
# ## How a notebook works
#
# A notebook is a page made of **cells**. Text cells (like this one) explain; code cells (grey boxes) hold
# Python code.
#
# * Click a code cell and press **Shift+Enter** to run it. Its result appears just below it.
# * Run the cells **from top to bottom**: a cell can use names that an earlier cell created.
# * If things get muddled, use the menu **Kernel → Restart Kernel and Run All Cells**.
# * Every notebook here starts by fixing a **seed**: a number that decides every "random" shuffle and
#   every bot's choice. The same seed gives the same game, so the whole class sees the same numbers.
# * A line starting with `# NBVAL_` is a note for the automatic tests that run these notebooks; ignore it.
#
# Try it: run the next cell.

# %%
SEED = 1  # the seed for the examples below: the same seed gives the same game every time
import ratgames_lab as rl

print("ratgames_lab version", rl.__version__)

# %% [markdown]
# ## The games
#
# Each game in ratgames_lab has a rules engine (the computer referees every move and explains it), exact odds,
# bots and a dashboard; the lessons are notebooks in this folder, named after their game. The table below is not
# written by hand: the next cell reads it from the games installed with the package (`rl.GAMES`, with the
# status each game declares) and from the lesson files it finds next to this notebook, so it is always current.
# Run it:

# %% tags=["live"]
# NBVAL_IGNORE_OUTPUT
# Run this cell to list every game installed here, its status and its lessons in reading order.
import json
from pathlib import Path

from IPython.display import Markdown, display


def lesson_title(path):
    """The title of a lesson: the first line of its first text cell, without the '#'."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    text = next("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    return text.splitlines()[0].lstrip("# ").strip()


def game_of(path):
    """The game a lesson file NN_<game>_<topic>.ipynb belongs to (the longest game name that fits)."""
    return next((name for name in sorted(rl.GAMES, key=len, reverse=True)
                 if path.stem[3:].startswith(name + "_")), None)


def players_text(counts):
    """(2, 3, 4) -> '2–4'; (2, 4) -> '2, 4'."""
    counts = sorted(counts)
    if counts == list(range(counts[0], counts[-1] + 1)) and len(counts) > 1:
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(str(n) for n in counts)


def games_table():
    """A Markdown table: each game, its players, its status, its lessons in reading order (by number) and the
    command that opens its dashboard as a web page."""
    lessons = {}
    for path in sorted(Path(".").glob("[0-9][0-9]_*.ipynb")):
        lessons.setdefault(game_of(path), []).append(path)
    rows = ["| Game | Players | Status | Lessons, in reading order | Dashboard on its own page |",
            "|---|---|---|---|---|"]
    for name, info in rl.GAMES.items():
        links = "<br>".join(f"{i}. [{lesson_title(p)}]({p.name})" for i, p in enumerate(lessons.get(name, []), 1))
        app = f"`ratgames app {name}`" if info.dashboard else "not yet"
        status = info.status or "not stated"
        rows.append(f"| **{info.title}** (`{name}`) | {players_text(info.players)} | {status} | "
                    f"{links or 'no lessons yet'} | {app} |")
    return "\n".join(rows)


display(Markdown(games_table()))

# %% [markdown]
# ## How a dashboard works
#
# A dashboard is a game table made of a board, buttons and charts. In every game's dashboard:
#
# * **Your choices are in the panel on the right**, which stays on screen. Only legal moves get a button, so
#   you cannot break a rule by mistake. Where there is a board (Rattus, Rattus Cartus, Catan), you can also
#   **click the board**: a region, a building, a spot or a road.
# * **Bots play the other seats.** They move by themselves after a short pause, so the class can follow. The
#   **playback speed** sits next to your choices, with **Skip to my turn**.
# * **The log explains every step** (tab *What happened*): who played what and why, naming the rule of the game
#   that decided it.
# * **Undo / redo** and a history slider let you go back and try another move.
# * **Teacher view** reveals every hand, to explain a position on the board. Switch it off again before
#   students play!
# * **Odds** show exact chances computed from what you can see (your cards, the cards played); **What if?**
#   plays many quick games from the current position and says which move wins most often, or that it is too
#   close to call.
# * **Save / load** writes the position to a file (or loads one), so a teacher can prepare a situation.
# * At the end, the final panel explains the score of every player.

# %% [markdown]
# ## Play Master of Rules
#
# Run the next cell to start a 4-player game: you are Player 1 (`"human"`) and three bots play the other
# seats. Hover over a button to see what it does. The game follows the rulebook exactly: if you wonder why
# a card was or was not fulfilled, read the log.

# %%
# NBVAL_IGNORE_OUTPUT
from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard

MasterOfRulesDashboard(players=4, seed=1, seats=["human", "heuristic", "heuristic", "heuristic"]).show()

# %% [markdown]
# Want another table? Change `players` (3, 4 or 5), change `seed` for a new deal, or put `"human"` in more
# seats so that classmates can share one screen.
#
# ## Play Rattus
#
# Rattus has a dashboard too: a map of medieval Europe. **Click a region to play there**: place your cubes,
# move the plague, put the new rats (every move also has a button). When the plague ravages a region, its rat
# tokens are revealed one at a time and the log explains each one. Switch on **Risk map** to colour every
# region by its exact chance of contamination if the plague came now. Its lessons start with
# [Rattus: the rules](20_rattus_rules.ipynb).
#
# Run the next cell to play Red against three bots:

# %%
# NBVAL_IGNORE_OUTPUT
from ratgames_lab.widgets.rattus import RattusDashboard

RattusDashboard(players=4, seed=SEED, seats=["human", "heuristic", "heuristic", "heuristic"]).show()

# %% [markdown]
# ## Play Rattus Cartus
#
# Rattus Cartus is a card game about the plague: each round you place a card on a building, take its action,
# and hope to survive the nuns' row. The **survival gauge** shows your exact chance of surviving the plague from
# what you have seen. Its lessons start with [Rattus Cartus: the rules](30_rattus_cartus_rules.ipynb).

# %%
# NBVAL_IGNORE_OUTPUT
from ratgames_lab.widgets.rattus_cartus import RattusCartusDashboard

RattusCartusDashboard(players=4, seed=SEED, seats=["human", "heuristic", "heuristic", "heuristic"]).show()

# %% [markdown]
# ## Play L'Horlogerie des Rats
#
# A push-your-luck game: draw cards to get close to a target without going over. The **gauge** shows the exact
# chances of the next card, and the advice of the best stopping policy (hide it to guess first). Its lessons
# start with [L'Horlogerie des Rats: the rules](40_horlogerie_rules.ipynb).

# %%
# NBVAL_IGNORE_OUTPUT
from ratgames_lab.widgets.horlogerie import HorlogerieDashboard

HorlogerieDashboard(players=4, seed=SEED, seats=["human", "heuristic", "heuristic", "heuristic"]).show()

# %% [markdown]
# ## Play Catan
#
# The hex board of Catan: click a highlighted spot, road or tile to build or move the robber, trade with the
# bots, and switch on the **heat map** to see how many cards each free spot is expected to bring per roll. The
# *Start a game* menu also offers the combined variant (Seafarers, Cities & Knights, Traders & Barbarians). Its
# lessons start with [Catan: the rules](50_catan_rules.ipynb).

# %%
# NBVAL_IGNORE_OUTPUT
from ratgames_lab.widgets.catan import CatanDashboard

CatanDashboard(players=4, seed=SEED, seats=["human", "heuristic", "heuristic", "heuristic"]).show()

# %% [markdown]
# ## The lessons
#
# Every game's lessons are in the table above, in reading order: open a lesson by clicking its name, and work
# through a game's lessons one after the other. Each one runs in under a minute.

# %% [markdown] tags=["teacher"]
# **For teachers:** exercises have their answers in cells tagged `solution`. The command
# `ratgames student-copy notebooks --out student_copies` writes copies of these notebooks with those cells
# blanked, every output cleared and this note removed (it is tagged `teacher`). `ratgames app GAME` opens a
# game's dashboard on its own web page (`ratgames list` names the games; `--classroom` serves a whole class).
# Lesson 43 has the class write their own bots and play a tournament. How to change a lesson or a position:
# `docs/notebooks.md`.
