"""The barbarians (catan.md Part 2; Settled defaults, Progress cards, improvements, barbarians): the ship's advance,
the attack's strength (cities, a metropolis counted once) against active knight levels, the least-defended city
owners reducing a city (ties: each; metropolises immune; walls lost; no settlement piece: the city goes), Defender
cards (ties: nobody, or a progress card of choice with tie_defender_progress_card), deactivation, and the end of the
truce."""
from __future__ import annotations

import random

import pytest

from ratgames_lab.catan.actions import Roll
from ratgames_lab.catan.combined.actions import ChooseProgressDeck, ReduceCity, RollDice
from ratgames_lab.catan.combined.barbarians import defence, strength
from ratgames_lab.catan.combined.components import PIECES
from ratgames_lab.catan.combined.seven import hand_limit
from ratgames_lab.core.protocol import CHANCE

from .knight_scenarios import building, holds_cards, knight, position, ready, refused, route

NO_PRODUCTION = (6, 6)  # 12: the grain tile 41 and the 2 sharing it, where nobody builds in these scenarios
LAKE = 22  # the lake tile (corners 58, 50, 57, 64, 72, 65)


def cities(players: int = 3, **options):
    """Cities: Player 1 on 49, Player 2 on 71, Player 3 on 65 (strength 3), each with a road; the barbarian ship
    one step from Catan; Player 1 to roll."""
    s = position(players, **options)
    building(s, 0, 49, 2)
    route(s, 0, 57, 49, 56)
    building(s, 1, 71, 2)
    route(s, 1, 63, 71, 79)
    building(s, 2, 65, 2)
    route(s, 2, 65, 72, 80)
    s.barbarian = 6
    s.robber = LAKE  # the lake fishes on 12 (65 is its corner): the robber keeps NO_PRODUCTION quiet
    s.phase = "roll"
    return s


def attack(s, dice=NO_PRODUCTION) -> None:
    """Roll the barbarian ship face with the given number dice."""
    ready(s)
    s.apply(Roll())
    s.apply(RollDice(dice[0], dice[1], "ship"))


def free_sites(s, k: int) -> list[int]:
    """k building sites, each with no building on it or next to it (nor next to each other)."""
    out = []
    topo = s.comp.topo
    for v in range(topo.n_nodes):
        if len(out) == k:
            break
        if not s.comp.building_site[v] or s.node_owner[v] >= 0 or s.knight_level[v]:
            continue
        if any(s.node_owner[u] >= 0 or u in out for u in topo.node_nbrs[v]):
            continue
        out.append(v)
    return out


def test_the_ship_advances_one_step_per_ship_face():
    s = cities()
    s.barbarian = 2
    attack(s)
    assert s.barbarian == 3 and s.attacks == 0 and s.phase == "main"


@pytest.mark.parametrize("active, order", [(0, [1, 2]), (2, [2, 1])])
def test_barbarians_win_the_least_defended_city_owners_each_reduce_a_city(active, order):
    s = cities()
    s.active = active
    knight(s, 0, 56, level=2, active=1)
    knight(s, 1, 63, level=3, active=0)  # inactive: no defence
    attack(s)
    assert s.attacks == 1 and s.barbarian == 0
    assert [s.knight_active[v] for v in (56, 63)] == [0, 0]  # every knight deactivated
    assert [s.knight_level[v] for v in (56, 63)] == [2, 3]  # still on the board
    reduced = []
    for p in order:
        assert s.phase == "reduce_city" and s.current_player == p
        [act] = s.legal_actions()
        other = 65 if act.node == 71 else 71
        refused(s, ReduceCity(other), "barbarians.attack")
        refused(s, ReduceCity(49), "barbarians.attack")
        s.apply(act)
        reduced.append(act.node)
    assert sorted(reduced) == [65, 71]
    assert [s.node_level[v] for v in (49, 71, 65)] == [2, 1, 1]
    assert s.phase == "main" and s.current_player == active
    s.validate_position()


def test_strength_counts_cities_a_metropolis_once_and_defence_counts_active_knight_levels():
    s = cities()
    s.levels[1][0] = 4
    s.metropolis[0] = 71
    knight(s, 0, 56, level=2, active=1)
    knight(s, 0, 57, level=1, active=0)
    knight(s, 2, 72, level=3, active=1)
    ready(s)
    assert strength(s) == 3
    assert [defence(s, p) for p in range(3)] == [2, 0, 3]


def test_a_metropolis_city_is_immune_and_its_owner_takes_no_part():
    s = cities()
    s.levels[1][0] = 4
    s.metropolis[0] = 71  # Player 2's only city
    knight(s, 0, 56, level=2, active=1)
    knight(s, 2, 72, level=1, active=1)
    [far] = free_sites(s, 1)
    building(s, 0, far, 2)  # 4 cities against 3 knight levels
    attack(s)
    # Player 2 (no defence) owns only a metropolis city: Player 3 (1) is the least defended among the others
    assert s.phase == "reduce_city" and s.current_player == 2
    s.apply(ReduceCity(65))
    assert s.phase == "main" and s.node_level[71] == 2 and s.node_level[far] == 2


