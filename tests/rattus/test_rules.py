"""Setup, turn structure, class powers, end of the game, privacy and illegal actions."""
from __future__ import annotations

import random

import pytest

import ratgames_lab as rl
from ratgames_lab.rattus.actions import (END_TURN, NEUTRAL_NO, WITCH_STOP, DrawToken, EndTurn,
                                         KingToCastle, KnightNeutral, MerchantMove, MonkMove, MovePlague,
                                         PeasantCube, Place, Reveal, SetupPlace, Spread, TakeClass, WitchPeek,
                                         WitchStop, WitchSwap)
from ratgames_lab.rattus.rules import winner

from rattus_helpers import random_step


def edit(game, state, **changes):
    """A copy of ``state`` with top-level JSON fields replaced (regions merged by name)."""
    data = state.to_json()
    regions = changes.pop("regions", {})
    for name, value in regions.items():
        data["regions"][name].update(value)
    data.update(changes)
    return game.state_from_json(data)


def move_tokens(data, tokens, dest):
    for t in tokens:
        for zone in ("supply", "removed", "revealed"):
            if t in data[zone]:
                data[zone].remove(t)
        for r in data["regions"].values():
            if t in r["rats"]:
                r["rats"].remove(t)
        if dest in ("supply", "removed", "revealed"):
            data[dest].append(t)
        else:
            data["regions"][dest]["rats"].append(t)


@pytest.mark.parametrize("players,regions,removed", [(2, 8, 12), (3, 10, 6), (4, 12, 0)])
def test_setup(players, regions, removed):
    s = rl.load_game("rattus", players=players, seed=5).new_state()
    tokens = s.comp.tokens
    assert len(s.rats) == regions and all(len(r) == 1 and tokens.setup[r[0]] for r in s.rats)
    assert len(s.removed) == removed and len(s.supply) == 49 - regions - removed
    unused_setup = [t for t in tokens.setup_tokens if t not in [r[0] for r in s.rats]]
    assert len(unused_setup) == 12 - regions and set(unused_setup) <= set(s.supply) | set(s.removed)
    assert 0 <= s.plague < regions and s.step == "setup"
    order = []
    while s.step == "setup":
        order.append(s.current_player)
        s.apply(s.legal_actions()[0])
    assert order == list(range(players)) + list(reversed(range(players)))
    assert all(sum(c[p] for c in s.cubes) == 4 for p in range(players))
    assert s.current_player == 0 and s.step == "main" and s.turn == 1


def test_same_seed_same_setup_and_different_seeds_differ():
    a = rl.load_game("rattus", players=4, seed=9).new_state().to_json()
    b = rl.load_game("rattus", players=4, seed=9).new_state().to_json()
    c = rl.load_game("rattus", players=4, seed=10).new_state().to_json()
    assert a == b and a != c


def test_steps_one_and_two_in_either_order_then_the_plague(scenario):
    game, s = scenario("placement")
    s.apply(Place("Gallia", False))
    assert any(isinstance(a, TakeClass) for a in s.legal_actions())
    s.apply(TakeClass("monk"))
    kinds = {type(a) for a in s.legal_actions()}
    assert TakeClass not in kinds and Place not in kinds and MovePlague in kinds and MonkMove in kinds
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(TakeClass("king"))
    assert err.value.rule == "turn.take_class"
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(EndTurn())
    assert err.value.rule == "plague.move"


def test_taking_a_card_from_another_player(scenario):
    game, s = scenario("gallia_plague")
    s = edit(game, s, took_class=False)
    s.apply(TakeClass("witch"))
    assert s.owners[5] == 0
    assert s.events[-1].kind == "take_class_from" and "from Blue" in s.events[-1].text()


def test_king_at_any_time_including_after_the_plague(scenario):
    game, s = scenario("placement")
    data = s.to_json()
    data["classes"]["king"] = 0
    move_tokens(data, data["regions"]["Hungaria"]["rats"], "revealed")  # its setup token
    data["regions"]["Hungaria"]["cubes"] = [2, 0, 0, 0]
    data["plague"] = "Polonia"
    s = game.state_from_json(data)
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(KingToCastle("Gallia"))
    assert err.value.rule == "class.king"
    s.apply(MovePlague("Germania", None))
    while s.step in ("spread", "draw", "reveal"):
        s.apply(s.legal_actions()[0])
    assert s.step == "after" and s.legal_actions() == [KingToCastle("Hungaria"), END_TURN]
    s.apply(KingToCastle("Hungaria"))
    assert s.castle[0] == 1 and s.active == 1  # the turn ends by itself once the King is used
    assert s.scores()[0] == sum(c[0] for c in s.cubes) + 1


