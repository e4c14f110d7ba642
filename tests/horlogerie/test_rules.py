"""One test per rule of the digest: decks and reshuffles, the grid, encumbrance, recruiting, powers, buying, rest."""
from __future__ import annotations

import random
from fractions import Fraction

import ratgames_lab as rl
from ratgames_lab.horlogerie import Game
from ratgames_lab.horlogerie.actions import (DRAW, DRAW_RECRUITS, END_DISCOVER, END_REST, STOP, Buy, ChooseRecruit,
                                             Corrupt, DeckCard, DiscardCard, DiscardFind, Heal, HorlogerCard,
                                             RestDiscard, Untap, UseAmulet, UseSpyglass, Wound)
from ratgames_lab.horlogerie.payments import payments

from .helpers import D, E, arrange, assert_rejected, danger, draw, explore, find_names, names
from .test_scenarios import GRID_ONE, kinds


def test_setup_deals_nine_missions_three_horlogers_each_and_a_first_player():
    for n in range(2, 7):
        s = Game(players=n, seed=n).new_state()
        assert len([m for m in s.grid if m >= 0]) == 9 and len(s.mis_deck) == 27
        assert all(len(t) == 3 for t in s.team) and len(s.hor_deck) == 21 - 3 * n
        assert s.active == s.first and s.turn == 1 and s.step == "explore"
        assert s.events[0].rule == "setup"


def test_the_grid_is_refilled_at_prepare_with_uniform_chance():
    s = arrange(3, grid=GRID_ONE[:7])
    assert s.step == "refill" and s.current_player == rl.CHANCE
    outcomes = s.chance_outcomes()
    assert len(outcomes) == 29 and {p for _, p in outcomes} == {Fraction(1, 29)}
    s.apply(outcomes[0][0])
    s.apply(s.chance_outcomes()[0][0])
    assert -1 not in s.grid and len(s.mis_deck) == 27 and s.step == "explore"


def test_exploration_draw_odds_follow_the_deck_contents():
    s = arrange(2)
    s.apply(DRAW)
    outcomes = dict(s.chance_outcomes())
    assert outcomes[DeckCard(E, "S1")] == Fraction(6, 54) and outcomes[DeckCard(E, "J5")] == Fraction(2, 54)
    assert sum(outcomes.values()) == 1


def test_an_empty_deck_is_rebuilt_from_its_discard_without_the_table_cards():
    s = arrange(2, exp_deck=["S1"])  # the other 53 cards are in the discard
    draw(s, "S1")
    assert s.exp_deck == [] and len(s.exp_discard) == 53
    s.apply(DRAW)
    assert "reshuffle" in kinds(s) and len(s.exp_deck) == 53 and s.exp_discard == []
    assert len(s.chance_outcomes()) == 15
    assert DeckCard(E, "S1") in [a for a, _ in s.chance_outcomes()]  # 5 Swamp 1s left: the one on the table is out


def test_an_empty_deck_and_discard_force_a_stop_that_counts_as_a_success():
    everything = [c for c in ["S1"] * 6 + ["S2"] * 4 + ["S3"] * 3 + ["S4"] * 3 + ["S5"] * 2]
    others = [f"{t}{v}" for t in "RJ" for v, k in ((1, 6), (2, 4), (3, 3), (4, 3), (5, 2)) for _ in range(k)]
    s = arrange(2, step="explore", exp_deck=["S1"], hands=[[], everything[1:] + others])
    draw(s, "S1")
    assert s.explore_result == "success" and "deck_exhausted" in kinds(s)
    assert s.step == "danger" and s.explored_sum() == 1


