"""The rulebook's worked examples, each from a shipped position file, driven to judging through the public API.

Seat mapping: seat 0 is "Player 1"; the rulebook's letters are mapped in each position's description
(ratgames_lab/master_of_rules/scenarios.py). Every example is checked both ways where the rulebook's point
depends on one card (the same position with a different last card must give the other verdict).
"""
from __future__ import annotations

import random

import pytest

from ratgames_lab import CHANCE, IllegalActionError

from .helpers import action, kept_of, play_and_judge, play_out, verdicts
from ratgames_lab.master_of_rules.scenarios import EXAMPLES, POSITIONS, build, dumps

RULE_IDS = ["limit_23", "best_of_the_best", "only_one", "trio", "support_right"]


def table_numbers(state) -> list[str]:
    return [t["number"] for t in state.to_json()["table"] if t["number"]]


VALUE = lambda code: int(code[1])  # noqa: E731


def test_every_example_is_shipped_exactly_as_built():
    """The shipped files are what the builder script produces from legal play (no hand-edited drift)."""
    shipped = sorted(p.stem for p in POSITIONS.glob("*.json"))
    assert shipped == sorted(EXAMPLES)
    for name in EXAMPLES:
        assert (POSITIONS / f"{name}.json").read_text() == dumps(build(name)), (
            f"{name}.json differs from what ratgames_lab/master_of_rules/scenarios.py builds; rerun it")


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_positions_round_trip(name, mor_position):
    game, state, data = mor_position(name)
    assert state.to_json() == data
    assert game.state_from_json(state.to_json()).to_json() == data


# -- Limit 23 ---------------------------------------------------------------------------------------
def test_limit_23_sum_exactly_23_is_fulfilled(mor_position):
    game, state, _ = mor_position("limit_23_sum_23")
    assert sum(VALUE(c) for c in table_numbers(state)) == 18  # Player 5's card is still to come
    events = play_and_judge(game, state, [("play_number", "P5")])
    v = verdicts(events)
    assert v["Player 1"] == ("Limit 23", True, "the five cards add up to 23 (≤ 23)")
    assert {p: ok for p, (_, ok, _) in v.items()} == {
        "Player 1": True, "Player 2": False, "Player 3": False, "Player 4": True, "Player 5": True}
    assert kept_of(state) == [["limit_23"], [], [], ["only_one"], ["best_of_the_best"]]


def test_limit_23_sum_24_fails(mor_position):
    game, state, _ = mor_position("limit_23_sum_23")
    v = verdicts(play_and_judge(game, state, [("play_number", "P6")]))
    assert v["Player 1"][1:] == (False, "the five cards add up to 24 (> 23)")
    assert kept_of(state)[0] == []


# -- Best of the Best -------------------------------------------------------------------------------
def test_best_of_the_best_purple_most_common(mor_position):
    game, state, data = mor_position("best_of_the_best_purple")
    # Player 3 (C) could play Best of the Best again only through the already-played exception
    assert any(e["kind"] == "play_rule_exception" and e["params"]["player"] == "Player 3" for e in data["events"])
    v = verdicts(play_and_judge(game, state, [("play_rule", "only_one")]))
    assert v["Player 1"][:2] == ("Best of the Best", True)  # A: purple 8, purple is most common
    assert "purple" in v["Player 1"][2]
    assert v["Player 3"][:2] == ("Best of the Best", False)  # C: blue 9 is the highest blue, but blue is not
    assert v["Player 3"][2] == "the most common colour is purple (2 cards), not blue"
    kept = kept_of(state)
    assert "best_of_the_best" in kept[0] and "best_of_the_best" not in kept[2]


def test_best_of_the_best_red_and_blue_tied(mor_position):
    game, state, _ = mor_position("best_of_the_best_tie")
    v = verdicts(play_and_judge(game, state, [("play_rule", "trio")]))
    assert v["Player 1"][:2] == ("Best of the Best", True)  # A: blue 7, the highest blue
    assert v["Player 3"][:2] == ("Best of the Best", True)  # C: red 8, the highest red
    assert "red and blue" in v["Player 1"][2]
    assert v["Player 4"][:2] == ("Support Right", True)  # D supports C
    kept = kept_of(state)
    assert kept[0] == ["best_of_the_best"] and kept[2] == ["best_of_the_best"]