def test_monk_moves_a_token_to_a_neighbour_with_room(scenario):
    game, s = scenario("placement")
    data = s.to_json()
    data["classes"]["monk"] = 0
    s = game.state_from_json(data)
    moves = [a for a in s.legal_actions() if isinstance(a, MonkMove)]
    assert MonkMove("Germania", 0, "Gallia") not in moves  # Gallia already holds 3
    assert MonkMove("Germania", 0, "Italia") in moves
    before = s.to_json()
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(MonkMove("Germania", 0, "Gallia"))
    assert err.value.rule == "rats.max_per_region" and s.to_json() == before
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(MonkMove("Germania", 1, "Italia"))
    assert err.value.rule == "class.monk"
    token = s.rats[s.region_index("Germania")][0]
    s.apply(MonkMove("Germania", 0, "Italia"))
    assert s.rats[s.region_index("Italia")] == [token]
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(MonkMove("Gallia", 0, "Italia"))
    assert err.value.rule == "class.once_per_turn"


def test_merchant_moves_up_to_three_cubes_to_a_neighbour(scenario):
    game, s = scenario("placement")
    data = s.to_json()
    data["classes"]["merchant"] = 0
    data["regions"]["Gallia"]["cubes"] = [4, 1, 0, 1]
    s = game.state_from_json(data)
    counts = {a.count for a in s.legal_actions() if isinstance(a, MerchantMove) and a.source == "Gallia"}
    assert counts == {1, 2, 3}
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(MerchantMove("Gallia", "Polonia", 1))
    assert err.value.rule == "class.merchant"
    s.apply(MerchantMove("Gallia", "Hispania", 3))
    assert s.cubes[s.region_index("Gallia")][0] == 1 and s.cubes[s.region_index("Hispania")][0] == 3


def test_witch_peeks_are_private_and_swap(scenario):
    game, s = scenario("placement")
    data = s.to_json()
    data["classes"]["witch"] = 0
    s = game.state_from_json(data)
    g, ger = s.region_index("Gallia"), s.region_index("Germania")
    first, second = s.rats[g][1], s.rats[ger][0]
    s.apply(WitchPeek("Gallia", 1))
    assert s.step == "witch_second" and WITCH_STOP in s.legal_actions()
    assert WitchPeek("Gallia", 1) not in s.legal_actions()
    s.apply(WitchPeek("Germania", 0))
    assert s.step == "witch_swap"
    mine, other = s.observation(0), s.observation(1)
    assert {p["token"]["id"] for p in mine["peeks"]} == {game.tokens.ids[first], game.tokens.ids[second]}
    assert other["peeks"] == [] and other["regions"]["Gallia"]["rats"] == 3
    hidden_ids = {game.tokens.ids[t] for r in s.rats for t in r} | {game.tokens.ids[t] for t in s.supply}
    assert not any(i in str(other) for i in hidden_ids)
    s.apply(WitchSwap(True))
    assert s.rats[g][1] == second and s.rats[ger][0] == first
    assert s.step == "main" and s.used[5]
    assert s.observation(0)["peeks"][0]["region"] == "Germania"


def test_spread_cap_and_choice_per_token(scenario):
    game, s = scenario("gallia_plague")
    data = s.to_json()
    move_tokens(data, ["R01", "R02"], "Hispania")  # Hispania: R07 + 2 = 3 tokens, full
    s = game.state_from_json(data)
    s.apply(MovePlague("Gallia", None))
    assert Spread("Hispania") not in s.legal_actions()
    before = s.to_json()
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(Spread("Hispania"))
    assert err.value.rule == "rats.max_per_region" and s.to_json() == before
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(MonkMove("Gallia", 0, "Anglia"))
    assert err.value.rule == "class.before_plague"