def test_encumbrance_is_checked_against_the_team_before_recruiting():
    hand = ["S1", "S1", "S2", "R1", "R2", "J1", "J1", "J2", "J3"]
    s = arrange(2, teams=[["Porter", "Porter"], ["Artisan", "Guard", "Guard"]], hands=[hand, []])
    assert s.load(0) == 9 and s.carry(0) == 8 and s.step == "load" and s.current_player == 0
    assert {a.card for a in s.legal_actions()} == {"S1", "S2", "R1", "R2", "J1", "J2", "J3"}
    assert_rejected(s, DRAW_RECRUITS, "prepare.encumbrance")  # keeping more than the carry limit
    s.apply(DiscardCard("J3"))
    assert s.load(0) == 8 and s.step == "recruit_draw" and s.recruits_left == 1
    assert s.events[-1].rule == "prepare.encumbrance"


def test_encumbrance_discards_a_find_that_leaves_the_game():
    s = arrange(2, teams=[["Scout"], ["Artisan", "Guard", "Guard"]], finds=[["M5", "M1"], []])
    assert s.load(0) == 3 and s.carry(0) == 2
    s.apply(DiscardFind("M1"))
    assert find_names(s, 0) == ["M5"] and s.gone[-1] == s.comp.missions.index["M1"]
    assert s.vp_turn[0] == 1 and s.step == "recruit"  # a find left: the player may corrupt


def test_recruits_are_drawn_with_chance_by_profile_counts():
    s = arrange(2, teams=[["Guard"], ["Artisan", "Guard", "Guard"]])
    assert s.step == "recruit_draw" and s.recruits_left == 2
    outcomes = dict(s.chance_outcomes())
    left = len(s.hor_deck)
    assert outcomes[HorlogerCard("Scout")] == Fraction(3, left) and sum(outcomes.values()) == 1
    s.apply(HorlogerCard("Scout"))
    s.apply(HorlogerCard("Warden"))
    assert [s.comp.horlogers.names[h] for h in s.team[0]] == ["Guard", "Scout", "Warden"]
    assert s.step == "explore" and s.exploration_value() == 6


def test_corruption_discards_a_find_to_choose_recruits_and_shuffles_the_discard_in_if_needed():
    s = arrange(2, teams=[["Guard"], ["Artisan", "Guard", "Guard"]], finds=[["M1"], []], hor_deck=["Porter"])
    assert s.step == "recruit" and s.legal_actions() == [DRAW_RECRUITS, Corrupt("M1")]
    s.apply(Corrupt("M1"))
    assert s.finds[0] == [] and s.step == "recruit_choose" and s.hor_discard == []
    assert len(s.hor_deck) == 21 - 4  # too few cards: the discard was shuffled in, the chooser sees them all
    assert {a.profile for a in s.legal_actions()} == {"Scout", "Porter", "Artisan", "Guard", "Warden"}
    s.apply(ChooseRecruit("Scout"))
    s.apply(ChooseRecruit("Scout"))
    assert s.exploration_value() == 8
    assert [e.rule for e in s.events if e.kind == "recruit"] == ["recruit.corruption"] * 2


def test_spyglass_look_is_private_and_the_card_stays_on_top():
    s = arrange(3, finds=[["M3"], [], []])
    assert UseSpyglass("M3", E) in s.legal_actions() and UseSpyglass("M3", D) in s.legal_actions()
    s.apply(UseSpyglass("M3", E))
    assert s.current_player == rl.CHANCE and len(s.chance_outcomes()) == 15
    s.apply(DeckCard(E, "R5"))
    assert s.step == "explore" and s.current_player == 0 and s.exp_seen == [0]
    assert s.observation(0)["exploration"]["top"] == "R5"
    assert s.observation(1)["exploration"]["top"] is None
    assert "R5" not in " ".join(e.text() for e in s.events)  # the log does not say what was seen
    rng = random.Random(1)
    for p in range(3):
        d = s.determinize(p, rng)
        assert d.observation(p) == s.observation(p)
    assert {s.comp.exploration.names[s.determinize(1, random.Random(k)).exp_top] for k in range(40)} != {"R5"}
    assert s.determinize(0, rng).exp_top == s.exp_top
    s.apply(DRAW)
    assert s.chance_outcomes() == [(DeckCard(E, "R5"), Fraction(1))]
    s.apply(DeckCard(E, "R5"))
    assert s.exp_top == -1 and s.exp_seen == []


