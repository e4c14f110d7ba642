"""The digest's and the issue's scenarios, each replayed from a position built by name."""
from __future__ import annotations

from fractions import Fraction

import ratgames_lab as rl
from ratgames_lab.horlogerie.actions import DRAW, STOP, GiveFind, KeepCard, MissionCard, UseCompass

from .helpers import D, arrange, assert_rejected, danger, draw, explore, find_names, finish_turn, names, refill

# Cheapest finds: M3, M8, M13 (2 VP each): a perfect draw needs a tie-break.
GRID_TIE = ["M3", "M8", "M13", "M19", "M23", "M27", "M33", "M34", "M35"]
# Cheapest find: M1 alone (1 VP).
GRID_ONE = ["M1", "M8", "M13", "M19", "M23", "M27", "M33", "M34", "M35"]


def kinds(state, since: int = 0) -> list[str]:
    return [e.kind for e in state.events[since:]]


def test_perfect_exploration_takes_the_cheapest_find_chosen_by_the_right_neighbour():
    s = arrange(3, grid=GRID_TIE)
    assert s.exploration_value() == 6 and s.current_player == 0
    draw(s, "S1")
    assert s.step == "explore" and s.legal_actions()[:2] == [DRAW, STOP]
    draw(s, "S5")
    assert s.explore_result == "perfect" and s.step == "reward"
    assert s.current_player == 2  # the explorer's right neighbour chooses among the tied finds
    assert {a.mission for a in s.legal_actions()} == {"M3", "M8", "M13"}
    assert_rejected(s, DRAW, "explore.perfect")
    s.apply(GiveFind("M8"))
    assert find_names(s, 0) == ["M8"] and s.grid.count(-1) == 1
    assert s.events[-2].rule == "explore.perfect" and "for free" in s.events[-2].text()
    assert s.step == "danger" and s.current_player == 1 and s.explored_sum() == 6
    assert (s.vp_turn[0], s.vp_seq[0]) == (1, 1)


def test_perfect_exploration_without_a_tie_is_automatic():
    s = arrange(2, grid=GRID_ONE)
    explore(s, "J3", "J3")
    assert find_names(s, 0) == ["M1"] and s.step == "danger" and s.current_player == 1


def test_bust_then_the_right_neighbour_chooses_the_card_kept():
    s = arrange(3, grid=GRID_ONE)
    explore(s, "S4", "R5")
    assert s.explore_result == "bust" and s.explored_sum() == 9
    assert s.step == "danger" and s.current_player == 1  # the danger phase still happens, against 9
    danger(s, "J1")  # J shares no terrain with S4 R5: no wound
    assert s.wounds == [[0, 0, 0]] * 3
    assert s.step == "discovery" and s.current_player == 2
    assert set(s.legal_actions()) == {KeepCard("S4"), KeepCard("R5")}
    s.apply(KeepCard("S4"))
    assert names(s, s.hands[0]) == ["S4"] and names(s, s.exp_discard) == ["R5"]
    assert s.events[-1].rule == "explore.discovery" and "Player 3 chooses" in s.events[-1].text()


def test_a_danger_phase_that_busts_inflicts_no_wounds():
    s = arrange(2, grid=GRID_ONE)
    explore(s, "S2")
    danger(s, "S1", "S4")  # 1, then 5 > 2: the danger phase fails although both cards are Swamp
    assert s.danger_result == "bust" and s.wounds == [[0, 0, 0], [0, 0, 0]]
    assert "wounds" not in kinds(s)
    assert names(s, s.dan_discard, D) == ["S1", "S4"] and not s.dan_table
    assert names(s, s.hands[0]) == ["S2"]  # the exploration itself succeeded


