"""Generate the Rattus teaching notebooks (notebooks/2*.ipynb) and the positions they load.

    python3 tools/make_rattus_notebooks.py            # write notebooks/positions/rattus_*.json and the notebooks
    python3 tools/make_rattus_notebooks.py --execute  # ... then run each notebook once so a student sees the outputs

Same conventions as tools/make_notebooks.py (Master of Rules):
- every notebook starts with ``SEED = ...`` and passes it to every random choice (same outputs every run);
- cells that display a widget or a bqplot chart start with ``# NBVAL_IGNORE_OUTPUT``; cells whose printed output
  must not change start with ``# NBVAL_CHECK_OUTPUT`` (nbval compares them with the saved output);
- exercise answers are in cells tagged ``solution`` (``ratgames student-copy`` blanks them), and no later cell
  uses a name that only a solution cell defines;
- the positions in notebooks/positions/rattus_*.json are written here from a short description (cubes, tokens,
  cards) and checked by the engine's validator (``state_from_json``) before they are saved.

The board adjacency, the drawing positions and the 49 rat tokens are the project's reconstruction
(ratgames_lab/rattus/data/board.json and tokens.json); the notebooks say so wherever they use them.
"""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat

sys.path.insert(0, str(Path(__file__).resolve().parent))
import notebook_kit  # noqa: E402
from notebook_kit import ROOT, code, md  # noqa: E402
from notebook_kit import dumps_position  # noqa: E402,F401  (the notebook tests compare positions with it)

CARDS = ("king", "monk", "knight", "peasant", "merchant", "witch")


# ------------------------------------------------------------------------------------------------
# Positions (notebooks/positions/rattus_*.json)
# ------------------------------------------------------------------------------------------------
def position(players: int, regions: dict, plague: str, active: int, classes: dict, revealed: list,
             description: str, turn: int, took: bool = False, placed: bool = False, used: tuple = (),
             castle: list | None = None) -> dict:
    """A position file {"description", "players", "options", "position"} at the start of ``active``'s turn.

    ``regions`` maps a region to (face-down token ids, cubes per player); regions not listed are empty.
    Every token that is neither on the board nor in ``revealed`` is in the supply. The result is checked by
    the engine (``state_from_json``), so a wrong count raises InvalidPositionError naming the field.
    """
    import ratgames_lab as rl
    from ratgames_lab.rattus import DEFAULT_TOKENS

    game = rl.load_game("rattus", players=players, seed=0)
    data = game.new_state().to_json()
    on_board: set[str] = set()
    for name in data["regions"]:
        rats, cubes = regions.get(name, ([], [0] * players))
        data["regions"][name] = {"rats": list(rats), "cubes": list(cubes)}
        on_board |= set(rats)
    unknown = set(regions) - set(data["regions"])
    if unknown:
        raise ValueError(f"not regions in play with {players} players: {sorted(unknown)}")
    gone = on_board | set(revealed)
    data.update(step="main", active=active, turn=turn, setup_index=2 * players, plague=plague,
                castle=list(castle or [0] * players), supply=[t for t in DEFAULT_TOKENS.ids if t not in gone],
                removed=[], revealed=list(revealed), classes={c: classes.get(c) for c in CARDS}, used=list(used),
                took_class=took, placed=placed, events=[])
    game.state_from_json(data)  # the engine's validator: raises InvalidPositionError naming a bad field
    return {"description": description, "players": players, "options": {}, "position": data}


# Tokens already revealed in the mid-game positions (public: everybody saw them).
REVEALED_MIDGAME = ["R01", "R02", "R13", "R16", "R18", "R21", "R22", "R27", "R29", "R38", "R41", "R46"]


def position_odds() -> dict:
    """4 players, turn 9, Red to play: Germania holds 3 tokens and 6 cubes, Hungaria 2 tokens and 3 cubes."""
    regions = {
        "Anglia": (["R09"], [0, 0, 0, 0]),
        "Scandia": (["R12"], [1, 0, 0, 2]),
        "Gallia": (["R03", "R30"], [3, 0, 1, 0]),
        "Hispania": (["R10", "R35"], [0, 0, 0, 2]),
        "Germania": (["R07", "R32", "R44"], [2, 3, 1, 0]),
        "Italia": (["R08"], [0, 2, 0, 1]),
        "Polonia": (["R05"], [1, 1, 0, 0]),
        "Hungaria": (["R11", "R24"], [0, 1, 1, 1]),
        "Bulgaria": (["R06"], [0, 0, 0, 0]),
        "Turcia": (["R04", "R19", "R40"], [0, 0, 1, 1]),
        "Russia": ([], [0, 0, 2, 0]),
        "Tartaria": (["R17"], [0, 0, 0, 0]),
    }
    return position(4, regions, "Polonia", 0, {"king": 1, "merchant": 1, "monk": 2, "knight": 3, "witch": 3},
                    REVEALED_MIDGAME, turn=9,
                    description="Mid-game, 4 players, Red to play (turn 9). The plague is in Polonia. Germania holds "
                                "3 face-down tokens and 6 cubes (Red 2, Yellow 3, Green 1); Hungaria 2 tokens and "
                                "3 cubes. Yellow holds the King and the Merchant, Green the Monk, Blue the Knight "
                                "and the Witch; Red holds no card and the Peasant is on the table. 12 tokens have "
                                "been revealed so far.")


def position_what_if() -> dict:
    """4 players, turn 9: Red has taken the Peasant and placed cubes; only the plague move is left."""
    regions = {
        "Anglia": (["R09"], [0, 0, 0, 0]),
        "Scandia": (["R12"], [1, 0, 0, 2]),
        "Gallia": (["R03", "R30"], [3, 1, 0, 0]),
        "Hispania": (["R10"], [2, 0, 0, 0]),
        "Germania": (["R07", "R32", "R44"], [0, 0, 2, 1]),
        "Italia": (["R08"], [0, 0, 0, 0]),
        "Polonia": (["R05"], [0, 2, 1, 0]),
        "Hungaria": (["R11"], [1, 3, 0, 0]),
        "Bulgaria": (["R06"], [0, 0, 1, 1]),
        "Turcia": (["R04", "R19"], [0, 0, 2, 3]),
        "Russia": (["R35"], [0, 1, 1, 0]),
        "Tartaria": (["R17"], [0, 0, 0, 1]),
    }
    return position(4, regions, "Italia", 0, {"peasant": 0, "king": 1, "witch": 1, "knight": 2, "merchant": 2,
                                              "monk": 3},
                    REVEALED_MIDGAME, turn=9, took=True, placed=True, used=("peasant",),
                    description="Mid-game, 4 players, turn 9. Red has taken the Peasant and used it to place "
                                "cubes; only the plague move is left. The plague is in Italia; its neighbours are "
                                "Gallia, Hispania, Germania, Hungaria and, across the sea, Turcia (Green 2 and "
                                "Blue 3 cubes, 2 tokens). 12 tokens have been revealed so far.")


def position_last_turn() -> dict:
    """4 players: one token left in the supply; Red's turn will end the game, then the final round."""
    regions = {
        "Anglia": (["R31"], [0, 2, 0, 0]),
        "Scandia": (["R12", "R15"], [0, 0, 1, 3]),
        "Gallia": (["R03"], [3, 0, 0, 1]),
        "Hispania": ([], [2, 0, 0, 0]),
        "Germania": (["R07", "R44"], [2, 1, 2, 0]),
        "Italia": (["R08"], [0, 2, 0, 2]),
        "Polonia": (["R05", "R33"], [0, 2, 2, 0]),
        "Hungaria": (["R11"], [0, 0, 0, 0]),
        "Bulgaria": (["R06"], [0, 1, 0, 0]),
        "Turcia": (["R40"], [1, 0, 2, 0]),
        "Russia": ([], [0, 0, 0, 2]),
        "Tartaria": (["R17"], [0, 0, 1, 0]),
    }
    on_board = {t for rats, _ in regions.values() for t in rats}
    supply = "R45"
    from ratgames_lab.rattus import DEFAULT_TOKENS
    revealed = [t for t in DEFAULT_TOKENS.ids if t not in on_board and t != supply]
    return position(4, regions, "Hungaria", 0, {"merchant": 0, "peasant": 1, "witch": 1, "knight": 2, "monk": 2,
                                                "king": 3},
                    revealed, turn=23, castle=[3, 4, 2, 1],
                    description="End of a 4-player game: one rat token is left in the supply and Red is to play. "
                                "The plague is in Hungaria. Red holds the Merchant, Yellow the Peasant and the "
                                "Witch, Green the Knight and the Monk, Blue the King.")


POSITION_BUILDERS = {
    "rattus_odds": position_odds,
    "rattus_what_if": position_what_if,
    "rattus_last_turn": position_last_turn,
}


def build_positions() -> dict[str, dict]:
    """Every lesson position, by file name (without .json)."""
    return {name: build() for name, build in POSITION_BUILDERS.items()}




RECONSTRUCTION_NOTE = """
> **About the data.** The rulebook prints no picture of the map and no list of the rat tokens. The map's
> neighbours, the drawing positions and the 49 tokens used here are the **project's reconstruction**, shipped as
> editable files: `ratgames_lab/rattus/data/board.json` and `ratgames_lab/rattus/data/tokens.json`. A teacher
> who owns the game can load the printed ones instead:
> `rl.load_game("rattus", players=4, board="my_board.json", tokens="my_tokens.json")`
> (see [part 1](20_rattus_rules.ipynb), section 1).
"""


SEGMENTS_CODE = '''
def segments(graph, kind):
    """x and y lists for drawing the edges of one kind: each segment, then a gap (nan: "not a number")."""
    xs, ys = [], []
    for a, b, k in graph.edges(data="kind"):
        if k == kind:
            xs += [graph.nodes[a]["x"], graph.nodes[b]["x"], graph.nodes[b]["x"]]
            ys += [graph.nodes[a]["y"], graph.nodes[b]["y"], float("nan")]
    return xs, ys
'''

MAP_CODE = '''
def draw_map(graph, title):
    """Regions at their drawing positions (colour: from how many players on), land borders solid, arrows dashed."""
    sc = {"x": bq.LinearScale(min=0, max=12), "y": bq.LinearScale(min=0, max=12)}
    marks = []
    for kind, label, style, colour in [("land", "land border", "solid", "#8c6d31"),
                                       ("arrow", "sea arrow (also neighbours)", "dashed", "#3b8bc2")]:
        xs, ys = segments(graph, kind)
        marks.append(bq.Lines(x=xs, y=ys, scales=sc, colors=[colour], line_style=style, stroke_width=3,
                              labels=[label], display_legend=True))
    for tier, colour in {2: "#2f6fd6", 3: "#f0b429", 4: "#d64545"}.items():
        names = [n for n in graph if graph.nodes[n]["tier"] == tier]
        if names:
            marks.append(bq.Scatter(x=[graph.nodes[n]["x"] for n in names], y=[graph.nodes[n]["y"] for n in names],
                                    scales=sc, colors=[colour], stroke="black", default_size=250,
                                    labels=[f"region used from {tier} players on"], display_legend=True))
    marks.append(bq.Label(x=[graph.nodes[n]["x"] for n in graph], y=[graph.nodes[n]["y"] for n in graph],
                          text=list(graph), scales=sc, y_offset=-16, align="middle", default_size=13,
                          font_weight="bold", colors=["black"]))
    axes = [bq.Axis(scale=sc["x"], label="west to east (map units)"),
            bq.Axis(scale=sc["y"], orientation="vertical", label="south to north (map units)")]
    return bq.Figure(marks=marks, axes=axes, title=title, legend_location="top-right",
                     layout={"width": "760px", "height": "560px"})
'''