def test_a_reduced_city_loses_its_wall_and_produces_as_a_settlement():
    s = cities()
    s.node_wall[71] = 1
    knight(s, 0, 56, level=2, active=1)
    knight(s, 2, 72, level=1, active=1)
    [far] = free_sites(s, 1)
    building(s, 0, far, 2)  # 4 cities against 3 knight levels
    ready(s)
    assert hand_limit(s, 1) == 9
    attack(s, dice=(1, 3))  # 4: the lumber tile 27 by Player 2's city on 71
    assert s.current_player == 1
    s.apply(ReduceCity(71))
    assert s.node_wall[71] == 0 and hand_limit(s, 1) == 7
    assert holds_cards(s, 1) == {"lumber": 1}  # a settlement's 1 lumber, no paper
    s.validate_position()


def test_a_lost_attack_with_no_settlement_piece_left_removes_the_city():
    s = cities()
    for v in free_sites(s, PIECES["settlement"]):
        building(s, 2, v, 1)
    knight(s, 0, 56, level=1, active=1)
    knight(s, 1, 63, level=1, active=1)  # 2 < 3 cities; Player 3 alone has no defence
    attack(s)
    assert s.current_player == 2
    s.apply(ReduceCity(65))
    assert s.node_owner[65] == -1 and s.node_level[65] == 0
    assert 65 not in s.buildings_of[2]
    assert any(e.kind == "city_removed" for e in s.events)
    s.validate_position()


def test_catan_wins_the_single_top_defender_takes_a_defender_card():
    s = cities()
    knight(s, 0, 56, level=2, active=1)
    knight(s, 1, 63, level=1, active=1)
    attack(s)  # 3 knight levels hold off 3 cities
    assert s.defenders == [1, 0, 0]
    assert [s.vp(p) for p in range(3)] == [3, 2, 2]
    assert s.phase == "main" and s.knight_active[56] == 0 and s.knight_active[63] == 0
    assert [s.node_level[v] for v in (49, 71, 65)] == [2, 2, 2]


def test_a_tie_for_top_defender_gives_no_card_and_each_tied_player_chooses_a_progress_card():
    s = cities()
    knight(s, 0, 56, level=2, active=1)
    knight(s, 1, 63, level=2, active=1)
    attack(s)
    assert s.defenders == [0, 0, 0]
    rng = random.Random(1)
    for p in (0, 1):
        assert s.phase == "choose_deck" and s.current_player == p
        refused(s, ChooseProgressDeck("gold"), "progress.choice")
        s.apply(ChooseProgressDeck("politics"))
        assert s.current_player == CHANCE
        s.apply(s.sample_chance(rng))
        assert s.progress_count(p) + sum(s.progress_shown[p]) == 1
    assert s.phase == "main" and s.progress_count(2) == 0
    s.validate_position()


def test_a_tie_gives_nothing_with_the_option_off():
    s = cities(tie_defender_progress_card=False)
    knight(s, 0, 56, level=2, active=1)
    knight(s, 1, 63, level=2, active=1)
    attack(s)
    assert s.defenders == [0, 0, 0] and s.phase == "main"
    assert all(s.progress_count(p) == 0 for p in range(3))


def test_nobody_contributing_earns_nothing():
    s = position()
    s.barbarian = 6
    s.phase = "roll"
    attack(s)
    assert s.attacks == 1 and s.defenders == [0, 0, 0] and s.phase == "main"


def test_defender_cards_decide_largest_army_in_defences_mode():
    s = cities(largest_army_mode="defences")
    s.defenders[0] = 3
    knight(s, 0, 56, level=3, active=1)
    attack(s)
    assert s.defenders[0] == 4 and s.army_holder == 0


# ------------------------------------------------------------------------------------------------
# the truce
# ------------------------------------------------------------------------------------------------
def test_before_the_first_attack_a_7_moves_nothing():
    s = cities()
    s.barbarian = 0
    ready(s)
    s.apply(Roll())
    s.apply(RollDice(3, 4, "science"))
    assert s.phase == "main" and s.attacks == 0
    assert any(e.kind == "truce" for e in s.events)


def test_with_the_truce_off_a_7_moves_the_robber_at_once():
    s = cities(robber_peace=False)
    s.barbarian = 0
    ready(s)
    s.apply(Roll())
    s.apply(RollDice(3, 4, "science"))
    assert s.phase == "robber"


def test_an_attack_on_the_same_roll_ends_the_truce_first():
    s = cities()
    knight(s, 0, 56, level=3, active=1)
    attack(s, dice=(3, 4))
    assert s.attacks == 1 and s.defenders == [1, 0, 0]
    assert s.phase == "robber" and s.current_player == 0