def test_wounds_from_a_two_terrain_tribe_count_once_and_only_matching_cards_wound():
    s = arrange(2, grid=GRID_ONE, teams=[["Scout", "Scout", "Scout"], ["Artisan", "Guard", "Guard"]])
    assert s.exploration_value() == 9
    explore(s, "S3", "R4")  # 7, stop: danger value 7, explored terrains Swamp and River
    danger(s, "J1", "SR5")  # J1 shares no terrain; the Tribe matches both, and wounds once (2)
    assert s.danger_result == "success" and s.wounds_left == 2 and s.step == "wounds"
    assert s.events[-1].params["cards"] == "Swamp/River 5"
    s.apply(s.legal_actions()[0])  # slot 0: the Scout (toughness 1) survives one wound
    s.apply(s.legal_actions()[0])  # a second wound: it dies
    assert s.team[0] == [s.comp.horlogers.index["Scout"]] * 2 and s.wounds[0] == [0, 0]
    assert [s.comp.horlogers.names[h] for h in s.hor_discard] == ["Scout"]
    assert "horloger_dies" in kinds(s)


def test_a_tribe_matching_one_explored_terrain_wounds_and_one_matching_none_does_not():
    s = arrange(2, grid=GRID_ONE, teams=[["Scout", "Scout", "Scout"], ["Artisan", "Guard", "Guard"]])
    explore(s, "S4", "S4")  # 8: only Swamp explored
    danger(s, "RJ5")
    assert s.step != "wounds" and s.wounds[0] == [0, 0, 0]  # River+Jungle: no wound
    s2 = arrange(2, grid=GRID_ONE, teams=[["Scout", "Scout", "Scout"], ["Artisan", "Guard", "Guard"]])
    explore(s2, "S4", "S4")
    danger(s2, "JS5")
    assert s2.wounds_left == 2


def test_a_purchase_wastes_the_change():
    s = arrange(2, step="discover", hands=[["S5", "R1"], []], grid=GRID_ONE + [])
    assert s.step == "discover" and s.current_player == 0
    buys = {(a.mission, a.cards) for a in s.legal_actions() if a.kind == "buy"}
    assert buys == {("M1", ("S5",))}  # S5 pays S3; R1 pays nothing (and is not needed)
    s.apply(s.legal_actions()[0])
    assert names(s, s.hands[0]) == ["R1"] and find_names(s, 0) == ["M1"] and s.vp(0) == 1
    assert kinds(s)[-1] == "no_change" and s.events[-1].params["lost"] == 2
    assert s.events[-1].rule == "discover.payment"
    assert s.step == "rest"  # nothing else can be paid: the Discover step ends by itself


def test_losing_all_horlogers_then_carry_zero_discards_everything():
    s = arrange(2, step="explore", grid=GRID_ONE, teams=[["Scout"], ["Artisan", "Guard", "Guard"]],
                wounds=[[1], [0, 0, 0]],
                finds=[["M7"], []], hands=[["J2"], []])
    assert s.exploration_value() == 3 and s.load(0) == 2 and s.carry(0) == 2
    explore(s, "S1")
    danger(s, "S1")  # 1 = danger value: a perfect danger for Player 2, and one wound from the Swamp creature
    assert find_names(s, 1) == ["M1"]
    assert s.team[0] == [] and "horloger_dies" in kinds(s)
    assert s.carry(0) == 0
    finish_turn(s)  # Player 1 ends the turn (hand J2 S1)
    assert s.active == 1
    finish_turn(s, seed=3)  # Player 2's turn
    while s.current_player == rl.CHANCE and s.step == "refill":
        s.apply(s.legal_actions()[0])
    # Player 1's Prepare: carry 0, so every card and find goes; then three recruits are drawn
    assert "discard_everything" in kinds(s)
    assert s.hands[0] == [] and s.finds[0] == [] and "M7" in [s.comp.missions.names[m] for m in s.gone]
    assert s.step == "recruit_draw" and s.recruits_left == 3 and s.current_player == rl.CHANCE


