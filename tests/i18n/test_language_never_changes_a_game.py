"""Switching language never changes a game: the same seed and the same choices give the same position JSON, the
same events and the same bots' decisions in French as in English, while every text is produced along the way."""
from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from ratgames_lab import GAMES, load_game
from ratgames_lab.core.bots import choose_for_seat, view_rng
from ratgames_lab.core.i18n import use_language
from ratgames_lab.core.simulate import make_bots

STEPS = 80  # decisions and chance events per game: enough to reach the texts of a full round


def _play(name: str, options: dict, lang: str) -> tuple[str, list]:
    with use_language(lang):
        game = load_game(name, seed=3, **options)
        state = game.new_state()
        rng = random.Random(5)
        views = view_rng(rng)
        default = "heuristic" if "heuristic" in GAMES[name].bots() else "random"
        bots = make_bots(name, [default] * state.players)
        texts, kinds = [], []
        for _step in range(STEPS):
            if state.is_terminal():
                break
            player = state.current_player
            if state.is_chance_node():
                action = state.sample_chance(rng)
            else:
                action = choose_for_seat(bots[player], state, rng, views)
                texts += [str(a) for a in state.legal_actions()[:5]]  # the menu, as a human would see it
                texts.append(state.describe() or "")
            before = state.event_count
            state.apply(action)
            for event in state.events_since(before):
                texts.append(event.text())
                data = {k: v for k, v in event.to_json().items() if k != "text"}  # the text is the translated part
                kinds.append(json.dumps(data, sort_keys=True))
        assert all(isinstance(t, str) for t in texts)
        return json.dumps(state.to_json(), sort_keys=True), kinds


@pytest.mark.parametrize("name, options", [
    pytest.param(name, options, id=f"{name}-{label}" if label else name)
    for name in sorted(GAMES) for label, options in GAMES[name].configurations()])
def test_the_same_seed_and_choices_give_the_same_game_in_french_and_english(name, options):
    assert _play(name, options, "fr") == _play(name, options, "en")


def test_a_process_that_starts_in_french_plays_the_same_games():
    """Components and their caches built while French is the language (a French class's first game) give the same
    games as those built in English: nothing language-dependent is stored in a state or an event."""
    def games_of_a_process(lang: str) -> list:
        code = ("import json, sys; sys.path.insert(0, 'tests/i18n'); "
                "from test_language_never_changes_a_game import GAMES, _play; "
                f"print(json.dumps([_play(n, o, {lang!r}) for n in sorted(GAMES) "
                "for _l, o in GAMES[n].configurations()[:1]]))")
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             cwd=Path(__file__).resolve().parents[2]).stdout
        return json.loads(out)

    french, english = games_of_a_process("fr"), games_of_a_process("en")
    assert len(french) == len(english) >= 5
    for fr, en in zip(french, english):
        assert fr == en