# -- Only One -------------------------------------------------------------------------------------
def test_only_one_yellow_3_succeeds_red_2_fails(mor_position):
    game, state, _ = mor_position("only_one")
    v = verdicts(play_and_judge(game, state, [("play_number", "G8")]))
    assert v["Player 1"] == ("Only One", True, "the yellow 3 shares neither colour nor value with the other cards")
    assert v["Player 4"] == ("Only One", False, "another red card is in play")
    assert kept_of(state)[0] == ["only_one"] and kept_of(state)[3] == []


# -- Trio -----------------------------------------------------------------------------------------
def test_trio_by_three_reds_without_playing_red(mor_position):
    game, state, _ = mor_position("trio_three_reds")
    mine = state.to_json()["table"][0]["number"]
    assert mine == "B4"  # A did not play red
    v = verdicts(play_and_judge(game, state, [("play_rule", "support_right")]))
    assert v["Player 1"] == ("Trio", True, "3 red cards are in play")
    assert kept_of(state)[0] == ["trio"]


# -- Support Right ----------------------------------------------------------------------------------
@pytest.mark.parametrize("last_card, fulfilled", [("R8", True), ("P9", False)])
def test_support_right_chain(mor_position, last_card, fulfilled):
    """C (Player 1) plays Trio, B (Player 2) Support Right, A (Player 3) Support Right."""
    game, state, _ = mor_position("support_right_chain")
    v = verdicts(play_and_judge(game, state, [("play_number", last_card)]))
    assert v["Player 1"][:2] == ("Trio", fulfilled)
    assert v["Player 2"][:2] == ("Support Right", fulfilled)
    assert v["Player 3"][:2] == ("Support Right", fulfilled)
    assert "Player 1" in v["Player 2"][2]
    assert "Player 2" in v["Player 3"][2] and "through Player 2" in v["Player 3"][2]
    kept = kept_of(state)
    expected = [["trio"], ["support_right"], ["support_right"]] if fulfilled else [[], [], []]
    assert kept[:3] == expected


@pytest.mark.parametrize("dummy_card", ["R3", "B1", "P8"])
def test_every_real_player_plays_support_right_3_players(mor_position, dummy_card):
    game, state, _ = mor_position("support_right_all_3p")
    assert state.current_player == CHANCE
    v = verdicts(play_and_judge(game, state, [("draw_number", dummy_card)]))
    for p in ("Player 1", "Player 2", "Player 3"):
        assert v[p] == ("Support Right", True, "every real player played Support Right, so all of them fulfil it")
    assert v["Dummy-1"][0] == "Only One"
    assert kept_of(state) == [["support_right"]] * 3


def test_every_real_player_plays_support_right_4_players(mor_position):
    game, state, _ = mor_position("support_right_all_4p")
    v = verdicts(play_and_judge(game, state, [("play_rule", "support_right")]))
    assert {p: x[:2] for p, x in v.items()} == {f"Player {i}": ("Support Right", True) for i in range(1, 5)}
    assert kept_of(state) == [["support_right"]] * 4


@pytest.mark.parametrize("dummy_card, fulfilled", [("R7", True), ("G9", False)])
def test_support_right_skips_both_dummies_3_players(mor_position, dummy_card, fulfilled):
    """Player 1's right: Dummy-2 (no rule) and Dummy-1 (a failing Only One) are skipped; Player 3 decides."""
    game, state, _ = mor_position("support_right_skips_dummy_3p")
    v = verdicts(play_and_judge(game, state, [("draw_number", dummy_card)]))
    assert v["Dummy-1"][:2] == ("Only One", False)
    assert v["Player 3"][:2] == ("Trio", fulfilled)
    assert v["Player 1"][:2] == ("Support Right", fulfilled)
    assert v["Player 1"][2].startswith("Player 3 ")


@pytest.mark.parametrize("last_card, fulfilled", [("R9", True), ("P9", False)])
def test_support_right_skips_the_dummy_4_players(mor_position, last_card, fulfilled):
    game, state, _ = mor_position("support_right_skips_dummy_4p")
    assert state.to_json()["table"][4] == {"number": "B7", "rule": None}  # Dummy-1: a Number card only
    v = verdicts(play_and_judge(game, state, [("play_number", last_card)]))
    assert v["Player 4"][:2] == ("Trio", fulfilled)
    assert v["Player 1"][:2] == ("Support Right", fulfilled)
    assert v["Player 1"][2].startswith("Player 4 ")
    assert "Dummy-1" not in v


