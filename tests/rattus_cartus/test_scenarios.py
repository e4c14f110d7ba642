"""The digest's further scenario tests: one rule each, on hand-built positions."""
from __future__ import annotations

import pytest

from ratgames_lab import IllegalActionError
from ratgames_lab.rattus_cartus.scenarios import new_game_state, population, set_hand, stack_buildings
from ratgames_lab.rattus_cartus.scoring import gold_points, majority

from .helpers import (DECLINE, PLAY_PASS, USE, ChoosePlayer, Enter, GiveCard, PlaceCard, ReplacementBuilding,
                      Support, draw_any, kinds, reveal, task)

ALL_TYPES_B = ["brewery", "administration", "hospital", "guard_tower", "piper_hut", "treasury"]


def start(players: int, buildings, hands: dict, row: list[str], seed: int = 3):
    """Round 1 with player 0 first, these hands, and these buildings revealed; supports all draw-free (S2)."""
    s = new_game_state(players, seed=seed, first_player=0, buildings=buildings)
    for p, cards in hands.items():
        set_hand(s, p, cards)
    stack_buildings(s, row)
    reveal(s, *row)
    return s


def supports(s, slot_of_s2: int) -> None:
    """Every player uses the S2 support (discard 2 rats) of the building in ``slot_of_s2``."""
    while task(s) == "support":
        s.apply(Support(slot_of_s2))
        draw_any(s)


def enter(s, slot: int, cards: list[str]) -> None:
    s.apply(Enter(slot, len(cards)))
    for c in cards:
        s.apply(PlaceCard(c))


# -- A. identical buildings -------------------------------------------------------------------
def test_identical_buildings_replaced_even_by_a_card_of_the_same_type():
    s = new_game_state(4, seed=5, first_player=0)
    ids = s.comp.buildings.card_ids
    idx = s.comp.building_index
    # the three Monasteries S1..S3 in the building deck, S4 and a Farm in the replacement deck
    stack_buildings(s, ["monastery-S1", "monastery-S2", "monastery-S3"])
    for name in ("monastery-S4", "farm-S1"):
        b = idx[name]
        if b in s.bdeck:
            other = next(x for x in s.repl if ids[x].split("-")[0] not in ("monastery", "farm"))
            s.bdeck.remove(b), s.repl.remove(other), s.repl.append(b), s.bdeck.append(other)
    reveal(s, "monastery-S1", "monastery-S2", "monastery-S3")
    assert task(s) == "replace" and [ids[b] for b in s.repl_under] == ["monastery-S3"]
    from ratgames_lab.rattus_cartus import Game
    assert Game(players=4).state_from_json(s.to_json()).to_json() == s.to_json()  # a position while replacing
    s.apply(ReplacementBuilding("monastery-S4"))
    assert task(s) == "replace" and [ids[b] for b in s.repl_under] == ["monastery-S3", "monastery-S4"]
    s.apply(ReplacementBuilding("farm-S1"))
    assert [ids[b] for b in s.shown] == ["monastery-S1", "monastery-S2", "farm-S1"]
    assert task(s) == "support"
    assert kinds(s).count("identical") == 2


def test_replacement_deck_cards_put_under_come_back_when_the_unseen_ones_are_used():
    s = new_game_state(2, seed=5, first_player=0)
    ids, idx = s.comp.buildings.card_ids, s.comp.building_index
    stack_buildings(s, ["farm-S1", "farm-S2"])
    # every unseen replacement card used up: only cards put under remain, a Market first
    s.repl_under = [idx["market-S1"], idx["palace-S1"]]
    for b in s.repl_under:
        if b in s.bdeck:
            s.bdeck.remove(b)
        else:
            s.repl.remove(b)
    s.bdiscard = s.repl
    s.repl = []
    reveal(s, "farm-S1", "farm-S2")
    assert [ids[b] for b in s.shown] == ["farm-S1", "market-S1"]
    assert [ids[b] for b in s.repl_under] == ["palace-S1", "farm-S2"]
    assert task(s) == "support"


