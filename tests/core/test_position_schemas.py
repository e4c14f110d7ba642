"""The position schemas (``docs/schemas/<game>.schema.json``, written by ``tools/position_schemas.py`` from
``Game.position_schema()``) are up to date, and every shipped position validates against its game's schema."""
from __future__ import annotations

import copy
import json
from pathlib import Path

import fastjsonschema
import pytest

import ratgames_lab as rl
from ratgames_lab.core.data_option import data_options
from ratgames_lab.core.position import position_file_schema

ROOT = Path(__file__).resolve().parents[2]
SCHEMAS = ROOT / "docs" / "schemas"
SHIPPED = sorted([*ROOT.glob("ratgames_lab/*/positions/*.json"), *ROOT.glob("notebooks/positions/*.json")])


def _validator(name: str):
    return fastjsonschema.compile(json.loads((SCHEMAS / f"{name}.schema.json").read_text()))


@pytest.mark.parametrize("name", sorted(rl.GAMES))
def test_the_schema_files_are_up_to_date(name):
    path = SCHEMAS / f"{name}.schema.json"
    assert path.exists() and json.loads(path.read_text()) == position_file_schema(name), (
        f"{path.name} is out of date: run python tools/position_schemas.py")


def test_every_shipped_position_validates_against_its_schema():
    assert len(SHIPPED) > 20
    validators = {name: _validator(name) for name in rl.GAMES}
    for path in SHIPPED:
        doc = json.loads(path.read_text())
        game = rl.load_game(doc["game"], players=doc["players"], **doc.get("options", {}))
        if set(doc.get("options", {})) & set(data_options(game.option_specs)):
            # its own board or tokens: the schema of those (the shipped files describe the shipped data)
            fastjsonschema.validate(game.position_schema(), doc["position"])
        else:
            validators[doc["game"]](doc)


def test_a_broken_position_fails_its_schema():
    doc = json.loads((ROOT / "ratgames_lab" / "master_of_rules" / "positions").glob("*.json").__next__().read_text())
    validate = _validator("master_of_rules")
    validate(doc)
    for change in ({"phase": "lunch"}, {"round": -1}, {"surprise": 1}):
        broken = copy.deepcopy(doc)
        broken["position"].update(change)
        with pytest.raises(fastjsonschema.JsonSchemaException):
            validate(broken)
