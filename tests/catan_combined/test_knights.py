"""Knights in the combined variant (catan.md Part 2, Knights and walls; Settled defaults, Knights and Largest Army):
hire, activate, promote, move, displace (and the owner's retreat), chase the robber or the pirate, the truce,
blocking roads and breaking Longest Road, Largest Army by knight levels, and the four knight progress cards."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl
from ratgames_lab.catan.actions import BuildRoad, EndTurn, MoveRobber
from ratgames_lab.catan.combined.actions import MovePirate
from ratgames_lab.catan.combined.components import PROGRESS_DECK_OF, PROGRESS_IDS, SHIP
from ratgames_lab.catan.combined.knights import (ActivateKnight, ChasePirate, ChaseRobber, DisplaceKnight,
                                                 HireKnight, MoveKnight, PromoteKnight, RetreatKnight)
from ratgames_lab.catan.combined.places import road_spots, ship_spots
from ratgames_lab.catan.combined.progress_knights import (PlaceKnight, PlayDeserter, PlayIntrigue, PlaySmith,
                                                          PlayWarlord, RemoveKnight, SkipKnight)
from ratgames_lab.catan.combined.special import army_strength
from ratgames_lab.catan.combined.turn import reset_turn_flags
from ratgames_lab.core.protocol import CHANCE, TERMINAL

from .knight_scenarios import building, cards, edge, holds_cards, knight, position, ready, refused, route

PLACES = ("knights", "progress")


def basic(players: int = 3, **options):
    """Player 1: a settlement on 49 and roads 49-57, 49-56, 56-63; Player 2: a settlement on 71 and a road 71-64."""
    s = position(players, **options)
    building(s, 0, 49)
    route(s, 0, 57, 49, 56, 63)
    building(s, 1, 71)
    route(s, 1, 71, 64)
    return s


def give_progress(s, p: int, card: str) -> None:
    """Move one progress card of this type from its deck to p's hand."""
    i = PROGRESS_IDS.index(card)
    s.progress_decks[PROGRESS_DECK_OF[i]][i] -= 1
    s.progress_hand[p][i] += 1


def next_own_turn(s) -> None:
    """The knights' 'this turn' marks expire (as at the start of the player's next turn)."""
    reset_turn_flags(s)
    s.after_load()


# ------------------------------------------------------------------------------------------------
# hire, activate, promote
# ------------------------------------------------------------------------------------------------
def test_hire_a_basic_knight_on_a_free_intersection_of_your_network():
    s = ready(basic())
    cards(s, 0, wool=1, ore=1)
    s.after_load()
    hires = sorted(a.node for a in s.legal_actions() if isinstance(a, HireKnight))
    assert hires == [56, 57, 63]  # 49 holds a building; 64 is Player 2's network only
    s.apply(HireKnight(56))
    assert (s.knight_owner[56], s.knight_level[56], s.knight_active[56]) == (0, 1, 0)
    assert 56 in s.knights_fresh
    assert holds_cards(s, 0) == {}
    s.validate_position()


def test_hire_refusals_name_the_rule():
    s = ready(basic())
    refused(s, HireKnight(56), "knights.cost")
    cards(s, 0, wool=2, ore=2)
    s.after_load()
    refused(s, HireKnight(49), "knights.hire")  # a building
    refused(s, HireKnight(64), "knights.hire")  # not touched by Player 1's roads
    refused(s, HireKnight(70), "knights.hire")
    knight(s, 0, 56)
    knight(s, 0, 57)
    ready(s)
    refused(s, HireKnight(63), "knights.pieces")  # both basic knights are on the board
    s.phase = "roll"
    s.after_load()
    refused(s, HireKnight(63), "turn.phase")


def test_activate_costs_grain_and_the_knight_cannot_act_that_turn():
    s = basic()
    knight(s, 0, 56, active=0)
    ready(s)
    refused(s, ActivateKnight(56), "knights.cost")
    cards(s, 0, grain=1)
    s.after_load()
    s.apply(ActivateKnight(56))
    assert s.knight_active[56] == 1 and 56 in s.knights_fresh
    assert not any(isinstance(a, MoveKnight) and a.source == 56 for a in s.legal_actions())
    refused(s, MoveKnight(56, 57), "knights.fresh")
    refused(s, ActivateKnight(56), "knights.activate")  # already active
    next_own_turn(s)
    assert MoveKnight(56, 57) in s.legal_actions()


