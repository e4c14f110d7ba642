"""Catan in French: a seeded game's menu entries, event lines and a refusal use the French table names (colonie,
route, argile...), no English word of the table is left, and the language never changes the game."""
from __future__ import annotations

import json
import random
import re

import pytest

from ratgames_lab.catan import Game
from ratgames_lab.catan.actions import BuildSettlement
from ratgames_lab.catan.combined.knights import HireKnight
from ratgames_lab.catan.text_board import action_text, event_text, state_text
from ratgames_lab.core.errors import IllegalActionError
from ratgames_lab.core.i18n import use_language

ENGLISH = re.compile(r"\b(?:settlement|city|road|robber|brick|lumber|wool|grain|ore|harbour|Player|Build|"
                     r"Roll|dice|turn|development|Knight|offer|Trade|the|and|between|spot|edge|tile|intersection)\b")


def _play(lang: str, steps: int = 120) -> tuple[list[str], str, str]:
    with use_language(lang):
        state = Game(players=4, seed=5).new_state()
        rng = random.Random(1)
        texts = []
        for _ in range(steps):
            actions = state.legal_actions()
            texts += [action_text(state, a) for a in actions[:3]]
            before = len(state.events)
            state.apply(rng.choice(actions))
            texts += [event_text(state, e) for e in state.events[before:]]
        texts.append(state_text(state, 0))
        occupied = next(n for n, owner in enumerate(state.to_json()["intersections"]["owner"]) if owner is not None)
        with pytest.raises(IllegalActionError) as refused:
            state.apply(BuildSettlement(occupied))
        return texts, str(refused.value), json.dumps(state.to_json(), sort_keys=True)


def test_a_french_game_speaks_the_table_names_and_plays_the_same_game():
    french, refusal, french_json = _play("fr")
    english, english_refusal, english_json = _play("en")
    assert french_json == english_json
    text = "\n".join(french)
    for word in ("colonie", "route", "Lancer les dés", "Joueur 1", "l'emplacement (", "argile", "minerai", "port"):
        assert word in text, word
    leftover = [line for line in french if ENGLISH.search(line.replace("phase main", "").replace("phase roll", ""))]
    assert not leftover, leftover[:3]
    assert english_refusal.startswith("Building a settlement is not possible now")
    assert refusal.startswith("Construire une colonie : impossible maintenant")
    assert "Build a settlement on the spot (" in "\n".join(english)


def _play_combined(lang: str, steps: int = 150) -> tuple[list[str], str, str]:
    with use_language(lang):
        state = Game(players=4, seed=2, variant="combined").new_state()
        rng = random.Random(2)
        texts = []
        for _ in range(steps):
            actions = state.legal_actions()
            texts += [action_text(state, a) for a in actions[:4]]
            before = len(state.events)
            state.apply(rng.choice(actions))
            texts += [event_text(state, e) for e in state.events[before:]]
        texts.append(state_text(state, 0))
        with pytest.raises(IllegalActionError) as refused:
            state.apply(HireKnight(0))
        return texts, str(refused.value), json.dumps(state.to_json(), sort_keys=True)


def test_the_combined_variant_in_french_uses_the_seed_and_edition_names():
    french, refusal, french_json = _play_combined("fr")
    english, english_refusal, english_json = _play_combined("en")
    assert french_json == english_json
    text = "\n".join(french)
    for word in ("colonie", "ville", "bateau", "barbares", "dé évènement", "Vieille Botte", "chevalier"):
        assert word in text, word
    leftover = [line for text in french for line in text.split("\n")
                if ENGLISH.search(re.sub(r"phase \w+", "", line))]
    assert not leftover, leftover[:3]
    assert english_refusal.startswith("hiring a knight is not possible now")
    assert refusal.startswith("recruter un chevalier : impossible maintenant")