def test_spyglass_of_the_danger_drawer():
    s = arrange(2, finds=[[], ["M6"]])
    explore(s, "S3")
    assert s.current_player == 1 and s.legal_actions() == [DRAW, UseSpyglass("M6", E), UseSpyglass("M6", D)]
    s.apply(UseSpyglass("M6", D))
    s.apply(DeckCard(D, "S4"))
    assert s.dan_seen == [1] and s.step == "danger" and s.current_player == 1
    assert s.observation(1)["danger"]["top"] == "S4" and s.observation(0)["danger"]["top"] is None


def test_amulets_cancel_wounds_and_the_excess_beyond_the_team_is_lost():
    s = arrange(2, teams=[["Scout"], ["Artisan", "Guard", "Guard"]], finds=[["M2", "M11"], []], step="explore",
                grid=GRID_ONE)
    explore(s, "S1")
    danger(s, "S1", stop=False)  # perfect danger (1): one wound
    assert s.step == "wounds" and set(s.legal_actions()) == {Wound(0), UseAmulet("M2"), UseAmulet("M11")}
    s.apply(UseAmulet("M11"))
    assert s.wounds_left == 0 and s.team[0] and s.tapped[0] == [0, 1]
    assert s.step in ("discover", "rest")


def test_wounds_are_assigned_by_the_explorer_and_kill_beyond_toughness():
    s = arrange(2, teams=[["Scout"], ["Artisan", "Guard", "Guard"]], step="explore")
    explore(s, "S2")
    danger(s, "S1")  # 1 < 2, stop: one wound, on the only Horloger (automatic)
    assert s.team[0] and s.wounds[0] == [1]
    s = arrange(2, teams=[["Scout", "Scout", "Scout"], ["Artisan", "Guard", "Guard"]], step="explore")
    explore(s, "S4", "S4")
    danger(s, "S3", "S4")  # 7 < 8: 2 + 2 wounds on three Scouts of toughness 1
    assert s.wounds_left == 4 and s.current_player == 0
    while s.step == "wounds":
        s.apply(Wound(0))
    assert s.team[0] == [s.comp.horlogers.index["Scout"]] and s.wounds[0] == [0]
    assert kinds(s).count("horloger_dies") == 2


def test_wounds_beyond_the_whole_team_are_lost():
    s = arrange(2, teams=[["Scout"], ["Artisan", "Guard", "Guard"]], wounds=[[1], [0, 0, 0]],
                finds=[["M4"], []], step="explore")
    s.apply(s.legal_actions()[1])  # the Compass: value 4
    explore(s, "S3")
    danger(s, "S1", "S1")  # 2 < 3: two wounds; the first kills the Scout, the second is lost
    lost = [e for e in s.events if e.kind == "wounds_lost"]
    assert s.team[0] == [] and len(lost) == 1 and lost[0].params["wounds"] == 1
    assert s.hor_discard == [s.comp.horlogers.index["Scout"]]


def test_a_bust_danger_phase_wounds_nobody_even_with_matching_cards():
    s = arrange(2, teams=[["Scout"], ["Artisan", "Guard", "Guard"]], step="explore")
    explore(s, "S2")
    danger(s, "SR5", stop=False)  # 5 > 2: bust
    assert s.wounds[0] == [0] and s.danger_result == "bust"


