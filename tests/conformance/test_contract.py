"""The engine contract, on every registered game and player count, through seeded random games.

After every step: the JSON round trip, with the same legal actions in the same order; ``is_legal(a)`` iff ``a in legal_actions()``; illegal actions (from other
states, other seats, other games, with malformed fields) rejected with IllegalActionError and the JSON unchanged;
chance outcomes as Fractions summing to exactly 1; ``determinize(q)`` keeping what q sees and, for the seat to
move, its legal actions; observations and actions as plain JSON. What is checked of hidden information and chance
follows the game's declaration (``GameInfo.information``, ``GameInfo.chance``).
"""
from __future__ import annotations

import dataclasses
import json
import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab.core.protocol import describe_action

GAMES_PER_COUNT = 1
# a random game longer than this is a defect of the game (or needs a turn cap); the longest are Catan's combined
# variant's: 2300-4300 random actions in its 350 turns (player trades: every offer waits for every answer)
MAX_STEPS = 6000
# every step of the first 300 is fully checked, then one step in 5 until step 1000, then one in 25 (a check saves and
# reloads the whole position with its event history, so in the long games a check costs more the later it comes)
EVERY_STEP_UNTIL = 300
CHECK_EVERY = 5
SPARSE_FROM, CHECK_EVERY_LATE = 1000, 25
ODD_VALUES = [None, True, -1, 10**20, "Z9", "", 1.5, (), ("x",)]


def _json(value) -> str:
    return json.dumps(value, sort_keys=True, allow_nan=False)