# ------------------------------------------------------------------------------------------------
# 20_rattus_rules.ipynb
# ------------------------------------------------------------------------------------------------
def nb_rules() -> list:
    """The rules of Rattus, played with the engine: components, map, setup, a turn, the rulebook's examples."""
    return [
        md("""
        # Rattus, part 1: the rules

        **Rattus** (Åse & Henrik Berg, White Goblin Games, 2010) takes place in 1347, when the Black Death reaches
        Europe. Each player has 20 wooden **cubes**, their population. You place cubes in the regions of a map of
        Europe; the **plague** moves from region to region and wipes cubes out. At the end, whoever has the most
        cubes left wins.

        In this notebook the computer is the referee. We never just *say* how a rule works: we play it with the
        rules engine and read its explanation. You will learn:

        1. which data is reconstructed, and how to load your own;
        2. the components, counted from the game's data files;
        3. the map, as a **graph** (regions and who borders whom);
        4. the setup, step by step;
        5. a turn, step by step: take a class card, place cubes, move the plague (spread, then ravage);
        6. the rulebook's placing example (Gallia, Germania, Italia);
        7. the rulebook's plague example in Gallia, reproduced exactly;
        8. the rulebook's Knight example;
        9. the six class powers, each once;
        10. the end of the game: the final round, the final plague and the winner.

        Run each cell with **Shift+Enter**, from top to bottom. The rulebook is French; the English names used here
        (and in the rest of ratgames_lab) are listed in `docs/rattus.md`, for example *jeton rat* = rat token,
        *valeur limite* = threshold, *région infectée* = infected region.

        Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
        them.
        """),
        code("""
        SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

        import json
        import random
        from collections import Counter
        from pathlib import Path

        import bqplot as bq
        import networkx as nx

        import ratgames_lab as rl
        from ratgames_lab.rattus import DEFAULT_BOARD, DEFAULT_TOKENS, board_for_players, load_position
        from ratgames_lab.rattus.actions import (EndTurn, KingToCastle, KnightNeutral, MerchantMove, MonkMove,
                                                 MovePlague, PeasantCube, Place, Reveal, SetupPlace, Spread,
                                                 TakeClass, WitchPeek, WitchSwap)
        from ratgames_lab.rattus.components import CLASS_FRENCH, CLASS_NAMES, CLASSES, COLOURS, CUBES_PER_PLAYER

        def show_events(events):
            \"\"\"Print each event as [rulebook section] explanation.\"\"\"
            for e in events:
                print(f"[{e.rule}] {e.text()}")
        """),
        md("""
        ## 1. Reconstructed data: read this first

        The French rulebook explains every rule, but it prints **no picture of the map** and **no list of the 49
        rat tokens**. So three things in ratgames_lab are the project's own **reconstruction**, not the publisher's
        data:

        * the **map**: which regions are neighbours, and which pairs are joined by a sea arrow;
        * the **drawing positions** of the regions (only used to draw the map);
        * the **49 rat tokens**: the threshold and the symbols printed on each one.

        Everything else (the region names, the numbers of cubes, tokens and cards, every rule) comes from the
        rulebook. The reconstruction fits the rulebook's examples: Gallia borders Hispania, and a Knight can move
        the plague from Italia to Scandia in two steps. The data are plain JSON files that ship with the package;
        each one says what it is:
        """),
        code("""
        DATA = Path(rl.__file__).parent / "rattus" / "data"
        for name in ("board.json", "tokens.json"):
            info = json.loads((DATA / name).read_text())
            print(f"ratgames_lab/rattus/data/{name}: {info['title']}")
            print(f"    {info['note']}")
        """, check=True),
        md("""
        **For teachers who own the game.** Write the printed map and tokens in files with the same fields (or
        edit copies of these two) and pass them when you create a game. A path or a Python `dict` both work:

        ```python
        game = rl.load_game("rattus", players=4, board="my_board.json", tokens="my_tokens.json")
        ```

        Every notebook and dashboard then uses your data. The files are checked when they are loaded: a mistake is
        refused with the name of the faulty field. Here we copy the shipped map into a `dict`, make a typo in one
        border, and try to load it:
        """),
        code("""
        my_board = DEFAULT_BOARD.to_json()     # a copy of board.json as a Python dict
        print("First border in the file:", my_board["edges"][0])
        my_board["edges"][0]["b"] = "Galia"    # a typo
        try:
            rl.load_game("rattus", players=4, board=my_board)
        except rl.InvalidPositionError as error:
            print("Refused:", error)
            print("Field:", error.field)
        """, check=True),
        md("""
        ## 2. The components

        The counts below are read from the data files, not typed in by hand.
        """),
        code("""
        print(len(DEFAULT_BOARD.graph), "regions:", ", ".join(DEFAULT_BOARD.order))
        print(f"{len(COLOURS)} colours of cubes ({', '.join(COLOURS)}), {CUBES_PER_PLAYER} cubes each:",
              len(COLOURS) * CUBES_PER_PLAYER, "cubes")
        print(len(DEFAULT_TOKENS), "rat tokens, of which", len(DEFAULT_TOKENS.setup_tokens),
              "are setup tokens (circled in purple)")
        print(len(CLASSES), "class cards and 1 plague piece")
        """, check=True),
        md("""
        Each **class card** is a character of the Middle Ages. The rulebook names a card (*Roi*) and its social class
        (*Noblesse*); we use the English name of the card.
        """),
        code("""
        print(f"{'card':9} {'French card':12} French class")
        for card in CLASSES:
            french_card, french_class = CLASS_FRENCH[card]
            print(f"{CLASS_NAMES[card]:9} {french_card:12} {french_class}")
        """, check=True),
        md("""
        A **rat token** lies face down (you only see a rat). Its face shows a **threshold** and one or more
        **symbols**:

        * the **threshold** is the smallest number of cubes (all colours together) that the token can harm: with
          fewer cubes in the region, the token does nothing;
        * **M** (*Majorité*, majority): the player with the most cubes there loses one (all tied players do);
        * a **class symbol**: whoever holds that class card loses one cube there;
        * **A** (*Tous*, all): every player with a cube there loses one.

        Here are the 12 setup tokens, then the counts over all 49 (reconstruction):
        """),
        code("""
        for t in DEFAULT_TOKENS.setup_tokens:
            print(DEFAULT_TOKENS.describe(t))
        """, check=True),
        code("""
        thresholds = Counter(DEFAULT_TOKENS.threshold)
        print("Tokens per threshold:", ", ".join(f"{k}: {thresholds[k]}" for k in sorted(thresholds)))
        symbols = Counter(s for token_symbols in DEFAULT_TOKENS.symbols for s in token_symbols)
        for symbol in ["M", "A"] + CLASSES:
            print(f"  symbol {CLASS_NAMES.get(symbol, symbol):8} on {symbols[symbol]:2} tokens")
        """, check=True),
        md("""
        ## 3. The map is a graph

        For the rules, only one thing about the map matters: **which regions are neighbours**. The plague moves to a
        neighbour, new rats go to neighbours, the Merchant and the Monk move things to a neighbour. A set of points
        (the regions) joined by links (the neighbour pairs) is what mathematicians call a **graph**. ratgames_lab
        keeps the map as a graph of the [NetworkX](https://networkx.org) library.

        Each region (a *node*) has attributes: `tier`, the smallest number of players that uses it, and `x`, `y`,
        where to draw it. Each link (an *edge*) has a `kind`: a **land** border, or a sea **arrow** (the rulebook:
        "two regions joined by an arrow count as neighbours").
        """),
        code("""
        graph = DEFAULT_BOARD.graph
        print(f"{'region':9} {'used from':10} {'drawn at':11} neighbours")
        for name, attrs in graph.nodes(data=True):
            neighbours = ", ".join(sorted(graph[name]))
            print(f"{name:9} {attrs['tier']} players  ({attrs['x']:4}, {attrs['y']:3})  {neighbours}")
        """, check=True),
        code("""
        kinds = Counter(kind for a, b, kind in graph.edges(data="kind"))
        print("Neighbour pairs:", graph.number_of_edges(), "=", kinds["land"], "land borders +", kinds["arrow"], "sea arrows")
        print("Sea arrows:", ", ".join(f"{a}–{b}" for a, b, kind in graph.edges(data="kind") if kind == "arrow"))
        """, check=True),
        md("""
        Let us draw the graph with **bqplot**, a charting library for notebooks. Two helper functions do it; you
        do not need to understand every line. `segments` turns the edges of one kind into lists of coordinates,
        and `draw_map` draws the regions as dots at their positions, the land borders as solid lines and the sea
        arrows as dashed lines, with a legend. (The drawing is a sketch for this project, not the printed board;
        `board.json` also gives a position to the Castle, which the dashboards use.)
        """),
        code(SEGMENTS_CODE),
        code(MAP_CODE),
        code("""
        # NBVAL_IGNORE_OUTPUT
        draw_map(graph, "The Rattus map as a graph (project reconstruction): all 12 regions")
        """),
        md("""
        ### Fewer players, smaller map

        With 2 players only 8 regions are used, with 3 players 10, with 4 players all 12. A game uses the
        **subgraph** of its regions: the regions in play and every link between two of them.
        `board_for_players(n)` builds it.
        """),
        code("""
        for players in (2, 3, 4):
            g = board_for_players(players)
            kinds = Counter(kind for a, b, kind in g.edges(data="kind"))
            print(f"{players} players: {g.number_of_nodes():2} regions, {g.number_of_edges():2} neighbour pairs "
                  f"({kinds['land']} land + {kinds['arrow']} sea), connected: {nx.is_connected(g)}")
        """, check=True),
        code("""
        # NBVAL_IGNORE_OUTPUT
        draw_map(board_for_players(2), "The map for 2 players (project reconstruction): 8 regions")
        """),
        md("""
        A graph library answers questions about the map for us. How many neighbours does each region have, and how
        many moves does the plague need from Italia to Scandia?
        """),
        code("""
        by_degree = sorted(graph.degree, key=lambda pair: (-pair[1], pair[0]))
        print("Neighbours per region:", ", ".join(f"{name} {d}" for name, d in by_degree))
        print("Plague moves from Italia to Scandia:", nx.shortest_path_length(graph, "Italia", "Scandia"),
              "for example", " → ".join(nx.shortest_path(graph, "Italia", "Scandia")))
        """, check=True),
        md("""
        ## 4. Setting up a game

        `rl.load_game` creates a game for a number of players with a seed; `new_state()` does the setup as the
        rulebook says. Every change of the game is recorded in `state.events`; each event knows the rulebook
        section that caused it (`e.rule`) and explains itself in English (`e.text()`). `show_events` prints the
        pair `(e.rule, e.text())` of each event. We play with **3 players**: Red, Yellow and Green.
        """),
        code("""
        game = rl.load_game("rattus", players=3, seed=SEED)
        state = game.new_state()
        show_events(state.events)
        """, check=True),
        md("""
        Let us check the count: every one of the 49 tokens must be somewhere. (`state.to_json()` is the whole
        position as plain data; it also lets *us* peek at face-down tokens, which a player cannot do.)
        """),
        code("""
        position = state.to_json()
        on_board = sum(len(region["rats"]) for region in position["regions"].values())
        print(f"{on_board} on the board + {len(position['supply'])} in the supply + "
              f"{len(position['removed'])} removed = {on_board + len(position['supply']) + len(position['removed'])} tokens")
        """, check=True),
        md("""
        With 3 players the 10 regions of the 3-player map get one setup token each; the 2 unused setup tokens join
        the others; then **6** tokens are removed from the game, face down, unseen (12 with 2 players, none with
        4). The plague piece goes to a random region: here Gallia.

        Then each player places **2 cubes** in one region, in this order:
        """),
        code("""
        order = game.components.setup_order
        print(" → ".join(COLOURS[seat] for seat in order))
        print("To place now:", COLOURS[state.current_player])
        print("Choices:", [a.region for a in state.legal_actions()])
        """, check=True),
        md("""
        First clockwise from the youngest player (seat 0, Red), then back in reverse order, so the last player
        places twice in a row. We choose the regions ourselves:
        """),
        code("""
        for region in ["Germania", "Italia", "Italia", "Hungaria", "Italia", "Germania"]:
            state.apply(SetupPlace(region))
        show_events(state.events[4:])
        print()
        print(state.describe())
        """, check=True),
        md("""
        In `describe()`, each `●` is a face-down rat token. Setup is over and Red plays the first turn.

        ## 5. A turn, step by step

        On your turn you may, in any order:

        1. **take a class card** (optional): one nobody holds, or one from another player;
        2. **place cubes** (optional): in one region, as many cubes as it has rat tokens;

        and then you **must**

        3. **move the plague** to a neighbouring region. The plague first **spreads** (new rat tokens go to the
           neighbours), then **ravages** the region (its tokens are revealed one by one).

        The engine lists only legal actions. Red has 20 of them:
        """),
        code("""
        actions = state.legal_actions()
        print(len(actions), "legal actions:", dict(Counter(a.kind for a in actions)))
        print([str(a) for a in actions if a.kind == "move_plague"])
        """, check=True),
        md("""
        **Step 1.** Red takes the Merchant card. Class cards stay face up in front of their holder.
        """),
        code("""
        state.apply(TakeClass("merchant"))
        show_events(state.events[-1:])
        """, check=True),
        md("""
        **Step 2.** Every region holds one rat token, so Red may place 1 cube in any of them. Red adds one to
        Germania:
        """),
        code("""
        state.apply(Place("Germania", peasant=False))
        show_events(state.events[-1:])
        """, check=True),
        md("""
        **Step 3.** Red moves the plague from Gallia to Italia, where Yellow has 4 cubes and Green 2. Italia is now
        the **infected region**.

        *Spread*: the infected region holds 1 rat token, so **1** new token goes to a neighbour (with 2 or 3 tokens,
        2 new ones would go out). Red chooses the neighbour:
        """),
        code("""
        state.apply(MovePlague(to="Italia", via=None))
        show_events(state.events[-2:])
        print("Red chooses where the new token goes:", [a.region for a in state.legal_actions()])
        """, check=True),
        md("""
        Red sends it to Hungaria (Green's cubes are there). The new token comes face down from the supply: nobody
        chooses it, it is **chance**. The engine says so: the player to move is `rl.CHANCE`, and
        `chance_outcomes()` lists every possible token with its exact probability.
        """),
        code("""
        state.apply(Spread("Hungaria"))
        outcomes = state.chance_outcomes()
        print("Player to move:", state.current_player, "= rl.CHANCE:", state.current_player == rl.CHANCE)
        print(len(outcomes), "possible tokens, each with probability", outcomes[0][1],
              "- total", sum(p for _, p in outcomes))
        """, check=True),
        md("""
        We draw one with a seeded random generator (so this notebook always draws the same one):
        """),
        code("""
        rng = random.Random(SEED)
        before = len(state.events)
        state.apply(state.sample_chance(rng))
        show_events(state.events[before:])
        """, check=True),
        md("""
        Read the log from the top:

        * the new token went to Hungaria;
        * *Ravage*: Italia holds a cube and a face-down token, so its tokens are revealed one by one. Here there is
          only one (the engine reveals it by itself: a choice with one option is made automatically);
        * its threshold is 3 and Italia holds 6 cubes: **contamination**;
        * **M** first: Yellow has the most cubes in Italia and loses one; then the **Peasant** symbol: nobody holds
          the Peasant, so nothing happens;
        * the ravage stops: no rat token is left in Italia. Revealed tokens leave the game.

        **The reveal loop.** In general the ravage repeats: *while the infected region holds at least one cube and
        at least one face-down token, the active player picks a token and reveals it*. Section 7 shows a loop with
        three tokens. The board now:
        """),
        code("""
        print(state.describe())
        """, check=True),
        md("""
        ## 6. Placing cubes: the rulebook's example

        > There are 3 rat tokens in Gallia, 1 in Germania and none in Italia. Red may place 3 cubes in Gallia or 1
        > in Germania, but none in Italia.

        The rulebook's examples ship with ratgames_lab as position files (`ratgames_lab/rattus/positions/`).
        `load_position` reads one and returns its game and state.
        """),
        code("""
        game6, state6 = load_position("placement")
        print(state6.describe())
        print("Red may place cubes in:", [a.region for a in state6.legal_actions() if a.kind == "place"])
        """, check=True),
        md("""
        Italia is not in the list. If we try anyway, the engine refuses, names the rule, and the position does not
        change:
        """),
        code("""
        before = state6.to_json()
        try:
            state6.apply(Place("Italia", peasant=False))
        except rl.IllegalActionError as error:
            print("Refused:", error)
            print("Rule:", error.rule)
        print("Position unchanged:", state6.to_json() == before)
        """, check=True),
        md("""
        In the rulebook Red places in Germania. `clone()` makes a copy of the state, so we can also try Gallia
        without changing the original:
        """),
        code("""
        other = state6.clone()
        other.apply(Place("Gallia", peasant=False))
        show_events(other.events[-1:])
        state6.apply(Place("Germania", peasant=False))
        show_events(state6.events[-1:])
        """, check=True),
        md("""
        ## 7. The plague in Gallia: the rulebook's example

        > Yellow holds the Knight, Green the Peasant and the Merchant, Blue the Monk, the Witch and the King. Red
        > moves the plague to Gallia, which holds 3 rat tokens, 2 green cubes and 1 yellow cube.

        The rulebook shows the three tokens that are revealed. They are not among our 49 reconstructed tokens, so
        the position file adds them, as `EX1`, `EX2` and `EX3`, with the `tokens=` option (a custom token set):
        """),
        code("""
        game7, state7 = load_position("gallia_plague")
        print(len(game7.tokens), "tokens in this game's set; the three added ones:")
        for token_id in ("EX1", "EX2", "EX3"):
            print(" ", game7.tokens.describe(game7.tokens.index[token_id]))
        print()
        print(state7.describe())
        """, check=True),
        md("""
        Red moves the plague to Gallia. Gallia holds 3 tokens, so 2 new tokens spread; Red puts both in Hispania
        (the rulebook does not say which tokens come out of the supply, so we draw them with the seeded generator).
        """),
        code("""
        rng = random.Random(SEED)
        before = len(state7.events)
        state7.apply(MovePlague(to="Gallia", via=None))
        for _ in range(2):
            state7.apply(Spread("Hispania"))
            state7.apply(state7.sample_chance(rng))
        show_events(state7.events[before:])
        """, check=True),
        md("""
        Now the reveal loop. Gallia holds 3 face-down tokens, so Red chooses which one to reveal first:
        """),
        code("""
        print("Red may:", [str(a) for a in state7.legal_actions()])
        """, check=True),
        md("""
        Red reveals token #1 (the first that arrived in Gallia), then again the first of those left:
        """),
        code("""
        before = len(state7.events)
        state7.apply(Reveal(0))
        show_events(state7.events[before:])
        """, check=True),
        md("""
        Threshold 1, and Gallia holds 3 cubes: contamination. Green holds the Merchant and loses a cube; Blue holds
        the Monk but has no cube in Gallia. The region still holds 2 cubes and 2 tokens, so the loop goes on:
        """),
        code("""
        before = len(state7.events)
        state7.apply(Reveal(0))
        show_events(state7.events[before:])
        """, check=True),
        md("""
        Exactly as in the rulebook:

        * the second token (threshold 3) does nothing: only 2 cubes are left;
        * the third one (threshold 2) contaminates. **M** comes first: Green and Yellow tie with 1 cube each, so
          **both** lose their cube;
        * the Merchant (Green) and Monk (Blue) symbols find no cube left in Gallia;
        * the loop stops (no token left) and Yellow's turn begins. "Gallia is now completely devastated":
        """),
        code("""
        print(state7.describe())
        """, check=True),
        md("""
        ## 8. The Knight: the rulebook's example

        > If the plague is in Italia, the Knight's holder may move it to Scandia. If they declare that the plague
        > counts as 2 extra cubes and there are 2 cubes in Scandia, the plague contaminates if a token shows a
        > threshold of 3 or 4.

        The Knight moves the plague **two** regions instead of one (the effects only happen at the end, and it may
        not end where it started). Scandia is not a neighbour of Italia, but it is two steps away:
        """),
        code("""
        game8, state8 = load_position("knight")
        moves = [a for a in state8.legal_actions() if a.kind == "move_plague"]
        print("Yellow holds the Knight. One step:", [a.to for a in moves if a.via is None])
        print("Two steps:", len([a for a in moves if a.via]), "moves, for example",
              [str(a) for a in moves if a.to == "Scandia"])
        """, check=True),
        code("""
        rng = random.Random(SEED)
        before = len(state8.events)
        state8.apply(MovePlague(to="Scandia", via="Germania"))
        while state8.step in ("spread", "draw"):   # Scandia holds 2 tokens: 2 new tokens spread
            if state8.current_player == rl.CHANCE:
                state8.apply(state8.sample_chance(rng))
            else:
                state8.apply(Spread("Russia"))
        show_events(state8.events[before:])
        print("Yellow must decide:", [str(a) for a in state8.legal_actions()])
        """, check=True),
        md("""
        Before any token is revealed, Yellow decides whether the plague counts as 2 extra **neutral** cubes. We try
        both on copies of the state:
        """),
        code("""
        for declare in (True, False):
            trial = state8.clone()
            before = len(trial.events)
            trial.apply(KnightNeutral(declare))
            if trial.step == "reveal":   # two tokens: Yellow chooses the first one
                trial.apply(Reveal(0))
            print(f"--- Knight declares the neutral cubes: {declare} ---")
            show_events(trial.events[before:])
        """, check=True),
        md("""
        With the 2 neutral cubes, Scandia counts 2 + 2 = 4 cubes, so the thresholds 4 and then 3 are reached
        (after the first loss, 1 + 2 = 3). Without them, 2 cubes are below both thresholds: nothing happens.

        ## 9. The six class powers

        Only the player whose turn it is uses powers, each card once per turn, and always before moving the plague
        (except the King). The powers of all the cards you hold add up. To see each power once, we take the
        placing example again and, for this lesson only, give **all six cards to Red**. A position is plain data, so
        we edit it and load it again (the engine checks the edited position):
        """),
        code("""
        game9, state9 = load_position("placement")
        data = state9.to_json()
        data["classes"] = {card: 0 for card in CLASSES}   # player 0 (Red) holds every card
        powers = game9.state_from_json(data)
        print(dict(Counter(a.kind for a in powers.legal_actions())))
        """, check=True),
        md("""
        Holding every card, Red has many more choices: 23 placements (the 11 regions with rats, plus the 12
        regions with the Peasant's extra cube), 44 Monk moves, 16 Merchant moves, 13 face-down tokens to look at
        with the Witch, and 17 plague moves (4 normal ones plus 13 with the Knight).

        **Peasant** (*Paysan*): place one extra cube when you place cubes. So Red may place 1 cube even in Italia,
        which has no rat token:
        """),
        code("""
        powers.apply(Place("Italia", peasant=True))
        show_events(powers.events[-1:])
        """, check=True),
        md("""
        **King** (*Roi*): at any time in your turn, move one of your cubes from a region **without rats** to the
        Castle, where it is safe until the end (Castle cubes count in the final score). Italia has no rats:
        """),
        code("""
        print("King's choices:", [a.region for a in powers.legal_actions() if a.kind == "king"])
        powers.apply(KingToCastle("Italia"))
        show_events(powers.events[-1:])
        try:
            powers.apply(KingToCastle("Italia"))
        except rl.IllegalActionError as error:
            print("A second time? Refused:", error)
        """, check=True),
        md("""
        **Merchant** (*Marchand*): move up to 3 of your cubes from one region to a neighbouring region. Red moves
        both cubes out of Gallia, which holds 3 rat tokens, to Hispania:
        """),
        code("""
        powers.apply(MerchantMove(source="Gallia", target="Hispania", count=2))
        show_events(powers.events[-1:])
        """, check=True),
        md("""
        **Monk** (*Moine*): move one rat token to a neighbouring region that holds fewer than 3. Tokens are face
        down, so we name them by region and arrival order (#1 is the first that arrived):
        """),
        code("""
        powers.apply(MonkMove(source="Gallia", slot=0, target="Italia"))
        show_events(powers.events[-1:])
        """, check=True),
        md("""
        **Witch** (*Sorcière*): look secretly at a face-down token, then at a second one anywhere, then swap them if
        you like. The tokens the Witch saw are private: they appear in Red's `observation`, not in Yellow's.
        """),
        code("""
        powers.apply(WitchPeek(region="Gallia", slot=0))
        powers.apply(WitchPeek(region="Germania", slot=0))
        powers.apply(WitchSwap(True))
        show_events(powers.events[-3:])
        print("Red knows:", [(p["region"], p["token"]["threshold"], p["token"]["symbols"])
                             for p in powers.observation(0)["peeks"]])
        print("Yellow knows:", powers.observation(1)["peeks"])
        """, check=True),
        md("""
        Red swapped the two tokens: the one first seen in Gallia now lies in Germania, and Red still knows where
        each of them is. Nobody else does.

        **Knight** (*Chevalier*): move the plague two regions, and count it as 2 neutral cubes (section 8). Red may
        still use it here, from Polonia:
        """),
        code("""
        knight_moves = [a for a in powers.legal_actions() if a.kind == "move_plague" and a.via]
        print(len(knight_moves), "two-step moves, for example:", [str(a) for a in knight_moves[:3]])
        print()
        print(powers.describe())
        """, check=True),
        md("""
        ## 10. The end of the game

        The game ends **at the end of the turn** in which the supply of rat tokens runs out, or in which a player
        places their last cube. Then comes a **final round**: counter-clockwise, starting with the player to the
        right of the one who just played, every other player may use their class powers once more. Nobody takes a
        card or places cubes, except that the **Peasant** may add one cube to any region and the **Knight** may
        move the plague two regions, where it counts as 2 neutral cubes until the end. Finally, the **final
        plague** reveals every face-down token on the board, and the player with the most cubes (board plus
        Castle) wins.

        This position, written for this notebook, has one token left in the supply:
        """),
        code("""
        game10, state10 = load_position(Path("positions/rattus_last_turn.json"))
        print(state10.describe())
        """, check=True),
        md("""
        Red moves the plague to Polonia (2 rat tokens, so 2 new tokens should spread). The first one empties the
        supply, which ends the game after this turn; the second cannot be placed. Red puts the token in Hungaria.
        """),
        code("""
        before = len(state10.events)
        state10.apply(MovePlague(to="Polonia", via=None))
        state10.apply(Spread("Hungaria"))
        outcomes = state10.chance_outcomes()
        print(len(outcomes), "token left in the supply, drawn with probability", outcomes[0][1])
        state10.apply(outcomes[0][0])
        state10.apply(Reveal(0))
        show_events(state10.events[before:])
        """, check=True),
        md("""
        Red played last, so the final round goes counter-clockwise from Red's right: Blue, Green, Yellow. Red does
        not play again.
        """),
        code("""
        print("Final round order:", [COLOURS[p] for p in state10.final_queue])
        print(COLOURS[state10.current_player], "may:", dict(Counter(a.kind for a in state10.legal_actions())))
        """, check=True),
        md("""
        * **Blue** (King) puts the cube from Russia in the Castle. Blue has no other card, so the engine moves on.
        * **Green** (Knight and Monk) moves the plague two regions, to Anglia, where Yellow has 2 cubes, then
          ends their turn without using the Monk.
        * **Yellow** (Peasant and Witch) adds a cube to Hispania, which has no rats, and ends the turn.

        Then the final plague runs by itself.
        """),
        code("""
        before = len(state10.events)
        for action in [KingToCastle("Russia"),                        # Blue
                       MovePlague(to="Anglia", via="Germania"), EndTurn(),   # Green
                       PeasantCube("Hispania"), EndTurn()]:           # Yellow
            state10.apply(action)
        show_events(state10.events[before:])
        """, check=True),
        md("""
        Look at Anglia: 2 cubes plus the Knight's 2 neutral cubes reach the threshold 3, so the Peasant symbol
        costs Yellow a cube. Regions without cubes reveal their tokens too (no effect).

        **The winner.** Red and Yellow tie with 9 cubes. A tie goes to the tied player who would have played
        **first** had the game gone on. Red played the last turn, so next would have come Yellow, Green, Blue,
        then Red: Yellow wins.
        """),
        code("""
        print("Scores (board + Castle):", dict(zip(COLOURS, state10.scores())))
        print("Game over:", state10.is_terminal(), " Winner:", COLOURS[state10.winner()],
              " Returns:", state10.returns())
        """, check=True),
        md("""
        ## Try it yourself

        **Exercise 1.** With 2 players, where can the plague go from Hispania in one move? And with the Knight, in
        two moves (it may not end in Hispania)? Answer with the graph `board_for_players(2)`.
        """),
        code("""
        g2 = board_for_players(2)
        one_step = sorted(g2["Hispania"])
        two_steps = sorted({far for near in g2["Hispania"] for far in g2[near]} - {"Hispania"})
        print("One move:", one_step)
        print("Knight, two moves:", two_steps)
        """, solution=True),
        md("""
        **Answer.** One move: Gallia or Italia (Hispania–Italia is a sea arrow). Two moves: Anglia, Gallia,
        Germania, Hungaria, Italia. Gallia and Italia are on both lists, because they are neighbours of each other.
        (With 3 players, Turcia would be added, through the Italia–Turcia arrow.)
        """, solution=True),
        md("""
        **Exercise 2.** In the placing example (`load_position("placement")`), suppose Red held the Peasant. How
        many cubes could Red place in Gallia, in Germania and in Italia? Guess first, then check with the engine:
        give Red the Peasant as in section 9 and try each region on a `clone()`.
        """),
        code("""
        game_ex, state_ex = load_position("placement")
        data_ex = state_ex.to_json()
        data_ex["classes"]["peasant"] = 0
        with_peasant = game_ex.state_from_json(data_ex)
        for region in ("Gallia", "Germania", "Italia"):
            trial = with_peasant.clone()
            trial.apply(Place(region, peasant=True))
            print(trial.events[-1].text())
        """, solution=True),
        md("""
        **Answer.** 4 in Gallia (3 rats + 1), 2 in Germania (1 + 1) and 1 in Italia (0 + 1): the Peasant's extra
        cube is the only way to place a cube in a region without rats.
        """, solution=True),
        md("""
        **Exercise 3.** The order of the reveals is the active player's choice. In the Gallia example, what happens
        if Red reveals **token #3 first** (threshold 2: M, Merchant, Monk)? Play it from a fresh
        `load_position("gallia_plague")` and compare with section 7: does Gallia still end up empty?
        """),
        code("""
        game_ex, state_ex = load_position("gallia_plague")
        rng_ex = random.Random(SEED)
        state_ex.apply(MovePlague(to="Gallia", via=None))
        for _ in range(2):
            state_ex.apply(Spread("Hispania"))
            state_ex.apply(state_ex.sample_chance(rng_ex))
        before = len(state_ex.events)
        state_ex.apply(Reveal(2))   # token #3 first
        while state_ex.step == "reveal":
            state_ex.apply(Reveal(0))
        show_events(state_ex.events[before:])
        print(state_ex.to_json()["regions"]["Gallia"])
        """, solution=True),
        md("""
        **Answer.** No. Token #3 hits 3 cubes: M takes one of Green's 2 cubes (Green has the majority), then the
        Merchant symbol takes Green's last cube. Only Yellow's cube is left. Token #1 (threshold 1) then
        contaminates, but its symbols (Merchant, Monk) find no cube of their holders, and token #2 (threshold 3) is
        above the single cube. **Yellow keeps a cube**: the order of the reveals can change the result.
        """, solution=True),
        md("""
        **Next:** [part 2, probability](21_rattus_probability.ipynb): what is the *chance* that the plague hurts you,
        when you cannot see the tokens?
        """),
    ]