# -- C. visit: Pass cards -------------------------------------------------------------------------
def test_pass_loop_with_two_passers():
    s = new_game_state(3, seed=4, first_player=0, buildings=ALL_TYPES_B)
    set_hand(s, 0, ["pass", "pass", "peasantry-01"])
    set_hand(s, 1, ["pass", "peasantry-02"])
    set_hand(s, 2, ["peasantry-03"])
    row = ["hospital-S2", "brewery-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 0)
    s.apply(PLAY_PASS)                 # Red passes
    assert s.current_player == 1
    s.apply(PLAY_PASS)                 # Yellow passes
    assert s.current_player == 2
    s.apply(Enter(1, 0))               # Green enters
    assert s.current_player == 0       # the turn comes back to Red
    s.apply(PLAY_PASS)                 # Red passes again (Yellow has not entered)
    assert s.current_player == 1
    assert PLAY_PASS not in s.legal_actions()   # Yellow holds no more Pass
    before = s.to_json()
    with pytest.raises(IllegalActionError) as exc:
        s.apply(PLAY_PASS)
    assert exc.value.rule == "visit.pass" and s.to_json() == before
    s.apply(Enter(0, 0))
    assert s.current_player == 0
    # everyone else has entered: Red may not pass any more
    assert s.hands[0].count(s.comp.PASS) == 0 or PLAY_PASS not in s.legal_actions()
    assert s.piles[3] == 12 - 0  # all three played Passes are back in the pile
    assert kinds(s).count("play_pass") == 3


def test_pass_with_everyone_else_entered_is_illegal():
    s = new_game_state(2, seed=4, first_player=0, buildings=ALL_TYPES_B)
    set_hand(s, 0, ["peasantry-01"])
    set_hand(s, 1, ["pass", "peasantry-02"])
    row = ["hospital-S2", "brewery-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 0)
    s.apply(Enter(0, 0))
    assert s.current_player == 1 and PLAY_PASS not in s.legal_actions()
    before = s.to_json()
    with pytest.raises(IllegalActionError) as exc:
        s.apply(PLAY_PASS)
    assert exc.value.rule == "visit.pass" and "another player" in exc.value.reason
    assert s.to_json() == before


def test_pass_placed_in_a_building_has_no_effect_and_returns_to_its_pile():
    s = new_game_state(2, seed=4, first_player=0, buildings=ALL_TYPES_B)
    set_hand(s, 0, ["pass", "peasantry-01"])
    set_hand(s, 1, ["pass"])
    row = ["hospital-S2", "brewery-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 0)
    assert s.piles[3] == 10
    s.apply(Enter(1, 1))
    s.apply(PlaceCard("pass"))
    enter(s, 1, [])
    peasantry = 0
    assert s.influence[peasantry] == [0, 0] and s.rats == [8, 8]
    while task(s) == "offer":
        s.apply(DECLINE)
    assert task(s) == "reveal" and s.round == 2
    assert s.piles[3] == 11 and s.comp.PASS not in s.hands[0]


# -- D. Guard Tower ------------------------------------------------------------------------------
def test_guard_tower_uses_the_recorded_hand_sizes():
    s = new_game_state(4, seed=6, first_player=0, buildings=ALL_TYPES_B)
    set_hand(s, 0, ["chivalry-01", "chivalry-02", "chivalry-03"])             # holder: 2 after placing 1
    set_hand(s, 1, population(s, "peasantry", 2))                              # 2 >= 2: gives 2
    set_hand(s, 2, population(s, "clergy", 5))                                 # gives 3
    set_hand(s, 3, population(s, "magic", 6))                                  # protected (enters the Tower)
    row = ["guard_tower-S2", "hospital-S2", "brewery-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 0)
    enter(s, 0, ["chivalry-01"])
    enter(s, 1, [])
    enter(s, 2, [])
    enter(s, 0, [])
    assert s.protected == [True, False, False, True]
    assert task(s) == "offer" and s.current_player == 0
    s.apply(USE)
    assert "guard_record" in kinds(s)
    rec = [e for e in s.events if e.kind == "guard_record"][-1]
    assert rec.params["sizes"] == "Red 2, Yellow 2, Green 5, Blue 6"
    # Yellow gives 2 (all), then Green gives 3 although Red now holds 4 > ... recorded sizes decide
    assert s.observation(s.current_player)["task"][:4] == ["give", 1, 0, 2]
    for _ in range(2):
        s.apply(s.legal_actions()[0])
    assert s.observation(s.current_player)["task"][:4] == ["give", 2, 0, 3]
    for _ in range(3):
        s.apply(s.legal_actions()[-1])
    assert len(s.hands[0]) == 2 + 2 + 3 and len(s.hands[1]) == 0 and len(s.hands[2]) == 2
    assert len(s.hands[3]) == 6
    assert "protected" in kinds(s)  # Blue's basic action in the Tower: protection only


def test_two_guard_towers_in_one_row_both_protect():
    s = new_game_state(4, seed=7, first_player=0, buildings=ALL_TYPES_B)
    set_hand(s, 0, ["chivalry-01"])
    set_hand(s, 1, population(s, "peasantry", 4))
    set_hand(s, 2, population(s, "clergy", 4))
    set_hand(s, 3, population(s, "magic", 4))
    row = ["guard_tower-S2", "guard_tower-S1", "hospital-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 0)
    enter(s, 0, [])
    enter(s, 1, [])
    enter(s, 0, [])
    enter(s, 2, [])
    assert task(s) == "offer" and s.current_player == 0
    s.apply(USE)
    # Yellow entered the other Tower: protected; Green entered this one: protected
    # Yellow entered the other Tower, Green this one: both protected; Blue (Hospital, 4 cards) gives 3
    assert [e.params["player"] for e in s.events if e.kind == "guard_protected"] == ["Yellow", "Green"]
    assert s.observation(s.current_player)["task"][:4] == ["give", 3, 0, 3]


# -- D.1 Sword and Flute ---------------------------------------------------------------------------
def test_sword_tie_for_fewest_the_most_swords_player_chooses():
    s = new_game_state(3, seed=8, first_player=0, buildings=["farm", "market", "monastery", "castle", "palace",
                                                               "tent"])
    set_hand(s, 0, ["sword", "peasantry-01"])
    set_hand(s, 1, population(s, "clergy", 4))
    set_hand(s, 2, population(s, "magic", 6))
    row = ["farm-S2", "market-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 0)
    enter(s, 0, ["sword"])
    enter(s, 0, [])
    enter(s, 0, [])
    assert task(s) == "choose" and s.current_player == 0
    assert s.legal_actions() == [ChoosePlayer(1), ChoosePlayer(2)]
    s.apply(ChoosePlayer(2))
    assert s.observation(s.current_player)["task"][:4] == ["give", 2, 0, 3]


def test_flute_giver_with_no_rats_loses_nothing_receiver_gains_one():
    s = new_game_state(2, seed=9, first_player=0, buildings=ALL_TYPES_B)
    set_hand(s, 0, ["flute"])
    set_hand(s, 1, [])
    row = ["piper_hut-S2", "brewery-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 0)
    s.rats = [0, 8]
    enter(s, 0, ["flute"])
    enter(s, 0, [])
    assert s.rats == [0, 9]
    ev = [e for e in s.events if e.kind == "flute"][-1]
    assert ev.params["lost"] == 0


# -- D.2 Brewery, two players -------------------------------------------------------------------------
def test_brewery_three_cards_privilege_three_basic_one():
    s = new_game_state(3, seed=10, first_player=0, buildings=ALL_TYPES_B)
    set_hand(s, 0, population(s, "peasantry", 3))
    set_hand(s, 1, population(s, "peasantry", 3, start=4))
    set_hand(s, 2, [])
    row = ["brewery-S2", "hospital-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 0)
    enter(s, 0, population(s, "peasantry", 3))
    enter(s, 0, population(s, "peasantry", 3, start=4))
    enter(s, 1, [])
    assert s.current_player == 0 and s.tasks[0][3] == 1
    s.apply(USE)
    draw_any(s)  # the privilege: one card per influence point (3)
    assert len(s.hands[0]) == 3
    assert s.current_player == 1 and s.tasks[0][3] == 0
    s.apply(USE)
    draw_any(s)  # the basic action: one card per pair of influence points (1)
    assert len(s.hands[1]) == 1


def test_two_players_single_privilege_for_the_most_cards_overall():
    s = new_game_state(2, seed=11, first_player=0, buildings=ALL_TYPES_B)
    set_hand(s, 0, population(s, "peasantry", 1))
    set_hand(s, 1, population(s, "clergy", 2))
    row = ["brewery-S2", "hospital-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 1)
    enter(s, 0, population(s, "peasantry", 1))
    enter(s, 1, population(s, "clergy", 2))
    # Red is alone in the Brewery but Yellow played more overall: Red gets the basic action only
    assert s.current_player == 0 and s.tasks[0][3] == 0
    s.apply(DECLINE)
    assert s.current_player == 1 and s.tasks[0][3] == 1
    assert "privilege_2p" in kinds(s)


# -- End scoring ---------------------------------------------------------------------------------------
def test_majorities_where_nobody_holds_a_card_score_nothing():
    assert majority([0, 0, 0], 2) == [0, 0, 0]
    assert gold_points([0, 0, 0], 6, 3, 3) == [0, 0, 0]
    s = new_game_state(3, seed=12, buildings=ALL_TYPES_B)
    for p in range(3):
        set_hand(s, p, [])
    res = s.result()
    assert res["hand"] == [0, 0, 0] and res["gold"] == [0, 0, 0]
    assert all(v == [0, 0, 0] for v in res["specials"].values()) and res["total"] == [0, 0, 0]


def test_gold_tie_for_first_among_three_players_three_vp_each():
    assert gold_points([2, 2, 2], 6, 3, 3) == [3, 3, 3]
    assert gold_points([3, 3, 1], 6, 3, 3) == [4, 4, 0]
    assert gold_points([3, 1, 1], 6, 3, 3) == [6, 1, 1]
    assert gold_points([3, 1], 6, 3, 2) == [6, 0]
    s = new_game_state(3, seed=12, buildings=ALL_TYPES_B)
    for p in range(3):
        set_hand(s, p, ["gold", "gold"])
    assert s.result()["gold"] == [3, 3, 3]


def test_gold_tie_for_first_between_two_players_shares_nine_vp():
    """« se partagent 9 points de victoire (arrondis à l'inférieur) »: 9 // 2 = 4 each, with 2 players too."""
    assert gold_points([2, 2], 6, 3, 2) == [4, 4]
    s = new_game_state(2, seed=12, buildings=ALL_TYPES_B)
    for p in range(2):
        set_hand(s, p, ["gold"])
    assert s.result()["gold"] == [4, 4]


def test_track_ties_go_to_the_earlier_arrival_and_a_lone_player_scores_only_ten():
    s = new_game_state(3, seed=12)
    s.influence[0] = [3, 3, 0]
    s.arrival[0] = [7, 2, 0]
    s.influence[1] = [0, 0, 4]
    s.arrival[1] = [0, 0, 5]
    res = s.result()
    assert [res["tracks"][0][p] for p in range(3)] == [5, 10, 0]
    assert [res["tracks"][1][p] for p in range(3)] == [0, 0, 10]


def test_last_round_gives_one_influence_to_the_privilege_holder_instead_of_actions():
    import random
    s = new_game_state(3, seed=13)
    rng = random.Random(0)
    while not (s.last_round and task(s) == "visit"):
        s.apply(s.sample_chance(rng) if s.current_player < 0 else rng.choice(s.legal_actions()))
    cls = s.building_class(0)
    before = [s.influence[cls][p] for p in range(3)]
    first = s.current_player
    while not s.is_terminal():
        s.apply(Enter(0, 0))
    after = [s.influence[cls][p] for p in range(3)]
    assert [a - b for a, b in zip(after, before)] == [1 if p == first else 0 for p in range(3)]
    log = kinds(s)
    assert "last_round_influence" in log
    assert "use" not in log[log.index("last_round"):] and "decline" not in log[log.index("last_round"):]


def test_all_players_dead_without_and_with_the_option():
    s = new_game_state(3, seed=14)
    s.tasks = []
    nuns = s.nun_total()
    s.rats = [nuns + 3, nuns + 1, nuns + 1]
    s.vp = [5, 2, 1]
    s.piles[5] -= 8
    assert s.result()["winners"] == [] and s.returns() == [0.0, 0.0, 0.0]
    s.options_all_dead = True
    assert s.result()["winners"] == [1]
    assert s.returns() == [0.0, 1.0, 0.0]


def test_winner_tie_breaks_fewest_rats_then_shared():
    s = new_game_state(3, seed=15)
    s.tasks = []
    nuns = s.nun_total()
    s.rats = [nuns, max(nuns - 1, 0), max(nuns - 1, 0)]
    s.vp = [3, 3, 3]
    s.piles[5] -= 9
    assert s.returns() == [0.0, 0.5, 0.5]


# -- building actions: the Hospital, piles that run out ----------------------------------------------
def test_hospital_privilege_discards_a_rat_then_cards_while_rats_remain():
    from .helpers import STOP, HospitalDiscard
    s = new_game_state(3, seed=16, first_player=0, buildings=ALL_TYPES_B)
    set_hand(s, 0, ["clergy-01", "pass", "peasantry-01", "peasantry-02", "gold"])
    set_hand(s, 1, ["clergy-02", "magic-01", "magic-02"])
    set_hand(s, 2, [])
    row = ["hospital-S2", "brewery-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 0)
    s.rats = [3, 5, 5]
    enter(s, 0, ["clergy-01"])
    enter(s, 0, [])
    enter(s, 1, [])
    assert s.current_player == 0 and s.tasks[0][3] == 1
    s.apply(USE)
    # the privilege: one rat discarded at once, then Red chooses hand cards to discard (Gold too) or stops
    assert s.rats[0] == 2 and s.current_player == 0
    hand = ["pass", "peasantry-01", "peasantry-02", "gold"]
    assert set(s.legal_actions()) == {HospitalDiscard(c) for c in hand} | {STOP}
    s.apply(HospitalDiscard("gold"))
    s.apply(HospitalDiscard("peasantry-01"))
    assert s.rats[0] == 0 and s.piles[4] == 15 and s.comp.card_index["peasantry-01"] in s.discard
    # no rat left: no more discards although the privilege allows 3 cards
    assert s.current_player == 1 and s.tasks[0][0] == "offer" and s.tasks[0][3] == 0
    s.apply(USE)
    # the basic action: no free rat, then up to 2 cards although Yellow holds 3 and has 5 rats
    assert s.rats[1] == 5 and s.current_player == 1
    s.apply(HospitalDiscard("clergy-02"))
    s.apply(HospitalDiscard("magic-01"))
    assert s.rats[1] == 3 and s.hands[1] == [s.comp.card_index["magic-02"]]
    assert not any(isinstance(a, HospitalDiscard) for a in s.legal_actions())


def test_a_pile_that_runs_out_gives_what_is_left():
    s = new_game_state(3, seed=17, first_player=0)
    set_hand(s, 0, ["nobility-01"])
    set_hand(s, 1, [])
    set_hand(s, 2, [])
    row = ["palace-S2", "farm-S2"]
    stack_buildings(s, row)
    reveal(s, *row)
    supports(s, 0)
    s.piles[5], s.vp = 1, [19, 0, 0]
    enter(s, 0, ["nobility-01"])
    enter(s, 1, [])
    enter(s, 1, [])
    s.apply(USE)
    assert s.vp[0] == 20 and s.piles[5] == 0
    assert [e for e in s.events if e.kind == "take"][-1].params["count"] == 1
