"""Declarations are checked when they are made: a game's information structure (perfect or hidden information,
with or without chance) and its state fields (never a name the protocol uses)."""
from __future__ import annotations

import pytest

import ratgames_lab as rl
from ratgames_lab.core.fields import Field, Int, ListOf, StateFields
from ratgames_lab.core.protocol import GameState
from ratgames_lab.core.registry import GameInfo


def test_every_game_states_its_information_structure():
    for info in rl.GAMES.values():
        assert info.information in ("perfect", "hidden") and isinstance(info.chance, bool)
    assert all(rl.GAMES[g].information == "hidden" and rl.GAMES[g].chance for g in
               ("master_of_rules", "rattus", "rattus_cartus", "horlogerie", "catan"))


@pytest.mark.parametrize("kwargs,named", [
    ({"information": "imperfect", "chance": True}, "information='imperfect'"),
    ({"information": "Perfect", "chance": False}, "information='Perfect'"),
    ({"chance": True}, "information=''"),  # not stated: refused, never guessed
    ({"information": "perfect", "chance": "no"}, "chance='no'"),
    ({"information": "perfect"}, "chance=None"),
    ({"information": "hidden", "chance": 1}, "chance=1"),
])
def test_an_unknown_information_structure_is_refused_by_name(kwargs, named):
    with pytest.raises(ValueError) as err:
        GameInfo("pig", "Pig", players=(2,), **kwargs)
    assert "game 'pig'" in str(err.value) and named in str(err.value)


def test_a_huge_declared_value_is_not_echoed_whole():
    with pytest.raises(ValueError) as err:
        GameInfo("pig", "Pig", information="x" * 10**6, chance=True)
    assert len(str(err.value)) < 300


@pytest.mark.parametrize("name", ["scores", "returns", "legal_actions", "current_player", "comp", "players",
                                  "events", "FORMAT"])
def test_a_state_field_named_like_the_protocol_is_refused_by_name(name):
    with pytest.raises(TypeError) as err:
        class PigState(GameState):  # noqa: F841 - the declaration itself must fail
            FIELDS = StateFields(Field("turn", Int()), Field(name, ListOf(Int())))
    assert f"state field {name!r} is a reserved name" in str(err.value) and "PigState" in str(err.value)
    assert "__slots__" not in str(err.value)


def test_a_state_field_named_like_the_class_own_method_is_refused_by_name():
    with pytest.raises(TypeError, match="state field 'phase' has the name of an attribute of PigState"):
        class PigState(GameState):  # noqa: F841
            FIELDS = StateFields(Field("phase", Int()))

            def phase(self):
                return 0


def test_a_transient_slot_is_checked_too_and_a_child_state_may_inherit_fields():
    with pytest.raises(TypeError, match="'is_terminal'"):
        class Broken(GameState):  # noqa: F841
            FIELDS = StateFields(Field("turn", Int()), transient=("is_terminal",))

    class Parent(GameState):
        FIELDS = StateFields(Field("turn", Int()))

    class Child(Parent):
        FIELDS = StateFields(Field("turn", Int()), Field("pot", Int()))

    assert "pot" in Child.__slots__ and "turn" not in Child.__slots__
