"""Generate the teaching notebooks (notebooks/0*.ipynb, 1*.ipynb) and the positions they load.

    python3 tools/make_notebooks.py            # write notebooks/positions/*.json and the notebooks (outputs cleared)
    python3 tools/make_notebooks.py --execute  # ... then run each notebook once so a student sees the outputs

The notebooks are plain nbformat-4 JSON built from the cell lists below, so they can be regenerated and reviewed
as Python. Conventions (checked by tests/notebooks/):
- every notebook starts with ``SEED = ...`` and passes it to every random choice (same outputs every run);
- cells that display a widget or a bqplot chart start with ``# NBVAL_IGNORE_OUTPUT``;
- exercise answers are in cells tagged ``solution`` (``ratgames student-copy`` blanks them), and no later cell
  uses a name that only a solution cell defines;
- the positions in notebooks/positions/ are built here from a hand-written deal played forward with legal
  actions through the public API, so they are valid by construction.
"""
from __future__ import annotations

import sys
from collections import Counter
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import notebook_kit  # noqa: E402
from notebook_kit import code, md  # noqa: E402
from notebook_kit import dumps_position  # noqa: E402,F401  (the notebook tests compare positions with it)

GAME = "master_of_rules"
L23, BOB, OO, TRIO, SR = "limit_23", "best_of_the_best", "only_one", "trio", "support_right"


# ------------------------------------------------------------------------------------------------
# Positions (notebooks/positions/*.json)
# ------------------------------------------------------------------------------------------------
def deal(players: int, hands: list, display: tuple, transaction: int = 0, start_player: int = 0,
         kept: list | None = None, discard_numbers: tuple = ()) -> dict:
    """A position at the start of a transaction; every Number or Rule card not listed goes to the deck."""
    from ratgames_lab.master_of_rules import cards

    kept = kept or [[] for _ in range(players)]
    used = [c for h, _ in hands for c in h] + list(display[0]) + list(discard_numbers)
    if len(used) != len(set(used)):
        raise ValueError(f"a Number card is dealt twice: {Counter(used).most_common(1)}")
    used_rules = Counter(r for _, h in hands for r in h) + Counter(display[1]) + Counter(r for k in kept for r in k)
    deck_rules = [r for i, r in enumerate(cards.RULES) for _ in range(cards.RULE_COPIES[i] - used_rules[r])]
    first = (start_player + transaction) % players
    total = cards.TRANSACTIONS[players]
    events = [{"kind": "transaction_start", "rule": "transaction",
               "params": {"number": transaction + 1, "total": total, "game_round": transaction // players + 1,
                          "first": cards.seat_name(first, players)}}]
    if transaction == total - 1:
        events.append({"kind": "final_transaction", "rule": "rules.final_transaction", "params": {}})
    return {
        "format": "ratgames_lab.master_of_rules/1", "players": players, "transaction": transaction,
        "start_player": start_player, "round": 1, "turn": 0, "phase": "play", "refill_type": None,
        "hands": [{"numbers": list(n), "rules": list(r)} for n, r in hands],
        "known_in_hands": [{"numbers": [], "rules": []} for _ in range(players)],
        "display": {"numbers": list(display[0]), "rules": list(display[1])},
        "decks": {"numbers": [c for c in cards.CODES if c not in used], "rules": deck_rules},
        "discards": {"numbers": list(discard_numbers), "rules": []},
        "table": [{"number": None, "rule": None} for _ in range(cards.SEATS)],
        "first_round": [None] * players, "kept": [list(k) for k in kept], "events": events,
    }


def play(position: dict, script: list[str]) -> dict:
    """Apply a script of legal actions ("N:R7" play a Number card, "R:trio" play a Rule card, "T:R7"/"T:trio"
    take from the display, "D:R7"/"D:trio" the card drawn from the deck) and return the new position."""
    import ratgames_lab as rl
    from ratgames_lab.master_of_rules.cards import CARD_BY_CODE

    game = rl.load_game(GAME, players=position["players"])
    state = game.state_from_json(position)
    for step in script:
        kind, arg = step.split(":")
        field = "card" if arg in CARD_BY_CODE else "rule"
        name = {"N": "play_number", "R": "play_rule", "T": f"take_{'number' if field == 'card' else 'rule'}",
                "D": f"draw_{'number' if field == 'card' else 'rule'}"}[kind]
        state.apply(game.action_from_json({"kind": name, field: arg}))
    return state.to_json()


def position_limit_23() -> dict:
    """4 players, round 2: Player 1 played Limit 23 and must now choose a Number card; 2 Number cards to come."""
    hands = [(["Y1", "G5", "P7", "R9"], [L23, SR, OO]), (["R4", "B8", "Y8", "G3"], [TRIO, BOB, OO]),
             (["B2", "Y6", "G7", "P9"], [TRIO, OO, SR]), (["R6", "B3", "Y2", "G8"], [BOB, L23, TRIO])]
    display = (["R1", "B7", "Y4", "G9", "P2"], [L23, TRIO, OO, SR, BOB])
    return play(deal(4, hands, display), ["R:" + L23, "T:" + OO, "N:R4", "T:R1", "R:" + TRIO, "T:" + TRIO,
                                          "R:" + BOB, "T:" + BOB, "D:B6"])


def position_support_right() -> dict:
    """4 players, round 2: Player 1 (red 3 on the table) chooses a Rule card; Player 4's rule is still to come."""
    hands = [(["R3", "B9", "Y7", "P1"], [SR, L23, OO]), (["R6", "B1", "G2", "P8"], [BOB, OO, TRIO]),
             (["Y9", "G5", "P4", "B7"], [TRIO, SR, L23]), (["B5", "Y3", "G6", "P6"], [BOB, OO, SR])]
    display = (["R8", "B2", "Y5", "G1", "P7"], [L23, TRIO, OO, SR, BOB])
    return play(deal(4, hands, display), ["N:R3", "T:Y5", "N:R6", "T:G1", "R:" + TRIO, "T:" + SR,
                                          "N:B5", "T:P7", "D:Y4"])


def position_set_bonus() -> dict:
    """4 players, transaction 7: Player 4 (two Trios kept) plays last in the first round; 1 card to come."""
    hands = [(["R2", "B4", "G3", "P9"], [L23, OO, SR]), (["B6", "Y8", "G6", "P5"], [BOB, TRIO, L23]),
             (["R7", "Y2", "G4", "P3"], [OO, SR, BOB]), (["Y6", "G1", "P4", "B8"], [TRIO, L23, OO])]
    display = (["R5", "B3", "Y4", "G8", "R1"], [L23, TRIO, OO, SR, BOB])
    kept = [[L23, OO, OO, SR], [BOB, BOB, TRIO, L23, SR], [TRIO, L23, L23], [TRIO, TRIO, L23, SR]]
    discards = ["R3", "R8", "B1", "B2", "Y1", "Y3", "Y9", "G2", "G5", "G7", "P2", "P6", "P8", "R4", "B9", "Y7"]
    return play(deal(4, hands, display, transaction=6, start_player=2, kept=kept, discard_numbers=discards),
                ["N:R2", "T:R5", "N:B6", "T:B3", "N:R7", "T:Y4"])


def position_what_if() -> dict:
    """4 players, final transaction, round 2: Player 1 played Best of the Best and chooses a Number card."""
    hands = [(["P8", "Y9", "B6", "G5"], [BOB, L23, SR]), (["G7", "R3", "Y1", "B2"], [OO, TRIO, BOB]),
             (["R9", "B4", "Y3", "P2"], [TRIO, SR, L23]), (["R4", "Y6", "G1", "P5"], [L23, OO, TRIO])]
    display = (["R1", "B7", "Y4", "G8", "P9"], [L23, TRIO, OO, SR, BOB])
    kept = [[L23, OO, OO, TRIO, SR], [BOB, BOB, BOB, L23, SR], [TRIO, TRIO, L23, SR], [L23, L23, OO, SR, SR]]
    discards = ["R2", "R5", "R6", "R7", "R8", "B1", "B3", "B5", "B8", "Y2", "Y5", "Y7", "Y8", "G3", "G4", "G6",
                "P1", "P3", "P4", "P6", "P7"]
    return play(deal(4, hands, display, transaction=11, start_player=1, kept=kept, discard_numbers=discards),
                ["R:" + BOB, "N:G7", "R:" + TRIO, "R:" + L23, "D:G2"])


POSITION_BUILDERS = {
    "limit_23_two_to_come": position_limit_23,
    "support_right_bet": position_support_right,
    "set_bonus_choice": position_set_bonus,
    "what_if_final": position_what_if,
}


def build_positions() -> dict[str, dict]:
    """Every lesson position, by file name (without .json)."""
    return {name: build() for name, build in POSITION_BUILDERS.items()}