def test_spread_is_blocked_when_every_neighbour_is_full(scenario):
    game, s = scenario("gallia_plague")
    data = s.to_json()
    spare = [t for t in data["supply"] if t.startswith("R")]
    for name in ("Anglia", "Hispania", "Germania", "Italia"):
        need = 3 - len(data["regions"][name]["rats"])
        move_tokens(data, spare[:need], name)
        spare = spare[need:]
    data["plague"] = "Anglia"
    s = game.state_from_json(data)
    supply = len(s.supply)
    s.apply(MovePlague("Gallia", None))
    assert any(e.kind == "spread_blocked" for e in s.events) and s.step == "reveal"
    assert len(s.supply) == supply and s.ending is None


def test_supply_running_out_ends_the_game_after_the_turn_and_final_round(scenario):
    game, s = scenario("gallia_plague")
    data = s.to_json()
    keep = data["supply"][:1]
    move_tokens(data, data["supply"][1:], "removed")
    assert data["supply"] == keep
    s = game.state_from_json(data)
    s.apply(MovePlague("Gallia", None))
    s.apply(Spread("Hispania"))
    s.apply(s.legal_actions()[0])
    assert s.ending == "supply" and any(e.kind == "spread_supply_empty" for e in s.events)
    while s.step == "reveal":
        s.apply(Reveal(0))
    # final round: counter-clockwise from the player to Red's right: Blue, Green, Yellow
    assert s.final_round and s.final_queue == [3, 2, 1] and s.active == 3
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(TakeClass("knight"))
    assert err.value.rule == "end.final_round"
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(Place("Italia", False))
    assert err.value.rule == "end.final_round"
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(MovePlague("Germania", None))
    assert err.value.rule == "end.final_round"
    order = []
    while not s.is_terminal():
        order.append(s.active)
        s.apply(END_TURN if END_TURN in s.legal_actions() else s.legal_actions()[0])
    assert order[0] == 3 and set(order) <= {3, 2, 1}
    assert all(not r for r in s.rats) and s.events[-1].kind in ("winner", "winner_tie")
    assert s.returns()[s.winner()] == 1.0 and sum(s.returns()) == 1.0


def test_final_round_peasant_and_knight(scenario):
    game, s = scenario("gallia_plague")
    data = s.to_json()
    data.update(final_round=True, final_queue=[3, 2, 1], last_player=0, active=3, ending="supply",
                took_class=False, placed=False)
    data["classes"].update(peasant=3, knight=3, king=None, monk=None, witch=None, merchant=None)
    s = game.state_from_json(data)
    acts = s.legal_actions()
    assert PeasantCube("Italia") in acts and END_TURN in acts
    assert all(a.via is not None for a in acts if isinstance(a, MovePlague))
    s.apply(PeasantCube("Gallia"))
    s.apply(MovePlague("Russia", "Polonia"))
    assert s.final_neutral and s.name(s.plague) == "Russia"
    # Blue has no power left, Green and Yellow hold no card: they pass by themselves, then the final plague
    assert s.is_terminal() and [e.kind for e in s.events].count("final_pass") == 3
    russia = [e for e in s.events if e.kind in ("contamination", "no_effect") and e.params["region"] == "Russia"]
    others = [e for e in s.events if e.kind in ("contamination", "no_effect") and e.params["region"] != "Russia"]
    assert russia and all(e.params["neutral"] == 2 for e in russia)
    assert others and all(e.params["neutral"] == 0 for e in others)


def test_last_cube_placed_ends_the_game(scenario):
    game, s = scenario("placement")
    data = s.to_json()
    data["regions"]["Hungaria"]["cubes"][0] = 17  # Red: 2 + 17 + 0 = 19 on the board, 1 left
    s = game.state_from_json(data)
    s.apply(Place("Gallia", False))
    assert s.cubes[s.region_index("Gallia")][0] == 3 and s.reserve[0] == 0 and s.ending == "cubes"


def test_tie_break_goes_to_who_would_have_played_first():
    assert winner([5, 7, 7, 3], last_player=2) == 1
    assert winner([5, 7, 7, 3], last_player=0) == 1
    assert winner([5, 7, 7, 3], last_player=1) == 2
    assert winner([7, 7], last_player=0) == 1