def test_promote_keeps_the_state_once_per_turn_and_mighty_needs_the_fortress():
    s = basic()
    knight(s, 0, 56, level=1, active=1)
    ready(s)
    cards(s, 0, wool=3, ore=3)
    s.after_load()
    s.apply(PromoteKnight(56))
    assert (s.knight_level[56], s.knight_active[56]) == (2, 1)
    refused(s, PromoteKnight(56), "knights.promote")  # once per knight per turn
    assert MoveKnight(56, 57) in s.legal_actions()  # promotion is no action of the knight
    next_own_turn(s)
    refused(s, PromoteKnight(56), "knights.fortress")
    s.levels[0][1] = 3  # politics level 3: the Fortress
    s.after_load()
    s.apply(PromoteKnight(56))
    assert s.knight_level[56] == 3
    next_own_turn(s)
    refused(s, PromoteKnight(56), "knights.promote")  # a mighty knight is at the top


def test_promotion_needs_a_knight_of_the_next_level_in_supply():
    s = basic()
    knight(s, 0, 56, level=1)
    knight(s, 0, 57, level=2)
    knight(s, 0, 63, level=2)
    ready(s)
    cards(s, 0, wool=1, ore=1)
    s.after_load()
    refused(s, PromoteKnight(56), "knights.pieces")
    refused(s, PromoteKnight(64), "knights.promote")  # no knight of Player 1 there


# ------------------------------------------------------------------------------------------------
# moving and displacing
# ------------------------------------------------------------------------------------------------
def moving():
    """Player 1's active knight on 56 with roads 57-49-56-63-70; Player 2 holds 71 with a road 71-63."""
    s = position()
    building(s, 0, 49)
    route(s, 0, 57, 49, 56, 63, 70)
    building(s, 1, 71)
    route(s, 1, 71, 63)
    knight(s, 0, 56, level=2)
    return s


def test_a_knight_moves_along_its_roads_and_becomes_inactive():
    s = ready(moving())
    moves = sorted(a.target for a in s.legal_actions() if isinstance(a, MoveKnight))
    assert moves == [57, 63, 70]  # through Player 1's settlement on 49 too
    s.apply(MoveKnight(56, 70))
    assert s.knight_owner[70] == 0 and s.knight_level[70] == 2 and s.knight_active[70] == 0
    assert s.knight_owner[56] == -1 and s.knight_level[56] == 0
    refused(s, MoveKnight(70, 63), "knights.active")
    s.validate_position()


def test_an_opposing_knight_or_building_stops_a_move():
    s = moving()
    knight(s, 1, 63, level=1, active=0)
    ready(s)
    moves = sorted(a.target for a in s.legal_actions() if isinstance(a, MoveKnight))
    assert moves == [57]  # 63 is held; 70 lies beyond it
    refused(s, MoveKnight(56, 70), "knights.move")
    refused(s, MoveKnight(56, 64), "knights.move")  # not along Player 1's roads
    refused(s, MoveKnight(57, 56), "knights.move")  # no knight of Player 1 on 57


def test_displace_a_weaker_knight_whose_owner_retreats_it():
    s = moving()
    knight(s, 1, 63, level=1, active=1)
    route(s, 1, 71, 79)  # Player 2's network: 71 (their settlement), 63, 79
    ready(s)
    assert DisplaceKnight(56, 63) in s.legal_actions()
    s.apply(DisplaceKnight(56, 63))
    assert (s.knight_owner[63], s.knight_level[63], s.knight_active[63]) == (0, 2, 0)
    assert s.phase == "retreat_knight" and s.current_player == 1
    assert s.legal_actions() == [RetreatKnight(79)]
    saved = position_with_option(s)  # a position waiting for a retreat is saved and loaded like any other
    assert saved.to_json() == s.to_json() and saved.legal_actions() == s.legal_actions()
    refused(s, RetreatKnight(63), "knights.displace")
    refused(s, EndTurn(), "turn.phase")
    s.apply(RetreatKnight(79))
    assert (s.knight_owner[79], s.knight_level[79], s.knight_active[79]) == (1, 1, 1)  # level and state kept
    assert s.phase == "main" and s.current_player == 0
    s.validate_position()


