"""A seeded game played in one language: the texts a player reads along the way (menus, events, the position),
one refusal, and the final position's JSON (which must not depend on the language)."""
from __future__ import annotations

import json
import random
from typing import Any, Callable

import pytest

from ratgames_lab.core.errors import IllegalActionError
from ratgames_lab.core.i18n import use_language


def play_in(lang: str, new_state: Callable[[], Any], *, steps: int, seed: int, refused: Callable[[Any], Any],
            menu: Callable[[Any, Any], str] = lambda s, a: str(a),
            event: Callable[[Any, Any], str] = lambda s, e: e.text(), position: Callable[[Any], str] = lambda s: s.describe(), menu_size: int = 6,
            refuse_from: int = 20) -> tuple[list[str], str, str]:
    """(texts, the refusal's message, the final JSON) of a random seeded game; ``refused(state)`` is an action the
    first decision from step ``refuse_from`` on refuses."""
    with use_language(lang):
        state = new_state()
        rng = random.Random(seed)
        texts, refusal = [], ""
        for step in range(steps):
            if state.is_terminal():
                break
            if step >= refuse_from and not refusal and state.current_player >= 0:
                with pytest.raises(IllegalActionError) as error:
                    state.apply(refused(state))
                refusal = str(error.value)
            actions = state.legal_actions()
            texts += [menu(state, a) for a in actions[:menu_size]]
            before = len(state.events)
            state.apply(rng.choice(actions))
            texts += [event(state, e) for e in state.events[before:]]
        texts.append(position(state))
        return texts, refusal, json.dumps(state.to_json(), sort_keys=True)
