"""Rattus Cartus in French: a seeded game's menu entries, event lines and a refusal use the rulebook's names
(Épée, Laissez-passer, Soutien des nonnes, action privilège...), no English word of the table is left, and the
language never changes the game."""
from __future__ import annotations

import re

from ratgames_lab.rattus_cartus import Game
from ratgames_lab.rattus_cartus.actions import Look
from ratgames_lab.rattus_cartus.text_board import action_text, event_text, state_text

from .french_games import play_in

ENGLISH = re.compile(r"\b(?:the|and|of|to|for|with|card|cards|building|round|player|players|Sword|Flute|Pass|Gold|"
                     r"Knight|Witch|King|Monk|Peasant|Merchant|Red|Blue|Green|Yellow|Purple|Draw|Enter|Place|Choose|"
                     r"Use|Decline|nuns?|privilege|support|Farm|Market|Monastery|Castle|Palace)\b")


def _play(lang: str) -> tuple[list[str], str, str]:
    return play_in(lang, lambda: Game(players=4, seed=1).new_state(), steps=400, seed=1, refused=lambda s: Look(0),
                   menu=action_text, event=event_text, position=lambda s: state_text(s, 0), refuse_from=40)


def test_a_french_game_speaks_the_rulebook_names_and_plays_the_same_game():
    french, refusal, french_json = _play("fr")
    english, english_refusal, english_json = _play("en")
    assert french_json == english_json
    text = "\n".join(french)
    for word in ("Soutien des nonnes", "action privilège", "Paysannerie", "nonnes)", "Entrer dans le bâtiment",
                 "Rouge", "La Peste", "Fin du tour"):
        assert word in text, word
    leftover = [line for text in french for line in text.split("\n") if ENGLISH.search(line)]
    assert not leftover, leftover[:3]
    assert " must now " in english_refusal
    assert " doit maintenant " in refusal and not ENGLISH.search(refusal.split(" [rule:")[0]), refusal
