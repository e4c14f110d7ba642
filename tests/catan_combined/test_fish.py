"""Fishermen of Catan in the combined variant (issue 12, deliverable 3; catan.md Part 2, Settled defaults / Fish):
production from the fishing grounds and the lake, blocking, the 7-token limit, setup tokens, the stack refilled,
each effect of the fish table, no change, the Old Boot, the truce, conservation and hidden values.

Board of seed 0 (fixed board): fishing ground 0 = nodes 29, 22, 13 on 10 (in sea tile 5), ground 4 = nodes 91, 98,
106 on 6 (a frame ground: pirate spot 46 + 4 = 50), the lake = tile 22 (corners 58, 50, 57, 64, 72, 65)."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

import ratgames_lab as rl
from ratgames_lab import InvalidPositionError
from ratgames_lab.catan.actions import BuildSettlement, EndTurn, MoveRobber, Roll, StealCard
from ratgames_lab.catan.combined import fish as F
from ratgames_lab.catan.combined.actions import ChooseProgressDeck, MovePirate, RollDice
from ratgames_lab.catan.combined.components import CARDS
from ratgames_lab.catan.combined.fish_actions import (DrawFish, FishFreePiece, FishProgress, FishRemove, FishResource,
                                                     FishSteal, PassOldBoot)
from ratgames_lab.core.protocol import CHANCE, TERMINAL

from .helpers import assert_rejected, building, fresh, give, knight, main_phase, roll_phase

GROUND0, GROUND0_NODES = 0, (29, 22, 13)  # number 10, inside sea tile 5
FRAME_GROUND, FRAME_NODES = 4, (91, 98, 106)  # number 6, on the frame
LAKE, LAKE_NODES = 22, (58, 50, 57, 64, 72, 65)


def board():
    s = fresh(3, seed=0)
    assert s.fishing[GROUND0][:3] == list(GROUND0_NODES) and s.fishing[GROUND0][3] == 10
    assert s.fishing[FRAME_GROUND][:3] == list(FRAME_NODES) and s.fishing[FRAME_GROUND][3] == 6
    assert F.lake_tiles(s) == [LAKE] and F.ground_spot(s, FRAME_GROUND) == s.comp.topo.n_tiles + FRAME_GROUND
    s.pirate = 33  # a sea tile away from every fishing ground
    return s


def hold(s, p: int, *tokens: int) -> None:
    """Move tokens of these values from the stack to p."""
    for v in tokens:
        i = F.VALUES.index(v)
        s.fish_stack[i] -= 1
        s.fish_held[p][i] += 1


def throw(s, red: int, yellow: int, event: str = "trade") -> None:
    s.apply(Roll())
    s.apply(RollDice(red, yellow, event))


def draw(s, value: int) -> None:
    assert s.current_player == CHANCE and s.phase == F.FISH_DRAW
    s.apply(DrawFish(value))


def events(s, kind: str) -> list:
    return [e for e in s.events if e.kind == kind]


def after_peace(s):
    s.attacks = 1  # the truce is over
    return s


# ------------------------------------------------------------------------------------------------
# production
# ------------------------------------------------------------------------------------------------
def test_a_fishing_ground_gives_a_settlement_one_token_and_a_city_two_in_turn_order():
    s = board()
    building(s, 1, 29, 1)
    building(s, 2, 13, 2)
    roll_phase(s, 1)
    throw(s, 4, 6)
    assert s.pending[0][1:] == [1, 1] and s.pending[1][1:] == [2, 2]  # from the active player on
    draw(s, 2)
    draw(s, 1)
    draw(s, 3)
    assert s.phase == "main" and s.fish_held == [[0, 0, 0], [0, 1, 0], [1, 0, 1]]
    assert s.fish_stack == [10, 9, 7]
    assert [sorted(e.params) for e in events(s, "fish_draw")] == [["held", "player"]] * 3  # no value in events
    s.validate_position()


@pytest.mark.parametrize("red, yellow, tokens", [(1, 1, 2), (1, 2, 2), (5, 6, 2), (6, 6, 2), (2, 2, 0), (3, 5, 0),
                                                 (4, 6, 0)])
def test_the_lake_fishes_on_2_3_11_and_12_only(red, yellow, tokens):
    s = board()
    building(s, 0, 58, 2)
    roll_phase(s, 0)
    throw(s, red, yellow)
    for _ in range(tokens):
        draw(s, 1)
    assert s.phase == "main" and F.held(s, 0) == tokens


def test_the_robber_on_the_lake_blocks_its_fish():
    s = board()
    building(s, 0, 58, 2)
    s.robber = LAKE
    roll_phase(s, 0)
    throw(s, 6, 6)
    assert s.phase == "main" and F.held(s, 0) == 0 and not s.pending


def test_the_pirate_blocks_a_ground_at_its_spot_only():
    s = board()
    building(s, 0, 29, 1)
    building(s, 0, 98, 1)
    s.pirate = F.ground_spot(s, GROUND0)  # the sea tile holding ground 0
    roll_phase(s, 0)
    throw(s, 4, 6)
    assert s.phase == "main" and F.held(s, 0) == 0
    s.apply(EndTurn())
    s = board()
    building(s, 0, 98, 1)
    s.pirate = F.ground_spot(s, GROUND0)  # another ground's spot
    roll_phase(s, 0)
    throw(s, 3, 3)
    draw(s, 1)
    assert F.held(s, 0) == 1
    s = board()
    building(s, 0, 98, 1)
    s.pirate = F.ground_spot(s, FRAME_GROUND)
    roll_phase(s, 0)
    throw(s, 3, 3)
    assert s.phase == "main" and F.held(s, 0) == 0


def test_a_player_at_seven_tokens_draws_none_and_at_six_draws_one():
    s = board()
    building(s, 0, 13, 2)
    hold(s, 0, 1, 1, 1, 2, 2, 3)
    roll_phase(s, 0)
    throw(s, 5, 5)
    draw(s, 3)
    assert s.phase == "main" and F.held(s, 0) == 7
    assert [e.params["player"] for e in events(s, "fish_limit")] == ["Player 1"]
    s.apply(EndTurn())
    s.active, s.phase = 0, "roll"
    s.after_load()
    throw(s, 5, 5)
    assert s.phase == "main" and F.held(s, 0) == 7


def test_the_draw_odds_are_the_stack_and_the_old_boot_is_public_and_outside_the_limit():
    s = board()
    building(s, 0, 13, 2)
    hold(s, 0, 1, 1, 1, 2, 2, 3)
    roll_phase(s, 0)
    throw(s, 5, 5)
    out = dict(s.chance_outcomes())
    assert out == {DrawFish(1): Fraction(8, 24), DrawFish(2): Fraction(8, 24), DrawFish(3): Fraction(7, 24),
                   DrawFish(0): Fraction(1, 24)}
    vp = s.vp(0)
    draw(s, 0)  # the Old Boot is one of the draws, not a token
    assert s.old_boot == 0 and s.vp(0) == vp - 1 and F.held(s, 0) == 6
    assert events(s, "old_boot")[-1].params["player"] == "Player 1"
    draw(s, 2)
    assert F.held(s, 0) == 7 and s.phase == "main"


def test_an_impossible_draw_names_its_rule():
    s = board()
    building(s, 0, 29, 1)
    s.fish_spent = s.fish_stack[:]
    s.fish_stack = [0, 0, 0]
    s.old_boot = 1
    s.fish_stack[0], s.fish_spent[0] = 1, s.fish_spent[0] - 1
    roll_phase(s, 0)
    throw(s, 4, 6)
    assert_rejected(s, DrawFish(3), "fish.draw")
    assert_rejected(s, DrawFish(0), "fish.draw")


def test_the_spent_tokens_make_a_new_stack_when_it_runs_out():
    s = board()
    building(s, 0, 29, 1)
    s.old_boot = 2
    s.fish_spent = [10, 10, 8]
    s.fish_stack = [1, 0, 0]
    roll_phase(s, 0)
    throw(s, 4, 6)
    draw(s, 1)
    assert s.fish_stack == [10, 10, 8] and s.fish_spent == [0, 0, 0] and F.held(s, 0) == 1
    assert events(s, "fish_reshuffle")[-1].params["tokens"] == 28
    s.validate_position()


# ------------------------------------------------------------------------------------------------
# setup
# ------------------------------------------------------------------------------------------------
def _far_site(s) -> BuildSettlement:
    near = set(s.comp.topo.node_nbrs[58])
    return next(a for a in s.legal_actions() if F.sources_at(s, a.node) == 0 and a.node not in near)


def _any_road(s):
    return s.legal_actions()[0]


def test_setup_buildings_take_tokens_for_the_lake_and_the_fishing_grounds():
    s = fresh(3, seed=0, first_player="1")
    s.apply(BuildSettlement(29))  # ground 0
    assert s.phase == F.FISH_DRAW and s.current_player == CHANCE
    draw(s, 2)
    assert s.phase == "setup_road" and s.fish_held[0] == [0, 1, 0]
    s.apply(_any_road(s))
    for _ in range(2):
        s.apply(_far_site(s))
        assert s.phase == "setup_road"
        s.apply(_any_road(s))
    s.apply(s.comp.city_actions[58])  # Player 3's city by the lake: 2 tokens
    draw(s, 3)
    draw(s, 1)
    assert s.phase == "setup_road" and s.fish_held[2] == [1, 0, 1]
    s.validate_position()


# ------------------------------------------------------------------------------------------------
# spending
# ------------------------------------------------------------------------------------------------
def spender(*tokens: int):
    s = after_peace(board())
    building(s, 0, 29, 1)
    building(s, 1, 58, 1)
    give(s, 1, ore=1, wool=1)
    hold(s, 0, *tokens)
    return main_phase(s, 0)


def test_two_fish_take_the_robber_off_until_the_next_seven():
    s = spender(2, 1, 1)
    robber = s.robber
    assert FishRemove("robber", (2,)) in s.legal_actions() and FishRemove("robber", (1, 1)) in s.legal_actions()
    s.apply(FishRemove("robber", (2,)))
    assert s.robber == -1 and s.fish_held[0] == [2, 0, 0] and s.fish_spent == [0, 1, 0]
    assert s.to_json()["robber"] is None
    assert_rejected(s, FishRemove("robber", (1, 1)), "fish.remove")
    s.validate_position()
    s.apply(EndTurn())
    throw(s, 3, 4)  # a 7: the active player places the robber again (any land tile)
    while s.phase == "discard":
        s.apply(s.legal_actions()[0])
    assert s.phase == "robber" and MoveRobber(robber) in s.legal_actions()
    s.apply(MoveRobber(robber))
    assert s.robber == robber


def test_two_fish_take_the_pirate_off_and_its_ground_fishes_again():
    s = spender(1, 1)
    s.pirate = F.ground_spot(s, GROUND0)
    s.after_load()
    s.apply(FishRemove("pirate", (1, 1)))
    assert s.pirate == -1 and s.to_json()["pirate"] is None
    s.validate_position()
    s.apply(EndTurn())
    s.active, s.phase = 0, "roll"
    s.after_load()
    throw(s, 4, 6)
    draw(s, 3)
    assert F.held(s, 0) == 1


def test_the_truce_forbids_fish_to_move_the_robber_or_the_pirate():
    s = spender(2)
    s.attacks = 0
    s.after_load()
    assert not [a for a in s.legal_actions() if isinstance(a, FishRemove)]
    assert_rejected(s, FishRemove("robber", (2,)), "fish.truce")
    assert_rejected(s, FishRemove("pirate", (2,)), "fish.truce")


def test_three_fish_steal_a_random_card_from_any_player_never_fish():
    s = spender(3)
    hold(s, 2, 3, 3)
    s.after_load()
    assert_rejected(s, FishSteal(2, (3,)), "fish.steal")  # Player 3 holds fish but no card
    assert_rejected(s, FishSteal(0, (3,)), "fish.steal")
    assert_rejected(s, FishSteal(1, (True,)), "fish.payment")  # a token value is a whole number, not True
    s.apply(FishSteal(1, (3,)))
    assert s.phase == "steal" and s.current_player == CHANCE
    assert dict(s.chance_outcomes()) == {StealCard("wool"): Fraction(1, 2), StealCard("ore"): Fraction(1, 2)}
    s.apply(StealCard("ore"))
    assert s.hands[0][CARDS.index("ore")] == 1 and s.hands[1][CARDS.index("ore")] == 0
    assert s.phase == "main" and F.held(s, 0) == 0 and F.held(s, 2) == 2


def test_four_fish_buy_a_resource_never_a_commodity():
    s = spender(1, 3)
    assert_rejected(s, FishResource("cloth", (1, 3)), "fish.resource")
    s.apply(FishResource("brick", (1, 3)))
    assert s.hands[0][CARDS.index("brick")] == 1 and F.held(s, 0) == 0


def test_no_change_and_no_superfluous_token():
    s = spender(1, 2, 3, 3)
    assert_rejected(s, FishResource("ore", (1, 2, 3)), "fish.no_change")  # the 1 is not needed
    assert_rejected(s, FishResource("ore", (2,)), "fish.payment")
    assert_rejected(s, FishResource("ore", (2, 2)), "fish.payment")  # one token worth 2 only
    assert_rejected(s, FishResource("ore", ()), "fish.payment")
    s.apply(FishResource("ore", (3, 3)))  # 6 for a 4: no change, every token needed
    assert s.fish_held[0] == [1, 1, 0] and s.fish_spent == [0, 0, 2]
    s.apply(FishRemove("robber", (2,)))
    assert s.fish_held[0] == [1, 0, 0]  # several purchases in one turn


def test_five_fish_build_a_free_road_or_ship_never_a_bridge():
    s = spender(2, 3)
    hand = s.to_json()["hands"][0]
    s.apply(FishFreePiece((2, 3)))
    assert s.phase == "free_pieces"
    acts = s.legal_actions()
    assert acts and all(a.kind in ("build_road", "build_ship", "skip_free_piece") for a in acts)
    s.apply(next(a for a in acts if a.kind == "build_road"))
    assert s.phase == "main" and s.to_json()["hands"][0] == hand and F.held(s, 0) == 0


def test_seven_fish_draw_a_progress_card_of_your_choice():
    s = spender(1, 3, 3)
    s.apply(FishProgress((1, 3, 3)))
    assert s.phase == "choose_deck"
    s.apply(ChooseProgressDeck("science"))
    assert s.phase == "draw_progress" and s.current_player == CHANCE
    s.apply(s.legal_actions()[0])
    assert s.progress_count(0) + sum(s.progress_shown[0]) == 1 and s.phase == "main"


def test_fish_are_spent_on_your_own_turn_after_the_roll():
    s = spender(2)
    roll_phase(s, 0)
    assert_rejected(s, FishRemove("robber", (2,)), "fish.timing")
    main_phase(s, 0)
    assert_rejected(s, FishRemove("robber", (1, 1)), "fish.payment")  # Player 1 holds no 1


# ------------------------------------------------------------------------------------------------
# the Old Boot
# ------------------------------------------------------------------------------------------------
def test_the_old_boot_goes_only_to_a_player_with_the_most_vp():
    s = board()
    building(s, 0, 29, 1)
    building(s, 1, 58, 2)
    building(s, 2, 13, 1)
    s.old_boot = 0
    main_phase(s, 0)
    assert s.scores() == [0, 2, 1]
    assert [a for a in s.legal_actions() if isinstance(a, PassOldBoot)] == [PassOldBoot(1)]
    assert_rejected(s, PassOldBoot(2), "fish.old_boot")
    assert_rejected(s, PassOldBoot(0), "fish.old_boot")
    s.apply(PassOldBoot(1))
    assert s.old_boot == 1 and s.scores() == [1, 1, 1]
    assert_rejected(s, PassOldBoot(2), "fish.old_boot")  # no longer held


def test_the_old_boot_goes_to_tied_leaders_but_never_from_the_sole_leader():
    s = board()
    building(s, 0, 29, 1)
    building(s, 1, 58, 1)
    building(s, 2, 13, 1)
    s.old_boot = 0
    main_phase(s, 0)
    assert s.scores() == [0, 1, 1]
    assert {a for a in s.legal_actions() if isinstance(a, PassOldBoot)} == {PassOldBoot(1), PassOldBoot(2)}
    s.old_boot = 2
    main_phase(s, 2)
    assert s.scores() == [1, 1, 0] and PassOldBoot(0) in s.legal_actions()
    building(s, 2, 98, 2)
    main_phase(s, 2)
    assert not [a for a in s.legal_actions() if isinstance(a, PassOldBoot)]


# ------------------------------------------------------------------------------------------------
# positions: conservation, observation, determinize
# ------------------------------------------------------------------------------------------------
def test_conservation_and_the_limit_are_checked_in_position_files():
    s = spender(1, 2)
    g = rl.load_game("catan", 3, seed=0, variant="combined")
    data = s.to_json()
    data["fish"]["held"][1][0] += 1
    with pytest.raises(InvalidPositionError) as exc:
        g.state_from_json(data)
    assert exc.value.field == "fish.stack"
    data = s.to_json()
    data["fish"]["held"][1] = [4, 4, 0]
    data["fish"]["stack"] = [s.fish_stack[0] - 4, s.fish_stack[1] - 4, s.fish_stack[2]]
    with pytest.raises(InvalidPositionError) as exc:
        g.state_from_json(data)
    assert exc.value.field == "fish.held[1]"
    assert g.state_from_json(s.to_json()).to_json() == s.to_json()


def test_observation_shows_others_counts_only():
    s = spender(1, 2, 3)
    hold(s, 1, 3, 3)
    s.after_load()
    obs = s.observation(1)
    assert obs["fish"]["held"][1] == [0, 0, 2]
    assert obs["fish"]["held"][0] == {"hidden": 3} and obs["fish"]["held"][2] == {"hidden": 0}
    assert obs["fish"]["stack"] == sum(s.fish_stack) and obs["fish"]["spent"] == s.fish_spent


def test_determinize_redraws_values_and_keeps_every_count():
    s = spender(1, 1, 3)
    hold(s, 1, 2, 2)
    s.fish_spent, s.fish_stack = [2, 0, 0], [s.fish_stack[0] - 2] + s.fish_stack[1:]
    s.after_load()
    s.validate_position()
    seen = set()
    for seed in range(30):
        t = s.determinize(1, random.Random(seed))
        t.validate_position()
        assert t.fish_held[1] == s.fish_held[1] and t.fish_spent == s.fish_spent
        assert [F.held(t, p) for p in range(3)] == [3, 2, 0] and sum(t.fish_stack) == sum(s.fish_stack)
        seen.add(tuple(t.fish_held[0]))
    assert len(seen) > 3  # Player 1's three tokens are redrawn from the unseen ones


# ------------------------------------------------------------------------------------------------
# a robber or pirate off the board: knights and the Bishop
# ------------------------------------------------------------------------------------------------
def test_a_removed_robber_cannot_be_chased_by_a_knight():
    from ratgames_lab.catan.combined.knights import ChaseRobber
    s = spender(2)
    v = next(v for v in s.comp.topo.tile_nodes[s.robber] if s.comp.knight_site[v] and s.node_owner[v] < 0
             and all(s.node_owner[u] < 0 for u in s.comp.topo.node_nbrs[v]))
    knight(s, 0, v, 1, active=True)
    main_phase(s, 0)
    assert ChaseRobber(v) in s.legal_actions()
    s.apply(FishRemove("robber", (2,)))
    assert ChaseRobber(v) not in s.legal_actions()
    assert_rejected(s, ChaseRobber(v), "knights.chase")


def test_the_bishop_moves_only_a_piece_still_on_the_board():
    from ratgames_lab.catan.combined.components import PROGRESS_DECK_OF, PROGRESS_IDS
    from ratgames_lab.catan.combined.progress_politics import PlayBishop
    s = spender(2, 2)
    i = PROGRESS_IDS.index("bishop")
    s.progress_decks[PROGRESS_DECK_OF[i]][i] -= 1
    s.progress_hand[0][i] += 1
    main_phase(s, 0)
    s.apply(FishRemove("robber", (2,)))
    snapshot = s.to_json()
    s.apply(PlayBishop())
    assert s.phase == "bishop" and all(isinstance(a, MovePirate) for a in s.legal_actions())
    assert_rejected(s, MoveRobber(LAKE), "progress.bishop")
    g = rl.load_game("catan", 3, seed=0, variant="combined")
    s = g.state_from_json(snapshot)
    s.apply(FishRemove("pirate", (2,)))
    assert PlayBishop() not in s.legal_actions()
    assert_rejected(s, PlayBishop(), "progress.bishop")


def test_fish_are_conserved_and_within_the_limit_over_seeded_random_games():
    """Random play that spends fish whenever it can: after every action every token is accounted for, nobody holds
    more than 7, and the stack is empty only when the spent pile is empty too."""
    for seed in range(4):
        s = rl.load_game("catan", 4, seed=seed, variant="combined", turn_cap=60).new_state()
        rng = random.Random(seed)
        while s.current_player != TERMINAL:
            if s.current_player == CHANCE:
                a = s.sample_chance(rng)
            else:
                acts = s.legal_actions()
                fish = [a for a in acts if a.kind.startswith("fish_") or a.kind == "pass_old_boot"]
                a = rng.choice(fish if fish and rng.random() < 0.7 else acts)
            s.apply(a)
            s.validate_position()
            assert all(F.held(s, p) <= F.LIMIT for p in range(4))
            assert F.stack_size(s) or not any(s.fish_spent)
        assert any(e.kind == "fish_spend" for e in s.events)  # fish were spent in this game


def test_determinize_deals_an_opponents_tokens_like_draws_from_the_unseen_pool():
    """Player 2 sees their own tokens and the spent pile: Player 1's 2 tokens are 2 draws without replacement from
    the stack + Player 1's tokens. The frequency of each pair of values matches the exact hypergeometric odds."""
    from collections import Counter
    from math import comb
    s = spender(3, 3)
    hold(s, 1, 1, 1, 1, 2)
    s.fish_stack = [s.fish_stack[0] - 4, s.fish_stack[1] - 6, s.fish_stack[2]]
    s.fish_spent = [4, 6, 0]
    s.after_load()
    s.validate_position()
    pool = [s.fish_stack[i] + s.fish_held[0][i] for i in range(3)]  # unseen by Player 2: 4 ones, 3 twos, 8 threes
    assert pool == [4, 3, 8]
    total = comb(sum(pool), 2)
    exact = {}
    for i in range(3):
        for j in range(i, 3):
            exact[(i, j)] = Fraction(comb(pool[i], 2) if i == j else pool[i] * pool[j], total)
    n = 3000
    rng = random.Random(5)
    freq = Counter()
    for _ in range(n):
        row = s.determinize(1, rng).fish_held[0]
        freq[tuple(i for i in range(3) for _ in range(row[i]))] += 1
    for pair, p in exact.items():
        assert abs(freq[pair] / n - float(p)) < 0.03, (pair, freq[pair] / n, float(p))


