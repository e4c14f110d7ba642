"""The Traders & Barbarians data files (issue 12 groundwork): the shipped files load, and a malformed file is
rejected naming the bad field."""
from __future__ import annotations

import copy
import json

import pytest

from ratgames_lab import InvalidPositionError
from ratgames_lab.catan.traders_data import (BAGGAGE_TRAIN_FILE, FISH_FILE, GOODS_FILE, default_baggage_train,
                                             default_fish, default_goods, load_baggage_train, parse_fish,
                                             parse_goods)


def test_the_shipped_baggage_train_is_the_digests_reconstruction():
    table = default_baggage_train()
    assert table.reconstruction
    assert [(lv.movement, lv.delivery_money, lv.toll_die) for lv in table.levels] == [
        (4, 1, None), (5, 2, 6), (5, 3, 5), (6, 3, 4), (7, 4, 3)]
    assert table.level(2).cost == (0, 1, 1, 0, 0)  # 1 lumber + 1 wool
    assert table.level(5).cost == (0, 1, 2, 1, 1)
    assert (table.vp_from_level, table.vp) == (2, 1)


def test_the_shipped_goods_are_twelve_per_market():
    goods = default_goods()
    assert goods.reconstruction
    assert {m: len(goods.stack(m)) for m in ("castle", "quarry", "glassworks")} == {
        "castle": 12, "quarry": 12, "glassworks": 12}
    assert goods.destination("tools") == "quarry" and goods.destination("sand") == "glassworks"
    assert goods.destination("marble") == "castle" and goods.destination("glass") == "castle"


def test_the_shipped_fish_are_29_tokens_and_the_old_boot():
    fish = default_fish()
    assert sum(n for _, n in fish.tokens) == 29 and sum(v * n for v, n in fish.tokens) == 11 + 20 + 24
    assert fish.old_boot == 1 and fish.hold_limit == 7
    assert [c for c, _, _ in fish.table] == [2, 3, 4, 5, 7]
    assert fish.cost("progress_card") == 7


@pytest.mark.parametrize("edit,field", [
    (lambda d: d["levels"][1].update(movement=0), "levels[1].movement"),
    (lambda d: d["levels"][2].update(level=7), "levels[2].level"),
    (lambda d: d["levels"][0]["cost"].update(ore=1), "levels[0].cost"),
    (lambda d: d["levels"][3]["cost"].update(gold=1), "levels[3].cost.gold"),
    (lambda d: d["levels"][1].update(toll_die=7), "levels[1].toll_die"),
    (lambda d: d.pop("vp"), "vp"),
    (lambda d: d.update(vp_from_level=9), "vp_from_level"),
])
def test_a_malformed_wagon_table_names_the_bad_field(edit, field):
    data = json.loads(BAGGAGE_TRAIN_FILE.read_text())
    edit(data)
    with pytest.raises(InvalidPositionError) as exc:
        load_baggage_train(data)
    assert exc.value.field == field


def test_a_wagon_table_file_path_and_a_missing_file(tmp_path):
    path = tmp_path / "table.json"
    path.write_text(BAGGAGE_TRAIN_FILE.read_text())
    assert load_baggage_train(str(path)).level(1).movement == 4
    with pytest.raises(InvalidPositionError):
        load_baggage_train(str(tmp_path / "missing.json"))


@pytest.mark.parametrize("edit,field", [
    (lambda d: d["markets"]["castle"]["tools"].update(to="castle"), "markets.castle.tools.to"),
    (lambda d: d["markets"]["quarry"]["sand"].update(to="moon"), "markets.quarry.sand.to"),
    (lambda d: d["markets"].pop("glassworks"), "markets.glassworks"),
    (lambda d: d["markets"]["glassworks"].update(tools={"to": "quarry", "count": 1}), "markets.glassworks.tools"),
])
def test_malformed_goods_name_the_bad_field(edit, field):
    data = json.loads(GOODS_FILE.read_text())
    edit(data)
    with pytest.raises(InvalidPositionError) as exc:
        parse_goods(data)
    assert exc.value.field == field


@pytest.mark.parametrize("edit,field", [
    (lambda d: d.update(hold_limit=0), "hold_limit"),
    (lambda d: d["table"][1].update(effect="steal_twice"), "table[1].effect"),
    (lambda d: d["table"][2].update(effect="steal"), "table[2].effect"),
    (lambda d: d["per_building"].pop("city"), "per_building.city"),
])
def test_malformed_fish_data_names_the_bad_field(edit, field):
    data = copy.deepcopy(json.loads(FISH_FILE.read_text()))
    edit(data)
    with pytest.raises(InvalidPositionError) as exc:
        parse_fish(data)
    assert exc.value.field == field
