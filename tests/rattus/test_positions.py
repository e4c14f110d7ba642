"""Round trips (JSON, replays, saved matches), observations, determinization and malformed positions."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratgames_lab as rl
from ratgames_lab.rattus import POSITIONS, load_position


def test_match_with_custom_tokens_saves_its_options(tmp_path):
    game, _ = load_position("gallia_plague")
    match = rl.Match(rl.load_game("rattus", players=4, seed=2, tokens=game.options["tokens"]))
    rng = random.Random(1)
    for _ in range(30):
        s = match.state
        match.play_chance(rng) if s.current_player < 0 else match.apply(rng.choice(s.legal_actions()))
    match.save(tmp_path / "m.json")
    assert rl.Match.load(tmp_path / "m.json").state.to_json() == match.state.to_json()


def test_observation_hides_face_down_ids_and_determinize_keeps_what_is_known():
    from ratgames_lab.rattus.actions import WitchPeek, WitchSwap
    game, state = load_position("placement")
    data = state.to_json()
    data["classes"]["witch"] = 2
    data["active"] = 2
    state = game.state_from_json(data)
    state.apply(WitchPeek("Gallia", 2))
    state.apply(WitchPeek("Germania", 0))
    state.apply(WitchSwap(False))
    player = 2
    obs = state.observation(player)
    assert all(isinstance(r["rats"], int) for r in obs["regions"].values())
    assert isinstance(obs["supply"], int) and isinstance(obs["removed"], int)
    json.dumps(obs)
    seen = {state.comp.tokens.ids[t] for t in state.peeks[player]}
    assert len(seen) == 2 and {p["token"]["id"] for p in obs["peeks"]} == seen
    assert state.observation(0)["peeks"] == []
    rng = random.Random(5)
    changed = False
    for _ in range(20):
        d = state.determinize(player, rng)
        assert d.observation(player) == obs  # the same view for that player
        for t in state.peeks[player]:
            assert d.locate(t) == state.locate(t)
        ids = sorted([t for r in d.rats for t in r] + d.supply + d.removed)
        assert ids == sorted([t for r in state.rats for t in r] + state.supply + state.removed)
        changed |= d.rats != state.rats
        other = state.determinize(0, rng)  # Red has seen nothing: Green's peeked tokens move too
        assert [len(r) for r in other.rats] == [len(r) for r in state.rats]
        assert len(other.peeks[player]) == 2 and all(other.locate(t) for t in other.peeks[player])
    assert changed


def test_determinize_then_analysis_runs():
    from ratgames_lab.core.analysis import evaluate_actions
    game, s = load_position("placement")
    values = evaluate_actions(s, playouts=3, seed=1)
    assert len(values) == len(s.legal_actions())
    assert all(0.0 <= v.win_rate <= 1.0 for v in values)
    assert s.to_json() == load_position("placement")[1].to_json()


@pytest.mark.parametrize("path", sorted(POSITIONS.glob("*.json")))
def test_shipped_positions_load(path):
    doc = json.loads(path.read_text())
    game, state = load_position(path.stem)
    assert doc["description"] and doc["players"] == state.players
    assert state.current_player in (0, 1) and state.step == "main"


def _base():
    return load_position("placement")


@pytest.mark.parametrize("change,field", [
    (lambda d: d.pop("plague"), "plague"),
    (lambda d: d.update(plague="Atlantis"), "plague"),
    (lambda d: d["regions"].pop("Gallia"), "regions.Gallia"),
    (lambda d: d["regions"].update(Atlantis={"rats": [], "cubes": [0, 0, 0, 0]}), "regions.Atlantis"),
    (lambda d: d["regions"]["Gallia"]["rats"].append("R99"), "regions.Gallia.rats"),
    (lambda d: d["supply"].append("R99"), "supply[33]"),
    (lambda d: d["supply"].append(d["regions"]["Gallia"]["rats"][0]), "supply[33]"),
    (lambda d: d["supply"].pop(), "tokens"),
    (lambda d: d["regions"]["Gallia"]["cubes"].pop(), "regions.Gallia.cubes"),
    (lambda d: d["regions"]["Gallia"].update(cubes=[25, 0, 0, 0]), "regions"),
    (lambda d: d.update(castle=[0, 0, 0]), "castle"),
    (lambda d: d.update(active=7), "active"),
    (lambda d: d.update(step="dance"), "step"),
    (lambda d: d.update(setup_index=2), "setup_index"),
    (lambda d: d["classes"].update(king=9), "classes.king"),
    (lambda d: d.update(used=["monk"]), "used"),
    (lambda d: d.update(witch=["R01", None]), "witch"),
    (lambda d: d.update(peeks=[["R01"], [], [], []]), "peeks[0][0]"),
    (lambda d: d.update(final_queue=[1, 2]), "final_queue"),
    (lambda d: d.update(spread_target="Gallia"), "spread_target"),
    (lambda d: d.update(players=3), "players"),
    (lambda d: d.update(format="other"), "format"),
    (lambda d: d["dealt_at_setup"].pop(), "dealt_at_setup"),
    (lambda d: d["dealt_at_setup"].__setitem__(0, "R13"), "dealt_at_setup[0]"),  # not a setup token
    (lambda d: d["dealt_at_setup"].__setitem__(0, "R02"), "dealt_at_setup"),  # listed twice
    (lambda d: (d["supply"].append("R06"), d["regions"]["Hungaria"]["rats"].remove("R06")),
     "dealt_at_setup[5]"),  # a token dealt at setup cannot be back in the supply
])
def test_malformed_positions_name_the_field(change, field):
    game, s = _base()
    data = s.to_json()
    if field == "peeks[0][0]":
        data["peeks"][0] = [data["supply"][0]]
        change = lambda d: None  # noqa: E731
    change(data)
    with pytest.raises(rl.InvalidPositionError) as err:
        game.state_from_json(data)
    assert err.value.field == field or err.value.field.startswith(field), (err.value.field, field)


def test_a_file_from_before_setup_tokens_were_recorded_still_loads_with_the_older_model():
    game, s = _base()
    data = s.to_json()
    data.pop("dealt_at_setup")
    old = game.state_from_json(data)
    assert old.dealt == [] and old.to_json()["dealt_at_setup"] == []
    worlds = old.hidden_worlds(0)
    assert not worlds.deals[0].slots  # nothing is known to come from the setup deal: one deal of every token
    assert len(worlds.slots) == len(s.hidden_worlds(0).slots)
    assert game.state_from_json(old.to_json()).to_json() == old.to_json()


BASE = _base()[1].to_json()
KEYS = sorted(set(BASE) - {"events"})
values = st.recursive(st.none() | st.booleans() | st.integers(-2, 25) | st.sampled_from(
    ["Gallia", "R01", "R13", "main", "supply", "king", "x"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
        ["Gallia", "rats", "cubes", "king", "R01"]), inner, max_size=3), max_leaves=10)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(key=st.sampled_from(KEYS), sub=st.sampled_from([None, "Gallia", "rats", "cubes", 0, 1]), value=values)
def test_fuzzed_positions_are_rejected_with_a_field(key, sub, value):
    game = rl.load_game("rattus", players=4, seed=0)
    data = copy.deepcopy(BASE)
    target = data[key]
    if sub is not None and isinstance(target, dict) and sub in target:
        target[sub] = value
    elif isinstance(sub, int) and isinstance(target, list) and sub < len(target):
        target[sub] = value
    else:
        data[key] = value
    try:
        state = game.state_from_json(data)
    except rl.InvalidPositionError as exc:
        assert exc.field
    else:
        assert state.to_json()["format"] == "ratgames_lab.rattus/1"