# ------------------------------------------------------------------------------------------------
# 00_start_here.ipynb
# ------------------------------------------------------------------------------------------------
def nb_start_here() -> list:
    """What ratgames_lab is, how notebooks and dashboards work, and one cell per game to start playing."""
    return [
        md("""
        # Start here: ratgames_lab

        **ratgames_lab** is a Python package for learning with games. For each game it knows the rules exactly
        (the computer referees every move and explains it), it computes exact odds (as fractions, not rounded
        guesses), and it gives you a **dashboard**: a game board inside this page where you play against bots.

        This notebook shows you how to use notebooks and dashboards, and where to start playing.
        """),
        md("""
        ## How a notebook works

        A notebook is a page made of **cells**. Text cells (like this one) explain; code cells (grey boxes) hold
        Python code.

        * Click a code cell and press **Shift+Enter** to run it. Its result appears just below it.
        * Run the cells **from top to bottom**: a cell can use names that an earlier cell created.
        * If things get muddled, use the menu **Kernel → Restart Kernel and Run All Cells**.
        * Every notebook here starts by fixing a **seed**: a number that decides every "random" shuffle and
          every bot's choice. The same seed gives the same game, so the whole class sees the same numbers.
        * A line starting with `# NBVAL_` is a note for the automatic tests that run these notebooks; ignore it.

        Try it: run the next cell.
        """),
        code("""
        SEED = 1  # the seed for the examples below: the same seed gives the same game every time
        import ratgames_lab as rl

        print("ratgames_lab version", rl.__version__)
        """),
        md("""
        ## The five games

        ratgames_lab is planned for five games. Only some of them are ready; this table says honestly where each
        one stands.

        | Game | Status |
        |---|---|
        | **Master of Rules** (*Le Maître des Règles*) | complete: rules engine, exact odds, bots, dashboard and three lessons |
        | **Rattus** | playable: rules engine, exact odds, bots and a dashboard; its lessons are being written |
        | **Rattus Cartus** | planned |
        | **Horlogerie des Rats** | planned |
        | **Catan** | planned |

        The package itself lists the games whose rules engine is installed. Run the cell to see them:
        """),
        code("""
        for name, info in rl.GAMES.items():
            players = ", ".join(str(n) for n in info.players)
            print(f"{info.title:16} (name {name!r}): {players} players")
        """),
        md("""
        ## How a dashboard works

        A dashboard is a game table made of buttons and charts. In every dashboard:

        * **Your choices are buttons.** Only legal moves get a button, so you cannot break a rule by mistake.
        * **Bots play the other seats.** They move by themselves after a short pause, so the class can follow.
          Switch off *Bots play by themselves* and press *Step: next bot move* to go one move at a time.
        * **The log explains every step** (tab *What happened*): who played what, and for each Rule card whether
          it was fulfilled and why, naming the rule of the game that decided it.
        * **Undo / redo** and a history slider let you go back and try another move.
        * **Teacher view** (*Teacher view: show all hands*) reveals every hand, to explain a position on the
          board. Switch it off again before students play!
        * **My odds** shows the exact chance that each of your cards fulfils each rule; **What if?** plays many
          quick games from the current position to estimate how often each move wins.
        * **Save / load** writes the position to a file (or loads one), so a teacher can prepare a situation.
        """),
        md("""
        ## Play Master of Rules

        Run the next cell to start a 4-player game: you are Player 1 (`"human"`) and three bots play the other
        seats. Hover over a button to see what it does. The game follows the rulebook exactly: if you wonder why
        a card was or was not fulfilled, read the log.
        """),
        code("""
        # NBVAL_IGNORE_OUTPUT
        from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard

        MasterOfRulesDashboard(players=4, seed=1, seats=["human", "heuristic", "heuristic", "heuristic"]).show()
        """),
        md("""
        Want another table? Change `players` (3, 4 or 5), change `seed` for a new deal, or put `"human"` in more
        seats so that classmates can share one screen.

        ## Play Rattus

        Rattus has a dashboard too: a map of medieval Europe. **Click a region to play there**: place your cubes,
        move the plague, put the new rats (every move also has a button). When the plague ravages a region, its rat
        tokens are revealed one at a time and the log explains each one. Switch on **Risk map** to colour every
        region by its exact chance of contamination if the plague came now. Its lessons start with
        [Rattus: the rules](20_rattus_rules.ipynb).

        Run the next cell to play Red against three bots:
        """),
        code("""
        # NBVAL_IGNORE_OUTPUT
        from ratgames_lab.widgets.rattus import RattusDashboard

        RattusDashboard(players=4, seed=SEED, seats=["human", "heuristic", "heuristic", "heuristic"]).show()
        """),
        md("""
        ## The lessons

        Every lesson is a notebook in this folder. Run the cell to list the ones you have:
        """),
        code("""
        from pathlib import Path

        for path in sorted(Path(".").glob("[0-9][0-9]_*.ipynb")):
            print(path.name)
        """),
        md("""
        For Master of Rules, work through these three in order; each one runs in under a minute.

        1. [Master of Rules: the rules](10_master_of_rules_rules.ipynb): the cards, a transaction step by step,
           and each of the five rules on the rulebook's own examples.
        2. [Master of Rules: probability](11_master_of_rules_probability.ipynb): exact odds by counting, drawing
           with and without replacement, simulation, Support Right as a conditional probability, expected points.
        3. [Master of Rules: what if?](12_master_of_rules_what_if.ipynb): load a position, test every move,
           change one card and watch the odds move, then play on from there.

        **For teachers:** exercises have their answers in cells tagged `solution`. The command
        `ratgames student-copy notebooks --out student_copies` writes copies of these notebooks with those cells
        blanked and every output cleared. `ratgames app master_of_rules` (or `ratgames app rattus`) opens a
        dashboard on its own web page.
        """),
    ]


