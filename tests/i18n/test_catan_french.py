"""Catan in French: a seeded game's menu entries, event lines and a refusal use the French table names (colonie,
route, argile...), no English word of the table is left, and the language never changes the game."""
from __future__ import annotations

import re

from ratgames_lab.catan import Game
from ratgames_lab.catan.actions import BuildSettlement
from ratgames_lab.catan.combined.knights import HireKnight
from ratgames_lab.catan.text_board import action_text, event_text, state_text

from .french_games import play_in

ENGLISH = re.compile(r"\b(?:settlement|city|road|robber|brick|lumber|wool|grain|ore|harbour|Player|Build|"
                     r"Roll|dice|turn|development|Knight|offer|Trade|the|and|between|spot|edge|tile|intersection)\b")


def _play(lang: str) -> tuple[list[str], str, str]:
    return play_in(lang, lambda: Game(players=4, seed=5).new_state(), steps=120, seed=1, menu=action_text,
                   event=event_text, position=lambda s: state_text(s, 0), menu_size=3, refuse_from=100,
                   refused=lambda s: BuildSettlement(s.to_json()["intersections"]["owner"].index(0)))


def test_a_french_game_speaks_the_table_names_and_plays_the_same_game():
    french, refusal, french_json = _play("fr")
    english, english_refusal, english_json = _play("en")
    assert french_json == english_json
    text = "\n".join(french)
    for word in ("colonie", "route", "Lancer les dés", "Joueur 1", "l'emplacement (", "argile", "minerai", "port"):
        assert word in text, word
    leftover = [line for line in french if ENGLISH.search(line.replace("phase main", "").replace("phase roll", ""))]
    assert not leftover, leftover[:3]
    assert english_refusal.startswith("intersection 0 is already occupied")
    assert refusal.startswith("l'intersection 0 est déjà occupée")
    assert "Build a settlement on the spot (" in "\n".join(english)


def _play_combined(lang: str) -> tuple[list[str], str, str]:
    return play_in(lang, lambda: Game(players=4, seed=2, variant="combined").new_state(), steps=150, seed=2,
                   menu=action_text, event=event_text, position=lambda s: state_text(s, 0), menu_size=4,
                   refuse_from=140, refused=lambda s: HireKnight(0))


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
    assert english_refusal.startswith("a knight costs 1 wool + 1 ore")
    assert refusal.startswith("un chevalier coûte 1 laine + 1 minerai")
