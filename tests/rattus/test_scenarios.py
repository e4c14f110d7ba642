"""The rulebook's worked examples, replayed from the shipped JSON positions."""
from __future__ import annotations

import pytest

import ratgames_lab as rl
from ratgames_lab.rattus.actions import (DrawToken, KnightNeutral, MovePlague, Place, Reveal, Spread)


def region(state, name):
    return state.to_json()["regions"][name]


def test_placement_gallia_germania_italia(scenario):
    game, s = scenario("placement")
    places = {a.region for a in s.legal_actions() if isinstance(a, Place)}
    assert {"Gallia", "Germania"} <= places and "Italia" not in places
    before = s.to_json()
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(Place("Italia", False))
    assert err.value.rule == "turn.place" and s.to_json() == before
    trial = s.clone()
    trial.apply(Place("Gallia", False))
    assert region(trial, "Gallia")["cubes"][0] == before["regions"]["Gallia"]["cubes"][0] + 3
    s.apply(Place("Germania", False))
    assert region(s, "Germania")["cubes"] == [1, 0, 0, 0]
    assert s.events[-1].rule == "turn.place" and "1 cube in Germania" in s.events[-1].text()
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(Place("Gallia", False))
    assert err.value.rule == "turn.place"


def test_peasant_places_one_extra_cube_even_without_rats(scenario):
    game, s = scenario("placement")
    data = s.to_json()
    data["classes"]["peasant"] = 0
    s = game.state_from_json(data)
    assert Place("Italia", True) in s.legal_actions()
    trial = s.clone()
    trial.apply(Place("Gallia", True))
    assert region(trial, "Gallia")["cubes"][0] == data["regions"]["Gallia"]["cubes"][0] + 4
    s.apply(Place("Italia", True))
    assert region(s, "Italia")["cubes"][0] == 1 and s.used[3]


def test_gallia_plague_example(scenario):
    game, s = scenario("gallia_plague")
    red, yellow, green, blue = range(4)
    assert s.current_player == red and region(s, "Gallia")["cubes"] == [0, 1, 2, 0]
    s.apply(MovePlague("Gallia", None))
    # spread: 3 tokens in Gallia -> 2 new tokens, the active player chooses the neighbour for each
    assert s.step == "spread" and s.spread_left == 2
    assert {a.region for a in s.legal_actions()} == {"Anglia", "Hispania", "Germania", "Italia"}
    s.apply(Spread("Hispania"))
    assert s.current_player == rl.CHANCE
    outcomes = s.chance_outcomes()
    assert sum(p for _, p in outcomes) == 1 and len({p for _, p in outcomes}) == 1
    s.apply(DrawToken("R13"))
    s.apply(Spread("Hispania"))
    s.apply(DrawToken("R14"))
    assert len(region(s, "Hispania")["rats"]) == 3
    # ravage: Red chooses the order; the three tokens are EX1 (1: Merchant, Monk), EX2 (3), EX3 (2: M, Merchant, Monk)
    assert s.step == "reveal" and s.legal_actions() == [Reveal(0), Reveal(1), Reveal(2)]
    s.apply(Reveal(0))
    assert region(s, "Gallia")["cubes"] == [0, 1, 1, 0]  # Green (Merchant) loses one, Blue (Monk) has none there
    assert [e.kind for e in s.events[-3:]] == ["contamination", "cube_lost", "symbol_spared"]
    s.apply(Reveal(0))  # EX2: threshold 3 with 2 cubes -> no effect; EX3 is then revealed automatically
    texts = [e.text() for e in s.events]
    assert any("below the threshold 3: no effect" in t for t in texts)
    assert region(s, "Gallia") == {"rats": [], "cubes": [0, 0, 0, 0]}  # tie for the majority: both lose
    lost = [(e.params["player"], e.params["symbol"]) for e in s.events if e.kind == "cube_lost"]
    assert lost == [("Green", "Merchant"), ("Yellow", "Majority (M)"), ("Green", "Majority (M)")]
    assert s.revealed[-3:] == [game.tokens.index[t] for t in ("EX1", "EX2", "EX3")]
    assert s.active == yellow and s.step == "main"
    assert s.reserve[green] == 20 - sum(c[green] for c in s.cubes) - s.castle[green]


@pytest.mark.parametrize("declare,left", [(True, 0), (False, 2)])
def test_knight_two_regions_and_neutral_cubes(scenario, declare, left):
    game, s = scenario("knight")
    assert s.active == 1 and s.name(s.plague) == "Italia"
    assert MovePlague("Scandia", None) not in s.legal_actions()
    assert MovePlague("Scandia", "Germania") in s.legal_actions()
    s.apply(MovePlague("Scandia", "Germania"))
    assert s.name(s.plague) == "Scandia" and s.used[2]
    while s.step in ("spread", "draw"):
        s.apply(s.legal_actions()[0])
    assert s.step == "neutral"
    s.apply(KnightNeutral(declare))
    if s.step == "reveal":
        s.apply(Reveal(0))
    outcome = [e for e in s.events if e.kind in ("contamination", "no_effect")]
    assert [e.params["threshold"] for e in outcome] == [4, 3]
    assert all(e.kind == ("contamination" if declare else "no_effect") for e in outcome)
    assert region(s, "Scandia")["cubes"][3] == left


def test_knight_may_not_end_where_it_started(scenario):
    game, s = scenario("knight")
    before = s.to_json()
    with pytest.raises(rl.IllegalActionError) as err:
        s.apply(MovePlague("Italia", "Germania"))
    assert err.value.rule == "class.knight" and s.to_json() == before


def test_each_cube_lost_event_counts_the_cubes_left_after_that_loss(scenario):
    """One token can take two cubes from one player (M, then Merchant): the log counts down 1, then 0."""
    game, s = scenario("gallia_plague")
    data = s.to_json()
    data["regions"]["Gallia"]["cubes"] = [0, 0, 3, 0]  # Green alone in Gallia with 3 cubes
    elsewhere = next(r for r, v in data["regions"].items() if r != "Gallia" and v["cubes"][1])
    data["regions"][elsewhere]["cubes"][1] += 1  # Yellow's Gallia cube moves elsewhere; Green's reserve pays one
    s = game.state_from_json(data)
    s.apply(MovePlague("Gallia", None))
    s.apply(Spread("Hispania"))
    s.apply(DrawToken("R13"))
    s.apply(Spread("Hispania"))
    s.apply(DrawToken("R14"))
    s.apply(Reveal(0))  # EX1 (1: Merchant, Monk): Green 3 -> 2
    s.apply(Reveal(0))  # EX2 (3) has no effect with 2 cubes; EX3 (2: M, Merchant, Monk) takes Green's last two
    lost = [(e.params["symbol"], e.params["left"]) for e in s.events if e.kind == "cube_lost"]
    assert lost == [("Merchant", 2), ("Majority (M)", 1), ("Merchant", 0)]
    assert region(s, "Gallia")["cubes"] == [0, 0, 0, 0]
