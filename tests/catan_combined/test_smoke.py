"""The combined variant plays whole random games through the full legality check (every action re-checked),
with cards, progress cards and pieces conserved after every action (check_position)."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl
from ratgames_lab.core.protocol import CHANCE, TERMINAL


@pytest.mark.parametrize("players", [3, 4])
def test_random_games_keep_the_position_valid(players):
    for seed in range(4):
        g = rl.load_game("catan", players, seed=seed, variant="combined", turn_cap=120)
        s = g.new_state()
        rng = random.Random(seed)
        steps = 0
        while s.current_player != TERMINAL:
            a = s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions())
            s.apply(a)
            steps += 1
            if steps % 50 == 0:
                s.validate_position()
        s.validate_position()
        assert s.phase == "over"
        assert s.turn <= 120


def test_base_game_rejects_variant_options():
    with pytest.raises(ValueError, match="vp_target"):
        rl.load_game("catan", 4, vp_target=20)


def test_combined_position_round_trips():
    g = rl.load_game("catan", 3, seed=3, variant="combined")
    s = g.new_state()
    rng = random.Random(3)
    for _ in range(300):
        if s.current_player == TERMINAL:
            break
        s.apply(s.sample_chance(rng) if s.current_player == CHANCE else rng.choice(s.legal_actions()))
    t = g.state_from_json(s.to_json())
    assert t.to_json() == s.to_json()
    assert t.legal_actions() == s.legal_actions()


def test_the_combined_variant_takes_the_fixed_board_or_the_constrained_shuffle():
    with pytest.raises(ValueError, match="spiral"):
        rl.load_game("catan", 3, variant="combined", layout="spiral")
    fixed = rl.load_game("catan", 3, seed=5, variant="combined").new_state()
    shuffled = rl.load_game("catan", 3, seed=5, variant="combined", layout="random").new_state()
    assert fixed.terrain != shuffled.terrain
    assert sorted(fixed.terrain) == sorted(shuffled.terrain)