# ------------------------------------------------------------------------------------------------
# 10_master_of_rules_rules.ipynb
# ------------------------------------------------------------------------------------------------
def nb_rules() -> list:
    """The rules of Master of Rules, shown with the engine on real positions."""
    return [
        md("""
        # Master of Rules, part 1: the rules

        In **Master of Rules** (*Le Maître des Règles*, Susumu Kawasaki, 2007) everybody plays one Number card and
        one Rule card per round of play. A Rule card is a bet about the five Number cards on the table, such as
        "the five cards add up to 23 or less". If your bet comes true, you keep the Rule card: it is worth points.

        In this notebook the computer is the referee. We never just *say* how a rule works: we play it with the
        rules engine and read its explanation. You will learn:

        1. the cards, counted from the game's data file;
        2. the setup;
        3. a whole *transaction* (one deal of cards), step by step;
        4. the "already played" restriction and its exception;
        5. the dummy players for 3 and 4 players;
        6. the five rules, each on an example from the rulebook;
        7. scoring, the two bonuses, and how ties are broken.

        Run each cell with **Shift+Enter**, from top to bottom.

        Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
        them.
        """),
        code("""
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
        """),
        md("""
        ## 1. The cards

        The cards are not typed into the program: they are read from a data file (`data/cards.json`), which a
        teacher may edit. Let us count them.
        """),
        code("""
        print("Colours:", cards.COLOURS)
        print("Values: ", cards.VALUES)
        number_cards = [cards.card_name(c) for c in cards.NUMBER_CARDS]
        print(len(number_cards), "Number cards, for example:", number_cards[:3], "...", number_cards[-1])
        print("5 colours × 9 values =", len(cards.COLOURS) * len(cards.VALUES))
        """),
        md("""
        Each Number card also has a short **code**: the first letter of its colour and its value. `R7` is the red 7,
        `P2` the purple 2. Positions saved to files use these codes.
        """),
        code("""
        print(cards.CODES[:9])
        print("R7 is the", cards.card_name(cards.CARD_BY_CODE["R7"]))
        """),
        code("""
        for rule, copies in zip(cards.RULES, cards.RULE_COPIES):
            print(f"{cards.rule_name(rule):17} {copies} cards")
        print("Rule cards in all:", sum(cards.RULE_COPIES))
        """),
        md("""
        So there are **45 Number cards** (each colour-and-value pair exactly once) and **60 Rule cards** (12 of each
        of the five rules).

        ## 2. Setting up a game

        `rl.load_game` creates a game for a number of players with a seed; `new_state()` shuffles and deals as the
        rulebook says. Every change of the game is recorded as an **event**; each event knows the section of the
        rulebook that caused it (`event.rule`) and can explain itself in English (`event.text()`).
        """),
        code("""
        game = rl.load_game("master_of_rules", players=5, seed=SEED)
        state = game.new_state()

        def show_events(events):
            \"\"\"Print each event with the rulebook section that caused it.\"\"\"
            for e in events:
                print(f"[{e.rule}] {e.text()}")

        show_events(state.events)
        """),
        code("""
        print(describe(state))
        print()
        print("What Player 1 sees ->", hand_text(state, 0))
        """),
        md("""
        Let us check the counts of the setup. `state.to_json()` gives the whole position as plain data (it is also
        what a saved position file contains).
        """),
        code("""
        position = state.to_json()
        in_hands = sum(len(hand["numbers"]) for hand in position["hands"])
        shown = len(position["display"]["numbers"])
        deck = len(position["decks"]["numbers"])
        print(f"Number cards: {in_hands} in 5 hands + {shown} in the display + {deck} in the deck = {in_hands + shown + deck}")
        in_hands = sum(len(hand["rules"]) for hand in position["hands"])
        shown = len(position["display"]["rules"])
        deck = len(position["decks"]["rules"])
        print(f"Rule cards:   {in_hands} in 5 hands + {shown} in the display + {deck} in the deck = {in_hands + shown + deck}")
        """, check=True),
        md("""
        Each player holds **4 Number cards and 3 Rule cards**. The **display** (*la Recharge*) shows 5 Number cards
        and 5 Rule cards face up: after you play a card, you refill your hand by taking a card of the same type from
        the display.

        ## 3. One transaction, step by step

        A **transaction** has two rounds. In each round every player, from the first player and going clockwise,
        plays one card face up, then refills from the display:

        * **round 1**: a Number card *or* a Rule card;
        * **round 2**: a card of the *other* type.

        Then the Rule cards are **judged** on the five Number cards on the table.

        Here is what the first player may do right now. The engine lists only legal moves:
        """),
        code("""
        print("To move:", f"Player {state.current_player + 1}")
        for action in state.legal_actions():
            print(" ", action)
        """),
        md("""
        Now we let five bots play the whole transaction. A bot is a small program that picks a move; these ones
        pick the card pair with the best chance of scoring. After each move we print the new events. The deck
        draws are random too: they use the same seeded generator.
        """),
        code("""
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
        """, check=True),
        md("""
        Read the log from the top. Each line starts with the section of the rulebook in square brackets:
        `transaction.play` is playing a card, `transaction.refill` is taking a card from the display, and
        `rules.limit_23`, `rules.trio`, ... are the verdicts of the judging, each with its reason.

        A fulfilled Rule card is **kept** by its player and is worth points; every other card on the table is
        discarded. The scores so far:
        """),
        code("""
        for player, points in enumerate(state.scores()):
            print(f"Player {player + 1}: {points} point(s)")
        """, check=True),
        md("""
        ## 4. The "already played" restriction and its exception

        > You may not play a Rule card of a type that was already played in this transaction, **unless** every
        > Rule card in your hand is of an already-played type; then you may play any of them.

        ratgames_lab ships the rulebook's examples as position files. We load them with a small helper:
        """),
        code("""
        EXAMPLES = Path(rl.__file__).parent / "master_of_rules" / "positions"

        def load_example(name):
            \"\"\"Load one of the rulebook example positions that ship with ratgames_lab.\"\"\"
            data = json.loads((EXAMPLES / f"{name}.json").read_text())
            game = rl.load_game("master_of_rules", players=data["players"])
            return game, game.state_from_json(data)

        print(sorted(p.stem for p in EXAMPLES.glob("*.json")))
        """),
        md("""
        In this 3-player position everybody opened with a Number card. After the first round, the dummy player
        *Dummy-1* receives the top Number card and the top Rule card of the decks (section 5 explains dummies).
        We choose which cards come off the decks, as if we had stacked them: the purple 5 and a **Trio**.
        """),
        code("""
        game3, state3 = load_example("dummy_rule_already_played_3p")
        state3.apply(game3.action_from_json({"kind": "draw_number", "card": "P5"}))
        state3.apply(game3.action_from_json({"kind": "draw_rule", "rule": "trio"}))
        show_events(state3.events[-2:])
        print("Player 1 ->", hand_text(state3, 0))
        """),
        md("""
        Player 1 holds a Trio, but Trio was already played (by Dummy-1). Let us try to play it anyway. The engine
        refuses with an `IllegalActionError` that names the rule, and the position does not change:
        """),
        code("""
        before = state3.to_json()
        try:
            state3.apply(game3.action_from_json({"kind": "play_rule", "rule": "trio"}))
        except rl.IllegalActionError as error:
            print("Refused:", error)
            print("Rule:", error.rule)
        print("Position unchanged:", state3.to_json() == before)
        print("Legal moves:", [str(a) for a in state3.legal_actions()])
        """),
        md("""
        Player 1 plays Limit 23 instead and refills. Player 2 holds **only** Trio cards, all of an already-played
        type: that is the exception, so Player 2 may play a Trio.
        """),
        code("""
        state3.apply(game3.action_from_json({"kind": "play_rule", "rule": "limit_23"}))
        state3.apply(state3.legal_actions()[0])   # refill: take the first Rule card the display offers
        print("Player 2 ->", hand_text(state3, 1))
        print("Legal moves:", [str(a) for a in state3.legal_actions()])
        before = len(state3.events)
        state3.apply(game3.action_from_json({"kind": "play_rule", "rule": "trio"}))
        show_events(state3.events[before:])
        """),
        md("""
        ## 5. Dummy players for 3 and 4 players

        The table always has **five seats**. With fewer players, dummy players fill the last seats:

        * **4 players**: after the first round, *Dummy-1* gets the top Number card of the deck.
        * **3 players**: after the first round, *Dummy-1* gets the top Number card **and** the top Rule card (that
          Rule card counts as already played); after the second round, *Dummy-2* gets the top Number card.

        So there are always five Number cards on the table at judging time. Let us watch bots play a first
        transaction with 4 and then 3 players and print only the dummies' events (their rulebook section is
        `dummies`) and the judging.
        """),
        code("""
        def first_transaction(players, seed):
            \"\"\"Bots play the first transaction of a new game; return the events up to the judging.\"\"\"
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
        """, check=True),
        md("""
        A dummy's Number card counts like any other. With 3 players, Dummy-1's Rule card is judged too, but
        **a dummy keeps nothing**: even a fulfilled dummy card is discarded. In this example position (3 players)
        Dummy-1 played Limit 23 and Dummy-2's Number card is about to be drawn; we draw the purple 3:
        """),
        code("""
        game3, state3 = load_example("dummy_rule_discarded_3p")
        print(describe(state3))
        before = len(state3.events)
        state3.apply(game3.action_from_json({"kind": "draw_number", "card": "P3"}))
        show_events([e for e in state3.events[before:] if e.kind.startswith(("judge", "dummy"))])
        """),
        md("""
        ## 6. The five rules

        Each rule is decided by the five Number cards on the table. For each one we load the rulebook's example,
        play the last card, and read the judging. This helper plays one move, refills if the player must, and
        returns the new events:
        """),
        code("""
        def play_last_card(game, state, move):
            \"\"\"Apply one move (as JSON), refill from the display if needed, return the new events.\"\"\"
            before = len(state.events)
            state.apply(game.action_from_json(move))
            while state.phase == "refill":          # take the first card the display offers
                state.apply(state.legal_actions()[0])
            return state.events[before:]

        def table_codes(state):
            \"\"\"The Number cards on the table, as codes like 'R7'.\"\"\"
            return [seat["number"] for seat in state.to_json()["table"] if seat["number"]]
        """),
        md("""
        In the examples the rulebook calls the players A, B, C, D, E; here they are Player 1 to Player 5.

        ### Limit 23

        > **Limit 23** is fulfilled if the five Number cards add up to **23 or less**.

        Player 1 played Limit 23 with the red 2. Four Number cards are on the table; Player 5 plays the last one.
        """),
        code("""
        game5, state5 = load_example("limit_23_sum_23")
        print(describe(state5))
        print("Player 5 ->", hand_text(state5, 4))
        so_far = sum(int(code[1]) for code in table_codes(state5))
        print("The four cards on the table add up to", so_far)
        """),
        md("""
        If Player 5 plays the purple 5, the sum becomes 18 + 5 = 23: exactly 23, which is allowed.
        """),
        code("""
        show_events(play_last_card(game5, state5, {"kind": "play_number", "card": "P5"}))
        """, check=True),
        md("""
        The same position, but Player 5 plays the purple 6: the sum is 24, one too many.
        """),
        code("""
        game5, state5 = load_example("limit_23_sum_23")
        events = play_last_card(game5, state5, {"kind": "play_number", "card": "P6"})
        show_events([e for e in events if e.params.get("player") == "Player 1"])
        """),
        md("""
        ### Best of the Best

        > Find the colour(s) with the **most cards** among the five. You fulfil **Best of the Best** if your Number
        > card is the **highest card of one of those colours**. If several colours tie, each of them counts.

        In the rulebook's first example purple is the most common colour. Player 1 (A) played the purple 8 and
        Player 3 (C) the blue 9. Player 5 plays the last card, a Rule card (Only One).
        """),
        code("""
        game5, state5 = load_example("best_of_the_best_purple")
        print(describe(state5))
        show_events([e for e in play_last_card(game5, state5, {"kind": "play_rule", "rule": "only_one"})
                     if e.kind.startswith("judge")])
        """),
        md("""
        The blue 9 is the highest blue card, but blue is not the most common colour, so Player 3 fails.

        This position also shows the **exception** of section 4: look at how Player 3 came to play Best of the Best
        although Player 1 had already played one. The position file keeps its whole log:
        """),
        code("""
        show_events([e for e in state5.events if e.kind.startswith("play_rule")])
        """),
        md("""
        In the second example, red and blue **tie** with two cards each. The highest red and the highest blue both
        fulfil Best of the Best.
        """),
        code("""
        game5, state5 = load_example("best_of_the_best_tie")
        print(describe(state5))
        show_events([e for e in play_last_card(game5, state5, {"kind": "play_rule", "rule": "trio"})
                     if e.kind.startswith("judge")])
        """),
        md("""
        ### Only One

        > **Only One** is fulfilled if **no other card** on the table has your card's **colour**, and **no other
        > card** has its **value**.

        Player 1 (A) played Only One with the yellow 3; Player 4 (D) played Only One with the red 2, but Player 2
        played a red 6. Player 5 plays the last card, the green 8.
        """),
        code("""
        game5, state5 = load_example("only_one")
        print(describe(state5))
        show_events([e for e in play_last_card(game5, state5, {"kind": "play_number", "card": "G8"})
                     if e.kind.startswith("judge")])
        """),
        md("""
        ### Trio

        > **Trio** is fulfilled if at least **three** of the five cards share a **colour**, or at least three share
        > a **value**. Your own card does not need to be one of them.

        Player 1 (A) played Trio with the blue 4, and three other players played red cards.
        """),
        code("""
        game5, state5 = load_example("trio_three_reds")
        print(describe(state5))
        show_events([e for e in play_last_card(game5, state5, {"kind": "play_rule", "rule": "support_right"})
                     if e.kind.startswith("judge")])
        """),
        md("""
        ### Support Right

        > **Support Right** is fulfilled if the **first real player to your right** (the player who plays just
        > before you; dummies are skipped) fulfilled **their** Rule card.

        If that player also played Support Right, look at *their* right-hand neighbour, and so on: a **chain**.
        In the rulebook's example C plays Trio, B plays Support Right (B's right-hand neighbour is C) and A plays
        Support Right (A's right-hand neighbour is B). Here C is Player 1, B is Player 2 and A is Player 3.
        Everything hangs on C's Trio, which depends on the last card, played by Player 5.
        """),
        code("""
        for last in ("R8", "P9"):
            game5, state5 = load_example("support_right_chain")
            if last == "R8":
                print(describe(state5))
            print(f"\\n--- Player 5 plays the {cards.card_name(cards.CARD_BY_CODE[last])} ---")
            events = play_last_card(game5, state5, {"kind": "play_number", "card": last})
            show_events([e for e in events if e.params.get("player") in ("Player 1", "Player 2", "Player 3")
                         and e.kind.startswith("judge")])
        """),
        md("""
        The red 8 makes three red cards, so C's Trio is fulfilled, and with it B's and A's Support Right. The purple
        9 makes no trio: all three fail together.

        **Dummies are skipped.** With 4 players, Dummy-1 sits between Player 4 and Player 1, but Player 1's
        Support Right looks past it to Player 4:
        """),
        code("""
        game4, state4 = load_example("support_right_skips_dummy_4p")
        print(describe(state4))
        show_events([e for e in play_last_card(game4, state4, {"kind": "play_number", "card": "R9"})
                     if e.kind.startswith("judge")])
        """),
        md("""
        ### The rules as Python functions

        Inside the engine each rule is one short function of the five cards. `TableStats` counts the cards by
        colour and value; each `fulfils_...` function answers `True` or `False` for one player's card. We can call
        them directly on any five cards. For example, the red 2, red 6, blue 5, yellow 3 and green 8:
        """),
        code("""
        def table(*codes):
            \"\"\"Card numbers from codes like 'R2'.\"\"\"
            return [cards.CARD_BY_CODE[c] for c in codes]

        five = table("Y3", "R6", "B5", "R2", "G8")
        stats = TableStats(five)
        print("Sum:", stats.total)
        for code in ("Y3", "R2", "R6"):
            mine = cards.CARD_BY_CODE[code]
            print(f"{cards.card_name(mine)}: Limit 23 {fulfils_limit_23(stats, mine)},",
                  f"Only One {fulfils_only_one(stats, mine)}, Trio {fulfils_trio(stats, mine)},",
                  f"Best of the Best {fulfils_best_of_the_best(stats, mine)}")
        """),
        md("""
        These are the cards of the Only One example above, and the functions agree with the judging: the yellow 3
        fulfils Only One, the red 2 does not. The sum is 24, so Limit 23 fails for everybody; no three cards share a
        colour or a value, so Trio fails too. Red is the most common colour and the red 6 is the highest red, so
        the red 6 is the only card that would fulfil Best of the Best.

        ## 7. Scoring and the winner

        At the end of the game:

        * each kept Rule card is worth **1 point**;
        * **+2 points** for each rule type, *other than Support Right*, of which you kept **3 or more** cards
          (only once per type: 6 cards of one type still give +2);
        * **+2 points** if you kept **all five** types (once).

        `score_kept` takes the number of kept cards of each type, in this order:
        """),
        code("""
        print([cards.rule_name(r) for r in cards.RULES])

        def kept(**counts):
            \"\"\"Kept cards per type, in the order above: kept(trio=3, limit_23=1).\"\"\"
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
        """, check=True),
        md("""
        Read the table: 3 Trios give 3 + 2 = 5 points; 6 Trios give 6 + 2 = 8 (not 10); 3 Support Rights give only
        3 (no set bonus for Support Right); one card of each type gives 5 + 2 = 7; and the last line collects both
        bonuses: 7 cards + 2 + 2 = 11.

        **The winner** has the most points. If players tie, the one with more **Support Right** cards wins; if
        still tied, more **Trio**, then **Only One**, then **Best of the Best**, then **Limit 23**. If they are
        still tied, they share the win. `winners` takes every player's kept cards and returns the winning
        seats; this helper prints them by name:
        """),
        code("""
        def show_winners(**players):
            \"\"\"Print each player's points and the winner(s).\"\"\"
            names = list(players)
            for name in names:
                print(f"  {name}: {score_kept(players[name])} points, kept {players[name]}")
            print("  Winner(s):", " and ".join(names[i] for i in winners(list(players.values()))))

        show_winners(A=kept(limit_23=3, trio=1, support_right=1), B=kept(trio=3, only_one=2))
        show_winners(A=kept(limit_23=3, trio=1, support_right=1), C=kept(only_one=3, trio=1, support_right=1))
        show_winners(A=kept(limit_23=3, trio=1, support_right=1), D=kept(limit_23=3, trio=1, support_right=1))
        """, check=True),
        md("""
        All of them have 7 points. **A beats B** on the first tie-break: A kept one Support Right, B none.
        **C beats A**: they tie on Support Right (1 each) and on Trio (1 each), but C kept more Only One (3 to 0).
        **A and D** kept exactly the same cards, so they share the win.
        """),
        md("""
        ## Try it yourself

        **Exercise 1.** The five Number cards on the table are the red 9, blue 9, yellow 9, red 2 and green 1. You
        played the **red 2**. Which of Limit 23, Best of the Best, Only One and Trio are fulfilled for you? Decide
        first with pencil and paper, then check with `TableStats` and the `fulfils_...` functions.
        """),
        code("""
        five = table("R9", "B9", "Y9", "R2", "G1")
        mine = cards.CARD_BY_CODE["R2"]
        stats = TableStats(five)
        for name, rule in [("Limit 23", fulfils_limit_23), ("Best of the Best", fulfils_best_of_the_best),
                           ("Only One", fulfils_only_one), ("Trio", fulfils_trio)]:
            print(f"{name:17} {rule(stats, mine)}")
        """, solution=True),
        md("""
        **Answer.** Only **Trio**: three cards have the value 9. Limit 23 fails (9 + 9 + 9 + 2 + 1 = 30). Only One
        fails (the red 9 shares your colour). Best of the Best fails: red is the most common colour (2 cards),
        but the red 9 beats your red 2.
        """, solution=True),
        md("""
        **Exercise 2.** At the end of a game you kept 4 Limit 23, 1 Best of the Best, 1 Only One, 3 Trio and
        1 Support Right. How many points is that? Count by hand first (cards, then each bonus), then check with
        `score_kept`.
        """),
        code("""
        mine = kept(limit_23=4, best_of_the_best=1, only_one=1, trio=3, support_right=1)
        print(sum(mine), "cards ->", score_kept(mine), "points")
        """, solution=True),
        md("""
        **Answer.** 10 cards = 10 points, +2 for three or more Limit 23, +2 for three Trio, +2 for all five types:
        **16 points**.
        """, solution=True),
        md("""
        **Next:** [part 2, probability](11_master_of_rules_probability.ipynb): what is the *chance* that a rule
        will be fulfilled, before all the cards are on the table?
        """),
    ]


