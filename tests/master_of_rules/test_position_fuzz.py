"""Malformed positions: state_from_json raises InvalidPositionError naming the field, never anything else.

Targeted cases check the exact field; hypothesis then mutates valid positions at random (drop, replace,
duplicate, move, add) and requires either an InvalidPositionError or a fully usable state.
"""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratgames_lab as rl
from ratgames_lab import InvalidPositionError

from .helpers import play_out, random_state
from ratgames_lab.master_of_rules.scenarios import EXAMPLES, POSITIONS

FUZZ = settings(max_examples=400, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
TOP_KEYS = ["format", "players", "transaction", "start_player", "round", "turn", "phase", "refill_type",
            "hands", "known_in_hands", "display", "decks", "discards", "table", "first_round", "kept"]


def _bases() -> list[dict]:
    """Valid positions in every phase: the shipped examples and states of random games."""
    out = [json.loads((POSITIONS / f"{name}.json").read_text())["position"] for name in sorted(EXAMPLES)]
    for players in (3, 4, 5):
        for seed, steps in ((1, 0), (2, 3), (3, 17), (4, 120), (5, 400)):
            out.append(random_state(players, seed, steps)[1].to_json())
    phases = {d["phase"] for d in out}
    assert phases == {"play", "refill", "dummy_draw", "display_draw", "over"}, phases
    return out


BASES = _bases()


def parse(data):
    """state_from_json through the package-level function (no player-count check of the Game)."""
    from ratgames_lab.master_of_rules import state_from_json
    return state_from_json(data)


def rejected(data) -> InvalidPositionError:
    with pytest.raises(InvalidPositionError) as err:
        parse(data)
    assert isinstance(err.value.field, str) and err.value.field
    return err.value


def spare(data: dict, kind: str) -> str:
    """Remove and return a card ("numbers" or "rules") from the deck, or from the discards if the deck is empty."""
    pile = data["decks"][kind] or data["discards"][kind]
    return pile.pop()


def base(phase: str = "play", players: int | None = None) -> dict:
    return copy.deepcopy(next(d for d in BASES if d["phase"] == phase and players in (None, d["players"])))


# -- targeted ------------------------------------------------------------------------------------------
@pytest.mark.parametrize("key", TOP_KEYS)
def test_missing_field(key):
    data = base()
    del data[key]
    assert rejected(data).field == key


@pytest.mark.parametrize("path, field", [
    (("hands", 0, "numbers"), "hands[0].numbers"), (("display", "rules"), "display.rules"),
    (("table", 2, "number"), "table[2].number"), (("decks", "numbers"), "decks.numbers"),
])
def test_missing_nested_field(path, field):
    data = base()
    node = data
    for step in path[:-1]:
        node = node[step]
    del node[path[-1]]
    assert rejected(data).field == field


@pytest.mark.parametrize("key, value", [
    ("players", "4"), ("players", 4.0), ("players", True), ("players", None), ("transaction", 1.0),
    ("turn", 0.0), ("start_player", [0]), ("round", 1.0), ("round", "1"), ("phase", 3), ("refill_type", 1),
    ("hands", {}), ("table", "empty"), ("kept", [[1]]), ("format", "ratgames_lab.master_of_rules/2"),
])
def test_wrong_type(key, value):
    data = base()
    data[key] = value
    assert rejected(data).field.split("[")[0].split(".")[0] == key


@pytest.mark.parametrize("key", ["players", "transaction", "start_player", "turn", "round"])
@pytest.mark.parametrize("value", [10**30, -10**30, 2**63, -1])
def test_huge_or_negative_ints(key, value):
    data = base()
    data[key] = value
    assert rejected(data).field == key


@pytest.mark.parametrize("value", [None, [], "position", 42, 3.5, True, [{"players": 3}]])
def test_non_dict_input(value):
    assert rejected(value).field == "position"


@pytest.mark.parametrize("where", [(), ("hands", 1), ("display",), ("table", 0), ("decks",)])
def test_extra_field(where):
    data = base()
    node = data
    for step in where:
        node = node[step]
    node["surprise"] = 1
    err = rejected(data)
    assert "surprise" in err.field


def test_duplicated_number_card():
    data = base()
    data["hands"][0]["numbers"].append(data["decks"]["numbers"][0])
    data["decks"]["numbers"].append(data["hands"][0]["numbers"][0])
    err = rejected(data)
    assert err.field.startswith(("decks.numbers", "hands[0].numbers"))


def test_missing_and_extra_rule_cards():
    data = base()
    spare(data, "rules")
    assert rejected(data).field == "rules"
    data = base()
    data["discards"]["rules"].append("trio")
    assert rejected(data).field == "rules"


def test_impossible_counts():
    data = base()
    data["hands"][0]["numbers"].append(spare(data, "numbers"))
    assert rejected(data).field == "hands[0].numbers"
    data = base()
    data["hands"][1]["rules"].append(spare(data, "rules"))
    assert rejected(data).field == "hands[1].rules"
    data = base()
    data["display"]["numbers"] += [spare(data, "numbers") for _ in range(6 - len(data["display"]["numbers"]))]
    assert rejected(data).field == "display"
    data = base()
    data["hands"].pop()
    assert rejected(data).field == "hands"
    data = base()
    data["known_in_hands"][0]["numbers"].append(data["decks"]["numbers"][0])
    assert rejected(data).field == "known_in_hands[0].numbers"


@pytest.mark.parametrize("key, value", [("phase", "lunch"), ("phase", "PLAY"), ("turn", 7), ("round", 3),
                                        ("refill_type", "number"), ("transaction", 12), ("start_player", 4)])
def test_bad_phase_turn_and_counters(key, value):
    data = base(players=3)
    data[key] = value
    assert rejected(data).field == key


def test_turn_must_be_n_while_the_dummies_draw():
    data = base("dummy_draw")
    data["turn"] = 0
    assert rejected(data).field == "turn"


def test_game_over_needs_the_last_transaction():
    data = base("over")
    data["transaction"] -= 1
    assert rejected(data).field == "transaction"


def test_inconsistent_table_real_player():
    data = next(copy.deepcopy(d) for d in BASES if d["phase"] == "play" and d["round"] == 1 and d["turn"] == 0)
    assert all(t == {"number": None, "rule": None} for t in data["table"])
    data["table"][1]["number"] = spare(data, "numbers")
    assert rejected(data).field.startswith(("table[1]", "first_round"))


@pytest.mark.parametrize("players, seat, kind", [(4, 4, "rule"), (3, 4, "rule"), (3, 4, "number")])
def test_inconsistent_table_dummy_seat(players, seat, kind):
    """A dummy seat holding a card the dummy can never have at this point of the transaction."""
    data = next(copy.deepcopy(d) for d in BASES if d["players"] == players and d["phase"] == "play"
                and d["round"] == 2)
    assert data["table"][seat][kind] is None
    if kind == "rule":
        data["table"][seat]["rule"] = spare(data, "rules")
    else:
        data["table"][seat]["number"] = spare(data, "numbers")
    assert rejected(data).field == f"table[{seat}]"


def test_first_round_must_match_the_table():
    data = next(copy.deepcopy(d) for d in BASES if d["phase"] == "play" and d["round"] == 2 and d["players"] == 5
                and d["turn"] == 4)
    p = 4  # Player 5 has played only the first-round card
    data["first_round"][p] = "number" if data["first_round"][p] == "rule" else "rule"
    assert rejected(data).field.startswith(("first_round", "table"))


def test_player_count_must_match_the_game():
    data = base(players=3)
    with pytest.raises(InvalidPositionError) as err:
        rl.load_game("master_of_rules", players=4).state_from_json(data)
    assert err.value.field == "players"


# -- fuzzing ------------------------------------------------------------------------------------------
JSON_VALUES = [None, True, False, 0, 1, -1, 2, 5, 12, 1.5, 3.0, 10**30, -10**30, "", "R7", "Z0", "trio", "play",
               "over", "number", [], {}, ["R7"], ["trio"], [None], {"numbers": [], "rules": []},
               {"number": None, "rule": None}, [[]], [{}]]


def paths(node, prefix=()):
    """Every path to a value inside a JSON document."""
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from paths(v, prefix + (i,))


def at(node, path):
    for step in path:
        node = node[step]
    return node


def card_lists(data):
    return [p for p in paths(data) if p and p[0] != "events" and isinstance(at(data, p), list)]


def mutate(data: dict, r: random.Random) -> dict:
    """One random corruption of a valid position."""
    data = copy.deepcopy(data)
    how = r.choice(["drop", "replace", "replace", "duplicate", "move", "move", "move", "add"])
    all_paths = [p for p in paths(data) if p and not (p[0] == "events" and len(p) > 2)]
    path = r.choice(all_paths)
    parent, key = at(data, path[:-1]), path[-1]
    if how == "drop":
        del parent[key]
    elif how == "replace":
        parent[key] = copy.deepcopy(r.choice(JSON_VALUES))
    elif how == "add":
        target = r.choice([p for p in paths(data) if isinstance(at(data, p), (dict, list))])
        node = at(data, target)
        if isinstance(node, dict):
            node[r.choice(["extra", "numbers", "rule", "kind"])] = copy.deepcopy(r.choice(JSON_VALUES))
        else:
            node.append(copy.deepcopy(r.choice(JSON_VALUES)))
    else:
        lists = lambda: card_lists(data) + [p for p in paths(data) if len(p) == 3 and p[0] == "table"]  # noqa: E731
        if not lists():
            return data
        src = r.choice(lists())
        src_v = at(data, src)
        if isinstance(src_v, list):
            if not src_v:
                return data
            card = src_v.pop(r.randrange(len(src_v))) if how != "duplicate" else copy.deepcopy(r.choice(src_v))
        else:
            card = src_v
            if how != "duplicate":
                at(data, src[:-1])[src[-1]] = None
        if card is None:
            return data
        dst = r.choice(lists())
        dst_v = at(data, dst)
        if isinstance(dst_v, list):
            dst_v.append(card)
        else:
            at(data, dst[:-1])[dst[-1]] = card
    return data


def assert_usable(state, seed: int) -> None:
    """A loaded position behaves: it round-trips, its legal actions are legal, and it plays to the end."""
    data = state.to_json()
    assert parse(data).to_json() == data
    state.observation(0)
    state.describe()
    for a in state.legal_actions():
        state.check(a)
    play_out(state, random.Random(seed))


@FUZZ
@given(base_index=st.integers(0, len(BASES) - 1), seed=st.integers(0, 2**32), mutations=st.integers(1, 3))
def test_fuzz_malformed_positions(base_index, seed, mutations):
    r = random.Random(seed)
    data = BASES[base_index]
    for _ in range(mutations):
        data = mutate(data, r)
    try:
        state = parse(data)
    except InvalidPositionError as err:
        assert isinstance(err.field, str) and err.field
        return
    assert_usable(state, seed)


@FUZZ
@given(value=st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=5),
                          lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                                   max_size=4), max_leaves=12),
       key=st.sampled_from(TOP_KEYS + ["events"]), base_index=st.integers(0, len(BASES) - 1))
