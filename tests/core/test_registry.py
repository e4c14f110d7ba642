"""load_game and game options: every error is a ValueError that names what was wrong."""
from __future__ import annotations

import pytest

import ratgames_lab as rl
from ratgames_lab.core.protocol import Game, OptionSpec


def test_master_of_rules_is_registered():
    info = rl.GAMES["master_of_rules"]
    assert info.players == (3, 4, 5) and info.title == "Master of Rules"
    for n in info.players:
        game = rl.load_game("master_of_rules", players=n, seed=1)
        assert game.players == n and game.config() == {"game": "master_of_rules", "players": n, "seed": 1,
                                                      "options": {}}
        assert game.new_state().current_player in range(n)


def test_unknown_game():
    with pytest.raises(ValueError, match="'chess'"):
        rl.load_game("chess")


@pytest.mark.parametrize("players", [2, 6, 0, -3, "4", 4.0, True, [4]])
def test_bad_player_count(players):
    with pytest.raises(ValueError, match="players"):
        rl.load_game("master_of_rules", players=players)


def test_unknown_option():
    with pytest.raises(ValueError, match="'variant'"):
        rl.load_game("master_of_rules", players=4, variant="advanced")


@pytest.mark.parametrize("seed", ["7", 1.5, None, False])
def test_bad_seed(seed):
    with pytest.raises(ValueError, match="seed"):
        rl.load_game("master_of_rules", players=4, seed=seed)


def test_default_player_count_is_the_maximum():
    assert rl.load_game("master_of_rules").players == 5


class _OptionsGame(Game):
    """A stand-in game to check the core's option handling."""

    name = "options_demo"
    title = "Options demo"
    min_players, max_players = 2, 3
    option_specs = {"board": OptionSpec("classic", allowed=["classic", "islands"]),
                    "turns": OptionSpec(10, kind=int)}

    def new_state(self):
        raise AssertionError("not used: only the options are checked")

    def state_from_json(self, data):
        raise AssertionError("not used: only the options are checked")


def test_option_defaults_and_values():
    game = _OptionsGame(players=2, board="islands")
    assert game.options == {"board": "islands", "turns": 10}


@pytest.mark.parametrize("options, name", [({"board": "moon"}, "board"), ({"turns": "ten"}, "turns"),
                                           ({"colour": "red"}, "colour")])
def test_bad_option_value_names_the_option(options, name):
    with pytest.raises(ValueError, match=name):
        _OptionsGame(players=2, **options)


def test_invalid_position_and_illegal_action_are_value_errors():
    assert issubclass(rl.IllegalActionError, ValueError) and issubclass(rl.InvalidPositionError, ValueError)
    err = rl.IllegalActionError("no", "transaction.play")
    assert err.rule == "transaction.play" and "transaction.play" in str(err)
    err = rl.InvalidPositionError("bad", "hands[0]")
    assert err.field == "hands[0]" and str(err).startswith("hands[0]")
