"""A student's bot, written in a notebook cell and registered by name, sits at a dashboard seat and plays there
from its seat's view; a failing one is named in the dashboard's message."""
from __future__ import annotations

import pytest

import ratgames_lab as rl
from ratgames_lab.core.student_bots import unregister_bot
from ratgames_lab.widgets.horlogerie import HorlogerieDashboard


@pytest.fixture
def registered():
    names = []

    def add(name, spec):
        rl.register_bot("horlogerie", name, spec)
        names.append(name)

    yield add
    for name in names:
        unregister_bot("horlogerie", name)


def test_a_registered_student_bot_plays_a_dashboard_seat(registered):
    calls = []

    def cautious(view, legal_actions, rng):
        calls.append(view.current_player)
        stops = [a for a in legal_actions if a.kind == "stop"]
        return stops[0] if stops else legal_actions[0]

    registered("cautious", cautious)
    dash = HorlogerieDashboard(players=3, seed=4, seats=["human", "cautious", "random"], bot_delay=0)
    assert "cautious" in dash.setup.seats()
    for _ in range(400):
        if dash.state.is_terminal() or (1 in calls and dash.state.current_player == 0):
            break
        if dash.state.current_player == 0:
            assert dash.click(dash.state.legal_actions()[0]) is not False
        else:
            dash.step()
    assert calls and set(calls) == {1}, "the student's bot moved, for its own seat only"


def test_registering_refuses_a_shipped_name_and_a_non_bot(registered):
    with pytest.raises(ValueError, match="shipped bot"):
        rl.register_bot("horlogerie", "heuristic", lambda view, legal, rng: legal[0])
    with pytest.raises(ValueError, match="no choose function"):
        rl.register_bot("horlogerie", "broken", 42)
    assert "broken" not in rl.GAMES["horlogerie"].bots()
