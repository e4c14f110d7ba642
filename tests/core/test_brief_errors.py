"""An error message never repeats a huge value whole: a 10 MB string in a file gives a short message (T3-3)."""
from __future__ import annotations

import pytest

import ratgames_lab as rl
from ratgames_lab.core.errors import brief
from ratgames_lab.core.match import Match

HUGE = "x" * 10_000_000
SHORT = 500  # characters: the field, the reason and a cut value


def _position(game: str = "master_of_rules", players: int = 3) -> dict:
    g = rl.load_game(game, players=players, seed=1)
    return rl.position_document(g, g.new_state())


def _refusal(read, data) -> str:
    with pytest.raises(rl.InvalidPositionError) as err:
        read(data)
    return str(err.value)


@pytest.mark.parametrize("game", ["master_of_rules", "catan"])
def test_a_huge_phase_is_named_not_repeated(game):
    doc = _position(game)
    doc["position"]["phase"] = HUGE
    message = _refusal(rl.load_position, doc)
    assert message.startswith("position.phase: ") and len(message) < SHORT and "10000000 characters" in message


@pytest.mark.parametrize("where", ["game", "format", "players", "options", "key", "hand", "action"])
def test_huge_values_anywhere_in_a_file_give_short_messages(where):
    doc = _position()
    if where == "options":
        doc["options"] = {HUGE: 1}
    elif where == "key":
        doc["position"][HUGE] = 1
    elif where == "hand":
        doc["position"]["hands"][0]["numbers"] = [HUGE]
    elif where == "action":
        match = Match(rl.load_game("master_of_rules", players=3, seed=1)).to_json()
        match["actions"] = [{"kind": HUGE}]
        del match["checksum"]
        assert len(_refusal(Match.from_json, match)) < SHORT
        return
    else:
        doc[where] = HUGE if where != "players" else list(range(10**6))
    assert len(_refusal(rl.load_position, doc)) < SHORT


def test_huge_option_values_and_actions_give_short_messages():
    with pytest.raises(ValueError) as err:
        rl.load_game("master_of_rules", players=HUGE)
    assert len(str(err.value)) < SHORT
    with pytest.raises(ValueError) as err:
        rl.load_game(HUGE)
    assert len(str(err.value)) < SHORT


def test_brief_shows_short_values_whole_and_cuts_long_ones_with_their_size():
    assert brief("Gallia") == "'Gallia'" and brief(42) == "42" and brief(None) == "None"
    assert brief(HUGE).endswith("(10000000 characters)") and len(brief(HUGE)) < 120
    assert brief(list(range(1000))).endswith("(1000 entries)") and len(brief(list(range(1000)))) < 120
    assert len(brief([[[[[[HUGE]]]]]])) < 120