# ------------------------------------------------------------------------------------------------
# 21_rattus_probability.ipynb
# ------------------------------------------------------------------------------------------------
def nb_probability() -> list:
    """Thresholds, drawing without replacement, the reveal loop, exact versus simulated, class cards, spread."""
    return [
        md("""
        # Rattus, part 2: probability

        When the plague enters a region, its rat tokens are revealed. You cannot see them before, so you cannot
        know what will happen, but you can know the **chances**. In this notebook we compute them **exactly**
        (as fractions) and check them in independent ways:

        1. what a player does not know: the unrevealed tokens;
        2. one token: the threshold;
        3. several tokens: drawing **without replacement**;
        4. why the reveal loop is **not** a row of independent draws;
        5. exact versus **simulated**: the engine plays the same ravage 4000 times;
        6. how holding a **class card** changes your risk;
        7. how many new tokens the plague **spreads**, on average.

        You need [part 1](20_rattus_rules.ipynb) (the rules) first. Run the cells from top to bottom.

        Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
        them.
        """, RECONSTRUCTION_NOTE),
        code("""
        SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

        from collections import Counter
        from fractions import Fraction
        from itertools import permutations, product
        from pathlib import Path

        import bqplot as bq

        import ratgames_lab as rl
        from ratgames_lab.core.odds import (convolve, expectation, hypergeom_pmf, running_frequency, simulate,
                                            tolerance, uniform)
        from ratgames_lab.rattus import DEFAULT_TOKENS, load_position
        from ratgames_lab.rattus.actions import MovePlague, Reveal
        from ratgames_lab.rattus.components import CLASS_NAMES, CLASSES, COLOURS
        from ratgames_lab.rattus.odds import (class_card_risk, contamination_probability, cube_loss_distribution,
                                              expected_losses, expected_tokens_spread, loss_distribution_of,
                                              spread_distribution, token_contamination_probability, tokens_spread,
                                              unseen_tokens)
        from ratgames_lab.rattus.rules import resolve_token

        def pct(p):
            \"\"\"A probability as a rounded percentage, for reading (the exact value is the fraction).\"\"\"
            return f"{float(p):6.1%}"
        """),
        md("""
        ## 1. What a player does not know

        Here is a 4-player game in the middle (position file `positions/rattus_odds.json`, next to this
        notebook). Red is about to play. The plague is in Polonia, so it can move to Scandia, Germania, Hungaria
        or Russia.
        """),
        code("""
        game, state = load_position(Path("positions/rattus_odds.json"))
        TOKENS = game.tokens
        print(state.describe())
        """, check=True),
        md("""
        12 tokens have been **revealed** so far: everybody saw them, and they left the game. Every other token is
        **unseen**: face down on the board or in the supply. A player knows *which* tokens are unseen (all 49
        minus the revealed ones), but not *where* each one is. `unseen_tokens(state)` lists them.
        """),
        code("""
        revealed = [TOKENS.ids[t] for t in state.revealed]
        pool = unseen_tokens(state)
        print("Revealed:", ", ".join(revealed))
        print(f"Unseen: 49 - {len(revealed)} = {len(pool)} tokens")
        """, check=True),
        md("""
        **Our model.** Any face-down token is equally likely to be any of the unseen tokens, and two face-down
        tokens are two *different* tokens. This is exactly what a player who has not peeked (with the Witch) knows.
        Every number below is exact **for this model and for the reconstructed token set**.

        The 12 revealed tokens changed the mix. Compare the thresholds of all 49 tokens with those of the 37
        unseen ones:
        """),
        code("""
        all_thresholds = Counter(TOKENS.threshold)
        unseen_thresholds = Counter(TOKENS.threshold[t] for t in pool)
        print("threshold   all 49   unseen 37")
        for k in range(1, 6):
            print(f"    {k}         {all_thresholds[k]:2}        {unseen_thresholds[k]:2}")
        """, check=True),
        code("""
        # NBVAL_IGNORE_OUTPUT
        x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=16)
        bars = bq.Bars(x=[str(k) for k in range(1, 6)],
                       y=[[all_thresholds[k] for k in range(1, 6)], [unseen_thresholds[k] for k in range(1, 6)]],
                       type="grouped", scales={"x": x, "y": y}, colors=["#999999", "#2f6fd6"],
                       labels=["all 49 tokens", "the 37 unseen tokens"], display_legend=True)
        bq.Figure(marks=[bars], title="Rat tokens by threshold (reconstructed token set)", legend_location="top-right",
                  axes=[bq.Axis(scale=x, label="threshold"),
                        bq.Axis(scale=y, orientation="vertical", label="number of tokens")])
        """),
        md("""
        ## 2. One token: the threshold

        A revealed token **contaminates** if the region holds at least as many cubes (all colours) as its
        threshold. So the chance that one unseen token contaminates a region with *k* cubes is

        $$P(\\text{contaminates } k \\text{ cubes}) = \\frac{\\text{number of unseen tokens with threshold} \\le k}{37}.$$

        We count, and compare with `token_contamination_probability(state, k)`:
        """),
        code("""
        for k in range(1, 7):
            count = sum(1 for t in pool if TOKENS.threshold[t] <= k)
            p = Fraction(count, len(pool))
            assert p == token_contamination_probability(state, k)   # our count and the engine agree
            print(f"{k} cube(s): {count:2}/37 = {str(p):>5} = {pct(p)}")
        """, check=True),
        md("""
        (`assert` stops with an error if what follows is false: it is how a notebook checks a claim.)

        Scandia holds 1 token and 3 cubes (Red 1, Blue 2), so the plague contaminates there with probability
        26/37, about 70%. More cubes make a region **more** likely to be hit: with 5 cubes or more, every token
        contaminates.

        ## 3. Several tokens: without replacement

        Hungaria holds **2** face-down tokens and 3 cubes (one each for Yellow, Green and Blue). Is Hungaria
        contaminated at all?

        Tokens below the threshold do nothing, so the number of cubes cannot change *before* the first
        contamination. Hungaria is therefore contaminated unless **both** tokens are "safe" (threshold 4 or 5).
        11 of the 37 unseen tokens are safe:

        * the first token is safe with probability 11/37;
        * **if it is**, 10 safe tokens are left among the other 36, so the second is safe with probability 10/36.
        """),
        code("""
        safe = sum(1 for t in pool if TOKENS.threshold[t] > 3)
        both_safe = Fraction(safe, 37) * Fraction(safe - 1, 36)
        print(f"P(both safe) = {safe}/37 × {safe - 1}/36 = {both_safe}")
        print(f"P(Hungaria contaminated) = 1 - {both_safe} = {1 - both_safe} = {pct(1 - both_safe)}")
        print("Engine:", contamination_probability(state, "Hungaria"))
        print("Hypergeometric, P(2 safe among 2 drawn from 37 with 11 safe):", hypergeom_pmf(2, 37, safe, 2))
        """, check=True),
        md("""
        This is drawing **without replacement**: the second token cannot be the same as the first. The
        *hypergeometric* distribution (`hypergeom_pmf`) counts exactly such draws. If we wrongly treated the two
        tokens as independent draws **with replacement** (as if each token went back before the next draw), we
        would get a slightly different number:
        """),
        code("""
        with_replacement = 1 - Fraction(safe, 37) ** 2
        print("with replacement:   ", with_replacement, "=", pct(with_replacement))
        print("without replacement:", 1 - both_safe, "=", pct(1 - both_safe))
        """, check=True),
        md("""
        Close, because 37 tokens is a big pool: removing one barely changes the mix. Late in the game, with few
        unseen tokens left, the difference grows (exercise 2).

        ## 4. The reveal loop is not a row of independent draws

        Now the real question for a player: **how many cubes will each player lose** if the plague enters a
        region? Take Germania: 3 face-down tokens and 6 cubes (Red 2, Yellow 3, Green 1). Yellow holds the King
        and the Merchant, Green the Monk, Blue the Knight and the Witch.

        ### A tempting shortcut

        "Each of the 3 tokens is a random token; work out what one token does to Germania, and add up three of
        them." That treats the tokens as **independent draws** hitting the region **as it is now**. One token's
        effect on the 6 cubes, for each of the 37 unseen tokens, as a loss per player
        (Red, Yellow, Green, Blue):
        """),
        code("""
        start = state.to_json()["regions"]["Germania"]["cubes"]
        print("Cubes in Germania (Red, Yellow, Green, Blue):", start)

        def losses(token, cubes):
            \"\"\"Cubes each player loses when this token is revealed in a region holding these cubes.\"\"\"
            after = list(cubes)
            resolve_token(TOKENS, token, after, state.owners)   # the engine's own rule for one token
            return tuple(before - left for before, left in zip(cubes, after))

        one_token = uniform(losses(t, start) for t in pool)   # each unseen token is equally likely
        for lost, p in sorted(one_token.items()):
            print(f"  loses {lost} with probability {p}")
        """, check=True),
        md("""
        Adding three independent copies of this distribution is a **convolution** (`convolve`):
        """),
        code("""
        def add(a, b):
            return tuple(x + y for x, y in zip(a, b))

        naive = convolve(convolve(one_token, one_token, add), one_token, add)
        naive_yellow = loss_distribution_of(naive, 1)
        print("Naive expected losses:", [str(e) for e in expected_losses(naive)])
        print("Naive P(Yellow loses k cubes):", {k: str(p) for k, p in sorted(naive_yellow.items())})
        """, check=True),
        md("""
        Something is wrong: Yellow has only **3** cubes in Germania, yet the shortcut gives Yellow a chance of
        losing 4, 5 or even 6:
        """),
        code("""
        impossible = sum(p for k, p in naive_yellow.items() if k > 3)
        print("Naive P(Yellow loses more than 3 cubes) =", impossible, "=", pct(impossible))
        """, check=True),
        md("""
        ### The exact answer

        The real ravage is a **loop**: *while the region holds a cube and a face-down token, reveal one*. Three
        things break the shortcut:

        1. after a contamination the region holds **fewer cubes**, so the next token may be below its threshold,
           and the **majority** (M) may pass to another player;
        2. the loop **stops** when no cube is left (then the other tokens stay face down);
        3. the tokens are drawn **without replacement**.

        `cube_loss_distribution(state, region)` follows the loop exactly: it is a recursion over the multiset of
        unseen tokens, and returns the probability of every combination of losses.
        """),
        code("""
        exact = cube_loss_distribution(state, "Germania")
        exact_yellow = loss_distribution_of(exact, 1)
        print("Exact expected losses:", [str(e) for e in expected_losses(exact)])
        print("Exact P(Yellow loses k cubes):", {k: str(p) for k, p in sorted(exact_yellow.items())})
        print("Total probability:", sum(exact.values()))
        """, check=True),
        md("""
        **Check it by brute force.** The 3 tokens in Germania, in the order they will be revealed, are 3
        different tokens among the 37 unseen ones, every order equally likely: 37 × 36 × 35 = 46 620 sequences.
        We can list them all, run the loop on each with our own 6-line function, and count:
        """),
        code("""
        def ravage(sequence, cubes):
            \"\"\"The reveal loop on one sequence of tokens: cubes lost per player.\"\"\"
            left = list(cubes)
            for token in sequence:
                if not any(left):          # no cube left: the loop stops
                    break
                resolve_token(TOKENS, token, left, state.owners)
            return tuple(before - after for before, after in zip(cubes, left))

        sequences = list(permutations(pool, 3))
        by_hand = uniform(ravage(seq, start) for seq in sequences)
        print(len(sequences), "sequences; same distribution as the engine:", by_hand == exact)
        """, check=True),
        code("""
        # NBVAL_IGNORE_OUTPUT
        ks = list(range(7))
        x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=0.6)
        bars = bq.Bars(x=[str(k) for k in ks],
                       y=[[float(naive_yellow.get(k, 0)) for k in ks], [float(exact_yellow.get(k, 0)) for k in ks]],
                       type="grouped", scales={"x": x, "y": y}, colors=["#f0b429", "#2f6fd6"],
                       labels=["shortcut: 3 independent tokens", "exact: the reveal loop"], display_legend=True)
        bq.Figure(marks=[bars], title="Cubes Yellow loses if the plague enters Germania (Yellow has 3 there)",
                  legend_location="top-right",
                  axes=[bq.Axis(scale=x, label="cubes Yellow loses"),
                        bq.Axis(scale=y, orientation="vertical", label="probability", tick_format=".0%")])
        """),
        md("""
        ### Which difference matters?

        We can switch the two ideas on and off: draw **with or without replacement**, and either run the **real
        loop** or let every token hit the 6 starting cubes (**fixed cubes**, the shortcut). Listing every sequence
        each time (37³ = 50 653 with replacement), the expected losses are:
        """),
        code("""
        def fixed(sequence, cubes):
            \"\"\"The shortcut: every token hits the starting cubes, and the losses are added up.\"\"\"
            total = (0, 0, 0, 0)
            for token in sequence:
                total = add(total, losses(token, cubes))
            return total

        models = {
            "fixed cubes, with replacement (the shortcut)": (fixed, list(product(pool, repeat=3))),
            "fixed cubes, without replacement": (fixed, sequences),
            "real loop, with replacement": (ravage, list(product(pool, repeat=3))),
            "real loop, without replacement (exact)": (ravage, sequences),
        }
        print(f"{'model':46} {'Red':>6} {'Yellow':>6} {'Green':>6}")
        for name, (run, seqs) in models.items():
            e = expected_losses(uniform(run(seq, start) for seq in seqs))
            print(f"{name:46} {float(e[0]):6.3f} {float(e[1]):6.3f} {float(e[2]):6.3f}")
        """, check=True),
        md("""
        * Drawing with or without replacement changes almost nothing here: with fixed cubes the averages are even
          exactly equal (an average of a sum is the sum of the averages, whether or not the draws are
          independent).
        * The **loop** is what matters. The shortcut overestimates Yellow's loss (2.51 instead of 2.15 cubes), and
          it **underestimates** Red's (0.41 instead of 0.69): once Yellow has lost cubes, Red (2 cubes) can hold the
          majority, and the M symbols hit Red.

        ## 5. Exact versus simulated

        A completely independent check: let the **rules engine** play the ravage many times. Each trial

        1. shuffles the unseen tokens into a random arrangement that fits what Red knows
           (`state.determinize(0, rng)`: the computer does not use the real hidden tokens);
        2. moves the plague to Germania and plays until the ravage is over (new tokens spread to the first
           neighbour offered, and the first token is always revealed first: the tokens were shuffled anyway);
        3. counts the cubes Yellow lost.
        """),
        code("""
        def yellow_losses(rng):
            \"\"\"One simulated ravage of Germania, played by the engine: the cubes Yellow loses.\"\"\"
            sim = state.determinize(0, rng)
            sim.apply(MovePlague(to="Germania", via=None))
            while sim.active == 0 and sim.step not in ("after", "main"):   # until Red's plague is over
                if sim.current_player == rl.CHANCE:
                    sim.apply(sim.sample_chance(rng))
                elif sim.step == "reveal":
                    sim.apply(Reveal(0))
                else:
                    sim.apply(sim.legal_actions()[0])
            return start[1] - sim.to_json()["regions"]["Germania"]["cubes"][1]

        TRIALS = 4000
        simulated = simulate(yellow_losses, TRIALS, seed=SEED)
        print("Yellow loses   exact                 simulated   within 4 standard errors")
        for k in sorted(exact_yellow):
            p, f = exact_yellow[k], simulated.get(k, 0.0)
            print(f"     {k}        {str(p):>11} = {float(p):.3f}     {f:.3f}       {abs(f - float(p)) <= tolerance(float(p), TRIALS)}")
        """, check=True),
        md("""
        The simulation agrees with the exact fractions, up to a small random error. How does that error shrink?
        Follow one event, "Yellow loses all 3 cubes", and plot its **running frequency** (the fraction of trials
        so far in which it happened):
        """),
        code("""
        all_three = exact_yellow[3]
        freq = running_frequency(lambda rng: yellow_losses(rng) == 3, TRIALS, seed=SEED)
        for n in (10, 100, 1000, TRIALS):
            print(f"after {n:4} trials: frequency {freq[n - 1]:.3f}   (exact {all_three} = {float(all_three):.3f})")
        """, check=True),
        code("""
        # NBVAL_IGNORE_OUTPUT
        x, y = bq.LogScale(), bq.LinearScale(min=0, max=1)
        line = bq.Lines(x=list(range(1, TRIALS + 1)), y=freq, scales={"x": x, "y": y}, colors=["#2f6fd6"],
                        labels=["simulated frequency"], display_legend=True)
        target = bq.Lines(x=[1, TRIALS], y=[float(all_three)] * 2, scales={"x": x, "y": y}, colors=["#d64545"],
                          line_style="dashed", labels=[f"exact probability {all_three}"], display_legend=True)
        bq.Figure(marks=[line, target], title="Simulated ravages of Germania: how often Yellow loses all 3 cubes",
                  legend_location="top-right",
                  axes=[bq.Axis(scale=x, label="number of simulated ravages (logarithmic scale)", tick_format=",d"),
                        bq.Axis(scale=y, orientation="vertical", label="fraction where Yellow lost 3 cubes")])
        """),
        md("""
        At first the frequency jumps around (the horizontal axis is logarithmic, so the first ten trials get as
        much room as the last thousands); then it settles near the exact value. The random error of a
        simulation shrinks like $1/\\sqrt{n}$: four times as many trials, half the error. `tolerance(p, n)` is a
        safe margin (4 standard errors):
        """),
        code("""
        margin = tolerance(float(all_three), TRIALS)
        print(f"difference after {TRIALS} trials: {abs(freq[-1] - float(all_three)):.3f}, allowed margin {margin:.3f}")
        """, check=True),
        md("""
        ## 6. A class card changes your risk

        Class cards give powers, but each card's symbol is also printed on 10 of the 49 tokens: when such a token
        contaminates a region, the card's holder loses a cube there. Red holds no card and has 2 cubes in Germania.
        `class_card_risk(state, region, player, card)` gives Red's expected loss in Germania without and with a
        card (everything else unchanged):
        """),
        code("""
        print(f"{'card':9} {'without':>8} {'with':>8}  extra cubes lost")
        risks = {}
        for card in CLASSES:
            without, with_card = class_card_risk(state, "Germania", 0, card)
            risks[card] = with_card - without
            print(f"{CLASS_NAMES[card]:9} {float(without):8.3f} {float(with_card):8.3f}  +{float(with_card - without):.3f}")
        """, check=True),
        md("""
        Every card adds between about 0.38 and 0.49 cubes to Red's expected loss in Germania. Why not the same for
        all? Count the unseen tokens that carry each symbol (a token with a threshold above 6 could never harm
        Germania, but there is none):
        """),
        code("""
        for card in CLASSES:
            carrying = sum(1 for t in pool if card in TOKENS.symbols[t])
            print(f"{CLASS_NAMES[card]:9} on {carrying} of the 37 unseen tokens   extra risk {float(risks[card]):.3f}")
        """, check=True),
        md("""
        Mostly, the more unseen tokens carry a card's symbol, the riskier the card: the King (9 tokens) is the
        riskiest, the Monk and the Knight (7 tokens each) the least risky. The count is not the whole story: what
        matters is whether Red still has a cube in Germania when such a token comes up, and whether the token
        reaches its threshold then. That is why the King and the Witch, both on 9 tokens, differ.

        **The risk moves with the card.** If Red takes the King **from Yellow**, Red's risk goes up and Yellow's
        goes down. `cube_loss_distribution` accepts other card holders (`owners`, one player per card, in the order
        King, Monk, Knight, Peasant, Merchant, Witch):
        """),
        code("""
        print("Card holders now:", {CLASS_NAMES[c]: (COLOURS[o] if o >= 0 else "-") for c, o in zip(CLASSES, state.owners)})
        red_takes_king = list(state.owners)
        red_takes_king[CLASSES.index("king")] = 0
        now = expected_losses(cube_loss_distribution(state, "Germania"))
        then = expected_losses(cube_loss_distribution(state, "Germania", owners=red_takes_king))
        for p in range(3):
            print(f"{COLOURS[p]:6} expected loss in Germania: {float(now[p]):.3f} -> {float(then[p]):.3f}")
        """, check=True),
        md("""
        Red's expected loss in Germania rises by about 0.49 cube, Yellow's falls by about 0.55, and Green's does
        not change. Taking a card from an opponent also takes their risk: with 3 cubes in Germania, Yellow would be
        glad to see the King go.
        """),
        md("""
        ## 7. How many new tokens does the plague spread?

        When the plague enters a region with 1 rat token, 1 new token spreads to the neighbours; with 2 or 3,
        **2** new tokens; with none, nothing (fewer if the neighbours are full or the supply runs short). From
        Polonia, the plague can go to four regions:
        """),
        code("""
        here = state.to_json()["plague"]
        for region in sorted(game.components.board.graph[here]):
            rats = len(state.to_json()["regions"][region]["rats"])
            print(f"{region:9} {rats} rat token(s) -> {tokens_spread(state, region)} new token(s)")
        """, check=True),
        md("""
        If the plague went to each of the four with the same chance (a simple model: real players choose!), the
        number of new tokens would be 0, 1, 2 or 2, each with probability 1/4. Its **expected value** (the
        average over many such moves) is $(0 + 1 + 2 + 2)/4 = 5/4$. `spread_distribution` and
        `expected_tokens_spread` say the same:
        """),
        code("""
        spread = spread_distribution(state)
        print("Distribution:", {k: str(p) for k, p in spread.items()})
        print("Expected new tokens:", expected_tokens_spread(state), "=", expectation(spread))
        """, check=True),
        md("""
        ## 8. What to remember

        * A face-down token is a **random draw without replacement** from the unseen tokens (all tokens minus
          those revealed, minus those you peeked at). Revealed tokens change the mix.
        * One token contaminates *k* cubes with probability (tokens with threshold ≤ *k*) / (unseen tokens).
        * A region is contaminated unless **all** its tokens are above the cube count: a hypergeometric count.
        * The **losses** are not a sum of independent draws: the reveal loop lowers the cubes, moves the majority
          and stops early. The exact answer is a recursion (or, for small cases, a list of every sequence).
        * A simulation by the engine agrees with the exact answer, up to a random error shrinking like
          $1/\\sqrt{n}$.
        * A class card's symbol makes you a target: how much depends on the unseen tokens that carry it.

        [Part 3](22_rattus_what_if.ipynb) uses these numbers to choose where to send the plague, and asks what
        changes when the map or the tokens change.

        ## Exercises

        **Exercise 1.** Scandia holds 1 face-down token and 3 cubes. What is the probability that the plague
        contaminates Scandia? Count by hand from the threshold table of section 1, then check with
        `contamination_probability`.
        """),
        code("""
        count = sum(1 for t in pool if TOKENS.threshold[t] <= 3)
        print(count, "of", len(pool), "->", Fraction(count, len(pool)), "engine:", contamination_probability(state, "Scandia"))
        """, solution=True),
        md("""
        **Answer.** 3 + 10 + 13 = 26 unseen tokens have a threshold of 3 or less: 26/37, about 70.3%.
        """, solution=True),
        md("""
        **Exercise 2.** Late in a game only 8 tokens are unseen, and 3 of them are safe for a region with 2 face-down
        tokens. Compute the chance that both tokens are safe, without replacement and with replacement. Is the
        difference bigger or smaller than with 37 tokens (section 3)?
        """),
        code("""
        without = Fraction(3, 8) * Fraction(2, 7)
        with_repl = Fraction(3, 8) ** 2
        print("without replacement:", without, pct(without), "  with replacement:", with_repl, pct(with_repl))
        print("section 3:", Fraction(11, 37) * Fraction(10, 36), pct(Fraction(11, 37) * Fraction(10, 36)),
              "vs", Fraction(11, 37) ** 2, pct(Fraction(11, 37) ** 2))
        """, solution=True),
        md("""
        **Answer.** 3/28 ≈ 10.7% without replacement against 9/64 ≈ 14.1% with replacement: a difference of about
        3.3 points, against about 0.6 points (8.3% against 8.8%) with 37 tokens. The fewer tokens are left, the more
        each draw changes the mix, and the more the independent-draws shortcut is wrong.
        """, solution=True),
        md("""
        **Exercise 3 (the Witch).** Blue holds the Witch and has secretly looked at Hungaria's first token: it is
        `R11` (threshold 4, M and Witch). For Blue, only the *second* token is unknown, and it is one of the 36
        tokens Blue has not seen. What is the chance that Hungaria (3 cubes) is contaminated, **for Blue**? Give
        Blue the peek in the position and use `contamination_probability(..., player=3)`.
        """),
        code("""
        data = state.to_json()
        data["peeks"][3] = ["R11"]          # Blue (player 3) has seen R11, Hungaria's token #1
        blue_knows = game.state_from_json(data)
        for_blue = contamination_probability(blue_knows, "Hungaria", player=3)
        print("public:", contamination_probability(blue_knows, "Hungaria"), "  for Blue:", for_blue, pct(for_blue))
        """, solution=True),
        md("""
        **Answer.** 13/18, about 72.2%, instead of 611/666 ≈ 91.7% for the others. Blue knows one token is safe,
        so only the other one can contaminate: 26 of the 36 tokens Blue has not seen have a threshold of 3 or less.
        Learning something changes the probability: that is **conditional probability**.
        """, solution=True),
    ]


