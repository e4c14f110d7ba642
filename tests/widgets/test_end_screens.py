"""End screens agree with the result: Rattus Cartus reveals its whole nun row and its gauge stops giving a chance
to survive once the game is over; the winner banner waits for the end of the final playback."""
from __future__ import annotations

from ratgames_lab.widgets.rattus_cartus import RattusCartusDashboard


def _finished(**kwargs) -> RattusCartusDashboard:
    d = RattusCartusDashboard(players=3, seed=5, seats=["human", "heuristic", "heuristic"], bot_delay=0, **kwargs)
    while not d.state.is_terminal():
        d.decision.buttons[0].click()
    return d


def test_rattus_cartus_end_reveals_the_nun_row_and_the_gauge_says_no_chance():
    d = _finished()
    assert "?" not in d.nun_view.value.replace("title=", "")  # every nun-row card face up
    assert d.gauge.value is None and "game is over" in d.gauge.title.value
    assert "chance to survive" not in d.gauge.title.value
    assert "Game over" in d.banner.value


def test_the_winner_banner_waits_for_the_final_playback():
    d = _finished()
    d.playback.start([len(d.state.events) - 1], len(d.state.events))  # the last events not shown yet
    d.refresh()
    assert "Game over" not in d.banner.value and "step by step" in d.banner.value
    d.playback.stop()
    d.refresh()
    assert "Game over" in d.banner.value


def test_horlogerie_hides_its_bars_when_nobody_is_drawing_and_shows_them_during_a_draw():
    from ratgames_lab.widgets.horlogerie import HorlogerieDashboard

    d = HorlogerieDashboard(players=3, seed=4, seats=["threshold"] * 3, bot_delay=0, auto=False)
    seen_drawing = False
    while not d.state.is_terminal():
        d.step()
        drawing = d.gauge.odds is not None
        seen_drawing |= drawing
        assert (d.gauge.figure in d.gauge.widget.children[0].children) == drawing  # no 0.0% bars read as odds
    assert seen_drawing and d.gauge.figure not in d.gauge.widget.children[0].children
    assert "0.0%" not in d.gauge.numbers.value


def test_rattus_cartus_strip_counts_vp_tokens_during_the_game_and_the_final_score_at_the_end():
    d = RattusCartusDashboard(players=3, seed=5, seats=["human", "heuristic", "heuristic"], bot_delay=0)
    assert "VP token" in d.seats_view.value and "rc-final-vp" not in d.seats_view.value
    d = _finished()
    for total in d.state.scores():
        assert f'<span class="rc-final-vp" title="final score: see the table below"><b>{total}</b> VP' in \
            d.seats_view.value
