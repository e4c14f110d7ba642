"""Positions and card data: round trips, malformed positions and deck files rejected naming the bad field."""
from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import ratgames_lab as rl
from ratgames_lab import InvalidPositionError
from ratgames_lab.horlogerie import Game
from ratgames_lab.horlogerie.cards import DATA_DIR, DECK_FILES

from .helpers import arrange, explore

FUZZ = settings(max_examples=120, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


def midgame(players: int = 3, seed: int = 4, steps: int = 150):
    game = Game(players=players, seed=seed)
    s = game.new_state()
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        legal = s.legal_actions()
        s.apply(s.sample_chance(rng) if s.current_player == rl.CHANCE else legal[rng.randrange(len(legal))])
    return game, s


def rejected(game, data, field: str) -> None:
    with pytest.raises(InvalidPositionError) as err:
        game.state_from_json(data)
    assert err.value.field == field, err.value


def test_round_trip_through_json_text():
    for n in (2, 4, 6):
        game, s = midgame(n)
        data = json.loads(json.dumps(s.to_json()))
        back = game.state_from_json(data)
        assert back.to_json() == s.to_json() and back.legal_actions() == s.legal_actions()
        assert back.current_player == s.current_player


def test_observation_hides_other_hands_and_shows_their_sizes():
    s = arrange(3, hands=[["S1", "S2"], ["R5"], []])
    obs = s.observation(1)
    assert obs["hand"] == ["R5"] and obs["hand_sizes"] == [2, 1, 0]
    assert "S2" not in json.dumps({k: v for k, v in obs.items() if k != "events"})
    json.dumps(obs)


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d["exp_deck"].pop(), "exp_deck"),                      # a card missing
    (lambda d: d["exp_deck"].append("S9"), "exp_deck[54]"),           # an unknown card
    (lambda d: d["dan_deck"].append("S1"), "dan_deck"),               # a card twice
    (lambda d: d["hor_deck"].append("Wizard"), "hor_deck[12]"),
    (lambda d: d["grid"].append("M36"), "grid"),
    (lambda d: d.update(players=4), "players"),
    (lambda d: d.update(step="nap"), "step"),
    (lambda d: d.update(active=7), "active"),
    (lambda d: d.update(turn=-1), "turn"),
    (lambda d: d.update(extra=1), "extra"),
    (lambda d: d.pop("grid"), "grid"),
    (lambda d: d["wounds"][0].append(0), "wounds[0]"),
    (lambda d: d["wounds"].__setitem__(0, [2, 0, 0]), "wounds[0][0]"),  # a Porter dies with more than 1
    (lambda d: d["tapped"].__setitem__(0, [1]), "tapped[0]"),
    (lambda d: d.update(exp_top="S1"), "exp_seen"),
    (lambda d: d.update(rest_points=3), "rest_points"),
    (lambda d: d.update(vp_turn=[9, -1, -1]), "vp_turn[0]"),
    (lambda d: d.update(hands="S1"), "hands"),
    (lambda d: d["team"][1].append("Scout"), "team[1]"),
])
def test_malformed_positions_name_the_bad_field(mutate, field):
    s = arrange(3)
    game = Game(players=3)
    data = copy.deepcopy(s.to_json())
    mutate(data)
    rejected(game, data, field)


def test_the_pending_step_must_fit_the_data():
    s = arrange(3)
    explore(s, "S2")
    data = s.to_json()
    bad = copy.deepcopy(data)
    bad["explore_result"] = ""
    rejected(Game(players=3), bad, "explore_result")
    bad = copy.deepcopy(data)
    bad["step"] = "reward"
    rejected(Game(players=3), bad, "reward_taker")