# ------------------------------------------------------------------------------------------------
# 22_rattus_what_if.ipynb
# ------------------------------------------------------------------------------------------------
def nb_what_if() -> list:
    """Load a position, compare plague moves, play them out, change the map or the tokens, play on."""
    return [
        md("""
        # Rattus, part 3: what if?

        A position file holds a game frozen at one moment. In this notebook we:

        1. load a position and look at it;
        2. compare the plague's possible moves with **exact** expected losses;
        3. compare them again by **playing the rest of the game** hundreds of times;
        4. **change the map** (remove a sea arrow) and see how the odds move;
        5. **change the rat tokens** and see how the odds move;
        6. play on from the position, **undo** and try **another future**.

        You need [part 1](20_rattus_rules.ipynb) and [part 2](21_rattus_probability.ipynb) first. Run the cells from
        top to bottom.

        Lines starting with `# NBVAL_` are notes for the automatic tests that run this notebook; you can ignore
        them.
        """, RECONSTRUCTION_NOTE),
        code("""
        SEED = 1  # every random choice in this notebook uses this seed, so it runs the same every time

        import json
        import random
        from pathlib import Path

        import bqplot as bq

        import ratgames_lab as rl
        from ratgames_lab.core.analysis import evaluate_actions
        from ratgames_lab.rattus import DEFAULT_BOARD, DEFAULT_TOKENS, HeuristicBot, load_position
        from ratgames_lab.rattus.actions import MovePlague, Reveal, Spread
        from ratgames_lab.rattus.components import COLOURS
        from ratgames_lab.rattus.odds import best_plague_moves, contamination_probability

        def show_events(events):
            \"\"\"Print each event as [rulebook section] explanation.\"\"\"
            for e in events:
                print(f"[{e.rule}] {e.text()}")
        """),
        md("""
        ## 1. Load a position

        The file `positions/rattus_what_if.json` (next to this notebook) is plain JSON: a short description, the
        number of players, the game options and the position. `load_position` reads it and checks every field
        (each of the 49 tokens exactly once somewhere, at most 3 tokens per region, no more than 20 cubes per
        player, and so on).
        """),
        code("""
        data = json.loads(Path("positions/rattus_what_if.json").read_text())
        print(data["description"])
        print()
        game, state = load_position(Path("positions/rattus_what_if.json"))
        print(state.describe())
        """, check=True),
        md("""
        Red has already taken a card and placed cubes this turn, so only one decision is left: **where to move the
        plague**. The engine lists the legal actions:
        """),
        code("""
        for action in state.legal_actions():
            print(action)
        """, check=True),
        md("""
        ## 2. Compare the plague's moves, exactly

        For each destination, `best_plague_moves(state)` computes the exact expected number of cubes **each**
        player would lose there (part 2: the reveal loop, from what Red knows), then ranks the moves by

        $$\\text{score} = (\\text{expected cubes lost per opponent}) - (\\text{expected cubes Red loses}).$$

        To win Rattus you need more cubes than the others, so hurting the opponents is good and losing your own
        cubes is bad.
        """),
        code("""
        moves = best_plague_moves(state)
        print(f"{'destination':11} {'Red':>6} {'Yellow':>6} {'Green':>6} {'Blue':>6}   per opponent   score")
        for m in moves:
            lost = " ".join(f"{float(x):6.3f}" for x in m.expected_loss)
            print(f"{m.action.to:11} {lost}   {float(m.per_opponent):12.3f}   {float(m.score):+.3f}")
        """, check=True),
        code("""
        # NBVAL_IGNORE_OUTPUT
        x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=1.2)
        bars = bq.Bars(x=[m.action.to for m in moves],
                       y=[[float(m.per_opponent) for m in moves], [float(m.own) for m in moves]],
                       type="grouped", scales={"x": x, "y": y}, colors=["#2f6fd6", "#d64545"],
                       labels=["expected cubes lost per opponent", "expected cubes Red loses"], display_legend=True)
        bq.Figure(marks=[bars], title="Where should Red move the plague? (exact expected losses)",
                  legend_location="top-right",
                  axes=[bq.Axis(scale=x, label="destination of the plague (best first)"),
                        bq.Axis(scale=y, orientation="vertical", label="expected cubes lost")])
        """),
        md("""
        **Turcia** is best: Red has no cube there, Green and Blue have 5 cubes and 2 tokens. **Gallia** is worst:
        Red's own 3 cubes are there. The exact values are fractions; for Turcia:
        """),
        code("""
        best = moves[0]
        print(best.action, "- expected losses:", [str(x) for x in best.expected_loss])
        opponents = [best.expected_loss[p] for p in (1, 2, 3)]
        assert best.per_opponent == sum(opponents) / 3
        print("per opponent:", best.per_opponent, "= (" + " + ".join(str(x) for x in opponents) + ") / 3")
        """, check=True),
        md("""
        ## 3. Play the rest of the game, many times

        Expected losses look one turn ahead. The question that really matters is "will Red **win the game**?".
        `evaluate_actions` estimates it by **playouts**: for each legal move, it plays the rest of the game many
        times from here and counts how often Red wins.

        * Before each playout, the tokens Red cannot see are **shuffled again** into an arrangement that fits what
          Red knows (`state.determinize`), so the computer never peeks at hidden tokens.
        * Then every player makes **random legal moves** until the game ends.
        * The **win rate** is the fraction of playouts Red won. It is an estimate, so it comes with a
          **95% interval**: the range where the true win rate (against random players) lies, unless we were
          unlucky.
        """),
        code("""
        PLAYOUTS = 200
        values = evaluate_actions(state, 0, playouts=PLAYOUTS, seed=SEED)
        for v in sorted(values, key=lambda v: -v.win_rate):
            print(f"{str(v.action):26} win rate {v.win_rate:.3f}   95% interval {v.low:.3f} to {v.high:.3f}")
        """, check=True),
        code("""
        # NBVAL_IGNORE_OUTPUT
        def win_rate_chart(values, title):
            \"\"\"Bars: estimated win rate per move; black lines: the 95% intervals.\"\"\"
            labels = [v.action.to for v in values]
            x, y = bq.OrdinalScale(), bq.LinearScale(min=0, max=1)
            bars = bq.Bars(x=labels, y=[v.win_rate for v in values], scales={"x": x, "y": y}, colors=["#2f6fd6"],
                           labels=["estimated win rate"], display_legend=True)
            gap = float("nan")   # one vertical line per move, low to high, cut by a gap
            intervals = bq.Lines(x=[m for m in labels for _ in range(3)],
                                 y=[end for v in values for end in (v.low, v.high, gap)],
                                 scales={"x": x, "y": y}, colors=["black"], stroke_width=3,
                                 labels=["95% interval"], display_legend=True)
            axes = [bq.Axis(scale=x, label="destination of the plague"),
                    bq.Axis(scale=y, orientation="vertical", label="chance that Red wins the game", tick_format=".0%")]
            return bq.Figure(marks=[bars, intervals], axes=axes, title=title, legend_location="top-right")

        win_rate_chart(values, f"Red's win rate after each plague move ({PLAYOUTS} random playouts each)")
        """),
        md("""
        Turcia and Germania come out on top again, and Gallia last, as the exact odds said. But the intervals
        **overlap**: 200 playouts cannot tell close moves apart, and one plague move is a small part of a long
        game. Remember what the playouts assume: everybody plays **at random** afterwards. They are a guide for
        comparing moves, not a forecast.

        ## 4. What if the map were different?

        The map is a data file (a reconstruction, see part 1), so we can change it. Suppose there were **no sea
        arrow between Italia and Turcia**. We copy the shipped board into a `dict`, remove that edge, and create a
        game with `board=`. The same position loads on the new map:
        """),
        code("""
        board = DEFAULT_BOARD.to_json()
        board["edges"] = [e for e in board["edges"] if {e["a"], e["b"]} != {"Italia", "Turcia"}]
        print(len(DEFAULT_BOARD.to_json()["edges"]), "edges ->", len(board["edges"]), "edges")

        game_b = rl.load_game("rattus", players=4, board=board)
        state_b = game_b.state_from_json(state.to_json())
        print("Plague moves before:", [a.to for a in state.legal_actions()])
        print("Plague moves after: ", [a.to for a in state_b.legal_actions()])
        """, check=True),
        code("""
        before = {m.action.to: m for m in best_plague_moves(state)}
        after = {m.action.to: m for m in best_plague_moves(state_b)}
        print(f"{'destination':11} {'score before':>12} {'score after':>12}")
        for to in before:
            new = f"{float(after[to].score):+12.3f}" if to in after else "   (no move)"
            print(f"{to:11} {float(before[to].score):+12.3f} {new}")
        print("Best move after:", best_plague_moves(state_b)[0].action)
        """, check=True),
        md("""
        Without the arrow, Turcia is out of reach and Germania becomes Red's best move; the other scores do not
        change, because a destination's expected losses depend only on that region. (Removing the arrow also
        changes later turns: where new rats can spread, where the Merchant and the Monk can move things.)

        The engine checks a new map. If we cut Turcia off completely (with 3 or 4 players), it refuses and says
        why:
        """),
        code("""
        island = DEFAULT_BOARD.to_json()
        island["edges"] = [e for e in island["edges"] if "Turcia" not in (e["a"], e["b"])]
        try:
            rl.load_game("rattus", players=4, board=island)
        except rl.InvalidPositionError as error:
            print("Refused:", error)
        """, check=True),
        md("""
        ## 5. What if the tokens were different?

        The 49 tokens are a data file too. Suppose the plague were **harsher**: every threshold one lower
        (a threshold of 1 stays 1). We copy the token set, edit it and create a game with `tokens=`. The position
        keeps the same token names, so it loads unchanged.
        """),
        code("""
        harsher = DEFAULT_TOKENS.data_copy()
        for token in harsher["tokens"]:
            token["threshold"] = max(1, token["threshold"] - 1)
        game_t = rl.load_game("rattus", players=4, tokens=harsher)
        state_t = game_t.state_from_json(state.to_json())
        print("A token before:", DEFAULT_TOKENS.describe(0), "->", "after:", game_t.tokens.describe(0))
        print("A token before:", DEFAULT_TOKENS.describe(10), "->", "after:", game_t.tokens.describe(10))
        """, check=True),
        code("""
        after_t = {m.action.to: m for m in best_plague_moves(state_t)}
        print(f"{'destination':11} {'P(contamination)':>22} {'Red loses':>16} {'per opponent':>16}")
        print(f"{'':11} {'before':>10} {'after':>11} {'before':>8} {'after':>7} {'before':>8} {'after':>7}")
        for to in before:
            p0, p1 = contamination_probability(state, to), contamination_probability(state_t, to)
            b, a = before[to], after_t[to]
            print(f"{to:11} {float(p0):10.3f} {float(p1):11.3f} {float(b.own):8.3f} {float(a.own):7.3f} "
                  f"{float(b.per_opponent):8.3f} {float(a.per_opponent):7.3f}")
        print("Best move with the harsher tokens:", best_plague_moves(state_t)[0].action)
        """, check=True),
        md("""
        With lower thresholds every region is more likely to be contaminated, most of all where few cubes stand:
        Hispania (Red's 2 cubes, 1 token) jumps from about 35% to about 70%, and Red's expected loss there
        doubles. Where a first contamination was already (almost) certain, the losses still grow, because the
        later tokens of the loop now reach the cubes that are left. Germania, with 3 tokens, gains the most
        (0.578 to 0.723 cubes per opponent) and **overtakes Turcia** (0.691 to 0.720): with these tokens, the best
        move changes.

        ## 6. Play on, undo, and try another future

        A `Match` keeps the list of actions played from a starting position, so it can **undo** actions and
        **branch** (copy the match to try something else). We start one from our position and play Red's plague
        move ourselves: Turcia, then both new tokens to Bulgaria, then reveal the tokens. Chance (the tokens drawn
        from the supply) uses a seeded generator.
        """),
        code("""
        def finish_plague(match, spread_to, rng):
            \"\"\"Play the rest of Red's plague: new tokens to `spread_to`, reveals in order, chance from `rng`.\"\"\"
            while match.state.current_player == 0 or match.state.current_player == rl.CHANCE:
                s = match.state
                if s.current_player == rl.CHANCE:
                    match.play_chance(rng)
                elif s.step == "spread":
                    match.apply(Spread(spread_to))
                elif s.step == "reveal":
                    match.apply(Reveal(0))
                else:
                    break

        match = rl.Match(game, start=state)
        match.apply(MovePlague(to="Turcia", via=None))
        finish_plague(match, "Bulgaria", random.Random(SEED))
        show_events(match.state.events)
        """, check=True),
        code("""
        print("Actions in this match:")
        for i, action in enumerate(match.actions, 1):
            print(f"  {i}. {action}")
        print("Scores:", dict(zip(COLOURS, match.state.scores())))
        """, check=True),
        md("""
        The chance actions are in the list too ("A rat token is drawn from the supply"), so replaying the list
        gives exactly the same game. Green and Blue each lost a cube.

        **Undo** steps back one action at a time; `goto(0)` jumps back to the loaded position.
        """),
        code("""
        match.undo()
        print("After one undo: action", match.cursor, "of", len(match.actions), "- step:", match.state.step)
        match.goto(0)
        print("Back at the start:", match.state == state, "- can redo:", match.can_redo())
        """, check=True),
        md("""
        Now a **branch**: a copy of the match from here, where Red sends the plague to **Germania** instead (new
        tokens to Polonia). The original match keeps its actions.
        """),
        code("""
        other = match.branch()
        other.apply(MovePlague(to="Germania", via=None))
        finish_plague(other, "Polonia", random.Random(SEED))
        show_events(other.state.events)
        print()
        print("Turcia future:  ", dict(zip(COLOURS, match.state_at(len(match.actions)).scores())))
        print("Germania future:", dict(zip(COLOURS, other.state.scores())))
        """, check=True),
        md("""
        In this Germania future Green loses one cube, in the Turcia future Green and Blue lose one each: here,
        Turcia did better, as the expected values predicted (0.69 against 0.58 cubes per opponent). But one game
        each proves little: with other tokens the results could swap. That is why section 2 averages over every
        possible token and section 3 plays hundreds of games.

        Finally, the bots play on from the Turcia future until Red's next turn:
        """),
        code("""
        match.goto(len(match.actions))        # back to the end of the Turcia future (redo everything)
        rng, bot = random.Random(SEED), HeuristicBot()
        start = len(match.state.events)
        while not (match.state.current_player == 0 and match.state.step == "main"):
            if match.state.current_player == rl.CHANCE:
                match.play_chance(rng)
            else:
                match.apply(bot.choose(match.state, rng))
        details = ("spread_start", "token_drawn", "ravage_start", "ravage_end", "no_spread")   # left out: shorter log
        show_events([e for e in match.state.events[start:] if e.kind not in details])
        print("Scores:", dict(zip(COLOURS, match.state.scores())), "- actions in the match:", len(match.actions))
        """, check=True),
        md("""
        ## Exercises

        **Exercise 1.** Go back to the original map, and remove the sea arrow between **Hispania and Italia**
        instead. Which plague moves are left for Red, and is the best move still the same?
        """),
        code("""
        board_h = DEFAULT_BOARD.to_json()
        board_h["edges"] = [e for e in board_h["edges"] if {e["a"], e["b"]} != {"Hispania", "Italia"}]
        state_h = rl.load_game("rattus", players=4, board=board_h).state_from_json(state.to_json())
        for m in best_plague_moves(state_h):
            print(f"{m.action.to:9} score {float(m.score):+.3f}")
        """, solution=True),
        md("""
        **Answer.** Gallia, Germania, Hungaria and Turcia are left (Hispania is out of reach). Turcia is still the
        best move: removing Hispania, where Red would only risk Red's own cubes, changes nothing for the best move.
        """, solution=True),
        md("""
        **Exercise 2.** Make the plague **gentler**: every threshold one **higher**. How does the chance that
        Hispania (Red's 2 cubes) is contaminated change? Is Turcia still the best move?
        """),
        code("""
        gentler = DEFAULT_TOKENS.data_copy()
        for token in gentler["tokens"]:
            token["threshold"] += 1
        state_g = rl.load_game("rattus", players=4, tokens=gentler).state_from_json(state.to_json())
        print("Hispania:", contamination_probability(state, "Hispania"), "->", contamination_probability(state_g, "Hispania"))
        for m in best_plague_moves(state_g):
            print(f"{m.action.to:9} score {float(m.score):+.3f}")
        """, solution=True),
        md("""
        **Answer.** With 2 cubes, a token now contaminates only if its new threshold is at most 2, that is, if its
        old threshold was 1: only the 3 unseen threshold-1 tokens. The chance drops from 13/37 (about 35%) to 3/37
        (about 8%). Turcia stays the best move, with a lower score (+0.607 instead of +0.691), and Hispania,
        now almost harmless for Red, moves up to third place.
        """, solution=True),
        md("""
        **Exercise 3.** Run `evaluate_actions` on the original position with 800 playouts (it takes a few
        seconds). Are the 95% intervals narrower? About how much narrower?
        """),
        code("""
        for v in evaluate_actions(state, 0, playouts=800, seed=SEED):
            print(f"{v.action.to:9} win rate {v.win_rate:.3f}   interval width {v.high - v.low:.3f}")
        """, solution=True),
        md("""
        **Answer.** About half as wide as with 200 playouts (about 0.065 instead of 0.12 to 0.13): the width of the
        interval shrinks like $1/\\sqrt{n}$, so four times as many playouts halve it. Turcia is still first and
        Gallia last, but the middle moves change places (Germania falls behind Hispania and Hungaria): moves this
        close cannot be told apart by a few hundred random playouts.
        """, solution=True),
    ] + dashboard_cells()