def test_a_displaced_knight_with_nowhere_to_go_is_removed():
    s = moving()
    knight(s, 1, 63, level=1, active=1)  # Player 2's network: 71 (their settlement) and 63 only
    ready(s)
    mark = len(s.events)
    s.apply(DisplaceKnight(56, 63))
    assert s.phase == "main" and s.current_player == 0
    assert s.knight_owner[63] == 0 and 1 not in s.knight_owner
    assert [e.kind for e in s.events_since(mark)][:2] == ["knight_push", "knight_removed"]
    s.validate_position()


def test_displacement_needs_a_strictly_stronger_knight_by_default():
    s = moving()
    knight(s, 1, 63, level=2, active=1)
    ready(s)
    refused(s, DisplaceKnight(56, 63), "knights.displace")
    s2 = moving()
    s2.knight_level[56] = 1
    knight(s2, 1, 63, level=2)
    s2 = ready(position_with_option(s2, displace_requires_stronger=False))
    assert DisplaceKnight(56, 63) in s2.legal_actions()  # the seed's rule: any enemy knight next to yours


def position_with_option(s, **options):
    """The same position in a game with other option values."""
    g = rl.load_game("catan", s.players, seed=1, variant="combined", first_player="1", **options)
    return g.state_from_json(s.to_json())


def test_displace_only_next_to_the_knight_along_your_own_road():
    s = moving()
    knight(s, 1, 70, level=1)  # two steps away along Player 1's roads
    route(s, 1, 70, 78)
    ready(s)
    refused(s, DisplaceKnight(56, 70), "knights.displace")
    refused(s, DisplaceKnight(56, 71), "knights.displace")  # a building, not a knight


# ------------------------------------------------------------------------------------------------
# the robber and the pirate
# ------------------------------------------------------------------------------------------------
def test_a_knight_chases_the_robber_without_stealing():
    s = ready(moving())
    s.attacks = 1  # the truce is over
    building(s, 1, 80)  # Player 2 by tile 29 (the robber's target), holding cards
    ready(s)
    cards(s, 1, brick=3)
    s.after_load()
    assert ChaseRobber(56) in s.legal_actions()
    s.apply(ChaseRobber(56))
    assert s.knight_active[56] == 0
    assert s.phase == "knight_robber" and s.current_player == 0
    assert MoveRobber(s.robber) not in s.legal_actions()
    refused(s, MoveRobber(s.robber), "seven.robber")
    refused(s, MoveRobber(0), "seven.robber")  # a sea tile
    s.apply(MoveRobber(29))
    assert s.robber == 29 and s.phase == "main" and s.current_player == 0
    assert holds_cards(s, 1) == {"brick": 3} and holds_cards(s, 0) == {}
    assert not s.steals


def test_chasing_needs_a_corner_of_the_robbers_tile_and_no_truce():
    s = ready(moving())
    refused(s, ChaseRobber(56), "seven.truce")  # before the first barbarian attack
    s.attacks = 1
    s.knight_owner[56], s.knight_owner[70] = -1, 0
    s.knight_level[56], s.knight_level[70] = 0, 2
    s.knight_active[56], s.knight_active[70] = 0, 1
    ready(s)
    refused(s, ChaseRobber(70), "knights.chase")  # 70 is no corner of the desert
    peace_off = ready(position_with_option(moving(), robber_peace=False))
    assert ChaseRobber(56) in peace_off.legal_actions()


def pirate_position(**options):
    """Player 1's settlement on 20 (a coast corner of sea tile 4, the pirate's) with a ship 20-28; an active
    knight on 28; the truce is over."""
    s = position(**options)
    assert s.comp.knight_site[28] and s.comp.building_site[20]
    building(s, 0, 20)
    route(s, 0, 20, 28, piece=SHIP)
    knight(s, 0, 28)
    s.pirate = 4
    s.attacks = 1
    return s


def test_a_knight_chases_the_pirate():
    s = ready(pirate_position())
    assert ChasePirate(28) in s.legal_actions()
    s.apply(ChasePirate(28))
    assert s.phase == "knight_pirate" and s.knight_active[28] == 0
    refused(s, MovePirate(4), "seven.pirate")
    refused(s, MovePirate(2), "seven.pirate")  # a land tile
    s.apply(MovePirate(5))
    assert s.pirate == 5 and s.phase == "main"


