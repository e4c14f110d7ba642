"""Students' bots get what the shipped bots get, and no more: in a tournament game, a student's function is shown
a determinized copy for its own seat (never the state itself) that looks to that seat exactly like the real game,
and in a game with hidden information the rest is resampled; in every registered game and variant."""
from __future__ import annotations

import json

import ratgames_lab as rl
import ratgames_lab.core.student_bots as student_bots
from ratgames_lab.core.tournament import play_one

CHECKED = 80  # decisions checked per game


def test_a_student_bot_sees_only_its_seats_view(game_variant, monkeypatch):
    game_name, options = game_variant
    players = rl.GAMES[game_name].players[0]
    pairs = []  # (real state's JSON and its observation for the seat, the view's)
    real_view = student_bots.seat_view

    def watched(state, rng):
        view = real_view(state, rng)
        seat = state.current_player
        assert view is not state
        pairs.append((json.dumps(state.to_json(), sort_keys=True), state.observation(seat),
                      json.dumps(view.to_json(), sort_keys=True), view.observation(seat)))
        return view

    monkeypatch.setattr(student_bots, "seat_view", watched)

    def student(view, legal_actions, rng):
        if len(pairs) >= CHECKED:
            raise RuntimeError("checked enough")  # ends the game (a forfeit) to keep the suite fast
        return legal_actions[rng.randrange(len(legal_actions))]

    record = play_one(game_name, players, options, [student] * players, 0, 3, None)
    assert not record.forfeit or record.forfeit.endswith("raised RuntimeError: checked enough")
    assert pairs
    assert all(real_obs == view_obs for _, real_obs, _, view_obs in pairs), "the view looks like the real game"
    if rl.GAMES[game_name].information == "hidden":
        assert any(real != view for real, _, view, _ in pairs), "hidden information is resampled"
