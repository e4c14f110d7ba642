"""JSON round trips, malformed positions and data files rejected naming the bad field."""
from __future__ import annotations

import copy
import json
import random

import pytest

from ratgames_lab import InvalidPositionError
from ratgames_lab.rattus_cartus import Game
from ratgames_lab.rattus_cartus.components import BUILDINGS_FILE, CARDS_FILE


def positions(players: int, seed: int, every: int = 7):
    game = Game(players=players, seed=seed, buildings=("random_cards", "random_type", "first_game")[seed % 3])
    s = game.new_state()
    rng = random.Random(seed)
    k = 0
    while not s.is_terminal():
        if k % every == 0:
            yield game, s
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
        k += 1
    yield game, s


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_round_trip_keeps_position_and_legal_actions(players):
    for game, s in (x for seed in range(3) for x in positions(players, seed=10 * players + seed, every=3)):
        data = s.to_json()
        back = game.state_from_json(json.loads(json.dumps(data)))
        assert back.to_json() == data
        assert back.legal_actions() == s.legal_actions()
        assert back.current_player == s.current_player


def mid_game():
    """A 3-player position in round 3, phase C."""
    for g, s in positions(3, 5, every=1):
        if s.round == 3 and s.tasks[0][0] == "visit":
            return g, s
    raise AssertionError("no visit in round 3")


BAD = [
    (lambda d: d.pop("rats"), "rats"),
    (lambda d: d["rats"].__setitem__(1, -2), "rats[1]"),
    (lambda d: d["hands"][0].append("magic-99"), "hands[0][%d]"),
    (lambda d: d["hands"][1].append(d["deck"][0]), "deck[0]"),
    (lambda d: d["deck"].pop(), "deck"),
    (lambda d: d["nun_row"].pop(), "nun_row"),
    (lambda d: d["piles"].__setitem__("joker", d["piles"]["joker"] + 1), "piles.joker"),
    (lambda d: d["piles"].__setitem__("vp", 3), "piles.vp"),
    (lambda d: d["influence"].pop("magic"), "influence.magic"),
    (lambda d: d["influence"].__setitem__("witchcraft", [0, 0, 0]), "influence.witchcraft"),
    (lambda d: d["tasks"].__setitem__(0, ["fly", 1]), "tasks[0]"),
    (lambda d: d["tasks"].__setitem__(0, ["visit", 7]), "tasks[0][1]"),
    (lambda d: d["tasks"].__setitem__(0, ["resolve", 0]), "tasks[0]"),
    (lambda d: d["first"].__class__ and d.__setitem__("first", "Red"), "first"),
    (lambda d: d.__setitem__("extra", 1), "extra"),
    (lambda d: d["building_deck"].append(d["building_deck"][0]) if d["building_deck"] else d["revealed_buildings"].append(
        d["revealed_buildings"][0]), None),
    (lambda d: d["knows"].__setitem__(3, 99), "knows[3]"),
    (lambda d: d["looks"][0].append(9), "looks[0][%d]"),
    (lambda d: d["entered"].__setitem__(0, 2), "entered[0]"),
]


@pytest.mark.parametrize("mutate,field", BAD)
def test_malformed_positions_name_the_bad_field(mutate, field):
    game, s = mid_game()
    data = copy.deepcopy(s.to_json())
    hands0, hands1 = len(data["hands"][0]), len(data["hands"][1])
    looks0 = len(data["looks"][0])
    mutate(data)
    with pytest.raises(InvalidPositionError) as exc:
        game.state_from_json(data)
    if field is not None:
        expected = field.replace("%d", str({"hands[0][%d]": hands0, "hands[1][%d]": hands1,
                                            "looks[0][%d]": looks0}.get(field, 0)))
        assert exc.value.field == expected
    else:
        assert exc.value.field.startswith(("building_deck[", "revealed_buildings"))


def test_random_fuzz_never_crashes_outside_invalid_position():
    game, s = mid_game()
    rng = random.Random(1)
    base = s.to_json()
    junk = [None, -1, 10**6, "x", [], {}, [[]], True, 3.5]
    for _ in range(400):
        data = copy.deepcopy(base)
        key = rng.choice(sorted(data))
        if isinstance(data[key], list) and data[key] and rng.random() < 0.5:
            i = rng.randrange(len(data[key]))
            data[key][i] = rng.choice(junk)
        else:
            data[key] = rng.choice(junk)
        try:
            back = game.state_from_json(data)
        except InvalidPositionError as exc:
            assert exc.field
            continue
        back.legal_actions()


def load(path):
    return json.loads(path.read_text())


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d["population"]["nuns_per_class"].__setitem__(3, -1), "card_data.population.nuns_per_class[3]"),
    (lambda d: d.pop("start_rats"), "card_data.cards.start_rats"),
    (lambda d: d["specials"][1].__setitem__("id", "axe"), "card_data.specials[1].id"),
    (lambda d: d["rounds"].__setitem__("4", 9), "card_data.rounds.4"),
    (lambda d: d["vp_tokens"].__setitem__("value", "one"), "card_data.vp_tokens.value"),
])
def test_bad_card_data_is_rejected_naming_the_field(mutate, field):
    data = load(CARDS_FILE)
    mutate(data)
    with pytest.raises(InvalidPositionError) as exc:
        Game(players=3, card_data=data)
    assert exc.value.field == field


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d["types"][0]["privilege"].__setitem__("effect", "fly"), "building_data.types[0].privilege.effect"),
    (lambda d: d["types"][2]["basic"].__setitem__("pile", "cheese"), "building_data.types[2].basic.pile"),
    (lambda d: d["cards"][5].__setitem__("support", "S9"), "building_data.cards[5].support"),
    (lambda d: d["cards"].pop(), "building_data.cards"),
    (lambda d: d["supports"][0]["effects"][0].__setitem__("effect", "take"),
     "building_data.supports[0].effects[0].effect"),
    (lambda d: d["types"][1].__setitem__("class", "peasantryy"), "building_data.types[1].class"),
])
def test_bad_building_data_is_rejected_naming_the_field(mutate, field):
    data = load(BUILDINGS_FILE)
    mutate(data)
    with pytest.raises(InvalidPositionError) as exc:
        Game(players=3, building_data=data)
    assert exc.value.field == field