def test_chasing_the_pirate_follows_its_option_and_the_truce():
    s = ready(pirate_position(knight_chase_pirate=False))
    assert not any(isinstance(a, ChasePirate) for a in s.legal_actions())
    refused(s, ChasePirate(28), "knights.chase_pirate")
    s = pirate_position()
    s.attacks = 0
    ready(s)
    refused(s, ChasePirate(28), "seven.truce")
    s = pirate_position()
    s.pirate = 0
    ready(s)
    refused(s, ChasePirate(28), "knights.chase_pirate")  # not next to the pirate


# ------------------------------------------------------------------------------------------------
# blocking and Longest Road
# ------------------------------------------------------------------------------------------------
def test_a_knight_active_or_not_blocks_opposing_roads():
    s = basic()
    knight(s, 1, 63, active=0)
    route(s, 1, 64, 71, 63)
    ready(s)
    assert edge(s, 63, 70) not in road_spots(s, 0)  # Player 2's inactive knight on 63 cuts Player 1 there
    assert edge(s, 63, 70) in road_spots(s, 1)  # a knight never blocks its owner
    cards(s, 0, brick=1, lumber=1)
    s.after_load()
    refused(s, BuildRoad(edge(s, 63, 70)), "build.road")


def test_a_knight_blocks_opposing_ships():
    s = position()
    assert s.comp.building_site[27]
    building(s, 0, 11)
    route(s, 0, 11, 20, piece=SHIP)
    building(s, 1, 27)
    route(s, 1, 27, 20)
    s.pirate = 0
    ready(s)
    beyond = edge(s, 20, 28)
    assert beyond in ship_spots(s, 0)
    knight(s, 1, 20, active=0)
    ready(s)
    assert beyond not in ship_spots(s, 0)  # Player 2's knight on 20 cuts Player 1's ship route


def test_a_knight_breaks_longest_road():
    s = position()
    building(s, 1, 57)
    route(s, 1, 57, 49, 56, 63, 71, 64)  # 5 roads
    building(s, 0, 70)
    route(s, 0, 62, 70, 63)
    ready(s)
    assert s.longest_holder == 1 and s.vp(1) == 3
    cards(s, 0, wool=1, ore=1)
    s.after_load()
    s.apply(HireKnight(63))
    assert s.road_length[1] == 3 and s.longest_holder == -1 and s.vp(1) == 1
    assert any(e.kind == "longest_road_none" for e in s.events)
    next_own_turn(s)
    s.knight_active[63] = 1
    ready(s)
    s.apply(MoveKnight(63, 62))  # the knight leaves: Player 2's route is whole again
    assert s.road_length[1] == 5 and s.longest_holder == 1


# ------------------------------------------------------------------------------------------------
# Largest Army
# ------------------------------------------------------------------------------------------------
def army():
    """Player 2 holds Largest Army with 3 (a strong knight on 79, a basic one on 63); Player 1 has 3 (strong on 56,
    basic on 57); Player 3 has 3 (strong on 72, basic on 80)."""
    s = position()
    building(s, 0, 49)
    route(s, 0, 57, 49, 56, 63)
    knight(s, 0, 56, level=2)
    knight(s, 0, 57, level=1)
    building(s, 1, 71)
    route(s, 1, 63, 71, 79)
    knight(s, 1, 79, level=2)
    knight(s, 1, 63, level=1)
    building(s, 2, 65)
    route(s, 2, 65, 72, 80)
    knight(s, 2, 72, level=2)
    knight(s, 2, 80, level=1)
    s.army_holder = 1
    return s


def test_largest_army_holder_keeps_it_on_a_tie_and_a_player_passing_alone_takes_it():
    s = ready(army())
    assert [army_strength(s, p) for p in range(3)] == [3, 3, 3] and s.army_holder == 1
    cards(s, 0, wool=1, ore=1)
    s.after_load()
    s.apply(PromoteKnight(57))  # Player 1 to 4: passes the holder alone
    assert s.army_holder == 0 and s.vp(0) == 3


def test_largest_army_goes_to_nobody_when_the_holder_drops_below_tied_leaders():
    s = ready(army())
    s.apply(DisplaceKnight(56, 63))  # Player 2's basic knight has nowhere to go: removed
    assert [army_strength(s, p) for p in range(3)] == [3, 2, 3]
    assert s.army_holder == -1