def test_buying_two_and_three_terrain_missions():
    s = arrange(2, step="discover", hands=[["S1", "S2", "R3", "R4", "J3"], []],
                grid=["M16", "M28", "M20", "M1", "M6", "M11", "M34", "M35", "M36"])
    buys = {(a.mission, a.cards) for a in s.legal_actions() if isinstance(a, Buy)}
    assert ("M16", ("S1", "S2", "R3")) in buys and ("M16", ("S1", "S2", "R4")) in buys
    assert ("M28", ("S1", "S2", "R3", "J3")) in buys and ("M20", ("R3", "J3")) in buys
    assert ("M16", ("S1", "S2", "R3", "R4")) not in buys  # R4 is not needed once R3 pays
    s.apply(Buy("M28", ("S1", "S2", "R3", "J3")))
    assert s.vp(0) == 5 and names(s, s.hands[0]) == ["R4"]
    assert s.step == "discover" and s.legal_actions() == [Buy("M6", ("R4",)), END_DISCOVER]


def test_buying_the_special_missions():
    s = arrange(2, step="discover", hands=[["S1", "R2", "J3", "S4", "R5", "J5", "J4", "J1"], []],
                grid=["M34", "M35", "M36", "M1", "M6", "M11", "M19", "M23", "M33"])
    ex, ms = s.comp.exploration, s.comp.missions
    hand = tuple(s.hands[0])
    collector = {tuple(ex.names[f] for f in p) for p in payments(ex, ms, ms.index["M34"], hand)}
    assert len(collector) == 8  # value 1: S1 or J1; 4: S4 or J4; 5: R5 or J5
    assert all(sorted(ex.value[ex.index[c]] for c in p) == [1, 2, 3, 4, 5] for p in collector)
    assert not payments(ex, ms, ms.index["M35"], hand)  # only four Jungle cards
    great = [tuple(ex.value[f] for f in p) for p in payments(ex, ms, ms.index["M36"], hand)]
    assert great and all(sum(v) >= 15 and sum(v) - min(v) < 15 for v in great)
    s = arrange(2, step="discover", hands=[["J1", "J1", "J2", "J4", "J5", "S5"], []],
                grid=["M35", "M1", "M6", "M11", "M19", "M23", "M33", "M34", "M36"])
    carto = [a for a in s.legal_actions() if isinstance(a, Buy) and a.mission == "M35"]
    assert carto == [Buy("M35", ("J1", "J1", "J2", "J4", "J5"))]
    s.apply(carto[0])
    assert s.vp(0) == 4 and names(s, s.hands[0]) == ["S5"]


def test_rest_heals_wounds_and_untaps_finds_point_by_point():
    s = arrange(2, step="rest", hands=[["S3", "R1"], []], teams=[["Guard", "Artisan", "Porter"], ["Artisan", "Guard", "Guard"]],
                wounds=[[2, 1, 0], [0, 0, 0]], finds=[["M1", "M2"], []], tapped=[[1, 0], []])
    assert s.current_player == 0 and set(s.legal_actions()) == {RestDiscard("S3"), RestDiscard("R1"), END_REST}
    assert_rejected(s, Heal(0), "rest")
    s.apply(RestDiscard("S3"))
    assert s.rest_points == 3 and set(s.legal_actions()) >= {Heal(0), Heal(1), Untap("M1")}
    assert_rejected(s, Heal(2), "rest")  # the Porter has no wound
    assert_rejected(s, Untap("M2"), "rest")  # M2 is not tapped
    s.apply(Heal(0))
    s.apply(Heal(0))
    s.apply(Untap("M1"))
    assert s.wounds[0] == [0, 1, 0] and s.tapped[0] == [0, 0] and s.rest_points == 0
    s.apply(RestDiscard("R1"))
    s.apply(END_REST)  # ends the rest: the unspent point is lost and the turn passes
    assert "rest_lost" in kinds(s) and s.active == 1


def test_the_stop_rule_needs_one_card_first_in_both_phases():
    s = arrange(2)
    assert_rejected(s, STOP, "explore.first_draw")
    explore(s, "S2")
    assert s.step == "danger"
    assert_rejected(s, STOP, "explore.first_draw")


def test_discover_ends_when_the_player_buys_nothing():
    s = arrange(2, step="discover", hands=[["S5"], []], grid=GRID_ONE)
    s.apply(END_DISCOVER)
    assert s.step == "rest" and s.current_player == 0