# ------------------------------------------------------------------------------------------------
# the wagon's boost for 2 fish (official T&B; option wagon_boost)
# ------------------------------------------------------------------------------------------------
def test_two_fish_boost_the_wagon_once_per_turn_with_no_change():
    from ratgames_lab.catan.combined.fish_actions import BoostWagonFish
    from ratgames_lab.catan.combined.wagons import BoostWagon, MoveWagon, points_left

    from .test_wagons import scene
    s = scene()
    hold(s, 0, 1, 1, 3)
    main_phase(s, 0)
    boosts = [a for a in s.legal_actions() if isinstance(a, BoostWagonFish)]
    assert set(boosts) == {BoostWagonFish((1, 1)), BoostWagonFish((3,))} and BoostWagon() not in s.legal_actions()
    assert_rejected(s, BoostWagonFish((1, 3)), "fish.no_change")
    assert_rejected(s, BoostWagonFish((1,)), "fish.payment")
    s.apply(MoveWagon(18))
    s.apply(BoostWagonFish((3,)))
    assert s.fish_held[0] == [2, 0, 0] and s.fish_spent == [0, 0, 1] and points_left(s, 0) == 4
    assert_rejected(s, BoostWagonFish((1, 1)), "wagons.boost")  # once per turn
    s = scene(wagon_boost=False)
    hold(s, 0, 2)
    main_phase(s, 0)
    assert not [a for a in s.legal_actions() if isinstance(a, BoostWagonFish)]
    assert_rejected(s, BoostWagonFish((2,)), "wagons.boost")