def test_largest_army_needs_at_least_3_and_counts_inactive_knights():
    s = position()
    building(s, 0, 49)
    route(s, 0, 57, 49, 56, 63)
    knight(s, 0, 56, level=2, active=0)
    ready(s)
    assert s.army_holder == -1
    cards(s, 0, wool=1, ore=1)
    s.after_load()
    s.apply(HireKnight(57))
    assert s.army_holder == 0
    strict = ready(position_with_option(s, strict_thresholds=True))
    strict.army_holder = -1
    from ratgames_lab.catan.combined.special import update_largest_army
    update_largest_army(strict)
    assert strict.army_holder == -1  # more than 3 needed


# ------------------------------------------------------------------------------------------------
# the knight progress cards
# ------------------------------------------------------------------------------------------------
def test_smith_promotes_up_to_two_knights_for_free():
    s = basic()
    knight(s, 0, 56, level=1, active=1)
    knight(s, 0, 57, level=2, active=0)
    s.levels[0][1] = 3
    give_progress(s, 0, "smith")
    ready(s)
    s.apply(PlaySmith())
    assert s.phase == "smith" and SkipKnight() not in s.legal_actions()
    s.apply(PromoteKnight(57))
    assert s.knight_level[57] == 3 and s.knight_active[57] == 0
    assert sorted(s.legal_actions(), key=repr) == sorted([PromoteKnight(56), SkipKnight()], key=repr)
    refused(s, PromoteKnight(57), "knights.promote")  # once per turn
    s.apply(PromoteKnight(56))
    assert s.knight_level[56] == 2 and s.phase == "main"
    assert holds_cards(s, 0) == {} and s.progress_count(0) == 0
    s.validate_position()


def test_smith_second_promotion_is_optional_and_skipped_when_impossible():
    s = basic()
    knight(s, 0, 56, level=1)
    knight(s, 0, 57, level=2)  # no Fortress: cannot become mighty
    give_progress(s, 0, "smith")
    give_progress(s, 0, "smith")
    ready(s)
    s.apply(PlaySmith())
    s.apply(PromoteKnight(56))
    assert s.phase == "main"  # nothing else can be promoted
    refused(s, PlaySmith(), "progress.smith")  # the second Smith could do nothing


def test_smith_skip_ends_the_card():
    s = basic()
    knight(s, 0, 56, level=1)
    knight(s, 0, 57, level=1)
    give_progress(s, 0, "smith")
    ready(s)
    s.apply(PlaySmith())
    refused(s, SkipKnight(), "progress.smith")
    s.apply(PromoteKnight(56))
    s.apply(SkipKnight())
    assert s.phase == "main" and s.knight_level[57] == 1


def test_warlord_activates_every_knight_and_they_cannot_act_this_turn():
    s = basic()
    knight(s, 0, 56, level=1, active=0)
    knight(s, 0, 57, level=2, active=0)
    knight(s, 0, 63, level=1, active=1)
    give_progress(s, 0, "warlord")
    give_progress(s, 0, "warlord")
    ready(s)
    s.apply(PlayWarlord())
    assert [s.knight_active[v] for v in (56, 57, 63)] == [1, 1, 1]
    assert s.knights_fresh == [56, 57]
    refused(s, PlayWarlord(), "progress.warlord")  # no inactive knight left
    refused(s, MoveKnight(56, 49), "knights.fresh")


def deserter():
    """Player 1 holds a Deserter; Player 2 has an active strong knight on 64 and a basic one on 63."""
    s = basic()
    route(s, 1, 71, 63)
    knight(s, 1, 64, level=2, active=1)
    knight(s, 1, 63, level=1, active=0)
    give_progress(s, 0, "deserter")
    return s


def test_deserter_the_victim_chooses_then_a_knight_of_the_same_strength_is_placed_free():
    s = ready(deserter())
    assert [a for a in s.legal_actions() if isinstance(a, PlayDeserter)] == [PlayDeserter(1)]
    refused(s, PlayDeserter(2), "progress.deserter")  # Player 3 has no knight
    s.apply(PlayDeserter(1))
    assert s.phase == "desert_knight" and s.current_player == 1
    assert sorted(a.node for a in s.legal_actions()) == [63, 64]
    s.apply(RemoveKnight(64))
    assert s.knight_level[64] == 0
    assert s.phase == "deserter_place" and s.current_player == 0
    assert SkipKnight() in s.legal_actions()
    refused(s, PlaceKnight(49), "knights.hire")
    s.apply(PlaceKnight(56))
    assert (s.knight_owner[56], s.knight_level[56], s.knight_active[56]) == (0, 2, 1)  # strength and state kept
    assert 56 in s.knights_fresh
    s.validate_position()