# -- Dummies ----------------------------------------------------------------------------------------
def test_dummy_1_fulfilled_rule_is_discarded_and_scores_nothing(mor_position):
    game, state, data = mor_position("dummy_rule_discarded_3p")
    before = state.to_json()
    scores_before = state.scores()
    events = play_and_judge(game, state, [("draw_number", "P3")])
    v = verdicts(events)
    assert v["Dummy-1"][:2] == ("Limit 23", True)
    assert any(e.kind == "dummy_fulfilled" for e in events)
    after = state.to_json()
    fulfilled_players = [p for p in range(3) if v[f"Player {p + 1}"][1]]
    assert fulfilled_players == [0]  # Player 1's Best of the Best (red 1 is the highest red)
    assert sorted(after["kept"][0]) == sorted(before["kept"][0] + ["best_of_the_best"])
    assert after["kept"][1:] == before["kept"][1:]
    assert state.scores() == [scores_before[0] + 1] + scores_before[1:]
    # the dummy's Limit 23 went to the discard pile with the two failed cards
    gained = {r: after["discards"]["rules"].count(r) - before["discards"]["rules"].count(r) for r in RULE_IDS}
    assert gained == {"limit_23": 1, "best_of_the_best": 0, "only_one": 1, "trio": 1, "support_right": 0}



def test_dummy_1_rule_counts_as_already_played(mor_position):
    game, state, _ = mor_position("dummy_rule_already_played_3p")
    state.apply(action(game, "draw_number", "P5"))
    assert state.current_player == CHANCE  # the dummy's Rule card comes next
    state.apply(action(game, "draw_rule", "trio"))
    assert state.current_player == 0 and state.round == 2
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(action(game, "play_rule", "trio"))
    assert err.value.rule == "transaction.already_played"
    assert state.to_json() == before
    assert sorted(str(a) for a in state.legal_actions()) == ["Play Best of the Best", "Play Limit 23"]
    state.apply(action(game, "play_rule", "limit_23"))
    state.apply(state.legal_actions()[0])  # refill
    # Player 2 holds only Trios: all of an already-played type, so any may be played (the exception)
    assert [str(a) for a in state.legal_actions()] == ["Play Trio"]
    state.apply(action(game, "play_rule", "trio"))
    assert state.events[-2].kind == "play_rule_exception" or state.events[-1].kind == "play_rule_exception"


def test_without_the_dummy_card_the_same_rule_is_allowed(mor_position):
    game, state, _ = mor_position("dummy_rule_already_played_3p")
    state.apply(action(game, "draw_number", "P5"))
    state.apply(action(game, "draw_rule", "only_one"))
    assert "Play Trio" in [str(a) for a in state.legal_actions()]


# -- Round structure -------------------------------------------------------------------------------
def test_already_played_restriction_and_exception(mor_position):
    game, state, data = mor_position("best_of_the_best_purple")
    # Player 5 holds Only One, Only One and Support Right; Best of the Best, Limit 23 and Trio are played
    assert [str(a) for a in state.legal_actions()] == ["Play Only One", "Play Support Right"]
    kinds = [(e["kind"], e["params"].get("player")) for e in data["events"] if e["kind"].startswith("play_rule")]
    assert ("play_rule_exception", "Player 3") in kinds
    assert kinds.count(("play_rule_exception", "Player 3")) == 1
    assert all(k == "play_rule" for k, p in kinds if p != "Player 3")


@pytest.mark.parametrize("name, must", [("limit_23_sum_23", "number"), ("best_of_the_best_purple", "rule")])
def test_second_round_must_be_the_other_type(mor_position, name, must):
    game, state, data = mor_position(name)
    assert data["first_round"][4] == ("rule" if must == "number" else "number")
    legal = state.legal_actions()
    assert legal and all(a.kind == f"play_{must}" for a in legal)
    wrong = action(game, "play_rule", "support_right") if must == "number" else action(game, "play_number", "G3")
    before = state.to_json()
    with pytest.raises(IllegalActionError) as err:
        state.apply(wrong)
    assert err.value.rule == "transaction.second_round"
    assert state.to_json() == before