# ------------------------------------------------------------------------------------------------
# 11_master_of_rules_probability.ipynb
# ------------------------------------------------------------------------------------------------
def nb_probability() -> list:
    """Exact odds by counting, with/without replacement, simulation, conditional probability, expected points."""
    return [
        md("""
        # Master of Rules, part 2: probability

        When you play a Rule card, some Number cards are still to come. Will your rule be fulfilled? You cannot
        know for sure, but you can know the **chance**. In this notebook we compute chances **exactly**, by
        counting, and we check them in three independent ways.

        1. Exact odds: make the list of everything that can still happen, and count.
        2. Drawing *without* replacement (real cards) versus *with* replacement.
        3. A simulation that gets closer and closer to the exact answer.
        4. Support Right: a bet on your neighbour (conditional probability).
        5. Expected points, and why the set bonuses change the best play.

        You need part 1 ([the rules](10_master_of_rules_rules.ipynb)) first. Run the cells from top to bottom.

        Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
        them.
        """),
        code("""
        SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

        import json
        import math
        from collections import Counter
        from fractions import Fraction
        from itertools import combinations
        from pathlib import Path

        import bqplot.pyplot as bplt

        import ratgames_lab as rl
        from ratgames_lab.core.odds import (expectation, hypergeom, hypergeom_pmf, running_frequency,
                                            subsets_probability, tolerance)
        from ratgames_lab.master_of_rules import cards
        from ratgames_lab.master_of_rules.cards import card_name, rule_name, seat_name, value
        from ratgames_lab.master_of_rules.odds import (knowledge, marginal_points, play_odds, rule_odds,
                                                       sample_completion, simulate_rule_odds)
        from ratgames_lab.master_of_rules.position import describe, hand_text
        from ratgames_lab.master_of_rules.rules import (TableStats, fulfils_best_of_the_best, fulfils_limit_23,
                                                        fulfils_only_one, fulfils_trio, judge_table, right_of)

        def load_position(name):
            \"\"\"Load a position from the positions folder next to this notebook.\"\"\"
            data = json.loads((Path("positions") / f"{name}.json").read_text())
            game = rl.load_game("master_of_rules", players=data["players"])
            return game.state_from_json(data)

        def pct(p):
            \"\"\"A probability as a rounded percentage, for reading (the exact value is the fraction).\"\"\"
            return f"{float(p):6.1%}"
        """),
        md("""
        ## 1. Exact odds: count the possibilities

        Here is a game with 4 players, in the second round of the first transaction. Player 1 (that's you) played
        **Limit 23** in the first round and must now play a Number card.
        """),
        code("""
        state = load_position("limit_23_two_to_come")
        print(describe(state))
        print()
        print(hand_text(state, 0))
        """),
        md("""
        The red 4 and the blue 6 are on the table. Players 3 and 4 played Rule cards in the first round, so their
        Number cards are **still to come**. Which card should you play so that the five cards add up to 23 or less?

        `knowledge(state, 0)` collects what Player 1 knows: the cards Player 1 can see, and which cards are still
        to come.
        """),
        code("""
        kn = knowledge(state, 0)
        print("Number cards still to come from:", [seat_name(s, kn.players) for s in kn.number_slots])
        in_hand = len(kn.hand_numbers)
        in_display = len(state.to_json()["display"]["numbers"])
        on_table = [c for c in kn.table_numbers if c is not None]
        seen = in_hand + in_display + len(on_table)
        print(f"Player 1 sees {in_hand} in hand + {in_display} in the display + {len(on_table)} on the table = {seen}")
        print("Number cards Player 1 cannot see:", len(kn.unseen_numbers), "= 45 -", seen)
        print(", ".join(card_name(c) for c in kn.unseen_numbers))
        """),
        md("""
        The 35 unseen cards are somewhere Player 1 cannot look: in the other players' hands or in the deck.

        **Our model.** We assume that the 2 cards still to come are equally likely to be **any 2** of those 35
        cards. Every number in this notebook is exact *for this model*. The model ignores one real thing: the other
        players **choose** their cards. Player 3 might keep a low card for a Limit 23 of their own, or throw a 9 on
        purpose to spoil yours. These odds are right for a player who knows nothing about the others' plans.

        ### The sample space

        How many different pairs of cards can still come? Order does not matter (the sum is the same whoever
        plays which card), so it is the number of ways to choose 2 cards out of 35: $\\binom{35}{2}$, "35 choose
        2", `math.comb(35, 2)`.
        """),
        code("""
        print("35 choose 2 =", math.comb(35, 2))
        print("The engine agrees:", kn.sample_space_size())
        pairs = list(combinations(kn.unseen_numbers, 2))
        print("We can list them all:", len(pairs), "pairs. The first five:")
        for a, b in pairs[:5]:
            print(f"  {card_name(a)} + {card_name(b)}")
        """),
        md("""
        Each of these 595 pairs is equally likely, so

        $$P(\\text{Limit 23}) = \\frac{\\text{number of pairs that keep the sum at 23 or less}}{595}.$$

        Suppose you play the **yellow 1**. The table then holds red 4 + blue 6 + yellow 1 = 11, so the two cards to
        come must add up to **12 or less**. Let us count those pairs ourselves, without the engine's help:
        """),
        code("""
        mine = cards.CARD_BY_CODE["Y1"]
        so_far = sum(value(c) for c in on_table) + value(mine)
        good = [(a, b) for a, b in pairs if so_far + value(a) + value(b) <= 23]
        print("Sum so far:", so_far)
        print("Favourable pairs:", len(good), "of", len(pairs))
        print("Chance:", Fraction(len(good), len(pairs)), "=", pct(Fraction(len(good), len(pairs))))
        """, check=True),
        md("""
        Python's `Fraction` reduces 455/595 to 13/17. Now ask the engine: `rule_odds(state, player, card)` does
        the same kind of counting for all five rules at once.
        """),
        code("""
        odds_y1 = rule_odds(state, 0, "Y1")
        print("Limit 23 with the yellow 1:", odds_y1["limit_23"])
        assert odds_y1["limit_23"] == Fraction(len(good), len(pairs))  # our count and the engine's agree
        """),
        md("""
        (`assert` stops with an error if what follows is false: it is how a notebook checks a claim.)

        Now compare your four cards:
        """),
        code("""
        limit_odds = {card: rule_odds(state, 0, card)["limit_23"] for card in kn.hand_numbers}
        for card, p in limit_odds.items():
            print(f"{card_name(card):9} {str(p):>7} = {pct(p)}")
        """, check=True),
        md("""
        The lower your card, the better your chance, but not in a straight line.

        ### Counting with pencil and paper: the red 9

        With the red 9 the table holds 4 + 6 + 9 = 19, so the two cards to come must add up to **4 or less**. That
        is a small case we can count by hand. Only cards of value 1, 2 or 3 can help; how many of each are
        unseen?
        """),
        code("""
        unseen_by_value = Counter(value(c) for c in kn.unseen_numbers)
        for v in (1, 2, 3):
            names = [card_name(c) for c in kn.unseen_numbers if value(c) == v]
            print(f"value {v}: {unseen_by_value[v]} unseen cards ({', '.join(names)})")
        """),
        md("""
        The pairs that add up to 4 or less are 1+1, 1+2, 1+3 and 2+2:

        * 1 + 1: two of the four 1s, $\\binom{4}{2} = 6$ pairs;
        * 1 + 2: one of the four 1s and one of the four 2s, $4 \\times 4 = 16$ pairs;
        * 1 + 3: one of the four 1s and one of the five 3s, $4 \\times 5 = 20$ pairs;
        * 2 + 2: two of the four 2s, $\\binom{4}{2} = 6$ pairs.

        In all 6 + 16 + 20 + 6 = **48** of the 595 pairs. Check against the engine:
        """),
        code("""
        ones, twos, threes = unseen_by_value[1], unseen_by_value[2], unseen_by_value[3]
        by_hand = math.comb(ones, 2) + ones * twos + ones * threes + math.comb(twos, 2)
        red_9 = cards.CARD_BY_CODE["R9"]
        print("By hand:", by_hand, "pairs ->", Fraction(by_hand, len(pairs)))
        print("Engine: ", limit_odds[red_9])
        assert Fraction(by_hand, len(pairs)) == limit_odds[red_9]
        """),
        md("""
        Listing everything and counting by hand give the same answer. The list is safer (it is easy to forget a
        case by hand), but the hand count shows *why* the red 9 is a bad card for Limit 23.

        ## 2. Without replacement versus with replacement

        Real cards are drawn **without replacement**: once a card is dealt, it cannot be dealt again. A simpler
        model would put each card back before the next draw (**with replacement**), like rolling a 45-sided die
        several times. How different are the two?

        Take your opening hand: 4 Number cards out of 45, of which 9 are red. How many red cards will you get?

        * Without replacement the answer is the **hypergeometric** distribution: `hypergeom(45, 9, 4)`.
          For example $P(2 \\text{ red}) = \\binom{9}{2}\\binom{36}{2} / \\binom{45}{4}$.
        * With replacement each draw is red with chance 9/45 = 1/5, independently: the **binomial**
          distribution, $P(k \\text{ red}) = \\binom{4}{k} (1/5)^k (4/5)^{4-k}$.
        """),
        code("""
        without = hypergeom(45, 9, 4)

        def binomial(n, p):
            \"\"\"P(k successes in n independent tries), exactly, for k = 0..n.\"\"\"
            return {k: math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)}

        with_replacement = binomial(4, Fraction(9, 45))
        print("red  without replacement      with replacement")
        for k in range(5):
            print(f" {k}   {str(without[k]):>13} = {pct(without[k])}   {str(with_replacement[k]):>8} = {pct(with_replacement[k])}")
        print("Totals:", sum(without.values()), sum(with_replacement.values()))
        """, check=True),
        code("""
        # NBVAL_IGNORE_OUTPUT
        fig = bplt.figure(title="Red cards in an opening hand of 4 Number cards", legend_location="top-right")
        bplt.bar([str(k) for k in range(5)],
                 [[float(without[k]) for k in range(5)], [float(with_replacement[k]) for k in range(5)]],
                 type="grouped", colors=["#2f6fd6", "#f0b429"], display_legend=True,
                 labels=["without replacement (real cards)", "with replacement"])
        bplt.xlabel("number of red cards among the 4")
        bplt.ylabel("probability")
        bplt.ylim(0, 0.5)
        bplt.show()
        """),
        md("""
        The two are close but not equal. Without replacement, every red card you draw leaves fewer reds behind,
        so many reds are **less** likely:
        """),
        code("""
        four_red_without = Fraction(9, 45) * Fraction(8, 44) * Fraction(7, 43) * Fraction(6, 42)
        four_red_with = Fraction(9, 45) ** 4
        print("4 red, without replacement: 9/45 × 8/44 × 7/43 × 6/42 =", four_red_without, "=", pct(four_red_without))
        print("4 red, with replacement:    (9/45)^4 =", four_red_with, "=", pct(four_red_with))
        print("Same as hypergeom:", four_red_without == hypergeom_pmf(4, 45, 9, 4))
        print(f"With replacement makes it {float(four_red_with / four_red_without):.2f} times more likely")
        """),
        md("""
        Our odds in section 1 were *without* replacement: a pair is two **different** cards
        (`combinations`), exactly like real cards.

        ## 3. Check by simulation

        A completely different way to find a chance: **try it many times**. Each trial deals 2 random different
        cards from the 35 unseen ones (`sample_completion`), puts them on the table, and asks the engine's referee
        (`judge_table`, the code that judges real games) whether your Limit 23 is fulfilled. The running frequency
        is the fraction of trials so far in which it was. The trials use the seeded generator, so the results are
        the same every time you run the notebook.
        """),
        code("""
        LIMIT_23 = cards.RULES.index("limit_23")
        exact = limit_odds[mine]   # the yellow 1

        def trial(rng):
            \"\"\"Deal the missing cards at random; True if Player 1's Limit 23 is fulfilled.\"\"\"
            numbers, rules = sample_completion(kn, mine, LIMIT_23, rng)
            fulfilled, reason = judge_table(numbers, rules, kn.players)[0]
            return fulfilled

        TRIALS = 3000
        freq = running_frequency(trial, TRIALS, seed=SEED)
        for n in (10, 100, 1000, TRIALS):
            print(f"after {n:4} trials: frequency {freq[n - 1]:.3f}   (exact {float(exact):.3f})")
        """, check=True),
        code("""
        # NBVAL_IGNORE_OUTPUT
        fig = bplt.figure(title="Simulated frequency of Limit 23 (yellow 1) approaching the exact chance",
                          legend_location="bottom-right")
        bplt.plot(list(range(1, TRIALS + 1)), freq, colors=["#2f6fd6"], labels=["simulated frequency"],
                  display_legend=True)
        bplt.xlabel("number of simulated deals")
        bplt.ylabel("fraction of deals where Limit 23 is fulfilled")
        bplt.ylim(0, 1)
        bplt.hline(float(exact), colors=["#d64545"], line_style="dashed", labels=[f"exact chance {exact}"],
                   display_legend=True)
        bplt.show()
        """),
        md("""
        At first the frequency jumps around; with more trials it settles near 13/17. It is never exactly equal:
        a simulation has random error, which shrinks like $1/\\sqrt{n}$. `tolerance(p, n)` is a safe margin
        (4 standard errors) for n trials:
        """),
        code("""
        margin = tolerance(float(exact), TRIALS)
        print(f"difference after {TRIALS} trials: {abs(freq[-1] - float(exact)):.3f}, allowed margin {margin:.3f}")
        print("Within the margin:", abs(freq[-1] - float(exact)) <= margin)
        """),
        md("""
        `simulate_rule_odds` runs the same kind of simulation for all five rules, as if Player 1's Rule card were
        each of them in turn. Exact and simulated values side by side:
        """),
        code("""
        SIMULATIONS = 2000
        simulated = simulate_rule_odds(state, 0, "Y1", n=SIMULATIONS, seed=SEED)
        print(f"{'rule':17} {'exact':>7} {'':>7}  simulated  within margin")
        for rule in cards.RULES:
            p, f = odds_y1[rule], simulated[rule]
            ok = abs(f - float(p)) <= tolerance(float(p), SIMULATIONS)
            print(f"{rule_name(rule):17} {str(p):>7} {pct(p)}  {f:9.3f}  {ok}")
        """, check=True),
        md("""
        ## 4. Support Right: a bet on your neighbour

        Support Right is fulfilled if the first real player to your right fulfils **their** rule. Its chance
        depends on what that player does: it is a **conditional probability**. Here is a new position.
        """),
        code("""
        state2 = load_position("support_right_bet")
        kn2 = knowledge(state2, 0)
        print(describe(state2))
        print()
        print(hand_text(state2, 0))
        neighbour = right_of(0, kn2.players)
        print("Player 1's right-hand neighbour:", seat_name(neighbour, kn2.players))
        """),
        md("""
        Player 1 played the red 3 and must now play a Rule card. The neighbour to the right is **Player 4**: the
        blue 5 is on the table, but Player 4's Rule card is still to come. Only one Number card is still to come
        (Player 3's). If Player 4 plays Support Right too, the chain passes on to Player 3, who played **Trio**.

        So we split on what Player 4 plays (the *law of total probability*):

        $$P(\\text{SR}) = \\sum_{r} P(\\text{Player 4 plays } r) \\times P(r \\text{ is fulfilled} \\mid
        \\text{Player 4 plays } r)$$

        **Step 1: what will Player 4 play?** In our model Player 4's Rule card is equally likely to be any Rule
        card Player 1 cannot see (in the other hands and the deck):
        """),
        code("""
        unseen_rules = dict(zip(cards.RULES, kn2.unseen_rules))
        total_rules = sum(unseen_rules.values())
        p_plays = {rule: Fraction(n, total_rules) for rule, n in unseen_rules.items()}
        for rule, n in unseen_rules.items():
            print(f"{rule_name(rule):17} {n:2} of {total_rules} -> {p_plays[rule]}")
        """),
        md("""
        **Step 2: if Player 4 plays rule r, what is the chance it is fulfilled?** It depends on the one Number card
        still to come, equally likely to be any of the unseen cards. `subsets_probability(pool, size, event)`
        tries every possible set of `size` cards from the `pool` and returns the fraction for which `event` is
        true. For Support Right, the chain goes on to Player 3's Trio.
        """),
        code("""
        blue_5 = kn2.table_numbers[neighbour]
        known = [c for c in kn2.table_numbers if c is not None]
        pool = list(kn2.unseen_numbers)
        print("On the table:", ", ".join(card_name(c) for c in known), f"(+ 1 card to come out of {len(pool)})")

        def chance(test):
            \"\"\"P(test(table) is True) over the one Number card still to come.\"\"\"
            return subsets_probability(pool, 1, lambda extra: test(TableStats(known + list(extra))))

        p_fulfilled = {
            "limit_23": chance(lambda t: fulfils_limit_23(t, blue_5)),
            "best_of_the_best": chance(lambda t: fulfils_best_of_the_best(t, blue_5)),
            "only_one": chance(lambda t: fulfils_only_one(t, blue_5)),
            "trio": chance(lambda t: fulfils_trio(t, blue_5)),
            "support_right": chance(lambda t: fulfils_trio(t, blue_5)),  # the chain ends at Player 3's Trio
        }
        """),
        code("""
        total = Fraction(0)
        print(f"{'Player 4 plays':17} {'P(plays)':>9} {'P(fulfilled)':>13} {'product':>9}")
        for rule in cards.RULES:
            product = p_plays[rule] * p_fulfilled[rule]
            total += product
            print(f"{rule_name(rule):17} {str(p_plays[rule]):>9} {str(p_fulfilled[rule]):>13} {str(product):>9}")
        print(f"{'sum = P(Support Right)':41} {str(total):>9} = {pct(total)}")
        """, check=True),
        md("""
        (Trio does not depend on whose card it is, so Player 4's Trio and Player 3's Trio have the same chance.)

        The engine computes Support Right by following the same chain. Does it agree?
        """),
        code("""
        odds2 = rule_odds(state2, 0)
        print("Engine:", odds2["support_right"], " Our sum:", total)
        assert odds2["support_right"] == total
        print()
        print("Player 1's Rule cards with the red 3:")
        for rule in ("limit_23", "only_one", "support_right"):
            print(f"  {rule_name(rule):14} {str(odds2[rule]):>7} = {pct(odds2[rule])}")
        """),
        md("""
        Only One is impossible for Player 1 (Player 2 already played a red card), Limit 23 is a better bet than
        Support Right, and Support Right is only as good as Player 4's own chances.

        **What the model ignores.** Player 4 does not pick a Rule card at random: they **choose** one, and the
        rules restrict the choice. Trio was already played this transaction (by Player 3), so Player 4 may not
        play Trio unless all their Rule cards are Trios. And a careful Player 4 holding an Only One would play it:
        with the blue 5 it is their best bet (26/35 in the table above). Exercise 3 below asks how much the
        first of these changes the answer.

        ## 5. Expected points: the best play is not always the likeliest

        In this last position (transaction 7), Player 4 plays last in the first round and still holds both
        cards. Player 4 has already kept **two Trio cards**.
        """),
        code("""
        state3 = load_position("set_bonus_choice")
        print(describe(state3))
        print()
        print("Player 4 ->", hand_text(state3, 3))
        """),
        md("""
        A third Trio would bring a **set bonus** of +2, so it is worth 3 points. `marginal_points(kept, rule)`
        computes how many points one more card of each type would add to Player 4's score:
        """),
        code("""
        kept4 = state3.kept[3]
        for t, rule in enumerate(cards.RULES):
            print(f"{rule_name(rule):17} +{marginal_points(kept4, t)} point(s)")
        """),
        md("""
        The **expected points** of a play are (chance of success) × (points if it succeeds), and 0 otherwise:
        on average, over many games like this one, that is what the play earns. `play_odds` computes it for every
        pair of a Number card and a Rule card in the hand, best first:
        """),
        code("""
        plays = play_odds(state3, 3)
        print(f"{'Number card':11} {'Rule card':17} {'chance':>6} {'':7} {'points':>6} {'expected':>9}")
        for play in plays[:8]:
            print(f"{card_name(play.card):11} {rule_name(play.rule):17} {str(play.probability):>6} "
                  f"{pct(play.probability)} {play.points_if_fulfilled:>6} {str(play.expected_points):>9}"
                  f" = {float(play.expected_points):.2f}")
        print(f"... {len(plays)} pairs in all")
        """, check=True),
        code("""
        likeliest = max(plays, key=lambda play: play.probability)
        best = plays[0]
        print(f"Likeliest success: {card_name(likeliest.card)} + {rule_name(likeliest.rule)}, "
              f"chance {likeliest.probability}, expected {likeliest.expected_points} point")
        print(f"Best expected points: {card_name(best.card)} + {rule_name(best.rule)}, "
              f"chance {best.probability}, expected {best.expected_points} points")
        points = {best.points_if_fulfilled: best.probability, 0: 1 - best.probability}
        print("Check with expectation():", expectation(points))
        kn3 = knowledge(state3, 3)
        red_or_blue = [c for c in kn3.unseen_numbers if cards.COLOURS[cards.colour(c)] in ("red", "blue")]
        print(f"Dummy-1's card is the only one to come: {len(red_or_blue)} of the {len(kn3.unseen_numbers)}"
              " unseen cards are red or blue")
        """),
        md("""
        The green 1 with Limit 23 succeeds most often (4 times in 5), but it only earns 1 point. The blue 8 with
        Trio succeeds only 7 times in 20 (with the red 2, red 7 and blue 6 on the table, a red or a blue card for
        the dummy makes a trio, and 7 of the 20 unseen cards are red or blue), yet each success is worth 3 points,
        so on average it earns **21/20** points per play against **4/5**. That is the **expected value** of the hand: played well, this hand is worth 21/20 points
        on average this transaction. Because of the bonuses, the best card to play depends on what you already
        kept.

        ## 6. What to remember

        * **Exact odds** = favourable cases / all equally likely cases. `math.comb` counts the cases; listing
          them (`combinations`) is the safest way to count the favourable ones.
        * Real cards are drawn **without replacement** (hypergeometric), not with replacement (binomial).
        * A **simulation** agrees with the exact answer up to a random error that shrinks like $1/\\sqrt{n}$.
        * **Support Right** is a conditional probability: a sum over what your neighbour does.
        * Choose by **expected points**, not by chance alone: the set bonuses change the best play.
        * All of this is exact only **for the model** "unseen cards are equally likely". Real players choose
          their cards. [Part 3](12_master_of_rules_what_if.ipynb) uses another tool, playing the rest of the game
          many times, to compare moves.

        ## Exercises

        **Exercise 1.** Back in section 1 (`state`, `pairs`), you play the **green 5** instead of the yellow 1.
        How many of the 595 pairs keep the sum at 23 or less? Count them with a list like `good`, then check your
        fraction with `rule_odds(state, 0, "G5")`.
        """),
        code("""
        mine_g5 = cards.CARD_BY_CODE["G5"]
        so_far_g5 = sum(value(c) for c in on_table) + value(mine_g5)
        good_g5 = [(a, b) for a, b in pairs if so_far_g5 + value(a) + value(b) <= 23]
        print(so_far_g5, len(good_g5), Fraction(len(good_g5), len(pairs)))
        print(rule_odds(state, 0, "G5")["limit_23"])
        """, solution=True),
        md("""
        **Answer.** The sum so far is 4 + 6 + 5 = 15, so the two cards must add up to 8 or less: 216 of the 595
        pairs, a chance of 216/595 (about 36%). The engine gives the same fraction.
        """, solution=True),
        md("""
        **Exercise 2.** 5 of the 45 Number cards are 9s. What is the chance that your opening hand of 4 Number
        cards holds **at least one 9**? Hint: 1 − P(no 9). Compare with the with-replacement answer
        1 − (40/45)⁴.
        """),
        code("""
        at_least_one = 1 - hypergeom_pmf(0, 45, 5, 4)
        with_repl = 1 - Fraction(40, 45) ** 4
        print(at_least_one, pct(at_least_one), "  with replacement:", with_repl, pct(with_repl))
        """, solution=True),
        md("""
        **Answer.** $1 - \\binom{40}{4}/\\binom{45}{4}$ = 11521/29799, about 38.7%. With replacement it would be
        2465/6561, about 37.6%: slightly less. Without replacement, each card that is not a 9 leaves fewer
        non-9s behind (40/45, then 39/44, 38/43, 37/42), so "no 9 at all" is a little less likely.
        """, solution=True),
        md("""
        **Exercise 3.** In section 4, suppose you know Player 4 will **not** play Trio (it was already played).
        Then Player 4's Rule card is equally likely to be any unseen Rule card *other than* a Trio. Recompute
        P(Support Right) with `p_fulfilled` and the counts in `unseen_rules`. Does Support Right become a better
        or a worse bet than before?
        """),
        code("""
        allowed = {rule: n for rule, n in unseen_rules.items() if rule != "trio"}
        p_sr = sum(Fraction(n, sum(allowed.values())) * p_fulfilled[rule] for rule, n in allowed.items())
        print("without Trio:", p_sr, pct(p_sr), "  before:", total, pct(total))
        """, solution=True),
        md("""
        **Answer.** 183/490 ≈ 37.3% instead of 87/260 ≈ 33.5%: a better bet, because Trio was one of Player 4's
        weakest rules here (6/35). Knowing one thing about how the others choose changes the odds, which is
        exactly what the equally-likely model leaves out.
        """, solution=True),
    ]