def test_deserter_places_a_weaker_knight_when_none_of_that_strength_is_left():
    s = deserter()
    route(s, 0, 63, 70)
    knight(s, 0, 56, level=2)
    knight(s, 0, 57, level=2)  # both of Player 1's strong knights are on the board
    ready(s)
    s.apply(PlayDeserter(1))
    s.apply(RemoveKnight(64))  # the strong one
    assert s.legal_actions() == [PlaceKnight(70), SkipKnight()]
    s.apply(PlaceKnight(70))
    assert (s.knight_level[70], s.knight_active[70]) == (1, 1)  # a basic knight, active like the deserter


def test_deserter_places_a_mighty_knight_without_the_fortress():
    s = deserter()
    s.knight_level[64] = 3
    ready(s)
    assert s.levels[0][1] == 0
    s.apply(PlayDeserter(1))
    s.apply(RemoveKnight(64))
    s.apply(PlaceKnight(56))
    assert s.knight_level[56] == 3


def test_deserter_skip_and_nothing_to_place():
    s = ready(deserter())
    s.apply(PlayDeserter(1))
    s.apply(RemoveKnight(63))
    s.apply(SkipKnight())
    assert s.phase == "main" and 0 not in s.knight_owner
    s = deserter()
    for v, lv in ((56, 1), (57, 1)):
        knight(s, 0, v, level=lv)
    ready(s)
    s.apply(PlayDeserter(1))
    s.apply(RemoveKnight(63))  # a basic knight, and both of Player 1's basic knights are on the board
    assert s.phase == "main" and s.current_player == 0


def test_deserter_needs_an_opposing_knight():
    s = basic()
    give_progress(s, 0, "deserter")
    ready(s)
    assert not any(isinstance(a, PlayDeserter) for a in s.legal_actions())
    refused(s, PlayDeserter(1), "progress.deserter")


def test_intrigue_displaces_any_opposing_knight_on_your_network():
    s = basic()
    route(s, 1, 71, 63)
    knight(s, 1, 63, level=3, active=1)
    give_progress(s, 0, "intrigue")
    ready(s)
    assert [a for a in s.legal_actions() if isinstance(a, PlayIntrigue)] == [PlayIntrigue(63)]
    s.apply(PlayIntrigue(63))
    assert s.knight_owner[63] == -1  # no knight of Player 1 takes its place
    assert s.phase == "retreat_knight" and s.current_player == 1
    assert s.legal_actions() == [RetreatKnight(64)]  # 63 itself is not a retreat
    s.apply(RetreatKnight(64))
    assert (s.knight_level[64], s.knight_active[64]) == (3, 1)
    assert s.phase == "main" and s.progress_count(0) == 0


def test_intrigue_refusals():
    s = basic()
    route(s, 1, 71, 79)
    knight(s, 1, 79, level=1)
    knight(s, 0, 56, level=1)
    give_progress(s, 0, "intrigue")
    ready(s)
    refused(s, PlayIntrigue(79), "progress.intrigue")  # not touched by Player 1's roads
    refused(s, PlayIntrigue(56), "progress.intrigue")  # Player 1's own knight
    s.progress_hand[0] = [0] * len(s.progress_hand[0])
    s.progress_decks[1][PROGRESS_IDS.index("intrigue")] += 1
    s.after_load()
    refused(s, PlayIntrigue(79), "progress.hand")


# ------------------------------------------------------------------------------------------------
# invariants over random games
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("players, options", [
    (3, {}), (4, {}),
    (4, {"displace_requires_stronger": False, "knight_chase_pirate": False, "robber_peace": False,
         "largest_army_mode": "defences"})])