def dashboard_cells() -> list:
    """A last section opening the what-if position in the Rattus dashboard, if widgets/rattus.py exists."""
    if not (ROOT / "widgets" / "rattus.py").exists():
        return []
    return [
        md("""
        ## Open the position in the dashboard

        The Rattus dashboard can load the same position (its *Save / load* tab also reads files). You are Red; the
        bots play the other seats. Click a region on the map to move the plague there, and follow the reveals in
        the log.
        """),
        code("""
        # NBVAL_IGNORE_OUTPUT
        from ratgames_lab.widgets.rattus import RattusDashboard

        dashboard = RattusDashboard(players=4, seed=SEED, seats=["human", "heuristic", "heuristic", "heuristic"])
        dashboard.load_position(data["position"])
        dashboard.show()
        """),
    ]


NOTEBOOK_BUILDERS = {
    "20_rattus_rules.ipynb": nb_rules,
    "21_rattus_probability.ipynb": nb_probability,
    "22_rattus_what_if.ipynb": nb_what_if,
}


def build_notebooks() -> dict[str, nbformat.NotebookNode]:
    """Every lesson notebook (outputs empty), by file name."""
    return notebook_kit.build_notebooks(NOTEBOOK_BUILDERS)


def main(argv: list[str] | None = None) -> int:
    """Write the positions and the notebooks; with --execute, run each notebook once."""
    return notebook_kit.main(__doc__.splitlines()[0], build_positions, build_notebooks, argv)


if __name__ == "__main__":
    raise SystemExit(main())