@pytest.mark.parametrize("mutate,field", [
    (lambda d: d["types"][0]["privilege"].__setitem__("count", 5000), "building_data.types[0].privilege.count"),
    (lambda d: d["types"][2]["basic"].__setitem__("count", 5000), "building_data.types[2].basic.count"),
    (lambda d: d["supports"][0]["effects"][0].__setitem__("count", 5000),
     "building_data.supports[0].effects[0].count"),
])
def test_building_data_counts_have_the_bounds_of_a_position(mutate, field):
    """T3-2: a count the state could not hold (tasks count at most 1000) is refused when the data is read."""
    data = load(BUILDINGS_FILE)
    mutate(data)
    with pytest.raises(InvalidPositionError) as exc:
        Game(players=3, building_data=data)
    assert exc.value.field == field and "1000" in exc.value.reason


def test_a_position_file_with_a_huge_building_count_is_refused_naming_the_field():
    """T3-2: the same data inside a position file's options is refused too, before any move is played."""
    from ratgames_lab import load_position
    game = Game(players=2, seed=1)
    doc = {"format": "ratgames_lab.position/1", "game": "rattus_cartus", "players": 2,
           "options": {"building_data": load(BUILDINGS_FILE)}, "position": game.new_state().to_json()}
    doc["options"]["building_data"]["types"][0]["privilege"]["count"] = 5000
    with pytest.raises(InvalidPositionError) as exc:
        load_position(doc)
    assert exc.value.field.endswith("types[0].privilege.count")


def test_edited_data_changes_the_game():
    data = load(CARDS_FILE)
    data["start_rats"] = 4
    assert Game(players=3, card_data=data).new_state().rats == [4, 4, 4]


def test_bad_building_choice_is_rejected():
    with pytest.raises(ValueError):
        Game(players=3, buildings="all_castles")
    with pytest.raises(InvalidPositionError) as exc:
        Game(players=3, buildings=["farm", "brewery", "monastery", "castle", "palace", "tent"])
    assert exc.value.field == "buildings"
    with pytest.raises(InvalidPositionError) as exc:
        Game(players=3, buildings=["farm", "market", "monastery", "castle", "palace", "circus"])
    assert exc.value.field == "buildings[5]"


def test_exclude_guard_tower_two_players():
    for seed in range(30):
        for method in ("random_type", "random_cards"):
            s = Game(players=2, seed=seed, buildings=method, exclude_guard_tower_2p=True).new_state()
            assert not any(s.comp.buildings.card_type[b] in s.comp.guard_types for b in s.chosen)


def test_building_deck_must_fit_the_round():
    game, s = mid_game()
    data = s.to_json()
    data["round"] = data["round"] + 1
    with pytest.raises(InvalidPositionError) as exc:
        game.state_from_json(data)
    assert exc.value.field == "building_deck"
    data = s.to_json()
    data["last_round"] = True
    with pytest.raises(InvalidPositionError) as exc:
        game.state_from_json(data)
    assert exc.value.field == "last_round"


def test_only_population_cards_in_the_deck_discard_and_row():
    game, s = mid_game()
    data = s.to_json()
    data["nun_row"][2] = "joker"
    data["piles"]["joker"] -= 1
    with pytest.raises(InvalidPositionError) as exc:
        game.state_from_json(data)
    assert exc.value.field == "nun_row[2]"


def test_data_files_label_their_reconstructions():
    cards, buildings = load(CARDS_FILE), load(BUILDINGS_FILE)
    for doc in (cards, buildings):
        assert doc["reconstruction"] is True and "Reconstruction" in doc["note"]
    assert cards["reconstruction_fields"] == ["population.nuns_per_class", "vp_tokens.value"]
    assert buildings["reconstruction_fields"][0] == "supports"
    # the rulebook's totals: 24 / 12 / 12 / 12 / 24 cards with 4 / 3 / 2 / 1 / 0 nuns
    nuns = cards["population"]["nuns_per_class"] * 6
    assert [nuns.count(v) for v in (4, 3, 2, 1, 0)] == [24, 12, 12, 12, 24]
    # each support is worth 4 units: 1 rat = 2 cards = 1 look
    unit = {"draw": 1, "discard_rats": 2, "look": 2}
    for sup in buildings["supports"]:
        assert sum(unit[e["effect"]] * e["count"] for e in sup["effects"]) == 4


def test_to_json_is_a_snapshot_that_later_moves_do_not_change():
    s = Game(players=3, seed=2).new_state()
    rng = random.Random(2)
    for _ in range(60):
        before = s.to_json()
        frozen = json.dumps(before, sort_keys=True)
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
        assert json.dumps(before, sort_keys=True) == frozen
