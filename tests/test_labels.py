"""Names, never codes: every button label (``str`` of each legal action, or the game's own terminal wording), event
text and terminal prompt of seeded random games, for every registered game, player count and declared variant,
names things as the table does and gets its plurals right (issue 22, "Must hold")."""
from __future__ import annotations

import importlib
import importlib.util
import random
import re

import pytest

import ratgames_lab as rl
from ratgames_lab.core.protocol import CHANCE

CLASSES = r"(?:peasantry|bourgeoisie|clergy|chivalry|magic|nobility)"
CODES = re.compile(
    rf"\b{CLASSES}-\d+\b"                          # Rattus Cartus Population card ids
    r"|\b\w+-S\d\b"                                # Rattus Cartus building card ids ('monastery-S2')
    r"|\(S\d:"                                     # Rattus Cartus support ids ('(S2: discard 2 rats)')
    r"|\b[SRJM]\d+\b|\b[SRJ]{2,3}\d+\b"            # Horlogerie faces and missions ('S3', 'SR5', 'M4')
    r"|\b(?:intersection|edge|tile|spot)s? \d+\b"  # Catan places by number
    r"|\b[Cc]hoose player \d+|\bthe building action\b"  # a seat by number; an action without its building
)
NOUNS = ("nuns", "cards", "roads", "rats", "points", "games", "cities", "settlements", "ships", "wounds", "looks",
         "players", "knights", "turns", "coins", "resources", "commodities", "influences", "VPs", "victory points")
WRONG_PLURAL = re.compile(r"\(s\)|\b1 (?:[a-z]+ )?(?:" + "|".join(NOUNS) + r")\b", re.IGNORECASE)
GAMES_PER_CONFIGURATION = 2
MAX_STEPS = 160
PROMPT_EVERY = 7  # a terminal prompt every few decisions keeps the test cheap


def _configurations() -> list:
    cases = []
    for name, info in sorted(rl.GAMES.items()):
        for label, options in info.configurations():
            for players in info.players:
                cases.append(pytest.param(name, players, options, id=f"{name}{'-' + label if label else ''}-{players}"))
    return cases


def _texts_module(info):
    """The game's own terminal wording (``text_board``), as ``ratgames play`` uses it, if it has one."""
    name = f"{info.module}.text_board"
    return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None


def _prompt(board, state, seat: int) -> str:
    if board is not None:
        return board.state_text(state, seat)
    text = state.describe() or ""
    hand = state.hand_text(seat)
    return text + ("\n" + hand if hand else "")


def _collect(name: str, players: int, options: dict, seed: int) -> list[tuple[str, str]]:
    """(where, text) of every label, event and prompt of one seeded random game, cut after MAX_STEPS decisions."""
    info = rl.GAMES[name]
    board = _texts_module(info)
    label = (lambda s, a: board.action_text(s, a)) if board is not None else (lambda s, a: str(a))
    event = (lambda s, e: board.event_text(s, e)) if board is not None else (lambda s, e: e.text())
    state = rl.load_game(name, players=players, seed=seed, **options).new_state()
    rng = random.Random(seed)
    texts: list[tuple[str, str]] = []
    decisions = 0
    while not state.is_terminal() and decisions < MAX_STEPS:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        actions = state.legal_actions()
        texts += [("button", label(state, a)) for a in actions]
        if decisions % PROMPT_EVERY == 0:
            texts.append(("prompt", _prompt(board, state, state.current_player)))
        state.apply(rng.choice(actions))
        decisions += 1
    texts += [("event", event(state, e)) for e in state.events]
    texts.append(("prompt", _prompt(board, state, 0)))
    return texts


def _faults(texts: list[tuple[str, str]]) -> list[str]:
    faults = []
    for where, text in texts:
        for pattern, what in ((CODES, "code"), (WRONG_PLURAL, "plural")):
            m = pattern.search(text)
            if m:
                line = next(li for li in text.splitlines() if m.group(0) in li)
                faults.append(f"{where} ({what} {m.group(0)!r}): {line.strip()[:160]}")
    return sorted(set(faults))


@pytest.mark.parametrize("name, players, options", _configurations())
def test_every_text_names_things_and_counts_right(name, players, options):
    faults = []
    for seed in range(GAMES_PER_CONFIGURATION):
        faults += _faults(_collect(name, players, options, seed))
    assert not faults, f"{len(set(faults))} texts with codes or wrong plurals:\n" + "\n".join(sorted(set(faults))[:25])


def test_the_patterns_catch_the_old_wording():
    old = ["Place Knight (chivalry-04, 4 nuns) face down", "Rest: discard S3 for its points",
           "Rest: untap the find M4", "Build a settlement on intersection 34", "Monastery (S2: discard 2 rats)",
           "Perform the building action", "Choose player 2"]
    assert all(CODES.search(t) for t in old)
    assert all(WRONG_PLURAL.search(t) for t in ["1 nuns", "hand 1 cards", "1 roads", "5 point(s)"])
    assert not any(CODES.search(t) or WRONG_PLURAL.search(t)
                   for t in ["Place Knight (4 nuns) face down", "Rest: untap the Compass (Swamp 4)", "1 nun",
                             "Use the privilege of the Farm", "Choose Green"])


def test_rattus_cartus_names_the_building_and_the_player_of_a_choice():
    from ratgames_lab.rattus_cartus import action_text
    from ratgames_lab.rattus_cartus.actions import ChoosePlayer

    state = rl.load_game("rattus_cartus", players=3, seed=1).new_state()
    rng = random.Random(1)
    while not state.is_terminal() and not any(a.kind == "use_action" for a in state.legal_actions()):
        state.apply(state.sample_chance(rng) if state.current_player == CHANCE else rng.choice(state.legal_actions()))
    labels = [action_text(state, a) for a in state.legal_actions()]
    names = set(state.comp.buildings.type_names)
    assert all(re.fullmatch(r"(?:Use|Decline) the (?:privilege|basic action) of the (.+)", t)[1] in names
               for t in labels), labels
    assert action_text(state, ChoosePlayer(2)) == f"Choose {state.name(2)}"