def test_a_perfect_danger_before_the_drawers_first_turn():
    s = arrange(3, grid=GRID_TIE)
    explore(s, "S2")
    danger(s, "R2")  # Player 2 has not played yet: the perfect danger gives a find, the explorer breaks the tie
    assert s.danger_result == "perfect" and s.step == "reward"
    assert s.current_player == 0 and s.reward_taker == 1
    assert_rejected(s, DRAW, "danger.perfect")
    s.apply(GiveFind("M13"))
    assert find_names(s, 1) == ["M13"] and s.turn == 1 and s.vp(1) == 2
    assert any(e.kind == "perfect_find" and e.rule == "danger.perfect" for e in s.events)
    assert s.wounds[0] == [0, 0, 0]  # R2 shares no terrain with S2
    assert s.step == "rest" and s.current_player == 0 and names(s, s.hands[0]) == ["S2"]


def test_compass_before_a_draw_and_rejected_after_a_bust():
    s = arrange(2, grid=GRID_ONE, finds=[["M4", "M7"], []])  # two Compasses
    assert s.legal_actions() == [DRAW, UseCompass("M4"), UseCompass("M7")]
    s.apply(UseCompass("M4"))
    assert s.exploration_value() == 7 and s.tapped[0] == [1, 0]
    assert_rejected(s, UseCompass("M4"), "power.tapped")
    draw(s, "S3")
    s.apply(UseCompass("M7"))  # before the next draw: the Compasses stack
    assert s.exploration_value() == 8
    draw(s, "S5")
    assert s.explore_result == "perfect" and find_names(s, 0)[-1] == "M1"

    s = arrange(2, grid=GRID_ONE, finds=[["M4"], []])
    explore(s, "S5", "R4")
    assert s.explore_result == "bust" and s.step == "danger"
    assert_rejected(s, UseCompass("M4"), "power.compass")


def test_the_end_by_an_empty_mission_deck_mid_round():
    s = arrange(4, active=1, first=0, turn=2, grid=GRID_ONE[:8], mis_deck=["M36"])
    assert s.current_player == rl.CHANCE and s.chance_outcomes() == [(MissionCard("M36"), Fraction(1))]
    refill(s, "M36")
    assert not s.mis_deck and s.ending == ""
    finish_turn(s)
    assert s.ending == "missions" and "end_missions" in kinds(s) and s.active == 2
    finish_turn(s, 1)
    assert s.active == 3 and not s.is_terminal()
    finish_turn(s, 2)
    assert s.is_terminal() and s.turn == 4  # the round ends before the first player: everyone played twice


def finished(vp_stamps, finds):
    """A position whose last turn (Player 2, first player 1) ends now; the end is already triggered."""
    return arrange(2, active=1, first=0, turn=6, step="rest", finds=finds, ending="score",
                   vp_turn=[t for t, _ in vp_stamps], vp_seq=[q for _, q in vp_stamps])


def test_the_tie_break_goes_to_the_last_player_to_reach_the_score():
    finds = [["M19", "M23", "M27"], ["M34", "M35", "M36"]]  # 12 VP each, best find 4 each
    s = finished([(5, 2), (6, 1)], finds)
    assert s.is_terminal() and s.scores() == [12, 12]
    assert s.returns() == [0.0, 1.0] and s.events[-1].kind == "winner_last"
    s = finished([(6, 3), (6, 1)], finds)  # same turn, later in it
    assert s.returns() == [1.0, 0.0]
    s = finished([(3, 1), (3, 1)], finds)  # nothing separates them
    assert s.returns() == [0.5, 0.5] and s.events[-1].kind == "shared_win"


def test_the_tie_break_by_the_highest_reward_find_comes_first():
    s = finished([(1, 1), (6, 1)], [["M33", "M5", "M16"], ["M34", "M35", "M36"]])
    assert s.scores() == [12, 12] and s.returns() == [1.0, 0.0] and s.events[-1].kind == "winner_find"


def test_the_end_is_triggered_by_the_active_player_only():
    vp12 = ["M19", "M23", "M27"]
    s = arrange(2, active=0, first=0, step="rest", finds=[[], vp12])
    assert s.ending == "" and s.active == 1 and not s.is_terminal()  # Player 2's 12 VP wait for their step 6
    s = arrange(2, active=1, first=0, step="rest", finds=[[], vp12])
    assert s.ending == "score" and s.is_terminal() and s.returns() == [0.0, 1.0]
