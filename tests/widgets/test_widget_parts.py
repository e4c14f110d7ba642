"""The game-agnostic widget parts on their own (no dashboard)."""
from __future__ import annotations

from fractions import Fraction

from ratgames_lab import InvalidPositionError
from ratgames_lab.core.protocol import Event
from ratgames_lab.widgets.common import DecisionPanel, EventLog, HistoryControls, OddsPanel, PositionIO, SeatSetup
from ratgames_lab.widgets.common import widget_texts


class _Act:
    def __init__(self, kind: str, label: str):
        self.kind, self.label = kind, label

    def __str__(self) -> str:
        return self.label


def test_decision_panel_groups_by_kind_and_reports_the_token():
    chosen = []
    panel = DecisionPanel(lambda a, t: chosen.append((a, t)), {"move": "Move a piece"})
    actions = [_Act("move", "Move to A"), _Act("pass", "Pass"), _Act("move", "Move to B")]
    panel.show(actions, token=41, title="Your move")
    assert [b.description for b in panel.buttons] == ["Move to A", "Move to B", "Pass"]
    titles = [box.children[0].value for box in panel.body.children]
    assert "Move a piece" in titles[0] and "Pass" in titles[1]
    panel.button_for(actions[2]).click()
    assert chosen == [(actions[2], 41)]
    old = panel.buttons[0]
    panel.show(actions[:1], token=42)
    old.click()  # an old button still reports its own (now stale) token
    assert chosen[-1] == (actions[0], 41)
    panel.clear("Game over", "nothing to do")
    assert panel.buttons == [] and "nothing to do" in "".join(widget_texts(panel.widget))


def test_decision_panel_closes_replaced_buttons_only_once_the_browser_has_had_time_to_draw():
    """A button replaced now keeps its model open (the browser may still be drawing its old box); at the first
    refresh ``retire_seconds`` later it is closed, so a long game does not pile up widgets."""
    now = [0.0]
    panel = DecisionPanel(lambda a, t: None, retire_seconds=30, clock=lambda: now[0])
    panel.show([_Act("move", "A")], token=1)
    first = panel.buttons[0]
    now[0] = 5.0
    panel.show([_Act("move", "B")], token=2)
    second = panel.buttons[0]
    now[0] = 20.0
    panel.show([_Act("move", "C")], token=3)
    assert first.comm is not None and second.comm is not None
    now[0] = 36.0  # the batch retired at 5 s is 31 s old, the one retired at 20 s is not yet due
    panel.show([_Act("move", "D")], token=4)
    assert first.comm is None and second.comm is not None


def test_event_log_is_newest_first_with_rules_and_highlights():
    events = [Event("demo", "a", {}, "setup"), Event("demo", "b", {}, "rules.trio"), Event("demo", "c", {}, "x.y")]
    log = EventLog(heading_kinds={"a"})
    log.show(events, new_from=2)
    html = log.widget.value
    assert html.index("c: {}") < html.index("b: {}") < html.index("a: {}")
    assert html.count("rg-new") == 1 and 'rg-new" data-index="2"' in html
    assert "rule: rules.trio" in html and 'class="rg-head"' in html


def test_odds_panel_bars_and_exact_table():
    panel = OddsPanel()
    panel.show("Chances", ["red 7", "blue 2"], {"Trio": [Fraction(1, 3), Fraction(0)],
                                                 "Only One": [Fraction(3, 8), Fraction(1)]})
    assert list(panel.bars.x) == ["red 7", "blue 2"]
    assert [list(r) for r in panel.bars.y] == [[1 / 3, 0.0], [0.375, 1.0]]
    assert list(panel.bars.labels) == ["Trio", "Only One"]
    assert "33.3%" in panel.table.value and "1/3" in panel.table.value and "3/8" in panel.table.value
    assert "Only One" in panel.legend.value
    panel.clear("not your turn")
    assert list(panel.bars.x) == [] and "not your turn" in panel.note.value


def test_history_controls_reflect_the_match_and_navigate():
    calls = []
    h = HistoryControls(lambda kind, i: calls.append((kind, i)))
    h.show(cursor=3, length=5, can_undo=True, can_redo=True)
    assert h.slider.max == 5 and h.slider.value == 3 and calls == []  # showing does not navigate
    assert "viewing the past" in h.label.value
    h.undo.click()
    h.forward.click()
    h.slider.value = 1
    assert calls == [("undo", None), ("forward", None), ("goto", 1)]
    h.show(cursor=0, length=0, can_undo=False, can_redo=False)
    assert h.undo.disabled and h.redo.disabled and h.back.disabled and h.forward.disabled


def test_position_io_names_the_bad_field(tmp_path):
    installed = []

    def load(data):
        if "hands" not in data:
            raise InvalidPositionError("missing", "hands")
        installed.append(data)
        return "ok"

    io = PositionIO(lambda: {"hands": [1]}, load)
    path = tmp_path / "p.json"
    assert io.save(str(path)) == path and path.exists() and "data:application/json" in io.link.value
    assert io.load_path(str(path)) is True and installed == [{"hands": [1]}]
    assert io.load_bytes(b'{"x": 1}', "x.json") is False
    assert io.error.field == "hands" and "“hands”" in io.message.value and len(installed) == 1
    assert io.load_path(str(tmp_path / "missing.json")) is False and "Could not read" in io.message.value


def test_seat_setup_reports_seat_changes_and_new_game():
    seats_seen, games = [], []
    setup = SeatSetup(["random", "heuristic"], 3, (3, 4, 5), ["human", "random", "random"], 7,
                      lambda s, n: f"Player {s + 1}", seats_seen.append,
                      lambda n, seed, seats: games.append((n, seed, seats)))
    setup.seat_box.children[1].value = "heuristic"
    assert seats_seen == [["human", "heuristic", "random"]]
    setup.players.value = 4
    assert setup.seats() == ["human", "heuristic", "random", "heuristic"] and len(seats_seen) == 1
    setup.seed.value = 12
    setup.new_game.click()
    assert games == [(4, 12, ["human", "heuristic", "random", "heuristic"])]
