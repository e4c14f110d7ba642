"""The rulebook's worked example (4 players), with its numbers."""
from __future__ import annotations

from ratgames_lab.rattus_cartus.scenarios import worked_example_start

from .helpers import USE, Enter, GiveCard, Look, PlaceCard, Support, draw_any, reveal, task

RED, YELLOW, GREEN, BLUE = range(4)


def play_example(hand_green: int = 6):
    s = worked_example_start(hand_green)
    reveal(s, "tent-S3", "monastery-S1", "monastery-S2")
    assert [s.comp.buildings.card_ids[b] for b in s.shown] == ["tent-S3", "monastery-S1", "monastery-S2"]
    # B: supports (Red and Blue discard 2 rats, Yellow draws 2 and looks, Green draws 4)
    assert s.current_player == RED
    s.apply(Support(2))
    assert s.rats[RED] == 8
    s.apply(Support(0))
    draw_any(s)
    assert len(s.hands[YELLOW]) == 5
    s.apply(Look(4))
    assert s.looks[YELLOW] == [4]
    s.apply(Support(1))
    draw_any(s)
    assert len(s.hands[GREEN]) == hand_green + 4
    s.apply(Support(2))
    assert s.rats[BLUE] == 8
    # C: visit
    assert task(s) == "visit" and s.current_player == RED
    s.apply(Enter(1, 4))
    for c in ("clergy-01", "nobility-01", "magic-01", "magic-02"):
        s.apply(PlaceCard(c))
    s.apply(Enter(0, 3))
    for c in ("magic-03", "magic-04", "clergy-02"):
        s.apply(PlaceCard(c))
    s.apply(Enter(2, 0))
    s.apply(Enter(2, 1))
    s.apply(PlaceCard("sword"))
    assert s.entrants == [[YELLOW], [RED], [GREEN, BLUE]]
    return s


def test_tent_monastery_1_and_monastery_2():
    s = play_example(hand_green=6)
    magic, clergy = s.comp.cards.class_ids.index("magic"), s.comp.cards.class_ids.index("clergy")
    # D, Tent: Yellow +3 Magic, +1 rat; privilege: look at 2 nun-row cards
    assert s.influence[magic][YELLOW] == 3 and s.rats[YELLOW] == 11
    assert task(s) == "offer" and s.current_player == YELLOW and s.tasks[0][3] == 1
    s.apply(USE)
    s.apply(Look(0))
    assert Look(0) not in s.legal_actions()  # two different positions
    s.apply(Look(1))
    assert s.looks[YELLOW] == [0, 1, 4]
    # D, Monastery 1: Red +4 Clergy, +3 rats (8 -> 11), privilege: discard 2 rats -> 9
    assert s.influence[clergy][RED] == 4 and s.rats[RED] == 11
    assert s.current_player == RED and s.tasks[0][3] == 1
    s.apply(USE)
    assert s.rats[RED] == 9
    # D, Monastery 2: Green 0 cards, Blue a Sword: Green gives floor(10 / 2) = 5 cards to Blue
    assert s.influence[clergy][GREEN] == 0 and s.influence[clergy][BLUE] == 0
    assert s.rats[GREEN] == 10 and s.rats[BLUE] == 8
    assert task(s) == "give" and s.current_player == GREEN and s.tasks[0][3] == 5
    blue_before = len(s.hands[BLUE])
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    assert len(s.hands[GREEN]) == 5 and len(s.hands[BLUE]) == blue_before + 5
    # privilege: Green (0 against 0, entered first) discards 2 rats; Blue's basic action discards 1
    assert s.current_player == GREEN and s.tasks[0][3] == 1
    s.apply(USE)
    assert s.rats[GREEN] == 8
    assert s.current_player == BLUE and s.tasks[0][3] == 0
    s.apply(USE)
    assert s.rats[BLUE] == 7
    # D.3 and E: the Sword returns to its pile, round 2 starts with Yellow first
    assert s.round == 2 and s.first == YELLOW and task(s) == "reveal"
    assert s.piles[1] == 12


def test_sword_gives_half_of_an_odd_hand_rounded_down():
    s = play_example(hand_green=5)  # 9 cards after the support
    s.apply(USE)
    s.apply(Look(2))
    s.apply(Look(3))
    s.apply(USE)
    assert s.observation(s.current_player)["task"][:4] == ["give", GREEN, BLUE, 4]
    s.apply(GiveCard(s.comp.card_names[s.hands[GREEN][0]]))
    assert s.tasks[0][3] == 3


def test_shipped_position_is_the_worked_example_and_loads():
    import json
    from pathlib import Path

    from ratgames_lab.core.position import load_position
    from ratgames_lab.rattus_cartus.scenarios import worked_example_visit
    path = Path(__file__).parents[2] / "ratgames_lab" / "rattus_cartus" / "positions" / "worked_example.json"
    game, state = load_position(path)
    assert game.name == "rattus_cartus" and json.loads(path.read_text())["description"].startswith("Rulebook")
    built = worked_example_visit()
    assert state.to_json() == built.to_json()
    assert state.current_player == RED and state.observation(RED)["task"] == ["visit", RED]
    assert state.rats == [8, 10, 10, 8] and [len(h) for h in state.hands] == [4, 5, 10, 1]


def test_bots_play_on_from_the_shipped_position():
    """Cards put back in the deck while building the example are not 'seen' any more: determinize always finds
    a consistent world (it once ran out of hidden slots for cards a player had seen and lost track of)."""
    import random
    from pathlib import Path

    from ratgames_lab.core.playout import play_to_end
    from ratgames_lab.core.position import load_position
    from ratgames_lab.rattus_cartus import HeuristicBot
    path = Path(__file__).parents[2] / "ratgames_lab" / "rattus_cartus" / "positions" / "worked_example.json"
    _game, state = load_position(path)
    for seed in range(12):
        end = state.clone()
        play_to_end(end, [HeuristicBot() for _ in range(4)], random.Random(seed))
        assert end.is_terminal()