def test_fuzz_any_json_in_any_field(value, key, base_index):
    data = copy.deepcopy(BASES[base_index])
    data[key] = value
    try:
        state = parse(data)
    except InvalidPositionError as err:
        assert isinstance(err.field, str) and err.field
        return
    assert_usable(state, 0)


@pytest.mark.parametrize("event", [{"kind": "play_number", "params": {}, "rule": "transaction.play"},
                                   {"kind": "take_rule", "params": {"player": {"x": 1}, "rule": [1]}, "rule": "x"},
                                   {"kind": "nobody_knows", "params": {"a": None}, "rule": ""}])
def test_hand_edited_events_do_not_break_the_log(event):
    """Events are free-form history: a position with odd events loads, and its log still renders."""
    data = base()
    data["events"] = [event]
    state = parse(data)
    texts = state.observation(0)["events"]
    assert len(texts) == 1 and isinstance(texts[0], str) and texts[0]


def test_malformed_events_are_rejected():
    data = base()
    data["events"] = [{"kind": "play_number", "rule": "x"}]
    assert rejected(data).field.startswith("events[0]")


def test_a_known_card_listed_twice_is_rejected():
    data = base()
    hand = data["hands"][0]["numbers"]
    data["known_in_hands"][0]["numbers"] = [hand[0], hand[0]]
    assert rejected(data).field == "known_in_hands[0].numbers"


def test_a_player_to_move_with_nothing_to_play_is_rejected():
    """Round 1 and the player to move holds no card: no legal move, so the position is refused (not stuck)."""
    data = next(copy.deepcopy(d) for d in BASES if d["phase"] == "play" and d["round"] == 1 and d["turn"] == 0)
    p = (data["start_player"] + data["transaction"]) % data["players"]
    data["decks"]["numbers"] += data["hands"][p]["numbers"]
    data["decks"]["rules"] += data["hands"][p]["rules"]
    data["hands"][p] = {"numbers": [], "rules": []}
    data["known_in_hands"][p] = {"numbers": [], "rules": []}
    assert rejected(data).field == "position"