def _copy(value):
    """A deep copy of JSON data (dicts, lists and tuples of plain values), several times faster than deepcopy."""
    if isinstance(value, dict):
        return {k: _copy(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy(v) for v in value]
    if isinstance(value, tuple):
        return tuple(_copy(v) for v in value)
    return value


def _other_games_actions() -> dict[str, list]:
    """A few legal actions of each game's opening position (actions "from another game")."""
    out = {}
    for name, info in rl.GAMES.items():
        for label, options in info.configurations():
            state = rl.load_game(name, players=info.players[0], seed=1, **options).new_state()
            out[f"{name}-{label}" if label else name] = state.legal_actions()[:5]
    return out


OTHER_ACTIONS = _other_games_actions()


def _malformed(action, rng: random.Random) -> list:
    """Copies of ``action`` with one field replaced by a value of the wrong type or out of range."""
    out = []
    if dataclasses.is_dataclass(action):
        for f in dataclasses.fields(action):
            value = rng.choice(ODD_VALUES)
            try:
                out.append(dataclasses.replace(action, **{f.name: value}))
            except (TypeError, ValueError):  # the action refuses it at construction: fine
                pass
    return out


def _check_chance(state) -> None:
    outcomes = state.chance_outcomes()
    assert outcomes, "a chance node without outcomes"
    assert all(isinstance(p, Fraction) and p > 0 for _, p in outcomes)
    assert sum(p for _, p in outcomes) == 1
    assert {_json(a.to_json()) for a, _ in outcomes} == {_json(a.to_json()) for a in state.legal_actions()}


def _check_illegal(state, candidates, legal) -> None:
    before = _copy(state.to_json())  # compared as data: as strict as comparing JSON texts, and cheaper
    fields = {k: v for k, v in before.items() if k not in ("format", "players", "events")}  # to_json's fields part
    events = list(state.events)
    legal_keys = {_json(a.to_json()) for a in legal}
    for action in candidates:
        try:
            key = _json(action.to_json())
        except (TypeError, ValueError):
            key = None
        listed = key in legal_keys and action in legal
        if state.is_legal(action):
            assert listed or state.accepts_unlisted(action), describe_action(action)
            continue
        assert not listed, f"listed as legal but refused: {describe_action(action)}"
        with pytest.raises(rl.IllegalActionError) as err:
            state.apply(action)
        assert err.value.rule, "an illegal action must name the rule"
        # after each refusal: every field and the event list (cheap); after all of them: the whole position
        assert state.FIELDS.encode(state) == fields and state.events == events, \
            f"state changed by refused {describe_action(action)}"
    assert state.to_json() == before, "state changed by a refused action"


def _check_views(state, game, rng: random.Random, player: int, step: int) -> bool:
    """determinize(q) keeps what q sees (and q's legal actions when q decides); True if it changed the JSON.

    Checked for the seat to move and one other seat in turn (every seat is checked every few steps).
    """
    changed = False
    full = _copy(state.to_json())
    for q in sorted({player, step % state.players} - {rl.CHANCE}):
        world = state.determinize(q, rng)
        assert _json(world.observation(q)) == _json(state.observation(q)), f"seat {q}'s view changed"
        assert world.current_player == state.current_player
        if q == player:
            assert [a.to_json() for a in world.legal_actions()] == [a.to_json() for a in state.legal_actions()]
        world_json = world.to_json()
        if world_json != full:
            changed = True
            game.state_from_json(world_json)  # a resampled world is a valid position
        assert state.to_json() == full, "determinize changed the state itself"
    return changed


def _step_checks(game, state, rng, pool, player, step) -> bool:
    data = state.to_json()
    text = _json(data)
    again = game.state_from_json(json.loads(text))
    assert _json(again.to_json()) == text, "JSON round trip"
    assert again.current_player == state.current_player
    legal = state.legal_actions()
    assert [a.to_json() for a in again.legal_actions()] == [a.to_json() for a in legal], \
        "legal_actions() lists other actions or another order after a JSON round trip (order is part of the position)"
    if state.is_terminal():
        assert legal == []
        return False
    assert legal, "a non-terminal state with no legal action"
    for a in legal:
        assert state.is_legal(a)
        assert game.action_from_json(json.loads(_json(a.to_json()))) == a
        assert str(a)
    if player == rl.CHANCE:
        _check_chance(state)
    else:
        _json(state.observation(player))
    candidates = rng.sample(pool, min(6, len(pool))) + [a for acts in OTHER_ACTIONS.values() for a in acts[:2]]
    candidates += _malformed(rng.choice(legal), rng)
    _check_illegal(state, candidates, legal)
    return _check_views(state, game, rng, player, step)


def test_random_games_keep_the_contract(game_count):
    name, players, options = game_count
    resampled = chance_seen = False
    for seed in range(GAMES_PER_COUNT):
        game = rl.load_game(name, players=players, seed=seed, **options)
        state = game.new_state()
        rng = random.Random(seed)
        pool: list = []
        for step in range(MAX_STEPS):
            player = state.current_player
            chance_seen |= player == rl.CHANCE
            every = CHECK_EVERY if step < SPARSE_FROM else CHECK_EVERY_LATE
            if step < EVERY_STEP_UNTIL or step % every == 0 or state.is_terminal():
                resampled |= _step_checks(game, state, rng, pool, player, step)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            pool.extend(rng.sample(legal, min(3, len(legal))))
            del pool[:-200]
            action = state.sample_chance(rng) if player == rl.CHANCE else rng.choice(legal)
            state.apply(action)
        assert state.is_terminal(), f"no end after {MAX_STEPS} random actions"
        returns = state.returns()
        assert len(returns) == players and abs(sum(returns) - 1) < 1e-9 or sum(returns) == 0
        assert len(state.scores()) == players
    _check_declaration(rl.GAMES[name], resampled, chance_seen)


def _check_declaration(info, resampled: bool, chance_seen: bool) -> None:
    """The random games agree with the game's declared information structure."""
    if info.information == "hidden":
        assert resampled, "determinize never resampled anything: the observation checks would be vacuous"
    else:
        assert not resampled, "a perfect-information game's determinize must change nothing"
    met = "met" if chance_seen else "never met"
    assert chance_seen == info.chance, f"declared chance={info.chance}, but a chance node was {met}"


def test_malformed_action_json_is_refused_by_name(game_variant):
    game_name, options = game_variant
    game = rl.load_game(game_name, players=rl.GAMES[game_name].players[0], **options)
    for bad in [None, 3, "play", [], {}, {"kind": 7}, {"kind": "no_such_kind"}, {"kind": "no_such_kind", "x": 1}]:
        with pytest.raises(rl.InvalidPositionError) as err:
            game.action_from_json(bad)
        assert err.value.field.startswith("action")
    state = game.new_state()
    for a in state.legal_actions()[:5]:
        data = a.to_json()
        for key in [k for k in data if k != "kind"]:
            for value in ([], {"x": 1}, 1.5):
                broken = {**data, key: value}
                try:
                    decoded = game.action_from_json(broken)
                except rl.InvalidPositionError as exc:
                    assert exc.field
                else:
                    str(decoded)  # a decodable action can always be described
                    assert not state.is_legal(decoded) or decoded in state.legal_actions()