@FUZZ
@given(st.data())
def test_fuzzed_positions_are_accepted_or_rejected_cleanly(data):
    game, s = midgame(3, seed=9, steps=60)
    d = s.to_json()
    key = data.draw(st.sampled_from(sorted(k for k in d if k != "events")))
    value = data.draw(st.one_of(st.none(), st.integers(-3, 60), st.text(max_size=4), st.booleans(),
                                st.lists(st.one_of(st.integers(-1, 5), st.sampled_from(["S1", "M1", "Guard", "J5"])),
                                         max_size=4)))
    d[key] = value
    try:
        back = game.state_from_json(d)
    except InvalidPositionError as exc:
        assert exc.field
        return
    back.legal_actions()
    back.to_json()


def deck_data(name: str) -> dict:
    return json.loads((DATA_DIR / DECK_FILES[name]).read_text())


@pytest.mark.parametrize("deck,mutate,field", [
    ("exploration", lambda d: d["cards"][2].update(value=0), "exploration.cards[2].value"),
    ("exploration", lambda d: d["cards"][0].update(terrain="X"), "exploration.cards[0].terrain"),
    ("exploration", lambda d: d["cards"].append(dict(d["cards"][0])), "exploration.cards[15]"),
    ("exploration", lambda d: d["cards"][1].pop("copies"), "exploration.cards[1].copies"),
    ("danger", lambda d: d["cards"][12].update(terrains=["S", "S"]), "danger.cards[12].terrains"),
    ("danger", lambda d: d["cards"][3].update(wounds="two"), "danger.cards[3].wounds"),
    ("danger", lambda d: d.update(cards={}), "danger.cards"),
    ("horlogers", lambda d: d["profiles"][0].update(toughness=4), "horlogers.profiles[0].toughness"),
    ("horlogers", lambda d: d["profiles"][1].update(name="Scout"), "horlogers.profiles[1].name"),
    ("horlogers", lambda d: d["profiles"][4].update(colour="red"), "horlogers.profiles[4].colour"),
    ("horlogers", lambda d: [p.update(copies=1) for p in d["profiles"]], "horlogers.profiles"),  # too few for 3
    ("missions", lambda d: d["missions"][5].update(power="wand"), "missions.missions[5].power"),
    ("missions", lambda d: d["missions"][6].update(id=1), "missions.missions[6].id"),
    ("missions", lambda d: d["missions"][16]["requirements"][1].update(terrain="S"),
     "missions.missions[16].requirements"),
    ("missions", lambda d: d["missions"][33].update(special="juggler"), "missions.missions[33].special"),
    ("missions", lambda d: d["missions"][0].pop("vp"), "missions.missions[0].vp"),
])
def test_malformed_card_data_names_the_bad_field(deck, mutate, field):
    data = deck_data(deck)
    mutate(data)
    with pytest.raises(InvalidPositionError) as err:
        Game(players=3, **{deck: data})
    assert err.value.field == field, err.value
    assert f"option {deck}" in str(err.value)


def test_an_edited_deck_changes_the_game(tmp_path):
    data = deck_data("exploration")
    for c in data["cards"]:
        c["copies"] = 1 if c["value"] < 5 else 4
    path = tmp_path / "high.json"
    path.write_text(json.dumps(data))
    s = Game(players=2, seed=1, exploration=str(path)).new_state()
    assert len(s.exp_deck) == 3 * (4 + 4)
    with pytest.raises(InvalidPositionError) as err:
        Game(players=2, exploration=str(tmp_path / "missing.json"))
    assert err.value.field == "exploration.file"
    with pytest.raises(ValueError):
        Game(players=2, exploration=3)


def test_every_shipped_deck_says_whether_it_is_a_reconstruction():
    flags = {name: deck_data(name)["reconstruction"] for name in DECK_FILES}
    assert flags == {"exploration": False, "danger": True, "horlogers": True, "missions": True}
    assert all("note" in deck_data(name) for name in DECK_FILES)
    ms = deck_data("missions")["missions"]
    assert len(ms) == 36 and sum(m["vp"] for m in ms) == 110
    assert sorted(len(m.get("requirements", [])) for m in ms).count(1) == 15
