"""Position builders for tests, lessons and docs: name the cards where you want them, the rest stays in the decks.

    state = arrange(players=3, active=0, teams=[["Porter", "Porter", "Artisan"], ...], grid=["M1", "M6"],
                    exp_deck=["S1", "S5"])

Every card not placed by name goes to its deck (or, when the deck is given, to its discard; unplaced missions
go to the MISSION deck, or leave the game when the MISSION deck is given), so every card is there exactly once.
A deck given as a list is drawn in that order only if a test feeds the chance outcomes itself: the engine
draws uniformly from the deck's contents.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path
from typing import Any

from ..core.position import load_position, position_document
from .phases import GRID_SIZE
from .rules import HorlogerieState

POSITIONS = Path(__file__).parent / "positions"
# One default team per seat, each exploring for 6 (and all six together fit in the shipped Horloger deck).
TEAMS = (["Porter", "Porter", "Artisan"], ["Artisan", "Guard", "Guard"], ["Porter", "Artisan", "Guard"],
         ["Scout", "Guard", "Warden"], ["Scout", "Porter", "Warden"], ["Scout", "Artisan", "Warden"])


def _take(pool: Counter, names: list[str], what: str) -> None:
    for name in names:
        if pool[name] <= 0:
            raise ValueError(f"no {what} card {name!r} left to place")
        pool[name] -= 1


def _rest(pool: Counter, order: list[str]) -> list[str]:
    return [n for n in order for _ in range(pool[n])]


def arrange(players: int = 3, *, active: int = 0, first: int = 0, step: str = "refill", turn: int = 1,
            hands: list[list[str]] | None = None, teams: list[list[str]] | None = None,
            wounds: list[list[int]] | None = None, finds: list[list[str]] | None = None,
            tapped: list[list[int]] | None = None, grid: list[str | None] | None = None,
            exp_deck: list[str] | None = None, exp_table: list[str] = (), dan_deck: list[str] | None = None,
            dan_table: list[str] = (), hor_deck: list[str] | None = None, mis_deck: list[str] | None = None,
            options: dict | None = None, **fields: Any) -> HorlogerieState:
    """A validated, settled position built from the named cards (see the module docstring)."""
    from . import Game
    game = Game(players=players, **(options or {}))
    return game.state_from_json(arrange_json(game, active=active, first=first, step=step, turn=turn, hands=hands,
                                             teams=teams, wounds=wounds, finds=finds, tapped=tapped, grid=grid,
                                             exp_deck=exp_deck, exp_table=exp_table, dan_deck=dan_deck,
                                             dan_table=dan_table, hor_deck=hor_deck, mis_deck=mis_deck, **fields))


def arrange_json(game, *, active: int, first: int, step: str, turn: int, hands, teams, wounds, finds, tapped, grid,
                 exp_deck, exp_table, dan_deck, dan_table, hor_deck, mis_deck, **fields: Any) -> dict:
    """The JSON position behind ``arrange`` (for position files)."""
    comp = game.components
    n = comp.players
    ex, dg, hr, ms = comp.exploration, comp.danger, comp.horlogers, comp.missions
    hands = hands or [[] for _ in range(n)]
    teams = teams or [list(TEAMS[p]) for p in range(n)]
    wounds = wounds or [[0] * len(t) for t in teams]
    finds = finds or [[] for _ in range(n)]
    tapped = tapped or [[0] * len(f) for f in finds]
    grid = list(grid) if grid is not None else None

    pool = Counter(ex.names[f] for f in ex.full)
    for h in hands:
        _take(pool, h, "Exploration")
    _take(pool, list(exp_table), "Exploration")
    if exp_deck is not None:
        _take(pool, exp_deck, "Exploration")
        exp = (list(exp_deck), _rest(pool, list(ex.names)))
    else:
        exp = (_rest(pool, list(ex.names)), [])
    pool = Counter(dg.names[f] for f in dg.full)
    _take(pool, list(dan_table), "Danger")
    if dan_deck is not None:
        _take(pool, dan_deck, "Danger")
        dan = (list(dan_deck), _rest(pool, list(dg.names)))
    else:
        dan = (_rest(pool, list(dg.names)), [])
    pool = Counter(hr.names[f] for f in hr.full)
    for t in teams:
        _take(pool, t, "Horloger")
    if hor_deck is not None:
        _take(pool, hor_deck, "Horloger")
        hor = (list(hor_deck), _rest(pool, list(hr.names)))
    else:
        hor = (_rest(pool, list(hr.names)), [])
    left = [m for m in ms.names]
    placed = [m for f in finds for m in f] + [m for m in (grid or []) if m]
    for m in placed:
        left.remove(m)
    if grid is None:
        grid, left = left[:GRID_SIZE], left[GRID_SIZE:]
    grid = grid + [None] * (GRID_SIZE - len(grid))
    if mis_deck is not None:
        for m in mis_deck:
            left.remove(m)
        mis = (list(mis_deck), left)
    else:
        mis = (left, [])
    data = {
        "format": HorlogerieState.FORMAT, "players": n, "step": step, "turn": turn, "first": first, "active": active, "ending": "",
        "exp_deck": exp[0], "exp_discard": exp[1], "exp_table": list(exp_table), "exp_top": None, "exp_seen": [],
        "dan_deck": dan[0], "dan_discard": dan[1], "dan_table": list(dan_table), "dan_top": None, "dan_seen": [],
        "hor_deck": hor[0], "hor_discard": hor[1], "mis_deck": mis[0], "grid": grid, "gone": mis[1],
        "hands": [sorted(h, key=ex.names.index) for h in hands], "team": teams, "wounds": wounds, "finds": finds,
        "tapped": tapped, "bonus": 0, "explore_result": "", "danger_result": "", "wounds_left": 0,
        "recruits_left": 0, "reward_taker": None, "reward_next": "", "peek_deck": "", "peek_player": None,
        "peek_return": "", "rest_points": 0, "vp_turn": [-1] * n, "vp_seq": [-1] * n, "turn_seq": 0, "events": [],
    }
    for key, value in fields.items():
        if key not in data:
            raise ValueError(f"unknown position field {key!r}")
        data[key] = value
    return data


def position_file(game, state: HorlogerieState, description: str) -> dict:
    """The one position format ({"format": "ratgames_lab.position/1", "game", "players", "options", "position"})."""
    return position_document(game, state, description)


def load_scenario(name: str) -> tuple[Any, HorlogerieState]:
    """A shipped scenario (positions/<name>.json): its Game and state."""
    return load_position(POSITIONS / f"{name}.json")


# --------------------------------------------------------------------------------------------
# The shipped scenario positions (positions/<name>.json), each built from named cards and actions
# --------------------------------------------------------------------------------------------
GRID_TIE = ["M3", "M8", "M13", "M19", "M23", "M27", "M33", "M34", "M35"]  # cheapest: M3, M8, M13 (2 VP)
GRID_ONE = ["M1", "M8", "M13", "M19", "M23", "M27", "M33", "M34", "M35"]  # cheapest: M1 alone (1 VP)


def _draws(state: HorlogerieState, deck: str, *cards: str, stop: bool = False) -> HorlogerieState:
    from .actions import DRAW, STOP, DeckCard
    for c in cards:
        state.apply(DRAW)
        state.apply(DeckCard(deck, c))
    if stop:
        state.apply(STOP)
    return state


def _perfect_exploration() -> HorlogerieState:
    return _draws(arrange(3, grid=GRID_TIE), "exploration", "S1")


def _bust_discovery() -> HorlogerieState:
    s = _draws(arrange(3, grid=GRID_ONE), "exploration", "S4", "R5")
    return _draws(s, "danger", "J1", stop=True)


def _tribe_wounds() -> HorlogerieState:
    s = _draws(arrange(2, grid=GRID_ONE, teams=[["Scout", "Scout", "Scout"], ["Artisan", "Guard", "Guard"]]),
               "exploration", "S3", "R4", stop=True)
    return _draws(s, "danger", "J1", "SR5", stop=True)


def _danger_decision() -> HorlogerieState:
    s = _draws(arrange(2, grid=GRID_ONE), "exploration", "S2", "R3", stop=True)
    return _draws(s, "danger", "S1")


def _push_your_luck() -> HorlogerieState:
    return _draws(arrange(4, grid=GRID_ONE), "exploration", "S2", "J1")


SCENARIOS = {
    "perfect_exploration": (_perfect_exploration, "Player 1 (exploration value 6) has drawn S1; a 5 makes a perfect "
                            "exploration, and three 2-VP finds tie: Player 3, the right neighbour, will choose."),
    "bust_discovery": (_bust_discovery, "Player 1 busted with S4 R5 (9 > 6); the danger phase stopped at J1 (no "
                       "shared terrain, no wound). Player 3, the right neighbour, chooses the one card kept."),
    "tribe_wounds": (_tribe_wounds, "Three Scouts explored S3 R4; the danger phase drew J1 (no wound) and a Swamp+River "
                     "Twisted Tribe: 2 wounds, once, for Player 1 to assign."),
    "danger_decision": (_danger_decision, "Player 2 draws Danger against the value 5 (S2 R3 explored) and holds S1: "
                        "draw again or stop? (the mirror push-your-luck problem)."),
    "push_your_luck": (_push_your_luck, "Player 1 of 4 has drawn S2 J1 (3 of 6): the classroom's stop-or-draw "
                       "question."),
    "wasted_change": (lambda: arrange(2, step="discover", hands=[["S5", "R1"], []], grid=GRID_ONE),
                      "Player 1 can buy M1 (S3) only with S5: the 2 extra points are lost (no change)."),
    "empty_mission_deck": (lambda: arrange(4, active=1, first=0, turn=2, grid=GRID_ONE[:8], mis_deck=["M36"]),
                           "Player 2's turn: the last mission refills the grid, so the end is triggered mid-round; "
                           "Players 3 and 4 still play."),
}


def build_scenario(name: str) -> dict:
    """The position document of a shipped scenario, rebuilt from its builder."""
    from . import Game
    make, description = SCENARIOS[name]
    state = make()
    return position_document(Game(players=state.players), state, description)


def write_positions() -> None:
    """Rewrite positions/*.json from the builders (run after changing the rules or the data)."""
    import json
    POSITIONS.mkdir(exist_ok=True)
    for name in SCENARIOS:
        (POSITIONS / f"{name}.json").write_text(json.dumps(build_scenario(name), indent=1) + "\n")