def test_random_games_keep_knights_within_the_rules(players, options):
    from ratgames_lab.catan.combined.knights import KNIGHTS_PER_LEVEL, can_act
    seen = set()
    for seed in range(3):
        g = rl.load_game("catan", players, seed=100 + seed, variant="combined", turn_cap=200, **options)
        s = g.new_state()
        rng = random.Random(seed)
        while s.current_player != TERMINAL:
            if s.current_player == CHANCE:
                s.apply(s.sample_chance(rng))
                continue
            acts = s.legal_actions()
            knightly = [a for a in acts if a.kind in ("hire_knight", "promote_knight", "move_knight",
                                                      "displace_knight", "activate_knight", "chase_robber",
                                                      "chase_pirate")]
            a = rng.choice(knightly) if knightly and rng.random() < 0.5 else rng.choice(acts)
            if a.kind in ("move_knight", "displace_knight"):
                assert can_act(s, s.active, a.source)
            seen.add(a.kind)
            s.apply(a)
            for p in range(players):
                for lv in (1, 2, 3):
                    assert sum(1 for v, o in enumerate(s.knight_owner) if o == p and s.knight_level[v] == lv) \
                        <= KNIGHTS_PER_LEVEL
            strengths = [army_strength(s, p) for p in range(players)]
            if s.army_holder >= 0 and s.phase != "retreat_knight" and not options:
                assert strengths[s.army_holder] == max(strengths) >= 3
        s.validate_position()
    assert {"hire_knight", "promote_knight", "move_knight", "activate_knight"} <= seen


# ------------------------------------------------------------------------------------------------
# routes, phases, the codec
# ------------------------------------------------------------------------------------------------
def test_a_knight_changes_between_ships_and_roads_only_at_its_owners_building():
    s = position()
    building(s, 0, 11)
    route(s, 0, 11, 20, 28, piece=SHIP)
    building(s, 0, 34)
    route(s, 0, 34, 27, 20)  # roads from the settlement on 34 meet the ships on 20, where nothing stands
    knight(s, 0, 28, level=1)
    ready(s)
    assert sorted(a.target for a in s.legal_actions() if isinstance(a, MoveKnight)) == [20]
    s.apply(MoveKnight(28, 20))
    next_own_turn(s)
    s.knight_active[20] = 1
    ready(s)
    assert sorted(a.target for a in s.legal_actions() if isinstance(a, MoveKnight)) == [27, 28]


def test_knight_actions_outside_the_action_phase_name_the_phase():
    s = moving()
    knight(s, 1, 63, level=1)
    give_progress(s, 0, "smith")
    ready(s)
    cards(s, 0, wool=1, ore=1, grain=1)
    s.phase = "roll"
    ready(s)
    for a in (HireKnight(57), ActivateKnight(56), PromoteKnight(56), MoveKnight(56, 57), DisplaceKnight(56, 63),
              ChaseRobber(56), ChasePirate(56), RetreatKnight(57), RemoveKnight(63), PlaceKnight(57), SkipKnight()):
        refused(s, a, "turn.phase")
    refused(s, PlaySmith(), "progress.timing")


def test_knight_actions_round_trip_through_the_codec():
    from ratgames_lab.catan.combined.rules import CODEC
    for a in (HireKnight(1), ActivateKnight(2), PromoteKnight(3), MoveKnight(4, 5), DisplaceKnight(6, 7),
              ChaseRobber(8), ChasePirate(9), RetreatKnight(10), PlaySmith(), PlayWarlord(), PlayDeserter(1),
              PlayIntrigue(11), RemoveKnight(12), PlaceKnight(13), SkipKnight()):
        assert CODEC.decode(a.to_json()) == a
        assert a.describe()


@pytest.mark.parametrize("bad", [[1, 1], [1, 4, 0, 79], [1, 1, 7, 79], [-1, 1, 1, 79], [1, 1, 1, 100000]])
def test_a_malformed_retreat_in_a_file_names_the_pending_field(bad):
    from ratgames_lab.core.errors import InvalidPositionError
    s = moving()
    knight(s, 1, 63, level=1, active=1)
    route(s, 1, 71, 79)
    ready(s)
    s.apply(DisplaceKnight(56, 63))
    data = s.to_json()
    data["pending"][0] = data["pending"][0][:1] + bad
    g = rl.load_game("catan", 3, seed=1, variant="combined", first_player="1")
    with pytest.raises(InvalidPositionError) as info:
        g.state_from_json(data)
    assert info.value.field == "pending[0]"
