"""A position or match file that names a game wrongly is refused naming the right field (T3-7): an unknown option
is ``options.<name>``, a refused value ``options.<name>``, a player count the game does not have ``players``."""
from __future__ import annotations

import pytest

import ratgames_lab as rl
from ratgames_lab.core.match import Match


def _match_file(**changes) -> dict:
    data = Match(rl.load_game("rattus", players=3, seed=2)).to_json()
    del data["checksum"]
    data.update(changes)
    return data


def _position_file(**changes) -> dict:
    game = rl.load_game("rattus", players=3, seed=2)
    return {**rl.position_document(game, game.new_state()), **changes}


@pytest.mark.parametrize("changes,field", [
    ({"players": 9}, "players"),
    ({"players": 1}, "players"),
    ({"options": {"colour": "red"}}, "options.colour"),
    ({"game": "chess"}, "game"),
    ({"seed": 1.5}, "seed"),
])
def test_a_match_file_blames_the_right_field(changes, field):
    with pytest.raises(rl.InvalidPositionError) as err:
        Match.from_json(_match_file(**changes))
    assert err.value.field == field


@pytest.mark.parametrize("changes,field", [
    ({"players": 9}, "players"),
    ({"options": {"colour": "red"}}, "options.colour"),
])
def test_a_position_file_blames_the_right_field(changes, field):
    with pytest.raises(rl.InvalidPositionError) as err:
        rl.load_position(_position_file(**changes))
    assert err.value.field == field


def test_a_refused_option_value_is_named():
    data = _match_file(game="catan", players=3, options={"variant": "chess"})
    with pytest.raises(rl.InvalidPositionError) as err:
        Match.from_json(data)
    assert err.value.field == "options.variant" and "'chess'" in err.value.reason