# ------------------------------------------------------------------------------------------------
# 12_master_of_rules_what_if.ipynb
# ------------------------------------------------------------------------------------------------
def nb_what_if() -> list:
    """Load a position, evaluate every move, change one card, and play on from there with a Match."""
    return [
        md("""
        # Master of Rules, part 3: what if?

        A position file holds a whole game frozen at one moment. In this notebook we:

        1. load a position and look at it;
        2. test **every possible move** by playing the rest of the game hundreds of times from each;
        3. **change one card** in the file and watch the exact odds move;
        4. play on from there, **undo** a move and try **another future**.

        You need [part 1](10_master_of_rules_rules.ipynb) and [part 2](11_master_of_rules_probability.ipynb)
        first. Run the cells from top to bottom.

        Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
        them.
        """),
        code("""
        SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

        import copy
        import json
        import random
        from pathlib import Path

        import bqplot as bq

        import ratgames_lab as rl
        from ratgames_lab.core.analysis import evaluate_actions
        from ratgames_lab.master_of_rules import cards
        from ratgames_lab.master_of_rules.bots import HeuristicBot
        from ratgames_lab.master_of_rules.cards import card_name
        from ratgames_lab.master_of_rules.odds import marginal_points, play_odds
        from ratgames_lab.master_of_rules.position import describe, hand_text

        def show_events(events):
            \"\"\"Print each event with the rulebook section that caused it.\"\"\"
            for e in events:
                print(f"[{e.rule}] {e.text()}")

        def pct(p):
            \"\"\"A probability as a rounded percentage.\"\"\"
            return f"{float(p):6.1%}"
        """),
        md("""
        ## 1. Load a position

        The file `positions/what_if_final.json` (next to this notebook) is plain JSON. Loading it with
        `game.state_from_json` checks every field: that all 45 Number cards and 60 Rule cards are each somewhere,
        that hands are not too big, that the table fits the round, and so on.
        """),
        code("""
        data = json.loads(Path("positions/what_if_final.json").read_text())
        game = rl.load_game("master_of_rules", players=data["players"])
        state = game.state_from_json(data)
        print(describe(state))
        print()
        print(hand_text(state, 0))
        """),
        md("""
        The file also keeps the log of the transaction so far:
        """),
        code("""
        show_events(state.events)
        """),
        md("""
        This is the **final transaction** of a 4-player game, so nobody refills any more. You are Player 1 with
        5 points; Player 2 leads with 7. You played **Best of the Best** in the first round and must now choose
        your Number card. Green is the most common colour so far (the green 7 and the green 2), and two Number
        cards are still to come (Players 3 and 4).

        How much would a fulfilled Best of the Best be worth to you?
        """),
        code("""
        BEST = cards.RULES.index("best_of_the_best")
        print("Scores now:", state.scores())
        print("Player 1 kept:", data["kept"][0])
        print("One more Best of the Best adds", marginal_points(state.kept[0], BEST), "points")
        """),
        md("""
        3 points: the card itself, plus 2 for holding all five types. That would take you from 5 to 8 points,
        past Player 2's 7. The exact chances (part 2) for each of your cards:
        """),
        code("""
        before = {play.card: play.probability for play in play_odds(state, 0)}
        for card, p in before.items():
            print(f"{card_name(card):9} Best of the Best: {str(p):>5} = {pct(p)}")
        """, check=True),
        md("""
        The green 5 can never win Best of the Best: green would be the most common colour, but the green 7 beats
        it. The yellow 9 has the best chance.

        ## 2. Test every move: playouts

        Exact odds answer "will my rule be fulfilled?". The question that really matters is "will I **win the
        game**?", which also depends on everything the others do. `evaluate_actions` estimates it by
        **playouts**: for each legal move, it plays the rest of the game many times from here.

        * Before each playout, the cards Player 1 cannot see (the other hands, the deck) are **shuffled again**
          into a random arrangement that fits what Player 1 sees. So the computer never peeks at hidden cards.
        * Then every player makes **random legal moves** to the end of the game.
        * The **win rate** is the fraction of playouts that Player 1 won (a shared win counts as a part).

        A win rate measured on a few hundred playouts is an estimate, so each one comes with a **95% interval**:
        the range where the true win rate (for these random opponents) lies, unless we were unlucky.
        """),
        code("""
        PLAYOUTS = 200
        values = evaluate_actions(state, 0, playouts=PLAYOUTS, seed=SEED)
        for v in values:
            print(f"{str(v.action):20} win rate {v.win_rate:.3f}   95% interval {v.low:.3f} to {v.high:.3f}")
        """, check=True),
        code("""
        # NBVAL_IGNORE_OUTPUT
        def win_rate_chart(values, title):
            \"\"\"Bars: estimated win rate per move; black lines: the 95% intervals.\"\"\"
            moves = [str(v.action) for v in values]
            x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=1)
            bars = bq.Bars(x=moves, y=[v.win_rate for v in values], scales={"x": x, "y": y}, colors=["#2f6fd6"],
                           labels=["estimated win rate"], display_legend=True)
            # one line, low -> high above each move, cut between moves by a gap (nan: "not a number")
            gap = float("nan")
            intervals = bq.Lines(x=[m for m in moves for _ in range(3)],
                                 y=[end for v in values for end in (v.low, v.high, gap)],
                                 scales={"x": x, "y": y}, colors=["black"], stroke_width=3,
                                 labels=["95% interval"], display_legend=True)
            axes = [bq.Axis(scale=x, label="Player 1's move"),
                    bq.Axis(scale=y, orientation="vertical", label="chance that Player 1 wins the game",
                            tick_format=".0%")]
            return bq.Figure(marks=[bars, intervals], axes=axes, title=title, legend_location="top-right")

        win_rate_chart(values, f"Win rate of each move ({PLAYOUTS} playouts each)")
        """),
        md("""
        The order is the same as for the exact odds: the yellow 9 first, the green 5 last. The intervals overlap
        a little, because 200 playouts is not many. **More playouts make the intervals narrower** (about half as
        wide for four times as many playouts), at the cost of more computing time:
        """),
        code("""
        for n in (100, 400, 1600):
            best = max(evaluate_actions(state, 0, playouts=n, seed=SEED), key=lambda v: v.win_rate)
            print(f"{n:5} playouts: best move {str(best.action):20} win rate {best.win_rate:.3f}, "
                  f"interval width {best.high - best.low:.3f}")
        """, check=True),
        md("""
        Remember what the playouts assume: the other players move **at random**. Real opponents play better, so
        these win rates are a guide for comparing moves, not a forecast.

        ## 3. Change one card

        What if you held a different card? The position is just JSON, so we can edit it. Two Number cards are
        still in the deck:
        """),
        code("""
        print("Deck:", data["decks"]["numbers"])
        print("Player 1's Number cards:", data["hands"][0]["numbers"])
        """),
        md("""
        Let us give Player 1 the **green 9** instead of the green 5. First a careless edit: we add the green 9 to
        the hand but forget to take it out of the deck. The engine refuses the file and names the faulty field:
        """),
        code("""
        broken = copy.deepcopy(data)
        broken["hands"][0]["numbers"] = ["B6", "G9", "P8", "Y9"]
        try:
            game.state_from_json(broken)
        except rl.InvalidPositionError as error:
            print("Refused:", error)
            print("Field:", error.field)
        """),
        md("""
        The right edit **swaps** the two cards: the green 5 goes into the deck, the green 9 into the hand.
        """),
        code("""
        changed = copy.deepcopy(data)
        changed["hands"][0]["numbers"] = ["B6", "G9", "P8", "Y9"]
        changed["decks"]["numbers"] = ["B9", "G5"]
        changed_state = game.state_from_json(changed)   # checked again: no error this time
        print(hand_text(changed_state, 0))
        """),
        code("""
        after = {play.card: play.probability for play in play_odds(changed_state, 0)}
        print(f"{'card':9} {'before':>15} {'after':>15}")
        for card in sorted(set(before) | set(after)):
            old = f"{before[card]} = {pct(before[card])}" if card in before else "(not in hand)"
            new = f"{after[card]} = {pct(after[card])}" if card in after else "(not in hand)"
            print(f"{card_name(card):9} {old:>15} {new:>15}")
        """, check=True),
        md("""
        With the green 9 the table would hold at least three greens, so green is certainly the most common
        colour, and no green card beats a 9: Best of the Best becomes **certain** (probability 1). The other cards'
        chances did not change: for them, an unseen green 5 does exactly what an unseen green 9 did (it adds one
        green card if it comes).

        Does a certain Best of the Best win the game? Not always: the others still play their last cards.
        """),
        code("""
        values_after = evaluate_actions(changed_state, 0, playouts=PLAYOUTS, seed=SEED)
        for v in values_after:
            print(f"{str(v.action):20} win rate {v.win_rate:.3f}   95% interval {v.low:.3f} to {v.high:.3f}")
        """, check=True),
        code("""
        # NBVAL_IGNORE_OUTPUT
        win_rate_chart(values_after, f"Win rate of each move with the green 9 in hand ({PLAYOUTS} playouts each)")
        """),
        md("""
        The green 9 wins only about half of the playouts, although its Best of the Best is certain. The next
        section shows one reason.
        """),
        md("""
        ## 4. Play on, undo, and try another future

        A `Match` keeps the list of moves played from a starting position, so it can **undo** moves and **branch**
        (make a copy to try something else). We start it from the changed position and play the green 9. Then
        bots finish the game (the deck draws use the seeded generator).
        """),
        code("""
        def move(kind, arg):
            \"\"\"An action from its JSON form, e.g. move("play_number", "G9").\"\"\"
            field = "card" if kind.endswith("number") else "rule"
            return game.action_from_json({"kind": kind, field: arg})

        def finish(match, seed):
            \"\"\"Bots (and seeded deck draws) play the match to the end; print what happens.\"\"\"
            rng, bot = random.Random(seed), HeuristicBot()
            start = len(match.state.events)
            while not match.state.is_terminal():
                if match.state.current_player == rl.CHANCE:
                    match.play_chance(rng)
                else:
                    match.apply(bot.choose(match.state, rng))
            show_events(match.state.events[start:])
        """),
        code("""
        match = rl.Match(game, start=changed_state)
        match.apply(move("play_number", "G9"))
        finish(match, SEED)
        print("Moves in this match:", len(match.actions))
        print("Kept cards of Player 1:", match.state.to_json()["kept"][0])
        print("Kept cards of Player 4:", match.state.to_json()["kept"][3])
        """, check=True),
        md("""
        Player 1 reached 8 points, but so did Player 4, whose third Limit 23 brought 1 + 2 points. On a tie the
        player with more Support Right cards wins: Player 4 kept two, Player 1 only one.
        """),
        md("""
        **Undo** steps back one move at a time; `goto(0)` jumps back to the loaded position.
        """),
        code("""
        match.undo()
        print("After one undo, move", match.cursor, "of", len(match.actions), "- to move:",
              f"Player {match.state.current_player + 1}")
        match.goto(0)
        print("Back at the start:", match.state == changed_state)
        """),
        md("""
        Now a **branch**: a copy of the match from here, where Player 1 plays the yellow 9 instead. The original
        match keeps its moves (you could `redo` them).
        """),
        code("""
        other = match.branch()
        other.apply(move("play_number", "Y9"))
        finish(other, SEED)
        print("The original match still has", len(match.actions), "moves")
        """, check=True),
        md("""
        Two futures from the same position. One game each proves little (the other players' cards decide a lot),
        which is exactly why `evaluate_actions` plays hundreds of them.

        ## 5. Open the position in the dashboard

        The dashboard can load the same position (you can also use its *Save / load* tab with a file). You are
        Player 1; the bots play the other seats. Play a card and read the log.
        """),
        code("""
        # NBVAL_IGNORE_OUTPUT
        from ratgames_lab.widgets.master_of_rules import MasterOfRulesDashboard

        dashboard = MasterOfRulesDashboard(players=4, seed=SEED, seats=["human", "heuristic", "heuristic", "heuristic"])
        dashboard.load_position(changed)
        dashboard.show()
        """),
        md("""
        ## Exercise

        **Exercise.** Start again from the original position (`data`) and swap the **purple 8** in Player 1's
        hand with the **blue 9** from the deck. Check the edited position with `game.state_from_json`. What is the
        exact chance of Best of the Best with the blue 9? Why is it not certain, like the green 9?
        """),
        code("""
        swap = copy.deepcopy(data)
        swap["hands"][0]["numbers"] = ["B6", "B9", "G5", "Y9"]
        swap["decks"]["numbers"] = ["G9", "P8"]
        swap_state = game.state_from_json(swap)
        for play in play_odds(swap_state, 0):
            print(card_name(play.card), play.probability, pct(play.probability))
        """, solution=True),
        md("""
        **Answer.** 19/78, about 24.4%. The blue 9 is the highest blue card, but blue must also be (one of) the
        most common colours, and two greens are already on the table. So at least one of the two cards to come
        must be blue, and neither may be green: only 19 of the 78 possible pairs do that.
        """, solution=True),
    ]


NOTEBOOK_BUILDERS = {
    "00_start_here.ipynb": nb_start_here,
    "10_master_of_rules_rules.ipynb": nb_rules,
    "11_master_of_rules_probability.ipynb": nb_probability,
    "12_master_of_rules_what_if.ipynb": nb_what_if,
}


def build_notebooks() -> dict[str, nbformat.NotebookNode]:
    """Every lesson notebook (outputs empty), by file name."""
    return notebook_kit.build_notebooks(NOTEBOOK_BUILDERS)


def main(argv: list[str] | None = None) -> int:
    """Write the positions and the notebooks; with --execute, run each notebook once."""
    return notebook_kit.main(__doc__.splitlines()[0], build_positions, build_notebooks, argv)


if __name__ == "__main__":
    raise SystemExit(main())