def test_illegal_actions_name_the_rule_and_leave_the_state_unchanged(scenario):
    game, s = scenario("placement")
    cases = [
        (MovePlague("Polonia", None), "plague.move"),          # staying put
        (MovePlague("Gallia", None), "plague.move"),           # not a neighbour
        (MovePlague("Scandia", "Germania"), "class.knight"),   # no Knight card
        (Place("Italia", False), "turn.place"),                # no rats, no Peasant
        (Place("Italia", True), "class.peasant"),
        (KingToCastle("Italia"), "class.king"),
        (WitchPeek("Gallia", 0), "class.witch"),
        (MerchantMove("Gallia", "Hispania", 1), "class.merchant"),
        (PeasantCube("Italia"), "class.peasant"),
        (Spread("Gallia"), "plague.spread"),
        (Reveal(0), "plague.reveal"),
        (KnightNeutral(True), "class.knight"),
        (SetupPlace("Gallia"), "setup.place"),
        (WitchStop(), "class.witch"),
        (WitchSwap(True), "class.witch"),
        (DrawToken("R01"), "engine.chance_node"),
        (TakeClass("dragon"), "turn.take_class"),
        (MovePlague("Atlantis", None), "plague.move"),
    ]
    for action, rule in cases:
        before = s.to_json()
        with pytest.raises(rl.IllegalActionError) as err:
            s.apply(action)
        assert err.value.rule == rule, (action, err.value)
        assert s.to_json() == before


def test_power_used_twice_or_after_the_plague(scenario):
    game, s = scenario("placement")
    data = s.to_json()
    data["classes"]["merchant"] = 0
    data["classes"]["knight"] = 0
    s = game.state_from_json(data)
    s.apply(MerchantMove("Gallia", "Hispania", 1))
    before = s.to_json()
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(MerchantMove("Hispania", "Gallia", 1))
    assert err.value.rule == "class.once_per_turn" and s.to_json() == before
    s.apply(MovePlague("Germania", None))
    while s.step in ("spread", "draw"):
        s.apply(s.legal_actions()[0])
    if s.step == "neutral":
        s.apply(NEUTRAL_NO)
    if s.step in ("reveal", "after"):
        before = s.to_json()
        with pytest.raises(rl.IllegalActionError) as err:
            s.apply(MerchantMove("Hispania", "Gallia", 1))
        assert err.value.rule == "class.before_plague" and s.to_json() == before


def _universe(state):
    """Every action the board could ever offer, plus a few out-of-range ones."""
    comp = state.comp
    t = comp.actions
    acts = list(t.setup_place) + t.place + t.place_peasant + t.king + t.peasant_cube + t.spread
    acts += [a for moves in t.monk for _, lst in moves for a in lst]
    acts += [a for moves in t.merchant for _, lst in moves for a in lst]
    acts += [a for row in t.witch_peek for a in row] + [a for row in t.move1 for a in row]
    acts += [a for row in t.move2 for a in row] + [TakeClass(c) for c in ("king", "monk", "knight", "peasant",
                                                                          "merchant", "witch")]
    acts += [Reveal(i) for i in range(4)] + [END_TURN, WitchStop(), WitchSwap(True), WitchSwap(False),
                                             KnightNeutral(True), KnightNeutral(False), MonkMove("Gallia", 5, "Italia")]
    return acts


@pytest.mark.parametrize("players", [2, 3, 4])
def test_legal_actions_match_the_checks(players):
    rng = random.Random(players)
    for seed in range(6):
        s = rl.load_game("rattus", players=players, seed=seed).new_state()
        universe = _universe(s)
        steps = 0
        while not s.is_terminal():
            if steps % 3 == 0 and s.current_player >= 0:
                legal = set(s.legal_actions())
                assert len(legal) == len(s.legal_actions())
                for a in universe:
                    assert s.is_legal(a) == (a in legal), (a, s.step)
            random_step(s, rng)
            steps += 1


def test_action_json_round_trip_and_readable_text():
    s = rl.load_game("rattus", players=4, seed=1).new_state()
    game = rl.load_game("rattus", players=4, seed=1)
    for a in _universe(s) + [DrawToken("R07")]:
        assert game.action_from_json(a.to_json()) == a
        assert str(a)[0].isupper()
    assert str(MovePlague("Gallia", None)) == "Move the plague to Gallia"
    with pytest.raises(rl.InvalidPositionError) as err:
        game.action_from_json({"kind": "move_plague", "to": 3, "via": None})
    assert err.value.field == "action.to"