def test_final_transaction_has_no_refills(mor_position, rng):
    game, state, data = mor_position("final_transaction_4p")
    display = data["display"]
    sizes = [[len(h["numbers"]), len(h["rules"])] for h in data["hands"]]
    assert sizes == [[4, 3]] * 4
    start = len(state.events)
    plays = 0
    while not state.is_terminal():
        assert state.phase != "refill"
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        p = state.current_player
        legal = state.legal_actions()
        chosen = legal[rng.randrange(len(legal))]
        state.apply(chosen)
        plays += 1
        sizes[p][0 if chosen.kind == "play_number" else 1] -= 1
        if not state.is_terminal():  # one card fewer, nothing taken, the display untouched
            assert state.to_json()["display"] == display
            assert [[len(h["numbers"]), len(h["rules"])] for h in state.to_json()["hands"]] == sizes
    assert plays == 8 and sizes == [[3, 2]] * 4  # one card of each type played by each player
    kinds = [e.kind for e in state.events[start:]]
    assert not any(k.startswith("take_") or k == "no_refill" for k in kinds)
    assert kinds[-2:] == ["hands_discarded", "final_scores"]
    final = state.to_json()
    assert final["phase"] == "over" and all(h == {"numbers": [], "rules": []} for h in final["hands"])


def test_number_deck_reshuffled_for_the_display(mor_position):
    game, state, data = mor_position("reshuffle_numbers_5p")
    assert data["decks"]["numbers"] == []
    old_discards = set(data["discards"]["numbers"])
    on_table = {t["number"] for t in data["table"] if t["number"]} | {"P1"}
    events = play_and_judge(game, state, [("play_rule", "support_right")])
    reshuffles = [e for e in events if e.kind == "reshuffle"]
    assert len(reshuffles) == 1 and reshuffles[0].params == {"type": "Number", "count": 25}
    assert reshuffles[0].rule == "deck.reshuffle"
    assert [e.kind for e in events].index("reshuffle") > max(i for i, e in enumerate(events) if e.kind.startswith("judge"))
    assert state.current_player == CHANCE
    outcomes = state.chance_outcomes()
    assert {a.card for a, _ in outcomes} == old_discards | on_table
    assert len(outcomes) == 25 and all(p == outcomes[0][1] for _, p in outcomes) and sum(p for _, p in outcomes) == 1
    after = state.to_json()
    assert after["discards"]["numbers"] == []
    r = random.Random(1)
    for _ in range(5):  # the display is refilled from the new deck
        state.apply(state.sample_chance(r))
    assert len(state.to_json()["display"]["numbers"]) == 5


def test_number_deck_reshuffled_for_dummy_2(mor_position):
    game, state, data = mor_position("reshuffle_numbers_dummy_3p")
    old_discards = set(data["discards"]["numbers"])
    state.apply(action(game, "play_rule", "best_of_the_best"))
    if state.phase == "refill":
        state.apply(state.legal_actions()[0])
    assert state.current_player == CHANCE
    assert state.events[-1].kind == "reshuffle" and state.events[-1].params == {"type": "Number", "count": 27}
    outcomes = state.chance_outcomes()
    assert {a.card for a, _ in outcomes} == old_discards  # the table's cards stay on the table
    assert sum(p for _, p in outcomes) == 1


@pytest.mark.parametrize("last_card, left", [("R2", 0), ("P9", 1)])
def test_rule_cards_running_out_leave_the_display_short(mor_position, last_card, left):
    """With 40 Rule cards kept, the final display gets only the Rule cards that failed this transaction."""
    game, state, data = mor_position("display_short_rules_5p")
    assert data["decks"]["rules"] == [] and data["discards"]["rules"] == []
    play_and_judge(game, state, [("play_number", last_card)])
    r = random.Random(4)
    while state.current_player == CHANCE:  # the display is refilled for the final transaction
        state.apply(state.sample_chance(r))
    kinds = [e.kind for e in state.events]
    short = [e for e in state.events if e.kind == "display_short"]
    assert len(short) == 1 and short[0].params == {"type": "Rule", "count": left}
    assert ("reshuffle" in kinds) == (left == 1)
    after = state.to_json()
    assert len(after["display"]["rules"]) == left and len(after["display"]["numbers"]) == 5
    assert sum(map(len, after["kept"])) == 45 - left
    assert state.transaction == 9 and state.current_player >= 0  # the final transaction starts anyway
    play_out(state, r)
    assert state.is_terminal()
