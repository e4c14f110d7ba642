"""Small helpers for the Master of Rules tests (public API only, except where a test says otherwise)."""
from __future__ import annotations

import random
from typing import Iterable

import ratgames_lab as rl
from ratgames_lab import CHANCE

GAME = "master_of_rules"
JUDGE_KINDS = {"judge_fulfilled": True, "judge_failed": False, "dummy_fulfilled": True, "dummy_failed": False}
RULE_NAMES = {"limit_23": "Limit 23", "best_of_the_best": "Best of the Best", "only_one": "Only One",
              "trio": "Trio", "support_right": "Support Right"}


def action(game, kind: str, arg: str | None = None):
    """An action from its JSON form: action(game, "play_number", "R7"), action(game, "play_rule", "trio")."""
    data = {"kind": kind}
    if arg is not None:
        data["card" if kind.endswith("number") else "rule"] = arg
    return game.action_from_json(data)


def finish_refill(state) -> None:
    """If a refill is pending, take the first card the display offers."""
    while state.current_player >= 0 and state.phase == "refill":
        state.apply(state.legal_actions()[0])


def play_and_judge(game, state, steps: Iterable[tuple[str, str | None]]) -> list:
    """Apply (kind, arg) steps, refilling with the first offered card when needed, until the transaction is
    judged; returns the events recorded since the call."""
    start = len(state.events)
    for kind, arg in steps:
        finish_refill(state)
        state.apply(action(game, kind, arg))
    finish_refill(state)
    events = state.events[start:]
    assert any(e.kind in JUDGE_KINDS for e in events), "the transaction was not judged"
    return events


def verdicts(events) -> dict[str, tuple[str, bool, str]]:
    """{seat name: (rule name, fulfilled, reason)} from the judging events."""
    return {e.params["player"]: (e.params["rule"], JUDGE_KINDS[e.kind], e.params["reason"])
            for e in events if e.kind in JUDGE_KINDS}


def kept_of(state) -> list[list[str]]:
    """The kept Rule cards per player, from the public JSON form."""
    return state.to_json()["kept"]


def random_state(players: int, seed: int, steps: int):
    """A position reached by ``steps`` random actions (chance sampled) from a seeded new game."""
    game = rl.load_game(GAME, players=players, seed=seed)
    state = game.new_state()
    r = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(r))
        else:
            legal = state.legal_actions()
            state.apply(legal[r.randrange(len(legal))])
    return game, state


def play_out(state, r: random.Random) -> None:
    """Play to the end with random legal actions."""
    while not state.is_terminal():
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(r))
        else:
            legal = state.legal_actions()
            state.apply(legal[r.randrange(len(legal))])
